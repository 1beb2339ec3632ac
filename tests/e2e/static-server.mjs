// A small static file server for the built page, used by the end-to-end tests. It can mount the
// page under a sub-path to prove the build works from any directory of a static host.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/**
 * Serves `root` under `mount` (e.g. "/docs/sizer/") on 127.0.0.1 at a free port.
 * `extraRoutes` maps exact paths to [contentType, body] (a parent page for iframe tests);
 * `headers` are added to every answer (CORS headers, for a host that sends them).
 */
export async function serveStatic(root, { mount = '/', extraRoutes = {}, headers = {} } = {}) {
  const base = resolve(root);
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://localhost');
    if (extraRoutes[url.pathname]) {
      const [type, body] = extraRoutes[url.pathname];
      res.writeHead(200, { ...headers, 'content-type': type });
      res.end(body);
      return;
    }
    if (!url.pathname.startsWith(mount)) {
      res.writeHead(404).end('not found');
      return;
    }
    let rel = decodeURIComponent(url.pathname.slice(mount.length));
    if (rel === '' || rel.endsWith('/')) rel += 'index.html';
    const file = normalize(join(base, rel));
    if (!file.startsWith(base)) {
      res.writeHead(403).end('forbidden');
      return;
    }
    try {
      const info = await stat(file);
      if (!info.isFile()) throw new Error('not a file');
      res.writeHead(200, {
        ...headers,
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      });
      res.end(await readFile(file));
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}${mount}`,
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((done) => server.close(done)),
  };
}
