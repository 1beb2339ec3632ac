// Unit tests of the page's state (tests/unit/*.test.ts), in Node without a browser: the real
// wasm modules, fake timers, a fake window and a fake Worker. Run by npm test:
//   node node_modules/vitest/vitest.mjs run --config tests/unit/vitest.config.mjs
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
    // Generous: the modules compile their wasm on first use, and machines are shared.
    testTimeout: 60_000,
  },
});
