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
// page only where a component names them; the config.json importer's messages travel with the
// importer's code (virtual:hf-messages), and the serving model's derivation and panel text with
// the full module that computes it (virtual:serving-messages): less for every first visit.
function pageSource(dir = 'web/src') {
  return readdirSync(dir, { withFileTypes: true })
    .map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return pageSource(path);
      return /\.tsx?$/.test(entry.name) ? readFileSync(path, 'utf8') : '';
    })
    .join('\n');
}

// "rule.*" words how an empty input resolves, for the CLI's help and docs/inputs.md.
const cliOnly = (key) => key.startsWith('cli.') || key.includes('.cli_') || key.startsWith('rule.');
const importerOnly = (key) =>
  !cliOnly(key) && ((key.startsWith('hf.') && key !== 'hf.title') || key.startsWith('issue.hf_'));
// Shown only once the serving model has run (it arrives with the full module).
const SERVING_PREFIXES = ['step.serve_', 'note.serve_', 'step.fleet_', 'note.fleet_', 'ui.fleet_'];
const SERVING_KEYS = new Set(
  [
    'serving_layout serving_fits serving_does_not_fit serving_min serving_min_none',
    'serving_needs_architecture serving_vs_article serving_memory_title memory_weights memory_kv',
    'memory_workspace memory_reserve memory_free memory_over memory_usable curve_title curve_x',
    'curve_y curve_desc tokens_k',
  ]
    .join(' ')
    .split(' ')
    .map((name) => `ui.${name}`),
);
const servingOnly = (key) =>
  !cliOnly(key) &&
  (SERVING_PREFIXES.some((prefix) => key.startsWith(prefix)) ||
    SERVING_KEYS.has(key) ||
    key.startsWith('issue.vllm_command_'));
const LAZY_MESSAGES = {
  'virtual:hf-messages': importerOnly,
  'virtual:serving-messages': servingOnly,
};
const lazy = (key) => importerOnly(key) || servingOnly(key);
const catalogFile = (lang) => `web/src/i18n/${lang === 'zh' ? 'zh-CN' : 'en'}.json`;

const pageMessages = () => ({
  name: 'llm-sizer-page-messages',
  enforce: 'pre',
  resolveId: (id) => (Object.hasOwn(LAZY_MESSAGES, id) ? `\0${id}` : null),
  load(id) {
    const name = id.slice(1);
    if (!id.startsWith('\0') || !Object.hasOwn(LAZY_MESSAGES, name)) return null;
    const wanted = LAZY_MESSAGES[name];
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
      ([key]) => !lazy(key) && (!cliOnly(key) || source.includes(`'${key}'`)),
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
