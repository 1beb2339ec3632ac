// The built page under its Content Security Policy: no violation anywhere on the page, and HTML or
// script arriving in a link or a pasted config.json renders as inert text, shown as typed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import {
  afterPageTimers,
  ask,
  openArticle,
  openEveryDisclosure,
  openHfImport,
  openWatchedPage,
  showMoreInputs,
  showSearch,
  waitForApp,
  waitUntil,
} from './browser.mjs';
import { servePage } from './served-page.mjs';

const fixture = (name) => new URL(`../fixtures/hf/${name}`, import.meta.url).pathname;

let baseline; // what a page with a plain custom name holds that could run or load something
const site = servePage('/sizer/', async () => {
  const clean = await openPage('#v=2&m=custom&m.name=Plain&params=7B');
  baseline = await activeContent(clean);
  await clean.closeAll();
});

/** A watched page that also records every dialog (alert, confirm, prompt) and dismisses it. */
async function openPage(hash) {
  const page = await openWatchedPage(site.browser);
  page.dialogs = [];
  page.on('dialog', async (dialog) => {
    page.dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await page.goto(site.server.url + hash);
  await waitForApp(page);
  return page;
}

/**
 * Whatever an injected element could load has loaded or failed (the network has been quiet for
 * half a second), and the page's own tasks queued until then, an onerror among them, have run.
 */
async function settled(page) {
  await page.waitForLoadState('networkidle');
  await afterPageTimers(page, 100);
}

const openAllDetails = openEveryDisclosure;

/** Elements that could run or load something, and event-handler attributes anywhere. */
const activeContent = (page) =>
  page.evaluate(() => ({
    elements: document.querySelectorAll('script, img, iframe, object, embed, link[rel=import]')
      .length,
    handlers: [...document.querySelectorAll('*')].flatMap((el) =>
      [...el.attributes].filter((a) => a.name.startsWith('on')).map((a) => a.name),
    ),
  }));

test('the CSP detector itself catches a violation', async () => {
  const page = await openPage('#v=1');
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.injected = true';
    document.body.append(script);
  });
  await waitUntil(
    () => page.problems.some((p) => p.startsWith('csp: script-src')),
    'the inline script to be reported',
  );
  assert.equal(await page.evaluate(() => window.injected), undefined);
  await page.closeAll();
});

test('no CSP violation anywhere: every panel and interaction of the page', async () => {
  const page = await openPage('#v=2&m=llama-3.1-8b&a=h100-80g&pp=2&cluster=64&tokens=1e12&zz=1');
  // Every panel that shows results, the layout search (in its worker) included.
  await showSearch(page);
  await page.waitForSelector('[data-testid=search-top] tbody tr');
  await showMoreInputs(page);
  for (const id of [
    'memory-panel',
    'stage-chart',
    'time-panel',
    'search-panel',
    'pareto-chart',
    'serving-inputs',
    'share-link',
  ]) {
    assert.ok(await page.isVisible(`[data-testid=${id}]`), id);
  }
  // The other views: the article's method (its rows and the comparison), serving, the model
  // search with the catalog.
  await openArticle(page);
  assert.ok(await page.isVisible('[data-testid=comparison]'), 'comparison');
  await page.click('[data-testid=open-article]');
  await ask(page, 'serve');
  await page.waitForSelector('[data-testid=serve-total]');
  await page.click('[data-testid=model-search]');
  await page.keyboard.type('qwen3 8b');
  await page.waitForSelector('[data-testid=model-option]');
  await page.keyboard.press('Escape');
  await ask(page, 'train');
  await showSearch(page);
  await page.waitForSelector('[data-testid=search-top] tbody tr');
  await page.click('[data-testid=search-top] tbody tr:first-child button');
  assert.ok(await page.isVisible('[data-testid=link-issues]'));
  await page.click('[data-testid=link-issues] button');
  await openAllDetails(page);
  // Every select to another choice, then back to automatic.
  for (const select of await page.$$('select[data-testid^=input-]')) {
    const values = await select.$$eval('option', (options) => options.map((o) => o.value));
    await select.selectOption(values[values.length - 1]);
    await select.selectOption(values[0]);
  }
  // Every text input typed into, then cleared.
  for (const input of await page.$$('input[type=text][data-testid^=input-]')) {
    await input.fill('3');
    await input.fill('');
  }
  // A config.json pasted, then chosen as a file; a broken one.
  await openHfImport(page);
  await page.fill('[data-testid=hf-text]', await readFile(fixture('qwen3-8b.json'), 'utf8'));
  await page.click('[data-testid=hf-import]');
  await page.waitForSelector('[data-testid=hf-imported]');
  await page.setInputFiles('[data-testid=hf-file]', fixture('mixtral-8x7b.json'));
  await page.waitForFunction(() =>
    document.querySelector('[data-testid=hf-imported]')?.textContent.includes('mixtral'),
  );
  await page.fill('[data-testid=hf-text]', '{"model_type": ');
  await page.click('[data-testid=hf-import]');
  await page.waitForSelector('[data-testid=hf-failed]');
  await page.click('[data-testid=copy-link]');
  // The share tools: the Embed dialog with its live preview, Markdown, CSV and JSON downloads.
  await page.click('[data-testid=open-embed]');
  await page.waitForSelector('[data-testid=embed-dialog]');
  await page.check('[data-testid=embed-panel-serving]');
  await page.click('[data-testid=embed-close]');
  await page.click('[data-testid=copy-markdown]');
  for (const id of ['save-csv', 'save-training-json', 'save-inference-json']) {
    await Promise.all([page.waitForEvent('download'), page.click(`[data-testid=${id}]`)]);
  }
  await page.click('[data-testid=lang-zh]');
  await page.click('[data-testid=lang-en]');
  await page.click('[data-testid=reset]');
  // A link pasted into the address bar later.
  await page.evaluate(() => (window.location.hash = '#v=2&m=deepseek-v3&a=mi300x&pp=8'));
  await page.waitForFunction(() => document.querySelector('[data-testid=input-pp]').value === '8');
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('no CSP violation in an embedded view of every panel', async () => {
  const panels = 'training,memory,time,search,inference,serving,comparison';
  const page = await openWatchedPage(site.browser);
  await page.goto(`${site.server.url}#v=2&m=llama-3.1-8b&cluster=64&tokens=1e12&embed=${panels}`);
  await showSearch(page);
  await page.waitForSelector('[data-testid=embed-view] [data-testid=search-top] tbody tr');
  await page.click('[data-testid=embed-open-full]');
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

const IMG = '<img src=x onerror=alert(1)>';
const SCRIPT = '<script>alert(2)</script>';
const SVG = '<svg onload=alert(3)>';
const enc = encodeURIComponent;

for (const [what, hash, shown] of [
  ['a custom model name', `#v=2&m=custom&m.name=${enc(IMG)}&params=7B`, [IMG]],
  ['a custom accelerator name', `#v=2&a=custom&a.name=${enc(SCRIPT)}&a.mem=80`, [SCRIPT]],
  ['an unknown model id', `#v=2&m=${enc(SCRIPT)}`, [SCRIPT]],
  ['a stage list', `#v=2&m=llama-3.1-8b&pp=4&stages=${enc(IMG)}`, [IMG]],
  ['the language', `#v=2&lang=${enc(SVG)}`, [SVG]],
  ['an unknown key and value', `#v=2&${enc(IMG)}=${enc(SCRIPT)}`, [IMG]],
  // An unreadable part is quoted as it stands in the link, escapes and all.
  ['an unreadable part', `#v=2&${enc(SVG)}%ZZ`, [`${enc(SVG)}%ZZ`]],
]) {
  test(`HTML in ${what} from a link renders as inert text`, async () => {
    const page = await openPage(hash);
    await openAllDetails(page);
    await settled(page); // an onerror or onload would have fired by now
    assert.deepEqual(page.dialogs, []);
    assert.deepEqual(await activeContent(page), baseline);
    const visible = await page.evaluate(() => {
      const inputs = [...document.querySelectorAll('input, textarea, select')].map((e) => e.value);
      return `${document.body.innerText}\n${inputs.join('\n')}`;
    });
    for (const text of shown) assert.ok(visible.includes(text), `“${text}” is not shown as typed`);
    assert.deepEqual(page.problems, []);
    await page.closeAll();
  });
}

test('HTML in a pasted config.json renders as inert text', async () => {
  const page = await openPage('#v=2&m=gpt3-175b&a=h100-80g');
  const config = JSON.parse(await readFile(fixture('gpt2.json'), 'utf8'));
  config._name_or_path = IMG;
  config.architectures = [SCRIPT];
  config[SVG] = 1;
  await openHfImport(page);
  await page.fill('[data-testid=hf-text]', JSON.stringify(config));
  await page.click('[data-testid=hf-import]');
  await page.waitForSelector('[data-testid=hf-imported]');
  await openAllDetails(page);
  await settled(page);
  assert.deepEqual(page.dialogs, []);
  assert.deepEqual(await activeContent(page), baseline);
  assert.ok((await page.textContent('[data-testid=hf-imported]')).includes(IMG));
  assert.equal(await page.inputValue('[data-testid=input-modelName]'), IMG);
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});
