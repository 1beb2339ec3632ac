// The config.json import runs here, off the page's thread, on its own instance of the full module:
// a file near the 4 MiB limit takes the module a noticeable time to read (and its text a while to
// cross into the module), and the page must keep answering input meanwhile.
import createLlmSizerModule from './generated/llm_sizer.mjs';
import type { HfImport, LlmSizerModule } from './types';

export interface ImportRequest {
  id: number;
  text: string;
}

export interface ImportResponse {
  id: number;
  result?: HfImport;
  error?: string;
}

const ready = createLlmSizerModule() as Promise<LlmSizerModule>;

self.onmessage = async (event: MessageEvent<ImportRequest>) => {
  const { id, text } = event.data;
  try {
    const module = await ready;
    const response: ImportResponse = { id, result: module.importHfConfig(text) };
    self.postMessage(response);
  } catch (error) {
    self.postMessage({ id, error: String(error) } satisfies ImportResponse);
  }
};
