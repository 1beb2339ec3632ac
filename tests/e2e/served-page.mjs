// The built page (dist/) served under `mount` and one Chromium, for the tests of one file: set
// up before its first test and closed after its last.
import { after, before } from 'node:test';
import { launchBrowser } from './browser.mjs';
import { serveStatic } from './static-server.mjs';

export const dist = new URL('../../dist/', import.meta.url).pathname;

/**
 * `site.server.url` and `site.browser` are there once the file's tests run; `setUp(site)`, if
 * given, runs after them in the same hook: a `before` hook of the test file itself was seen to
 * run before this one.
 */
export function servePage(mount = '/', setUp = async () => {}) {
  const site = { server: undefined, browser: undefined };
  before(async () => {
    site.server = await serveStatic(dist, { mount });
    site.browser = await launchBrowser();
    await setUp(site);
  });
  after(async () => {
    await site.browser?.close();
    await site.server?.close();
  });
  return site;
}
