#include "llm_sizer/finetune_time.hpp"

#include <algorithm>
#include <limits>

#include "llm_sizer/training_memory.hpp"
#include "llm_sizer/units.hpp"

namespace llm_sizer {

void finetune_flops(const TrainingMemoryInputs& in, TrainingTime& t) {
  adjust_flops_for_finetune(in.arch, in.finetune, t.model_flops_per_token,
                            t.hardware_flops_per_token);
}

double offload_step_s(const TrainingTimeInputs& in, double params_per_card) {
  const TrainingMemoryInputs& mem = in.memory;
  const FineTuneSettings& ft = mem.finetune;
  if (ft.offload == Offload::kNone) return 0;
  const TrainingLayout& l = mem.layout;
  // What moves is what trains (the adapters under LoRA), on this card's share under ZeRO; with
  // the weights on the host every weight comes up for each pass.
  const double trainable = ft.adapters() ? 0 : params_per_card;
  const double shard = l.zero >= 1 ? l.dp * l.cp : 1;
  const double passes = l.recompute == Recompute::kFull ? 3 : 2;
  OffloadTraffic traffic = offload_traffic(ft.offload, trainable / shard, mem.recipe.weight_bytes,
                                           mem.recipe.grad_bytes, passes, l.microbatches);
  if (ft.offload == Offload::kOptimizerParams) {
    // Each rank streams up its own share of the weights (ZeRO-3 gathers the rest over NVLink).
    const double weights = params_per_card / (l.zero >= 3 ? l.dp * l.cp : 1);
    traffic.host_to_device_bytes = weights * mem.recipe.weight_bytes * passes * l.microbatches;
  }
  return offload_transfer_s(traffic, in.host_link_gbps);
}

double activation_offload_step_s(const TrainingTimeInputs& in, const TrainingTime& t) {
  const TrainingMemoryInputs& mem = in.memory;
  if (!mem.finetune.activation_offload) return 0;
  const Architecture& a = mem.arch;
  const TrainingLayout& l = mem.layout;
  const double layers = a.layers / l.pp;  // this card's share, every stage alike
  if (!(layers > 0) || !(t.microbatches > 0)) return 0;
  if (!(in.host_link_gbps > 0)) return std::numeric_limits<double>::quiet_NaN();
  // A layer's saved bytes as the memory model counts them (training_memory.cpp): the dense and
  // MoE layers' mean; under block recompute the layers past each chunk's first N keep all of a
  // layer's.
  const double moe = a.moe_layer_count();
  const LayerActivations dense = layer_activations(mem, false);
  const LayerActivations routed = moe > 0 ? layer_activations(mem, true) : LayerActivations{};
  const auto mean = [&](double LayerActivations::*bytes) {
    return ((a.layers - moe) * dense.*bytes + moe * routed.*bytes) / a.layers;
  };
  const double share = full_recompute_share(l, layers);
  const double saved = share * mean(&LayerActivations::saved_bytes) +
                       (1 - share) * mean(&LayerActivations::recomputed_bytes);
  const double copy = saved / gb_to_bytes(in.host_link_gbps);
  const double per_layer = t.compute_s / (t.microbatches * layers);
  const double forward = per_layer / 3;
  const double backward = per_layer - forward + t.recompute_s / (t.microbatches * layers);
  return t.microbatches * layers * (std::max(0.0, copy - forward) + std::max(0.0, copy - backward));
}

double dequant_step_s(const TrainingTimeInputs& in, double params_per_card, double microbatches) {
  const TrainingMemoryInputs& mem = in.memory;
  if (mem.finetune.mode != FineTune::kQlora) return 0;
  const double total = count_params(mem.arch).total;
  if (!(total > 0)) return 0;
  // This card's share of the quantized linears, as its share of all parameters.
  const double quantized = params_per_card * quantized_params(mem.arch).total / total;
  const double passes = mem.layout.recompute == Recompute::kFull ? 3 : 2;
  const double bytes = passes * microbatches * quantized * (nf4_bytes_per_weight() + 2);
  return bytes / (in.hbm_tbps * 1e12 * in.memory_efficiency);
}

}  // namespace llm_sizer
