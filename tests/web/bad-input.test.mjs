// Hostile text typed into numeric inputs, through the real module: each gets an issue naming the
// input, valid values none, and the module never aborts. Expectations come from the input's
// range in the catalog (FieldSpec.min, max, minExclusive, type), not from the validator.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadModule } from './load-module.mjs';

const core = await loadModule();
const numericFields = core.catalog().fields.filter((f) => f.type !== 'text');

/** Texts no numeric input accepts: not numbers, not finite, or outside every range. */
const ALWAYS_REFUSED = ['NaN', 'Infinity', '-Infinity', '-5', '1e30', 'abc', '１２', '1e309'];

const inside = (field, value) =>
  (field.minExclusive ? value > field.min : value >= field.min) && value <= field.max;

// A parameter count alone stands for a custom model (with a preset it must agree with the
// preset's architecture: resolve.hpp).
const planWith = (field, text) =>
  field.issueField === 'params' && text !== ''
    ? { model: 'custom', params: text }
    : { [field.id]: text };
const ownIssues = (field, text) =>
  core.evaluate(planWith(field, text)).issues.filter((i) => i.field === field.issueField);
// A valid value may still be warned about (a deadline without tokens to train): no error.
const ownErrors = (field, text) => ownIssues(field, text).filter((i) => i.severity === 'error');

test('the catalog ranges leave no numeric input that takes a negative number or 1e30', () => {
  for (const field of numericFields) {
    assert.ok(
      !inside(field, -5) && !inside(field, 1e30),
      `${field.id} [${field.min}, ${field.max}]`,
    );
  }
});

test('every numeric input refuses hostile text with an error naming it', () => {
  for (const field of numericFields) {
    for (const text of ALWAYS_REFUSED) {
      const own = ownIssues(field, text);
      assert.ok(own.length > 0, `${field.id} = ${JSON.stringify(text)} gave no issue`);
      assert.equal(own[0].severity, 'error', `${field.id} = ${JSON.stringify(text)}`);
    }
  }
});

test('an empty input is automatic: no issue', () => {
  for (const field of numericFields) assert.deepEqual(ownIssues(field, ''), [], field.id);
});

test('2.5 is valid in a number input whose range holds it, and never in a whole-number input', () => {
  let valid = 0;
  for (const field of numericFields) {
    const errors = ownErrors(field, '2.5');
    if (field.type !== 'number') {
      // Integers and flags: not a whole number, whatever the range.
      assert.equal(errors[0]?.code, 'not_integer', field.id);
    } else if (inside(field, 2.5)) {
      assert.deepEqual(errors, [], `${field.id} refused 2.5 within (${field.min}, ${field.max}]`);
      valid += 1;
    } else {
      assert.ok(errors.length > 0, `${field.id} took 2.5 above its max ${field.max}`);
    }
  }
  assert.ok(valid >= 10, `only ${valid} number inputs hold 2.5: the test no longer tests them`);
});

test('0 is valid exactly where the range holds it', () => {
  for (const field of numericFields) {
    const errors = ownErrors(field, '0');
    if (inside(field, 0)) {
      assert.deepEqual(errors, [], field.id);
    } else {
      assert.ok(errors.length > 0, `${field.id} took 0 outside its range from ${field.min}`);
    }
  }
});

test('the module keeps working after thousands of hostile calls', () => {
  for (let i = 0; i < 2000; i++) {
    core.evaluate({ params: String(-i), pp: 'x'.repeat(i % 100), model: `m${i}` });
    core.decodeLink(`#v=1&pp=${'%'.repeat(i % 7)}`);
  }
  const report = core.evaluate({ pp: '10', clusterGpus: '1000' });
  assert.equal(report.articleTraining.totalGpus, 960);
});

test('non-string values from a caller are tolerated', () => {
  const report = core.evaluate({ pp: 10, dp: null, tp: undefined, model: 42, clusterGpus: {} });
  assert.equal(report.articleTraining.pp, 10);
  assert.equal(report.texts.model, 'gpt3-175b');
  assert.equal(core.evaluate(null).texts.model, 'gpt3-175b');
});
