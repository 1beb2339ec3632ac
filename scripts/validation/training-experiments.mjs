// Megatron-Bridge's own experiments on its recipes (the measured tables of its skills, at
// 067f987df): one recipe with one setting or its layout changed, and one Nsight profile. They
// tell the model's mechanisms apart where a single published row cannot: which part of a step
// the model gets right, and whether it orders the variants as they ran.
import { EXPERIMENTS } from './training-plans.mjs';
import { heldRun, isHeld, pct } from './training-rows.mjs';

/** How many held rows are experiments, and the sentence the section's summary gives them. */
export function experimentsText(rows) {
  const held = rows.filter((r) => isHeld(r) && r.experiment);
  if (!held.length) return '';
  const kinds = [...new Set(held.map((r) => EXPERIMENTS[r.run.id]))];
  return (
    `the other ${held.length} are experiments on a recipe (${kinds.join(', ')}), whose rank the ` +
    'table shows marked "(experiment)" and the aim leaves aside.'
  );
}

// Megatron-Bridge PR #3107's Llama 3 70B SFT recipe on 32 H100 (FP8 current scaling, TP 4 ·
// PP 4 · VPP 5 · DP 2, core attention recomputed) and what its skills measured with one thing
// changed (nemo-mbridge-perf-activation-recompute, nemo-mbridge-perf-memory-tuning).
export const LLAMA_SFT_AB = {
  control: 'mbridge-skill-h100-llama3_70b-sft-32gpu-recompute-core_attn',
  variants: [
    ['mbridge-skill-h100-llama3_70b-sft-32gpu-tp4-pp8', 'PP 8 (DP 1)'],
    ['mbridge-skill-h100-llama3_70b-sft-32gpu-recompute-mlp', 'the MLP recomputed instead'],
    ['mbridge-skill-h100-llama3_70b-sft-32gpu-recompute-mlp-core_attn', 'the MLP recomputed too'],
    ['mbridge-skill-h100-llama3_70b-sft-32gpu-tp8-pp4', 'TP 8 (DP 1)'],
  ],
};

/**
 * Each variant's throughput against the control's, published and predicted (− is slower); null
 * without the control or a variant.
 */
export function llamaSftAb(rows) {
  const control = heldRun(rows, LLAMA_SFT_AB.control);
  const variants = LLAMA_SFT_AB.variants.map(([id, label]) => [heldRun(rows, id), label]);
  if (!control || variants.some(([r]) => !r)) return null;
  return variants.map(([r, label]) => ({
    id: r.run.id,
    label,
    published: r.metric.value / control.metric.value - 1,
    predicted: r.predicted / control.predicted - 1,
  }));
}

export function llamaSftAbFinding(rows) {
  const ab = llamaSftAb(rows);
  if (!ab) return [];
  const items = ab.map((v) => `${v.label} ${pct(v.published)} (model ${pct(v.predicted)})`);
  const tp8 = ab.find((v) => /tp8/.test(v.id));
  return [
    "Megatron-Bridge's own A/B of its Llama 3 70B SFT recipe on 32 H100 (FP8, TP 4 · PP 4 · VPP " +
      '5 · DP 2 with core attention recomputed, ~704 model TFLOP/s; PR #3107, in the skills ' +
      'nemo-mbridge-perf-activation-recompute and nemo-mbridge-perf-memory-tuning) changed one ' +
      `thing at a time: ${items.join(', ')}. The model orders them as they ran. It ` +
      `underrates what TP 8 costs (${pct(tp8.predicted)} against ${pct(tp8.published)}), which ` +
      "NVIDIA puts down to TP's all-reduce volume over NVLink with no data parallelism left to " +
      'overlap; the model has the overlapped userbuffers collectives, their GEMMs in chunks, and ' +
      'the smaller GEMMs of TP 8, and still comes out fast there.',
    '',
  ];
}

// Rank 0's Nsight Systems profile of PR #5094's A/B (Qwen3-30B-A3B on 16 H100, HybridEP, EP 16
// over two nodes; 463,348 kernels in each case): the union of the intervals with a kernel
// running, and the communication kernels' time beside GEMMs or attention with its share of all
// communication time (skill nemo-mbridge-perf-moe-comm-overlap, "Measured Evidence").
export const HYBRIDEP_PROFILE = {
  serial: { activeS: 22.821, besideComputeS: 0.009079, hiddenShare: 0.0011 },
  overlapped: { activeS: 21.221, besideComputeS: 3.958997, hiddenShare: 0.3655 },
};
const A2A_RUNS = {
  serial: 'mbridge-pr5094-qwen3_30b_a3b-16gpu-bf16-a2a-serial',
  overlapped: 'mbridge-pr5094-qwen3_30b_a3b-16gpu-bf16-a2a-overlap',
  alltoall: 'mbridge-skill-qwen3_30b_a3b-16gpu-bf16-alltoall-serial',
};

/**
 * The serial run's step split as the profile measured it — communication (the time beside
 * compute over its share), compute (the rest of the busy time), the GPU idle (the step less the
 * busy time) — against the model's all-to-all and the rest of its step; null without the rows.
 */
export function hybridEpSplit(rows) {
  const serial = heldRun(rows, A2A_RUNS.serial);
  if (!serial) return null;
  const split = (p, stepS) => {
    const commS = p.besideComputeS / p.hiddenShare;
    return { commS, computeS: p.activeS - commS + p.besideComputeS, idleS: stepS - p.activeS };
  };
  const overlapped = heldRun(rows, A2A_RUNS.overlapped);
  return {
    stepS: serial.metric.value,
    measured: split(HYBRIDEP_PROFILE.serial, serial.metric.value),
    overlapped: overlapped ? split(HYBRIDEP_PROFILE.overlapped, overlapped.metric.value) : null,
    model: { commS: serial.time.moeCommS, restS: serial.time.stepS - serial.time.moeCommS },
  };
}

export function hybridEpSplitFinding(rows) {
  const f = hybridEpSplit(rows);
  if (!f) return [];
  const s = (x) => `${x.toFixed(2)} s`;
  const m = f.measured;
  const alltoall = heldRun(rows, A2A_RUNS.alltoall);
  return [
    "Where that recipe's step goes, from the Nsight profile of rank 0 that Megatron-Bridge took " +
      'of both halves of the A/B (463,348 kernels each; skill nemo-mbridge-perf-moe-comm-overlap): ' +
      `without the overlap a kernel ran ${s(HYBRIDEP_PROFILE.serial.activeS)} of the ` +
      `${s(f.stepS)} step, communication kernels ${s(m.commS)} of it (their ` +
      `${(HYBRIDEP_PROFILE.serial.besideComputeS * 1e3).toFixed(1)} ms beside GEMMs or ` +
      `attention are ${(HYBRIDEP_PROFILE.serial.hiddenShare * 100).toFixed(2)} % of them), so the ` +
      `compute took ${s(m.computeS)} and the GPU sat idle ${s(m.idleS)}, waiting for the host.` +
      (f.overlapped
        ? ` With the overlap the compute took ${s(f.overlapped.computeS)}, the communication ` +
          `${s(f.overlapped.commS)}, slower beside the compute it shares the SMs with.`
        : '') +
      ` The model has ${s(f.model.restS)} of compute (${pct(f.model.restS / m.computeS - 1)}), ` +
      `${s(f.model.commS)} of all-to-all (${pct(f.model.commS / m.commS - 1)}) and no idle ` +
      'time: the fine-grained MoE layers’ compute is about right here, and what the model lacks ' +
      `on this run is the all-to-all (${(m.commS / f.model.commS).toFixed(2)}× the model's, ` +
      'which times it on the slower of its NVLink and network legs) and the host.' +
      (alltoall
        ? ` On Megatron's all-to-all dispatcher (a copy over the network per routed expert, no ` +
          `fused permutation) the recipe took ${s(alltoall.metric.value)} a step, the model ` +
          `${s(alltoall.predicted)} with ${s(alltoall.time.moeCommS)} of all-to-all; with the ` +
          'compute and the idle time of the profile (more without the fusion and the graphs) ' +
          `that leaves the all-to-all at most ${s(alltoall.metric.value - m.computeS - m.idleS)}.`
        : ''),
    '',
  ];
}
