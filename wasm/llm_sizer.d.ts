// Hand-written types of the wasm module; mirrors wasm/bindings.cpp one to one.
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

export interface ResolvedSetup {
  modelName: string;
  params: number;
  acceleratorName: string;
  cardMemoryGb: number;
  gpusPerNode: number;
  bytesPerParam: number;
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
  comparison: ComparisonMatrix;
  issues: Issue[];
  ok: boolean;
}

export interface DecodedLink {
  texts: PlanTexts;
  issues: Issue[];
}

export interface ModelPreset {
  id: string;
  name: string;
  params: number;
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
  type: 'text' | 'integer' | 'number';
  unit: string;
  min: number;
  max: number;
  minExclusive: boolean;
}

export interface Catalog {
  models: ModelPreset[];
  accelerators: AcceleratorPreset[];
  fields: FieldSpec[];
  linkVersion: number;
}

export interface LlmSizerModule {
  evaluate(texts: PlanTexts): Report;
  decodeLink(link: string): DecodedLink;
  encodeLink(texts: PlanTexts): string;
  exportJson(texts: PlanTexts, kind: 'training' | 'inference'): string;
  catalog(): Catalog;
}

export default function createLlmSizerModule(options?: {
  wasmBinary?: ArrayBuffer | Uint8Array;
  locateFile?: (path: string) => string;
}): Promise<LlmSizerModule>;
