// The real wasm modules against their declarations: the functions in wasm/llm_sizer.d.ts (by hand)
// and what they return in web/src/core/generated/llm_sizer_types.d.ts (generated from the core
// by tools/gen_dts.cpp). Every key and every value's type is checked, and null only where the
// declarations allow it, over plans that leave numbers unknown, bad input, and every hostile value
// of every input.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { loadModule, loadPageModule } from './load-module.mjs';
import { methodsOf, mismatches, parseDeclarations, readDeclarations } from './declarations.mjs';
import { hostileCases, casePlan } from './hostile-values.mjs';

const core = await loadModule();
const page = await loadPageModule();
const declarations = await readDeclarations(
  new URL('../../wasm/llm_sizer.d.ts', import.meta.url),
  new URL('../../web/src/core/generated/llm_sizer_types.d.ts', import.meta.url),
);
const fullMethods = methodsOf(declarations, 'LlmSizerModule');
const pageMethods = methodsOf(declarations, 'PageModule');

/** Checks what `module[name](...args)` returns against the declared return type. */
function call(module, name, ...args) {
  const returned = module[name](...args);
  const problems = mismatches(declarations, returned, fullMethods.get(name), `${name}()`);
  assert.deepEqual(problems.slice(0, 10), [], `${name}(${JSON.stringify(args).slice(0, 200)})`);
  return returned;
}

const fixture = (name) => readFile(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');

// Plans chosen so that every part of a report is filled, and so that numbers the core cannot know
// come back as null: a model with only a parameter count (no architecture: the serving model is
// unavailable), a custom card with only its memory, bad and hostile input, an embedded view.
const PLANS = [
  {},
  { pp: '10', clusterGpus: '1000', tokens: '300e9' },
  { model: 'qwen-32b', accelerator: 'rg800-32g' },
  { model: 'llama-3.1-70b', accelerator: 'custom', cardMemoryGb: '64' },
  { model: 'deepseek-v3', accelerator: 'h200-141g', weights: 'fp8-block', batch: '32' },
  { model: 'mixtral-8x7b', accelerator: 'a100-80g', ep: '8', recipe: 'fp8', recompute: 'full' },
  { model: 'llama-3.1-8b', tokens: '1e12', deadlineDays: '20', pricePerGpuHour: '2' },
  // QLoRA on one card: the memory model's adapter and NF4 paths.
  {
    model: 'llama-3.1-8b',
    accelerator: 'rtx-4090',
    tp: '1',
    pp: '1',
    dp: '1',
    framework: 'pytorch',
    finetune: 'qlora',
    loraRank: '16',
    recompute: 'full',
  },
  // A MoE model on H100 with a prefill:decode split: a multi-node fleet, its alternatives, the what-if.
  {
    model: 'deepseek-v3',
    accelerator: 'h100-80g',
    weights: 'fp8-block',
    concurrency: '32',
    pdRatio: '1:3',
  },
  { model: 'qwen2.5-32b', inferTp: '8', gpusPerNode: '4', context: '999999' },
  { pp: '0', params: 'x', tp: '64', model: 'zz', accelerator: 'yy' },
  { recipe: 'zz', recompute: 'yy', weights: 'fp9', kvDtype: 'q1', framework: 'fw', lang: 'xx' },
  { lang: 'zh', embed: 'training,memory', stageLayers: '1,2,3', pp: '3' },
  { pp: 10, dp: null, tp: undefined, model: 42, clusterGpus: {} },
];

test('the checker finds a null where a number is declared, unknown ids, missing and extra keys', () => {
  // What the hand-written declarations used to get wrong: `number` where null arrives.
  const d = parseDeclarations(`
    export interface T { n: number; m: number | null; id: 'a' | 'b'; list: number[]; o?: string }`);
  assert.deepEqual(mismatches(d, { n: 1, m: null, id: 'a', list: [1] }, 'T'), []);
  assert.deepEqual(mismatches(d, { n: null, m: 1, id: 'a', list: [] }, 'T'), [
    '$.n: null is not a number',
  ]);
  assert.equal(mismatches(d, { n: 1, m: 1, id: 'c', list: [] }, 'T').length, 1);
  assert.equal(mismatches(d, { n: 1, m: 1, id: 'a', list: [null] }, 'T').length, 1);
  assert.deepEqual(mismatches(d, { m: 1, id: 'a', list: [], extra: 0 }, 'T'), [
    '$.extra: not declared in T',
    '$.n: missing (declared in T)',
  ]);
  // The catalog's unknown figures are null, not undefined.
  const old = parseDeclarations(`export interface A { gpusPerNode: number | undefined }`);
  assert.equal(mismatches(old, { gpusPerNode: null }, 'A').length, 1);
});

test('evaluate() returns a Report as declared, with null only where a number is unknown', () => {
  let nulls = 0;
  for (const texts of PLANS) {
    const report = call(core, 'evaluate', texts);
    JSON.stringify(report, (_key, value) => {
      if (value === null) nulls += 1;
      return value;
    });
    // The texts come back for every plan input (the declarations make them optional as input).
    assert.deepEqual(
      Object.keys(report.texts).sort(),
      [...declarations.get('PlanTexts').properties.keys()].sort(),
    );
  }
  assert.ok(nulls > 100, `only ${nulls} unknown numbers: the plans above no longer test null`);
  assert.deepEqual(
    mismatches(declarations, core.evaluate(null), fullMethods.get('evaluate'), 'evaluate(null)'),
    [],
  );
});

test('every hostile value of every input gives a Report as declared', () => {
  for (const field of core.catalog().fields) {
    for (const { text } of hostileCases(field)) call(core, 'evaluate', casePlan(field, text));
  }
});

test('search(), comparison(), links and exports return what is declared', () => {
  const searches = [
    { model: 'llama-3.1-8b', clusterGpus: '16', tokens: '1e11' },
    { model: 'llama-3.1-8b', tokens: '1e12', deadlineDays: '20' },
    { model: 'llama-3.1-70b', clusterGpus: '64', tokens: '1e12', objective: 'cost' },
    { model: 'qwen-32b', clusterGpus: '64' }, // no architecture: the search cannot run
    { pp: 'x' },
  ];
  const ran = searches.map((texts) => call(core, 'search', texts).ran);
  assert.deepEqual(ran, [true, true, true, false, false]);
  for (const texts of PLANS) call(core, 'comparison', texts);
  for (const link of ['#v=1', '#v=1&m=qwen-32b&pp=abc&%ZZ&zz=1', '#m=x', '', '%%%', '#v=99']) {
    call(core, 'decodeLink', link);
  }
  assert.equal(typeof call(core, 'encodeLink', PLANS[1]), 'string');
  JSON.parse(call(core, 'exportJson', PLANS[1], 'training'));
  JSON.parse(call(core, 'exportJson', PLANS[4], 'inference'));
  assert.ok(call(core, 'benchmarkLayoutNs', 10) > 0);
  call(core, 'catalog');
});

test('importHfConfig() returns an HfImport as declared for every fixture and broken text', async () => {
  const names = (await readdir(new URL('../fixtures/hf/', import.meta.url))).filter((n) =>
    n.endsWith('.json'),
  );
  assert.ok(names.length >= 10);
  for (const name of names) {
    assert.equal(call(core, 'importHfConfig', await fixture(`hf/${name}`)).ok, true, name);
  }
  for (const text of ['{', '', '[]', '{"num_hidden_layers": -1}', 'null']) {
    assert.equal(call(core, 'importHfConfig', text).ok, false, text);
  }
});

test('importVllmCommand() returns a VllmImport as declared, read or refused', () => {
  assert.equal(
    call(core, 'importVllmCommand', 'vllm serve deepseek-ai/DeepSeek-V3 -tp 8').ok,
    true,
  );
  for (const text of ['', 'vllm serve', "vllm serve 'unclosed", 'python train.py']) {
    call(core, 'importVllmCommand', text);
  }
});

test('the modules have exactly the declared functions', () => {
  for (const name of fullMethods.keys()) assert.equal(typeof core[name], 'function', name);
  for (const name of pageMethods.keys()) assert.equal(typeof page[name], 'function', name);
  for (const name of fullMethods.keys()) {
    if (!pageMethods.has(name)) assert.equal(page[name], undefined, name);
  }
});

// The page module is the full one minus the tools (and the article's comparison matrix): the same
// answers, none of the tools' bytes.
test('the page module answers as the full module does, but for the serving model and step time', () => {
  // Everything but the serving model and the step time, which the page module leaves to the
  // full one, and the memory and time derivations, which also arrive with the full module.
  const servingModelCodes = new Set([
    'serving_exceeds_node',
    'serving_does_not_fit',
    'serving_fleet_none',
    // The step-time model's: the accelerator's peak it needs.
    'peak_unknown',
  ]);
  // … with the inputs whose automatic value the fleet decides.
  const decidedByFleet = [
    'infer_tp',
    'infer_pp',
    'infer_dp',
    'expert_parallel',
    'runtime_reserve_gb',
    'gpu_memory_utilization',
  ];
  const withoutServing = (report) => ({
    ...report,
    inference: undefined,
    timeBand: undefined,
    servingComputed: undefined,
    fullComputed: undefined,
    training: {
      ...report.training,
      steps: undefined,
      time: undefined,
      timeSteps: undefined,
      timeComputed: undefined,
      timeAvailable: undefined,
    },
    inputs: report.inputs.filter((i) => !decidedByFleet.includes(i.field)),
    issues: report.issues.filter((i) => !servingModelCodes.has(i.code)),
  });
  for (const texts of PLANS) {
    const fromPage = page.evaluate(texts);
    const fromFull = core.evaluate(texts);
    assert.equal(fromPage.servingComputed, false);
    assert.equal(fromPage.inference.available, false);
    assert.equal(fromPage.training.timeComputed, false);
    assert.deepEqual(fromPage.timeBand, { available: false });
    assert.equal(fromFull.servingComputed, true);
    assert.equal(fromPage.fullComputed, false);
    assert.equal(fromFull.fullComputed, true);
    // A training plan's keystroke: the full module without the serving model is the full answer
    // but for the serving model, the same step time and derivation included.
    const training = core.evaluateTraining(texts);
    assert.equal(training.servingComputed, false);
    assert.equal(training.fullComputed, true);
    assert.equal(training.inference.available, false);
    const servingOnly = (report) => ({
      ...report,
      inference: undefined,
      servingComputed: undefined,
      inputs: report.inputs.filter((i) => !decidedByFleet.includes(i.field)),
      issues: report.issues.filter((i) => !/^serving_/.test(i.code)),
    });
    assert.deepEqual(servingOnly(training), servingOnly(fromFull));
    if (fromFull.training.available) {
      assert.deepEqual(fromPage.training.steps, []);
      assert.ok(fromFull.training.steps.length > 5);
    }
    // The full module runs the step-time model wherever there is a full model to time.
    assert.equal(fromFull.training.timeComputed, fromFull.training.available);
    if (texts.deadlineDays) {
      // A deadline's DP comes from the step-time model: the page module leaves it unknown (the
      // page then evaluates the plan with the full module) and never says no DP meets it.
      const dpStep = (report) => report.articleTraining.steps.find((step) => step.id === 'dp');
      assert.equal(dpStep(fromPage).value, null);
      assert.equal(dpStep(fromPage).note, 'dp_from_deadline');
      assert.ok(!fromPage.issues.some((i) => i.code === 'deadline_unreachable'));
      assert.equal(dpStep(fromFull).note, 'dp_from_deadline');
      assert.ok(dpStep(fromFull).value > 0);
    } else {
      assert.deepEqual(withoutServing(fromPage), withoutServing(fromFull));
    }
    const link = core.encodeLink(texts);
    assert.equal(page.encodeLink(texts), link);
    assert.deepEqual(page.decodeLink(link), core.decodeLink(link));
  }
  // The same catalog, but for the CLI's flag names and the automatic rules' names (what the CLI's
  // help and docs/inputs.md word), which the page's module is built without.
  const withoutCliTexts = (catalog) => ({
    ...catalog,
    fields: catalog.fields.map(({ cliFlag, autoRule, ...field }) => field),
    // … and the accelerators' and model presets' citations and notes, which the page never shows.
    accelerators: catalog.accelerators.map(({ source, note, ...accelerator }) => accelerator),
    models: catalog.models.map(({ source, note, ...model }) => model),
  });
  assert.deepEqual(withoutCliTexts(page.catalog()), withoutCliTexts(core.catalog()));
  assert.ok(page.catalog().fields.every((field) => field.cliFlag === '' && field.autoRule === ''));
  assert.ok(page.catalog().accelerators.every((a) => a.source === '' && a.note === ''));
  assert.ok(core.catalog().accelerators.every((a) => a.source !== ''));
  assert.ok(page.catalog().models.every((m) => m.source === '' && m.note === ''));
  assert.ok(core.catalog().models.every((m) => m.source !== ''));
  assert.ok(core.catalog().fields.every((field) => field.cliFlag !== ''));
  assert.ok(core.catalog().fields.some((field) => field.autoRule !== ''));
});

test('every plan field has a label and every issue code a message in both languages', async () => {
  const en = JSON.parse(await readFile(new URL('../../web/src/i18n/en.json', import.meta.url)));
  const zh = JSON.parse(await readFile(new URL('../../web/src/i18n/zh-CN.json', import.meta.url)));
  assert.deepEqual(Object.keys(en).sort(), Object.keys(zh).sort());
  for (const field of core.catalog().fields) {
    assert.ok(en[`field.${field.issueField}`], field.issueField);
  }
  const codes = new Set();
  const report = core.evaluate({ pp: '0', params: 'x', tp: '64', model: 'zz', accelerator: 'yy' });
  for (const i of report.issues) codes.add(i.code);
  const serving = core.evaluate({
    model: 'llama-3.1-405b',
    accelerator: 'rg800-32g',
    context: '999999',
    promptTokens: '9999999',
    inferTp: '3',
  });
  for (const i of serving.issues) codes.add(i.code);
  const tooWide = core.evaluate({ model: 'qwen2.5-32b', inferTp: '8', gpusPerNode: '4' });
  for (const i of tooWide.issues) codes.add(i.code);
  const crowded = core.evaluate({ model: 'qwen2.5-32b', batch: '1000' });
  for (const i of crowded.issues) codes.add(i.code);
  // Megatron's bf16 moments without its distributed optimizer (resolve_training.cpp).
  const unsharded = core.evaluate({ model: 'llama-3.1-8b', optimizer: 'adamw-bf16', zero: '0' });
  for (const i of unsharded.issues) codes.add(i.code);
  for (const i of core.decodeLink('#v=9&zz=1&%ZZ&pp=q&pp=1').issues) codes.add(i.code);
  for (const code of [
    'serving_exceeds_node',
    'serving_tp_invalid',
    'serving_tp_crosses_nodes',
    'serving_does_not_fit',
    'context_exceeds_model',
    'prompt_exceeds_context',
    'throughput_unknown',
    'distributed_optimizer_required',
  ]) {
    assert.ok(codes.has(code), `no plan above raised ${code}`);
  }
  for (const code of codes) assert.ok(en[`issue.${code}`], code);
});
