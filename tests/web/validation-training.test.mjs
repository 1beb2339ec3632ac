// The training section of docs/validation.md (scripts/validation/training.mjs): published runs
// predicted by the real full module at each framework's default settings, and the layout search
// run on each run's cluster and batch. Issue 12 aims at a median |error| ≤ 10 % and a largest
// ≤ 25 %; until the model gets there, this holds the table to today's figures (BOUNDS) so that no
// change makes it worse unnoticed, and no run leaves the bounds without a stated reason.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { loadModule } from './load-module.mjs';
import * as training from '../../scripts/validation/training.mjs';
import { EXPERIMENTS, withFrameworkRecompute } from '../../scripts/validation/training-plans.mjs';
import * as h100 from '../../scripts/validation/h100.mjs';
import * as h200 from '../../scripts/validation/h200.mjs';
import * as mpt from '../../scripts/validation/mpt.mjs';

const core = await loadModule();
const result = await training.evaluate(core);
const { rows, summary } = result;
const bounded = rows.filter((r) => !r.reason && r.metric);
const runs = JSON.parse(
  await readFile(new URL('../../validation/data/training-runs.json', import.meta.url), 'utf8'),
).runs;

test('every published run is a row: under the bounds, or left out with its reason', () => {
  assert.equal(rows.length, runs.length);
  for (const r of rows) {
    assert.ok(!r.reason || r.reason.length > 10, `${r.run.id}: a reason in words`);
    if (!r.reason) assert.ok(Number.isFinite(r.error), `${r.run.id}: a prediction`);
  }
  // Nobody meets the bounds by leaving runs out.
  assert.ok(bounded.length >= training.BOUNDS.minRows, `${bounded.length} runs under the bounds`);
});

test('step time / throughput error: median and largest within the bounds', () => {
  const errors = bounded.map((r) => Math.abs(r.error)).sort((a, b) => a - b);
  const mid = (errors[(errors.length - 1) >> 1] + errors[errors.length >> 1]) / 2;
  assert.equal(summary.median, mid);
  assert.ok(summary.median <= training.BOUNDS.medianAbsError, `median ${summary.median}`);
  const worst = bounded.reduce((a, b) => (Math.abs(b.error) > Math.abs(a.error) ? b : a));
  assert.ok(
    summary.max <= training.BOUNDS.maxAbsError,
    `largest ${summary.max} (${worst.run.id}: ${worst.predicted} vs ${worst.metric.value})`,
  );
  // The bounds the test holds are never looser than they need be to be the issue's aim someday:
  // the aim itself stays written down.
  assert.equal(training.TARGETS.medianAbsError, 0.1);
  assert.equal(training.TARGETS.maxAbsError, 0.25);
});

test("the published layouts rank in the search's top 10, near its best time", () => {
  // Experiments on a recipe (a layout tried for memory, a correctness smoke) are shown with their
  // rank but not held to the aim, which is about layouts their authors chose for speed.
  const chosen = bounded.filter((r) => !r.experiment);
  assert.equal(summary.searchCount, chosen.length);
  // The experiments are the named rows, each a run in the data file and under the bounds.
  const named = Object.keys(EXPERIMENTS);
  assert.equal(bounded.length - chosen.length, named.length);
  for (const id of named)
    assert.ok(
      bounded.some((r) => r.run.id === id),
      id,
    );
  const inTop = chosen.filter((r) => r.search && r.search.rank >= 1 && r.search.rank <= 10);
  const near = chosen.filter((r) => r.search && r.search.ratio <= training.TARGETS.searchWithin);
  assert.ok(inTop.length >= training.BOUNDS.minInTop, `${inTop.length} in the top 10`);
  assert.ok(near.length >= training.BOUNDS.minWithin, `${near.length} within 10 %`);
});

test('published figures the table compares with are the data file’s (no copy in the script)', () => {
  // Megatron-LM 2021 Table 1, 1T: 163 TFLOP/s per GPU on 3072 A100 (eq. 3, hardware FLOPs) at
  // GBS 3072, s 2048, 128 layers, h 25600, V 51200 → F = 96·B·s·l·h²·(1 + s/6h + V/16lh):
  // step = F / (3072 · 163e12) ≈ 102.6 s (hand computation).
  const row = rows.find((r) => r.run.id === 'megatron2021-t1-gpt-1t');
  const f =
    96 * 3072 * 2048 * 128 * 25600 ** 2 * (1 + 2048 / (6 * 25600) + 51200 / (16 * 128 * 25600));
  assert.ok(Math.abs(row.metric.value - f / (3072 * 163e12)) < 1e-9 * row.metric.value);
  assert.ok(Math.abs(row.metric.value - 102.6) < 0.1, `${row.metric.value}`);
  // DeepSeek-V3 (Table 1): 2.664M H800 GPU-hours for 14.8T tokens → 1,543 tokens/s per GPU.
  const ds = rows.find((r) => r.run.id === 'deepseek-v3-2024-pretrain');
  assert.ok(Math.abs(ds.metric.value - 1543) < 1, `${ds.metric.value}`);
});

test('the rendered section lists every excluded run with its reason', () => {
  const text = training.render(result);
  for (const r of rows.filter((x) => x.reason)) {
    assert.ok(text.includes(`| ${r.run.id} |`), r.run.id);
  }
  for (const r of bounded) assert.ok(text.includes(`| ${r.run.id} |`), r.run.id);
  assert.match(text, /median \|error\| \d+\.\d %/);
});

test("the step time's band the core shows is this table's (core/src/time_band_data.cpp)", async () => {
  const figures = training.timeBandFigures(result);
  // The file is what the generator writes from these runs (`node scripts/gen-validation.mjs`).
  const source = await readFile(
    new URL('../../core/src/time_band_data.cpp', import.meta.url),
    'utf8',
  );
  // Plain PyTorch's figures come from the steps measured on one H200 and one H100
  // (validation-h200.test.mjs, validation-h100.test.mjs).
  const pytorch = h200.pytorchBandFigures(await h200.evaluate(core), await h100.evaluate(core));
  // PyTorch FSDP's from these runs and MosaicML's (validation-mpt.test.mjs).
  const fsdp = mpt.fsdpBandFigures(result, await mpt.evaluate(core));
  assert.equal(source, training.timeBandSource([...figures, pytorch, ...fsdp]));
  // … and the module was built from it: a dense plan on each family's accelerator (and on one
  // without runs) carries that family's dense figures; an MoE plan its kind's, on an accelerator
  // without runs (MI300X) those of the MoE runs on every one.
  const gpt3 = { model: 'gpt3-175b', tp: '8', pp: '8', dp: '16' };
  const mixtral = { model: 'mixtral-8x7b', tp: '2', pp: '1', dp: '32', ep: '8' };
  for (const [base, kind, accelerator, family] of [
    [gpt3, 'dense', 'a100-80g', 'ampere'],
    [gpt3, 'dense', 'h100-80g', 'hopper'],
    [gpt3, 'dense', 'b200', 'blackwell'],
    [gpt3, 'dense', 'mi300x', 'all'],
    [mixtral, 'moe', 'h100-80g', 'hopper'],
    [mixtral, 'moe', 'b200', 'blackwell'],
    [gpt3, 'dense', 'gb200', 'gb200'],
    [mixtral, 'moe', 'gb200', 'gb200'],
    [mixtral, 'moe', 'mi300x', 'all'],
  ]) {
    const expected = figures.find((f) => f.family === family && f.kind === kind);
    assert.ok(expected, `${kind} ${family} has runs`);
    const band = core.evaluate({ ...base, accelerator }).timeBand;
    assert.equal(band.available, true, `${accelerator}: ${band.reason}`);
    assert.equal(band.kind, kind);
    assert.equal(band.family, family);
    assert.deepEqual(
      [band.runs, band.lowRatio, band.highRatio],
      [expected.runs, expected.low, expected.high],
    );
  }
  // Every counted run lies inside its band: it is the runs' own range, rounded outward. Each run
  // counts once per kind, over all accelerators and in its family.
  const counted = bounded.filter((x) => x.band.reason === '');
  for (const kind of ['dense', 'moe']) {
    const all = figures.find((x) => x.family === 'all' && x.kind === kind);
    assert.equal(all.runs, counted.filter((r) => r.band.kind === kind).length, kind);
    // A family has its own figures exactly when it has enough runs of the kind.
    const families = new Set(counted.map((r) => r.band.acceleratorFamily).filter(Boolean));
    for (const family of families) {
      const runs = counted.filter(
        (r) => r.band.kind === kind && r.band.acceleratorFamily === family,
      ).length;
      const own = figures.find((x) => x.family === family && x.kind === kind);
      if (runs >= training.MIN_FAMILY_RUNS) assert.equal(own?.runs, runs, `${kind} ${family}`);
      else assert.equal(own, undefined, `${kind} ${family}: ${runs} runs`);
    }
  }
  for (const r of counted) {
    const ratio = training.speedRatio(r);
    for (const family of ['all', r.band.acceleratorFamily].filter(Boolean)) {
      const f = figures.find((x) => x.family === family && x.kind === r.band.kind);
      if (!f) continue; // too few runs of its kind there: the kind's range over all holds it
      assert.ok(ratio >= f.low && ratio <= f.high, `${r.run.id}: ${ratio} in ${family}`);
    }
  }
});

test("how finely the search ranks is this table's (core/src/search_resolution_data.cpp)", async () => {
  const f = training.searchResolutionFigures(result);
  const dense = training.searchResolutionFigures(result, 'dense');
  const moe = training.searchResolutionFigures(result, 'moe');
  // The file is what the generator writes from these runs (`node scripts/gen-validation.mjs`),
  // the dense models' runs and the MoE models' apart; together they are all the runs.
  const source = await readFile(
    new URL('../../core/src/search_resolution_data.cpp', import.meta.url),
    'utf8',
  );
  assert.equal(source, training.searchResolutionSource(dense, moe));
  assert.equal(dense.runs + moe.runs, f.runs);
  assert.equal(dense.within + moe.within, f.within);
  // The figures are the runs' own: a median and an upper quartile of the gaps either way (a
  // published layout the memory model calls tight can beat the best, which keeps the headroom),
  // rounded up, and the count within the target that the search summary counts apart.
  const gaps = bounded
    .filter((r) => !r.experiment)
    .map((r) => Math.abs(r.search?.ratio))
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  assert.equal(f.runs, gaps.length);
  const mid = (gaps[(gaps.length - 1) >> 1] + gaps[gaps.length >> 1]) / 2;
  assert.ok(f.median >= mid && f.median < mid + 0.001, `${f.median} for ${mid}`);
  // Three in four at most the quartile, and fewer under it by 0.1 %.
  const under = (x) => gaps.filter((g) => g <= x).length;
  assert.ok(under(f.quartile) >= 0.75 * gaps.length, `${f.quartile}`);
  assert.ok(under(f.quartile - 0.001) < 0.75 * gaps.length, `${f.quartile}`);
  assert.equal(f.within, summary.searchCount - summary.searchFar.length);
  // … and the module was built from it: a cluster search carries its model kind's figures, a
  // deadline search none.
  const figuresOf = (search) => [
    search.resolution.available,
    search.resolution.moe,
    search.resolution.runs,
    search.resolution.medianGap,
    search.resolution.quartileGap,
    search.resolution.withinTarget,
  ];
  const cluster = core.search({ model: 'gpt3-175b', clusterGpus: '1024', tokens: '300e9' });
  assert.deepEqual(figuresOf(cluster), [
    true,
    false,
    dense.runs,
    dense.median,
    dense.quartile,
    dense.within,
  ]);
  const moeSearch = core.search({ model: 'mixtral-8x7b', clusterGpus: '64', tokens: '1e12' });
  assert.deepEqual(figuresOf(moeSearch), [
    true,
    true,
    moe.runs,
    moe.median,
    moe.quartile,
    moe.within,
  ]);
  assert.equal(cluster.search.best.stepVsBest, 0);
  const deadline = core.search({ model: 'llama-3.1-8b', tokens: '1e12', deadlineDays: '20' });
  assert.equal(deadline.resolution.available, false);
});

// MLPerf Training v5.1's Llama 3.1 405B on DGX B200 (University of Florida's logs and NVIDIA's
// config): the paragraph says these runs are as far off as v5.0's GB200 ones and further than
// the same implementation on Hopper. Should the model come within Hopper's distance of them, the
// words must change.
test("MLPerf v5.1's B200 runs: further off than the same implementation on Hopper", () => {
  const { uf, hopper } = training.mlperfV51B200(rows);
  assert.deepEqual(
    uf.map((u) => u.gpus),
    [256, 448],
  );
  assert.equal(hopper.length, 7);
  const worstHopper = Math.max(...hopper);
  for (const u of uf) assert.ok(u.error > worstHopper + 0.1, `${u.gpus} GPUs: ${u.error}`);
});

// Its 8B runs at the same work per GPU (CP 2, 32 to 256 GPUs): the paragraph says the published
// step grows with the data-parallel group more than the predicted one.
test("MLPerf v5.1's 8B runs: the published step grows with DP more than the model's", () => {
  const { small } = training.mlperfV51B200(rows);
  const same = small.filter((u) => u.cp === 2);
  assert.deepEqual(
    same.map((u) => u.gpus),
    [32, 64, 128, 256],
  );
  const [first, last] = [same[0], same[same.length - 1]];
  assert.ok(
    last.publishedS - first.publishedS > 2 * (last.predictedS - first.predictedS),
    `${first.publishedS}→${last.publishedS} s against ${first.predictedS}→${last.predictedS} s`,
  );
});

// The section's paragraph on the expert all-to-all reads its figures from PR #5094's A/B; its
// words say the model charges more than the serial run leaves (and at least what the overlap
// hid). Should the model's all-to-all change so that this no longer holds, the words must too.
// The A/B brackets the all-to-all: at least what the overlap hid, at most what the serial run
// leaves beside the model's rest of the step. The flex dispatcher's charge falls inside.
// MLPerf Training v5.0's Llama 3.1 405B (the submitted configs and logs): one recipe on Hopper
// (NVIDIA's 512–8,192 H100, Nebius's 512 and 1,024 H200) within 10 % of the model, and each
// published layout among the search's best; GB200's 25.04 runs held only to the table's bounds.
test("MLPerf v5.0's Llama 3.1 405B on Hopper: within 10 %, each layout in the search's top 10", () => {
  const groups = training.mlperfLlama405b(rows);
  const hopper = groups.filter(
    (g) => g.accelerator === 'h100-80g' || g.accelerator === 'h200-141g',
  );
  assert.deepEqual(
    hopper.map((g) => [g.accelerator, g.runs]),
    [
      ['h100-80g', 5],
      ['h200-141g', 2],
    ],
  );
  for (const g of hopper) {
    assert.ok(g.low > -0.1 && g.high < 0.1, `${g.accelerator}: ${g.low} … ${g.high}`);
  }
  for (const g of groups) {
    assert.ok(g.worstRank >= 1 && g.worstRank <= training.TARGETS.searchTop, g.accelerator);
    assert.ok(g.worstRatio <= training.TARGETS.searchWithin, g.accelerator);
  }
});

// NeMo up to its 24.09 container ran Megatron-Core 0.9 or older, which has no ZeRO-3 (PyTorch
// FSDP-2 support came in commit e1993fa, 2024-11-13, first in Megatron-Core 0.10): the search for
// MLPerf's GPT-3 (v3.0-v4.1), NeMo 24.07's and DGX Cloud's 24.11 runs chooses among ZeRO 0 and 1.
test('NeMo runs before Megatron-Core 0.10 are searched without ZeRO-2 or ZeRO-3', () => {
  const old = rows.filter(
    (r) => /^(mlperf-v(30|31|40|41)|nemo2407|dgxc2411)-/.test(r.run.id) && r.search?.best,
  );
  assert.ok(old.length >= 30, `${old.length} runs`);
  for (const r of old)
    assert.ok(r.search.best.zero <= 1, `${r.run.id}: ZeRO-${r.search.best.zero}`);
});

// MLPerf Training v6.0's DeepSeek-V3 on GB300 (the submitted configs and logs: median
// train_step_time 39.40 and 20.13 s on NVIDIA's 256 and 512 GPUs at GBS 15,360; 6.28, 3.13 and
// 1.82 s on CoreWeave's 2,048, 4,096 and 8,192 at GBS 16,384; tokens routed as trained). NVIDIA's
// within 10 % of the model and of the search's best. The section says per-GPU throughput falls
// with scale faster published than predicted: should the model gain the term, the words change.
// The configs recompute nothing (RECOMPUTE_MODULES=""), as Megatron-Bridge 26.06's GB300 config
// (recompute_modules []): the plans must not take the DeepSeek-V3 recipe's default modules.
test("MLPerf v6.0's DeepSeek-V3 on GB300: NVIDIA's within 10 %, no recompute, the scale gap", () => {
  const runs = training.mlperfDeepseekV3(rows);
  assert.deepEqual(
    runs.map((u) => [u.accelerator, u.gpus]),
    [256, 512, 2048, 4096, 8192].map((gpus) => ['gb300', gpus]),
  );
  for (const u of runs.filter((u) => /-nvidia-/.test(u.id))) {
    assert.ok(Math.abs(u.error) < 0.1, `${u.id}: ${u.error}`);
  }
  // Outside the top 10, the words say, where the search's best has no pipeline (no stage holds
  // the multi-token-prediction layer and both heads beside its layers) and holds more of the card
  // than the published layout, within the headroom. (The NVIDIA runs ranked 9th, within 3 %,
  // before that layer was planned.)
  for (const u of runs.filter((u) => !(u.rank >= 1))) {
    const row = rows.find((r) => r.run.id === u.id);
    assert.equal(u.bestPp, 1, u.id);
    assert.equal(u.bestVerdict, 'fits', u.id);
    assert.ok(u.bestPeakGb > row.peakGb, u.id);
  }
  const [fewest, most] = [runs[0], runs[runs.length - 1]];
  const publishedFall = 1 - most.published / fewest.published;
  const predictedFall = 1 - most.predicted / fewest.predicted;
  assert.ok(publishedFall > predictedFall, `${publishedFall} vs ${predictedFall}`);
  assert.ok(most.microbatches < fewest.microbatches);
  for (const id of [...runs.map((u) => u.id), 'mbridge-2606-gb300-deepseekv3-256gpu']) {
    const row = rows.find((r) => r.run.id === id);
    assert.equal(row.plan.recompute, 'none', id);
    assert.equal(row.plan.recomputeModules, undefined, id);
  }
});

// Megatron-Bridge's GB200 MoE recipes in 26.04.01 and 26.06 (performance-summary-archive.md):
// the same GPUs and layouts, 17–74 % faster published in 26.06, which captures the whole
// iteration in one CUDA graph. The section says the model's errors on the 26.06 rows lie closer
// together than on 26.04.01's, whose overheads (host synchronization, unfused kernels) the model
// has no term for and which differed from model to model.
test("GB200's MoE recipes: 26.06 faster than 26.04.01, the model's errors closer together", () => {
  const pairs = training.gb200MoeReleases(rows);
  assert.deepEqual(
    pairs.map((p) => p.model),
    ['DeepSeek-V3', 'Qwen3-30B-A3B', 'Qwen3-235B-A22B', 'GPT-OSS 120B'],
  );
  for (const p of pairs) assert.ok(p.speedup > 1.15 && p.speedup < 1.8, JSON.stringify(p));
  const [after, before] = [training.spreadOf(pairs, 'after'), training.spreadOf(pairs, 'before')];
  assert.ok(after < before / 2, `${after} ${before}`);
});

// Megatron-Bridge 26.06 on Blackwell Ultra (docs/validation.md's paragraph): the GB300 runs,
// MoE ones with the whole iteration in one CUDA graph, nearer the model than any GB200 MoE run of
// either release; the B300's without that graph at least as far off as GB200's were before it
// (26.04.01); and B300's Qwen3-30B-A3B, which trained without recompute (its config, and
// Megatron's assertion against full recompute beside the all-to-all overlap), planned so and
// within the card in the memory model under the fused loss its scripts run.
test('Blackwell Ultra: GB300 near the model, B300 without whole-iteration graphs as GB200 before', () => {
  const runs = training.blackwellUltraRuns(rows);
  assert.equal(runs.length, 9);
  const gb200 = training.gb200MoeReleases(rows);
  // GB300 within 12.5 % both ways, and the model slower against published there than on the
  // GB200 runs of the same release: the GB300's GEMMs take the GB200's sustained share at 1,400 W
  // against 1,200 (kernel_catalog.cpp), no collection having measured a GB300's.
  const after = gb200.map((p) => p.after);
  for (const u of runs.filter((r) => r.gpu === 'GB300')) {
    assert.ok(Math.abs(u.error) <= 0.125, JSON.stringify([u.what, u.error]));
    assert.ok(u.error < Math.min(...after), JSON.stringify([u.what, u.error, after]));
  }
  const before = gb200.map((p) => p.before);
  for (const u of runs.filter((r) => r.gpu === 'B300' && !/Qwen3-30B/.test(r.what))) {
    assert.ok(u.error >= Math.min(...before), JSON.stringify([u.what, u.error, before]));
  }
  const qwen = runs.find((r) => r.gpu === 'B300' && /Qwen3-30B/.test(r.what));
  assert.equal(qwen.row.plan.recompute, 'none');
  assert.equal(qwen.row.plan.loss, 'fused');
  assert.ok(qwen.row.fits && qwen.row.peakGb <= qwen.row.cardGb, `${qwen.row.peakGb}`);
  assert.ok(Math.abs(qwen.error) <= training.TARGETS.maxAbsError, `${qwen.error}`);
});

// Megatron-Bridge 26.06's Llama 3 70B fine-tuning (docs/validation.md's paragraph): every SFT and
// LoRA row within 15 % (the largest today GB200's MXFP8 SFT, +11.4 %; GB300's LoRA −11.2 %), and
// LoRA's speed per token over full
// fine-tuning within 12 % of the published one on each GPU: the model credits the weight
// gradients a frozen base skips (step_time.cpp, Shape::frozen); without that credit it would
// put LoRA near full fine-tuning's speed where the runs went 1.55-1.61x.
test('Fine-tuning: SFT and LoRA rows near the model, LoRA faster per token as published', () => {
  const runs = training.fineTuningRuns(rows);
  assert.equal(runs.length, 3);
  for (const f of runs) {
    for (const r of [f.sft, f.lora, f.sftMx, f.loraMx].filter(Boolean)) {
      assert.ok(Math.abs(r.error) <= 0.15, `${r.run.id} ${r.error}`);
    }
    assert.ok(f.published > 1.5, `${f.gpu} ${f.published}`);
    assert.ok(Math.abs(f.model / f.published - 1) < 0.12, `${f.gpu} ${f.model} ${f.published}`);
  }
});

test("PR #5094's A/B brackets the model's all-to-all on HybridEP", () => {
  const b = training.allToAllBound(result.rows);
  assert.ok(b, 'both halves of the A/B are rows');
  assert.ok(b.atLeast > 0);
  assert.ok(b.implied >= b.atLeast, `${b.implied} < ${b.atLeast}`);
  assert.ok(b.modelled >= b.atLeast && b.modelled <= b.implied, JSON.stringify(b));
});

// docs/validation.md says GPT-OSS 120B ran at about the same share of the peak on H100, B200 and
// GB200, and the model at about the same multiple of it on each (what it lacks scales with the
// GPU, not a fixed cost per launch): the words hold while the rows say so.
test("GPT-OSS 120B's published MFU stays flat across GPUs, the model's a steady multiple of it", () => {
  const mfus = training.gptOssMfus(result.rows);
  assert.deepEqual(
    mfus.map((m) => m.gpu),
    ['H100', 'B200', 'GB200'],
  );
  const spread = (xs) => Math.max(...xs) - Math.min(...xs);
  assert.ok(spread(mfus.map((m) => m.published)) < 0.05, JSON.stringify(mfus));
  // The multiple grows far less than the GPU: GB200's bf16 peak is 2.53 times the H100's, where a
  // fixed cost per launch would weigh about that much more.
  const multiples = mfus.map((m) => m.model / m.published);
  for (const x of multiples) assert.ok(x > 1.3, JSON.stringify(mfus));
  assert.ok(Math.max(...multiples) / Math.min(...multiples) < 1.15, JSON.stringify(multiples));
});

// docs/validation.md says Qwen3-30B-A3B ran slower per GPU on GB200 (Grace hosts) than on B200
// (x86 hosts) with the same recipe and layout, while the model, which has no host, has GB200
// faster, and that both runs are slower than the model: the words hold while the rows say so.
test('Qwen3-30B-A3B on one node: published GB200 below B200, the model above', () => {
  const f = training.graceAgainstX86(result.rows);
  assert.ok(f, 'both one-node Qwen3-30B-A3B rows are under the bounds');
  assert.ok(f.published < 0, JSON.stringify(f));
  assert.ok(f.predicted > 0, JSON.stringify(f));
  for (const error of f.errors) assert.ok(error > 0, JSON.stringify(f));
});

// docs/validation.md puts what the model lacks per MoE layer and micro-batch on the one-node
// Qwen3-30B-A3B runs at the order of the host time TransformerEngine issue #2897 measured for its
// grouped MLP alone (~1.2 ms forward + ~2.1 ms backward on GB200), and more on Grace's GB200:
// the words hold while the rows keep the gaps within a factor of three of that figure.
test('Qwen3-30B-A3B on one node: what the model lacks per layer is of the host time measured', () => {
  const gaps = training.qwen3LayerGaps(result.rows);
  assert.ok(gaps, 'both one-node Qwen3-30B-A3B rows are under the bounds');
  const host = training.TE_GROUPED_MLP_HOST_S;
  for (const g of gaps) {
    assert.ok(g.gapS > host / 3 && g.gapS < host * 3, JSON.stringify(gaps));
  }
  const [b200, gb200] = gaps;
  assert.ok(gb200.gapS > b200.gapS, JSON.stringify(gaps));
});

// The search keeps to the routed experts per GPU the published MoE runs held, and flags a best
// with more (core/include/llm_sizer/search_limits.hpp, kMostValidatedExpertsPerGpu): the figure
// it quotes is this table's.
test("The search's experts-per-GPU warning quotes the most any validated MoE run held", () => {
  const perGpu = result.rows
    .filter((r) => !r.reason && r.metric && r.plan)
    .map((r) => {
      const experts = core.evaluate(r.plan).inputs.find((i) => i.field === 'moe_experts')?.value;
      return experts > 0 ? experts / Number(r.plan.ep ?? 1) : 0;
    });
  const most = Math.max(...perGpu);
  assert.ok(most > 0, 'MoE runs are under the bounds');
  const search = core.search({
    model: 'qwen3-235b-a22b',
    accelerator: 'h200-141g',
    clusterGpus: '64',
    searchLimits: 'experts=0.. ep=1 zero=3 tp=1 pp=1',
  });
  const issue = search.issues.find((i) => i.code === 'search_best_many_local_experts');
  assert.ok(issue, JSON.stringify(search.issues));
  assert.equal(Number(issue.params.validated), most);
});

// The ZeRO-3-across-nodes warning (web/src/i18n, issue.zero3_across_nodes and
// issue.search_best_zero3_across_nodes) quotes its published runs' steps against the model's: DeepSpeed's ZeRO-3 of Narayanan et al. 2021, Table 2, and torchtitan's FSDP2 on
// 64 A100. The figures are this table's, rounded to a tenth; when the model moves them, the
// words in both languages must move too.
test("the ZeRO-3 warning quotes this table's published ÷ predicted steps", async () => {
  const range = (selected) => {
    // Published step ÷ predicted step: how much faster than published the model says it runs.
    const ratios = selected.map((r) => training.speedRatio(r));
    assert.ok(ratios.length >= 5, `${ratios.length} runs`);
    return `${Math.min(...ratios).toFixed(1)}–${Math.max(...ratios).toFixed(1)}`;
  };
  const deepspeed = range(rows.filter((r) => r.metric && r.run.id.includes('-t2-zero3-')));
  const titan = range(bounded.filter((r) => r.run.id.startsWith('torchtitan-2404-')));
  for (const lang of ['en', 'zh-CN']) {
    const messages = JSON.parse(
      await readFile(new URL(`../../web/src/i18n/${lang}.json`, import.meta.url), 'utf8'),
    );
    for (const key of ['issue.zero3_across_nodes', 'issue.search_best_zero3_across_nodes']) {
      const text = messages[key];
      assert.ok(text.includes(deepspeed), `${lang} ${key} quotes DeepSpeed's ${deepspeed}`);
      assert.ok(text.includes(titan), `${lang} ${key} quotes torchtitan's ${titan}`);
    }
  }
});

// docs/validation.md's paragraph on Narayanan et al.'s Table 1: where the search is more than 10 %
// ahead of a layout the paper picked by its rule, it is by less tensor parallelism, whose
// collectives (Megatron's all-reduces, two a layer each way) then cost less of the step.
test("Table 1's layouts the search beats: less TP, and less time in its collectives", () => {
  const far = training.table1Layouts(summary.searchFar);
  assert.ok(far.length >= 1, 'the paragraph has rows to speak of');
  for (const f of far) {
    assert.ok(f.behind > training.TARGETS.searchWithin, f.id);
    assert.ok(f.best.tp < f.published.tp, `${f.id}: TP ${f.best.tp} against ${f.published.tp}`);
    assert.ok(f.best.tpCommS < f.published.tpCommS, `${f.id}: TP collectives`);
    assert.ok(f.best.tp * f.best.pp <= f.published.tp * f.published.pp, `${f.id}: TP × PP`);
  }
  assert.match(training.render({ rows, summary }), /chose Table 1’s layouts by rule/);
});

// Megatron asserts against full recompute beside the MoE all-to-all overlap (TransformerConfig:
// "disable full recomputation when enabling overlap_moe_expert_parallel_comm"): a run that
// states the overlap but not its recompute, and does not fit without one, is planned with a mode
// its framework accepts. B300's Qwen3-30B-A3B under Megatron's own loss (6 B per logit) does
// not fit without recompute in the memory model.
test('a run with the MoE all-to-all overlapped never falls back to full recompute', () => {
  const row = rows.find((r) => r.run.id === 'mbridge-2606-b300-qwen3_30b_a3b-8gpu-mxfp8');
  const { recompute, loss, ...stated } = row.plan;
  assert.equal(recompute, 'none');
  assert.equal(loss, 'fused');
  assert.equal(core.evaluate({ ...stated, recompute: 'none' }).training.memory.fits, false);
  const overlapped = withFrameworkRecompute(core, row.run, stated, null).texts;
  assert.notEqual(overlapped.recompute, 'full');
  const { moeOverlap, ...serial } = stated;
  assert.equal(moeOverlap, '1');
  assert.equal(withFrameworkRecompute(core, row.run, serial, null).texts.recompute, 'full');
});

// docs/validation.md splits PR #5094's serial HybridEP step as Megatron-Bridge's Nsight profile
// of rank 0 measured it (skill nemo-mbridge-perf-moe-comm-overlap: busy 22.821 s of 24.714 s,
// communication 9.079 ms beside compute = 0.11 % of it) and says the model's compute is about
// right there while its all-to-all is short: the words hold while the figures say so.
test("PR #5094's profile: the model's compute near the measured, its all-to-all short", () => {
  const f = training.hybridEpSplit(result.rows);
  assert.ok(f, 'the serial half of the A/B is a row');
  // 9.079 ms / 0.0011 = 8.254 s of communication; 22.821 − 8.254 + 0.009 = 14.576 s of compute;
  // 24.714 − 22.821 = 1.893 s idle (hand computation from the skill's table).
  assert.ok(Math.abs(f.measured.commS - 8.254) < 0.001, JSON.stringify(f));
  assert.ok(Math.abs(f.measured.computeS - 14.576) < 0.001, JSON.stringify(f));
  assert.ok(Math.abs(f.measured.idleS - 1.893) < 0.001, JSON.stringify(f));
  // docs/validation.md says "within 5 %" of the model (the fine-grained MoE paragraph).
  assert.ok(Math.abs(f.model.restS / f.measured.computeS - 1) < 0.05, JSON.stringify(f));
  assert.ok(f.model.commS < 0.8 * f.measured.commS, JSON.stringify(f));
  // With the overlap the compute is the same work: within 5 % of the serial run's.
  assert.ok(Math.abs(f.overlapped.computeS / f.measured.computeS - 1) < 0.05, JSON.stringify(f));
});

// docs/validation.md says the model orders Megatron-Bridge's Llama 3 70B SFT A/B (one setting or
// the layout changed at a time) as the runs came out, every variant slower than the recipe, and
// that it underrates TP 8: the words hold while the rows say so.
test('Llama 3 70B SFT A/B: the model orders the variants as measured, TP 8 underrated', () => {
  const ab = training.llamaSftAb(result.rows);
  assert.ok(ab, 'the control and its four variants are rows');
  const order = (key) =>
    [...ab]
      .sort((a, b) => a[key] - b[key])
      .map((v) => v.id)
      .join();
  assert.equal(order('predicted'), order('published'));
  for (const v of ab) assert.ok(v.published < 0 && v.predicted < 0, JSON.stringify(v));
  const tp8 = ab.find((v) => /tp8/.test(v.id));
  assert.ok(tp8.predicted > tp8.published, JSON.stringify(tp8));
  // Each of the others within 3.5 points of what was measured. PP 8 at DP 1 puts two stages on
  // each server (TP 4): since 2026-12-07 the sends across a server's edge go through the network,
  // as Megatron's rank order places them (step_time.cpp, stage_pass), which took the model from
  // −7.3 % to −8.4 % against the measured −5.1 %; within 3 points before, when they were counted
  // on NVLink.
  for (const v of ab.filter((x) => x !== tp8)) {
    assert.ok(Math.abs(v.predicted - v.published) < 0.035, JSON.stringify(v));
  }
});

// docs/validation.md says the verification cards' MoE runs under a whole-iteration CUDA graph
// are within a few per cent of the model but for DeepSeek-V3 on GB200, and that without the
// graph the fine-grained experts are far off while DeepSeek-V3 on H100 is not: the words hold
// while the rows say so.
test('Verification cards: whole-iteration graphs near the model, graphless fine-grained MoE far', () => {
  const { graphed, eager } = training.cardMoeRows(result.rows);
  assert.ok(graphed.length >= 7 && eager.length >= 3, `${graphed.length} / ${eager.length}`);
  // Every one within 10 % but DeepSeek-V3 on GB200 (+21.4 % until its multi-token-prediction
  // layer was planned, +7.1 % then, +16.5 % since its LM heads run in MXFP8 as its recipe sets:
  // fp8_output_proj, 2026-12-07), fast in the model as the archive's GB200 rows of it are, the
  // generated words say. GPT-OSS on GB300 runs its windowed layers' FP8 backward over the causal
  // square (formulas.md) and sits with the other GB300 runs.
  for (const r of graphed.filter((x) => !/deepseekv3-gb200/.test(x.run.id))) {
    assert.ok(Math.abs(r.error) < 0.1, `${r.run.id} ${r.error}`);
  }
  const gb200 = graphed.find((x) => /deepseekv3-gb200/.test(x.run.id));
  assert.ok(gb200.error > 0 && gb200.error < 0.25, `${gb200.error}`);
  const byId = (re) => eager.find((r) => re.test(r.run.id));
  assert.ok(byId(/gptoss120b-gb200/).error > 0.25);
  assert.ok(byId(/qwen3_30b_a3b-16gpu/).error > 0.25);
  // DeepSeek-V3's wider experts: slower than the model too, less so. (Within 10 % until its
  // node-limited routing cut the tokens' network traffic: +4.2 → +16.2 %.)
  const deepseek = byId(/deepseekv3-h100/).error;
  assert.ok(deepseek > 0 && deepseek < 0.25, `${deepseek}`);
  for (const r of eager) assert.ok(r.error > 0, `${r.run.id} ${r.error}`);
});

// docs/validation.md says the NVFP4 runs are each within 30 % and fall on the side of the model
// their accelerator's dense FP8 runs fall on (the GEMM rate carried from one B300 measurement adds
// no offset of its own): the words hold while the rows say so. (Within 25 % until their FP8
// attention was planned: the 8B runs on B200 came out 4–5 points faster.)
test('NVFP4 runs: within 30 %, each accelerator where its dense FP8 runs are', () => {
  const n = training.nvfp4Runs(result.rows);
  assert.ok(n.runs >= 21, `${n.runs}`);
  assert.ok(n.maxAbs < 0.3, `${n.maxAbs}`);
  for (const id of ['b200', 'gb200', 'gb300']) {
    const fp4 = n.byAccelerator[id];
    const fp8 = n.fp8ByAccelerator[id];
    assert.ok(fp4.runs >= 5 && fp8.runs >= 5, `${id} ${JSON.stringify([fp4, fp8])}`);
    assert.equal(Math.sign(fp4.median), Math.sign(fp8.median), id);
    assert.ok(Math.abs(fp4.median - fp8.median) < 0.12, `${id} ${fp4.median} ${fp8.median}`);
  }
});

// docs/validation.md says the search's best layouts sit closer to the card than the published
// ones, and that a published layout ranked below a tight best is often the search's fastest
// roomy layout: the words hold while the rows say so.
// The search keeps the layouts that fit with the headroom: its best is tight only where none
// fits with it, and it leaves the card about as much room as the published layouts do (median
// 69 % for both today, where its best sat at 86 % with tight layouts let in).
test("The search's best leaves room as the published layouts do", () => {
  const e = training.memoryEdge(result.rows);
  assert.ok(e.runs >= 150, `${e.runs}`);
  assert.equal(e.tightBests, e.fallbacks, JSON.stringify(e));
  assert.ok(e.tightBests < e.runs / 20, JSON.stringify(e));
  assert.ok(Math.abs(e.best.median - e.published.median) < 0.05, JSON.stringify(e));
  assert.ok(e.best.over <= e.published.over, JSON.stringify(e));
  assert.ok(e.tightPublished > 0, JSON.stringify(e));
});
