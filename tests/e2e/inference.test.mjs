// The inference fleet panel in headless Chromium: its numbers, the memory bar and curve, inputs
// that recompute it, and a link that holds the serving plan beside the training plan.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ask,
  openArticle,
  openWatchedPage,
  showMoreInputs,
  showServing,
  waitForApp,
} from './browser.mjs';
import { servePage } from './served-page.mjs';

const site = servePage('/docs/llm-sizer/');

async function openPage(hash, options = {}) {
  const page = await openWatchedPage(site.browser, options);
  await page.goto(site.server.url + hash);
  await waitForApp(page);
  await showServing(page);
  // The serving inputs below the path's (batch, KV cache, TP) load as they near the viewport.
  await showMoreInputs(page);
  return page;
}

const text = (page, testId) => page.textContent(`[data-testid=${testId}]`);

test('Qwen2.5-32B on RG800 needs four cards, and the panel says why the article has fewer', async () => {
  const page = await openPage('#v=2&m=qwen2.5-32b&a=rg800-32g');
  assert.equal(await text(page, 'serving-layout'), 'TP 4 × 1 replica = 4 GPUs');
  assert.equal(
    await text(page, 'serving-min'),
    'At least 4 cards for one sequence of 4,096 tokens',
  );
  assert.match(await text(page, 'serving-vs-article'), /gives 3; .* it takes 4\./);
  const note = await page.textContent('[data-step=serve_min_gpus] .note');
  assert.match(note, /at TP 2 each card would hold 32\.76 GB of weights, more than the 28\.8 GB/);
  // The RG800's bandwidth is unknown: no throughput is invented.
  assert.equal(await text(page, 'step-serve_decode_step'), '—');
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('the memory bar and the curve follow the inputs, and the link keeps them', async () => {
  const page = await openPage('#v=2&m=qwen2.5-32b&a=h100-80g&pp=2&cluster=128');
  assert.equal(await text(page, 'serving-layout'), 'TP 1 × 1 replica = 1 GPU');
  assert.equal(await page.locator('[data-testid=memory-bar] rect').count(), 5);
  const points = await page.getAttribute('[data-testid=curve-line]', 'points');
  assert.ok(points.split(' ').length >= 20, points);

  await page.fill('[data-testid=input-batch]', '16');
  await page.waitForURL(/i\.bs=16/);
  assert.equal(await text(page, 'serving-layout'), 'TP 2 × 1 replica = 2 GPUs');
  assert.match(await text(page, 'serving-fits'), /fits$/);

  await page.selectOption('[data-testid=input-kvDtype]', 'fp8');
  await page.waitForURL(/i\.kv=fp8/);
  assert.equal(await text(page, 'step-serve_kv_per_token'), '131,072 B');

  await page.fill('[data-testid=input-inferTp]', '1');
  assert.match(await text(page, 'serving-fits'), /does not fit$/);
  assert.match(await text(page, 'memory-free'), /^Over by/);

  // One link holds the training and the serving plan; reloading it restores both.
  await page.waitForURL(/i\.tp=1/);
  const url = page.url();
  assert.match(url, /pp=2&cluster=128/);
  for (const part of ['i.kv=fp8', 'i.bs=16', 'i.tp=1']) assert.ok(url.includes(part), url);
  await page.reload();
  // The link also keeps the question: the page opens on serving.
  await page.waitForSelector('[data-testid=answer-card][data-question=serve]');
  await showServing(page);
  await showMoreInputs(page);
  assert.equal(await page.inputValue('[data-testid=input-batch]'), '16');
  assert.equal(await page.inputValue('[data-testid=input-kvDtype]'), 'fp8');
  assert.match(await text(page, 'serving-fits'), /does not fit$/);
  await ask(page, 'train');
  assert.equal(await text(page, 'train-layout'), '(TP, PP, DP) = (8, 2, 8)');
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('a bad serving input is named at its field and the rest of the plan keeps working', async () => {
  const page = await openPage('#v=2&m=qwen2.5-32b&a=h100-80g');
  await page.fill('[data-testid=input-inferTp]', '5');
  const messages = await page.$$eval('[data-testid=field-message]', (nodes) =>
    nodes.map((n) => n.textContent),
  );
  assert.deepEqual(messages, [
    'Serving TP 5 must divide the 40 attention heads, and divide or be a multiple of the 8 key/value heads.',
  ]);
  assert.equal(await text(page, 'serving-min'), 'At least 1 card for one sequence of 4,096 tokens');
  await page.fill('[data-testid=input-inferTp]', '');
  assert.equal(await text(page, 'serving-layout'), 'TP 1 × 1 replica = 1 GPU');
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('the article preset has no architecture, so the panel says to choose the real checkpoint', async () => {
  const page = await openPage('#v=2&m=qwen-32b&a=h100-80g', { locale: 'zh-CN' });
  assert.match(await text(page, 'serving-unavailable'), /Qwen2\.5-32B/);
  await openArticle(page);
  assert.equal(await text(page, 'infer-min-gpus'), '至少 1 张卡');
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('DeepSeek-V3 in FP8 on H100 gets a two-node fleet with its numbers and launch commands', async () => {
  const page = await openPage(
    '#v=2&m=deepseek-v3&a=h100-80g&i.w=fp8-block&i.c=32&i.in=8192&i.out=1024',
  );
  // 688 GB of weights do not fit the 612 GB vLLM may use of one node of eight.
  assert.match(await text(page, 'fleet-layout'), /= 16 GPUs on 2 nodes$/);
  assert.match(await text(page, 'fleet-slo'), /within the 50 ms TPOT target/);
  assert.match(await text(page, 'fleet-tpot'), /^\d+(\.\d)? ms$/);
  assert.match(await text(page, 'fleet-cost-output'), /^\$\d/);
  assert.equal(await page.locator('[data-testid=fleet-card] rect').count(), 5);
  assert.ok((await page.locator('[data-testid=latency-curve] circle').count()) >= 3);
  // The next layouts with their GPUs, TPOT, TTFT and tokens/s per GPU, each known.
  const alternatives = page.locator('[data-testid=fleet-alternatives] tbody tr');
  assert.ok((await alternatives.count()) >= 1);
  const headers = await page.locator('[data-testid=fleet-alternatives] thead th').allTextContents();
  assert.deepEqual(headers, ['Layout', 'GPUs', 'TPOT', 'TTFT', 'Tokens/s per GPU']);
  const cells = await alternatives.first().locator('td').allTextContents();
  assert.equal(cells.length, 4);
  assert.match(cells[2], /^[\d,]+ ms$/);
  assert.match(await text(page, 'launch-text'), /^# node 0 \(head\)/);
  assert.match(await text(page, 'launch-text'), /vllm serve deepseek-ai\/DeepSeek-V3/);
  await page.check('[data-testid=launch-sglang]');
  assert.match(await text(page, 'launch-text'), /python -m sglang\.launch_server/);
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('the concurrent requests move the view inside one node too, which says what the fleet saves', async () => {
  // Llama 3.1 70B on H100: TP 2 is the smallest layout (70.6 GB of weights a card leaves room for
  // two sequences of 4,096 tokens), so 64 users take 32 replicas of it; the fleet finds fewer.
  const page = await openPage('#v=2&m=llama-3.1-70b&a=h100-80g');
  assert.equal(await text(page, 'serving-layout'), 'TP 2 × 1 replica = 2 GPUs');
  assert.equal(await page.locator('[data-testid=node-vs-fleet]').count(), 0);
  await page.fill('[data-testid=input-concurrency]', '64');
  await page.waitForURL(/i\.c=64/);
  assert.equal(await text(page, 'serving-layout'), 'TP 2 × 32 replicas = 64 GPUs');
  const fleet = Number((await text(page, 'fleet-layout')).match(/= (\d+) GPUs/)[1]);
  assert.ok(fleet < 64, `${fleet}`);
  assert.equal(
    await text(page, 'node-vs-fleet'),
    `Replicas of this layout would take 64 GPUs for 64 concurrent sequences; the fleet above serves them on ${fleet}.`,
  );
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('the view inside one node says why the fleet does not use its TP', async () => {
  // GPT-3 175B needs TP 6 of an 8-GPU node; the fleet's replicas divide a node or take whole ones.
  const page = await openPage('#v=2&m=gpt3-175b&a=h100-80g');
  assert.equal(await text(page, 'serving-layout'), 'TP 6 × 1 replica = 6 GPUs');
  assert.match(await text(page, 'fleet-layout'), /TP 8 × PP 1 × DP 1/);
  assert.equal(
    await text(page, 'node-packing'),
    "A replica of TP 6 would leave 2 of a node's 8 cards that no other replica can use, so the fleet's replicas divide the node or take whole nodes.",
  );
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('a vllm serve command read on the page changes the plan, and its link keeps it', async () => {
  const page = await openPage('#v=2&m=llama-3.1-8b&a=h100-80g');
  await page.click('[data-testid=vllm-import] summary');
  await page.fill(
    '[data-testid=vllm-text]',
    'vllm serve meta-llama/Llama-3.1-70B-Instruct -tp 4 --max-model-len 16384 --frob 1',
  );
  await page.click('[data-testid=vllm-read]');
  await page.waitForURL(/i\.tp=4/);
  assert.match(page.url(), /m=llama-3\.1-70b/);
  assert.match(page.url(), /i\.ctx=16384/);
  assert.match(await text(page, 'vllm-status'), /Read \d+ inputs? from the command\./);
  assert.match(await text(page, 'vllm-issue'), /--frob/);
  assert.match(await text(page, 'fleet-layout'), /TP 4 × PP 1 × DP 1/);
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('the fleet speaks Chinese with no raw message key', async () => {
  const page = await openPage('#v=2&m=qwen3-235b-a22b&a=h100-80g&i.w=fp8&i.c=32&lang=zh');
  await page.waitForSelector('[data-testid=fleet-layout]');
  const panel = await page.textContent('section[aria-labelledby=serving-title]');
  assert.match(panel, /张卡/);
  assert.doesNotMatch(panel, /\b(ui|step|note)\.[a-z_]+/);
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});
