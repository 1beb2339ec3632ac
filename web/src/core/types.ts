// The module's types, re-exported for the page (declared once, in wasm/llm_sizer.d.ts).
export type * from '../../../wasm/llm_sizer';
