// FP8 recipes as TransformerEngine runs them (core/include/llm_sizer/fp8_recipe.hpp). The bytes
// come from TransformerEngine's docs (docs/features/low_precision_training at d0067d0da):
// current scaling "requires reading the tensor twice" (amax, then cast), delayed scaling "reduces
// tensor reads per quantization from two to one"; on Hopper a columnwise fp8 copy is a physical
// transpose, on Blackwell per-tensor fp8 shares one layout while MXFP8's 1×32 blocks need a
// columnwise copy quantized apart with one E8M0 scale per 32 elements. The amax all-reduce's
// latency is NCCL's LL ring (src/graph/tuning.cc: base 6.6 µs, 0.6 µs per NVLink hop).
#include "llm_sizer/fp8_recipe.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "llm_sizer/kernel_model.hpp"
#include "llm_sizer/plan_codec.hpp"
#include "llm_sizer/plan_fields.hpp"
#include "llm_sizer/report.hpp"
#include "llm_sizer/resolve.hpp"
#include "llm_sizer/step_time.hpp"
#include "test_support.hpp"

namespace llm_sizer {
namespace {

TEST(Fp8Recipe, BytesAndKernelsPerQuantizedElement) {
  // bf16 read 2, fp8 row copy 1, Hopper's transposed copy 1.
  EXPECT_DOUBLE_EQ(fp8_quantization(Fp8Recipe::kDelayed, false).bytes_per_element, 4);
  EXPECT_DOUBLE_EQ(fp8_quantization(Fp8Recipe::kDelayed, true).bytes_per_element, 3);
  // Current scaling reads the bf16 tensor once more for its amax, in kernels of its own
  // (nvte_compute_amax, nvte_compute_scale_from_amax, then nvte_quantize_v2).
  const Fp8Quantization current = fp8_quantization(Fp8Recipe::kTensorwise, false);
  EXPECT_DOUBLE_EQ(current.bytes_per_element, 6);
  EXPECT_EQ(current.kernels, 3);
  EXPECT_TRUE(current.amax_reduction);
  EXPECT_DOUBLE_EQ(fp8_quantization(Fp8Recipe::kTensorwise, true).bytes_per_element, 5);
  EXPECT_FALSE(fp8_quantization(Fp8Recipe::kDelayed, false).amax_reduction);
  // Block scales: both copies, each with an E8M0 byte per 32 or an fp32 per 128 elements.
  EXPECT_DOUBLE_EQ(fp8_quantization(Fp8Recipe::kMxfp8, true).bytes_per_element, 4 + 2.0 / 32);
  EXPECT_DOUBLE_EQ(fp8_quantization(Fp8Recipe::kBlockwise, false).bytes_per_element,
                   4 + 2 * 4.0 / 128);
  EXPECT_TRUE(fp8_recipe_runs_on(Fp8Recipe::kMxfp8, true, false));
  EXPECT_FALSE(fp8_recipe_runs_on(Fp8Recipe::kMxfp8, false, false));
  EXPECT_TRUE(fp8_recipe_runs_on(Fp8Recipe::kBlockwise, false, false));
  // NVFP4 (TransformerEngine's NVFP4Quantizer::quantize_impl, csrc/quantizer.cpp at d0067d0da):
  // one pass for the tensor's and its rotated transpose's amaxes (2 B read), one fused kernel
  // reading it again (2) and writing both copies, 4 bits and an E4M3 scale per 16 elements each
  // (2 × 0.5625), after a one-thread kernel zeroing the amaxes; the amax all-reduced over TP
  // under sequence parallelism; an expert group's tensors in grouped kernels.
  const Fp8Quantization fp4 = fp8_quantization(Fp8Recipe::kNvfp4, true);
  EXPECT_DOUBLE_EQ(fp4.bytes_per_element, 2 + 2 + 2 * (0.5 + 1.0 / 16));
  EXPECT_EQ(fp4.kernels, 3);
  EXPECT_TRUE(fp4.amax_reduction);
  EXPECT_TRUE(fp4.grouped_in_one);
  // Training in NVFP4 needs SM 10.0 or 10.3 (nvfp4.rst, "Supported devices").
  EXPECT_TRUE(fp8_recipe_runs_on(Fp8Recipe::kNvfp4, true, true));
  EXPECT_FALSE(fp8_recipe_runs_on(Fp8Recipe::kNvfp4, true, false));
}

TEST(Fp8Recipe, NamesAsMegatronSpellsThem) {
  // The plan field's choices are in the enum's order (the resolver indexes them).
  const auto ids = find_field_by_id("fp8_recipe")->choices;
  ASSERT_EQ(ids.size(), 5u);
  EXPECT_EQ(ids[static_cast<std::size_t>(Fp8Recipe::kDelayed)], "delayed");
  EXPECT_EQ(ids[static_cast<std::size_t>(Fp8Recipe::kTensorwise)], "tensorwise");
  EXPECT_EQ(ids[static_cast<std::size_t>(Fp8Recipe::kMxfp8)], "mxfp8");
  EXPECT_EQ(ids[static_cast<std::size_t>(Fp8Recipe::kBlockwise)], "blockwise");
  EXPECT_EQ(ids[static_cast<std::size_t>(Fp8Recipe::kNvfp4)], "nvfp4");
  // Blackwell's fp8 GEMMs read either layout; Hopper's do not.
  EXPECT_TRUE(kernel_facts("b200").fp8_columnwise);
  EXPECT_TRUE(kernel_facts("gb300").fp8_columnwise);
  EXPECT_FALSE(kernel_facts("h100-80g").fp8_columnwise);
}

// Llama 3.1 70B in fp8 on 64 H100, TP 4 with sequence parallelism, no recompute.
Plan llama70b_fp8(const std::string& accelerator, const std::string& fp8_recipe) {
  Plan plan;
  plan.model = "llama-3.1-70b";
  plan.accelerator = accelerator;
  plan.recipe = "fp8";
  plan.tp = 4;
  plan.pp = 4;
  plan.dp = 4;
  plan.recompute = "none";
  plan.global_batch = 64;
  plan.fp8_recipe = fp8_recipe;
  return plan;
}

TEST(Fp8Recipe, AutomaticIsTheFrameworksDefault) {
  const Report megatron = evaluate(llama70b_fp8("h100-80g", ""));
  ASSERT_TRUE(megatron.training.time_available);
  EXPECT_EQ(megatron.training.settings.fp8_recipe, "delayed");  // Megatron-Core's default
  Plan pytorch = llama70b_fp8("h100-80g", "");
  pytorch.framework = "pytorch";
  pytorch.tp = 1;
  pytorch.pp = 1;
  pytorch.dp = 64;
  pytorch.zero = 3;
  EXPECT_EQ(evaluate(pytorch).training.settings.fp8_recipe, "tensorwise");  // torchao's
}

TEST(Fp8Recipe, CurrentScalingWaitsForEachSequenceParallelAmax) {
  const ResolvedPlan delayed = resolve(llama70b_fp8("h100-80g", "delayed"));
  const ResolvedPlan current = resolve(llama70b_fp8("h100-80g", "tensorwise"));
  ASSERT_TRUE(delayed.training.ready);
  ASSERT_TRUE(current.training.ready);
  const LayerCosts d = layer_costs(delayed.training.inputs);
  const LayerCosts c = layer_costs(current.training.inputs);
  // Forward the QKV and FC1 inputs, backward the proj and FC2 output gradients: four scalar
  // all-reduces over the 4 TP ranks of a node, 6.6 + 2·3 × 0.6 µs each.
  EXPECT_NEAR(c.dense.tp_s - d.dense.tp_s, 4 * (6.6e-6 + 6 * 0.6e-6), 1e-12);
  // The second read and the two extra kernels cost compute time, forward and backward.
  EXPECT_GT(c.dense.fwd_s, d.dense.fwd_s);
  EXPECT_GT(c.dense.bwd_s, d.dense.bwd_s);
  // Without sequence parallelism nothing is all-reduced.
  Plan no_sp = llama70b_fp8("h100-80g", "tensorwise");
  no_sp.sequence_parallel = 0;
  Plan no_sp_delayed = no_sp;
  no_sp_delayed.fp8_recipe = "delayed";
  EXPECT_DOUBLE_EQ(layer_costs(resolve(no_sp).training.inputs).dense.tp_s,
                   layer_costs(resolve(no_sp_delayed).training.inputs).dense.tp_s);
}

TEST(Fp8Recipe, QuantizationTrafficIsLinearInItsBytes) {
  TrainingTimeInputs in = resolve(llama70b_fp8("h100-80g", "delayed")).training.inputs;
  const auto fwd_with = [&](double bytes, int kernels) {
    in.fp8 = {bytes, kernels, false};
    return layer_costs(in).dense.fwd_s;
  };
  // Two more bytes an element cost twice what one costs: streamed at the HBM rate.
  const double one = fwd_with(4, 1) - fwd_with(3, 1);
  EXPECT_GT(one, 0);
  EXPECT_NEAR(fwd_with(6, 1) - fwd_with(4, 1), 2 * one, 1e-12);
  // Each extra kernel per quantized tensor costs its fixed overhead once per GEMM.
  const double per_kernel = (fwd_with(4, 3) - fwd_with(4, 1)) / (2 * kKernelOverheadS);
  // Llama's four forward GEMMs: QKV, proj, FC1 (gate and up as one), FC2.
  EXPECT_NEAR(per_kernel, 4, 1e-6);
}

TEST(Fp8Recipe, BlackwellSkipsTheTransposedCopy) {
  const ResolvedPlan hopper_like = resolve(llama70b_fp8("b200", "delayed"));
  TrainingTimeInputs in = hopper_like.training.inputs;
  const double blackwell = layer_costs(in).dense.fwd_s;
  in.fp8 = fp8_quantization(Fp8Recipe::kDelayed, false);
  EXPECT_LT(blackwell, layer_costs(in).dense.fwd_s);
}

TEST(Fp8Recipe, MxFp8NeedsBlackwell) {
  const Report h100 = evaluate(llama70b_fp8("h100-80g", "mxfp8"));
  EXPECT_TRUE(test::has_issue(h100, "fp8_recipe_needs_blackwell"));
  EXPECT_EQ(h100.training.settings.fp8_recipe, "delayed");
  EXPECT_DOUBLE_EQ(h100.training.time.step_s,
                   evaluate(llama70b_fp8("h100-80g", "delayed")).training.time.step_s);
  const Report b200 = evaluate(llama70b_fp8("b200", "mxfp8"));
  EXPECT_FALSE(test::has_issue(b200, "fp8_recipe_needs_blackwell"));
  EXPECT_EQ(b200.training.settings.fp8_recipe, "mxfp8");
  // The columnwise copy quantized apart: dearer than delayed scaling's one copy there.
  EXPECT_GT(b200.training.time.step_s,
            evaluate(llama70b_fp8("b200", "delayed")).training.time.step_s);
}

TEST(Fp8Recipe, BlockScaledGemmsRunAtTheirMeasuredShareOnBlackwell) {
  // TransformerEngine's GEMM benchmark (docs/examples/gemm_profiling at d0067d0da), one layer's
  // twelve GEMMs on a B300 from pre-quantized operands: 6.812 ms per-tensor, 7.161 ms MXFP8.
  // Blockwise scaling runs on the MXFP8 GEMMs there (PR #2157), natively on Hopper.
  constexpr double kShare = 6.812 / 7.161;
  EXPECT_DOUBLE_EQ(fp8_quantization(Fp8Recipe::kMxfp8, true).gemm_share, kShare);
  EXPECT_DOUBLE_EQ(fp8_quantization(Fp8Recipe::kBlockwise, true).gemm_share, kShare);
  EXPECT_DOUBLE_EQ(fp8_quantization(Fp8Recipe::kBlockwise, false).gemm_share, 1);
  EXPECT_DOUBLE_EQ(fp8_quantization(Fp8Recipe::kTensorwise, true).gemm_share, 1);
  EXPECT_DOUBLE_EQ(fp8_quantization(Fp8Recipe::kDelayed, true).gemm_share, 1);
  // The resolved GEMM efficiency, the input the page shows, carries it.
  const double per_tensor =
      evaluate(llama70b_fp8("gb200", "tensorwise")).training.settings.gemm_efficiency;
  EXPECT_DOUBLE_EQ(per_tensor, kernel_facts("gb200").gemm_fp8_efficiency);
  EXPECT_DOUBLE_EQ(evaluate(llama70b_fp8("gb200", "mxfp8")).training.settings.gemm_efficiency,
                   per_tensor * kShare);
  EXPECT_DOUBLE_EQ(
      evaluate(llama70b_fp8("h100-80g", "blockwise")).training.settings.gemm_efficiency,
      kernel_facts("h100-80g").gemm_fp8_efficiency);
  // A GEMM efficiency the plan gives is the plan's.
  Plan given = llama70b_fp8("gb200", "mxfp8");
  given.gemm_efficiency = 0.5;
  EXPECT_DOUBLE_EQ(evaluate(given).training.settings.gemm_efficiency, 0.5);
}

TEST(Fp8Recipe, WeightCopiesKeptThroughTheStep) {
  // bf16 weights: the rowwise fp8 copy and Hopper's transpose; Blackwell keeps one per-tensor copy.
  EXPECT_DOUBLE_EQ(fp8_weight_copy_bytes(Fp8Recipe::kDelayed, false, false), 2);
  EXPECT_DOUBLE_EQ(fp8_weight_copy_bytes(Fp8Recipe::kTensorwise, true, false), 1);
  EXPECT_DOUBLE_EQ(fp8_weight_copy_bytes(Fp8Recipe::kMxfp8, true, false), 2 + 2.0 / 32);
  // fp8 primary weights: only the columnwise copy, none for per-tensor scales on Blackwell.
  EXPECT_DOUBLE_EQ(fp8_weight_copy_bytes(Fp8Recipe::kDelayed, false, true), 1);
  EXPECT_DOUBLE_EQ(fp8_weight_copy_bytes(Fp8Recipe::kDelayed, true, true), 0);
  EXPECT_DOUBLE_EQ(fp8_weight_copy_bytes(Fp8Recipe::kMxfp8, true, true), 1 + 2.0 / 32);
  EXPECT_DOUBLE_EQ(fp8_weight_copy_bytes(Fp8Recipe::kBlockwise, false, true), 1);
  // In the memory model: 2 + 1 B a parameter on B200 under delayed scaling, 2 + 2 + 2/32 under
  // MXFP8, the same parameters per card.
  const Report delayed = evaluate(llama70b_fp8("b200", "delayed"));
  const Report mx = evaluate(llama70b_fp8("b200", "mxfp8"));
  EXPECT_NEAR(delayed.training.memory.weights_gb / mx.training.memory.weights_gb, 3 / 4.0625, 1e-3);
  EXPECT_LT(delayed.training.memory.peak_gb, mx.training.memory.peak_gb);
  Plan hopper = llama70b_fp8("h100-80g", "delayed");
  Plan blackwell = llama70b_fp8("b200", "delayed");
  hopper.recipe = blackwell.recipe = "fp8-param";
  EXPECT_NEAR(
      evaluate(blackwell).training.memory.weights_gb / evaluate(hopper).training.memory.weights_gb,
      0.5, 1e-3);
}

TEST(Fp8Recipe, IgnoredWithoutAnFp8PrecisionRecipe) {
  Plan plan = llama70b_fp8("h100-80g", "tensorwise");
  plan.recipe = "megatron18";
  Plan without = plan;
  without.fp8_recipe.clear();
  const Report r = evaluate(plan);
  EXPECT_TRUE(test::has_issue(r, "fp8_recipe_unused"));
  EXPECT_EQ(r.training.settings.fp8_recipe, "");
  EXPECT_DOUBLE_EQ(r.training.time.step_s, evaluate(without).training.time.step_s);
}

// TransformerEngine's GroupedLinear (module/grouped_linear.py up to v2.16) quantizes a grouped
// GEMM's inputs forward and its output gradients backward with split_quantize, which runs one
// kernel set per expert except for delayed scaling with both copies, where
// nvte_multi_cast_transpose quantizes the group at once (csrc/extensions/cast.cpp,
// multi_tensor_quantize_impl: "only have fused kernel for FP8 delayed scaling").
TEST(Fp8Recipe, GroupedExpertsQuantizeOneExpertAtATime) {
  EXPECT_TRUE(fp8_quantization(Fp8Recipe::kDelayed, false).grouped_in_one);
  EXPECT_FALSE(fp8_quantization(Fp8Recipe::kDelayed, true).grouped_in_one);
  EXPECT_FALSE(fp8_quantization(Fp8Recipe::kTensorwise, false).grouped_in_one);
  EXPECT_FALSE(fp8_quantization(Fp8Recipe::kMxfp8, true).grouped_in_one);
  // Mixtral 8x7B at EP 2: 4 experts on a GPU, fc1 and fc2 grouped over them.
  Plan plan;
  plan.model = "mixtral-8x7b";
  plan.accelerator = "h100-80g";
  plan.recipe = "fp8";
  plan.fp8_recipe = "tensorwise";
  plan.tp = 1;
  plan.pp = 1;
  plan.dp = 8;
  plan.ep = 2;
  plan.recompute = "full";
  plan.global_batch = 64;
  TrainingTimeInputs in = resolve(plan).training.inputs;
  ASSERT_EQ(in.fp8.kernels, 3);
  const LayerCosts apart = layer_costs(in);
  in.fp8.grouped_in_one = true;
  const LayerCosts fused = layer_costs(in);
  // Three more experts' kernel sets for each of the two grouped GEMMs, each way.
  const double extra = 3 * 2 * 3 * kKernelOverheadS;
  EXPECT_NEAR(apart.moe.fwd_s - fused.moe.fwd_s, extra, 1e-12);
  EXPECT_NEAR(apart.moe.bwd_s - fused.moe.bwd_s, extra, 1e-12);
  EXPECT_DOUBLE_EQ(apart.dense.fwd_s, fused.dense.fwd_s);
}

TEST(Fp8Recipe, LaunchCommandsAndLinkCarryIt) {
  const Report r = evaluate(llama70b_fp8("h100-80g", "tensorwise"));
  EXPECT_NE(r.inference.launch.megatron.find("--fp8-recipe tensorwise"), std::string::npos);
  EXPECT_NE(r.inference.launch.nemo.find("model.config.fp8_recipe=tensorwise"), std::string::npos);
  const std::string link = encode_link(llama70b_fp8("b200", "mxfp8"));
  EXPECT_NE(link.find("fp8r=mxfp8"), std::string::npos);
  EXPECT_EQ(decode_link(link).plan.fp8_recipe, "mxfp8");
}

// NVFP4 (TransformerEngine's NVFP4BlockScaling through Megatron's --fp4-format e2m1): GEMMs on
// Blackwell's FP4 tensor cores at their measured rate over the per-tensor fp8 GEMMs' (TE's GEMM
// benchmark on a B300, docs/examples/gemm_profiling at d0067d0da: 6.812 ms per-tensor, 3.764 ms
// NVFP4 for one layer's twelve GEMMs), the FP4 peak being the datasheet's (B200 9,000 against
// 4,500 TFLOP/s fp8 dense).
TEST(Fp8Recipe, Nvfp4RunsOnTheFp4TensorCores) {
  constexpr double kShare = 6.812 / 3.764;
  EXPECT_DOUBLE_EQ(fp8_quantization(Fp8Recipe::kNvfp4, true).gemm_share, kShare);
  const Report b200 = evaluate(llama70b_fp8("b200", "nvfp4"));
  ASSERT_TRUE(b200.training.time_available);
  EXPECT_FALSE(test::has_issue(b200, "fp8_recipe_needs_blackwell"));
  EXPECT_EQ(b200.training.settings.compute_dtype, "nvfp4");
  EXPECT_DOUBLE_EQ(b200.training.settings.peak_tflops, 9000);
  // The efficiency the page shows is of the FP4 peak: the fp8 GEMMs' share times the measured
  // rate, over the FP4 ÷ FP8 peak.
  EXPECT_DOUBLE_EQ(b200.training.settings.gemm_efficiency,
                   kernel_facts("b200").gemm_fp8_efficiency * kShare / 2);
  // Faster than MXFP8, slower than the GEMMs' ratio alone: attention, the LM head and the
  // element-wise kernels keep their speed.
  const Report mx = evaluate(llama70b_fp8("b200", "mxfp8"));
  EXPECT_LT(b200.training.time.step_s, mx.training.time.step_s);
  EXPECT_GT(b200.training.time.step_s, mx.training.time.step_s / kShare);
  // The LM head stays in bf16 at the per-tensor fp8 plans' GEMM share, as an fp8 plan's does.
  const LayerCosts fp4 = layer_costs(resolve(llama70b_fp8("b200", "nvfp4")).training.inputs);
  const LayerCosts fp8 = layer_costs(resolve(llama70b_fp8("b200", "tensorwise")).training.inputs);
  EXPECT_NEAR(fp4.last.fwd_s, fp8.last.fwd_s, 1e-12);
  // Hopper cannot: the framework's default runs instead, and the warning names it.
  const Report h100 = evaluate(llama70b_fp8("h100-80g", "nvfp4"));
  EXPECT_EQ(h100.training.settings.fp8_recipe, "delayed");
  EXPECT_EQ(h100.training.settings.compute_dtype, "fp8");
  const auto warned = std::find_if(h100.issues.begin(), h100.issues.end(), [](const Issue& i) {
    return i.code == "fp8_recipe_needs_blackwell";
  });
  ASSERT_NE(warned, h100.issues.end());
  EXPECT_EQ(warned->param("fallback"), "delayed");
}

TEST(Fp8Recipe, Nvfp4WeightsAndSavedInputs) {
  // A bf16 weight beside its cached NVFP4 copies, rowwise and columnwise (module/base.py); NVFP4
  // primary weights (--fp4-param-gather) hold the two copies alone: 2 × (0.5 + 1/16) B.
  EXPECT_DOUBLE_EQ(fp8_weight_copy_bytes(Fp8Recipe::kNvfp4, true, false), 2 * 0.5625);
  EXPECT_DOUBLE_EQ(fp8_weight_copy_bytes(Fp8Recipe::kNvfp4, true, true), 0.5625);
  EXPECT_DOUBLE_EQ(quantized_weight_bytes(Fp8Recipe::kNvfp4), 0.5625);
  EXPECT_DOUBLE_EQ(quantized_weight_bytes(Fp8Recipe::kDelayed), 1);
  Plan params = llama70b_fp8("b200", "nvfp4");
  params.recipe = "fp8-param";
  Plan delayed_params = params;
  delayed_params.fp8_recipe = "delayed";
  // Delayed scaling's fp8 weights on Blackwell: 1 B a parameter, no copy.
  EXPECT_NEAR(evaluate(params).training.memory.weights_gb /
                  evaluate(delayed_params).training.memory.weights_gb,
              1.125, 1e-3);
  // The forward keeps the rotated columnwise NVFP4 copy of each GEMM input (0.5625 B an
  // element where delayed scaling keeps 1): less activation memory, the same layout.
  const Report fp4 = evaluate(llama70b_fp8("b200", "nvfp4"));
  const Report fp8 = evaluate(llama70b_fp8("b200", "delayed"));
  EXPECT_LT(fp4.training.memory.activations_gb, fp8.training.memory.activations_gb);
}

// The sequence-parallel all-gathers move what TransformerEngine quantized before gathering
// (module/linear.py: gather_along_first_dim with the input's or output gradient's quantizer);
// the reduce-scatters the bf16 outputs.
TEST(Fp8Recipe, SequenceParallelGathersCarryTheRecipesBytes) {
  Plan fp8 = llama70b_fp8("b200", "delayed");
  Plan fp4 = llama70b_fp8("b200", "nvfp4");
  Plan bf16 = llama70b_fp8("b200", "");
  bf16.recipe = "megatron18";
  const double tp8 = layer_costs(resolve(fp8).training.inputs).dense.tp_s;
  const double tp4 = layer_costs(resolve(fp4).training.inputs).dense.tp_s;
  const double tp16 = layer_costs(resolve(bf16).training.inputs).dense.tp_s;
  EXPECT_GT(tp8, 0);
  EXPECT_LT(tp8, tp16);
  EXPECT_LT(tp4, tp8);
  // The reduce-scatters stay: at most the gathers' share of the bf16 time goes.
  EXPECT_GT(tp8, tp16 / 2);
}

TEST(Fp8Recipe, Nvfp4LaunchCommandsAndLink) {
  Plan plan = llama70b_fp8("gb200", "nvfp4");
  plan.recipe = "fp8-param";
  const Report r = evaluate(plan);
  const std::string& megatron = r.inference.launch.megatron;
  EXPECT_NE(megatron.find("--fp4-format e2m1"), std::string::npos);
  EXPECT_NE(megatron.find("--fp4-recipe nvfp4"), std::string::npos);
  EXPECT_NE(megatron.find("--fp4-param-gather"), std::string::npos);
  EXPECT_EQ(megatron.find("--fp8-format"), std::string::npos);
  EXPECT_EQ(megatron.find("--fp8-param-gather"), std::string::npos);
  EXPECT_NE(r.inference.launch.nemo.find("model.config.fp4=e2m1"), std::string::npos);
  EXPECT_NE(r.inference.launch.nemo.find("model.config.fp4_param=true"), std::string::npos);
  const std::string link = encode_link(plan);
  EXPECT_NE(link.find("fp8r=nvfp4"), std::string::npos);
  EXPECT_EQ(decode_link(link).plan.fp8_recipe, "nvfp4");
}

}  // namespace
}  // namespace llm_sizer
