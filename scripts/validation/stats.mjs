// Figures every validation section summarizes its errors with.

/** The middle value (the mean of the two middle ones for an even count); NaN for none. */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** A ratio as a signed percentage to one decimal ("+3.2 %", "−0.4 %"); "—" when unknown. */
export const signedPct = (x) =>
  Number.isFinite(x) ? `${x >= 0 ? '+' : '−'}${Math.abs(x * 100).toFixed(1)} %` : '—';

/** A ratio as a percentage ("3.2 %"). */
export const plainPct = (x, digits = 1) => `${(x * 100).toFixed(digits)} %`;
