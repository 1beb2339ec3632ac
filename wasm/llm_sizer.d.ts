// Hand-written types of the wasm module; mirrors wasm/bindings.cpp one to one.
// Numbers the core does not know (NaN) arrive as null.
// tests/web/contract.test.mjs checks the real module against the names declared here.

/** Every plan input as the text a user typed; "" means automatic. Keys are the fields' ids. */
export type PlanTexts = Record<string, string>;

export type Severity = 'error' | 'warning';

export interface Issue {
  code: string;
  /** snake_case field id (FieldSpec.issueField), "link" for link problems, "" for none */
  field: string;
  severity: Severity;
  params: Record<string, string>;
}

export interface DerivationStep {
  id: string;
  formula: string;
  substitution: string;
  value: number;
  unit: string;
  note: string;
  noteParams: Record<string, string>;
}

export interface Architecture {
  layers: number;
  hidden: number;
  heads: number;
  kvHeads: number;
  headDim: number;
  ffn: number;
  ffnKind: 'gelu' | 'swiglu';
  vocab: number;
  tiedEmbeddings: boolean;
  positions: 'rotary' | 'learned' | 'alibi';
  maxPositions: number;
  qkvBias: boolean;
  linearBias: boolean;
  norm: 'rmsnorm' | 'layernorm';
  qkNorm: boolean;
  dropout: boolean;
  moeExperts: number;
  moeTopK: number;
  moeSharedExperts: number;
  moeFfn: number;
  moeDenseLayers: number;
  moeLayerPeriod: number;
  qLoraRank: number;
  kvLoraRank: number;
  qkNopeDim: number;
  qkRopeDim: number;
  vHeadDim: number;
  slidingWindow: number;
  slidingWindowLayers: number;
}

export interface ParamCounts {
  attention: number;
  denseFfn: number;
  moeFfnTotal: number;
  moeFfnActive: number;
  expert: number;
  normsPerLayer: number;
  embedding: number;
  lmHead: number;
  finalNorm: number;
  total: number;
  active: number;
  matmulActive: number;
}

export interface ResolvedSetup {
  modelName: string;
  /** the article method's parameter count */
  params: number;
  hasArchitecture: boolean;
  architecture: Architecture;
  counts: ParamCounts;
  attention: string;
  acceleratorName: string;
  cardMemoryGb: number;
  gpusPerNode: number;
  bf16Tflops: number;
  fp8Tflops: number;
  hbmBandwidthTbps: number;
  intraNodeBandwidthGbps: number;
  interNodeBandwidthGbps: number;
  powerW: number;
  pricePerGpuHour: number;
  acceleratorConfidence: string;
  recipe: string;
  bytesPerParam: number;
}

export interface TrainingSettings {
  framework: string;
  recipe: string;
  recompute: string;
  tp: number;
  pp: number;
  dp: number;
  cp: number;
  ep: number;
  etp: number;
  vpp: number;
  microBatch: number;
  seqLen: number;
  globalBatch: number;
  microbatches: number;
  zero: number;
  sequenceParallel: boolean;
  flashAttention: boolean;
  cudaContextGb: number;
  commBufferGb: number;
  allocatorSlack: number;
  stageLayers: number[];
  /** null when the kernel model decides (automatic) */
  computeEfficiency: number | null;
  gemmEfficiency: number;
  attentionEfficiency: number;
  /** "cudnn", "flash2", "estimate", "standard" */
  attentionKernel: string;
  memoryEfficiency: number;
  commEfficiency: number;
  tpOverlap: boolean;
  moeOverlap: boolean;
  batchTolerance: number;
  achievedTflops: number;
  dpOverlap: number;
  pue: number;
  tokens: number;
  computeDtype: string;
  peakTflops: number;
}

export interface MemoryBreakdown {
  weightsGb: number;
  gradsGb: number;
  optimizerGb: number;
  activationsGb: number;
  logitsGb: number;
  overheadGb: number;
  peakGb: number;
  fits: boolean;
  peakStage: number;
  cardMemoryGb: number;
  freeGb: number;
}

export interface StageReport {
  stage: number;
  firstLayer: number;
  layers: number;
  inflight: number;
  params: number;
  weightsGb: number;
  gradsGb: number;
  optimizerGb: number;
  activationsGb: number;
  logitsGb: number;
  overheadGb: number;
  totalGb: number;
  fits: boolean;
}

export interface FitOption {
  recompute: string;
  pp: number;
  peakGb: number;
}

export interface FullTraining {
  available: boolean;
  settings: TrainingSettings;
  memory: MemoryBreakdown;
  stages: StageReport[];
  steps: DerivationStep[];
  fitOptions: FitOption[];
  /** false from the page's first module: the step-time model arrives with the full module */
  timeComputed: boolean;
  timeAvailable: boolean;
  time: TrainingTime;
}

export interface ArticleTraining {
  modelStateGb: number;
  safeMemoryPerCardGb: number;
  minModelParallel: number;
  tp: number;
  ppMin: number;
  pp: number;
  dp: number;
  gpusPerReplica: number;
  totalGpus: number;
  steps: DerivationStep[];
}

export interface ArticleInference {
  weightsGb: number;
  minGpus: number;
  steps: DerivationStep[];
}

export interface InferenceSettings {
  weights: string;
  weightBits: number;
  embeddingFormat: string;
  embeddingBits: number;
  kvDtype: string;
  kvBits: number;
  batch: number;
  context: number;
  promptTokens: number;
  targetConcurrency: number;
  gpuMemoryUtilization: number;
  runtimeReserveGb: number;
  prefillChunk: number;
  kvBlockTokens: number;
  decodeEfficiency: number;
  prefillEfficiency: number;
  /** the tensor-core peak the matmuls use: "bf16" or "fp8" */
  peakDtype: string;
  peakTflops: number;
  tpAuto: boolean;
}

/** Memory of one card of the serving layout, GB (NaN when unknown). */
export interface InferencePerCard {
  weightsGb: number;
  kvCacheGb: number;
  workspaceGb: number;
  reserveGb: number;
  totalGb: number;
  /** card memory × the engine's utilization */
  usableGb: number;
  cardMemoryGb: number;
  freeGb: number;
  fits: boolean;
}

export interface InferenceThroughput {
  decodeStepMs: number;
  memoryMs: number;
  computeMs: number;
  /** "memory", "compute", or "" when unknown */
  bound: string;
  decodeTokensPerS: number;
  decodeTokensPerSPerCard: number;
  tokensPerSPerSequence: number;
  prefillS: number;
  computeBoundBatch: number;
}

export interface ConcurrencyPoint {
  context: number;
  maxConcurrency: number;
}

/** The serving model; `available` is false without an architecture (numbers are then NaN). */
export interface FullInference {
  available: boolean;
  settings: InferenceSettings;
  weightsGb: number;
  kvBytesPerToken: number;
  /** batch × context on one replica (all its cards) */
  kvCacheGb: number;
  /** per card: prefill workspace + runtime reserve */
  overheadGb: number;
  perCardGb: number;
  fits: boolean;
  minGpus: number;
  tp: number;
  maxConcurrency: number;
  replicas: number;
  totalGpus: number;
  decodeTokensPerS: number;
  prefillS: number;
  perCard: InferencePerCard;
  throughput: InferenceThroughput;
  curve: ConcurrencyPoint[];
  steps: DerivationStep[];
}

export interface ComparisonCell {
  accelerator: string;
  tp: number;
  pp: number;
  dp: number;
  totalGpus: number;
  minGpusInference: number;
  isPlan: boolean;
  ok: boolean;
}

export interface ComparisonRow {
  model: string;
  modelName: string;
  params: number;
  cells: ComparisonCell[];
}

export interface ComparisonMatrix {
  accelerators: string[];
  acceleratorNames: string[];
  rows: ComparisonRow[];
}

export interface Report {
  texts: PlanTexts;
  link: string;
  setup: ResolvedSetup;
  articleTraining: ArticleTraining;
  articleInference: ArticleInference;
  training: FullTraining;
  inference: FullInference;
  issues: Issue[];
  /** every input as the models used it, in the input table's order (core resolve.hpp) */
  inputs: ResolvedInput[];
  /** false from the page's first module: the serving model arrives with the full one */
  servingComputed: boolean;
  ok: boolean;
}

export type InputSource = 'given' | 'preset' | 'default' | 'automatic' | 'refused';

export interface ResolvedInput {
  /** snake_case field id */
  field: string;
  source: InputSource;
  /** the number used (null for text inputs, unknown and refused values) */
  value: number | null;
  /** choice ids and names; numbers in their shortest form */
  text: string;
}

export interface TrainingTime {
  modelFlopsPerToken: number;
  hardwareFlopsPerToken: number;
  gpus: number;
  tokensPerStep: number;
  microbatches: number;
  computeS: number;
  recomputeS: number;
  bubbleS: number;
  tpCommS: number;
  cpCommS: number;
  ppCommS: number;
  dpCommS: number;
  moeCommS: number;
  optimizerS: number;
  stepS: number;
  measured: boolean;
  commKnown: boolean;
  tokensPerS: number;
  mfu: number;
  hfu: number;
  steps: number;
  days: number;
  gpuHours: number;
  cost: number;
  energyKwh: number;
  daysAtMfu30: number;
  daysAtMfu40: number;
  daysAtMfu50: number;
}

export interface LayoutCandidate {
  tp: number;
  pp: number;
  dp: number;
  cp: number;
  ep: number;
  etp: number;
  vpp: number;
  microBatch: number;
  zero: number;
  recompute: string;
  sequenceParallel: boolean;
  /** "" for the even split, else "7,8,…" */
  stageLayers: string;
  gpus: number;
  globalBatch: number;
  microbatches: number;
  peakGb: number;
  fits: boolean;
  stepS: number;
  computeS: number;
  recomputeS: number;
  bubbleS: number;
  tpCommS: number;
  cpCommS: number;
  ppCommS: number;
  dpCommS: number;
  moeCommS: number;
  optimizerS: number;
  tokensPerS: number;
  mfu: number;
  days: number;
  gpuHours: number;
  cost: number;
}

export interface SearchResult {
  mode: string;
  /** the batch every layout trains (sequences) */
  globalBatch: number;
  evaluated: number;
  feasible: number;
  found: boolean;
  best: LayoutCandidate;
  top: LayoutCandidate[];
  pareto: LayoutCandidate[];
  minGpusFound: boolean;
  minGpus: LayoutCandidate;
}

export interface SearchReport {
  ran: boolean;
  search: SearchResult;
  issues: Issue[];
}

export interface DecodedLink {
  texts: PlanTexts;
  issues: Issue[];
}

/** What importHfConfig read from a Hugging Face config.json. */
export interface HfImport {
  /** only the fields it sets: model ("custom"), modelName, params ("") and every architecture field; empty when not ok */
  texts: PlanTexts;
  /** _name_or_path, else architectures[0], else model_type */
  modelName: string;
  /** as the config says ("" when absent) */
  modelType: string;
  /** the mapping used (a model_type), "" for the generic Llama-style reading */
  family: string;
  /** all with field "hf_config" */
  issues: Issue[];
  ok: boolean;
}

export interface ModelPreset {
  id: string;
  name: string;
  /** the headline count */
  params: number;
  /** counted from the architecture */
  paramsTotal: number;
  source: string;
  note: string;
}

export interface AcceleratorPreset {
  id: string;
  name: string;
  vendor: string;
  memoryGb: number;
  gpusPerNode: number | undefined;
  bf16DenseTflops: number | undefined;
  fp8DenseTflops: number | undefined;
  hbmBandwidthTbps: number | undefined;
  powerW: number | undefined;
  source: string;
  confidence: string;
  note: string;
}

export interface FieldSpec {
  /** camelCase key in PlanTexts */
  id: string;
  /** snake_case id used in issues and message keys */
  issueField: string;
  linkKey: string;
  cliFlag: string;
  type: 'text' | 'integer' | 'number' | 'flag';
  unit: string;
  min: number;
  max: number;
  minExclusive: boolean;
  /** where the page shows it: general, model, architecture, accelerator, article, layout, memory, inference */
  group: string;
  /** how an empty input resolves: message key "rule.<autoRule>", "" for a fixed default */
  autoRule: string;
  /** accepted values of a text field ("" = automatic is always accepted); empty for free text */
  choices: string[];
  /** a comma-separated list of `choices` ("training,memory") rather than one of them */
  choiceList: boolean;
}

export interface RecipeInfo {
  id: string;
  weightBytes: number;
  gradBytes: number;
  optimizerBytes: number;
  totalBytes: number;
  shardsOptimizer: boolean;
}

export interface Catalog {
  models: ModelPreset[];
  accelerators: AcceleratorPreset[];
  fields: FieldSpec[];
  recipes: RecipeInfo[];
  linkVersion: number;
}

/** llm_sizer_page: what the page needs for its first paint. */
export interface PageModule {
  evaluate(texts: PlanTexts): Report;
  decodeLink(link: string): DecodedLink;
  encodeLink(texts: PlanTexts): string;
  catalog(): Catalog;
  /** the article's 2.3.4 matrix under the plan's settings */
  comparison(texts: PlanTexts): ComparisonMatrix;
}

/** llm_sizer: the page module and the tools loaded when first used. */
export interface LlmSizerModule extends PageModule {
  exportJson(texts: PlanTexts, kind: 'training' | 'inference'): string;
  search(texts: PlanTexts): SearchReport;
  /** a search in steps (the worker's): one at a time per module instance */
  searchBegin(texts: PlanTexts): { ready: boolean; total: number };
  searchStep(units: number): { finished: boolean; done: number; total: number };
  searchEnd(): SearchReport;
  /** nanoseconds per layout evaluation inside the module (for the benchmark) */
  benchmarkLayoutNs(iterations: number): number;
  importHfConfig(text: string): HfImport;
}

export default function createLlmSizerModule(options?: {
  wasmBinary?: ArrayBuffer | Uint8Array;
  locateFile?: (path: string) => string;
}): Promise<LlmSizerModule>;
