#pragma once
/// A plan: everything a user chooses. It is what a share link encodes and what every
/// computation reads. Numbers are doubles even where whole numbers are expected, so that what a
/// user typed (2.5 pipeline stages, NaN, -5) survives to validation and gets its own message.
/// An empty optional means "automatic" (the preset's value or the method's choice).

#include <optional>
#include <string>

namespace llm_sizer {

struct Plan {
  /// "en", "zh", or empty when not chosen (the page then follows the browser).
  std::string lang;

  // Model.
  std::string model = "gpt3-175b";  ///< preset id, or "custom" with `params`
  std::optional<double> params;     ///< parameter count, overrides the preset's

  // Accelerator.
  std::string accelerator = "h100-80g";  ///< preset id
  std::optional<double> card_memory_gb;  ///< overrides the preset's memory
  std::optional<double> gpus_per_node;   ///< overrides the preset's node size

  // The article's training method.
  std::optional<double> bytes_per_param;  ///< model state bytes per parameter (default 12)
  double safety_factor = 0.6;             ///< share of card memory for model state

  // Layout.
  std::optional<double> tp;            ///< tensor parallel size (auto: GPUs per node)
  std::optional<double> pp;            ///< pipeline parallel size (auto: the minimum)
  std::optional<double> dp;            ///< data parallel size (auto: from the cluster, else 1)
  std::optional<double> cluster_gpus;  ///< cluster size that DP is taken from

  // Inference (the article's minimum).
  double weight_bytes_per_param = 2;  ///< bytes per weight when serving (BF16 = 2)
};

/// Id of the model or accelerator entry that stands for "no preset: my own numbers".
inline constexpr const char* kCustomId = "custom";

}  // namespace llm_sizer
