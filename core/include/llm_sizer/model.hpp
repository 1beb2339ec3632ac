#pragma once
/// Model presets: a stable id, the headline parameter count (what the article or the model card
/// states; the article's method uses it), and the published architecture with its source.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "llm_sizer/architecture.hpp"

namespace llm_sizer {

struct ModelPreset {
  std::string id;  ///< stable forever, used in share links ("gpt3-175b")
  std::string name;
  double nominal_params = 0;  ///< the headline figure, e.g. 175e9 for GPT-3
  Architecture architecture;  ///< layers == 0 when only the parameter count is known
  std::string source;
  std::string note;

  bool has_architecture() const { return architecture.layers > 0; }
};

/// Every preset, in display order.
const std::vector<ModelPreset>& model_catalog();

/// The preset with this id, or nullptr.
const ModelPreset* find_model(std::string_view id);

/// The weight format (inference.hpp's ids) a preset's published checkpoint ships in, which a
/// serving engine loads unless told otherwise; "" for 16-bit weights and for unknown ids.
/// DeepSeek-V3: "fp8-block" (its config.json's quantization_config: quant_method "fp8", fmt
/// "e4m3", weight_block_size [128, 128]; the technical report's §3.3.2).
std::string_view native_weights(std::string_view model_id);

}  // namespace llm_sizer
