// The fused cross-entropy (plan field `loss` = "fused"): TransformerEngine's parallel_cross_entropy
// as Megatron runs it with cross_entropy_fusion_impl "te" (transformer_engine/pytorch/triton/
// cross_entropy.py before commit 01bbe3eea, 2026-07-09): online_softmax_kernel reads the bf16
// logits, cross_entropy_kernel reads them again and writes the gradient over them, the forward
// returns that same tensor for backward, and element_mul_kernel scales it in place there.
#include <gtest/gtest.h>

#include "llm_sizer/memory_profile.hpp"
#include "llm_sizer/plan_fields.hpp"
#include "llm_sizer/report.hpp"
#include "llm_sizer/resolve.hpp"
#include "llm_sizer/step_time.hpp"

namespace llm_sizer {
namespace {

// Llama 3.1 8B on one H100 in bf16 under Megatron: 4,096 tokens a micro-batch, the vocabulary of
// 128,256 already a multiple of 128 (no padding at TP 1).
Plan llama8b(const std::string& loss) {
  Plan plan;
  plan.model = "llama-3.1-8b";
  plan.accelerator = "h100-80g";
  plan.recipe = "distopt";
  plan.tp = 1;
  plan.pp = 1;
  plan.dp = 1;
  plan.micro_batch = 1;
  plan.global_batch = 8;
  plan.recompute = "full";
  plan.loss = loss;
  return plan;
}

TEST(FusedLoss, KeepsTheBf16LogitsAloneInEveryFramework) {
  const FieldSpec* field = find_field_by_id("loss");
  ASSERT_NE(field, nullptr);
  const auto ids = field->choices;
  ASSERT_GT(ids.size(), static_cast<std::size_t>(LossKind::kFused));
  EXPECT_EQ(ids[static_cast<std::size_t>(LossKind::kFused)], "fused");
  EXPECT_EQ(loss_id(LossKind::kFused), "fused");
  // The gradient overwrites the bf16 logits: 2 B per logit, where Megatron's own
  // vocab_parallel_cross_entropy keeps 6 and transformers' loss 12.
  EXPECT_EQ(loss_bytes_per_logit(Framework::kMegatron, LossKind::kFused), 2);
  EXPECT_EQ(loss_bytes_per_logit(Framework::kPytorch, LossKind::kFused), 2);
  EXPECT_EQ(loss_bytes_per_logit(Framework::kMegatron, LossKind::kFp32), 6);

  const Report fused = evaluate(llama8b("fused"));
  const Report native = evaluate(llama8b(""));
  ASSERT_TRUE(fused.training.available);
  ASSERT_TRUE(native.training.available);
  EXPECT_DOUBLE_EQ(fused.training.memory.logits_gb, 2.0 * 4096 * 128256 / 1e9);
  EXPECT_DOUBLE_EQ(native.training.memory.logits_gb, 6.0 * 4096 * 128256 / 1e9);
  EXPECT_EQ(fused.training.settings.loss, "fused");
}

TEST(FusedLoss, StreamsTenBytesPerLogitWhereMegatronsOwnStreamsFiftyTwo) {
  const TrainingTimeInputs fused = resolve(llama8b("fused")).training.inputs;
  const TrainingTimeInputs native = resolve(llama8b("")).training.inputs;
  const LayerCosts f = layer_costs(fused);
  const LayerCosts n = layer_costs(native);
  const double logits = 4096.0 * 128256;
  // Forward 6 B per logit (two reads, one write) against 38; backward 4 (the in-place scaling)
  // against 14, all at the memory-bound rate; the layers themselves do not change.
  const auto streamed = [&](double bytes) { return stream_s(f.linear, bytes * logits); };
  EXPECT_NEAR(n.last.fwd_s - f.last.fwd_s, streamed(38) - streamed(6), 1e-12);
  EXPECT_NEAR(n.last.bwd_s - f.last.bwd_s, streamed(14) - streamed(4), 1e-12);
  EXPECT_DOUBLE_EQ(n.dense.fwd_s, f.dense.fwd_s);
}

// The launch lines ask for the same loss: Megatron-LM's flags (megatron/training/arguments.py:
// --cross-entropy-loss-fusion, --cross-entropy-fusion-impl {native,te}) and Megatron-Core's
// config fields as NeMo overrides (model_parallel_config.py: cross_entropy_loss_fusion,
// cross_entropy_fusion_impl).
TEST(FusedLoss, TheLaunchLinesAskForIt) {
  const Report fused = evaluate(llama8b("fused"));
  const Report native = evaluate(llama8b(""));
  const std::string& megatron = fused.inference.launch.megatron;
  const std::string& nemo = fused.inference.launch.nemo;
  EXPECT_NE(megatron.find("--cross-entropy-loss-fusion"), std::string::npos);
  EXPECT_NE(megatron.find("--cross-entropy-fusion-impl te"), std::string::npos);
  EXPECT_NE(nemo.find("model.config.cross_entropy_loss_fusion=true"), std::string::npos);
  EXPECT_NE(nemo.find("model.config.cross_entropy_fusion_impl=te"), std::string::npos);
  EXPECT_EQ(native.inference.launch.megatron.find("cross-entropy"), std::string::npos);
  EXPECT_EQ(native.inference.launch.nemo.find("cross_entropy"), std::string::npos);
}

}  // namespace
}  // namespace llm_sizer
