// Inside one node a collective takes the protocol NCCL's tuner times fastest (step_time.cpp), from
// its own cost model (src/graph/tuning.cc, ncclTunerConstantsDefaults): ring latency base + hops
// (Simple 8.4 + 3.4 µs, LL 6.6 + 0.6, LL128 14 + 1.9) and bandwidth (Simple the bus's, LL half of
// it at most llMaxBws — Hopper 141 GB/s — LL128 0.92 of it).
#include <gtest/gtest.h>

#include <cmath>

#include "llm_sizer/report.hpp"

namespace llm_sizer {
namespace {

// H100 SXM: NVLink 4 at 450 GB/s a direction, NCCL's bus bandwidth 370 of it
// (NVIDIA/nccl-tests#212; kernel_catalog.cpp).
constexpr double kH100Bus = 370e9;

// An all-gather of `bytes` over 8 H100s under each protocol, µs.
double simple_us(double bytes) { return (7.0 / 8 * bytes / kH100Bus + 8.4e-6 + 7 * 3.4e-6) * 1e6; }
double ll_us(double bytes) { return (7.0 / 8 * bytes / 141e9 + 6.6e-6 + 7 * 0.6e-6) * 1e6; }
double ll128_us(double bytes) {
  return (7.0 / 8 * bytes / (0.92 * kH100Bus) + 14e-6 + 7 * 1.9e-6) * 1e6;
}

TEST(NcclProtocol, SmallCollectivesInANodeGoByLl) {
  // NVIDIA's NCCL 2.29.2 collection on eight H100s (validation/data/nccl-nvlink.json):
  // an all-gather of 512 B took 10.1 µs, of 2 MB 22.2 µs; Simple alone gives 32.2 and 37.2.
  const auto model_us = [](double bytes) {
    return preset_collective_s("h100-80g", "all_gather", 8, bytes) * 1e6;
  };
  EXPECT_NEAR(model_us(512), ll_us(512), 1e-9);
  EXPECT_NEAR(model_us(512), 10.8, 0.05);
  EXPECT_NEAR(model_us(2 << 20), ll_us(2 << 20), 1e-9);
  EXPECT_LT(model_us(2 << 20), simple_us(2 << 20));
  // 8 MB: LL128's bandwidth with a latency between the two (measured 44.9 µs).
  EXPECT_NEAR(model_us(8 << 20), ll128_us(8 << 20), 1e-9);
  // 512 MB: Simple's full bandwidth (measured 1,401.5 µs, at 335 of the 370 GB/s the model takes).
  const double big = 512.0 * (1 << 20);
  EXPECT_NEAR(model_us(big), simple_us(big), 1e-9);
  // A reduce-scatter moves as many bytes as an all-gather; an all-reduce twice, over twice the
  // steps.
  EXPECT_EQ(preset_collective_s("h100-80g", "reduce_scatter", 8, big),
            preset_collective_s("h100-80g", "all_gather", 8, big));
  const double all_reduce_us = preset_collective_s("h100-80g", "all_reduce", 8, big) * 1e6;
  EXPECT_NEAR(all_reduce_us, (2 * 7.0 / 8 * big / kH100Bus + 8.4e-6 + 14 * 3.4e-6) * 1e6, 1e-9);
}

TEST(NcclProtocol, UnknownInputsGiveNoTime) {
  EXPECT_TRUE(std::isnan(preset_collective_s("no-such-card", "all_gather", 8, 1e6)));
  EXPECT_TRUE(std::isnan(preset_collective_s("h100-80g", "broadcast", 8, 1e6)));
  EXPECT_TRUE(std::isnan(preset_collective_s("h100-80g", "all_gather", NAN, 1e6)));
  EXPECT_TRUE(std::isnan(preset_collective_s("h100-80g", "all_gather", 8, -1)));
  EXPECT_EQ(preset_collective_s("h100-80g", "all_gather", 1, 1e6), 0);  // nothing to exchange
}

}  // namespace
}  // namespace llm_sizer
