// The Blackwell Ultra presets. Figures: NVIDIA's Blackwell Ultra datasheet as NVIDIA's
// AIConfigurator records it (aic-core/src/aiconfigurator_core/systems/b300_sxm.yaml and gb300.yaml
// at 095f58a51): B300 2,250 / 4,500 / 14,000 TFLOPS dense BF16 / FP8 / FP4, 7.75 TB/s, 1,100 W,
// 8 per node, one 800 Gb/s ConnectX-8 per GPU, PCIe Gen6; GB300 2,500 / 5,000 / 15,000, 8 TB/s,
// 1,400 W, 4 per compute tray in a 72-GPU NVLink domain; nvidia-smi 275,040 and 284,208 MiB.
#include <gtest/gtest.h>

#include <utility>

#include "llm_sizer/accelerator.hpp"
#include "llm_sizer/device_memory.hpp"
#include "llm_sizer/kernel_model.hpp"
#include "llm_sizer/report.hpp"

namespace llm_sizer {
namespace {

TEST(BlackwellUltra, PresetsCarryTheDatasheetFigures) {
  const Accelerator* b300 = find_accelerator("b300");
  const Accelerator* gb300 = find_accelerator("gb300");
  ASSERT_NE(b300, nullptr);
  ASSERT_NE(gb300, nullptr);
  EXPECT_EQ(b300->memory_gb, 288);
  EXPECT_EQ(b300->bf16_dense_tflops, 2250);
  EXPECT_EQ(b300->fp8_dense_tflops, 4500);
  EXPECT_EQ(b300->hbm_bandwidth_tbps, 7.75);
  EXPECT_EQ(b300->power_w, 1100);
  EXPECT_EQ(b300->gpus_per_node, 8);
  EXPECT_FALSE(b300->nvlink_domain_gpus.has_value());
  EXPECT_EQ(b300->intra_node_bandwidth_gbps, 900);  // NVLink 5, 1.8 TB/s both ways
  EXPECT_EQ(b300->inter_node_bandwidth_gbps, 100);  // 800 Gb/s per GPU
  EXPECT_EQ(b300->host_link_gbps, 121);             // PCIe Gen6 x16, FLIT payload
  EXPECT_EQ(gb300->memory_gb, 288);
  EXPECT_EQ(gb300->bf16_dense_tflops, 2500);
  EXPECT_EQ(gb300->fp8_dense_tflops, 5000);
  EXPECT_EQ(gb300->hbm_bandwidth_tbps, 8.0);
  EXPECT_EQ(gb300->power_w, 1400);
  EXPECT_EQ(gb300->gpus_per_node, 4);
  EXPECT_EQ(gb300->nvlink_domain_gpus, 72);
  EXPECT_EQ(gb300->inter_node_bandwidth_gbps, 100);
  EXPECT_EQ(gb300->host_link_gbps, 450);  // NVLink-C2C to Grace, 900 GB/s both ways
  // No CUDA figure of the capacity is published: nvidia-smi's total (275,040 MiB = 288.4 GB;
  // 284,208 MiB = 298.0 GB), not the marketed 288 GB. A Qwen3-30B-A3B step at micro-batch 8
  // without recompute, which Megatron-Bridge 26.06 ran on both, needs more than 288 × 10⁹ bytes
  // in the memory model.
  EXPECT_EQ(capacity_bytes_or_nominal(*b300), 275040 * 1048576.0);
  EXPECT_EQ(capacity_bytes_or_nominal(*gb300), 284208 * 1048576.0);
  EXPECT_EQ(capacity_bytes_or_nominal(*find_accelerator("gb200")), 189471 * 1048576.0);
  // Serving's nvidia-smi figure is then the capacity itself (device_memory.cpp lists only cards
  // whose two figures differ).
  EXPECT_EQ(find_device_memory("b300"), nullptr);
}

TEST(BlackwellUltra, Fp4RunsAtTheDatasheetsMultipleOfFp8) {
  EXPECT_DOUBLE_EQ(fp4_per_fp8_rate("b200"), 2);
  EXPECT_DOUBLE_EQ(fp4_per_fp8_rate("gb200"), 2);
  EXPECT_DOUBLE_EQ(fp4_per_fp8_rate("b300"), 14000.0 / 4500);
  EXPECT_DOUBLE_EQ(fp4_per_fp8_rate("gb300"), 3);
  EXPECT_EQ(fp4_per_fp8_rate("h100-80g"), 0);  // no FP4 tensor cores: NVFP4 is dequantized

  Plan plan;
  plan.model = "llama-3.1-70b";
  plan.infer_weights = "nvfp4";
  plan.accelerator = "b300";
  const Report b300 = evaluate(plan);
  EXPECT_EQ(b300.inference.settings.peak_dtype, "fp4");
  EXPECT_DOUBLE_EQ(b300.inference.settings.peak_tflops, 14000);
  plan.accelerator = "gb300";
  EXPECT_DOUBLE_EQ(evaluate(plan).inference.settings.peak_tflops, 15000);
  plan.accelerator = "h100-80g";
  EXPECT_EQ(evaluate(plan).inference.settings.peak_dtype, "bf16");
}

TEST(BlackwellUltra, GemmsTakeTheirBlackwellSiblingsShares) {
  // No MAMF and no power-measured collection: the B200's shares for the B300, the GB200's for
  // the GB300 (kernel_catalog.cpp), each at its own peak.
  EXPECT_DOUBLE_EQ(kernel_facts("b300").gemm_bf16_efficiency,
                   kernel_facts("b200").gemm_bf16_efficiency);
  EXPECT_DOUBLE_EQ(kernel_facts("b300").gemm_fp8_efficiency,
                   kernel_facts("b200").gemm_fp8_efficiency);
  EXPECT_DOUBLE_EQ(kernel_facts("gb300").gemm_bf16_efficiency,
                   kernel_facts("gb200").gemm_bf16_efficiency);
  EXPECT_DOUBLE_EQ(gemm_sustained("b300"), gemm_sustained("b200"));
  EXPECT_DOUBLE_EQ(gemm_sustained("gb300"), gemm_sustained("gb200"));
  EXPECT_EQ(kernel_facts("b300").sms, 148);
  EXPECT_EQ(kernel_facts("gb300").sms, 148);

  // So a step on GB300 is the GB200's at the same peaks and links but for the faster network and
  // attention's forward (AttentionForwardRunsFasterThanItsSiblings). That forward is a small
  // part of this step: causal attention's 2·s·h·L forward FLOPs a token are 1.2 % of the step's
  // (the default 4,096 tokens, h 8,192, L 80, against 6 per parameter and attention's
  // 3.5 · 2·s·h·L), so a 1.24 times faster one takes well under 2 % off the compute.
  Plan plan;
  plan.model = "llama-3.1-70b";
  plan.tp = 4;
  plan.pp = 2;
  plan.dp = 9;
  plan.accelerator = "gb200";
  const Report gb200 = evaluate(plan);
  plan.accelerator = "gb300";
  const Report gb300 = evaluate(plan);
  ASSERT_TRUE(gb200.training.time_available);
  ASSERT_TRUE(gb300.training.time_available);
  EXPECT_LT(gb300.training.time.compute_s, gb200.training.time.compute_s);
  EXPECT_GT(gb300.training.time.compute_s, 0.98 * gb200.training.time.compute_s);
  EXPECT_LE(gb300.training.time.step_s, gb200.training.time.step_s);
  // 298.0 GB against 198.7.
  EXPECT_GT(gb300.training.memory.card_memory_gb, gb200.training.memory.card_memory_gb);
}

TEST(BlackwellUltra, AttentionRunsFasterThanItsSiblings) {
  // Blackwell Ultra doubles the SFU throughput the softmax's exponentials run on (NVIDIA
  // Technical Blog, "Making Softmax More Efficient with NVIDIA Blackwell Ultra"); NVIDIA's cuDNN
  // training benchmark timed a GB300 and a GB200 with the same cuDNN (9.17, 9.22, 9.26): the
  // forward a median 1.1989 times as fast at 4,096-16,384 tokens, the backward, which waits on
  // the shared memory Blackwell Ultra keeps (FlashAttention-4, arXiv 2603.05451), 1.0773
  // (validation/data/attention-cudnn.json; tests/web holds the figures to the rows). The B300,
  // not timed, takes the same ratios over the B200.
  const auto kernel = [](const char* id) {
    return attention_kernel(id, false, kernel_facts(id).gemm_bf16_efficiency);
  };
  for (const auto& [ultra, sibling] : {std::pair{"b300", "b200"}, std::pair{"gb300", "gb200"}}) {
    EXPECT_NEAR(kernel(ultra).fwd_efficiency, kernel(sibling).fwd_efficiency * 1.1989, 1e-12);
    EXPECT_NEAR(kernel(ultra).bwd_efficiency, kernel(sibling).bwd_efficiency * 1.0773, 1e-12);
  }
  // The B200's estimate (the H100's cuDNN ratio to its GEMMs) against the H100's published
  // cuDNN forward, 539 TFLOP/s (FlashAttention-3, Figure 5): 1.85 times, where NVIDIA's newest
  // prefill collection (TensorRT-LLM 1.3.0rc20) measured 1.80 at the same shapes.
  const double b200_over_h100 = kernel("b200").fwd_efficiency * 2250 / 539.0;
  EXPECT_NEAR(b200_over_h100, 1.80, 0.06);
  EXPECT_EQ(kernel("b300").id, "estimate");
}

TEST(BlackwellUltra, NvlinkFiveRunsCollectivesAtItsMeasuredShare) {
  // NVIDIA's NCCL 2.29.2 collection (validation/data/nccl-nvlink.json; tests/web holds the figure
  // to the rows): on eight B200s and B300s the same all-gathers, reduce-scatters and all-to-alls
  // ran a median 1.8032 times the H100's, whose NVLink 4 keeps 370 of 450 GB/s
  // (NVIDIA/nccl-tests#212). NVLink 5's line rate is twice NVLink 4's: 0.741 of it.
  Plan plan;
  plan.model = "llama-3.1-8b";
  const double nvlink5 = 370.0 / 450 * 1.8032 / 2;
  for (const char* id : {"b200", "gb200", "b300", "gb300"}) {
    plan.accelerator = id;
    EXPECT_NEAR(evaluate(plan).training.settings.comm_efficiency, nvlink5, 1e-12) << id;
  }
  plan.accelerator = "h100-80g";
  EXPECT_NEAR(evaluate(plan).training.settings.comm_efficiency, 370.0 / 450, 1e-12);
}

}  // namespace
}  // namespace llm_sizer
