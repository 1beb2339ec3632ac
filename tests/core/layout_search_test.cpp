// The layout search: one global batch for every layout, every dimension people tune, limits,
// the deadline mode, and agreement with a brute force written apart from it.
#include "llm_sizer/layout_search.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "llm_sizer/layout_rules.hpp"
#include "llm_sizer/number_format.hpp"
#include "llm_sizer/report.hpp"
#include "llm_sizer/resolve.hpp"
#include "llm_sizer/step_time.hpp"
#include "test_support.hpp"

namespace llm_sizer {
namespace {

bool has_issue(const std::vector<Issue>& issues, std::string_view code) {
  return std::any_of(issues.begin(), issues.end(), [&](const Issue& i) { return i.code == code; });
}

// The best days of every layout the search could consider, without its shortcuts (every ZeRO
// stage and recompute mode, SP on and off, every interleaving depth, both splits), among those
// the memory verdict calls "fits" (or, with `tight`, also "tight": the point on the card).
double brute_force_best_days(const Plan& plan, double cluster, bool tight = false) {
  const ResolvedPlan resolved = resolve(plan);
  EXPECT_TRUE(resolved.training.ready);
  const TrainingTimeInputs base = resolved.training.inputs;
  const double batch = resolved.training.settings.global_batch;
  const Architecture& a = base.memory.arch;
  double best = HUGE_VAL;
  for (double tp : {1.0, 2.0, 4.0, 8.0}) {
    if (a.heads % static_cast<int>(tp) || a.kv_heads % static_cast<int>(tp)) continue;
    for (int pp = 1; pp <= a.layers && tp * pp <= cluster; ++pp) {
      for (double mb : {1.0, 2.0, 4.0, 8.0, 16.0}) {
        double dp = std::floor(cluster / (tp * pp));
        while (dp >= 1 && std::fmod(batch, mb * dp) != 0) dp -= 1;
        if (dp < 1) continue;
        const double m = batch / (mb * dp);
        std::vector<std::vector<int>> splits = {{}};
        TrainingTimeInputs probe = base;
        probe.memory.layout.tp = tp;
        probe.memory.layout.micro_batch = mb;
        const LayerCosts c = layer_costs(probe);
        const double layer = c.dense.fwd_s + c.dense.bwd_s;
        auto balanced = balanced_split(a.layers, pp, (c.first.fwd_s + c.first.bwd_s) / layer,
                                       (c.last.fwd_s + c.last.bwd_s) / layer);
        if (!balanced.empty()) splits.push_back(balanced);
        for (const auto& split : splits) {
          const auto layers = split_layers(a.layers, pp, split);
          const int fewest = *std::min_element(layers.begin(), layers.end());
          for (int v = 1; v <= (pp > 1 ? fewest : 1); ++v) {
            if (v > 1 && std::fmod(m, pp) != 0) continue;
            for (int zero = 0; zero <= 3; ++zero) {
              for (Recompute rc : {Recompute::kNone, Recompute::kSelective, Recompute::kFull}) {
                for (bool sp : {false, true}) {
                  TrainingTimeInputs in = base;
                  TrainingLayout& l = in.memory.layout;
                  l.tp = tp;
                  l.pp = pp;
                  l.dp = dp;
                  l.vpp = v;
                  l.stage_layers = split;
                  l.micro_batch = mb;
                  l.zero = zero;
                  l.recompute = rc;
                  l.sequence_parallel = sp && tp > 1;
                  l.microbatches = m;
                  in.global_batch = batch;
                  const TrainingMemory mem = training_memory(in.memory);
                  if (!mem.fits || (!tight && mem.verdict != Verdict::kFits)) continue;
                  double params = 0;
                  for (const auto& s : mem.stages) params = std::max(params, s.params_per_card);
                  best = std::min(best, training_time(in, params).days);
                }
              }
            }
          }
        }
      }
    }
  }
  return best;
}

using test::llama70b_on;

TEST(LayoutSearch, BestIsFeasibleAndNoEnumeratedLayoutBeatsIt) {
  const Plan plan = llama70b_on(64);
  const SearchReport s = search_plan(plan);
  ASSERT_TRUE(s.ran);
  ASSERT_TRUE(s.search.found);
  EXPECT_GT(s.search.evaluated, s.search.feasible);
  const double brute = brute_force_best_days(plan, 64);
  // Deeper interleaving is given up once it could no longer gain 0.5 % of the step: at most that
  // much is missed.
  EXPECT_LE(s.search.best.days, brute * 1.005);
  EXPECT_GE(s.search.best.days, brute * (1 - 1e-9));
  EXPECT_EQ(s.search.best.verdict, "fits");
}

// With "tight=1" the search ranks the layouts whose point fits the card, tight ones among them:
// Llama 3.1 70B on 64 H100 then finds a faster best than the one with room.
TEST(LayoutSearch, TightLayoutsJoinOnlyWhenTheLimitsLetThemIn) {
  Plan plan = llama70b_on(64);
  const SearchReport roomy = search_plan(plan);
  plan.search_limits = "tight=1";
  const SearchReport s = search_plan(plan);
  ASSERT_TRUE(s.search.found);
  EXPECT_TRUE(s.search.tight_allowed);
  EXPECT_FALSE(roomy.search.tight_allowed);
  const double brute = brute_force_best_days(plan, 64, true);
  EXPECT_LE(s.search.best.days, brute * 1.005);
  EXPECT_GE(s.search.best.days, brute * (1 - 1e-9));
  EXPECT_EQ(s.search.best.verdict, "tight");
  EXPECT_LT(s.search.best.days, roomy.search.best.days);
}

// Activation offload's copies show where they outlast a layer's compute, more without recompute
// (every saved tensor crosses the host link) than with it: the search ranks a layout's recompute
// modes and ZeRO stages by the whole step, as the plan of the row it returns evaluates.
TEST(LayoutSearch, OffloadedActivationsRankTheOptionsByTheWholeStep) {
  Plan plan;
  plan.model = "llama-3.1-8b";
  plan.accelerator = "h100-80g";
  plan.cluster_gpus = 8;
  plan.tp = 1;
  plan.pp = 1;
  plan.dp = 8;
  plan.micro_batch = 1;  // one sequence a GPU: without recompute too, it fits
  plan.seq_len = 8192;
  plan.global_batch = 32;
  plan.activation_offload = 1;
  plan.host_link_gbps = 16;  // PCIe 4 × 8: slow enough that the copies show
  const SearchReport s = search_plan(plan);
  ASSERT_TRUE(s.search.found);
  const LayoutCandidate& best = s.search.best;
  Plan layout = test::candidate_plan(plan, best);
  const Report chosen = evaluate(layout);
  ASSERT_TRUE(chosen.training.time_available);
  EXPECT_NEAR(chosen.training.time.step_s, best.step_s, 1e-9 * best.step_s);
  bool copies_show = false;  // some option of this layout pays for its copies
  for (const char* rc : {"none", "selective", "full"}) {
    for (double zero : {0.0, 1.0, 2.0, 3.0}) {
      layout.recompute = rc;
      layout.zero = zero;
      layout.recompute_layers.reset();  // every layer (block recompute is the full mode's)
      const Report other = evaluate(layout);
      if (!other.training.time_available || !other.training.memory.fits) continue;
      copies_show = copies_show || other.training.time.offload_s > 0;
      EXPECT_GE(other.training.time.step_s, best.step_s * (1 - 1e-9)) << rc << " ZeRO " << zero;
    }
  }
  EXPECT_TRUE(copies_show);
}

// The issue's first complaint: rows at 2048, 2040, 1984 sequences side by side.
TEST(LayoutSearch, EveryRowTrainsTheOneGlobalBatch) {
  Plan plan;  // GPT-3 175B, 1024 H100: the family's 1536 × 2048 tokens
  plan.cluster_gpus = 1024;
  plan.tokens = 300e9;
  const SearchReport s = search_plan(plan);
  ASSERT_TRUE(s.search.found);
  EXPECT_EQ(s.search.global_batch, 1536);
  const std::vector<LayoutCandidate> rows = test::listed_layouts(s.search);
  for (const auto& c : rows) {
    EXPECT_EQ(c.global_batch, 1536);
    EXPECT_EQ(c.microbatches * c.micro_batch * c.dp, 1536);
    EXPECT_LE(c.gpus, 1024);
    EXPECT_EQ(c.gpus, c.tp * c.pp * c.dp * c.cp);
    // The H100's capacity as its driver reports it (deviceQuery: 85,045,477,376 bytes).
    EXPECT_LE(c.peak_gb, 85.045477376);
  }
  // The top rows were 86-stage pipelines of a 96-layer model (one layer a stage): no longer.
  for (const auto& c : s.search.top) EXPECT_LE(c.pp, 48) << c.pp;
}

TEST(LayoutSearch, ABatchToleranceAcceptsNearbyBatchesAndShowsThem) {
  Plan plan = llama70b_on(1000);  // 1024 sequences: only powers of two divide it
  plan.global_batch = 1024;
  const SearchReport exact = search_plan(plan);
  plan.batch_tolerance = 0.1;
  const SearchReport loose = search_plan(plan);
  ASSERT_TRUE(exact.search.found && loose.search.found);
  for (const auto& c : exact.search.top) EXPECT_EQ(c.global_batch, 1024);
  bool other = false;
  for (const auto& c : loose.search.top) {
    EXPECT_LE(std::fabs(c.global_batch - 1024), 102.4);
    EXPECT_EQ(std::fmod(c.global_batch, c.micro_batch * c.dp), 0);
    other = other || c.global_batch != 1024;
  }
  EXPECT_TRUE(other);  // 1000 GPUs are used better by DPs that only divide a nearby batch
  EXPECT_EQ(exact.search.batch_tolerance, 0);
  EXPECT_EQ(loose.search.batch_tolerance, 0.1);
}

// Under a tolerance the rows train different batches, so a longer step may still be faster work:
// "vs best" is the time per sequence against the best's (the ranking's), and it grows down the
// list. Without one it is the step against the best's step.
TEST(LayoutSearch, VsBestComparesTimePerSequenceWhenBatchesDiffer) {
  Plan plan = llama70b_on(1000);
  plan.global_batch = 1000;
  plan.batch_tolerance = 0.05;
  const SearchReport loose = search_plan(plan);
  ASSERT_TRUE(loose.search.found);
  const LayoutCandidate& best = loose.search.best;
  double previous = -1;
  bool differs = false;
  for (const auto& c : loose.search.top) {
    const double per_sequence = (c.step_s / c.global_batch) / (best.step_s / best.global_batch);
    EXPECT_NEAR(c.step_vs_best, per_sequence - 1, 1e-12);
    EXPECT_GE(c.step_vs_best, previous - 1e-12);
    previous = c.step_vs_best;
    differs = differs || c.global_batch != best.global_batch;
  }
  EXPECT_TRUE(differs);  // the case this test is about
  plan.global_batch = 1024;
  plan.batch_tolerance = 0;
  const SearchReport exact = search_plan(plan);
  ASSERT_TRUE(exact.search.found);
  for (const auto& c : exact.search.top) {
    EXPECT_NEAR(c.step_vs_best, c.step_s / exact.search.best.step_s - 1, 1e-12);
  }
}

// A search that finds nothing says why: in a deadline search where layouts fit but none is fast
// enough at any DP the batch allows (1024 sequences: DP ≤ 1024), the deadline, not the card; where
// nothing fits (Llama-3.1-70B's 70B parameters on 3 H100 at 16 bytes each), the card.
TEST(LayoutSearch, FindingNothingSaysWhetherTheCardOrTheDeadlineIsWhy) {
  Plan plan = llama70b_on(0);
  plan.cluster_gpus.reset();
  plan.global_batch = 1024;
  plan.tokens = 15e12;
  plan.deadline_days = 0.01;
  const SearchReport late = search_plan(plan);
  ASSERT_TRUE(late.ran);
  EXPECT_FALSE(late.search.found);
  EXPECT_GT(late.search.feasible, 0);
  ASSERT_FALSE(late.issues.empty());
  EXPECT_EQ(late.issues.back().code, "search_deadline_unmet");
  EXPECT_EQ(late.issues.back().param("batch"), "1024");
  EXPECT_EQ(late.issues.back().param("feasible"), format_shortest(late.search.feasible));

  const SearchReport none = search_plan(llama70b_on(3));
  ASSERT_TRUE(none.ran);
  EXPECT_FALSE(none.search.found);
  EXPECT_EQ(none.search.feasible, 0);
  ASSERT_FALSE(none.issues.empty());
  EXPECT_EQ(none.issues.back().code, "search_nothing_fits");
}

// The issue's deadline case: Llama-3.1-70B, H200, batch 1024, 15T tokens. It said "No DP meets a
// 60/90/120-day deadline" and "0 layouts evaluated" although DP 512 finishes in about a month.
TEST(LayoutSearch, ADeadlineWithAFixedBatchFindsTheFewestGpus) {
  for (double days : {60.0, 90.0, 120.0}) {
    Plan plan;
    plan.model = "llama-3.1-70b";
    plan.accelerator = "h200-141g";
    plan.global_batch = 1024;
    plan.tokens = 15e12;
    plan.deadline_days = days;
    const SearchReport s = search_plan(plan);
    ASSERT_TRUE(s.search.min_gpus_found) << days;
    EXPECT_GT(s.search.evaluated, 0);
    EXPECT_LE(s.search.min_gpus.days, days);
    EXPECT_EQ(s.search.min_gpus.global_batch, 1024);
    const Report r = evaluate(plan);
    EXPECT_TRUE(std::isfinite(r.article_training.dp)) << days;
    EXPECT_FALSE(has_issue(r.issues, "deadline_unreachable")) << days;
  }
}

// Deadline mode against a brute force: every layout, every DP that divides the batch scanned
// upward one at a time, the fewest GPUs that meet the deadline.
TEST(LayoutSearch, DeadlineModeAgreesWithABruteForce) {
  Plan plan;
  plan.model = "llama-3.1-8b";
  plan.tokens = 1e12;
  plan.deadline_days = 20;
  plan.search_limits = "vpp=1 rc=none,full";  // keeps the brute force small
  const SearchReport s = search_plan(plan);
  ASSERT_TRUE(s.search.min_gpus_found);
  EXPECT_EQ(s.search.mode, "deadline");
  EXPECT_LE(s.search.min_gpus.days, 20);

  const ResolvedPlan resolved = resolve(plan);
  const TrainingTimeInputs base = resolved.training.inputs;
  const double batch = resolved.training.settings.global_batch;
  const Architecture& a = base.memory.arch;
  double fewest = HUGE_VAL;
  for (double tp : {1.0, 2.0, 4.0, 8.0}) {
    for (int pp = 1; pp <= a.layers; ++pp) {
      for (double mb : {1.0, 2.0, 4.0, 8.0, 16.0}) {
        for (Recompute rc : {Recompute::kNone, Recompute::kFull}) {
          for (int zero = 0; zero <= 3; ++zero) {
            TrainingTimeInputs in = base;
            TrainingLayout& l = in.memory.layout;
            l.tp = tp;
            l.pp = pp;
            l.micro_batch = mb;
            l.recompute = rc;
            l.zero = zero;
            l.sequence_parallel = tp > 1;
            in.global_batch = batch;
            const LayerCosts c = layer_costs(in);
            const double layer = c.dense.fwd_s + c.dense.bwd_s;
            std::vector<std::vector<int>> splits = {{}};
            auto balanced = balanced_split(a.layers, pp, (c.first.fwd_s + c.first.bwd_s) / layer,
                                           (c.last.fwd_s + c.last.bwd_s) / layer);
            if (!balanced.empty()) splits.push_back(balanced);
            for (const auto& split : splits) {
              l.stage_layers = split;
              for (double dp = 1; tp * pp * dp < fewest && mb * dp <= batch; ++dp) {
                if (std::fmod(batch, mb * dp) != 0) continue;
                l.dp = dp;
                l.microbatches = batch / (mb * dp);
                in.model_flops_per_token = 0;
                const TrainingMemory m = training_memory(in.memory);
                if (!m.fits) continue;
                double params = 0;
                for (const auto& st : m.stages) params = std::max(params, st.params_per_card);
                if (training_time(in, params).days <= 20) {
                  fewest = tp * pp * dp;
                  break;
                }
              }
            }
          }
        }
      }
    }
  }
  EXPECT_EQ(s.search.min_gpus.gpus, fewest);
  for (const auto& c : s.search.top) EXPECT_GE(c.gpus, s.search.min_gpus.gpus);
}

TEST(LayoutSearch, GivenInputsAndLimitsBoundEveryDimension) {
  Plan plan;
  plan.cluster_gpus = 1024;
  plan.tokens = 300e9;
  plan.tp = 8;  // `search --tp 8`
  plan.search_limits = "pp=4..16 mb=1,2 zero=..1";
  const SearchReport s = search_plan(plan);
  ASSERT_TRUE(s.search.found);
  const std::vector<LayoutCandidate> rows = test::listed_layouts(s.search);
  for (const auto& c : rows) {
    EXPECT_EQ(c.tp, 8);
    EXPECT_GE(c.pp, 4);
    EXPECT_LE(c.pp, 16);
    EXPECT_TRUE(c.micro_batch == 1 || c.micro_batch == 2);
    EXPECT_LE(c.zero, 1);
  }
}

TEST(LayoutSearch, MalformedLimitsAreNamedAndTheSearchDoesNotRun) {
  Plan plan;
  plan.cluster_gpus = 1024;
  plan.tokens = 300e9;
  // A switch (sp, uneven, tight) is 0 or 1: "tight=2" would otherwise keep tight layouts out
  // without a word.
  plan.search_limits = "pp=16..4 tq=8 tight=2 sp=0..3 uneven=1 experts=x experts=..64";
  const SearchReport s = search_plan(plan);
  EXPECT_FALSE(s.ran);
  std::vector<std::string> named;
  for (const auto& issue : s.issues) {
    if (issue.code == "search_limits_invalid") named.push_back(issue.param("value"));
  }
  EXPECT_EQ(named,
            (std::vector<std::string>{"pp=16..4", "tq=8", "tight=2", "sp=0..3", "experts=x"}));
  // The plan itself still evaluates: a limit of the search is not an input of the layout.
  EXPECT_TRUE(evaluate(plan).training.available);
}

// Limits that leave a dimension no value (two that share none, or one beside a fixed layout
// input it excludes) are named, with the dimension, and the search does not run: it once
// evaluated nothing and said no layout fits the card. Ranges that only narrow are no error.
TEST(LayoutSearch, LimitsThatLeaveADimensionNoValueAreNamed) {
  const auto empty_ones = [](const Plan& plan) {
    const SearchReport s = search_plan(plan);
    std::vector<std::string> named;
    for (const auto& issue : s.issues) {
      if (issue.code == "search_limits_empty") {
        named.push_back(issue.param("value") + " " + issue.param("name"));
      }
    }
    return std::pair{s.ran, named};
  };
  Plan plan;
  plan.cluster_gpus = 1024;
  plan.tokens = 300e9;
  plan.search_limits = "tp=8 pp=4..16 tp=4 pp=20.. mb=1,2 mb=2";
  const auto [ran, named] = empty_ones(plan);
  EXPECT_FALSE(ran);
  EXPECT_EQ(named, (std::vector<std::string>{"tp=4 tp", "pp=20.. pp"}));
  plan.search_limits = "tp=4";
  plan.tp = 8;  // `search --tp 8 --limit tp=4`
  EXPECT_EQ(empty_ones(plan).second, (std::vector<std::string>{"tp=4 tp"}));
  plan.search_limits = "tp=2..8 tp=8";
  const auto narrowed = empty_ones(plan);
  EXPECT_TRUE(narrowed.first);
  EXPECT_TRUE(narrowed.second.empty());
}

// The routed experts per GPU default to at most the 32 a validated run held
// (kMostValidatedExpertsPerGpu); the first "experts=" entry replaces that default and later ones
// narrow it, as "tight=" does.
TEST(LayoutSearch, TheExpertsLimitReplacesItsDefault) {
  SearchLimits plain;
  EXPECT_TRUE(plain.experts.allows(kMostValidatedExpertsPerGpu));
  EXPECT_FALSE(plain.experts.allows(kMostValidatedExpertsPerGpu + 1));
  SearchLimits wider;
  EXPECT_TRUE(parse_search_limits("experts=..64", wider).empty());
  EXPECT_TRUE(wider.experts.allows(64));
  EXPECT_FALSE(wider.experts.allows(65));
  SearchLimits any;
  EXPECT_TRUE(parse_search_limits("experts=0..", any).empty());
  EXPECT_TRUE(any.experts.allows(256));
  SearchLimits both;
  EXPECT_TRUE(parse_search_limits("experts=..64 experts=16..", both).empty());
  EXPECT_FALSE(both.experts.allows(8));
  EXPECT_TRUE(both.experts.allows(16));
  EXPECT_FALSE(both.experts.allows(128));
}

// DeepSeek-V3 on 2,048 H800 returned EP unset: its 671B parameters only fit with the experts
// spread.
TEST(LayoutSearch, ExpertParallelismIsSearchedForMixtureOfExperts) {
  Plan plan;
  plan.model = "deepseek-v3";
  plan.accelerator = "h800-80g";
  plan.recipe = "fp8";
  plan.cluster_gpus = 2048;
  plan.tokens = 14.8e12;
  plan.search_limits = "tp=1,2 mb=1";  // keeps the test quick; EP stays free
  const SearchReport s = search_plan(plan);
  ASSERT_TRUE(s.search.found);
  EXPECT_GT(s.search.best.ep, 1);
  EXPECT_EQ(std::fmod(256, s.search.best.ep), 0);
  EXPECT_EQ(std::fmod(s.search.best.dp * s.search.best.cp * s.search.best.tp,
                      s.search.best.ep * s.search.best.etp),
            0);
}

TEST(LayoutSearch, RunInStepsItGivesTheResultOfOneRun) {
  const Plan plan = llama70b_on(64);
  const SearchSetup setup = prepare_search(plan);
  ASSERT_TRUE(setup.ready);
  const SearchResult whole = search_layouts(setup.base, setup.options);
  LayoutSearch steps(setup.base, setup.options);
  int calls = 0;
  while (!steps.run(7)) ++calls;
  EXPECT_GT(calls, 3);
  EXPECT_EQ(steps.done(), steps.total());
  const SearchResult r = steps.result();
  EXPECT_EQ(r.evaluated, whole.evaluated);
  EXPECT_EQ(r.best.step_s, whole.best.step_s);
  EXPECT_EQ(r.top.size(), whole.top.size());
}

TEST(LayoutSearch, AllListsEveryEvaluatedLayoutFittingOrNot) {
  const SearchReport s = search_plan(llama70b_on(64), true);
  ASSERT_TRUE(s.search.found);
  EXPECT_EQ(static_cast<double>(s.search.all.size()), s.search.evaluated);
  const auto fits = std::count_if(s.search.all.begin(), s.search.all.end(),
                                  [](const LayoutCandidate& c) { return c.fits; });
  EXPECT_EQ(static_cast<double>(fits), s.search.feasible);
  EXPECT_LT(fits, static_cast<long>(s.search.all.size()));
}

// The layouts the search lists carry the point estimate of peak memory, the range's high end and
// the verdict, the same as the memory panel gives each layout as a plan of its own; the search
// keeps those that fit with the headroom ("fits"), and with "tight=1" those whose point fits the
// card. Qwen3-235B-A22B on 256 H100 in FP8: its fastest layouts with tight ones let in fill the
// card to within 1–2 %, their high end past the 90 % headroom.
TEST(LayoutSearch, ListedLayoutsCarryTheMemoryRangeOfTheirPlan) {
  Plan plan;
  plan.model = "qwen3-235b-a22b";
  plan.accelerator = "h100-80g";
  plan.recipe = "fp8-param";
  plan.seq_len = 4096;
  plan.global_batch = 2048;
  plan.cluster_gpus = 256;
  for (const char* limits : {"", "tight=1"}) {
    plan.search_limits = limits;
    const SearchReport s = search_plan(plan);
    ASSERT_TRUE(s.search.found) << limits;
    const std::vector<LayoutCandidate> rows = test::listed_layouts(s.search);
    int tight = 0;
    for (const auto& c : rows) {
      const Report r = evaluate(test::candidate_plan(plan, c));
      ASSERT_TRUE(r.training.available);
      const MemoryBreakdown& m = r.training.memory;
      EXPECT_NEAR(c.peak_gb, m.peak_gb, 1e-9 * m.peak_gb);
      EXPECT_NEAR(c.peak_high_gb, m.high_gb, 1e-9 * m.high_gb);
      EXPECT_EQ(c.verdict, m.verdict);
      EXPECT_NE(c.verdict, "does_not_fit");
      tight += c.verdict == "tight";
    }
    if (*limits == '\0') {
      EXPECT_EQ(tight, 0);
    } else {
      EXPECT_GT(tight, 0);
    }
  }
  // --all lists every layout evaluated, fitting or not, with its range and verdict too; the
  // ones it kept are those the verdict says fit with the headroom.
  const SearchReport all = search_plan(llama70b_on(64), true);
  ASSERT_FALSE(all.search.all.empty());
  for (const auto& c : all.search.all) {
    EXPECT_GE(c.peak_high_gb, c.peak_gb);
    EXPECT_EQ(c.fits, c.verdict == "fits") << c.peak_gb << " " << c.peak_high_gb;
  }
}

// Megatron's interleaved schedule needs a group of N ∈ [PP, M] micro-batches with M mod N 0 or
// at least PP (schedules.py; microbatch_group_test.cpp): every interleaved layout the search
// evaluates has one, and the search no longer keeps to multiples of PP, N = PP's only case.
TEST(LayoutSearch, InterleavingOnlyWithAGroupTheScheduleAccepts) {
  const SearchReport s = search_plan(llama70b_on(256), true);
  int beyond_default = 0;
  for (const auto& c : s.search.all) {
    if (c.vpp <= 1) continue;
    const double group = microbatch_group(c.microbatches, c.pp, true);
    EXPECT_GE(group, c.pp) << c.pp << " " << c.microbatches;
    beyond_default += group > c.pp;
  }
  EXPECT_GT(beyond_default, 0);
}

// Megatron-LM before uneven pipelines (commit fa8bb59, 2024-09-05) asserts that PP divides the
// layers and that each stage's layers divide into the virtual stages (arguments.py); `uneven=0`
// searches what such a framework can run, and the search without it tries more.
TEST(LayoutSearch, EvenSplitsOnlyWhenUnevenPipelinesAreLimitedOut) {
  const auto uneven = [](const LayoutCandidate& c) {
    const int layers = 80;  // Llama 3.1 70B
    const int per_stage = layers / static_cast<int>(c.pp);
    return layers % static_cast<int>(c.pp) != 0 || !c.stage_layers.empty() ||
           per_stage % static_cast<int>(c.vpp) != 0;
  };
  const SearchReport free = search_plan(llama70b_on(256), true);
  ASSERT_TRUE(free.search.found);
  EXPECT_TRUE(std::any_of(free.search.all.begin(), free.search.all.end(), uneven));

  Plan plan = llama70b_on(256);
  plan.search_limits = "uneven=0";
  const SearchReport even = search_plan(plan, true);
  ASSERT_TRUE(even.search.found);
  EXPECT_LT(even.search.evaluated, free.search.evaluated);
  EXPECT_TRUE(std::none_of(even.search.all.begin(), even.search.all.end(), uneven));
}

TEST(LayoutSearch, TheParetoFrontOnlyAddsGpusToGoFaster) {
  Plan plan;
  plan.cluster_gpus = 1024;
  plan.tokens = 300e9;
  const SearchReport s = search_plan(plan);
  for (std::size_t i = 1; i < s.search.pareto.size(); ++i) {
    EXPECT_GT(s.search.pareto[i].gpus, s.search.pareto[i - 1].gpus);
    EXPECT_LT(s.search.pareto[i].days, s.search.pareto[i - 1].days);
  }
}

// The search skips a variant that needs no less memory than one that did not fit: less
// recompute, a lower ZeRO stage among 0–2 or fewer DP ranks (same batch) never lowers the peak.
// (ZeRO-3 holds gather buffers, so over few ranks it can need more than ZeRO-2: the search
// compares it only with itself.) A memory model that broke this would make the search skip
// layouts that fit; this checks it holds.
TEST(LayoutSearch, MemoryNeverFallsWithLessRecomputeLowerZeroOrFewerReplicas) {
  struct Case {
    const char* model;
    double tp, pp, ep, batch;
  };
  const Case cases[] = {{"gpt3-175b", 8, 8, 1, 1536},
                        {"llama-3.1-70b", 4, 4, 1, 1024},
                        {"mixtral-8x7b", 2, 4, 8, 1024},
                        {"deepseek-v3", 2, 16, 16, 15360}};  // EP·ETP tiles DP·TP (rule)
  for (const Case& k : cases) {
    Plan plan;
    plan.model = k.model;
    const ResolvedPlan resolved = resolve(plan);
    ASSERT_TRUE(resolved.training.ready) << k.model;
    TrainingMemoryInputs base = resolved.training.inputs.memory;
    TrainingLayout& l = base.layout;
    l.tp = k.tp;
    l.pp = k.pp;
    l.ep = k.ep;
    l.etp = 1;
    l.vpp = 1;
    l.stage_layers.clear();
    const Recompute modes[] = {Recompute::kNone, Recompute::kSelective, Recompute::kFull};
    for (double mb : {1.0, 4.0}) {
      for (double dp : {8.0, 16.0, 64.0}) {
        for (int r = 0; r < 3; ++r) {
          for (int zero = 0; zero <= 3; ++zero) {
            const auto peak = [&](int rc, int z, double d) {
              TrainingMemoryInputs in = base;
              in.layout.micro_batch = mb;
              in.layout.dp = d;
              in.layout.microbatches = k.batch / (mb * d);
              in.layout.recompute = modes[rc];
              in.layout.zero = z;
              return training_peak(in).bytes;
            };
            const double here = peak(r, zero, dp);
            const std::string where = std::string(k.model) + " mb " + std::to_string(mb) + " dp " +
                                      std::to_string(dp) + " rc " + std::to_string(r) + " zero " +
                                      std::to_string(zero);
            if (r < 2) EXPECT_GE(here, peak(r + 1, zero, dp) * (1 - 1e-12)) << where;
            if (zero < 2) EXPECT_GE(here, peak(r, zero + 1, dp) * (1 - 1e-12)) << where;
            EXPECT_GE(here, peak(r, zero, dp * 2) * (1 - 1e-12)) << where;
          }
        }
      }
    }
  }
}

// is_multiple (the rulebook's divisibility, one division instead of fmod) against integer
// remainders: small layouts exhaustively, and pairs near 2^52 where a quotient's rounding is
// largest.
TEST(Rulebook, IsMultipleAgreesWithIntegerRemainders) {
  for (long long a = 0; a <= 3000; ++a) {
    for (long long b = 1; b <= 130; ++b) {
      ASSERT_EQ(is_multiple(static_cast<double>(a), static_cast<double>(b)), a % b == 0)
          << a << " / " << b;
    }
  }
  const long long big = 1LL << 51;
  for (long long b : {3LL, 7LL, 1000003LL, (1LL << 26) + 1}) {
    for (long long a = big - 2 * b; a <= big + 2 * b; a += (b > 100 ? b / 7 + 1 : 1)) {
      ASSERT_EQ(is_multiple(static_cast<double>(a), static_cast<double>(b)), a % b == 0)
          << a << " / " << b;
    }
  }
  EXPECT_FALSE(is_multiple(10, 0));
  EXPECT_FALSE(is_multiple(-4, 2));
}

// torchtitan's op-level checkpointing ("op") is searched when the plan names it: every listed
// layout keeps it, with the memory and step time of its own plan (the search once crashed on
// it: its mode had no index). Limits that leave no recompute mode find nothing, and say so.
TEST(LayoutSearch, OpLevelRecomputeIsSearchedWhenNamed) {
  Plan plan;
  plan.model = "llama-3.1-8b";
  plan.accelerator = "a100-80g";
  plan.framework = "pytorch";
  plan.seq_len = 8192;
  plan.global_batch = 64;
  plan.cluster_gpus = 64;
  plan.recompute = "op";
  plan.search_limits = "pp=1..2 mb=1,2";
  const SearchReport s = search_plan(plan);
  ASSERT_TRUE(s.search.found);
  std::vector<LayoutCandidate> rows = s.search.top;
  rows.push_back(s.search.best);
  for (const auto& c : rows) {
    EXPECT_EQ(c.recompute, "op");
    const Report r = evaluate(test::candidate_plan(plan, c));
    ASSERT_TRUE(r.training.time_available);
    EXPECT_NEAR(c.step_s, r.training.time.step_s, 1e-9 * c.step_s);
    EXPECT_NEAR(c.peak_high_gb, r.training.memory.high_gb, 1e-9 * c.peak_high_gb);
    EXPECT_GT(r.training.time.recompute_s, 0);
  }
  plan.recompute.clear();
  plan.search_limits = "rc=op";  // a limit may name it too
  const SearchReport named = search_plan(plan);
  ASSERT_TRUE(named.search.found);
  EXPECT_EQ(named.search.best.recompute, "op");
  plan.recompute = "none";
  plan.search_limits = "rc=full";  // the plan's mode and the limit leave nothing
  const SearchReport none = search_plan(plan);
  EXPECT_FALSE(none.search.found);
  EXPECT_EQ(none.search.evaluated, 0);
}

}  // namespace
}  // namespace llm_sizer
