// The published NVFP4 runs (Megatron-Bridge's archive, MLPerf v5.1 and v6.0; training-runs.md) by
// accelerator, beside the same accelerators' dense FP8 runs: NVFP4's GEMMs run at the one rate
// TransformerEngine's benchmark measured on a B300 (fp8_recipe.hpp), on parts whose FP4 peak is 2x
// (B200, GB200) or 3x (B300, GB300) their FP8 one. Where NVFP4 runs sit against their family's
// FP8 runs says what that one rate adds.
import {
  acceleratorLabel,
  gemmPrecision,
  groupBy,
  isHeld,
  pct,
  speedSummary,
} from './training-rows.mjs';

const FAMILIES = ['b200', 'gb200', 'b300', 'gb300'];

/**
 * The held NVFP4 runs and the held dense FP8 runs, by accelerator preset: the model's speed
 * against the published (speedSummary: positive is faster), and the largest |error| of NVFP4's.
 */
export function nvfp4Runs(rows) {
  const held = rows.filter((r) => isHeld(r) && r.plan);
  const nvfp4 = held.filter((r) => gemmPrecision(r.plan) === 'NVFP4');
  const fp8 = held.filter((r) => gemmPrecision(r.plan) === 'FP8' && r.band?.kind === 'dense');
  const by = (list) => {
    const groups = groupBy(list, (r) => r.plan.accelerator);
    return Object.fromEntries(
      FAMILIES.filter((id) => groups.has(id)).map((id) => [id, speedSummary(groups.get(id))]),
    );
  };
  return {
    runs: nvfp4.length,
    maxAbs: nvfp4.length ? Math.max(...nvfp4.map((r) => Math.abs(r.error))) : NaN,
    byAccelerator: by(nvfp4),
    fp8ByAccelerator: by(fp8),
  };
}

export function nvfp4Finding(rows) {
  const n = nvfp4Runs(rows);
  if (n.runs === 0) return [];
  const part = (id) => {
    const g = n.byAccelerator[id];
    const f = n.fp8ByAccelerator[id];
    const range = g.runs > 1 ? ` (${pct(g.low)} … ${pct(g.high)})` : '';
    return (
      `${acceleratorLabel(id)}: ${g.runs} at ${pct(g.median)}${range}` +
      (f ? `, its ${f.runs} dense FP8 at ${pct(f.median)}` : '')
    );
  };
  return [
    `NVFP4: ${n.runs} runs held (Megatron-Bridge's Llama 3 70B and 3.1 405B rows of 26.02 to ` +
      '26.04, MLPerf v5.1 and v6.0 Llama 3.1 405B and 8B), each within ' +
      `${pct(n.maxAbs).slice(1)} of the model. By accelerator, the model's median speed against ` +
      `the published (positive is faster) beside the same accelerator's dense FP8 runs: ${Object.keys(n.byAccelerator).map(part).join('; ')}. ` +
      "The plans run NVFP4's GEMMs 1.81× as fast as per-tensor fp8 ones on every Blackwell, the " +
      "rate TransformerEngine's benchmark measured on a B300, whose FP4 peak is 3.1× its FP8 one " +
      "(the B200's and GB200's 2×). The NVFP4 runs fall on the side of the model their " +
      "accelerator's FP8 runs fall on (B200 and GB200 faster in the model, GB300 slower): that " +
      'offset is the accelerator’s, not the NVFP4 rate’s, which no NVFP4 GEMM timing of a B200 ' +
      'or GB200 is published to check apart. The MLPerf 8B NVFP4 runs take attention in FP8 ' +
      '(fp8_dot_product_attention, current scaling) where their logged config says so (the v5.1 ' +
      "partners', HPE's, Lambda's GB300 and Oracle's in v6.0), where their config sources the " +
      "FP8-attention file every logged run that sources it shows on (ASUSTeK's, Nebius's on one " +
      'node), and ' +
      "where it is the config Lambda's and Oracle's GB300 logs name (NVIDIA's 72 GB300): so do " +
      "their plans. Lambda's B200 config sources no such file and its logs say false, nor does " +
      "Nebius's 8-node config: their plans keep attention in bf16.",
    '',
  ];
}
