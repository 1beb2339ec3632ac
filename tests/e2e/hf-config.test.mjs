// Importing a Hugging Face config.json on the real page (dist/) in headless Chromium: pasted,
// chosen as a file, and broken. Fails on any console error, page error or CSP violation.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { openArticle, openHfImport, openWatchedPage } from './browser.mjs';
import { servePage } from './served-page.mjs';
import { hugeConfig } from '../web/huge-config.mjs';
import { loadModule } from '../web/load-module.mjs';

const fixturePath = (name) => new URL(`../fixtures/hf/${name}`, import.meta.url).pathname;

const site = servePage('/llm-sizer/');
let core;

before(async () => {
  core = await loadModule();
});

async function openPage(hash = '#v=2&m=gpt3-175b&a=h100-80g') {
  const page = await openWatchedPage(site.browser);
  await page.goto(site.server.url + hash);
  await openHfImport(page);
  return page;
}

const text = (page, testId) => page.textContent(`[data-testid=${testId}]`);
const gb = (value) => `${value.toLocaleString('en-US', { maximumFractionDigits: 2 })} GB`;

test('a pasted config.json becomes the model, with its parameter count and memory breakdown', async () => {
  const config = await readFile(fixturePath('llama-3.1-8b.json'), 'utf8');
  const page = await openPage();
  await page.fill('[data-testid=hf-text]', config);
  await page.click('[data-testid=hf-import]');
  await page.waitForSelector('[data-testid=hf-imported]');
  assert.equal(
    await text(page, 'hf-imported'),
    'Imported “LlamaForCausalLM” as a custom model (llama).',
  );
  assert.match(await text(page, 'hf-fields'), /^Layers 32 · Hidden size 4096 · Attention heads 32/);
  // Meta's released Llama 3.1 8B checkpoint holds 8,030,261,248 parameters.
  assert.equal(await text(page, 'hf-params-total'), '8.03B (8,030,261,248)');
  assert.equal(await page.$('[data-testid=hf-params-active]'), null); // dense: all active
  assert.equal(await page.inputValue('[data-testid=input-model]'), 'custom');
  // The architecture inputs (built when their group is first opened) hold the config's values.
  await page.click('[data-testid=architecture-fields] summary');
  assert.equal(await page.inputValue('[data-testid=input-layers]'), '32');
  assert.equal(await page.inputValue('[data-testid=input-kvHeads]'), '8');
  // The memory panel shows the core's full memory model of the plan now on the page.
  const shared = await page.inputValue('[data-testid=share-link]');
  const link = shared.slice(shared.indexOf('#'));
  const full = core.evaluate(core.decodeLink(link).texts).training;
  assert.equal(full.available, true);
  const peak = full.stages[full.memory.peakStage];
  assert.ok(peak.weightsGb > 0);
  for (const key of [
    'weightsGb',
    'gradsGb',
    'optimizerGb',
    'activationsGb',
    'logitsGb',
    'overheadGb',
  ]) {
    assert.equal(await text(page, `memory-${key}`), gb(peak[key]), key);
  }
  assert.match(
    await text(page, 'memory-peak'),
    new RegExp(`^${gb(full.memory.peakGb)} of ${gb(full.memory.cardMemoryGb)} — fits`),
  );
  // The article's method (its own view) sizes the counted parameters: 8,030,261,248 × 12 B =
  // 96.3631 GB.
  await openArticle(page);
  assert.equal(await text(page, 'step-model_state'), '96.3631 GB');
  assert.match(link, /m=custom&m\.name=LlamaForCausalLM&m\.layers=32&m\.hidden=4096/);
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('a chosen file imports too, and an MoE shows its active parameters and warnings', async () => {
  const page = await openPage();
  await page.setInputFiles('[data-testid=hf-file]', fixturePath('deepseek-v3.json'));
  await page.waitForSelector('[data-testid=hf-imported]');
  // The file's text lands in the box, so it can be read and edited.
  assert.match(await page.inputValue('[data-testid=hf-text]'), /"model_type": "deepseek_v3"/);
  // The preset's count from the same architecture (model_catalog.cpp; 671 × 10⁹ in the report).
  const preset = core.catalog().models.find((m) => m.id === 'deepseek-v3');
  assert.equal(
    await text(page, 'hf-params-total'),
    `671.03B (${preset.paramsTotal.toLocaleString('en-US')})`,
  );
  assert.match(await text(page, 'hf-params-active'), /^37\.55B/);
  assert.deepEqual(
    await page.$$eval('[data-testid=hf-issue]', (n) => n.map((x) => x.textContent)),
    [
      'config.json: not used, as this calculator does not model what they describe: ' +
        'num_nextn_predict_layers, quantization_config, topk_method.',
    ],
  );
  // The router's groups are read (n_group 8, topk_group 4): the architecture fields show them.
  await page.click('[data-testid=architecture-fields] summary');
  assert.equal(await page.inputValue('[data-testid=input-moeRouterGroups]'), '8');
  assert.equal(await page.inputValue('[data-testid=input-moeRouterGroupTopk]'), '4');
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('a broken config says where, keeps what was pasted and leaves the plan working', async () => {
  const page = await openPage('#v=2&m=gpt3-175b&a=h100-80g&cluster=1000');
  const broken = '{\n  "model_type": "llama",\n  "hidden_size": 4096,\n}';
  await page.fill('[data-testid=hf-text]', broken);
  await page.click('[data-testid=hf-import]');
  await page.waitForSelector('[data-testid=hf-failed]');
  assert.deepEqual(
    await page.$$eval('[data-testid=hf-issue]', (n) => n.map((x) => x.textContent)),
    [`config.json is not valid JSON: reading stopped at byte ${broken.lastIndexOf('}')}.`],
  );
  assert.equal(await page.inputValue('[data-testid=hf-text]'), broken);
  assert.equal(await page.inputValue('[data-testid=input-model]'), 'gpt3-175b');
  assert.equal(await text(page, 'train-layout'), '(TP, PP, DP) = (8, 6, 20)');
  await page.fill('[data-testid=input-pp]', '10');
  assert.equal(await text(page, 'train-layout'), '(TP, PP, DP) = (8, 10, 12)');
  // A missing key is named; an empty box asks for a config.
  await page.fill('[data-testid=hf-text]', '{"model_type": "llama", "hidden_size": 4096}');
  await page.click('[data-testid=hf-import]');
  // The import runs in a worker: wait for its answer, not for a time.
  await page.waitForFunction(
    () => !document.querySelector('[data-testid=hf-status]')?.textContent?.startsWith('Reading'),
  );
  assert.match(
    await text(page, 'hf-status'),
    /config\.json: the key “num_hidden_layers” is required but missing\./,
  );
  await page.fill('[data-testid=hf-text]', '  ');
  await page.click('[data-testid=hf-import]');
  assert.equal(await text(page, 'hf-status'), 'Paste a config.json or choose the file first.');
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('the import is keyboard operable and speaks Chinese', async () => {
  const page = await openWatchedPage(site.browser, { locale: 'zh-CN' });
  await page.goto(`${site.server.url}#v=2&m=gpt3-175b&a=h100-80g`);
  await page.focus('[data-testid=hf-import-group] > summary');
  await page.keyboard.press('Enter'); // opens the importer, whose code loads then
  await page.waitForSelector('[data-testid=hf-text]');
  await page.focus('[data-testid=hf-text]');
  await page.keyboard.insertText(await readFile(fixturePath('qwen3-8b.json'), 'utf8'));
  await page.keyboard.press('Tab'); // the file input
  await page.keyboard.press('Tab'); // the Import button
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid=hf-imported]');
  assert.equal(
    await text(page, 'hf-imported'),
    '已将“Qwen3ForCausalLM”导入为自定义模型（qwen3）。',
  );
  assert.equal(await page.getAttribute('label[for=hf-text]', 'for'), 'hf-text');
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('a file dropped on the text box is read and imported', async () => {
  const page = await openPage();
  const config = await readFile(fixturePath('gpt2.json'), 'utf8');
  await page.$eval(
    '[data-testid=hf-text]',
    (box, content) => {
      const data = new DataTransfer();
      data.items.add(new File([content], 'config.json', { type: 'application/json' }));
      box.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true }));
      box.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true }));
    },
    config,
  );
  await page.waitForSelector('[data-testid=hf-imported]');
  assert.equal(await page.inputValue('[data-testid=hf-text]'), config);
  // GPT-2 small: 124,439,808 parameters (tied LM head).
  assert.equal(await text(page, 'hf-params-total'), '124.44M (124,439,808)');
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

// Bug: the import ran on the page's thread: a config of a few MiB froze the page (minutes before
// the import was made linear, still ~0.4 s after). It now runs in a worker; while a 3.9 MB
// config's import is outstanding, another input can be typed into and its result is shown.
test('a 3.9 MB config imports while the page keeps answering what is typed', async () => {
  const page = await openPage('#v=1&m=gpt3-175b&a=h100-80g&cluster=1000');
  // A first import, so that the importer is loaded and the big one starts at once.
  await page.fill(
    '[data-testid=hf-text]',
    await readFile(fixturePath('llama-3.1-8b.json'), 'utf8'),
  );
  await page.click('[data-testid=hf-import]');
  await page.waitForSelector('[data-testid=hf-imported]');
  // Llama 3.1 8B: 8,030,261,248 × 12 B = 96.36 GB ÷ 48 GB = 2.0 → PP = ⌈2.0 ÷ 8⌉ = 1, DP = 125.
  assert.equal(await text(page, 'train-layout'), '(TP, PP, DP) = (8, 1, 125)');
  const huge = hugeConfig(3.9e6);
  await page.fill('[data-testid=hf-text]', huge.text);
  // What the import's status said when the typed PP first showed in the layout.
  await page.evaluate(() => {
    const layout = document.querySelector('[data-testid=train-layout]');
    const observer = new MutationObserver(() => {
      if (!layout.textContent.includes('(8, 10, 12)')) return;
      window.statusWhenTyped = document.querySelector('[data-testid=hf-status]').textContent;
      observer.disconnect();
    });
    observer.observe(layout, { childList: true, characterData: true, subtree: true });
  });
  // The request is held on its way to the worker until the typed PP has shown, so that the
  // check does not depend on how fast this machine reads 3.9 MB (a quiet one finished before the
  // keystroke landed). An import on the page's own thread posts nothing to hold: it would be
  // done before the typing, and the status would say so.
  await page.evaluate(() => {
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (message, ...rest) {
      if (typeof message?.text === 'string' && message.text.length > 1e6) {
        window.releaseImport = () => post.call(this, message, ...rest);
        return;
      }
      return post.call(this, message, ...rest);
    };
  });
  await page.click('[data-testid=hf-import]');
  await page.fill('[data-testid=input-pp]', '10');
  await page.waitForFunction(() => window.statusWhenTyped !== undefined);
  assert.equal(await page.evaluate(() => window.statusWhenTyped), 'Reading the config.json…');
  await page.waitForFunction(() => typeof window.releaseImport === 'function');
  await page.evaluate(() => window.releaseImport());
  // Then the import lands, and what was typed stays.
  await page.waitForSelector('[data-testid=hf-imported]');
  assert.match(
    await text(page, 'hf-issue'),
    new RegExp(
      `^config\\.json: not used, .*: aaaa, baaa, .*, … \\(\\+${huge.unusedKeys - 20}\\)\\.$`,
    ),
  );
  assert.equal(await page.inputValue('[data-testid=input-pp]'), '10');
  assert.equal(await text(page, 'train-layout'), '(TP, PP, DP) = (8, 10, 12)');
  assert.equal(await text(page, 'hf-params-total'), '8.03B (8,030,261,248)');
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('a pasted text over 4 MiB is refused before it is sent to the importer', async () => {
  const page = await openPage();
  const importers = [];
  page.on('worker', (worker) => {
    if (/import-worker/.test(worker.url())) importers.push(worker.url());
  });
  const llama = await readFile(fixturePath('llama-3.1-8b.json'), 'utf8');
  const tooLarge = llama + ' '.repeat(4 * 1024 * 1024 + 1 - llama.length); // one byte over
  await page.fill('[data-testid=hf-text]', tooLarge);
  await page.click('[data-testid=hf-import]');
  await page.waitForSelector('[data-testid=hf-failed]');
  // 4,194,305 bytes = 4.000001 MiB, shown rounded up to a tenth.
  assert.equal(
    await text(page, 'hf-issue'),
    'This text is 4.1 MiB; a config.json larger than 4 MiB is not read.',
  );
  assert.equal((await page.inputValue('[data-testid=hf-text]')).length, tooLarge.length);
  assert.deepEqual(importers, [], 'no importer was started for it');
  // The same text one byte shorter is imported (by the worker, started now).
  await page.fill('[data-testid=hf-text]', tooLarge.slice(0, -1));
  await page.click('[data-testid=hf-import]');
  await page.waitForSelector('[data-testid=hf-imported]');
  assert.equal(importers.length, 1);
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('a pasted config with a byte order mark imports', async () => {
  const page = await openPage();
  const llama = await readFile(fixturePath('llama-3.1-8b.json'), 'utf8');
  await page.fill('[data-testid=hf-text]', `\uFEFF${llama}`);
  await page.click('[data-testid=hf-import]');
  await page.waitForSelector('[data-testid=hf-imported]');
  assert.equal(await text(page, 'hf-params-total'), '8.03B (8,030,261,248)');
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});
