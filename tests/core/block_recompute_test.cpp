// Full recompute of only the first N layers of each pipeline chunk: Megatron-LM's
// --recompute-granularity full --recompute-method block --recompute-num-layers N
// (megatron/core/transformer/transformer_block.py, _checkpointed_forward: in each chunk the
// layers below N run checkpointed, the others keep their activations).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <regex>

#include "llm_sizer/layout_search.hpp"
#include "llm_sizer/report.hpp"
#include "test_support.hpp"

namespace llm_sizer {
namespace {

// GPT-3 175B on 64 H100: 96 layers over 8 stages of 2 chunks, 6 layers a chunk.
Plan gpt3_plan(const char* recompute) {
  Plan plan;
  plan.tp = 8;
  plan.pp = 8;
  plan.dp = 1;
  plan.vpp = 2;
  plan.micro_batch = 1;
  plan.global_batch = 64;
  plan.recompute = recompute;
  plan.tokens = 1e9;
  return plan;
}

TEST(BlockRecompute, ThePlansLayersReachMemoryTimeFlopsAndTheLaunchCommand) {
  const Report none = evaluate(gpt3_plan("none"));
  const Report every = evaluate(gpt3_plan("full"));
  Plan plan = gpt3_plan("full");
  plan.recompute_layers = 2;  // a third of each chunk's 6 layers
  const Report block = evaluate(plan);
  ASSERT_TRUE(block.training.available);
  EXPECT_EQ(block.training.settings.recompute_layers, 2);
  // Memory between recomputing nothing and every layer.
  EXPECT_LT(every.training.memory.peak_gb, block.training.memory.peak_gb);
  EXPECT_LT(block.training.memory.peak_gb, none.training.memory.peak_gb);
  // The forward runs again for a third of the layers: a third of full recompute's time and of
  // its extra hardware FLOPs.
  EXPECT_NEAR(block.training.time.recompute_s, every.training.time.recompute_s / 3,
              1e-9 * every.training.time.recompute_s);
  const double model = every.training.time.model_flops_per_token;
  EXPECT_NEAR(block.training.time.hardware_flops_per_token - model,
              (every.training.time.hardware_flops_per_token - model) / 3, 1e-6 * model);
  const std::string& launch = block.inference.launch.megatron;
  EXPECT_NE(launch.find("--recompute-method block"), std::string::npos) << launch;
  EXPECT_NE(launch.find("--recompute-num-layers 2"), std::string::npos) << launch;
  // The derivation says which layers keep what: 2 of each chunk, 4 of the peak stage's 12.
  const auto step = std::find_if(block.training.steps.begin(), block.training.steps.end(),
                                 [](const DerivationStep& s) { return s.id == "activations"; });
  ASSERT_NE(step, block.training.steps.end());
  EXPECT_EQ(step->note, "activations_block");
  // In numbers: 4 layers keeping their input (A), 8 keeping all (A_kept, the note's figure).
  EXPECT_TRUE(
      std::regex_search(step->substitution, std::regex(R"(\(4 × 0\.0\d+ \+ 8 × \d+\.\d+\))")))
      << step->substitution;
  // Every layer stays Megatron's uniform method, one layer a checkpoint.
  EXPECT_NE(every.inference.launch.megatron.find("--recompute-method uniform"), std::string::npos);
}

TEST(BlockRecompute, MeansNothingOutsideFullRecomputeAndSaysSo) {
  Plan plan = gpt3_plan("selective");
  const Report selective = evaluate(plan);
  plan.recompute_layers = 2;
  const Report ignored = evaluate(plan);
  EXPECT_TRUE(test::has_issue(ignored, "recompute_layers_unused"));
  EXPECT_FALSE(test::has_issue(selective, "recompute_layers_unused"));
  EXPECT_EQ(ignored.training.memory.peak_gb, selective.training.memory.peak_gb);
  EXPECT_TRUE(std::isnan(ignored.training.settings.recompute_layers));
}

TEST(BlockRecompute, TheSearchTriesTheFewestLayersThatFitAndALimitTurnsItOff) {
  Plan plan = test::llama70b_on(64);
  const SearchReport s = search_plan(plan);
  ASSERT_TRUE(s.search.found);
  const double card_gb = 85.045477376;  // the H100 as deviceQuery reports it
  int block = 0;
  for (const auto& c : s.search.top) {
    if (!std::isfinite(c.recompute_layers)) continue;
    ++block;
    EXPECT_EQ(c.recompute, "full");
    // Tuned until memory runs out, it keeps the verdict's 10 % headroom: its range's high end
    // under it ("fits").
    EXPECT_LE(c.peak_high_gb, 0.9 * card_gb);
    EXPECT_EQ(c.verdict, "fits");
    // One layer fewer a chunk no longer fits within it.
    Plan fewer = test::candidate_plan(plan, c);
    fewer.recompute_layers = c.recompute_layers - 1;
    if (c.recompute_layers > 1) {
      EXPECT_GT(evaluate(fewer).training.memory.high_gb, 0.9 * card_gb);
    }
  }
  EXPECT_GT(block, 0);
  plan.search_limits = "rcl=0";
  const SearchReport off = search_plan(plan);
  ASSERT_TRUE(off.search.found);
  for (const auto& c : off.search.top) EXPECT_TRUE(std::isnan(c.recompute_layers));
  // Block recompute only adds faster variants: the best without it is no faster.
  EXPECT_GE(off.search.best.step_s, s.search.best.step_s);
}

}  // namespace
}  // namespace llm_sizer
