#pragma once
/// Resolving a plan: the one place where the inputs a user typed become the values every model
/// computes with. Nothing after it reads a raw `Plan` field or asks the issue list whether an
/// input was refused.
///
///   validate (ranges, choices, lengths)  →  presets looked up  →  every default and automatic
///   rule applied  →  ResolvedPlan (typed values, each input's source, every refusal an issue)
///
/// Then evaluate() runs the models once, in one direction: the article's method (its PP), the
/// full memory model on that layout, time and cost; the search starts from the same values.
///
/// Automatic rules (each named in the input table, plan_fields.cpp, and listed in docs/inputs.md):
///   tp      the largest t ≤ GPUs per node with t | heads and t | K/V heads (heads for MLA);
///           without an architecture the node's size (the article, §2.2.2)
///   pp      the article's minimum ⌈N·B / (V_card·s·TP)⌉
///   dp      ⌊cluster / (TP·PP)⌋ (with a global batch: the largest such DP dividing it), else the
///           fewest replicas meeting the deadline, else 1
///   params  the preset's nominal count while its architecture is unchanged, else the count of
///           the architecture; a given count must agree with an architecture within 5%
///   weight bits (serving and the article's b_w)  the weight format's, bf16 by default

#include <optional>
#include <string>
#include <vector>

#include "llm_sizer/article_method.hpp"
#include "llm_sizer/inference.hpp"
#include "llm_sizer/issue.hpp"
#include "llm_sizer/plan.hpp"
#include "llm_sizer/serving_load.hpp"
#include "llm_sizer/serving_memory.hpp"
#include "llm_sizer/serving_settings.hpp"
#include "llm_sizer/setup.hpp"
#include "llm_sizer/training_settings.hpp"
#include "llm_sizer/training_time.hpp"

namespace llm_sizer {

/// Where a resolved input's value came from.
enum class InputSource {
  kGiven,      ///< typed by the user (or set by a link, flag or import)
  kPreset,     ///< the model's or accelerator's preset
  kDefault,    ///< a fixed default of the input table
  kAutomatic,  ///< an automatic rule (the input's `auto_rule`)
  kRefused,    ///< the given value was refused (an error issue names it); NaN downstream
};
std::string_view input_source_id(InputSource source);

/// One input as the models use it: the page shows it as the input's placeholder, the CLI and
/// docs as its default.
struct ResolvedInput {
  std::string field;  ///< the input's id (plan_fields.hpp)
  InputSource source = InputSource::kDefault;
  double value = 0;  ///< numbers (NaN when unknown or refused, and for text inputs)
  std::string text;  ///< choice ids and names; numbers in their shortest form
};

/// Everything the training models need but the pipeline depth and DP, which the article's method
/// and the DP rule decide (evaluate() completes the layout).
struct ResolvedTraining {
  bool ready = false;  ///< an architecture, a recipe and every setting known
  TrainingTimeInputs inputs;
  TrainingSettings settings;
  bool global_batch_given = false;
  bool micro_batch_given = false;
  bool tp_given = false;
  bool recompute_given = false;
  bool zero_given = false;
  bool sequence_parallel_given = false;
  /// The search limits' text as given; the search reads it with the given layout inputs
  /// (report.hpp's prepare_search).
  std::string search_limits;
};

struct ResolvedServing {
  bool ready = false;  ///< an architecture and every setting known
  ServingInputs inputs;
  InferenceSettings settings;
  std::optional<double> tp;  ///< the given serving TP (NaN when refused)
  std::optional<double> pp;  ///< the given pipeline stages per replica
  std::optional<double> dp;  ///< the given DP attention ranks per replica
  int ep = -1;               ///< expert parallelism: -1 automatic, 0 off, 1 on
  EngineSettings engine;     ///< the engine's resolved memory and batching settings
  ServingWorkload load;      ///< the request shape and what-ifs
  /// The presets' ids ("custom" for typed ones): the launch commands' checkpoint and the engines'
  /// per-card defaults.
  std::string model_id;
  std::string accelerator_id;
};

struct ResolvedPlan {
  Plan plan;                          ///< as given (what share links encode)
  std::vector<Issue> issues;          ///< validation and resolution, in that order
  std::vector<ResolvedInput> inputs;  ///< one per input, in plan_fields() order
  ResolvedSetup setup;
  ArticleInputs article;
  DpRule dp_rule = DpRule::kSingle;
  double deadline_days = 0;  ///< NaN when none
  double cluster_gpus = 0;   ///< NaN when none
  ResolvedTraining training;
  ResolvedServing serving;
  std::string objective;  ///< the search's ranking: "time" or "cost"
};

/// Resolves a plan. Never throws; every value a refused input would have set is NaN.
ResolvedPlan resolve(const Plan& plan);

/// The resolved input for a field id, or nullptr.
const ResolvedInput* find_input(const ResolvedPlan& plan, std::string_view field);

/// Whether the plan gave this input itself (not a preset's, a default or an automatic value).
bool input_given(const ResolvedPlan& plan, std::string_view field);

template <class Visitor>
void visit_fields(Visitor& v, const ResolvedInput& i) {
  v.field("field", i.field);
  v.field("source", std::string(input_source_id(i.source)));
  v.field("value", i.value);
  v.field("text", i.text);
}

}  // namespace llm_sizer
