// An embed that sizes itself: the snippet the Embed dialog writes, pasted alone into a page of
// another origin, frames the plan at its content's height, sandboxed; and a frame the page cannot
// run in (a sandbox without allow-same-origin on a host without CORS headers) says so instead of
// "Loading…" forever.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveStatic } from './static-server.mjs';
import { launchBrowser, openWatchedPage } from './browser.mjs';

const dist = new URL('../../dist/', import.meta.url).pathname;
const PLAN = '#v=2&m=gpt3-175b&a=h100-80g&pp=10&cluster=1000';

let site; // the page, as most static hosts serve it: no CORS headers
let open; // the page on a host that sends Access-Control-Allow-Origin: *
let host; // another origin, where the snippets are pasted
let browser;
const hostPages = new Map();

before(async () => {
  site = await serveStatic(dist, { mount: '/sizer/' });
  open = await serveStatic(dist, {
    mount: '/sizer/',
    headers: { 'access-control-allow-origin': '*' },
  });
  const routes = new Proxy(
    {},
    {
      get: (_, path) =>
        hostPages.has(path) ? ['text/html; charset=utf-8', hostPages.get(path)] : undefined,
    },
  );
  host = await serveStatic(await mkdtemp(join(tmpdir(), 'host-')), { extraRoutes: routes });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await site?.close();
  await open?.close();
  await host?.close();
});

/** A page of the host's own, holding `body` and nothing else of ours. */
async function hostPage(path, body) {
  hostPages.set(
    path,
    `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Host</title><link rel="icon" href="data:,"></head><body><h1>Our plan</h1>${body}</body></html>`,
  );
  const page = await openWatchedPage(browser);
  await page.goto(`${host.origin}${path}`);
  return page;
}

test('the snippet alone, pasted into another site, frames the plan at its height, sandboxed', async () => {
  // The snippet as the Embed dialog gives it.
  const sizer = await openWatchedPage(browser);
  await sizer.goto(site.url + PLAN);
  await sizer.waitForSelector('[data-testid=answer-card]');
  await sizer.click('[data-testid=open-embed]');
  await sizer.waitForSelector('[data-testid=embed-iframe]');
  // The dialog's preview measures the panels: the snippet's height is that, not a guess.
  await sizer.waitForFunction(
    () => !/height="640"/.test(document.querySelector('[data-testid=embed-iframe]').value),
  );
  const snippet = await sizer.inputValue('[data-testid=embed-iframe]');
  assert.match(snippet, /^<iframe src="[^"]+" title="[^"]+" width="100%" height="\d+" /);
  assert.match(snippet, /sandbox="allow-scripts allow-same-origin allow-popups[^"]*"/);
  assert.match(snippet, /<\/iframe>\n<script>.+<\/script>$/s);
  const measured = Number(snippet.match(/height="(\d+)"/)[1]);
  assert.deepEqual(sizer.problems, []);
  await sizer.closeAll();

  const page = await hostPage('/pasted.html', snippet);
  const frame = page.frameLocator('iframe');
  assert.equal(await frame.locator('[data-testid=train-total]').textContent(), '960 GPUs');
  // The frame takes exactly its content's height (the script that came with the snippet).
  await page.waitForFunction(() => document.querySelector('iframe').style.height !== '');
  const framed = await page.evaluate(() => document.querySelector('iframe').offsetHeight);
  const content = await frame
    .locator('[data-testid=embed-view]')
    .evaluate((el) => Math.ceil(el.getBoundingClientRect().height));
  assert.ok(Math.abs(framed - content) <= 1, `frame ${framed} px, content ${content} px`);
  // Without the script the frame keeps the measured height, which is the content's at the
  // dialog's width: the right order of size, not the 640 px of before.
  assert.ok(measured > 300 && measured < 20000, `measured ${measured}`);
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('sandboxed without allow-same-origin on a host without CORS: a clear message, not "Loading…"', async () => {
  const page = await hostPage(
    '/strict.html',
    `<iframe src="${site.url}${PLAN}&embed=training" title="Plan" width="100%" height="400"
      sandbox="allow-scripts allow-popups"></iframe>`,
  );
  const frame = page.frameLocator('iframe');
  const blocked = frame.locator('[data-testid=boot-blocked]');
  await blocked.waitFor();
  assert.match(await blocked.textContent(), /could not load its code.*allow-same-origin/);
  assert.equal(
    await frame.locator('a[target=_blank]').getAttribute('href'),
    `${site.url}${PLAN}&embed=training`,
  );
  assert.equal(await frame.locator('text=Loading…').count(), 0);
  await page.closeAll();
});

test('sandboxed without allow-same-origin on a host that sends CORS headers: it works', async () => {
  const page = await hostPage(
    '/cors.html',
    `<iframe src="${open.url}${PLAN}&embed=training" title="Plan" width="100%" height="400"
      sandbox="allow-scripts allow-popups"></iframe>`,
  );
  const frame = page.frameLocator('iframe');
  assert.equal(await frame.locator('[data-testid=train-total]').textContent(), '960 GPUs');
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('the boot message is in the language the link asks for', async () => {
  const page = await hostPage(
    '/strict-zh.html',
    `<iframe src="${site.url}${PLAN}&lang=zh&embed=training" title="Plan" width="100%"
      height="400" sandbox="allow-scripts"></iframe>`,
  );
  const blocked = page.frameLocator('iframe').locator('[data-testid=boot-blocked]');
  await blocked.waitFor();
  assert.match(await blocked.textContent(), /无法加载代码.*allow-same-origin/);
  await page.closeAll();
});
