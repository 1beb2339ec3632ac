#pragma once
// The text (table) output of train, infer, search, models and accelerators, localized.

#include <string>
#include <string_view>

#include "llm_sizer/report.hpp"
#include "messages.hpp"

namespace llm_sizer::cli {

/// `train`: the article's derivation and layout, then — for a model with an architecture — the
/// memory per pipeline stage, the training time and cost, and the memory derivation.
std::string train_text(const Report& report, const Messages& m);

/// `infer`: the article's minimum, then the serving fleet of the full model.
std::string infer_text(const Report& report, const Messages& m);

/// `search`: the best layouts and the GPUs-against-time front.
std::string search_text(const SearchReport& report, const Messages& m);

/// A pipeline split's layers per stage ("2,2,2,2,1") with each run of three or more equal stages
/// written once with its count ("2×4, 1"), so that a deep split stays one readable cell; the page
/// writes them alike (web/src/components/layout-extras.ts, stageRuns).
std::string stage_runs(std::string_view stage_layers);

/// `models` and `accelerators`: one row per preset.
std::string models_text(const Messages& m);
std::string accelerators_text(const Messages& m);

}  // namespace llm_sizer::cli
