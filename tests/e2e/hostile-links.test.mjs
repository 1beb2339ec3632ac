// Links that name things this page does not have, in words chosen to collide with JavaScript:
// ids named like Object.prototype's members, and a link too long to read. The page and the
// embedded view say what they could not use, in the page's language, and never fail.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openWatchedPage } from './browser.mjs';
import { servePage } from './served-page.mjs';
import { loadModule } from '../web/load-module.mjs';

const site = servePage('/sizer/');
const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];
const PANELS = 'training, memory, time, search, inference, serving, comparison';
let textKeys;

before(async () => {
  // Every input whose link value is an id or a name (presets, choices, panels, language …).
  const { fields } = (await loadModule()).catalog();
  textKeys = fields.filter((f) => f.type === 'text').map((f) => f.linkKey);
});

async function open(hash, locale) {
  const page = await openWatchedPage(site.browser, { locale });
  await page.goto(site.server.url + hash);
  await page.waitForSelector('[data-testid=train-layout]');
  return page;
}

const texts = (page, selector) => page.$$eval(selector, (n) => n.map((x) => x.textContent));
const failed = (page) =>
  page.$('.fatal, [role=alert] .error-boundary, [data-testid=error-boundary]');

// Bug: `#v=1&m=gpt3-175b&embed=__proto__` showed "Something went wrong" (the embedded view looked
// the id up with `id in PANELS` and rendered Object.prototype as a panel); "constructor",
// "valueOf" and "toString" showed an empty or "[object Object]" view.
test('an embed link naming prototype members shows the training plan and says the ids are unknown', async () => {
  for (const name of PROTOTYPE_NAMES) {
    const page = await open(`#v=1&m=gpt3-175b&a=h100-80g&cluster=1000&embed=${name}`);
    await page.waitForSelector('[data-testid=embed-view]');
    assert.deepEqual(
      await texts(page, '[data-testid=embed-issues] li'),
      [`Embedded panels: “${name}” is not one of ${PANELS}.`],
      name,
    );
    assert.equal(await page.textContent('[data-testid=train-layout]'), '(TP, PP, DP) = (8, 6, 20)');
    assert.equal(await failed(page), null, name);
    assert.doesNotMatch(await page.textContent('#app'), /went wrong|\[object/, name);
    assert.deepEqual(page.problems, [], name);
    await page.closeAll();
  }
});

test('the embedded view says it in Chinese too, next to the panels it knows', async () => {
  const page = await openWatchedPage(site.browser, { locale: 'zh-CN' });
  await page.goto(`${site.server.url}#v=1&m=gpt3-175b&a=h100-80g&embed=memory,constructor`);
  await page.waitForSelector('[data-testid=embed-issues]');
  await page.waitForSelector('[data-testid=memory-peak]');
  assert.match(await page.textContent('[data-testid=embed-issues]'), /constructor/);
  assert.match(await page.textContent('[data-testid=embed-issues]'), /嵌入显示的面板/);
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('a link whose every id is a prototype member opens, each id named as unknown', async () => {
  for (const name of PROTOTYPE_NAMES) {
    const values = textKeys.filter((k) => k !== 'embed').map((k) => `${k}=${name}`);
    const page = await open(`#v=1&${values.join('&')}&${name}=1`);
    const shown = [
      ...(await texts(page, '[data-testid=issue]')),
      ...(await texts(page, '[data-testid=link-issues] li')),
    ];
    assert.ok(shown.length >= 3, `${name}: ${shown}`);
    // The unknown key, the preset ids and the language are each named, in words.
    assert.ok(
      shown.some((s) => s.includes(`The link's “${name}” is not known`)),
      name,
    );
    assert.ok(
      shown.some((s) => s.includes(`Model “${name}”`) || s.includes(`“${name}”`)),
      name,
    );
    for (const line of shown) {
      assert.doesNotMatch(line, /^(issue|choice|step|note|unit|field)\.|\[object|function /, line);
    }
    assert.equal(await failed(page), null, name);
    assert.doesNotMatch(await page.textContent('#app'), /went wrong/, name);
    assert.deepEqual(page.problems, [], name);
    await page.closeAll();
  }
});

// Bug: a link over 64 KiB opened the default plan with "The link is 70030 bytes long; at most
// 65536 are read", as if part of it had been read; nothing of it was.
const LONG = `#v=1&m=gpt3-175b&a=h100-80g&pp=10&cluster=1000&m.name=${'x'.repeat(70000)}`;
// 70,047 bytes = 68.405 KiB, shown rounded up to a tenth.
const LONG_KIB = '68.5';

test('a link over 64 KiB says how long it is and that it is not read, and the page works', async () => {
  const page = await open(LONG);
  assert.deepEqual(await texts(page, '[data-testid=link-issues] li'), [
    `This link is ${LONG_KIB} KiB; links longer than 64 KiB are not read.`,
  ]);
  // The default plan (PP = ⌈43.75 ÷ 8⌉ = 6 on H100 without a cluster: no DP) and nothing of the link.
  assert.equal(await page.inputValue('[data-testid=input-pp]'), '');
  assert.equal(await page.inputValue('[data-testid=input-clusterGpus]'), '');
  await page.fill('[data-testid=input-pp]', '10');
  await page.waitForURL(/pp=10/);
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('a link over 64 KiB pasted into the address bar keeps the plan on the page', async () => {
  const page = await open('#v=1&m=llama-3.1-8b&a=h100-80g&pp=2&cluster=64', 'zh-CN');
  const layout = await page.textContent('[data-testid=train-layout]');
  await page.evaluate((hash) => {
    window.location.hash = hash;
  }, LONG.slice(1));
  await page.waitForSelector('[data-testid=link-issues]');
  assert.deepEqual(await texts(page, '[data-testid=link-issues] li'), [
    `链接大小 ${LONG_KIB} KiB，超过 64 KiB 上限，未读取。`,
  ]);
  assert.equal(await page.inputValue('[data-testid=input-model]'), 'llama-3.1-8b');
  assert.equal(await page.inputValue('[data-testid=input-pp]'), '2');
  assert.equal(await page.textContent('[data-testid=train-layout]'), layout);
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});
