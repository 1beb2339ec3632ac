// What a framework does where a published run's source is silent, decided once for the memory
// and the training sections (each assumption is named in the tables).
//
// How an FP8 run stores its weights. TransformerEngine either keeps bf16 weights beside cached FP8 copies (recipe "fp8",
// 2 + 1 + 1 B per parameter) or keeps the weights themselves in FP8 with their transpose (recipe
// "fp8-param", 1 + 1 B), the fp32 main copy living in the distributed optimizer either way.

/** Whether a run's framework is DeepSpeed's ZeRO-3 on its own (Narayanan et al. 2021, Table 2). */
export function deepspeedZero3(framework) {
  return /^DeepSpeed ZeRO-3/.test(framework ?? '');
}

/**
 * Whether a published run trained in FP8 (or NVFP4, the same plan recipes with the nvfp4
 * scaling): its stated precision, or, for Megatron-Bridge 25.09, which prints no precision column,
 * the table's footnote on FP8 scaling.
 */
export function trainedInFp8(layout, notes) {
  if (/fp8|nvfp4/i.test(layout.precision ?? '')) return true;
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

/**
 * How an FP8 run scaled its tensors (the plan's fp8Recipe, core/include/llm_sizer/fp8_recipe.hpp),
 * or null for the plan's automatic recipe (Megatron-Core's default, delayed scaling: MLPerf's and
 * NeMo 24.x's runs). MXFP8 and DeepSeek-V3's fine-grained blocks (1×128 activations, 128×128
 * weights: TransformerEngine's blockwise recipe) are stated, as is current scaling where the source
 * labels it FP8-CS. Megatron-Bridge's performance scripts run FP8 as fp8_cs
 * (scripts/performance/README.md, --compute_dtype bf16 | fp8_cs | fp8_mx | fp8_sc | nvfp4;
 * dump_perf_configs.py lists the H100 FP8 configs as fp8_cs): its rows that only say FP8 are
 * taken to have run that (validation/data/training-runs.md).
 */
export function fp8Scaling(run) {
  const { layout } = run;
  const precision = layout.precision ?? '';
  if (/nvfp4/i.test(precision)) return 'nvfp4';
  if (/mxfp8/i.test(precision)) return 'mxfp8';
  if (/fine-grained tile\/block scaling/.test(run.notes ?? '')) return 'blockwise';
  if (/FP8-CS|current scaling/.test(precision)) return 'tensorwise';
  if (/Bridge/.test(layout.framework ?? '')) return 'tensorwise';
  return null;
}

/**
 * The expert tensor-parallel size of a published MoE run, and the assumption behind it (null
 * when the layout leaves no choice). Megatron-Bridge's MoE recipes set expert_tensor_parallel_size
 * 1 (its performance configs, e.g. scripts/performance/configs/deepseek); elsewhere Megatron's
 * default is ETP = TP, unless the expert group (EP × TP) cannot tile DP × CP × TP — then the
 * stated layout can only have run with ETP 1.
 */
export function expertTensorParallel(layout, framework) {
  const ep = layout.ep ?? 1;
  if (ep <= 1 || layout.tp <= 1) return { etp: null, assumed: null };
  if (/Bridge/.test(framework ?? '')) {
    return { etp: 1, assumed: 'expert TP 1 (Megatron-Bridge’s MoE recipes)' };
  }
  if ((layout.dp * (layout.cp ?? 1) * layout.tp) % (ep * layout.tp) !== 0) {
    return { etp: 1, assumed: null };
  }
  return { etp: null, assumed: null };
}

/**
 * The recompute a published Megatron run used when its source does not say: the framework's
 * recipe for that model where it sets one, else Megatron's default, none. Megatron-Bridge's
 * DeepSeek-V3 recipe (scripts/performance/configs/deepseek) sets recompute_granularity
 * selective with recompute_modules [mla_up_proj, mlp].
 */
export function recomputeDefault(run) {
  const L = run.layout;
  if (L.recompute) return { recompute: null, modules: null, assumed: null };
  if (/Bridge/.test(L.framework ?? '') && run.model.preset === 'deepseek-v3') {
    return {
      recompute: 'selective',
      modules: 'mla_up_proj,mlp',
      assumed: 'selective recompute of mla_up_proj and mlp (Megatron-Bridge’s DeepSeek-V3 recipe)',
    };
  }
  return { recompute: 'none', modules: null, assumed: 'no recompute' };
}

/**
 * The ZeRO stage of a Megatron-family run whose source names neither a ZeRO stage nor the
 * distributed optimizer, and the assumption made (null when stated). NeMo's and
 * Megatron-Bridge's recipes build the distributed optimizer (ZeRO-1): NeMo 2.0's
 * recipes/optim/adam.py (r2.0.0rc1, the NeMo 24.07 container) sets use_distributed_optimizer=True,
 * every Megatron-Bridge recipe from 25.09 on does too, and NVIDIA's MLPerf GPT-3 configs name
 * distributed_fused_adam. Megatron-LM's own default is off (ZeRO-0).
 */
export function zeroDefault(layout) {
  if (layout.zero != null) return { zero: layout.zero, assumed: null };
  if (layout.distributed_optimizer != null) {
    return { zero: layout.distributed_optimizer ? 1 : 0, assumed: null };
  }
  if (/NeMo|MLPerf|Bridge/.test(layout.framework ?? '')) {
    return { zero: 1, assumed: 'distributed optimizer' };
  }
  return { zero: 0, assumed: null };
}

/**
 * Whether a run's own configuration reduces its gradients in bf16 (and keeps their buffer in
 * bf16) instead of Megatron's fp32 default. MLPerf's GPT-3 (NVIDIA's NeMo implementation,
 * v3.0–v4.1): Apex's DistributedFusedAdam with grad_sync_dtype: bf16
 * (conf/optim/distributed_fused_adam.yaml; v3.0 conf/megatron_gpt_config.yaml). Megatron-Bridge:
 * the 25.09 performance configs set mixed_precision.grad_reduce_in_fp32: false
 * (scripts/performance/configs/llama3 and deepseek YAML, f37f883a8; the Qwen3 recipes set it on
 * their precision config), 25.11 and 26.04 both cfg.mixed_precision and cfg.ddp
 * grad_reduce_in_fp32 = False (each family's configs/…_llm_pretrain.py, 97ad8cc6f, 21d102f5e),
 * and so do the recipes of its 2026 verification cards and PRs (recipes/qwen/h100/qwen3.py and
 * qwen3_moe.py, perf_recipes/_common.py's _benchmark_common). NeMo 1: NeMo-Framework-Launcher's
 * nemotron_340b.yaml (tag 24.07) and every DGX Cloud benchmarking recipe of release v24.11.1 set
 * optim.grad_sync_dtype: bf16, which NeMo turns into grad_reduce_in_fp32 = False
 * (megatron_gpt_model.py, setup_mcore_distributed_parallel).
 */
export function gradientsReducedInBf16(run) {
  return /^(mlperf|mbridge|dgxc2411)-|nemotron-340b/.test(run.id);
}

/** Adapters on a frozen base, as the run's PEFT config states them; none for full training. */
export function finetuneTexts(run) {
  if (run.finetune?.method !== 'lora') return {};
  return {
    finetune: 'lora',
    loraRank: String(run.finetune.rank),
    loraAlpha: String(run.finetune.alpha),
    loraTargets: run.finetune.targets,
  };
}
