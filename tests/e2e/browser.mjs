// Debian's Chromium driven by playwright-core (no browser downloads here), plus a page wrapper
// that records every console error, page error and CSP violation so tests can fail on them.
import { chromium } from 'playwright-core';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export async function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    headless: true,
    args: ARGS,
  });
}

/** A new page that collects problems in `page.problems` (console errors, page errors, CSP). */
export async function openWatchedPage(browser, { locale = 'en-US', viewport } = {}) {
  const context = await browser.newContext({
    locale,
    viewport: viewport ?? { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  await page.exposeBinding('__reportCspViolation', (_source, text) =>
    problems.push(`csp: ${text}`),
  );
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__reportCspViolation(`${e.violatedDirective} blocked ${e.blockedURI}`);
    });
  });
  page.problems = problems;
  page.closeAll = () => context.close();
  return page;
}

/** Opens the config.json importer (a disclosure whose code loads on first open). */
export async function openHfImport(page) {
  const group = '[data-testid=hf-import-group]';
  await page.waitForSelector(group);
  if (!(await page.$eval(group, (details) => details.open))) await page.click(`${group} > summary`);
  await page.waitForSelector('[data-testid=hf-import]');
}

/** Scrolls to the layout search, which starts (worker and full module) once its panel is seen. */
export async function showSearch(page) {
  await page.locator('[data-testid=search-panel]').scrollIntoViewIfNeeded();
}

/**
 * Scrolls to the time panel, whose step-time model arrives with the full module once the panel
 * is near the viewport.
 */
export async function showTime(page) {
  await page.locator('[data-testid=time-panel]').scrollIntoViewIfNeeded();
}

/**
 * Scrolls to the serving panel, whose model arrives with the full module once the panel is near
 * the viewport, and waits until it shows its numbers (or why it has none).
 */
export async function showServing(page) {
  await page.locator('section[aria-labelledby=serving-title]').scrollIntoViewIfNeeded();
  await page.waitForSelector(
    '[data-testid=serving-layout], [data-testid=serving-unavailable], [data-testid=serving-failed]',
  );
}
