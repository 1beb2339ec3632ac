// Collectives over 2 and 4 GPUs of an NVSwitch node, and all-to-alls, run at their measured share
// of the bus bandwidth a ring over 8 GPUs reaches (kernel_model.hpp, kNvSwitchFigures): NVIDIA's
// NCCL collection (AIConfigurator, validation/data/nccl-nvlink.json), median over 64 MB and
// more, half precision.
#include <gtest/gtest.h>

#include <cmath>

#include "llm_sizer/kernel_model.hpp"
#include "llm_sizer/report.hpp"

namespace llm_sizer {
namespace {

// H100 SXM: NCCL's bus bandwidth over 8 GPUs, 370 of NVLink 4's 450 GB/s (NVIDIA/nccl-tests#212).
constexpr double kH100Bus = 370e9;
constexpr double kGiB = 1 << 30;

// Bus bandwidth over `gpus` against a ring (all-gather) over 8 in the module, from collectives
// large enough that their latency is lost.
double module_share(const char* accelerator, const char* op, double gpus) {
  const double bytes = 16 * kGiB;
  return ((gpus - 1) / gpus * preset_collective_s(accelerator, "all_gather", 8, bytes)) /
         (7.0 / 8 * preset_collective_s(accelerator, op, gpus, bytes));
}

TEST(NvlinkGroups, ARingOverTwoH100sRunsAtItsMeasuredShare) {
  // H100 and H200: all-gathers and reduce-scatters over 2 GPUs reached a median 0.7444 of 8's bus
  // bandwidth, over 4 0.9229 (16 sizes and operations each).
  const double two_us = preset_collective_s("h100-80g", "all_gather", 2, kGiB) * 1e6;
  EXPECT_NEAR(two_us, (0.5 * kGiB / (kH100Bus * 0.7444) + 8.4e-6 + 3.4e-6) * 1e6, 1e-6);
  const double four_us = preset_collective_s("h100-80g", "reduce_scatter", 4, kGiB) * 1e6;
  EXPECT_NEAR(four_us, (0.75 * kGiB / (kH100Bus * 0.9229) + 8.4e-6 + 3 * 3.4e-6) * 1e6, 1e-6);
  // Eight keep the link's own share; so do all-reduces, which NVLink SHARP runs in the switch.
  const double eight_us = preset_collective_s("h100-80g", "all_gather", 8, kGiB) * 1e6;
  EXPECT_NEAR(eight_us, (7.0 / 8 * kGiB / kH100Bus + 8.4e-6 + 7 * 3.4e-6) * 1e6, 1e-6);
}

TEST(NvlinkGroups, EachGenerationKeepsItsOwnShares) {
  // A100 (NCCL 2.27.3): rings over 2 and 4 0.7713 and 0.9474, all-to-alls among 2, 4 and 8
  // 0.7999, 0.9410 and 0.9816; B200 and B300: rings 0.7002 and 0.9126, all-to-alls 0.5430, 0.8015
  // and 0.9213 (Blackwell's among two the least).
  EXPECT_NEAR(module_share("a100-80g", "all_gather", 2), 0.7713, 0.002);
  EXPECT_NEAR(module_share("a100-80g", "all_to_all", 4), 0.9410, 0.002);
  EXPECT_NEAR(module_share("b200", "reduce_scatter", 4), 0.9126, 0.002);
  EXPECT_NEAR(module_share("b200", "all_to_all", 2), 0.5430, 0.002);
  EXPECT_NEAR(module_share("b200", "all_to_all", 8), 0.9213, 0.002);
  // The GB200 and GB300 take their HGX siblings' shares.
  EXPECT_NEAR(module_share("gb200", "all_to_all", 2), 0.5430, 0.002);
  EXPECT_NEAR(module_share("gb300", "all_gather", 2), 0.7002, 0.002);
  // Hopper's all-to-all among 2 keeps 0.8522: NVLink 4 loses less there than NVLink 5.
  EXPECT_GT(module_share("h100-80g", "all_to_all", 2),
            module_share("b200", "all_to_all", 2) + 0.25);
}

TEST(NvlinkGroups, OtherGroupSizesLieBetweenTheMeasuredOnes) {
  const NvSwitchFigures hopper{0.7444, 0.9229, 0.8522, 0.9253, 0.9405};
  EXPECT_DOUBLE_EQ(hopper.ring(2), 0.7444);
  EXPECT_DOUBLE_EQ(hopper.ring(3), (0.7444 + 0.9229) / 2);
  EXPECT_DOUBLE_EQ(hopper.ring(6), (0.9229 + 1) / 2);
  EXPECT_DOUBLE_EQ(hopper.ring(8), 1);
  EXPECT_DOUBLE_EQ(hopper.ring(72), 1);  // an NVL72 domain: 8's, nothing larger is measured
  EXPECT_DOUBLE_EQ(hopper.all_to_all(4), 0.9253);
  EXPECT_DOUBLE_EQ(hopper.all_to_all(6), (0.9253 + 0.9405) / 2);
  EXPECT_DOUBLE_EQ(hopper.all_to_all(64), 0.9405);
  // Without a measurement every group keeps the link's share.
  EXPECT_DOUBLE_EQ(NvSwitchFigures{}.ring(2), 1);
}

TEST(NvlinkGroups, LinksThatAreNotSwitchedKeepOneShare) {
  // The H100 NVL is bridged in pairs: no switch, no group share; its ring over 2 runs at the
  // link's share as before.
  EXPECT_EQ(kernel_facts("h100-nvl-94g").nvswitch, NvSwitch::kNone);
  EXPECT_DOUBLE_EQ(nvswitch_figures(NvSwitch::kNone).ring(2), 1);
  EXPECT_DOUBLE_EQ(nvswitch_figures(NvSwitch::kNone).all_to_all(2), 1);
  // Nor do accelerators nothing was measured on, or joined over PCIe.
  EXPECT_EQ(kernel_facts("mi300x").nvswitch, NvSwitch::kNone);
  EXPECT_EQ(kernel_facts("h100-pcie-80g").nvswitch, NvSwitch::kNone);
  // The NVL72 trays are Blackwell's switch.
  EXPECT_EQ(kernel_facts("gb200").nvswitch, NvSwitch::kBlackwell);
  EXPECT_EQ(kernel_facts("h800-80g").nvswitch, NvSwitch::kHopper);
}

TEST(NvlinkGroups, SmallCollectivesWaitTheirSwitchsMeasuredLatency) {
  // The same collection's collectives of 512 B to 8 KB took a median 4.07 µs longer among A100s
  // than among H100s, 3.575 µs among B200s and B300s (kernel_model.hpp); the H200 0.03.
  const auto us = [](const char* accelerator, const char* op) {
    return preset_collective_s(accelerator, op, 8, 512) * 1e6;
  };
  EXPECT_NEAR(us("a100-80g", "all_gather") - us("h100-80g", "all_gather"), 4.07, 0.01);
  EXPECT_NEAR(us("b200", "reduce_scatter") - us("h100-80g", "reduce_scatter"), 3.575, 0.01);
  EXPECT_NEAR(us("b300", "all_to_all") - us("h100-80g", "all_to_all"), 3.575, 0.01);
  EXPECT_NEAR(us("h200-141g", "all_gather"), us("h100-80g", "all_gather"), 1e-9);
}

TEST(NvlinkGroups, AnAllToAllSendsWhatLeavesEachGpu) {
  // Eight GPUs: 7/8 of each GPU's buffer at its share of a ring's bus bandwidth (0.9405 on H100),
  // plus one send's ~10 µs.
  const double us = preset_collective_s("h100-80g", "all_to_all", 8, kGiB) * 1e6;
  EXPECT_NEAR(us, (7.0 / 8 * kGiB / (kH100Bus * 0.9405) + 10e-6) * 1e6, 1e-6);
  EXPECT_EQ(preset_collective_s("h100-80g", "all_to_all", 1, kGiB), 0);
}

}  // namespace
}  // namespace llm_sizer
