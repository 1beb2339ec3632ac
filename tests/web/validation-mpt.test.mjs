// MosaicML's MPT training benchmarks (docs/validation.md, "MosaicML's MPT benchmarks") through
// the real module: the plans reproduce the tables' own parameter counts, every run that trained
// fits, and the figures the section states may not get worse unnoticed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { loadModule } from './load-module.mjs';
import { readFlatReadme } from './validation-support.mjs';
import {
  BOUNDS,
  attentionFlopsPerToken,
  attentionShare,
  evaluate,
  fsdpBandFigures,
  mptPlan,
} from '../../scripts/validation/mpt.mjs';
import * as training from '../../scripts/validation/training.mjs';

const core = await loadModule();
const result = await evaluate(core);
const { runs } = JSON.parse(
  await readFile(new URL('../../validation/data/mpt-runs.json', import.meta.url), 'utf8'),
);

test('every row of the tables is planned and evaluated', () => {
  assert.equal(runs.length, BOUNDS.runs);
  assert.equal(result.summary.evaluated, runs.length);
  for (const row of result.rows) {
    assert.ok(Number.isFinite(row.predicted) && row.predicted > 0, row.run.id);
    assert.match(row.link, /^\.\/#v=\d+&/);
  }
});

test('the plans count the parameters the tables print', () => {
  // NumParams is the tables' own count: learned positions up to the run's sequence, biases and
  // tied embeddings make it, so a wrong architecture shows here first.
  for (const row of result.rows) assert.equal(row.params, row.run.num_params, row.run.id);
});

test('each run the tables state follows their columns', () => {
  for (const run of runs) {
    // GlobalBatchSize = MicroBatchSize × GradAccum × # GPUs, and in tokens × SeqLen.
    assert.equal(run.micro_batch * run.grad_accum * run.gpus, run.global_batch, run.id);
    assert.equal(run.global_batch * run.seq_len, run.global_batch_tokens, run.id);
    const plan = mptPlan(run);
    assert.equal(plan.dp, String(run.gpus));
    assert.equal(plan.zero, run.sharding === 'FULL_SHARD' ? '3' : '2');
    assert.equal(plan.recompute, run.activation_checkpointing ? 'full' : 'none');
  }
});

test('every run trained, and its plan fits the card', () => {
  const { fit, fitWithFp32Loss, runs: count } = result.summary;
  assert.equal(fit, count, `${count - fit} runs that trained do not fit`);
  // The loss is what decides for the largest micro-batches: an fp32 cross-entropy's 12 bytes a
  // logit (docs/formulas.md) would not fit some of them, so the plan's loss setting is doing
  // work here, not decoration.
  assert.ok(fitWithFp32Loss < count);
});

test('the errors stay within the figures the section states', () => {
  const { shortMedian, allMedian, shareSpearman } = result.summary;
  assert.ok(shortMedian <= BOUNDS.shortMedian, `attention < 10 %: ${shortMedian}`);
  assert.ok(allMedian <= BOUNDS.allMedian, `all runs: ${allMedian}`);
  assert.ok(shareSpearman >= BOUNDS.shareSpearman, `Spearman ${shareSpearman}`);
});

test("the attention FLOPs are half what the tables' MFU counts, causal against full", () => {
  // The README's MFU is (6N + 12·L·d·s) FLOPs a token × tokens/s over the GPUs' peak (A100 312,
  // H100 989 bf16 TFLOP/s): recovering its attention term from each row's MFU and throughput
  // gives twice the causal count the section's shares use. Rows at 8k tokens and more, where
  // attention is large enough for the MFU's two decimals to pin it (within 1 %).
  const peak = { a100_80gb: 312e12, a100_40gb: 312e12, h100_80gb: 989e12 };
  const long = runs.filter((r) => r.precision !== 'amp_fp8' && r.seq_len >= 8192);
  assert.ok(long.length >= 40);
  for (const run of long) {
    const perToken = ((run.mfu_percent / 100) * peak[run.gpu] * run.gpus) / run.tokens_per_s;
    const readme = perToken - 6 * run.num_params;
    const ratio = readme / (2 * attentionFlopsPerToken(run));
    assert.ok(Math.abs(ratio - 1) < 0.01, `${run.id}: ${ratio}`);
  }
  assert.ok(attentionShare(long[0]) > 0 && attentionShare(long[0]) < 1);
});

// PyTorch plans across GPUs with FSDP show these runs' range (time_band.hpp, kind "fsdp";
// core/src/time_band_data.cpp, generated with the training section's FSDP runs): each of these
// plans carries its family's figures, and every run lies inside them.
test("the README's FSDP ranges are the band's", async () => {
  const readme = await readFlatReadme();
  const figures = fsdpBandFigures(await training.evaluate(core), result);
  for (const [family, label] of [
    ['ampere', 'A100'],
    ['hopper', 'Hopper'],
  ]) {
    const f = figures.find((x) => x.family === family);
    const text = `${f.low.toFixed(2)}–${f.high.toFixed(2)}× on ${label}`;
    assert.ok(readme.includes(text), `README.md: ${text}`);
  }
});

test('each run’s plan shows the FSDP runs’ range, and lies inside it', async () => {
  const figures = fsdpBandFigures(await training.evaluate(core), result);
  const family = { a100_80gb: 'ampere', a100_40gb: 'ampere', h100_80gb: 'hopper' };
  for (const row of result.rows) {
    const band = row.band;
    assert.equal(band.available, true, `${row.run.id}: ${band.reason}`);
    assert.equal(band.kind, 'fsdp', row.run.id);
    assert.equal(band.family, family[row.run.gpu], row.run.id);
    const f = figures.find((x) => x.family === band.family && x.kind === 'fsdp');
    assert.deepEqual([band.runs, band.lowRatio, band.highRatio], [f.runs, f.low, f.high]);
    const ratio = 1 + row.error; // published step ÷ predicted: tokens/s predicted ÷ published
    assert.ok(ratio >= f.low && ratio <= f.high, `${row.run.id}: ${ratio}`);
  }
  const all = figures.find((x) => x.family === 'all');
  assert.ok(all.runs > result.rows.length, 'the training section’s FSDP runs count too');
});

// The ZeRO-3-across-nodes warning (layout_rules.hpp) quotes these runs' range where FSDP shards
// over more than one node: the figures it states must stay theirs.
test('the ZeRO-3 warning quotes these runs across nodes', async () => {
  const across = result.rows.filter((r) => r.run.sharding === 'FULL_SHARD' && r.run.gpus > 8);
  const ratios = across.map((r) => 1 + r.error);
  const gpus = across.map((r) => r.run.gpus);
  const quoted =
    `${(Math.floor(Math.min(...ratios) * 10) / 10).toFixed(1)}–` +
    `${(Math.ceil(Math.max(...ratios) * 10) / 10).toFixed(1)}× with MosaicML's FSDP on ` +
    `${Math.min(...gpus)}–${Math.max(...gpus)} A100 and H100`;
  const en = JSON.parse(
    await readFile(new URL('../../web/src/i18n/en.json', import.meta.url), 'utf8'),
  );
  for (const key of ['issue.zero3_across_nodes', 'issue.search_best_zero3_across_nodes']) {
    assert.ok(en[key].includes(quoted), `${key} should quote "${quoted}"`);
  }
});

// The section reads the trend with attention's share as the attention kernel: slowing attention
// by the ends of FlashAttention-2's stated speed-up over the older kernels (Dao 2023, §4) must
// turn the trend from rising to falling inside those ranges, or the reading is wrong.
test('slowing attention within the paper’s ranges takes the trend away', () => {
  const [low, high] = result.summary.slowed;
  assert.deepEqual([low.factor, high.factor], [1.3, 1.7]);
  assert.ok(result.summary.shareSpearman > low.spearman, 'slower attention, weaker trend');
  assert.ok(low.spearman > 0 && high.spearman < 0, `${low.spearman} → ${high.spearman}`);
});
