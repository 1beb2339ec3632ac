// Which derivation messages only the full wasm module needs. vite.config.js packs them with that
// module (virtual:messages/full, added by web/src/core/load-core.ts), and
// tests/web/page-messages.test.mjs checks that the page module never shows one of them.

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
