#pragma once
/// Performance of one serving replica at a given load: a batched decode step as a roofline with
/// the layout's communication, chunked prefill, and the steady state of continuous batching —
/// time to first token (TTFT), time per output token (TPOT), tokens/s per replica and per card.
///
/// Decode step of one pipeline stage on one card, for B sequences of one DP rank (Williams et al.
/// 2009 roofline; the weights are read once per step for the whole batch, each sequence's KV once):
///   bytes   = stage weights − the embedding table (looked up, not read) − routed experts no token
///             of the replica's B × dp chose + B × KV_seq,card(ctx)
///   FLOPs   = B × q × (2 N_matmul,active + attention(ctx)) × stage share / tp
///             (q = 1 + draft tokens verified per step; the experts' work spreads over tp × dp)
///   t_stage = max(bytes / (BW e_bw), FLOPs / (peak e_c)) + communication
///   communication (not overlapped in decode; α is a per-collective latency, an estimate; every
///   link at its line rate times the plan's NVLink or network efficiency, as training's):
///     TP all-reduce, 2 per layer (1 with DP attention):  α + 2 (tp−1)/tp × B q h × 2 B / BW_tp
///     EP dispatch + combine per MoE layer:  2α + B q / tp × k × h × (1 + 2) B, the share that
///     leaves
///       the node over the NICs, the rest over NVLink (fp8 dispatch, bf16 combine as DeepEP)
///     PP: one hand-off of B q h × 2 B per stage
///   Pipelined decode keeps pp micro-batches of B/pp in flight: step = pp × t_stage(B/pp).
/// Speculative decoding (Leviathan et al. 2023): k draft tokens accepted with rate a give
///   τ = (1 − a^(k+1)) / (1 − a) tokens per step; the draft costs one layer's step per token.
/// Prefill of a prompt of P tokens (h of them found in the prefix cache) in chunks of the engine's
///   token budget C: ⌈P(1−h)/C⌉ chunks, each max(FLOPs / (tp·pp peak e_c), weights / (BW e_bw)) +
///   its TP/EP communication; alone on the rank, TTFT = (chunks + pp − 1) × t_chunk,stage.
/// Steady state with B sequences per DP rank (each prompt P, each answer O tokens; prefill chunks
/// take the rank's time from decode, as vLLM/SGLang mix them into steps; prompts shorter than the
/// budget share their forwards, packed_prefill):
///   T_cycle = O / τ × t_step(B) + B × t_prefill(P)
///   TPOT = T_cycle / O,  output tokens/s per replica = dp × B × O / T_cycle,
///   input tokens/s = dp × B × P / T_cycle,  TTFT = t_prefill,alone(P) + t_step(B).

#include "llm_sizer/serving_layout.hpp"

namespace llm_sizer {

/// The request shape and the what-ifs that change the work per request.
struct ServingWorkload {
  double input_tokens = 1024;
  double output_tokens = 256;
  double prefill_chunk_tokens = 8192;  ///< the engine's per-step token budget
  double prefix_hit_rate = 0;          ///< share of each prompt found in the prefix cache
  double spec_tokens = 0;              ///< draft tokens verified per step (0: none)
  double spec_acceptance = 0;          ///< probability that a draft token is accepted
  double host_kv_bytes = 0;            ///< KV offload to host memory, per card (0: none)
};

/// Collective latencies (estimates: a small NCCL/custom all-reduce on NVLink takes ~10 µs; one
/// across nodes over InfiniBand/RoCE ~30 µs).
inline constexpr double kCollectiveLatencyIntraS = 10e-6;
inline constexpr double kCollectiveLatencyInterS = 30e-6;
/// Host ↔ card copies for KV offload: PCIe 5.0 × 16, 64 GB/s per direction (PCI-SIG), as on
/// H100/H200/B200 hosts.
inline constexpr double kPcieGbps = 64;

struct StageStep {
  double weight_bytes = 0;
  double kv_bytes = 0;
  double flops = 0;
  double matmul_flops = 0;     ///< the projections, experts and LM head (of `flops`)
  double attention_flops = 0;  ///< against the cached keys (of `flops`)
  double memory_s = 0;
  double compute_s = 0;
  double comm_s = 0;
  double step_s = 0;
};

/// Bytes per second a transfer reaches between two cards: the line rate over the NICs
/// (`inter_node`) or NVLink, times the plan's network or NVLink efficiency.
double link_bytes_per_s(const ServingInputs& in, bool inter_node);

/// One pipeline stage's step on one card for `batch` sequences of a DP rank, each adding
/// `tokens_per_sequence` tokens (1 in decode), each attending to `context` tokens.
StageStep decode_stage_step(const ServingInputs& in, const ServingLayout& layout, double batch,
                            double context, double tokens_per_sequence);

/// Tokens each sequence adds to a decode step: 1, and the draft tokens verified with it (q).
double tokens_per_sequence_step(const ServingWorkload& load);

/// Expected tokens per decode step per sequence with speculative decoding (1 without).
double speculative_tokens_per_step(const ServingWorkload& load);

/// The replica's decode step from one stage's: pp stages in turn, and one decoder layer more per
/// draft token (an MTP module or an EAGLE head): pp × t_stage × (1 + k / L).
double replica_step_from(const ServingInputs& in, const ServingLayout& layout,
                         const StageStep& stage, const ServingWorkload& load);

/// One decode step of the replica for `batch` sequences per DP rank (all stages, draft included).
double replica_decode_step_s(const ServingInputs& in, const ServingLayout& layout, double batch,
                             double context, const ServingWorkload& load);

struct PrefillTime {
  double chunks = 0;
  double chunk_stage_s = 0;  ///< one chunk on one stage
  double chunk_comm_s = 0;   ///< of which its TP/EP/PP communication
  double alone_s = 0;        ///< the prompt alone on its DP rank (chunks + pp − 1 stage slots)
  double busy_s = 0;         ///< rank time the prompt takes from other work (chunks × stage)
  double reload_s = 0;       ///< prefix KV reloaded from host memory (offload), in TTFT
  double flops = 0;
  double fresh_tokens = 0;     ///< the prompt's tokens not found in the prefix cache
  double matmul_flops = 0;     ///< the prompt's projections, the whole replica
  double attention_flops = 0;  ///< its attention, the whole replica
  double matmul_s = 0;         ///< the prompt's projections at the peak, on one stage
  double attention_s = 0;      ///< its attention at the peak, on one stage
  double weight_bytes = 0;     ///< the stage's weights on one card
  double weights_s = 0;        ///< one read of them
  double packed = 1;           ///< prompts that share one forward where busy_s was taken
};
PrefillTime replica_prefill(const ServingInputs& in, const ServingLayout& layout,
                            const ServingWorkload& load);

/// A prompt shorter than the engine's token budget C shares its forward with others waiting:
/// engines batch the prefill of several prompts up to C tokens a step (vLLM's
/// max_num_batched_tokens, SGLang's chunked_prefill_size, TensorRT-LLM's max_num_tokens), so
/// one read of the weights serves ⌊C / P⌋ of them, at most the `waiting` prompts there are:
///   n = min(⌊C / P⌋, waiting),
///   busy_s = (max(n · t_matmul, t_weights) + n · t_attention + comm(n · P)) / n.
/// A prompt of C tokens or more runs in its own chunks (n = 1, busy_s as computed).
PrefillTime packed_prefill(const ServingInputs& in, const ServingLayout& layout,
                           const ServingWorkload& load, PrefillTime prefill, double waiting);

/// The replica at `batch` sequences per DP rank.
struct LoadPoint {
  double batch = 0;        ///< sequences per DP rank
  double concurrency = 0;  ///< sequences in the replica (dp × batch)
  double decode_step_s = 0;
  double memory_s = 0;   ///< of one stage step
  double compute_s = 0;  ///< of one stage step
  double comm_s = 0;     ///< of one stage step
  double prefill_s = 0;  ///< rank time per prompt
  double cycle_s = 0;
  double ttft_s = 0;
  double tpot_s = 0;
  double output_tokens_per_s = 0;  ///< per replica
  double input_tokens_per_s = 0;   ///< per replica
  double prefill_share = 0;        ///< of the replica's time
  bool compute_bound = false;
  StageStep stage;      ///< the stage step the decode step is made of (batch / pp sequences)
  PrefillTime prefill;  ///< the prompt's, packed with the batch's others
};
LoadPoint load_point(const ServingInputs& in, const ServingLayout& layout, double batch,
                     const ServingWorkload& load);
/// The same with the prompt's prefill already computed (it does not depend on the batch).
LoadPoint load_point(const ServingInputs& in, const ServingLayout& layout, double batch,
                     const ServingWorkload& load, const PrefillTime& prefill);

/// The smallest batch per DP rank at which a stage's decode step spends as long on its FLOPs as
/// on its bytes (decode_stage_step's compute_s ≥ memory_s); NaN when it never does below 10⁷
/// (KV reads then grow as fast as the FLOPs) or a rate is unknown.
double compute_bound_batch(const ServingInputs& in, const ServingLayout& layout, double context);

/// The largest batch per DP rank (≤ `max_batch`) whose TPOT stays within `tpot_slo_s`; 0 when not
/// even one sequence does; `max_batch` when no SLO (NaN).
double slo_batch(const ServingInputs& in, const ServingLayout& layout, const ServingWorkload& load,
                 double tpot_slo_s, double max_batch);

}  // namespace llm_sizer
