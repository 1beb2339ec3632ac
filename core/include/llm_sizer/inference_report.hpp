#pragma once
/// The serving model (inference.hpp) applied to a plan: its settings resolved (engine defaults
/// where the plan leaves them automatic), the smallest tensor-parallel size that serves one
/// sequence, the layout used, memory per card, concurrency, replicas, throughput, the
/// concurrency-vs-context curve and the derivation.
///
/// Defaults (estimates where marked; every one is a plan input):
///   context 4096 tokens (at most the model's), batch 1, prompt = the context, target concurrency
///   = the batch; gpu_memory_utilization 0.9 (vLLM's default); runtime reserve 1.5 GB (estimate:
///   ~0.75 GB CUDA context as in training, ~0.75 GB CUDA graphs and NCCL buffers); prefill chunk
///   2048 tokens (vLLM V1's max_num_batched_tokens for its OpenAI server); KV block 16 tokens
///   (vLLM's block_size); decode efficiency 0.8 of HBM bandwidth and prefill efficiency 0.5 of
///   dense peak (estimates: enter a measured MBU / MFU).

#include <string>
#include <vector>

#include "llm_sizer/derivation.hpp"
#include "llm_sizer/inference.hpp"
#include "llm_sizer/issue.hpp"
#include "llm_sizer/resolve.hpp"

namespace llm_sizer {

/// Memory of one card of the serving layout, GB.
struct InferencePerCard {
  double weights_gb = 0;
  double kv_cache_gb = 0;
  double workspace_gb = 0;
  double reserve_gb = 0;
  double total_gb = 0;
  double usable_gb = 0;  ///< card memory × utilization
  double card_memory_gb = 0;
  double free_gb = 0;  ///< usable minus total (negative: over by that much)
  bool fits = false;
};

struct InferenceThroughput {
  double decode_step_ms = 0;
  double memory_ms = 0;
  double compute_ms = 0;
  std::string bound;                        ///< "memory", "compute", or "" when unknown
  double decode_tokens_per_s = 0;           ///< per replica, all sequences
  double decode_tokens_per_s_per_card = 0;  ///< per replica ÷ TP
  double tokens_per_s_per_sequence = 0;
  double prefill_s = 0;  ///< time to first token of one prompt, alone on the replica
  double compute_bound_batch = 0;
};

/// One point of the concurrency-vs-context curve at the serving layout.
struct ConcurrencyPoint {
  double context = 0;
  double max_concurrency = 0;
};

struct FullInference {
  bool available = false;  ///< false without an architecture
  InferenceSettings settings;
  double weights_gb = 0;          ///< all weights, one copy
  double kv_bytes_per_token = 0;  ///< whole model, every layer, before paging
  double kv_cache_gb = 0;         ///< batch × context on one replica (all its cards)
  double overhead_gb = 0;         ///< per card: prefill workspace + runtime reserve
  double per_card_gb = 0;
  bool fits = false;
  double min_gpus = 0;  ///< smallest TP holding the weights and one sequence; NaN: none in a node
  double tp = 0;
  double max_concurrency = 0;
  double replicas = 0;
  double total_gpus = 0;
  double decode_tokens_per_s = 0;
  double prefill_s = 0;
  InferencePerCard per_card;
  InferenceThroughput throughput;
  std::vector<ConcurrencyPoint> curve;
  std::vector<DerivationStep> steps;
};

/// The serving model on a resolved plan (its inputs, settings and serving TP); adds what it finds
/// to `issues`.
FullInference full_inference(const ResolvedPlan& plan, std::vector<Issue>& issues);

template <class Visitor>
void visit_fields(Visitor& v, const InferencePerCard& m) {
  v.field("weights_gb", m.weights_gb);
  v.field("kv_cache_gb", m.kv_cache_gb);
  v.field("workspace_gb", m.workspace_gb);
  v.field("reserve_gb", m.reserve_gb);
  v.field("total_gb", m.total_gb);
  v.field("usable_gb", m.usable_gb);
  v.field("card_memory_gb", m.card_memory_gb);
  v.field("free_gb", m.free_gb);
  v.field("fits", m.fits);
}

template <class Visitor>
void visit_fields(Visitor& v, const InferenceThroughput& t) {
  v.field("decode_step_ms", t.decode_step_ms);
  v.field("memory_ms", t.memory_ms);
  v.field("compute_ms", t.compute_ms);
  v.field("bound", t.bound);
  v.field("decode_tokens_per_s", t.decode_tokens_per_s);
  v.field("decode_tokens_per_s_per_card", t.decode_tokens_per_s_per_card);
  v.field("tokens_per_s_per_sequence", t.tokens_per_s_per_sequence);
  v.field("prefill_s", t.prefill_s);
  v.field("compute_bound_batch", t.compute_bound_batch);
}

template <class Visitor>
void visit_fields(Visitor& v, const ConcurrencyPoint& p) {
  v.field("context", p.context);
  v.field("max_concurrency", p.max_concurrency);
}

template <class Visitor>
void visit_fields(Visitor& v, const FullInference& f) {
  v.field("available", f.available);
  v.field("settings", f.settings);
  v.field("weights_gb", f.weights_gb);
  v.field("kv_bytes_per_token", f.kv_bytes_per_token);
  v.field("kv_cache_gb", f.kv_cache_gb);
  v.field("overhead_gb", f.overhead_gb);
  v.field("per_card_gb", f.per_card_gb);
  v.field("fits", f.fits);
  v.field("min_gpus", f.min_gpus);
  v.field("tp", f.tp);
  v.field("max_concurrency", f.max_concurrency);
  v.field("replicas", f.replicas);
  v.field("total_gpus", f.total_gpus);
  v.field("decode_tokens_per_s", f.decode_tokens_per_s);
  v.field("prefill_s", f.prefill_s);
  v.field("per_card", f.per_card);
  v.field("throughput", f.throughput);
  v.field("curve", f.curve);
  v.field("steps", f.steps);
}

}  // namespace llm_sizer
