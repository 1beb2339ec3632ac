// Training step time and the layout search against published runs (validation/data/
// training-runs.json, sources in training-runs.md). Each run becomes a plan (its stated model,
// accelerator, layout, batch, precision, recompute and overlaps); what a source does not state
// (micro-batch, interleaving, recompute, ZeRO) is what the search picks for the published layout.
// The prediction is compared with what the source measured, in the source's own terms: tokens/s
// per GPU or seconds per step where given, else TFLOP/s converted to a step time with the
// source's own FLOP formula. Then the search runs free on the same cluster and batch: the
// published layout must be within 10 % of its best time and among its top 10 layouts.
// How a run becomes a plan: training-plans.mjs; the paragraphs on where the model is off:
// training-findings.mjs.
import { readFile } from 'node:fs/promises';
import { catalogPresets } from './catalog-presets.mjs';
import { median } from './stats.mjs';
import {
  EXPERIMENTS,
  bestOfPublishedLayout,
  exclusion,
  planOf,
  predictedMetric,
  publishedMetric,
  searchLimitsFor,
  settle,
  shape,
  statedFor,
  tunedOpen,
  withFrameworkRecompute,
} from './training-plans.mjs';
import { cardsFinding } from './training-cards.mjs';
import { memoryEdgeFinding } from './training-memory-edge.mjs';
import { nvfp4Finding } from './training-nvfp4.mjs';
import {
  experimentsText,
  hybridEpSplitFinding,
  llamaSftAbFinding,
} from './training-experiments.mjs';
import {
  a100Finding,
  blackwellUltraFinding,
  expertAllToAllBound,
  fineGrainedMoeFinding,
  fineTuningFinding,
  gb200MoeReleasesFinding,
  mlperfDeepseekV3Finding,
  mlperfLlama405bFinding,
  mlperfV51B200Finding,
  table1LayoutFinding,
} from './training-findings.mjs';
import {
  acceleratorLabel,
  gemmPrecision,
  groupBy,
  isHeld,
  isSearchHeld,
  num,
  pct,
  speedRatio,
  speedSummary,
} from './training-rows.mjs';

export { speedRatio } from './training-rows.mjs';
export { hybridEpSplit, llamaSftAb } from './training-experiments.mjs';
export { cardMoeRows } from './training-cards.mjs';
export { memoryEdge } from './training-memory-edge.mjs';
export { nvfp4Runs } from './training-nvfp4.mjs';
export {
  allToAllBound,
  blackwellUltraRuns,
  fineTuningRuns,
  gb200MoeReleases,
  gptOssMfus,
  graceAgainstX86,
  mlperfDeepseekV3,
  mlperfLlama405b,
  mlperfV51B200,
  qwen3LayerGaps,
  spreadOf,
  table1Layouts,
  TE_GROUPED_MLP_HOST_S,
} from './training-findings.mjs';

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

// What tests/web/validation-training.test.mjs holds the table to: today's figures (median 9.9 %,
// largest 74.5 %, 151 of 171 published layouts in the top 10, 142 within 10 % of the best),
// rounded up, so that no change makes them worse unnoticed; and no fewer rows under the bounds.
// 171 rows since Megatron-Bridge 26.06's ten Llama 3 70B fine-tuning runs joined (full
// fine-tuning on 32 GPUs and LoRA on 8 of GB300, GB200 and H100, in FP8 and MXFP8: −3.3 … +21.6 %;
// the median from 9.7 to 9.9 %; both GB200 SFT layouts 22.5 % behind ZeRO-3 over the rack's
// NVLink). The micro-batch groups of Megatron's interleaved schedule (layout_rules.hpp) let the
// search interleave at batches whose micro-batches PP does not divide: four of Narayanan et
// al.'s Table 1 layouts fell in rank (none out of the top 10), none newly past 10 % of the best.
// 161 rows since Megatron-Bridge 26.06's nine Blackwell Ultra runs joined (six on GB300 within
// ±10.2 %, three on B300 +35.6, +65.4 and −18.2 %; seven of their layouts in the top 10 and within
// 10 % of the best), with GB200, B300 and GB300 compared at nvidia-smi's capacity instead of the
// marketed GB: Megatron-Bridge's 26.04.01 Llama 3.1 405B on GB200 then fits without recompute
// (−3.1 → +13.0 %, its layout from 16.8 % behind the search's best to 1.7 %).
// The median was 9.5 % until Narayanan et al.'s four runs on PyTorch's DDP overlapped their
// gradient all-reduce as that DDP does (training-plans.mjs, STATED_BY_PREFIX): the model came
// out 11–15 % faster than them.
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
// HybridEP's (allToAllBound below). Each run's fp8 scaling (fp8_recipe.hpp: Megatron-Bridge's
// current scaling reads a tensor twice and all-reduces sequence-parallel amaxes over TP) put its
// two H100 fine-tuning layouts (TP 4) 10.1 % behind the search's best, which uses less TP; its
// fp8 weight copies (one per-tensor copy on Blackwell, not Hopper's two) let more layouts fit on
// GB300, and Llama 3.1 405B's published one (2.3 % behind the best) left the top 10.
// Megatron-Bridge's performance runs compute the loss with TransformerEngine's fused
// cross-entropy, which keeps 2 B per logit and streams 10 where Megatron's own keeps 6 and
// streams 52 (training-plans.mjs): their last stages hold less and run faster. The memory let
// B300's Qwen3-30B-A3B config run as stated (no recompute: +14.4 %, it had been planned with full
// recompute, −18.4 %) and the search rank more published layouts (152 in the top 10, 149 within
// 10 %); the time took the runs the model already had fast further (B200's Qwen3-235B-A22B +73.7
// → +82.7 %, H100's GPT-OSS 120B +37.5 → +51.9 %; the median 9.6 → 9.7 %): what those runs lose
// is not in their loss, and the bound on the largest moves with it. TransformerEngine's
// GroupedLinear quantizing each expert's fp8 tensors with kernels of their own (fp8_recipe.hpp)
// took every fp8 MoE run on Megatron a little slower, all toward the published figures (largest
// 82.7 → 79.5 %; 154 in the top 10, 151 within 10 %). An FP8 GEMM's short-K cost twice the bf16
// one (kernel_model.hpp) took the median to 9.6 %; the GEMM level NVIDIA's power-measured
// collections give (kernel_catalog.cpp: the B200's bf16 GEMMs 4.8 % slower than its MAMF share
// gave, its fp8 ones 0.5 % faster, the GB200's, B300's and GB300's with them) to 9.3 % and the
// largest to 80.0 % (B200's Qwen3-235B-A22B, whose fp8 GEMMs run a little faster). Scaling every
// family by the burst collection's largest GEMMs instead put the median at 8.7 % and the largest
// at 71.8 %, but counts the power limit twice (their bursts already meet it): the B200's GEMMs 8 %
// slower than NVIDIA measured them over seconds, the runs' other missing costs taken up by them.
// NVLink 5 at the share NVIDIA's NCCL collection measured (0.741 of its line rate, where the 0.8
// default stood; kernel_catalog.cpp) took the largest to 76.2 % and 53 of the 56 Blackwell runs
// up to 3.1 points toward published (the three GB300 runs the model had slower than published
// 0.1-0.2 points further); three MoE runs on Blackwell (EP 8 inside one node) then lost their
// published layout's place near the search's best to layouts without expert parallelism, whose
// all-to-all the slower NVLink no longer pays (163 in the top 10, 158 within 10 %). Groups of 2
// and 4 GPUs, and all-to-alls, at their measured share of a ring over 8 (kernel_model.hpp) took
// the largest to 73.1 % and every MoE run on Blackwell 0.4-3.4 points toward published; GB200's
// and B200's Qwen3-30B-A3B came back into the top 10, two GB300 DeepSeek-V3 runs (EP 32 in the
// NVL72 domain, within 8.5 and 14.2 % of the best) left it (163). The A100's and Blackwell's
// measured latency beyond the H100's (kernel_model.hpp) moved no run by more than 0.4 points and
// put one of those back (164). The search's bound had left in the expert all-to-alls Megatron
// hides only when interleaving (layout_search.cpp, cannot_matter): it skipped the published splits
// of seven DeepSeek-V3 runs with the overlap on, which rank 3rd to 10th once it cannot (171).
// Blackwell's fp8 GEMMs at the gain over bf16 TransformerEngine's own benchmark measured on a
// B300 (1.923× per tensor, 1.830× MXFP8; te-gemm.mjs) where TensorRT-LLM's largest GEMMs had set
// 2.071× took the median from 10.3 to 9.3 % and the largest from 72.8 to 65.1 %: GB200 fp8 runs'
// median +26.1 → +17.3 %, B200's +22.5 → +18.6 %, GB300's +7.7 → +2.0 %; GB200's Llama 3 70B in
// MXFP8 (TP 2, PP 4) fell from 10th to 11th (170). Blackwell's streaming kernels at the share of
// HBM that TransformerEngine's casts reached in the same benchmark (0.732, where the 0.85 default
// stood) took the median to 8.7 %: GB200 fp8 runs +17.3 → +13.7 % (median), B200 +18.6 → +17.6 %,
// GB300 +2.0 → −1.2 %; GB300's Llama 3.1 405B in FP8 (TP 4, PP 8) fell from 10th to 11th (169).
// Seven runs from Megatron-Bridge's skills (2026-12-07: its Qwen3-30B-A3B recipe on the all-to-all
// dispatcher, its Llama 3 70B SFT recipe's recompute and layout A/B) took the median to 9.0 %;
// six of them are experiments, not held to the search's aim, and the seventh, the A/B's control,
// ranks 6th (170) 10.4 % behind the best, as the same recipe's 26.06 row. Nine runs from its
// model verification cards (DeepSeek-V3 on H100, GB200 and GB300, Qwen3-235B-A22B and GPT-OSS
// 120B on GB200 and GB300, Qwen3-30B-A3B on one GB200 and GB300 node) took the median to 8.6 %:
// seven within 5.2 %, DeepSeek-V3 on GB200 +21.4 %, GPT-OSS on GB200 in bf16 without CUDA graphs
// +52.4 %; six of the nine in the top 10 (176) and within 10 % of the best (164). The
// Qwen3-30B-A3B card's weak scaling on GB300 (DP 32, 128, 256 at 64 sequences a GPU) came out flat
// as published, −5.3 to −5.7 %, each layout 2nd (179, 167; median 8.3 %). TransformerEngine's
// sequence-parallel all-gathers moving quantized bytes (2026-12-07, module/linear.py) took four
// of NeMo 24.07's FP8 H100 runs 3.2–4.0 points closer and Qwen3-235B-A22B's and DeepSeek-V3's
// 0.6–2 points further; DeepSeek-V3 on 8,192 GB300 fell from 9th to 11th with its gap unchanged
// (13.8 %), as layouts with TP gained (178, 168). Twenty-one NVFP4 runs (Megatron-Bridge's
// archive and MLPerf v5.1 and v6.0, training-nvfp4.mjs) took the median to 8.9 %, each within
// 24 %; sixteen in the top 10 (194) and fifteen within 10 % of the best (183). FP8 attention
// (2026-12-07), stated for the 31 runs whose configs set it, moved them by cuDNN's measured FP8
// speed: Megatron-Bridge 26.06's GPT-OSS 6–7 points slower (its windowed layers' FP8 backward
// computes the causal square), MLPerf v5.1's Llama 3.1 8B NVFP4 runs 4–8 points faster, further
// ahead of their B200s as every B200 run is; the median 8.9 → 9.1 %, ranks unchanged. FP8
// attention of DeepSeek-V3's MLA heads (192/128) at the benchmark's own timings of that shape,
// where FP8 gains 1.3-1.9×, took the seven GB300 DeepSeek-V3 runs 6-7 points faster (9.3 %).
// DeepSeek-V3's node-limited routing (2026-12-07: 8 expert groups, a token's experts from 4, so
// through the network to at most 4 nodes; step_time.hpp) cut the flex dispatcher's network
// traffic over 8 nodes from 4.63 to 3.50 copies a token: the four runs whose EP crosses nodes
// came out 5-16 points faster than before, all further from published (the H100 card +4.2 →
// +16.2 %, Megatron-Bridge 25.09's H100 +50.2 → +55.5 %, 26.04.01's B200 +21.7 → +37.4 %,
// DeepSeek's own H800 days +13.2 → +18.3 %; median 9.4 %), and the B200's published layout
// (EP 32) came into the top 10 (195), 13.5 % behind the best where it had been 28.0 %.
// DeepSeek-V3's multi-token-prediction layer (2026-12-07: one more layer and a second LM head and
// loss on the last stage, training_memory.hpp), stated for the 14 runs whose configs place it
// and DeepSeek's own, took the median to 8.7 %: the Blackwell and H100 runs 5-24 points slower
// in the model (the GB200 card +21.4 → +7.1 %, Megatron-Bridge 25.09's H100 +55.5 → +31.9 % with
// its layout's split, MLPerf v6.0's GB300 runs −9.9 … +2.6 %), DeepSeek's
// H800 days +18.3 → −24.8 % (the even split of its 61 layers over 16 ranks leaves the module and
// both heads beside four layers; its own split is not published). Five MLPerf v6.0 runs left the
// top 10 (190), four of them and 25.09's H100 (10.3 %) the 10 % (178): the search's best keep
// every layer on each GPU (PP 1), no stage holding the module and both heads beside its layers,
// at 246–277 GB of 298 ("tight").
// Megatron-Bridge's 26.08 table (2026-08-11) re-ran eight of 26.06's MXFP8 MoE recipes unchanged
// on a newer stack, 0.4–2.4 % slower: each within −5.9 … +10.3 %, the median 8.7 → 8.6 %; six in
// the top 10 (196), seven within 10 % of the best (185), as their 26.06 twins. MLPerf v6.0's
// NVIDIA runs of Llama 3.1 8B on 72 GB300 and 405B on 512 (both NVFP4; the configs' names and
// MLLOG batches, training-runs.json) came out −0.1 % and −9.8 %, each 2nd or better (198, 187);
// its 8B on 512 GPUs (precision unstated) and GPT-OSS 20B (context parallelism by all-to-all)
// are shown, not held. Two partners' Llama 3.1 405B NVFP4 runs at scale, Azure's on 8,192 GB200
// (its 800 Gb/s NICs stated) +15.8 % and CoreWeave's on 4,096 GB300 −8.9 %, as NVFP4 runs on
// those GPUs are (1st and 3rd; 200, 189).
// The search keeps the layouts whose memory range stays under the headroom (2026-12-07;
// layout_search.hpp), as tight ones ran out of memory about as often as they trained in the
// layout sweeps; a published layout the memory model calls tight trained, so its own variants are
// searched with tight ones let in and it ranks by its step (publishedRank). 214 published layouts
// in the top 10 (200 before) and 202 within 10 % of the best either way (189): the bests that had
// filled the card (148 of 228 tight) no longer stand ahead of layouts that left room; four
// published layouts the model calls tight beat the best by more than 10 % (Nemotron-4 340B on 128
// H100 by up to 30 %, torchtitan's Llama 2 13B without recompute by 25 %).
// For a MoE model the search keeps to at most the 32 routed experts per GPU a validated run held
// (2026-12-07; search_limits.hpp, experts), as the model times no host set-up per expert: 204
// within 10 % (202), the bests of Qwen3-30B-A3B on 8 B200 and GB200 and Qwen3-235B-A22B on 256
// B200 no longer EP 1 (all 128 experts on every GPU) with ZeRO-3 and full recompute. MLPerf
// v6.0's partner runs of Llama 3.1 8B on one node (NVFP4: ASUSTeK's, HPE's and Nebius's on B300
// +9.6 … +11.9 %, Lambda's on B200 +15.0 %, each first in the search), then SCITIX's on 64 B200
// (FP8, CP 2: +17.3 %, as the University of Florida's v5.1 run of that config on 64, +16.6 %) and
// Lambda's and Oracle's on 72 GB300 (+12.1, +13.2 %), whose logged configs run attention in FP8
// and fuse the loss, as the config NVIDIA's own 72-GPU run names (theirs): NVIDIA's from −0.1 to
// +11.6 %; Nebius's on 64 B300 (+14.0 %, its one-node run +9.6 %). 240 rows, 222 in the top 10,
// 212 within 10 %; the median from 8.58 to 8.93 %, the model faster on each of these GPUs as on
// their other runs. The LM heads in MXFP8 where configs set them (fp8_output_proj: Megatron-Bridge's
// DeepSeek-V3 and GPT-OSS MXFP8 recipes on GB200 and GB300, MLPerf v6.0's DeepSeek-V3): 226 in the
// top 10, 214 within 10 % (MLPerf's DeepSeek-V3 from 9.9–21.1 % to 2.7–14.8 % behind the best),
// the median 9.45 % (its GB300 rows −9.9 … −3.0 % to −1.2 … +12.0 %, the GB200 ones +5.6 … +7.3 %
// to +9.3 … +17.0 %: what the heads cost had hidden part of a gap between the two).
export const BOUNDS = {
  medianAbsError: 0.095,
  maxAbsError: 0.66,
  minRows: 240,
  minInTop: 226,
  minWithin: 214,
};

const DATA = new URL('../../validation/data/training-runs.json', import.meta.url);

export async function evaluate(core) {
  const runs = JSON.parse(await readFile(DATA, 'utf8')).runs;
  const presets = catalogPresets(core);
  const rows = [];
  for (const run of runs) {
    const reason = exclusion(run, presets);
    const base = reason && !run.layout.tp ? null : planOf(run, presets);
    const row = { run, reason, plan: null, metric: null, experiment: EXPERIMENTS[run.id] ?? null };
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
    const { texts, chosen, nonePeakGb } = withFrameworkRecompute(
      core,
      run,
      settled.texts,
      settled.chosen,
    );
    const report = core.evaluate(texts);
    row.plan = texts;
    row.chosen = chosen;
    row.nonePeakGb = nonePeakGb;
    row.link = core.encodeLink(texts);
    if (!report.training.timeAvailable || !report.training.available) {
      row.reason ??= 'the plan does not evaluate';
      continue;
    }
    const time = report.training.time;
    row.band = report.timeBand;
    row.time = time;
    row.fits = report.training.memory.fits;
    row.verdict = report.training.memory.verdict;
    row.peakGb = report.training.memory.peakGb;
    row.cardGb = report.training.memory.cardMemoryGb;
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
      // The search keeps the layouts that fit with the headroom (layout_search.hpp); the
      // published layout's own variants may be tight (bestOfPublishedLayout).
      const search = core.search(free);
      const published = bestOfPublishedLayout(core, { ...base, ...limits });
      if (search.ran && search.search.found && published) {
        const step = published.stepS;
        row.search = {
          best: search.search.best,
          // Whether the search ranked tight layouts, none fitting with the headroom.
          tightFallback: search.search.tightFallback,
          rank: publishedRank(search.search.top, base, step),
          ratio: step / search.search.best.stepS - 1,
        };
      } else {
        row.search = { rank: 0, ratio: NaN };
      }
    }
  }
  const bounded = rows.filter(isHeld);
  const errors = bounded.map((r) => Math.abs(r.error));
  const chosen = rows.filter(isSearchHeld);
  return {
    rows,
    summary: {
      count: bounded.length,
      median: median(errors),
      max: errors.length ? Math.max(...errors) : NaN,
      searchCount: chosen.length,
      searchMisses: chosen.filter(
        (r) => !(r.search && r.search.rank >= 1 && r.search.rank <= TARGETS.searchTop),
      ),
      // Within 10 % either way: a published layout the memory model calls tight that beats the
      // search's best (which keeps the headroom) by more is a faster layout the search left out.
      searchFar: chosen.filter(
        (r) => !(r.search && Math.abs(r.search.ratio) <= TARGETS.searchWithin),
      ),
    },
  };
}

/**
 * Where the published layout, at its best variant's step, stands among the search's top list: 1 +
 * the listed layouts of other shapes that are faster; 0 past the list's length. A published
 * layout the memory model calls tight is not in the list (the search keeps the layouts that fit
 * with the headroom) but still ranks by its step.
 */
export function publishedRank(top, published, step) {
  const faster = top.filter((c) => shape(c) !== shape(published) && c.stepS < step).length;
  return faster < TARGETS.searchTop ? faster + 1 : 0;
}

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
  return { family, kind, ...ratioRange(ratios) };
}

/**
 * How many ratios, and their smallest and largest rounded outward to two decimals: a band's
 * figures as the generated C++ holds them (time_band_data.cpp, serving_band_data.cpp).
 */
export function ratioRange(ratios) {
  return {
    runs: ratios.length,
    low: Math.floor(Math.min(...ratios) * 100) / 100,
    high: Math.ceil(Math.max(...ratios) * 100) / 100,
  };
}

/**
 * One kind's rows of core/src/time_band_data.cpp from its runs' [family, published ÷ predicted
 * step] pairs: over every accelerator, then each family with MIN_FAMILY_RUNS runs or more.
 */
export function kindBandFigures(kind, runs) {
  return rangesByGroup(runs, MIN_FAMILY_RUNS).map(({ group, ...range }) => ({
    family: group,
    kind,
    ...range,
  }));
}

/**
 * [group, ratio] pairs as band figures: over all of them ("all"), then each group with `minRuns`
 * ratios or more, in the group's order.
 */
export function rangesByGroup(pairs, minRuns) {
  if (pairs.length === 0) return [];
  const out = [{ group: 'all', ...ratioRange(pairs.map(([, ratio]) => ratio)) }];
  for (const group of [...new Set(pairs.map(([g]) => g).filter(Boolean))].sort()) {
    const ratios = pairs.filter(([g]) => g === group).map(([, ratio]) => ratio);
    if (ratios.length >= minRuns) out.push({ group, ...ratioRange(ratios) });
  }
  return out;
}

export function timeBandFigures(result) {
  const counted = result.rows.filter((r) => isHeld(r) && r.band?.reason === '');
  return ['dense', 'moe'].flatMap((kind) =>
    kindBandFigures(
      kind,
      counted
        .filter((r) => r.band.kind === kind)
        .map((r) => [r.band.acceleratorFamily, speedRatio(r)]),
    ),
  );
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
    '// Generated by `node scripts/gen-validation.mjs` from the training runs of docs/validation.md,',
    '// kind "pytorch" from its steps measured on one H200 and one H100 and kind "fsdp" from its',
    "// PyTorch FSDP runs (MosaicML's MPT benchmarks with the training section's);",
    '// tests/web/validation-training, validation-h200 and validation-mpt check these against them.',
    '// Not edited by hand.',
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
    .filter((r) => isSearchHeld(r) && Number.isFinite(r.search?.ratio))
    // The band's kind names whose runs a plan's range comes from; a PyTorch plan's ("pytorch",
    // "fsdp") is a dense model's.
    .filter((r) => kind === 'all' || (r.band?.kind === 'moe' ? 'moe' : 'dense') === kind)
    // How far apart, either way: a published layout the memory model calls tight can be faster
    // than the best the search keeps (which fits with the headroom).
    .map((r) => Math.abs(r.search.ratio))
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

function layoutText(run) {
  const l = run.layout;
  const parts = [`TP${l.tp} PP${l.pp} DP${l.dp}`];
  if (l.cp > 1) parts.push(`CP${l.cp}`);
  if (l.ep > 1) parts.push(`EP${l.ep}`);
  if (l.vpp > 1) parts.push(`VPP${l.vpp}`);
  parts.push(`GBS ${l.global_batch}`);
  return parts.join(' ');
}

function errorsByGroup(rows) {
  const groups = groupBy(
    rows.filter(isHeld),
    (r) => `${acceleratorLabel(r.plan.accelerator)} ${gemmPrecision(r.plan)}`,
  );
  return [...groups]
    .sort((a, b) => b[1].length - a[1].length)
    .map(([key, list]) => {
      const s = speedSummary(list);
      const range = s.runs > 1 ? `, ${pct(s.low)} to ${pct(s.high)}` : '';
      return `${key} ${s.runs} run${s.runs > 1 ? 's' : ''}: median ${pct(s.median)}${range}`;
    })
    .join('; ');
}

export function render(result) {
  const { rows, summary } = result;
  const out = [];
  const inTop = summary.searchCount - summary.searchMisses.length;
  const within = summary.searchCount - summary.searchFar.length;
  const resolution = searchResolutionFigures(result);
  const dense = searchResolutionFigures(result, 'dense');
  const moe = searchResolutionFigures(result, 'moe');
  const kindText = (f) =>
    `${f.runs} runs, median ${(f.median * 100).toFixed(1)} %, three in four within ` +
    `${(f.quartile * 100).toFixed(1)} %, ${f.within} within ${f.target * 100} %`;
  const met =
    summary.median <= TARGETS.medianAbsError &&
    summary.max <= TARGETS.maxAbsError &&
    inTop === summary.searchCount &&
    within === summary.searchCount;
  out.push(
    `${summary.count} runs are held to the bounds: median |error| ${pct(summary.median).slice(1)}, ` +
      `largest ${pct(summary.max).slice(1)}. Of the ${summary.searchCount} whose layout its ` +
      `authors chose for speed, the published layout is among the search's top ` +
      `${TARGETS.searchTop} for ${inTop} and within ${TARGETS.searchWithin * 100} % of its ` +
      `best predicted time, faster or slower, for ${within}; ${experimentsText(rows)} MosaicML's MPT benchmarks on PyTorch FSDP are not ` +
      'among them: the next section shows them apart, with why (their attention kernel is older ' +
      'than the one a PyTorch plan times), and how far off the model is on each.',
    '',
    `How finely the search ranks: where it could time the published layout (${resolution.runs} ` +
      `runs), that layout's predicted step sat a median ${(resolution.median * 100).toFixed(1)} % ` +
      "from the search's best, above or below (one the memory model calls tight can beat the " +
      `best, which keeps the headroom; three in four within ${(resolution.quartile * 100).toFixed(1)} %). ` +
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
      "the search's best layouts (one per TP, PP, DP, CP, EP; those whose memory range stays " +
      "under the headroom) on the same cluster and batch, by its own best variant's step, and " +
      'that step against the best one; a published layout trained, so its variants may be ' +
      'tight (`tight=1`). The search tries only the ZeRO stages the ' +
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
    ...hybridEpSplitFinding(rows),
    ...llamaSftAbFinding(rows),
    ...cardsFinding(rows),
    ...nvfp4Finding(rows),
    ...memoryEdgeFinding(rows),
    ...fineGrainedMoeFinding(rows),
    ...a100Finding(rows),
    ...table1LayoutFinding(summary.searchFar),
    ...mlperfLlama405bFinding(rows),
    ...mlperfV51B200Finding(rows),
    ...gb200MoeReleasesFinding(rows),
    ...blackwellUltraFinding(rows),
    ...mlperfDeepseekV3Finding(rows),
    ...fineTuningFinding(rows),
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
    const search = s
      ? `#${s.rank || '—'}, ${pct(s.ratio)}${r.experiment ? ' (experiment)' : ''}`
      : '—';
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
