// The page's only door to the core: typed calls, one cached catalog, and a guard that turns an
// unexpected failure inside the module into a value the page can show instead of a blank screen.
import type {
  Catalog,
  ComparisonMatrix,
  DecodedLink,
  LlmSizerModule,
  PageModule,
  PlanTexts,
  Report,
  VllmImport,
} from './types';

export interface Core {
  catalog: Catalog;
  defaultTexts: PlanTexts;
  evaluate(texts: PlanTexts): Report;
  decodeLink(link: string): DecodedLink;
  encodeLink(texts: PlanTexts): string;
  /** the CLI's --json document; loads the full module on first use */
  exportJson(texts: PlanTexts, kind: 'training' | 'inference'): Promise<string>;
  // The config.json import is not here: it runs in a worker (import-client.ts), whose code
  // arrives with the importer's component, not on a first visit.
  /**
   * evaluate() of the full module: `all` with the serving model the page's module leaves out,
   * `training` with the step-time model and the memory derivation but not the serving model
   */
  loadFullEvaluate(): Promise<FullEvaluate>;
  /** the article's 2.3.4 matrix under a plan's settings: it comes with the full module */
  loadFullComparison(): Promise<(texts: PlanTexts) => ComparisonMatrix>;
  /** a `vllm serve …` command line → the plan texts it sets; loads the full module */
  importVllmCommand(text: string): Promise<VllmImport>;
}

export interface FullEvaluate {
  all(texts: PlanTexts): Report;
  training(texts: PlanTexts): Report;
}

export function createCore(module: PageModule, tools: () => Promise<LlmSizerModule>): Core {
  const catalog = module.catalog();
  return {
    catalog,
    defaultTexts: module.decodeLink(`#v=${catalog.linkVersion}`).texts,
    evaluate: (texts) => module.evaluate(texts),
    decodeLink: (link) => module.decodeLink(link),
    encodeLink: (texts) => module.encodeLink(texts),
    exportJson: async (texts, kind) => (await tools()).exportJson(texts, kind),
    loadFullEvaluate: async () => {
      const full = await tools();
      return {
        all: (texts) => full.evaluate(texts),
        training: (texts) => full.evaluateTraining(texts),
      };
    },
    loadFullComparison: async () => {
      const full = await tools();
      return (texts) => full.comparison(texts);
    },
    importVllmCommand: async (text) => (await tools()).importVllmCommand(text),
  };
}
