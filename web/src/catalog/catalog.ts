// The model catalog (models.json, written by scripts/gen-model-catalog.mjs from each model's
// config.json through the core's importer) and the search over it and the presets. The catalog
// arrives on first use of the model search, not with the page.
import type { PlanTexts } from '../core/types';

export interface CatalogModel {
  /** the Hugging Face id, "Qwen/Qwen3-8B" */
  id: string;
  name: string;
  /** the importer's family (a config's model_type) */
  family: string;
  /** dense, moe, mla-moe, hybrid or multimodal */
  kind: string;
  params: { total: number; active: number };
  /** only the language model of a multimodal config is sized */
  textOnly: boolean;
  /** what the catalog set aside: "mtp" (a prediction module transformers does not load),
   * "quantized" (published in a lower-precision format) */
  notes: string[];
  /** the plan texts the importer produced (model "custom", the name, every architecture input) */
  texts: PlanTexts;
  source: { repo: string; path: string; commit: string; url: string; sameAsHub: boolean };
}

export interface ModelCatalog {
  version: number;
  models: CatalogModel[];
  excluded: { id: string; family: string; reasons: string[] }[];
}

let loading: Promise<ModelCatalog> | null = null;

/** The catalog, fetched once (again after a failure). */
export function loadModelCatalog(): Promise<ModelCatalog> {
  loading ??= import('./models.json')
    .then((m) => m.default as unknown as ModelCatalog)
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

/** What a search finds: a preset of the core, or a model of the catalog. */
export type Found =
  | { kind: 'preset'; id: string; name: string; params: number; active: number }
  | { kind: 'catalog'; model: CatalogModel };

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9.]+/g, '');
const words = (query: string) =>
  query
    .toLowerCase()
    .split(/[\s/_-]+/)
    .map(squash)
    .filter(Boolean);

/**
 * Entries whose name or id holds every word of the query (in any order, ignoring case, spaces,
 * dashes and slashes: "qwen3 8b" finds Qwen/Qwen3-8B), best first: a name that starts with the
 * first word, then the shorter name (the base model before its variants). At most `limit`.
 */
export function searchModels(entries: Found[], query: string, limit = 12): Found[] {
  const terms = words(query);
  const scored: { entry: Found; score: number; name: string }[] = [];
  for (const entry of entries) {
    const name = entry.kind === 'preset' ? entry.name : entry.model.name;
    const id = entry.kind === 'preset' ? entry.id : entry.model.id;
    const haystack = `${squash(name)} ${squash(id)}`;
    if (!terms.every((term) => haystack.includes(term))) continue;
    const first = terms[0] ?? '';
    const score = (squash(name).startsWith(first) ? 0 : 1) + (entry.kind === 'preset' ? 0 : 0.5);
    scored.push({ entry, score, name });
  }
  scored.sort(
    (a, b) => a.score - b.score || a.name.length - b.name.length || a.name.localeCompare(b.name),
  );
  return scored.slice(0, limit).map((s) => s.entry);
}

/** "owner/name" as the Hugging Face Hub spells a model id. */
export function isHubId(text: string): boolean {
  return /^[A-Za-z0-9][\w.-]{0,95}\/[\w.-]{1,96}$/.test(text.trim());
}
