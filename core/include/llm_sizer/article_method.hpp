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

/// Everything the article's method reads, already resolved from presets.
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
  std::optional<double> tp;
  std::optional<double> pp;
  std::optional<double> dp;
  std::optional<double> cluster_gpus;
  /// DP that meets a deadline (from the time model), used when neither DP nor a cluster is given;
  /// the article says DP is "decided by deadline and budget" (§2.2.4).
  std::optional<double> deadline_dp;
  double deadline_days = 0;
  double weight_bytes_per_param = 2;
};

struct ArticleTraining {
  double model_state_gb = 0;           ///< V_total
  double safe_memory_per_card_gb = 0;  ///< V_safe
  double min_model_parallel = 0;       ///< P_model (not rounded)
  double tp = 0;
  double pp_min = 0;
  double pp = 0;
  double dp = 0;
  double gpus_per_replica = 0;  ///< TP × PP
  double total_gpus = 0;        ///< TP × PP × DP
  std::vector<DerivationStep> steps;
};

struct ArticleInference {
  double weights_gb = 0;
  double min_gpus = 0;
  std::vector<DerivationStep> steps;
};

/// The article's training plan. Inputs that failed validation are NaN; everything that depends
/// on them is NaN too, the rest is computed. Adds warnings (e.g. pp_below_minimum) and errors
/// that only the method can see (cluster_too_small) to `issues`.
ArticleTraining article_training(const ArticleInputs& in, std::vector<Issue>& issues);

/// The article's inference minimum.
ArticleInference article_inference(const ArticleInputs& in, std::vector<Issue>& issues);

template <class Visitor>
void visit_fields(Visitor& v, const ArticleTraining& t) {
  v.field("model_state_gb", t.model_state_gb);
  v.field("safe_memory_per_card_gb", t.safe_memory_per_card_gb);
  v.field("min_model_parallel", t.min_model_parallel);
  v.field("tp", t.tp);
  v.field("pp_min", t.pp_min);
  v.field("pp", t.pp);
  v.field("dp", t.dp);
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
