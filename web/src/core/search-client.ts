// Runs searches in the worker, one at a time and latest-wins: while one runs, only the newest
// request waits, so typing never queues up stale searches.
import type { PlanTexts } from './types';
import type { SearchRequest, SearchResponse } from './search-worker';

export type SearchListener = (response: SearchResponse) => void;

export interface SearchClient {
  run(texts: PlanTexts): void;
}

export function createSearchClient(onResult: SearchListener): SearchClient {
  const worker = new Worker(new URL('./search-worker.ts', import.meta.url), { type: 'module' });
  let nextId = 1;
  let running = false;
  let pending: PlanTexts | null = null;

  const send = (texts: PlanTexts) => {
    running = true;
    const request: SearchRequest = { id: nextId++, texts };
    worker.postMessage(request);
  };
  worker.onmessage = (event: MessageEvent<SearchResponse>) => {
    running = false;
    if (pending) {
      const texts = pending;
      pending = null;
      send(texts); // a newer plan is waiting: its result is the one worth showing
      return;
    }
    onResult(event.data);
  };
  worker.onerror = (event) => {
    running = false;
    onResult({ id: 0, error: event.message || 'search worker failed' });
  };
  return {
    run(texts) {
      if (running) {
        pending = texts;
      } else {
        send(texts);
      }
    },
  };
}
