// The full training memory panel in the real page: breakdown, per-stage chart, recompute.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openWatchedPage, showMoreInputs } from './browser.mjs';
import { servePage } from './served-page.mjs';

const site = servePage();

const gbOf = async (page, testId) =>
  Number((await page.textContent(`[data-testid=${testId}]`)).replace(/[^0-9.]/g, ''));

test('Llama 3.1 8B on one H200 with PyTorch: the peak card and its parts', async () => {
  const page = await openWatchedPage(site.browser);
  await page.goto(
    `${site.server.url}#v=2&m=llama-3.1-8b&a=h200-141g&tp=1&pp=1&dp=1&recipe=pure-bf16&fw=pytorch&seq=4096&rc=none`,
  );
  await page.waitForSelector('[data-testid=memory-panel]');
  // pure-bf16: 2 B weights, 2 B grads, 4 B Adam for 8,030,261,248 parameters.
  assert.equal(await gbOf(page, 'memory-weightsGb'), 16.06);
  assert.equal(await gbOf(page, 'memory-gradsGb'), 16.06);
  assert.equal(await gbOf(page, 'memory-optimizerGb'), 32.12);
  // As the loss's backward starts, transformers' fp32 loss holds the log-softmax, the NLL
  // gradient and the log-softmax gradient, 4 B each (measured 12.2–12.3 B, issue 13):
  // 4096 × 128256 × 12 B = 6.30 GB.
  assert.equal(await gbOf(page, 'memory-logitsGb'), 6.3);
  // The H200 as its driver reports it: 143,156 MiB = 150.11 × 10⁹ B (not the marketed 141 GB).
  assert.match(await page.textContent('[data-testid=memory-peak]'), /of 150\.11 GB — fits/);
  // … in GB and GiB (143,156 / 1024 = 139.8), with where the figure comes from.
  const capacity = await page.textContent('[data-testid=memory-capacity]');
  assert.match(capacity, /150\.11 GB \(139\.8 GiB\)/);
  assert.match(capacity, /torch\.cuda\.get_device_properties/);
  const before = await gbOf(page, 'memory-activationsGb');
  await showMoreInputs(page);
  await page.selectOption('[data-testid=input-recompute]', 'full');
  await page.waitForURL(/rc=full/);
  assert.ok((await gbOf(page, 'memory-activationsGb')) < before / 4);
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

// Qwen2.5-7B, micro-batch 4 × 4,096 with full recompute on one H100: tight (79.4 GB of 85.0, the
// high end past the headroom). Measured there, it ran out of memory under PyTorch's default
// allocator and trained with expandable segments (docs/validation.md, "One H100").
test('a tight plain-PyTorch plan names the allocator setting, in en and zh; Megatron does not', async () => {
  const page = await openWatchedPage(site.browser);
  const plan =
    '#v=2&m=qwen2.5-7b&a=h100-80g&tp=1&pp=1&dp=1&recipe=pure-bf16&fw=pytorch&mb=4&gbs=4&seq=4096&rc=full';
  const summary = () => page.textContent('[data-testid=issue-summary]');
  await page.goto(`${site.server.url}${plan}`);
  await page.waitForFunction(() =>
    /expandable_segments:True/.test(
      document.querySelector('[data-testid=issue-summary]')?.textContent ?? '',
    ),
  );
  assert.match(await page.textContent('[data-testid=memory-peak]'), /tight/);
  assert.match(await summary(), /tight steps that ran out of memory/);
  await page.goto(`${site.server.url}${plan}&lang=zh`);
  await page.waitForFunction(() =>
    /纯 PyTorch：设置 PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True/.test(
      document.querySelector('[data-testid=issue-summary]')?.textContent ?? '',
    ),
  );
  await page.goto(`${site.server.url}${plan.replace('fw=pytorch', 'fw=megatron')}`);
  await page.waitForSelector('[data-testid=memory-panel]');
  await page.waitForURL(/fw=megatron/);
  await page.waitForFunction(() =>
    /tight/i.test(document.querySelector('[data-testid=issue-summary]')?.textContent ?? ''),
  );
  assert.doesNotMatch(await summary(), /expandable_segments/);
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('GPT-3 on 80 GB cards: one bar per stage, and what does not fit is said', async () => {
  const page = await openWatchedPage(site.browser);
  await page.goto(`${site.server.url}#v=2&m=gpt3-175b&a=h100-80g&pp=4&recipe=megatron18`);
  await page.waitForSelector('[data-testid=stage-chart]');
  assert.equal(await page.locator('[data-testid=stage-chart] g.bar').count(), 4);
  assert.match(await page.textContent('[data-testid=memory-peak]'), /does not fit/);
  assert.match(await page.textContent('[data-testid=fit-options]'), /PP \d+/);
  await page.fill('[data-testid=input-pp]', '16');
  await page.waitForURL(/pp=16/);
  assert.equal(await page.locator('[data-testid=stage-chart] g.bar').count(), 16);
  assert.match(await page.textContent('[data-testid=memory-peak]'), /fits/);
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('an architecture typed by hand drives the full model and travels in the link', async () => {
  const page = await openWatchedPage(site.browser);
  await page.goto(`${site.server.url}#v=2&m=custom&a=h100-80g&tp=1&pp=1&dp=1`);
  await page.waitForSelector('[data-testid=memory-panel]');
  await page.click('[data-testid=architecture-fields] summary');
  for (const [id, value] of [
    ['layers', '32'],
    ['hidden', '4096'],
    ['heads', '32'],
    ['kvHeads', '8'],
    ['ffn', '14336'],
    ['vocab', '128256'],
  ]) {
    await page.fill(`[data-testid=input-${id}]`, value);
  }
  await page.waitForURL(/m\.vocab=128256/);
  // The Llama 3.1 8B architecture: its published 8,030,261,248 parameters, as weights in 2 B.
  assert.equal(await gbOf(page, 'memory-weightsGb'), 16.06);
  await page.reload();
  await page.waitForSelector('[data-testid=memory-panel]');
  assert.equal(await gbOf(page, 'memory-weightsGb'), 16.06);
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('the hottest expert-parallel rank: dropless is balanced with its bound, a capacity factor counts', async () => {
  const page = await openWatchedPage(site.browser);
  await page.goto(
    `${site.server.url}#v=2&m=deepseek-v3&a=h800-80g&tp=2&pp=16&dp=64&ep=64&recipe=megatron18`,
  );
  await page.waitForSelector('[data-testid=memory-panel]');
  await page.click('[data-testid=memory-derivation-group] > summary');
  const step = page.locator('[data-step=hottest_ep_rank]');
  // DeepSeek-V3 (256 experts, 8 per token) at EP 64: 4 experts per rank, so a rank could receive
  // up to 64 × 4 / 8 = 32 times its balanced share (training_memory.hpp, moe_rank_load).
  await step.waitFor();
  assert.equal(await page.textContent('[data-testid=step-hottest_ep_rank]'), '1');
  assert.match(await step.locator('.note').textContent(), /up to 32× its share/);
  const balanced = await gbOf(page, 'memory-activationsGb');
  // Megatron's --moe-expert-capacity-factor, typed in the parallelism inputs: every rank processes
  // 1.25 × its share, padded to capacity (moe_utils.py get_capacity).
  await page.click('summary:has-text("CP, EP, interleaving")');
  await page.fill('[data-testid=input-moeCapacityFactor]', '1.25');
  await page.waitForURL(/mcf=1\.25/);
  await page.waitForFunction(
    () => document.querySelector('[data-testid=step-hottest_ep_rank]')?.textContent === '1.25',
  );
  assert.match(await step.locator('.note').textContent(), /1\.25× its balanced share/);
  assert.ok((await gbOf(page, 'memory-activationsGb')) > balanced);
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

// Multi-token prediction (Megatron's --mtp-num-layers, DeepSeek-V3 report §2.2): one module runs
// a layer more and a second LM head and loss on the last stage, which then holds the embedding too.
test('a multi-token-prediction layer typed in slows the step and travels in the link', async () => {
  const page = await openWatchedPage(site.browser);
  await page.goto(
    `${site.server.url}#v=2&m=llama-3.1-8b&a=h100-80g&tp=1&pp=2&dp=1&gbs=8&rc=none&tokens=1e9`,
  );
  await page.waitForSelector('[data-testid=time-tokens-per-s]');
  const tokens = async () =>
    Number((await page.textContent('[data-testid=time-tokens-per-s]')).replace(/[^0-9]/g, ''));
  const before = await tokens();
  await showMoreInputs(page);
  await page.click('summary:has-text("CP, EP, interleaving")');
  await page.fill('[data-testid=input-mtpLayers]', '1');
  await page.waitForURL(/mtp=1/);
  await page.waitForFunction(
    (b) =>
      Number(
        document
          .querySelector('[data-testid=time-tokens-per-s]')
          ?.textContent.replace(/[^0-9]/g, ''),
      ) < b,
    before,
  );
  assert.ok((await tokens()) < before);
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

// Megatron's interleaved schedule runs a replica's micro-batches in groups of at least PP
// (schedules.py): DeepSeek-V3 over PP 16 × VPP 2 and DP 128 at 1,536 sequences has 12 a replica,
// which the page refuses in the reader's language with what to change, while the rest of the page
// keeps working; at its report's 15,360 (120 a replica) it plans in groups of 20, and says so.
test('an interleaved pipeline the batch cannot feed is refused in words; a batch that can is planned', async () => {
  const link = (gbs) =>
    `${site.server.url}#v=2&m=deepseek-v3&a=h800-80g&tp=1&pp=16&dp=128&ep=64&vpp=2&seq=4096&gbs=${gbs}`;
  for (const [locale, words] of [
    [
      'en-US',
      /VPP 2 needs at least PP = 16 micro-batches .* this batch gives 12: raise the global batch/,
    ],
    ['zh-CN', /VPP 为 2 时每个副本每步至少要有 PP = 16 个微批次.*当前批次只有 12 个/],
  ]) {
    const page = await openWatchedPage(site.browser, { locale });
    await page.goto(link(1536));
    await page.waitForSelector('[data-testid=issue]');
    const issues = await page.$$eval('[data-testid=issue]', (n) => n.map((x) => x.textContent));
    assert.ok(
      issues.some((text) => words.test(text)),
      issues.join('\n'),
    );
    await page.waitForSelector('[data-testid=train-layout]');
    assert.deepEqual(page.problems, []);
    await page.closeAll();
  }
  const page = await openWatchedPage(site.browser);
  await page.goto(link(15360));
  await page.waitForSelector('[data-testid=memory-panel]');
  await page.click('[data-testid=memory-derivation-group] summary');
  // The derivation's table loads when first opened.
  await page.waitForFunction(() =>
    document.querySelector('[data-testid=memory-derivation] table.derivation'),
  );
  const derivation = await page.textContent('[data-testid=memory-derivation]');
  assert.match(derivation, /min\(2\(P_PP−i−1\) \+ \(v−1\)N \+ 1, m·v\) \/ v/);
  // In numbers, with the group of N = 20 micro-batches the interleaving schedules together.
  assert.match(derivation, /\(2 − 1\) × 20 \+ 1, /);
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

// Megatron's selective recompute of more than the attention core (--recompute-modules) is named
// by its modules wherever a recompute mode is shown, in both languages; the default stays the
// attention core.
test('selective recompute names its modules in the answer and the fit options', async () => {
  const page = await openWatchedPage(site.browser);
  const plan = '#v=2&m=llama-3.1-70b&a=h100-80g&tp=8&pp=1&dp=1&rc=selective';
  const how = '[data-testid=train-layout] + dd.how';
  const layout = () => page.textContent(how);
  await page.goto(`${site.server.url}${plan}&rcm=core_attn,mlp`);
  await page.waitForSelector('[data-testid=memory-panel]');
  assert.match(await layout(), /recompute: Selective \(core_attn,mlp\)/);
  assert.match(await page.textContent('[data-testid=fit-options]'), /Selective \(core_attn,mlp\)/);
  // …and so does the recompute input's own choice.
  const selectiveChoice = async () => {
    await showMoreInputs(page);
    return page.textContent('[data-testid=input-recompute] option[value=selective]');
  };
  assert.equal(await selectiveChoice(), 'Selective (core_attn,mlp)');
  await page.goto(`${site.server.url}${plan}&rcm=core_attn,mlp&lang=zh`);
  await page.waitForFunction(
    (selector) =>
      /选择性（core_attn,mlp）/.test(document.querySelector(selector)?.textContent ?? ''),
    how,
  );
  await page.goto(`${site.server.url}${plan}&lang=en`);
  await page.waitForFunction(
    (selector) =>
      /Selective \(attention core\)/.test(document.querySelector(selector)?.textContent ?? ''),
    how,
  );
  assert.equal(await selectiveChoice(), 'Selective (attention core)');
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});
