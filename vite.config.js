import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';

// The page runs under a strict policy: no inline script or style, no eval (the wasm glue is built
// with -sDYNAMIC_EXECUTION=0), only its own origin. Injected at build time only, because the dev
// server injects CSS as inline <style>.
export const CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
].join('; ');

const cspMeta = () => ({
  name: 'llm-sizer-csp-meta',
  apply: 'build',
  transformIndexHtml: () => [
    {
      tag: 'meta',
      attrs: { 'http-equiv': 'Content-Security-Policy', content: CSP },
      injectTo: 'head-prepend',
    },
  ],
});

// The message catalogs are shared with the CLI. Its own messages ("cli.*" and "*.cli_*") reach the
// page only where a component names them, the config.json importer's messages travel with
// the importer's code (virtual:hf-messages), and so do those only the step-time details, the
// search's results and the efficiency fields name (virtual:results-messages, loaded with those
// components): ~3 KB gzipped less for every first visit.
function pageSource(dir = 'web/src', skip = () => false) {
  return readdirSync(dir, { withFileTypes: true })
    .map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return pageSource(path, skip);
      return /\.tsx?$/.test(entry.name) && !skip(path) ? readFileSync(path, 'utf8') : '';
    })
    .join('\n');
}
// Components loaded when first shown whose messages come with them.
const RESULTS_COMPONENTS = [
  'TimeDetails.tsx',
  'SearchResults.tsx',
  'ParetoChart.tsx',
  'EfficiencyFields.tsx',
];
const isResultsComponent = (path) => RESULTS_COMPONENTS.some((name) => path.endsWith(name));

// "rule.*" words how an empty input resolves, for the CLI's help and docs/inputs.md.
const cliOnly = (key) => key.startsWith('cli.') || key.includes('.cli_') || key.startsWith('rule.');
const importerOnly = (key) =>
  !cliOnly(key) && ((key.startsWith('hf.') && key !== 'hf.title') || key.startsWith('issue.hf_'));
const HF_MESSAGES = 'virtual:hf-messages';
const RESULTS_MESSAGES = 'virtual:results-messages';
// Named by a results component and by nothing else on the page. Families the page names through
// templates (`field.${id}`, `choice.…`, `issue.…`) stay in the catalog.
let resultsKeys;
function resultsOnly(key) {
  if (!/^(time|ui|cli|hint)\./.test(key)) return false;
  resultsKeys ??= {
    inResults: pageSource('web/src', (path) => !isResultsComponent(path)),
    elsewhere: pageSource('web/src', isResultsComponent),
  };
  const quoted = [`'${key}'`, `"${key}"`];
  return (
    quoted.some((q) => resultsKeys.inResults.includes(q)) &&
    !quoted.some((q) => resultsKeys.elsewhere.includes(q))
  );
}
const catalogFile = (lang) => `web/src/i18n/${lang === 'zh' ? 'zh-CN' : 'en'}.json`;

const pageMessages = () => ({
  name: 'llm-sizer-page-messages',
  enforce: 'pre',
  resolveId: (id) => ([HF_MESSAGES, RESULTS_MESSAGES].includes(id) ? `\0${id}` : null),
  load(id) {
    const wanted =
      id === `\0${HF_MESSAGES}`
        ? importerOnly
        : id === `\0${RESULTS_MESSAGES}`
          ? resultsOnly
          : null;
    if (!wanted) return null;
    const tables = {};
    for (const lang of ['en', 'zh']) {
      const messages = JSON.parse(readFileSync(catalogFile(lang), 'utf8'));
      tables[lang] = Object.fromEntries(Object.entries(messages).filter(([k]) => wanted(k)));
    }
    return `export default ${JSON.stringify(tables)};`;
  },
  transform(code, id) {
    if (!/\/i18n\/[\w-]+\.json$/.test(id)) return null;
    const source = pageSource();
    const kept = Object.entries(JSON.parse(code)).filter(
      ([key]) =>
        !importerOnly(key) && !resultsOnly(key) && (!cliOnly(key) || source.includes(`'${key}'`)),
    );
    return { code: JSON.stringify(Object.fromEntries(kept)), map: null };
  },
});

// The page's wasm is fetched by its glue only after the script has run; announcing it in the
// HTML lets the download start with the script's (measured: Lighthouse's simulated FCP/LCP).
const preloadPageWasm = () => ({
  name: 'llm-sizer-preload-wasm',
  apply: 'build',
  transformIndexHtml(html, ctx) {
    const wasm = Object.keys(ctx.bundle ?? {}).find((f) => /llm_sizer_page-[\w-]+\.wasm$/.test(f));
    if (!wasm) return html;
    return [
      {
        tag: 'link',
        // as=fetch with crossorigin: the same request mode and credentials as the glue's fetch()
        attrs: {
          rel: 'preload',
          href: `./${wasm}`,
          as: 'fetch',
          type: 'application/wasm',
          crossorigin: '',
        },
        injectTo: 'head',
      },
    ];
  },
});

export default defineConfig({
  root: 'web',
  base: './',
  plugins: [preact(), cspMeta(), pageMessages(), preloadPageWasm()],
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    // Every browser the page supports (es2022) knows <link rel=modulepreload>.
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
  },
  preview: { host: '127.0.0.1' },
});
