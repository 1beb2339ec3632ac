// The page's door to the config.json import: texts go to the import worker and each gets its own
// result back. The worker (and its copy of the full module) starts with the first import, not
// with the page; a worker that failed is dropped, so that the next import starts a fresh one.
// This module arrives with the importer's component, so a first visit does not download it.
import type { HfImport } from './types';
import type { ImportRequest, ImportResponse } from './import-worker';

/** The largest config.json the core reads: kJsonMaxBytes in core/include/llm_sizer/json.hpp
 * (tests/web/hf-config.test.mjs holds the two in step). */
export const HF_CONFIG_MAX_BYTES = 4 * 1024 * 1024;

/**
 * The bytes the core would be given for `text` when they are more than it reads, else undefined:
 * UTF-8, after a leading byte order mark (which the core skips). A UTF-16 unit is 1 to 3 bytes of
 * UTF-8 (a surrogate pair, 2 units, is 4), so a text of up to a third of the limit in units is
 * under it without counting.
 */
export function hfConfigExcessBytes(text: string): number | undefined {
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  if ((text.length - start) * 3 <= HF_CONFIG_MAX_BYTES) return undefined;
  let bytes = 0;
  for (let i = start; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit < 0xdc00)
      bytes += 4; // with the low surrogate that follows
    else if (unit < 0xdc00 || unit >= 0xe000) bytes += 3;
  }
  return bytes > HF_CONFIG_MAX_BYTES ? bytes : undefined;
}

export interface ImportClient {
  importHfConfig(text: string): Promise<HfImport>;
}

export function createImportClient(
  makeWorker = () => new Worker(new URL('./import-worker.ts', import.meta.url), { type: 'module' }),
): ImportClient {
  let worker: Worker | undefined;
  let nextId = 1;
  const waiting = new Map<number, { resolve(r: HfImport): void; reject(e: Error): void }>();

  const failAll = (message: string) => {
    worker?.terminate();
    worker = undefined;
    for (const { reject } of waiting.values()) reject(new Error(message));
    waiting.clear();
  };
  const start = () => {
    const started = makeWorker();
    started.onmessage = (event: MessageEvent<ImportResponse>) => {
      const { id, result, error } = event.data;
      const pending = waiting.get(id);
      waiting.delete(id);
      if (!pending) return;
      if (result) {
        pending.resolve(result);
      } else {
        pending.reject(new Error(error ?? 'import failed'));
      }
    };
    started.onerror = (event) => failAll(event.message || 'import worker failed');
    return started;
  };
  return {
    importHfConfig(text) {
      worker ??= start();
      const request: ImportRequest = { id: nextId++, text };
      const running = worker;
      return new Promise<HfImport>((resolve, reject) => {
        waiting.set(request.id, { resolve, reject });
        running.postMessage(request);
      });
    },
  };
}

let shared: ImportClient | undefined;

/** Imports a config.json in the page's one import worker (started on first use). */
export function importHfConfig(text: string): Promise<HfImport> {
  shared ??= createImportClient();
  return shared.importHfConfig(text);
}
