// The fast link's domain apart from the host: a DGX GB200 rack is "an NVIDIA rack with 72-GPU
// NVL domains" of 18 compute trays, each with 4 GPUs and 4 single-port 400G ConnectX-7 NICs
// (NVIDIA DGX GB200 user guide, Hardware). Collectives and TP reach across the domain; launch
// commands and node counts stay per tray.
#include <gtest/gtest.h>

#include <algorithm>
#include <string_view>

#include "llm_sizer/accelerator.hpp"
#include "llm_sizer/report.hpp"

namespace llm_sizer {
namespace {

bool has_issue(const Report& r, std::string_view code) {
  return std::any_of(r.issues.begin(), r.issues.end(),
                     [&](const Issue& i) { return i.code == code; });
}

// Llama 3.1 70B under Megatron's FSDP on 64 GB200: the whole rack's NVLink in one DP group.
Plan gb200_plan() {
  Plan plan;
  plan.model = "llama-3.1-70b";
  plan.accelerator = "gb200";
  plan.tp = 1;
  plan.pp = 1;
  plan.dp = 64;
  plan.zero = 3;
  plan.recompute = "full";
  plan.tokens = 1e12;
  return plan;
}

TEST(NvlinkDomain, Gb200JoinsSeventyTwoGpusAcrossItsTrays) {
  const Accelerator* gb200 = find_accelerator("gb200");
  ASSERT_NE(gb200, nullptr);
  EXPECT_EQ(gb200->gpus_per_node, 4);
  EXPECT_EQ(gb200->nvlink_domain_gpus, 72);
  EXPECT_EQ(gb200->inter_node_bandwidth_gbps, 50);  // 400 Gb/s per GPU
  // Elsewhere the domain is the node.
  EXPECT_FALSE(find_accelerator("h100-80g")->nvlink_domain_gpus.has_value());
  EXPECT_EQ(evaluate(Plan{}).setup.nvlink_domain_gpus, 8);
}

TEST(NvlinkDomain, Gb200TrainsOverTheRacksNvlinkAndLaunchesPerTray) {
  const Report r = evaluate(gb200_plan());
  EXPECT_EQ(r.setup.gpus_per_node, 4);
  EXPECT_EQ(r.setup.nvlink_domain_gpus, 72);
  ASSERT_TRUE(r.training.time_available);
  EXPECT_TRUE(r.training.time.comm_known);  // before: a 4-GPU node of unknown network
  EXPECT_FALSE(has_issue(r, "zero3_across_nodes"));
  // The same 64 GPUs with NVLink inside each tray only: ZeRO-3's gathers leave through the NICs.
  Plan trays = gb200_plan();
  trays.nvlink_domain_gpus = 4;
  const Report t = evaluate(trays);
  ASSERT_TRUE(t.training.time_available);
  EXPECT_TRUE(has_issue(t, "zero3_across_nodes"));
  EXPECT_GT(t.training.time.dp_comm_s, r.training.time.dp_comm_s);
  EXPECT_GT(t.training.time.step_s, r.training.time.step_s);
}

TEST(NvlinkDomain, TensorParallelismStaysOnNvlinkAcrossTheDomain) {
  Plan plan = gb200_plan();
  plan.tp = 8;  // two trays
  plan.dp = 8;
  plan.zero = 1;
  const Report rack = evaluate(plan);
  EXPECT_FALSE(has_issue(rack, "tp_crosses_nodes"));
  plan.nvlink_domain_gpus = 4;
  const Report trays = evaluate(plan);
  EXPECT_TRUE(has_issue(trays, "tp_crosses_nodes"));
  ASSERT_TRUE(rack.training.time_available && trays.training.time_available);
  EXPECT_GT(trays.training.time.tp_comm_s, rack.training.time.tp_comm_s);
  // The search keeps TP inside the domain.
  plan.tp.reset();
  plan.pp.reset();
  plan.dp.reset();
  plan.cluster_gpus = 64;
  plan.nvlink_domain_gpus.reset();
  const SearchReport searched = search_plan(plan);
  ASSERT_TRUE(searched.search.found);
  EXPECT_EQ(searched.search.nvlink_domain_gpus, 72);
  for (const auto& c : searched.search.top) EXPECT_LE(c.tp, 72);
}

TEST(NvlinkDomain, ServingFindsTensorParallelismAcrossTheRack) {
  // DeepSeek-V3 in BF16 holds 1,342 GB of weights: a tray's 4 × 186 GB cannot serve it, 16
  // cards of the rack can (the smallest valid TP whose share, with one sequence, fits the
  // engine's 90 %). In FP8, as published, the tray holds it.
  Plan plan;
  plan.model = "deepseek-v3";
  plan.accelerator = "gb200";
  plan.nvlink_domain_gpus = 4;
  EXPECT_FALSE(has_issue(evaluate(plan), "serving_exceeds_node"));
  plan.nvlink_domain_gpus.reset();
  plan.infer_weights = "bf16";
  const Report rack = evaluate(plan);
  ASSERT_TRUE(rack.inference.available);
  EXPECT_GT(rack.inference.min_gpus, 4);
  EXPECT_LE(rack.inference.min_gpus, 72);
  EXPECT_FALSE(has_issue(rack, "serving_exceeds_node"));
  plan.nvlink_domain_gpus = 4;
  const Report trays = evaluate(plan);
  EXPECT_TRUE(has_issue(trays, "serving_exceeds_node"));
}

TEST(NvlinkDomain, ADomainSmallerThanTheNodeSendsTheRestOverTheOtherLink) {
  // H100 NVL cards bridged in pairs: TP 4's all-reduces leave the pair.
  Plan plan;
  plan.model = "llama-3.1-8b";
  plan.accelerator = "h100-80g";
  plan.tp = 4;
  plan.pp = 1;
  plan.dp = 2;
  plan.tokens = 1e9;
  const Report node = evaluate(plan);
  plan.nvlink_domain_gpus = 2;
  const Report pairs = evaluate(plan);
  EXPECT_EQ(pairs.setup.gpus_per_node, 8);
  EXPECT_EQ(pairs.setup.nvlink_domain_gpus, 2);
  ASSERT_TRUE(node.training.time_available && pairs.training.time_available);
  EXPECT_GT(pairs.training.time.tp_comm_s, node.training.time.tp_comm_s);
}

}  // namespace
}  // namespace llm_sizer
