#pragma once
/// The serving model (inference.hpp) applied to a plan: its settings resolved (the engine's
/// defaults where the plan leaves them automatic, engine_profile.hpp), the view inside one node
/// (the smallest tensor-parallel size that serves one sequence, memory per card, concurrency,
/// the concurrency-vs-context curve), the fleet for the target load (serving_fleet.hpp: layout
/// across nodes, replicas, memory per card, TTFT/TPOT, tokens/s, cost), the throughput-vs-latency
/// curve, the P/D-disaggregation what-if, the engines' launch commands and the derivation.
///
/// Defaults (every one is a plan input; estimates where marked):
///   context 4096 tokens (at most the model's) as 3072 prompt + 1024 generated; concurrency = the
///   target concurrency = the batch (1); TPOT target 50 ms; engine vLLM; the engine's memory
///   fraction, per-step token budget, sequence cap, KV block and non-torch memory
///   (engine_profile.hpp); decode efficiency 0.8 of HBM bandwidth and prefill efficiency 0.5 of
///   dense peak (estimates: enter a measured MBU / MFU).

#include <string>
#include <vector>

#include "llm_sizer/derivation.hpp"
#include "llm_sizer/inference.hpp"
#include "llm_sizer/issue.hpp"
#include "llm_sizer/resolve.hpp"
#include "llm_sizer/serving_band.hpp"
#include "llm_sizer/serving_fleet.hpp"

namespace llm_sizer {

/// Memory of one card of the serving layout inside a node, GB (workspace: the engine's profiled
/// activation peak; reserve: its non-torch memory).
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
  double comm_ms = 0;                       ///< TP all-reduces and the experts' exchange
  std::string bound;                        ///< "memory", "compute", or "" when unknown
  double decode_tokens_per_s = 0;           ///< per replica, all sequences
  double decode_tokens_per_s_per_card = 0;  ///< per replica ÷ TP
  double tokens_per_s_per_sequence = 0;
  double prefill_s = 0;  ///< one prompt's prefill alone on the replica (its host reload included)
  double compute_bound_batch = 0;
};

/// One point of the concurrency-vs-context curve at the serving layout.
struct ConcurrencyPoint {
  double context = 0;
  double max_concurrency = 0;
};

/// Memory of one card of the fleet's layout, GB, as its engine sizes it (serving_memory.hpp).
struct FleetCard {
  double device_gb = 0;     ///< the card as the driver reports it
  double fraction = 0;      ///< the engine's memory fraction
  double requested_gb = 0;  ///< what the fraction applies to × the fraction
  double weights_gb = 0;
  double kv_cache_gb = 0;    ///< the KV pool
  double activation_gb = 0;  ///< the engine's profiled activation peak (workspace)
  double non_torch_gb = 0;   ///< communication buffers, cuBLAS workspaces
  double encoder_gb = 0;     ///< multimodal encoder budget
  double cuda_graph_gb = 0;  ///< CUDA graphs (estimate)
  double cuda_context_gb = 0;
  double reserve_gb = 0;   ///< what the engine keeps free: device − requested
  double headroom_gb = 0;  ///< reserve left after graphs and context (negative: short)
  double kv_tokens = 0;    ///< tokens the pool holds per DP rank
};

/// One alternative layout of the fleet search.
struct FleetAlternative {
  double tp = 0, pp = 0, dp = 0;
  bool ep = false;
  double replicas = 0;
  double total_gpus = 0;
  double tpot_ms = 0;
  double ttft_ms = 0;
  double output_tokens_per_s_per_gpu = 0;
  bool meets_slo = false;
};

/// The P/D-disaggregation what-if: the same replicas split into prefill and decode pools.
struct DisaggregatedFleet {
  bool on = false;
  double prefill_replicas = 0;
  double decode_replicas = 0;
  double prefill_gpus = 0;
  double decode_gpus = 0;
  double ttft_ms = 0;              ///< prefill alone + moving the prompt's KV to a decode replica
  double transfer_ms = 0;          ///< the KV of one prompt over the inter-node links
  double tpot_ms = 0;              ///< decode without prefill chunks in its steps
  double output_tokens_per_s = 0;  ///< the fleet: the slower of the two pools
  double output_tokens_per_s_per_gpu = 0;
};

/// The fleet for the plan's target load.
struct FleetReport {
  bool found = false;
  std::string engine;  ///< engine profile id
  double tp = 0, pp = 0, dp = 0;
  bool ep = false;
  double gpus_per_replica = 0;
  double nodes_per_replica = 0;
  double replicas = 0;
  double total_gpus = 0;
  double nodes = 0;
  double memory_concurrency = 0;   ///< per replica, by the KV pool and the engine's cap
  double slo_concurrency = 0;      ///< per replica within the TPOT target
  double replica_concurrency = 0;  ///< what one replica is sized to carry
  double concurrency = 0;          ///< the target across the fleet
  bool meets_slo = false;
  FleetCard per_card;
  double batch_per_rank = 0;  ///< sequences per DP rank at the target load
  double ttft_ms = 0;
  double tpot_ms = 0;
  double decode_step_ms = 0;
  double prefill_ms = 0;           ///< rank time one prompt takes
  std::string bound;               ///< the decode step: "memory", "compute" or ""
  double comm_ms = 0;              ///< of one decode stage step
  double output_tokens_per_s = 0;  ///< the fleet
  double input_tokens_per_s = 0;
  double output_tokens_per_s_per_gpu = 0;
  double output_tokens_per_s_per_replica = 0;
  double tokens_per_s_per_user = 0;
  double cost_per_hour = 0;
  double cost_per_m_input = 0;
  double cost_per_m_output = 0;
  double evaluated = 0;  ///< layouts the search tried
  /// How far published runs were from the predicted output tokens/s (serving_band.hpp)
  ServingBand band;
  std::vector<FleetAlternative> alternatives;
  DisaggregatedFleet disaggregated;
  std::vector<DerivationStep> steps;
};

/// One point of the throughput-vs-latency curve of the fleet's layout.
struct LatencyPoint {
  double concurrency = 0;  ///< sequences per replica
  double tpot_ms = 0;
  double ttft_ms = 0;
  double output_tokens_per_s_per_gpu = 0;
  double tokens_per_s_per_user = 0;
};

/// Engine command lines for the fleet's layout, and the training layout's Megatron-LM / NeMo
/// arguments (launch_commands.hpp).
struct LaunchCommands {
  std::string vllm;
  std::string sglang;
  std::string trtllm;
  std::string megatron;
  std::string nemo;
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
  double min_gpus = 0;  ///< smallest TP holding the weights and one sequence; NaN: none in the
                        ///< NVLink domain
  double tp = 0;
  double max_concurrency = 0;
  double replicas = 0;
  double total_gpus = 0;
  /// Cards of a node that replicas of `tp` inside it leave over (0 where TP divides the node or
  /// takes whole nodes): the fleet, whose replicas pack nodes, has no such layout.
  double idle_cards = 0;
  double decode_tokens_per_s = 0;
  double prefill_s = 0;
  InferencePerCard per_card;
  InferenceThroughput throughput;
  std::vector<ConcurrencyPoint> curve;
  std::vector<DerivationStep> steps;
  FleetReport fleet;
  std::vector<LatencyPoint> latency_curve;
  LaunchCommands launch;
};

/// The serving model on a resolved plan (its inputs, settings and serving TP); adds what it finds
/// to `issues`.
FullInference full_inference(const ResolvedPlan& plan, std::vector<Issue>& issues);

/// The fleet search's request on a resolved plan: its load, engine, price and the layout the plan
/// fixes (the rest searched).
FleetRequest fleet_request(const ResolvedPlan& plan);

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
  v.field("comm_ms", t.comm_ms);
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
void visit_fields(Visitor& v, const FleetCard& c) {
  v.field("device_gb", c.device_gb);
  v.field("fraction", c.fraction);
  v.field("requested_gb", c.requested_gb);
  v.field("weights_gb", c.weights_gb);
  v.field("kv_cache_gb", c.kv_cache_gb);
  v.field("activation_gb", c.activation_gb);
  v.field("non_torch_gb", c.non_torch_gb);
  v.field("encoder_gb", c.encoder_gb);
  v.field("cuda_graph_gb", c.cuda_graph_gb);
  v.field("cuda_context_gb", c.cuda_context_gb);
  v.field("reserve_gb", c.reserve_gb);
  v.field("headroom_gb", c.headroom_gb);
  v.field("kv_tokens", c.kv_tokens);
}

template <class Visitor>
void visit_fields(Visitor& v, const FleetAlternative& a) {
  v.field("tp", a.tp);
  v.field("pp", a.pp);
  v.field("dp", a.dp);
  v.field("ep", a.ep);
  v.field("replicas", a.replicas);
  v.field("total_gpus", a.total_gpus);
  v.field("tpot_ms", a.tpot_ms);
  v.field("ttft_ms", a.ttft_ms);
  v.field("output_tokens_per_s_per_gpu", a.output_tokens_per_s_per_gpu);
  v.field("meets_slo", a.meets_slo);
}

template <class Visitor>
void visit_fields(Visitor& v, const DisaggregatedFleet& d) {
  v.field("on", d.on);
  v.field("prefill_replicas", d.prefill_replicas);
  v.field("decode_replicas", d.decode_replicas);
  v.field("prefill_gpus", d.prefill_gpus);
  v.field("decode_gpus", d.decode_gpus);
  v.field("ttft_ms", d.ttft_ms);
  v.field("transfer_ms", d.transfer_ms);
  v.field("tpot_ms", d.tpot_ms);
  v.field("output_tokens_per_s", d.output_tokens_per_s);
  v.field("output_tokens_per_s_per_gpu", d.output_tokens_per_s_per_gpu);
}

template <class Visitor>
void visit_fields(Visitor& v, const FleetReport& f) {
  v.field("found", f.found);
  v.field("engine", f.engine);
  v.field("tp", f.tp);
  v.field("pp", f.pp);
  v.field("dp", f.dp);
  v.field("ep", f.ep);
  v.field("gpus_per_replica", f.gpus_per_replica);
  v.field("nodes_per_replica", f.nodes_per_replica);
  v.field("replicas", f.replicas);
  v.field("total_gpus", f.total_gpus);
  v.field("nodes", f.nodes);
  v.field("memory_concurrency", f.memory_concurrency);
  v.field("slo_concurrency", f.slo_concurrency);
  v.field("replica_concurrency", f.replica_concurrency);
  v.field("concurrency", f.concurrency);
  v.field("meets_slo", f.meets_slo);
  v.field("per_card", f.per_card);
  v.field("batch_per_rank", f.batch_per_rank);
  v.field("ttft_ms", f.ttft_ms);
  v.field("tpot_ms", f.tpot_ms);
  v.field("decode_step_ms", f.decode_step_ms);
  v.field("prefill_ms", f.prefill_ms);
  v.field("bound", f.bound);
  v.field("comm_ms", f.comm_ms);
  v.field("output_tokens_per_s", f.output_tokens_per_s);
  v.field("input_tokens_per_s", f.input_tokens_per_s);
  v.field("output_tokens_per_s_per_gpu", f.output_tokens_per_s_per_gpu);
  v.field("output_tokens_per_s_per_replica", f.output_tokens_per_s_per_replica);
  v.field("tokens_per_s_per_user", f.tokens_per_s_per_user);
  v.field("cost_per_hour", f.cost_per_hour);
  v.field("cost_per_m_input", f.cost_per_m_input);
  v.field("cost_per_m_output", f.cost_per_m_output);
  v.field("evaluated", f.evaluated);
  v.field("band", f.band);
  v.field("alternatives", f.alternatives);
  v.field("disaggregated", f.disaggregated);
  v.field("steps", f.steps);
}

template <class Visitor>
void visit_fields(Visitor& v, const LatencyPoint& p) {
  v.field("concurrency", p.concurrency);
  v.field("tpot_ms", p.tpot_ms);
  v.field("ttft_ms", p.ttft_ms);
  v.field("output_tokens_per_s_per_gpu", p.output_tokens_per_s_per_gpu);
  v.field("tokens_per_s_per_user", p.tokens_per_s_per_user);
}

template <class Visitor>
void visit_fields(Visitor& v, const LaunchCommands& c) {
  v.field("vllm", c.vllm);
  v.field("sglang", c.sglang);
  v.field("trtllm", c.trtllm);
  v.field("megatron", c.megatron);
  v.field("nemo", c.nemo);
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
  v.field("idle_cards", f.idle_cards);
  v.field("decode_tokens_per_s", f.decode_tokens_per_s);
  v.field("prefill_s", f.prefill_s);
  v.field("per_card", f.per_card);
  v.field("throughput", f.throughput);
  v.field("curve", f.curve);
  v.field("steps", f.steps);
  v.field("fleet", f.fleet);
  v.field("latency_curve", f.latency_curve);
  v.field("launch", f.launch);
}

}  // namespace llm_sizer
