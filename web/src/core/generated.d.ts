// The generated modules are build output (not committed); their types live in wasm/llm_sizer.d.ts.
declare module '*/generated/llm_sizer.mjs' {
  import type { LlmSizerModule } from '../../../wasm/llm_sizer';
  const createLlmSizerModule: (options?: object) => Promise<LlmSizerModule>;
  export default createLlmSizerModule;
}

declare module '*/generated/llm_sizer_page.mjs' {
  import type { PageModule } from '../../../wasm/llm_sizer';
  const createPageModule: (options?: object) => Promise<PageModule>;
  export default createPageModule;
}
