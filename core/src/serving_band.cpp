#include "llm_sizer/serving_band.hpp"

#include <cmath>
#include <limits>

#include "llm_sizer/resolve.hpp"

namespace llm_sizer {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

const ServingBandFigures* figures_for(std::string_view engine) {
  for (const ServingBandFigures& f : serving_band_figures()) {
    if (f.engine == engine && f.runs > 0) return &f;
  }
  return nullptr;
}

}  // namespace

ServingBand serving_band(const ResolvedPlan& plan, std::string_view engine,
                         double output_tokens_per_s, double cost_per_m_output) {
  ServingBand b;
  if (!(output_tokens_per_s > 0)) {
    b.reason = "no_fleet";
    return b;
  }
  if (input_given(plan, "decode_efficiency") || input_given(plan, "prefill_efficiency")) {
    b.reason = "efficiencies";
    return b;
  }
  const ServingBandFigures* f = figures_for(engine);
  if (f == nullptr) f = figures_for("all");
  if (f == nullptr) {
    b.reason = "no_runs";
    return b;
  }
  b.available = true;
  b.engine = std::string(f->engine);
  b.runs = f->runs;
  b.low_ratio = f->low_ratio;
  b.high_ratio = f->high_ratio;
  b.output_tokens_per_s_low = output_tokens_per_s * f->low_ratio;
  b.output_tokens_per_s_high = output_tokens_per_s * f->high_ratio;
  const bool priced = std::isfinite(cost_per_m_output);
  b.cost_per_m_output_low = priced ? cost_per_m_output / f->high_ratio : kNaN;
  b.cost_per_m_output_high = priced ? cost_per_m_output / f->low_ratio : kNaN;
  return b;
}

}  // namespace llm_sizer
