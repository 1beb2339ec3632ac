// What Megatron runs eagerly in gpt-oss's expert layers (step_time.cpp): the experts' output bias
// added in fp32 on every routed copy (TEGroupedMLP._apply_packed_bias) and the clamp of the GLU's
// inputs before the fused quick-GEGLU (weighted_bias_quick_geglu_impl). And the attention kernel's
// rate by head dim (Shah et al. 2024, FlashAttention-3, Figures 5 and 6), gpt-oss's being 64.
#include <gtest/gtest.h>

#include <cmath>

#include "llm_sizer/kernel_model.hpp"
#include "llm_sizer/report.hpp"

namespace llm_sizer {
namespace {

// gpt-oss-120b (openai/gpt-oss-120b config.json): 36 layers of 2,880, 64 query heads of 64, 8 key
// and value heads, 128 experts of 2,880, top 4, biases everywhere, a window of 128 on half the
// layers. EP 8 on one H100 node, one micro-batch of 4,096 tokens.
Plan gpt_oss(double linear_bias, double glu_clamp) {
  Plan p;
  p.model = "custom";
  p.arch_layers = 36;
  p.arch_hidden = 2880;
  p.arch_heads = 64;
  p.arch_kv_heads = 8;
  p.arch_head_dim = 64;
  p.arch_ffn = 0;
  p.arch_ffn_kind = "swiglu";
  p.arch_vocab = 201088;
  p.arch_qkv_bias = 1;
  p.arch_linear_bias = linear_bias;
  p.arch_glu_clamp = glu_clamp;
  p.arch_moe_experts = 128;
  p.arch_moe_top_k = 4;
  p.arch_moe_ffn = 2880;
  p.arch_sliding_window = 128;
  p.arch_sliding_window_layers = 18;
  p.accelerator = "h100-80g";
  p.tp = 1;
  p.pp = 1;
  p.dp = 8;
  p.ep = 8;
  p.seq_len = 4096;
  p.micro_batch = 1;
  p.global_batch = 8;
  p.recompute = "none";
  return p;
}

constexpr double kTokens = 4096;
constexpr double kTopK = 4;
constexpr double kHidden = 2880;
constexpr double kExpertFfn = 2880;
constexpr double kLayers = 36;
constexpr double kBf16 = 2;
constexpr double kKernelS = 2e-6;  // kKernelOverheadS

// HBM bytes per second the streaming kernels reach: H100 SXM 3.35 TB/s at the default share.
double stream_bytes_per_s(const Report& r) {
  return 3.35e12 * r.training.settings.memory_efficiency;
}

TrainingTime time_of(const Plan& p) {
  const Report r = evaluate(p);
  EXPECT_TRUE(r.training.time_computed);
  return r.training.time;
}

TEST(GptOssEagerOps, TheExpertsOutputBiasStreamsEachRoutedCopyInFp32) {
  // Per routed copy of h elements: forward 2e + 32 bytes in 5 kernels, backward 2e + 28 in 5.
  const Report r = evaluate(gpt_oss(1, 0));
  const double copies = kTokens * kTopK * kHidden;
  const double per_layer =
      copies * (2 * kBf16 + 32 + 2 * kBf16 + 28) / stream_bytes_per_s(r) + 10 * kKernelS;
  const double added = r.training.time.compute_s - time_of(gpt_oss(0, 0)).compute_s;
  EXPECT_NEAR(added, kLayers * per_layer, 0.01 * kLayers * per_layer);
}

TEST(GptOssEagerOps, TheClampCopiesTheGluInputAndKeepsTheCopy) {
  // Per element of the GLU's input (2 × 2,880 per copy): forward 4e in 3 kernels, backward 5e in 3.
  const Report clamped = evaluate(gpt_oss(1, 1));
  const Report plain = evaluate(gpt_oss(1, 0));
  const double inputs = kTokens * kTopK * 2 * kExpertFfn;
  const double per_layer = inputs * 9 * kBf16 / stream_bytes_per_s(clamped) + 6 * kKernelS;
  EXPECT_NEAR(clamped.training.time.compute_s - plain.training.time.compute_s, kLayers * per_layer,
              0.01 * kLayers * per_layer);
  // The clamped copy is a tensor of its own that the fused activation keeps: e per element, on
  // every layer (all MoE), without recompute.
  const double kept_gb = kLayers * inputs * kBf16 / 1e9;
  EXPECT_NEAR(clamped.training.memory.activations_gb - plain.training.memory.activations_gb,
              kept_gb, 0.01 * kept_gb);
}

TEST(GptOssEagerOps, MoeActRecomputeRedoesTheClampAndDropsItsCopy) {
  Plan with = gpt_oss(1, 1);
  Plan without = gpt_oss(1, 0);
  for (Plan* p : {&with, &without}) {
    p->recompute = "selective";
    p->recompute_modules = "moe_act";
  }
  const Report clamped = evaluate(with);
  const Report plain = evaluate(without);
  const double inputs = kTokens * kTopK * 2 * kExpertFfn;
  const double redone = kLayers * inputs * 4 * kBf16 / stream_bytes_per_s(clamped);
  EXPECT_NEAR(clamped.training.time.recompute_s - plain.training.time.recompute_s, redone,
              0.01 * redone);
  EXPECT_NEAR(clamped.training.memory.activations_gb, plain.training.memory.activations_gb,
              1e-9 * plain.training.memory.activations_gb);
}

TEST(GptOssEagerOps, AClampOnAnFfnWithoutAGateChangesNothing) {
  // glu_clamp clamps a GLU's two halves; a GELU FFN has one input and nothing to clamp, with or
  // without moe_act recompute.
  for (const char* modules : {"", "moe_act"}) {
    SCOPED_TRACE(modules);
    Plan with = gpt_oss(1, 1);
    Plan without = gpt_oss(1, 0);
    for (Plan* p : {&with, &without}) {
      p->arch_ffn_kind = "gelu";
      if (*modules != '\0') {
        p->recompute = "selective";
        p->recompute_modules = modules;
      }
    }
    const Report a = evaluate(with);
    const Report b = evaluate(without);
    EXPECT_DOUBLE_EQ(a.training.time.compute_s, b.training.time.compute_s);
    EXPECT_DOUBLE_EQ(a.training.time.recompute_s, b.training.time.recompute_s);
    EXPECT_DOUBLE_EQ(a.training.memory.activations_gb, b.training.memory.activations_gb);
  }
}

TEST(GptOssEagerOps, PyTorchRunsNeitherOfMegatronsEagerOps) {
  Plan a = gpt_oss(1, 1);
  Plan b = gpt_oss(0, 0);
  a.framework = b.framework = "pytorch";
  a.ep = b.ep = 1;
  EXPECT_DOUBLE_EQ(time_of(a).compute_s, time_of(b).compute_s);
}

TEST(AttentionHeadDim, RatesFollowFlashAttention3sFigures) {
  // cuDNN (TransformerEngine) forward 413, 595, 509 TFLOP/s at head dims 64, 128, 256; backward
  // 433 and 516 at 64 and 128.
  EXPECT_DOUBLE_EQ(head_dim_share(false, 128, false), 1);
  EXPECT_NEAR(head_dim_share(false, 64, false), 413.0 / 595, 1e-12);
  EXPECT_NEAR(head_dim_share(false, 256, false), 509.0 / 595, 1e-12);
  EXPECT_NEAR(head_dim_share(false, 64, true), 433.0 / 516, 1e-12);
  EXPECT_DOUBLE_EQ(head_dim_share(false, 256, true), 1);  // not timed: left at 128's
  // FlashAttention-2 (PyTorch's SDPA): 324, 370, 298 forward; 291, 322 backward.
  EXPECT_NEAR(head_dim_share(true, 64, false), 324.0 / 370, 1e-12);
  EXPECT_NEAR(head_dim_share(true, 256, false), 298.0 / 370, 1e-12);
  EXPECT_NEAR(head_dim_share(true, 64, true), 291.0 / 322, 1e-12);
  // Between the points, linear in the head dim: 96 halfway from 64 to 128, 192 from 128 to 256.
  EXPECT_NEAR(head_dim_share(false, 96, false), (413.0 + 595) / 2 / 595, 1e-12);
  EXPECT_NEAR(head_dim_share(false, 192, false), (595.0 + 509) / 2 / 595, 1e-12);
  // Beyond them, the end value; without a head dim, 1.
  EXPECT_NEAR(head_dim_share(false, 32, false), 413.0 / 595, 1e-12);
  EXPECT_NEAR(head_dim_share(false, 512, false), 509.0 / 595, 1e-12);
  EXPECT_DOUBLE_EQ(head_dim_share(false, NAN, false), 1);
}

TEST(AttentionHeadDim, GptOssAttentionTakesHeadDim64sRate) {
  // The plan's attention efficiency is the kernel's at head dim 128 (H100 under Megatron: cuDNN,
  // 539 TFLOP/s of 989); the step scales it. With every flash attention FLOP at that rate, the
  // attention core of gpt-oss (head dim 64) takes 595/413 as long forward and 516/433 backward.
  Plan full = gpt_oss(1, 1);
  const Report r = evaluate(full);
  EXPECT_NEAR(r.training.settings.attention_efficiency, 539.0 / 989, 1e-12);
  // Attention's part: a third of it is the difference from the plan with attention 1.5x as fast.
  Plan faster = full;
  faster.attention_efficiency = 1.5 * 539.0 / 989;
  const double attention = r.training.time.compute_s - time_of(faster).compute_s;
  ASSERT_GT(attention, 0);
  // Without the head-dim curve the same difference would be the head-dim-128 figure: compare
  // with a plan whose heads are 128 wide but whose attention FLOPs are the same (half the heads).
  Plan wide = full;
  wide.arch_heads = 32;
  wide.arch_kv_heads = 4;
  wide.arch_head_dim = 128;
  Plan wide_faster = wide;
  wide_faster.attention_efficiency = 1.5 * 539.0 / 989;
  const double wide_attention = time_of(wide).compute_s - time_of(wide_faster).compute_s;
  // Forward is 1 of 3.5 attention FLOP units, backward 2.5: the time ratio is their blend.
  const double expected = (1 * 595.0 / 413 + 2.5 * 516.0 / 433) / 3.5;
  EXPECT_NEAR(attention / wide_attention, expected, 0.01 * expected);
}

}  // namespace
}  // namespace llm_sizer
