// The serving model against public serving runs (docs/validation.md, "Serving"): the median error
// of the KV capacity engines log at start-up and of throughput stays within issue 14's bounds,
// through the real module.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadModule } from './load-module.mjs';
import { readFile } from 'node:fs/promises';
import {
  BOUNDS,
  bandRows,
  evaluate,
  servingBandFigures,
  servingBandSource,
} from '../../scripts/validation/serving.mjs';

const core = await loadModule();
const result = await evaluate(core);

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

test("the throughput's band the core shows is these runs' (core/src/serving_band_data.cpp)", () =>
  readFile(new URL('../../core/src/serving_band_data.cpp', import.meta.url), 'utf8').then(
    (source) => {
      const figures = servingBandFigures(result);
      // The file is what the generator writes from these runs (`node scripts/gen-validation.mjs`).
      assert.equal(source, servingBandSource(figures));
      // Every counted run lies inside the band over every engine: its own range, rounded outward.
      const all = figures.find((f) => f.engine === 'all');
      for (const r of bandRows(result)) {
        const ratio = r.published / r.predicted;
        assert.ok(all.low <= ratio && ratio <= all.high, `${r.run.id}: ${ratio.toFixed(3)}`);
      }
      // … and the module was built from it: a fleet on an engine with its own runs carries them,
      // one on an engine with fewer carries every engine's.
      for (const engine of ['trtllm', 'vllm', 'sglang']) {
        const expected = figures.find((f) => f.engine === engine) ?? all;
        const report = core.evaluate({
          model: 'llama-3.1-70b',
          accelerator: 'h200-141g',
          engine,
          concurrency: '64',
        });
        const band = report.inference.fleet.band;
        assert.equal(band.available, true, `${engine}: ${band.reason}`);
        assert.deepEqual(
          [band.engine, band.runs, band.lowRatio, band.highRatio],
          [expected.engine, expected.runs, expected.low, expected.high],
        );
      }
    },
  ));
