// Hostile values through the real module: each gets its issue, and the module never aborts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadModule } from './load-module.mjs';

const core = await loadModule();
const numericFields = core
  .catalog()
  .fields.filter((f) => f.type !== 'text')
  .map((f) => f);

const HOSTILE = [
  'NaN',
  'Infinity',
  '-Infinity',
  '-5',
  '0',
  '1e30',
  '2.5',
  'abc',
  '１２',
  '1e309',
  ' ',
];

test('every numeric input rejects hostile text with an issue naming it', () => {
  for (const field of numericFields) {
    for (const text of HOSTILE) {
      const report = core.evaluate({ [field.id]: text });
      const own = report.issues.filter((i) => i.field === field.issueField);
      const acceptable =
        text === ' ' || // blank = automatic
        (text === '2.5' && field.type === 'number' && field.max >= 2.5) ||
        (text === '0' && field.min === 0 && !field.minExclusive);
      if (acceptable) continue;
      if (text === '2.5' && field.type === 'number') continue;
      assert.ok(own.length > 0, `${field.id} = ${JSON.stringify(text)} gave no issue`);
      assert.equal(own[0].severity, 'error');
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
