// The layout search as app state: once its panel has been in view, it follows the plan whenever
// the plan gives a cluster size or a deadline with a token count, shows its progress, can be
// cancelled, and keeps the last result while a newer one is computed.
import { effect, signal, type Signal } from '@preact/signals';
import type { SearchClient } from '../core/search-client';
import type { SearchResponse } from '../core/search-worker';
import type { PlanTexts, SearchReport } from '../core/types';
import type { AppState } from './app-state';

export interface SearchState {
  status: 'idle' | 'running' | 'done' | 'cancelled' | 'error';
  report?: SearchReport;
  ms?: number;
  /** while running: units of work done and in all */
  progress?: { done: number; total: number };
  error?: string;
}

/** Whether the plan asks a question the search can answer. */
export function searchApplies(texts: PlanTexts): boolean {
  return Boolean(texts.clusterGpus) || Boolean(texts.deadlineDays && texts.tokens);
}

export interface SearchControl {
  state: Signal<SearchState>;
  cancel(): void;
}

export function followPlanWithSearch(
  app: AppState,
  makeClient: (onResult: (r: SearchResponse) => void) => SearchClient,
  debounceMs = 120,
  firstDelayMs = 800,
): SearchControl {
  const state = signal<SearchState>({ status: 'idle' });
  // The worker (and its copy of the module) starts with the first search, not with the page.
  let client: SearchClient | undefined;
  const onResult = (r: SearchResponse) => {
    const last = state.peek();
    if (r.error) state.value = { status: 'error', error: r.error };
    else if (r.progress) state.value = { ...last, status: 'running', progress: r.progress };
    else if (r.cancelled) state.value = { ...last, status: 'cancelled', progress: undefined };
    else state.value = { status: 'done', report: r.report, ms: r.ms };
  };
  const run = (texts: PlanTexts) => {
    client ??= makeClient(onResult);
    client.run(texts);
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  // The first search waits until the page has settled: the worker's start-up would compete
  // with the first paint.
  const settledAt = Date.now() + firstDelayMs;
  effect(() => {
    const texts = app.texts.value;
    const shown = app.searchShown.value;
    clearTimeout(timer);
    if (!searchApplies(texts)) {
      client?.cancel();
      state.value = { status: 'idle' };
      return;
    }
    state.value = { ...state.peek(), status: 'running', progress: undefined };
    if (!shown) return; // it runs once its panel comes into view
    timer = setTimeout(() => run(texts), Math.max(debounceMs, settledAt - Date.now()));
  });
  return {
    state,
    cancel() {
      clearTimeout(timer);
      client?.cancel();
      if (state.peek().status === 'running') {
        state.value = { ...state.peek(), status: 'cancelled', progress: undefined };
      }
    },
  };
}

/**
 * The search's report for an export: undefined when the plan asks no search; otherwise the search
 * is started (as its panel would when shown) and its result waited for, at most `timeoutMs`.
 */
export function searchResult(app: AppState, timeoutMs = 15000): Promise<SearchReport | undefined> {
  if (!searchApplies(app.texts.peek())) return Promise.resolve(undefined);
  app.searchShown.value = true;
  return new Promise((resolve) => {
    let stop = () => {};
    const timer = setTimeout(() => {
      stop();
      resolve(app.search.peek().report);
    }, timeoutMs);
    stop = effect(() => {
      const state = app.search.value;
      if (state.status === 'done' || state.status === 'error') {
        clearTimeout(timer);
        // An effect may not stop itself while it runs: after it.
        queueMicrotask(() => stop());
        resolve(state.report);
      }
    });
  });
}
