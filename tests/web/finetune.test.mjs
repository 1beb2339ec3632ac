// The issue's question through the wasm module (the full one: days come from the step-time model,
// which the page's first module leaves to it): LoRA and QLoRA of Llama 3.1 8B on one
// H200 and on one RTX 4090 at sequence 4096 — memory, whether it fits, time and cost. The
// numbers are derived by hand in the comments (config.json of Llama 3.1 8B: h 4096, 32 layers,
// 8 K/V heads of 128, FFN 14336, vocabulary 128256; 8,030,261,248 parameters).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadModule } from './load-module.mjs';

const core = await loadModule();

const ADAPTERS = 32 * 16 * (2 * 8192 + 2 * 5120 + 3 * 18432); // r·(in + out), every linear, r 16
const QUANTIZED = 32 * (2 * 4096 * 4096 + 2 * 4096 * 1024 + 3 * 4096 * 14336);
const PARAMS = 8030261248;
const NF4 = (4 + 8 / 64 + 32 / (64 * 256)) / 8; // bytes per weight with double quantization

const plan = (accelerator, finetune, recompute) => ({
  question: 'finetune',
  model: 'llama-3.1-8b',
  accelerator,
  framework: 'pytorch',
  finetune,
  loraRank: '16',
  seqLen: '4096',
  microBatch: '1',
  recompute,
  tp: '1',
  pp: '1',
  dp: '1',
  tokens: '1e8',
});

const close = (actual, expected, what) =>
  assert.ok(Math.abs(actual - expected) < 1e-6, `${what}: ${actual} vs ${expected}`);

test('LoRA on one H200: a bf16 base, fp32 adapters, fits, with days and cost', () => {
  const { training } = core.evaluate(plan('h200-141g', 'lora', 'selective'));
  assert.equal(training.available, true);
  const m = training.memory;
  assert.equal(ADAPTERS, 41943040); // PEFT's print_trainable_parameters for Llama 3 8B, r 16
  assert.equal(m.adapterParams, ADAPTERS);
  close(m.weightsGb, (PARAMS * 2 + ADAPTERS * 4) / 1e9, 'weights');
  close(m.gradsGb, (ADAPTERS * 4) / 1e9, 'gradients');
  close(m.optimizerGb, (ADAPTERS * 8) / 1e9, 'AdamW moments');
  assert.equal(m.verdict, 'fits');
  assert.ok(m.lowGb <= m.peakGb && m.peakGb <= m.highGb);
  // The card as the driver reports it: 143,156 MiB.
  close(m.cardMemoryGb, (143156 * 1048576) / 1e9, 'H200');
  assert.equal(training.settings.finetune, 'lora');
  assert.ok(training.time.days > 0 && training.time.cost > 0);
});

test('QLoRA on one RTX 4090 with gradient checkpointing fits; LoRA without it does not', () => {
  const qlora = core.evaluate(plan('rtx-4090', 'qlora', 'full')).training;
  close(
    qlora.memory.weightsGb,
    (QUANTIZED * NF4 + (PARAMS - QUANTIZED) * 2 + ADAPTERS * 4) / 1e9,
    'NF4 base, bf16 embedding, head and norms, fp32 adapters',
  );
  assert.equal(qlora.memory.verdict, 'fits');
  assert.ok(qlora.time.days > 0 && qlora.time.cost > 0);
  // 24,210 MiB as the driver reports it: 25.39 GB. LoRA's base alone is 16.06 GB, and the logits
  // at the loss 4096 × 128256 × 12 B = 6.30 GB.
  const lora = core.evaluate(plan('rtx-4090', 'lora', 'selective')).training;
  assert.equal(lora.memory.verdict, 'does_not_fit');
  close(lora.memory.logitsGb, (4096 * 128256 * 12) / 1e9, 'logits');
});

test('a bad LoRA input is refused with its own message and leaves the rest computed', () => {
  const report = core.evaluate({ ...plan('h200-141g', 'lora', 'full'), loraTargets: 'q,attn' });
  const issue = report.issues.find((i) => i.field === 'lora_targets');
  assert.ok(issue, JSON.stringify(report.issues));
  assert.equal(issue.severity, 'error');
  assert.equal(report.articleTraining.totalGpus, 1);
});
