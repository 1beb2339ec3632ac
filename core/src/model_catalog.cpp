#include "llm_sizer/model.hpp"

namespace llm_sizer {
namespace {

std::vector<ModelPreset> build() {
  return {
      {"gpt3-175b", "GPT-3 175B", 175e9,
       "Brown et al. 2020, Table 2.1; the seed article, section 2.3.1", ""},
      {"qwen-32b", "Qwen-32B (article)", 32e9, "The seed article, section 2.3.1 (nominal 32 × 10⁹)",
       "The article's nominal figure; Qwen2.5-32B has 32.76 × 10⁹ parameters."},
  };
}

}  // namespace

const std::vector<ModelPreset>& model_catalog() {
  static const std::vector<ModelPreset> kCatalog = build();
  return kCatalog;
}

const ModelPreset* find_model(std::string_view id) {
  for (const auto& m : model_catalog()) {
    if (m.id == id) return &m;
  }
  return nullptr;
}

}  // namespace llm_sizer
