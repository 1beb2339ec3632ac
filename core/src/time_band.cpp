#include "llm_sizer/time_band.hpp"

#include "llm_sizer/layout_rules.hpp"
#include "llm_sizer/resolve.hpp"
#include "llm_sizer/training_report.hpp"

namespace llm_sizer {
namespace {

struct FamilyMember {
  std::string_view accelerator;
  std::string_view family;
};

// The presets whose runs count together: one die at the same clocks and power. H200 and H800 are
// the H100 SXM's GH100 at its clocks (the H200 with more HBM, the H800 with less NVLink). The
// H100 PCIe and NVL, the H20 and GB200 run the same dies at other clocks or power: the H100 PCIe,
// NVL and H20 have no runs here; GB200 (B200's die at 1,200 W, beside a Grace host) is a family
// of its own, whose runs count in the ranges over every accelerator too. Blackwell Ultra's B300
// (1,100 W) and GB300 (1,400 W, Grace-hosted) are a die of their own, each at its own power.
constexpr FamilyMember kFamilies[] = {
    {"a100-80g", "ampere"},  {"a100-40g", "ampere"}, {"h100-80g", "hopper"},
    {"h200-141g", "hopper"}, {"h800-80g", "hopper"}, {"b200", "blackwell"},
    {"gb200", "gb200"},      {"b300", "b300"},       {"gb300", "gb300"},
};

const TimeBandFigures* figures_of(std::string_view family, std::string_view kind) {
  for (const TimeBandFigures& f : time_band_figures()) {
    if (f.family == family && f.kind == kind && f.runs > 0) return &f;
  }
  return nullptr;
}

// Whether the plan is like the steps measured on one H200 (docs/validation.md, "One H200, measured
// here"): plain PyTorch on one GPU with SDPA, a dense model trained whole or through LoRA
// adapters, nothing offloaded.
bool plain_pytorch_step(const ResolvedPlan& plan, const FullTraining& training) {
  const TrainingSettings& s = training.settings;
  return s.framework == "pytorch" && s.tp * s.pp * s.dp * s.cp == 1 && s.flash_attention &&
         (s.finetune == "full" || s.finetune == "lora") && s.offload == "none" &&
         !s.activation_offload && !plan.training.inputs.memory.arch.is_moe();
}

// Whether the plan is like the published PyTorch runs across GPUs with FSDP (docs/validation.md:
// MosaicML's MPT benchmarks, torchtitan's and Meta's runs in the training section): PyTorch on
// more than one GPU with weights or gradients sharded (ZeRO 2 or 3), a dense model trained whole
// with flash attention, nothing offloaded.
bool pytorch_fsdp_step(const ResolvedPlan& plan, const FullTraining& training) {
  const TrainingSettings& s = training.settings;
  return s.framework == "pytorch" && s.tp * s.pp * s.dp * s.cp > 1 && s.zero >= 2 &&
         s.flash_attention && s.finetune == "full" && s.offload == "none" &&
         !s.activation_offload && !plan.training.inputs.memory.arch.is_moe();
}

// Why the validation has no runs like this plan's time (empty: it has).
std::string_view reason_without_band(const ResolvedPlan& plan, const FullTraining& training) {
  const TrainingSettings& s = training.settings;
  const TrainingTime& t = training.time;
  if (!training.time_available) return "no_time";
  if (t.measured) return "measured";
  if (std::isfinite(s.compute_efficiency)) return "fixed_efficiency";
  // The attention efficiency names a kernel (the validation states FlashAttention-2's for runs
  // that ran it); the others are the model's own figures, which the validation keeps automatic.
  if (input_given(plan, "gemm_efficiency") || input_given(plan, "memory_efficiency") ||
      input_given(plan, "comm_efficiency") || input_given(plan, "net_efficiency")) {
    return "efficiencies";
  }
  if (s.framework != "megatron") {
    return plain_pytorch_step(plan, training) || pytorch_fsdp_step(plan, training) ? ""
                                                                                   : "framework";
  }
  if (s.finetune != "full" || s.offload != "none" || s.activation_offload) return "finetune";
  // Published runs of ZeRO-3 across nodes stray further from the model (layout_rules.hpp): its
  // own issue (zero3_across_nodes) gives their spread instead.
  if (zero3_across_nodes(s.zero, s.tp, s.dp, s.cp, plan.setup.nvlink_domain_gpus)) {
    return "zero3_across_nodes";
  }
  return {};
}

}  // namespace

std::string_view model_kind(bool moe) { return moe ? "moe" : "dense"; }

std::string_view accelerator_family(std::string_view accelerator_id) {
  for (const FamilyMember& m : kFamilies) {
    if (m.accelerator == accelerator_id) return m.family;
  }
  return {};
}

TimeBand time_band(const ResolvedPlan& plan, const FullTraining& training) {
  TimeBand band;
  const ResolvedInput* accelerator = find_input(plan, "accelerator");
  band.accelerator_family =
      std::string(accelerator_family(accelerator != nullptr ? accelerator->text : ""));
  band.kind = std::string(model_kind(plan.training.inputs.memory.arch.is_moe()));
  band.reason = std::string(reason_without_band(plan, training));
  const TimeBandFigures* figures = nullptr;
  if (band.reason.empty() && training.settings.framework != "megatron") {
    // Plain PyTorch was measured on one accelerator family only: no range over every one. FSDP's
    // runs span families, so another accelerator gets the range over all of them.
    band.kind = plain_pytorch_step(plan, training) ? "pytorch" : "fsdp";
    figures = figures_of(band.accelerator_family, band.kind);
    if (figures == nullptr && band.kind == "fsdp") figures = figures_of("all", band.kind);
    if (figures == nullptr) band.reason = "framework";
  } else {
    figures = figures_of(band.accelerator_family, band.kind);
    if (figures == nullptr) figures = figures_of("all", band.kind);
  }
  if (band.reason.empty() && figures == nullptr) band.reason = "no_runs";
  if (!band.reason.empty()) return band;
  const TrainingTime& t = training.time;
  band.available = true;
  band.family = std::string(figures->family);
  band.runs = figures->runs;
  band.low_ratio = figures->low_ratio;
  band.high_ratio = figures->high_ratio;
  band.step_low_s = t.step_s * band.low_ratio;
  band.step_high_s = t.step_s * band.high_ratio;
  band.days_low = t.days * band.low_ratio;
  band.days_high = t.days * band.high_ratio;
  band.cost_low = t.cost * band.low_ratio;
  band.cost_high = t.cost * band.high_ratio;
  return band;
}

}  // namespace llm_sizer
