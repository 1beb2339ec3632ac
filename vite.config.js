import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';
import { LAZY_MESSAGES, splitCatalog } from './scripts/page-messages.mjs';

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

// The message catalogs are shared with the CLI (scripts/page-messages.mjs splits them). Its own
// messages reach the page only where a component names them; the config.json importer's messages
// travel with the importer's code (virtual:hf-messages, ~1.5 KB gzipped less for every first
// visit), the derivation steps only the full module computes with that module
// (virtual:full-messages, ~1.7 KB), the public measurements' with their table.
function pageSource(dir = 'web/src') {
  return readdirSync(dir, { withFileTypes: true })
    .map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return pageSource(path);
      return /\.tsx?$/.test(entry.name) ? readFileSync(path, 'utf8') : '';
    })
    .join('\n');
}

const catalogFile = (lang) => `web/src/i18n/${lang === 'zh' ? 'zh-CN' : 'en'}.json`;
const PAGE_WASM = 'web/src/core/generated/llm_sizer_page.wasm';
const split = (messages) =>
  splitCatalog(messages, { pageSource: pageSource(), pageWasm: readFileSync(PAGE_WASM) });

const pageMessages = () => ({
  name: 'llm-sizer-page-messages',
  enforce: 'pre',
  resolveId: (id) => (Object.hasOwn(LAZY_MESSAGES, id) ? `\0${id}` : null),
  load(id) {
    const part = id.slice(1);
    if (!id.startsWith('\0') || !Object.hasOwn(LAZY_MESSAGES, part)) return null;
    const tables = {};
    for (const lang of ['en', 'zh']) {
      tables[lang] = split(JSON.parse(readFileSync(catalogFile(lang), 'utf8')))[part];
    }
    return `export default ${JSON.stringify(tables)};`;
  },
  transform(code, id) {
    if (!/\/i18n\/[\w-]+\.json$/.test(id)) return null;
    return { code: JSON.stringify(split(JSON.parse(code)).page), map: null };
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
