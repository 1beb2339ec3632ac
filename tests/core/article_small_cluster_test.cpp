// The article's method where it meets a cluster smaller than a node, and fine-tuning with
// adapters: TP stays within the GPUs there are, and LoRA/QLoRA count a frozen base's bytes, so
// "fine-tune an 8B on the one card I have" gets an answer instead of a refusal.
#include <gtest/gtest.h>

#include <algorithm>

#include "llm_sizer/finetune.hpp"
#include "llm_sizer/report.hpp"
#include "test_support.hpp"

namespace llm_sizer {
namespace {

// Llama 3.1 8B (meta-llama/Llama-3.1-8B config.json): 32 layers, hidden 4096, 32 heads, 8 K/V
// heads of 128, intermediate 14336. The article's step 1 takes the preset's stated count, the
// model card's 8.03 × 10⁹ (8,030,261,248 counted).
constexpr double kLlama8bParams = 8.03e9;
constexpr double kLayers = 32;
// One layer's linears as (in + out) for LoRA's A and B: q 4096→4096, k and v 4096→1024,
// o 4096→4096, gate and up 4096→14336, down 14336→4096.
constexpr double kLoraWidthsPerLayer = 8192 + 5120 + 5120 + 8192 + 18432 + 18432 + 18432;
// The same linears' weights, which QLoRA stores in NF4.
constexpr double kLinearParamsPerLayer =
    4096.0 * 4096 + 2 * 4096.0 * 1024 + 4096.0 * 4096 + 3 * 4096.0 * 14336;

TEST(ArticleSmallCluster, TensorParallelStaysWithinAClusterSmallerThanANode) {
  Plan plan;
  plan.model = "llama-3.2-1b";
  plan.accelerator = "h100-80g";
  plan.cluster_gpus = 4;
  const Report r = evaluate(plan);
  EXPECT_FALSE(test::has_issue(r, "cluster_too_small"));
  // 32 heads and 8 K/V heads: 4 divides both.
  EXPECT_EQ(r.article_training.tp, 4);
  EXPECT_LE(r.article_training.total_gpus, 4);
  // A cluster of a node or more keeps the article's TP of a node (its six rows).
  plan.cluster_gpus = 16;
  EXPECT_EQ(evaluate(plan).article_training.tp, 8);
}

TEST(ArticleSmallCluster, LoraOnOneCardCountsTheFrozenBaseAndItsAdapters) {
  Plan plan;
  plan.model = "llama-3.1-8b";
  plan.accelerator = "h200-141g";
  plan.finetune = "lora";
  plan.cluster_gpus = 1;
  const Report r = evaluate(plan);
  EXPECT_FALSE(has_error(r.issues));
  const ArticleTraining& t = r.article_training;
  EXPECT_EQ(t.total_gpus, 1);
  // bf16 base weights (2 B) and rank-8 adapters on every linear, fp32 weight, gradient and two
  // AdamW moments (4 + 4 + 8 B): 32 × 8 × 81,920 = 20,971,520 adapter parameters.
  const double adapters = kLayers * 8 * kLoraWidthsPerLayer;
  EXPECT_DOUBLE_EQ(adapters, 20971520);
  const double bytes = 2 + adapters * 16 / kLlama8bParams;
  EXPECT_NEAR(t.model_state_gb, kLlama8bParams * bytes / 1e9, 1e-9);
  // Pre-training's 12 B/param would not fit 0.6 × 141 GB: the refusal this replaces.
  plan.finetune = "full";
  EXPECT_TRUE(test::has_issue(evaluate(plan), "cluster_too_small"));
}

TEST(ArticleSmallCluster, QloraStoresTheLinearsInNf4) {
  Plan plan;
  plan.model = "llama-3.1-8b";
  plan.accelerator = "rtx-4090";
  plan.finetune = "qlora";
  plan.lora_rank = 16;
  plan.cluster_gpus = 1;
  const Report r = evaluate(plan);
  EXPECT_FALSE(has_error(r.issues));
  // NF4 with double quantization: 4 bits, an 8-bit constant per 64 weights and an fp32 constant
  // per 256 of those (Dettmers et al. 2023, "QLoRA", §3): 0.5159 B per weight. Embedding, LM
  // head and norms stay bf16.
  EXPECT_NEAR(nf4_bytes_per_weight(), (4 + 8.0 / 64 + 32.0 / (64 * 256)) / 8, 1e-15);
  const double quantized = kLayers * kLinearParamsPerLayer;
  const double base =
      (quantized * nf4_bytes_per_weight() + (kLlama8bParams - quantized) * 2) / kLlama8bParams;
  const double adapters = kLayers * 16 * kLoraWidthsPerLayer;
  const double bytes = base + adapters * 16 / kLlama8bParams;
  EXPECT_NEAR(r.article_training.model_state_gb, kLlama8bParams * bytes / 1e9, 1e-9);
  EXPECT_EQ(r.article_training.total_gpus, 1);
}

}  // namespace
}  // namespace llm_sizer
