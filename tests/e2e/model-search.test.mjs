// Every model a search away: the presets and the catalog found by name as one types, and a
// Hugging Face id read from the Hub once the user allows it. The Hub is a local server answering
// the Hub's URL shape (huggingface.co/OWNER/NAME/resolve/main/config.json); the page's requests to
// https://huggingface.co are sent there, so the page's own content security policy is what allows
// (or refuses) them.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { openWatchedPage, waitUntil } from './browser.mjs';
import { servePage } from './served-page.mjs';

const site = servePage('/sizer/');
const fixture = (name) => readFile(new URL(`../fixtures/hf/${name}`, import.meta.url), 'utf8');

// The local "Hub": a public config, a gated model (401, as the Hub answers without a token), a
// repository that is not there (404), a file that is not JSON, and one that makes the Hub fail.
let hub;
let hubUrl;
const hubRequests = [];
before(async () => {
  const qwen = await fixture('qwen3-8b.json');
  const routes = {
    '/acme/qwen-like/resolve/main/config.json': [200, qwen],
    '/meta-llama/Gated-8B/resolve/main/config.json': [401, 'Access to model is restricted'],
    '/acme/broken/resolve/main/config.json': [200, '<html>not a config</html>'],
    '/acme/flaky/resolve/main/config.json': [503, 'unavailable'],
  };
  hub = createServer((req, res) => {
    hubRequests.push(req.url);
    const [status, body] = routes[req.url] ?? [404, 'Entry not found'];
    // The Hub answers any origin (the browser's CORS check needs it).
    res.writeHead(status, { 'access-control-allow-origin': '*', 'content-type': 'text/plain' });
    res.end(body);
  });
  await new Promise((done) => hub.listen(0, '127.0.0.1', done));
  hubUrl = `http://127.0.0.1:${hub.address().port}`;
});
after(() => new Promise((done) => hub.close(done)));

async function openPage(hash = '#v=2&m=gpt3-175b&a=h100-80g') {
  const page = await openWatchedPage(site.browser);
  // Requests to the Hub go to the local one; the browser still sees https://huggingface.co.
  await page.route('https://huggingface.co/**', async (route) => {
    const url = new URL(route.request().url());
    const response = await route.fetch({ url: hubUrl + url.pathname });
    await route.fulfill({ response });
  });
  await page.goto(site.server.url + hash);
  await page.waitForSelector('[data-testid=answer-card]');
  return page;
}

const text = (page, testId) => page.textContent(`[data-testid=${testId}]`);

// The browser reports every answer of the Hub that is not a success in the console; those are the
// failures these tests ask for. Anything else is a problem.
const unexpected = (page) =>
  page.problems.filter(
    (p) => !/^console: Failed to load resource: .* status of (401|404|503)\b/.test(p),
  );

async function search(page, query) {
  await page.click('[data-testid=model-search]');
  await page.fill('[data-testid=model-search]', query);
  await page.waitForSelector('[data-testid=model-option], [data-testid=model-option-hub]');
}

test('a model is found by name as one types, from the presets and the catalog', async () => {
  const page = await openPage();
  await search(page, 'deepseek v2 lite');
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-testid=model-option]')].some((o) =>
      o.textContent.startsWith('deepseek-ai/DeepSeek-V2-Lite'),
    ),
  );
  const options = await page.$$eval('[data-testid=model-option]', (els) =>
    els.map((e) => e.textContent),
  );
  assert.ok(
    options.every((o) => /deepseek/i.test(o) && /v2/i.test(o) && /lite/i.test(o)),
    options,
  );
  // Down to the second, and Enter: the plan is that model, every architecture input from its
  // config. DeepSeek-V2-Lite is 15.7B parameters, 2.4B active (its model card).
  await page.keyboard.press('ArrowDown');
  const chosen = await page.getAttribute('#model-search', 'aria-activedescendant');
  const name = (await page.textContent(`#${chosen}`)).replace(/\d.*$/, '');
  await page.keyboard.press('Enter');
  await page.waitForFunction(
    (n) => document.querySelector('[data-testid=answer-card] h2').textContent.includes(n),
    name,
  );
  const current = await text(page, 'model-current');
  assert.match(current, /15\.7\dB parameters/);
  assert.match(current, /2\.\d\dB active/);
  await page.waitForURL(/m=custom/);
  assert.match(page.url(), /m\.name=deepseek-ai%2FDeepSeek-V2-Lite/);
  // And back to a preset: every architecture input is automatic again.
  await search(page, 'llama 3.1 70b');
  await page.click('[data-testid=model-option] >> text=Llama 3.1 70B');
  await page.waitForURL(/m=llama-3\.1-70b&/);
  assert.doesNotMatch(page.url(), /m\.layers|m\.name/);
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('a Hugging Face id is read from the Hub only once allowed, then imported', async () => {
  const page = await openPage();
  await search(page, 'acme/qwen-like');
  assert.deepEqual(hubRequests, [], 'nothing is sent before the user allows it');
  await page.click('[data-testid=model-option-hub]');
  assert.match(await text(page, 'hub-confirm'), /sends “acme\/qwen-like” to huggingface\.co/);
  assert.deepEqual(hubRequests, []);
  await page.click('[data-testid=hub-fetch]');
  await page.waitForSelector('[data-testid=hub-done]');
  assert.deepEqual(hubRequests, ['/acme/qwen-like/resolve/main/config.json']);
  // Qwen3-8B's config (tests/fixtures/hf): 8,190,735,360 parameters (its model card: 8.2B).
  assert.match(await text(page, 'model-current'), /^Now: acme\/qwen-like · 8\.19B parameters/);
  await page.waitForURL(/m=custom/);
  assert.match(page.url(), /m\.layers=36/);
  assert.deepEqual(page.problems, []);
  await page.closeAll();
});

test('the Hub failing says why, in words, and keeps the plan', async () => {
  const page = await openPage();
  for (const [id, message] of [
    ['meta-llama/Gated-8B', /is gated on huggingface\.co: accept its licence there/],
    ['acme/nowhere', /huggingface\.co has no model acme\/nowhere, or it has no config\.json/],
    ['acme/flaky', /huggingface\.co answered 503 for acme\/flaky/],
    ['acme/broken', /could not be read as a model’s config\.json/],
  ]) {
    await search(page, id);
    await page.click('[data-testid=model-option-hub]');
    await page.click('[data-testid=hub-fetch]');
    await page.waitForSelector('[data-testid=hub-failed]');
    assert.match(await text(page, 'hub-failed'), message, id);
    assert.match(await text(page, 'answer-card'), /GPT-3 175B/, `${id}: the plan is kept`);
  }
  // Offline: said at once, and nothing is sent.
  const before = hubRequests.length;
  await page.context().setOffline(true);
  await search(page, 'acme/qwen-like');
  await page.click('[data-testid=model-option-hub]');
  await page.click('[data-testid=hub-fetch]');
  await page.waitForSelector('[data-testid=hub-failed]');
  assert.match(await text(page, 'hub-failed'), /offline/);
  assert.equal(hubRequests.length, before);
  await page.context().setOffline(false);
  assert.deepEqual(unexpected(page), []);
  await page.closeAll();
});

test('the content security policy lets the page reach huggingface.co and no other origin', async () => {
  const page = await openPage();
  const policy = await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', 'content');
  assert.match(policy, /connect-src 'self' https:\/\/huggingface\.co;/);
  const elsewhere = await page.evaluate(() =>
    fetch('https://example.org/config.json').then(
      () => 'fetched',
      () => 'refused',
    ),
  );
  assert.equal(elsewhere, 'refused');
  // The policy's own report of the refusal (the securitypolicyviolation event).
  // It reaches this process through a binding, later than the refusal on a busy machine.
  await waitUntil(
    () => page.problems.some((p) => p.startsWith('csp: connect-src')),
    "the policy's report of the refused fetch",
  );
  await page.closeAll();
});

test('in Chinese, the Hub messages are Chinese', async () => {
  const page = await openPage('#v=2&lang=zh&m=gpt3-175b&a=h100-80g');
  await search(page, 'meta-llama/Gated-8B');
  await page.click('[data-testid=model-option-hub]');
  assert.match(await text(page, 'hub-confirm'), /发送给 huggingface\.co/);
  await page.click('[data-testid=hub-fetch]');
  await page.waitForSelector('[data-testid=hub-failed]');
  assert.match(await text(page, 'hub-failed'), /需要授权访问/);
  assert.deepEqual(unexpected(page), []);
  await page.closeAll();
});
