#pragma once
/// The article's comparison (section 2.3.4): every preset model against a few accelerators, each
/// cell the article's (TP, PP, DP) and total under the plan's other settings. The pipeline depth
/// is the rule's minimum in every cell but the plan's own model and accelerator, which shows the
/// plan as chosen.

#include <string>
#include <vector>

#include "llm_sizer/plan.hpp"

namespace llm_sizer {

struct ComparisonCell {
  std::string accelerator;
  double tp = 0;
  double pp = 0;
  double dp = 0;
  double total_gpus = 0;
  double min_gpus_inference = 0;
  bool is_plan = false;  ///< the plan's own model and accelerator
  bool ok = true;        ///< false when the cell has an error (e.g. unknown node size)
};

struct ComparisonRow {
  std::string model;
  std::string model_name;
  double params = 0;
  std::vector<ComparisonCell> cells;
};

struct ComparisonMatrix {
  std::vector<std::string> accelerators;  ///< column ids
  std::vector<std::string> accelerator_names;
  std::vector<ComparisonRow> rows;
};

/// Columns: the plan's accelerator, then the article's H100 and RG800 (each once).
/// Rows: every model preset.
ComparisonMatrix comparison_matrix(const Plan& plan);

template <class Visitor>
void visit_fields(Visitor& v, const ComparisonCell& c) {
  v.field("accelerator", c.accelerator);
  v.field("tp", c.tp);
  v.field("pp", c.pp);
  v.field("dp", c.dp);
  v.field("total_gpus", c.total_gpus);
  v.field("min_gpus_inference", c.min_gpus_inference);
  v.field("is_plan", c.is_plan);
  v.field("ok", c.ok);
}

template <class Visitor>
void visit_fields(Visitor& v, const ComparisonRow& r) {
  v.field("model", r.model);
  v.field("model_name", r.model_name);
  v.field("params", r.params);
  v.field("cells", r.cells);
}

template <class Visitor>
void visit_fields(Visitor& v, const ComparisonMatrix& m) {
  v.field("accelerators", m.accelerators);
  v.field("accelerator_names", m.accelerator_names);
  v.field("rows", m.rows);
}

}  // namespace llm_sizer
