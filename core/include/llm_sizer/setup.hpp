#pragma once
/// The plan's presets looked up and overridden (by resolve(), resolve.hpp): the model (headline
/// count and architecture) and the accelerator (memory, throughput, bandwidths, node size, power,
/// price). Unknown figures are NaN and named by issues where a method needs them.

#include <string>

#include "llm_sizer/architecture.hpp"

namespace llm_sizer {

struct ResolvedSetup {
  std::string model_name;  ///< the preset's name, or the custom name ("" when none)
  double params = 0;       ///< N for the article's method (resolve.hpp: given, nominal or counted)
  bool has_architecture = false;
  bool model_unknown = false;  ///< the model id names no preset (its error says so)
  Architecture arch;
  ParamCounts counts;  ///< derived from `arch` (zero without one)

  std::string accelerator_name;
  double card_memory_gb = 0;  ///< marketed GB: the article's V_card (its numbers never change)
  /// The full memory model's capacity: the driver's byte count for a preset card, the given
  /// memory when the plan sets one. GB = 10⁹ bytes (card_capacity_gib for GiB).
  double card_capacity_gb = 0;
  double card_capacity_gib = 0;
  std::string card_capacity_source;  ///< "driver" (with the catalog's citation), "given", "nominal"
  double gpus_per_node = 0;  ///< GPUs per host: launch commands, node counts, the article's TP
  /// GPUs the fast link joins: where TP may reach and every collective inside it runs at
  /// intra_node_bandwidth_gbps. The node unless a preset (GB200 NVL72: 72) or the plan says
  /// otherwise (fewer: H100 NVL cards bridged in pairs).
  double nvlink_domain_gpus = 0;
  double bf16_tflops = 0;  ///< NaN when unknown
  double fp8_tflops = 0;
  double hbm_bandwidth_tbps = 0;
  double intra_node_bandwidth_gbps = 0;
  double inter_node_bandwidth_gbps = 0;
  double power_w = 0;
  double price_per_gpu_hour = 0;
  double host_link_gbps = 0;  ///< NaN when unknown
  std::string accelerator_confidence;

  std::string recipe;
  double bytes_per_param = 0;  ///< the article method's B: the plan's, else the recipe's total
  double weight_bytes = 0;     ///< the recipe's parts, as the article's derivation shows them
  double grad_bytes = 0;       ///< 2 for fp32 gradients reduced in bf16 (grad_reduce_bf16)
  double optimizer_bytes = 0;  ///< master copy + moments
  bool grad_reduce_bf16 = false;
};

template <class Visitor>
void visit_fields(Visitor& v, const ResolvedSetup& s) {
  v.field("model_name", s.model_name);
  v.field("params", s.params);
  v.field("has_architecture", s.has_architecture);
  v.field("architecture", s.arch);
  v.field("counts", s.counts);
  v.field("attention", attention_label(s.arch));
  v.field("accelerator_name", s.accelerator_name);
  v.field("card_memory_gb", s.card_memory_gb);
  v.field("card_capacity_gb", s.card_capacity_gb);
  v.field("card_capacity_gib", s.card_capacity_gib);
  v.field("card_capacity_source", s.card_capacity_source);
  v.field("gpus_per_node", s.gpus_per_node);
  v.field("nvlink_domain_gpus", s.nvlink_domain_gpus);
  v.field("bf16_tflops", s.bf16_tflops);
  v.field("fp8_tflops", s.fp8_tflops);
  v.field("hbm_bandwidth_tbps", s.hbm_bandwidth_tbps);
  v.field("intra_node_bandwidth_gbps", s.intra_node_bandwidth_gbps);
  v.field("inter_node_bandwidth_gbps", s.inter_node_bandwidth_gbps);
  v.field("power_w", s.power_w);
  v.field("price_per_gpu_hour", s.price_per_gpu_hour);
  v.field("host_link_gbps", s.host_link_gbps);
  v.field("accelerator_confidence", s.accelerator_confidence);
  v.field("recipe", s.recipe);
  v.field("bytes_per_param", s.bytes_per_param);
}

}  // namespace llm_sizer
