#pragma once
/// Precision recipes: how many bytes a framework keeps per parameter, part by part.
///
/// | id         | weights | grads | master | optimizer | total  | source |
/// |------------|---------|-------|--------|-----------|--------|--------|
/// | seed12     | 2 bf16  | 2     | —      | 8 (Adam m, v fp32) | 12 | the seed article, §2.1 |
/// | pure-bf16  | 2       | 2     | —      | 4 (m, v bf16)      | 8  | bf16 weights, grads and
/// states, no master copy | | amp16      | 4 fp32  | 4     | —      | 8                  | 16 |
/// PyTorch autocast: fp32 parameters, bf16 compute | | mixed16    | 2 fp16  | 2     | 4      | 8 |
/// 16 | Rajbhandari et al. 2020 (ZeRO), §3.1: 2Ψ+2Ψ+12Ψ | | megatron18 | 2 bf16  | 4 fp32 main_grad
/// | 4 | 8        | 18 | Megatron-LM docs/distrib_optimizer: "bf16 param, fp32 grads: 18" | |
/// distopt    | 2       | 4     | 4/DP   | 8/DP               | 6 + 12/DP | the same table,
/// distributed optimizer column | | fp8        | 2 + 2 fp8 copies | 4 | 4 | 8               | 20 |
/// TransformerEngine: bf16 weights plus cached fp8 weight and transpose | | adam8bit   | 4 fp32  |
/// 4     | —      | 2 (+ block scales) | 10.004 | Dettmers et al. 2022, 8-bit Adam, block size 2048
/// |
///
/// "master" and "optimizer" are the optimizer's states: ZeRO-1 (and the distributed optimizer)
/// shards them over data parallelism, ZeRO-2 also the gradients, ZeRO-3/FSDP also the weights.

#include <string_view>
#include <vector>

namespace llm_sizer {

struct Recipe {
  std::string_view id;
  double weight_bytes = 0;       ///< the compute copy of each weight
  double weight_copy_bytes = 0;  ///< extra copies kept during a step (fp8 weight + transpose)
  double grad_bytes = 0;
  double master_bytes = 0;             ///< an fp32 master copy of the weights
  double optimizer_bytes = 0;          ///< Adam's first and second moments
  double activation_bytes = 2;         ///< bytes of a saved activation element (bf16/fp16)
  double matmul_input_bytes = 2;       ///< bytes of a saved GEMM input (fp8 recipes keep 1)
  bool shards_optimizer = false;       ///< the distributed optimizer: states sharded without ZeRO
  bool autocast_weight_cache = false;  ///< bf16 copies of fp32 weights live through the step

  double total_bytes() const {
    return weight_bytes + weight_copy_bytes + grad_bytes + master_bytes + optimizer_bytes;
  }
};

const std::vector<Recipe>& recipe_catalog();
const Recipe* find_recipe(std::string_view id);

}  // namespace llm_sizer
