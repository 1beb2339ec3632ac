#pragma once
/// The seed article's sizing method, exactly as published (see docs/formulas.md, "Article mode"):
///
///   V_total  = N × B                      model state, B = 12 bytes/param (2 W + 2 G + 8 Adam)
///   V_safe   = V_card × s                 s = 0.6, the share of a card for model state
///   P_model  = V_total / V_safe           the minimum model-parallel size
///   P_TP     = GPUs per node (8)          tensor parallelism stays inside one NVLink node
///   P_PP,min = ⌈P_model / P_TP⌉           the fewest pipeline stages that fit
///   P_DP     = ⌊cluster / (P_TP × P_PP)⌋  data parallelism from the cluster size
///   total    = P_TP × P_PP × P_DP
///   inference: W = N × b_w, minimum cards = ⌈W / V_card⌉
///
/// Ceil and floor are taken exactly on the decimals entered (exact_decimal.hpp).
/// Source: the seed article, sections 2.1–2.3.4; GB = 1e9 bytes.

#include <optional>
#include <vector>

#include "llm_sizer/derivation.hpp"
#include "llm_sizer/issue.hpp"

namespace llm_sizer {

/// Everything the article's method reads, already resolved (resolve.hpp): NaN where an input
/// was refused.
struct ArticleInputs {
  double params = 0;
  double bytes_per_param = 12;
  /// The parts of bytes_per_param when it comes from a recipe (weights, gradients, optimizer);
  /// all zero for a custom total.
  double weight_bytes = 2;
  double grad_bytes = 2;
  double optimizer_bytes = 8;
  double card_memory_gb = 0;
  double safety_factor = 0.6;
  double gpus_per_node = 8;
  /// GPUs the fast link joins (setup.hpp): a given TP beyond it is warned of; the automatic TP
  /// stays the article's, a node's.
  double nvlink_domain_gpus = 8;
  /// LoRA/QLoRA: the bytes are a frozen base's plus its adapters' (resolve.cpp)
  bool adapters = false;
  double tp = 8;  ///< resolved: given, or the automatic rule's
  bool tp_given = false;
  /// Why an automatic TP is not the node's size: the heads it must divide (0: it is the node's).
  double tp_heads = 0;
  double tp_kv_heads = 0;
  /// The cluster's GPUs when fewer than a node's: they bound the automatic TP (0: they do not).
  double tp_cluster = 0;
  std::optional<double> pp;  ///< given; else the article's minimum
  /// Context parallel (resolved): a replica spans TP × CP × PP GPUs, as Megatron's world size is
  /// TP × CP × PP × DP. The article has none (1), and then its steps read as it wrote them.
  double cp = 1;
  double weight_bytes_per_param = 2;
};

/// How step 8 decides data parallelism (resolve.hpp decides the rule).
enum class DpRule {
  kGiven,    ///< the plan's DP
  kCluster,  ///< ⌊cluster / (TP × CP × PP)⌋, stepped down to divide a global batch that is set
  kDeadline,  ///< the fewest replicas that meet a deadline (computed by the time model)
  kSingle,    ///< one replica
};

struct ArticleDataParallel {
  DpRule rule = DpRule::kSingle;
  double dp = 1;             ///< kGiven, kDeadline: the value (NaN when unknown)
  double cluster_gpus = 0;   ///< kCluster (also checked against a given DP); NaN when none
  double deadline_days = 0;  ///< kDeadline
  double global_batch = 0;   ///< sequences per step when the plan fixes it, else NaN
  double micro_batch = 1;
  /// kDeadline: the step-time model that decides it is not in this module (the page's first
  /// one); the full module's evaluation gives the DP.
  bool pending = false;
};

struct ArticleTraining {
  double model_state_gb = 0;           ///< V_total
  double safe_memory_per_card_gb = 0;  ///< V_safe
  double min_model_parallel = 0;       ///< P_model (not rounded)
  double tp = 0;
  double pp_min = 0;
  double pp = 0;
  double dp = 0;
  double cp = 1;
  double gpus_per_replica = 0;  ///< TP × CP × PP
  double total_gpus = 0;        ///< TP × CP × PP × DP
  std::vector<DerivationStep> steps;
};

struct ArticleInference {
  double weights_gb = 0;
  double min_gpus = 0;
  std::vector<DerivationStep> steps;
};

/// Steps 1–7 of the article's training plan: model state, safe memory, minimum model
/// parallelism, TP, PP (given or the minimum) and one replica. Inputs that failed validation are
/// NaN; everything that depends on them is NaN too, the rest is computed. Adds warnings (e.g.
/// pp_below_minimum) to `issues`. With `explain` false only the numbers are computed.
ArticleTraining article_layout(const ArticleInputs& in, std::vector<Issue>& issues,
                               bool explain = true);

/// Steps 8–9: DP by `dp`'s rule, and the total. Adds cluster_too_small (error) and
/// exceeds_cluster (warning) where they apply.
void article_data_parallel(ArticleTraining& t, const ArticleDataParallel& dp,
                           std::vector<Issue>& issues, bool explain = true);

/// The whole plan: article_layout, then article_data_parallel.
ArticleTraining article_training(const ArticleInputs& in, const ArticleDataParallel& dp,
                                 std::vector<Issue>& issues, bool explain = true);

/// The article's inference minimum.
ArticleInference article_inference(const ArticleInputs& in, std::vector<Issue>& issues,
                                   bool explain = true);

template <class Visitor>
void visit_fields(Visitor& v, const ArticleTraining& t) {
  v.field("model_state_gb", t.model_state_gb);
  v.field("safe_memory_per_card_gb", t.safe_memory_per_card_gb);
  v.field("min_model_parallel", t.min_model_parallel);
  v.field("tp", t.tp);
  v.field("pp_min", t.pp_min);
  v.field("pp", t.pp);
  v.field("dp", t.dp);
  v.field("cp", t.cp);
  v.field("gpus_per_replica", t.gpus_per_replica);
  v.field("total_gpus", t.total_gpus);
  v.field("steps", t.steps);
}

template <class Visitor>
void visit_fields(Visitor& v, const ArticleInference& i) {
  v.field("weights_gb", i.weights_gb);
  v.field("min_gpus", i.min_gpus);
  v.field("steps", i.steps);
}

}  // namespace llm_sizer
