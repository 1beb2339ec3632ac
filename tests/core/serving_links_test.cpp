// Serving's transfers between cards run at the same shares of their line rates as training's
// collectives: the plan's NVLink and network efficiencies (kernel_model.hpp), resolved once.
#include <gtest/gtest.h>

#include "llm_sizer/inference.hpp"
#include "llm_sizer/model.hpp"
#include "llm_sizer/report.hpp"
#include "llm_sizer/serving_load.hpp"

namespace llm_sizer {
namespace {

ServingInputs llama8b_on_nvlink(double efficiency) {
  ServingInputs in;
  in.arch = find_model("llama-3.1-8b")->architecture;
  in.counts = count_params(in.arch);
  in.hbm_bandwidth_tbps = 3.35;
  in.peak_tflops = 989;
  in.intra_node_gbps = 450;  // NVLink 4, per direction (H100 SXM datasheet: 900 GB/s both ways)
  in.inter_node_gbps = 50;
  in.intra_node_efficiency = efficiency;
  return in;
}

TEST(ServingLinks, NvlinkEfficiencyScalesTheTpAllReduceBytesNotItsLatency) {
  const ServingLayout tp8{8, 1, 1, false};
  const double batch = 64;
  const StageStep full = decode_stage_step(llama8b_on_nvlink(1), tp8, batch, 1024, 1);
  const StageStep half = decode_stage_step(llama8b_on_nvlink(0.5), tp8, batch, 1024, 1);
  // serving_load.hpp: 2 all-reduces per layer of 2 (t−1)/t × B h × 2 B over BW·e. Halving e
  // adds the bytes' time once more: 32 layers × 2 × 1.75 × 64 × 4096 × 2 B / 450 GB/s.
  const double bytes_s = 32 * 2 * (2.0 * 7 / 8) * batch * 4096 * 2 / 450e9;
  EXPECT_NEAR(half.comm_s - full.comm_s, bytes_s, 1e-12);
  // The latency part (α per all-reduce) stays: the comm at e = 1 is more than its bytes.
  EXPECT_NEAR(full.comm_s - bytes_s, 32 * 2 * kCollectiveLatencyIntraS, 1e-12);
}

TEST(ServingLinks, ThePlansEfficienciesReachServingAsTraining) {
  // The fleet's decode step at its load (serving_fleet.hpp), TP 8 as given.
  const auto comm_ms = [](std::optional<double> nvlink, std::optional<double> net) {
    Plan plan;
    plan.model = "llama-3.1-70b";
    plan.accelerator = "h100-80g";
    plan.infer_tp = 8;
    plan.infer_concurrency = 16;  // one replica carries them all: the batch stays 16
    plan.comm_efficiency = nvlink;
    plan.net_efficiency = net;
    const Report r = evaluate(plan);
    EXPECT_TRUE(r.inference.fleet.found);
    EXPECT_EQ(r.inference.fleet.tp, 8);
    EXPECT_EQ(r.inference.fleet.batch_per_rank, 16);
    return r.inference.fleet.comm_ms;
  };
  const double automatic = comm_ms({}, {});
  EXPECT_GT(automatic, 0);
  // A lower NVLink share slows TP 8's all-reduces inside the node …
  EXPECT_GT(comm_ms(0.2, {}), automatic);
  // … and the network's share changes nothing for a replica inside one node.
  EXPECT_DOUBLE_EQ(comm_ms({}, 0.2), automatic);
  // Automatic, serving reads the accelerator's measured NVLink share (370 of 450 GB/s on H100,
  // kernel_catalog.cpp): the same step as when the plan gives that figure.
  EXPECT_DOUBLE_EQ(comm_ms(370.0 / 450, {}), automatic);
}

}  // namespace
}  // namespace llm_sizer
