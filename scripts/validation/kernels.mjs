// GEMM kernels against NVIDIA's measured latencies (validation/data/kernel-runs.json: the
// GEMM tables NVIDIA's AIConfigurator collected with TensorRT-LLM on A100, H100, H200 and B200).
// The step-time model times every GEMM of a layer with the same function the module exposes as
// gemmSeconds: the accelerator preset's measured GEMM efficiency (MAMF), tile and wave
// quantization over its SMs, the short-K cost (bf16 on Hopper) and the HBM roofline. Nothing is
// fitted to these rows. fp8 rows are compared without the activation's amax and quantize kernels
// the collection timed with them (the step-time model counts those casts apart).
import { readFile } from 'node:fs/promises';
import { median } from './stats.mjs';

export const id = 'kernels';
export const title = 'GEMM kernels';
/** |predicted − measured| / measured, in %: the median of each accelerator and dtype, and all. */
export const BOUNDS = { medianAbsErrorPct: 7.5, groupMedianAbsErrorPct: 13, maxAbsErrorPct: 60 };

const DATA = new URL('../../validation/data/kernel-runs.json', import.meta.url);

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
  return {
    source: data.source,
    rows,
    groups: [...groups].map(([key, list]) => ({ key, ...summarize(list) })),
    summary: summarize(rows),
  };
}

const signed = (v) => `${v >= 0 ? '+' : '−'}${Math.abs(v).toFixed(1)} %`;
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
      'longest, 16,384³ (12 ms a call), runs 9–10 % below 8,192³, plausibly the 700 W power ' +
      "limit, which a training step's back-to-back GEMMs meet as well (not modelled).",
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
  ];
  return out.join('\n');
}
