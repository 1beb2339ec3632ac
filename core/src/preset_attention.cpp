#include <cmath>
#include <limits>
#include <optional>

#include "llm_sizer/kernel_model.hpp"
#include "llm_sizer/report.hpp"
#include "llm_sizer/units.hpp"
#include "preset_plan.hpp"

namespace llm_sizer {
namespace {

// The attention core's kernel speeds as step_time.cpp's layer_costs() sets them (its bf16 speeds
// and the head-dim shares), built here: one more caller of step_time.cpp's speeds() changes how
// the compiler inlines it into the layout's hot path (BM_OneLayoutEvaluation ~7-13 % slower).
KernelSpeeds attention_speeds(const TrainingTimeInputs& in, double head_dim) {
  KernelSpeeds k;
  const double bf16 =
      std::isfinite(in.bf16_tflops) && in.bf16_tflops > 0 ? in.bf16_tflops : in.peak_tflops;
  k.bf16_flops = bf16 * kFlopsPerTflop;
  k.attention_fwd_efficiency = in.attention_fwd_efficiency;
  k.attention_bwd_efficiency = in.attention_bwd_efficiency;
  k.attention_fwd_head_share = head_dim_share(in.attention_flash2, head_dim, false);
  k.attention_bwd_head_share = head_dim_share(in.attention_flash2, head_dim, true);
  if (std::isfinite(in.compute_efficiency) && in.compute_efficiency > 0) {
    k.fixed_compute_efficiency = in.compute_efficiency;
  }
  return k;
}

}  // namespace

double preset_attention_s(std::string_view accelerator_id, double batch, double heads, double seq,
                          double head_dim, bool backward, double window, std::string_view fp8) {
  constexpr double kNan = std::numeric_limits<double>::quiet_NaN();
  for (const double v : {batch, heads, seq, head_dim}) {
    if (!(v > 0) || !std::isfinite(v)) return kNan;
  }
  if (!(window >= 0) || !std::isfinite(window)) return kNan;
  const std::optional<ResolvedPlan> r = preset_plan(accelerator_id);
  if (!r) return kNan;
  const TrainingTimeInputs& in = r->training.inputs;
  KernelSpeeds k = attention_speeds(in, head_dim);
  if (!fp8.empty()) {
    if (fp8 != "fp8" && fp8 != "mxfp8") return kNan;
    k.fp8_attention = fp8_attention_curve(accelerator_id, fp8 == "mxfp8", head_dim);
    if (k.fp8_attention == nullptr) return kNan;
  }
  // Causal: each query sees half the keys; QKᵀ and PV over head_dim each (step_time.cpp,
  // attention_core), the backward 2.5 times the forward's FLOPs.
  const double flops = 2 * batch * heads * seq * (seq / 2) * 2 * head_dim;
  const double pass_flops = backward ? kFlashBackwardFlops * flops : flops;
  if (window > 0) return window_attention_s(k, pass_flops, seq / 2, seq, window, backward);
  return flash_attention_s(k, pass_flops, seq, backward);
}

}  // namespace llm_sizer
