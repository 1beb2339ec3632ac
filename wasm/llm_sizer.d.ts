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
  computeEfficiency: number;
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
  /** the tensor-core peak the matmuls use: "bf16", "fp8" or "fp4" */
  peakDtype: string;
  peakTflops: number;
  tpAuto: boolean;
  /** the engine profile: "vllm", "sglang", "trtllm" */
  engine: string;
  engineName: string;
  engineVersion: string;
  inputTokens: number;
  outputTokens: number;
  concurrency: number;
  tpotSloMs: number;
  /** NaN (null) where the engine derives it per layout (SGLang) */
  maxNumSeqs: number;
  prefixHitRate: number;
  specTokens: number;
  specAcceptance: number;
  pdRatio: string;
  pdPrefill: number;
  pdDecode: number;
  kvOffloadGb: number;
  encoderReserveGb: number;
  /** the card as the driver reports it to the engine */
  deviceMemoryGib: number;
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

/** Memory of one card of the fleet's layout, GB, as its engine sizes it. */
export interface FleetCard {
  deviceGb: number;
  fraction: number;
  requestedGb: number;
  weightsGb: number;
  kvCacheGb: number;
  activationGb: number;
  nonTorchGb: number;
  encoderGb: number;
  cudaGraphGb: number;
  cudaContextGb: number;
  reserveGb: number;
  headroomGb: number;
  kvTokens: number;
}

export interface FleetAlternative {
  tp: number;
  pp: number;
  dp: number;
  ep: boolean;
  replicas: number;
  totalGpus: number;
  tpotMs: number;
  ttftMs: number;
  outputTokensPerSPerGpu: number;
  meetsSlo: boolean;
}

/** The P/D-disaggregation what-if (on = false without a prefill:decode ratio). */
export interface DisaggregatedFleet {
  on: boolean;
  prefillReplicas: number;
  decodeReplicas: number;
  prefillGpus: number;
  decodeGpus: number;
  ttftMs: number;
  transferMs: number;
  tpotMs: number;
  outputTokensPerS: number;
  outputTokensPerSPerGpu: number;
}

/** The smallest fleet for the target load (numbers NaN/null when none was found). */
export interface FleetReport {
  found: boolean;
  engine: string;
  tp: number;
  pp: number;
  dp: number;
  ep: boolean;
  gpusPerReplica: number;
  nodesPerReplica: number;
  replicas: number;
  totalGpus: number;
  nodes: number;
  memoryConcurrency: number;
  sloConcurrency: number;
  replicaConcurrency: number;
  concurrency: number;
  meetsSlo: boolean;
  perCard: FleetCard;
  batchPerRank: number;
  ttftMs: number;
  tpotMs: number;
  decodeStepMs: number;
  prefillMs: number;
  /** "memory", "compute" or "" */
  bound: string;
  commMs: number;
  outputTokensPerS: number;
  inputTokensPerS: number;
  outputTokensPerSPerGpu: number;
  outputTokensPerSPerReplica: number;
  tokensPerSPerUser: number;
  costPerHour: number;
  costPerMInput: number;
  costPerMOutput: number;
  evaluated: number;
  alternatives: FleetAlternative[];
  disaggregated: DisaggregatedFleet;
  steps: DerivationStep[];
}

export interface LatencyPoint {
  /** sequences per replica */
  concurrency: number;
  tpotMs: number;
  ttftMs: number;
  outputTokensPerSPerGpu: number;
  tokensPerSPerUser: number;
}

/** Command lines for the fleet's layout and the training layout ("" when not computed). */
export interface LaunchCommands {
  vllm: string;
  sglang: string;
  trtllm: string;
  megatron: string;
  nemo: string;
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
  fleet: FleetReport;
  latencyCurve: LatencyPoint[];
  launch: LaunchCommands;
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
  /** the page's module (servingComputed false) sends only { available: false } */
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
  computeS: number;
  bubbleS: number;
  tpCommS: number;
  ppCommS: number;
  dpCommS: number;
  moeCommS: number;
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
  microBatch: number;
  zero: number;
  recompute: string;
  sequenceParallel: boolean;
  gpus: number;
  globalBatch: number;
  peakGb: number;
  stepS: number;
  tokensPerS: number;
  mfu: number;
  days: number;
  gpuHours: number;
  cost: number;
}

export interface SearchResult {
  mode: string;
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

/** What importVllmCommand read from a `vllm serve …` command line. */
export interface VllmImport {
  /** only the fields it sets (engine, model, weights, layout, engine settings); empty when not ok */
  texts: PlanTexts;
  /** the model repository as given */
  model: string;
  /** all with field "vllm_command" */
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
  /** nanoseconds per layout evaluation inside the module (for the benchmark) */
  benchmarkLayoutNs(iterations: number): number;
  importHfConfig(text: string): HfImport;
  /** a `vllm serve …` command line → the plan texts it sets */
  importVllmCommand(text: string): VllmImport;
  /** milliseconds per fleet search for a plan, timed inside the module (-1 without a model) */
  benchmarkFleetMs(texts: PlanTexts, iterations: number): number;
}

export default function createLlmSizerModule(options?: {
  wasmBinary?: ArrayBuffer | Uint8Array;
  locateFile?: (path: string) => string;
}): Promise<LlmSizerModule>;
