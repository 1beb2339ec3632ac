// Runs searches in the worker, the newest only: a newer plan stops the running search (the worker
// looks at its messages between steps), and cancel() stops it without a replacement.
import type { PlanTexts } from './types';
import type { SearchRequest, SearchResponse } from './search-worker';

export type SearchListener = (response: SearchResponse) => void;

export interface SearchClient {
  run(texts: PlanTexts): void;
  cancel(): void;
}

export function createSearchClient(onResult: SearchListener): SearchClient {
  const worker = new Worker(new URL('./search-worker.ts', import.meta.url), { type: 'module' });
  let nextId = 1;
  let running = 0;
  const post = (request: SearchRequest) => worker.postMessage(request);
  worker.onmessage = (event: MessageEvent<SearchResponse>) => {
    const response = event.data;
    if (response.id !== running) return; // a search that was replaced
    if (!response.progress) running = 0;
    onResult(response);
  };
  worker.onerror = (event) => {
    running = 0;
    onResult({ id: 0, error: event.message || 'search worker failed' });
  };
  return {
    run(texts) {
      running = nextId++;
      post({ type: 'run', id: running, texts });
    },
    cancel() {
      if (running) post({ type: 'cancel', id: running });
    },
  };
}
