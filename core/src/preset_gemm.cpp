#include <cmath>
#include <limits>
#include <optional>

#include "llm_sizer/kernel_model.hpp"
#include "llm_sizer/report.hpp"
#include "llm_sizer/step_time.hpp"
#include "preset_plan.hpp"

namespace llm_sizer {
namespace {

constexpr double kNan = std::numeric_limits<double>::quiet_NaN();

}  // namespace

double preset_gemm_s(std::string_view accelerator_id, bool fp8, double m, double n, double k,
                     std::string_view fp8_recipe) {
  const std::optional<ResolvedPlan> r = preset_plan(accelerator_id, fp8, fp8_recipe);
  if (!r) return kNan;
  TrainingTimeInputs burst = r->training.inputs;
  burst.gemm_efficiency /= gemm_sustained(accelerator_id);
  return linear_gemm_s(burst, m, k, n);
}

double preset_quantize_s(std::string_view accelerator_id, std::string_view fp8_recipe,
                         double elements) {
  if (!(elements >= 0) || !std::isfinite(elements)) return kNan;
  const std::optional<ResolvedPlan> r = preset_plan(accelerator_id, true, fp8_recipe);
  if (!r) return kNan;
  const TrainingTimeInputs& in = r->training.inputs;
  KernelSpeeds k;
  k.memory_bytes_per_s = streaming_bytes_per_s(in);
  const double bytes = in.fp8.bytes_per_element * elements;
  return elements > 0 ? streams_s(k, bytes, in.fp8.kernels) : 0;
}

}  // namespace llm_sizer
