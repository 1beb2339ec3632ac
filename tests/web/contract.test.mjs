// The hand-written wasm/llm_sizer.d.ts and the real module must agree field by field.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { loadModule, loadPageModule } from './load-module.mjs';

const core = await loadModule();
const page = await loadPageModule();
const dts = await readFile(new URL('../../wasm/llm_sizer.d.ts', import.meta.url), 'utf8');

/** Field names of `interface Name { ... }` in the .d.ts (methods included). */
function declaredKeys(name) {
  const match = dts.match(new RegExp(`interface ${name}(?: extends \\w+)? \\{([\\s\\S]*?)\\n\\}`));
  assert.ok(match, `interface ${name} not declared`);
  return [...match[1].matchAll(/^\s+(\w+)\??[(:]/gm)].map((m) => m[1]).sort();
}

const keys = (object) => Object.keys(object).sort();

test('evaluate() returns exactly the declared shapes', () => {
  const report = core.evaluate({ pp: '0', clusterGpus: '1000' });
  const valid = core.evaluate({ pp: '10', clusterGpus: '1000', tokens: '300e9' });
  assert.deepEqual(keys(report), declaredKeys('Report'));
  assert.deepEqual(keys(report.setup), declaredKeys('ResolvedSetup'));
  assert.deepEqual(keys(report.setup.architecture), declaredKeys('Architecture'));
  assert.deepEqual(keys(report.setup.counts), declaredKeys('ParamCounts'));
  assert.deepEqual(keys(valid.training), declaredKeys('FullTraining'));
  assert.deepEqual(keys(valid.training.settings), declaredKeys('TrainingSettings'));
  assert.deepEqual(keys(valid.training.memory), declaredKeys('MemoryBreakdown'));
  assert.deepEqual(keys(valid.training.stages[0]), declaredKeys('StageReport'));
  assert.deepEqual(keys(valid.training.fitOptions[0]), declaredKeys('FitOption'));
  const serving = core.evaluate({ model: 'qwen2.5-32b', accelerator: 'h100-80g' }).inference;
  assert.deepEqual(keys(serving), declaredKeys('FullInference'));
  assert.deepEqual(keys(serving.settings), declaredKeys('InferenceSettings'));
  assert.deepEqual(keys(serving.perCard), declaredKeys('InferencePerCard'));
  assert.deepEqual(keys(serving.throughput), declaredKeys('InferenceThroughput'));
  assert.deepEqual(keys(serving.curve[0]), declaredKeys('ConcurrencyPoint'));
  assert.deepEqual(keys(serving.steps[0]), declaredKeys('DerivationStep'));
  assert.deepEqual(keys(report.articleTraining), declaredKeys('ArticleTraining'));
  assert.deepEqual(keys(report.articleInference), declaredKeys('ArticleInference'));
  assert.deepEqual(keys(report.articleTraining.steps[0]), declaredKeys('DerivationStep'));
  assert.deepEqual(keys(report.issues[0]), declaredKeys('Issue'));
  assert.deepEqual(keys(valid.training.time), declaredKeys('TrainingTime'));
  const comparison = core.comparison({ pp: '10', clusterGpus: '1000' });
  assert.deepEqual(keys(comparison), declaredKeys('ComparisonMatrix'));
  assert.deepEqual(keys(comparison.rows[0]), declaredKeys('ComparisonRow'));
  assert.deepEqual(keys(comparison.rows[0].cells[0]), declaredKeys('ComparisonCell'));
});

test('search() returns the declared shapes', () => {
  const report = core.search({ model: 'llama-3.1-8b', clusterGpus: '16', tokens: '1e11' });
  assert.equal(report.ran, true);
  assert.deepEqual(keys(report), declaredKeys('SearchReport'));
  assert.deepEqual(keys(report.search), declaredKeys('SearchResult'));
  assert.deepEqual(keys(report.search.best), declaredKeys('LayoutCandidate'));
});

test('the catalog and the module functions are as declared', () => {
  const catalog = core.catalog();
  assert.deepEqual(keys(catalog), declaredKeys('Catalog'));
  assert.deepEqual(keys(catalog.models[0]), declaredKeys('ModelPreset'));
  assert.deepEqual(keys(catalog.accelerators[0]), declaredKeys('AcceleratorPreset'));
  assert.deepEqual(keys(catalog.fields[0]), declaredKeys('FieldSpec'));
  assert.deepEqual(keys(catalog.recipes[0]), declaredKeys('RecipeInfo'));
  assert.deepEqual(keys(core.decodeLink('#v=1')), declaredKeys('DecodedLink'));
  assert.deepEqual(keys(core.importHfConfig('{}')), declaredKeys('HfImport'));
  for (const name of [...declaredKeys('PageModule'), ...declaredKeys('LlmSizerModule')]) {
    assert.equal(typeof core[name], 'function', name);
  }
});

// The page module is the full one minus the tools: the same answers, none of the tools' bytes.
test('the page module has exactly the page functions and answers as the full module does', () => {
  for (const name of declaredKeys('PageModule')) assert.equal(typeof page[name], 'function', name);
  for (const name of declaredKeys('LlmSizerModule')) assert.equal(page[name], undefined, name);
  const texts = { model: 'llama-3.1-8b', accelerator: 'h200-141g', pp: '2', clusterGpus: '64' };
  // Everything but the serving model and the step time, which the page module leaves to the
  // full one.
  const withoutServing = (report) => ({
    ...report,
    inference: undefined,
    servingComputed: undefined,
    training: {
      ...report.training,
      time: undefined,
      timeComputed: undefined,
      timeAvailable: undefined,
    },
    inputs: report.inputs.filter((i) => i.field !== 'infer_tp'),
  });
  const fromPage = page.evaluate(texts);
  const fromFull = core.evaluate(texts);
  assert.equal(fromPage.servingComputed, false);
  assert.equal(fromPage.inference.available, false);
  assert.equal(fromPage.training.timeComputed, false);
  assert.equal(fromFull.servingComputed, true);
  assert.equal(fromFull.inference.available, true);
  assert.equal(fromFull.training.timeComputed, true);
  assert.equal(fromFull.training.timeAvailable, true);
  assert.deepEqual(withoutServing(fromPage), withoutServing(fromFull));
  assert.deepEqual(page.comparison(texts), core.comparison(texts));
  assert.deepEqual(page.catalog(), core.catalog());
  const link = core.encodeLink(texts);
  assert.equal(page.encodeLink(texts), link);
  assert.deepEqual(page.decodeLink(link), core.decodeLink(link));
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
  for (const i of core.decodeLink('#v=9&zz=1&%ZZ&pp=q&pp=1').issues) codes.add(i.code);
  for (const code of [
    'serving_exceeds_node',
    'serving_tp_invalid',
    'serving_tp_crosses_nodes',
    'serving_does_not_fit',
    'context_exceeds_model',
    'prompt_exceeds_context',
    'throughput_unknown',
  ]) {
    assert.ok(codes.has(code), `no plan above raised ${code}`);
  }
  for (const code of codes) assert.ok(en[`issue.${code}`], code);
});
