// The derivation steps only the full module computes bring their messages with that module
// (vite.config.js, the "full" pack chosen by scripts/page-messages.mjs): the page module must then
// never name one of them, or the page would show a raw key before the full module arrives. Every
// step and note the page module emits, over every preset model and the memory settings that
// change which steps appear, must stay in the first catalog.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { loadModule, loadPageModule } from './load-module.mjs';
import { fullModuleOnly } from '../../scripts/page-messages.mjs';

const root = new URL('../../', import.meta.url);
const page = await loadPageModule();
const full = await loadModule();
const pageWasm = await readFile(new URL('web/src/core/generated/llm_sizer_page.wasm', root));
const catalogs = {
  en: JSON.parse(await readFile(new URL('web/src/i18n/en.json', root), 'utf8')),
  zh: JSON.parse(await readFile(new URL('web/src/i18n/zh-CN.json', root), 'utf8')),
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
    for (const variant of VARIANTS) {
      out.push({ model: model.id, accelerator: 'h100-80g', ...variant });
    }
  }
  return out;
}

test('no step or note the page module shows waits for the full module', () => {
  const named = new Set();
  for (const texts of plans(page)) for (const key of stepKeys(page.evaluate(texts))) named.add(key);
  assert.ok(named.size > 20, `${named.size} step and note keys`);
  for (const key of named) {
    assert.equal(fullModuleOnly(key, pageWasm), false, key);
    for (const lang of ['en', 'zh'])
      assert.ok(Object.hasOwn(catalogs[lang], key), `${lang}: ${key}`);
  }
});

test('the memory derivation is left to the full module, and its messages exist', () => {
  const named = new Set();
  for (const texts of plans(full)) for (const key of stepKeys(full.evaluate(texts))) named.add(key);
  const later = [...named].filter((key) => fullModuleOnly(key, pageWasm));
  // Steps of the memory model's working whose ids the page module never names (ids that are
  // also words of its JSON, such as "weights", stay in the first catalog).
  for (const key of ['step.activations_per_layer', 'step.params_per_card']) {
    assert.ok(named.has(key) && later.includes(key), key);
  }
  assert.ok(later.length > 10, `${later.length} keys only the full module names`);
  for (const key of named) {
    for (const lang of ['en', 'zh'])
      assert.ok(Object.hasOwn(catalogs[lang], key), `${lang}: ${key}`);
  }
});
