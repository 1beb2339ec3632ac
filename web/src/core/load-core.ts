// Loads the wasm core. The generated glue resolves llm_sizer.wasm relative to itself, which Vite
// rewrites to the hashed asset, so the page works from any sub-path.
import createLlmSizerModule from './generated/llm_sizer.mjs';
import type { LlmSizerModule } from './types';

export function loadCore(): Promise<LlmSizerModule> {
  return createLlmSizerModule() as Promise<LlmSizerModule>;
}
