#include <cmath>
#include <limits>
#include <string>

#include "llm_sizer/report.hpp"
#include "llm_sizer/resolve.hpp"
#include "llm_sizer/step_time.hpp"

namespace llm_sizer {

double preset_attention_s(std::string_view accelerator_id, double batch, double heads, double seq,
                          double head_dim, bool backward) {
  constexpr double kNan = std::numeric_limits<double>::quiet_NaN();
  for (const double v : {batch, heads, seq, head_dim}) {
    if (!(v > 0) || !std::isfinite(v)) return kNan;
  }
  Plan plan;
  plan.model = "llama-3.1-8b";  // any preset: the kernel figures are the accelerator's
  plan.accelerator = std::string(accelerator_id);
  plan.framework = "megatron";
  const ResolvedPlan r = resolve(plan);
  if (has_error(r.issues) || !std::isfinite(r.training.inputs.peak_tflops)) return kNan;
  return causal_attention_s(r.training.inputs, batch, heads, seq, head_dim, backward);
}

}  // namespace llm_sizer
