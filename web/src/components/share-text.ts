import { formatNumber, type Lang } from '../i18n/i18n';
import { orNaN } from '../core/unknown';

/** A share as a percentage to one decimal ("3.9%"), or "—" when unknown. */
export function percentText(lang: Lang, share: number | null | undefined): string {
  const value = orNaN(share);
  return Number.isFinite(value) ? `${formatNumber(lang, value * 100, 1)}%` : '—';
}

/** A layout's step against the search's best ("+3.9%"); "—" where the search does not compare. */
export function vsBestText(lang: Lang, share: number | null | undefined): string {
  const value = orNaN(share);
  if (!Number.isFinite(value)) return '—';
  return `${value < 0 ? '−' : '+'}${percentText(lang, Math.abs(value))}`;
}

/**
 * Whether a search's rows carry their step against the best's: a cluster search's do; a
 * deadline's rows differ in DP and compare none, so its tables have no "vs best" column.
 */
export function comparesSteps(rows: { stepVsBest?: number | null }[]): boolean {
  return rows.some((c) => Number.isFinite(orNaN(c.stepVsBest)));
}
