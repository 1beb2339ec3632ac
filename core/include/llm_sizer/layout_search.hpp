#pragma once
/// The layout search: every valid (TP, PP and its split, VPP, CP, EP, ETP, DP, micro-batch, ZeRO
/// stage, recompute, sequence parallel) for a cluster size or a deadline, at one global batch,
/// kept when every pipeline stage fits the card with the headroom its memory verdict keeps (the
/// range's high end under it: "fits"; tight layouts only when the limits say "tight=1"), ranked
/// by time, cost or (for a deadline) GPUs (see docs/formulas.md, "Layout search"). For a MoE
/// model only EPs that leave each GPU at most the routed experts a validated run held are tried,
/// unless the limits say otherwise ("experts=", search_limits.hpp).
///
/// The global batch is a hyper-parameter: every layout trains the same one (or, with a batch
/// tolerance, the nearest multiple of micro-batch × DP within it, shown in its row). Every
/// layout is checked by the plan's own rulebook (layout_rules.hpp), so each is a valid plan. DP
/// is the largest that fits the cluster and divides the batch, or the smallest that meets the
/// deadline (≤ max_dp). The plan's given layout inputs fix their dimensions; its search limits
/// narrow any (search_limits.hpp).
///
/// Shortcuts, each because it cannot change the answer: for one (TP, PP, split, VPP, CP, EP, ETP,
/// DP, micro-batch), the (ZeRO, recompute) pairs are tried fastest first and the first that fits
/// is kept (a slower pair that also fits is never better); selective recompute under flash
/// attention saves no memory and costs time; sequence parallelism under Megatron with TP > 1
/// moves what TP's all-reduce moved and divides the rest, so layouts without it are skipped
/// unless the limits ask for them; deeper interleaving is tried while it makes the step faster
/// and still fits. CP is searched while each rank keeps at least 4096 tokens, unless limited.
/// Results are in a total order (score, then GPUs and the layout), so every build ranks ties the
/// same way. The top list keeps the best variant of each (TP, PP, DP, CP, EP).

#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "llm_sizer/search_limits.hpp"
#include "llm_sizer/training_time.hpp"

namespace llm_sizer {

/// The most data-parallel replicas a deadline search tries (docs/formulas.md).
inline constexpr double kMaxSearchDataParallel = 65536;
/// Sequence tokens each CP rank keeps at least, when the search chooses CP itself.
inline constexpr double kMinTokensPerCpRank = 4096;

struct SearchOptions {
  double cluster_gpus = 0;         ///< NaN: deadline mode
  double deadline_days = 0;        ///< NaN: cluster mode
  std::string objective = "time";  ///< "time", "cost" or "gpus"
  std::size_t top_n = 10;
  double max_dp = kMaxSearchDataParallel;  ///< deadline mode: the most DP tried
  SearchLimits limits;
  double batch_tolerance = 0;  ///< a layout's batch may differ from the target by this share
  bool tp_may_cross_nodes = false;
  bool keep_all = false;  ///< keep every evaluated layout (SearchResult::all)
};

struct LayoutCandidate {
  double tp = 0;
  double pp = 0;
  double dp = 0;
  double cp = 1;
  double ep = 1;
  double etp = 1;
  double vpp = 1;
  double micro_batch = 0;
  double zero = 0;
  std::string recompute;
  /// Full recompute of this many layers of each pipeline chunk (block method); NaN: every layer
  double recompute_layers = 0;
  /// What selective recompute recomputes under Megatron (its --recompute-modules, e.g.
  /// "core_attn,mla_up_proj": the plan's, which every layout shares); "" for the other modes and
  /// frameworks, whose selective is the attention core.
  std::string recompute_modules;
  bool sequence_parallel = false;
  std::string stage_layers;  ///< "" for the even split, else "7,8,…"
  double gpus = 0;
  double global_batch = 0;
  double microbatches = 0;  ///< per step and pipeline
  /// The point estimate the search ranks by: the peak stage's allocated memory + CUDA context.
  double peak_gb = 0;
  /// For the layouts a search returns (best, top, Pareto front, and every one in `all`): the peak
  /// stage's high end of the memory range and the verdict, as the memory panel gives them for the
  /// layout ("tight": a high end passes the headroom; "does_not_fit" only in `all`).
  double peak_high_gb = std::numeric_limits<double>::quiet_NaN();
  std::string verdict;
  bool fits = true;  ///< false only in SearchResult::all
  double step_s = 0;
  /// Cluster mode: this layout's time per sequence ÷ the best layout's − 1, which is step_s ÷ the
  /// best's − 1 where both train the same batch (always, unless a batch tolerance lets each train
  /// its own); NaN in a deadline search, whose layouts differ in DP.
  double step_vs_best = std::numeric_limits<double>::quiet_NaN();
  double compute_s = 0;
  double recompute_s = 0;
  double bubble_s = 0;
  double tp_comm_s = 0;
  double cp_comm_s = 0;
  double pp_comm_s = 0;
  double dp_comm_s = 0;
  double moe_comm_s = 0;
  double optimizer_s = 0;
  double tokens_per_s = 0;
  double mfu = 0;
  double days = 0;  ///< NaN without tokens
  double gpu_hours = 0;
  double cost = 0;  ///< NaN without a price
};

struct SearchResult {
  std::string mode;               ///< "cluster" or "deadline"
  double nvlink_domain_gpus = 0;  ///< the fast link's domain the layouts were placed in
  double routed_experts = 0;      ///< routed experts per MoE layer; 0 for a dense model
  double card_memory_gb = 0;      ///< the card the layouts' memory was held to
  double headroom = 0;            ///< share of it a layout's high end may use and still "fit"
  /// Whether layouts the memory verdict calls tight were ranked: asked for ("tight=1" in the
  /// limits), or in a search run again with them because no layout fits with the headroom
  /// (tight_fallback; report.hpp, search_fallbacks).
  bool tight_allowed = false;
  bool tight_fallback = false;
  /// Whether the experts limit (by default at most kMostValidatedExpertsPerGpu routed experts
  /// on each GPU) left out an EP the other limits allow; experts_fallback: no layout fit within
  /// it, so the search ran again without it (report.hpp, search_fallbacks).
  bool experts_limited = false;
  bool experts_fallback = false;
  /// The most routed experts per GPU the experts limit allows (NaN: any)
  double experts_most = std::numeric_limits<double>::quiet_NaN();
  double global_batch = 0;  ///< the batch every layout trains (sequences)
  /// With a tolerance, each layout trains its own batch within this share of global_batch (its
  /// row's global_batch); 0: every layout trains global_batch.
  double batch_tolerance = 0;
  double evaluated = 0;  ///< layouts whose memory and time were computed
  double feasible = 0;   ///< of those, layouts that fit on every stage
  /// Pipeline splits of one (TP, PP, CP, EP, ETP, micro-batch, SP) skipped with all their
  /// interleaving depths, recompute modes and ZeRO stages: their step, bounded from below, could
  /// enter neither the top list nor the Pareto front (cluster searches, without keep_all).
  double skipped = 0;
  bool found = false;
  LayoutCandidate best;
  std::vector<LayoutCandidate> top;     ///< best first, one per (TP, PP, DP, CP, EP)
  std::vector<LayoutCandidate> pareto;  ///< GPUs vs days (or seconds per token), fewest first
  bool min_gpus_found = false;
  LayoutCandidate min_gpus;          ///< deadline mode: the fewest GPUs that meet the deadline
  std::vector<LayoutCandidate> all;  ///< every evaluated layout (SearchOptions::keep_all)
};

/// A search that runs in steps (the page's worker reports progress between them and can stop).
class LayoutSearch {
 public:
  LayoutSearch(const TrainingTimeInputs& base, const SearchOptions& options);
  ~LayoutSearch();
  LayoutSearch(const LayoutSearch&) = delete;
  LayoutSearch& operator=(const LayoutSearch&) = delete;

  /// Runs up to `units` more units of work (one unit: one (TP, CP, EP, ETP, micro-batch, SP)
  /// at one PP). True when the whole space has been searched.
  bool run(double units);
  /// Units done and in all.
  double done() const;
  double total() const;
  /// The result so far (complete once run() returned true).
  SearchResult result() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

/// The whole search at once.
SearchResult search_layouts(const TrainingTimeInputs& base, const SearchOptions& options);

/// The smallest DP (≤ max_dp) with which the layout in `in` trains its tokens within
/// `deadline_days` at its global batch (a multiple of micro-batch × DP when `fixed_global_batch`,
/// else that batch rounded per DP), or NaN when none does.
double dp_for_deadline(TrainingTimeInputs in, double deadline_days, bool fixed_global_batch,
                       double max_dp = kMaxSearchDataParallel);

template <class Visitor>
void visit_fields(Visitor& v, const LayoutCandidate& c) {
  v.field("tp", c.tp);
  v.field("pp", c.pp);
  v.field("dp", c.dp);
  v.field("cp", c.cp);
  v.field("ep", c.ep);
  v.field("etp", c.etp);
  v.field("vpp", c.vpp);
  v.field("micro_batch", c.micro_batch);
  v.field("zero", c.zero);
  v.field("recompute", c.recompute);
  v.field("recompute_layers", c.recompute_layers);
  v.field("recompute_modules", c.recompute_modules);
  v.field("sequence_parallel", c.sequence_parallel);
  v.field("stage_layers", c.stage_layers);
  v.field("gpus", c.gpus);
  v.field("global_batch", c.global_batch);
  v.field("microbatches", c.microbatches);
  v.field("peak_gb", c.peak_gb);
  v.field("peak_high_gb", c.peak_high_gb);
  v.field("verdict", c.verdict);
  v.field("fits", c.fits);
  v.field("step_s", c.step_s);
  v.field("step_vs_best", c.step_vs_best);
  v.field("compute_s", c.compute_s);
  v.field("recompute_s", c.recompute_s);
  v.field("bubble_s", c.bubble_s);
  v.field("tp_comm_s", c.tp_comm_s);
  v.field("cp_comm_s", c.cp_comm_s);
  v.field("pp_comm_s", c.pp_comm_s);
  v.field("dp_comm_s", c.dp_comm_s);
  v.field("moe_comm_s", c.moe_comm_s);
  v.field("optimizer_s", c.optimizer_s);
  v.field("tokens_per_s", c.tokens_per_s);
  v.field("mfu", c.mfu);
  v.field("days", c.days);
  v.field("gpu_hours", c.gpu_hours);
  v.field("cost", c.cost);
}

template <class Visitor>
void visit_fields(Visitor& v, const SearchResult& r) {
  v.field("mode", r.mode);
  v.field("headroom", r.headroom);
  v.field("tight_allowed", r.tight_allowed);
  v.field("tight_fallback", r.tight_fallback);
  v.field("experts_limited", r.experts_limited);
  v.field("experts_fallback", r.experts_fallback);
  v.field("experts_most", r.experts_most);
  v.field("global_batch", r.global_batch);
  v.field("batch_tolerance", r.batch_tolerance);
  v.field("evaluated", r.evaluated);
  v.field("feasible", r.feasible);
  v.field("skipped", r.skipped);
  v.field("found", r.found);
  v.field("best", r.best);
  v.field("top", r.top);
  v.field("pareto", r.pareto);
  v.field("min_gpus_found", r.min_gpus_found);
  v.field("min_gpus", r.min_gpus);
}

}  // namespace llm_sizer
