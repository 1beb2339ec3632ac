// The training launch commands ask for what the plan's memory and time were computed with.
// Megatron-LM: the distributed optimizer shards the optimizer state (ZeRO-1); ZeRO-2 and 3 are
// Megatron-FSDP's sharding strategies optim_grads and optim_grads_params, which its guide
// launches with --use-megatron-fsdp, --no-gradient-accumulation-fusion, --use-distributed-optimizer
// and --ckpt-format fsdp_dtensor (Megatron-LM, megatron/core/distributed/fsdp/src/README.md,
// "Megatron-FSDP Quick Start"); fp8 primary weights are --fp8-param-gather. NeMo 2.0: the recipe's
// attributes as overrides (recipe.model.config.recompute_granularity, .fp8, .fp8_param and
// recipe.optim.config.use_distributed_optimizer, as NeMo's performance scripts set them).
#include <gtest/gtest.h>

#include <string>

#include "llm_sizer/report.hpp"

namespace llm_sizer {
namespace {

Plan llama8b(double zero) {
  Plan plan;
  plan.model = "llama-3.1-8b";
  plan.accelerator = "h100-80g";
  plan.tp = 1;
  plan.pp = 1;
  plan.dp = 8;
  plan.zero = zero;
  return plan;
}

std::string megatron_command(double zero) {
  return evaluate(llama8b(zero)).inference.launch.megatron;
}

bool has(const std::string& command, const char* flag) {
  return command.find(flag) != std::string::npos;
}

TEST(LaunchCommand, NamesTheShardingOfEachZeroStage) {
  const std::string zero0 = megatron_command(0);
  EXPECT_FALSE(has(zero0, "--use-distributed-optimizer")) << zero0;
  EXPECT_FALSE(has(zero0, "--use-megatron-fsdp")) << zero0;

  const std::string zero1 = megatron_command(1);
  EXPECT_TRUE(has(zero1, "--use-distributed-optimizer")) << zero1;
  EXPECT_FALSE(has(zero1, "--use-megatron-fsdp")) << zero1;

  for (const double zero : {2.0, 3.0}) {
    const std::string command = megatron_command(zero);
    EXPECT_TRUE(has(command, "--use-megatron-fsdp")) << command;
    EXPECT_TRUE(has(command, "--use-distributed-optimizer")) << command;
    EXPECT_TRUE(has(command, "--no-gradient-accumulation-fusion")) << command;
    EXPECT_TRUE(has(command, "--ckpt-format fsdp_dtensor")) << command;
  }
  EXPECT_TRUE(has(megatron_command(2), "--data-parallel-sharding-strategy optim_grads "));
  EXPECT_TRUE(has(megatron_command(3), "--data-parallel-sharding-strategy optim_grads_params"));
}

TEST(LaunchCommand, NemoOverridesCarryTheOptimizerRecomputeAndFp8) {
  Plan plan = llama8b(0);
  plan.recompute = "full";
  plan.recompute_layers = 4;
  const std::string zero0 = evaluate(plan).inference.launch.nemo;
  // NeMo's recipes build the distributed optimizer: a ZeRO-0 plan turns it off.
  EXPECT_TRUE(has(zero0, "optim.config.use_distributed_optimizer=false")) << zero0;
  EXPECT_TRUE(has(zero0, "model.config.recompute_granularity=full")) << zero0;
  EXPECT_TRUE(has(zero0, "model.config.recompute_method=block")) << zero0;
  EXPECT_TRUE(has(zero0, "model.config.recompute_num_layers=4")) << zero0;
  EXPECT_FALSE(has(zero0, "model.config.fp8=")) << zero0;

  plan = llama8b(1);
  plan.recompute = "selective";
  plan.recipe = "fp8-param";
  const Report fp8 = evaluate(plan);
  EXPECT_TRUE(has(fp8.inference.launch.nemo, "optim.config.use_distributed_optimizer=true"));
  EXPECT_TRUE(has(fp8.inference.launch.nemo, "model.config.recompute_granularity=selective"));
  EXPECT_TRUE(has(fp8.inference.launch.nemo, "model.config.fp8=hybrid"));
  EXPECT_TRUE(has(fp8.inference.launch.nemo, "model.config.fp8_param=true"));
  EXPECT_TRUE(has(fp8.inference.launch.megatron, "--fp8-format hybrid"));
  EXPECT_TRUE(has(fp8.inference.launch.megatron, "--fp8-param-gather"));
  EXPECT_FALSE(has(megatron_command(1), "--fp8-param-gather"));
}

// Megatron splits the layers itself only evenly, each stage's into VPP equal chunks; any other
// split is a --pipeline-model-parallel-layout (megatron/core/transformer/
// pipeline_parallel_layer_layout.py: stages separated by "|" in virtual-stage order, "t*n" for n
// layers, E and L for the embedding and the loss), which arguments.py refuses beside
// --num-virtual-stages-per-pipeline-rank.
TEST(LaunchCommand, UnevenStagesAsMegatronsPipelineLayout) {
  Plan plan;
  plan.model = "llama-3.1-405b";  // 126 layers
  plan.accelerator = "h100-80g";
  plan.tp = 8;
  plan.pp = 16;
  plan.dp = 4;
  plan.vpp = 2;
  const Report report = evaluate(plan);
  const std::string& megatron = report.inference.launch.megatron;
  // 126 over 16 stages: 7 on the first and last, 8 on the others; each in 2 chunks, the first
  // chunk taking the odd layer.
  std::string layout = "\"Et*4";
  for (int i = 1; i < 16; ++i) layout += "|t*4";
  layout += "|t*3";
  for (int i = 1; i < 15; ++i) layout += "|t*4";
  layout += "|t*3L\"";
  EXPECT_TRUE(has(megatron, ("--pipeline-model-parallel-layout " + layout).c_str())) << megatron;
  EXPECT_FALSE(has(megatron, "--num-virtual-stages-per-pipeline-rank")) << megatron;
  EXPECT_TRUE(has(report.inference.launch.nemo,
                  ("model.config.pipeline_model_parallel_layout=" + layout).c_str()));

  // Llama 3.1 70B, 80 layers over PP 4 and VPP 5: Megatron's own split.
  plan.model = "llama-3.1-70b";
  plan.pp = 4;
  plan.vpp = 5;
  const std::string even = evaluate(plan).inference.launch.megatron;
  EXPECT_FALSE(has(even, "--pipeline-model-parallel-layout")) << even;
  EXPECT_TRUE(has(even, "--num-virtual-stages-per-pipeline-rank 5")) << even;
}

}  // namespace
}  // namespace llm_sizer
