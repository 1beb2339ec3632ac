// The two catalogs (shared by the page and the CLI) say the same things: the same keys, the same
// {placeholders} in each message, nothing empty, and every key the page names literally exists.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import { loadPageSource } from './load-ts.mjs';

const read = async (name) =>
  JSON.parse(await readFile(new URL(`../../web/src/i18n/${name}`, import.meta.url), 'utf8'));
const en = await read('en.json');
const zh = await read('zh-CN.json');
const placeholders = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

test('English and Chinese have exactly the same keys', () => {
  assert.deepEqual(Object.keys(zh).sort(), Object.keys(en).sort());
});

test('every message has the same placeholders in both languages and none is empty', () => {
  for (const [key, text] of Object.entries(en)) {
    assert.ok(text.trim() && zh[key].trim(), key);
    assert.deepEqual(placeholders(zh[key]), placeholders(text), key);
  }
});

test('every key the page names literally is in the catalogs', async () => {
  const dirs = ['components', 'export', 'embed', 'state', 'i18n', '.'];
  const missing = [];
  let seen = 0;
  for (const dir of dirs) {
    const url = new URL(`../../web/src/${dir}/`, import.meta.url);
    for (const file of await readdir(url)) {
      if (!/\.tsx?$/.test(file)) continue;
      const source = await readFile(new URL(file, url), 'utf8');
      for (const [, key] of source.matchAll(
        /\bt(?:ranslate)?\((?:[a-z.]+, )?'([a-z_]+\.[a-z0-9_.]+)'/g,
      )) {
        seen += 1;
        if (!(key in en)) missing.push(`${dir}/${file}: ${key}`);
      }
    }
  }
  assert.ok(seen > 100, `only ${seen} keys found: the pattern no longer matches the code`);
  assert.deepEqual(missing, []);
});

// Bug: message keys are built from ids that come from links, configs and the core, and were
// looked up with `table[key]` / `key in table`: "constructor" found Object's constructor (and
// the page threw "pattern.replace is not a function"), "toString" counted as a message.
const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];

test('ids named like Object.prototype members are unknown ids, in every lookup', async () => {
  const i18n = await loadPageSource('/src/i18n/i18n.ts');
  const { issueText } = await loadPageSource('/src/i18n/issue-text.ts');
  await i18n.loadCatalog('en');
  await i18n.loadCatalog('zh');
  for (const name of PROTOTYPE_NAMES) {
    for (const key of [name, `choice.recompute.${name}`, `step.${name}`]) {
      assert.equal(i18n.hasMessage(key), false, key);
      assert.equal(i18n.translate('en', key), key, key);
    }
    // A placeholder of that name is filled only from the parameters' own values.
    assert.equal(i18n.fill(`{${name}}`, {}), `{${name}}`);
    assert.equal(i18n.fill(`{${name}}`, { [name]: 'x' }), 'x');
    // An issue code of that name reads as a problem without a message, in words.
    const issue = { code: name, field: 'embed', severity: 'error', params: {} };
    assert.equal(issueText('en', issue), `A problem this page has no message for: “${name}”.`);
    assert.equal(issueText('zh', issue), `本页无此问题的说明：“${name}”。`);
    // A value of that name in a message's parameters is shown as it is.
    const choice = { code: 'unknown_choice', field: 'embed', severity: 'warning' };
    choice.params = { value: name, choices: 'training, memory' };
    assert.equal(
      issueText('en', choice),
      `Embedded panels: “${name}” is not one of training, memory.`,
    );
  }
});

// English counts say "1 GPU", "1 replica", "2 GPUs stay idle" (the serving answer read "1 GPUs"
// and "1 replica(s)"): a message writes {name:one|other} beside {name}, and the page's fill, the
// CLI's (tests/core/cli_messages_test.cpp) and the generators' (scripts/fill-message.mjs) take
// `one` where the value is exactly "1".
const PLURAL = /\{(\w+):([^|{}]*)\|([^{}]*)\}/g;

test('every plural form names a count its message also shows, and no count says (s)', () => {
  for (const [key, text] of Object.entries(en)) {
    // A unit's count stands before it, outside the message ("unit.GPUs": "GPU{n:|s}").
    if (key.startsWith('unit.')) continue;
    for (const [, name] of text.matchAll(PLURAL)) {
      assert.ok(placeholders(text).includes(name), `${key}: {${name}:…} without {${name}}`);
    }
    assert.doesNotMatch(text, /\{\w+\} \w+\(s\)/, key);
  }
  for (const [key, text] of Object.entries(zh)) assert.doesNotMatch(text, PLURAL, key);
});

test('a count of one takes the singular form, on the page and in the generators', async () => {
  const i18n = await loadPageSource('/src/i18n/i18n.ts');
  const { fillMessage } = await import('../../scripts/fill-message.mjs');
  await i18n.loadCatalog('en');
  await i18n.loadCatalog('zh');
  const pattern = '{n} GPU{n:|s} stay{n:s|} idle';
  for (const fill of [i18n.fill, fillMessage]) {
    assert.equal(fill(pattern, { n: 1 }), '1 GPU stays idle');
    assert.equal(fill(pattern, { n: '1' }), '1 GPU stays idle');
    assert.equal(fill(pattern, { n: 2 }), '2 GPUs stay idle');
    assert.equal(fill(pattern, { n: '1,024' }), '1,024 GPUs stay idle');
    // A missing count leaves {n} as it is (any missing parameter does) and takes `other`.
    assert.equal(fill(pattern, {}), '{n} GPUs stay idle');
  }
  assert.equal(
    i18n.translate('en', 'ui.serving_layout', { tp: 1, replicas: 1, total: 1 }),
    'TP 1 × 1 replica = 1 GPU',
  );
  assert.equal(
    i18n.translate('en', 'ui.serving_layout', { tp: 8, replicas: 2, total: 16 }),
    'TP 8 × 2 replicas = 16 GPUs',
  );
  // A unit after its count; a field's unit (no count) is plural.
  assert.equal(i18n.translate('en', 'unit.GPUs', { n: 1 }), 'GPU');
  assert.equal(i18n.translate('en', 'unit.GPUs', { n: 8 }), 'GPUs');
  assert.equal(i18n.translate('en', 'unit.GPUs'), 'GPUs');
  assert.equal(i18n.translate('en', 'unit.GB', { n: 1 }), 'GB');
  assert.equal(i18n.translate('zh', 'unit.GPUs', { n: 1 }), '张');
});
