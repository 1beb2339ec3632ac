// Megatron numbers its ranks TP first (parallel_state.py's RankGenerator), so TP groups are
// consecutive ranks: on servers of eight GPUs, TP 3 puts ranks 6, 7 | 8 and 15 | 16, 17 in one
// group each, one member on the other server. Their collectives leave the server through that
// member's NIC, and the slowest group sets every stage's pace (step_time.cpp, group_link).
#include <gtest/gtest.h>

#include <string>

#include "llm_sizer/layout_search.hpp"
#include "llm_sizer/report.hpp"
#include "test_support.hpp"

namespace llm_sizer {
namespace {

Plan gpt3_tp(double tp, double server_gpus) {
  Plan plan;
  plan.model = "gpt3-175b";
  plan.accelerator = "h100-80g";
  plan.tp = tp;
  plan.pp = 16;
  plan.dp = 4;
  plan.global_batch = 512;
  plan.tokens = 300e9;
  plan.gpus_per_node = server_gpus;
  plan.nvlink_domain_gpus = server_gpus;
  return plan;
}

double tp_comm_s(const Plan& plan) { return test::step_part_s(plan, &TrainingTime::tp_comm_s); }

TEST(StraddlingGroups, TpThatDoesNotTileTheServerPaysTheNetwork) {
  // TP 3 on six-GPU servers tiles them: NVLink. On eight, two groups in three servers straddle,
  // each with one member apart: one NIC (H100: 400 Gb/s against NVLink 4's 450 GB/s).
  const double tiled = tp_comm_s(gpt3_tp(3, 6));
  const double straddling = tp_comm_s(gpt3_tp(3, 8));
  EXPECT_GT(straddling, 3 * tiled);
  // TP 2 and 4 tile eight GPUs as they tile four: NVLink either way, the same time.
  EXPECT_DOUBLE_EQ(tp_comm_s(gpt3_tp(4, 8)), tp_comm_s(gpt3_tp(4, 4)));
  EXPECT_DOUBLE_EQ(tp_comm_s(gpt3_tp(2, 8)), tp_comm_s(gpt3_tp(2, 4)));
}

TEST(StraddlingGroups, ADomainOfSeveralServersIsNotSplit) {
  // GB200 NVL72: 72 GPUs the switches join over 18 trays of 4; which 64 or 72 a job holds is
  // the scheduler's segment, which the plan does not say: a group of 3 there stays on NVLink.
  Plan plan = gpt3_tp(3, 4);
  plan.accelerator = "gb200";
  plan.gpus_per_node = std::nullopt;
  plan.nvlink_domain_gpus = std::nullopt;
  Plan six = plan;
  six.nvlink_domain_gpus = 72;
  six.gpus_per_node = 6;  // servers that TP 3 tiles
  EXPECT_DOUBLE_EQ(tp_comm_s(plan), tp_comm_s(six));
}

TEST(StraddlingGroups, TheSearchKeepsTensorParallelismWithinAServer) {
  // GPT-3 175B (96 heads: TP 3 and 6 divide them) on 1,024 H100: with TP 3 on NVLink its best had
  // been (3, 14) on 1,008 GPUs.
  Plan plan;
  plan.model = "gpt3-175b";
  plan.accelerator = "h100-80g";
  plan.cluster_gpus = 1024;
  plan.tokens = 300e9;
  const SearchReport s = search_plan(plan);
  ASSERT_TRUE(s.search.found);
  for (const auto& c : s.search.top) {
    EXPECT_TRUE(c.tp == 1 || c.tp == 2 || c.tp == 4 || c.tp == 8) << c.tp;
  }
}

}  // namespace
}  // namespace llm_sizer
