#include "preset_plan.hpp"

#include <cmath>
#include <string>

#include "llm_sizer/plan.hpp"

namespace llm_sizer {

std::optional<ResolvedPlan> preset_plan(std::string_view accelerator_id, bool fp8,
                                        std::string_view fp8_recipe) {
  Plan plan;
  plan.model = "llama-3.1-8b";  // any preset: the kernel figures are the accelerator's
  plan.accelerator = std::string(accelerator_id);
  plan.framework = "megatron";
  if (fp8) {
    plan.recipe = "fp8";
    plan.fp8_recipe = std::string(fp8_recipe);
  }
  ResolvedPlan r = resolve(plan);
  const std::string& got = r.training.settings.compute_dtype;
  const bool dtype = fp8 ? got == "fp8" || got == "nvfp4" : got == "bf16";
  const bool as_asked = !fp8 || fp8_recipe.empty() || r.training.settings.fp8_recipe == fp8_recipe;
  if (has_error(r.issues) || !dtype || !as_asked || !std::isfinite(r.training.inputs.peak_tflops)) {
    return std::nullopt;
  }
  return r;
}

}  // namespace llm_sizer
