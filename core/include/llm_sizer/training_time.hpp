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
/// Step time (predicted): operation by operation (step_time.hpp) — every GEMM at its shape, the
/// attention kernel, the streaming kernels, the collectives of TP, CP, EP, PP and DP with what
/// hides them, the pipeline schedule set by its slowest stage, recompute and the optimizer. A
/// measured per-GPU throughput replaces all of it.

#include <string>
#include <string_view>
#include <vector>

#include "llm_sizer/fp8_recipe.hpp"
#include "llm_sizer/kernel_model.hpp"
#include "llm_sizer/training_memory.hpp"

namespace llm_sizer {

struct TrainingTimeInputs {
  TrainingMemoryInputs memory;  ///< architecture, recipe, framework and layout
  double peak_tflops = 0;       ///< dense peak per GPU in the recipe's compute dtype
  double bf16_tflops = 0;       ///< dense bf16 peak (attention, LM head); NaN: peak_tflops
  /// Share of peak every compute kernel runs at, replacing the kernel model (NaN: the model).
  double compute_efficiency = 0;
  double gemm_efficiency = 0;  ///< share of peak the largest GEMMs reach (MAMF)
  /// The share the bf16 GEMMs (LM head) reach of the bf16 peak when it differs from
  /// gemm_efficiency: under NVFP4, whose gemm_efficiency is of the FP4 peak, the per-tensor fp8
  /// GEMMs' share, as an fp8 plan's LM head runs at (0: gemm_efficiency).
  double bf16_gemm_efficiency = 0;
  Fp8Quantization fp8;                  ///< what quantizing a GEMM operand costs (fp8 recipes)
  double attention_fwd_efficiency = 0;  ///< flash attention at long sequences, forward
  double attention_bwd_efficiency = 0;  ///< and backward
  /// The attention kernel is FlashAttention-2 (PyTorch's SDPA), else cuDNN's (TransformerEngine):
  /// whose rates by head dim scale the efficiencies, which are head dim 128's (head_dim_share).
  bool attention_flash2 = false;
  /// Attention in FP8 (TransformerEngine's fp8_dot_product_attention) at this measured speed over
  /// bf16 (kernel_model.hpp); null: bf16.
  const Fp8AttentionCurve* fp8_attention = nullptr;
  /// The LM head's GEMMs at the linear layers' (MXFP8) rate, their inputs quantized
  /// (Megatron-Core's fp8_output_proj); else bf16.
  bool fp8_output_proj = false;
  double hbm_tbps = 0;           ///< HBM bandwidth, TB/s
  double memory_efficiency = 0;  ///< share of HBM bandwidth streaming kernels reach
  double comm_efficiency = 0;    ///< share of NVLink's bandwidth collectives reach
  double nccl_ll_max_gbps = 0;   ///< NCCL's LL protocol cap in a node (NaN: half the link)
  /// The NVSwitch joining the GPUs (kernel_model.hpp): what smaller groups and all-to-alls keep
  /// of a ring over 8's bandwidth, and the latency it adds to NCCL's model.
  NvSwitch nvswitch = NvSwitch::kNone;
  double net_efficiency = 0;     ///< share of the NICs' line rate collectives reach
  double sms = 0;                ///< streaming multiprocessors (NaN: not known)
  bool serial_epilogue = false;  ///< GEMM outputs written after their K loop (Ampere)
  double gemm_k_overhead = 0;    ///< a GEMM tile's fixed cost in K elements (kernel_model.hpp)
  double gemm_k_of_maximum = 0;  ///< K from which GEMMs reach their efficiency
  bool tp_overlap = false;       ///< TP collectives overlapped with the GEMMs beside them
  bool moe_overlap = false;      ///< MoE all-to-alls overlapped with compute
  /// Megatron's flex dispatcher (DeepEP, HybridEP): a token crosses the network once to each
  /// node holding one of its experts, then NVLink carries it to them (step_time.cpp).
  bool moe_flex_dispatcher = false;
  /// Megatron's interleaved schedule overlaps its pipeline sends with compute in the 1F1B steady
  /// state (overlap_p2p_comm: an option from f9283c5 of 2023-05-31, the default from 4eeff55 of
  /// 2023-10-12); false: every send waits, as before.
  bool pp_overlap = true;
  double achieved_tflops = 0;  ///< measured hardware TFLOP/s per GPU (NaN: predict)
  double intra_node_gbps = 0;  ///< per GPU and direction (NaN: unknown)
  double inter_node_gbps = 0;
  /// GPUs the fast link joins (ResolvedSetup::nvlink_domain_gpus): a collective inside runs
  /// at intra_node_gbps, one that leaves it through the GPUs' NICs.
  double nvlink_domain_gpus = 8;
  /// GPUs per server: where the fast link joins one server, a group whose ranks do not tile it
  /// (TP 3 on eight GPUs) has members on two servers, and the network between them (step_time.cpp).
  double gpus_per_node = 8;
  double dp_overlap = 0;          ///< share of the DP collectives the compute beside them may hide
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

/// One term of a step's split, as the page, the CLI and the exports show it (id: "compute",
/// "recompute", "bubble", "tp_comm", "cp_comm", "pp_comm", "dp_comm", "moe_comm", "optimizer",
/// "offload", "dequant").
/// The id names a string literal: a part is built for every layout the search evaluates, and
/// copying nine strings there cost more than some of the step's terms.
struct StepPart {
  std::string_view id;
  double s = 0;
};

template <class Visitor>
void visit_fields(Visitor& v, const StepPart& p) {
  v.field("id", std::string(p.id));
  v.field("s", p.s);
}

struct TrainingTime {
  double model_flops_per_token = 0;
  double hardware_flops_per_token = 0;
  double gpus = 0;
  double tokens_per_step = 0;
  double microbatches = 0;  ///< per step and pipeline
  double compute_s = 0;     ///< per step: the slowest stage's GEMMs, attention, streaming
  double recompute_s = 0;   ///< what recompute runs again
  double bubble_s = 0;      ///< pipeline fill and drain
  double tp_comm_s = 0;     ///< exposed parts only, here and below
  double cp_comm_s = 0;
  double pp_comm_s = 0;
  double dp_comm_s = 0;
  double moe_comm_s = 0;
  double offload_s = 0;  ///< host transfers of an offload mode (finetune_time.hpp)
  double dequant_s = 0;  ///< QLoRA: each frozen linear dequantized to bf16 per pass
  double optimizer_s = 0;
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
  /// The split of step_s: a measured throughput gives only the compute; offload and
  /// dequantization appear when the plan has them.
  std::vector<StepPart> parts;
};

template <class Visitor>
void visit_fields(Visitor& v, const TrainingTime& t) {
  v.field("model_flops_per_token", t.model_flops_per_token);
  v.field("hardware_flops_per_token", t.hardware_flops_per_token);
  v.field("gpus", t.gpus);
  v.field("tokens_per_step", t.tokens_per_step);
  v.field("microbatches", t.microbatches);
  v.field("compute_s", t.compute_s);
  v.field("recompute_s", t.recompute_s);
  v.field("bubble_s", t.bubble_s);
  v.field("tp_comm_s", t.tp_comm_s);
  v.field("cp_comm_s", t.cp_comm_s);
  v.field("pp_comm_s", t.pp_comm_s);
  v.field("dp_comm_s", t.dp_comm_s);
  v.field("moe_comm_s", t.moe_comm_s);
  v.field("offload_s", t.offload_s);
  v.field("dequant_s", t.dequant_s);
  v.field("optimizer_s", t.optimizer_s);
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
  v.field("parts", t.parts);
}

/// Model and hardware FLOPs per token for an architecture, sequence length and recompute mode.
/// Hardware FLOPs add the forward that is run again: full recompute every layer's; selective
/// the attention core, and under Megatron's recompute modules also MLA's q/kv up-projections
/// (mla_up_proj), dense layers' MLPs (mlp) and MoE layers' active MLP blocks (moe), 2 FLOPs per
/// parameter; moe_act is element-wise.
void flops_per_token(const Architecture& arch, double seq_len, Recompute recompute,
                     double& model_flops, double& hardware_flops,
                     unsigned recompute_modules = kRecomputeCoreAttn);

/// Time, cost and energy of a layout. `params_per_card` is the peak stage's (for gradient bytes).
TrainingTime training_time(const TrainingTimeInputs& in, double params_per_card);

/// A run over the plan's tokens on `gpus` GPUs at `step_s` per step of global_batch × seq_len
/// tokens: steps = ⌈tokens / tokens per step⌉, seconds = steps × step_s, then days, GPU-hours and
/// cost (price × GPU-hours). NaN without a token count. training_time() fills its own from it,
/// and the layout search bounds a layout's ranking with it.
struct RunLength {
  double steps = 0;
  double days = 0;
  double gpu_hours = 0;
  double cost = 0;
};
RunLength run_length(const TrainingTimeInputs& in, double gpus, double step_s);

}  // namespace llm_sizer
