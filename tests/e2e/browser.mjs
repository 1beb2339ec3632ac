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

/**
 * How long any wait of a test may take before it fails. Tests wait for conditions (an element, a
 * URL, a message), never for a fixed time, so this bounds only a real hang: on a machine whose
 * cores are all busy with other work, starting the page (compiling its wasm) was seen to take
 * many times its idle ~0.3 s, so Playwright's 30 s default is too tight.
 */
export const WAIT_MS = 120_000;

/** A new page that collects problems in `page.problems` (console errors, page errors, CSP). */
export async function openWatchedPage(browser, { locale = 'en-US', viewport } = {}) {
  const context = await browser.newContext({
    locale,
    viewport: viewport ?? { width: 1280, height: 900 },
  });
  context.setDefaultTimeout(WAIT_MS);
  context.setDefaultNavigationTimeout(WAIT_MS);
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

/**
 * Waits until the page has computed its plan and built every panel: the panels below the fold
 * are built in later tasks (web/src/components/Deferred.tsx), so on a busy machine they can
 * still be missing when the first results show, and a test that reads them (or counts what is
 * not there) must wait for them rather than check too early. (A panel built when scrolled to,
 * web/src/components/LazyNear.tsx, stays a placeholder until then and is not waited for.)
 */
export async function waitForApp(page) {
  await page.waitForSelector('[data-testid=train-total]');
  await page.waitForFunction(() => document.querySelector('[data-deferred]') === null);
}

/**
 * Waits for `condition()` (a function of this process, e.g. over `page.problems`) to hold,
 * checking every 50 ms, for at most WAIT_MS.
 */
export async function waitUntil(condition, what = 'a condition') {
  const deadline = Date.now() + WAIT_MS;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

/**
 * Lets every timer the page has set for up to `ms` from now fire first: a timer of the page
 * itself, so it runs after those (the HTML timer order), however slow the machine. For checking
 * that something the page schedules has (or has not) happened, without a fixed wait here.
 */
export async function afterPageTimers(page, ms) {
  await page.evaluate((delay) => new Promise((done) => setTimeout(done, delay)), ms);
}

/**
 * Brings the inputs below the layout's (training, time, serving), whose code loads when their
 * place nears the viewport (MoreInputs.tsx): scrolls to their place (a placeholder, the loading
 * line, or the inputs themselves) and waits for them. Nothing to do on a phone, where the inputs
 * sit in a sheet until it is opened.
 */
export async function showMoreInputs(page) {
  if ((await page.locator('[data-testid=more-inputs]').count()) === 0) return;
  await page.evaluate(() =>
    document.querySelector('[data-testid=more-inputs]').lastElementChild.scrollIntoView(),
  );
  await page.waitForSelector('[data-testid=more-inputs-rest] fieldset');
}

/**
 * Opens every disclosure on the page and waits for the parts whose code loads on first open
 * (Lazy's placeholder carries data-loading until then).
 */
export async function openEveryDisclosure(page) {
  await showMoreInputs(page);
  await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
  // A Disclosure builds its content on the toggle event, a task after `open` is set: wait until
  // each opened one has built it, and until what it loads has arrived (one a panel adds later
  // stays closed).
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('details.more[open]')].every((d) =>
        d.querySelector(':scope > :not(summary)'),
      ) && !document.querySelector('[data-loading]'),
  );
}

/** Opens the config.json importer (a disclosure whose code loads on first open). */
export async function openHfImport(page) {
  const group = '[data-testid=hf-import-group]';
  await page.waitForSelector(group);
  if (!(await page.$eval(group, (details) => details.open))) await page.click(`${group} > summary`);
  await page.waitForSelector('[data-testid=hf-import]');
}

/** Opens the article's method in its own view (the derivation, its rows and its comparison). */
export async function openArticle(page) {
  await page.click('[data-testid=open-article]');
  await page.waitForSelector('[data-testid=article-view] [data-testid=step-total_gpus]');
  // The comparison matrix comes with the full module, fetched when the view opens.
  await page.waitForSelector('[data-testid=article-view] [data-testid=comparison]');
}

/** Asks the page a question: train (from scratch), finetune or serve. */
export async function ask(page, question) {
  await page.click(`[data-testid=question-${question}]`);
  await page.waitForSelector(`[data-testid=answer-card][data-question=${question}]`);
}

/** Scrolls to the layout search, which starts (worker and full module) once its panel is seen. */
export async function showSearch(page) {
  // The panel's placeholder (same test id) is replaced by the panel as its code arrives; when
  // that happens mid-scroll, scroll to the panel that replaced it.
  for (let attempt = 0; ; attempt += 1) {
    try {
      await page.locator('[data-testid=search-panel]').scrollIntoViewIfNeeded();
      return;
    } catch (error) {
      if (attempt >= 3 || !/not attached/.test(String(error))) throw error;
    }
  }
}

/**
 * Waits for `selector`, a part of the search's results; a timeout's error says what the search
 * panel showed then and where it was, since a search that never ends leaves nothing else to read.
 */
export async function waitForSearch(page, selector) {
  try {
    await page.waitForSelector(selector);
  } catch (error) {
    const seen = await page
      .evaluate(() => {
        const panel = document.querySelector('[data-testid=search-panel]');
        if (!panel) return 'no search panel';
        const top = Math.round(panel.getBoundingClientRect().top);
        return `"${panel.textContent}" at ${top} px from the viewport's top (height ${innerHeight})`;
      })
      .catch((reason) => `nothing (${reason})`);
    throw new Error(`${error.message}\nThe search panel showed ${seen}.`, { cause: error });
  }
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
  // The serving model's panel is the serving question's.
  if ((await page.locator('[data-testid=answer-card][data-question=serve]').count()) === 0) {
    await ask(page, 'serve');
  }
  await page.locator('section[aria-labelledby=serving-title]').scrollIntoViewIfNeeded();
  await page.waitForSelector(
    '[data-testid=serving-layout], [data-testid=serving-unavailable], [data-testid=serving-failed]',
  );
}
