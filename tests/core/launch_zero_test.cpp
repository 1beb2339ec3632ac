// The Megatron-LM command for each ZeRO stage: the distributed optimizer shards the optimizer
// state (ZeRO-1); ZeRO-2 and 3 are Megatron-FSDP's sharding strategies optim_grads and
// optim_grads_params, which its guide launches with --use-megatron-fsdp,
// --no-gradient-accumulation-fusion, --use-distributed-optimizer and --ckpt-format fsdp_dtensor
// (Megatron-LM, megatron/core/distributed/fsdp/src/README.md, "Megatron-FSDP Quick Start").
#include <gtest/gtest.h>

#include <string>

#include "llm_sizer/report.hpp"

namespace llm_sizer {
namespace {

std::string megatron_command(double zero) {
  Plan plan;
  plan.model = "llama-3.1-8b";
  plan.accelerator = "h100-80g";
  plan.tp = 1;
  plan.pp = 1;
  plan.dp = 8;
  plan.zero = zero;
  return evaluate(plan).inference.launch.megatron;
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

}  // namespace
}  // namespace llm_sizer
