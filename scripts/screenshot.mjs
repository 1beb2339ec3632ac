// Regenerates the page's screenshots from the built page (README and docs/screenshots.md). Run
// after `npm run build`:  node scripts/screenshot.mjs
//  - docs/screenshot.png: the answer card, as the README opens with it;
//  - docs/screenshots/QUESTION-VIEWPORT-LANG.png: each question (train, finetune, serve) on a
//    desktop (1366 × 900) and a phone (390 × 844), in English and Chinese, as the first screen
//    shows it (tests/e2e/questions.test.mjs walks the same plans and checks their numbers).
// The Chinese ones need a Chinese font (scripts/setup.sh test installs fonts-wqy-microhei).
import { mkdir } from 'node:fs/promises';
import { serveStatic } from '../tests/e2e/static-server.mjs';
import { ask, launchBrowser, openWatchedPage } from '../tests/e2e/browser.mjs';

const dist = new URL('../dist/', import.meta.url).pathname;
const docs = new URL('../docs/', import.meta.url).pathname;

// The plans of tests/e2e/questions.test.mjs, with the input each question's path asks for given.
const PLANS = {
  train: 'm=gpt3-175b&a=a100-80g&tp=8&pp=16&dp=8&rc=full&tflops=140&tokens=300e9',
  finetune: 'm=llama-3.1-8b&a=h100-80g&cluster=8&tokens=1e9',
  serve: 'm=qwen2.5-32b&a=h100-80g',
};
const VIEWPORTS = {
  desktop: { width: 1366, height: 900 },
  phone: { width: 390, height: 844 },
};

const server = await serveStatic(dist);
const browser = await launchBrowser();
const problems = [];
try {
  await mkdir(`${docs}screenshots`, { recursive: true });
  // The README's: the answer to the article's own question, GPT-3 175B on 1000 H100, 300B tokens.
  const hero = await openWatchedPage(browser, { viewport: { width: 1180, height: 900 } });
  await hero.goto(`${server.url}#v=2&m=gpt3-175b&a=h100-80g&pp=10&cluster=1000&tokens=300e9`);
  await hero.waitForSelector('[data-testid=answer-days]:not(:empty)');
  await hero.waitForTimeout(500);
  await hero.locator('[data-testid=answer-card]').screenshot({ path: `${docs}screenshot.png` });
  problems.push(...hero.problems);
  await hero.closeAll();

  for (const [question, plan] of Object.entries(PLANS)) {
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      for (const [lang, locale] of [
        ['en', 'en-US'],
        ['zh', 'zh-CN'],
      ]) {
        const page = await openWatchedPage(browser, { viewport, locale });
        await page.goto(`${server.url}#v=2&lang=${lang}&${plan}`);
        await page.waitForSelector('[data-testid=answer-card]');
        await ask(page, question);
        if (question === 'serve') await page.waitForSelector('[data-testid=serve-total]');
        await page.waitForTimeout(600); // the panels below, built one task after another
        const path = `${docs}screenshots/${question}-${name}-${lang}.png`;
        await page.screenshot({ path });
        console.log(`wrote ${path}`);
        problems.push(...page.problems);
        await page.closeAll();
      }
    }
  }
  if (problems.length) throw new Error(problems.join('\n'));
} finally {
  await browser.close();
  await server.close();
}
