// Browser timings of the real page in headless Chromium (not a test: figures for
// docs/performance.md). Run after `npm run build`:  npm run bench:page
//  - one layout evaluation inside the wasm module (module.benchmarkLayoutNs),
//  - the serving fleet search for DeepSeek-V3 on H100 inside the module (benchmarkFleetMs),
//  - the exhaustive search GPT-3 175B / 1024 H100 / 300B tokens in the page's worker (warm),
//  - a keystroke with every panel recomputed: script work, start of the next frame, frame done.
import { serveStatic } from '../e2e/static-server.mjs';
import { launchBrowser, openWatchedPage, showSearch } from '../e2e/browser.mjs';

const dist = new URL('../../dist/', import.meta.url).pathname;
const generated = new URL('../../web/src/core/generated/', import.meta.url).pathname;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];

const page_server = await serveStatic(dist);
const module_server = await serveStatic(generated, {
  extraRoutes: { '/bench.html': ['text/html', '<!doctype html><title>bench</title>'] },
});
const browser = await launchBrowser();
try {
  // 1. One layout in wasm, in Chromium's engine.
  const bench = await openWatchedPage(browser);
  await bench.goto(`${module_server.origin}/bench.html`);
  const layoutNs = await bench.evaluate(async (url) => {
    const { default: create } = await import(url);
    const module = await create();
    module.benchmarkLayoutNs(200000); // warm up the optimizing tier
    const runs = [];
    for (let i = 0; i < 5; i++) runs.push(module.benchmarkLayoutNs(200000));
    return runs;
  }, `${module_server.origin}/llm_sizer.mjs`);

  // 1b. The fleet search for DeepSeek-V3 in FP8 on H100 at 32 requests of 8192 + 1024 tokens,
  // inside the module in Chromium (issue 14's target: under 20 ms).
  const fleetMs = await bench.evaluate(async (url) => {
    const { default: create } = await import(url);
    const module = await create();
    const texts = {
      model: 'deepseek-v3',
      accelerator: 'h100-80g',
      weights: 'fp8-block',
      concurrency: '32',
      inputTokens: '8192',
      outputTokens: '1024',
    };
    const cold = module.benchmarkFleetMs(texts, 1);
    const runs = [];
    for (let i = 0; i < 5; i++) runs.push(module.benchmarkFleetMs(texts, 20));
    return { cold, runs };
  }, `${module_server.origin}/llm_sizer.mjs`);

  // 2. The search in the page's worker: first (cold) and warm runs.
  const page = await openWatchedPage(browser);
  await page.goto(`${page_server.url}#v=2&m=gpt3-175b&a=h100-80g&pp=10&cluster=1024&tokens=300e9`);
  await showSearch(page);
  const searchMs = async () => {
    await page.waitForFunction(() => {
      const el = document.querySelector('[data-testid=search-summary]');
      return el && el.dataset.ms && !el.textContent.includes('…');
    });
    return Number(await page.getAttribute('[data-testid=search-summary]', 'data-ms'));
  };
  const search = [await searchMs()];
  for (const mfu of ['0.55', '0.6', '0.5', '0.6', '0.55']) {
    await page.fill('[data-testid=input-mfu]', mfu).catch(async () => {
      await page.click('text=Efficiency and energy');
      await page.fill('[data-testid=input-mfu]', mfu);
    });
    await page.waitForFunction(
      () => !document.querySelector('[data-testid=search-summary]')?.textContent.includes('…'),
    );
    search.push(await searchMs());
  }

  // 3. A keystroke: the script work it causes on the main thread (every panel recomputed and
  // rendered, measured to the first task after it); the time until the frame that shows it
  // begins (that work plus the wait for the display's next frame, at most one frame more); and
  // until that frame's style, layout and paint are done (the first task after the frame).
  const keystrokes = await page.evaluate(async () => {
    const input = document.querySelector('[data-testid=input-pp]');
    const work = [];
    const frame = [];
    const painted = [];
    for (let i = 0; i < 30; i++) {
      await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
      const start = performance.now();
      input.value = String(8 + (i % 8));
      input.dispatchEvent(new Event('input', { bubbles: true }));
      const frameStarted = new Promise((done) => requestAnimationFrame(done));
      await new Promise((done) => setTimeout(done, 0));
      work.push(performance.now() - start);
      await frameStarted;
      frame.push(performance.now() - start);
      await new Promise((done) => setTimeout(done, 0));
      painted.push(performance.now() - start);
    }
    return { work, frame, painted };
  });
  const figures = {
    layout_ns_in_wasm: { median: median(layoutNs), runs: layoutNs.map(Math.round) },
    fleet_search_ms_in_wasm: {
      cold: fleetMs.cold,
      median: median(fleetMs.runs),
      runs: fleetMs.runs.map((v) => Math.round(v * 100) / 100),
    },
    search_ms: { cold: search[0], warm_median: median(search.slice(1)), runs: search },
    keystroke_work_ms: { median: median(keystrokes.work), p95: p95(keystrokes.work) },
    keystroke_to_frame_ms: { median: median(keystrokes.frame), p95: p95(keystrokes.frame) },
    keystroke_to_painted_ms: { median: median(keystrokes.painted), p95: p95(keystrokes.painted) },
    problems: page.problems,
  };
  console.log(JSON.stringify(figures, null, 2));
} finally {
  await browser.close();
  await page_server.close();
  await module_server.close();
}
