#pragma once
// The CLI's --json documents that are not one report: `open` (the link, the plan and both
// reports) and the preset catalogs. All strings go through the core's JSON writer, so the output
// is valid UTF-8 with every control character escaped, whatever a link or a file held.

#include <string>

#include "llm_sizer/report.hpp"

namespace llm_sizer::cli {

/// `open LINK --json`: {"link", "plan", "training": <train --json>, "inference": <infer --json>}.
std::string open_json(const Report& report);

/// `models --json`: one object per preset — id, name, params (the headline count),
/// params_counted (from the architecture), architecture (null when only the count is known),
/// source, note.
std::string models_json();

/// `accelerators --json`: one object per preset — id, name, vendor, memory_gb, gpus_per_node,
/// nvlink_domain_gpus (null: the node),
/// bf16_dense_tflops, fp8_dense_tflops, hbm_bandwidth_tbps, intra_node_bandwidth_gbps,
/// inter_node_bandwidth_gbps, power_w, price_per_hour_usd (null where unknown), source,
/// confidence, note.
std::string accelerators_json();

}  // namespace llm_sizer::cli
