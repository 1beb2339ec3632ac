// Exports that are complete: Markdown and CSV carry every panel the page shows — the answer, time
// and cost, memory per stage, the layout search, serving — and print (or save as PDF) fits A4.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { openWatchedPage } from './browser.mjs';
import { servePage } from './served-page.mjs';

const site = servePage('/sizer/');
// GPT-3 175B on a 1024-GPU H100 cluster for 300B tokens: the plan has a time, a cost and a search.
const PLAN = '#v=2&m=gpt3-175b&a=h100-80g&pp=10&cluster=1024&tokens=300e9';

async function open(hash = PLAN, options = {}) {
  const page = await openWatchedPage(site.browser, options);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: new URL(site.server.url).origin,
  });
  await page.goto(site.server.url + hash);
  await page.waitForSelector('[data-testid=answer-card]');
  return page;
}

async function save(page, testId) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.click(`[data-testid=${testId}]`),
  ]);
  return [download.suggestedFilename(), await readFile(await download.path(), 'utf8')];
}

test('Markdown carries every panel: answer, memory per stage, time and cost, search, serving', async () => {
  const page = await open();
  // Days come from the step-time model, which arrives with the full module after the first paint.
  await page.waitForFunction(() =>
    /\d/.test(document.querySelector('[data-testid=answer-days]')?.textContent ?? ''),
  );
  const days = (await page.textContent('[data-testid=answer-days]')).replace(' days', '');
  await page.click('[data-testid=copy-markdown]');
  await page.waitForSelector('[data-testid=export-status]:has-text("Copied")');
  const markdown = await page.evaluate(() => navigator.clipboard.readText());
  // The key numbers first, as before: the article's (8, 10, 12) on the 1024-GPU cluster's 960.
  assert.match(markdown, /^\| Quantity \| Value \|\n/);
  assert.match(markdown, /\| GPUs to train \| 960 \|/);
  for (const title of [
    'Training memory per card (full model)',
    'Training time and cost',
    'How the time adds up',
    'Layout search',
    'Inference fleet (full model)',
    "Training cluster (the article's method)",
  ]) {
    assert.ok(markdown.includes(`\n## ${title}\n`), title);
  }
  // Time: the same days as the answer card, and the cost in dollars.
  assert.ok(markdown.includes(`| Days | ${days} |`), `days ${days}`);
  assert.match(markdown, /\| Cost \| \$[\d,]+ \|/);
  assert.match(markdown, /\| Step time \(s\), published runs' range \| [\d.]+–[\d.]+ \|/);
  // …and its working, line by line, as the time panel opens it.
  assert.ok(
    markdown.includes('| Days | steps × t\\_step / 86400 | '),
    markdown.slice(markdown.indexOf('## How the time'), markdown.indexOf('## How the time') + 1500),
  );
  // Memory: the verdict in the page's words (a bug left its sentence's {high} and {headroom}
  // unfilled), then a row for each of the 10 pipeline stages.
  assert.match(
    markdown,
    /\n## Training memory per card \(full model\)\n\n[\d.]+ GB of [\d.]+ GB — fits: even the high end, [\d.]+ GB, stays within 90% of the card\n/,
  );
  assert.doesNotMatch(markdown, /\{[a-z_]+\}/);
  assert.equal((markdown.match(/^\| (10|[1-9]) \| \d+ \| /gm) ?? []).length, 10);
  // The search's best layouts, best first, and the serving layout.
  // Each with the global batch it trains (issue 12: none other than the one shown).
  assert.match(markdown, /\| \(TP, PP, DP\) \| GPUs \| Global batch \|/);
  assert.match(markdown, /\| \(\d+, \d+, \d+\)[^|]* \| [\d,]+ \| 1,536 \| \d+ \|/);
  // Each layout's step against the best's (the best at +0 %), and how finely the search ranks.
  assert.match(markdown, /\| MFU \| vs best \| Days \|/);
  assert.match(markdown, /\| [\d.]+% \| \+0% \| [\d.]+ \|/);
  assert.match(markdown, /\nHow finely this ranks: on \d+ published runs, .* not told apart\.\n/);
  assert.match(markdown, /\| Serving layout \| TP \d+ × \d+ replicas? = \d+ GPUs? \|/);
  // The fleet at the target load, as the serving answer words it, and its derivation.
  assert.match(
    markdown,
    /\| 1 concurrent request of [\d,]+ \+ [\d,]+ tokens on vLLM [\d.]+ \| \d+ × \(TP \d+ × PP \d+ × DP \d+\) = \d+ GPUs? on \d+ nodes? \|/,
  );
  assert.ok(markdown.includes('\n## Fleet derivation\n'), 'the fleet derivation');
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

// A search row is its whole layout (EP, VPP, the split), so two rows that share (TP, PP, DP) stay
// apart; a deadline's rows differ in DP and compare no steps, so no column of dashes.
test("Markdown's search rows carry their layout's extras, and a deadline's no vs-best column", async () => {
  const page = await open('#v=2&m=mixtral-8x7b&a=h100-80g&tokens=1e12&deadline=30');
  await page.waitForFunction(() =>
    /\d/.test(document.querySelector('[data-testid=answer-days]')?.textContent ?? ''),
  );
  await page.click('[data-testid=copy-markdown]');
  await page.waitForSelector('[data-testid=export-status]:has-text("Copied")');
  const markdown = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(markdown, /\n## Layout search\n/);
  assert.match(markdown, /\| \(TP, PP, DP\) \| GPUs \| Global batch \|/);
  assert.match(markdown, /\| MFU \| Days \|/);
  assert.doesNotMatch(markdown, /vs best/);
  assert.match(markdown, /\| \(\d+, \d+, \d+\) [^|]*EP \d+[^|]* \| [\d,]+ \|/);
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('CSV carries every number, one per row: derivations, stages, time, search, serving', async () => {
  const page = await open();
  const [name, csv] = await save(page, 'save-csv');
  assert.equal(name, 'llm-sizer-gpt3-175b-h100-80g.csv');
  const rows = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  assert.equal(rows[0], 'section,step,title,formula,numbers,value,unit');
  const sections = new Set(rows.slice(1).map((r) => r.split(',')[0]));
  for (const section of [
    'training',
    'memory',
    'stages',
    'time',
    'search',
    'serving',
    'serving_summary',
    'time_derivation',
    'fleet',
  ]) {
    assert.ok(sections.has(section), section);
  }
  // The time's working and the fleet's, line by line as the page shows them.
  assert.ok(rows.some((r) => /^time_derivation,time_days,Days,steps × t_step \/ 86400,/.test(r)));
  assert.ok(rows.some((r) => /^fleet,fleet_total_gpus,/.test(r)));
  assert.ok(
    rows.includes('training,total_gpus,Total GPUs,P_TP × P_PP × P_DP,8 × 10 × 12,960,GPUs'),
  );
  // The step's split as the core lists it (time.parts), every term the time panel shows.
  for (const id of [
    'compute',
    'recompute',
    'bubble',
    'tp_comm',
    'pp_comm',
    'dp_comm',
    'optimizer',
  ]) {
    assert.ok(
      rows.some((r) => r.startsWith(`time,${id}_s,`)),
      id,
    );
  }
  const days = rows.find((r) => r.startsWith('time,days,'));
  assert.match(days, /^time,days,Days,,,[\d.]+,days$/);
  assert.match(
    rows.find((r) => r.startsWith('time,cost,')),
    /,[\d.]+,USD$/,
  );
  // The days' range from published runs like the plan (time_band.hpp): around the days.
  const value = (id) =>
    Number(
      rows
        .find((r) => r.startsWith(`time,${id},`))
        .split(',')
        .at(-2),
    );
  assert.match(
    rows.find((r) => r.startsWith('time,days_low,')),
    /^time,days_low,"Days, published runs' low end",,,[\d.]+,days$/,
  );
  assert.ok(value('days_low') < value('days') && value('days') < value('days_high'));
  assert.ok(value('step_s_low') < value('step_s') && value('cost') < value('cost_high'));
  assert.ok(rows.some((r) => /^search,1\.tp,#1 TP,,"\(\d+, \d+, \d+\)",\d+,$/.test(r)));
  // The rest of the layout, as the search's table shows it (a MoE row's EP was missing).
  for (const id of ['cp', 'ep', 'etp', 'vpp']) {
    const row = new RegExp(
      `^search,1\\.${id},#1 ${id.toUpperCase()},,"\\(\\d+, \\d+, \\d+\\)",\\d+,$`,
    );
    assert.ok(
      rows.some((r) => row.test(r)),
      id,
    );
  }
  assert.ok(rows.some((r) => /^search,1\.stage_layers,#1 Layers per stage,/.test(r)));
  assert.ok(
    rows.some((r) =>
      /^search,1\.global_batch,#1 Global batch,,"\(\d+, \d+, \d+\)",1536,sequences$/.test(r),
    ),
  );
  assert.ok(rows.some((r) => /^stages,10\.total,/.test(r)));
  assert.ok(rows.some((r) => /^serving_summary,total_gpus,/.test(r)));
  // And a Markdown file with the same document as the clipboard's.
  const [mdName, md] = await save(page, 'save-md');
  assert.equal(mdName, 'llm-sizer-gpt3-175b-h100-80g.md');
  assert.match(md, /## Layout search/);
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('the exports speak the page’s language', async () => {
  const page = await open(`${PLAN}&lang=zh`, { locale: 'zh-CN' });
  const [, csv] = await save(page, 'save-csv');
  assert.ok(csv.includes('training,total_gpus,总卡数,'), 'Chinese step titles');
  // And the Markdown file in Chinese, every sentence's numbers filled in.
  const [, md] = await save(page, 'save-md');
  assert.match(md, /\n## 每卡训练显存（完整模型）\n\n[\d.]+ GB/);
  assert.doesNotMatch(md, /\{[a-z_]+\}/);
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

// A4 is 210 mm wide; with the page's 12 mm margins the text block is 186 mm, 703 CSS px.
const A4_TEXT_PX = Math.floor((186 / 25.4) * 96);

test('print and PDF fit A4: the answer and every panel, nothing wider than the page', async () => {
  const page = await open(PLAN, { viewport: { width: A4_TEXT_PX, height: 1000 } });
  // The search's table is the widest thing the page prints: bring it in first.
  await page.locator('[data-testid=search-panel]').scrollIntoViewIfNeeded();
  await page.waitForSelector('[data-testid=search-top] tbody tr');
  await page.emulateMedia({ media: 'print' });
  const layout = await page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    form: getComputedStyle(document.querySelector('.plan-form')).display,
    answer: getComputedStyle(document.querySelector('[data-testid=answer-card]')).display,
    widest: Math.max(
      ...[...document.querySelectorAll('table, figure, .panel')].map(
        (el) => el.getBoundingClientRect().right,
      ),
    ),
  }));
  assert.equal(layout.form, 'none', 'the inputs are not printed');
  assert.notEqual(layout.answer, 'none');
  assert.ok(layout.width <= A4_TEXT_PX, `page ${layout.width} px wide`);
  assert.ok(layout.widest <= A4_TEXT_PX + 1, `widest part ends at ${layout.widest} px`);
  const pdf = await page.pdf({ format: 'A4', printBackground: true });
  assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
  const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
  assert.ok(pages >= 1 && pages <= 12, `${pages} pages`);
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});
