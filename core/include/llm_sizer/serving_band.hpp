#pragma once
/// How far published serving runs fell from the serving model's throughput: the range the page,
/// the CLI and the exports show beside a fleet's output tokens/s (docs/serving.md, "How wide the
/// throughput is").
///
/// For each engine with three or more published throughput runs in docs/validation.md (serving
/// section, output tokens/s), and over every engine's runs, the smallest and largest ratio of a
/// run's published output tokens/s to the model's prediction at the engine's defaults:
///   ratio = published ÷ predicted output tokens/s
///   output range = [tokens/s · ratio_low, tokens/s · ratio_high]
///   cost per million output tokens ∝ 1 / tokens/s: [cost ÷ ratio_high, cost ÷ ratio_low]
/// Nothing is fitted to a run: the prediction stays the model's, the band says how far runs were
/// from it. The figures are generated from the validation by `node scripts/gen-validation.mjs`
/// (serving_band_data.cpp), and tests/web/validation-serving checks them against it. A plan that
/// sets its own decode or prefill efficiency has no band (reason "efficiencies"): the runs were
/// predicted at the defaults.

#include <span>
#include <string>
#include <string_view>

namespace llm_sizer {

struct ResolvedPlan;

/// One engine's figures: published runs behind them and their ratio range.
struct ServingBandFigures {
  std::string_view engine;  ///< engine profile id ("trtllm", "vllm", "sglang") or "all"
  double runs = 0;
  double low_ratio = 0;  ///< published ÷ predicted output tokens/s, the smallest
  double high_ratio = 0;
};

/// The generated figures (serving_band_data.cpp), "all" first.
std::span<const ServingBandFigures> serving_band_figures();

struct ServingBand {
  bool available = false;
  std::string reason;  ///< "no_fleet", "efficiencies", "no_runs"; empty with a band
  std::string engine;  ///< whose runs: the plan's engine, or "all" where it has fewer than three
  double runs = 0;
  double low_ratio = 0;
  double high_ratio = 0;
  double output_tokens_per_s_low = 0;
  double output_tokens_per_s_high = 0;
  double cost_per_m_output_low = 0;  ///< NaN without a price
  double cost_per_m_output_high = 0;
};

template <class Visitor>
void visit_fields(Visitor& v, const ServingBand& b) {
  v.field("available", b.available);
  v.field("reason", b.reason);
  v.field("engine", b.engine);
  v.field("runs", b.runs);
  v.field("low_ratio", b.low_ratio);
  v.field("high_ratio", b.high_ratio);
  v.field("output_tokens_per_s_low", b.output_tokens_per_s_low);
  v.field("output_tokens_per_s_high", b.output_tokens_per_s_high);
  v.field("cost_per_m_output_low", b.cost_per_m_output_low);
  v.field("cost_per_m_output_high", b.cost_per_m_output_high);
}

/// The band of a fleet's predicted output tokens/s and cost per million output tokens, for the
/// plan's engine; reason "no_fleet" where there is no throughput to span (none found, or NaN).
ServingBand serving_band(const ResolvedPlan& plan, std::string_view engine,
                         double output_tokens_per_s, double cost_per_m_output);

}  // namespace llm_sizer
