// Message catalogs shared with the CLI (which embeds the same JSON files) and locale formatting.
import en from './en.json';
import zh from './zh-CN.json';

export type Lang = 'en' | 'zh';
type Params = Record<string, string | number>;

const tables: Record<Lang, Record<string, string>> = { en, zh };

export const LANGS: readonly Lang[] = ['en', 'zh'];

export function htmlLang(lang: Lang): string {
  return lang === 'zh' ? 'zh-CN' : 'en';
}

export function langFromBrowser(languages: readonly string[]): Lang {
  return languages.some((l) => l.toLowerCase().startsWith('zh')) ? 'zh' : 'en';
}

export function asLang(text: string | undefined): Lang | undefined {
  return text === 'en' || text === 'zh' ? text : undefined;
}

export function fill(pattern: string, params: Params = {}): string {
  return pattern.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** The message `key` in `lang`, its {placeholders} filled; falls back to English, then the key. */
export function translate(lang: Lang, key: string, params?: Params): string {
  const pattern = tables[lang][key] ?? tables.en[key] ?? key;
  return fill(pattern, params);
}

export function hasMessage(key: string): boolean {
  return key in tables.en;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A number for people: locale grouping, at most `digits` fraction digits; "—" when unknown. */
export function formatNumber(lang: Lang, value: number | undefined, digits = 3): string {
  if (value === undefined || !Number.isFinite(value)) return '—';
  const key = `${lang}:${digits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(htmlLang(lang), { maximumFractionDigits: digits });
    numberFormats.set(key, format);
  }
  return format.format(value);
}

/** Parameter counts read best in billions: "175B" / "1750亿". */
export function formatParams(lang: Lang, params: number): string {
  if (!Number.isFinite(params)) return '—';
  if (lang === 'zh' && params >= 1e8) return `${formatNumber(lang, params / 1e8, 2)} 亿`;
  if (params >= 1e9) return `${formatNumber(lang, params / 1e9, 2)}B`;
  if (params >= 1e6) return `${formatNumber(lang, params / 1e6, 2)}M`;
  return formatNumber(lang, params, 0);
}
