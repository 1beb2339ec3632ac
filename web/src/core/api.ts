// The page's only door to the core: typed calls, one cached catalog, and a guard that turns an
// unexpected failure inside the module into a value the page can show instead of a blank screen.
import type {
  Catalog,
  ComparisonMatrix,
  DecodedLink,
  HfImport,
  LlmSizerModule,
  PlanTexts,
  Report,
  SearchReport,
} from './types';

export interface Core {
  catalog: Catalog;
  defaultTexts: PlanTexts;
  evaluate(texts: PlanTexts): Report;
  comparison(texts: PlanTexts): ComparisonMatrix;
  search(texts: PlanTexts): SearchReport;
  decodeLink(link: string): DecodedLink;
  encodeLink(texts: PlanTexts): string;
  exportJson(texts: PlanTexts, kind: 'training' | 'inference'): string;
  importHfConfig(text: string): HfImport;
}

export function createCore(module: LlmSizerModule): Core {
  const catalog = module.catalog();
  return {
    catalog,
    defaultTexts: module.decodeLink(`#v=${catalog.linkVersion}`).texts,
    evaluate: (texts) => module.evaluate(texts),
    comparison: (texts) => module.comparison(texts),
    search: (texts) => module.search(texts),
    decodeLink: (link) => module.decodeLink(link),
    encodeLink: (texts) => module.encodeLink(texts),
    exportJson: (texts, kind) => module.exportJson(texts, kind),
    importHfConfig: (text) => module.importHfConfig(text),
  };
}
