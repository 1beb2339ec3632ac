type Translate = (key: string, params?: Record<string, string | number>) => string;

/** "Full (every layer)", or full recompute of only the first N layers of each pipeline chunk. */
export function recomputeLabel(
  t: Translate,
  recompute: string,
  layers: number | null | undefined,
): string {
  return recompute === 'full' && layers != null && Number.isFinite(layers)
    ? t('choice.recompute.full_layers', { n: layers })
    : t(`choice.recompute.${recompute}`);
}
