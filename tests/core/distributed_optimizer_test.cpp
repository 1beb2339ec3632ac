// Megatron-LM starts two settings only beside its distributed optimizer: the precision-aware
// optimizer that keeps AdamW's moments in bf16 (megatron/core/optimizer/optimizer_config.py,
// OptimizerConfig.__post_init__: "--use-precision-aware-optimizer only supported with distributed
// optimizer") and fp8 primary weights (megatron/training/arguments.py: "--fp8-param-gather only
// supported with distributed optimizer, torch fsdp2, megatron fsdp, or inference mode"). A plan
// that asks for either under Megatron resolves ZeRO to 1 when it leaves ZeRO open, warns when it
// gives 0, and its search returns no ZeRO-0 layout; its launch line names the optimizer.
#include <gtest/gtest.h>

#include <string>

#include "llm_sizer/report.hpp"
#include "llm_sizer/resolve.hpp"
#include "test_support.hpp"

namespace llm_sizer {
namespace {

using test::has_issue;

// Llama 3.1 8B on 8 H100, one replica per GPU, ZeRO left open.
Plan llama8b(const char* recipe, const char* optimizer) {
  Plan plan;
  plan.model = "llama-3.1-8b";
  plan.accelerator = "h100-80g";
  plan.recipe = recipe;
  plan.optimizer = optimizer;
  plan.tp = 1;
  plan.pp = 1;
  plan.dp = 8;
  plan.global_batch = 64;
  return plan;
}

TEST(DistributedOptimizer, ResolvedWhenTheOptimizerOrRecipeNeedsIt) {
  for (const auto& [recipe, optimizer] :
       {std::pair{"megatron18", "adamw-bf16"}, std::pair{"fp8-param", "adamw"}}) {
    const ResolvedPlan r = resolve(llama8b(recipe, optimizer));
    const ResolvedInput* zero = find_input(r, "zero");
    ASSERT_NE(zero, nullptr);
    EXPECT_EQ(zero->value, 1) << recipe << " " << optimizer;
    EXPECT_EQ(zero->source, InputSource::kAutomatic);
    const Report report = evaluate(llama8b(recipe, optimizer));
    EXPECT_NE(report.inference.launch.megatron.find("--use-distributed-optimizer"),
              std::string::npos);
    EXPECT_FALSE(has_issue(report, "distributed_optimizer_required"));
  }
  // Plain AdamW with bf16 weights keeps Megatron's default, no sharding.
  const ResolvedPlan plain = resolve(llama8b("megatron18", "adamw"));
  EXPECT_EQ(find_input(plain, "zero")->value, 0);
  EXPECT_EQ(find_input(plain, "zero")->source, InputSource::kDefault);
  // Under PyTorch the moments' dtype is the optimizer's own affair (torchao, DeepSpeed).
  Plan pytorch = llama8b("megatron18", "adamw-bf16");
  pytorch.framework = "pytorch";
  EXPECT_EQ(find_input(resolve(pytorch), "zero")->value, 0);
}

TEST(DistributedOptimizer, GivenZeroZeroIsWarnedAndTheSearchFindsNone) {
  Plan plan = llama8b("megatron18", "adamw-bf16");
  plan.zero = 0;
  const Report report = evaluate(plan);
  EXPECT_TRUE(has_issue(report, "distributed_optimizer_required"));
  EXPECT_TRUE(report.training.available);  // the memory is still shown as asked

  plan.dp.reset();
  plan.cluster_gpus = 8;
  EXPECT_FALSE(search_plan(plan).search.found);
}

TEST(DistributedOptimizer, TheSearchLeavesZeroZeroOut) {
  Plan plan = llama8b("megatron18", "adamw-bf16");
  plan.tp.reset();
  plan.pp.reset();
  plan.dp.reset();
  plan.cluster_gpus = 16;
  const SearchReport bf16 = search_plan(plan, /*keep_all=*/true);
  ASSERT_TRUE(bf16.search.found);
  for (const auto& c : bf16.search.all) EXPECT_GE(c.zero, 1);
  // The same plan with fp32 moments may use ZeRO-0: the rule is the optimizer's.
  plan.optimizer = "adamw";
  const SearchReport fp32 = search_plan(plan, /*keep_all=*/true);
  bool any_zero0 = false;
  for (const auto& c : fp32.search.all) any_zero0 = any_zero0 || c.zero == 0;
  EXPECT_TRUE(any_zero0);
}

TEST(DistributedOptimizer, TheDistoptRecipeLaunchesWithIt) {
  // distopt is Megatron's distributed optimizer as a recipe (precision.cpp): its memory shards
  // the optimizer state even at ZeRO-0, and so must the command.
  Plan plan = llama8b("distopt", "adamw");
  plan.zero = 0;
  const Report report = evaluate(plan);
  EXPECT_NE(report.inference.launch.megatron.find("--use-distributed-optimizer"),
            std::string::npos);
  // Its step time hides the updated weights' all-gather behind the next forward, as
  // --overlap-param-gather does (Megatron allows it only with the distributed optimizer).
  EXPECT_NE(report.inference.launch.megatron.find("--overlap-param-gather"), std::string::npos);
  EXPECT_NE(report.inference.launch.nemo.find("optim.config.use_distributed_optimizer=true"),
            std::string::npos);
}

}  // namespace
}  // namespace llm_sizer
