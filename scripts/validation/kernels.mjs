// GEMM kernels against NVIDIA's measured latencies (validation/data/kernel-runs.json: the
// GEMM tables NVIDIA's AIConfigurator collected with TensorRT-LLM on A100, H100, H200 and B200).
// The step-time model times every GEMM of a layer with the same function the module exposes as
// gemmSeconds: the accelerator preset's measured GEMM efficiency (MAMF), tile and wave
// quantization over its SMs, the short-K cost on Hopper and the HBM roofline. Each family's level
// (kernel_catalog.cpp, LEVEL below) comes from NVIDIA's power-measured collection where there is
// one, else from these rows' largest GEMMs (the A100, and Blackwell fp8's ratio to bf16); the rest
// of each shape's time is not fitted to them. fp8 rows are compared without the activation's amax
// and quantize kernels the collection timed with them (the step-time model counts those casts
// apart).
import { readFile } from 'node:fs/promises';
import * as attentionCudnn from './attention-cudnn.mjs';
import * as attentionUltra from './attention-ultra.mjs';
import * as collectives from './collectives.mjs';
import * as nvlink from './nvlink.mjs';
import * as nvlinkGroups from './nvlink-groups.mjs';
import * as teGemm from './te-gemm.mjs';
import { median } from './stats.mjs';

export const id = 'kernels';
export const title = 'GEMM kernels';
/** |predicted − measured| / measured, in %: the median of each accelerator and dtype, and all. */
export const BOUNDS = { medianAbsErrorPct: 7.5, groupMedianAbsErrorPct: 13, maxAbsErrorPct: 60 };

const DATA = new URL('../../validation/data/kernel-runs.json', import.meta.url);

/**
 * kernel_catalog.cpp's scale of each family's MAMF share (the tests hold the module and the data
 * to them): Hopper and Blackwell bf16 from the power-measured collections, the A100 from these
 * rows' largest GEMMs, Blackwell fp8 the bf16 level times the factor that gives TransformerEngine's
 * own fp8 ÷ bf16 gain at a layer's GEMMs (te-gemm.mjs; the tests hold it to the data).
 */
export const LEVEL = {
  a100: 0.9866,
  hopperBf16: 1.0036,
  b200Bf16: 0.9525,
  b200Fp8: 0.9525 * 0.9796,
};

/**
 * The largest GEMMs (M, N and K of 8192 or more) by preset family and dtype, and what sets each
 * family's level (`level`). TensorRT-LLM's Hopper fp8 GEMM accumulates fast, which
 * TransformerEngine's backward does not: it keeps the MAMF.
 */
export const LARGEST = [
  { key: 'A100 bf16', groups: ['a100-80g bf16'], level: 'these GEMMs (no power-measured one)' },
  {
    key: 'H100, H200 bf16',
    groups: ['h100-80g bf16', 'h200-141g bf16'],
    level: 'the power-measured collection',
  },
  {
    key: 'H100, H200 fp8',
    groups: ['h100-80g fp8', 'h200-141g fp8'],
    level: 'the MAMF (fast accumulation here, not in training)',
  },
  { key: 'B200 bf16', groups: ['b200 bf16'], level: 'the power-measured collection' },
  {
    key: 'B200 fp8',
    groups: ['b200 fp8'],
    level: "bf16's, times TransformerEngine's fp8 ÷ bf16 (below)",
  },
];
const LARGEST_DIM = 8192;
// A kernel's fixed cost (kernel_model.hpp, kKernelOverheadS): not stretched by the power limit.
const KERNEL_OVERHEAD_S = 2e-6;
/** The preset each power-measured family's rows are predicted with. */
const SUSTAINED_PRESET = { hopper: 'h200-141g', blackwell: 'b200', gb200: 'gb200' };
const SUSTAINED = new URL('../../validation/data/gemm-sustained.json', import.meta.url);

/** The accelerator presets each family's sustained share applies to (kernel_catalog.cpp). */
export const SUSTAINED_FAMILIES = {
  hopper: ['h100-80g', 'h200-141g', 'h800-80g'],
  blackwell: ['b200'],
  gb200: ['gb200'],
};

/**
 * bf16 GEMMs timed by NVIDIA both over ≥ 1 s at the power limit and in millisecond bursts: per
 * family, the median over its shapes of burst ÷ sustained time (each shape's burst time the
 * median of its burst collections), the quartiles, and the power drawn.
 */
export async function sustainedShares() {
  const data = JSON.parse(await readFile(SUSTAINED, 'utf8'));
  const families = Object.keys(SUSTAINED_FAMILIES).map((family) => {
    const rows = data.rows.filter((r) => r.family === family);
    const shares = rows
      .map((r) => median(Object.values(r.burst_ms)) / r.sustained_ms)
      .sort((a, b) => a - b);
    return {
      family,
      accelerators: SUSTAINED_FAMILIES[family],
      shapes: rows.length,
      collections: [...new Set(rows.map((r) => r.sustained_collection))],
      share: median(shares),
      q1: shares[Math.floor(shares.length / 4)],
      q3: shares[Math.floor((3 * shares.length) / 4)],
      powerOfLimit: median(rows.map((r) => r.power_w / r.power_limit_w)),
    };
  });
  return { source: data.source, families, rows: data.rows, gb200: gb200AgainstB200(data.rows) };
}

/**
 * A training step's bf16 GEMM as the module times it (the burst time the collections' share
 * stretches, less the kernel's fixed cost) against NVIDIA's power-measured time of the same
 * shape: per family, the median of predicted ÷ measured.
 */
function sustainedCheck(core, { rows, families }) {
  return families.map((f) => {
    const list = rows.filter((r) => r.family === f.family);
    const ratios = list.map((r) => {
      const burst = core.gemmSeconds(SUSTAINED_PRESET[f.family], 'bf16', r.m, r.n, r.k);
      const predicted = (burst - KERNEL_OVERHEAD_S) / f.share + KERNEL_OVERHEAD_S;
      return predicted / (r.sustained_ms / 1e3);
    });
    return { family: f.family, shapes: list.length, medianRatio: median(ratios) };
  });
}

/**
 * GB200 against B200 on the same shapes in the same collection: the median of B200 ÷ GB200 time,
 * sustained (vLLM 0.22.0, both power-measured) and in bursts (vLLM 0.19.0).
 */
function gb200AgainstB200(rows) {
  const shape = (r) => `${r.m}x${r.n}x${r.k}`;
  const b200 = new Map(
    rows
      .filter((r) => r.sustained_collection === 'b200_sxm/gemm/vllm/0.22.0')
      .map((r) => [shape(r), r]),
  );
  const pairs = rows
    .filter((r) => r.sustained_collection === 'gb200/gemm/vllm/0.22.0' && b200.has(shape(r)))
    .map((r) => [b200.get(shape(r)), r]);
  return {
    shapes: pairs.length,
    sustained: median(pairs.map(([b, g]) => b.sustained_ms / g.sustained_ms)),
    burst: median(
      pairs.map(
        ([b, g]) => b.burst_ms['b200_sxm/gemm/vllm/0.19.0'] / g.burst_ms['gb200/gemm/vllm/0.19.0'],
      ),
    ),
  };
}

/** The data file's rows with the module's prediction, and the errors by group. */
export async function evaluate(core) {
  const data = JSON.parse(await readFile(DATA, 'utf8'));
  const rows = data.runs.map((run) => {
    const measuredUs =
      run.dtype === 'fp8'
        ? run.latency_us - run.compute_scale_us - run.quantize_us
        : run.latency_us;
    const predictedUs = core.gemmSeconds(run.accelerator, run.dtype, run.m, run.n, run.k) * 1e6;
    const flops = 2 * run.m * run.n * run.k;
    return {
      run,
      measuredUs,
      predictedUs,
      measuredTflops: flops / measuredUs / 1e6,
      predictedTflops: flops / predictedUs / 1e6,
      error: (predictedUs / measuredUs - 1) * 100,
    };
  });
  const groups = new Map();
  for (const r of rows) {
    const key = `${r.run.accelerator} ${r.run.dtype}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(r);
  }
  const summarize = (list) => {
    const errors = list.map((r) => r.error);
    return {
      count: list.length,
      medianPct: median(errors),
      medianAbsPct: median(errors.map(Math.abs)),
      minPct: Math.min(...errors),
      maxPct: Math.max(...errors),
      maxAbsPct: Math.max(...errors.map(Math.abs)),
    };
  };
  const largest = LARGEST.map((family) => {
    const list = rows.filter(
      (r) =>
        family.groups.includes(`${r.run.accelerator} ${r.run.dtype}`) &&
        Math.min(r.run.m, r.run.n, r.run.k) >= LARGEST_DIM,
    );
    return { ...family, count: list.length, medianPct: median(list.map((r) => r.error)) };
  });
  const sustained = await sustainedShares();
  return {
    source: data.source,
    sustained: { ...sustained, check: sustainedCheck(core, sustained) },
    rows,
    groups: [...groups].map(([key, list]) => ({ key, ...summarize(list) })),
    largest,
    summary: summarize(rows),
    attentionUltra: await attentionUltra.evaluate(core),
    attentionCudnn: await attentionCudnn.evaluate(core),
    teGemm: await teGemm.evaluate(core),
    nvlink: await nvlink.evaluate(core),
    nvlinkGroups: await nvlinkGroups.evaluate(core),
    collectives: await collectives.evaluate(core),
  };
}

const signed = (v) =>
  Math.abs(v) < 0.05 ? '0.0 %' : `${v >= 0 ? '+' : '−'}${Math.abs(v).toFixed(1)} %`;
const num = (v) => Math.round(v).toLocaleString('en-US');

export function render(result) {
  const { summary, groups, source } = result;
  const out = [
    `${summary.count} GEMMs of training size (M tokens 4,096–16,384, N and K 1,024–16,384) on ` +
      `four accelerators, each timed by NVIDIA and by the step-time model's GEMM function: median ` +
      `|error| ${summary.medianAbsPct.toFixed(1)} %, largest ${summary.maxAbsPct.toFixed(1)} % ` +
      `(error = predicted ÷ measured time − 1: positive is slower than measured). ` +
      `Bounds held by \`tests/web/validation-kernels.test.mjs\`: median ≤ ` +
      `${BOUNDS.medianAbsErrorPct} %, each accelerator and dtype's median ≤ ` +
      `${BOUNDS.groupMedianAbsErrorPct} %, largest ≤ ${BOUNDS.maxAbsErrorPct} %.`,
    '',
    `Source: [${source.title}](${source.files['h100-80g']}) (${source.authors_year}, ` +
      `${source.license}, commit \`${source.commit.slice(0, 9)}\`), the TensorRT-LLM ` +
      'collections named per row in `validation/data/kernel-runs.json`: a short burst of ' +
      'CUDA-graph replays per shape, so a kernel at the clock a GPU holds for milliseconds, not ' +
      "the one it settles at over a training run's hours. fp8 rows compare the GEMM alone: the " +
      "collection's fp8 latency less its measured amax and quantize kernels of the same (M, K), " +
      "as AIConfigurator's static-fp8 GEMM subtracts them.",
    '',
    '| accelerator, dtype | GEMMs | median error | median \\|error\\| | range |',
    '| --- | ---: | ---: | ---: | --- |',
    ...groups.map(
      (g) =>
        `| ${g.key} | ${g.count} | ${signed(g.medianPct)} | ${g.medianAbsPct.toFixed(1)} % | ` +
        `${signed(g.minPct)} to ${signed(g.maxPct)} |`,
    ),
    '',
    "Square GEMMs (4,096³ to 16,384³; A100's table stops at M = 8,192). On H100 and H200 the " +
      'longest, 16,384³ (12 ms a call), runs 9–10 % below 8,192³: a burst of calls that long ' +
      'already meets the 700 W power limit (sustained, kernels over 1 ms lost only 5–6 % more; ' +
      'the next table and its data file).',
    '',
    '| accelerator, dtype | M×N×K | measured | predicted | error |',
    '| --- | --- | ---: | ---: | ---: |',
    ...result.rows
      .filter((r) => r.run.m === r.run.n && r.run.n === r.run.k)
      .map(
        (r) =>
          `| ${r.run.accelerator} ${r.run.dtype} | ${r.run.m}³ | ${num(r.measuredTflops)} ` +
          `TFLOP/s | ${num(r.predictedTflops)} TFLOP/s | ${signed(r.error)} |`,
      ),
    '',
    ...renderLargest(result.largest),
    '',
    ...renderSustained(result.sustained),
    '',
    ...teGemm.render(result.teGemm),
    ...attentionUltra.render(result.attentionUltra),
    '',
    ...attentionCudnn.render(result.attentionCudnn),
    '',
    ...nvlink.render(result.nvlink),
    '',
    ...nvlinkGroups.render(result.nvlinkGroups),
    '',
    ...collectives.render(result.collectives),
  ];
  return out.join('\n');
}

function renderLargest(largest) {
  return [
    "**The largest GEMMs.** A preset's MAMF (Bekman's mamf-finder) is the best rate of one shape " +
      "in a sweep. NVIDIA's B200 comes near it at its best shape (1,682 TFLOP/s bf16 against " +
      '1,745; 3,477 fp8 against 3,432.5) but ran its large GEMMs well below it, where the ' +
      "A100's and Hopper's ran within 1.5 % of their MAMF. What sets each family's level " +
      "(kernel_catalog.cpp; the next paragraphs): NVIDIA's power-measured collection where there " +
      `is one (H100 and H200 bf16 × ${LEVEL.hopperBf16}, B200 bf16 × ${LEVEL.b200Bf16}), else ` +
      `these GEMMs (A100 × ${LEVEL.a100}); Blackwell fp8 the bf16 level times what gives ` +
      "TransformerEngine's own fp8 ÷ bf16 gain at a layer's GEMMs (below: " +
      `× ${LEVEL.b200Fp8.toFixed(4)}; these GEMMs' ratio gave × ${((0.9525 * 0.9282) / 0.8798).toFixed(4)}); ` +
      "the GB200, B300 and GB300 take the B200's. " +
      "Hopper fp8 keeps its MAMF: TensorRT-LLM's FP8 GEMM accumulates fast " +
      '(`CUBLASLT_MATMUL_DESC_FAST_ACCUM`, cublasScaledMM.cpp), TransformerEngine splits the ' +
      "accumulator in the backward's two GEMMs (`use_split_accumulator=True` for dgrad and " +
      "wgrad), as mamf-finder's `torch._scaled_mm` measured it. The B200's largest GEMMs stay " +
      'fast against their bursts: bursts of several milliseconds already meet the power limit ' +
      '(over seconds they keep 0.98 of their burst rate), where the model stretches every burst by ' +
      'the same share.',
    '',
    '| family, dtype | largest GEMMs | median error | level from |',
    '| --- | ---: | ---: | --- |',
    ...largest.map((f) => `| ${f.key} | ${f.count} | ${signed(f.medianPct)} | ${f.level} |`),
  ];
}

function renderSustained({ source, families, gb200, check }) {
  const collection = (c) => c.replace('_sxm/gemm/', ' ').replace('/', ' ');
  const ratio = (family) => check.find((c) => c.family === family).medianRatio;
  return [
    '**Sustained rate.** A training step runs its GEMMs back to back for hours, at the power ' +
      "limit. NVIDIA's collector also times GEMMs that way: with power measurement on, " +
      '`benchmark_with_power` replays each shape for at least 1 s while NVML samples the ' +
      `board's power ([collector/helper.py](${source.collector})). The same bf16 shapes, ` +
      'from collections with and without it (`validation/data/gemm-sustained.json`):',
    '',
    '| family (presets) | sustained collections | shapes | power drawn, of the limit | burst ÷ sustained time, median | quartiles |',
    '| --- | --- | ---: | ---: | ---: | --- |',
    ...families.map(
      (f) =>
        `| ${f.family} (${f.accelerators.join(', ')}) | ${f.collections.map(collection).join(', ')} | ` +
        `${f.shapes} | ${(f.powerOfLimit * 100).toFixed(0)} % | ${f.share.toFixed(4)} | ` +
        `${f.q1.toFixed(3)}–${f.q3.toFixed(3)} |`,
    ),
    '',
    "The training step's GEMM efficiency is the family's burst level times that median, in " +
      'bf16 and fp8 (the test holds the module to it). The difference follows the power drawn: ' +
      'in the same ' +
      'collections, kernels under 10 µs (a quarter to half the limit) kept their burst time, and ' +
      "so did their fp8 kernels (0.95–0.99 where the kernels match; the data file's notes), which " +
      'ran far below their peak: per-tensor fp8 on B200 at about a quarter of it, block-scaled ' +
      'fp8 on H200. A full-rate fp8 GEMM is at least as bound by power as a bf16 one: the ' +
      "GH200's 900 W lift Bekman's fp8 MAMF 9.4 % above the 700 W H100 SXM's on the same die, " +
      'its bf16 one 4.3 %. Attention, whose sustained tables give no consistent figure, keeps its ' +
      'published rate. No sustained collection exists for A100, AMD or Intel accelerators: theirs ' +
      'stay at the burst figure. The GEMM rows above stay burst against burst.',
    '',
    "Against these collections directly, a training step's bf16 GEMMs (the module's time at " +
      'the sustained share) take a median of the power-measured time: ' +
      check.map((c) => `${c.family} ${c.medianRatio.toFixed(3)} (${c.shapes} shapes)`).join(', ') +
      `. The Hopper and B200 levels are set so (× ${LEVEL.hopperBf16} and × ${LEVEL.b200Bf16}` +
      " of the MAMF share); the GB200 takes the B200's, " +
      `${((1 - ratio('gb200')) * 100).toFixed(1)} % fast against its own collections, which ` +
      "include TensorRT-LLM's rc17 GEMMs that ran slower than their bursts even well below the " +
      "limit; against the B200 in NVIDIA's paired vLLM collections it keeps the ratio below. " +
      "Scaling every family by the burst collection's largest GEMMs instead (tried on " +
      '2026-12-06) counts the power limit twice and put the B200 8 % slow here.',
    '',
    "GB200's GPUs are the B200's die at 1200 W, rated 2,500 and 5,000 TFLOP/s dense (bf16, fp8) " +
      "against the HGX B200's 2,250 and 4,500 at 1000 W: the B200's share of its peak stands for " +
      "theirs (Bekman's GB200 MAMF, 1,822 bf16 and 3,615.6 fp8 with a newer torch, is 1.044 and " +
      "1.053 times the B200's: about the sustained ratio below). On the same " +
      `${gb200.shapes} shapes in the same burst collection (vLLM 0.19.0) a GB200 ran a median ` +
      `${gb200.burst.toFixed(3)} times as fast as a B200, near the peaks' 1.111; in the same ` +
      `sustained one (vLLM 0.22.0) only ${gb200.sustained.toFixed(3)} times. Its own share ` +
      "(above) says the same: what a GB200 keeps over seconds is its own figure, not the B200's. " +
      "Unlike the B200's, its sustained kernels also ran slower than their bursts well below " +
      'the limit (TensorRT-LLM rc17 drew a median two thirds of it), so the share is what a ' +
      'GB200 sustains, whatever holds it back, not only what its power limit takes.',
  ];
}
