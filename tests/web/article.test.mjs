// The wasm module reproduces the seed article's tables (tests/fixtures/seed-tables.json, the same
// golden file GoogleTest reads) to the last digit, through the same calls the page makes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadModule, readFixture } from './load-module.mjs';

const core = await loadModule();
const tables = await readFixture('seed-tables.json');

test('every training row of the article, exactly', () => {
  for (const row of tables.training) {
    const report = core.evaluate({
      model: row.model,
      accelerator: row.accelerator,
      pp: String(row.pp_chosen),
      dp: String(row.dp),
    });
    const t = report.articleTraining;
    const errors = report.issues.filter((i) => i.severity === 'error');
    assert.deepEqual(errors, [], `${row.model} on ${row.accelerator}`);
    assert.equal(report.setup.params, row.params);
    assert.equal(t.modelStateGb, row.model_state_gb);
    assert.equal(t.safeMemoryPerCardGb, row.safe_memory_per_card_gb);
    assert.equal(t.minModelParallel, row.min_model_parallel);
    assert.equal(t.tp, row.tp);
    assert.equal(t.ppMin, row.pp_min);
    assert.equal(t.pp, row.pp_chosen);
    assert.equal(t.gpusPerReplica, row.gpus_per_replica);
    assert.equal(t.dp, row.dp);
    assert.equal(t.totalGpus, row.total_gpus);
  }
});

test('both inference rows of the article, exactly', () => {
  for (const row of tables.inference_minimum) {
    const report = core.evaluate({ model: row.model, accelerator: row.accelerator });
    assert.equal(report.articleInference.weightsGb, row.weights_gb);
    assert.equal(report.articleInference.minGpus, row.min_gpus);
  }
});

test('DP from the cluster size is the floor of cluster over replica', () => {
  for (const row of tables.training) {
    const cluster = row.total_gpus + row.gpus_per_replica - 1;
    const report = core.evaluate({
      model: row.model,
      accelerator: row.accelerator,
      pp: String(row.pp_chosen),
      clusterGpus: String(cluster),
    });
    assert.equal(report.articleTraining.dp, row.dp);
  }
});

test('native and wasm write the same CLI JSON for the same plan', async () => {
  const { execFileSync } = await import('node:child_process');
  const cli = new URL('../../build/native-release/llm-sizer', import.meta.url).pathname;
  const flags = ['--model', 'gpt3-175b', '--accelerator', 'rg800-32g', '--cluster-gpus', '500'];
  const native = execFileSync(cli, ['train', ...flags, '--json'], { encoding: 'utf8' });
  const wasm = core.exportJson(
    { model: 'gpt3-175b', accelerator: 'rg800-32g', clusterGpus: '500' },
    'training',
  );
  assert.equal(wasm, native);
});
