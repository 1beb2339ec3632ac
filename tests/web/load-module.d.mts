// Types of load-module.mjs, for the TypeScript unit tests (tests/unit/) that use the real modules.
import type { LlmSizerModule, PageModule } from '../../wasm/llm_sizer';

export function loadModule(): Promise<LlmSizerModule>;
export function loadPageModule(): Promise<PageModule>;
export function readFixture(name: string): Promise<unknown>;
