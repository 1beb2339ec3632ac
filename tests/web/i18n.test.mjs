// The two catalogs (shared by the page and the CLI) say the same things: the same keys, the same
// {placeholders} in each message, nothing empty, and every key the page names literally exists.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';

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
