// The layout search runs here, off the page's thread, on its own instance of the module: the
// page stays responsive while tens of thousands of layouts are evaluated.
import createLlmSizerModule from './generated/llm_sizer.mjs';
import type { LlmSizerModule, PlanTexts, SearchReport } from './types';

export interface SearchRequest {
  id: number;
  texts: PlanTexts;
}

export interface SearchResponse {
  id: number;
  report?: SearchReport;
  ms?: number;
  error?: string;
}

const ready = createLlmSizerModule() as Promise<LlmSizerModule>;

self.onmessage = async (event: MessageEvent<SearchRequest>) => {
  const { id, texts } = event.data;
  try {
    const module = await ready;
    const start = performance.now();
    const report = module.search(texts);
    const response: SearchResponse = { id, report, ms: performance.now() - start };
    self.postMessage(response);
  } catch (error) {
    self.postMessage({ id, error: String(error) } satisfies SearchResponse);
  }
};
