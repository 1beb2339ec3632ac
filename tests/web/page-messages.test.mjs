// The first catalog a visit loads leaves out the derivation steps that only the full module
// computes (scripts/page-messages.mjs): the page module must then never name one of them, or the
// page would show a raw key. Every step and note the page module emits, over every preset model and
// the memory settings that change which steps appear, must be in the first catalog.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import { loadModule, loadPageModule } from './load-module.mjs';
import { splitCatalog, LAZY_MESSAGES } from '../../scripts/page-messages.mjs';

const root = new URL('../../', import.meta.url);
const page = await loadPageModule();
const full = await loadModule();
const pageWasm = await readFile(new URL('web/src/core/generated/llm_sizer_page.wasm', root));

async function pageSource(dir) {
  let text = '';
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = new URL(entry.name + (entry.isDirectory() ? '/' : ''), dir);
    if (entry.isDirectory()) text += await pageSource(path);
    else if (/\.tsx?$/.test(entry.name)) text += await readFile(path, 'utf8');
  }
  return text;
}
const source = await pageSource(new URL('web/src/', root));
const catalogs = {
  en: JSON.parse(await readFile(new URL('web/src/i18n/en.json', root), 'utf8')),
  zh: JSON.parse(await readFile(new URL('web/src/i18n/zh-CN.json', root), 'utf8')),
};
const split = {
  en: splitCatalog(catalogs.en, { pageSource: source, pageWasm }),
  zh: splitCatalog(catalogs.zh, { pageSource: source, pageWasm }),
};

/** "step.<id>" and "note.<id>" of every derivation step anywhere in a report. */
function stepKeys(value, keys = new Set()) {
  if (Array.isArray(value)) for (const v of value) stepKeys(v, keys);
  else if (value && typeof value === 'object') {
    if (typeof value.id === 'string' && typeof value.formula === 'string') {
      keys.add(`step.${value.id}`);
      if (value.note) keys.add(`note.${value.note}`);
    }
    for (const v of Object.values(value)) stepKeys(v, keys);
  }
  return keys;
}

const VARIANTS = [
  {},
  { recompute: 'none' },
  { recompute: 'full', zero: '3' },
  { framework: 'pytorch', finetune: 'lora', loraRank: '16' },
  { framework: 'pytorch', finetune: 'qlora', optimizer: 'paged-adamw-8bit' },
  { framework: 'deepspeed', zero: '3', offload: 'optimizer-params', activationOffload: '1' },
  { recipe: 'fp8', pp: '4', clusterGpus: '64' },
];

function plans(module) {
  const out = [];
  for (const model of module.catalog().models) {
    for (const variant of VARIANTS)
      out.push({ model: model.id, accelerator: 'h100-80g', ...variant });
  }
  return out;
}

test('every step and note the page module shows is in the first catalog, in both languages', () => {
  const named = new Set();
  for (const texts of plans(page)) for (const key of stepKeys(page.evaluate(texts))) named.add(key);
  assert.ok(named.size > 20, `${named.size} step and note keys`);
  for (const key of named) {
    for (const lang of ['en', 'zh'])
      assert.ok(Object.hasOwn(split[lang].page, key), `${lang}: ${key}`);
  }
});

test('the full module brings the messages of the steps the page leaves to it', () => {
  const named = new Set();
  for (const texts of plans(full)) for (const key of stepKeys(full.evaluate(texts))) named.add(key);
  const later = Object.keys(split.en['virtual:full-messages']);
  assert.ok(
    later.some((key) => named.has(key)),
    'the full module computes some of them',
  );
  for (const key of named) {
    for (const lang of ['en', 'zh']) {
      const { page: first, 'virtual:full-messages': more } = split[lang];
      assert.ok(Object.hasOwn(first, key) || Object.hasOwn(more, key), `${lang}: ${key}`);
    }
  }
});

test('each message goes to exactly one place, and both languages split alike', () => {
  for (const lang of ['en', 'zh']) {
    const parts = Object.values(split[lang]);
    const placed = parts.flatMap((part) => Object.keys(part));
    assert.equal(new Set(placed).size, placed.length, `${lang}: a key in two parts`);
  }
  for (const part of ['page', ...Object.keys(LAZY_MESSAGES)]) {
    assert.deepEqual(Object.keys(split.en[part]).sort(), Object.keys(split.zh[part]).sort(), part);
  }
  assert.ok(Object.keys(split.en['virtual:full-messages']).length > 20);
  assert.ok(Object.keys(split.en['virtual:measured-messages']).length > 5);
});
