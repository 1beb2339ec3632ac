import { formatNumber, type Lang } from '../i18n/i18n';

type Translate = (key: string, params?: Record<string, string | number>) => string;

/** A fleet's dollars as the serving answer and panel show them, or why there are none. */
export function fleetUsd(t: Translate, lang: Lang, value: number | null): string {
  return value !== null && Number.isFinite(value)
    ? t('ui.fleet_usd', { n: formatNumber(lang, value, 2) })
    : t('ui.fleet_unknown_price');
}
