#pragma once
/// Training time, cost and energy (see docs/formulas.md, "Training time and cost").
///
/// FLOPs per token (Narayanan et al. 2021, §5.1, Eq. 3; Korthikanti et al. 2022, §6):
///   model FLOPs    F_model = 6·N_matmul + 6·L·s·a·(d_qk + d_v)   — forward 2N, backward 4N; the
///                  attention scores and their weighted sum are not parameter matmuls; the input
///                  embedding lookup is not a matmul, the LM head is; MoE counts active experts.
///   hardware FLOPs F_hw adds what recompute runs again: full recompute one more forward of every
///                  layer (8N instead of 6N, as Narayanan's 96·B·s·l·h²), selective the attention
///                  core's forward.
/// MFU = F_model·tokens / (time · GPUs · peak); HFU uses F_hw.
///
/// Step time (predicted): compute at GPUs × dense peak × compute efficiency, plus the pipeline
/// bubble (p − 1)/v micro-batch slots (Narayanan et al. 2021, §2.2), tensor-parallel collectives
/// per layer over the node's link, pipeline point-to-point, the exposed part of the data-parallel
/// gradient reduction, and MoE all-to-alls. A measured per-GPU throughput replaces all of it.

#include "llm_sizer/training_memory.hpp"

namespace llm_sizer {

struct TrainingTimeInputs {
  TrainingMemoryInputs memory;    ///< architecture, recipe, framework and layout
  double peak_tflops = 0;         ///< dense peak per GPU in the recipe's compute dtype
  double compute_efficiency = 0;  ///< fraction of peak the compute itself reaches
  double achieved_tflops = 0;     ///< measured hardware TFLOP/s per GPU (NaN: predict)
  double intra_node_gbps = 0;     ///< per GPU and direction (NaN: unknown)
  double inter_node_gbps = 0;
  double gpus_per_node = 8;
  double dp_overlap = 0;          ///< share of the gradient reduction hidden behind backward
  double global_batch = 0;        ///< sequences per optimizer step
  double tokens = 0;              ///< tokens to train on (NaN: per step only)
  double price_per_gpu_hour = 0;  ///< NaN: unknown
  double power_w = 0;             ///< board power (NaN: unknown)
  double pue = 1;
  double host_link_gbps = 0;  ///< host ↔ card per direction (PCIe; NaN: unknown), for offload
  /// FLOPs per token when already known (the search computes them once per recompute mode);
  /// 0 means compute them here.
  double model_flops_per_token = 0;
  double hardware_flops_per_token = 0;
};

struct TrainingTime {
  double model_flops_per_token = 0;
  double hardware_flops_per_token = 0;
  double gpus = 0;
  double tokens_per_step = 0;
  double compute_s = 0;  ///< per step, at the compute efficiency
  double bubble_s = 0;
  double tp_comm_s = 0;
  double pp_comm_s = 0;
  double dp_comm_s = 0;  ///< exposed part only
  double moe_comm_s = 0;
  double offload_s = 0;  ///< host transfers of an offload mode (finetune_time.hpp)
  double step_s = 0;
  bool measured = false;   ///< step time from a measured throughput
  bool comm_known = true;  ///< false when a bandwidth is unknown (communication left out)
  double tokens_per_s = 0;
  double mfu = 0;  ///< model FLOPs utilization of the whole step
  double hfu = 0;
  double steps = 0;  ///< NaN without tokens
  double days = 0;
  double gpu_hours = 0;
  double cost = 0;
  double energy_kwh = 0;
  double days_at_mfu_30 = 0;  ///< F_model·tokens / (GPUs · peak · 0.3), in days
  double days_at_mfu_40 = 0;
  double days_at_mfu_50 = 0;
};

template <class Visitor>
void visit_fields(Visitor& v, const TrainingTime& t) {
  v.field("model_flops_per_token", t.model_flops_per_token);
  v.field("hardware_flops_per_token", t.hardware_flops_per_token);
  v.field("gpus", t.gpus);
  v.field("tokens_per_step", t.tokens_per_step);
  v.field("compute_s", t.compute_s);
  v.field("bubble_s", t.bubble_s);
  v.field("tp_comm_s", t.tp_comm_s);
  v.field("pp_comm_s", t.pp_comm_s);
  v.field("dp_comm_s", t.dp_comm_s);
  v.field("moe_comm_s", t.moe_comm_s);
  v.field("offload_s", t.offload_s);
  v.field("step_s", t.step_s);
  v.field("measured", t.measured);
  v.field("comm_known", t.comm_known);
  v.field("tokens_per_s", t.tokens_per_s);
  v.field("mfu", t.mfu);
  v.field("hfu", t.hfu);
  v.field("steps", t.steps);
  v.field("days", t.days);
  v.field("gpu_hours", t.gpu_hours);
  v.field("cost", t.cost);
  v.field("energy_kwh", t.energy_kwh);
  v.field("days_at_mfu_30", t.days_at_mfu_30);
  v.field("days_at_mfu_40", t.days_at_mfu_40);
  v.field("days_at_mfu_50", t.days_at_mfu_50);
}

/// Model and hardware FLOPs per token for an architecture, sequence length and recompute mode.
void flops_per_token(const Architecture& arch, double seq_len, Recompute recompute,
                     double& model_flops, double& hardware_flops);

/// Time, cost and energy of a layout. `params_per_card` is the peak stage's (for gradient bytes).
TrainingTime training_time(const TrainingTimeInputs& in, double params_per_card);

}  // namespace llm_sizer
