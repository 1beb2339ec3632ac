// Megatron's flex dispatcher on DeepEP or HybridEP sends a token through the network once to each
// other node that holds one of its experts, and forwards it over NVLink there (DeepEP's internode
// kernels; DeepSeek-V3 report §3.2.2: "tokens are first transmitted via IB to the GPUs with the
// same in-node index on their target nodes ... immediately forwarded via NVLink"). The all-to-all
// dispatcher sends one copy per routed expert through the network.
#include <gtest/gtest.h>

#include <string>

#include "llm_sizer/report.hpp"
#include "llm_sizer/step_time.hpp"
#include "test_support.hpp"

namespace llm_sizer {
namespace {

// Mixtral 8x7B (8 experts, top 2; Jiang et al. 2024) with EP 8 over two nodes of 4 GPUs each
// (the NVLink domain given as 4): 4 experts a node, half of every token's copies leave its node.
Plan mixtral(double flex) {
  Plan plan;
  plan.model = "mixtral-8x7b";
  plan.accelerator = "h100-80g";
  plan.nvlink_domain_gpus = 4;
  plan.tp = 1;
  plan.pp = 1;
  plan.dp = 8;
  plan.ep = 8;
  plan.seq_len = 4096;
  plan.global_batch = 64;
  plan.recompute = "full";
  plan.moe_flex_dispatcher = flex;
  return plan;
}

double moe_s(const Plan& plan) { return test::step_part_s(plan, &TrainingTime::moe_comm_s); }

TEST(MoeFlexDispatcher, ATokenCrossesTheNetworkOnceToEachNodeOfItsExperts) {
  // All-to-all: 2 copies a token, 4 of 8 experts on the other node, 1 copy through the NICs.
  // Flex: the other node holds one of the token's 2 experts unless both are on its own node,
  // 1 − C(4,2)/C(8,2) = 1 − 6/28 = 22/28 of a copy through the NICs. The NICs set the pace in
  // both (NVLink is 9× as fast): the all-to-all time falls by that ratio, latencies aside.
  const double all_to_all = moe_s(mixtral(0));
  const double flex = moe_s(mixtral(1));
  ASSERT_GT(all_to_all, 0);
  EXPECT_NEAR(flex / all_to_all, 22.0 / 28, 0.01);
}

TEST(MoeFlexDispatcher, InsideOneNodeItChangesNothing) {
  Plan off = mixtral(0);
  Plan on = mixtral(1);
  off.nvlink_domain_gpus.reset();
  on.nvlink_domain_gpus.reset();
  EXPECT_DOUBLE_EQ(moe_s(on), moe_s(off));
}

TEST(MoeFlexDispatcher, TheLaunchLineNamesIt) {
  const auto has = [](const std::string& text, const char* part) {
    return text.find(part) != std::string::npos;
  };
  const Report flex = evaluate(mixtral(1));
  EXPECT_TRUE(has(flex.inference.launch.megatron, "--moe-token-dispatcher-type flex"));
  EXPECT_TRUE(has(flex.inference.launch.megatron, "--moe-flex-dispatcher-backend deepep"));
  EXPECT_TRUE(has(flex.inference.launch.nemo, "model.config.moe_token_dispatcher_type=flex"));
  EXPECT_TRUE(has(flex.inference.launch.nemo, "model.config.moe_flex_dispatcher_backend=deepep"));
  const Report plain = evaluate(mixtral(0));
  EXPECT_TRUE(has(plain.inference.launch.megatron, "--moe-token-dispatcher-type alltoall"));
  EXPECT_FALSE(has(plain.inference.launch.megatron, "flex"));
}

// Group-limited routing (Megatron's group_limited_topk; DeepSeek-V3 report §2.1.2, node-limited
// routing: "each token will be sent to at most M = 4 nodes"): the experts in G groups, a token's
// from g of them. DeepSeek-V3's config.json: 256 experts, top 8, n_group 8, topk_group 4.
Architecture deepseek_v3_router(int groups, int chosen) {
  Architecture a;
  a.moe_experts = 256;
  a.moe_top_k = 8;
  a.moe_router_groups = groups;
  a.moe_router_group_topk = chosen;
  return a;
}

double choose(double n, double k) {
  double c = 1;
  for (int i = 0; i < static_cast<int>(k); ++i) c = c * (n - i) / (i + 1);
  return c;
}

TEST(MoeFlexDispatcher, NodeLimitedRoutingReachesFewerNodes) {
  const Architecture limited = deepseek_v3_router(8, 4);
  // One group a node (EP 64 on nodes of 8): another node is missed when its group is not among
  // the 4 chosen, C(7,4)/C(8,4) = 1/2 of the time: 7 × 1/2 other nodes.
  EXPECT_NEAR(remote_nodes_per_token(limited, 8), 3.5, 1e-12);
  // Two groups a node: missed when neither is chosen, C(6,4)/C(8,4) = 15/70.
  EXPECT_NEAR(remote_nodes_per_token(limited, 4), 3 * (1 - 15.0 / 70), 1e-12);
  // Half a group a node (16 nodes): missed when the group is not chosen (1/2), or it is and its
  // 2 experts fall in the other half of its 32, C(16,2)/C(32,2).
  EXPECT_NEAR(remote_nodes_per_token(limited, 16),
              15 * (1 - (0.5 + 0.5 * choose(16, 2) / choose(32, 2))), 1e-12);
  // Unlimited: any 8 of the 256, a node of 32 missed C(224,8)/C(256,8) of the time.
  const double unlimited = 7 * (1 - choose(224, 8) / choose(256, 8));
  EXPECT_NEAR(remote_nodes_per_token(deepseek_v3_router(0, 0), 8), unlimited, 1e-9);
  EXPECT_NEAR(remote_nodes_per_token(deepseek_v3_router(8, 8), 8), unlimited, 1e-9);
  // 3 nodes hold 8 groups neither whole nor in equal shares: taken as unlimited.
  EXPECT_NEAR(remote_nodes_per_token(limited, 3),
              2 * (1 - choose(256 - 256.0 / 3, 8) / choose(256, 8)), 1e-9);
  EXPECT_EQ(remote_nodes_per_token(limited, 1), 0);
}

TEST(MoeFlexDispatcher, TheRoutersGroupsSetTheNetworkTraffic) {
  // Mixtral's 8 experts in 2 groups of 4, each token's 2 from 1 group: with a group on each
  // node, the other node is reached half the time, where unlimited it is 22/28 of the time.
  Plan grouped = mixtral(1);
  grouped.arch_moe_router_groups = 2;
  grouped.arch_moe_router_group_topk = 1;
  const double unlimited = moe_s(mixtral(1));
  ASSERT_GT(unlimited, 0);
  EXPECT_NEAR(moe_s(grouped) / unlimited, 0.5 / (22.0 / 28), 0.01);
  // The all-to-all dispatcher sends every routed copy apart: the groups change nothing.
  Plan plain = mixtral(0);
  const double before = moe_s(plain);
  plain.arch_moe_router_groups = 2;
  plain.arch_moe_router_group_topk = 1;
  EXPECT_DOUBLE_EQ(moe_s(plain), before);
}

TEST(MoeFlexDispatcher, GroupsThatDoNotSplitTheExpertsAreRefused) {
  Plan plan = mixtral(1);
  plan.arch_moe_router_groups = 3;  // 8 experts do not fall in 3 equal groups
  plan.arch_moe_router_group_topk = 1;
  const Report r = evaluate(plan);
  bool named = false;
  for (const Issue& issue : r.issues) {
    named = named ||
            (issue.code == "architecture_incomplete" && issue.field == "moe_router_group_topk");
  }
  EXPECT_TRUE(named);
  plan.arch_moe_router_groups = 2;
  plan.arch_moe_router_group_topk = 2;  // every group chosen: no limit, and valid
  EXPECT_DOUBLE_EQ(moe_s(plan), moe_s(mixtral(1)));
}

}  // namespace
}  // namespace llm_sizer
