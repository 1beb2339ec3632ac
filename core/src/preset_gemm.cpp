#include <cmath>
#include <limits>

#include "llm_sizer/kernel_model.hpp"
#include "llm_sizer/report.hpp"
#include "llm_sizer/step_time.hpp"

namespace llm_sizer {

double preset_gemm_s(std::string_view accelerator_id, bool fp8, double m, double n, double k) {
  Plan plan;
  plan.model = "llama-3.1-8b";  // any preset: the kernel figures are the accelerator's
  plan.accelerator = std::string(accelerator_id);
  if (fp8) plan.recipe = "fp8";
  const ResolvedPlan r = resolve(plan);
  const TrainingTimeInputs& in = r.training.inputs;
  // The fp8 recipe falls back to bf16 on a card without an fp8 peak: no fp8 GEMM to time.
  const bool dtype = r.training.settings.compute_dtype == (fp8 ? "fp8" : "bf16");
  if (has_error(r.issues) || !dtype || !std::isfinite(in.peak_tflops)) {
    return std::numeric_limits<double>::quiet_NaN();
  }
  TrainingTimeInputs burst = in;
  burst.gemm_efficiency /= gemm_sustained(accelerator_id);
  return linear_gemm_s(burst, m, k, n);
}

}  // namespace llm_sizer
