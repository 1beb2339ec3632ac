// The serving model through the real wasm module, on the same hand-derived fixtures GoogleTest
// reads (tests/fixtures/inference.json), and the article's inference rows beside it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { loadModule, readFixture } from './load-module.mjs';

const core = await loadModule();
const fixture = await readFixture('inference.json');
const tables = await readFixture('seed-tables.json');
const cli = new URL('../../build/native-release/llm-sizer', import.meta.url).pathname;

test('KV cache per token from the published architectures', () => {
  for (const row of fixture.kv_bytes_per_token) {
    const report = core.evaluate({ model: row.model, accelerator: 'h100-80g' });
    assert.equal(report.inference.kvBytesPerToken, row.kv_bytes_per_token, row.derivation);
  }
});

test('which cards hold a model: 405B on eight H100 no, on eight H200 yes', () => {
  for (const row of fixture.fits) {
    const pinned = core.evaluate({ model: row.model, accelerator: row.accelerator, inferTp: '8' });
    assert.equal(pinned.inference.fits, row.fits_on_8, `${row.model} on ${row.accelerator}`);
    const auto = core.evaluate({ model: row.model, accelerator: row.accelerator });
    // Unknown numbers cross the wasm boundary as null (wasm/llm_sizer.d.ts).
    if (row.min_gpus === null) assert.equal(auto.inference.minGpus, null);
    else assert.equal(auto.inference.minGpus, row.min_gpus, row.derivation);
  }
});

test('the article rows stay exact beside the full model', () => {
  for (const row of tables.inference_minimum) {
    const report = core.evaluate({ model: row.model, accelerator: row.accelerator });
    assert.equal(report.articleInference.weightsGb, row.weights_gb);
    assert.equal(report.articleInference.minGpus, row.min_gpus);
    // The article's 32B is a nominal count: no serving model is invented for it.
    assert.equal(report.inference.available, false);
  }
});

test('the serving inputs travel in the link with the training plan', () => {
  const texts = {
    model: 'qwen2.5-32b',
    accelerator: 'h200-141g',
    pp: '2',
    weights: 'int4-awq',
    kvDtype: 'fp8',
    batch: '16',
    context: '8192',
    targetConcurrency: '100',
  };
  const link = core.encodeLink(texts);
  assert.match(link, /pp=2/);
  assert.match(link, /i\.w=int4-awq/);
  assert.match(link, /i\.kv=fp8/);
  assert.match(link, /i\.bs=16/);
  const reopened = core.evaluate(core.decodeLink(link).texts);
  assert.equal(reopened.inference.settings.weights, 'int4-awq');
  assert.equal(reopened.inference.settings.context, 8192);
  assert.equal(reopened.articleTraining.pp, 2);
});

test('native and wasm write the same infer --json', () => {
  const flags = ['--model', 'qwen2.5-32b', '--accelerator', 'h200-141g', '--batch', '16'];
  const native = execFileSync(cli, ['infer', ...flags, '--json'], { encoding: 'utf8' });
  const wasm = core.exportJson(
    { model: 'qwen2.5-32b', accelerator: 'h200-141g', batch: '16' },
    'inference',
  );
  assert.equal(wasm, native);
});
