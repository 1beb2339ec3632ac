// The layout search runs here, off the page's thread, on its own instance of the module. It runs
// in steps: between them it reports progress and lets messages in, so a newer plan or a cancel
// stops it at once instead of waiting for tens of thousands of layouts.
import createLlmSizerModule from './generated/llm_sizer.mjs';
import type { LlmSizerModule, PlanTexts, SearchReport } from './types';

export type SearchRequest =
  { type: 'run'; id: number; texts: PlanTexts } | { type: 'cancel'; id: number };

export interface SearchResponse {
  id: number;
  /** while running: units of work done and in all */
  progress?: { done: number; total: number };
  report?: SearchReport;
  ms?: number;
  cancelled?: boolean;
  error?: string;
}

// The plan's own layout is what the page evaluates; the search looks around it, bounded only by
// the plan's search limits (so that using a layout it found does not shrink the next search).
// Stripped here, in the worker's chunk, rather than in the page's first script.
const LAYOUT_INPUTS: (keyof PlanTexts)[] = [
  'tp',
  'pp',
  'dp',
  'cp',
  'ep',
  'etp',
  'vpp',
  'stageLayers',
  'microBatch',
  'zero',
  'recompute',
  'recomputeLayers',
  'sequenceParallel',
];

/** The plan the page's search runs: the plan without its layout inputs. */
function searchTexts(texts: PlanTexts): PlanTexts {
  const out = { ...texts };
  for (const key of LAYOUT_INPUTS) delete out[key];
  return out;
}

const ready = createLlmSizerModule() as Promise<LlmSizerModule>;
// Work between two looks at the message queue, and units asked of the module per call.
const SLICE_MS = 12;
const UNITS = 4;
const PROGRESS_MS = 100;

let current = 0; // the search that may run; a newer request or a cancel stops the others
const channel = new MessageChannel();
const yieldToMessages = () =>
  new Promise<void>((resolve) => {
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(0);
  });

async function run(id: number, texts: PlanTexts) {
  const module = await ready;
  if (id !== current) return;
  const start = performance.now();
  const begin = module.searchBegin(searchTexts(texts));
  let shown = start;
  let slice = start;
  while (begin.ready) {
    const step = module.searchStep(UNITS);
    if (step.finished) break;
    const now = performance.now();
    if (now - shown > PROGRESS_MS) {
      shown = now;
      self.postMessage({
        id,
        progress: { done: step.done ?? 0, total: step.total ?? 0 },
      } satisfies SearchResponse);
    }
    if (now - slice > SLICE_MS) {
      await yieldToMessages();
      slice = performance.now();
      if (id !== current) {
        self.postMessage({ id, cancelled: true } satisfies SearchResponse);
        return;
      }
    }
  }
  const report = module.searchEnd();
  self.postMessage({ id, report, ms: performance.now() - start } satisfies SearchResponse);
}

self.onmessage = (event: MessageEvent<SearchRequest>) => {
  const request = event.data;
  if (request.type === 'cancel') {
    if (request.id === current) current = 0;
    return;
  }
  current = request.id;
  run(request.id, request.texts).catch((error) => {
    self.postMessage({ id: request.id, error: String(error) } satisfies SearchResponse);
  });
};
