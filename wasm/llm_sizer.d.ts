// The wasm module's functions (EMSCRIPTEN_BINDINGS in wasm/bindings.cpp), by hand: Embind 3.1.6
// cannot describe them. Everything they take and return is declared in the file generated from
// the core's visit_fields (tools/gen_dts.cpp → web/src/core/generated/llm_sizer_types.d.ts,
// written by the native build), re-exported here. tests/web/contract.test.mjs checks the real
// module against both: every function, every key and every value's type.
import type {
  Catalog,
  ComparisonMatrix,
  DecodedLink,
  HfImport,
  PlanTexts,
  Report,
  SearchProgress,
  SearchReport,
  SearchStart,
  VllmImport,
} from '../web/src/core/generated/llm_sizer_types';

export type * from '../web/src/core/generated/llm_sizer_types';

/** llm_sizer_page: what the page needs for its first paint. */
export interface PageModule {
  evaluate(texts: PlanTexts): Report;
  decodeLink(link: string): DecodedLink;
  encodeLink(texts: PlanTexts): string;
  catalog(): Catalog;
}

/** llm_sizer: the page module and the tools loaded when first used. */
export interface LlmSizerModule extends PageModule {
  /** evaluate() without the serving model (servingComputed false): a training plan's keystroke */
  evaluateTraining(texts: PlanTexts): Report;
  /** the CLI's --json document (`llm-sizer train|infer --json`) */
  exportJson(texts: PlanTexts, kind: 'training' | 'inference'): string;
  search(texts: PlanTexts): SearchReport;
  /** a search in steps (the worker's): one at a time per module instance */
  searchBegin(texts: PlanTexts): SearchStart;
  searchStep(units: number): SearchProgress;
  searchEnd(): SearchReport;
  /** the article's 2.3.4 matrix under the plan's settings (only its own view shows it) */
  comparison(texts: PlanTexts): ComparisonMatrix;
  /** nanoseconds per layout evaluation inside the module (for the benchmark) */
  benchmarkLayoutNs(iterations: number): number;
  importHfConfig(text: string): HfImport;
  /** a `vllm serve …` command line read into plan texts */
  importVllmCommand(text: string): VllmImport;
  /** milliseconds per fleet search for a plan, timed inside the module (-1 without a model) */
  benchmarkFleetMs(texts: PlanTexts, iterations: number): number;
  /** seconds of one M×K by K×N GEMM as the step-time model times it on a preset, bf16, fp8 (the
   * per-tensor default) or an fp8 recipe by name (NaN: unknown preset, recipe or dtype) */
  gemmSeconds(
    accelerator: string,
    dtype: 'bf16' | 'fp8' | 'delayed' | 'tensorwise' | 'mxfp8' | 'blockwise',
    m: number,
    n: number,
    k: number,
  ): number;
  /** seconds to quantize one bf16 tensor of `elements` under an fp8 recipe, as the step times it
   * (NaN: unknown preset or recipe, or one the preset cannot run) */
  quantizeSeconds(
    accelerator: string,
    recipe: 'delayed' | 'tensorwise' | 'mxfp8' | 'blockwise',
    elements: number,
  ): number;
  /** seconds of one NCCL collective over `gpus` of one node, as the step times it (NaN: unknown) */
  collectiveSeconds(
    accelerator: string,
    op: 'all_gather' | 'reduce_scatter' | 'all_reduce' | 'all_to_all',
    gpus: number,
    bytes: number,
  ): number;
  /** seconds of one causal attention call, forward or backward, as the step times it under
   * Megatron, over a sliding window of `window` keys (0: none), in bf16 or FP8 (NaN: unknown
   * preset or dimension, or FP8 attention not measured there) */
  attentionSeconds(
    accelerator: string,
    batch: number,
    heads: number,
    seq: number,
    headDim: number,
    pass: 'fwd' | 'bwd',
    window: number,
    dtype: 'bf16' | 'fp8' | 'mxfp8',
  ): number;
}

export default function createLlmSizerModule(options?: {
  wasmBinary?: ArrayBuffer | Uint8Array;
  locateFile?: (path: string) => string;
}): Promise<LlmSizerModule>;
