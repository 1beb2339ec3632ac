// The GEMM kernel model against the per-shape measurements it takes its constants from.
#include "llm_sizer/kernel_model.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <utility>

#include "llm_sizer/report.hpp"

namespace llm_sizer {
namespace {

// H100 SXM: 989 TFLOPS dense bf16, 132 SMs, 3.35 TB/s, its MAMF efficiency (kernel_catalog.cpp):
// a burst of calls, as OpenXLA's table times them.
KernelSpeeds h100_bf16() {
  const KernelFacts facts = kernel_facts("h100-80g");
  KernelSpeeds k;
  k.matmul_flops = 989e12;
  k.bf16_flops = 989e12;
  k.gemm_efficiency = facts.gemm_bf16_efficiency / gemm_sustained("h100-80g");  // a burst
  k.memory_bytes_per_s = 3.35e12 * kDefaultMemoryEfficiency;
  k.sms = facts.sms;
  k.k_overhead = facts.k_overhead;
  k.k_of_maximum = facts.k_of_maximum;
  return k;
}

// FLOP/s of the batched bf16 GEMM [4, 4096, K] × [4, K, 4096], as OpenXLA's table measures it.
double rate(const KernelSpeeds& k, double kdim) {
  const double flops = 2.0 * 4 * 4096 * kdim * 4096;
  return flops / gemm_s(k, 4096, kdim, 4096, 2, 2, 4);
}

TEST(GemmKernel, HopperRateFallsWithShortReductionsAsMeasured) {
  // OpenXLA's sm_90 table (tensorflow/tensorflow, third_party/xla/xla/service/gpu/model/
  // matmul_interpolator_data.h), bf16, batch 4, 4096 × 4096 outputs: K 4096 → 793.1 TFLOP/s,
  // K 1024 → 725.5, K 512 → 619.9, K 256 → 503.9.
  // Within 5 %: the model also adds each kernel's fixed 2 µs, which the fit of K₀ did not.
  const KernelSpeeds k = h100_bf16();
  const double full = rate(k, 4096);
  EXPECT_NEAR(full / 1e12, 794.5 * 0.97, 25);  // the MAMF, less tile quantization
  for (const auto& [kdim, measured] : {std::pair{1024.0, 725.5}, {512.0, 619.9}, {256.0, 503.9}}) {
    SCOPED_TRACE(kdim);
    EXPECT_NEAR((full / rate(k, kdim)) / (793.1 / measured), 1.0, 0.05);
    EXPECT_GT(full / rate(k, kdim), 1.05);  // slower than the maximum, as measured
  }
}

TEST(GemmKernel, LongReductionsKeepTheMaximum) {
  // From K = 4096 on, the table reaches the MAMF: a longer reduction is not faster than it.
  const KernelSpeeds k = h100_bf16();
  EXPECT_NEAR(rate(k, 16384) / rate(k, 4096), 1.0, 0.005);
}

TEST(GemmKernel, Fp8TilesPayTheBf16TilesFixedTime) {
  // The tile's fixed cost is a time; an FP8 K loop streams twice the elements in it (1979 against
  // 989 TFLOPS dense on the H100 SXM): K₀ = 2 × 166 under FP8.
  const auto rate = [](bool fp8, double kdim) {
    return 2.0 * 8192 * 8192 * kdim / preset_gemm_s("h100-80g", fp8, 8192, 8192, kdim);
  };
  const auto fall = [](double k0, double kdim) {
    return (kdim / (kdim + k0)) / (4096 / (4096 + k0));
  };
  EXPECT_NEAR(rate(true, 1024) / rate(true, 4096), fall(332, 1024), 0.01);
  EXPECT_NEAR(rate(true, 2048) / rate(true, 4096), fall(332, 2048), 0.01);
  EXPECT_NEAR(rate(false, 1024) / rate(false, 4096), fall(166, 1024), 0.01);
  // NVIDIA's per-tensor FP8 collections (AIConfigurator, validation/data/kernel-runs.json: H100
  // and H200, M × N of 8192², 16384 × 8192 and 16384², K 1024 against 4096) fall to a median
  // 0.75 of the K = 4096 rate (0.68 … 0.83), their bf16 ones to 0.92: FP8 falls further, as the
  // model has it (0.82; 0.90 in bf16), where a bf16 K₀ under FP8 would keep 0.90.
  EXPECT_LT(fall(332, 1024), fall(166, 1024));
  EXPECT_NEAR(rate(true, 1024) / rate(true, 4096), 0.75, 0.08);
}

TEST(GemmKernel, NoReductionOverheadWhereNothingIsMeasured) {
  // Ampere's per-tile cost is its serial epilogue; other accelerators have no table.
  EXPECT_EQ(kernel_facts("a100-80g").k_overhead, 0);
  EXPECT_TRUE(kernel_facts("a100-80g").serial_epilogue);
  EXPECT_EQ(kernel_facts("mi300x").k_overhead, 0);
  KernelSpeeds k = h100_bf16();
  k.k_overhead = 0;
  EXPECT_NEAR(rate(k, 512) / rate(k, 4096), 1.0, 0.02);
}

// TransformerEngine's grouped linear launches one cuBLAS GEMM per local expert over 4 compute
// streams (multi_stream_cublas_gemm, get_num_compute_streams = 4). Qwen3-30B-A3B's expert FC1
// (hidden 2048 → 2 × 768) on an H100 (132 SMs, tiles of 256 × 128).
TEST(GemmKernel, ExpertGemmsOnFourStreamsLeaveSmsIdleWhenSmall) {
  const KernelSpeeds k = h100_bf16();
  // The short-K factor of a 2048-long reduction (K₀ = 166 below the MAMF's K = 4096).
  const double short_k = (2048.0 / (2048 + 166)) / (4096.0 / (4096 + 166));
  // EP 1, micro-batch 2: 128 experts of 8192 · 8 / 128 = 512 rows. Four resident kernels hold
  // 4 · 512 · 1536 outputs, 73 % of what 132 SMs' tiles cover; 32 rounds of kernels.
  const double flops = 2.0 * 512 * 2048 * 1536 * 128;
  const double share = 4.0 * 512 * 1536 / (132 * 256 * 128);
  EXPECT_NEAR(concurrent_gemms_s(k, 512, 2048, 1536, 2, 2, 128, 4),
              flops / (989e12 * k.gemm_efficiency * share * short_k) + 32 * kKernelOverheadS,
              1e-12);
  // As one grouped kernel, the same GEMMs fill 24 waves: a third faster.
  EXPECT_GT(
      concurrent_gemms_s(k, 512, 2048, 1536, 2, 2, 128, 4) / gemm_s(k, 512, 2048, 1536, 2, 2, 128),
      1.3);
  // EP 16, micro-batch 1: 8 experts of 4096 rows, 192 tiles each, fill the SMs together as one
  // kernel would; the second round pays one more fixed cost.
  EXPECT_NEAR(
      concurrent_gemms_s(k, 4096, 2048, 1536, 2, 2, 8, 4) - gemm_s(k, 4096, 2048, 1536, 2, 2, 8),
      kKernelOverheadS, 1e-12);
  // No streams: one kernel.
  EXPECT_EQ(concurrent_gemms_s(k, 512, 2048, 1536, 2, 2, 128, 0),
            gemm_s(k, 512, 2048, 1536, 2, 2, 128));
  EXPECT_EQ(concurrent_gemms_s(k, 0, 2048, 1536, 2, 2, 128, 4), 0);
}

TEST(StreamKernel, BlackwellStreamsAtItsMeasuredShareOfHbm) {
  // TransformerEngine's GEMM benchmark on a B300 (docs/examples/gemm_profiling at d0067d0da):
  // the quantization autocast adds to one layer's GEMMs, 2.335 ms per tensor and 1.823 ms in
  // MXFP8, is the recipes' bytes at 0.732 of the HBM bandwidth (tests/web holds it to the rows).
  for (const char* id : {"b200", "gb200", "b300", "gb300"}) {
    EXPECT_DOUBLE_EQ(kernel_facts(id).memory_efficiency, 0.732) << id;
    Plan plan;
    plan.model = "llama-3.1-8b";
    plan.accelerator = id;
    EXPECT_DOUBLE_EQ(evaluate(plan).training.settings.memory_efficiency, 0.732) << id;
  }
  // Elsewhere nothing is measured: the editable default.
  for (const char* id : {"h100-80g", "a100-80g", "mi300x"}) {
    EXPECT_TRUE(std::isnan(kernel_facts(id).memory_efficiency)) << id;
    Plan plan;
    plan.model = "llama-3.1-8b";
    plan.accelerator = id;
    EXPECT_DOUBLE_EQ(evaluate(plan).training.settings.memory_efficiency, kDefaultMemoryEfficiency);
  }
  // The plan's own figure wins.
  Plan given;
  given.model = "llama-3.1-8b";
  given.accelerator = "gb200";
  given.memory_efficiency = 0.9;
  EXPECT_DOUBLE_EQ(evaluate(given).training.settings.memory_efficiency, 0.9);
}

TEST(GemmKernel, TrainingRunsGemmsAtTheirSustainedRate) {
  // NVIDIA AIConfigurator's power-measured GEMM collections against its burst ones, median of
  // burst ÷ sustained time over validation/data/gemm-sustained.json (tests/web holds the figure
  // to the rows): H200 0.8787, for the GH100 die at the H100 SXM's clocks; B200 0.8826.
  EXPECT_DOUBLE_EQ(gemm_sustained("h100-80g"), 0.8787);
  EXPECT_DOUBLE_EQ(gemm_sustained("h800-80g"), 0.8787);
  EXPECT_DOUBLE_EQ(gemm_sustained("b200"), 0.8826);
  EXPECT_EQ(gemm_sustained("a100-80g"), 1);       // no sustained collection
  EXPECT_EQ(gemm_sustained("h100-pcie-80g"), 1);  // no MAMF to hold
  EXPECT_EQ(gemm_sustained("no-such-card"), 1);
  // The B200's MAMF shares (Bekman: 1745.0 of 2250 bf16, 3432.5 of 4500 fp8 TFLOP/s) at the
  // level NVIDIA's power-measured collection gives its GEMMs (0.9525), fp8 times the factor that
  // gives TransformerEngine's measured fp8 ÷ bf16 gain at one layer's GEMMs on a B300 (0.9796;
  // tests/web holds it to te-gemm-profiling.json).
  const double fp8_level = 0.9525 * 0.9796;
  EXPECT_DOUBLE_EQ(kernel_facts("b200").gemm_bf16_efficiency, 1745.0 / 2250 * 0.8826 * 0.9525);
  // A full-rate fp8 GEMM meets the same power limit (Bekman's MAMF: the GH200's 900 W lift fp8
  // 9.4 % above the 700 W H100 SXM, bf16 4.3 %): the same share.
  EXPECT_DOUBLE_EQ(kernel_facts("b200").gemm_fp8_efficiency, 3432.5 / 4500 * 0.8826 * fp8_level);
  // GB200's GPUs are the B200's die at 1200 W: the B200's shares of their own 2500 and 5000
  // peak, times the GB200's own sustained share (its collections, 150 shapes: 0.8388).
  EXPECT_DOUBLE_EQ(kernel_facts("gb200").gemm_bf16_efficiency, 1745.0 / 2250 * 0.8388 * 0.9525);
  EXPECT_DOUBLE_EQ(kernel_facts("gb200").gemm_fp8_efficiency, 3432.5 / 4500 * 0.8388 * fp8_level);
  EXPECT_EQ(kernel_facts("gb200").sms, 148);
  EXPECT_DOUBLE_EQ(gemm_sustained("gb200"), 0.8388);
  // In the same power-measured collection a GB200 ran the B200's shapes 1.047× as fast, short of
  // the 2500/2250 its rated peaks promise: its sustained bf16 rate sits within 1 % of that.
  const double gb200_over_b200 = kernel_facts("gb200").gemm_bf16_efficiency * 2500 /
                                 (kernel_facts("b200").gemm_bf16_efficiency * 2250);
  EXPECT_NEAR(gb200_over_b200, 1.047, 0.01);

  Plan plan;
  plan.model = "llama-3.1-8b";
  plan.recipe = "megatron18";
  EXPECT_NEAR(evaluate(plan).training.settings.gemm_efficiency, 794.5 / 989 * 0.8787 * 1.0036,
              1e-12);
  // Not scaled in fp8: NVIDIA's fp8 collection accumulates fast, training's backward does not.
  plan.recipe = "fp8";
  EXPECT_NEAR(evaluate(plan).training.settings.gemm_efficiency, 1402.6 / 1979 * 0.8787, 1e-12);
  // A given efficiency is the user's sustained figure: used as given.
  plan.recipe = "megatron18";
  plan.gemm_efficiency = 0.7;
  EXPECT_EQ(evaluate(plan).training.settings.gemm_efficiency, 0.7);
}

TEST(AttentionKernel, AnFp8RecipeKeepsTheBf16Estimate) {
  // TransformerEngine runs attention in bf16 under an fp8 recipe (no fp8 attention here), so the
  // estimate scales the bf16 GEMMs' efficiency: the B200's 1745.0 of 2250 TFLOP/s (Bekman's
  // MAMF) at its sustained share and level (kernel_catalog.cpp), not its fp8 share.
  Plan plan;
  plan.model = "llama-3.1-8b";
  plan.accelerator = "b200";
  plan.recipe = "megatron18";
  const double bf16 = evaluate(plan).training.settings.attention_efficiency;
  plan.recipe = "fp8-param";
  const Report fp8 = evaluate(plan);
  EXPECT_DOUBLE_EQ(fp8.training.settings.attention_efficiency, bf16);
  EXPECT_NEAR(bf16, 1745.0 / 2250 * 0.8826 * 0.9525 * 0.68, 1e-12);
  // The fp8 GEMMs' share of their own peak is another figure (TransformerEngine's measured gain).
  EXPECT_NE(fp8.training.settings.gemm_efficiency, kernel_facts("b200").gemm_bf16_efficiency);
  EXPECT_NE(fp8.training.settings.attention_efficiency,
            fp8.training.settings.gemm_efficiency * 0.68);
  // A GEMM efficiency the plan gives is its own kernels' rate: a bf16 plan's estimate follows it.
  plan.recipe = "megatron18";
  plan.gemm_efficiency = 0.5;
  EXPECT_DOUBLE_EQ(evaluate(plan).training.settings.attention_efficiency, 0.5 * 0.68);
}

TEST(AttentionKernel, OneCallRunsAtThePublishedRateAlongItsCurve) {
  // FlashAttention-3 (Shah et al. 2024), Figures 5 and 6, H100 SXM5, causal, head dim 128:
  // cuDNN 539 TFLOP/s forward and 516 backward at 16k tokens, half of it near 360 tokens
  // (kernel_model.hpp). One call of 16 sequences × 16 heads: its FLOPs over its time.
  const double seq = 16384;
  const double fwd_flops = 2 * 16 * 16 * seq * seq * 128;  // causal: half of QKᵀ and PV
  const auto tflops = [&](bool backward) {
    const double flops = backward ? 2.5 * fwd_flops : fwd_flops;
    return flops / preset_attention_s("h100-80g", 16, 16, seq, 128, backward) / 1e12;
  };
  const double curve = seq / (seq + 360);
  EXPECT_NEAR(tflops(false), 539 * curve, 0.5);
  EXPECT_NEAR(tflops(true), 516 * curve, 0.5);
  // At 2,048 tokens the curve keeps 2048 / 2408 of it, and the kernel's fixed cost (2 µs) weighs
  // on a call of 0.6 ms.
  const double short_flops = 2 * 16 * 16 * 2048.0 * 2048 * 128;
  EXPECT_NEAR(preset_attention_s("h100-80g", 16, 16, 2048, 128, false),
              short_flops / (539e12 * 2048 / 2408) + kKernelOverheadS, 1e-9);
  // Nothing to time: NaN, never a throw or a zero.
  EXPECT_TRUE(std::isnan(preset_attention_s("no-such-card", 1, 1, 1024, 128, false)));
  EXPECT_TRUE(std::isnan(preset_attention_s("h100-80g", 0, 1, 1024, 128, false)));
  EXPECT_TRUE(std::isnan(preset_attention_s("h100-80g", 1, 1, NAN, 128, true)));
}

TEST(AttentionKernel, ASlidingWindowRunsAtTheCurveAtTwiceTheWindow) {
  // A windowed kernel's key loop is the window (window_attention_s): its fixed cost per row of
  // queries weighs as a causal kernel's does at twice that length (kFlashHalfSeq = 360 tokens).
  KernelSpeeds k;
  k.bf16_flops = 1e15;
  k.attention_fwd_efficiency = 0.5;
  k.attention_bwd_efficiency = 0.5;
  const double causal = 1e12;  // a causal call at 8,192 tokens: 4,096 keys a query on average
  const double windowed = window_attention_s(k, causal, 4096, 8192, 128, false) - kKernelOverheadS;
  EXPECT_NEAR(windowed, causal * 128 / 4096 / (1e15 * 0.5 * 256 / (256 + kFlashHalfSeq)), 1e-12);
  // A window as long as the sequence changes nothing.
  EXPECT_DOUBLE_EQ(window_attention_s(k, causal, 4096, 8192, 8192, true),
                   flash_attention_s(k, causal, 8192, true));
  // In FP8 the backward computes the causal square; the forward keeps to the window.
  k.fp8_attention = fp8_attention_curve("gb200", false);
  EXPECT_DOUBLE_EQ(window_attention_s(k, causal, 4096, 8192, 128, true),
                   flash_attention_s(k, causal, 8192, true));
  EXPECT_LT(window_attention_s(k, causal, 4096, 8192, 128, false),
            flash_attention_s(k, causal, 8192, false) / 10);
  // ... at FP8's speed on its key loop alone: (w + c)/(w/S + c), c = 180 keys of fixed cost.
  KernelSpeeds bf16 = k;
  bf16.fp8_attention = nullptr;
  const double s = fp8_attention_speedup(*k.fp8_attention, 8192, false);
  EXPECT_NEAR((window_attention_s(bf16, causal, 4096, 8192, 128, false) - kKernelOverheadS) /
                  (window_attention_s(k, causal, 4096, 8192, 128, false) - kKernelOverheadS),
              (128 + kFlashHalfSeq / 2) / (128 / s + kFlashHalfSeq / 2), 1e-9);
  // The preset call takes a window and a scaling; a scaling not timed there is NaN.
  EXPECT_LT(preset_attention_s("gb200", 2, 128, 8192, 64, true, 128),
            preset_attention_s("gb200", 2, 128, 8192, 64, true) / 10);
  EXPECT_DOUBLE_EQ(preset_attention_s("gb200", 2, 128, 8192, 64, true, 128, "fp8"),
                   preset_attention_s("gb200", 2, 128, 8192, 64, true, 0, "fp8"));
  EXPECT_TRUE(std::isnan(preset_attention_s("h100-80g", 2, 128, 8192, 64, true, 0, "mxfp8")));
}

}  // namespace
}  // namespace llm_sizer
