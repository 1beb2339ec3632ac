// Regenerates docs/screenshot.png from the built page (README). Run after `npm run build`:
//   node scripts/screenshot.mjs
import { serveStatic } from '../tests/e2e/static-server.mjs';
import { launchBrowser, openWatchedPage } from '../tests/e2e/browser.mjs';

const dist = new URL('../dist/', import.meta.url).pathname;
const out = new URL('../docs/screenshot.png', import.meta.url).pathname;
const server = await serveStatic(dist);
const browser = await launchBrowser();
try {
  const page = await openWatchedPage(browser, { viewport: { width: 1280, height: 1000 } });
  await page.goto(`${server.url}#v=1&m=gpt3-175b&a=h100-80g&pp=10&cluster=1000`);
  await page.waitForSelector('[data-testid=train-total]');
  await page.screenshot({ path: out });
  console.log(`wrote ${out}`);
} finally {
  await browser.close();
  await server.close();
}
