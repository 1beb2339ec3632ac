#include "llm_sizer/comparison.hpp"

#include <algorithm>
#include <limits>

#include "llm_sizer/accelerator.hpp"
#include "llm_sizer/layout_rules.hpp"
#include "llm_sizer/model.hpp"
#include "llm_sizer/plan_fields.hpp"
#include "llm_sizer/resolve.hpp"

namespace llm_sizer {

ComparisonMatrix comparison_matrix(const Plan& plan) {
  ComparisonMatrix matrix;
  // The plan is resolved once; each cell then swaps in its preset's parameters, card memory, node
  // size and automatic TP and runs the article's method for numbers only.
  const ResolvedPlan resolved = resolve(plan);
  const std::string plan_model = find_input(resolved, "model")->text;
  const std::string plan_accelerator = find_input(resolved, "accelerator")->text;
  for (const char* id : {plan_accelerator.c_str(), "h100-80g", "rg800-32g"}) {
    const Accelerator* a = find_accelerator(id);
    if (a == nullptr) continue;
    if (std::find(matrix.accelerators.begin(), matrix.accelerators.end(), id) !=
        matrix.accelerators.end()) {
      continue;
    }
    matrix.accelerators.emplace_back(id);
    matrix.accelerator_names.push_back(a->name);
  }
  const bool plan_ok = !has_error(resolved.issues);
  ArticleDataParallel dp;
  dp.rule = resolved.dp_rule == DpRule::kDeadline ? DpRule::kSingle : resolved.dp_rule;
  dp.cluster_gpus = resolved.cluster_gpus;
  if (const ResolvedInput* given = find_input(resolved, "dp")) dp.dp = given->value;
  dp.micro_batch = resolved.training.settings.micro_batch;
  dp.global_batch = resolved.training.global_batch_given ? resolved.training.settings.global_batch
                                                         : std::numeric_limits<double>::quiet_NaN();
  for (const auto& model : model_catalog()) {
    ComparisonRow row;
    row.model = model.id;
    row.model_name = model.name;
    row.params = model.nominal_params;
    for (const auto& accelerator_id : matrix.accelerators) {
      const Accelerator& accelerator = *find_accelerator(accelerator_id);
      ArticleInputs in = resolved.article;
      in.params = model.nominal_params;
      in.card_memory_gb = accelerator.memory_gb;
      in.gpus_per_node = accelerator.gpus_per_node.value_or(8);
      in.nvlink_domain_gpus = accelerator.nvlink_domain_gpus.value_or(in.gpus_per_node);
      const bool is_plan = model.id == plan_model && accelerator_id == plan_accelerator;
      if (!is_plan) {
        in.pp.reset();
        if (!in.tp_given) {
          in.tp = model.has_architecture()
                      ? largest_tensor_parallel_size(model.architecture, in.gpus_per_node)
                      : in.gpus_per_node;
        }
      }
      std::vector<Issue> cell_issues;
      const ArticleTraining t = article_training(in, dp, cell_issues, false);
      const ArticleInference inference = article_inference(in, cell_issues, false);
      row.cells.push_back({accelerator_id, t.tp, t.pp, t.dp, t.total_gpus, inference.min_gpus,
                           is_plan, plan_ok && !has_error(cell_issues)});
    }
    matrix.rows.push_back(std::move(row));
  }
  return matrix;
}

}  // namespace llm_sizer
