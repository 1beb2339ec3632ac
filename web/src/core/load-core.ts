// Loads the wasm core. The generated glue resolves its .wasm relative to itself, which Vite
// rewrites to the hashed asset, so the page works from any sub-path. The first paint needs only
// the page module; the full one (config.json import, JSON export) is fetched when first used.
import createPageModule from './generated/llm_sizer_page.mjs';
import { addMessages } from '../i18n/i18n';
import type { LlmSizerModule, PageModule } from './types';

export function loadCore(): Promise<PageModule> {
  return createPageModule() as Promise<PageModule>;
}

let tools: Promise<LlmSizerModule> | null = null;

export function loadTools(): Promise<LlmSizerModule> {
  // The derivation steps only the full module computes bring their messages (vite.config.js).
  tools ??= Promise.all([import('./generated/llm_sizer.mjs'), import('virtual:messages/full')])
    .then(([{ default: create }, { default: messages }]) => {
      addMessages(messages);
      return create() as Promise<LlmSizerModule>;
    })
    .catch((error: unknown) => {
      tools = null; // a failed download can be retried by the next use
      throw error;
    });
  return tools;
}
