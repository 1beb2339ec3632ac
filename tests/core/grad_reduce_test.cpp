// Gradients accumulated and reduced in bf16: Megatron-LM's --grad-reduce-in-bf16 (arguments.py:
// accumulate_allreduce_grads_in_fp32 = False), Megatron-Core's DistributedDataParallelConfig
// grad_reduce_in_fp32 = False (the grad buffer then takes the parameters' dtype) and Apex's
// DistributedFusedAdam grad_sync_dtype = bf16, which MLPerf's GPT-3 runs set.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "llm_sizer/report.hpp"
#include "test_support.hpp"

namespace llm_sizer {
namespace {

// Llama 3.1 8B on 64 H100 with Megatron's distributed optimizer (ZeRO-1): fp32 main gradients.
Plan llama8b_plan(double grad_reduce_bf16) {
  Plan plan;
  plan.model = "llama-3.1-8b";
  plan.accelerator = "h100-80g";
  plan.recipe = "megatron18";
  plan.tp = 1;
  plan.pp = 1;
  plan.dp = 64;
  plan.zero = 1;
  plan.dp_overlap = 0;  // every collective waits: its bytes show in the step
  plan.grad_reduce_bf16 = grad_reduce_bf16;
  plan.tokens = 1e9;
  return plan;
}

TEST(GradReduceBf16, HalvesTheGradientsInMemoryAndOnTheWire) {
  const Report fp32 = evaluate(llama8b_plan(0));
  const Report bf16 = evaluate(llama8b_plan(1));
  ASSERT_TRUE(bf16.training.available);
  ASSERT_TRUE(bf16.training.time_available);
  EXPECT_TRUE(bf16.training.settings.grad_reduce_bf16);
  // ZeRO-1 keeps the whole gradient buffer on every card: 4 B a parameter, then 2.
  EXPECT_DOUBLE_EQ(bf16.training.memory.grads_gb, fp32.training.memory.grads_gb / 2);
  EXPECT_DOUBLE_EQ(bf16.training.memory.weights_gb, fp32.training.memory.weights_gb);
  // The article's model state: 18 B a parameter, then 16.
  EXPECT_DOUBLE_EQ(bf16.article_training.model_state_gb,
                   fp32.article_training.model_state_gb * 16 / 18);
  // The reduce-scatter moves half the bytes; the weights' all-gather is unchanged.
  EXPECT_LT(bf16.training.time.dp_comm_s, fp32.training.time.dp_comm_s);
  EXPECT_GT(bf16.training.time.dp_comm_s, fp32.training.time.dp_comm_s / 2);
  // The launch commands ask for it.
  EXPECT_NE(bf16.inference.launch.megatron.find("--grad-reduce-in-bf16"), std::string::npos);
  EXPECT_EQ(fp32.inference.launch.megatron.find("--grad-reduce-in-bf16"), std::string::npos);
  EXPECT_NE(bf16.inference.launch.nemo.find("trainer.plugins.grad_reduce_in_fp32=false"),
            std::string::npos);
}

TEST(GradReduceBf16, SaysWhenTheRecipeHasNoFp32GradientsToReduce) {
  for (const char* recipe : {"pure-bf16", "amp16", "seed12"}) {
    Plan plan = llama8b_plan(1);
    plan.recipe = recipe;
    Plan without = plan;
    without.grad_reduce_bf16.reset();
    const Report r = evaluate(plan);
    EXPECT_TRUE(test::has_issue(r, "grad_reduce_bf16_unused")) << recipe;
    EXPECT_FALSE(r.training.settings.grad_reduce_bf16) << recipe;
    EXPECT_EQ(r.training.memory.peak_gb, evaluate(without).training.memory.peak_gb) << recipe;
  }
}

}  // namespace
}  // namespace llm_sizer
