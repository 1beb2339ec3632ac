#pragma once
/// The layout search: every valid (TP, PP, DP, micro-batch, ZeRO stage, recompute, sequence
/// parallel) for a cluster size or a deadline, kept when every pipeline stage fits the card,
/// ranked by time or cost (see docs/formulas.md, "Layout search").
///
/// Every layout is checked by the plan's own rulebook (layout_rules.hpp): TP divides the heads
/// and K/V heads within a node, PP runs from 1 to the layers (uneven splits allowed), interleaving
/// and expert parallelism keep their rules; DP is ⌊cluster / (TP·PP)⌋ for a cluster (the largest
/// that divides a fixed global batch), or the smallest that meets the deadline (≤ 65,536).
/// Results are in a total order (score, then GPUs, TP, PP, DP, micro-batch, ZeRO, recompute,
/// SP), so every build ranks ties the same way. A slower layout is skipped only when a faster one
/// with the same (TP, PP, DP, micro-batch, SP) already fits and costs no more: selective recompute
/// is pointless under flash attention (there are no s² terms to drop), and a lower ZeRO stage that
/// fits is as fast as a higher one.

#include <string>
#include <vector>

#include "llm_sizer/training_time.hpp"

namespace llm_sizer {

/// The most data-parallel replicas a deadline search tries (docs/formulas.md).
inline constexpr double kMaxSearchDataParallel = 65536;

struct SearchOptions {
  double cluster_gpus = 0;   ///< NaN: deadline mode
  double deadline_days = 0;  ///< NaN: cluster mode
  bool rank_by_cost = false;
  bool fixed_global_batch = false;  ///< the plan's global batch; else ~4M tokens per step
  std::size_t top_n = 10;
  double max_dp = kMaxSearchDataParallel;  ///< deadline mode: the most DP tried
};

struct LayoutCandidate {
  double tp = 0;
  double pp = 0;
  double dp = 0;
  double micro_batch = 0;
  double zero = 0;
  std::string recompute;
  bool sequence_parallel = false;
  double gpus = 0;
  double global_batch = 0;
  double peak_gb = 0;
  double step_s = 0;
  double tokens_per_s = 0;
  double mfu = 0;
  double days = 0;  ///< NaN without tokens
  double gpu_hours = 0;
  double cost = 0;  ///< NaN without a price
};

struct SearchResult {
  std::string mode;      ///< "cluster" or "deadline"
  double evaluated = 0;  ///< layouts whose memory was computed
  double feasible = 0;   ///< of those, layouts that fit on every stage
  bool found = false;
  LayoutCandidate best;
  std::vector<LayoutCandidate> top;     ///< best first
  std::vector<LayoutCandidate> pareto;  ///< GPUs vs days (or seconds per token), fewest GPUs first
  bool min_gpus_found = false;
  LayoutCandidate min_gpus;  ///< deadline mode: the fewest GPUs that meet the deadline
};

/// The smallest DP (≤ max_dp) with which the layout in `in` trains its tokens within
/// `deadline_days`, or NaN when none does. Sets the global batch as the search does.
double dp_for_deadline(TrainingTimeInputs in, double deadline_days, bool fixed_global_batch,
                       double max_dp = kMaxSearchDataParallel);

/// Searches around `base` (architecture, recipe, framework, CP, EP, VPP, overheads, throughput,
/// bandwidths, tokens, price). `base.memory.card_memory_gb` is the card.
SearchResult search_layouts(const TrainingTimeInputs& base, const SearchOptions& options);

template <class Visitor>
void visit_fields(Visitor& v, const SearchResult& r);

template <class Visitor>
void visit_fields(Visitor& v, const LayoutCandidate& c) {
  v.field("tp", c.tp);
  v.field("pp", c.pp);
  v.field("dp", c.dp);
  v.field("micro_batch", c.micro_batch);
  v.field("zero", c.zero);
  v.field("recompute", c.recompute);
  v.field("sequence_parallel", c.sequence_parallel);
  v.field("gpus", c.gpus);
  v.field("global_batch", c.global_batch);
  v.field("peak_gb", c.peak_gb);
  v.field("step_s", c.step_s);
  v.field("tokens_per_s", c.tokens_per_s);
  v.field("mfu", c.mfu);
  v.field("days", c.days);
  v.field("gpu_hours", c.gpu_hours);
  v.field("cost", c.cost);
}

template <class Visitor>
void visit_fields(Visitor& v, const SearchResult& r) {
  v.field("mode", r.mode);
  v.field("evaluated", r.evaluated);
  v.field("feasible", r.feasible);
  v.field("found", r.found);
  v.field("best", r.best);
  v.field("top", r.top);
  v.field("pareto", r.pareto);
  v.field("min_gpus_found", r.min_gpus_found);
  v.field("min_gpus", r.min_gpus);
}

}  // namespace llm_sizer
