// The serving model against public serving runs (docs/validation.md, "Serving"): the median error
// of the KV capacity engines log at start-up and of throughput stays within issue 14's bounds,
// through the real module.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadModule } from './load-module.mjs';
import { BOUNDS, evaluate } from '../../scripts/validation/serving.mjs';

const result = await evaluate(await loadModule());

test('KV capacity: median |error| within 2% of the tokens engines log at start-up', () => {
  const { count, medianPct } = result.summary.kv;
  assert.ok(count >= 100, `only ${count} KV-capacity runs were predicted`);
  assert.ok(medianPct <= BOUNDS.kvCapacityMedianPct, `median ${medianPct.toFixed(2)}%`);
});

test('throughput: median |error| within 15% of published tokens/s', () => {
  const { count, medianPct } = result.summary.throughput;
  assert.ok(count >= 100, `only ${count} throughput runs were predicted`);
  assert.ok(medianPct <= BOUNDS.throughputMedianPct, `median ${medianPct.toFixed(2)}%`);
});

test('every run is predicted or listed as left out with a reason', () => {
  for (const { run, reason } of result.excluded) assert.ok(reason, run.id);
  const predicted = new Set(
    [...result.kv, ...result.throughput, ...result.latency].map((r) => r.run.id),
  );
  for (const row of [...result.kv, ...result.throughput, ...result.latency]) {
    assert.ok(Number.isFinite(row.predicted), `${row.run.id}: no prediction`);
    assert.match(row.link, /^\.\/#v=\d+&/, row.run.id);
  }
  assert.ok(predicted.size + result.excluded.length > 0);
});
