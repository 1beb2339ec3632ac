// The page's "measured vs predicted" table (web/src/components/MeasuredMemory.tsx) reads
// web/src/data/measured-memory.json: it must be what scripts/gen-measured-memory.mjs writes from
// the validation data today, and every run in it must be a preset model's plan that the page's
// module computes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { DATA_PATH, measuredMemory } from '../../scripts/gen-measured-memory.mjs';
import { loadPageModule } from './load-module.mjs';

const page = await loadPageModule();
const stored = await readFile(DATA_PATH, 'utf8');
const { runs } = JSON.parse(stored);

test('the measurements file is what the generator writes today', async () => {
  assert.equal(stored, await measuredMemory(), 'run node scripts/gen-measured-memory.mjs');
});

test('every measured run is a preset model whose plan the page module computes', () => {
  const presets = new Set(page.catalog().models.map((m) => m.id));
  assert.ok(runs.length >= 5, `${runs.length} runs`);
  for (const run of runs) {
    assert.ok(presets.has(run.model), run.id);
    // Active memory (torchtune's counter) is compared with peak allocated, as in docs/validation.md.
    assert.ok(['allocated', 'active', 'reserved'].includes(run.counter), run.id);
    assert.ok(run.measuredGb > 0, run.id);
    const report = page.evaluate(run.texts);
    assert.equal(report.training.available, true, run.id);
    assert.deepEqual(
      report.issues.filter((i) => i.severity === 'error'),
      [],
      run.id,
    );
  }
});
