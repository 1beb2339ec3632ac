// The search client (web/src/core/search-client.ts) against a fake Worker: each request goes out
// at once (the worker stops a search a newer one replaces), a replaced search's answers are
// dropped, progress and cancel reach their search, and a failing worker is reported rather than
// leaving the page waiting. Also the search state's start: no
// worker until the search panel has been seen (web/src/state/search-state.ts).
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createSearchClient } from '../../web/src/core/search-client';
import type { SearchRequest, SearchResponse } from '../../web/src/core/search-worker';
import { createAppState } from '../../web/src/state/app-state';
import { followPlanWithSearch } from '../../web/src/state/search-state';
import { realCore } from './real-core';

/** Stands in for the page's Worker: records what is posted; the test answers for it. */
class FakeWorker {
  static started: FakeWorker[] = [];
  posted: SearchRequest[] = [];
  onmessage: ((event: { data: SearchResponse }) => void) | null = null;
  onerror: ((event: { message: string }) => void) | null = null;
  constructor(
    readonly url: URL | string,
    readonly options?: WorkerOptions,
  ) {
    FakeWorker.started.push(this);
  }
  postMessage(request: SearchRequest) {
    this.posted.push(request);
  }
  answer(response: SearchResponse) {
    this.onmessage?.({ data: response });
  }
  fail(message: string) {
    this.onerror?.({ message });
  }
}

const plan = (clusterGpus: string) => ({ model: 'llama-3.1-8b', clusterGpus, tokens: '1e11' });

beforeEach(() => {
  FakeWorker.started = [];
  vi.stubGlobal('Worker', FakeWorker);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('createSearchClient', () => {
  test('starts the search worker as a module and posts each request with a new id', () => {
    const results: SearchResponse[] = [];
    const client = createSearchClient((r) => results.push(r));
    const [worker] = FakeWorker.started;
    expect(String(worker.url)).toMatch(/search-worker/);
    expect(worker.options).toEqual({ type: 'module' });
    client.run(plan('16'));
    expect(worker.posted).toEqual([{ type: 'run', id: 1, texts: plan('16') }]);
    worker.answer({ id: 1, ms: 3 });
    expect(results).toEqual([{ id: 1, ms: 3 }]);
    client.run(plan('32'));
    expect(worker.posted.map((r) => r.id)).toEqual([1, 2]);
  });

  test('a newer plan goes to the worker at once (it stops the running search); the replaced answer is dropped', () => {
    const results: SearchResponse[] = [];
    const client = createSearchClient((r) => results.push(r));
    const [worker] = FakeWorker.started;
    client.run(plan('16'));
    client.run(plan('64'));
    expect(worker.posted).toEqual([
      { type: 'run', id: 1, texts: plan('16') },
      { type: 'run', id: 2, texts: plan('64') },
    ]);
    worker.answer({ id: 1, cancelled: true }); // the replaced search, stopped
    worker.answer({ id: 1, ms: 1 }); // or finished before it saw the newer plan
    expect(results).toEqual([]);
    worker.answer({ id: 2, ms: 2 });
    expect(results).toEqual([{ id: 2, ms: 2 }]);
  });

  test('progress reaches the page while the search runs; cancel tells the worker which search', () => {
    const results: SearchResponse[] = [];
    const client = createSearchClient((r) => results.push(r));
    const [worker] = FakeWorker.started;
    client.run(plan('16'));
    worker.answer({ id: 1, progress: { done: 3, total: 10 } });
    worker.answer({ id: 1, progress: { done: 6, total: 10 } });
    expect(results.map((r) => r.progress?.done)).toEqual([3, 6]);
    client.cancel();
    expect(worker.posted.at(-1)).toEqual({ type: 'cancel', id: 1 });
    worker.answer({ id: 1, cancelled: true });
    expect(results.at(-1)).toEqual({ id: 1, cancelled: true });
    // Nothing runs any more: a second cancel posts nothing.
    client.cancel();
    expect(worker.posted).toHaveLength(2);
  });

  test('a worker error is reported, and the next request is sent at once', () => {
    const results: SearchResponse[] = [];
    const client = createSearchClient((r) => results.push(r));
    const [worker] = FakeWorker.started;
    client.run(plan('16'));
    worker.fail('out of memory');
    expect(results).toEqual([{ id: 0, error: 'out of memory' }]);
    client.run(plan('32'));
    expect(worker.posted).toHaveLength(2);
    worker.fail('');
    expect(results[1]).toEqual({ id: 0, error: 'search worker failed' });
  });
});

describe('followPlanWithSearch', () => {
  test('starts no worker until the search panel is seen, then searches the plan', () => {
    vi.useFakeTimers();
    const app = createAppState(realCore(), {
      hash: '#v=2&m=llama-3.1-8b&cluster=16&tokens=1e11',
      baseUrl: 'https://example.org/',
      browserLang: 'en',
    });
    const search = followPlanWithSearch(app, createSearchClient, 120, 800);
    vi.advanceTimersByTime(10_000);
    expect(FakeWorker.started).toEqual([]);
    app.searchShown.value = true;
    vi.advanceTimersByTime(120);
    const [worker] = FakeWorker.started;
    expect(worker.posted.map((r) => (r.type === 'run' ? r.texts.clusterGpus : ''))).toEqual(['16']);
    expect(search.state.value.status).toBe('running');
    worker.answer({ id: 1, ms: 5 });
    expect(search.state.value).toEqual({ status: 'done', ms: 5 });
  });

  test('a plan with neither a cluster nor a deadline is not searched', () => {
    vi.useFakeTimers();
    const app = createAppState(realCore(), {
      hash: '#v=2&m=llama-3.1-8b',
      baseUrl: 'https://example.org/',
      browserLang: 'en',
    });
    const search = followPlanWithSearch(app, createSearchClient);
    app.searchShown.value = true;
    vi.advanceTimersByTime(10_000);
    expect(FakeWorker.started).toEqual([]);
    expect(search.state.value.status).toBe('idle');
  });
});
