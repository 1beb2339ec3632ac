// The quality bar of the built page: no sideways scrolling on a 360 px phone, every control
// named and reachable by keyboard with a visible focus, no message key shown raw and no sentence
// with an unfilled placeholder in either language. (What a first visit transfers:
// byte-budget.test.mjs.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { openEveryDisclosure, openWatchedPage, showSearch, waitForApp } from './browser.mjs';
import { servePage } from './served-page.mjs';

const PHONE = { width: 360, height: 740 };
const PLAN = '#v=2&m=llama-3.1-70b&a=h100-80g&cluster=1024&i.bs=8';

const site = servePage('/sizer/');

async function open(hash, options) {
  const page = await openWatchedPage(site.browser, options);
  await page.goto(site.server.url + hash);
  await waitForApp(page);
  return page;
}

const overflow = (page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('nothing scrolls sideways at 360 × 740, in either language, embedded or with a dialog', async () => {
  for (const [hash, locale] of [
    [PLAN, 'en-US'],
    [`${PLAN}&lang=zh`, 'zh-CN'],
    [`${PLAN}&embed=training,memory,inference,serving,comparison`, 'en-US'],
  ]) {
    const page = await open(hash, { viewport: PHONE, locale });
    assert.equal(await page.evaluate(() => document.documentElement.clientWidth), 360);
    assert.ok(
      await page.evaluate(() => document.documentElement.scrollWidth <= 360),
      `${hash}: ${await overflow(page)} px too wide`,
    );
    if (!hash.includes('embed')) {
      await page.click('[data-testid=open-embed]');
      await page.waitForSelector('[data-testid=embed-dialog]');
      assert.equal(await overflow(page), 0, `${hash} with the Embed dialog`);
    }
    assert.deepEqual(page.problems, []);
    await page.closeAll();
  }
});

test('the charts keep their text readable at 360 px', async () => {
  const page = await open(PLAN, { viewport: PHONE });
  const smallest = await page.$$eval('figure svg text', (texts) =>
    Math.min(...texts.map((t) => t.getBoundingClientRect().height)),
  );
  assert.ok(smallest >= 9, `smallest chart text ${smallest.toFixed(1)} px`);
  for (const svg of await page.$$('figure svg')) {
    const name = await svg.evaluate(
      (el) =>
        el.getAttribute('aria-label') ||
        document.getElementById(el.getAttribute('aria-labelledby'))?.textContent,
    );
    assert.ok(name && name.length > 10, 'every chart has a text alternative');
  }
  await page.closeAll();
});

test('every control has an accessible name and a visible focus when reached by keyboard', async () => {
  const page = await open(PLAN);
  const unnamed = await page.$$eval('input, select, textarea, button, a[href]', (els) =>
    els
      .filter((el) => {
        const by = el.getAttribute('aria-labelledby');
        const name =
          (by && document.getElementById(by)?.textContent) ||
          el.getAttribute('aria-label') ||
          [...(el.labels ?? [])].map((l) => l.textContent).join('') ||
          (el.matches('button, a') ? el.textContent : '');
        return !name.trim() && el.type !== 'hidden';
      })
      .map((el) => el.outerHTML.slice(0, 80)),
  );
  assert.deepEqual(unnamed, []);

  const seen = new Set();
  for (let i = 0; i < 60; i += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement === document.body)) break;
    const focus = await page.evaluate(() => {
      const el = document.activeElement;
      const style = getComputedStyle(el);
      return {
        id: el.id || el.dataset.testid || el.textContent.slice(0, 20),
        outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
      };
    });
    assert.ok(focus.outline, `no visible focus on ${focus.id}`);
    seen.add(focus.id);
  }
  for (const id of ['copy-link', 'open-embed', 'in-model', 'in-params', 'in-pp']) {
    assert.ok(seen.has(id), `Tab never reached ${id}: ${[...seen].join(' | ')}`);
  }
  await page.closeAll();
});

const RAW_KEY = /\b(?:app|field|step|note|issue|unit|choice|hint|cli|hf|fatal|ui)\.[a-z][a-z0-9_]*/;

test('no message key is ever shown raw, in English or in Chinese', async () => {
  for (const [lang, locale] of [
    ['en', 'en-US'],
    ['zh', 'zh-CN'],
  ]) {
    const page = await open(`${PLAN}&lang=${lang}&pp=0&i.w=fp8`, { locale });
    await page.click('[data-testid=open-embed]');
    await page.waitForSelector('[data-testid=embed-dialog]');
    const text = await page.evaluate(() => document.body.innerText);
    assert.doesNotMatch(text, RAW_KEY, lang);
    const labels = await page.$$eval('[aria-label]', (els) => els.map((e) => e.ariaLabel));
    for (const label of labels) assert.doesNotMatch(label, RAW_KEY, label);
    await page.closeAll();
  }
});

// A sentence with a {placeholder} left in it says nothing (a Markdown export showed "{high} GB"):
// none on the page or in its Markdown, in either language, across plans that reach the rarer
// sentences — warnings of the search, a plan that does not fit, deadlines met and unmet.
test('no sentence is shown with an unfilled {placeholder}, on the page or in its Markdown', async () => {
  const limits = encodeURIComponent('ep=1 zero=3 tp=1 pp=1');
  const plans = [
    [`#v=2&m=qwen3-235b-a22b&a=h200-141g&cluster=64&tokens=1e12&lim=${limits}`, true],
    ['#v=2&m=deepseek-v3&a=h800-80g&tp=1&pp=16&dp=128&ep=64&tokens=14.8e12', false],
    ['#v=2&m=llama-3.1-8b&a=h100-80g&tokens=1e12&deadline=20', true],
    ['#v=2&m=llama-3.1-70b&a=h100-80g&tokens=15e12&deadline=0.01', true],
  ];
  const unfilled = /\{[a-z_]+\}/;
  for (const [lang, locale] of [
    ['en', 'en-US'],
    ['zh', 'zh-CN'],
  ]) {
    for (const [plan, searches] of plans) {
      const page = await open(`${plan}&lang=${lang}`, { locale });
      await openEveryDisclosure(page);
      await showSearch(page);
      if (searches) await page.waitForSelector('[data-testid=search-summary]');
      const text = await page.evaluate(() => document.body.innerText);
      assert.doesNotMatch(text, unfilled, `${lang} ${plan}`);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.click('[data-testid=save-md]'),
      ]);
      const markdown = await readFile(await download.path(), 'utf8');
      assert.doesNotMatch(markdown, unfilled, `${lang} ${plan} (Markdown)`);
      assert.doesNotMatch(markdown, RAW_KEY, `${lang} ${plan} (Markdown)`);
      assert.deepEqual(page.problems, []);
      await page.closeAll();
    }
  }
});

// Chinese text breaks anywhere by default: the search table once wrapped 不重计算 over two lines
// and its 采用 buttons one character a line, squeezed by a deep layout's extras. Short cells and
// buttons keep to one line; the extras wrap instead.
test('the search table keeps short Chinese cells and its buttons on one line', async () => {
  const page = await open('#v=2&lang=zh&m=qwen3-235b-a22b&a=h200-141g&cluster=64&tokens=1e12', {
    locale: 'zh-CN',
    viewport: { width: 1400, height: 1000 },
  });
  await showSearch(page);
  await page.waitForSelector('[data-testid=search-top] tbody tr');
  const lines = await page.$$eval('[data-testid=search-top] tbody :is(td, button)', (els) =>
    els
      .filter((el) => el.textContent.trim() === (el.tagName === 'TD' ? '不重计算' : '采用'))
      .map((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        return [el.textContent.trim(), tops.size];
      }),
  );
  assert.ok(
    lines.some(([text]) => text === '不重计算'),
    JSON.stringify(lines),
  );
  assert.ok(
    lines.some(([text]) => text === '采用'),
    JSON.stringify(lines),
  );
  for (const [text, count] of lines) assert.equal(count, 1, text);
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});
