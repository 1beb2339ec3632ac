// The real page (dist/, built by `npm run build`) in headless Chromium, served from a sub-path.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { afterPageTimers, openArticle, openWatchedPage, waitForApp } from './browser.mjs';
import { dist, servePage } from './served-page.mjs';

const cli = new URL('../../build/native-release/llm-sizer', import.meta.url).pathname;
const tables = JSON.parse(
  await readFile(new URL('../fixtures/seed-tables.json', import.meta.url), 'utf8'),
);

// The article's four plans, as a user would ask the CLI for them (PP as the article chose, DP
// from a cluster of its "500-card or 1000-card class").
const ARTICLE_PLANS = [
  ['gpt3-175b', 'h100-80g', ['--pp', '10', '--cluster-gpus', '1000']],
  ['gpt3-175b', 'rg800-32g', ['--cluster-gpus', '500']],
  ['qwen-32b', 'h100-80g', ['--pp', '2', '--cluster-gpus', '128']],
  ['qwen-32b', 'rg800-32g', ['--cluster-gpus', '100']],
];

const site = servePage('/docs/llm-sizer/');

async function openPage(hash = '', options = {}) {
  const page = await openWatchedPage(site.browser, options);
  await page.goto(site.server.url + hash);
  await waitForApp(page);
  return page;
}

const text = (page, testId) => page.textContent(`[data-testid=${testId}]`);

test('each of the article training plans opens from its CLI link with the article numbers', async () => {
  for (const [model, accelerator, flags] of ARTICLE_PLANS) {
    const row = tables.training.find((r) => r.model === model && r.accelerator === accelerator);
    const link = execFileSync(
      cli,
      ['link', '--model', model, '--accelerator', accelerator, ...flags],
      { encoding: 'utf8' },
    ).trim();
    const page = await openPage(link.slice(link.indexOf('#')));
    // The answer card first, then the article's own view with its derivation.
    assert.equal(
      await text(page, 'train-layout'),
      `(TP, PP, DP) = (${row.tp}, ${row.pp_chosen}, ${row.dp})`,
    );
    await openArticle(page);
    assert.equal(
      await text(page, 'train-layout'),
      `(TP, PP, DP) = (${row.tp}, ${row.pp_chosen}, ${row.dp})`,
    );
    assert.equal(await text(page, 'train-total'), `${row.total_gpus.toLocaleString('en-US')} GPUs`);
    assert.equal(
      await text(page, 'step-min_model_parallel'),
      row.min_model_parallel.toLocaleString('en-US', { maximumFractionDigits: 4 }),
    );
    assert.equal(await text(page, 'step-pp_min'), String(row.pp_min));
    assert.equal(await text(page, 'step-safe_memory'), `${row.safe_memory_per_card_gb} GB`);
    assert.deepEqual(page.problems, []);
    await page.closeAll();
  }
});

test('the inference minimum says why: 64 GB of weights exceed one 32 GB card', async () => {
  const page = await openPage('#v=2&m=qwen-32b&a=rg800-32g');
  await openArticle(page);
  assert.equal(await text(page, 'infer-min-gpus'), 'At least 2 cards');
  assert.equal(
    await text(page, 'infer-why'),
    '64 GB of weights exceed one 32 GB card, so they must be split',
  );
  await page.selectOption('[data-testid=input-accelerator]', 'h100-80g');
  assert.equal(await text(page, 'infer-min-gpus'), 'At least 1 card');
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('changing an input recomputes and writes the plan into the URL', async () => {
  const page = await openPage('#v=2&m=gpt3-175b&a=h100-80g&cluster=1000');
  assert.equal(await text(page, 'train-layout'), '(TP, PP, DP) = (8, 6, 20)');
  await page.fill('[data-testid=input-pp]', '10');
  await page.waitForURL(/pp=10/);
  assert.equal(await text(page, 'train-layout'), '(TP, PP, DP) = (8, 10, 12)');
  assert.match(page.url(), /\/docs\/llm-sizer\/#v=2&m=gpt3-175b&a=h100-80g&pp=10&cluster=1000$/);
  assert.equal(await page.inputValue('[data-testid=share-link]'), page.url());
  // Reloading the written URL restores exactly the same plan.
  await page.reload();
  await waitForApp(page);
  assert.equal(await page.inputValue('[data-testid=input-pp]'), '10');
  assert.equal(await text(page, 'train-total'), '960 GPUs');
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('the address is rewritten once per burst of typing, at once on leaving; a pasted link wins', async () => {
  const page = await openPage('#v=2&m=gpt3-175b&a=h100-80g&cluster=1000');
  await page.evaluate(() => {
    window.addressWrites = [];
    const replace = history.replaceState.bind(history);
    history.replaceState = (state, unused, url) => {
      window.addressWrites.push(String(url));
      replace(state, unused, url);
    };
  });
  // Four edits in one task, each recomputing the plan (as fast typing does): PP 1, 12, 123, 12.
  await page.evaluate(() => {
    const input = document.querySelector('[data-testid=input-pp]');
    for (const value of ['1', '12', '123', '12']) {
      input.value = value;
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
  });
  await page.waitForURL(/pp=12&/);
  assert.equal(await text(page, 'train-layout'), '(TP, PP, DP) = (8, 12, 10)');
  // Every timer the page sets within twice the write delay has fired: nothing more is written.
  await afterPageTimers(page, 400);
  assert.deepEqual(await page.evaluate(() => window.addressWrites), [
    '#v=2&m=gpt3-175b&a=h100-80g&pp=12&cluster=1000',
  ]);
  // A change, then (in the same task, before the change can be written) a link pasted into the
  // address bar.
  await page.evaluate(() => {
    const input = document.querySelector('[data-testid=input-pp]');
    input.value = '4';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    window.location.hash = '#v=2&m=qwen-32b&a=rg800-32g&cluster=100';
  });
  await page.waitForFunction(
    () => document.querySelector('[data-testid=train-total]')?.textContent === '96 GPUs',
  );
  await afterPageTimers(page, 400); // the pending change's write, had it not been dropped
  assert.match(page.url(), /#v=2&m=qwen-32b&a=rg800-32g&cluster=100$/);
  assert.equal(await page.inputValue('[data-testid=input-pp]'), '');
  // Leaving the page writes a change still waiting, so a reload or a bookmark keeps it.
  const hashAfterLeaving = await page.evaluate(() => {
    const input = document.querySelector('[data-testid=input-pp]');
    input.value = '2';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    window.dispatchEvent(new PageTransitionEvent('pagehide'));
    return window.location.hash;
  });
  assert.equal(hashAfterLeaving, '#v=2&m=qwen-32b&a=rg800-32g&pp=2&cluster=100');
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('the language follows the browser, switches, and is kept in the link', async () => {
  const page = await openPage('#v=2&m=qwen-32b&a=rg800-32g&cluster=100', { locale: 'zh-CN' });
  assert.equal(await page.getAttribute('html', 'lang'), 'zh-CN');
  assert.equal(await text(page, 'train-total'), '96 张');
  assert.match(await page.textContent('h1'), /大模型算力规划/);
  await page.click('[data-testid=lang-en]');
  await page.waitForURL(/lang=en/);
  assert.equal(await page.getAttribute('html', 'lang'), 'en');
  assert.equal(await text(page, 'train-total'), '96 GPUs');
  await page.click('[data-testid=lang-zh]');
  await page.waitForURL(/lang=zh/);
  assert.match(await page.textContent('#answer-title'), /^在 Kunlunxin RG800 32GB 上训练 Qwen-32B/);
  await openArticle(page);
  assert.match(await page.textContent('#training-title'), /训练集群/);
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('a broken link shows what could not be read while the page keeps working', async () => {
  const page = await openPage('#%%%garbage&pp=abc');
  const notice = await text(page, 'link-issues');
  assert.match(notice, /Could not read “%%%garbage” in the link/);
  assert.match(notice, /Pipeline parallel \(PP\) “abc” could not be read/);
  assert.equal(await text(page, 'train-total'), '48 GPUs');
  await page.fill('[data-testid=input-clusterGpus]', '96');
  assert.equal(await text(page, 'train-layout'), '(TP, PP, DP) = (8, 6, 2)');
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('bad input gets a specific message at its field and nothing typed is lost', async () => {
  const page = await openPage('#v=2&m=gpt3-175b&a=h100-80g');
  await page.fill('[data-testid=input-params]', '-5');
  await page.fill('[data-testid=input-safetyFactor]', '1.5');
  await page.fill('[data-testid=input-pp]', '0');
  const messages = await page.$$eval('[data-testid=field-message]', (nodes) =>
    nodes.map((n) => n.textContent),
  );
  assert.deepEqual(messages, [
    'Parameters must be greater than 0 (got -5).',
    'Safety factor must be from 0.001 to 1 (got 1.5).',
    'Pipeline parallel (PP) must be from 1 to 4096 (got 0).',
  ]);
  assert.equal(await page.inputValue('[data-testid=input-params]'), '-5');
  assert.equal(await page.getAttribute('[data-testid=input-pp]', 'aria-invalid'), 'true');
  // Correcting the input brings the plan back.
  await page.fill('[data-testid=input-params]', '');
  await page.fill('[data-testid=input-safetyFactor]', '0.6');
  await page.fill('[data-testid=input-pp]', '10');
  assert.equal(await text(page, 'train-total'), '80 GPUs');
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('the comparison matrix shows the article models on the article cards', async () => {
  const page = await openPage('#v=2&m=gpt3-175b&a=h100-80g&pp=10&cluster=1000');
  await openArticle(page);
  const cell = await page.textContent('[data-cell="gpt3-175b/h100-80g"]');
  assert.match(cell, /\(8, 10, 12\)/);
  assert.match(cell, /960 cards to train/);
  assert.match(await page.textContent('[data-cell="qwen-32b/rg800-32g"]'), /\(8, 3, 41\)/);
  await page.closeAll();
});

test('the built page carries the strict content security policy and relative assets', async () => {
  const page = await openPage();
  const policy = await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', 'content');
  assert.match(
    policy,
    /^default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'/,
  );
  const html = await readFile(`${dist}index.html`, 'utf8');
  assert.doesNotMatch(html, /(src|href)="\//, 'asset paths must be relative');
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

// The footer's words come when it nears the viewport (Footer.tsx): a visitor who scrolls to the
// end of the page reads them, in the page's language; a first visit that does not is spared them.
test('the footer says where the method comes from once scrolled to, in either language', async () => {
  for (const [lang, words] of [
    ['en', /The same core runs natively/],
    ['zh', /同一核心也可在命令行运行/],
  ]) {
    const page = await openPage(`#v=2&lang=${lang}&m=gpt3-175b&a=h100-80g&pp=10&cluster=1000`);
    await page.locator('footer.app-footer').scrollIntoViewIfNeeded();
    await page.locator('footer.app-footer p').nth(1).waitFor();
    const paragraphs = await page.locator('footer.app-footer p').allTextContents();
    assert.equal(paragraphs.length, 2, lang);
    assert.match(paragraphs.join(' '), words, lang);
    assert.deepEqual(page.problems, []);
    await page.closeAll();
  }
});
