// Multi-token prediction (DeepSeek-V3 report §2.2; Megatron's MultiTokenPredictionLayer and
// --mtp-num-layers): each module after the last layer embeds the next tokens, joins them with the
// normed hidden state through a 2h → h projection, runs one more layer of the model's last kind
// and predicts through the shared LM head with a loss of its own, all on the last stage.
#include <gtest/gtest.h>

#include <string>

#include "llm_sizer/report.hpp"

namespace llm_sizer {
namespace {

// Llama 3.1 8B (config.json: hidden 4096, 32 query and 8 K/V heads of 128, FFN 14336, vocabulary
// 128256, untied embeddings) in two pipeline stages on H100.
Plan llama8b(double mtp) {
  Plan plan;
  plan.model = "llama-3.1-8b";
  plan.accelerator = "h100-80g";
  plan.tp = 1;
  plan.pp = 2;
  plan.dp = 1;
  plan.seq_len = 4096;
  plan.global_batch = 8;
  plan.recompute = "none";
  if (mtp > 0) plan.mtp_layers = mtp;
  return plan;
}

TEST(MultiTokenPrediction, TheLastStageHoldsTheModuleAndAnEmbeddingCopy) {
  const Report off = evaluate(llama8b(0));
  const Report on = evaluate(llama8b(1));
  ASSERT_TRUE(on.training.available);
  const auto& a = off.training.stages;
  const auto& b = on.training.stages;
  ASSERT_EQ(b.size(), 2u);
  // A layer: attention 4096 × (4096 + 1024 + 1024 + 4096) + SwiGLU 3 × 4096 × 14336 + two norms;
  // eh_proj 2 × 4096²; enorm, hnorm and the final norm 3 × 4096; the embedding 128256 × 4096.
  const double layer = 4096.0 * (4096 + 1024 + 1024 + 4096) + 3 * 4096.0 * 14336 + 2 * 4096;
  const double module = layer + 2 * 4096.0 * 4096 + 3 * 4096;
  const double embedding = 128256.0 * 4096;
  EXPECT_DOUBLE_EQ(b[1].params - a[1].params, module + embedding);
  EXPECT_DOUBLE_EQ(b[0].params, a[0].params);
  // Its loss keeps a second set of logits.
  EXPECT_NEAR(b[1].logits_gb, 2 * a[1].logits_gb, 1e-9);
  EXPECT_GT(b[1].activations_gb, a[1].activations_gb);
  EXPECT_DOUBLE_EQ(b[0].total_gb, a[0].total_gb);
  EXPECT_EQ(on.training.settings.mtp_layers, 1);
}

TEST(MultiTokenPrediction, TheLastStageRunsALayerAndAHeadMore) {
  // Without a pipeline the step holds every layer: the module's cost is one layer more (as 33
  // layers) plus a second head and loss (what a 128256-token head costs beyond a 256-token one),
  // and a projection of 2h/V of the head's GEMM, the embedding and norms beside it.
  Plan base = llama8b(0);
  base.pp = 1;
  Plan with = base;
  with.mtp_layers = 1;
  Plan deeper = base;
  deeper.arch_layers = 33;
  Plan small_vocab = base;
  small_vocab.arch_vocab = 256;
  const auto compute = [](const Plan& p) {
    const Report r = evaluate(p);
    EXPECT_TRUE(r.training.time_available);
    return r.training.time.compute_s;
  };
  const double c0 = compute(base);
  const double module = compute(with) - c0;
  const double layer = compute(deeper) - c0;
  const double head = c0 - compute(small_vocab);
  ASSERT_GT(layer, 0);
  ASSERT_GT(head, 0);
  EXPECT_GT(module - layer, head);
  EXPECT_LT(module - layer, 1.15 * head);
  // The step's derivation says where the pace comes from.
  const Report r = evaluate(with);
  bool named = false;
  for (const DerivationStep& s : r.training.time_steps) {
    named = named || (s.id == "time_step" && s.note == "time_step_parts_mtp");
  }
  EXPECT_TRUE(named);
}

TEST(MultiTokenPrediction, TheLaunchLinesNameItAndTheLayoutPlacesIt) {
  Plan plan = llama8b(1);
  plan.stage_layers = "17,15";  // uneven: Megatron takes a layout string, 'm' before the loss
  const Report r = evaluate(plan);
  const auto has = [](const std::string& text, const char* part) {
    return text.find(part) != std::string::npos;
  };
  EXPECT_TRUE(has(r.inference.launch.megatron, "--mtp-num-layers 1"));
  EXPECT_TRUE(has(r.inference.launch.megatron, "t*15mL"));
  EXPECT_TRUE(has(r.inference.launch.nemo, "model.config.mtp_num_layers=1"));
  const Report off = evaluate(llama8b(0));
  EXPECT_FALSE(has(off.inference.launch.megatron, "mtp"));
}

}  // namespace
}  // namespace llm_sizer
