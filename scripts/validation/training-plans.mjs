// How a published training run becomes a plan for the module (the training section of
// docs/validation.md, training.mjs): its model and accelerator, the settings its source states
// (with the framework code or config each is read from), what the source leaves open and the
// search fills in, the layouts its framework could run (the search's limits), and the published
// figure in the source's own terms against the predicted one.
import { modelCatalogEntry } from './catalog-presets.mjs';
import {
  deepspeedZero3,
  expertTensorParallel,
  finetuneTexts,
  fp8Scaling,
  fp8WeightStorage,
  gradientsReducedInBf16,
  recomputeDefault,
  trainedInFp8,
  zeroDefault,
} from './framework-defaults.mjs';

// Megatron's GPT models (Narayanan et al. 2021; Korthikanti et al. 2022; the README's tables):
// learned positions, LayerNorm, GELU MLP of 4h, biases, tied embeddings, dropout 0.1, GPT-2's
// vocabulary padded to 51,200. MosaicML's MPT (mpt.mjs) is the same architecture.
export function gptArchitecture(layers, hidden, heads, vocab = 51200, extra = {}) {
  return {
    model: 'custom',
    layers: String(layers),
    hidden: String(hidden),
    heads: String(heads),
    kvHeads: String(heads),
    ffn: String(4 * hidden),
    ffnKind: 'gelu',
    vocab: String(vocab),
    tiedEmbeddings: '1',
    positions: 'learned',
    maxPositions: '2048',
    qkvBias: '1',
    linearBias: '1',
    norm: 'layernorm',
    qkNorm: '0',
    dropout: '1',
    ...extra,
  };
}

// A Llama-style dense model (rotary, RMSNorm, SwiGLU, no biases, untied).
function llama(layers, hidden, heads, kvHeads, ffn, vocab, extra = {}) {
  return {
    model: 'custom',
    layers: String(layers),
    hidden: String(hidden),
    heads: String(heads),
    kvHeads: String(kvHeads),
    ffn: String(ffn),
    ffnKind: 'swiglu',
    vocab: String(vocab),
    tiedEmbeddings: '0',
    positions: 'rotary',
    maxPositions: '131072',
    qkvBias: '0',
    linearBias: '0',
    norm: 'rmsnorm',
    qkNorm: '0',
    dropout: '0',
    ...extra,
  };
}

// Architectures the data file leaves to a name, from the models' published configurations.
const NAMED = {
  // meta-llama/Llama-2-7b-hf and -13b-hf config.json.
  'Llama 2 7B': () => llama(32, 4096, 32, 32, 11008, 32000),
  'LLAMA2-7B': () => llama(32, 4096, 32, 32, 11008, 32000),
  'Llama 2 13B': () => llama(40, 5120, 40, 40, 13824, 32000),
  // Qwen/Qwen3-30B-A3B config.json.
  'Qwen3-30B-A3B': () =>
    llama(48, 2048, 32, 4, 6144, 151936, {
      headDim: '128',
      qkNorm: '1',
      moeExperts: '128',
      moeTopK: '8',
      moeFfn: '768',
      ffn: '0',
    }),
  // MLPerf Training's Llama 3.1 405B benchmark: the paper's architecture (Dubey et al. 2024,
  // Table 3) with the Mixtral 8x22B tokenizer in place of the paper's (the submissions' README:
  // "we replace the paper's TikTokenizer with the Mixtral 8x22b tokenizer"), 32,768 tokens.
  'Llama 3.1 405B (MLPerf, Mixtral 8x22B tokenizer)': () => llama(126, 16384, 128, 8, 53248, 32768),
  // xai-org/grok-1 as DGX Cloud's grok1_314b.yaml restates it: 64 layers, hidden 6144, 48 heads
  // of 128, 8 query groups, 8 experts (top 2) with a gated-GELU FFN of 32,768, vocabulary 131,072.
  'Grok-1 314B': () =>
    llama(64, 6144, 48, 8, 0, 131072, { moeExperts: '8', moeTopK: '2', moeFfn: '32768' }),
  // Nemotron-4 340B technical report (Nvidia 2024), Table 1: 96 layers, 18432 hidden, 96
  // heads, 8 KV heads, vocabulary 256,000, squared-ReLU MLP (two matrices, like GELU) of 73,728.
  'Nemotron-340B': () =>
    llama(96, 18432, 96, 8, 73728, 256000, { ffnKind: 'gelu', norm: 'layernorm' }),
  // openai/gpt-oss-120b's config.json as the page's model catalog imports it
  // (web/src/catalog/models.json, docs/model-catalog.md): choosing it there plans the same model.
  'gpt-oss-120b': () => ({ ...modelCatalogEntry('openai/gpt-oss-120b').texts }),
  // MLPerf Training v6.0's GPT-OSS 20B: openai/gpt-oss-20b's architecture (its pretrain.py and
  // conf/gpt_oss.yaml: 24 layers, hidden 2880, 64 heads of 64, 8 KV heads, 32 experts of 2880,
  // top 4, the clamped GLU, sinks, a 128-token window on every other layer) with the
  // benchmark's own tokenizer of 128,256 tokens in place of 201,088.
  'GPT-OSS 20B (MLPerf)': () => ({
    ...modelCatalogEntry('openai/gpt-oss-20b').texts,
    vocab: '128256',
  }),
};

function accelerator(text) {
  if (/^(a100-80g|a100-40g|h100-80g|h800-80g|h200-141g)$/.test(text)) return text;
  if (/^a100 /.test(text)) return 'a100-80g'; // the Megatron README's GPT-3 run on Selene
  if (/^b200/.test(text)) return 'b200';
  if (/^(gb200|b300|gb300)$/.test(text)) return text;
  if (/ampere/i.test(text)) return 'a100-80g'; // MegaScale: "NVIDIA Ampere", 312 TFLOP/s implied
  return null;
}

function framework(text) {
  if (!text) return 'megatron';
  if (deepspeedZero3(text)) return 'deepspeed';
  return /torchtitan|PyTorch|metaseq|Meta internal/.test(text) ? 'pytorch' : 'megatron';
}

function recipe(layout, fw, notes) {
  if (trainedInFp8(layout, notes)) return fp8WeightStorage(layout, layout.framework ?? '').recipe;
  // Megatron keeps fp32 main gradients (18 B/param); PyTorch FSDP/DDP mixed precision 16.
  // torchtitan's FSDP2 gathers bf16 weights and reduce-scatters fp32 gradients
  // (MixedPrecisionPolicy(param_dtype=bfloat16, reduce_dtype=float32), parallelize_llama.py):
  // on the wire, the fp32-gradient recipe (sharded fully, 2 B/param ÷ DP more state).
  if (/torchtitan/.test(layout.framework ?? '')) return 'megatron18';
  // Megatron in fp16 without --accumulate-allreduce-grads-in-fp32 (only bf16 forces it:
  // arguments.py at de7dc40f88; Narayanan et al.'s scripts set --fp16 alone) all-reduces fp16
  // gradients, 2 B/param on the wire, but its fp16 optimizer then gives every fp32 main param an
  // fp32 copy of its gradient for the step (optimizer.py, _copy_model_grads_to_main_grads), 20
  // B/param until the next zero_grad. No recipe holds both; 18 B keeps the search from layouts
  // that would not fit at the step (with 16, TP 4 PP 4 passes for the 76B run) at the price of
  // twice the gradients' bytes on the wire (0.4 of its 14 s step).
  return fw === 'megatron' ? 'megatron18' : 'mixed16';
}

// Runs whose source contradicts itself: another figure for the same stated run (no plan can be
// right for both, and nothing stated tells them apart; both are left out, as keeping either
// would pick the answer by what the model predicts), or a row whose stated numbers cannot all
// hold at once.
const QWEN3_30B_CONFLICT =
  'the same stated layout, batch and precision (TP1 PP2 EP8 VPP24, MBS 2, GBS 512, FP8) is ' +
  'published at 10,494 tokens/s/GPU in the 25.09 table and at 5,275 in 25.11; the pages state ' +
  'nothing that tells the two runs apart, so neither is held to the bounds';
const CONFLICTING = {
  'mbridge-260201-gb300-llama3_70b-64gpu-nvfp4':
    'the row prints TP 1, PP 1, no VP and MBS 2, the layout of no NVFP4 config of the release ' +
    '(LLAMA3_70B_PRETRAIN_CONFIG_GB300_NVFP4_V2 at 9c9dd8489 is TP 1, PP 4, VP 5, MBS 1), and 70B ' +
    'unsharded over 64 GPUs at that layout could not hold its state: which layout ran is not known',
  'mbridge-2509-qwen3_30b_a3b-16gpu': QWEN3_30B_CONFLICT,
  'mbridge-2511-qwen3_30b_a3b-16gpu': QWEN3_30B_CONFLICT,
  'mbridge-2511-gptoss120b-64gpu':
    'the row prints MBS 4 and GA 2, which its GBS 512 over DP 16 contradicts (GBS ÷ (DP × MBS) ' +
    '= 8), and the 25.11 config (gpt_oss_workload_base_configs.py at 97ad8cc6f) sets ' +
    'micro-batch 1: which micro-batch the run used is not known',
};

// Of those, the rows whose contradiction leaves the layout that ran unknown (the memory section's
// fit check cannot plan them; the others' stated layout trained).
const LAYOUT_UNKNOWN = new Set([
  'mbridge-2511-gptoss120b-64gpu',
  'mbridge-260201-gb300-llama3_70b-64gpu-nvfp4',
]);

/** Why the layout a run trained with is not known from its source (CONFLICTING), or null. */
export function layoutConflict(run) {
  return LAYOUT_UNKNOWN.has(run.id) ? CONFLICTING[run.id] : null;
}

// Runs no plan here can state: a layout or a setting the source ran that the plans lack, or one
// the stored source leaves out (each reason says which).
const ALONE_STAGES =
  'VP 8 over PP 16, with the embedding and the loss counted as a layer each, leaves the first ' +
  'virtual stage the embedding alone and the last the loss alone; a virtual stage here holds ' +
  'one transformer layer at least';
// MLPerf v6.0's GPT-OSS 20B runs split each sequence over CP ranks by all-to-alls of the heads
// (conf/gpt_oss.yaml: cp_comm_type a2a, Ulysses style), where a plan's CP exchanges keys and
// values around a ring; and the stored copy of the results lacks the config_common*.sh files
// their configs source (the FP8 recipe, CUDA graphs and overlaps that ran).
const CP_ALL_TO_ALL =
  'context parallelism by all-to-all of the heads (cp_comm_type a2a), which no plan here ' +
  'states (its CP exchanges keys and values around a ring); the shared configs that set its ' +
  'precision, CUDA graphs and overlaps are missing from the stored results';
// MLPerf v6.0's Llama 3.1 8B on 512 GB300: its config (config_GB300_128x4x1xtp2pp1cp4_8b.sh) and
// the shared ones it sources are missing from the stored results, and its name, unlike its
// 72-GPU sibling's, carries no precision.
const PRECISION_UNSTATED =
  'precision not stated: the config that ran and the shared configs it sources are missing ' +
  'from the stored results, and its name carries none';
const INEXPRESSIBLE = {
  'mlperf-v60-llama31_8b-nvidia-gb300-512gpu': PRECISION_UNSTATED,
  'mlperf-v60-gpt_oss_20b-nvidia-gb300-72gpu': CP_ALL_TO_ALL,
  'mlperf-v60-gpt_oss_20b-nvidia-gb300-512gpu': CP_ALL_TO_ALL,
  'mbridge-260401-gb200-llama31_405b-256gpu-mxfp8': ALONE_STAGES,
  'mbridge-2602-gb200-llama31_405b-256gpu-nvfp4': ALONE_STAGES,
  'mbridge-2604-gb200-llama31_405b-256gpu-nvfp4': ALONE_STAGES,
  'mbridge-260401-gb200-llama31_405b-256gpu-nvfp4': ALONE_STAGES,
};

/** Why a run is left out of the table's bounds, or null. */
export function exclusion(run, presets) {
  const { model, hardware, layout, published } = run;
  if (run.confidence === 'secondary') return 'numbers only from a secondary source';
  if (!layout.tp || !layout.pp) return 'layout not stated';
  if (!accelerator(hardware.accelerator)) {
    return `accelerator not in the catalog (${hardware.accelerator}): its sustained throughput is not published`;
  }
  if (run.id.startsWith('megascale2024') && run.id.includes('-megascale-')) {
    return "MegaScale's own model changes (parallel block, sliding-window attention, LAMB)";
  }
  if (!presets.has(model.preset) && !model.layers && !NAMED[model.name]) {
    return 'architecture not stated by the source';
  }
  if (published.tflops_per_gpu && !published.tflops_kind && !published.tokens_per_s_per_gpu) {
    return 'FLOP convention not stated and no throughput in tokens';
  }
  if (/Nano/.test(model.name)) return 'hybrid Mamba layers (not a transformer of this model)';
  if (layout.activation_offload_layers) {
    return (
      `activations of ${layout.activation_offload_layers} layers offloaded to the host's memory: ` +
      'a plan offloads those of every layer but two (training_memory.cpp), not a given number'
    );
  }
  if (CONFLICTING[run.id]) return CONFLICTING[run.id];
  if (INEXPRESSIBLE[run.id]) return INEXPRESSIBLE[run.id];
  if (deepspeedZero3(layout.framework)) {
    return (
      "DeepSpeed's ZeRO-3 of 2021 without model parallelism: measured slower than the model " +
      'predicts (its weight gathers and gradient reduction hidden behind the compute); ' +
      'the model has no mechanism yet for what these runs expose, so they are shown, not bounded'
    );
  }
  if (/DeepSpeed/.test(layout.framework ?? '')) {
    return "Megatron-DeepSpeed's pipeline engine and BF16 optimizer are not a framework profile here";
  }
  return null;
}

// The plan of a run: its model and everything its source states.
export function planOf(run, presets) {
  const { model, hardware, layout } = run;
  const fw = framework(layout.framework);
  let texts;
  if (presets.has(model.preset)) {
    texts = { model: model.preset };
  } else if (NAMED[model.name]) {
    texts = NAMED[model.name]();
  } else if (model.layers) {
    const vocab = model.vocab ?? 51200;
    texts = gptArchitecture(model.layers, model.hidden, model.heads, vocab, {
      ffn: String(model.ffn ?? 4 * model.hidden),
      maxPositions: String(Math.max(2048, model.seq_len ?? 2048)),
    });
  } else {
    return null;
  }
  texts.modelName = model.name;
  texts.accelerator = accelerator(hardware.accelerator);
  // A network other than the accelerator's reference system, where the source names it.
  if (hardware.inter_node_gbps_per_gpu) {
    texts.interNodeBandwidthGbps = String(hardware.inter_node_gbps_per_gpu);
  }
  texts.framework = fw;
  texts.recipe = recipe(layout, fw, run.notes);
  const scaling = trainedInFp8(layout, run.notes) ? fp8Scaling(run) : null;
  if (scaling) texts.fp8Recipe = scaling;
  if (model.seq_len) texts.seqLen = String(model.seq_len);
  texts.globalBatch = String(layout.global_batch);
  for (const [key, value] of [
    ['tp', layout.tp],
    ['pp', layout.pp],
    ['dp', layout.dp],
    ['cp', layout.cp ?? 1],
    ['ep', layout.ep ?? 1],
  ]) {
    texts[key] = String(value);
  }
  if (layout.vpp) texts.vpp = String(layout.vpp);
  const { etp } = expertTensorParallel(layout, layout.framework);
  if (etp) texts.etp = String(etp);
  if (layout.micro_batch) texts.microBatch = String(layout.micro_batch);
  if (layout.recompute) texts.recompute = layout.recompute;
  if (layout.recompute_layers) texts.recomputeLayers = String(layout.recompute_layers);
  const recompute = recomputeDefault(run);
  if (recompute.recompute === 'selective') {
    texts.recompute = recompute.recompute;
    texts.recomputeModules = recompute.modules;
  }
  if (layout.sequence_parallel != null && fw === 'megatron' && layout.tp > 1) {
    texts.sequenceParallel = layout.sequence_parallel ? '1' : '0';
  }
  // The stated ZeRO stage, or the distributed optimizer NeMo's, Megatron-Bridge's and MLPerf's
  // recipes build (framework-defaults.mjs, shared with the memory section).
  const zero = zeroDefault(layout);
  if (zero.zero > 0 || layout.zero != null) texts.zero = String(zero.zero);
  if (layout.flash_attention === false) texts.flashAttention = '0';
  if (/TP comm overlap on|tp-comm-overlap|AsyncTP=on/i.test(run.notes)) texts.tpOverlap = '1';
  if (/No overlap of gradient all-reduce/.test(run.notes)) texts.dpOverlap = '0';
  if (gradientsReducedInBf16(run)) texts.gradReduceBf16 = '1';
  return { ...texts, ...finetuneTexts(run) };
}

const LLAMA3_SPLIT = '7,8,8,8,8,8,8,8,8,8,8,8,8,8,8,7';
const QWEN3_235B_SPLIT = '11,12,12,12,12,12,12,11';

// Runs published as tuned performance showcases that leave the micro-batch (and, with pipeline
// parallelism, the interleaving depth) unstated: the search picks them for the stated layout.
export function tunedOpen(run) {
  const l = run.layout;
  const open = [];
  if (!/^(megatron-readme-h100|megascale|llama3-2024)/.test(run.id)) return open;
  if (l.micro_batch == null) open.push('microBatch');
  if (l.vpp == null && l.pp > 1) open.push('vpp');
  return open;
}

// Extra settings the sources state in words (stage splits, DualPipe, ...).
const STATED = {
  // Dubey et al. 2024 §3.3.2: the first and last stages hold one layer fewer; an interleaved
  // schedule whose depth V the paper does not give.
  'llama3-2024-t4-405b-8k-gpus': { stageLayers: LLAMA3_SPLIT, open: ['vpp'] },
  'llama3-2024-t4-405b-16k-gpus': { stageLayers: LLAMA3_SPLIT, open: ['vpp'] },
  'llama3-2024-t4-405b-16k-gpus-cp16-128k': { stageLayers: LLAMA3_SPLIT, open: ['vpp'] },
  // MLPerf v6.0's Llama 3.1 405B on 512 GB300 (config_GB300_128x4x56xtp2pp8cp2_cg_fp4.sh, not in
  // the stored results): TP 2, PP 8, CP 2 from its name and the MLLOG batch; its interleaving
  // depth is not stated (the 2,048-GPU config beside it sets VP 8), so the search picks it.
  'mlperf-v60-llama31_405b-nvidia-gb300-512gpu-nvfp4': { open: ['vpp'] },
  // DeepSeek-V3 §3.2: DualPipe overlaps every all-to-all with computation and runs two
  // directions of chunks per rank (as interleaving over two chunks); §3.2.3 recomputes the
  // RMSNorms and MLA's up-projections in the backward (Megatron's mla_up_proj module; the norms'
  // recompute is not a module here); §3.3.3 keeps AdamW's moments in BF16.
  // §2.2 trains one multi-token-prediction module (D = 1), on the last rank with the output head
  // (§3.2.3 deploys the deepest layers and the head with the shallowest on one rank); the split
  // of the 61 layers over the 16 ranks is not published, and the memory model fits no split of
  // this layout on 80 GB: the plan's own even split.
  'deepseek-v3-2024-pretrain': {
    moeOverlap: '1',
    moeFlexDispatcher: '1',
    vpp: '2',
    recompute: 'selective',
    recomputeModules: 'mla_up_proj',
    optimizer: 'adamw-bf16',
    mtpLayers: '1',
  },
  // Megatron-Bridge's 25.09 benchmark script for DeepSeek-V3 on H100 (scripts/performance/
  // run_script.py, commit f37f883a8 "dsv3 2509"): the expert all-to-all overlapped with the other
  // micro-batch's compute (overlap_moe_expert_parallel_comm, "A2A_1F1B"), and
  // overlap_grad_reduce = False; its configs/deepseek/deepseek_v3_llm_pretrain.yaml sets the
  // layout Et|(tt|)*30mL over PP 8 × VP 4 (the card's), the MTP layer with the loss.
  'mbridge-2509-deepseekv3-1024gpu': {
    moeOverlap: '1',
    dpOverlap: '0',
    moeFlexDispatcher: '1',
    mtpLayers: '1',
    stageLayers: '7,8,8,8,8,8,8,6',
  },
  // Megatron-Bridge's 25.11 and 26.04 Qwen3-235B-A22B configs for H100 set moe_a2a_overlap=True
  // (scripts/performance/configs/qwen/qwen3_workload_base_configs.py, 97ad8cc6f and 21d102f5e),
  // which turns on overlap_moe_expert_parallel_comm (utils/overrides.py): the same A2A 1F1B.
  // Its Qwen3-235B-A22B recipe, in all three releases, counts the embedding and the loss as a
  // layer each in the pipeline split (account_for_embedding_in_pipeline_split and
  // account_for_loss_in_pipeline_split: recipes/qwen/qwen3_235b_a22b.py at f37f883a8,
  // qwen3_moe.py at 97ad8cc6f and 21d102f5e): 96 over PP 8 × VPP 4 chunks of 3, the first and
  // last chunks one transformer layer short.
  'mbridge-2509-qwen3_235b_a22b-256gpu': { stageLayers: QWEN3_235B_SPLIT },
  'mbridge-2511-qwen3_235b_a22b-256gpu': { moeOverlap: '1', stageLayers: QWEN3_235B_SPLIT },
  'mbridge-260401-qwen3_235b_a22b-256gpu': { moeOverlap: '1', stageLayers: QWEN3_235B_SPLIT },
  // Megatron-Bridge's 26.04 DeepSeek-V3 configs for Blackwell (deepseek_workload_base_configs.py
  // at 21d102f5e) with their pipeline layouts: on B200 Et*4|(t*4|)*14tmL over PP 8 × VP 2, on
  // GB200 the recipe's own for PP 4 × VP 4 (recipes/deepseek/deepseek_v3.py), both 4 layers a
  // virtual stage and the last one layer with the MTP layer and the loss (the MTP layer itself is
  // not a layer here). B200 overlaps the all-to-all (moe_a2a_overlap) and recomputes mla_up_proj
  // and mlp; GB200 recomputes mlp only.
  'mbridge-260401-b200-deepseekv3-256gpu': {
    moeOverlap: '1',
    moeFlexDispatcher: '1',
    stageLayers: '8,8,8,8,8,8,8,5',
  },
  'mbridge-260401-gb200-deepseekv3-256gpu': {
    moeFlexDispatcher: '1',
    recompute: 'selective',
    recomputeModules: 'mlp',
    stageLayers: '16,16,16,13',
  },
  // Its Qwen3-235B-A22B recipe's split on B200 (PP 8) and GB200 (PP 8 × VP 3), as on H100.
  'mbridge-260401-b200-qwen3_235b_a22b-256gpu': { stageLayers: QWEN3_235B_SPLIT },
  'mbridge-260401-gb200-qwen3_235b_a22b-256gpu': {
    moeFlexDispatcher: '1',
    stageLayers: QWEN3_235B_SPLIT,
  },
  // The same models on GB200 in release 26.06, whose MXFP8 configs (at c270efc50) overlap the
  // all-to-all (moe_a2a_overlap) on HybridEP and capture the whole iteration in one CUDA graph;
  // DeepSeek-V3 recomputes mla_up_proj there, gpt-oss nothing. Layer splits as in 26.04.01.
  'mbridge-2606-gb200-deepseekv3-256gpu': {
    moeOverlap: '1',
    moeFlexDispatcher: '1',
    recompute: 'selective',
    recomputeModules: 'mla_up_proj',
    stageLayers: '16,16,16,13',
  },
  'mbridge-2606-gb200-gptoss120b-64gpu-mxfp8': { moeOverlap: '1', moeFlexDispatcher: '1' },
  'mbridge-2606-gb200-qwen3_30b_a3b-8gpu-mxfp8': { moeOverlap: '1', moeFlexDispatcher: '1' },
  'mbridge-2606-gb200-qwen3_235b_a22b-256gpu': {
    moeOverlap: '1',
    moeFlexDispatcher: '1',
    stageLayers: QWEN3_235B_SPLIT,
  },
  // Blackwell Ultra in release 26.06 (configs at c270efc50). GB300's MXFP8 configs run as
  // GB200's do (whole-iteration CUDA graph, the all-to-all overlapped on HybridEP, no
  // recompute): DeepSeek-V3 over PP 2 × VP 8 with the recipe's layout Et*4|(t*4|)*14tmL (4
  // layers a virtual stage, the last one layer with the MTP layer and the loss), Qwen3-235B-A22B
  // over PP 4 × VP 12 with its embedding-and-loss split (chunks of 2, the first and last one
  // short). B300's DeepSeek-V3 and GPT-OSS configs keep the all-to-all apart (moe_a2a_overlap
  // False, CUDA graphs over attention and the router only), DeepSeek-V3 with the recipe's PP 8
  // layout and mla_up_proj recomputed; its Qwen3-30B-A3B config is GB300's.
  'mbridge-2606-gb300-deepseekv3-256gpu': {
    moeOverlap: '1',
    moeFlexDispatcher: '1',
    stageLayers: '32,29',
  },
  'mbridge-2606-b300-deepseekv3-256gpu': {
    moeFlexDispatcher: '1',
    recompute: 'selective',
    recomputeModules: 'mla_up_proj',
    stageLayers: '8,8,8,8,8,8,8,5',
  },
  'mbridge-2606-gb300-gptoss120b-64gpu-mxfp8': { moeOverlap: '1', moeFlexDispatcher: '1' },
  'mbridge-2606-b300-gptoss120b-64gpu-mxfp8': { moeFlexDispatcher: '1' },
  'mbridge-2606-gb300-qwen3_30b_a3b-8gpu-mxfp8': { moeOverlap: '1', moeFlexDispatcher: '1' },
  // Qwen3's performance configs recompute nothing (set_qwen3_common_configs in
  // scripts/performance/configs/qwen/qwen3_llm_pretrain.py at c270efc50 sets
  // recompute_granularity None over the recipe's full recompute), and Megatron refuses full
  // recompute beside the overlap (withFrameworkRecompute below).
  'mbridge-2606-b300-qwen3_30b_a3b-8gpu-mxfp8': {
    moeOverlap: '1',
    moeFlexDispatcher: '1',
    recompute: 'none',
  },
  'mbridge-2606-gb300-qwen3_235b_a22b-256gpu': {
    moeOverlap: '1',
    moeFlexDispatcher: '1',
    stageLayers: '23,24,24,23',
  },
  // Megatron-Bridge's Qwen3-30B-A3B H100 BF16 recipe with its all-to-all overlapped
  // (perf_recipes/qwen/h100/qwen3_moe.py: overlap_moe_expert_parallel_comm = True), and the
  // overlapped half of PR #5094's A/B of that setting.
  'mbridge-card-qwen3_30b_a3b-16gpu-bf16': { moeOverlap: '1', moeFlexDispatcher: '1' },
  // Megatron-Bridge's model verification cards, pretrain_performance (recipes in
  // src/megatron/bridge/perf_recipes at 067f987df; rows' notes). DeepSeek-V3 keeps Adam's moments
  // in bf16 (precision-aware optimizer) and splits its layers by the recipes' layout strings: on
  // H100 Et|(tt|)*30mL over PP 8 × VP 4 (the last virtual stage the MTP layer and the loss alone),
  // on GB200 and GB300 the 26.06 rows' splits. H100 runs HybridEP without the overlap, the
  // gradients reduced after the backward; Blackwell overlaps the all-to-all under a
  // whole-iteration CUDA graph.
  'mbridge-card-deepseekv3-h100-1024gpu-bf16': {
    moeFlexDispatcher: '1',
    dpOverlap: '0',
    recomputeModules: 'mla_up_proj,mlp',
    optimizer: 'adamw-bf16',
    stageLayers: '7,8,8,8,8,8,8,6',
  },
  'mbridge-card-deepseekv3-gb200-256gpu-mxfp8': {
    moeOverlap: '1',
    moeFlexDispatcher: '1',
    recomputeModules: 'mla_up_proj',
    optimizer: 'adamw-bf16',
    stageLayers: '16,16,16,13',
  },
  'mbridge-card-deepseekv3-gb300-256gpu-mxfp8': {
    moeOverlap: '1',
    moeFlexDispatcher: '1',
    optimizer: 'adamw-bf16',
    stageLayers: '32,29',
  },
  'mbridge-card-qwen3_235b_a22b-gb200-256gpu-mxfp8': {
    moeOverlap: '1',
    moeFlexDispatcher: '1',
    stageLayers: QWEN3_235B_SPLIT,
  },
  'mbridge-card-qwen3_235b_a22b-gb300-256gpu-mxfp8': {
    moeOverlap: '1',
    moeFlexDispatcher: '1',
    stageLayers: '23,24,24,23',
  },
  // GPT-OSS 120B on GB200 in bf16 runs Megatron's all-to-all dispatcher overlapped, recomputing
  // the norms and the experts' activation (the norms' recompute is not a module here).
  'mbridge-card-gptoss120b-gb200-64gpu-bf16': { moeOverlap: '1', recomputeModules: 'moe_act' },
  'mbridge-card-gptoss120b-gb300-64gpu-mxfp8': { moeOverlap: '1', moeFlexDispatcher: '1' },
  'mbridge-card-qwen3_30b_a3b-gb200-8gpu-mxfp8': { moeOverlap: '1', moeFlexDispatcher: '1' },
  'mbridge-card-qwen3_30b_a3b-gb300-8gpu-mxfp8': { moeOverlap: '1', moeFlexDispatcher: '1' },
  'mbridge-pr5094-qwen3_30b_a3b-16gpu-bf16-a2a-overlap': {
    moeOverlap: '1',
    moeFlexDispatcher: '1',
  },
  'mbridge-pr5094-qwen3_30b_a3b-16gpu-bf16-a2a-serial': { moeFlexDispatcher: '1' },
  // The same recipe on Megatron's all-to-all dispatcher (a copy over the network per routed
  // expert), with the overlap and without: the skill nemo-mbridge-perf-moe-comm-overlap's smoke.
  'mbridge-skill-qwen3_30b_a3b-16gpu-bf16-alltoall-overlap': { moeOverlap: '1' },
  // Megatron-Bridge PR #3107's Llama 3 70B SFT runs on 32 H100 (the skills
  // nemo-mbridge-perf-activation-recompute and nemo-mbridge-perf-memory-tuning): the recipe
  // recomputes core attention, the A/B rows the MLP as well or instead.
  'mbridge-skill-h100-llama3_70b-sft-32gpu-recompute-core_attn': { recomputeModules: 'core_attn' },
  'mbridge-skill-h100-llama3_70b-sft-32gpu-recompute-mlp': { recomputeModules: 'mlp' },
  'mbridge-skill-h100-llama3_70b-sft-32gpu-recompute-mlp-core_attn': {
    recomputeModules: 'mlp,core_attn',
  },
  'mbridge-skill-h100-llama3_70b-sft-32gpu-tp4-pp8': { recomputeModules: 'core_attn' },
  'mbridge-skill-h100-llama3_70b-sft-32gpu-tp8-pp4': { recomputeModules: 'core_attn' },
  'mbridge-260401-qwen3_30b_a3b-16gpu': { moeFlexDispatcher: '1' },
  // Megatron-Bridge's GPT-OSS 120B H100 config at 26.04 (scripts/performance/configs/gpt_oss/
  // gpt_oss_workload_base_configs.py at 21d102f5e, GPT_OSS_120B_PRETRAIN_CONFIG_H100_BF16_V2):
  // PP 4, EP 8, micro-batch 1, GBS 1280, recompute_modules ["layernorm", "moe_act"]. The norms'
  // recompute is not a module here: the experts' activation is.
  'mbridge-260401-gptoss120b-64gpu': { recompute: 'selective', recomputeModules: 'moe_act' },
  // …as at 25.11 (GPT_OSS_120B_PRETRAIN_CONFIG_H100_BF16_BASE_CONFIG in scripts/performance/
  // configs/gpt_oss/gpt_oss_workload_base_configs.py at 97ad8cc6f: PP 4, EP 8, the same
  // recompute_modules; the row is left out for its micro-batch, its plan still says what ran).
  'mbridge-2511-gptoss120b-64gpu': { recompute: 'selective', recomputeModules: 'moe_act' },
  // …and on B200 (GPT_OSS_120B_PRETRAIN_CONFIG_B200_BF16_V2 at 21d102f5e): TP 1, PP 1, EP 8,
  // micro-batch 4, GBS 1280, the same recompute.
  'mbridge-260401-b200-gptoss120b-64gpu': { recompute: 'selective', recomputeModules: 'moe_act' },
  // …and on GB200 (GPT_OSS_120B_PRETRAIN_CONFIG_GB200_BF16_V2 at 21d102f5e): EP 64 over one
  // NVL72 rack, micro-batch 4, the same recompute, and moe_a2a_overlap=True.
  'mbridge-260401-gb200-gptoss120b-64gpu': {
    recompute: 'selective',
    recomputeModules: 'moe_act',
    moeOverlap: '1',
  },
  // NeMo 24.07's table states neither recompute nor overlaps for Nemotron-4 340B. NVIDIA's DGX
  // Cloud benchmarking recipe for the same model, layout and batch (TP 8, PP 8, VP 12, MBS 1,
  // GBS 32 on 128 H100; dgxc-benchmarking 35a9aec, nemotron/configure.sh and
  // nemotron4-340b-synth.yaml) measured 3.16 s per FP8 step, this row's 3.14 s within 1 %: it
  // recomputes selectively and overlaps TP's communication. NeMo-Framework-Launcher's own
  // nemotron_340b.yaml at tag 24.07 recomputes selectively too.
  // Both configs keep Apex's DistributedFusedAdam state in bf16 (optim.dtype: bf16).
  'nemo2407-nemotron-340b-128gpu': {
    recompute: 'selective',
    tpOverlap: '1',
    optimizer: 'adamw-bf16',
  },
};

// The attention kernel FlashAttention-2 runs at on H100 SXM5 (Shah et al. 2024, FlashAttention-3,
// Figure 5: 335 TFLOP/s causal forward at head dim 128, 16k tokens), as a share of the 989 peak.
const FLASH2_H100 = String(335 / 989);

// Settings a family of runs states in its own files rather than in the data's columns.
const STATED_BY_PREFIX = [
  // MLPerf v3.0 (NVIDIA's GPT-3 implementation): TransformerEngine 0.8 runs flash-attn 1.0.5 for
  // causal masks (NVTE_FLASH_ATTN defaults to 1 and is never set; requirements.txt pins
  // flash-attn==1.0.5). FlashAttention-2 is "around 2× speedup compared to FlashAttention" (Dao
  // 2023, abstract): FlashAttention-1 at half of FlashAttention-2's rate.
  ['mlperf-v30-', { attentionEfficiency: String(335 / 989 / 2) }],
  // MLPerf v3.1: the Dockerfile installs flash-attn 2.0.8 and TransformerEngine "prioritizes
  // FlashAttention over FusedAttention" (attention.py of the TE it builds); config_common.sh
  // leaves NVTE_FLASH_ATTN=0 commented out. From v4.0, TE picks cuDNN's fused attention on
  // sm90 (the plan's default kernel).
  ['mlperf-v31-', { attentionEfficiency: FLASH2_H100 }],
  // MLPerf v6.0's DeepSeek-V3, NVIDIA's and CoreWeave's
  // config_GB300_*_tp1pp4ep32cp1_mxfp8_full_cg.sh: the all-to-all overlapped on HybridEP
  // (OVERLAP_MOE_EXPERT_PARALLEL_COMM, MOE_FLEX_DISPATCHER_BACKEND=hybridep) over PP 4 × VP 4
  // with the Megatron-Bridge recipe's layout Et*4|(t*4|)*14tmL (4 layers a virtual stage, the
  // last one layer with the MTP layer and the loss).
  // Their config_common_mxfp8.sh also exports FP8_DPA=True (conf/model/671b.yaml:
  // fp8_dot_product_attention), NVTE_DPA_FP8_RECIPE unset: MXFP8 attention (TE 2.15).
  [
    /^mlperf-v60-deepseekv3_671b-/,
    {
      moeOverlap: '1',
      moeFlexDispatcher: '1',
      stageLayers: '16,16,16,13',
      fp8Attention: '1',
    },
  ],
  // FP8 attention (fp8_dot_product_attention), read from each run's config chain; no config sets
  // NVTE_FP8_DPA_BWD=0. MLPerf v5.1's Llama 3.1 8B NVFP4 configs source config_common_fp8attn.sh
  // (FP8_DPA=True) and config_common_fp4.sh (NVTE_DPA_FP8_RECIPE="Float8CurrentScaling"), the
  // partners' logs printing fp8_dot_product_attention: true; its 405B NVFP4 configs do not.
  // Megatron-Bridge set it first in 26.06 (c270efc50), in MXFP8 configs only: GPT-OSS, Qwen3-30B
  // and Qwen3-235B on GB200 and GB300 (scripts/performance/configs/{gpt_oss,qwen}/
  // *_workload_base_configs.py), Qwen3-30B on B300, DeepSeek-V3 on GB300 alone; its verification
  // cards' MXFP8 recipes through perf_recipes/{qwen,gpt_oss}/common.py and DeepSeek-V3's GB300
  // one (its GB200 recipe leaves it off).
  [/^mlperf-v51-llama31_8b-.*-nvfp4$/, { fp8Attention: '1' }],
  [
    /^mbridge-2606-(gb[23]00-(gptoss120b|qwen3_30b_a3b|qwen3_235b_a22b)|b300-qwen3_30b_a3b|gb300-deepseekv3)-/,
    { fp8Attention: '1' },
  ],
  [/^mbridge-card-(?!deepseekv3-gb200).*-mxfp8/, { fp8Attention: '1' }],
  // The LM head in MXFP8 (Megatron-Core's fp8_output_proj, Megatron-LM #4825 of 2026-05-31) where a
  // config sets it: Megatron-Bridge's DeepSeek-V3 and GPT-OSS 120B recipes on GB200 and GB300 in
  // MXFP8 from 26.06 (scripts/performance/configs/{deepseek,gpt_oss}/*_llm_pretrain.py at
  // c270efc50: fp8_output_proj = True under the mxfp8 recipe; its B300 configs leave it off), their
  // 26.08 recipes and the verification cards' (src/megatron/bridge/perf_recipes/deepseek/gb[23]00/
  // deepseek_v3.py and gpt_oss/common.py at 4ab94dfad and 067f987df), and MLPerf v6.0's DeepSeek-V3
  // configs, NVIDIA's and CoreWeave's (FP8_OUTPUT_PROJ=True, "MXFP8 LM-head output projection").
  [
    /^(mbridge-(2606|2608)-gb[23]00-(deepseekv3|gptoss120b)-|mbridge-card-(deepseekv3|gptoss120b)-gb[23]00-.*-mxfp8$|mlperf-v60-deepseekv3_671b-)/,
    { fp8OutputProj: '1' },
  ],
  // Multi-token prediction, one module (mtp_num_layers 1): the layer Megatron-Bridge's DeepSeek-V3
  // recipes place in their pipeline layouts ('m' in Et|(tt|)*30mL on H100, Et*4|(t*4|)*14tmL on
  // Blackwell: recipes/deepseek/h100/deepseek_v3.py, the 26.04.01 and 26.06 workload configs, the
  // cards), as MLPerf v6.0's configs do (PIPELINE_LAYOUT); 25.09's H100 row above.
  [/^(mbridge-(card|260401|2606)-.*deepseekv3|mlperf-v60-deepseekv3)/, { mtpLayers: '1' }],
  // Megatron-LM README's H100 table (commit 937571cf, 2024-07-15): TransformerEngine before 1.8
  // (2024-07-24), whose DotProductAttention "prioritizes FlashAttention over FusedAttention"
  // (attention.py, v1.7) and installs flash-attn 2 with itself (setup.py: flash-attn>=2.0.6,
  // <=2.5.8); TE 1.8 first gave cuDNN's FusedAttention preference on Hopper.
  // The same README runs "--overlap-param-gather", which Megatron-LM of that commit accepts only
  // with the distributed optimizer (arguments.py: "--overlap-param-gather only supported with
  // distributed optimizer"): ZeRO-1.
  ['megatron-readme-h100-', { attentionEfficiency: FLASH2_H100, zero: '1' }],
  // NeMo 24.07's container (release branch r2.0.0rc1, Dockerfile: TE_TAG=7d576ed, 2024-06-13)
  // builds the same pre-1.8 TransformerEngine: FlashAttention-2 first.
  ['nemo2407-', { attentionEfficiency: FLASH2_H100 }],
  // DGX Cloud's Nemotron-4 340B and GPT-3 175B recipes set NVTE_FUSED_ATTN=0 (configure.sh,
  // launch.sh): TransformerEngine falls back to flash-attn, FlashAttention-2. The Nemotron one's
  // nemotron4-340b-synth.yaml keeps Apex's DistributedFusedAdam state in bf16 (optim.dtype: bf16).
  ['dgxc2411-nemotron4-340b-', { attentionEfficiency: FLASH2_H100, optimizer: 'adamw-bf16' }],
  ['dgxc2411-gpt3-175b-', { attentionEfficiency: FLASH2_H100 }],
  // Its Grok-1 recipe too (configure.sh), with experts padded to a capacity factor of 1.0
  // (grok1_314b.yaml: moe_expert_capacity_factor, moe_pad_expert_input_to_capacity).
  ['dgxc2411-grok1-314b-', { attentionEfficiency: FLASH2_H100, moeCapacityFactor: '1' }],
  // MegaScale's Megatron-LM baseline, commit 285068c8 (Jiang et al. 2024, §6.1): the merge that
  // added --use-flash-attn, off by default, and MegaScale names FlashAttention-2 among its own
  // additions (§3.3), so the baseline ran the unfused attention; that commit has no
  // --overlap-grad-reduce either (arguments.py), so the gradients' reduction waits.
  ['megascale2024-t2-175b-megatron-lm-', { flashAttention: '0', dpOverlap: '0', ppOverlap: '0' }],
  // Megatron-Bridge's Llama 3 70B and 3.1 405B recipes overlap TP's communication
  // (CommOverlapConfig(tp_comm_overlap=True) in recipes/llama/llama3_70b.py and llama31_405b.py,
  // f37f883a8, with the userbuffers configs scripts/performance/utils/helpers.py picks per GPU;
  // the 25.11 and 26.04 performance configs keep it but for NVFP4). Its DeepSeek-V3 and
  // Qwen3-235B H100 configs leave it off.
  [/^mbridge-.*(llama3_70b|llama31_405b)(?!.*-nvfp4$)/, { tpOverlap: '1' }],
  // Megatron-Bridge's performance scripts compute the loss with TransformerEngine's fused
  // cross-entropy (cross_entropy_fusion_impl = "te" in every 25.09 config,
  // scripts/performance/configs/*/*_llm_pretrain.yaml at v0.1.0rc4; for every recipe from
  // helpers.py at v0.2.0 and utils/overrides.py at 21d102f5e and c270efc50), which writes its
  // gradient over the bf16 logits in the TransformerEngine of those containers (before 2.18).
  // The Qwen3-30B-A3B card's weak-scaling series on GB300 runs its pretrain_performance recipe
  // (the all-to-all overlapped on HybridEP) at 8 sequences a micro-batch and DP 32, 128, 256.
  [
    /^mbridge-card-qwen3_30b_a3b-gb300-\d+gpu-mxfp8-weak$/,
    { moeOverlap: '1', moeFlexDispatcher: '1' },
  ],
  // The skills' runs (2026, current main) take the same overrides.
  [/^mbridge-(2509|2511|260401|2606|skill)-/, { loss: 'fused' }],
  // MLPerf v5.1's Llama 3.1 8B configs take TransformerEngine's cross-entropy too
  // (config_common_8b.sh: CE_FUSION_IMPL=te), in the same 25.09 container.
  [/^mlperf-v51-llama31_8b-/, { loss: 'fused' }],
  // So do the partners' v6.0 runs of it: ASUSTeK's config sets CE_FUSION_IMPL=te
  // (config_XA_NB3I_E12.sh), as SCITIX's config_common_8b.sh does, and Lambda's, HPE's, Oracle's
  // and SCITIX's logs print the model's config with cross_entropy_fusion_impl te; Nebius's
  // sources shared files none of which is stored, which v5.1's config_common_8b.sh
  // (CE_FUSION_IMPL=te) was. FP8 attention where the logged config says
  // fp8_dot_product_attention: true (HPE's, Lambda's GB300 and Oracle's runs) or, where no log
  // prints it, the config sources config_common_fp8attn.sh (ASUSTeK, Nebius; v5.1's copy sets
  // FP8_DPA=True, and every logged run whose config sources it shows true); Lambda's B200 and
  // SCITIX's configs source no such file and their logs show false; nor does Nebius's 8-node
  // config (its one-node config does). NVIDIA's own 72-GPU run names the config Lambda's and
  // Oracle's GB300 logs name (config_GB300_18x4x1xtp1pp1cp1_8b_fp4.sh, in its README; not
  // stored), so it takes what their logs print.
  [
    /^mlperf-v60-llama31_8b-(asustek|lambda|hpe|nebius|oracle|scitix|nvidia-gb300-72gpu)-/,
    { loss: 'fused' },
  ],
  [
    /^mlperf-v60-llama31_8b-(asustek|hpe|nebius-b300-8gpu|oracle|lambda-gb300|nvidia-gb300-72gpu)-/,
    { fp8Attention: '1' },
  ],
  // Megatron-LM before --overlap-grad-reduce (commit 2d5220a, 2023-08-16) reduced the gradients
  // after the whole backward: training.py calls allreduce_gradients() (2021, local DDP, the
  // default --DDP-impl) or optimizer.reduce_model_grads() (2022) once forward_backward_func has
  // returned, with no compute left beside it. Nor could it overlap the interleaved schedule's
  // pipeline sends: --overlap-p2p-communication came with f9283c5 (2023-05-31) and became the
  // default with 4eeff55 (2023-10-12); before, schedules.py sends and waits.
  ['megatron2021-', { dpOverlap: '0', ppOverlap: '0' }],
  // Except Table 1's runs without a pipeline (1.7B to 18B): their script picks PyTorch's DDP
  // (DDP=torch in examples/sc21/run_table_1.sh, de7dc40f88), and forward_backward_no_pipelining
  // (schedules.py, same commit) runs every micro-batch but the last under model.no_sync(), so the
  // last one's backward all-reduces each gradient bucket as it fills (DDP's reducer hooks).
  [/^megatron2021-t1-gpt-(1\.7b|3\.6b|7\.5b|18b)$/, { dpOverlap: '1' }],
  ['korthikanti2022-', { dpOverlap: '0', ppOverlap: '0' }],
  ['megatron-readme-2021-', { dpOverlap: '0', ppOverlap: '0' }],
];

// What a run's framework could shard and split: the choices its published layout was picked
// among (search limits, by run family). Megatron-LM's distributed optimizer (ZeRO-1) began in
// February 2022 (commit 329fe58, "working on Float16DistributedOptimizer"): Narayanan et al. 2021
// had ZeRO-0 only. ZeRO-3 came with PyTorch FSDP-2 support (commit e1993fa, 2024-11-13, after
// Megatron-Core 0.9, which lacks it): runs on Megatron-LM before it had ZeRO-0 or the
// distributed optimizer, and NeMo's up to the 24.09 container (Megatron-Core 0.9; MLPerf to v4.1,
// NeMo 24.07, DGX Cloud's 24.11 recipes) ZeRO-0 or 1: the distributed optimizer (Apex's
// DistributedFusedAdam in MLPerf's GPT-3) reduces gradients once a step, as ZeRO-1.
// Uneven pipeline stages came on 2024-09-05 (commit fa8bb59); before, arguments.py asserts that
// PP divides the layers, and each stage's layers the virtual stages. NeMo runs on Megatron-Core:
// MLPerf up to v4.0 (May 2024) and NeMo 24.07 predate it. Full recompute of only some layers
// (--activations-checkpoint-method block) came on 2021-08-10 (commit c1e0689): the 2021 runs
// recompute every layer or none.
const LIMITS_BY_PREFIX = [
  ['megatron2021-', 'zero=0 uneven=0 rcl=0'],
  ['megatron-readme-2021-', 'zero=0 uneven=0 rcl=0'],
  ['korthikanti2022-', 'zero=0,1 uneven=0'],
  ['megatron-readme-', 'zero=0,1 uneven=0'],
  ['megascale2024-t2-175b-megatron-lm-', 'zero=0,1 uneven=0'],
  ['mlperf-v30-', 'zero=0,1 uneven=0'],
  ['mlperf-v31-', 'zero=0,1 uneven=0'],
  ['mlperf-v40-', 'zero=0,1 uneven=0'],
  ['mlperf-v41-', 'zero=0,1'],
  ['nemo2407-', 'zero=0,1 uneven=0'],
  ['dgxc2411-', 'zero=0,1 uneven=0'],
  // torchtitan of April 2024 applied FSDP2 and TP only: pipeline parallelism came on 2024-05-21
  // (commit aafe0e870), context parallelism later.
  ['torchtitan-2404-', 'pp=1 cp=1 zero=3'],
];

// Runs whose layout or settings their authors set for an experiment rather than for speed: the
// table shows where the search ranks them, but the aim that a published layout sit near the
// search's best is not theirs, and the search's resolution (how close tuned layouts come to the
// best) leaves them out.
// The skill nemo-mbridge-perf-moe-comm-overlap calls its all-to-all dispatcher runs a
// correctness smoke, "directional rather than release-grade" (the recipe runs HybridEP);
// nemo-mbridge-perf-memory-tuning tried its layouts to save memory, and
// nemo-mbridge-perf-activation-recompute its recompute modules on the recipe's layout.
const SMOKE = 'a dispatcher smoke test';
const MEMORY_LAYOUT = 'layouts tried to save memory';
const RECOMPUTE_AB = 'a recompute A/B';
export const EXPERIMENTS = {
  'mbridge-skill-qwen3_30b_a3b-16gpu-bf16-alltoall-serial': SMOKE,
  'mbridge-skill-qwen3_30b_a3b-16gpu-bf16-alltoall-overlap': SMOKE,
  'mbridge-skill-h100-llama3_70b-sft-32gpu-recompute-mlp': RECOMPUTE_AB,
  'mbridge-skill-h100-llama3_70b-sft-32gpu-recompute-mlp-core_attn': RECOMPUTE_AB,
  'mbridge-skill-h100-llama3_70b-sft-32gpu-tp4-pp8': MEMORY_LAYOUT,
  'mbridge-skill-h100-llama3_70b-sft-32gpu-tp8-pp4': MEMORY_LAYOUT,
};

export function searchLimitsFor(run) {
  const entry = LIMITS_BY_PREFIX.find(([prefix]) => run.id.startsWith(prefix));
  return entry ? { searchLimits: entry[1] } : {};
}

/**
 * The stages of a model of `layers` layers whose pipeline split counts the embedding and the loss
 * as a layer each (Megatron's account_for_embedding_in_pipeline_split and
 * account_for_loss_in_pipeline_split): layers + 2 over `pp` stages, the first and the last
 * stage one transformer layer short.
 */
export function embeddingAndLossSplit(layers, pp) {
  const units = layers + 2;
  if (!(pp > 1) || units % pp !== 0) return null;
  const each = units / pp;
  return Array.from({ length: pp }, (_, i) => (i === 0 || i === pp - 1 ? each - 1 : each)).join(
    ',',
  );
}

// Megatron-Bridge's Llama 3.1 405B recipe counts the embedding and the loss in its pipeline split
// in every release here (recipes/llama/llama31_405b.py at f37f883a8: both arguments default to
// True; recipes/llama/llama3.py at 97ad8cc6f and 21d102f5e: llama31_405b_pretrain_config sets
// both): 126 layers over PP 8 as 15,16,…,16,15, over PP 16 as 7,8,…,8,7.
// MLPerf v5.0's Llama 3.1 405B configs set ASYM_PP_EMBED and ASYM_PP_LOSS, which NVIDIA's
// pretrain.py passes on as those two arguments: 15,16,…,16,15 over PP 8 (v5.1's and v6.0's
// NVFP4 configs too).
const LLAMA31_405B_LAYERS = 126;
const ACCOUNTED_SPLIT = /^(mbridge-.*llama31_405b|mlperf-v(5[01]|60)-llama31_405b)/;

// Release 26.08's MoE table re-ran 26.06's MXFP8 recipes unchanged: the perf recipes at 4ab94dfad
// (src/megatron/bridge/perf_recipes/{deepseek,gpt_oss,qwen}/gb[23]00/) set, after their shared
// helpers, every setting c270efc50's configs set, and no environment variable apart. Each of its
// runs takes its 26.06 twin's stated settings.
const RERUN_OF_2606 = /^mbridge-2608-/;

export function statedFor(run) {
  const id = run.id.replace(RERUN_OF_2606, 'mbridge-2606-');
  const stated = { ...(STATED[id] ?? {}) };
  for (const [prefix, texts] of STATED_BY_PREFIX) {
    const matches = typeof prefix === 'string' ? id.startsWith(prefix) : prefix.test(id);
    if (matches) Object.assign(stated, texts);
  }
  if (ACCOUNTED_SPLIT.test(run.id)) {
    const split = embeddingAndLossSplit(LLAMA31_405B_LAYERS, run.layout.pp);
    if (split) stated.stageLayers = split;
  }
  return stated;
}

// The published step time (s) or tokens/s per GPU, and what we compare it with.
export function publishedMetric(run, texts) {
  const p = run.published;
  const gpus = run.hardware.gpus;
  const tokensPerStep = run.layout.global_batch * (run.model.seq_len ?? 2048);
  if (p.tokens_per_s_per_gpu) {
    return { kind: 'tokens/s/GPU', value: p.tokens_per_s_per_gpu, higherIsBetter: true };
  }
  if (p.iteration_s) return { kind: 's/step', value: p.iteration_s, higherIsBetter: false };
  if (p.tflops_per_gpu && p.tflops_kind === 'hardware') {
    // Narayanan et al. 2021, eq. 3 (the convention of these TFLOP/s): F per step =
    // 96·B·s·l·h²·(1 + s/6h + V/16lh); step = F / (GPUs · X).
    const m = run.model;
    const s = m.seq_len;
    const V = m.vocab ?? 51200;
    const f =
      96 *
      run.layout.global_batch *
      s *
      m.layers *
      m.hidden ** 2 *
      (1 + s / (6 * m.hidden) + V / (16 * m.layers * m.hidden));
    return {
      kind: 's/step',
      value: f / (gpus * p.tflops_per_gpu * 1e12),
      higherIsBetter: false,
      note: `${p.tflops_per_gpu} TFLOP/s (eq. 3)`,
    };
  }
  if ((p.tflops_per_gpu && p.tflops_kind === 'model') || (p.mfu && !p.iteration_s)) {
    // Model FLOPs in the convention these sources share with ours (6 per parameter-multiply
    // plus the full attention square: Megatron's num_floating_point_operations, Korthikanti's
    // eq. 7, PaLM's 6N + 12·L·H·Q·T): tokens/s per GPU = TFLOP/s ÷ model FLOPs per token.
    const peak = run.hardware.accelerator.startsWith('a100') ? 312 : 989;
    const tflops = p.tflops_per_gpu ?? (p.mfu / 100) * peak;
    return {
      kind: 'tokens/s/GPU',
      value: null,
      tflops,
      higherIsBetter: true,
      note: p.tflops_per_gpu ? `${p.tflops_per_gpu} model TFLOP/s` : `MFU ${p.mfu} %`,
    };
  }
  if (p.mfu && run.id.startsWith('llama3')) {
    // PaLM's model FLOPs per token (Chowdhery et al. 2022, App. B): 6N + 12·L·H·Q·T over the
    // BF16 peak 989 — per-GPU tokens/s = MFU · peak / that.
    const m = run.model;
    const n = 405e9;
    const perToken = 6 * n + 12 * m.layers * m.heads * (m.hidden / m.heads) * m.seq_len;
    return {
      kind: 'tokens/s/GPU',
      value: ((p.mfu / 100) * 989e12) / perToken,
      higherIsBetter: true,
      note: `MFU ${p.mfu} %`,
    };
  }
  if (p.gpu_hours && run.id.startsWith('deepseek')) {
    // Table 1: 2.664M GPU-hours of pre-training for 14.8T tokens.
    return {
      kind: 'tokens/s/GPU',
      value: 14.8e12 / (2.664e6 * 3600),
      higherIsBetter: true,
      note: '2.664M GPU-h / 14.8T tokens',
    };
  }
  void texts;
  void tokensPerStep;
  return null;
}

export function predictedMetric(metric, time) {
  if (metric.kind === 'tokens/s/GPU') return time.tokensPerS / time.gpus;
  return time.stepS;
}

// The layout-shape key the search's top list is deduplicated by.
export const shape = (c) => `${c.tp}/${c.pp}/${c.dp}/${c.cp}/${c.ep}`;

// The search's best variant of the published layout alone (its GPUs, its stated inputs fixed),
// or null when none fits. The run trained, so the card held it: variants the memory model calls
// tight count ("tight=1"; the search keeps them out unless told), and its experts per GPU are
// what it ran ("experts=0..": the search's default keeps to what validated runs held).
export function bestOfPublishedLayout(core, texts) {
  const report = core.search({
    ...texts,
    searchLimits: `${texts.searchLimits ?? ''} tight=1 experts=0..`.trim(),
    clusterGpus: String(texts.tp * texts.pp * texts.dp * texts.cp),
  });
  return report.ran && report.search.found ? report.search.best : null;
}

// The stated layout, with what the source leaves open but says was tuned (`open`: e.g. Llama 3's
// interleaving depth) chosen by the search for that layout; anything else unstated keeps the
// plan's default.
export function settle(core, texts, open) {
  if (!open || open.length === 0) return { texts, chosen: null };
  const chosen = {};
  const best = bestOfPublishedLayout(core, texts);
  if (best) {
    for (const [key, value] of [
      ['microBatch', best.microBatch],
      ['vpp', best.vpp],
    ]) {
      if (texts[key] == null && open.includes(key)) chosen[key] = String(value);
    }
    return { texts: { ...texts, ...chosen }, chosen };
  }
  // Nothing fits this card in the memory model (the run used memory savings it does not know):
  // the fastest of the open settings, by time alone.
  let fastest = null;
  for (const mb of open.includes('microBatch') ? [1, 2, 4, 8] : [texts.microBatch ?? 1]) {
    for (let v = 1; v <= (open.includes('vpp') ? 16 : 1); v++) {
      const trial = { ...texts, microBatch: String(mb) };
      if (open.includes('vpp')) trial.vpp = String(v);
      const r = core.evaluate(trial);
      if (!r.training.timeAvailable) continue;
      const step = r.training.time.stepS;
      if (!fastest || step < fastest.step) fastest = { step, mb, v };
    }
  }
  if (!fastest) return { texts, chosen: null };
  if (open.includes('microBatch')) chosen.microBatch = String(fastest.mb);
  if (open.includes('vpp')) chosen.vpp = String(fastest.v);
  return { texts: { ...texts, ...chosen }, chosen };
}

// A run whose source leaves recompute unstated ran its framework's default: no recompute in
// Megatron-LM, NeMo and Megatron-Bridge (their recipes set none; framework-defaults.mjs, as the
// memory section plans the same runs). Where that does not fit the card in the memory model, the
// run must have recomputed: the fastest recompute the search finds for the published layout,
// listed as chosen. Only the prediction reads it: the searches still try every recompute mode.
export function withFrameworkRecompute(core, run, texts, chosen) {
  if (texts.recompute != null || recomputeDefault(run).recompute !== 'none') {
    return { texts, chosen };
  }
  const none = { ...texts, recompute: 'none' };
  const report = core.evaluate(none);
  if (report.training.available && report.training.memory.fits) return { texts: none, chosen };
  // Megatron refuses full recompute beside the MoE all-to-all overlap (TransformerConfig's
  // __post_init__: "disable full recomputation when enabling overlap_moe_expert_parallel_comm").
  const overlapped = texts.moeOverlap === '1' && Number(texts.ep ?? 1) > 1;
  const best = bestOfPublishedLayout(core, {
    ...texts,
    microBatch: texts.microBatch ?? '1',
    vpp: texts.vpp ?? '1',
    ...(overlapped ? { searchLimits: 'rc=none,selective' } : {}),
  });
  if (!best) return { texts, chosen };
  const picked = { recompute: best.recompute };
  if (Number.isFinite(best.recomputeLayers)) picked.recomputeLayers = String(best.recomputeLayers);
  // The peak the memory model gives the step without recompute, which did not fit.
  const nonePeakGb = report.training.available ? report.training.memory.peakGb : NaN;
  return {
    texts: { ...texts, ...picked },
    chosen: { ...(chosen ?? {}), ...picked },
    nonePeakGb,
  };
}
