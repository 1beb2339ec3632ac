#pragma once
// The plan the preset_* kernel timings (report.hpp) run on: a Megatron plan of any model preset on
// the accelerator preset, bf16 or under an fp8 recipe.

#include <optional>
#include <string_view>

#include "llm_sizer/resolve.hpp"

namespace llm_sizer {

/// The accelerator preset's plan resolved, bf16 or under fp8 (`fp8_recipe` as the plan field
/// names it; empty: the framework's default). nullopt where it cannot time what was asked: an
/// error, no peak, or an fp8 plan that fell back (bf16 on a card without an fp8 peak, the default
/// recipe for MXFP8 off Blackwell).
std::optional<ResolvedPlan> preset_plan(std::string_view accelerator_id, bool fp8 = false,
                                        std::string_view fp8_recipe = {});

}  // namespace llm_sizer
