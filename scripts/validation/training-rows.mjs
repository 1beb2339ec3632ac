// Reading and printing the training section's rows (training.mjs, training-findings.mjs).
import { median, signedPct } from './stats.mjs';

// A row held to the table's bounds (not left out, with a published figure to compare), and such a
// row by its run's id.
export const isHeld = (r) => !r.reason && r.metric;
export const heldRun = (rows, id) => rows.find((r) => r.run.id === id && isHeld(r));
// A held row whose layout its authors chose for speed, which the search's aim (the published
// layout near its best) applies to; an experiment's (training-plans.mjs, EXPERIMENTS) is shown
// with the search's verdict but not held to it.
export const isSearchHeld = (r) => isHeld(r) && !r.experiment;

/** A run's published step time over the predicted one (the model's speed over the published). */
export const speedRatio = (r) => (r.metric.higherIsBetter ? 1 + r.error : 1 / (1 + r.error));

/**
 * The model's speed against the published one over held rows (speedRatio − 1: positive is
 * faster), whichever metric each row compares: their count, median and range.
 */
export function speedSummary(list) {
  const speeds = list.map((r) => speedRatio(r) - 1);
  return {
    runs: list.length,
    median: median(speeds),
    low: Math.min(...speeds),
    high: Math.max(...speeds),
  };
}

/** A run's GEMM precision in the table's prose: NVFP4, FP8 (any fp8 scaling) or BF16. */
export const gemmPrecision = (plan) =>
  plan.fp8Recipe === 'nvfp4' ? 'NVFP4' : /fp8/.test(plan.recipe ?? '') ? 'FP8' : 'BF16';

export const pct = signedPct;
export const num = (x) =>
  Number.isFinite(x)
    ? Math.abs(x) >= 100
      ? Math.round(x).toLocaleString('en-US')
      : x.toPrecision(3)
    : '—';

// The model's speed against the published one (predicted ÷ published throughput − 1, whichever
// metric the row compares), by accelerator and GEMM precision: where the model runs fast or slow.
// The items of `list` by `keyOf(item)`, in the order the keys first appear.
export function groupBy(list, keyOf) {
  const groups = new Map();
  for (const item of list) {
    const key = keyOf(item);
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(item);
  }
  return groups;
}

// An accelerator preset's name in the table's prose: "h100-80g" → "H100", "gb200" → "GB200".
export const acceleratorLabel = (id) => id.split('-')[0].toUpperCase();
