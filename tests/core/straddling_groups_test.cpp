// Megatron numbers its ranks TP first (parallel_state.py's RankGenerator), so TP groups are
// consecutive ranks: on servers of eight GPUs, TP 3 puts ranks 6, 7 | 8 and 15 | 16, 17 in one
// group each, one member on the other server. Their collectives leave the server through that
// member's NIC, and the slowest group sets every stage's pace (step_time.cpp, group_link). PP
// comes last: a pipeline of more ranks than a server sends across its edge (stage_pass).
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

// Pipeline stages sit TP · CP · DP ranks apart (PP last in the rank order): TP 4 · PP 4 with DP 1
// on eight-GPU servers puts stages 0–1 on one server and 2–3 on the next, so stage 1 sends to
// stage 2 through the network, and that send sets the pace. In a domain of 16 every send stays
// on NVLink.
TEST(StraddlingGroups, APipelineWiderThanTheDomainSendsThroughTheNetwork) {
  Plan plan = gpt3_tp(4, 8);
  plan.pp = 4;
  plan.dp = 1;
  plan.global_batch = 64;
  const auto pp_comm_s = [](const Plan& p) {
    return test::step_part_s(p, &TrainingTime::pp_comm_s);
  };
  Plan one_domain = plan;
  one_domain.gpus_per_node = 16;
  one_domain.nvlink_domain_gpus = 16;
  const double nvlink = pp_comm_s(one_domain);
  const double network = pp_comm_s(plan);
  ASSERT_GT(nvlink, 0);
  // H100: one 400 Gb/s NIC a GPU against NVLink 4's 450 GB/s a direction.
  EXPECT_GT(network, 3 * nvlink);
  // TP 4 · PP 2 fits one server: NVLink, as in the wider domain.
  Plan two = plan;
  two.pp = 2;
  Plan two_wide = one_domain;
  two_wide.pp = 2;
  EXPECT_DOUBLE_EQ(pp_comm_s(two), pp_comm_s(two_wide));
}

// Expert groups are consecutive ranks too (ETP first, then EP): EP 5 on eight-GPU servers puts
// ranks 15 | 16–19 in one group, so rank 15 sends 4 of every 5 routed copies through its NIC, as a
// member of EP 40 (5 servers, 8 of its 40 beside it) does, and the group waits for it at the
// combine. DeepSeek-V2's 160 experts, TP 1 · PP 4 · DP 40.
TEST(StraddlingGroups, AnExpertGroupThatDoesNotTileTheServerPaysTheNetwork) {
  Plan plan;
  plan.model = "deepseek-v2";
  plan.accelerator = "h100-80g";
  plan.tp = 1;
  plan.pp = 4;
  plan.dp = 40;
  plan.tokens = 1e12;
  const auto moe_comm_s = [&](double ep, double server_gpus) {
    Plan p = plan;
    p.ep = ep;
    p.gpus_per_node = server_gpus;
    p.nvlink_domain_gpus = server_gpus;
    return test::step_part_s(p, &TrainingTime::moe_comm_s);
  };
  const double straddling = moe_comm_s(5, 8);
  ASSERT_GT(straddling, 0);
  EXPECT_DOUBLE_EQ(straddling, moe_comm_s(40, 8));
  EXPECT_DOUBLE_EQ(moe_comm_s(10, 8), moe_comm_s(40, 8));  // 30, 31 | 32–39
  // On servers of five GPUs EP 5 tiles them: NVLink only.
  EXPECT_GT(straddling, 3 * moe_comm_s(5, 5));
  // EP 8 tiles eight: every copy over NVLink, the same as in a wider server.
  EXPECT_DOUBLE_EQ(moe_comm_s(8, 8), moe_comm_s(8, 16));
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
