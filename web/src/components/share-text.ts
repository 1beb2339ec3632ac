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
