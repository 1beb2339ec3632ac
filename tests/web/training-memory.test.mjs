// The full training memory model through the real wasm module, against the same sources the
// GoogleTest suite checks: published parameter counts, Korthikanti et al. 2022, the ZeRO paper,
// and Megatron-LM's bytes per parameter.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadModule, readFixture } from './load-module.mjs';

const core = await loadModule();
const counts = await readFixture('param-counts.json');

const step = (report, id) => report.training.steps.find((s) => s.id === id);

test('parameter counts match their published figures', () => {
  for (const entry of counts.models) {
    const report = core.evaluate({ model: entry.model });
    const total = report.setup.counts.total;
    assert.ok(Math.abs(total - entry.total) <= entry.tolerance * entry.total, entry.model);
    if (entry.active) {
      const active = report.setup.counts.active;
      assert.ok(Math.abs(active - entry.active) <= entry.tolerance * entry.active, entry.model);
    }
  }
});

test('activations per layer reproduce Korthikanti et al. 2022, Table 2', () => {
  // GPT-3 175B (h 12288, a 96), s 2048, b 1, fp16 activations with dropout, no flash attention.
  const s = 2048;
  const h = 12288;
  const a = 96;
  const t = 8;
  const sbh = s * h;
  const cases = [
    { tp: '1', sp: '0', rc: 'none', bytes: sbh * (34 + (5 * a * s) / h) },
    { tp: '8', sp: '0', rc: 'none', bytes: sbh * (10 + 24 / t + (5 * a * s) / (h * t)) },
    { tp: '8', sp: '1', rc: 'none', bytes: (sbh / t) * (34 + (5 * a * s) / h) },
    { tp: '8', sp: '0', rc: 'selective', bytes: sbh * (10 + 24 / t) },
    { tp: '8', sp: '1', rc: 'selective', bytes: (sbh * 34) / t },
  ];
  for (const c of cases) {
    const report = core.evaluate({
      model: 'gpt3-175b',
      recipe: 'mixed16',
      seqLen: '2048',
      microBatch: '1',
      flashAttention: '0',
      tp: c.tp,
      pp: '96',
      sequenceParallel: c.sp,
      recompute: c.rc,
    });
    const perLayerGb = step(report, 'activations_per_layer').value;
    assert.ok(Math.abs(perLayerGb * 1e9 - c.bytes) < 1, JSON.stringify(c));
  }
});

test('ZeRO stages shard state as the ZeRO paper describes (Ψ bytes 16, 4 + 12/Nd, 2 + 14/Nd)', () => {
  // Rajbhandari et al. 2020, Figure 1 with K = 12 and N_d = 64.
  const expected = [16, 4 + 12 / 64, 2 + 14 / 64];
  for (const [zero, bytesPerParam] of expected.entries()) {
    const report = core.evaluate({
      model: 'llama-3.1-8b',
      recipe: 'mixed16',
      tp: '1',
      pp: '1',
      dp: '64',
      zero: String(zero),
    });
    const m = report.training.memory;
    const params = report.training.stages[0].params;
    const state = (m.weightsGb + m.gradsGb + m.optimizerGb) * 1e9;
    assert.ok(Math.abs(state / params - bytesPerParam) < 1e-9, `ZeRO-${zero}`);
  }
});

test('Megatron keeps 18 bytes per parameter, 6 + 12/DP with the distributed optimizer', () => {
  // Megatron-LM distributed optimizer docs: bf16 params with fp32 main grads.
  for (const [recipe, dp, bytes] of [
    ['megatron18', 8, 18],
    ['distopt', 8, 6 + 12 / 8],
    ['distopt', 64, 6 + 12 / 64],
  ]) {
    const report = core.evaluate({ model: 'llama-3.1-8b', recipe, tp: '1', pp: '1', dp: String(dp) });
    const m = report.training.memory;
    const state = (m.weightsGb + m.gradsGb + m.optimizerGb) * 1e9;
    assert.ok(Math.abs(state / report.training.stages[0].params - bytes) < 1e-9, recipe);
  }
});

test('the first stage holds min(p, m) micro-batches and the peak is reported per stage', () => {
  const report = core.evaluate({ model: 'gpt3-175b', tp: '8', pp: '8', dp: '4', globalBatch: '12' });
  const inflight = report.training.stages.map((s) => s.inflight);
  assert.deepEqual(inflight, [3, 3, 3, 3, 3, 3, 2, 1]); // m = 12 / (1 × 4) = 3
  const peak = report.training.stages[report.training.memory.peakStage];
  assert.equal(peak.totalGb, Math.max(...report.training.stages.map((s) => s.totalGb)));
});
