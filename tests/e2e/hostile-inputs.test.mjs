// Hostile values typed into every text input of the real page (dist/): each gets its message at
// its input, nothing typed is lost, and once the input is corrected the results update again.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import {
  ask,
  openEveryDisclosure,
  openHfImport,
  openWatchedPage,
  showServing,
  waitForApp,
} from './browser.mjs';
import { servePage } from './served-page.mjs';
import { loadModule } from '../web/load-module.mjs';
import { hostileCases } from '../web/hostile-values.mjs';

const en = JSON.parse(
  await readFile(new URL('../../web/src/i18n/en.json', import.meta.url), 'utf8'),
);
const HASH = '#v=2&m=llama-3.1-8b&a=h100-80g&pp=2&cluster=64';

const site = servePage('/sizer/');
let fields;

before(async () => {
  fields = (await loadModule()).catalog().fields;
});

const results = (page) =>
  page.evaluate(() =>
    ['answer-card', 'memory-peak', 'serving-min']
      .map((id) => document.querySelector(`[data-testid=${id}]`)?.textContent)
      .join(' | '),
  );

test('every text input names each hostile value and recovers when corrected', async () => {
  const page = await openWatchedPage(site.browser);
  await page.goto(site.server.url + HASH);
  await waitForApp(page);
  let typed = 0;
  // The serving inputs on the serving question (its answer and panel show them), the others on
  // training from scratch.
  for (const [question, asked] of [
    ['serve', (field) => field.group === 'inference'],
    ['train', (field) => field.group !== 'inference'],
  ]) {
    if (question === 'serve') await showServing(page);
    else await ask(page, question);
    await openEveryDisclosure(page);
    const before = await results(page);
    for (const field of fields.filter(asked)) {
      const input = page.locator(`input[type=text][data-testid=input-${field.id}]`);
      if ((await input.count()) === 0) continue; // a select, or the language buttons
      const original = await input.inputValue();
      const messages = page.locator(`#in-${field.id}-messages`);
      const codes = new Set(); // one value of each kind the input refuses (all in the Node test)
      for (const c of hostileCases(field)) {
        if (c.severity !== 'error' || codes.has(c.code)) continue;
        codes.add(c.code);
        const where = `${field.id} = ${c.text.slice(0, 20)} (${c.kind})`;
        await input.fill(c.text);
        assert.equal(await input.inputValue(), c.text, `${where}: what was typed is kept`);
        assert.equal(await input.getAttribute('aria-invalid'), 'true', where);
        const shown = await messages.textContent();
        assert.ok(shown.includes(en[`field.${field.issueField}`]), `${where}: “${shown}”`);
        typed += 1;
      }
      await input.fill(original);
      assert.equal(await input.getAttribute('aria-invalid'), 'false', `${field.id} corrected`);
      assert.equal(await results(page), before, `${field.id}: the results came back`);
    }
  }
  assert.ok(typed > 200, `only ${typed} hostile values typed`);
  // And the page still computes new plans.
  const before = await results(page);
  await page.fill('[data-testid=input-pp]', '4');
  await page.waitForURL(/pp=4/);
  assert.notEqual(await results(page), before);
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('hostile text in the config.json box is refused with a message, and the page goes on', async () => {
  const page = await openWatchedPage(site.browser);
  await page.goto(site.server.url + HASH);
  await openHfImport(page);
  const before = await results(page);
  for (const text of [
    'not json',
    '[1, 2]',
    '{"model_type": "llama", "hidden_size": 1e400}',
    '['.repeat(5000),
    `{"a": "${'x'.repeat(5 * 1024 * 1024)}"}`,
  ]) {
    await page.fill('[data-testid=hf-text]', text);
    await page.click('[data-testid=hf-import]');
    await page.waitForSelector('[data-testid=hf-failed]');
    assert.ok((await page.textContent('[data-testid=hf-failed]')).length > 0);
    assert.equal(await results(page), before, 'a failed import changes nothing');
  }
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});
