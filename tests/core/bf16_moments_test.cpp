// AdamW with both moments in bf16: Megatron-Core's precision-aware optimizer (--exp-avg-dtype bf16
// --exp-avg-sq-dtype bf16), DeepSeek-V3's optimizer (DeepSeek-AI 2024, §3.3.3: "BF16 ... to track
// the first and second moments in the AdamW optimizer", master weights kept in FP32) and Apex's
// DistributedFusedAdam with dtype bf16 (NeMo's Nemotron-4 340B configs).
#include <gtest/gtest.h>

#include <string>

#include "llm_sizer/finetune.hpp"
#include "llm_sizer/report.hpp"
#include "test_support.hpp"

namespace llm_sizer {
namespace {

// Llama 3.1 70B on 64 H100 under Megatron's distributed optimizer (ZeRO-1), gradients in bf16.
Plan llama70b_plan(const char* optimizer) {
  Plan plan;
  plan.model = "llama-3.1-70b";
  plan.accelerator = "h100-80g";
  plan.recipe = "megatron18";
  plan.grad_reduce_bf16 = 1;
  plan.tp = 8;
  plan.pp = 4;
  plan.dp = 2;
  plan.zero = 1;
  plan.seq_len = 4096;
  plan.global_batch = 32;
  plan.recompute = "selective";
  plan.optimizer = optimizer;
  plan.tokens = 1e9;
  return plan;
}

TEST(Bf16Moments, TwoBytesPerMomentOrTheRecipesOwnWhenSmaller) {
  EXPECT_DOUBLE_EQ(optimizer_state_bytes(Optimizer::kAdamwBf16, 8, 4096), 4);
  // pure-bf16 keeps bf16 moments already (precision.hpp): nothing to halve.
  EXPECT_DOUBLE_EQ(optimizer_state_bytes(Optimizer::kAdamwBf16, 4, 4096), 4);
  // PEFT adapters: fp32 weight and gradient, the moments in bf16.
  EXPECT_DOUBLE_EQ(adapter_bytes(Optimizer::kAdamwBf16).optimizer, 4);
  EXPECT_EQ(optimizer_id(Optimizer::kAdamwBf16), "adamw-bf16");
}

TEST(Bf16Moments, HalveTheShardedMomentsAndKeepTheMasterCopy) {
  const Report fp32 = evaluate(llama70b_plan("adamw"));
  const Report bf16 = evaluate(llama70b_plan("adamw-bf16"));
  ASSERT_TRUE(bf16.training.available);
  ASSERT_TRUE(bf16.training.time_available);
  EXPECT_EQ(bf16.training.settings.optimizer, "adamw-bf16");
  // megatron18: 4 B master + 8 B moments sharded over DP; then 4 + 4.
  EXPECT_NEAR(bf16.training.memory.optimizer_gb, fp32.training.memory.optimizer_gb * 8 / 12,
              1e-9 * fp32.training.memory.optimizer_gb);
  EXPECT_DOUBLE_EQ(bf16.training.memory.grads_gb, fp32.training.memory.grads_gb);
  EXPECT_DOUBLE_EQ(bf16.training.memory.weights_gb, fp32.training.memory.weights_gb);
  // Adam streams fewer bytes; nothing else in the step changes.
  EXPECT_LT(bf16.training.time.optimizer_s, fp32.training.time.optimizer_s);
  EXPECT_DOUBLE_EQ(bf16.training.time.compute_s, fp32.training.time.compute_s);
  EXPECT_DOUBLE_EQ(bf16.training.time.dp_comm_s, fp32.training.time.dp_comm_s);
  // The launch commands ask for it, in Megatron's flags and NeMo's overrides.
  const std::string& megatron = bf16.inference.launch.megatron;
  EXPECT_NE(megatron.find("--use-precision-aware-optimizer"), std::string::npos);
  EXPECT_NE(megatron.find("--exp-avg-dtype bf16"), std::string::npos);
  EXPECT_NE(megatron.find("--exp-avg-sq-dtype bf16"), std::string::npos);
  EXPECT_EQ(fp32.inference.launch.megatron.find("--exp-avg-dtype"), std::string::npos);
  EXPECT_NE(bf16.inference.launch.nemo.find("optim.config.exp_avg_dtype=torch.bfloat16"),
            std::string::npos);
}

}  // namespace
}  // namespace llm_sizer
