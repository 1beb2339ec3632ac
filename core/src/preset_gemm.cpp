#include <cmath>
#include <limits>
#include <optional>
#include <string>

#include "llm_sizer/kernel_model.hpp"
#include "llm_sizer/report.hpp"
#include "llm_sizer/resolve.hpp"
#include "llm_sizer/step_time.hpp"
#include "llm_sizer/units.hpp"

namespace llm_sizer {
namespace {

constexpr double kNan = std::numeric_limits<double>::quiet_NaN();

// A Megatron plan on the preset under fp8 (`recipe`) or bf16, resolved; nullopt where it
// cannot time that dtype or recipe.
std::optional<ResolvedPlan> resolved_for(std::string_view accelerator_id, bool fp8,
                                         std::string_view recipe) {
  Plan plan;
  plan.model = "llama-3.1-8b";  // any preset: the kernel figures are the accelerator's
  plan.accelerator = std::string(accelerator_id);
  plan.framework = "megatron";
  if (fp8) {
    plan.recipe = "fp8";
    plan.fp8_recipe = std::string(recipe);
  }
  ResolvedPlan r = resolve(plan);
  // The fp8 recipe falls back to bf16 on a card without an fp8 peak, MXFP8 to the default off
  // Blackwell: nothing of what was asked to time.
  const bool dtype = r.training.settings.compute_dtype == (fp8 ? "fp8" : "bf16");
  const bool as_asked = !fp8 || recipe.empty() || r.training.settings.fp8_recipe == recipe;
  if (has_error(r.issues) || !dtype || !as_asked || !std::isfinite(r.training.inputs.peak_tflops)) {
    return std::nullopt;
  }
  return r;
}

}  // namespace

double preset_gemm_s(std::string_view accelerator_id, bool fp8, double m, double n, double k,
                     std::string_view fp8_recipe) {
  const std::optional<ResolvedPlan> r = resolved_for(accelerator_id, fp8, fp8_recipe);
  if (!r) return kNan;
  TrainingTimeInputs burst = r->training.inputs;
  burst.gemm_efficiency /= gemm_sustained(accelerator_id);
  return linear_gemm_s(burst, m, k, n);
}

double preset_quantize_s(std::string_view accelerator_id, std::string_view fp8_recipe,
                         double elements) {
  if (!(elements >= 0) || !std::isfinite(elements)) return kNan;
  const std::optional<ResolvedPlan> r = resolved_for(accelerator_id, true, fp8_recipe);
  if (!r) return kNan;
  const TrainingTimeInputs& in = r->training.inputs;
  KernelSpeeds k;
  k.memory_bytes_per_s = in.hbm_tbps * kBytesPerTb * in.memory_efficiency;
  const double bytes = in.fp8.bytes_per_element * elements;
  return elements > 0 ? streams_s(k, bytes, in.fp8.kernels) : 0;
}

}  // namespace llm_sizer
