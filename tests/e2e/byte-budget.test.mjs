// Issue 6's budget: a first visit transfers at most 120 KiB gzipped, in English and in Chinese.
// The built page (dist/) is opened in Chromium as a visitor opens a shared link, and every file
// it asks for before it has shown its results and the network has gone quiet is counted at its
// size gzipped at level 9 (the test server sends files as they are; a static host compresses
// them). What is used later is not part of the first visit and must not be fetched by it: the
// full module and the search worker (when the search panel is scrolled to), the inputs below the
// layout's (when scrolled to), the config.json importer, the exports and the Embed dialog, the
// other language. Bytes, not time: the figures
// are the same on an idle or a busy machine.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { openWatchedPage, waitForApp } from './browser.mjs';
import { dist, servePage } from './served-page.mjs';

const BUDGET_BYTES = 120 * 1024;
const PLAN = '#v=1&m=llama-3.1-70b&a=h100-80g&cluster=1024&i.bs=8';
const MOUNT = '/sizer/';

const site = servePage(MOUNT);

const gzippedSize = async (file) => gzipSync(await readFile(dist + file), { level: 9 }).length;

/** What a first visit in `lang` asks for: dist/ paths in the order requested. */
async function firstVisit(lang, locale) {
  const page = await openWatchedPage(site.browser, { locale });
  const files = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith(MOUNT)) files.push(pathname.slice(MOUNT.length) || 'index.html');
  });
  await page.goto(`${site.server.url}${PLAN}&lang=${lang}`);
  await waitForApp(page);
  await page.waitForLoadState('networkidle');
  assert.deepEqual(page.problems, []);
  await page.closeAll();
  return [...new Set(files)];
}

const KiB = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

for (const [lang, locale, messages, other] of [
  ['en', 'en-US', /^assets\/en-[\w-]+\.js$/, /^assets\/zh-CN-/],
  ['zh', 'zh-CN', /^assets\/zh-CN-[\w-]+\.js$/, /^assets\/en-/],
]) {
  test(`a first visit in ${lang} transfers at most 120 KiB gzipped`, async () => {
    const files = await firstVisit(lang, locale);
    // The parts of a first visit, each there once; nothing that is only used later.
    const kinds = {
      html: files.filter((f) => f === 'index.html'),
      css: files.filter((f) => /^assets\/[\w-]+\.css$/.test(f)),
      script: files.filter((f) => /^assets\/index-[\w-]+\.js$/.test(f)),
      wasm: files.filter((f) => /^assets\/llm_sizer_page-[\w-]+\.wasm$/.test(f)),
      messages: files.filter((f) => messages.test(f)),
    };
    for (const [kind, found] of Object.entries(kinds)) {
      assert.equal(found.length, 1, `${kind}: ${files.join(', ')}`);
    }
    const later = files.filter(
      (f) =>
        other.test(f) ||
        /^assets\/(llm_sizer-|search-worker-|MoreInputsRest-|more-|HfConfigImport-|exports-|EmbedDialog-)/.test(
          f,
        ),
    );
    assert.deepEqual(later, [], 'loaded by the first visit, though only used later');

    const sizes = await Promise.all(files.map(gzippedSize));
    const total = sizes.reduce((a, b) => a + b, 0);
    const assets = await readdir(`${dist}assets`);
    const everything = (await Promise.all(assets.map((f) => gzippedSize(`assets/${f}`)))).reduce(
      (a, b) => a + b,
      0,
    );
    console.log(
      `first visit (${lang}), gzip -9: ` +
        files.map((f, i) => `${f} ${KiB(sizes[i])}`).join(', ') +
        `; total ${KiB(total)} = ${total} B of ${BUDGET_BYTES} B ` +
        `(${BUDGET_BYTES - total} B left; all of dist/assets: ${KiB(everything)})`,
    );
    assert.ok(total <= BUDGET_BYTES, `${total} B > ${BUDGET_BYTES} B`);
  });
}
