#pragma once
/// How far published training runs fell from the step-time model: the range the page, the CLI
/// and the exports show beside a predicted step time (docs/formulas.md, "How wide the step time
/// is").
///
/// For each accelerator family with published runs in docs/validation.md (training section, three
/// or more of the kind), apart for dense and mixture-of-experts models, and for each kind over all
/// accelerators, the smallest and largest ratio of a run's published step time to the model's
/// prediction at the framework's default settings:
///   ratio = published step time / predicted step time = predicted throughput / published
///   step range = [step · ratio_low, step · ratio_high], days and cost likewise (both ∝ step).
/// Nothing is fitted to a run: the prediction stays the model's, the band says how far the runs
/// like this plan were from it. MoE runs count apart: their all-to-all, routing and dispatcher
/// software spread them wider than dense runs on the same accelerators (docs/validation.md gives
/// both), and a dense plan is not given their spread, nor an MoE plan the dense runs' narrower
/// one. The figures are generated from the validation by `node scripts/gen-validation.mjs`
/// (time_band_data.cpp), and tests/web/validation-training checks them against it. Plain PyTorch
/// on one GPU (SDPA, a dense model trained whole or through LoRA, nothing offloaded) has the steps
/// measured on one H200 instead (docs/validation.md, "One H200, measured here"; kind "pytorch",
/// Hopper only, tests/web/validation-h200 checks them). PyTorch across GPUs with FSDP (ZeRO 2 or
/// 3, a dense model trained whole with flash attention) has the published runs of its own kind
/// ("fsdp": MosaicML's MPT benchmarks, which docs/validation.md shows apart from the training
/// section's bounds, and the training section's PyTorch runs sharded so; tests/web/
/// validation-mpt checks them). A plan the validation has no runs like
/// (another framework or layout, fine-tuning, efficiencies of its own, a measured throughput, a
/// kind of model with no runs) gets no band and says why.

#include <cmath>
#include <span>
#include <string>
#include <string_view>

namespace llm_sizer {

struct FullTraining;
struct ResolvedPlan;

/// One family's figures for one kind of model: published runs behind them and their ratio range.
struct TimeBandFigures {
  std::string_view family;  ///< "ampere", "hopper", "blackwell", or "all" (every run of the kind)
  std::string_view kind;    ///< "dense" or "moe" (model_kind()); "pytorch": plain PyTorch, one GPU;
                            ///< "fsdp": PyTorch across GPUs, sharded by FSDP
  double runs = 0;
  double low_ratio = 0;  ///< published step ÷ predicted, the smallest
  double high_ratio = 0;
};

/// The generated figures (time_band_data.cpp), each kind's "all" first.
std::span<const TimeBandFigures> time_band_figures();

/// Whose runs a model's plan is like: "moe" for a model with routed experts, else "dense".
std::string_view model_kind(bool moe);

/// The family of an accelerator preset whose runs count together: the same die at the same
/// clocks ("ampere": A100 SXM; "hopper": H100 SXM, H200, H800; "blackwell": B200). Empty for
/// every other accelerator (the band of all runs applies).
std::string_view accelerator_family(std::string_view accelerator_id);

struct TimeBand {
  bool available = false;
  /// Why there is no band: "no_time", "measured" (a measured throughput), "fixed_efficiency"
  /// (a compute efficiency given), "efficiencies" (GEMM, memory or link efficiencies given),
  /// "framework" (not Megatron-LM, nor plain PyTorch on one Hopper GPU as measured, nor PyTorch
  /// FSDP across GPUs), "finetune",
  /// "zero3_across_nodes", "no_runs" (none of the model's kind). Empty with a band.
  std::string reason;
  std::string accelerator_family;  ///< accelerator_family() of the plan's accelerator
  std::string kind;  ///< model_kind() of the plan's model, "pytorch" or "fsdp": whose runs count
  /// Whose figures: the accelerator's family, or "all" (that kind's runs on every accelerator)
  /// where the family has fewer than three of the kind.
  std::string family;
  double runs = NAN;
  double low_ratio = NAN;
  double high_ratio = NAN;
  double step_low_s = NAN;
  double step_high_s = NAN;
  double days_low = NAN;  ///< NaN without tokens, like the days themselves
  double days_high = NAN;
  double cost_low = NAN;  ///< NaN without a price
  double cost_high = NAN;
  /// A plan whose DP comes from a deadline: the smallest DP (and GPUs) that meets it even at the
  /// band's high end, the deadline ÷ high_ratio (NaN: not a deadline plan, or no DP does).
  double deadline_days = NAN;
  double deadline_dp_high = NAN;
  double deadline_gpus_high = NAN;
};

template <class Visitor>
void visit_fields(Visitor& v, const TimeBand& b) {
  v.field("available", b.available);
  v.field("reason", b.reason);
  v.field("accelerator_family", b.accelerator_family);
  v.field("kind", b.kind);
  v.field("family", b.family);
  v.field("runs", b.runs);
  v.field("low_ratio", b.low_ratio);
  v.field("high_ratio", b.high_ratio);
  v.field("step_low_s", b.step_low_s);
  v.field("step_high_s", b.step_high_s);
  v.field("days_low", b.days_low);
  v.field("days_high", b.days_high);
  v.field("cost_low", b.cost_low);
  v.field("cost_high", b.cost_high);
  v.field("deadline_days", b.deadline_days);
  v.field("deadline_dp_high", b.deadline_dp_high);
  v.field("deadline_gpus_high", b.deadline_gpus_high);
}

/// The band of a plan's predicted step time (the full model's training and time, computed).
TimeBand time_band(const ResolvedPlan& plan, const FullTraining& training);

}  // namespace llm_sizer
