// Lighthouse performance of the built page (default mobile emulation: simulated slow 4G and 4×
// CPU slowdown), five runs per URL, median score and metrics: figures for docs/performance.md,
// run by `npm run bench:page`. Not in `npm test`: the score follows the machine's load (0.95–0.99
// idle, 0.61–0.81 measured while other builds ran), which a test must not. `npm test` keeps
// Lighthouse's accessibility and best practices (lighthouserc.json), which do not.
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../../', import.meta.url).pathname;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const checked = JSON.parse(await readFile(`${root}lighthouserc.json`, 'utf8')).ci.collect;

// LHCI writes its reports to .lighthouseci/ in the directory it runs in: a directory of its own.
const work = await mkdtemp(join(tmpdir(), 'lighthouse-performance-'));
const config = {
  ci: {
    collect: {
      staticDistDir: `${root}dist`,
      url: checked.url, // the same page and embedded view as npm test
      numberOfRuns: RUNS,
      settings: { chromeFlags: checked.settings.chromeFlags, onlyCategories: ['performance'] },
    },
  },
};
await writeFile(join(work, 'lighthouserc.json'), JSON.stringify(config));
const run = spawnSync(
  process.execPath,
  [`${root}node_modules/@lhci/cli/src/cli.js`, 'collect', `--config=${work}/lighthouserc.json`],
  { cwd: work, stdio: ['ignore', 'ignore', 'inherit'] },
);
if (run.status !== 0) throw new Error(`lhci collect failed (${run.status})`);

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const reports = [];
for (const name of await readdir(join(work, '.lighthouseci'))) {
  if (name.startsWith('lhr-') && name.endsWith('.json')) {
    reports.push(JSON.parse(await readFile(join(work, '.lighthouseci', name), 'utf8')));
  }
}
const figures = {};
const hashOf = (url) => url.slice(url.indexOf('#'));
for (const url of checked.url) {
  // LHCI serves dist/ on a port of its own: the runs of a URL are those with its plan.
  const runs = reports.filter((r) => hashOf(r.requestedUrl) === hashOf(url));
  if (runs.length === 0) throw new Error(`no Lighthouse report of ${url}`);
  const metric = (id) => median(runs.map((r) => r.audits[id].numericValue));
  figures[hashOf(url)] = {
    runs: runs.length,
    score: { median: median(runs.map((r) => r.categories.performance.score)) },
    scores: runs.map((r) => r.categories.performance.score),
    fcp_ms: Math.round(metric('first-contentful-paint')),
    lcp_ms: Math.round(metric('largest-contentful-paint')),
    tbt_ms: Math.round(metric('total-blocking-time')),
    cls: Number(metric('cumulative-layout-shift').toFixed(3)),
    speed_index_ms: Math.round(metric('speed-index')),
  };
}
console.log(JSON.stringify({ lighthouse_performance: figures }, null, 2));
await rm(work, { recursive: true, force: true });
