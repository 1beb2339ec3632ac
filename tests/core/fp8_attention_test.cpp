// FP8 attention (TransformerEngine's fp8_dot_product_attention). Speeds: NVIDIA's cuDNN training
// benchmark (NVIDIA/cudnn-frontend benchmark/sdpa_benchmark_training/results), causal, head dim
// 128, 64 query and 8 KV heads: llama3.1/gb200/llama3.1_20260424_100750.csv (cuDNN 9.22) times the
// bf16 forward at 8,192 tokens in 1.397 ms and the per-tensor FP8 one in 1.074 ms, the backward in
// 4.127 and 3.781 ms; h200_919_only_cudnn/llama3.1_20260227_034703.csv (cuDNN 9.19) the H200's
// backward at 16,384 tokens in 19.002 ms (bf16) and 29.422 ms (FP8). Saved bytes: FusedAttnFunc
// (TransformerEngine d0067d0da, attention/dot_product_attention/backends.py).
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "llm_sizer/fp8_recipe.hpp"
#include "llm_sizer/kernel_model.hpp"
#include "llm_sizer/report.hpp"
#include "test_support.hpp"

namespace llm_sizer {
namespace {

TEST(Fp8Attention, SpeedupsAreTheBenchmarksTimesBetweenItsLengths) {
  const Fp8AttentionCurve* gb200 = fp8_attention_curve("gb200", false);
  ASSERT_NE(gb200, nullptr);
  EXPECT_NEAR(fp8_attention_speedup(*gb200, 8192, false), 1.397 / 1.074, 1e-3);
  EXPECT_NEAR(fp8_attention_speedup(*gb200, 8192, true), 4.127 / 3.781, 1e-3);
  // Halfway in log₂ between two timed lengths: the mean of their speedups.
  const double mid = std::sqrt(4096.0 * 8192.0);
  EXPECT_NEAR(
      fp8_attention_speedup(*gb200, mid, false),
      (fp8_attention_speedup(*gb200, 4096, false) + fp8_attention_speedup(*gb200, 8192, false)) / 2,
      1e-9);
  // Beyond the timed lengths the end values hold.
  EXPECT_DOUBLE_EQ(fp8_attention_speedup(*gb200, 512, true),
                   fp8_attention_speedup(*gb200, 2048, true));
  EXPECT_DOUBLE_EQ(fp8_attention_speedup(*gb200, 1 << 20, false),
                   fp8_attention_speedup(*gb200, 32768, false));
  // Hopper's FP8 backward is slower than bf16's at 16k tokens.
  const Fp8AttentionCurve* h100 = fp8_attention_curve("h100-80g", false);
  ASSERT_NE(h100, nullptr);
  EXPECT_NEAR(fp8_attention_speedup(*h100, 16384, true), 19.002 / 29.422, 1e-3);
  // The B200 is the GB200's die, the B300 the GB300's; MXFP8 attention only on Blackwell.
  EXPECT_EQ(fp8_attention_curve("b200", true), fp8_attention_curve("gb200", true));
  EXPECT_EQ(fp8_attention_curve("b300", false), fp8_attention_curve("gb300", false));
  EXPECT_NE(fp8_attention_curve("gb200", true), gb200);
  EXPECT_EQ(fp8_attention_curve("h100-80g", true), nullptr);
  EXPECT_EQ(fp8_attention_curve("a100-80g", false), nullptr);
  // Heads wider than 128 (MLA's 192) take the DeepSeek-V3 shape's timings on Blackwell, where
  // MXFP8 gains both ways: dsv3/gb300/dsv3_20260424_101002.csv's bf16 and MXFP8 backward at
  // 4,096 tokens. Hopper has no such timing: its 128 curve.
  const Fp8AttentionCurve* mla = fp8_attention_curve("gb300", true, 192);
  ASSERT_NE(mla, nullptr);
  EXPECT_NE(mla, fp8_attention_curve("gb300", true, 128));
  EXPECT_GT(fp8_attention_speedup(*mla, 4096, true), 1.3);
  EXPECT_LT(fp8_attention_speedup(*fp8_attention_curve("gb300", true), 4096, true), 1);
  EXPECT_EQ(fp8_attention_curve("h100-80g", false, 192), h100);
}

TEST(Fp8Attention, TheFlashKernelRunsAtTheSpeedup) {
  KernelSpeeds k;
  k.bf16_flops = 2.5e15;
  k.attention_fwd_efficiency = 0.5;
  k.attention_bwd_efficiency = 0.4;
  const double bf16 = flash_attention_s(k, 1e13, 8192, true) - kKernelOverheadS;
  k.fp8_attention = fp8_attention_curve("gb300", false);
  const double fp8 = flash_attention_s(k, 1e13, 8192, true) - kKernelOverheadS;
  EXPECT_NEAR(bf16 / fp8, fp8_attention_speedup(*k.fp8_attention, 8192, true), 1e-9);
  // A plan's own compute efficiency replaces the kernel model, FP8 or not.
  k.fixed_compute_efficiency = 0.4;
  const double fixed = flash_attention_s(k, 1e13, 8192, true);
  k.fp8_attention = nullptr;
  EXPECT_DOUBLE_EQ(flash_attention_s(k, 1e13, 8192, true), fixed);
}

// Llama 3.1 8B on 8 GB200 in fp8 at 8k tokens: attention is a large share of the step.
Plan llama8b(std::string_view recipe, double fp8_attention) {
  Plan plan;
  plan.model = "llama-3.1-8b";
  plan.accelerator = "gb200";
  plan.recipe = "fp8";
  plan.fp8_recipe = std::string(recipe);
  plan.fp8_attention = fp8_attention;
  plan.tp = 1;
  plan.pp = 1;
  plan.dp = 8;
  plan.zero = 1;
  plan.seq_len = 8192;
  plan.micro_batch = 1;
  plan.global_batch = 64;
  return plan;
}

TEST(Fp8Attention, FasterForwardsAndFp8CopiesOfQkv) {
  const Report bf16 = evaluate(llama8b("tensorwise", 0));
  const Report fp8 = evaluate(llama8b("tensorwise", 1));
  ASSERT_TRUE(fp8.training.time_available);
  EXPECT_FALSE(bf16.training.settings.fp8_attention);
  EXPECT_TRUE(fp8.training.settings.fp8_attention);
  EXPECT_FALSE(test::has_issue(fp8, "fp8_attention_unused"));
  // GB200: per-tensor FP8 is faster both ways at 8k tokens.
  EXPECT_LT(fp8.training.time.compute_s, bf16.training.time.compute_s);
  // Q, K and V kept in one byte instead of two; the output stays bf16 under current scaling and
  // goes to FP8 under delayed scaling.
  EXPECT_LT(fp8.training.memory.activations_gb, bf16.training.memory.activations_gb);
  const Report delayed = evaluate(llama8b("delayed", 1));
  EXPECT_LT(delayed.training.memory.activations_gb, fp8.training.memory.activations_gb);
  // MXFP8 keeps a row-wise and a column-wise copy with scales: 2 × 33/32 bytes, more than bf16.
  const Report mx_bf16 = evaluate(llama8b("mxfp8", 0));
  const Report mx = evaluate(llama8b("mxfp8", 1));
  EXPECT_TRUE(mx.training.settings.fp8_attention);
  EXPECT_GT(mx.training.memory.activations_gb, mx_bf16.training.memory.activations_gb);
  EXPECT_DOUBLE_EQ(fp8_attention_bytes(Fp8Recipe::kMxfp8).qkv, 2 * 33.0 / 32);
  // The NeMo command asks for it; Megatron-LM's has no flag for it.
  EXPECT_NE(fp8.inference.launch.nemo.find("model.config.fp8_dot_product_attention=true"),
            std::string::npos);
  EXPECT_EQ(bf16.inference.launch.nemo.find("fp8_dot_product_attention"), std::string::npos);
  // Beside NVFP4 GEMMs TransformerEngine needs an FP8 recipe for attention of its own.
  const Report nvfp4 = evaluate(llama8b("nvfp4", 1));
  EXPECT_TRUE(nvfp4.training.settings.fp8_attention);
  EXPECT_EQ(nvfp4.inference.launch.nemo.rfind("NVTE_DPA_FP8_RECIPE=Float8CurrentScaling nemo", 0),
            0u);
  EXPECT_EQ(fp8.inference.launch.nemo.find("NVTE_DPA_FP8_RECIPE"), std::string::npos);
}

TEST(Fp8Attention, SaysWhereAttentionStaysInBf16) {
  Plan a100 = llama8b("tensorwise", 1);
  a100.accelerator = "a100-80g";             // no fp8 tensor cores
  Plan blockwise = llama8b("blockwise", 1);  // Megatron passes no fp8_dpa to it
  Plan pytorch = llama8b("tensorwise", 1);
  pytorch.framework = "pytorch";  // torchao's float8 leaves SDPA in bf16
  Plan bf16_recipe = llama8b("", 1);
  bf16_recipe.recipe = "megatron18";
  Plan no_flash = llama8b("tensorwise", 1);
  no_flash.flash_attention = 0;
  // TransformerEngine trains FP8 attention on Hopper under delayed scaling only (current
  // scaling's fused FP8 attention needs SM 10.0: utils.py, get_attention_backend).
  Plan hopper_current = llama8b("tensorwise", 1);
  hopper_current.accelerator = "h100-80g";
  for (const Plan& plan : {a100, blockwise, pytorch, bf16_recipe, no_flash, hopper_current}) {
    Plan off = plan;
    off.fp8_attention = 0;
    const Report r = evaluate(plan);
    ASSERT_TRUE(r.training.time_available) << plan.accelerator << plan.fp8_recipe;
    EXPECT_TRUE(test::has_issue(r, "fp8_attention_unused")) << plan.accelerator << plan.fp8_recipe;
    EXPECT_FALSE(r.training.settings.fp8_attention);
    EXPECT_DOUBLE_EQ(r.training.time.step_s, evaluate(off).training.time.step_s);
    EXPECT_DOUBLE_EQ(r.training.memory.peak_gb, evaluate(off).training.memory.peak_gb);
  }
}

TEST(Fp8Attention, HopperTakesDelayedScalingAndHeadsOf128) {
  Plan hopper = llama8b("delayed", 1);
  hopper.accelerator = "h100-80g";
  EXPECT_TRUE(evaluate(hopper).training.settings.fp8_attention);
  // DeepSeek-V3's MLA heads (192 for queries and keys, 128 for values): Blackwell only.
  Plan mla = hopper;
  mla.model = "deepseek-v3";
  mla.ep = 8;
  mla.pp = 16;
  mla.dp = 8;
  mla.global_batch = 1024;
  const Report on_hopper = evaluate(mla);
  ASSERT_TRUE(on_hopper.training.time_available);
  EXPECT_TRUE(test::has_issue(on_hopper, "fp8_attention_unused"));
  mla.accelerator = "gb200";
  EXPECT_TRUE(evaluate(mla).training.settings.fp8_attention);
}

TEST(Fp8Attention, ASlidingWindowSavesNoBackwardInFp8) {
  // One layer type, every layer windowed at GPT-OSS's 128 tokens, 32k-token sequences.
  const auto plan = [](double window, double fp8_attention) {
    Plan p = llama8b("tensorwise", fp8_attention);
    p.seq_len = 32768;
    p.tp = 8;
    p.dp = 1;
    p.global_batch = 8;
    p.recompute = "full";
    p.arch_sliding_window = window;
    return p;
  };
  const double bf16_saving =
      evaluate(plan(0, 0)).training.time.compute_s - evaluate(plan(128, 0)).training.time.compute_s;
  const double fp8_saving =
      evaluate(plan(0, 1)).training.time.compute_s - evaluate(plan(128, 1)).training.time.compute_s;
  ASSERT_GT(bf16_saving, 0);
  // In bf16 the window shortens the forward, its recompute and the backward (2.5× the forward's
  // FLOPs); in FP8 the forward and the recompute only.
  EXPECT_GT(fp8_saving, 0);
  EXPECT_LT(fp8_saving, bf16_saving / 2);
}

}  // namespace
}  // namespace llm_sizer
