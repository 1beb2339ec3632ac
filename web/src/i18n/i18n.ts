// Message catalogs shared with the CLI (which embeds the same JSON files) and locale formatting.
// A visit loads only the catalog of its language (each is a third of the page's script); both
// hold the same keys (tests/web/i18n.test.mjs), so no fallback between them is needed.
import { signal } from '@preact/signals';

export type Lang = 'en' | 'zh';
type Params = Record<string, string | number>;
type Table = Record<string, string>;

const tables: Partial<Record<Lang, Table>> = {};

/** The languages whose catalog has arrived; the page speaks only these. */
export const loadedLangs = signal<readonly Lang[]>([]);

/** Counts additions of messages: text read during a render follows it (see issueText). */
export const messagesVersion = signal(0);

// Messages that arrive with the code that shows them (the config.json importer's).
const extras: Partial<Record<Lang, Table>> = {};

export async function loadCatalog(lang: Lang): Promise<void> {
  if (tables[lang]) return;
  const module = lang === 'zh' ? await import('./zh-CN.json') : await import('./en.json');
  tables[lang] = { ...(module.default as Table), ...extras[lang] };
  loadedLangs.value = [...loadedLangs.value, lang];
}

/** Adds messages to both languages, loaded or not yet. */
export function addMessages(more: Record<Lang, Table>): void {
  for (const lang of LANGS) {
    extras[lang] = { ...extras[lang], ...more[lang] };
    const table = tables[lang];
    if (table) tables[lang] = { ...table, ...more[lang] };
  }
  messagesVersion.value += 1;
}

let issuesPack: Promise<void> | null = null;
let issuesLoaded = false;

/**
 * The messages of the issues a first visit cannot show (vite.config.js, PACKS.issues), loaded
 * once: at the page's first interaction, or when such an issue is shown.
 */
export function loadIssueMessages(): Promise<void> {
  issuesPack ??= import('virtual:messages/issues').then(
    (pack) => {
      issuesLoaded = true;
      addMessages(pack.default);
    },
    (error: unknown) => {
      issuesPack = null; // the next issue tries again
      throw error;
    },
  );
  return issuesPack;
}

/** Whether the message `key` is one of a pack not loaded yet (not an unknown key). */
export function messagePending(key: string): boolean {
  const table = tables.en ?? tables.zh;
  return (
    !issuesLoaded &&
    own(table, 'meta.lazy_issues') !== undefined &&
    key.startsWith('issue.') &&
    !own(table, key)
  );
}

/**
 * `load` once the message packs its code shows have been added (vite.config.js packs the keys
 * only lazily loaded code names, so a first visit does not download them).
 */
export async function withMessages<T>(
  load: Promise<T>,
  ...packs: Promise<{ default: Record<Lang, Table> }>[]
): Promise<T> {
  const [value, ...tables] = await Promise.all([load, ...packs]);
  for (const table of tables) addMessages((table as { default: Record<Lang, Table> }).default);
  return value as T;
}

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

/**
 * `record[key]` only when `key` is the record's own: keys here are built from text of a link, a
 * config or the core ("__proto__", "constructor" …), which must never reach Object.prototype.
 */
export function own<T>(record: Record<string, T> | undefined, key: string): T | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}

/**
 * Fills {name} with its parameter, and {name:one|other} with `one` when that parameter is
 * exactly "1", else `other` (also without one: a unit after its count, "GPU{n:|s}"): English
 * counts say "1 GPU", not "1 GPUs".
 */
export function fill(pattern: string, params: Params = {}): string {
  return pattern.replace(
    /\{(\w+)(?::([^|{}]*)\|([^{}]*))?\}/g,
    (whole, name: string, one?: string, other?: string) => {
      const value = own(params, name);
      if (one !== undefined) return String(value) === '1' ? one : (other as string);
      return value === undefined ? whole : String(value);
    },
  );
}

/** The message `key` in `lang` (or a loaded one), its {placeholders} filled; else the key. */
export function translate(lang: Lang, key: string, params?: Params): string {
  const table = tables[lang] ?? tables.en ?? tables.zh;
  return fill(own(table, key) ?? key, params);
}

export function hasMessage(key: string): boolean {
  return own(tables.en ?? tables.zh, key) !== undefined;
}

/** The language a link asks for, read before the core has loaded (to fetch its catalog early). */
export function langInLink(hash: string): Lang | undefined {
  return asLang(/[#&?]lang=([a-z]+)/.exec(hash)?.[1]);
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A number for people: locale grouping, at most `digits` fraction digits; "—" when unknown. */
export function formatNumber(lang: Lang, value: number | null | undefined, digits = 3): string {
  if (value == null || !Number.isFinite(value)) return '—';
  const key = `${lang}:${digits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(htmlLang(lang), { maximumFractionDigits: digits });
    numberFormats.set(key, format);
  }
  return format.format(value);
}

/** Parameter counts read best in billions: "175B" / "1750亿". */
export function formatParams(lang: Lang, params: number | null): string {
  if (params === null || !Number.isFinite(params)) return '—';
  if (lang === 'zh' && params >= 1e8) return `${formatNumber(lang, params / 1e8, 2)} 亿`;
  if (params >= 1e9) return `${formatNumber(lang, params / 1e9, 2)}B`;
  if (params >= 1e6) return `${formatNumber(lang, params / 1e6, 2)}M`;
  return formatNumber(lang, params, 0);
}

// Inputs that offer another input's choices, worded the same: the page reads that input's
// messages (vite.config.js leaves these out of the page's catalogs).
const SAME_CHOICES_AS: Record<string, string> = { embedding_format: 'weights' };

/** The message key of choice `value` of the input `issueField`. */
export function choiceKey(issueField: string, value: string): string {
  return `choice.${SAME_CHOICES_AS[issueField] ?? issueField}.${value}`;
}
