// The page starts from the question: each of the three (train from scratch, fine-tune, serve) is
// walked on a desktop (1366 × 900) and a phone (390 × 844), in English and in Chinese, as a user
// does it — choose the question, type the input its short path asks for — and the answer card
// must give the answer. The numbers are derived by hand in the comments.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ask, openWatchedPage, showSearch } from './browser.mjs';
import { servePage } from './served-page.mjs';

const site = servePage('/sizer/');

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const LANGS = [
  { lang: 'en', locale: 'en-US', gpus: (n) => `${n} GPU${n === '1' ? '' : 's'}` },
  { lang: 'zh', locale: 'zh-CN', gpus: (n) => `${n} 张` },
];
const numberIn = (text) => Number(text.replace(/[^0-9.]/g, ''));
const text = (page, testId) => page.textContent(`[data-testid=${testId}]`);

async function open(hash, { viewport, locale }) {
  const page = await openWatchedPage(site.browser, { viewport, locale });
  await page.goto(site.server.url + hash);
  await page.waitForSelector('[data-testid=answer-card]');
  return page;
}

/** The answer card's top and bottom, and whether the page scrolls sideways. */
const geometry = (page) =>
  page.evaluate(() => {
    const card = document.querySelector('[data-testid=answer-card]').getBoundingClientRect();
    const gpus = document
      .querySelector('[data-testid=train-total], [data-testid=serve-total]')
      .getBoundingClientRect();
    return {
      top: card.top + window.scrollY,
      gpusBottom: gpus.bottom + window.scrollY,
      overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    };
  });

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
]) {
  for (const { lang, locale, gpus } of LANGS) {
    test(`${name}, ${lang}: train from scratch — GPT-3 175B as Megatron trained it`, async () => {
      // Narayanan et al. 2021 (§5.1): GPT-3 175B on 1024 A100 as (TP, PP, DP) = (8, 16, 8), with
      // full recompute at a measured 140 TFLOP/s per GPU; 300B tokens take 8·T·P / (n·X) =
      // 8 × 300e9 × 175e9 / (1024 × 140e12) s = 33.9 days, i.e. 1024 × 33.9 × 24 = 833,000
      // GPU-hours, which at the A100 preset's $1.79 per GPU-hour cost about $1.49 million.
      const page = await open(
        `#v=2&lang=${lang}&m=gpt3-175b&a=a100-80g&tp=8&pp=16&dp=8&rc=full&tflops=140`,
        { viewport, locale },
      );
      await ask(page, 'train');
      assert.equal(await text(page, 'answer-days'), '—', 'no days before the tokens are given');
      await page.fill('[data-testid=input-tokens]', '300e9');
      await page.waitForURL(/tokens=300e9/);
      assert.equal(await text(page, 'train-total'), gpus('1,024'));
      assert.equal(await text(page, 'train-layout'), '(TP, PP, DP) = (8, 16, 8)');
      const days = numberIn(await text(page, 'answer-days'));
      assert.ok(Math.abs(days - 33.9) / 33.9 < 0.03, `${days} days`);
      const cost = numberIn(await text(page, 'answer-cost'));
      assert.ok(Math.abs(cost - 1.49e6) / 1.49e6 < 0.03, `$${cost}`);
      // 2100 GB of model state over 16 × 8 cards is 16.4 GB a card: far from 80 GB.
      assert.match(
        await page.getAttribute('[data-testid=answer-fits] >> xpath=..', 'class'),
        /\bfits\b/,
      );
      const place = await geometry(page);
      assert.equal(place.overflow, 0, 'nothing scrolls sideways');
      assert.ok(place.gpusBottom < viewport.height, `the answer is above the fold: ${place.top}`);
      assert.deepEqual(page.problems, []);
      await page.closeAll();
    });

    test(`${name}, ${lang}: fine-tune — Llama 3.1 8B on one H100 node`, async () => {
      // The article's rule on 8.03B parameters: 96.4 GB of model state at 12 B each, over a safe
      // 48 GB a card, is a model parallelism of 2.0; TP is the 8 GPUs of a node (they divide the
      // 32 heads and 8 key/value heads), so one stage holds it: (8, 1, DP), and a cluster of 8
      // GPUs holds one replica: 8 GPUs.
      const page = await open(`#v=2&lang=${lang}&m=llama-3.1-8b&a=h100-80g`, {
        viewport,
        locale,
      });
      await ask(page, 'finetune');
      await page.fill('[data-testid=input-clusterGpus]', '8');
      await page.waitForURL(/cluster=8/);
      assert.match(page.url(), /q=finetune/);
      assert.equal(await text(page, 'train-total'), gpus('8'));
      assert.equal(await text(page, 'train-layout'), '(TP, PP, DP) = (8, 1, 1)');
      // The fine-tuning method: said, or that only full fine-tuning is sized yet.
      assert.ok((await text(page, 'answer-finetune')).length > 20);
      const place = await geometry(page);
      assert.equal(place.overflow, 0);
      assert.ok(place.gpusBottom < viewport.height, `the answer is above the fold: ${place.top}`);
      assert.deepEqual(page.problems, []);
      await page.closeAll();
    });

    test(`${name}, ${lang}: serve — Qwen2.5-32B on one H100`, async () => {
      // 32.76e9 parameters × 2 B (BF16) = 65.5 GB of weights, within the 72 GB an engine may use
      // of an 80 GB card (vLLM's 0.9); one 4096-token sequence's KV cache (64 layers × 8 K/V
      // heads × 128 × 2 × 2 B × 4096 = 1.07 GB) fits beside it: one card, TP 1, one replica.
      const page = await open(`#v=2&lang=${lang}&m=qwen2.5-32b&a=h100-80g`, {
        viewport,
        locale,
      });
      await ask(page, 'serve');
      // The serving model comes with the full module, which the serving answer asks for.
      await page.waitForSelector('[data-testid=serve-total]');
      await page.waitForURL(/q=serve/);
      assert.equal(await text(page, 'serve-total'), gpus('1'));
      assert.match(await text(page, 'serve-layout'), /^TP 1 × PP 1 × DP 1 × 1 /);
      // How far published runs were from the throughput (docs/validation.md): the runs' range
      // of tokens/s for this fleet and of its cost.
      const band = await page.textContent('[data-testid=answer-decode] + dd.how');
      assert.match(
        band,
        lang === 'zh'
          ? /已发表的各引擎服务运行（\d+ 次，docs\/validation\.md）.*按此范围，每百万输出 token 的费用为 \$[\d,]+\.\d\d–\$[\d,]+\.\d\d/
          : /Published serving runs on every engine \(\d+, docs\/validation\.md\) delivered [\d.]+–[\d.]+× .* At that range a million output tokens cost \$[\d,]+\.\d\d–\$[\d,]+\.\d\d\./,
      );
      assert.match(
        await page.getAttribute('[data-testid=answer-fits] >> xpath=..', 'class'),
        /\bfits\b/,
      );
      const place = await geometry(page);
      assert.equal(place.overflow, 0);
      assert.ok(place.gpusBottom < viewport.height, `the answer is above the fold: ${place.top}`);
      assert.deepEqual(page.problems, []);
      await page.closeAll();
    });
  }
}

test('on a phone the other inputs are in a sheet, and what is typed there reaches the answer', async () => {
  const page = await open('#v=2&m=gpt3-175b&a=h100-80g', { viewport: PHONE, locale: 'en-US' });
  assert.equal(await page.locator('[data-testid=input-pp]').count(), 0);
  await page.click('[data-testid=open-inputs]');
  await page.waitForSelector('[data-testid=inputs-sheet]');
  // The article's own plan: PP 10 and a 1000-GPU cluster give (8, 10, 12) = 960 GPUs.
  await page.fill('[data-testid=input-pp]', '10');
  await page.click('[data-testid=close-inputs]');
  await page.waitForSelector('[data-testid=inputs-sheet]', { state: 'detached' });
  // Closing the sheet gives the focus back to what opened it.
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'open-inputs');
  await page.fill('[data-testid=input-clusterGpus]', '1000');
  assert.equal(await text(page, 'train-total'), '960 GPUs');
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('the article and the full model disagreeing is explained in one sentence', async () => {
  // Llama 3.1 8B on one H200 with its whole model state on the card (TP = PP = 1): the article's
  // 12 B per parameter make 8.03e9 × 12 = 96.4 GB, over its safe 0.6 × 141 = 84.6 GB, so "does
  // not fit"; the full model counts the same 96.4 GB of state plus activations of micro-batch 1
  // with the attention core recomputed, logits and overheads — within the whole 141 GB card.
  const hash = '#v=2&m=llama-3.1-8b&a=h200-141g&tp=1&pp=1&dp=1';
  const page = await open(hash, { viewport: DESKTOP, locale: 'en-US' });
  const why = await text(page, 'disagreement');
  assert.match(why, /does not fit .* fits because the article budgets 12 B per parameter/);
  assert.match(why, /within 60% of each card \(96\.\d+ GB per card against a safe 84\.6 GB\)/);
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('using a layout of the search brings the answer into view and says what changed', async () => {
  const page = await open('#v=2&m=llama-3.1-70b&a=h100-80g&cluster=64&tokens=1e12', {
    viewport: DESKTOP,
    locale: 'en-US',
  });
  await showSearch(page);
  await page.waitForSelector('[data-testid=search-top] tbody tr');
  const first = await page.textContent('[data-testid=search-top] tbody tr th');
  await page.click('[data-testid=search-top] tbody tr:first-child button');
  await page.waitForSelector('[data-testid=answer-card].applied');
  assert.match(await text(page, 'answer-applied'), /^Applied: .*Tensor parallel \(TP\)/);
  const [tp, pp] = first.match(/\d+/g);
  assert.ok((await text(page, 'train-layout')).includes(`(${tp}, ${pp},`));
  // The card scrolls into view (smoothly, unless motion is reduced) and has the focus, so the
  // change is seen and announced.
  await page.waitForFunction(() => {
    const box = document.querySelector('[data-testid=answer-card]').getBoundingClientRect();
    return box.top >= -1 && box.top < window.innerHeight / 2;
  });
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'answer-card');
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('a layout with context parallelism counts its CP ranks in every GPU figure', async () => {
  // Megatron's world is TP × CP × PP × DP: TP 2, CP 2, PP 1 is a replica of 4 GPUs, so a cluster
  // of 64 holds DP 16, and the time model runs on the same 64.
  const page = await open(
    '#v=2&m=llama-3.1-70b&a=h100-80g&tp=2&pp=1&cp=2&zero=3&cluster=64&tokens=1e12',
    { viewport: DESKTOP, locale: 'en-US' },
  );
  assert.equal(await text(page, 'train-total'), '64 GPUs');
  assert.equal(await text(page, 'train-layout'), '(TP, PP, DP) = (2, 1, 16) · CP 2');
  await page.waitForSelector('[data-testid=answer-days]:not(:text("—"))');
  const how = await page.textContent('[data-testid=answer-days] + dd.how');
  const gpuHours = numberIn(how.match(/([\d,]+) GPU-hours/)[1]);
  const days = numberIn(await text(page, 'answer-days'));
  assert.ok(Math.abs(gpuHours / (days * 24) - 64) < 1, `${gpuHours} GPU-hours in ${days} days`);
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test("the article's method is one click away and reproduces its rows whatever the plan", async () => {
  const page = await open('#v=2&m=llama-3.1-8b&a=mi300x', { viewport: DESKTOP, locale: 'en-US' });
  await page.click('[data-testid=open-article]');
  await page.waitForSelector('[data-testid=article-rows]');
  // The article's four training plans (its §2.3.1–2.3.3) and its inference minimum (§2.3.4).
  const rows = await page.$$eval('[data-testid=article-rows] tbody tr', (trs) =>
    trs.map((tr) => [...tr.querySelectorAll('td.num')].map((td) => td.textContent)),
  );
  assert.deepEqual(rows, [
    ['(8, 10, 12)', '960'],
    ['(8, 14, 4)', '448'],
    ['(8, 2, 8)', '128'],
    ['(8, 3, 4)', '96'],
  ]);
  const inference = await page.$$eval('[data-testid=article-inference-rows] tbody td.num', (tds) =>
    tds.map((td) => td.textContent),
  );
  assert.deepEqual(inference, ['1', '2']);
  assert.match(await text(page, 'article-source'), /Chinese article/);
  // Opening one of its rows makes it the plan.
  await page.click('[data-row="gpt3-175b/h100-80g"] button');
  await page.waitForURL(/m=gpt3-175b&a=h100-80g&pp=10&cluster=1000/);
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('on a phone, a wide table scrolls inside its card with each row’s name pinned', async () => {
  // The layout search's table has ten columns; a 390 px phone shows a few.
  const page = await open('#v=2&m=llama-3.1-70b&a=h100-80g&cluster=64&tokens=1e12', {
    viewport: PHONE,
    locale: 'en-US',
  });
  await showSearch(page);
  await page.waitForSelector('[data-testid=search-top] tbody tr');
  const scroller = page.locator('[data-testid=search-top] >> xpath=..');
  const before = await scroller.evaluate((el) => ({
    wider: el.scrollWidth > el.clientWidth,
    page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
  }));
  assert.ok(before.wider, 'the table is wider than its card and scrolls inside it');
  assert.equal(before.page, 0, 'the page itself does not scroll sideways');
  // Scrolled to its last column (Use), the row's layout stays at the card's left edge.
  const pinned = await scroller.evaluate((el) => {
    el.scrollLeft = el.scrollWidth;
    const row = el.querySelector('tbody th[scope=row]').getBoundingClientRect();
    const use = el.querySelector('tbody tr button').getBoundingClientRect();
    const box = el.getBoundingClientRect();
    return { row: row.left - box.left, useVisible: use.right <= box.right + 1 };
  });
  assert.ok(Math.abs(pinned.row) <= 1, `the layout column moved by ${pinned.row} px`);
  assert.ok(pinned.useVisible, 'the last column can be reached');
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});
