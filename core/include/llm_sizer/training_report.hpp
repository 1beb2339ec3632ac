#pragma once
/// The full training memory model applied to a plan: its settings resolved (framework defaults,
/// the article's layout where the plan leaves TP/PP/DP automatic), validated, computed per stage,
/// explained step by step, and the smallest pipeline depth that fits for each recompute mode.

#include <string>
#include <vector>

#include "llm_sizer/derivation.hpp"
#include "llm_sizer/issue.hpp"
#include "llm_sizer/resolve.hpp"
#include "llm_sizer/training_memory.hpp"
#include "llm_sizer/training_time.hpp"

namespace llm_sizer {

struct MemoryBreakdown {
  double weights_gb = 0;
  double grads_gb = 0;
  double optimizer_gb = 0;
  double activations_gb = 0;
  double logits_gb = 0;
  double overhead_gb = 0;
  double peak_gb = 0;
  bool fits = false;
  double peak_stage = 0;
  double card_memory_gb = 0;
  double free_gb = 0;  ///< card memory minus peak (negative: over by that much)
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
  double total_gb = 0;
  bool fits = false;
};

/// The smallest pipeline depth that fits under one recompute mode (pp NaN: none up to the layers).
struct FitOption {
  std::string recompute;
  double pp = 0;
  double peak_gb = 0;
};

struct FullTraining {
  bool available = false;  ///< false without an architecture or with an invalid layout
  TrainingSettings settings;
  MemoryBreakdown memory;
  std::vector<StageReport> stages;
  std::vector<DerivationStep> steps;
  std::vector<FitOption> fit_options;
  bool time_computed = false;   ///< false from the page's first module (no time model there)
  bool time_available = false;  ///< false without a known peak (or measured throughput)
  TrainingTime time;
};

/// The time model full_training() runs: training_time() in the full module; none in the page's
/// first module, which leaves the step-time model out (report.hpp, evaluate_without_serving).
using TimeModel = TrainingTime (*)(const TrainingTimeInputs&, double params_per_card);

/// The full memory model, time and cost on the layout the article's method (or the plan) decided:
/// `tp`, `pp` and `dp` complete the resolved training settings. Checks the layout against the
/// rulebook (layout_rules.hpp) first; adds what it finds to `issues`. Without a time model
/// (nullptr) the time is left out (time_computed false).
FullTraining full_training(const ResolvedPlan& plan, double tp, double pp, double dp,
                           std::vector<Issue>& issues, TimeModel time_model);

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
  v.field("overhead_gb", m.overhead_gb);
  v.field("peak_gb", m.peak_gb);
  v.field("fits", m.fits);
  v.field("peak_stage", m.peak_stage);
  v.field("card_memory_gb", m.card_memory_gb);
  v.field("free_gb", m.free_gb);
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
  v.field("total_gb", s.total_gb);
  v.field("fits", s.fits);
}

template <class Visitor>
void visit_fields(Visitor& v, const FitOption& f) {
  v.field("recompute", f.recompute);
  v.field("pp", f.pp);
  v.field("peak_gb", f.peak_gb);
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
}

}  // namespace llm_sizer
