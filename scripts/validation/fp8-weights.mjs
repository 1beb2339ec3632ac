// How a published FP8 run stores its weights, decided once for the memory and the training
// sections. TransformerEngine either keeps bf16 weights beside cached FP8 copies (recipe "fp8",
// 2 + 1 + 1 B per parameter) or keeps the weights themselves in FP8 with their transpose (recipe
// "fp8-param", 1 + 1 B), the fp32 main copy living in the distributed optimizer either way.

/**
 * Whether a published run trained in FP8: its stated precision, or, for Megatron-Bridge 25.09,
 * which prints no precision column, the table's footnote on FP8 scaling.
 */
export function trainedInFp8(layout, notes) {
  if (/fp8/i.test(layout.precision ?? '')) return true;
  return layout.precision == null && /implies FP8 runs/.test(notes ?? '');
}

/**
 * The plan's recipe for an FP8 run and, when the source does not state the weight storage, the
 * assumption made (null when stated).
 *
 * Where a source is silent, its framework's FP8 recipe decides: NeMo 2.0's and Megatron-Bridge's
 * `bf16_with_fp8_mixed` set FP8 parameters (fp8_params / fp8_param_gather = True, in
 * nemo/collections/llm/recipes/precision/mixed_precision.py and
 * src/megatron/bridge/training/mixed_precision.py); NeMo 1's megatron_gpt_config.yaml, which the
 * MLPerf v3.x GPT-3 submissions build on, leaves fp8_params off; other frameworks cast per step.
 */
export function fp8WeightStorage(layout, framework) {
  if (layout.fp8_params === true) return { recipe: 'fp8-param', assumed: null };
  if (layout.fp8_params === false) return { recipe: 'fp8', assumed: null };
  if (/Bridge/.test(framework) || /^NeMo$/.test(framework)) {
    return {
      recipe: 'fp8-param',
      assumed: 'FP8 weights (the framework’s bf16_with_fp8_mixed recipe sets FP8 parameters)',
    };
  }
  return {
    recipe: 'fp8',
    assumed: 'bf16 weights beside cached FP8 copies (FP8 weight storage not stated)',
  };
}
