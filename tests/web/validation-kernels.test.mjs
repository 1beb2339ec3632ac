// The GEMM section of docs/validation.md (scripts/validation/kernels.mjs): the step-time model's
// GEMM function against NVIDIA's measured latencies of 500 training-sized GEMMs on A100, H100,
// H200 and B200 (validation/data/kernel-runs.json). Held to today's figures (BOUNDS).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadModule } from './load-module.mjs';
import * as attentionCudnn from '../../scripts/validation/attention-cudnn.mjs';
import * as collectives from '../../scripts/validation/collectives.mjs';
import * as kernels from '../../scripts/validation/kernels.mjs';
import * as nvlinkGroups from '../../scripts/validation/nvlink-groups.mjs';

const core = await loadModule();
const result = await kernels.evaluate(core);
// NVLink 4's bus bandwidth over its line rate: 370 of 450 GB/s (NVIDIA/nccl-tests#212).
const nvlinkShare = 370 / 450;

test('every GEMM of the data file is predicted and compared', () => {
  assert.equal(result.rows.length, 500);
  for (const r of result.rows) {
    assert.ok(Number.isFinite(r.error), `${JSON.stringify(r.run)}`);
    assert.ok(r.measuredUs > 0, 'the quantize kernels are less than the fp8 GEMM they came with');
  }
  assert.deepEqual(
    result.groups.map((g) => g.key),
    [
      'a100-80g bf16',
      'h100-80g bf16',
      'h100-80g fp8',
      'h200-141g bf16',
      'h200-141g fp8',
      'b200 bf16',
      'b200 fp8',
    ],
  );
});

test('errors within the bounds: overall, per accelerator and dtype, and the largest', () => {
  const { summary, groups } = result;
  assert.ok(summary.medianAbsPct <= kernels.BOUNDS.medianAbsErrorPct, `${summary.medianAbsPct}`);
  assert.ok(summary.maxAbsPct <= kernels.BOUNDS.maxAbsErrorPct, `${summary.maxAbsPct}`);
  for (const g of groups) {
    assert.ok(
      g.medianAbsPct <= kernels.BOUNDS.groupMedianAbsErrorPct,
      `${g.key} ${g.medianAbsPct}`,
    );
  }
});

test('the module times a GEMM as the kernel model states it (hand computation)', () => {
  // H100 SXM, bf16, 8192³: 256×128 tiles, 32 × 64 = 2,048 of them over 132 SMs in 16 waves
  // (utilization 2048 / 2112); the MAMF 794.5 TFLOP/s (Bekman, mamf-finder) at the level of
  // NVIDIA's power-measured GEMMs (1.0036 of it, kernel_catalog.cpp) reached from K 4096;
  // compute-bound (402.7 MB at 3.35 TB/s × 0.85 is 0.14 ms); plus a kernel's 2 µs.
  const rate = 794.5e12 * kernels.LEVEL.hopperBf16 * (2048 / (16 * 132));
  const expected = (2 * 8192 ** 3) / rate + 2e-6;
  assert.ok(
    Math.abs(core.gemmSeconds('h100-80g', 'bf16', 8192, 8192, 8192) / expected - 1) < 1e-12,
  );
  // fp8 halves the operands' bytes and runs at the fp8 MAMF (1402.6 of 1979 TFLOP/s).
  const fp8 = (2 * 8192 ** 3) / (1402.6e12 * (2048 / (16 * 132))) + 2e-6;
  assert.ok(Math.abs(core.gemmSeconds('h100-80g', 'fp8', 8192, 8192, 8192) / fp8 - 1) < 1e-12);
  // An unknown accelerator, or one without an fp8 peak, has no answer (and no abort).
  assert.ok(Number.isNaN(core.gemmSeconds('no-such-card', 'bf16', 8192, 8192, 8192)));
  assert.ok(Number.isNaN(core.gemmSeconds('a100-80g', 'fp8', 8192, 8192, 8192)));
  assert.equal(core.gemmSeconds('h100-80g', 'bf16', -1, 8192, 8192), 0);
});

test("training's GEMMs run at the sustained share NVIDIA measured, bf16 and fp8; A100 at MAMF", async () => {
  // validation/data/gemm-sustained.json: the same bf16 GEMMs timed over ≥ 1 s at the power limit
  // and in bursts; the module's automatic efficiency is the MAMF share (Bekman: H100 SXM 794.5 of
  // 989 TFLOP/s, B200 1745 of 2250, fp8 1402.6 of 1979 and 3432.5 of 4500, A100 271.2 of 312)
  // times its median, in fp8 too (kernel_catalog.cpp: a full-rate fp8 GEMM meets the same limit).
  const { families } = result.sustained;
  assert.deepEqual(
    families.map((f) => [f.family, f.shapes]),
    [
      ['hopper', 75],
      ['blackwell', 105],
      ['gb200', 150],
    ],
  );
  const efficiency = (accelerator, recipe) =>
    core.evaluate({ model: 'llama-3.1-8b', accelerator, recipe }).training.settings.gemmEfficiency;
  const mamf = {
    'h100-80g': (794.5 / 989) * kernels.LEVEL.hopperBf16,
    'h200-141g': (794.5 / 989) * kernels.LEVEL.hopperBf16,
    'h800-80g': (794.5 / 989) * kernels.LEVEL.hopperBf16,
    b200: (1745 / 2250) * kernels.LEVEL.b200Bf16,
    gb200: (1745 / 2250) * kernels.LEVEL.b200Bf16, // the B200's share, at the GB200's own peak
  };
  for (const f of families) {
    // Sustained GEMMs drew (near) the limit and ran slower than their bursts; GB200's kernels
    // slowed even below it (its TensorRT-LLM collection drew two thirds of it).
    const drawn = f.family === 'gb200' ? 0.9 : 0.95;
    assert.ok(f.powerOfLimit > drawn && f.share < 0.95 && f.share > 0.8, JSON.stringify(f));
    for (const accelerator of f.accelerators) {
      const share = efficiency(accelerator, 'megatron18') / mamf[accelerator];
      assert.ok(Math.abs(share - f.share) < 5e-5, `${accelerator}: ${share} against ${f.share}`);
    }
  }
  // GB200 against B200 on the same shapes: in bursts about as far apart as their rated peaks
  // (2500/2250 = 1.111), sustained much closer; GB200's own share is below the B200's.
  const { gb200 } = result.sustained;
  assert.equal(gb200.shapes, 75);
  assert.ok(Math.abs(gb200.burst - 2500 / 2250) < 0.03, JSON.stringify(gb200));
  assert.ok(gb200.sustained > 1 && gb200.sustained < 1.06, JSON.stringify(gb200));
  const share = (family) => families.find((f) => f.family === family).share;
  assert.ok(share('gb200') < share('blackwell') - 0.03);
  const hopper = families.find((f) => f.family === 'hopper').share;
  const blackwell = families.find((f) => f.family === 'blackwell').share;
  assert.ok(Math.abs(efficiency('h100-80g', 'fp8') - (1402.6 / 1979) * hopper) < 5e-5);
  const b200Fp8 = (3432.5 / 4500) * kernels.LEVEL.b200Fp8 * blackwell;
  assert.ok(Math.abs(efficiency('b200', 'fp8') - b200Fp8) < 5e-5);
  const a100 = (271.2 / 312) * kernels.LEVEL.a100;
  assert.ok(Math.abs(efficiency('a100-80g', 'megatron18') - a100) < 1e-12);
});

test("a step's GEMMs take NVIDIA's power-measured time; its largest bursts set the rest", () => {
  // kernel_catalog.cpp scales each family's MAMF share (LEVEL): Hopper and B200 bf16 so that the
  // module's GEMMs at the sustained share take NVIDIA's power-measured time (median over the
  // collection's shapes); what is left there is rounding. A changed collection or GEMM function
  // fails here.
  const ratio = (family) => result.sustained.check.find((c) => c.family === family).medianRatio;
  assert.ok(Math.abs(ratio('hopper') - 1) < 0.005, `${ratio('hopper')}`);
  assert.ok(Math.abs(ratio('blackwell') - 1) < 0.005, `${ratio('blackwell')}`);
  // The GB200 takes the B200's level: a few % fast against its own collections (TensorRT-LLM rc17
  // ran slower than its bursts even below the limit), not slow.
  assert.ok(ratio('gb200') > 0.95 && ratio('gb200') < 1, `${ratio('gb200')}`);
  const largest = (key) => result.largest.find((f) => f.key === key);
  for (const f of result.largest) assert.ok(f.count >= 4, JSON.stringify(f));
  // The A100, with no power-measured collection, runs at its burst level: its largest GEMMs'.
  assert.ok(Math.abs(largest('A100 bf16').medianPct) < 0.5, JSON.stringify(largest('A100 bf16')));
  // Blackwell fp8 has no power-measured collection at full rate: bf16's level times what gives
  // TransformerEngine's own fp8 ÷ bf16 gain (te-gemm-profiling.json, the last test). TensorRT-LLM's
  // largest fp8 GEMMs, which had set it, gain 7-8 % more over its bf16 ones than the module does.
  const b200 =
    (1 + largest('B200 fp8').medianPct / 100) / (1 + largest('B200 bf16').medianPct / 100);
  assert.ok(b200 > 1.05 && b200 < 1.1, `${b200}`);
  // TensorRT-LLM's per-tensor FP8 GEMM accumulates fast (cublasScaledMM.cpp); training's backward
  // GEMMs do not (TransformerEngine's split accumulator), nor did mamf-finder: the collection
  // runs faster than the model there, and the model keeps the MAMF.
  assert.ok(largest('H100, H200 fp8').medianPct > 5, JSON.stringify(largest('H100, H200 fp8')));
});

test("Blackwell Ultra's attention runs at its sibling's times NVIDIA's cuDNN ratios", () => {
  // validation/data/attention-cudnn.json: NVIDIA's cuDNN training benchmark timed a GB300 and a
  // GB200 with the same cuDNN three times (9.17, 9.22, 9.26); the module takes the medians of
  // GB300 over GB200 at 4,096-16,384 tokens, forward and backward, for both Ultra presets.
  const { ultra, ultraMeasured, ultraModule } = result.attentionCudnn;
  assert.equal(ultra.length, 9);
  for (const pass of ['fwd', 'bwd']) {
    for (const m of Object.values(ultraModule)) {
      // 2 µs of fixed cost per call is all that keeps the module's ratio off the constant's.
      assert.ok(Math.abs(m[pass] / ultraMeasured[pass] - 1) < 0.001, JSON.stringify(m));
    }
  }
  // Every release has Blackwell Ultra faster both ways, the forward more in the median (the
  // exponentials are one of its limits).
  for (const u of ultra) assert.ok(u.fwd > 1.1 && u.bwd > 1 && u.fwd < 1.4, JSON.stringify(u));
  assert.ok(ultraMeasured.fwd > ultraMeasured.bwd + 0.1);
  // NVIDIA's prefill collections (validation/data/attention-ultra.json) time other engines'
  // forward kernels at the same shapes: every collection within 0.13 of the training ratio.
  const { pairs, siblings } = result.attentionUltra;
  assert.deepEqual(
    pairs.map((p) => [p.ultra, p.rows.filter((r) => !r.excluded).length]),
    [
      ['b300', 5],
      ['gb300', 6],
    ],
  );
  for (const p of pairs) {
    assert.ok(Math.abs(p.module - ultraMeasured.fwd) < 0.001, `${p.ultra}: ${p.module}`);
    assert.ok(p.low > 1.1 && p.high < 1.4, JSON.stringify(p));
    for (const r of p.rows.filter((x) => !x.excluded)) {
      assert.ok(Math.abs(r.median - ultraMeasured.fwd) < 0.13, JSON.stringify(r));
    }
  }
  // The one collection left out times more than the B200's dense bf16 peak (2,250 TFLOP/s).
  const left = pairs.flatMap((p) => p.rows.filter((r) => r.excluded));
  assert.deepEqual(
    left.map((r) => [r.collection, r.base]),
    [['sglang/0.5.10', 'b200_sxm']],
  );
  assert.ok(left[0].base_tflops_median > 2250);
  // The siblings' estimate lands within 5 % of the newest collection's ratio to the H100.
  for (const s of siblings) {
    assert.ok(Math.abs(s.module / s.measured - 1) < 0.05, JSON.stringify(s));
  }
  const attention = (accelerator) =>
    core.evaluate({ model: 'llama-3.1-8b', accelerator }).training.settings.attentionEfficiency;
  assert.ok(attention('gb300') > attention('gb200') * 1.19);
});

test("attention kernels against NVIDIA's cuDNN benchmark: where the model stands", () => {
  // validation/data/attention-cudnn.json: cuDNN's training kernel (bf16, causal, head dim 128)
  // timed forward and backward on H200, B200, GB200 and GB300 under cuDNN 9.10-9.26, at 2,048 to
  // 32,768 tokens; the module's attention core at the same shapes (attentionSeconds).
  const { sets } = result.attentionCudnn;
  assert.equal(sets.length, 9);
  for (const set of sets) {
    assert.deepEqual(
      set.rows.map((r) => r.seq),
      [2048, 4096, 8192, 16384, 32768],
    );
    for (const r of set.rows) assert.ok(r.fwd > 0 && r.bwd > 0, JSON.stringify(r));
  }
  // The boundary: nothing to time is NaN, never an abort.
  for (const args of [
    ['no-such-card', 1, 64, 8192, 128, 'fwd', 0, 'bf16'],
    ['h100-80g', 0, 64, 8192, 128, 'bwd', 0, 'bf16'],
    ['h100-80g', 1, NaN, 8192, 128, 'fwd', 0, 'bf16'],
    ['h100-80g', 1, 64, Infinity, 128, 'fwd', 0, 'bf16'],
    ['h100-80g', 1, 64, 8192, -128, 'bwd', 0, 'bf16'],
    ['h100-80g', 1, 64, 8192, 128, 'bwd', -1, 'bf16'],
    ['h100-80g', 1, 64, 8192, 128, 'bwd', NaN, 'bf16'],
    ['h100-80g', 1, 64, 8192, 128, 'fwd', 0, 'mxfp8'], // MXFP8 runs on Blackwell only
    ['a100-80g', 1, 64, 8192, 128, 'fwd', 0, 'fp8'], // no FP8 attention timed there
    ['gb200', 1, 64, 8192, 128, 'fwd', 0, 'fp4'],
  ]) {
    assert.ok(Number.isNaN(core.attentionSeconds(...args)), JSON.stringify(args));
  }
  // From 8,192 tokens on, every release timed runs faster than the model, both passes: its
  // Hopper figures are FlashAttention-3's (cuDNN of 2024), its Blackwell ones an estimate.
  for (const set of sets) {
    for (const r of set.rows.filter((x) => x.seq >= 8192)) {
      assert.ok(r.fwd < 1 && r.bwd < 1, `${set.accelerator} ${set.cudnn} ${JSON.stringify(r)}`);
      assert.ok(
        r.fwd > 0.55 && r.bwd > 0.65,
        `${set.accelerator} ${set.cudnn} ${JSON.stringify(r)}`,
      );
    }
  }
  // At 2,048 tokens the B200's kernels of cuDNN 9.10 and 9.13 ran at not half their long rate:
  // the model, whose curve is FlashAttention-3's, is well ahead of them there.
  for (const set of sets.filter((s) => s.accelerator === 'b200')) {
    assert.ok(set.rows[0].fwd > 1.5 && set.rows[0].bwd > 2, JSON.stringify(set.rows[0]));
  }
  // The H200's cuDNN 9.19 against the H100's FlashAttention-3 figures at 16k tokens (the same
  // die and clocks): 527 of 673 forward, 505 of 579 backward.
  const h200 = sets.find((s) => s.accelerator === 'h200-141g').rows.find((r) => r.seq === 16384);
  assert.ok(Math.abs(h200.moduleFwd - (539 * 16384) / 16744) < 2, JSON.stringify(h200));
  assert.ok(h200.fwd > 0.75 && h200.fwd < 0.82 && h200.bwd > 0.84 && h200.bwd < 0.9);
});

test("sliding windows against NVIDIA's cuDNN benchmark: bf16 at the curve's twice-the-window rate, FP8's backward the causal square", () => {
  // validation/data/attention-cudnn.json `windows`: GPT-OSS's shape (head dim 64) with a 128-token
  // window on a GB200 and a GB300 (cuDNN 9.22, bf16 and per-tensor FP8) and a 1,024-token one on an
  // H200 (cuDNN 9.19, bf16); the module's rate over the kernel's (time ratios).
  const { windows } = result.attentionCudnn;
  assert.equal(windows.length, 5);
  const f = attentionCudnn.windowFigures(windows);
  // FP8's backward computes the causal square: charged so, the model is within 20 % of it from 2k
  // to 32k tokens (its time grows 168-fold over that range; a windowed charge would be 16-fold).
  assert.ok(f.fp8Bwd.low > 0.95 && f.fp8Bwd.high < 1.2, JSON.stringify(f.fp8Bwd));
  // bf16 on Blackwell: about twice the kernels' rate (four times, at the sequence's efficiency).
  assert.ok(f.blackwellBf16Bwd.low > 1.7 && f.blackwellBf16Bwd.high < 2.1, JSON.stringify(f));
  assert.ok(f.blackwellBf16Fwd.high < 2.2, JSON.stringify(f));
  // FP8's forward gains on the key loop alone, as measured (1.07-1.08 over bf16): the model sits
  // where its bf16 forward does (it sat at 2.2-2.5 with the causal kernels' speedup).
  assert.ok(f.fp8Fwd.low > 1.7 && f.fp8Fwd.high < 2.1, JSON.stringify(f));
  // Hopper's 1,024-token window: within 25 % either way.
  assert.ok(f.hopperFwd.low > 0.75 && f.hopperBwd.high < 1.25, JSON.stringify(f));
});

test("Blackwell's NVLink runs collectives at NVIDIA's measured share of its line rate", () => {
  // validation/data/nccl-nvlink.json: NCCL 2.29.2 timed the same all-gathers, reduce-scatters and
  // all-to-alls (64 MB and more) on H100, H200, B200, B300, GB200 and GB300. NVLink 5 doubles
  // NVLink 4's line rate; the collectives ran a median 1.80 times as fast on eight GPUs, so the
  // Blackwell presets take NVLink 4's share (370 of 450 GB/s) times that over two.
  const { table, nvlink5, module } = result.nvlink;
  assert.ok(nvlink5 > 1.7 && nvlink5 < 1.9, `${nvlink5}`);
  for (const preset of ['b200_sxm', 'b300_sxm', 'gb200', 'gb300']) {
    assert.ok(Math.abs(module[preset] - (nvlinkShare * nvlink5) / 2) < 1e-4, preset);
  }
  // The H200 has the H100's NVLink 4: the method gives it the H100's share, within 2 %.
  for (const row of table.filter((t) => t.accelerator === 'h200_sxm')) {
    for (const ratio of Object.values(row.ops)) assert.ok(Math.abs(ratio - 1) < 0.08, `${ratio}`);
  }
  assert.ok(Math.abs(module.h200_sxm - nvlinkShare) < 1e-12);
  // The Grace-hosted NVL72 trays ran their 4-GPU collectives as their HGX siblings did (within
  // 2.1 %: GB300 all-to-all).
  const at4 = (a) => table.find((t) => t.accelerator === a && t.gpus === 4).ops;
  for (const [gb, hgx] of [
    ['gb200', 'b200_sxm'],
    ['gb300', 'b300_sxm'],
  ]) {
    for (const op of Object.keys(at4(gb))) {
      assert.ok(Math.abs(at4(gb)[op] / at4(hgx)[op] - 1) < 0.025, `${gb} ${op}`);
    }
  }
});

test("NCCL's collectives inside a node, size by size, within the bounds", () => {
  // validation/data/nccl-nvlink.json: all-gathers, reduce-scatters and all-to-alls of 512 B to
  // 1 GB on 2, 4 and 8 GPUs of seven accelerators. Small rings go by NCCL's LL protocol
  // (step_time.cpp), the largest by Simple; each size band and all of them held to today's
  // figures.
  const { rows, summary, bands } = result.collectives;
  assert.equal(rows.length, 1197);
  for (const r of rows) assert.ok(Number.isFinite(r.error), JSON.stringify(r));
  assert.ok(summary.medianAbsPct <= collectives.BOUNDS.medianAbsPct, `${summary.medianAbsPct}`);
  for (const b of bands) {
    assert.ok(b.medianAbsPct <= collectives.BOUNDS.bandMedianAbsPct, `${b.key} ${b.medianAbsPct}`);
  }
  // From 64 MB on, where bandwidth decides, each group size and the all-to-all at its own share
  // (below).
  const large = bands.find((b) => b.low === 64 * 2 ** 20);
  assert.ok(large.medianAbsPct <= collectives.BOUNDS.largeMedianAbsPct, `${large.medianAbsPct}`);
  // On H100 the small collectives (LL's latency) are within 10 % of NVIDIA's timings.
  const h100 = result.collectives.table.find((t) => t.accelerator === 'h100_sxm').bands[0];
  assert.ok(Math.abs(h100.medianPct) < 10, JSON.stringify(h100));
});

test('groups of 2 and 4 GPUs, and all-to-alls, run at the share of a ring over 8 NCCL measured', () => {
  // validation/data/nccl-nvlink.json, 64 MB and more, half precision: on every accelerator a ring
  // over 2 or 4 GPUs of one node reached less bus bandwidth than over 8, an all-to-all less than
  // a ring. The module's shares (kernel_model.hpp) are those medians, per NVLink generation.
  const { families, trays } = result.nvlinkGroups;
  assert.deepEqual(
    families.map((f) => f.family),
    Object.keys(nvlinkGroups.FAMILIES),
  );
  for (const { family, kinds } of families) {
    for (const [kind, byGpus] of Object.entries(kinds)) {
      for (const [gpus, s] of Object.entries(byGpus)) {
        const where = `${family} ${kind} ${gpus}`;
        assert.ok(s.count >= 4, where);
        assert.ok(s.measured < 1.01 && s.measured > 0.5, `${where} ${s.measured}`);
        // The module's share is the measured median (latency of a 16 GiB collective aside).
        assert.ok(Math.abs(s.module / s.measured - 1) < 0.002, `${where} ${s.module}`);
      }
      assert.ok(byGpus[2].measured < byGpus[4].measured, `${family} ${kind}`);
    }
  }
  // Small collectives: the A100's and Blackwell's wait beyond the H100's is the module's; the
  // H200's, on the same NVLink 4, is next to none.
  for (const l of result.nvlinkGroups.latency) {
    assert.ok(Math.abs(l.moduleUs - l.measuredUs) < 0.05, JSON.stringify(l));
  }
  const hopper = result.nvlinkGroups.latency.find((l) => l.family === 'hopper');
  assert.ok(Math.abs(hopper.measuredUs) < 0.2 && hopper.moduleUs === 0, JSON.stringify(hopper));
  // The NVL72 trays, timed at 2 and 4 GPUs, lose as much from 4 to 2 as their HGX siblings: what
  // lets them take the siblings' shares.
  for (const t of trays) {
    assert.ok(Math.abs(t.tray2of4 / t.sibling2of4 - 1) < 0.01, JSON.stringify(t));
  }
});

test("TransformerEngine's GEMM benchmark: Blackwell's fp8 gain is TE's, Hopper's differs by fast accumulation", () => {
  // validation/data/te-gemm-profiling.json: one layer's twelve GEMMs (15,872 tokens, hidden 4,096,
  // FFN 16,384) on a B300 and an H200 NVL (TransformerEngine docs/examples/gemm_profiling at
  // d0067d0da). Pre-quantized per layer: B300 bf16 13.102, per-tensor fp8 6.812, MXFP8 7.161 ms;
  // H200 NVL bf16 31.968, per-tensor 16.785 ms.
  const { sets } = result.teGemm;
  const b300 = sets.find((s) => s.accelerator === 'b300');
  const nvl = sets.find((s) => s.sibling === 'h200-141g');
  const recipe = (set, id) => set.recipes.find((r) => r.recipe === id);
  assert.equal(recipe(b300, 'tensorwise').measuredSpeedup, 13.102 / 6.812);
  // Blackwell's fp8 level (kernel_catalog.cpp) and MXFP8's share (fp8_recipe.hpp) are set from
  // these rows: the module's gains are the measured ones.
  for (const id of ['tensorwise', 'mxfp8']) {
    const r = recipe(b300, id);
    assert.ok(Math.abs(r.moduleSpeedup / r.measuredSpeedup - 1) < 0.002, JSON.stringify(r));
  }
  // The benchmark's Hopper GEMMs accumulate fast (use_split_accumulator false), which TE's
  // training dgrad and wgrad do not: its gain is above the module's, by less than the 11 % fast
  // accumulation gave TensorRT-LLM's largest Hopper GEMMs over the MAMF (kernel_catalog.cpp).
  const h = recipe(nvl, 'tensorwise');
  assert.ok(h.measuredSpeedup > h.moduleSpeedup && h.measuredSpeedup < 1.11 * h.moduleSpeedup);
  // Autocast: what quantizing each call's input and weight adds on the B300, measured 2.335 ms
  // (per-tensor) and 1.823 ms (MXFP8), sets Blackwell's memory efficiency (kernel_catalog.cpp,
  // 0.732): the module's quantization of the same tensors is within 0.5 % of both. Delayed
  // scaling's casts, 3 bytes an element in the module, ran cheaper: its autocast gain 1.635
  // measured, the module's within 5 % below it.
  for (const id of ['tensorwise', 'mxfp8']) {
    const r = recipe(b300, id);
    const ratio = r.moduleOverhead / r.measuredOverhead;
    assert.ok(Math.abs(ratio - 1) < 0.005, `${id}: ${ratio}`);
  }
  const delayed = recipe(b300, 'delayed');
  const gain = delayed.moduleAutocastSpeedup / delayed.measuredAutocastSpeedup;
  assert.ok(gain < 1 && gain > 0.95, `${gain}`);
  // NVFP4: pre-quantized 3.764 ms. Its GEMM rate over the per-tensor fp8 one is set from this
  // row (fp8_recipe.hpp, 6.812 / 3.764); what its autocast adds (6.453 − 3.764 = 2.689 ms) is
  // not: the module's casts move what TransformerEngine's NVFP4 kernels read and write (an amax
  // pass and one fused cast to both 4-bit copies, csrc/quantizer.cpp), 11 % short of it.
  const fp4 = recipe(b300, 'nvfp4');
  assert.equal(fp4.measuredSpeedup, 13.102 / 3.764);
  assert.ok(Math.abs(fp4.moduleSpeedup / fp4.measuredSpeedup - 1) < 0.01, JSON.stringify(fp4));
  const fp4Overhead = fp4.moduleOverhead / fp4.measuredOverhead;
  assert.ok(fp4Overhead > 0.85 && fp4Overhead < 1, `${fp4Overhead}`);
  // No FP4 training off Blackwell's SM 10.x parts.
  assert.ok(Number.isNaN(core.gemmSeconds('h100-80g', 'nvfp4', 8192, 8192, 8192)));
  assert.ok(Number.isNaN(core.quantizeSeconds('h200-141g', 'nvfp4', 1e6)));
  // The boundary: an unknown preset or recipe, one the card cannot run, or a bad count is NaN.
  assert.ok(Number.isNaN(core.quantizeSeconds('no-such-card', 'delayed', 1e6)));
  assert.ok(Number.isNaN(core.quantizeSeconds('b300', 'fp4', 1e6)));
  assert.ok(Number.isNaN(core.quantizeSeconds('h100-80g', 'mxfp8', 1e6)));
  assert.ok(Number.isNaN(core.quantizeSeconds('a100-80g', 'delayed', 1e6)));
  assert.ok(Number.isNaN(core.quantizeSeconds('b300', 'delayed', -1)));
  assert.ok(Number.isNaN(core.quantizeSeconds('b300', 'delayed', NaN)));
  assert.equal(core.quantizeSeconds('b300', 'delayed', 0), 0);
  assert.ok(Number.isNaN(core.gemmSeconds('h100-80g', 'mxfp8', 8192, 8192, 8192)));
  assert.ok(Number.isNaN(core.gemmSeconds('b300', 'fp4', 8192, 8192, 8192)));
  // Per-tensor recipes share one GEMM rate.
  assert.equal(
    core.gemmSeconds('b300', 'fp8', 8192, 8192, 8192),
    core.gemmSeconds('b300', 'tensorwise', 8192, 8192, 8192),
  );
});
