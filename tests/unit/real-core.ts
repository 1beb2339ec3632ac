// The page's Core (web/src/core/api.ts) over the real wasm modules, as main.tsx builds it.
import { createCore, type Core } from '../../web/src/core/api';
import { loadModule, loadPageModule } from '../web/load-module.mjs';

const page = await loadPageModule();
const full = await loadModule();

export function realCore(): Core {
  return createCore(page, async () => full);
}

/** The article's published training rows (tests/fixtures/seed-tables.json, sections 2.3.1–2.3.4). */
export { default as seedTables } from '../fixtures/seed-tables.json';
