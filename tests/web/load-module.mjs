// Loads the real wasm modules that the page uses (web/src/core/generated), in Node.
import { readFile } from 'node:fs/promises';

const generated = new URL('../../web/src/core/generated/', import.meta.url);

async function load(name) {
  const { default: create } = await import(new URL(`${name}.mjs`, generated).href);
  const wasmBinary = await readFile(new URL(`${name}.wasm`, generated));
  return create({ wasmBinary });
}

/** The full module: what the search worker, config.json import and JSON export use. */
export function loadModule() {
  return load('llm_sizer');
}

/** The page's first-paint module, built from the same bindings without the tools. */
export function loadPageModule() {
  return load('llm_sizer_page');
}

export async function readFixture(name) {
  return JSON.parse(await readFile(new URL(`../fixtures/${name}`, import.meta.url), 'utf8'));
}
