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

export default defineConfig({
  root: 'web',
  base: './',
  plugins: [preact(), cspMeta()],
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    reportCompressedSize: false,
  },
  preview: { host: '127.0.0.1' },
});
