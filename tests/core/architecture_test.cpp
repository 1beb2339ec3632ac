// Parameter counts derived from architectures against the counts their publishers state.
#include "llm_sizer/architecture.hpp"

#include <gtest/gtest.h>

#include "llm_sizer/model.hpp"
#include "test_support.hpp"

namespace llm_sizer {
namespace {

ParamCounts counts_of(const char* id) {
  const ModelPreset* model = find_model(id);
  if (model == nullptr) throw std::runtime_error(id);
  return count_params(model->architecture);
}

TEST(ParamCount, MatchesExactCountsFromSafetensorsIndexes) {
  // Exact totals as Hugging Face reports them for the released checkpoints.
  EXPECT_EQ(counts_of("llama-3.1-8b").total, 8030261248.0);  // meta-llama/Llama-3.1-8B
  EXPECT_EQ(counts_of("qwen2.5-32b").total, 32763876352.0);  // Qwen/Qwen2.5-32B
  EXPECT_EQ(counts_of("llama-3.2-1b").total, 1235814400.0);  // meta-llama/Llama-3.2-1B
  EXPECT_EQ(counts_of("qwen2.5-7b").total, 7615616512.0);    // Qwen/Qwen2.5-7B
}

TEST(ParamCount, MatchesPublishedHeadlineFigures) {
  struct Case {
    const char* id;
    double total;
    double active;
    double tolerance;  // relative; headline figures are rounded
  };
  const Case cases[] = {
      {"llama-3.1-70b", 70.55e9, 70.55e9, 0.001},  // config: 70,553,706,496
      {"llama-3.1-405b", 405e9, 405e9, 0.005},     // Llama 3 paper: 405B
      {"qwen3-32b", 32.8e9, 32.8e9, 0.005},        // Qwen3 model card: 32.8B
      {"mixtral-8x7b", 46.7e9, 12.9e9, 0.005},     // Mistral AI: 46.7B total, 12.9B active
      {"deepseek-v3", 671e9, 37e9, 0.016},         // DeepSeek-V3 report: 671B / 37B activated
      {"qwen3-235b-a22b", 235e9, 22e9, 0.01},      // Qwen3 report: 235B / 22B activated
      {"deepseek-v2", 236e9, 21e9, 0.02},          // DeepSeek-V2 paper: 236B / 21B
      {"gpt-neox-20b", 20.55e9, 20.55e9, 0.001},   // Black et al. 2022
      {"bloom-176b", 176.2e9, 176.2e9, 0.001},     // BigScience tr11 README
      {"gpt3-175b", 175e9, 175e9, 0.003},          // Brown et al. 2020: 175.0B
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.id);
    const ParamCounts p = counts_of(c.id);
    EXPECT_NEAR(p.total / c.total, 1.0, c.tolerance);
    EXPECT_NEAR(p.active / c.active, 1.0, c.tolerance);
  }
}

TEST(ParamCount, DeepSeekV3ActivatedMatmulParametersMatchTheWeightsReadme) {
  // README_WEIGHTS.md: 36.7B activated parameters without the embedding lookup.
  EXPECT_NEAR(counts_of("deepseek-v3").matmul_active / 36.7e9, 1.0, 0.005);
}

TEST(ParamCount, MixtralActiveUsesTopTwoOfEightExperts) {
  const ParamCounts p = counts_of("mixtral-8x7b");
  EXPECT_EQ(p.expert, 3 * 4096.0 * 14336);
  EXPECT_EQ(p.moe_ffn_total - p.moe_ffn_active, 6 * p.expert);
}

TEST(ParamCount, QwenThreeQueryWidthDiffersFromHidden) {
  const ModelPreset* m = find_model("qwen3-32b");
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->architecture.q_width(), 8192);  // 64 heads × head_dim 128, hidden 5120
  EXPECT_EQ(m->architecture.qk_head_dim(), 128);
}

TEST(ParamCount, TiedEmbeddingsCountOnceButTheHeadStillMultiplies) {
  const ParamCounts p = counts_of("llama-3.2-1b");
  EXPECT_EQ(p.lm_head, 0);
  EXPECT_EQ(p.matmul_active, p.active);  // the tied head is a matmul; the lookup is not
}

TEST(ParamCount, MoeLayerPlacementFollowsDenseLayersAndPeriod) {
  Architecture a;
  a.layers = 8;
  a.moe_experts = 4;
  a.moe_dense_layers = 2;
  a.moe_layer_period = 2;
  EXPECT_FALSE(a.layer_is_moe(0));
  EXPECT_FALSE(a.layer_is_moe(2));
  EXPECT_TRUE(a.layer_is_moe(3));
  EXPECT_EQ(a.moe_layer_count(), 3);
}

TEST(ModelCatalog, EveryPresetHasAnIdSourceAndAConsistentArchitecture) {
  for (const auto& m : model_catalog()) {
    SCOPED_TRACE(m.id);
    EXPECT_FALSE(m.source.empty());
    if (m.id == "qwen-32b") {  // the article's nominal 32 × 10⁹: a count, not a checkpoint
      EXPECT_FALSE(m.has_architecture());
      continue;
    }
    ASSERT_TRUE(m.has_architecture());
    const ParamCounts p = count_params(m.architecture);
    // The headline count and the architecture agree within 2.5% (GPT-3: 174.6 vs 175).
    EXPECT_NEAR(p.total / m.nominal_params, 1.0, 0.025);
  }
}

}  // namespace
}  // namespace llm_sizer
