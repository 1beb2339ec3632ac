import { htmlLang, type Lang } from '../i18n/i18n';

type Translate = (key: string, params?: Record<string, string | number>) => string;

const centFormats = new Map<Lang, Intl.NumberFormat>();

// Dollars in cents: "$34.10", not "$34.1" beside "$17.96".
function cents(lang: Lang): Intl.NumberFormat {
  let format = centFormats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(htmlLang(lang), {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    centFormats.set(lang, format);
  }
  return format;
}

/** A fleet's dollars as the serving answer and panel show them, or why there are none. */
export function fleetUsd(t: Translate, lang: Lang, value: number | null): string {
  return value !== null && Number.isFinite(value)
    ? t('ui.fleet_usd', { n: cents(lang).format(value) })
    : t('ui.fleet_unknown_price');
}
