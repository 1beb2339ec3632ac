// Our own measurements on one H200 (docs/validation.md, "One H200, measured here"), through the
// real module: plain PyTorch + transformers training steps whose every setting the measuring
// script set, held to the section's bounds so that no change makes them worse unnoticed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadModule } from './load-module.mjs';
import {
  assertDataReadmeNamesVersions,
  assertLinkReopens,
  readFlatReadme,
} from './validation-support.mjs';
import {
  BOUNDS,
  decodeShares,
  evaluate,
  pythiaGapPerElement,
  pytorchBandFigures,
} from '../../scripts/validation/h200.mjs';
import { evaluate as evaluateH100 } from '../../scripts/validation/h100.mjs';

const core = await loadModule();
const result = await evaluate(core);
const h100 = await evaluateH100(core);
const pct = (x) => `${(x * 100).toFixed(1)} %`;

test('every measured step is planned and predicted', () => {
  assert.equal(result.rows.length, 28);
  for (const row of result.rows) {
    assert.ok(Number.isFinite(row.predictedGb), `${row.id}: no memory`);
    assert.ok(Number.isFinite(row.predictedStepS), `${row.id}: no step`);
    assert.match(row.link, /^\.\/#v=\d+&/);
    assertLinkReopens(core, row);
  }
});

test('peak allocated memory stays within its bounds', () => {
  const { medianAbs, maxAbs, count } = result.summary.memory;
  assert.equal(count, 27);
  assert.ok(medianAbs * 100 <= BOUNDS.memoryMedianPct, `median ${pct(medianAbs)}`);
  assert.ok(maxAbs * 100 <= BOUNDS.memoryMaxPct, `largest ${pct(maxAbs)}`);
});

test('step time stays within its bounds', () => {
  const { medianAbs, maxAbs, count } = result.summary.step;
  assert.ok(count >= 25, `${count} runs held`);
  assert.ok(medianAbs * 100 <= BOUNDS.stepMedianPct, `median ${pct(medianAbs)}`);
  assert.ok(maxAbs * 100 <= BOUNDS.stepMaxPct, `largest ${pct(maxAbs)}`);
});

test('with SDPA limited to FlashAttention-2, the kernel of the profile, step time stays within its bounds', () => {
  const { medianAbs, maxAbs, count } = result.summary.flashStep;
  assert.ok(count >= 18, `${count} runs held`);
  assert.ok(medianAbs * 100 <= BOUNDS.flashStepMedianPct, `median ${pct(medianAbs)}`);
  assert.ok(maxAbs * 100 <= BOUNDS.flashStepMaxPct, `largest ${pct(maxAbs)}`);
  // The run's profile shows the kernel it limited SDPA to.
  for (const row of result.flashRows) {
    const names = row.case.kernel_split.top_kernels.map((k) => k.name).join(' ');
    assert.match(names, /pytorch_flash::flash_fwd_kernel/, row.id);
    assert.doesNotMatch(names, /cudnn_generated_fort_native_sdpa/, row.id);
  }
});

test('a loop that keeps the output holds one bf16 copy of the logits more', () => {
  // 2 B per logit: the bf16 logits the output references (their dtype's size).
  for (const row of result.keptRows) {
    assert.ok(Math.abs(row.extraBytesPerLogit - 2) < 0.05, `${row.id}: ${row.extraBytesPerLogit}`);
  }
});

test('LoRA steps only its adapters, as measured', () => {
  const lora = result.rows.filter((r) => r.case.lora);
  assert.equal(lora.length, 3);
  for (const row of lora) {
    // Measured 0.1–0.6 ms where full fine-tuning's optimizer takes 17–44 ms.
    assert.ok(row.predictedOptimizerS < 2 * row.measuredOptimizerS, row.id);
    assert.ok(row.predictedOptimizerS > row.measuredOptimizerS / 4, row.id);
  }
});

test('eager attention is reported with its reason, and its chain keeps it within 30 %', () => {
  const eager = result.rows.filter((r) => r.case.attn === 'eager');
  assert.equal(eager.length, 2);
  for (const row of eager) {
    assert.match(row.stepGap, /eager attention/);
    assert.ok(Math.abs(row.stepError) < 0.3, `${row.id}: ${pct(row.stepError)}`);
  }
});

test('the data files record the device and the versions they were measured with', async () => {
  await assertDataReadmeNamesVersions('h200', result.environment, /H200/);
});

test("the README's figures are the section's", async () => {
  const readme = await readFlatReadme();
  const { memory, step } = result.summary;
  const one = (x) => `${(x * 100).toFixed(1)} %`;
  assert.ok(readme.includes(`(${result.rows.length} steps`), 'step count');
  assert.ok(
    readme.includes(`median ${one(memory.medianAbs)} off (largest ${one(memory.maxAbs)})`),
    'memory',
  );
  assert.ok(
    readme.includes(`median ${one(step.medianAbs)} off (largest ${one(step.maxAbs)})`),
    'step',
  );
  const band = pytorchBandFigures(result, h100);
  assert.ok(readme.includes(`step time: ${band.low.toFixed(2)}–${band.high.toFixed(2)}×`), 'band');
});

// The section explains Pythia's shortfall by GPT-NeoX's fused query_key_value output, kept alive
// by v's view after rotary replaced q and k: 4 B per hidden element of each token and layer
// (2 × 2h). The measured gap must stay that one tensor, not drift into something unexplained.
test("Pythia's memory shortfall is the fused q, k, v output v keeps alive", () => {
  const row = result.rows.find((r) => r.id === 'pythia-1.4b-bf16-mb4-s2048');
  const perElement = pythiaGapPerElement(row);
  assert.ok(Math.abs(perElement - 4) < 0.2, `${perElement.toFixed(2)} B per element`);
});

// Plain PyTorch plans on one Hopper GPU carry these steps' range with the H100's (time_band.hpp,
// kind "pytorch"; core/src/time_band_data.cpp, generated from them): every held step lies inside
// it, a plan like theirs shows it, and plans outside what was measured say why they have none.
test('plain PyTorch plans on one Hopper GPU carry these steps and the H100’s as their band', () => {
  const band = pytorchBandFigures(result, h100);
  const held = [...result.rows, ...result.flashRows, ...h100.rows].filter((r) => !r.stepGap);
  assert.equal(band.runs, held.length);
  for (const r of held) {
    const ratio = r.measuredStepS / r.predictedStepS;
    assert.ok(ratio >= band.low && ratio <= band.high, `${r.id}: ${ratio.toFixed(3)}`);
  }
  for (const r of held) {
    const shown = core.evaluate(r.plan).timeBand;
    assert.equal(shown.available, true, `${r.id}: ${shown.reason}`);
    assert.deepEqual(
      [shown.kind, shown.family, shown.runs, shown.lowRatio, shown.highRatio],
      ['pytorch', 'hopper', band.runs, band.low, band.high],
      r.id,
    );
    assert.ok(Math.abs(shown.stepHighS - r.predictedStepS * band.high) < 1e-9, r.id);
  }
  const plan = result.rows.find((r) => r.id === 'llama31-8b-bf16-mb1-s4096').plan;
  for (const [change, why] of [
    [{ dp: '2', globalBatch: '2' }, 'two GPUs'],
    [{ flashAttention: '0' }, 'eager attention'],
    [{ accelerator: 'a100-80g' }, 'another accelerator family'],
    [{ finetune: 'qlora' }, 'QLoRA'],
  ]) {
    const shown = core.evaluate({ ...plan, ...change }).timeBand;
    assert.equal(shown.available, false, why);
    assert.equal(shown.reason, 'framework', why);
  }
});

// The serving model reads a decode step's weights at its default share of HBM bandwidth
// (serving_settings.hpp, 0.8); the decode-shaped GEMMs measured on this card (4.8 TB/s on the
// datasheet) streamed Llama-3.1-8B's weights at 1 to 64 tokens a step within 5 points of it.
test("the serving decode efficiency sits in what this card's decode GEMMs streamed", () => {
  const shares = decodeShares(result.gemv, 4.8);
  const efficiency = result.decodeEfficiency;
  assert.ok(efficiency >= shares.low - 0.05 && efficiency <= shares.high + 0.05, `${efficiency}`);
});
