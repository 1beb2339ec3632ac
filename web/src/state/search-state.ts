// The layout search as app state: once its panel has been in view, it follows the plan whenever
// the plan gives a cluster size or a deadline with a token count, and keeps the last result
// while a newer one is computed.
import { effect, signal, type Signal } from '@preact/signals';
import type { SearchClient } from '../core/search-client';
import type { PlanTexts, SearchReport } from '../core/types';
import type { AppState } from './app-state';

export interface SearchState {
  status: 'idle' | 'running' | 'done' | 'error';
  report?: SearchReport;
  ms?: number;
  error?: string;
}

/** Whether the plan asks a question the search can answer. */
export function searchApplies(texts: PlanTexts): boolean {
  return Boolean(texts.clusterGpus) || Boolean(texts.deadlineDays && texts.tokens);
}

export function followPlanWithSearch(
  app: AppState,
  makeClient: (onResult: (r: Omit<SearchState, 'status'>) => void) => SearchClient,
  debounceMs = 120,
  firstDelayMs = 800,
): Signal<SearchState> {
  const state = signal<SearchState>({ status: 'idle' });
  // The worker (and its copy of the module) starts with the first search, not with the page.
  let client: SearchClient | undefined;
  const run = (texts: PlanTexts) => {
    client ??= makeClient((r) => {
      state.value = r.error ? { status: 'error', error: r.error } : { status: 'done', ...r };
    });
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
      state.value = { status: 'idle' };
      return;
    }
    state.value = { ...state.peek(), status: 'running' };
    if (!shown) return; // it runs once its panel comes into view
    timer = setTimeout(() => run(texts), Math.max(debounceMs, settledAt - Date.now()));
  });
  return state;
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
