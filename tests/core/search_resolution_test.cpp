// How finely the search ranks: each row's step against the best's, and the validation's figures
// on how far published, tuned layouts sat from the search's best (search_resolution.hpp).
#include "llm_sizer/search_resolution.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "llm_sizer/report.hpp"

namespace llm_sizer {
namespace {

Plan gpt3_cluster() {
  Plan plan;  // GPT-3 175B on 1024 H100, the family's batch
  plan.cluster_gpus = 1024;
  plan.tokens = 300e9;
  return plan;
}

TEST(SearchResolution, EveryClusterRowSaysHowMuchSlowerThanTheBestItIs) {
  const SearchReport r = search_plan(gpt3_cluster());
  ASSERT_TRUE(r.search.found);
  EXPECT_EQ(r.search.best.step_vs_best, 0);
  ASSERT_GE(r.search.top.size(), 2u);
  // Ranked by time, so the first row is the best and the rest are no faster, in order.
  double previous = 0;
  for (const LayoutCandidate& c : r.search.top) {
    EXPECT_NEAR(c.step_vs_best, c.step_s / r.search.best.step_s - 1, 1e-12);
    EXPECT_GE(c.step_vs_best, previous);
    previous = c.step_vs_best;
  }
  EXPECT_EQ(r.search.top.front().step_vs_best, 0);
  for (const LayoutCandidate& c : r.search.pareto) {
    EXPECT_NEAR(c.step_vs_best, c.step_s / r.search.best.step_s - 1, 1e-12);
  }
  // --all's rows too; none is faster than the best that fits, save layouts that do not fit.
  const SearchReport all = search_plan(gpt3_cluster(), true);
  ASSERT_EQ(all.search.best.step_s, r.search.best.step_s);
  for (const LayoutCandidate& c : all.search.all) {
    EXPECT_NEAR(c.step_vs_best, c.step_s / all.search.best.step_s - 1, 1e-12);
    if (c.fits) EXPECT_GE(c.step_vs_best, -1e-12);
  }
}

TEST(SearchResolution, AClusterSearchCarriesTheValidationsFigures) {
  const SearchReport r = search_plan(gpt3_cluster());
  const SearchResolutionFigures f = search_resolution_figures(false);  // GPT-3 is dense
  ASSERT_TRUE(r.resolution.available);
  EXPECT_FALSE(r.resolution.moe);
  EXPECT_EQ(r.resolution.runs, f.runs);
  EXPECT_EQ(r.resolution.median_gap, f.median_gap);
  EXPECT_EQ(r.resolution.quartile_gap, f.quartile_gap);
  EXPECT_EQ(r.resolution.within_target, f.within_target);
  // Issue 12 asks every published layout to be within 10 % of the search's best.
  EXPECT_EQ(r.resolution.target_gap, 0.10);
  // A median, an upper quartile and a count over the same runs.
  EXPECT_GT(f.runs, 0);
  EXPECT_GE(f.median_gap, 0);
  EXPECT_LE(f.median_gap, f.quartile_gap);
  EXPECT_LE(f.within_target, f.runs);
  // Half the runs lie at or under the median: under a target above it lie at least as many.
  EXPECT_GE(f.within_target, f.median_gap <= f.target_gap ? f.runs / 2 : 0);
}

// Published MoE layouts sat further from the search's best than dense ones (docs/validation.md):
// a MoE model's search quotes the MoE runs' figures, not the dense runs'.
TEST(SearchResolution, AMixtureOfExpertsSearchCarriesTheMoeRunsFigures) {
  Plan plan = gpt3_cluster();
  plan.model = "mixtral-8x7b";
  plan.cluster_gpus = 64;
  const SearchReport r = search_plan(plan);
  ASSERT_TRUE(r.resolution.available);
  EXPECT_TRUE(r.resolution.moe);
  const SearchResolutionFigures moe = search_resolution_figures(true);
  EXPECT_EQ(r.resolution.runs, moe.runs);
  EXPECT_EQ(r.resolution.median_gap, moe.median_gap);
  EXPECT_EQ(r.resolution.quartile_gap, moe.quartile_gap);
  EXPECT_EQ(r.resolution.within_target, moe.within_target);
  EXPECT_GT(moe.runs, 0);
}

TEST(SearchResolution, ADeadlineSearchComparesNoSteps) {
  Plan plan;  // Llama 3.1 70B on H200, 15T tokens in 90 days at a batch of 1024 (issue 12)
  plan.model = "llama-3.1-70b";
  plan.accelerator = "h200-141g";
  plan.global_batch = 1024;
  plan.tokens = 15e12;
  plan.deadline_days = 90;
  const SearchReport r = search_plan(plan);
  ASSERT_TRUE(r.search.found);
  EXPECT_FALSE(r.resolution.available);
  EXPECT_TRUE(std::isnan(r.search.best.step_vs_best));
  for (const LayoutCandidate& c : r.search.top) EXPECT_TRUE(std::isnan(c.step_vs_best));
}

TEST(SearchResolution, ASearchThatFindsNothingSaysNothingOfItsRanking) {
  Plan plan = gpt3_cluster();
  plan.cluster_gpus = 8;  // 175B of weights and optimizer state do not fit on eight cards
  const SearchReport r = search_plan(plan);
  ASSERT_TRUE(r.ran);
  ASSERT_FALSE(r.search.found);
  EXPECT_FALSE(r.resolution.available);
}

}  // namespace
}  // namespace llm_sizer
