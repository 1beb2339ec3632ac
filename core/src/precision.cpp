#include "llm_sizer/precision.hpp"

namespace llm_sizer {
namespace {

// 8-bit Adam keeps each moment in 1 byte plus an fp32 absmax per block (Dettmers et al. 2022,
// "8-bit Optimizers via Block-wise Quantization", §2). The paper's blocks were 2048 values;
// bitsandbytes now quantizes blocks of 256 (optim/optimizer.py, Optimizer2State).
constexpr double kAdam8bitBytes = 2 * (1 + 4.0 / 256);

Recipe make(std::string_view id, double weights, double copies, double grads, double master,
            double optimizer) {
  Recipe r;
  r.id = id;
  r.weight_bytes = weights;
  r.weight_copy_bytes = copies;
  r.grad_bytes = grads;
  r.master_bytes = master;
  r.optimizer_bytes = optimizer;
  return r;
}

std::vector<Recipe> build() {
  std::vector<Recipe> recipes = {
      make("seed12", 2, 0, 2, 0, 8),     make("pure-bf16", 2, 0, 2, 0, 4),
      make("amp16", 4, 0, 4, 0, 8),      make("mixed16", 2, 0, 2, 4, 8),
      make("megatron18", 2, 0, 4, 4, 8), make("distopt", 2, 0, 4, 4, 8),
      make("fp8", 2, 2, 4, 4, 8),        make("adam8bit", 4, 0, 4, 0, kAdam8bitBytes),
      make("fp8-param", 1, 1, 4, 4, 8),
  };
  for (auto& r : recipes) {
    if (r.id == "distopt") r.shards_optimizer = true;
    if (r.id == "fp8" || r.id == "fp8-param") r.matmul_input_bytes = 1;
    if (r.id == "amp16" || r.id == "adam8bit") r.autocast_weight_cache = true;
  }
  return recipes;
}

}  // namespace

const std::vector<Recipe>& recipe_catalog() {
  static const std::vector<Recipe> kCatalog = build();
  return kCatalog;
}

const Recipe* find_recipe(std::string_view id) {
  for (const auto& r : recipe_catalog()) {
    if (r.id == id) return &r;
  }
  return nullptr;
}

}  // namespace llm_sizer
