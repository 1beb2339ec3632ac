// The hottest expert-parallel rank (training_memory.hpp, moe_rank_load): what the busiest rank
// receives of the routed tokens, from Megatron-core's capacity rule (moe_utils.py get_capacity:
// ⌈tokens·k / E · C⌉ per expert; apply_router_token_dropping: all tokens when that is more).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "llm_sizer/model.hpp"
#include "llm_sizer/precision.hpp"
#include "llm_sizer/report.hpp"
#include "llm_sizer/training_memory.hpp"
#include "test_support.hpp"

namespace llm_sizer {
namespace {

// DeepSeek-V3 (deepseek-ai/DeepSeek-V3 config.json): 256 routed experts, 8 per token.
TrainingLayout layout(double ep, double capacity_factor) {
  TrainingLayout l;
  l.ep = ep;
  l.moe_capacity_factor = capacity_factor;
  return l;
}

TEST(HottestEpRank, DroplessIsBalancedWithTheMostARankCanReceive) {
  const Architecture& a = find_model("deepseek-v3")->architecture;
  // EP 64: 4 experts per rank, so a token reaches at most 4 of a rank's experts: 64 × 4 / 8.
  const MoeRankLoad ep64 = moe_rank_load(a, layout(64, 0));
  EXPECT_DOUBLE_EQ(ep64.load, 1);
  EXPECT_DOUBLE_EQ(ep64.bound, 32);
  // EP 8: 32 experts per rank, all 8 of a token's picks can land there: 8 × 8 / 8.
  EXPECT_DOUBLE_EQ(moe_rank_load(a, layout(8, 0)).bound, 8);
  // One rank holds every expert: it receives exactly its own tokens' copies.
  EXPECT_DOUBLE_EQ(moe_rank_load(a, layout(1, 0)).bound, 1);
}

TEST(HottestEpRank, ACapacityFactorIsWhatEveryRankProcessesPaddedToCapacity) {
  const Architecture& a = find_model("deepseek-v3")->architecture;
  EXPECT_DOUBLE_EQ(moe_rank_load(a, layout(64, 1.25)).load, 1.25);
  EXPECT_DOUBLE_EQ(moe_rank_load(a, layout(64, 0.5)).load, 0.5);
  // Past E/k = 32 an expert's capacity exceeds the tokens it can see: it takes them all.
  EXPECT_DOUBLE_EQ(moe_rank_load(a, layout(64, 100)).load, 32);
  // Dense models have no routed tokens.
  EXPECT_DOUBLE_EQ(moe_rank_load(find_model("llama-3.1-8b")->architecture, layout(1, 2)).load, 1);
}

TrainingMemoryInputs deepseek(double capacity_factor) {
  TrainingMemoryInputs in;
  in.arch = find_model("deepseek-v3")->architecture;
  in.recipe = *find_recipe("megatron18");
  in.framework = Framework::kMegatron;
  in.layout = layout(64, capacity_factor);
  in.layout.tp = 2;
  in.layout.sequence_parallel = true;
  in.layout.seq_len = 4096;
  return in;
}

TEST(HottestEpRank, OnlyTheRoutedCopiesScaleWithTheLoad) {
  const double dropless = layer_activations(deepseek(0), true).saved_bytes;
  EXPECT_DOUBLE_EQ(layer_activations(deepseek(1), true).saved_bytes, dropless);
  const double routed = layer_activations(deepseek(2), true).saved_bytes - dropless;
  EXPECT_GT(routed, 0);
  EXPECT_DOUBLE_EQ(layer_activations(deepseek(3), true).saved_bytes - dropless, 2 * routed);
  // A dense layer has none.
  EXPECT_DOUBLE_EQ(layer_activations(deepseek(3), false).saved_bytes,
                   layer_activations(deepseek(0), false).saved_bytes);
}

const DerivationStep* find_step(const Report& r, std::string_view id) {
  const auto& steps = r.training.steps;
  const auto it =
      std::find_if(steps.begin(), steps.end(), [&](const DerivationStep& s) { return s.id == id; });
  return it == steps.end() ? nullptr : &*it;
}

TEST(HottestEpRank, ThePlansCapacityFactorReachesMemoryTimeTheDerivationAndTheLaunch) {
  Plan plan = test::deepseek_v3_plan();
  plan.tokens = 1e12;
  const Report dropless = evaluate(plan);
  const DerivationStep* balanced = find_step(dropless, "hottest_ep_rank");
  ASSERT_NE(balanced, nullptr);
  EXPECT_EQ(balanced->note, "ep_rank_dropless");
  EXPECT_DOUBLE_EQ(balanced->value, 1);

  plan.moe_capacity_factor = 1.25;
  const Report capped = evaluate(plan);
  EXPECT_DOUBLE_EQ(capped.training.settings.moe_capacity_factor, 1.25);
  const DerivationStep* hot = find_step(capped, "hottest_ep_rank");
  ASSERT_NE(hot, nullptr);
  EXPECT_EQ(hot->note, "ep_rank_capacity");
  EXPECT_DOUBLE_EQ(hot->value, 1.25);
  EXPECT_GT(capped.training.memory.peak_gb, dropless.training.memory.peak_gb);
  EXPECT_GT(capped.training.time.moe_comm_s, dropless.training.time.moe_comm_s);
  EXPECT_GT(capped.training.time.step_s, dropless.training.time.step_s);
  const std::string& launch = capped.inference.launch.megatron;
  EXPECT_NE(launch.find("--moe-expert-capacity-factor 1.25 "), std::string::npos);
  EXPECT_NE(launch.find("--moe-pad-expert-input-to-capacity"), std::string::npos);
  EXPECT_EQ(dropless.inference.launch.megatron.find("--moe-expert-capacity-factor"),
            std::string::npos);
}

TEST(HottestEpRank, ADenseModelIgnoresTheCapacityFactorAndSaysSo) {
  Plan plan;
  plan.model = "llama-3.1-8b";
  plan.accelerator = "h100-80g";
  plan.moe_capacity_factor = 1.25;
  const Report r = evaluate(plan);
  EXPECT_TRUE(std::any_of(r.issues.begin(), r.issues.end(), [](const Issue& i) {
    return i.code == "moe_capacity_factor_unused" && i.severity == Severity::kWarning;
  }));
  EXPECT_EQ(r.inference.launch.megatron.find("--moe-expert-capacity-factor"), std::string::npos);
}

}  // namespace
}  // namespace llm_sizer
