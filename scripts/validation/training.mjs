// Training step time and the layout search against published runs (validation/data/
// training-runs.json, sources in training-runs.md). Each run becomes a plan (its stated model,
// accelerator, layout, batch, precision, recompute and overlaps); what a source does not state
// (micro-batch, interleaving, recompute, ZeRO) is what the search picks for the published layout.
// The prediction is compared with what the source measured, in the source's own terms: tokens/s
// per GPU or seconds per step where given, else TFLOP/s converted to a step time with the
// source's own FLOP formula. Then the search runs free on the same cluster and batch: the
// published layout must be within 10 % of its best time and among its top 10 layouts.
import { readFile } from 'node:fs/promises';
import { catalogPresets, modelCatalogEntry } from './catalog-presets.mjs';
import { median, signedPct } from './stats.mjs';
import {
  deepspeedZero3,
  expertTensorParallel,
  fp8WeightStorage,
  gradientsReducedInBf16,
  recomputeDefault,
  trainedInFp8,
  zeroDefault,
} from './framework-defaults.mjs';

export const id = 'training';
export const title = 'Training step time and the layout search';
// What issue 12 asks of this table. Not met today: the doc says so and gives the real figures.
export const TARGETS = {
  medianAbsError: 0.1,
  maxAbsError: 0.25,
  // The published layout's predicted step against the search's best, and its rank.
  searchWithin: 0.1,
  searchTop: 10,
};

// What tests/web/validation-training.test.mjs holds the table to: today's figures (median 9.7 %,
// largest 74.5 %, 134 of 152 published layouts in the top 10, 126 within 10 % of the best),
// rounded up, so that no change makes them worse unnoticed; and no fewer rows under the bounds.
// The median was 9.5 % until Narayanan et al.'s four runs on PyTorch's DDP overlapped their
// gradient all-reduce as that DDP does (STATED_BY_PREFIX): the model came out 11–15 % faster.
// 152 rows since Megatron-Bridge 26.06's four GB200 MoE runs joined (148 before, median 9.1 %;
// two of their layouts in the top 10, three within 10 % of the best), published 17–74 % faster than
// the same recipes in 26.04.01 and +20 … +37 % in the model; then GB200's own sustained GEMM
// share (0.8388 for the B200's 0.8826, kernel_catalog.cpp) took every GB200 run 4–5 % slower
// (its FP8 runs' median +36.0 → +29.8 %) and one 26.04.01 layout 22 % behind the search's best
// (Qwen3-30B-A3B on 8 GB200) out of the top 10 (135 → 134).
// 148 rows since MLPerf Training v5.0's Llama 3.1 405B submissions joined (14 runs: NVIDIA's on
// 512–8,192 H100, Nebius's on 512 and 1,024 H200, NVIDIA's and CoreWeave's on 256–2,496 GB200;
// 134 before, median 9.1 %): on H100 and H200 the model is 5.8–8.0 % fast, on GB200 35.7–37.1 %
// (its MFU 39 % published, 53 % in the model, where Megatron-Bridge's 26.04 Llama 3.1 405B on
// GB200 came out +1.4 %); the search ranks every one of them in its top 6, within 3 % of its best.
// What Megatron runs eagerly in gpt-oss's expert layers (its experts' output bias in fp32 on every
// routed copy, the clamp of the GLU's inputs; step_time.cpp) and attention at head dim 64
// (head_dim_share, kernel_model.cpp) took GPT-OSS 120B from +63, +78 and +124 % (H100, B200, GB200) to +37.5,
// +54 and +73 %, and the largest to Qwen3-30B-A3B on 16 H100 in FP8 (+74.5 %); the bound on the
// largest from 125 to 75 %. Before that, as follows (124.3 % the largest). 134 rows since
// Megatron-Bridge's 26.04.01 runs on DGX GB200 and its MoE runs on DGX B200 joined (125 before,
// with the bound on the largest at 78 %: the new rows, not the model, moved it). On
// GB200 the dense runs come out +1.4 % (Llama 3.1 405B, FP8) and +31.5 % (Llama 3 70B, MXFP8, TP 2
// PP 4 VP 5). Every MoE run on Megatron-Bridge now comes out fast, from +24 % to +124 % (GPT-OSS
// 120B on GB200): since the flex dispatcher sends a token through the network once a node
// (step_time.cpp), the runs with experts across nodes on DeepEP or HybridEP (DeepSeek-V3 on B200
// −41 % → +30 %, on H100 +22 % → +60 %; Qwen3-30B-A3B on 16 H100 −4 … +31 % → −30 … +75 %) no
// longer have a dearer all-to-all hiding what their layers cost beyond the model, which the runs
// with experts inside one node showed already; the median went from 8.7 to 9.1 %, and the
// search, no longer charging each routed copy through the NICs, ranks their published layouts
// near its best (115 → 119 in the top 10, 104 → 109 within 10 %). GPT-OSS 120B's published MFU
// is 20–23 % on H100, B200 and GB200 alike (at the model's FLOPs per token) while the model's
// grows with the GPU (33, 37, 52 %; fineGrainedMoeFinding below): what it leaves out of these
// layers points to work that scales with the GPU's speed rather than a fixed cost per kernel.
// Both of its conflicting Qwen3-30B-A3B figures and its self-contradicting GPT-OSS row of 25.11
// are left out, and so are the GB200 runs that offload activations to the Grace CPU or put a
// virtual stage at no layer.
// GPT-OSS 120B was the largest before: the model is 77 % fast on B200
// (TP 1, PP 1, EP 8 inside a node) and 63 % on H100 (PP 4, EP 8 inside a node, 16 % MFU
// published), as on the Qwen3-30B-A3B layout with EP 8 inside a node that the
// 26.02.01 table published at 9,058 tokens/s/GPU against the model's 14,756: with the all-to-all
// on NVLink, the fine-grained MoE layers cost far more than their GEMMs, dispatch and permutes in
// the model; across nodes the model's dearer all-to-all hides that. Rings through k NICs of each
// node holding k NICs' channels of SMs (step_time.cpp), with overlap ending at max(C, W + s·C),
// took torchtitan's FSDP rows from +15 … +18.5 % to +7 … +9 % (its comm-bound Llama 2 70B from
// −6.5 to −5.2 %), the median from 9.2 to 8.2 %, and ZeRO-3's lead over the published Megatron
// layouts down (98 → 102 within 10 %); the search's deeper interleaving (layout_search.cpp: VPP 2
// holds the most in flight, so deeper ones may fit where it did not) found faster variants. The network's own collective efficiency (0.9 of the NICs' line rate, NCCL
// over InfiniBand, where NVLink's measured one stood in before) took the largest from 37.9 % to
// 32.4 %, one layout out of the top 10 (NeMo's Llama 3 70B, tenth before) and one past 10 % of the
// best (Korthikanti's 1T, 10.0 % before). PyTorch's eager element-wise ops (step_time.cpp) took
// Meta's Llama 3 405B rows from +6.3, +2.0 and −10.4 % to −11.5, −10.9 and −19.5 %: the source does
// not say which kernels Meta's stack ran, so they keep the PyTorch profile. GEMMs at the rate
// NVIDIA's collector measured bf16 ones sustaining at the power limit
// (validation/data/gemm-sustained.json) took the H100 BF16 runs' median from +20.5 % to +10.8 %;
// fp8 GEMMs at that share too (kernel_catalog.cpp) took the H100 FP8 runs' from +12.5 % to +5.5 %
// and the B200 ones' from +32.8 % to +19.6 %; flash attention at the length of a CP chunk, to +4.6
// % (H100 BF16 +9.8 %). DGX Cloud's recipes state every setting of their runs, and on all
// twenty-four the model is fast: by 1–17 % (step time), FP8 more than BF16, and its MoE, Grok-1, by
// 10–18 % once the experts' gathers over their TP group count (15–23 % before), though the search
// ranks its layout first. The largest are PR #5094's Qwen3-30B-A3B run without the all-to-all
// overlap (+38 %: its HybridEP all-to-all took less time than the model's NCCL one; +31 % since),
// Megatron-Bridge's Qwen3-235B (+23 … +32 %), its B200 Llama 3.1 405B (+25 %) and the Megatron-LM
// README's smallest H100 rows (+25 %). NeMo's Nemotron-4 340B row (−26 % while the search filled in
// full recompute) runs, as NVIDIA's DGX Cloud recipe of the same layout states, with selective
// recompute, bf16 gradients and bf16 optimizer state, and is now the search's best. Of the
// published layouts the search ranks low, most lose to ZeRO-3 with TP 1 and partial recompute, up
// to 22 % faster in the model than NVIDIA's tuned Llama 70B and GPT-3 layouts (on B200,
// Megatron-Bridge's own 70B recipe is such a layout: FSDP, TP 1, 5 recomputed layers; on H100 it
// keeps TP 4, PP 8), and the MoE runs to layouts with expert parallelism inside a node, often tight
// on memory, or without it under ZeRO-3 (since the experts reduce over their own group, EP 8 with
// ZeRO-3 across nodes no longer wins): the model's all-to-all across nodes is dearer than
// HybridEP's (allToAllBound below).
export const BOUNDS = {
  medianAbsError: 0.1,
  maxAbsError: 0.75,
  minRows: 152,
  minInTop: 134,
  minWithin: 126,
};

const DATA = new URL('../../validation/data/training-runs.json', import.meta.url);

// Megatron's GPT models (Narayanan et al. 2021; Korthikanti et al. 2022; the README's tables):
// learned positions, LayerNorm, GELU MLP of 4h, biases, tied embeddings, dropout 0.1, GPT-2's
// vocabulary padded to 51,200.
function gpt(layers, hidden, heads, vocab = 51200, extra = {}) {
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
};

function accelerator(text) {
  if (/^(a100-80g|a100-40g|h100-80g|h800-80g|h200-141g)$/.test(text)) return text;
  if (/^a100 /.test(text)) return 'a100-80g'; // the Megatron README's GPT-3 run on Selene
  if (/^b200/.test(text)) return 'b200';
  if (text === 'gb200') return 'gb200';
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
  'mbridge-2509-qwen3_30b_a3b-16gpu': QWEN3_30B_CONFLICT,
  'mbridge-2511-qwen3_30b_a3b-16gpu': QWEN3_30B_CONFLICT,
  'mbridge-2511-gptoss120b-64gpu':
    'the row prints MBS 4 and GA 2, which its GBS 512 over DP 16 contradicts (GBS ÷ (DP × MBS) ' +
    '= 8), and the 25.11 config (gpt_oss_workload_base_configs.py at 97ad8cc6f) sets ' +
    'micro-batch 1: which micro-batch the run used is not known',
};

// Layouts a source ran that no plan here can state.
const INEXPRESSIBLE = {
  'mbridge-260401-gb200-llama31_405b-256gpu-mxfp8':
    'VP 8 over PP 16, with the embedding and the loss counted as a layer each, leaves the first ' +
    'virtual stage the embedding alone and the last the loss alone; a virtual stage here holds ' +
    'one transformer layer at least',
};

/** Why a run is left out of the table's bounds, or null. */
function exclusion(run, presets) {
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
      'neither the memory model nor the step time has activation offloading'
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
function planOf(run, presets) {
  const { model, hardware, layout } = run;
  const fw = framework(layout.framework);
  let texts;
  if (presets.has(model.preset)) {
    texts = { model: model.preset };
  } else if (NAMED[model.name]) {
    texts = NAMED[model.name]();
  } else if (model.layers) {
    const vocab = model.vocab ?? 51200;
    texts = gpt(model.layers, model.hidden, model.heads, vocab, {
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
  return texts;
}

const LLAMA3_SPLIT = '7,8,8,8,8,8,8,8,8,8,8,8,8,8,8,7';
const QWEN3_235B_SPLIT = '11,12,12,12,12,12,12,11';

// Runs published as tuned performance showcases that leave the micro-batch (and, with pipeline
// parallelism, the interleaving depth) unstated: the search picks them for the stated layout.
function tunedOpen(run) {
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
  // DeepSeek-V3 §3.2: DualPipe overlaps every all-to-all with computation and runs two
  // directions of chunks per rank (as interleaving over two chunks); §3.2.3 recomputes the
  // RMSNorms and MLA's up-projections in the backward (Megatron's mla_up_proj module; the norms'
  // recompute is not a module here); §3.3.3 keeps AdamW's moments in BF16.
  'deepseek-v3-2024-pretrain': {
    moeOverlap: '1',
    moeFlexDispatcher: '1',
    vpp: '2',
    recompute: 'selective',
    recomputeModules: 'mla_up_proj',
    optimizer: 'adamw-bf16',
  },
  // Megatron-Bridge's 25.09 benchmark script for DeepSeek-V3 on H100 (scripts/performance/
  // run_script.py, commit f37f883a8 "dsv3 2509"): the expert all-to-all overlapped with the other
  // micro-batch's compute (overlap_moe_expert_parallel_comm, "A2A_1F1B"), and
  // overlap_grad_reduce = False.
  'mbridge-2509-deepseekv3-1024gpu': { moeOverlap: '1', dpOverlap: '0', moeFlexDispatcher: '1' },
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
  // Megatron-Bridge's Qwen3-30B-A3B H100 BF16 recipe with its all-to-all overlapped
  // (perf_recipes/qwen/h100/qwen3_moe.py: overlap_moe_expert_parallel_comm = True), and the
  // overlapped half of PR #5094's A/B of that setting.
  'mbridge-card-qwen3_30b_a3b-16gpu-bf16': { moeOverlap: '1', moeFlexDispatcher: '1' },
  'mbridge-pr5094-qwen3_30b_a3b-16gpu-bf16-a2a-overlap': {
    moeOverlap: '1',
    moeFlexDispatcher: '1',
  },
  'mbridge-pr5094-qwen3_30b_a3b-16gpu-bf16-a2a-serial': { moeFlexDispatcher: '1' },
  'mbridge-260401-qwen3_30b_a3b-16gpu': { moeFlexDispatcher: '1' },
  // Megatron-Bridge's GPT-OSS 120B H100 config at 26.04 (scripts/performance/configs/gpt_oss/
  // gpt_oss_workload_base_configs.py at 21d102f5e, GPT_OSS_120B_PRETRAIN_CONFIG_H100_BF16_V2):
  // PP 4, EP 8, micro-batch 1, GBS 1280, recompute_modules ["layernorm", "moe_act"]. The norms'
  // recompute is not a module here: the experts' activation is.
  'mbridge-260401-gptoss120b-64gpu': { recompute: 'selective', recomputeModules: 'moe_act' },
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
  [/^mbridge-.*(llama3_70b|llama31_405b)/, { tpOverlap: '1' }],
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
// Megatron-Core 0.9): runs on Megatron-LM before it had ZeRO-0 or the distributed optimizer.
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
  ['mlperf-v30-', 'uneven=0'],
  ['mlperf-v31-', 'uneven=0'],
  ['mlperf-v40-', 'uneven=0'],
  ['nemo2407-', 'uneven=0'],
  ['dgxc2411-', 'uneven=0'],
  // torchtitan of April 2024 applied FSDP2 and TP only: pipeline parallelism came on 2024-05-21
  // (commit aafe0e870), context parallelism later.
  ['torchtitan-2404-', 'pp=1 cp=1 zero=3'],
];

function searchLimitsFor(run) {
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
// pretrain.py passes on as those two arguments: 15,16,…,16,15 over PP 8.
const LLAMA31_405B_LAYERS = 126;
const ACCOUNTED_SPLIT = /^(mbridge-.*llama31_405b|mlperf-v50-llama31_405b)/;

function statedFor(run) {
  const stated = { ...(STATED[run.id] ?? {}) };
  for (const [prefix, texts] of STATED_BY_PREFIX) {
    const matches = typeof prefix === 'string' ? run.id.startsWith(prefix) : prefix.test(run.id);
    if (matches) Object.assign(stated, texts);
  }
  if (ACCOUNTED_SPLIT.test(run.id)) {
    const split = embeddingAndLossSplit(LLAMA31_405B_LAYERS, run.layout.pp);
    if (split) stated.stageLayers = split;
  }
  return stated;
}

// The published step time (s) or tokens/s per GPU, and what we compare it with.
function publishedMetric(run, texts) {
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

function predictedMetric(metric, time) {
  if (metric.kind === 'tokens/s/GPU') return time.tokensPerS / time.gpus;
  return time.stepS;
}

// The layout-shape key the search's top list is deduplicated by.
const shape = (c) => `${c.tp}/${c.pp}/${c.dp}/${c.cp}/${c.ep}`;

// The search's best variant of the published layout alone (its GPUs, its stated inputs fixed),
// or null when none fits.
function bestOfPublishedLayout(core, texts) {
  const report = core.search({
    ...texts,
    clusterGpus: String(texts.tp * texts.pp * texts.dp * texts.cp),
  });
  return report.ran && report.search.found ? report.search.best : null;
}

// The stated layout, with what the source leaves open but says was tuned (`open`: e.g. Llama 3's
// interleaving depth) chosen by the search for that layout; anything else unstated keeps the
// plan's default.
function settle(core, texts, open) {
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
function withFrameworkRecompute(core, run, texts, chosen) {
  if (texts.recompute != null || recomputeDefault(run).recompute !== 'none') {
    return { texts, chosen };
  }
  const none = { ...texts, recompute: 'none' };
  const report = core.evaluate(none);
  if (report.training.available && report.training.memory.fits) return { texts: none, chosen };
  const best = bestOfPublishedLayout(core, {
    ...texts,
    microBatch: texts.microBatch ?? '1',
    vpp: texts.vpp ?? '1',
  });
  if (!best) return { texts, chosen };
  const picked = { recompute: best.recompute };
  if (Number.isFinite(best.recomputeLayers)) picked.recomputeLayers = String(best.recomputeLayers);
  return { texts: { ...texts, ...picked }, chosen: { ...(chosen ?? {}), ...picked } };
}

// A row held to the table's bounds (not left out, with a published figure to compare), and such a
// row by its run's id.
const isHeld = (r) => !r.reason && r.metric;
const heldRun = (rows, id) => rows.find((r) => r.run.id === id && isHeld(r));

export async function evaluate(core) {
  const runs = JSON.parse(await readFile(DATA, 'utf8')).runs;
  const presets = catalogPresets(core);
  const rows = [];
  for (const run of runs) {
    const reason = exclusion(run, presets);
    const base = reason && !run.layout.tp ? null : planOf(run, presets);
    const row = { run, reason, plan: null, metric: null };
    rows.push(row);
    if (!base) continue;
    const stated = statedFor(run);
    const open = [...new Set([...(stated.open ?? []), ...tunedOpen(run)])];
    delete stated.open;
    Object.assign(base, stated);
    const metric = publishedMetric(run, base);
    if (!metric) {
      row.reason ??= 'no throughput, step time or FLOP rate with a known convention';
      continue;
    }
    const settled = settle(core, base, open);
    const { texts, chosen } = withFrameworkRecompute(core, run, settled.texts, settled.chosen);
    const report = core.evaluate(texts);
    row.plan = texts;
    row.chosen = chosen;
    row.link = core.encodeLink(texts);
    if (!report.training.timeAvailable || !report.training.available) {
      row.reason ??= 'the plan does not evaluate';
      continue;
    }
    const time = report.training.time;
    row.band = report.timeBand;
    row.time = time;
    row.fits = report.training.memory.fits;
    if (metric.value == null) metric.value = (metric.tflops * 1e12) / time.modelFlopsPerToken;
    row.metric = metric;
    row.predicted = predictedMetric(metric, time);
    row.error = row.predicted / metric.value - 1;
    // The search on the same cluster and batch, free in the layout (the source's own settings
    // kept), against the best variant of the published layout (what it leaves open, searched).
    const cluster = String(run.hardware.gpus);
    const limits = searchLimitsFor(run);
    const free = { ...base, ...limits, clusterGpus: cluster };
    for (const key of ['tp', 'pp', 'dp', 'cp', 'ep', 'vpp', 'microBatch', 'zero', 'stageLayers']) {
      delete free[key];
    }
    if (!row.reason) {
      const search = core.search(free);
      const published = core.search({ ...base, ...limits, clusterGpus: cluster });
      if (search.ran && search.search.found && published.ran && published.search.found) {
        const top = search.search.top;
        row.search = {
          best: search.search.best,
          rank: top.findIndex((c) => shape(c) === shape(base)) + 1,
          ratio: published.search.best.stepS / search.search.best.stepS - 1,
        };
      } else {
        row.search = { rank: 0, ratio: NaN };
      }
    }
  }
  const bounded = rows.filter(isHeld);
  const errors = bounded.map((r) => Math.abs(r.error));
  return {
    rows,
    summary: {
      count: bounded.length,
      median: median(errors),
      max: errors.length ? Math.max(...errors) : NaN,
      searchMisses: bounded.filter(
        (r) => !(r.search && r.search.rank >= 1 && r.search.rank <= TARGETS.searchTop),
      ),
      searchFar: bounded.filter((r) => !(r.search && r.search.ratio <= TARGETS.searchWithin)),
    },
  };
}

/** A run's published step time over the predicted one (the model's speed over the published). */
export const speedRatio = (r) => (r.metric.higherIsBetter ? 1 + r.error : 1 / (1 + r.error));

/**
 * The step-time band the page, the CLI and the exports show (core/include/llm_sizer/
 * time_band.hpp): for each kind of model (dense, MoE), over all its runs and for every accelerator
 * family with MIN_FAMILY_RUNS runs of it or more, how many and the smallest and largest ratio of the published step time
 * to the predicted one, over the runs under the bounds whose plans get a band (the validated
 * framework at automatic efficiencies). Rounded outward to two decimals, as
 * core/src/time_band_data.cpp holds them and every view shows them.
 */
// A family's own range needs this many runs of the kind: the smallest and largest of one or two
// runs say little about a third. Below it the family's plans get the kind's range over every
// accelerator, which holds those runs too.
export const MIN_FAMILY_RUNS = 3;

/**
 * One row of core/src/time_band_data.cpp: how many runs, and the smallest and largest of their
 * published (or measured) ÷ predicted step times, rounded outward to two decimals.
 */
export function bandFigures(family, kind, ratios) {
  return {
    family,
    kind,
    runs: ratios.length,
    low: Math.floor(Math.min(...ratios) * 100) / 100,
    high: Math.ceil(Math.max(...ratios) * 100) / 100,
  };
}

export function timeBandFigures(result) {
  const counted = result.rows.filter((r) => isHeld(r) && r.band?.reason === '');
  const figures = (family, kind, rows) => bandFigures(family, kind, rows.map(speedRatio));
  const out = [];
  for (const kind of ['dense', 'moe']) {
    const ofKind = counted.filter((r) => r.band.kind === kind);
    if (ofKind.length === 0) continue;
    out.push(figures('all', kind, ofKind));
    const families = [...new Set(ofKind.map((r) => r.band.acceleratorFamily).filter(Boolean))];
    for (const f of families.sort()) {
      const rows = ofKind.filter((r) => r.band.acceleratorFamily === f);
      if (rows.length >= MIN_FAMILY_RUNS) out.push(figures(f, kind, rows));
    }
  }
  return out;
}

/** core/src/time_band_data.cpp with these figures. */
export function timeBandSource(figures) {
  const rows = figures
    .map(
      (f) =>
        `    {"${f.family}", "${f.kind}", ${f.runs}, ${f.low.toFixed(2)}, ${f.high.toFixed(2)}},`,
    )
    .join('\n');
  return [
    '// Generated by `node scripts/gen-validation.mjs` from the training runs of docs/validation.md',
    '// and, kind "pytorch", its steps measured on one H200; tests/web/validation-training.test.mjs',
    '// and validation-h200.test.mjs check these against them. Not edited by hand.',
    '#include "llm_sizer/time_band.hpp"',
    '',
    'namespace llm_sizer {',
    'namespace {',
    '',
    '// family, kind of model, runs, published (measured) step ÷ predicted: smallest, largest',
    '// clang-format off',
    'constexpr TimeBandFigures kFigures[] = {',
    rows,
    '};',
    '// clang-format on',
    '',
    '}  // namespace',
    '',
    'std::span<const TimeBandFigures> time_band_figures() { return kFigures; }',
    '',
    '}  // namespace llm_sizer',
    '',
  ].join('\n');
}

/**
 * How finely the search ranks layouts (core/include/llm_sizer/search_resolution.hpp): over the
 * runs under the bounds whose published layout the search could time, the gap of its step to
 * the search's best on the same cluster and batch. The median and the upper quartile (nearest
 * rank) are rounded up to 0.1 %, as core/src/search_resolution_data.cpp holds them.
 */
export function searchResolutionFigures(result, kind = 'all') {
  const gaps = result.rows
    .filter((r) => isHeld(r) && Number.isFinite(r.search?.ratio))
    .filter((r) => kind === 'all' || r.band?.kind === kind)
    .map((r) => r.search.ratio)
    .sort((a, b) => a - b);
  const up = (x) => Math.ceil(x * 1000 - 1e-9) / 1000;
  const quartile = gaps[Math.max(0, Math.ceil(0.75 * gaps.length) - 1)];
  return {
    kind,
    runs: gaps.length,
    median: up(median(gaps)),
    quartile: up(quartile),
    target: TARGETS.searchWithin,
    within: gaps.filter((g) => g <= TARGETS.searchWithin).length,
  };
}

/** core/src/search_resolution_data.cpp with the figures of dense and of MoE models' runs. */
export function searchResolutionSource(dense, moe) {
  const figures = (f) =>
    `SearchResolutionFigures{${f.runs}, ${f.median.toFixed(3)}, ${f.quartile.toFixed(3)}, ` +
    `${f.target.toFixed(2)}, ${f.within}}`;
  return [
    '// Generated by `node scripts/gen-validation.mjs` from the training runs of docs/validation.md;',
    '// tests/web/validation-training.test.mjs checks these against them. Not edited by hand.',
    '#include "llm_sizer/search_resolution.hpp"',
    '',
    'namespace llm_sizer {',
    '',
    "// MoE models' runs, or dense ones': runs, median gap, upper quartile, target gap, runs within",
    '// the target',
    '// clang-format off',
    'SearchResolutionFigures search_resolution_figures(bool moe) {',
    `  if (moe) return ${figures(moe)};`,
    `  return ${figures(dense)};`,
    '}',
    '// clang-format on',
    '',
    '}  // namespace llm_sizer',
    '',
  ].join('\n');
}

const pct = signedPct;
const num = (x) =>
  Number.isFinite(x)
    ? Math.abs(x) >= 100
      ? Math.round(x).toLocaleString('en-US')
      : x.toPrecision(3)
    : '—';

function layoutText(run) {
  const l = run.layout;
  const parts = [`TP${l.tp} PP${l.pp} DP${l.dp}`];
  if (l.cp > 1) parts.push(`CP${l.cp}`);
  if (l.ep > 1) parts.push(`EP${l.ep}`);
  if (l.vpp > 1) parts.push(`VPP${l.vpp}`);
  parts.push(`GBS ${l.global_batch}`);
  return parts.join(' ');
}

// The model's speed against the published one (predicted ÷ published throughput − 1, whichever
// metric the row compares), by accelerator and GEMM precision: where the model runs fast or slow.
// The items of `list` by `keyOf(item)`, in the order the keys first appear.
function groupBy(list, keyOf) {
  const groups = new Map();
  for (const item of list) {
    const key = keyOf(item);
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(item);
  }
  return groups;
}

// An accelerator preset's name in the table's prose: "h100-80g" → "H100", "gb200" → "GB200".
const acceleratorLabel = (id) => id.split('-')[0].toUpperCase();

function errorsByGroup(rows) {
  const groups = groupBy(
    rows.filter(isHeld),
    (r) =>
      `${acceleratorLabel(r.plan.accelerator)} ${/fp8/.test(r.plan.recipe ?? '') ? 'FP8' : 'BF16'}`,
  );
  return [...groups]
    .sort((a, b) => b[1].length - a[1].length)
    .map(([key, list]) => {
      const sorted = list.map((r) => speedRatio(r) - 1).sort((a, b) => a - b);
      const mid = (sorted[(sorted.length - 1) >> 1] + sorted[sorted.length >> 1]) / 2;
      const range =
        sorted.length > 1 ? `, ${pct(sorted[0])} to ${pct(sorted[sorted.length - 1])}` : '';
      return `${key} ${sorted.length} run${sorted.length > 1 ? 's' : ''}: median ${pct(mid)}${range}`;
    })
    .join('; ');
}

const A2A_PAIR = {
  serial: 'mbridge-pr5094-qwen3_30b_a3b-16gpu-bf16-a2a-serial',
  overlapped: 'mbridge-pr5094-qwen3_30b_a3b-16gpu-bf16-a2a-overlap',
};

/**
 * What Megatron-Bridge PR #5094's A/B of one recipe (the expert all-to-all overlapped or not)
 * bounds: the overlap hides at most the all-to-all, so the real one took at least the difference;
 * and with the rest of the step as the model predicts it, the serial run leaves the all-to-all
 * the remainder. Both against the model's own all-to-all for that run.
 */
export function allToAllBound(rows) {
  const serial = rows.find((r) => r.run.id === A2A_PAIR.serial && r.time);
  const overlapped = rows.find((r) => r.run.id === A2A_PAIR.overlapped && r.metric);
  if (!serial || !overlapped) return null;
  const modelled = serial.time.moeCommS;
  const rest = serial.time.stepS - modelled;
  return {
    atLeast: serial.metric.value - overlapped.metric.value,
    implied: serial.metric.value - rest,
    modelled,
    rest,
    serial: serial.metric.value,
  };
}

function expertAllToAllBound(rows) {
  const b = allToAllBound(rows);
  if (!b) return [];
  const s = (x) => `${x.toFixed(1)} s`;
  return [
    `What the expert all-to-all across nodes costs, from Megatron-Bridge PR #5094's A/B of one ` +
      `Qwen3-30B-A3B recipe on 16 H100 (HybridEP, EP 16 over two nodes): overlapping it took the ` +
      `step from ${s(b.serial)} to ${s(b.serial - b.atLeast)}, so it took at least ` +
      `${s(b.atLeast)}; with the rest of the step as the model predicts it (${s(b.rest)}), the ` +
      `serial run leaves it ${s(b.implied)}. The model charges ${s(b.modelled)}, within that ` +
      'bracket: since 2026-12-03 a plan on the flex dispatcher (DeepEP or HybridEP; the plan’s ' +
      '"MoE flex dispatcher") sends a token through the network once to each other node that ' +
      'holds one of its experts, as those kernels do, where the all-to-all dispatcher sends a ' +
      'copy per routed expert (formulas.md). Before, the model charged every run the all-to-all ' +
      'dispatcher’s copies: this serial run 18.4 s of all-to-all, Megatron-Bridge’s DeepSeek-V3 on ' +
      'DeepEP (EP 32 over four B200 nodes) −41 % off, the published ' +
      'layouts with experts across nodes up to 179 % behind the search’s best; the dearer ' +
      'all-to-all also hid, on the H100 runs across nodes, what the fine-grained MoE layers ' +
      'cost beyond the model (the next paragraph): those runs now come out fast, as the runs ' +
      'with their experts inside one node did already.',
    '',
  ];
}

// torchtitan's FSDP2 runs on 64 A100 against the rest of the A100 rows: what the model leaves out
// there, and the one candidate tried.
// Where the search puts a set of published layouts, in words.
function ranked(rows) {
  const ranks = rows.map((r) => r.search?.rank ?? 0);
  if (ranks.some((k) => k < 1)) return 'outside its top 10 for some of them';
  const worst = Math.max(...ranks);
  return worst === 1 ? 'first' : worst === 2 ? 'first or second' : `in its top ${worst}`;
}

function a100Finding(rows) {
  const titan = rows.filter((r) => isHeld(r) && r.run.id.startsWith('torchtitan-2404-'));
  if (titan.length === 0) return [];
  const errors = titan.map((r) => r.error);
  const range = `${pct(Math.min(...errors))} to ${pct(Math.max(...errors))}`;
  const seventy = titan.find((r) => r.run.id === 'torchtitan-2404-a100-llama2-70b-ac-op');
  const table1 = rows.filter((r) => isHeld(r) && r.run.id.startsWith('megatron2021-t1-'));
  const t1errors = table1.map((r) => r.error);
  const t1range = `${pct(Math.min(...t1errors))} to ${pct(Math.max(...t1errors))}`;
  return [
    `torchtitan's FSDP2 runs on 64 A100 (April 2024; ${titan.length} rows, ${range}) are the only ` +
      'measured ZeRO-3 across nodes held to the bounds: every weight gathered twice and every ' +
      'gradient reduce-scattered in fp32 over 400 Gb/s of EFA per node, with eager element-wise ' +
      'ops (the PyTorch profile’s RMSNorm, rotary and SwiGLU; formulas.md) and torchtitan’s ' +
      'op-level checkpointing where stated. Their gathers and reductions run beside the compute ' +
      'on rings through all eight NICs of each node, and NCCL runs each of a ring’s channels (one ' +
      'per NIC, doubled) on an SM of every GPU: since 2026-12-03 such a ring holds eight NICs’ ' +
      'share of the GPU (2 % each, at most NVLink’s 15 %; formulas.md), where it held one NIC’s ' +
      'before, and a collective that outlasts the slowed compute ends the pair by itself. That ' +
      'took six of these rows from +15 … +18.5 % to +7 … +9 %. The model is still faster than ' +
      'all of them but one, and than most of the other A100 rows' +
      (table1.length
        ? `, Narayanan et al.’s ${table1.length} Table 1 runs included (step time ${t1range}; ` +
          'since 2026-12-05 the four without a pipeline overlap their gradient all-reduce with ' +
          'the last micro-batch’s backward, as the PyTorch DDP their script picks does, which ' +
          'took them from −2.8 … −13.2 % to −11.1 … −14.9 %)'
        : '') +
      '. One candidate: it runs A100 GEMMs at their burst rate ' +
      '(Bekman’s MAMF, 87 % of peak), since no collection measures the A100 at its power limit ' +
      'over seconds, as NVIDIA’s does for Hopper and Blackwell (the GEMM section). Taking ' +
      'Hopper’s sustained share for the A100 (tried on 2026-12-03, not kept: a constant no A100 ' +
      'measurement supports) took these runs to +2.7 … +7.2 %, Narayanan et al.’s Table 1 from ' +
      '−12.5 … +1.9 % to −5.9 … +7.0 %, Korthikanti et al.’s Table 5 from −6.4 … +1.9 % to ' +
      '+1.1 … +13.2 % (step time) and the median of all rows from 8.7 % to 7.7 %: a measured A100 ' +
      'sustained rate would settle it (the trial ran before the network had its own efficiency, ' +
      'below, and before the rings’ share). Llama 2 70B at local batch 1 sends 543 GB through each node’s network every step: ' +
      'published at 11.5 s, within 6 % of the 10.9 s of EFA’s line rate. The model took 16 s ' +
      '(−29 %) while it ran the network at the A100’s NVLink efficiency (0.68, measured for NVLink ' +
      '3’s all-reduce); with the network’s own (0.9, NCCL over InfiniBand; formulas.md, since ' +
      `2026-12-03) it takes ${seventy ? `${seventy.time.stepS.toFixed(1)} s (${pct(seventy.error)})` : '—'}. ` +
      'That change took PR #5094’s serial Qwen3 run from +37.9 % to +30.9 % and Megatron-Bridge’s ' +
      'Qwen3-235B rows from +14 … +23 % to +23 … +32 %, DeepSeek-V3’s from +12 % to +21 %: what ' +
      'the model lacks in those MoE layers’ compute (the all-to-all paragraph above) shows more. ' +
      'The search ranks ' +
      `each published layout ${ranked(titan)}.`,
    '',
  ];
}

// MLPerf Training v5.0's Llama 3.1 405B: one recipe (NVIDIA's NeMo implementation, TP 8 or 4,
// PP 8, VP 8, CP 2, FP8) on three accelerators, against Megatron-Bridge's 26.04 recipe of the same
// model on GB200.
const MLPERF_405B = /^mlperf-v50-llama31_405b-/;
const MBRIDGE_GB200_405B = 'mbridge-260401-gb200-llama31_405b-256gpu';

/**
 * The MLPerf v5.0 Llama 3.1 405B rows by accelerator: count, speed error range (positive is
 * faster than published), worst search rank.
 */
export function mlperfLlama405b(rows) {
  const held = rows.filter((r) => isHeld(r) && MLPERF_405B.test(r.run.id));
  return [...groupBy(held, (r) => r.plan.accelerator)].map(([accelerator, list]) => ({
    accelerator,
    runs: list.length,
    gpus: list.map((r) => r.run.hardware.gpus),
    low: Math.min(...list.map((r) => speedRatio(r) - 1)),
    high: Math.max(...list.map((r) => speedRatio(r) - 1)),
    worstRank: Math.max(...list.map((r) => r.search?.rank ?? 0)),
    worstRatio: Math.max(...list.map((r) => r.search?.ratio ?? NaN)),
  }));
}

function mlperfLlama405bFinding(rows) {
  const groups = mlperfLlama405b(rows);
  if (groups.length === 0) return [];
  const span = (g) =>
    `${Math.min(...g.gpus).toLocaleString('en-US')}–${Math.max(...g.gpus).toLocaleString('en-US')}`;
  const text = groups
    .map(
      (g) =>
        `${acceleratorLabel(g.accelerator)} ${g.runs} runs on ${span(g)} GPUs, ` +
        `${pct(g.low)} to ${pct(g.high)}`,
    )
    .join('; ');
  const rank = Math.max(...groups.map((g) => g.worstRank));
  const ratio = Math.max(...groups.map((g) => g.worstRatio));
  const bridge = heldRun(rows, MBRIDGE_GB200_405B);
  return [
    "MLPerf Training v5.0's Llama 3.1 405B (2025; the paper's architecture with the Mixtral " +
      '8x22B tokenizer, NVIDIA’s NeMo implementation in every submission: FP8 with FP8 weights, ' +
      'TP 8 or 4, PP 8, VP 8, CP 2, the embedding and the loss counted in the pipeline split, ' +
      'step times from the submitted logs): ' +
      `${text}. The search ranks every published layout in its top ${rank}, within ` +
      `${(ratio * 100).toFixed(1)} % of its best. The GB200 submissions ran NGC's 25.04 ` +
      'containers (April 2025)' +
      (bridge
        ? `; Megatron-Bridge's 26.04 recipe of the same model on the same GPU comes out ` +
          `${pct(bridge.error)} (TP 4, PP 16, VP 4, FP8 with current scaling; its recompute ` +
          'unstated, the memory model’s fit chose it)'
        : '') +
      ". GB200's own range on the page (the step-time band below) spans both.",
    '',
  ];
}

// Megatron-Bridge's MoE recipes on GB200 in release 26.04.01 and again in 26.06, the same GPUs and
// layouts; 26.06 captures the whole iteration in one CUDA graph with the fused grouped MLP and
// the all-to-all overlapped (GPT-OSS also moved from BF16 to MXFP8).
const GB200_MOE_RELEASES = [
  ['DeepSeek-V3', 'mbridge-260401-gb200-deepseekv3-256gpu', 'mbridge-2606-gb200-deepseekv3-256gpu'],
  [
    'Qwen3-30B-A3B',
    'mbridge-260401-gb200-qwen3_30b_a3b-8gpu-mxfp8',
    'mbridge-2606-gb200-qwen3_30b_a3b-8gpu-mxfp8',
  ],
  [
    'Qwen3-235B-A22B',
    'mbridge-260401-gb200-qwen3_235b_a22b-256gpu',
    'mbridge-2606-gb200-qwen3_235b_a22b-256gpu',
  ],
  [
    'GPT-OSS 120B',
    'mbridge-260401-gb200-gptoss120b-64gpu',
    'mbridge-2606-gb200-gptoss120b-64gpu-mxfp8',
  ],
];

/** Each GB200 MoE recipe in both releases: the published speed-up and the model's two errors. */
export function gb200MoeReleases(rows) {
  return GB200_MOE_RELEASES.map(([model, before, after]) => [
    model,
    heldRun(rows, before),
    heldRun(rows, after),
  ])
    .filter(([, before, after]) => before && after)
    .map(([model, before, after]) => ({
      model,
      speedup: after.run.published.tokens_per_s_per_gpu / before.run.published.tokens_per_s_per_gpu,
      before: speedRatio(before) - 1,
      after: speedRatio(after) - 1,
    }));
}

/** How far apart `pairs`' values of `key` lie (the largest less the smallest). */
export const spreadOf = (pairs, key) =>
  Math.max(...pairs.map((p) => p[key])) - Math.min(...pairs.map((p) => p[key]));
const points = (pairs, key) => Math.round(spreadOf(pairs, key) * 100);

function gb200MoeReleasesFinding(rows) {
  const pairs = gb200MoeReleases(rows);
  if (pairs.length === 0) return [];
  const list = (f) => pairs.map((p) => `${p.model} ${f(p)}`).join(', ');
  return [
    "Megatron-Bridge's MoE recipes on GB200 ran much faster in release 26.06 than in 26.04.01 on " +
      'the same GPUs and layouts: ' +
      list((p) => `${pct(p.speedup - 1)}`) +
      ' (GPT-OSS also went from BF16 to MXFP8). Its configs (c270efc50) capture the whole ' +
      'iteration in one CUDA graph, which a static bound on each rank’s routed tokens allows ' +
      '(moe_expert_rank_capacity_factor: HybridEP then sizes its buffers without reading the ' +
      'token counts back to the host, token_dispatcher.py), run the fused grouped MLP and ' +
      'overlap the all-to-all. The model has no host-side time (a GPU idle while the CPU reads ' +
      'back counts or launches kernels): against it 26.04.01 ' +
      `came out ${list((p) => pct(p.before))}, 26.06 ${list((p) => pct(p.after))}: from ` +
      `${points(pairs, 'before')} points apart to ${points(pairs, 'after')}, near MLPerf's GB200 ` +
      'runs of a dense model (above). The Qwen3 and GPT-OSS configs also run attention in FP8 ' +
      '(fp8_dot_product_attention), which no plan here states: the plan runs it at its bf16 rate.',
    '',
  ];
}

// Megatron-Bridge's 26.04.01 GPT-OSS 120B runs, one per GPU, all BF16: the published MFU against
// the model's (both of the BF16 peak the plan resolves for its accelerator).
const GPT_OSS_RUNS = [
  ['H100', 'mbridge-260401-gptoss120b-64gpu'],
  ['B200', 'mbridge-260401-b200-gptoss120b-64gpu'],
  ['GB200', 'mbridge-260401-gb200-gptoss120b-64gpu'],
];

// Megatron-Bridge's Qwen3-30B-A3B on one node of each Blackwell system (26.04.01, MXFP8).
const QWEN3_30B_ONE_NODE = [
  ['B200', 'mbridge-260401-b200-qwen3_30b_a3b-8gpu-mxfp8'],
  ['GB200', 'mbridge-260401-gb200-qwen3_30b_a3b-8gpu-mxfp8'],
];

const boundedRunsOf = (rows, list) =>
  list.map(([gpu, id]) => [gpu, heldRun(rows, id)]).filter(([, r]) => r);

/**
 * GPT-OSS 120B's MFU per GPU, published and predicted, both at the model's FLOPs per token (the
 * published one is the model's over its speed ratio: the runs publish tokens/s).
 */
export function gptOssMfus(rows) {
  return boundedRunsOf(rows, GPT_OSS_RUNS).map(([gpu, r]) => ({
    gpu,
    published: r.time.mfu / (1 + r.error),
    model: r.time.mfu,
  }));
}

function fineGrainedMoeFinding(rows) {
  const oss = gptOssMfus(rows);
  if (oss.length < 2) return [];
  const share = (x) => pct(x).replace('+', '');
  const mfus = oss
    .map((m) => `${m.gpu} ${share(m.published)} (model ${share(m.model)})`)
    .join(', ');
  const qwen = boundedRunsOf(rows, QWEN3_30B_ONE_NODE)
    .map(([gpu, r]) => `${gpu} ${pct(r.error)}`)
    .join(', ');
  return [
    'Fine-grained MoE with its experts inside one NVLink domain is where the model is furthest ' +
      `off. Megatron-Bridge's GPT-OSS 120B (128 experts of 2,880, top 4; 26.04.01, BF16) ran at an ` +
      `MFU of ${mfus}: about the same share of each GPU's peak, where the model gets more out of ` +
      'each faster one. What the model leaves out of these layers therefore looks like work that ' +
      'scales with the GPU (kernels at a fixed share of their peak) rather than a fixed cost per ' +
      'launch, which a faster GPU would make weigh more. Part of it was: since 2026-12-03 the ' +
      "model counts what Megatron runs eagerly in gpt-oss's expert layers, the experts' output " +
      "bias added in fp32 on every routed copy and the clamp of the GLU's inputs (step_time.cpp), " +
      "and its attention at head dim 64 at the rate FlashAttention-3's figures give that head " +
      'dim; before, the model put these MFUs at 33, 37 and 52 %. NVIDIA measured the rest ' +
      "from the other side: its fused MoE MLP kernels, which compute the GLU's activation, clamp, " +
      'bias and quantization in the GEMM and keep the token counts on the GPU (no host sync, so ' +
      'the layer runs under a full-iteration CUDA graph), made its GPT-OSS pre-training 93 % ' +
      'faster end to end and its DeepSeek-V3 8 % (NVIDIA Technical Blog, "Boosting MoE Training ' +
      'Throughput with Advanced Fusion Kernels", 2026-06-15). The 26.04.01 GPT-OSS configs enable ' +
      'neither those kernels nor CUDA graphs; the model has no host, so what a host sync per layer ' +
      'costs is not in it. ' +
      (qwen ? `Its Qwen3-30B-A3B on one node is off as well (${qwen}). ` : '') +
      graceHostFinding(rows) +
      layerGapFinding(rows) +
      'No published breakdown of such a layer says which kernels; a profile of one would.',
    '',
  ];
}

/**
 * Qwen3-30B-A3B's one-node runs on B200 (x86 hosts) and GB200 (Grace hosts), the same recipe and
 * layout: GB200's speed over B200's − 1, published and predicted; null without both rows.
 */
export function graceAgainstX86(rows) {
  const runs = boundedRunsOf(rows, QWEN3_30B_ONE_NODE).map(([, r]) => r);
  if (runs.length !== 2) return null;
  const [b200, gb200] = runs;
  return {
    published: gb200.metric.value / b200.metric.value - 1,
    predicted: gb200.predicted / b200.predicted - 1,
    errors: runs.map((r) => r.error),
  };
}

/**
 * What the model lacks per MoE layer and micro-batch on Qwen3-30B-A3B's one-node runs (one
 * pipeline stage, every layer MoE): the published step less the predicted one, over the step's
 * micro-batches and the model's layers, in seconds; null without both rows.
 */
export function qwen3LayerGaps(rows) {
  const runs = boundedRunsOf(rows, QWEN3_30B_ONE_NODE);
  if (runs.length !== 2) return null;
  return runs.map(([gpu, r]) => ({
    gpu,
    gapS:
      (r.time.stepS * speedRatio(r) - r.time.stepS) / (r.time.microbatches * Number(r.plan.layers)),
    microbatches: r.time.microbatches,
    layers: Number(r.plan.layers),
    tokensPerMicrobatch: Number(r.plan.microBatch) * Number(r.plan.seqLen),
  }));
}

// TransformerEngine issue #2897: its fused grouped MLP block (MXFP8, 64 experts, hidden size 128,
// so the GPU has next to nothing to do) took ~1.2 ms forward and ~2.1 ms backward on GB200.
export const TE_GROUPED_MLP_HOST_S = 1.2e-3 + 2.1e-3;

// The size of what the model lacks per layer against the host time TransformerEngine measured for
// the grouped MLP alone.
function layerGapFinding(rows) {
  const gaps = qwen3LayerGaps(rows);
  if (!gaps) return '';
  const ms = (s) => `${(s * 1e3).toFixed(1)} ms`;
  const g = gaps[0];
  return (
    'Per layer, what the model lacks there is milliseconds: the published step less the ' +
    `predicted one comes to ${gaps.map((x) => `${ms(x.gapS)} (${x.gpu})`).join(' and ')} per ` +
    `MoE layer and micro-batch (${g.microbatches} micro-batches of ` +
    `${g.tokensPerMicrobatch.toLocaleString('en-US')} tokens, ${g.layers} layers). That is the order of ` +
    'the CPU time TransformerEngine measured for the grouped MLP alone: its fused MXFP8 block ' +
    'took about 1.2 ms forward and 2.1 ms backward on GB200 with 64 experts at hidden size 128, ' +
    `where the GPU has next to nothing to do (issue #2897; ${ms(TE_GROUPED_MLP_HOST_S)} in all), ` +
    "its profile's largest items host work: weight-gradient allocations (~350 µs), clearing " +
    'tensors (~200 µs), device-pointer look-ups (>100 µs), quantizer set-up (~90 µs). A Megatron ' +
    'layer adds its router and its token dispatcher to that. '
  );
}

// What the host adds shows as a GB200 run slower than the B200 one, where the model, which has no
// host, makes it faster for its faster GPU.
function graceHostFinding(rows) {
  const f = graceAgainstX86(rows);
  if (!f) return '';
  return (
    `The two ran the same recipe and layout (EP 8 in one NVLink domain, micro-batch 4), and ` +
    `GB200's tokens/s per GPU came out ${pct(f.published)} against B200's, where the model has ` +
    `${pct(f.predicted)} for GB200's higher peak (5,000 against 4,500 dense FP8 TFLOP/s, at ` +
    '1,200 W against 1,000 W), less the smaller share of it a GB200 sustains (0.8388 against ' +
    '0.8826, the GEMM section). The GPU is ' +
    'the same Blackwell; the host is not: Grace, whose CPU time to launch the same work ' +
    'TransformerEngine issue #2053 measured at 2.8× a DGX H100 host’s (one PyTorch linear ' +
    'forward, bf16, 8,192 × 2,048: 37.1 µs of CPU on GB200, 13.5 µs on a Xeon Platinum 8480C; ' +
    '99.7 µs through TransformerEngine on GB200, as long as its GPU time). A layer whose kernels ' +
    'wait for the host runs at the host’s pace, which fits both runs being slower than the model ' +
    'and the Grace one more so. '
  );
}

export function render(result) {
  const { rows, summary } = result;
  const out = [];
  const inTop = summary.count - summary.searchMisses.length;
  const within = summary.count - summary.searchFar.length;
  const resolution = searchResolutionFigures(result);
  const dense = searchResolutionFigures(result, 'dense');
  const moe = searchResolutionFigures(result, 'moe');
  const kindText = (f) =>
    `${f.runs} runs, median ${(f.median * 100).toFixed(1)} %, three in four within ` +
    `${(f.quartile * 100).toFixed(1)} %, ${f.within} within ${f.target * 100} %`;
  const met =
    summary.median <= TARGETS.medianAbsError &&
    summary.max <= TARGETS.maxAbsError &&
    inTop === summary.count &&
    within === summary.count;
  out.push(
    `${summary.count} runs are held to the bounds: median |error| ${pct(summary.median).slice(1)}, ` +
      `largest ${pct(summary.max).slice(1)}. The published layout is among the search's top ` +
      `${TARGETS.searchTop} for ${inTop} of them and within ${TARGETS.searchWithin * 100} % of its ` +
      `best predicted time for ${within}.`,
    '',
    `How finely the search ranks: where it could time the published layout (${resolution.runs} ` +
      `runs), that layout's predicted step sat a median ${(resolution.median * 100).toFixed(1)} % ` +
      `above the search's best (three in four within ${(resolution.quartile * 100).toFixed(1)} %). ` +
      'Its authors tuned it, so layouts closer than that to the best are ties at this ' +
      "model's accuracy: the search's table and the CLI say so under their rows, with the " +
      `figures of the searched model's kind — dense models ${kindText(dense)}, ` +
      `mixture-of-experts models ${kindText(moe)} ` +
      '(core/src/search_resolution_data.cpp, generated from this table).',
    '',
    'The model against the published speed (predicted ÷ published throughput − 1: positive is ' +
      `faster), by accelerator and GEMM precision: ` +
      `${errorsByGroup(rows)}.`,
    '',
    `The aim (issue 12) is a median |error| ≤ ${TARGETS.medianAbsError * 100} %, the largest ≤ ` +
      `${TARGETS.maxAbsError * 100} %, and every published layout in the top ${TARGETS.searchTop} ` +
      `within ${TARGETS.searchWithin * 100} % of the best. ` +
      (met
        ? 'It is met.'
        : `${summary.median <= TARGETS.medianAbsError ? 'The median is met; the rest is not yet' : 'It is not met yet'}. ` +
          'Until it is, `tests/web/validation-training.test.mjs` holds the ' +
          `table to today's figures: median ≤ ${BOUNDS.medianAbsError * 100} %, largest ≤ ` +
          `${BOUNDS.maxAbsError * 100} %, at least ${BOUNDS.minRows} runs under the bounds, ` +
          `${BOUNDS.minInTop} published layouts in the top ${TARGETS.searchTop} and ` +
          `${BOUNDS.minWithin} within ${TARGETS.searchWithin * 100} % of the best. "#—" is a ` +
          `published layout outside the top ${TARGETS.searchTop}; "#—, —" one the memory model ` +
          'finds does not fit the card at the settings stated, so the search cannot rank it.'),
    '',
    'Error = predicted ÷ published − 1 (tokens/s per GPU: positive is faster than published; ' +
      's/step: positive is slower). Settings a source leaves open are what the search picks for ' +
      'the published layout only where the source says the setting was tuned without its value ' +
      '(listed as "chosen"); recompute unstated is the framework\'s default, none (Megatron-LM, NeMo and ' +
      "Megatron-Bridge), or, where the memory model finds that none does not fit, the search's " +
      "pick for the published layout (chosen); everything else unstated keeps the plan's default. " +
      '"Search" is the published layout\'s rank among ' +
      "the search's best layouts (one per TP, PP, DP, CP, EP) on the same cluster and batch, and " +
      'its predicted step against the best one. The search tries only the ZeRO stages the ' +
      "run's framework offered: ZeRO-0 on Megatron-LM before its distributed optimizer (2021 " +
      'runs), ZeRO-0 or the distributed optimizer before its FSDP support (November 2024); and ' +
      'only the pipeline splits it could run: before uneven stages (September 2024), PP ' +
      'dividing the layers and the interleaving depth dividing each stage (`uneven=0`); and full ' +
      'recompute of every layer only before its block method (August 2021, `rcl=0`). Runs on ' +
      'Megatron-LM before `--overlap-grad-reduce` (August 2023: the 2021 and 2022 papers, the ' +
      "2021 README, MegaScale's baseline) reduce their gradients after the whole backward " +
      '(DP overlap 0) and, older than `--overlap-p2p-communication` (May 2023), wait for every ' +
      "pipeline send (PP overlap 0). MLPerf's GPT-3 and Llama 3.1 405B and Megatron-Bridge's " +
      "performance configs reduce their gradients in bf16 (`grb=1`: Apex's `grad_sync_dtype: bf16`, " +
      "`grad_reduce_in_fp32 = False`), and Megatron-Bridge's Llama 3 70B and 3.1 405B recipes " +
      'overlap TP communication (`t.tpo=1`).',
    '',
    ...expertAllToAllBound(rows),
    ...fineGrainedMoeFinding(rows),
    ...a100Finding(rows),
    ...mlperfLlama405bFinding(rows),
    ...gb200MoeReleasesFinding(rows),
    'How wide the step time is: the page, the CLI and the exports show each predicted step with ' +
      'the range of published ÷ predicted step time of the runs like it (`time_band.hpp`: runs of ' +
      "the same kind of model, dense or MoE, on the accelerator's family, or on every accelerator " +
      `where its family has fewer than ${MIN_FAMILY_RUNS} of that kind; Megatron-LM plans at ` +
      'automatic efficiencies): ' +
      timeBandFigures(result)
        .map(
          (f) => `${f.kind} ${f.family} ${f.runs} runs ${f.low.toFixed(2)}–${f.high.toFixed(2)}×`,
        )
        .join('; ') +
      '.',
    '',
    '| run | source | stated layout | metric | published | predicted | error | search | plan |',
    '| --- | --- | --- | --- | ---: | ---: | ---: | --- | --- |',
  );
  for (const r of rows.filter(isHeld)) {
    const s = r.search;
    const search = s ? `#${s.rank || '—'}, ${pct(s.ratio)}` : '—';
    const chosen =
      r.chosen && Object.keys(r.chosen).length
        ? ` (chosen: ${Object.entries(r.chosen)
            .map(([k, v]) => `${k} ${v}`)
            .join(', ')})`
        : '';
    out.push(
      `| ${r.run.id} | ${r.run.source.authors_year} | ${layoutText(r.run)}${chosen} | ${r.metric.kind}` +
        `${r.metric.note ? ` (${r.metric.note})` : ''} | ${num(r.metric.value)} | ${num(r.predicted)} | ` +
        `${pct(r.error)} | ${search} | \`${r.link}\` |`,
    );
  }
  out.push('', '### Runs outside the bounds', '');
  out.push('| run | why | predicted vs published |', '| --- | --- | --- |');
  for (const r of rows.filter((x) => x.reason)) {
    const cmp = r.metric
      ? `${num(r.predicted)} vs ${num(r.metric.value)} ${r.metric.kind} (${pct(r.error)})`
      : '—';
    out.push(`| ${r.run.id} | ${r.reason} | ${cmp} |`);
  }
  return out.join('\n');
}
