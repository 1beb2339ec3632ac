#include "llm_sizer/comparison.hpp"

#include <algorithm>

#include "llm_sizer/accelerator.hpp"
#include "llm_sizer/model.hpp"
#include "llm_sizer/plan_fields.hpp"
#include "llm_sizer/report.hpp"
#include "llm_sizer/setup.hpp"

namespace llm_sizer {

ComparisonMatrix comparison_matrix(const Plan& plan) {
  ComparisonMatrix matrix;
  for (const char* id : {plan.accelerator.c_str(), "h100-80g", "rg800-32g"}) {
    const Accelerator* a = find_accelerator(id);
    if (a == nullptr) continue;
    if (std::find(matrix.accelerators.begin(), matrix.accelerators.end(), id) !=
        matrix.accelerators.end()) {
      continue;
    }
    matrix.accelerators.emplace_back(id);
    matrix.accelerator_names.push_back(a->name);
  }
  // The plan is validated once; each cell then swaps in its preset's parameters, card memory and
  // node size and runs the article's method for numbers only.
  std::vector<Issue> issues = validate_field_ranges(plan);
  const ResolvedSetup setup = resolve_setup(plan, issues);
  const ArticleInputs base = article_inputs(plan, setup, issues);
  const bool plan_ok = !has_error(issues);
  for (const auto& model : model_catalog()) {
    ComparisonRow row;
    row.model = model.id;
    row.model_name = model.name;
    row.params = model.nominal_params;
    for (const auto& accelerator_id : matrix.accelerators) {
      const Accelerator& accelerator = *find_accelerator(accelerator_id);
      ArticleInputs in = base;
      in.params = model.nominal_params;
      in.card_memory_gb = accelerator.memory_gb;
      in.gpus_per_node = accelerator.gpus_per_node.value_or(8);
      const bool is_plan = model.id == plan.model && accelerator_id == plan.accelerator;
      if (!is_plan) in.pp.reset();
      std::vector<Issue> cell_issues;
      const ArticleTraining t = article_training(in, cell_issues, false);
      const ArticleInference inference = article_inference(in, cell_issues, false);
      row.cells.push_back({accelerator_id, t.tp, t.pp, t.dp, t.total_gpus, inference.min_gpus,
                           is_plan, plan_ok && !has_error(cell_issues)});
    }
    matrix.rows.push_back(std::move(row));
  }
  return matrix;
}

}  // namespace llm_sizer
