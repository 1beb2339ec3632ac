// A model's config.json read from the Hugging Face Hub, in the browser, when the user asks for it:
// the page contacts no other origin otherwise (the content security policy allows this one,
// connect-src https://huggingface.co, and nothing else). The file then goes through the same
// importer as a pasted config (the import worker), so the plan gets exactly what it would get
// from the file. This module and the importer's messages load with the first fetch.
import hfMessages from 'virtual:hf-messages';
import { HF_CONFIG_MAX_BYTES, hfConfigExcessBytes, importHfConfig } from '../core/import-client';
import type { HfImport } from '../core/types';
import { addMessages } from '../i18n/i18n';

addMessages(hfMessages);

/** The Hub's address; tests answer its URL shape from a local server. */
export const HUB_ORIGIN = 'https://huggingface.co';

/** Where the Hub serves a file of a model repository at its main branch. */
export function hubConfigUrl(id: string): string {
  const [owner, name] = id.trim().split('/');
  return `${HUB_ORIGIN}/${encodeURIComponent(owner)}/${encodeURIComponent(name)}/resolve/main/config.json`;
}

export type HubOutcome =
  | { ok: true; result: HfImport }
  /** a message key (hf.hub_*) and its parameters; `result` when the importer refused the file */
  | { ok: false; key: string; params: Record<string, string>; result?: HfImport };

/** Fetches `id`'s config.json and imports it; every failure is a message, never a throw. */
export async function fetchHubConfig(id: string, signal?: AbortSignal): Promise<HubOutcome> {
  const params = { id: id.trim() };
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    return { ok: false, key: 'hf.hub_offline', params };
  }
  let response: Response;
  try {
    response = await fetch(hubConfigUrl(id), { signal, credentials: 'omit', redirect: 'follow' });
  } catch (error) {
    if (signal?.aborted) return { ok: false, key: 'hf.hub_cancelled', params };
    // A network failure, a blocked request (policy, extension) or no connection: fetch does not
    // say which, so the message names all three.
    return { ok: false, key: 'hf.hub_unreachable', params: { ...params, reason: String(error) } };
  }
  if (response.status === 401 || response.status === 403) {
    return { ok: false, key: 'hf.hub_gated', params };
  }
  if (response.status === 404) return { ok: false, key: 'hf.hub_not_found', params };
  if (!response.ok) {
    return {
      ok: false,
      key: 'hf.hub_http',
      params: { ...params, status: String(response.status) },
    };
  }
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > HF_CONFIG_MAX_BYTES) return { ok: false, key: 'hf.hub_too_large', params };
  const text = await response.text().catch(() => null);
  if (text === null)
    return { ok: false, key: 'hf.hub_unreachable', params: { ...params, reason: '' } };
  if (hfConfigExcessBytes(text) !== undefined)
    return { ok: false, key: 'hf.hub_too_large', params };
  let result: HfImport;
  try {
    result = await importHfConfig(text);
  } catch {
    return { ok: false, key: 'hf.load_failed', params };
  }
  if (!result.ok) return { ok: false, key: 'hf.hub_not_a_config', params, result };
  return { ok: true, result };
}
