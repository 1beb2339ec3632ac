#include "llm_sizer/finetune_time.hpp"

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
