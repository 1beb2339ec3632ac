// importHfConfig through the real wasm module: the same import as the native core, the texts the
// page applies, and the issues it shows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { hugeConfig, hugeConfigKey } from './huge-config.mjs';
import { loadModule } from './load-module.mjs';
import { loadPageSource } from './load-ts.mjs';

const core = await loadModule();
const catalog = core.catalog();
const defaults = core.decodeLink(`#v=${catalog.linkVersion}`).texts;
const fixture = (name) => readFile(new URL(`../fixtures/hf/${name}`, import.meta.url), 'utf8');

// Published configs (tests/fixtures/README.md) and the presets they describe.
const PRESETS = [
  ['llama-3.1-8b.json', 'llama-3.1-8b'],
  ['llama-3.2-1b.json', 'llama-3.2-1b'],
  ['qwen2.5-32b.json', 'qwen2.5-32b'],
  ['qwen3-32b.json', 'qwen3-32b'],
  ['qwen3-235b-a22b.json', 'qwen3-235b-a22b'],
  ['mistral-7b.json', 'mistral-7b'],
  ['mixtral-8x7b.json', 'mixtral-8x7b'],
  ['deepseek-v3.json', 'deepseek-v3'],
  ['gpt-neox-20b.json', 'gpt-neox-20b'],
  ['bloom-176b.json', 'bloom-176b'],
];

test('each published config evaluates to exactly its preset’s parameter count', async () => {
  for (const [file, id] of PRESETS) {
    const imported = core.importHfConfig(await fixture(file));
    assert.equal(imported.ok, true, file);
    const report = core.evaluate({ ...defaults, ...imported.texts });
    const preset = catalog.models.find((m) => m.id === id);
    // paramsTotal is count_params of the preset's own architecture (bindings.cpp catalog).
    assert.equal(report.setup.counts.total, preset.paramsTotal, file);
    assert.equal(report.setup.params, preset.paramsTotal, file);
    assert.equal(report.setup.hasArchitecture, true, file);
  }
});

test('the texts are only the fields it sets, by their camelCase ids, ready for the page', async () => {
  const imported = core.importHfConfig(await fixture('qwen3-8b.json'));
  const fieldIds = new Set(catalog.fields.map((f) => f.id));
  for (const key of Object.keys(imported.texts)) assert.ok(fieldIds.has(key), key);
  assert.equal(imported.texts.model, 'custom');
  assert.equal(imported.texts.modelName, 'Qwen3ForCausalLM');
  assert.equal(imported.texts.params, '');
  assert.equal(imported.texts.kvHeads, '8');
  assert.equal(imported.texts.headDim, '128');
  assert.equal(imported.texts.qkNorm, '1');
  assert.equal(imported.texts.accelerator, undefined);
  assert.equal(imported.modelName, 'Qwen3ForCausalLM');
  assert.equal(imported.modelType, 'qwen3');
  assert.equal(imported.family, 'qwen3');
  assert.deepEqual(imported.issues, []);
});

test('GPT-2 small counts 124,439,808 parameters in the page too', async () => {
  // The well-known total of GPT2LMHeadModel(GPT2Config()), tied LM head.
  const imported = core.importHfConfig(await fixture('gpt2.json'));
  const report = core.evaluate({ ...defaults, ...imported.texts });
  assert.equal(report.setup.counts.total, 124439808);
});

test('failures come back as issues, with nothing to apply', () => {
  const text = '{"model_type": "llama", "hidden_size": 4096,}';
  const bad = core.importHfConfig(text);
  assert.equal(bad.ok, false);
  assert.deepEqual(bad.texts, {});
  assert.deepEqual(bad.issues, [
    {
      code: 'hf_json_invalid',
      field: 'hf_config',
      severity: 'error',
      params: { offset: String(text.lastIndexOf('}')) },
    },
  ]);
  const missing = core.importHfConfig('{"model_type": "llama", "hidden_size": 4096}');
  assert.deepEqual(
    missing.issues.map((i) => [i.code, i.params.key]),
    [
      ['hf_missing_key', 'num_hidden_layers'],
      ['hf_missing_key', 'num_attention_heads'],
      ['hf_missing_key', 'vocab_size'],
      ['hf_missing_key', 'intermediate_size'],
    ],
  );
});

test('hostile input never throws out of the module', () => {
  const inputs = [
    '',
    '[',
    '['.repeat(10000),
    `{"a": "${'x'.repeat(5 * 1024 * 1024)}"}`,
    '{"hidden_size": 1e400, "num_hidden_layers": -1}',
    '{"model_type": {"a": [1, 2]}}',
    '\u0000\uFFFF',
  ];
  for (const text of inputs) {
    const imported = core.importHfConfig(text);
    assert.equal(imported.ok, false, text.slice(0, 20));
    assert.ok(imported.issues.length > 0);
  }
});

test('every import issue code has a message in both languages', async () => {
  const en = JSON.parse(await readFile(new URL('../../web/src/i18n/en.json', import.meta.url)));
  const zh = JSON.parse(await readFile(new URL('../../web/src/i18n/zh-CN.json', import.meta.url)));
  const llama = await fixture('llama-3.1-8b.json');
  const edit = (key, value) =>
    llama.replace(new RegExp(`"${key}": [^,\\n]*`), `"${key}": ${value}`);
  const inputs = [
    '{',
    '[]',
    '['.repeat(100),
    'x'.repeat(5 * 1024 * 1024),
    edit('hidden_size', '"big"'),
    edit('hidden_size', '-1'),
    edit('attention_dropout', '"x"'),
    edit('tie_word_embeddings', '0'),
    edit('model_type', '1'),
    edit('model_type', '"phi3small"'),
    edit('attention_bias', 'true'),
    edit('vocab_size', 'null'),
    llama.replace('{', '{"layer_types": 3, "mlp_only_layers": [1],'),
    '{"text_config": {}}',
    llama.replace('{', '{"vision_config": {},'),
    '{"model_type": "qwen2", "layer_types": ["full_attention"], "num_hidden_layers": 2}',
  ];
  const codes = new Set();
  for (const text of inputs) {
    for (const issue of core.importHfConfig(text).issues) codes.add(issue.code);
  }
  for (const code of [
    'hf_json_invalid',
    'hf_not_object',
    'hf_json_too_deep',
    'hf_json_too_large',
    'hf_expected_integer',
    'hf_out_of_range',
    'hf_expected_number',
    'hf_expected_boolean',
    'hf_expected_string',
    'hf_unknown_model_type',
    'hf_approximated',
    'hf_missing_key',
    'hf_unused_keys',
    'hf_text_config',
    'hf_vision_config',
    'hf_no_model_type',
    'hf_list_length',
  ]) {
    assert.ok(codes.has(code), `not produced: ${code}`);
  }
  for (const code of codes) {
    assert.ok(en[`issue.${code}`], `en: ${code}`);
    assert.ok(zh[`issue.${code}`], `zh: ${code}`);
  }
});

// Bug: a config.json with a UTF-8 byte order mark was imported by the page (its file reader drops
// the mark) and refused by the CLI; the core now skips it, so pasted text with one imports too.
test('a config with a byte order mark imports as the same config without it', async () => {
  const llama = await fixture('llama-3.1-8b.json');
  const marked = core.importHfConfig(`\uFEFF${llama}`);
  assert.equal(marked.ok, true, JSON.stringify(marked.issues));
  assert.deepEqual(marked, core.importHfConfig(llama));
  // Meta's released Llama 3.1 8B checkpoint holds 8,030,261,248 parameters.
  assert.equal(core.evaluate({ ...defaults, ...marked.texts }).setup.counts.total, 8030261248);
});

// Bug: naming the unused keys was quadratic: a 3.8 MB config took the module minutes, with the
// page frozen. Its speed is BM_ImportHugeConfig's (bench/); here, that it is read right.
test('a 4 MiB config of 466,000 unused keys imports, naming 20 of them and counting all', () => {
  const huge = hugeConfig(4 * 1024 * 1024);
  const imported = core.importHfConfig(huge.text);
  assert.equal(imported.ok, true);
  assert.deepEqual(
    imported.issues.map((i) => i.code),
    ['hf_unused_keys'],
  );
  const first = Array.from({ length: 20 }, (_, i) => hugeConfigKey(i)).join(', ');
  assert.equal(imported.issues[0].params.keys, `${first}, … (+${huge.unusedKeys - 20})`);
  assert.equal(imported.issues[0].params.count, String(huge.unusedKeys));
  assert.equal(core.evaluate({ ...defaults, ...imported.texts }).setup.counts.total, 8030261248);
});

test('the page refuses exactly the texts the core would refuse as too large', async () => {
  const { HF_CONFIG_MAX_BYTES: max, hfConfigExcessBytes } = await loadPageSource(
    '/src/core/import-client.ts',
  );
  // A valid config padded with spaces (JSON whitespace) to the limit, and one byte past it.
  const llama = await fixture('llama-3.1-8b.json');
  const atLimit = llama + ' '.repeat(max - llama.length);
  assert.equal(core.importHfConfig(atLimit).ok, true);
  assert.equal(hfConfigExcessBytes(atLimit), undefined);
  assert.deepEqual(
    core.importHfConfig(`${atLimit} `).issues.map((i) => i.code),
    ['hf_json_too_large'],
  );
  assert.equal(hfConfigExcessBytes(`${atLimit} `), max + 1);
  // Bytes, not characters: "é" is 2 bytes of UTF-8, "中" 3, "😀" 4 (a surrogate pair).
  for (const [char, bytes] of [
    ['é', 2],
    ['中', 3],
    ['😀', 4],
  ]) {
    const padded = `{"a": "${char.repeat(Math.floor((max - 9) / bytes) + 1)}"}`;
    const size = Buffer.byteLength(padded);
    assert.ok(size > max, char);
    assert.equal(hfConfigExcessBytes(padded), size, char);
    assert.equal(core.importHfConfig(padded).issues[0].code, 'hf_json_too_large', char);
  }
  // The byte order mark is not counted: the core skips it.
  assert.equal(hfConfigExcessBytes(`\uFEFF${atLimit}`), undefined);
  assert.equal(core.importHfConfig(`\uFEFF${atLimit}`).ok, true);
});
