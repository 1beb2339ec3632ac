#include "llm_sizer/time_derivation.hpp"

#include <cmath>
#include <string>

#include "llm_sizer/number_format.hpp"

namespace llm_sizer {
namespace {

bool known(double v) { return std::isfinite(v); }
constexpr auto n = readable_or_unknown;
// Seconds and counts as a reader checks them: two decimals, three figures below 1.
constexpr auto fine = fine_or_unknown;
// A divisor written as a product ("4.194 × 10⁶") in parentheses, so it divides as a whole.
std::string divisor(const std::string& text) {
  return text.find(" × ") == std::string::npos ? text : "(" + text + ")";
}

// The symbol each part of the step takes in the formula (training_time.cpp, step_parts).
std::string part_symbol(const std::string& id) {
  if (id == "tp_comm") return "t_TP";
  if (id == "cp_comm") return "t_CP";
  if (id == "pp_comm") return "t_PP";
  if (id == "dp_comm") return "t_DP";
  if (id == "moe_comm") return "t_EP";
  if (id == "optimizer") return "t_opt";
  return "t_" + id;
}

}  // namespace

std::vector<DerivationStep> explain_training_time(const TrainingTimeInputs& in,
                                                  const TrainingTime& t) {
  std::vector<DerivationStep> steps;
  const double seq = in.memory.layout.seq_len;
  steps.push_back(make_step("time_tokens_per_step", "T = B_global × s",
                            n(in.global_batch) + " × " + n(seq), t.tokens_per_step, "tokens"));
  if (t.measured) {
    steps.push_back(make_step("time_step", "t_step = F_hw × T / (GPUs × X_achieved)",
                              n(std::round(t.hardware_flops_per_token)) + " × " +
                                  n(t.tokens_per_step) + " / (" + n(t.gpus) + " × " +
                                  n(in.achieved_tflops) + " TFLOP/s)",
                              t.step_s, "s", "time_step_measured"));
  } else {
    // The parts the model could time (a part without its bandwidth is left out of the step).
    std::string formula = "t_step = ";
    std::string numbers;
    for (const StepPart& p : t.parts) {
      if (!known(p.s)) continue;
      formula += (numbers.empty() ? "" : " + ") + part_symbol(std::string(p.id));
      numbers += (numbers.empty() ? "" : " + ") + fine(p.s);
    }
    // Multi-token prediction's modules run on the last stage: the note names them.
    const int mtp = in.memory.mtp_layers;
    steps.push_back(make_step(
        "time_step", formula, numbers + " s", t.step_s, "s",
        mtp > 0 ? "time_step_parts_mtp" : "time_step_parts",
        mtp > 0 ? std::vector<IssueParam>{{"n", std::to_string(mtp)}} : std::vector<IssueParam>{}));
  }
  steps.push_back(make_step("time_tokens_per_s", "T / t_step",
                            n(t.tokens_per_step) + " / " + fine(t.step_s) + " s", t.tokens_per_s,
                            "tokens/s"));
  steps.push_back(make_step("time_mfu", "F_model × tokens/s / (GPUs × peak)",
                            n(std::round(t.model_flops_per_token)) + " × " +
                                n(std::round(t.tokens_per_s)) + " / (" + n(t.gpus) + " × " +
                                n(in.peak_tflops) + " TFLOP/s)",
                            t.mfu * 100, "%", "time_mfu", {{"hfu", fine(t.hfu * 100)}}));
  if (!known(t.steps)) return steps;
  steps.push_back(make_step("time_steps", "⌈D / T⌉",
                            "⌈" + n(in.tokens) + " / " + divisor(n(t.tokens_per_step)) + "⌉",
                            t.steps, ""));
  steps.push_back(make_step("time_days", "steps × t_step / 86400",
                            n(t.steps) + " × " + fine(t.step_s) + " / 86400", t.days, "days"));
  steps.push_back(make_step("time_gpu_hours", "GPUs × steps × t_step / 3600",
                            n(t.gpus) + " × " + n(t.steps) + " × " + fine(t.step_s) + " / 3600",
                            t.gpu_hours, "GPU-hours"));
  if (known(t.cost)) {
    steps.push_back(make_step("time_cost", "price × GPU-hours",
                              n(in.price_per_gpu_hour) + " × " + n(std::round(t.gpu_hours)), t.cost,
                              "$"));
  }
  if (known(t.energy_kwh)) {
    steps.push_back(
        make_step("time_energy", "GPU-hours × P × PUE / 10⁶",
                  n(std::round(t.gpu_hours)) + " × " + n(in.power_w) + " × " + n(in.pue) + " / 10⁶",
                  t.energy_kwh / 1000, "MWh"));
  }
  return steps;
}

}  // namespace llm_sizer
