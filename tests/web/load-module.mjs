// Loads the real wasm module that the page uses (web/src/core/generated), in Node.
import { readFile } from 'node:fs/promises';

const generated = new URL('../../web/src/core/generated/', import.meta.url);

export async function loadModule() {
  const { default: create } = await import(new URL('llm_sizer.mjs', generated).href);
  const wasmBinary = await readFile(new URL('llm_sizer.wasm', generated));
  return create({ wasmBinary });
}

export async function readFixture(name) {
  return JSON.parse(await readFile(new URL(`../fixtures/${name}`, import.meta.url), 'utf8'));
}
