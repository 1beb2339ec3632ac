#pragma once
/// The full training memory model applied to a plan: its settings resolved (framework defaults,
/// the article's layout where the plan leaves TP/PP/DP automatic), validated, computed per stage,
/// explained step by step, and the smallest pipeline depth that fits for each recompute mode.

#include <string>
#include <vector>

#include "llm_sizer/derivation.hpp"
#include "llm_sizer/issue.hpp"
#include "llm_sizer/resolve.hpp"
#include "llm_sizer/time_derivation.hpp"
#include "llm_sizer/training_memory.hpp"
#include "llm_sizer/training_time.hpp"

namespace llm_sizer {

/// The peak card's memory: the point estimate (peak allocated + the CUDA context), its parts, and
/// the range on top (fragmentation, NCCL buffers, workspaces) the verdict reads.
struct MemoryBreakdown {
  double weights_gb = 0;
  double grads_gb = 0;  ///< allocated at the peak moment
  double optimizer_gb = 0;
  double activations_gb = 0;
  double logits_gb = 0;
  double buffers_gb = 0;       ///< ZeRO-3 gathers, framework buckets, QLoRA dequantization
  double context_gb = 0;       ///< CUDA context (outside the allocator)
  double overhead_gb = 0;      ///< buffers + context
  double allocated_gb = 0;     ///< peak allocated (torch.cuda.max_memory_allocated)
  double peak_gb = 0;          ///< the point: allocated + context
  double low_gb = 0;           ///< allocated + the range's low ends
  double high_gb = 0;          ///< allocated + the range's high ends
  double reserved_low_gb = 0;  ///< peak reserved: allocated + fragmentation
  double reserved_high_gb = 0;
  double fragmentation_low_gb = 0;
  double fragmentation_high_gb = 0;
  double communication_low_gb = 0;
  double communication_high_gb = 0;
  double workspace_low_gb = 0;
  double workspace_high_gb = 0;
  double context_low_gb = 0;
  double context_high_gb = 0;
  double communicators = 0;
  bool fits = false;        ///< verdict is not "does_not_fit"
  std::string verdict;      ///< "fits", "tight" (the high end passes the headroom), "does_not_fit"
  std::string peak_moment;  ///< "loss", "recompute" or "backward_end" (training_memory.hpp)
  double headroom = 0;
  double peak_stage = 0;
  double card_memory_gb = 0;         ///< the capacity compared with (driver's bytes ÷ 10⁹)
  double card_memory_gib = 0;        ///< the same in GiB
  std::string card_capacity_source;  ///< "driver", "given", "nominal"
  double free_gb = 0;                ///< card memory minus the point (negative: over by that much)
  double host_ram_gb = 0;            ///< offloaded state and activations in host memory, this card
  double trainable_params = 0;       ///< per card (the adapters under LoRA)
  double adapter_params = 0;         ///< the whole model's LoRA parameters (0 without adapters)
};

struct StageReport {
  double stage = 0;
  double first_layer = 0;
  double layers = 0;
  double inflight = 0;
  double params = 0;  ///< per card
  double weights_gb = 0;
  double grads_gb = 0;
  double optimizer_gb = 0;
  double activations_gb = 0;
  double logits_gb = 0;
  double overhead_gb = 0;
  double allocated_gb = 0;
  double total_gb = 0;  ///< the point
  double high_gb = 0;   ///< the range's high end
  bool fits = false;
  std::string verdict;
};

/// The smallest pipeline depth that fits under one recompute mode (pp NaN: none up to the layers).
struct FitOption {
  std::string recompute;
  double pp = 0;
  double peak_gb = 0;  ///< the point
  double high_gb = 0;  ///< the range's high end
  std::string verdict;
};

struct FullTraining {
  bool available = false;  ///< false without an architecture or with an invalid layout
  TrainingSettings settings;
  MemoryBreakdown memory;
  std::vector<StageReport> stages;
  std::vector<DerivationStep> steps;
  std::vector<FitOption> fit_options;
  std::vector<DerivationStep> time_steps;  ///< the time model's working (time_derivation.hpp)
  bool time_computed = false;   ///< false from the page's first module (no time model there)
  bool time_available = false;  ///< false without a known peak (or measured throughput)
  TrainingTime time;
};

/// The memory model's derivation, step by step (docs/formulas.md, "Full training memory per card").
std::vector<DerivationStep> explain_training_memory(const TrainingMemoryInputs& in,
                                                    const TrainingMemory& m,
                                                    const ResolvedSetup& setup);

/// Writes the derivation steps of the memory model (explain_training_memory), or none (null).
using MemoryExplainer = std::vector<DerivationStep> (*)(const TrainingMemoryInputs&,
                                                        const TrainingMemory&,
                                                        const ResolvedSetup&);

/// The time model full_training() runs: training_time() in the full module; none in the page's
/// first module, which leaves the step-time model out (report.hpp, evaluate_without_serving).
using TimeModel = TrainingTime (*)(const TrainingTimeInputs&, double params_per_card);

/// The full memory model, time and cost on the layout the article's method (or the plan) decided:
/// `tp`, `pp` and `dp` complete the resolved training settings. Checks the layout against the
/// rulebook (layout_rules.hpp) first; adds what it finds to `issues`. Without a time model
/// (nullptr) the time is left out (time_computed false). A null `explain` leaves out the memory
/// derivation's steps, a null `explain_time` the time's. The page's first module passes none, so
/// its link leaves their code out (they arrive with the full module, as the serving model does).
FullTraining full_training(const ResolvedPlan& plan, double tp, double pp, double dp,
                           std::vector<Issue>& issues, TimeModel time_model,
                           MemoryExplainer explain = &explain_training_memory,
                           TimeExplainer explain_time = nullptr);

/// The layout the full model uses for a plan and its (tp, pp, dp): the resolved settings with the
/// global batch decided (the plan's, or the default for the layout). False with issues when the
/// rulebook refuses it.
bool training_layout(const ResolvedPlan& plan, double tp, double pp, double dp,
                     TrainingTimeInputs& inputs, TrainingSettings& settings,
                     std::vector<Issue>& issues);

template <class Visitor>
void visit_fields(Visitor& v, const MemoryBreakdown& m) {
  v.field("weights_gb", m.weights_gb);
  v.field("grads_gb", m.grads_gb);
  v.field("optimizer_gb", m.optimizer_gb);
  v.field("activations_gb", m.activations_gb);
  v.field("logits_gb", m.logits_gb);
  v.field("buffers_gb", m.buffers_gb);
  v.field("context_gb", m.context_gb);
  v.field("overhead_gb", m.overhead_gb);
  v.field("allocated_gb", m.allocated_gb);
  v.field("peak_gb", m.peak_gb);
  v.field("low_gb", m.low_gb);
  v.field("high_gb", m.high_gb);
  v.field("reserved_low_gb", m.reserved_low_gb);
  v.field("reserved_high_gb", m.reserved_high_gb);
  v.field("fragmentation_low_gb", m.fragmentation_low_gb);
  v.field("fragmentation_high_gb", m.fragmentation_high_gb);
  v.field("communication_low_gb", m.communication_low_gb);
  v.field("communication_high_gb", m.communication_high_gb);
  v.field("workspace_low_gb", m.workspace_low_gb);
  v.field("workspace_high_gb", m.workspace_high_gb);
  v.field("context_low_gb", m.context_low_gb);
  v.field("context_high_gb", m.context_high_gb);
  v.field("communicators", m.communicators);
  v.field("fits", m.fits);
  v.field("verdict", m.verdict);
  v.field("peak_moment", m.peak_moment);
  v.field("headroom", m.headroom);
  v.field("peak_stage", m.peak_stage);
  v.field("card_memory_gb", m.card_memory_gb);
  v.field("card_memory_gib", m.card_memory_gib);
  v.field("card_capacity_source", m.card_capacity_source);
  v.field("free_gb", m.free_gb);
  v.field("host_ram_gb", m.host_ram_gb);
  v.field("trainable_params", m.trainable_params);
  v.field("adapter_params", m.adapter_params);
}

template <class Visitor>
void visit_fields(Visitor& v, const StageReport& s) {
  v.field("stage", s.stage);
  v.field("first_layer", s.first_layer);
  v.field("layers", s.layers);
  v.field("inflight", s.inflight);
  v.field("params", s.params);
  v.field("weights_gb", s.weights_gb);
  v.field("grads_gb", s.grads_gb);
  v.field("optimizer_gb", s.optimizer_gb);
  v.field("activations_gb", s.activations_gb);
  v.field("logits_gb", s.logits_gb);
  v.field("overhead_gb", s.overhead_gb);
  v.field("allocated_gb", s.allocated_gb);
  v.field("total_gb", s.total_gb);
  v.field("high_gb", s.high_gb);
  v.field("fits", s.fits);
  v.field("verdict", s.verdict);
}

template <class Visitor>
void visit_fields(Visitor& v, const FitOption& f) {
  v.field("recompute", f.recompute);
  v.field("pp", f.pp);
  v.field("peak_gb", f.peak_gb);
  v.field("high_gb", f.high_gb);
  v.field("verdict", f.verdict);
}

template <class Visitor>
void visit_fields(Visitor& v, const FullTraining& t) {
  v.field("available", t.available);
  v.field("settings", t.settings);
  v.field("memory", t.memory);
  v.field("stages", t.stages);
  v.field("steps", t.steps);
  v.field("fit_options", t.fit_options);
  v.field("time_computed", t.time_computed);
  v.field("time_available", t.time_available);
  v.field("time", t.time);
  v.field("time_steps", t.time_steps);
}

}  // namespace llm_sizer
