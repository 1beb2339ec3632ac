// Loads the page's own TypeScript modules (web/src) in Node, compiled as Vite compiles them for
// the page, so that unit tests call the real code. One server per test file, closed after it.
import { after } from 'node:test';
import { createServer } from 'vite';

const root = new URL('../../web/', import.meta.url).pathname;
let server;

after(async () => {
  await server?.close();
});

/** The module at `path` under web/ (e.g. '/src/i18n/i18n.ts'). */
export async function loadPageSource(path) {
  server ??= await createServer({
    configFile: false,
    root,
    logLevel: 'silent',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
  });
  return server.ssrLoadModule(path);
}
