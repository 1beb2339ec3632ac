// The fine-tune question in the real page: LoRA and QLoRA of Llama 3.1 8B on one RTX 4090 and on
// one H200 at sequence 4096 — whether it fits, the memory, the method, days and cost in the
// answer card, and the method chosen in the question's own inputs. Numbers derived by hand in
// the comments (tests/core/finetune_test.cpp has the same derivations in full).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openWatchedPage } from './browser.mjs';
import { servePage } from './served-page.mjs';

const site = servePage();

const ONE_CARD = 'tp=1&pp=1&dp=1&fw=pytorch&mb=1&seq=4096&ft.r=16&tokens=100e6';
const text = (page, testId) => page.textContent(`[data-testid=${testId}]`);
// Days and cost arrive with the full module, fetched after the first answer: wait for them.
const daysShown = (page) =>
  page.waitForFunction(
    () => document.querySelector('[data-testid=answer-days]')?.textContent !== '—',
  );
const tone = (page, testId) => page.getAttribute(`[data-testid=${testId}] >> xpath=..`, 'class');

async function open(hash, locale = 'en-US') {
  const page = await openWatchedPage(site.browser, { locale });
  await page.goto(`${site.server.url}#v=2&q=finetune&${hash}`);
  await page.waitForSelector('[data-testid=answer-card][data-question=finetune]');
  return page;
}

test('QLoRA on one RTX 4090 fits with gradient checkpointing; LoRA without it does not', async () => {
  const page = await open(`m=llama-3.1-8b&a=rtx-4090&${ONE_CARD}&ft=qlora&rc=full`);
  assert.match(await tone(page, 'answer-fits'), /\bfits\b/);
  // The card as its driver reports it: 24,210 MiB = 25.39 GB.
  assert.match(await page.textContent('[data-testid=answer-fits] >> xpath=..'), /of 25\.39 GB/);
  // 32 × 16 × (2·8192 + 2·5120 + 3·18432) = 41,943,040 adapter parameters.
  const method = await text(page, 'answer-finetune');
  assert.match(method, /QLoRA/);
  assert.match(method, /rank 16/);
  assert.match(method, /41\.9 M trained parameters/);
  // 100 M tokens: days and a cost at the card's price.
  await daysShown(page);
  assert.notEqual(await text(page, 'answer-days'), '—');
  assert.match(await text(page, 'answer-cost'), /\$\d/);
  // The method is one of the question's own inputs.
  await page.selectOption('[data-testid=input-finetune]', 'lora');
  await page.selectOption('[data-testid=input-recompute]', 'selective');
  await page.waitForURL(/ft=lora/);
  await page.waitForURL(/rc=selective/);
  assert.match(await tone(page, 'answer-fits'), /\bover\b/);
  assert.match(await text(page, 'answer-finetune'), /LoRA/);
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('LoRA on one H200 fits, said in Chinese', async () => {
  const page = await open(`lang=zh&m=llama-3.1-8b&a=h200-141g&${ONE_CARD}&ft=lora`, 'zh-CN');
  assert.match(await tone(page, 'answer-fits'), /\bfits\b/);
  const method = await text(page, 'answer-finetune');
  assert.match(method, /LoRA/);
  assert.match(method, /秩 16/);
  // The H200 as its driver reports it: 143,156 MiB = 150.11 GB.
  assert.match(await page.textContent('[data-testid=answer-fits] >> xpath=..'), /150\.11 GB/);
  await daysShown(page);
  assert.notEqual(await text(page, 'answer-days'), '—');
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});
