// The model catalog (web/src/catalog/models.json, scripts/gen-model-catalog.mjs): every entry is
// what the core's importer made of a config.json, so choosing it through the page is exactly
// importing that file; what could not be read exactly is listed with why.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { loadModule } from './load-module.mjs';

const catalog = JSON.parse(
  await readFile(new URL('../../web/src/catalog/models.json', import.meta.url), 'utf8'),
);
const core = await loadModule();
const fields = new Map(core.catalog().fields.map((f) => [f.id, f]));
const defaults = core.decodeLink(`#v=${core.catalog().linkVersion}`).texts;

test('each entry is a whole model: custom, named by its id, every architecture input set', () => {
  const architecture = [...fields.values()].filter((f) => f.group === 'architecture');
  const ids = new Set();
  for (const m of catalog.models) {
    assert.ok(!ids.has(m.id), `${m.id} twice`);
    ids.add(m.id);
    assert.match(m.id, /^[\w.-]+\/[\w.-]+$/);
    assert.equal(m.texts.model, 'custom', m.id);
    assert.equal(m.texts.modelName, m.id);
    for (const f of architecture) assert.ok(f.id in m.texts, `${m.id}: ${f.id}`);
    for (const key of Object.keys(m.texts)) assert.ok(fields.has(key), `${m.id}: ${key}`);
    assert.ok(m.source.url.startsWith('https://'), `${m.id}: where its config.json came from`);
    assert.match(m.source.sha256, /^[0-9a-f]{64}$/);
  }
});

test('each entry evaluates without a problem to the parameter counts it lists', () => {
  for (const m of catalog.models) {
    const report = core.evaluate({ ...defaults, ...m.texts });
    assert.deepEqual(
      report.issues.filter((i) => i.severity === 'error'),
      [],
      m.id,
    );
    assert.equal(report.setup.hasArchitecture, true, m.id);
    assert.equal(report.setup.counts.total, m.params.total, m.id);
    assert.equal(report.setup.counts.active, m.params.active, m.id);
  }
});

test('well-known models count what their model cards say', () => {
  // Published totals (model cards): Llama 3.1 8B 8.03B; Qwen3-235B-A22B 235B with 22B active;
  // DeepSeek-V3 671B with 37B active; Mixtral 8x7B 46.7B with 12.9B active.
  const expect = [
    ['meta-llama/Llama-3.1-8B', 8.03e9, 8.03e9],
    ['Qwen/Qwen3-235B-A22B', 235e9, 22e9],
    ['deepseek-ai/DeepSeek-V3', 671e9, 37e9],
    ['mistralai/Mixtral-8x7B-v0.1', 46.7e9, 12.9e9],
  ];
  for (const [id, total, active] of expect) {
    const m = catalog.models.find((x) => x.id === id);
    assert.ok(m, id);
    assert.ok(Math.abs(m.params.total / total - 1) < 0.01, `${id}: ${m.params.total}`);
    assert.ok(Math.abs(m.params.active / active - 1) < 0.02, `${id}: ${m.params.active}`);
  }
});

test('a config left out is listed with the reason the importer gave', () => {
  for (const e of catalog.excluded) {
    assert.ok(e.reasons.length > 0 && e.reasons.every((r) => r.length > 10), e.id);
    assert.ok(!catalog.models.some((m) => m.id === e.id), `${e.id} both in and out`);
  }
});

// Issue 15 asks for at least 150 current open models; the configs gathered hold that many
// (docs/model-catalog.md lists what is left out and why). Raise it as the catalog grows; a
// regeneration that loses models fails here instead of shrinking the page's search quietly.
const MIN_MODELS = 152;

test('the catalog holds the models gathered so far, of every kind', () => {
  assert.ok(catalog.models.length >= MIN_MODELS, `${catalog.models.length} models`);
  const kinds = new Set(catalog.models.map((m) => m.kind));
  for (const kind of ['dense', 'moe', 'mla-moe', 'multimodal']) assert.ok(kinds.has(kind), kind);
});

test('an entry whose config.json is a test fixture holds exactly what the importer reads from it', async () => {
  // The fixtures are the very bytes the catalog was generated from (tests/fixtures/README.md).
  const fixtures = [
    ['google/gemma-2b-it', 'gemma-2b-it.json'],
    ['microsoft/Phi-3.5-mini-instruct', 'phi-3.5-mini-instruct.json'],
    ['internlm/internlm2_5-7b-chat', 'internlm2.5-7b-chat.json'],
    ['ibm-granite/granite-3.3-8b-instruct', 'granite-3.3-8b-instruct.json'],
    ['bigcode/starcoder2-7b', 'starcoder2-7b.json'],
    ['Qwen/Qwen2-VL-7B-Instruct', 'qwen2-vl-7b-instruct.json'],
    ['Qwen/Qwen3-VL-8B-Instruct', 'qwen3-vl-8b-instruct.json'],
    ['Qwen/Qwen3-VL-30B-A3B-Instruct', 'qwen3-vl-30b-a3b-instruct.json'],
    ['moonshotai/Kimi-K2-Instruct', 'kimi-k2-instruct.json'],
    ['mistralai/Devstral-Small-2-24B-Instruct-2512', 'devstral-small-2-24b-instruct-2512.json'],
    ['zai-org/GLM-4.5', 'glm-4.5.json'],
    ['zai-org/GLM-4.7-Flash', 'glm-4.7-flash.json'],
    ['deepseek-ai/deepseek-moe-16b-chat', 'deepseek-moe-16b.json'],
    ['google/gemma-2-9b-it', 'gemma-2-9b-it.json'],
    ['google/gemma-3-4b-it', 'gemma-3-4b-it.json'],
    ['zai-org/GLM-4-9B-0414', 'glm-4-9b-0414.json'],
    ['allenai/OLMo-2-1124-7B', 'olmo-2-1124-7b.json'],
    ['MiniMaxAI/MiniMax-M2.1', 'minimax-m2.1.json'],
    ['openai/gpt-oss-120b', 'gpt-oss-120b.json'],
    ['openai/gpt-oss-20b', 'gpt-oss-20b.json'],
  ];
  for (const [id, file] of fixtures) {
    const text = await readFile(new URL(`../fixtures/hf/${file}`, import.meta.url), 'utf8');
    const entry = catalog.models.find((m) => m.id === id);
    assert.ok(entry, id);
    const imported = core.importHfConfig(text);
    assert.equal(imported.ok, true, id);
    // The catalog keeps the importer's plan texts (plan fields only), named by the Hub id.
    const expected = Object.fromEntries(
      Object.entries({ ...imported.texts, modelName: id }).filter(([key]) => fields.has(key)),
    );
    assert.deepEqual(entry.texts, expected, id);
  }
});
