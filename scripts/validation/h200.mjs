// Our own measurements on one H200 (validation/data/h200/, README.md there): training steps of
// public architectures in plain PyTorch + transformers, each timed and its peak allocated memory
// read by scripts/device/measure_training.py, against the module's prediction for the same plan.
// Unlike the published rows of the other sections, every setting is known here: the script sets
// it, and the device's versions are recorded with the data.
import { readFile } from 'node:fs/promises';
import { median, plainPct, signedPct } from './stats.mjs';
import { sustainedShares } from './kernels.mjs';
import { bandFigures } from './training.mjs';

export const id = 'h200';
export const title = 'One H200, measured here: plain PyTorch training steps';

// What tests/web/validation-h200.test.mjs holds the section to (|predicted ÷ measured − 1|).
export const BOUNDS = {
  memoryMedianPct: 1,
  memoryMaxPct: 10,
  stepMedianPct: 7.5,
  stepMaxPct: 20,
  // SDPA limited to FlashAttention-2, the kernel the profile's attention rate is for.
  flashStepMedianPct: 10,
  flashStepMaxPct: 20,
};

const DIR = new URL('../../validation/data/h200/', import.meta.url);
const RUNS = ['run2-training.json', 'run3-finetune.json', 'run5-more.json'];
const KEPT = 'run1-outputs-kept.json';
const FLASH = 'run4-flash.json';

// Pythia-1.4B (EleutherAI/pythia-1.4b config.json) is no preset: its shape as custom inputs.
const PYTHIA = {
  model: 'custom',
  modelName: 'Pythia-1.4B',
  layers: '24',
  hidden: '2048',
  heads: '16',
  kvHeads: '16',
  ffn: '8192',
  ffnKind: 'gelu',
  vocab: '50304',
  tiedEmbeddings: '0',
  positions: 'rotary',
  maxPositions: '2048',
  norm: 'layernorm',
  linearBias: '1',
  qkvBias: '1',
  dropout: '0',
};

const ALL_LINEAR = 7;

// The kernel SDPA ran is stated as the training section states a run's (training-plans.mjs,
// STATED_BY_PREFIX): by its published forward rate as a share of the H100/H200 peak. torch 2.11
// picked cuDNN's fused attention (the profile's cudnn_generated_fort_native_sdpa_sm90_flash_*
// kernels; PyTorch's check_prefer_cudnn_attention prefers it on sm90 once the bundled cuDNN is
// past 9.15): 539 TFLOP/s causal forward at head dim 128 (Shah et al. 2024, FlashAttention-3,
// Figure 5), the rate the module takes for it under Megatron. The runs limited to
// FlashAttention-2 keep the PyTorch profile's own kernel, which is that one.
const CUDNN_HOPPER = String(539 / 989);

/** The plan of one measured case: the script's settings as the page's inputs, on `accelerator`. */
export function measuredPlan(c, accelerator = 'h200-141g') {
  const accum = c.accum ?? 1;
  const plan = {
    ...(c.arch === 'pythia-1.4b' ? PYTHIA : { model: c.arch }),
    accelerator,
    framework: 'pytorch',
    recipe: c.recipe,
    tp: '1',
    pp: '1',
    dp: '1',
    microBatch: String(c.mb),
    globalBatch: String(c.mb * accum),
    seqLen: String(c.seq),
    recompute: c.recompute,
    // transformers' "sdpa" (cuDNN's fused attention on this device) keeps no s×s scores;
    // "eager" materializes them.
    flashAttention: c.attn === 'sdpa' ? '1' : '0',
    // transformers' ForCausalLMLoss upcasts the logits to fp32.
    loss: 'fp32',
  };
  if (c.attn === 'sdpa' && c.sdpa_backend !== 'flash') plan.attentionEfficiency = CUDNN_HOPPER;
  if (c.lora) {
    plan.finetune = 'lora';
    plan.loraRank = String(c.lora.r);
    plan.loraAlpha = String(c.lora.alpha);
    plan.loraTargets =
      c.lora.targets.length === ALL_LINEAR
        ? 'all'
        : c.lora.targets.map((t) => t.replace('_proj', '')).join(',');
  }
  return plan;
}

/**
 * Why a case's step time is not held to the bounds (null when it is): a mechanism the module
 * does not have, named so that the row says what a fix would need.
 */
export function stepGap(c) {
  if (c.attn === 'eager') {
    return 'eager attention: its s² chain (kEagerAttentionScores) is counted byte by byte, but ATen runs the fp32 softmax and its dtype casts at about half the copy bandwidth (the profile’s kernels: 1.9–2.1 TB/s), and the model streams at one rate';
  }
  if (c.optimizer === 'foreach') {
    return 'foreach AdamW (PyTorch’s default without fused=True): a pass per operation; the model streams the fused kernel’s bytes';
  }
  return null;
}

/** Why a case's memory is not held to the bounds (null when it is). */
export function memoryGap(c) {
  if (c.keep_outputs) {
    return 'the loop keeps the model’s output, and its bf16 logits, through backward: 2 B per logit more than the profile’s loss';
  }
  return null;
}

/** The serving model's default share of HBM bandwidth in a decode step, as the module resolves it. */
export function servingDecodeEfficiency(core) {
  return core.evaluate({ model: 'llama-3.1-8b' }).inference.settings.decodeEfficiency;
}

/** One run file of a device's data folder (validation/data/<device>/). */
export async function readRun(name, dir = DIR) {
  return JSON.parse(await readFile(new URL(name, dir), 'utf8'));
}

const ratio = (predicted, measured) => predicted / measured - 1;

/** One measured case against the module's prediction for its plan on `accelerator`. */
export function evaluateCase(core, c, accelerator = 'h200-141g') {
  const plan = measuredPlan(c, accelerator);
  const t = core.evaluate(plan).training;
  const groups = c.kernel_split?.groups_us ?? {};
  const row = {
    id: c.id,
    case: c,
    plan,
    link: core.encodeLink(plan),
    // The raw counter: what the process holds, cuBLAS's workspaces included (the module counts
    // its own).
    measuredGb: c.peak_allocated_raw_bytes / 1e9,
    predictedGb: t.available ? t.memory.allocatedGb : NaN,
    verdict: t.available ? t.memory.verdict : '',
    highGb: t.available ? t.memory.highGb : NaN,
    cardGb: t.available ? t.memory.cardMemoryGb : NaN,
    // Peak reserved: allocated plus the fragmentation range (training_memory.hpp).
    reservedRangeGb: t.available ? [t.memory.reservedLowGb, t.memory.reservedHighGb] : [NaN, NaN],
    logitsShare: t.available ? t.memory.logitsGb / t.memory.allocatedGb : NaN,
    measuredStepS: c.median.step_s,
    predictedStepS: t.timeAvailable ? t.time.stepS : NaN,
    measuredOptimizerS: c.median.optimizer_s,
    predictedComputeS: t.timeAvailable ? t.time.computeS + t.time.recomputeS : NaN,
    predictedOptimizerS: t.timeAvailable ? t.time.optimizerS : NaN,
    split: {
      total: (c.kernel_split?.total_us ?? 0) / 1e6,
      memcpy: (groups.memcpy ?? 0) / 1e6,
      gemm: (groups.gemm ?? 0) / 1e6,
      attention: (groups.attention ?? 0) / 1e6,
      elementwise: ((groups.elementwise ?? 0) + (groups.softmax ?? 0) + (groups.loss ?? 0)) / 1e6,
      optimizer: (groups.optimizer ?? 0) / 1e6,
    },
    memoryGap: memoryGap(c),
    stepGap: stepGap(c),
  };
  row.memoryError = ratio(row.predictedGb, row.measuredGb);
  row.stepError = ratio(row.predictedStepS, row.measuredStepS);
  return row;
}

export function stats(errors) {
  const abs = errors.map(Math.abs);
  return { count: abs.length, medianAbs: median(abs), maxAbs: Math.max(...abs) };
}

export async function evaluate(core) {
  const runs = await Promise.all(RUNS.map((n) => readRun(n)));
  const kept = await readRun(KEPT);
  const flash = await readRun(FLASH);
  const flashRows = flash.cases.map((c) => evaluateCase(core, c));
  const flashHeld = flashRows.filter((r) => !r.stepGap);
  const rows = runs.flatMap((r) => r.cases.map((c) => evaluateCase(core, c)));
  // The first run's loop kept each model output alive through backward (README.md): the same
  // cases with 2 B per logit more, shown beside the module's fp32-loss prediction.
  const keptRows = kept.cases.map((c) => {
    const row = evaluateCase(core, { ...c, keep_outputs: true });
    const logits = c.mb * c.seq * VOCAB[c.arch];
    const loop = runs[0].cases.find((d) => d.id === c.id);
    row.extraBytesPerLogit = loop
      ? (c.peak_allocated_raw_bytes - loop.peak_allocated_raw_bytes) / logits
      : NaN;
    return row;
  });
  const memoryRows = rows.filter((r) => !r.memoryGap);
  const stepRows = rows.filter((r) => !r.stepGap);
  const env = runs[0].environment;
  const gemm = kept.gemm;
  const hopper = (await sustainedShares()).families.find((f) => f.family === 'hopper');
  return {
    rows,
    keptRows,
    environment: env,
    gemm,
    bandwidth: kept.bandwidth,
    gemv: kept.gemv,
    decodeEfficiency: servingDecodeEfficiency(core),
    hopper,
    flashRows,
    attention: attentionRates(runs[0], flash),
    summary: {
      memory: stats(memoryRows.map((r) => r.memoryError)),
      step: stats(stepRows.map((r) => r.stepError)),
      rows: rows.length,
      flashStep: stats(flashHeld.map((r) => r.stepError)),
      keptExtraBytesPerLogit: median(
        keptRows.map((r) => r.extraBytesPerLogit).filter(Number.isFinite),
      ),
    },
  };
}

/**
 * The attention kernels' rates in Llama-3.1-8B's step at 4,096 tokens (32 layers, 32 heads of
 * 128, causal): forward FLOPs 2·s²/2·a·(d_qk + d_v) a layer, backward 2.5 times that (the
 * module's count), over the kernels' profiled time under each SDPA backend.
 */
function attentionRates(defaultRun, flashRun) {
  const forward = 32 * 2 * ((4096 * 4096) / 2) * 32 * 256;
  const rate = (run, id, fwd, bwd) => {
    const c = run.cases.find((x) => x.id === id);
    const kernels = c?.kernel_split?.top_kernels ?? [];
    const us = (re) => kernels.filter((k) => re.test(k.name)).reduce((a, k) => a + k.us, 0);
    const f = us(fwd);
    const b = us(bwd);
    return {
      fwdMs: f / 1e3,
      bwdMs: b / 1e3,
      fwdTflops: forward / (f / 1e6) / 1e12,
      bwdTflops: (2.5 * forward) / (b / 1e6) / 1e12,
    };
  };
  return {
    cudnn: rate(defaultRun, 'llama31-8b-bf16-mb1-s4096', /sdpa.*fprop/, /sdpa.*bprop/),
    flash2: rate(
      flashRun,
      'llama31-8b-bf16-mb1-s4096-flash',
      /flash_fwd_kernel/,
      /flash_bwd_dq_dk_dv/,
    ),
  };
}

const VOCAB = {
  'llama-3.2-1b': 128256,
  'llama-3.2-3b': 128256,
  'llama-3.1-8b': 128256,
  'qwen2.5-7b': 152064,
  'qwen3-8b': 151936,
  'pythia-1.4b': 50304,
};

const pct = signedPct;
const plain = plainPct;
const ms = (s) => (s * 1000).toFixed(1);

function setupText(c) {
  const parts = [`mb ${c.mb} × ${c.seq}`];
  if (c.accum) parts.push(`${c.accum} micro-batches`);
  parts.push(c.recipe);
  if (c.recompute !== 'none') parts.push(`recompute ${c.recompute}`);
  parts.push(c.attn);
  if (c.lora)
    parts.push(
      `LoRA r ${c.lora.r} on ${c.lora.targets.length === ALL_LINEAR ? 'every linear' : c.lora.targets.join(', ')}`,
    );
  if (c.optimizer === 'foreach') parts.push('AdamW foreach');
  return parts.join(', ');
}

/** The measured steps' table, then why the rows it marks are not held to the bounds (¹ ²). */
export function table(rows) {
  const memGaps = [...new Set(rows.filter((r) => r.memoryGap).map((r) => r.memoryGap))];
  const stepGaps = [...new Set(rows.filter((r) => r.stepGap).map((r) => r.stepGap))];
  const notes = [''];
  if (memGaps.length) notes.push(`¹ Not held to the memory bounds: ${memGaps.join('; ')}.`);
  if (stepGaps.length) notes.push(`² Not held to the step bounds: ${stepGaps.join('; ')}.`);
  return [...stepTable(rows), ...notes];
}

function stepTable(rows) {
  const head = [
    '| Run | Model | Setup | Peak allocated: predicted / measured (GB) | Error | Step: predicted / measured (ms) | Error | Optimizer: predicted / measured (ms) | Measured split: GEMM / attention / element-wise (ms) | Plan |',
    '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  return head.concat(
    rows.map((r) => {
      const c = r.case;
      const memErr = `${pct(r.memoryError)}${r.memoryGap ? ' ¹' : ''}`;
      const stepErr = `${pct(r.stepError)}${r.stepGap ? ' ²' : ''}`;
      const split = `${ms(r.split.gemm)} / ${ms(r.split.attention)} / ${ms(r.split.elementwise)}`;
      return `| ${r.id} | ${c.arch} (${(c.params / 1e9).toFixed(2)} B) | ${setupText(c)} | ${r.predictedGb.toFixed(2)} / ${r.measuredGb.toFixed(2)} | ${memErr} | ${ms(r.predictedStepS)} / ${ms(r.measuredStepS)} | ${stepErr} | ${ms(r.predictedOptimizerS)} / ${ms(r.measuredOptimizerS)} | ${split} | [plan](${r.link}) |`;
    }),
  );
}

/** Where one row's error sits: the kernels the model times against the profile, and the rest. */
function decomposition(r) {
  if (!r) return '';
  const sp = r.split;
  const kernels = sp.gemm + sp.attention + sp.elementwise;
  const gaps = r.measuredStepS - sp.total;
  return (
    `Where the model falls short, one step taken apart (${r.id}, ${ms(r.measuredStepS)} ms measured, ${ms(r.predictedStepS)} predicted): ` +
    `the GEMMs, attention and element-wise kernels ran ${ms(kernels)} ms in the profile against the model's ${ms(r.predictedComputeS)} (${pct(r.predictedComputeS / kernels - 1)}); ` +
    `fused AdamW ran ${ms(sp.optimizer)} ms against ${ms(r.predictedOptimizerS)} (bf16 moments: its 14 B a parameter at about ${((14 * r.case.params) / sp.optimizer / 1e12).toFixed(1)} TB/s, where the model streams every byte at 85 % of 4.8 TB/s); ` +
    `copies took ${ms(sp.memcpy)} ms, and ${ms(gaps)} ms of the timed step ran no kernel at all (the timed step less the profiled kernels: eager PyTorch launches every op from Python; the model charges 2 µs a kernel). ` +
    'So the step times above are short by a few per cent, one-sided, and the bounds hold them there.'
  );
}

/**
 * The step time's band for plain PyTorch on one GPU (core/include/llm_sizer/time_band.hpp, kind
 * "pytorch", Hopper): how many of the H200's steps (under either attention kernel) and the H100's
 * (h100.mjs, when given) are held to the bounds, and the smallest and largest ratio of the
 * measured step to the predicted one, rounded outward to two decimals as
 * core/src/time_band_data.cpp holds them.
 */
export function pytorchBandFigures(result, h100Result) {
  const held = [...result.rows, ...result.flashRows, ...(h100Result?.rows ?? [])].filter(
    (r) => !r.stepGap,
  );
  return bandFigures(
    'hopper',
    'pytorch',
    held.map((r) => r.measuredStepS / r.predictedStepS),
  );
}

/** A Pythia-1.4B row's memory shortfall, in bytes per hidden element of each token and layer. */
export function pythiaGapPerElement(r) {
  const tokens = r.case.mb * r.case.seq;
  const elements = tokens * Number(PYTHIA.layers) * Number(PYTHIA.hidden);
  return ((r.measuredGb - r.predictedGb) * 1e9) / elements;
}

/** Pythia-1.4B's memory shortfall, and what GPT-NeoX's modeling code keeps beyond the count. */
function fusedQkvParagraph(r) {
  if (!r) return '';
  const perElement = pythiaGapPerElement(r);
  return (
    `The largest memory error, ${r.id} (${pct(r.memoryError)}), is ${perElement.toFixed(2)} B per hidden element of each token and layer. ` +
    "GPT-NeoX's modeling code, which Pythia runs, projects q, k and v with one fused linear and takes them as views of its output (`qkv.chunk(3, dim=-1)`); " +
    'rotary replaces q and k by new tensors, but SDPA keeps v for backward, and v, a view, keeps the whole fused output alive: ' +
    'the q and k thirds of it, 2 × 2h = 4 B per hidden element, beyond the three separate tensors the model counts. ' +
    "The architecture inputs do not say whether a model's q, k and v come from one fused linear (GPT-NeoX, Falcon, Phi-3) or from three (Llama, Qwen, StarCoder2), so the model keeps the count of three."
  );
}

export function render(result, results) {
  const { summary: s, environment: env } = result;
  const lines = [];
  lines.push(
    `${s.rows} training steps measured on one NVIDIA H200 (${env.nvidia_smi}; torch ${env.torch}, CUDA ${env.cuda}, transformers ${env.transformers}) by \`scripts/device/measure_training.py\`: random weights (memory and time do not depend on their values), the models' published shapes, transformers' own modules and loss, AdamW with \`fused=True\` (transformers' Trainer default), a loop that keeps only the loss across backward as the Trainer does; peak allocated memory is \`torch.cuda.max_memory_allocated\` over 5 steps after 2 warm-ups, the step the median of those 5 (CUDA events), the split one more step under the profiler. Data, versions and the loop: \`validation/data/h200/README.md\`.`,
  );
  lines.push('');
  lines.push(
    `- **Peak allocated memory**: ${s.memory.count} runs, median |error| **${plain(s.memory.medianAbs)}**, max **${plain(s.memory.maxAbs)}** (bounds ${BOUNDS.memoryMedianPct} % and ${BOUNDS.memoryMaxPct} %).`,
  );
  lines.push(
    `- **Step time**: ${s.step.count} runs, median |error| **${plain(s.step.medianAbs)}**, max **${plain(s.step.maxAbs)}** (bounds ${BOUNDS.stepMedianPct} % and ${BOUNDS.stepMaxPct} %), at the module's defaults for PyTorch on this card, each run's SDPA kernel stated (next section).`,
  );
  const band = pytorchBandFigures(result, results?.get('h100'));
  lines.push(
    `- **The range plain PyTorch plans show**: measured ÷ predicted step ${band.low.toFixed(2)}–${band.high.toFixed(2)}× over the ${band.runs} steps held to the bounds, on this card under either kernel (this table and the next) and on the H100 (next section); the page, the CLI and the exports show it beside the step time of a plan on one Hopper GPU with SDPA, a dense model trained whole or through LoRA (\`time_band.hpp\`, kind \`pytorch\`).`,
  );
  lines.push('');
  lines.push(...table(result.rows));
  lines.push('');
  lines.push(decomposition(result.rows.find((r) => r.id === 'llama31-8b-bf16-mb1-s4096')));
  lines.push('');
  lines.push(fusedQkvParagraph(result.rows.find((r) => r.id === 'pythia-1.4b-bf16-mb4-s2048')));
  lines.push('');
  const fs = s.flashStep;
  const at = result.attention;
  lines.push('### The profile’s attention kernel: SDPA limited to FlashAttention-2');
  lines.push('');
  lines.push(
    `On this device torch 2.11 runs SDPA on cuDNN's fused attention (\`cudnn_generated_fort_native_sdpa_sm90_flash_*\` in the profile): PyTorch prefers cuDNN on sm90 and sm100 once its bundled cuDNN is newer than 9.15, which 2.11's is ([transformers PR #48163](https://github.com/huggingface/transformers/pull/48163), citing \`check_prefer_cudnn_attention\` in sdp_utils.cpp; earlier versions opted out after [pytorch#138522](https://github.com/pytorch/pytorch/pull/138522)). The PyTorch profile (transformers 4.56, torch 2.8) takes FlashAttention-2's published rate, 335 and 322 TFLOP/s forward and backward on H100 at head dim 128 (Shah et al. 2024), the kernel those versions pick. The same ${result.flashRows.length} cases with SDPA limited to it (\`sdpa_kernel(FLASH_ATTENTION)\`, run 4): step time a median |error| **${plain(fs.medianAbs)}**, max **${plain(fs.maxAbs)}** over ${fs.count} runs (bounds ${BOUNDS.flashStepMedianPct} % and ${BOUNDS.flashStepMaxPct} %), the model faster than measured. In Llama-3.1-8B's step at 4,096 tokens PyTorch's FlashAttention-2 ran ${at.flash2.fwdTflops.toFixed(0)} TFLOP/s forward and ${at.flash2.bwdTflops.toFixed(0)} backward (${at.flash2.fwdMs.toFixed(1)} + ${at.flash2.bwdMs.toFixed(1)} ms), where the profile takes ${((335 * 4096) / (4096 + 360)).toFixed(0)} and ${((322 * 4096) / (4096 + 360)).toFixed(0)} at that length (its rate × s/(s + 360)); cuDNN ran ${at.cudnn.fwdTflops.toFixed(0)} and ${at.cudnn.bwdTflops.toFixed(0)} (${at.cudnn.fwdMs.toFixed(1)} + ${at.cudnn.bwdMs.toFixed(1)} ms). The rows above state cuDNN's rate, as their kernels show (the plan's attention efficiency, 539/989: the rate the module takes for cuDNN under Megatron); these keep the profile's, whose published FlashAttention-2 rate PyTorch's own build of the kernel does not reach (above): most of their further shortfall.`,
  );
  lines.push('');
  lines.push(
    '| Run | Step: predicted / measured (ms) | Error | Measured split: GEMM / attention / element-wise (ms) |',
  );
  lines.push('| --- | ---: | ---: | ---: |');
  for (const r of result.flashRows) {
    lines.push(
      `| ${r.id} | ${ms(r.predictedStepS)} / ${ms(r.measuredStepS)} | ${pct(r.stepError)}${r.stepGap ? ' ²' : ''} | ${ms(r.split.gemm)} / ${ms(r.split.attention)} / ${ms(r.split.elementwise)} |`,
    );
  }
  lines.push('');
  lines.push('### A loop that keeps the model’s output');
  lines.push('');
  lines.push(
    `The first run's loop held each step's output object (\`out = model(...); out.loss.backward()\`, as many hand-written loops and transformers' examples do) until after backward. The bf16 logits it references stay alive while the loss's backward starts: the same cases peak a median **${s.keptExtraBytesPerLogit.toFixed(2)} B per logit** higher (2 expected: one bf16 copy), so the module's fp32-loss prediction falls short by that much. Release the output before backward (\`loss = model(...).loss\`) or count 14 B per logit.`,
  );
  lines.push('');
  lines.push('| Run | Predicted (GB) | Measured, output kept (GB) | Error | Extra B per logit |');
  lines.push('| --- | ---: | ---: | ---: | ---: |');
  for (const r of result.keptRows) {
    lines.push(
      `| ${r.id} | ${r.predictedGb.toFixed(2)} | ${r.measuredGb.toFixed(2)} | ${pct(r.memoryError)} | ${Number.isFinite(r.extraBytesPerLogit) ? r.extraBytesPerLogit.toFixed(2) : '—'} |`,
    );
  }
  lines.push('');
  lines.push(...cardLines(result, 4.8));
  return lines.join('\n');
}

/**
 * The card itself, as the measuring script read it: the 8192³ bf16 GEMM in a burst and at the
 * power limit, copy and element-wise bandwidth against the datasheet's `hbmTbS`, decode GEMMs.
 */
export function cardLines(result, hbmTbS) {
  const { gemm, bandwidth, gemv, hopper } = result;
  const lines = [];
  lines.push('### The card itself: GEMM at the power limit, memory bandwidth');
  lines.push('');
  if (gemm) {
    lines.push(
      `A bf16 8192³ GEMM (\`torch.matmul\`, random data): a burst of 20 calls ran at **${gemm.burst_tflops.toFixed(0)} TFLOP/s**; back to back for ${gemm.sustained_seconds} s it settled at **${gemm.sustained_tflops.toFixed(0)} TFLOP/s** (${gemm.nvml_end.power_w.toFixed(0)} W of ${gemm.nvml_end.power_limit_w.toFixed(0)} W, SM clock ${gemm.nvml_end.sm_clock_mhz} MHz): burst ÷ sustained time **${gemm.burst_over_sustained_time.toFixed(3)}**, against the ${hopper.share.toFixed(4)} (quartiles ${hopper.q1.toFixed(3)}–${hopper.q3.toFixed(3)}) the module takes from NVIDIA's sustained H200 collection (GEMM kernels, above), whose kernels ran ≥ 1 s; ours ran ${gemm.sustained_seconds} s and drew the limit longer.`,
    );
  }
  if (bandwidth) {
    lines.push('');
    lines.push(
      `Memory: a 1 GiB bf16 copy moved ${bandwidth.copy_tb_s.toFixed(2)} TB/s and an element-wise multiply ${bandwidth.mul_tb_s.toFixed(2)} TB/s (bytes read and written), ${plain(bandwidth.copy_tb_s / hbmTbS)}–${plain(bandwidth.mul_tb_s / hbmTbS)} of the datasheet's ${hbmTbS} TB/s.`,
    );
  }
  if (gemv) {
    lines.push('');
    lines.push(
      `Decode-shaped GEMMs over Llama-3.1-8B's 32 layers of weights (${(gemv.weight_bytes / 1e9).toFixed(1)} GB, each matrix its own memory, replayed in a CUDA graph): the weights stream at ${gemv.runs
        .map((r) => `${r.weight_tb_s.toFixed(2)} TB/s at ${r.batch} token${r.batch > 1 ? 's' : ''}`)
        .join(', ')}.`,
    );
    const shares = decodeShares(gemv, hbmTbS);
    lines.push(
      `At 1 to ${DECODE_BATCH} tokens a step that is ${plain(shares.low)}–${plain(shares.high)} of the datasheet's ${hbmTbS} TB/s, where the serving model's decode step reads its weights at ${plain(result.decodeEfficiency)} of it by default (serving_settings.hpp, \`decode_efficiency\`).`,
    );
  }
  return lines;
}

/** The decode batches (tokens a step) whose GEMMs stream their weights, not compute. */
export const DECODE_BATCH = 64;

/** The measured weight-streaming rate at up to DECODE_BATCH tokens, as shares of `hbmTbS`. */
export function decodeShares(gemv, hbmTbS) {
  const shares = gemv.runs
    .filter((r) => r.batch <= DECODE_BATCH)
    .map((r) => r.weight_tb_s / hbmTbS);
  return { low: Math.min(...shares), high: Math.max(...shares), median: median(shares) };
}
