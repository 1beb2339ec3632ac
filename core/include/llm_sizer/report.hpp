#pragma once
/// Evaluating a plan: resolve presets, validate, run every method, and collect the issues.
/// This is the one entry point the CLI and the page call.

#include <string>
#include <vector>

#include "llm_sizer/article_method.hpp"
#include "llm_sizer/issue.hpp"
#include "llm_sizer/plan.hpp"

namespace llm_sizer {

/// The plan's presets looked up: names and the numbers taken from them.
struct ResolvedSetup {
  std::string model_name;  ///< empty for an unknown id
  double params = 0;       ///< parameter count used (NaN when unknown or invalid)
  std::string accelerator_name;
  double card_memory_gb = 0;
  double gpus_per_node = 0;
  double bytes_per_param = 0;
};

struct Report {
  Plan plan;
  ResolvedSetup setup;
  ArticleTraining article_training;
  ArticleInference article_inference;
  std::vector<Issue> issues;  ///< validation first, then what the methods found
};

/// Computes everything for a plan. Never throws; bad input becomes issues, and every value that
/// does not depend on a bad input is still computed.
Report evaluate(const Plan& plan);

/// `llm-sizer train --json`: the article's training numbers at the top level, then `steps`,
/// `issues` and the resolved setup.
std::string training_json(const Report& report);

/// `llm-sizer infer --json`: `weights_gb`, `min_gpus`, `steps`, `issues`.
std::string inference_json(const Report& report);

template <class Visitor>
void visit_fields(Visitor& v, const ResolvedSetup& s) {
  v.field("model_name", s.model_name);
  v.field("params", s.params);
  v.field("accelerator_name", s.accelerator_name);
  v.field("card_memory_gb", s.card_memory_gb);
  v.field("gpus_per_node", s.gpus_per_node);
  v.field("bytes_per_param", s.bytes_per_param);
}

}  // namespace llm_sizer
