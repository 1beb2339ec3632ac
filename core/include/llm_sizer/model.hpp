#pragma once
/// Model presets. A preset always has a nominal parameter count (what the article or the model
/// card states, used by the article's method) and, where published, an architecture.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace llm_sizer {

struct ModelPreset {
  std::string id;  ///< stable forever, used in share links ("gpt3-175b")
  std::string name;
  double nominal_params = 0;  ///< the headline figure, e.g. 175e9 for GPT-3
  std::string source;
  std::string note;
};

/// Every preset, in display order.
const std::vector<ModelPreset>& model_catalog();

/// The preset with this id, or nullptr.
const ModelPreset* find_model(std::string_view id);

}  // namespace llm_sizer
