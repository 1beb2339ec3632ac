type Translate = (key: string, params?: Record<string, string | number>) => string;

/**
 * "Full (every layer)", full recompute of only the first N layers of each pipeline chunk, or
 * selective recompute of Megatron's `modules` where they are more than the attention core.
 */
export function recomputeLabel(
  t: Translate,
  recompute: string,
  layers: number | null | undefined,
  modules?: string,
): string {
  if (recompute === 'full' && layers != null && Number.isFinite(layers)) {
    return t('choice.recompute.full_layers', { n: layers });
  }
  return recompute === 'selective' && modules && modules !== 'core_attn'
    ? t('choice.recompute.selective_modules', { modules })
    : t(`choice.recompute.${recompute}`);
}
