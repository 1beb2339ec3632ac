// The model presets the module's catalog holds: a published run naming one of them is planned
// from the preset, any other from the shape its source states.

/** The catalog's model ids, as a Set. */
export function catalogPresets(core) {
  return new Set(core.catalog().models.map((m) => m.id));
}
