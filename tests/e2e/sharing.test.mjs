// Sharing a plan: the embedded view in a page of another origin, the Embed dialog, and the
// exports (Markdown to the clipboard, CSV and the CLI's JSON as downloads).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveStatic } from './static-server.mjs';
import { launchBrowser, openWatchedPage, waitForApp } from './browser.mjs';

const dist = new URL('../../dist/', import.meta.url).pathname;
const cli = new URL('../../build/native-release/llm-sizer', import.meta.url).pathname;
const PLAN = '#v=2&m=gpt3-175b&a=h100-80g&pp=10&cluster=1000';

let site;
let host;
let browser;

// The host page: an iframe of the sizer from another origin and the listener docs/embedding.md
// gives, which also records every height it was told.
const hostPage = (src) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Host</title><link rel="icon" href="data:,"></head>
<body><h1>Our cluster plan</h1>
<iframe id="sizer" src="${src}" title="LLM Sizer" width="100%" height="150" style="border:0"></iframe>
<script>
  window.heights = [];
  addEventListener('message', (event) => {
    const data = event.data;
    if (!data || data.type !== 'llm-sizer:height' || !(data.height > 0)) return;
    for (const frame of document.querySelectorAll('iframe')) {
      if (frame.contentWindow === event.source) frame.style.height = data.height + 'px';
    }
    window.heights.push(data.height);
  });
</script></body></html>`;

before(async () => {
  site = await serveStatic(dist, { mount: '/sizer/' });
  const embedUrl = `${site.url}${PLAN}&embed=training,memory`;
  host = await serveStatic(await mkdtemp(join(tmpdir(), 'host-')), {
    extraRoutes: { '/docs.html': ['text/html; charset=utf-8', hostPage(embedUrl)] },
  });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await site?.close();
  await host?.close();
});

test('an embedded plan in a page of another origin shows its panels and sizes its frame', async () => {
  assert.notEqual(new URL(site.url).origin, host.origin);
  const page = await openWatchedPage(browser);
  await page.goto(`${host.origin}/docs.html`);
  const frame = page.frameLocator('#sizer');
  assert.equal(await frame.locator('[data-testid=train-total]').textContent(), '960 GPUs');
  await frame.locator('[data-testid=memory-panel]').waitFor(); // built after the first paint
  assert.equal(await frame.locator('[data-testid=memory-panel]').count(), 1);
  // No page chrome: no inputs, no header, no inference panels.
  assert.equal(await frame.locator('input, select, textarea, header, h1').count(), 0);
  assert.equal(await frame.locator('[data-testid=infer-min-gpus]').count(), 0);

  const iframeHeight = () => page.evaluate(() => document.getElementById('sizer').offsetHeight);
  await page.waitForFunction(() => window.heights.length > 0);
  const posted = await page.evaluate(() => window.heights.at(-1));
  assert.ok(posted > 400, `posted height ${posted}`);
  assert.equal(await iframeHeight(), posted);
  const inner = await frame.locator('[data-testid=embed-view]').evaluate((el) => el.offsetHeight);
  assert.ok(Math.abs(inner - posted) <= 1, `content ${inner} vs posted ${posted}`);
  // Content that grows is followed by the frame.
  await frame
    .locator('[data-testid=embed-view]')
    .evaluate((el) => el.append(Object.assign(document.createElement('div'), { className: 'x' })));
  await frame.locator('.x').evaluate((el) => (el.style.height = '300px'));
  await page.waitForFunction((h) => window.heights.at(-1) >= h + 300, posted);
  assert.equal(await iframeHeight(), await page.evaluate(() => window.heights.at(-1)));

  const full = await frame.locator('[data-testid=embed-open-full]').getAttribute('href');
  assert.equal(full, `${site.url}${PLAN}`);
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('the Embed dialog gives the iframe and Markdown snippets and is keyboard operable', async () => {
  const page = await openWatchedPage(browser);
  await page.goto(site.url + PLAN);
  await waitForApp(page);
  await page.focus('[data-testid=open-embed]');
  await page.keyboard.press('Enter');
  const dialog = page.locator('[data-testid=embed-dialog]');
  await dialog.waitFor();
  assert.equal(await dialog.getAttribute('aria-labelledby'), 'embed-title');
  const iframe = await page.inputValue('[data-testid=embed-iframe]');
  assert.match(
    iframe,
    /^<iframe src="http:\/\/127\.0\.0\.1:\d+\/sizer\/#v=2&amp;lang=en&amp;embed=training%2Cmemory&amp;m=gpt3-175b/,
  );
  assert.match(iframe, /title="LLM Sizer: GPT-3 175B on NVIDIA H100 SXM5 80GB"/);
  await page.uncheck('[data-testid=embed-panel-memory]');
  await page.check('[data-testid=embed-panel-serving]');
  assert.match(await page.inputValue('[data-testid=embed-iframe]'), /embed=training%2Cserving&/);
  const markdown = await page.inputValue('[data-testid=embed-markdown]');
  assert.match(markdown, /^\| Quantity \| Value \|\n\| --- \| ---: \|\n/);
  assert.match(markdown, /\| Training layout \(TP, PP, DP\) \| \(8, 10, 12\) \|/);

  // Focus stays in the dialog however far one tabs, and Escape closes it, back to the opener.
  for (let i = 0; i < 20; i += 1) {
    await page.keyboard.press('Tab');
    assert.ok(await page.evaluate(() => !!document.activeElement.closest('dialog')), `tab ${i}`);
  }
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  assert.equal(await page.evaluate(() => document.activeElement.dataset.testid), 'open-embed');
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('copy as Markdown, CSV and the CLI JSON downloads hold the plan numbers', async () => {
  const page = await openWatchedPage(browser);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: new URL(site.url).origin,
  });
  await page.goto(site.url + PLAN);
  await waitForApp(page);

  await page.click('[data-testid=copy-markdown]');
  await page.waitForSelector('[data-testid=export-status]:has-text("Copied")');
  const markdown = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(markdown, /\| GPUs to train \| 960 \|/);
  assert.match(markdown, /\| Cards to hold the weights \(article\) \| 5 \|/);
  assert.match(
    markdown,
    /\[Open this plan in LLM Sizer\]\(http:\/\/127\.0\.0\.1:\d+\/sizer\/#v=2&m=gpt3-175b/,
  );

  const save = async (testId) => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.click(`[data-testid=${testId}]`),
    ]);
    return [download.suggestedFilename(), await readFile(await download.path(), 'utf8')];
  };
  const [csvName, csv] = await save('save-csv');
  assert.equal(csvName, 'llm-sizer-gpt3-175b-h100-80g.csv');
  const rows = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  assert.equal(rows[0], 'section,step,title,formula,numbers,value,unit');
  assert.ok(
    rows.includes('training,total_gpus,Total GPUs,P_TP × P_PP × P_DP,8 × 10 × 12,960,GPUs'),
  );
  assert.ok(rows.some((r) => r.startsWith('memory,')));

  // The same link's plan through the CLI: infer refuses the training flags --pp and
  // --cluster-gpus, but a link carries them, as the page's export does.
  for (const kind of ['training', 'inference']) {
    const [name, json] = await save(`save-${kind}-json`);
    assert.equal(name, `llm-sizer-gpt3-175b-h100-80g-${kind}.json`);
    const command = kind === 'training' ? 'train' : 'infer';
    assert.equal(
      json,
      execFileSync(cli, [command, '--link', PLAN, '--json'], { encoding: 'utf8' }),
    );
  }
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});
