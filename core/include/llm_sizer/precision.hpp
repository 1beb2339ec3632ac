#pragma once
/// Precision recipes: how many bytes a framework keeps per parameter, part by part
/// (weights + gradients + master copy + optimizer moments = total):
///
///   seed12      2 bf16 + 2 + 0 + 8 (Adam m, v fp32) = 12    the seed article, §2.1
///   pure-bf16   2 + 2 + 0 + 4 (m, v bf16) = 8                bf16 everything, no master copy
///   amp16       4 fp32 + 4 + 0 + 8 = 16                      PyTorch autocast: fp32 parameters
///   mixed16     2 fp16 + 2 + 4 + 8 = 16                      ZeRO (Rajbhandari et al. 2020), §3.1
///   megatron18  2 bf16 + 4 fp32 main_grad + 4 + 8 = 18       Megatron-LM distrib_optimizer doc
///   distopt     2 + 4 + 4/DP + 8/DP = 6 + 12/DP              the same table, distributed optimizer
///   fp8         2 + 2 fp8 copies + 4 + 4 + 8 = 20            TransformerEngine: bf16 weights plus
///                                                            the cached fp8 weight and transpose
///   fp8-param   1 fp8 + 1 transpose + 4 + 4 + 8 = 18         TE fp8 primary weights (Megatron
///                                                            --fp8-param-gather): no bf16 copy
///   adam8bit    4 fp32 + 4 + 0 + 2·(1 + 4/256) = 10.03       Dettmers et al. 2022, 8-bit Adam;
///                                                            bitsandbytes quantizes blocks of 256
///
/// "master" and "optimizer" are the optimizer's states: ZeRO-1 (and the distributed optimizer)
/// shards them over data parallelism, ZeRO-2 also the gradients, ZeRO-3/FSDP also the weights.

#include <string_view>
#include <vector>

namespace llm_sizer {

struct Recipe {
  std::string_view id;
  double weight_bytes = 0;  ///< the compute copy of each weight
  /// extra copies kept during a step (fp8 weight + Hopper's transpose; the resolved plan's follow
  /// its fp8 scaling and accelerator, fp8_recipe.hpp)
  double weight_copy_bytes = 0;
  double grad_bytes = 0;
  double master_bytes = 0;        ///< an fp32 master copy of the weights
  double optimizer_bytes = 0;     ///< Adam's first and second moments
  double activation_bytes = 2;    ///< bytes of a saved activation element (bf16/fp16)
  double matmul_input_bytes = 2;  ///< bytes of a saved GEMM input (fp8 recipes keep 1)
  /// The attention projection keeps no quantized input of its own: it re-quantizes the attention
  /// output, kept anyway, in its backward (Megatron under NVFP4; fp8_recipe.hpp).
  bool proj_input_shared = false;
  /// Bytes per element of the Q, K and V that attention keeps for its backward, and of its output
  /// (0: activation_bytes): FP8 attention keeps FP8 copies (fp8_recipe.hpp).
  double attention_qkv_bytes = 0;
  double attention_out_bytes = 0;
  bool shards_optimizer = false;       ///< the distributed optimizer: states sharded without ZeRO
  bool autocast_weight_cache = false;  ///< bf16 copies of fp32 weights live through the step

  double total_bytes() const {
    return weight_bytes + weight_copy_bytes + grad_bytes + master_bytes + optimizer_bytes;
  }
};

const std::vector<Recipe>& recipe_catalog();
const Recipe* find_recipe(std::string_view id);

}  // namespace llm_sizer
