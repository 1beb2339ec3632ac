#include <cmath>
#include <limits>
#include <string_view>

#include "llm_sizer/report.hpp"
#include "llm_sizer/step_time.hpp"

namespace llm_sizer {

double preset_collective_s(std::string_view accelerator_id, std::string_view op, double gpus,
                           double bytes) {
  constexpr double kNan = std::numeric_limits<double>::quiet_NaN();
  Collective collective;
  if (op == "all_gather") {
    collective = Collective::kAllGather;
  } else if (op == "reduce_scatter") {
    collective = Collective::kReduceScatter;
  } else if (op == "all_reduce") {
    collective = Collective::kAllReduce;
  } else if (op == "all_to_all") {
    collective = Collective::kAllToAll;
  } else {
    return kNan;
  }
  if (!(gpus >= 1) || !std::isfinite(gpus) || !(bytes >= 0) || !std::isfinite(bytes)) return kNan;
  Plan plan;
  plan.model = "llama-3.1-8b";  // any preset: the link figures are the accelerator's
  plan.accelerator = std::string(accelerator_id);
  const ResolvedPlan r = resolve(plan);
  if (has_error(r.issues)) return kNan;
  return intra_node_collective_s(r.training.inputs, collective, gpus, bytes);
}

}  // namespace llm_sizer
