// The interleaved pipeline schedule's micro-batch groups. Megatron-Core runs
// microbatch_group_size_per_vp_stage = N micro-batches through a virtual stage at a time, N in
// [PP, M] with M mod N either 0 or at least PP, PP by default (model_parallel_config.py and
// schedules.py at d98e8a64dd); its warm-up is 2(PP − i − 1) + (VPP − 1)·N chunks
// (get_pp_rank_microbatches). PyTorch's ScheduleInterleaved1F1B splits M into
// r = max(1, ⌊M/PP⌋) rounds and refuses M that r does not divide (torch.distributed.pipelining).
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "cli_run.hpp"
#include "llm_sizer/layout_rules.hpp"
#include "llm_sizer/report.hpp"
#include "test_support.hpp"

namespace llm_sizer {
namespace {

TEST(MicrobatchGroup, MegatronTakesTheSmallestGroupItsScheduleAccepts) {
  // The docstring's own example: PP 2, M 5 runs in groups of 3 (5 mod 2 = 1 < 2 is refused).
  EXPECT_EQ(microbatch_group(5, 2, true), 3);
  // Whole groups of PP keep the default.
  EXPECT_EQ(microbatch_group(64, 8, true), 8);
  EXPECT_EQ(microbatch_group(16, 16, true), 16);
  // DeepSeek-V3's 15,360 sequences over DP 128 are 120 micro-batches a replica: 120 mod 16 = 8,
  // 17, 18 and 19 leave 1, 12 and 6, all under 16; 20 divides it.
  EXPECT_EQ(microbatch_group(120, 16, true), 20);
  // Fewer micro-batches than stages: no group of at least PP exists.
  EXPECT_EQ(microbatch_group(12, 16, true), 0);
}

TEST(MicrobatchGroup, PyTorchRoundsMustDivideTheMicroBatches) {
  EXPECT_EQ(microbatch_group(48, 16, false), 16);  // 3 rounds of 16
  EXPECT_EQ(microbatch_group(8, 16, false), 8);    // one round
  EXPECT_EQ(microbatch_group(40, 16, false), 20);  // 2 rounds of 20
  EXPECT_EQ(microbatch_group(120, 16, false), 0);  // 7 rounds do not divide 120
}

// DeepSeek-V3 as its report trained it (§3.2, Table: 2,048 H800, PP 16, EP 64, DP 128, batch
// 15,360 of 4,096 tokens), here interleaved over 2 virtual stages.
Plan deepseek_pp16(double vpp) {
  Plan plan;
  plan.model = "deepseek-v3";
  plan.accelerator = "h800-80g";
  plan.tp = 1;
  plan.pp = 16;
  plan.dp = 128;
  plan.ep = 64;
  plan.vpp = vpp;
  plan.micro_batch = 1;
  plan.seq_len = 4096;
  plan.global_batch = 15360;
  plan.zero = 1;
  return plan;
}

TEST(MicrobatchGroup, APlanInterleavesWithTheGroupItsBatchNeeds) {
  const Report r = evaluate(deepseek_pp16(2));
  ASSERT_TRUE(r.training.available);
  EXPECT_FALSE(test::has_issue(r, "vpp_microbatches"));
  ASSERT_FALSE(r.training.stages.empty());
  // The first stage holds 2·(16 − 1) + (2 − 1)·20 + 1 = 51 chunks, 25.5 stages' worth.
  EXPECT_DOUBLE_EQ(r.training.stages.front().inflight, 25.5);
  const std::string& megatron = r.inference.launch.megatron;
  EXPECT_NE(megatron.find("--microbatch-group-size-per-virtual-pipeline-stage 20"),
            std::string::npos)
      << megatron;
  EXPECT_NE(r.inference.launch.nemo.find("trainer.strategy.microbatch_group_size_per_vp_stage=20"),
            std::string::npos);
  // A batch in whole groups of PP leaves Megatron's default and its flag alone.
  Plan whole = deepseek_pp16(2);
  whole.global_batch = 16384;
  const Report w = evaluate(whole);
  ASSERT_TRUE(w.training.available);
  EXPECT_DOUBLE_EQ(w.training.stages.front().inflight, (2.0 * 15 + 16 + 1) / 2);
  EXPECT_EQ(w.inference.launch.megatron.find("--microbatch-group-size"), std::string::npos);
}

TEST(MicrobatchGroup, ABatchTheScheduleRefusesIsAnError) {
  Plan few = deepseek_pp16(2);
  few.global_batch = 1536;  // 12 micro-batches a replica, under PP 16
  const Report r = evaluate(few);
  EXPECT_FALSE(r.training.available);
  EXPECT_TRUE(test::has_issue(r, "vpp_microbatches"));
  // Without interleaving the same batch runs (a deep bubble, no refusal).
  few.vpp = 1;
  EXPECT_TRUE(evaluate(few).training.available);
  // PyTorch's rounds: 120 micro-batches in 7 rounds do not divide.
  Plan torch = deepseek_pp16(2);
  torch.framework = "pytorch";
  torch.ep = 1;
  torch.model = "llama-3.1-405b";
  torch.accelerator = "h100-80g";
  torch.tp = 8;
  torch.dp = 128;
  torch.global_batch = 15360;
  EXPECT_TRUE(test::has_issue(evaluate(torch), "vpp_microbatch_rounds"));
}

// An automatic batch is the family's, rounded to whole micro-batches per replica and, when
// interleaved, to at least PP of them: the plan runs where a stated batch that small is refused.
// Llama 3.1 70B's family batch is 4M tokens (Dubey et al. 2024 §3.4.1): 512 sequences of 8,192.
TEST(MicrobatchGroup, AnAutomaticBatchTakesTheMicroBatchesInterleavingNeeds) {
  Plan plan;
  plan.model = "llama-3.1-70b";
  plan.accelerator = "h100-80g";
  plan.tp = 8;
  plan.pp = 16;
  plan.dp = 64;
  plan.micro_batch = 1;
  plan.seq_len = 8192;
  plan.vpp = 1;
  const Report flat = evaluate(plan);
  ASSERT_TRUE(flat.training.available);
  EXPECT_EQ(flat.training.settings.global_batch, 512);  // 8 micro-batches a replica
  plan.vpp = 5;
  const Report interleaved = evaluate(plan);
  ASSERT_TRUE(interleaved.training.available);
  EXPECT_EQ(interleaved.training.settings.global_batch, 16 * 64);
  EXPECT_FALSE(test::has_issue(interleaved, "vpp_microbatches"));
  plan.global_batch = 512;  // stated: the plan's own, refused
  EXPECT_TRUE(test::has_issue(evaluate(plan), "vpp_microbatches"));
}

// The CLI names the refusal in the user's language, with what to change.
TEST(MicrobatchGroup, TheCliSaysWhatToChange) {
  const std::vector<std::string> args = {"train",    "--model",   "deepseek-v3", "--accelerator",
                                         "h800-80g", "--tp",      "1",           "--pp",
                                         "16",       "--dp",      "128",         "--ep",
                                         "64",       "--vpp",     "2",           "--global-batch",
                                         "1536",     "--seq-len", "4096"};
  const test::CliRun en = test::run_cli(args);
  EXPECT_NE(en.err.find("VPP 2 needs at least PP = 16 micro-batches"), std::string::npos) << en.err;
  EXPECT_NE(en.err.find("this batch gives 12"), std::string::npos);
  std::vector<std::string> zh_args = args;
  zh_args.push_back("--lang");
  zh_args.push_back("zh");
  const test::CliRun zh = test::run_cli(zh_args);
  EXPECT_NE(zh.err.find("当前批次只有 12 个"), std::string::npos) << zh.err;
}

// Llama 3.1 70B under PyTorch over PP 4, TP 8, one sequence a micro-batch, M of them a step.
double bubble_s(double vpp, double microbatches) {
  Plan plan;
  plan.model = "llama-3.1-70b";
  plan.accelerator = "h100-80g";
  plan.framework = "pytorch";
  plan.tp = 8;
  plan.pp = 4;
  plan.dp = 1;
  plan.vpp = vpp;
  plan.micro_batch = 1;
  plan.seq_len = 4096;
  plan.global_batch = microbatches;
  plan.recompute = "full";
  const Report r = evaluate(plan);
  EXPECT_TRUE(r.training.time_available);
  return r.training.time.bubble_s;
}

// With M ≥ PP interleaving over v chunks divides the bubble by v (Narayanan et al. 2021, §2.2.2:
// (p − 1)/v of a stage's time); with fewer micro-batches than stages each round waits for its
// first micro-batch to come back around the ring, and a step takes p + (M − 1)/v stage-times:
// one micro-batch keeps 1F1B's whole bubble of p − 1, interleaved or not.
TEST(MicrobatchGroup, AStarvedInterleavedPipelineKeepsItsBubble) {
  const double full = bubble_s(1, 8);
  ASSERT_GT(full, 0);
  EXPECT_NEAR(bubble_s(2, 8) / full, 0.5, 0.05);
  EXPECT_NEAR(bubble_s(2, 1) / full, 1.0, 0.05);
  EXPECT_NEAR(bubble_s(1, 1) / full, 1.0, 0.05);
}

}  // namespace
}  // namespace llm_sizer
