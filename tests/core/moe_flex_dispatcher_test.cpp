// Megatron's flex dispatcher on DeepEP or HybridEP sends a token through the network once to each
// other node that holds one of its experts, and forwards it over NVLink there (DeepEP's internode
// kernels; DeepSeek-V3 report §3.2.2: "tokens are first transmitted via IB to the GPUs with the
// same in-node index on their target nodes ... immediately forwarded via NVLink"). The all-to-all
// dispatcher sends one copy per routed expert through the network.
#include <gtest/gtest.h>

#include <string>

#include "llm_sizer/report.hpp"

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

double moe_s(const Plan& plan) {
  const Report r = evaluate(plan);
  EXPECT_TRUE(r.training.time_available);
  return r.training.time.moe_comm_s;
}

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

}  // namespace
}  // namespace llm_sizer
