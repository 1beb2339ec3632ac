// The generated module is build output (not committed); its types live in wasm/llm_sizer.d.ts.
declare module '*/generated/llm_sizer.mjs' {
  import type { LlmSizerModule } from '../../../wasm/llm_sizer';
  const createLlmSizerModule: (options?: object) => Promise<LlmSizerModule>;
  export default createLlmSizerModule;
}
