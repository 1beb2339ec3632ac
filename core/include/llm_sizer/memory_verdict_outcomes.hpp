#pragma once
/// What became of layouts the memory verdict judged, measured (docs/validation.md, "Layout
/// sweeps"): Hagemann et al. 2023 ran every layout of their sweeps (LLaMA 13B–65B on A100) to a
/// step time or to an out-of-memory error, and the validation plans each one. For each verdict
/// (training_memory.hpp: "fits", "tight", "does_not_fit") the runs it was given and how many of
/// them trained. Nothing is fitted: `node scripts/gen-validation.mjs` writes the counts
/// (memory_verdict_data.cpp) and tests/web/validation-sweeps.test.mjs checks them against it.

#include <string_view>

namespace llm_sizer {

struct VerdictOutcomes {
  double runs = 0;     ///< measured layouts the memory model gave this verdict
  double trained = 0;  ///< of those, the ones that trained (the rest ran out of memory)
};

/// The counts for a verdict id; zeros for an unknown one.
VerdictOutcomes memory_verdict_outcomes(std::string_view verdict);

}  // namespace llm_sizer
