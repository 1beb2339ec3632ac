// Which messages of the shared catalogs (web/src/i18n/*.json, also embedded into the CLI) travel
// with which part of the page. Used by vite.config.js at build time and by
// tests/web/page-messages.test.mjs, which checks that the page module never shows a message that
// is not in its first catalog.

/** The CLI's own messages ("cli.*", "*.cli_*"), and "rule.*" (how an empty input resolves). */
export const cliOnly = (key) =>
  key.startsWith('cli.') || key.includes('.cli_') || key.startsWith('rule.');

/** The config.json importer's messages. */
export const importerOnly = (key) =>
  !cliOnly(key) && ((key.startsWith('hf.') && key !== 'hf.title') || key.startsWith('issue.hf_'));

/**
 * A derivation step's name or note ("step.<id>", "note.<id>") that only the full wasm module
 * computes (the serving model, the memory model's working): the page module's wasm never names
 * its id. `pageWasm` holds the bytes of web/src/core/generated/llm_sizer_page.wasm.
 */
export function fullModuleOnly(key, pageWasm) {
  const dot = key.indexOf('.');
  const kind = key.slice(0, dot);
  if (kind !== 'step' && kind !== 'note') return false;
  return !pageWasm.includes(Buffer.from(key.slice(dot + 1), 'utf8'));
}

/**
 * The messages that arrive with the code that shows them, by virtual module: the config.json
 * importer's, the public measurements' (MeasuredMemory.tsx), and the derivation steps that only
 * the full module computes (load-core.ts).
 */
export const LAZY_MESSAGES = {
  'virtual:hf-messages': (key) => importerOnly(key),
  'virtual:measured-messages': (key) => key.startsWith('measured.'),
  'virtual:full-messages': (key, pageWasm) => fullModuleOnly(key, pageWasm),
};

/**
 * Splits one catalog into what the first visit loads (`page`) and what each virtual module of
 * LAZY_MESSAGES brings. A CLI message stays on the page only where `pageSource` (the page's
 * TypeScript) names it, and reaches no virtual module.
 */
export function splitCatalog(messages, { pageSource, pageWasm }) {
  const parts = { page: {} };
  for (const id of Object.keys(LAZY_MESSAGES)) parts[id] = {};
  for (const [key, text] of Object.entries(messages)) {
    if (cliOnly(key)) {
      if (pageSource.includes(`'${key}'`)) parts.page[key] = text;
      continue;
    }
    const lazy = Object.keys(LAZY_MESSAGES).find((id) => LAZY_MESSAGES[id](key, pageWasm));
    parts[lazy ?? 'page'][key] = text;
  }
  return parts;
}
