// The serving model against public serving runs (validation/data/serving-runs.json): the KV
// capacity engines log at start-up, throughput and latency from engine docs and blogs, and the
// weights engines report loading. Every prediction comes from the real module, from the run's
// stated configuration put into a plan (the engine's defaults where the run states none).
import { readFile } from 'node:fs/promises';
import { modelCatalogEntry } from './catalog-presets.mjs';
import { median } from './stats.mjs';
import { rangesByGroup } from './training.mjs';

export const id = 'serving';
export const title = 'Serving: KV capacity, throughput and latency';
/**
 * Median |error| bounds held by tests/web/validation-serving.test.mjs. Issue 14 asks for ≤ 15 % on
 * throughput; it is 12.53 % since serving's transfers run at the links' measured shares of their
 * line rates (as training's collectives), 14.29 % before, and held to 13 % so that no change
 * makes it worse unnoticed.
 */
export const BOUNDS = { kvCapacityMedianPct: 2, throughputMedianPct: 13 };

const ENGINES = { vLLM: 'vllm', SGLang: 'sglang', 'TensorRT-LLM': 'trtllm' };
const FORMATS = ['fp8-block', 'nvfp4', 'mxfp4', 'int4-gptq', 'int4-awq', 'int8', 'fp8'];
const GIB = 2 ** 30;
// Concurrency far above any replica's: every replica runs at what its memory holds (a maximum-load
// benchmark such as trtllm-bench throughput).
const MAX_LOAD = '1000000';
const NO_SLO = '10000000';

async function readRuns() {
  const url = new URL('../../validation/data/serving-runs.json', import.meta.url);
  return JSON.parse(await readFile(url, 'utf8')).runs;
}

/** The weight format a run states, as a format id of the plan ("" = the model's 16 bits). */
function weightFormat(stated) {
  const text = (stated ?? '').toLowerCase();
  for (const format of ['bf16', 'fp16', 'fp32']) if (text === format) return format;
  for (const format of FORMATS) if (text.startsWith(format)) return format;
  // compressed-tensors and ModelOpt checkpoints without a scheme named are FP8 in these runs.
  if (text.startsWith('compressed-tensors') || text.startsWith('modelopt')) return 'fp8';
  return '';
}

// A run of a model without a preset is planned as choosing it in the page's model catalog does,
// from its config.json as the core's importer read it.
const catalogEntry = (run) => modelCatalogEntry(run.model.name);

/**
 * The run's model as plan texts: its preset, else its catalog entry's architecture; null for
 * none, and for a multimodal entry, whose plan sizes the text model while the engine loads the
 * vision tower too.
 */
function modelOf(run) {
  const preset = run.model.preset ?? run.model.same_architecture_as;
  if (preset) return { model: preset };
  const entry = catalogEntry(run);
  return entry && !entry.textOnly ? { ...entry.texts } : null;
}

/** A run's stated configuration as plan texts. */
function planOf(run) {
  const e = run.engine;
  const texts = {
    ...modelOf(run),
    accelerator: run.hardware.accelerator,
    engine: ENGINES[e.name],
  };
  const format = weightFormat(e.weights);
  if (format) texts.weights = format;
  if (e.kv_dtype && e.kv_dtype.startsWith('fp8')) texts.kvDtype = 'fp8';
  if (e.tp) texts.inferTp = String(e.tp);
  if (e.pp) texts.inferPp = String(e.pp);
  if (e.dp) texts.inferDp = String(e.dp);
  texts.expertParallel = e.ep > 1 ? '1' : '0';
  if (e.max_model_len) texts.context = String(e.max_model_len);
  const fraction = e.gpu_memory_utilization ?? e.mem_fraction_static;
  if (fraction) texts.gpuMemoryUtilization = String(fraction);
  if (e.max_num_batched_tokens) texts.prefillChunk = String(e.max_num_batched_tokens);
  if (e.max_num_seqs) texts.maxNumSeqs = String(e.max_num_seqs);
  return texts;
}

// Why a run is left out of the table, or null when it is predicted.
function exclusion(run) {
  if (catalogEntry(run)?.textOnly && !run.model.preset && !run.model.same_architecture_as) {
    return 'multimodal model: its plan sizes the text model, the engine loads the vision tower too';
  }
  if (!modelOf(run)) return 'model without a preset or catalog architecture here';
  if (!run.hardware.accelerator) return 'accelerator not stated';
  if (!ENGINES[run.engine.name]) return 'engine not stated';
  if (run.confidence === 'simulated') return 'simulated by the source';
  if (/deepseek-v3\.2/i.test(run.model.name)) {
    return "DeepSeek-V3.2 adds the DSA indexer's cache (132 B per token per layer), which the deepseek-v3 architecture does not have";
  }
  if (/kv-transfer-config|LMCache/i.test(run.engine.other ?? '')) {
    return 'a KV connector (LMCache) is configured: its buffers are not modelled';
  }
  if (run.confidence === 'secondary') return 'secondary: parallelism and precision not stated';
  return null;
}

const pct = (predicted, published) => (predicted / published - 1) * 100;

function kvRow(core, run) {
  const texts = { ...planOf(run), concurrency: '1' };
  const report = core.evaluate(texts);
  const fleet = report.inference.fleet;
  if (!fleet.found) return null;
  return {
    run,
    link: report.link,
    config: configText(run),
    predicted: fleet.perCard.kvTokens,
    published: run.measured.kv_cache_tokens,
    predictedGib: (fleet.perCard.kvCacheGb * 1e9) / GIB,
    publishedGib: run.measured.kv_cache_gb,
  };
}

// trtllm-bench throughput: every request queued at once; output tokens/s of the TP group.
// ModelOpt FP8 and NVFP4 checkpoints carry kv_cache_quant_algo FP8 (hf_quant_config.json), which
// TensorRT-LLM's KV type "auto" follows.
function trtRow(core, run) {
  const texts = {
    ...planOf(run),
    kvDtype: 'fp8',
    inferPp: '1',
    inferDp: '1',
    expertParallel: run.model.preset === 'qwen3-235b-a22b' ? '1' : '0',
    inputTokens: String(run.workload.input_len),
    outputTokens: String(run.workload.output_len),
    concurrency: MAX_LOAD,
    tpotSloMs: NO_SLO,
  };
  const report = core.evaluate(texts);
  const fleet = report.inference.fleet;
  return {
    run,
    link: report.link,
    config: configText(run),
    metric: 'output tokens/s',
    predicted: fleet.outputTokensPerSPerReplica,
    published: run.measured.output_tokens_per_s,
  };
}

// The LMSYS DeepSeek-V3 deployment: DP attention on every card (TP 1), the experts over all of
// them, one step of the stated KV length.
const lmsysTexts = (run, rest) => ({
  model: 'deepseek-v3',
  accelerator: run.hardware.accelerator,
  engine: 'vllm',
  weights: 'fp8-block',
  inferTp: '1',
  inferPp: '1',
  inferDp: String(run.engine.ep),
  expertParallel: '1',
  inputTokens: String(run.workload.input_len),
  outputTokens: '1',
  tpotSloMs: NO_SLO,
  ...rest,
});

// LMSYS decode on 9 nodes: 72 DP attention ranks with the experts over all 72 cards, 256
// sequences per card at a 2000-token KV cache; output tokens/s per 8-card node, decode alone.
// Only the speed is compared: the blog states no memory settings (SGLang's default fraction
// leaves nothing for DP 72), so the cards are sized as vLLM would size them.
function lmsysDecodeRow(core, run) {
  const batch = 256;
  const report = core.evaluate(lmsysTexts(run, { concurrency: String(batch * run.engine.ep) }));
  const fleet = report.inference.fleet;
  return {
    run,
    link: report.link,
    config: `SGLang, DP ${run.engine.ep} + EP ${run.engine.ep}, ${batch} per card, KV ${run.workload.input_len}`,
    metric: 'output tokens/s per node',
    predicted: (8 * fleet.batchPerRank) / (fleet.decodeStepMs / 1000),
    published: run.measured.output_tokens_per_s,
  };
}

// LMSYS prefill on 4 nodes: DP attention over 32 cards, experts over all of them, 16 384 tokens
// per card per step (as many prompts as fill them); input tokens/s per node, prefill alone
// (cards sized as above).
const LMSYS_PREFILL_TOKENS = 16384;
function lmsysPrefillRow(core, run) {
  const prompts = Math.max(1, Math.floor(LMSYS_PREFILL_TOKENS / run.workload.input_len));
  const report = core.evaluate(
    lmsysTexts(run, {
      prefillChunk: String(LMSYS_PREFILL_TOKENS),
      concurrency: String(run.engine.ep * prompts),
    }),
  );
  const fleet = report.inference.fleet;
  return {
    run,
    link: report.link,
    config: `SGLang, DP ${run.engine.ep} + EP ${run.engine.ep}, prompts of ${run.workload.input_len}`,
    metric: 'input tokens/s per node',
    predicted: (8 * run.workload.input_len) / (fleet.prefillMs / 1000),
    published: run.measured.input_tokens_per_s,
  };
}

// vllm bench serve at a fixed concurrency: output tokens/s, median TTFT and median inter-token
// latency (a decode step without a prefill chunk in it).
function servingBenchRows(core, run) {
  const texts = {
    ...planOf(run),
    inputTokens: String(run.workload.input_len),
    outputTokens: String(run.workload.output_len),
    concurrency: String(run.workload.concurrency),
    tpotSloMs: NO_SLO,
  };
  const report = core.evaluate(texts);
  const fleet = report.inference.fleet;
  const base = { run, link: report.link, config: configText(run) };
  return {
    throughput: {
      ...base,
      metric: 'output tokens/s',
      predicted: fleet.outputTokensPerS,
      published: run.measured.output_tokens_per_s,
    },
    latency: [
      {
        ...base,
        metric: 'TTFT median (ms)',
        predicted: fleet.ttftMs,
        published: run.measured.ttft_ms_median,
      },
      {
        ...base,
        metric: 'ITL median (ms)',
        predicted: fleet.decodeStepMs,
        published: run.measured.itl_ms_median,
      },
    ],
  };
}

function configText(run) {
  const e = run.engine;
  const w = run.workload;
  const parts = [`${e.name} ${e.version ?? ''}`.trim()];
  const layout = [e.tp && `TP ${e.tp}`, e.pp > 1 && `PP ${e.pp}`, e.ep > 1 && `EP ${e.ep}`]
    .filter(Boolean)
    .join(' × ');
  if (layout) parts.push(layout);
  if (e.weights) parts.push(e.weights.split(' ')[0]);
  if (e.kv_dtype && e.kv_dtype !== 'auto') parts.push(`KV ${e.kv_dtype}`);
  if (e.max_model_len) parts.push(`len ${e.max_model_len}`);
  const fraction = e.gpu_memory_utilization ?? e.mem_fraction_static;
  if (fraction) parts.push(`util ${fraction}`);
  if (w.input_len) parts.push(`${w.input_len}/${w.output_len ?? '–'}`);
  if (w.concurrency) parts.push(`conc ${w.concurrency}`);
  return parts.join(', ');
}

export async function evaluate(core) {
  const runs = await readRuns();
  const kv = [];
  const throughput = [];
  const latency = [];
  const excluded = [];
  for (const run of runs) {
    const reason = exclusion(run);
    if (run.kind === 'memory') continue; // no KV token count or speed to compare
    if (reason) {
      excluded.push({ run, reason });
      continue;
    }
    if (run.kind === 'kv_capacity') {
      const row = kvRow(core, run);
      if (row) kv.push(row);
      else
        excluded.push({ run, reason: 'no layout of the stated configuration holds one sequence' });
    } else if (run.engine.name === 'TensorRT-LLM') {
      throughput.push(trtRow(core, run));
    } else if (/lmsys.*decode/.test(run.id)) {
      throughput.push(lmsysDecodeRow(core, run));
    } else if (/lmsys.*prefill/.test(run.id)) {
      throughput.push(lmsysPrefillRow(core, run));
    } else if (run.kind === 'latency' && run.workload.concurrency) {
      const rows = servingBenchRows(core, run);
      throughput.push(rows.throughput);
      latency.push(...rows.latency);
    } else {
      excluded.push({ run, reason: 'prefill and decode measured together on a P/D deployment' });
    }
  }
  for (const row of [...kv, ...throughput, ...latency]) {
    row.error = pct(row.predicted, row.published);
  }
  const summary = (rows) => {
    const errors = rows.map((r) => Math.abs(r.error)).filter(Number.isFinite);
    return { count: errors.length, medianPct: median(errors), maxPct: Math.max(...errors) };
  };
  return {
    kv,
    throughput,
    latency,
    excluded,
    summary: { kv: summary(kv), throughput: summary(throughput), latency: summary(latency) },
  };
}

const num = (v, digits = 0) =>
  Number.isFinite(v) ? v.toLocaleString('en-US', { maximumFractionDigits: digits }) : '—';
const signed = (v) => (Number.isFinite(v) ? `${v >= 0 ? '+' : ''}${v.toFixed(1)}%` : '—');
const cell = (text) => String(text).replaceAll('|', '\\|');

function table(rows, columns) {
  const head = `| ${columns.map((c) => c[0]).join(' | ')} |`;
  const rule = `| ${columns.map((c) => (c[2] ? '---:' : '---')).join(' | ')} |`;
  const body = rows.map((r) => `| ${columns.map((c) => cell(c[1](r))).join(' | ')} |`);
  return [head, rule, ...body].join('\n');
}

const source = (r) => `[${r.run.source.title.split(' (')[0]}](${r.run.source.url})`;
const plan = (r) => `[plan](${r.link})`;

export function render(result) {
  const { kv, throughput, latency, excluded, summary } = result;
  const line = (name, s, bound) =>
    `- **${name}**: ${s.count} runs, median |error| ${s.medianPct.toFixed(2)}%, max ${s.maxPct.toFixed(1)}%` +
    (bound ? ` (bound: median ≤ ${bound}%).` : '.');
  return [
    'Predicted by the full module from each run’s stated configuration: the engine, the card',
    '(its memory as the driver reports it), the weight and KV formats, the layout, the context and',
    'the memory fraction; the engine’s defaults for what a run does not state (docs/serving.md).',
    '',
    line('KV capacity', summary.kv, BOUNDS.kvCapacityMedianPct),
    line('Throughput', summary.throughput, BOUNDS.throughputMedianPct),
    line('Latency (TTFT, inter-token)', summary.latency),
    '',
    '### KV capacity at start-up',
    '',
    'Tokens the KV cache holds per replica, as the engine logs them (vLLM “GPU KV cache size”, SGLang',
    '“KV Cache is allocated. #tokens”).',
    '',
    table(kv, [
      ['Run', (r) => r.run.model.name],
      ['Card', (r) => r.run.hardware.accelerator],
      ['Stated config', (r) => r.config],
      ['Source', source],
      ['Predicted tokens', (r) => num(r.predicted), true],
      ['Published tokens', (r) => num(r.published), true],
      ['Predicted GiB', (r) => num(r.predictedGib, 2), true],
      ['Published GiB', (r) => num(r.publishedGib, 2), true],
      ['Error', (r) => signed(r.error), true],
      ['Plan', plan],
    ]),
    '',
    '### Throughput',
    '',
    table(throughput, [
      ['Run', (r) => r.run.model.name],
      ['Card', (r) => r.run.hardware.accelerator],
      ['Stated config', (r) => r.config],
      ['Source', source],
      ['Metric', (r) => r.metric],
      ['Predicted', (r) => num(r.predicted), true],
      ['Published', (r) => num(r.published), true],
      ['Error', (r) => signed(r.error), true],
      ['Plan', plan],
    ]),
    '',
    '### Latency',
    '',
    table(latency, [
      ['Run', (r) => r.run.model.name],
      ['Card', (r) => r.run.hardware.accelerator],
      ['Stated config', (r) => r.config],
      ['Source', source],
      ['Metric', (r) => r.metric],
      ['Predicted', (r) => num(r.predicted, 1), true],
      ['Published', (r) => num(r.published, 1), true],
      ['Error', (r) => signed(r.error), true],
      ['Plan', plan],
    ]),
    '',
    '### Runs left out, and why',
    '',
    table(excluded, [
      ['Run', (r) => r.run.id],
      ['Kind', (r) => r.run.kind],
      ['Reason', (r) => r.reason],
    ]),
  ].join('\n');
}

// The engine profile id of a run's engine (core/src/engine_profile.cpp).
const ENGINE_IDS = { 'TensorRT-LLM': 'trtllm', vLLM: 'vllm', SGLang: 'sglang' };
// An engine's own range needs this many runs: below it the engine's plans get every engine's.
export const MIN_ENGINE_RUNS = 3;

/** The rows a throughput band counts: published and predicted output tokens/s. */
export function bandRows(result) {
  return result.throughput.filter(
    (r) =>
      /^output tokens\/s/.test(r.metric) &&
      Number.isFinite(r.predicted) &&
      Number.isFinite(r.published) &&
      r.predicted > 0,
  );
}

/**
 * The throughput band the page, the CLI and the exports show (core/include/llm_sizer/
 * serving_band.hpp): over every engine's runs, then each engine with MIN_ENGINE_RUNS runs or more,
 * how many and the smallest and largest published ÷ predicted output tokens/s, rounded outward to
 * two decimals, as core/src/serving_band_data.cpp holds them.
 */
export function servingBandFigures(result) {
  const pairs = bandRows(result).map((r) => [
    ENGINE_IDS[r.run.engine.name],
    r.published / r.predicted,
  ]);
  return rangesByGroup(pairs, MIN_ENGINE_RUNS).map(({ group, ...range }) => ({
    engine: group,
    ...range,
  }));
}

/** core/src/serving_band_data.cpp with these figures. */
export function servingBandSource(figures) {
  const rows = figures
    .map((f) => `    {"${f.engine}", ${f.runs}, ${f.low.toFixed(2)}, ${f.high.toFixed(2)}},`)
    .join('\n');
  return [
    '// Generated by `node scripts/gen-validation.mjs` from the serving throughput runs of',
    '// docs/validation.md; tests/web/validation-serving checks these against them. Not edited by',
    '// hand.',
    '#include "llm_sizer/serving_band.hpp"',
    '',
    'namespace llm_sizer {',
    'namespace {',
    '',
    '// engine, runs, published ÷ predicted output tokens/s: smallest, largest',
    '// clang-format off',
    'constexpr ServingBandFigures kFigures[] = {',
    rows,
    '};',
    '// clang-format on',
    '',
    '}  // namespace',
    '',
    'std::span<const ServingBandFigures> serving_band_figures() { return kFigures; }',
    '',
    '}  // namespace llm_sizer',
    '',
  ].join('\n');
}
