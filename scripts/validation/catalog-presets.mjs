// The model presets the module's catalog holds: a published run naming one of them is planned
// from the preset, any other from the shape its source states, or from the page's model catalog
// (web/src/catalog/models.json) as choosing it there plans it.
import { readFileSync } from 'node:fs';

/** The catalog's model ids, as a Set. */
export function catalogPresets(core) {
  return new Set(core.catalog().models.map((m) => m.id));
}

const MODEL_CATALOG = JSON.parse(
  readFileSync(new URL('../../web/src/catalog/models.json', import.meta.url), 'utf8'),
);

/** The page's model catalog entry of a Hugging Face id (any case), or null. */
export function modelCatalogEntry(id) {
  const wanted = (id ?? '').toLowerCase();
  return MODEL_CATALOG.models.find((m) => m.id.toLowerCase() === wanted) ?? null;
}
