#include "llm_sizer/comparison.hpp"

#include <algorithm>

#include "llm_sizer/accelerator.hpp"
#include "llm_sizer/model.hpp"
#include "llm_sizer/report.hpp"

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
  for (const auto& model : model_catalog()) {
    ComparisonRow row;
    row.model = model.id;
    row.model_name = model.name;
    row.params = model.nominal_params;
    for (const auto& accelerator : matrix.accelerators) {
      Plan cell_plan = plan;
      cell_plan.model = model.id;
      cell_plan.params.reset();
      cell_plan.accelerator = accelerator;
      cell_plan.card_memory_gb.reset();
      cell_plan.gpus_per_node.reset();
      const bool is_plan = model.id == plan.model && accelerator == plan.accelerator;
      if (!is_plan) cell_plan.pp.reset();
      const Report report = evaluate(cell_plan, {.full_models = false});
      const auto& t = report.article_training;
      row.cells.push_back({accelerator, t.tp, t.pp, t.dp, t.total_gpus,
                           report.article_inference.min_gpus, is_plan, !has_error(report.issues)});
    }
    matrix.rows.push_back(std::move(row));
  }
  return matrix;
}

}  // namespace llm_sizer
