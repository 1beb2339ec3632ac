// The layout search as app state: it follows the plan whenever the plan gives a cluster size or
// a deadline with a token count, and keeps the last result while a newer one is computed.
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
): Signal<SearchState> {
  const state = signal<SearchState>({ status: 'idle' });
  const client = makeClient((r) => {
    state.value = r.error ? { status: 'error', error: r.error } : { status: 'done', ...r };
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  effect(() => {
    const texts = app.texts.value;
    clearTimeout(timer);
    if (!searchApplies(texts)) {
      state.value = { status: 'idle' };
      return;
    }
    state.value = { ...state.peek(), status: 'running' };
    timer = setTimeout(() => client.run(texts), debounceMs);
  });
  return state;
}
