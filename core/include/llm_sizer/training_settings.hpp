#pragma once
/// The training settings a plan resolves to (resolve.hpp), and the framework profiles and
/// defaults behind its automatic values.

#include <string>
#include <string_view>
#include <vector>

#include "llm_sizer/training_memory.hpp"

namespace llm_sizer {

/// Framework defaults for what the plan leaves automatic. The CUDA context, NCCL buffers and
/// fragmentation are estimated by the framework's memory profile (memory_profile.hpp) as a point
/// and ranges; enter measured values when you have them.
struct FrameworkProfile {
  std::string_view id;
  double cuda_context_gb;
};
const FrameworkProfile& framework_profile(Framework framework);

/// The global batch a model family trained with, in sequences of `seq_len` tokens: the published
/// batch of the preset's family in tokens (GPT-3 175B 1536 × 2048, Brown et al. 2020 Table 2.1
/// and Megatron-LM's script; Llama 2 and Llama 3 4M tokens, Touvron et al. 2023 Table 1 and
/// Dubey et al. 2024 §3.4.1 (the 405B's first batch); DeepSeek-V3 15,360 × 4096, its report §4.2;
/// DeepSeek-V2 9216 × 4096; BLOOM 2048 × 2048; GPT-NeoX-20B 1538 × 2048), else about 4M tokens,
/// rounded to a power of two sequences. At least one sequence.
double family_global_batch(std::string_view model_id, double seq_len);

/// The batch a layout trains when the plan leaves it automatic: `target` rounded to the nearest
/// multiple of the layout's micro-batch × DP, with at least one micro-batch per replica, and PP of
/// them when interleaved (the fewest Megatron's schedule runs: layout_rules.hpp).
double layout_global_batch(double target, const TrainingLayout& layout);

struct TrainingSettings {
  std::string framework;
  std::string recipe;
  bool grad_reduce_bf16 = false;  ///< the recipe's fp32 gradients accumulated and reduced in bf16
  std::string fp8_recipe;        ///< how fp8 scales (fp8_recipe.hpp); "" when the recipe is not fp8
  bool fp8_attention = false;    ///< attention runs in FP8 (the plan asked, and it can here)
  bool fp8_output_proj = false;  ///< the LM head runs in MXFP8 (the plan asked, and it can here)
  std::string recompute;
  std::string recompute_modules;  ///< what selective recomputes (Megatron), e.g. "core_attn"
  double recompute_layers = 0;    ///< full recompute's layers per chunk; NaN: every layer
  double tp = 0, pp = 0, dp = 0, cp = 0, ep = 0, etp = 0, vpp = 0;
  double micro_batch = 0;
  double seq_len = 0;
  double global_batch = 0;  ///< the plan's, or the family's (automatic) rounded for the layout
  double microbatches = 0;  ///< per step and pipeline; NaN when automatic (pipeline kept full)
  double zero = 0;
  bool sequence_parallel = false;
  bool flash_attention = true;
  double cuda_context_gb = 0;
  double comm_buffer_gb = 0;   ///< NaN when automatic (NCCL's range per communicator)
  double allocator_slack = 0;  ///< NaN when automatic (the profile's fragmentation range)
  std::string memory_profile;  ///< the versioned framework profile (memory_profile.hpp)
  std::string finetune;        ///< full, lora, qlora
  double lora_rank = 0;        ///< NaN for full fine-tuning
  double lora_alpha = 0;
  std::string lora_targets;
  std::string loss;
  std::string optimizer;
  std::string offload;
  bool activation_offload = false;
  double headroom = 0;
  double prefetch_bucket = 0;      ///< ZeRO-3 parameters gathered ahead (0: whole layers)
  double moe_capacity_factor = 0;  ///< Megatron's expert capacity factor; NaN: dropless
  double mtp_layers = 0;           ///< multi-token-prediction layers on the last stage
  std::vector<double> stage_layers;
  double compute_efficiency = 0;  ///< NaN when the kernel model decides
  double gemm_efficiency = 0;
  double attention_efficiency =
      0;                         ///< forward, head dim 128; the backward keeps the kernel's ratio
  std::string attention_kernel;  ///< "cudnn", "flash2", "estimate", "standard"
  double memory_efficiency = 0;
  double comm_efficiency = 0;
  double net_efficiency = 0;
  bool tp_overlap = false;
  bool moe_overlap = false;
  bool moe_flex_dispatcher = false;
  bool pp_overlap = true;
  double batch_tolerance = 0;
  double achieved_tflops = 0;  ///< NaN when predicted
  double dp_overlap = 0;
  double pue = 0;
  double tokens = 0;          ///< dataset tokens × epochs (NaN when not given)
  std::string compute_dtype;  ///< "bf16", "fp8" or "nvfp4": which dense peak applies
  double peak_tflops = 0;     ///< NaN when the accelerator's peak is unknown
};

template <class Visitor>
void visit_fields(Visitor& v, const TrainingSettings& s) {
  v.field("framework", s.framework);
  v.field("recipe", s.recipe);
  v.field("grad_reduce_bf16", s.grad_reduce_bf16);
  v.field("fp8_recipe", s.fp8_recipe);
  v.field("fp8_attention", s.fp8_attention);
  v.field("fp8_output_proj", s.fp8_output_proj);
  v.field("recompute", s.recompute);
  v.field("recompute_modules", s.recompute_modules);
  v.field("recompute_layers", s.recompute_layers);
  v.field("tp", s.tp);
  v.field("pp", s.pp);
  v.field("dp", s.dp);
  v.field("cp", s.cp);
  v.field("ep", s.ep);
  v.field("etp", s.etp);
  v.field("vpp", s.vpp);
  v.field("micro_batch", s.micro_batch);
  v.field("seq_len", s.seq_len);
  v.field("global_batch", s.global_batch);
  v.field("microbatches", s.microbatches);
  v.field("zero", s.zero);
  v.field("sequence_parallel", s.sequence_parallel);
  v.field("flash_attention", s.flash_attention);
  v.field("cuda_context_gb", s.cuda_context_gb);
  v.field("comm_buffer_gb", s.comm_buffer_gb);
  v.field("allocator_slack", s.allocator_slack);
  v.field("memory_profile", s.memory_profile);
  v.field("finetune", s.finetune);
  v.field("lora_rank", s.lora_rank);
  v.field("lora_alpha", s.lora_alpha);
  v.field("lora_targets", s.lora_targets);
  v.field("loss", s.loss);
  v.field("optimizer", s.optimizer);
  v.field("offload", s.offload);
  v.field("activation_offload", s.activation_offload);
  v.field("headroom", s.headroom);
  v.field("prefetch_bucket", s.prefetch_bucket);
  v.field("moe_capacity_factor", s.moe_capacity_factor);
  v.field("mtp_layers", s.mtp_layers);
  v.field("stage_layers", s.stage_layers);
  v.field("compute_efficiency", s.compute_efficiency);
  v.field("gemm_efficiency", s.gemm_efficiency);
  v.field("attention_efficiency", s.attention_efficiency);
  v.field("attention_kernel", s.attention_kernel);
  v.field("memory_efficiency", s.memory_efficiency);
  v.field("comm_efficiency", s.comm_efficiency);
  v.field("net_efficiency", s.net_efficiency);
  v.field("tp_overlap", s.tp_overlap);
  v.field("moe_overlap", s.moe_overlap);
  v.field("moe_flex_dispatcher", s.moe_flex_dispatcher);
  v.field("pp_overlap", s.pp_overlap);
  v.field("batch_tolerance", s.batch_tolerance);
  v.field("achieved_tflops", s.achieved_tflops);
  v.field("dp_overlap", s.dp_overlap);
  v.field("pue", s.pue);
  v.field("tokens", s.tokens);
  v.field("compute_dtype", s.compute_dtype);
  v.field("peak_tflops", s.peak_tflops);
}

}  // namespace llm_sizer
