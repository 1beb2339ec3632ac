// The page's own small pieces of logic, in Node through Vite (load-ts.mjs): where a peak stands
// against the card, the model search, and the signals that re-render only what changed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadPageSource } from './load-ts.mjs';

const { capacity } = await loadPageSource('/src/components/capacity.ts');
const { searchModels, isHubId } = await loadPageSource('/src/catalog/catalog.ts');
const { sameValue, stableComputed, scopedSignal } = await loadPageSource('/src/state/stable.ts');
// The same signals the page's modules use (one instance, through the same loader).
const { signal, effect } = await loadPageSource('@preact/signals');

test('a peak over the headroom is near capacity; over the card, over', () => {
  // The issue's case: GPT-3's second layout peaks at 79.2 of 80 GB, over a 90% headroom (72 GB).
  assert.equal(capacity(true, 79.2, 80, 0.9), 'near');
  assert.equal(capacity(true, 71.9, 80, 0.9), 'fits');
  assert.equal(capacity(false, 80.1, 80, 0.9), 'over');
  // The core's verdict already counting the headroom: refused but within the card.
  assert.equal(capacity(false, 79.2, 80, 0.9), 'near');
  // No headroom known (a core without the input): only the card decides.
  assert.equal(capacity(true, 79.9, 80, null), 'fits');
  assert.equal(capacity(false, Number.NaN, 80, null), 'over');
});

const preset = (id, name) => ({ kind: 'preset', id, name, params: 1, active: 1 });
const model = (id) => ({
  kind: 'catalog',
  model: { id, name: id.split('/')[1], family: '', kind: 'dense', params: {}, texts: {} },
});
const names = (found) => found.map((f) => (f.kind === 'preset' ? f.id : f.model.id));

test('the search finds every word of the query in any order, ignoring case and punctuation', () => {
  const entries = [
    preset('qwen3-8b', 'Qwen3-8B'),
    model('Qwen/Qwen3-8B'),
    model('Qwen/Qwen3-8B-FP8'),
    model('Qwen/Qwen2.5-7B'),
    model('meta-llama/Llama-3.1-8B'),
  ];
  assert.deepEqual(names(searchModels(entries, 'qwen3 8b')), [
    'qwen3-8b',
    'Qwen/Qwen3-8B',
    'Qwen/Qwen3-8B-FP8',
  ]);
  assert.deepEqual(
    names(searchModels(entries, '8B QWEN3')),
    names(searchModels(entries, 'qwen3 8b')),
  );
  assert.deepEqual(names(searchModels(entries, 'qwen2.5')), ['Qwen/Qwen2.5-7B']);
  assert.deepEqual(names(searchModels(entries, 'meta-llama/llama-3.1')), [
    'meta-llama/Llama-3.1-8B',
  ]);
  assert.deepEqual(searchModels(entries, 'mixtral'), []);
  assert.equal(searchModels(entries, '', 2).length, 2, 'at most the limit');
});

test('a Hugging Face id is owner/name as the Hub spells it, and nothing else', () => {
  for (const id of ['Qwen/Qwen3-8B', 'meta-llama/Llama-3.1-8B', 'a/b', 'org_1/model.v2']) {
    assert.equal(isHubId(id), true, id);
  }
  for (const text of ['qwen3 8b', 'Qwen', '/x', 'a/b/c', 'https://huggingface.co/a/b', 'a/<img>']) {
    assert.equal(isHubId(text), false, text);
  }
});

test('values compare by structure, NaN included', () => {
  assert.ok(sameValue({ a: [1, { b: Number.NaN }] }, { a: [1, { b: Number.NaN }] }));
  assert.ok(!sameValue({ a: [1, 2] }, { a: [1, 2, 3] }));
  assert.ok(!sameValue({ a: 1 }, { a: 1, b: undefined }));
  assert.ok(!sameValue([1], { 0: 1 }));
});

test('a reader of one part of the report is told only when that part changes', () => {
  const report = signal({ training: { gpus: 48 }, link: '#v=2&pp=6' });
  const scoped = scopedSignal(report);
  const seen = [];
  const stop = effect(() => {
    seen.push(scoped.value.training.gpus);
  });
  // A keystroke that changes only the link (a new report object, same training).
  report.value = { training: { gpus: 48 }, link: '#v=2&pp=6&x=1' };
  assert.deepEqual(seen, [48]);
  report.value = { training: { gpus: 960 }, link: '#v=2&pp=10' };
  assert.deepEqual(seen, [48, 960]);
  // A part read for the first time is read as it is now, never stale.
  assert.equal(scoped.value.link, '#v=2&pp=10');
  stop();
  const stable = stableComputed(() => ({ list: [report.value.training.gpus] }));
  const first = stable.value;
  report.value = { training: { gpus: 960 }, link: 'other' };
  assert.equal(stable.value, first, 'the same value keeps its identity');
});
