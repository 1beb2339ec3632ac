// MosaicML's MPT training benchmarks (validation/data/mpt-runs.json, sources in mpt-runs.md):
// 216 runs of one model family, 125M to 70B, trained with PyTorch FSDP through Composer on 8 to
// 512 A100 and H100, each at a stated micro-batch, batch, sequence length (512 to 65,536),
// precision, sharding and activation checkpointing. Where the training section's runs are
// mostly Megatron's, these are one PyTorch stack swept along the axes a plan varies: how the
// model does on them, and along which axis it drifts.
import { readFile } from 'node:fs/promises';
import { median, signedPct } from './stats.mjs';
import { spearman } from './sweeps.mjs';
import { kindBandFigures } from './training.mjs';
import { gptArchitecture } from './training-plans.mjs';
import { isHeld, speedRatio } from './training-rows.mjs';

export const id = 'mpt';
export const title = "MosaicML's MPT benchmarks: PyTorch FSDP across model sizes and sequences";

// What tests/web/validation-mpt.test.mjs holds the section to: today's figures, rounded so that
// no change makes them worse unnoticed (the section states them).
export const BOUNDS = {
  runs: 216,
  // Median of predicted ÷ published throughput − 1 where attention is under a tenth of the
  // FLOPs, and over every run.
  shortMedian: 0.22,
  allMedian: 0.29,
  // The error rises with attention's share of the FLOPs (Spearman's rank correlation).
  shareSpearman: 0.65,
};

const DATA = new URL('../../validation/data/mpt-runs.json', import.meta.url);

// llm-foundry's scripts/train/yamls/pretrain/mpt-<size>.yaml at 5e85bd62d (the benchmarks'
// submit script reads them): n_layers, d_model, n_heads; every size has expansion_ratio 4 and a
// vocabulary of 50,368. What the yamls leave to MPTConfig's defaults (configuration_mpt.py, same
// commit): learned positions, biases on every linear (no_bias False), LayerNorm, tied
// embeddings, a GELU MLP, every dropout 0.
export const MPT_ARCH = {
  '125m': [12, 768, 12],
  '350m': [24, 1024, 16],
  '760m': [24, 1536, 12],
  '1b': [24, 2048, 16],
  '3b': [32, 2560, 20],
  '7b': [32, 4096, 32],
  '13b': [40, 5120, 40],
  '30b': [48, 7168, 56],
  '70b': [80, 8192, 64],
};
export const MPT_VOCAB = 50368;

const ACCELERATOR = { h100_80gb: 'h100-80g', a100_80gb: 'a100-80g', a100_40gb: 'a100-40g' };

/**
 * The plan of one run. What Composer's FSDP does with the stated settings: FULL_SHARD shards
 * weights, gradients and optimizer state (ZeRO-3), SHARD_GRAD_OP gradients and optimizer state
 * (ZeRO-2); its mixed precision DEFAULT gathers bf16 weights and reduces fp32 gradients beside
 * autocast (recipe amp16), PURE gathers and reduces bf16 (mixed16; Composer's get_mixed_precision),
 * both read here as FSDP keeps them, over fp32 shards and Adam's fp32 moments (the tables do not
 * say); amp_fp8 runs TransformerEngine's linears in FP8 (the submit script sets
 * fc_type te) over bf16 weights (recipe fp8). Activation checkpointing wraps every block (full
 * recompute). The loss is flash-attn's fused cross-entropy (MPT's default loss_fn), which keeps
 * the bf16 logits and writes a bf16 gradient: the plan's bf16 loss is the nearest.
 */
export function mptPlan(run) {
  const [layers, hidden, heads] = MPT_ARCH[run.model];
  const recipe =
    run.precision === 'amp_fp8' ? 'fp8' : run.mixed_precision === 'PURE' ? 'mixed16' : 'amp16';
  return {
    ...gptArchitecture(layers, hidden, heads, MPT_VOCAB, {
      maxPositions: String(run.seq_len),
      dropout: '0',
    }),
    modelName: `MPT ${run.model.toUpperCase()}`,
    accelerator: ACCELERATOR[run.gpu],
    framework: 'pytorch',
    recipe,
    seqLen: String(run.seq_len),
    globalBatch: String(run.global_batch),
    tp: '1',
    pp: '1',
    dp: String(run.gpus),
    cp: '1',
    ep: '1',
    microBatch: String(run.micro_batch),
    zero: run.sharding === 'FULL_SHARD' ? '3' : '2',
    recompute: run.activation_checkpointing ? 'full' : 'none',
    loss: 'bf16',
  };
}

/**
 * Attention's FLOPs a token, forward and backward: causal attention does 2·s·h a token and layer
 * forward (QKᵀ and the weighted sum, over s/2 keys on average), the backward twice that. The
 * README's MFU counts 12·L·h·s, attention without the causal half (the test checks both).
 */
export function attentionFlopsPerToken(run) {
  const [layers, hidden] = MPT_ARCH[run.model];
  return 3 * 2 * layers * run.seq_len * hidden;
}

/** Attention's share of a run's model FLOPs, beside 6 FLOPs a parameter and token. */
export function attentionShare(run) {
  const attention = attentionFlopsPerToken(run);
  return attention / (attention + 6 * run.num_params);
}

// How much faster FlashAttention-2 measured itself than the kernels MPT's runs had (Dao 2023,
// FlashAttention-2, §4: 1.3–2.5× the Triton port, 1.7–3.0× the first FlashAttention, A100): the
// ends of those ranges, for the check of the attention reading below (not a model setting).
export const OLDER_KERNEL_SLOWDOWNS = [1.3, 1.7, 2.5, 3.0];

/** Attention's share of the FLOPs in bands: where the runs are counted together. */
export const SHARE_BANDS = [
  [0, 0.1],
  [0.1, 0.25],
  [0.25, 0.5],
  [0.5, 1],
];
const shareBand = (share) => SHARE_BANDS.findIndex(([lo, hi]) => share >= lo && share < hi);

export async function evaluate(core) {
  const { runs } = JSON.parse(await readFile(DATA, 'utf8'));
  const rows = runs.map((run) => {
    const texts = mptPlan(run);
    const report = core.evaluate(texts);
    const time = report.training.time;
    const published = run.tokens_per_s / run.gpus;
    const predicted = time.tokensPerS / run.gpus;
    // The same plan with the loss left at its default (transformers' fp32 cross-entropy).
    const { loss, ...fp32Loss } = texts;
    return {
      run,
      link: core.encodeLink(texts),
      params: report.setup.params,
      share: attentionShare(run),
      published,
      predicted,
      hfu: time.hfu,
      error: predicted / published - 1,
      fits: report.training.memory.fits,
      verdict: report.training.memory.verdict,
      peakGb: report.training.memory.peakGb,
      fitsWithFp32Loss: core.evaluate(fp32Loss).training.memory.fits,
      band: report.timeBand,
      attentionRate: Number(report.inputs.find((i) => i.field === 'attention_efficiency').text),
      ok: report.training.available && report.training.timeAvailable,
    };
  });
  const errors = (list) => list.map((r) => r.error);
  // The same plans with attention slowed by each factor from the plan's own rate (its resolved
  // attention efficiency, which the backward's follows).
  const slowed = OLDER_KERNEL_SLOWDOWNS.map((factor) => {
    const errs = rows.map((r) => {
      const texts = { ...mptPlan(r.run), attentionEfficiency: String(r.attentionRate / factor) };
      return core.evaluate(texts).training.time.tokensPerS / r.run.gpus / r.published - 1;
    });
    return {
      factor,
      spearman: spearman(
        rows.map((r) => r.share),
        errs,
      ),
      median: median(errs),
      bands: SHARE_BANDS.map((_, i) =>
        median(errs.filter((_, j) => shareBand(rows[j].share) === i)),
      ),
    };
  });
  const bands = SHARE_BANDS.map((band, i) => {
    const within = rows.filter((r) => shareBand(r.share) === i);
    const byGpu = Object.keys(ACCELERATOR).map((gpu) => {
      const e = errors(within.filter((r) => r.run.gpu === gpu));
      return { gpu, runs: e.length, median: median(e), low: Math.min(...e), high: Math.max(...e) };
    });
    const e = errors(within);
    return { band, runs: e.length, median: median(e), byGpu };
  });
  const short = rows.filter((r) => shareBand(r.share) === 0);
  const checkpointed = (on) =>
    median(errors(short.filter((r) => r.run.activation_checkpointing === on)));
  // Hardware FLOP utilization, published (MosaicML's HFU) and the model's, over the BF16 runs of
  // one GPU with and without checkpointing.
  const utilization = Object.keys(ACCELERATOR).map((gpu) => {
    const of = (on) =>
      short.filter(
        (r) =>
          r.run.gpu === gpu &&
          r.run.precision !== 'amp_fp8' &&
          r.run.activation_checkpointing === on,
      );
    return {
      gpu,
      published: [true, false].map((on) => median(of(on).map((r) => r.run.hfu_percent / 100))),
      model: [true, false].map((on) => median(of(on).map((r) => r.hfu))),
    };
  });
  return {
    rows,
    summary: {
      utilization,
      shortCheckpointed: checkpointed(true),
      shortNotCheckpointed: checkpointed(false),
      shortCounts: [true, false].map(
        (on) => short.filter((r) => r.run.activation_checkpointing === on).length,
      ),
      runs: rows.length,
      evaluated: rows.filter((r) => r.ok).length,
      paramsMatched: rows.filter((r) => r.params === r.run.num_params).length,
      fit: rows.filter((r) => r.fits).length,
      tight: rows.filter((r) => r.verdict === 'tight').length,
      fitWithFp32Loss: rows.filter((r) => r.fitsWithFp32Loss).length,
      allMedian: median(errors(rows)),
      shortMedian: bands[0].median,
      faster: rows.filter((r) => r.error > 0).length,
      slowed,
      shareSpearman: spearman(
        rows.map((r) => r.share),
        errors(rows),
      ),
      bands,
    },
  };
}

/**
 * The step-time band of PyTorch plans across GPUs with FSDP (time_band.hpp, kind "fsdp"): these
 * runs and the training section's held runs whose plans the core counts so, published ÷
 * predicted step, over every accelerator and for each family with MIN_FAMILY_RUNS or more.
 */
export function fsdpBandFigures(training, mpt) {
  return kindBandFigures('fsdp', [
    ...training.rows
      .filter((r) => isHeld(r) && r.band?.kind === 'fsdp')
      .map((r) => [r.band.acceleratorFamily, speedRatio(r)]),
    ...mpt.rows
      .filter((r) => r.band.kind === 'fsdp')
      .map((r) => [r.band.acceleratorFamily, 1 + r.error]),
  ]);
}

const FAMILY_LABEL = { all: 'every accelerator', ampere: 'A100', hopper: 'H100' };
const bandText = (f) =>
  `${FAMILY_LABEL[f.family] ?? f.family} ${f.runs} runs, ${f.low.toFixed(2)}–${f.high.toFixed(2)}×`;

const pct = (x) => `${Math.round(x * 100)} %`;
const utilizationText = (u) =>
  `${GPU_LABEL[u.gpu]} ${pct(u.published[0])} against ${pct(u.published[1])}, ` +
  `${pct(u.model[0])} against ${pct(u.model[1])}`;
const num = (x) => Math.round(x).toLocaleString('en-US');
const GPU_LABEL = { h100_80gb: 'H100 80GB', a100_80gb: 'A100 80GB', a100_40gb: 'A100 40GB' };

function bandTable(summary) {
  const head = ['attention’s share of the FLOPs', 'runs', 'median', ...Object.values(GPU_LABEL)];
  const lines = [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`];
  for (const b of summary.bands) {
    const cells = b.byGpu.map((g) =>
      g.runs
        ? `${g.runs}: ${signedPct(g.median)} (${signedPct(g.low)} … ${signedPct(g.high)})`
        : '—',
    );
    const [lo, hi] = b.band;
    lines.push(
      `| ${pct(lo)} – ${pct(hi)} | ${b.runs} | ${signedPct(b.median)} | ${cells.join(' | ')} |`,
    );
  }
  return lines.join('\n');
}

const signed2 = (x) => `${x < 0 ? '−' : '+'}${Math.abs(x).toFixed(2)}`;

function slowedParagraph(s) {
  const [first, second] = s.slowed;
  return (
    'A check of that reading, not a change to the model (a PyTorch plan keeps FlashAttention-2’s ' +
    'rate): the same plans with attention slowed by the ends of the paper’s ranges. The trend ' +
    `with attention’s share is gone between ${first.factor}× (Spearman ` +
    `${signed2(first.spearman)}) and ${second.factor}× (${signed2(second.spearman)}), at the low ` +
    'end of the Triton port’s range where it meets the first FlashAttention’s; at ' +
    `${second.factor}× the bands sit within ${signedPct(Math.min(...second.bands))} … ` +
    `${signedPct(Math.max(...second.bands))}, the bias left where attention matters little.`
  );
}

function slowedTable(s) {
  const head = [
    'attention at FlashAttention-2’s rate ÷',
    'Spearman with the share',
    'median',
    ...SHARE_BANDS.map(([lo, hi]) => `share ${pct(lo)} – ${pct(hi)}`),
  ];
  const line = (factor, spearmanValue, all, bands) =>
    `| ${factor} | ${signed2(spearmanValue)} | ${signedPct(all)} | ` +
    `${bands.map(signedPct).join(' | ')} |`;
  return [
    `| ${head.join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    line(
      '1 (the model)',
      s.shareSpearman,
      s.allMedian,
      s.bands.map((b) => b.median),
    ),
    ...s.slowed.map((k) => line(`${k.factor}`, k.spearman, k.median, k.bands)),
  ].join('\n');
}

function rowTable(rows) {
  const head = [
    'run',
    'stated',
    'published tokens/s/GPU',
    'predicted',
    'error',
    'attention',
    'memory',
    'plan',
  ];
  const lines = [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`];
  for (const r of rows) {
    const s = r.run;
    const stated =
      `${s.gpus} × ${GPU_LABEL[s.gpu]}, ${s.seq_len} tokens, mb ${s.micro_batch} × ` +
      `${s.grad_accum}, GBS ${s.global_batch}, ${s.precision} ${s.mixed_precision}, ` +
      `${s.sharding}${s.activation_checkpointing ? ', checkpointing' : ''}`;
    const memory = `${r.peakGb.toFixed(1)} GB, ${r.verdict.replaceAll('_', ' ')}`;
    lines.push(
      `| ${s.id} | ${stated} | ${num(r.published)} | ${num(r.predicted)} | ` +
        `${signedPct(r.error)} | ${pct(r.share)} | ${memory} | [plan](${r.link}) |`,
    );
  }
  return lines.join('\n');
}

export function render({ rows, summary }, sections) {
  const s = summary;
  const band = fsdpBandFigures(sections.get('training'), { rows });
  const short = s.bands[0];
  const long = s.bands[s.bands.length - 1];
  return [
    'MosaicML published the throughput of 216 MPT training runs (llm-foundry, ' +
      '`scripts/train/benchmarking/README.md`; sources and column definitions in ' +
      '`validation/data/mpt-runs.md`): nine sizes from 125M to 70B parameters on 8 to 512 ' +
      'A100 (40 and 80 GB) and H100 80 GB, sequences of 512 to 65,536 tokens, each with its ' +
      'micro-batch, gradient accumulation, batch, precision, FSDP mixed precision and sharding, ' +
      'and activation checkpointing. Each row here is the plan those settings make ' +
      '(`mptPlan` in scripts/validation/mpt.mjs: PyTorch, FSDP as ZeRO-3 or ZeRO-2, the ' +
      'recipe of its mixed precision, MPT’s architecture from its yamls) against the published ' +
      `tokens/s per GPU. The plans count every model’s parameters exactly as the tables do ` +
      `(${s.paramsMatched} of ${s.runs}: learned positions, biases, tied embeddings).`,
    '',
    `The model is faster than published on ${s.faster} of ${s.runs} runs, median ` +
      `${signedPct(s.allMedian)}, and further off the larger attention’s share of the FLOPs ` +
      `(Spearman’s rank correlation of that share with the error: ${s.shareSpearman.toFixed(2)}; ` +
      'the share is causal attention’s 6·L·s·h FLOPs a token over those and 6 per parameter):',
    '',
    bandTable(s),
    '',
    `Where attention is under a tenth of the FLOPs (${short.runs} runs) the median is ` +
      `${signedPct(short.median)}; where it is over half (${long.runs} runs, long sequences on ` +
      `the smaller models) ${signedPct(long.median)}. That growth points at the attention ` +
      'kernel. MPT’s yamls and the benchmark script set `attn_impl: triton`, llm-foundry’s ' +
      'Triton port of the first FlashAttention; the 2024 large-scale sweep (`sweep.py`) set ' +
      '`flash` for four of its six sizes, which llm-foundry’s default install then served with ' +
      'flash-attn 1.0.9 (FlashAttention-2 was an extra); which kernel each row ran is not ' +
      'recorded. A PyTorch plan runs attention at FlashAttention-2’s rate, which its paper ' +
      'measured at 1.7–3.0× the first FlashAttention’s and 1.3–2.5× the Triton port’s on A100 ' +
      '(Dao 2023, §4). No framework setting names the older kernels, and no source gives their ' +
      'rate closer than those ranges, so these runs are shown here and not held to the training ' +
      'section’s bounds; a plan on such a stack should expect its steps longer than predicted by ' +
      'about what this table gives for its share of attention, or state its kernel’s rate as ' +
      'its attention efficiency.',
    '',
    slowedParagraph(s),
    '',
    slowedTable(s),
    '',
    'Where attention matters little the model is still faster than all of these runs, more ' +
      `so without activation checkpointing (${s.shortCounts[1]} runs, median ` +
      `${signedPct(s.shortNotCheckpointed)}) than with it (${s.shortCounts[0]} runs, ` +
      `${signedPct(s.shortCheckpointed)}). The runs without it are the smaller models (125M to ` +
      '13B, with small GEMMs: hidden sizes of 768 to 5,120). Published, they used less of the ' +
      'peak than the checkpointed 7B to 70B runs, and the model lowers them less (medians of ' +
      'hardware FLOP utilization, checkpointed against not, published then model: ' +
      `${s.utilization.map(utilizationText).join('; ')}). On A100 the model runs every GEMM ` +
      'shape at the largest GEMMs’ rate (how the rate falls with the reduction size is measured ' +
      'for Hopper only: the GEMM section), one reason it separates them less there; on H100, ' +
      'where it has that measurement, it separates them no better.',
    '',
    `Memory: every run trained, and ${s.fit} of ${s.runs} plans fit their card with the fused ` +
      `cross-entropy that MPT runs (the plan’s bf16 loss). With the default loss, an fp32 ` +
      `cross-entropy keeping 12 bytes per logit, ${s.runs - s.fitWithFp32Loss} would not: ` +
      'the runs without checkpointing at large micro-batches, whose logits (micro-batch × ' +
      `sequence × 50,368) are what decides. ${s.tight} of the plans are tight (the high end of ` +
      'their range past the headroom): published runs are the ones that trained, so they do ' +
      'not say how often a tight layout does; the layout sweeps, which kept their out-of-memory ' +
      'runs, do.',
    '',
    'How wide a PyTorch plan’s step is: the page, the CLI and the exports show a plan across ' +
      'GPUs with FSDP (ZeRO 2 or 3, a dense model trained whole, flash attention) with the range ' +
      'of published ÷ predicted step times of these runs and of the training section’s PyTorch ' +
      'runs sharded so (torchtitan’s on A100, Meta’s Llama 3 405B), for the plan’s accelerator ' +
      `family or else over all of them (\`time_band.hpp\`, kind "fsdp"): ` +
      `${band.map(bandText).join('; ')}. Wide, because these runs are: long sequences on an older ` +
      'attention kernel set its high end (the table above).',
    '',
    rowTable(rows),
  ].join('\n');
}
