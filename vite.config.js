import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { minifySync } from 'rolldown/experimental';
import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';
import { fullModuleOnly } from './scripts/page-messages.mjs';

// The page runs under a strict policy: no inline script or style, no eval (the wasm glue is built
// with -sDYNAMIC_EXECUTION=0), only its own origin — and huggingface.co for fetches the user asks
// for. Injected at build time only, because the dev
// server injects CSS as inline <style>.
export const CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' data:",
  // The Hub, for a model's config.json read when the user asks for it (web/src/catalog/hub.ts).
  "connect-src 'self' https://huggingface.co",
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
// page only where a component names them, and the config.json importer's messages travel with
// the importer's code (virtual:hf-messages): ~1.5 KB gzipped less for every first visit.
function pageSource(dir = 'web/src') {
  return readdirSync(dir, { withFileTypes: true })
    .map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return pageSource(path);
      return /\.tsx?$/.test(entry.name) ? readFileSync(path, 'utf8') : '';
    })
    .join('\n');
}

// Messages that travel with the code that shows them: each pack holds the keys its files name
// literally and no other file of the page names (literally or as the prefix of a built key, such
// as `choice.${field}.`), and the keys only its files build, so a first visit downloads none of
// them. Its loader (App.tsx …) adds them before the pack's components render.
const PACKS = {
  search: { files: ['components/SearchPanel.tsx', 'components/ParetoChart.tsx'] },
  // The search's rows, the step time's split and the efficiency fields: each component loads
  // when first shown (the step time with the full module) and adds this pack as it loads.
  results: {
    files: [
      'components/SearchResults.tsx',
      'components/TimeDetails.tsx',
      'components/step-labels.ts',
      'components/EfficiencyFields.tsx',
      'components/SearchFields.tsx',
      'components/days-band.ts',
      'components/search-resolution.ts',
    ],
  },
  serve: {
    files: [
      'components/ServeAnswer.tsx',
      'components/FleetAnswer.tsx',
      'components/fleet-money.ts',
      'components/fleet-summary.ts',
      'components/InferenceFleet.tsx',
      'components/MemoryBar.tsx',
      'components/ConcurrencyCurve.tsx',
      'components/ServingPanel.tsx',
      'components/FleetAlternatives.tsx',
      'components/FleetCardBar.tsx',
      'components/LatencyCurve.tsx',
      'components/LaunchCommands.tsx',
      'components/VllmImport.tsx',
    ],
    // The serving model's derivation and its fleet's: only the serving panel, the embedded view
    // and the exports show them (their report comes with the full module), and their loaders
    // add this pack.
    prefixes: ['step.serve_', 'note.serve_', 'step.fleet_', 'note.fleet_'],
  },
  model: {
    files: ['components/ModelSearch.tsx', 'catalog/hub.ts'],
    // The catalog's kinds and notes, which ModelSearch.tsx builds from each entry.
    prefixes: ['ui.model_kind_', 'ui.catalog_note_'],
  },
  disagree: { files: ['components/Disagreement.tsx'] },
  // The footer's words, when it nears the viewport (Footer.tsx).
  footer: { files: ['components/FooterText.tsx'] },
  // The inputs behind closed summaries (TrainingFields.tsx and ServingFields.tsx load them when
  // one is opened).
  inputs: { files: ['components/TrainingExtras.tsx', 'components/ServingExtras.tsx'] },
  // The inputs below the layout's (MoreInputs.tsx loads them when their place nears the
  // viewport): training, time, the article's inference rule and serving.
  more: {
    files: [
      'components/MoreInputsRest.tsx',
      'components/TrainingFields.tsx',
      'components/TimeFields.tsx',
      'components/ServingFields.tsx',
    ],
  },
  article: {
    files: [
      'components/ArticleView.tsx',
      'components/TrainingPlan.tsx',
      'components/InferencePlan.tsx',
      'components/ComparisonTable.tsx',
    ],
  },
  share: { files: ['components/EmbedDialog.tsx', 'components/EmbedView.tsx', 'export/exports.ts'] },
  // The public measurements of preset models, with their table (MeasuredMemory.tsx).
  measured: { files: ['components/MeasuredMemory.tsx'], prefixes: ['measured.'] },
  // The derivation steps only the full module computes (the memory model's working): the page
  // module's wasm never names their ids (scripts/page-messages.mjs); load-core.ts adds them with
  // that module. Keys another pack holds stay there.
  full: { files: [], only: (key) => fullModuleOnly(key, pageWasm()) },
  // The messages of the issues a plan can only reach by changing it (the core's layout, serving
  // and search checks): loaded at the first interaction with the page, or when one is shown
  // (web/src/i18n/i18n.ts). A first visit shows at most what a link can carry: the checks of a
  // value as typed, and the link's own problems.
  issues: {
    files: [],
    prefixes: ['issue.'],
    except:
      /^issue\.(not_|must_|out_of|too_|unknown_|text_too|params_req|card_memory_req|full_model_needs|link_)/,
  },
};

function sourceFiles(dir = 'web/src') {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function packKeys() {
  const files = sourceFiles().map((path) => ({
    path: path.slice('web/src/'.length),
    text: readFileSync(path, 'utf8'),
  }));
  const literal = (text) =>
    new Set([...text.matchAll(/'([a-z_]+\.[a-z0-9_.]+)'/g)].map((m) => m[1]));
  const prefixes = (text) => [...text.matchAll(/`([a-z_]+\.[a-z0-9_.]*)\$\{/g)].map((m) => m[1]);
  // The inputs a file renders (<Field id="fp8Recipe" />, and those PathInputs.tsx renders from
  // its PATH table), by their message ids (fp8_recipe).
  const fields = (text) =>
    [
      ...[...text.matchAll(/<Field id="(\w+)"/g)].map((m) => m[1]),
      ...[
        ...(text.match(/const PATH\b[^=]*=\s*\{([\s\S]*?)\n\};/)?.[1] ?? '').matchAll(/'(\w+)'/g),
      ].map((m) => m[1]),
    ].map((id) => id.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));
  const packs = {};
  const catalog = JSON.parse(readFileSync(catalogFile('en'), 'utf8'));
  for (const [name, { files: members, prefixes: declared = [], except, only }] of Object.entries(
    PACKS,
  )) {
    const inside = files.filter((f) => members.includes(f.path));
    const outside = files.filter((f) => !members.includes(f.path));
    const usedOutside = new Set(outside.flatMap((f) => [...literal(f.text)]));
    // Every choice's name is built by choiceKey (i18n.ts): a choice of an input only this pack's
    // files render is wanted only where they are, unless another file builds its prefix.
    const renderedOutside = new Set(outside.flatMap((f) => fields(f.text)));
    const ownChoices = inside
      .flatMap((f) => fields(f.text))
      .filter((id) => !renderedOutside.has(id))
      .map((id) => `choice.${id}.`);
    const builtOutside = outside.flatMap((f) => prefixes(f.text)).filter((p) => p !== 'choice.');
    const choiceBuiltOutside = (k) =>
      k.startsWith('choice.') && !ownChoices.some((p) => k.startsWith(p));
    const onlyInside = (k) =>
      !usedOutside.has(k) && !choiceBuiltOutside(k) && !builtOutside.some((p) => k.startsWith(p));
    const keys = new Set(inside.flatMap((f) => [...literal(f.text)]).filter(onlyInside));
    // Keys the pack's own files build (`ui.fleet_mem_${part}`) and nothing outside names.
    const builtInside = inside.flatMap((f) => prefixes(f.text));
    for (const key of Object.keys(catalog)) {
      const built = [...builtInside, ...ownChoices].some((p) => key.startsWith(p));
      if (built && onlyInside(key)) keys.add(key);
      if (declared.some((p) => key.startsWith(p)) && !except?.test(key)) keys.add(key);
      if (only?.(key) && !Object.values(packs).some((held) => held.has(key))) keys.add(key);
    }
    packs[name] = keys;
  }
  return packs;
}

// "rule.*" words how an empty input resolves, for the CLI's help and docs/inputs.md.
const bootOnly = (key) => key.startsWith('boot.');
const cliOnly = (key) => key.startsWith('cli.') || key.includes('.cli_') || key.startsWith('rule.');
// Choices the page reads under another input's keys (choiceKey in web/src/i18n/i18n.ts).
const sameChoicesElsewhere = (key) => key.startsWith('choice.embedding_format.');
// A list input (plan_fields.cpp's list<…>) is typed as its ids ("q,v"), so the page never shows
// its choices' names; the CLI's help and docs/inputs.md do.
const LIST_FIELDS = [
  ...readFileSync('core/src/plan_fields.cpp', 'utf8').matchAll(/\blist<&Plan::\w+>\("(\w+)"/g),
].map((m) => m[1]);
const listChoice = (key) => LIST_FIELDS.some((id) => key.startsWith(`choice.${id}.`));
const importerOnly = (key) =>
  !cliOnly(key) && ((key.startsWith('hf.') && key !== 'hf.title') || key.startsWith('issue.hf_'));
const HF_MESSAGES = 'virtual:hf-messages';
const PAGE_WASM = 'web/src/core/generated/llm_sizer_page.wasm';
let pageWasmBytes = null;
const pageWasm = () => (pageWasmBytes ??= readFileSync(PAGE_WASM));
const catalogFile = (lang) => `web/src/i18n/${lang === 'zh' ? 'zh-CN' : 'en'}.json`;

const PACK_PREFIX = 'virtual:messages/';

const pageMessages = () => {
  const packs = packKeys();
  const inPack = (key) => Object.values(packs).some((keys) => keys.has(key));
  const tablesOf = (wanted) => {
    const tables = {};
    for (const lang of ['en', 'zh']) {
      const messages = JSON.parse(readFileSync(catalogFile(lang), 'utf8'));
      tables[lang] = Object.fromEntries(Object.entries(messages).filter(([k]) => wanted(k)));
    }
    return `export default ${JSON.stringify(tables)};`;
  };
  return {
    name: 'llm-sizer-page-messages',
    enforce: 'pre',
    resolveId: (id) =>
      id === HF_MESSAGES ||
      (id.startsWith(PACK_PREFIX) && Object.hasOwn(packs, id.slice(PACK_PREFIX.length)))
        ? `\0${id}`
        : null,
    load(id) {
      if (id === `\0${HF_MESSAGES}`) return tablesOf(importerOnly);
      if (!id.startsWith(`\0${PACK_PREFIX}`)) return null;
      const keys = packs[id.slice(PACK_PREFIX.length + 1)];
      return tablesOf((k) => keys.has(k) && !importerOnly(k));
    },
    transform(code, id) {
      if (!/\/i18n\/[\w-]+\.json$/.test(id)) return null;
      const source = pageSource();
      const kept = Object.entries(JSON.parse(code)).filter(
        ([key]) =>
          !importerOnly(key) &&
          !sameChoicesElsewhere(key) &&
          !listChoice(key) &&
          !inPack(key) &&
          !bootOnly(key) &&
          (!cliOnly(key) || source.includes(`'${key}'`)),
      );
      // Says that the issues pack exists, so a missing issue message is one still to load.
      kept.push(['meta.lazy_issues', '1']);
      return { code: JSON.stringify(Object.fromEntries(kept)), map: null };
    },
  };
};

// The boot script (web/boot/boot.js) with its messages (boot.* of both catalogs), emitted as
// boot.js and run before the page's modules: it replaces "Loading…" with why the page cannot start
// when its modules are refused (a sandboxed frame without CORS), or that it is slow. Minified as
// the page's own scripts are (the bundler's minifier): every first visit downloads it.
const bootScript = () => ({
  name: 'llm-sizer-boot-script',
  apply: 'build',
  buildStart() {
    const messages = {};
    for (const lang of ['en', 'zh']) {
      const catalog = JSON.parse(readFileSync(catalogFile(lang), 'utf8'));
      messages[lang] = Object.fromEntries(Object.entries(catalog).filter(([k]) => bootOnly(k)));
    }
    const source = readFileSync('web/boot/boot.js', 'utf8').replace(
      '__BOOT_MESSAGES__',
      JSON.stringify(messages),
    );
    const { code } = minifySync('boot.js', source);
    this.emitFile({ type: 'asset', fileName: 'boot.js', source: code });
  },
  transformIndexHtml: () => [{ tag: 'script', attrs: { src: './boot.js' }, injectTo: 'head' }],
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

// index.html is indented for people to read; every first visit downloads it. Whitespace between
// tags and line breaks go (no element of it keeps whitespace: no <pre>, no text across tags).
const compactHtml = () => ({
  name: 'llm-sizer-compact-html',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (html) => html.replace(/>\s+</g, '><').replace(/\s*\n\s*/g, ' '),
  },
});

export default defineConfig({
  root: 'web',
  base: './',
  plugins: [preact(), cspMeta(), pageMessages(), bootScript(), preloadPageWasm(), compactHtml()],
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
