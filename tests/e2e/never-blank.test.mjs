// Never a blank page: a module that does not load, a core that fails while the page is in use,
// and a browser without JavaScript each get a message, and a way back where there is one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openWatchedPage, waitForApp } from './browser.mjs';
import { servePage } from './served-page.mjs';

const HASH = '#v=2&m=llama-3.1-8b&a=h100-80g&pp=2&cluster=64';

const site = servePage('/sizer/');

const text = (page, testId) => page.textContent(`[data-testid=${testId}]`);

for (const [name, fulfill] of [
  ['missing', { status: 404, body: 'not found' }],
  ['corrupted', { status: 200, contentType: 'application/wasm', body: 'not a wasm module' }],
]) {
  test(`a ${name} wasm module shows why the calculator could not start`, async () => {
    const page = await openWatchedPage(site.browser);
    await page.route('**/*.wasm', (route) => route.fulfill(fulfill));
    await page.goto(site.server.url + HASH);
    const panel = page.locator('.panel.fatal[role=alert]');
    await panel.waitFor();
    assert.match(await panel.locator('h2').textContent(), /^The calculator could not start$/);
    assert.match(await panel.textContent(), /Its WebAssembly module did not load:/);
    assert.equal(await page.locator('.boot').count(), 0, 'the loading note is gone');
    // Ways back: reloading once the module can be had again starts the calculator on the same
    // plan; resetting starts it without the plan in the link.
    await page.unroute('**/*.wasm');
    await panel.getByRole('button', { name: 'Reload' }).click();
    await waitForApp(page);
    assert.ok(page.url().endsWith(HASH), 'the plan is kept across the reload');
    assert.equal(await page.inputValue('[data-testid=input-pp]'), '2');
    await page.route('**/*.wasm', (route) => route.fulfill(fulfill));
    await page.reload();
    await panel.waitFor();
    await page.unroute('**/*.wasm');
    await panel.getByRole('button', { name: 'Reset' }).click();
    await waitForApp(page);
    assert.equal(new URL(page.url()).pathname, '/sizer/');
    assert.equal(await page.inputValue('[data-testid=input-pp]'), '');
    await page.closeAll();
  });
}

// Bug (after the catalogs became lazy): when the module failed before the catalog had arrived,
// the panel showed its message keys ("fatal.load_title").
test('with neither the module nor its catalog the panel still speaks, in both languages', async () => {
  const page = await openWatchedPage(site.browser);
  await page.route('**/*.wasm', (route) => route.fulfill({ status: 404, body: 'not found' }));
  await page.route(/\/assets\/(en|zh-CN)-[^/]*\.js$/, (route) =>
    route.fulfill({ status: 404, body: 'not found' }),
  );
  await page.goto(site.server.url + HASH);
  const panel = page.locator('.panel.fatal[role=alert]');
  await panel.waitFor();
  assert.equal(
    await panel.locator('h2').textContent(),
    'The calculator could not start / 计算器无法启动',
  );
  assert.doesNotMatch(await panel.textContent(), /fatal\./);
  assert.ok(await panel.getByRole('button', { name: 'Reload / 重新加载' }).isVisible());
  await page.closeAll();
});

// The module's results cross as JSON text that the page parses with JSON.parse (wasm/bindings.cpp).
// Making that throw for one marker value is a failure inside a module call, with no test code in
// the page: the core "fails unexpectedly" exactly where a real fault would surface.
async function openWithFailingCore() {
  const page = await openWatchedPage(site.browser);
  await page.addInitScript(() => {
    const parse = JSON.parse;
    JSON.parse = function failingParse(textValue, reviver) {
      if (typeof textValue === 'string' && textValue.includes('core-failure-marker')) {
        throw new Error('simulated core failure');
      }
      return parse.call(this, textValue, reviver);
    };
  });
  await page.goto(site.server.url + HASH);
  await waitForApp(page);
  return page;
}

// Bug: such a failure escaped twice, as uncaught page errors: the share link in the header read
// the report outside the error boundary, and the effect writing the URL rethrew into the input's
// event handler.
test('a core failure while typing shows a reset panel, and reset brings the page back', async () => {
  const page = await openWithFailingCore();
  await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
  await page.fill('[data-testid=input-modelName]', 'core-failure-marker');
  const panel = page.locator('.panel.fatal[role=alert]');
  await panel.waitFor();
  assert.equal(await panel.locator('h2').textContent(), 'Something went wrong');
  assert.match(await panel.locator('.fatal-detail').textContent(), /simulated core failure/);
  // The header and its language switch stay usable around the panel.
  await page.click('[data-testid=lang-zh]'); // its catalog arrives, then the page switches
  await panel.locator('h2', { hasText: '出现了意外错误' }).waitFor();
  await page.click('[data-testid=lang-en]');
  await panel.locator('h2', { hasText: 'Something went wrong' }).waitFor();
  await panel.getByRole('button', { name: 'Reset' }).click();
  await waitForApp(page);
  assert.equal(await page.locator('.panel.fatal').count(), 0);
  assert.equal(await page.inputValue('[data-testid=input-pp]'), '');
  // The page computes again: a new input updates the results and the link.
  await page.fill('[data-testid=input-pp]', '10');
  await page.fill('[data-testid=input-clusterGpus]', '1000');
  await page.waitForURL(/pp=10&cluster=1000/);
  assert.match(await text(page, 'train-layout'), /\(TP, PP, DP\) = \(8, 10, 12\)/);
  // The failure was caught where it happened: no uncaught error, no console error.
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('without JavaScript the page says what it needs', async () => {
  const context = await site.browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(site.server.url + HASH);
  const message = page.locator('noscript .noscript, p.noscript');
  assert.ok(await message.isVisible(), 'the <noscript> message is shown');
  assert.match(await message.textContent(), /needs JavaScript and WebAssembly/);
  assert.match(await message.textContent(), /需要启用 JavaScript 与 WebAssembly/);
  await context.close();
});
