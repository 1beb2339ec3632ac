// The search's bound: a cluster search skips the pipeline splits whose step, bounded from below,
// cannot reach its top list or its Pareto front. Skipping must not change what it answers, so
// every case here is searched twice — with the bound, and with keep_all, which evaluates every
// layout — and the two answers must agree layout for layout, to the last bit of their steps.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "llm_sizer/layout_search.hpp"
#include "llm_sizer/report.hpp"

namespace llm_sizer {
namespace {

void expect_same(const LayoutCandidate& a, const LayoutCandidate& b, const std::string& where) {
  SCOPED_TRACE(where);
  EXPECT_EQ(a.tp, b.tp);
  EXPECT_EQ(a.pp, b.pp);
  EXPECT_EQ(a.dp, b.dp);
  EXPECT_EQ(a.cp, b.cp);
  EXPECT_EQ(a.ep, b.ep);
  EXPECT_EQ(a.etp, b.etp);
  EXPECT_EQ(a.vpp, b.vpp);
  EXPECT_EQ(a.micro_batch, b.micro_batch);
  EXPECT_EQ(a.zero, b.zero);
  EXPECT_EQ(a.recompute, b.recompute);
  EXPECT_EQ(a.sequence_parallel, b.sequence_parallel);
  EXPECT_EQ(a.stage_layers, b.stage_layers);
  EXPECT_EQ(a.step_s, b.step_s);
}

void expect_same_lists(const std::vector<LayoutCandidate>& a, const std::vector<LayoutCandidate>& b,
                       const std::string& what) {
  ASSERT_EQ(a.size(), b.size()) << what;
  for (std::size_t i = 0; i < a.size(); ++i)
    expect_same(a[i], b[i], what + " #" + std::to_string(i));
}

// Searches `plan` with the bound and without it; returns the bounded result.
SearchResult expect_bound_changes_nothing(const Plan& plan) {
  const SearchReport bounded = search_plan(plan);
  const SearchReport every = search_plan(plan, true);
  EXPECT_TRUE(bounded.search.found);
  EXPECT_EQ(every.search.skipped, 0);  // keep_all evaluates every layout
  expect_same(bounded.search.best, every.search.best, "best");
  expect_same_lists(bounded.search.top, every.search.top, "top");
  expect_same_lists(bounded.search.pareto, every.search.pareto, "pareto");
  return bounded.search;
}

TEST(SearchBound, Gpt3On1024H100SkipsSplitsAndAnswersTheSame) {
  Plan plan;
  plan.model = "gpt3-175b";
  plan.accelerator = "h100-80g";
  plan.cluster_gpus = 1024;
  const SearchResult r = expect_bound_changes_nothing(plan);
  EXPECT_GT(r.skipped, 0);
}

TEST(SearchBound, MoeWithExpertParallelismAndCostRankingAnswerTheSame) {
  Plan plan;
  plan.model = "qwen3-235b-a22b";
  plan.accelerator = "h100-80g";
  plan.cluster_gpus = 256;
  plan.tokens = 1e12;
  plan.objective = "cost";
  plan.search_limits = "tp=1,2 mb=1,2";  // keeps the test quick; EP and PP stay free
  const SearchResult r = expect_bound_changes_nothing(plan);
  EXPECT_GT(r.skipped, 0);
}

// Megatron overlaps the experts' all-to-alls only in an interleaved pipeline (step_time.cpp,
// stage_pass): a split bounded without interleaving pays them in full, so its bound must leave
// them out. Megatron-Bridge 26.06's DeepSeek-V3 on 256 GB200 (the flex dispatcher, the overlap
// and recompute of the MLA up-projections, as its recipe runs) found the published layout's
// split skipped while 1.4 % faster layouts than its answer went unseen.
TEST(SearchBound, InterleavedExpertOverlapAnswersTheSame) {
  Plan plan;
  plan.model = "deepseek-v3";
  plan.accelerator = "gb200";
  plan.cluster_gpus = 256;
  plan.global_batch = 4096;
  plan.seq_len = 4096;
  plan.recipe = "fp8-param";
  plan.fp8_recipe = "mxfp8";
  plan.recompute = "selective";
  plan.recompute_modules = "mla_up_proj";
  plan.moe_overlap = 1;
  plan.moe_flex_dispatcher = 1;
  // Keeps the test quick (PP, VPP and EP free); tight layouts in, as when this case was found,
  // and TP 2 beside 1: with fewer than ten layouts fitting nothing can be skipped.
  plan.search_limits = "tp=1,2 cp=1 mb=1 zero=1 tight=1";
  const SearchResult r = expect_bound_changes_nothing(plan);
  EXPECT_GT(r.skipped, 0);
}

TEST(SearchBound, BatchToleranceAndTokensPerSecondRankingAnswerTheSame) {
  Plan plan;  // no token count: ranked by seconds per token
  plan.model = "llama-3.1-8b";
  plan.accelerator = "a100-80g";
  plan.cluster_gpus = 64;
  plan.batch_tolerance = 0.1;
  const SearchResult r = expect_bound_changes_nothing(plan);
  EXPECT_GT(r.skipped, 0);
}

TEST(SearchBound, DeadlineSearchesSkipNothing) {
  // A deadline ranks by GPUs first, which a step bound does not order.
  Plan plan;
  plan.model = "llama-3.1-70b";
  plan.accelerator = "h200-141g";
  plan.global_batch = 1024;
  plan.tokens = 15e12;
  plan.deadline_days = 90;
  plan.search_limits = "tp=4,8";
  const SearchReport r = search_plan(plan);
  ASSERT_TRUE(r.search.found);
  EXPECT_EQ(r.search.skipped, 0);
}

}  // namespace
}  // namespace llm_sizer
