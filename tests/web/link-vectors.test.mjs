// The frozen link vectors (tests/fixtures/links/) through the wasm module the page uses: every
// link ever issued opens the same plan, with the same numbers, as it did natively when issued.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { loadModule, readFixture } from './load-module.mjs';

const core = await loadModule();
const names = (await readdir(new URL('../fixtures/links/', import.meta.url)))
  .filter((name) => name.endsWith('.json'))
  .sort();
const camel = (id) => id.replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase());

/** Every member of `expected` is in `actual` with the same value; arrays element by element. */
function assertSubset(actual, expected, path) {
  if (expected !== null && typeof expected === 'object') {
    assert.equal(typeof actual, 'object', `${path} is missing`);
    assert.notEqual(actual, null, `${path} is null`);
    if (Array.isArray(expected)) assert.equal(actual.length, expected.length, `${path} length`);
    for (const [key, value] of Object.entries(expected)) {
      assertSubset(actual[key], value, `${path}.${key}`);
    }
  } else if (typeof expected === 'number') {
    assert.ok(Math.abs(actual - expected) <= Math.abs(expected) * 1e-12, `${path}: ${actual}`);
  } else {
    assert.equal(actual, expected, path);
  }
}

/** A decoded text as the CLI's `open --json` shows it in `plan`: numbers, null when automatic. */
function planValue(text, expected) {
  if (typeof expected === 'string') return text;
  return text === '' ? null : Number(text);
}

test('there are vectors of every kind', () => {
  assert.ok(names.length >= 10, names.join(', '));
});

for (const name of names) {
  test(`link vector ${name}`, async () => {
    const vector = await readFixture(`links/${name}`);
    const { texts, issues } = core.decodeLink(vector.link);
    assert.deepEqual(
      issues.map(({ code, field }) => ({ code, field })),
      vector.link_issues,
    );
    for (const [id, expected] of Object.entries(vector.expect.plan)) {
      assert.ok(camel(id) in texts, `no input ${id}`);
      assertSubset(planValue(texts[camel(id)], expected), expected, `plan.${id}`);
    }
    assertSubset(
      JSON.parse(core.exportJson(texts, 'training')),
      vector.expect.training,
      'training',
    );
    assertSubset(
      JSON.parse(core.exportJson(texts, 'inference')),
      vector.expect.inference,
      'inference',
    );
  });
}
