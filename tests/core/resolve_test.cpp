// One resolved plan: every input means one thing on every panel, automatic values are always
// valid, refused inputs are named once and never used. Each test is a finding of issue 11 that
// failed before resolution was one step.
#include "llm_sizer/resolve.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <tuple>

#include "llm_sizer/hf_config.hpp"
#include "llm_sizer/layout_rules.hpp"
#include "llm_sizer/layout_search.hpp"
#include "llm_sizer/model.hpp"
#include "llm_sizer/number_format.hpp"
#include "llm_sizer/plan_codec.hpp"
#include "llm_sizer/plan_fields.hpp"
#include "llm_sizer/report.hpp"
#include "test_support.hpp"

namespace llm_sizer {
namespace {

const Issue* find_issue(const std::vector<Issue>& issues, const std::string& code) {
  for (const auto& i : issues) {
    if (i.code == code) return &i;
  }
  return nullptr;
}

// Qwen2.5-7B has 28 attention heads and 4 K/V heads (Qwen/Qwen2.5-7B config.json): TP 8 would
// split a head, so the automatic TP is 4, the largest size within a node of 8 dividing both.
TEST(Resolve, AutomaticTpDividesTheHeads) {
  Plan plan;
  plan.model = "qwen2.5-7b";
  const Report r = evaluate(plan);
  EXPECT_FALSE(has_error(r.issues)) << r.issues.front().code;
  EXPECT_EQ(r.article_training.tp, 4);
  EXPECT_TRUE(r.training.available);
  EXPECT_EQ(r.training.settings.tp, 4);
  EXPECT_EQ(r.article_training.total_gpus, 4 * r.article_training.pp);
  const ResolvedInput* tp = nullptr;
  for (const auto& i : r.inputs) {
    if (i.field == "tp") tp = &i;
  }
  ASSERT_NE(tp, nullptr);
  EXPECT_EQ(tp->source, InputSource::kAutomatic);
  EXPECT_EQ(tp->value, 4);
  // The article's own models keep the node's size: GPT-3's 96 heads divide by 8.
  EXPECT_EQ(evaluate(Plan{}).article_training.tp, 8);
}

// The same model imported from its config.json (a custom architecture) gets the same TP.
TEST(Resolve, AnImportedConfigGetsAValidAutomaticTpToo) {
  Plan plan;
  ASSERT_TRUE(apply_hf_import(import_hf_config(test::read_fixture_text("hf/qwen2.5-7b.json")), plan)
                  .empty());
  const Report r = evaluate(plan);
  EXPECT_FALSE(has_error(r.issues));
  EXPECT_EQ(r.article_training.tp, 4);
  EXPECT_TRUE(r.training.available);
}

TEST(Resolve, AGivenTpThatSplitsAHeadIsRefusedWithTheValidChoices) {
  Plan plan;
  plan.model = "qwen2.5-7b";
  plan.tp = 8;
  const Report r = evaluate(plan);
  const Issue* issue = find_issue(r.issues, "tp_not_divisor");
  ASSERT_NE(issue, nullptr);
  EXPECT_EQ(issue->field, "tp");
  EXPECT_EQ(issue->param("valid"), "1, 2, 4");  // the divisors of gcd(28, 4)
  // Refused means unknown on every panel, not 8 GPUs on one and blank on another.
  EXPECT_TRUE(std::isnan(r.article_training.total_gpus));
  EXPECT_FALSE(r.training.available);
}

TEST(Resolve, ParametersThatContradictThePresetsArchitectureAreRefused) {
  Plan plan;  // GPT-3 175B counts 174.6 × 10⁹ parameters
  plan.params = 70e9;
  const Report r = evaluate(plan);
  const Issue* issue = find_issue(r.issues, "params_conflicts_architecture");
  ASSERT_NE(issue, nullptr);
  EXPECT_EQ(issue->field, "params");
  EXPECT_TRUE(std::isnan(r.article_training.model_state_gb));
}

TEST(Resolve, AHeadlineCountCloseToTheArchitectureIsTheArticlesN) {
  Plan plan;
  plan.model = "llama-3.1-70b";  // 70.55 × 10⁹ counted; "70B" as the model card says
  plan.params = 70e9;
  const Report r = evaluate(plan);
  EXPECT_EQ(find_issue(r.issues, "params_conflicts_architecture"), nullptr);
  EXPECT_EQ(r.article_training.model_state_gb, 840);  // 70 × 10⁹ × 12 B
}

TEST(Resolve, ChangingThePresetsArchitectureChangesTheArticlesCountToo) {
  Plan plan;
  plan.arch_layers = 48;  // half of GPT-3's layers
  const Report r = evaluate(plan);
  const double counted = r.setup.counts.total;
  EXPECT_LT(counted, 100e9);
  EXPECT_EQ(r.setup.params, counted);
  EXPECT_NEAR(r.article_training.model_state_gb, counted * 12 / 1e9, 1e-6);
}

TEST(Resolve, OneWeightFormatDrivesBothInferencePanels) {
  Plan plan;
  plan.model = "qwen2.5-32b";
  plan.infer_weights = "fp8";
  const Report r = evaluate(plan);
  // The article's W = N × b_w with the format's 1 byte: 32.76 × 10⁹ × 1 B.
  EXPECT_NEAR(r.article_inference.weights_gb, 32.76, 1e-9);
  EXPECT_EQ(r.inference.settings.weight_bits, 8);
  EXPECT_EQ(find_issue(r.issues, "weight_bytes_article_only"), nullptr);
  // A given article b_w that disagrees is said, not silent.
  plan.weight_bytes_per_param = 2;
  EXPECT_NE(find_issue(evaluate(plan).issues, "weight_bytes_article_only"), nullptr);
}

TEST(Resolve, OneLoadDrivesBothServingViews) {
  // The fleet's concurrent requests set the node view's target when that is not given, and the
  // node view's target the fleet's: whichever the user typed, both halves serve the same load.
  Plan plan;
  plan.model = "llama-3.1-70b";
  plan.accelerator = "h100-80g";
  plan.infer_concurrency = 64;
  const ResolvedPlan fleet_given = resolve(plan);
  EXPECT_EQ(fleet_given.serving.settings.target_concurrency, 64);
  EXPECT_EQ(fleet_given.serving.settings.concurrency, 64);
  plan.infer_concurrency.reset();
  plan.infer_target_concurrency = 48;
  const ResolvedPlan target_given = resolve(plan);
  EXPECT_EQ(target_given.serving.settings.concurrency, 48);
  // A refused load is named at its field; the node view keeps serving the batch.
  plan.infer_target_concurrency.reset();
  plan.infer_concurrency = -3;
  const ResolvedPlan refused = resolve(plan);
  EXPECT_EQ(find_input(refused, "concurrency")->source, InputSource::kRefused);
  EXPECT_EQ(refused.serving.settings.target_concurrency, 1);
  plan.infer_target_concurrency = 48;
  // Both given: each keeps its own, and without either the batch sets both.
  plan.infer_concurrency = 64;
  EXPECT_EQ(resolve(plan).serving.settings.target_concurrency, 48);
  plan = {};
  plan.model = "llama-3.1-70b";
  plan.infer_batch = 4;
  EXPECT_EQ(resolve(plan).serving.settings.target_concurrency, 4);
  EXPECT_EQ(resolve(plan).serving.settings.concurrency, 4);
}

TEST(Resolve, AVersionOneLinkKeepsItsArticleBytesPerWeight) {
  const DecodedLink link = decode_link(
      "./#v=1&lang=zh&m=qwen2.5-32b&a=h100-80g&i.w=fp8&i.kv=fp8&i.bs=16&i.ctx=8192&i.conc=200");
  EXPECT_EQ(link.plan.weight_bytes_per_param, 2);
  const Report r = evaluate(link.plan);
  EXPECT_NEAR(r.article_inference.weights_gb, 65.52, 1e-9);  // as issued: 32.76 × 10⁹ × 2 B
  EXPECT_NE(find_issue(r.issues, "weight_bytes_article_only"), nullptr);
}

// The search once read "is the deadline refused?" from the plan's issues, where an unreachable
// deadline had been filed as an error on the deadline field: both were given, and it said it
// needed them.
TEST(Resolve, TheSearchTakesADeadlineTheTimeModelCannotMeet) {
  Plan plan;
  plan.model = "llama-3.1-8b";
  plan.tp = 1;
  plan.pp = 1;
  plan.tokens = 1e15;
  plan.deadline_days = 3;
  const SearchReport s = search_plan(plan);
  EXPECT_EQ(find_issue(s.issues, "search_needs_target"), nullptr);
  EXPECT_TRUE(s.ran);
  EXPECT_EQ(s.search.mode, "deadline");
  const Report r = evaluate(plan);
  const Issue* unmet = find_issue(r.issues, "deadline_unreachable");
  ASSERT_NE(unmet, nullptr);
  EXPECT_EQ(unmet->severity, Severity::kWarning);  // a result, not a refused input
}

TEST(Resolve, TheDeadlinesDataParallelismNeverExceedsItsMaximum) {
  Plan plan;
  plan.model = "llama-3.1-8b";
  plan.tokens = 1e13;
  plan.deadline_days = 1;
  const ResolvedPlan resolved = resolve(plan);
  TrainingTimeInputs in;
  TrainingSettings settings;
  std::vector<Issue> issues;
  ASSERT_TRUE(training_layout(resolved, 1, 1, 1, in, settings, issues));
  // ~6 × 8 × 10⁹ × 10¹³ FLOPs in a day needs thousands of replicas: with at most 16 there are
  // none, and the answer must say so rather than return a DP above the bound.
  const double capped = dp_for_deadline(in, 1, false, 16);
  EXPECT_TRUE(std::isnan(capped));
  const double free = dp_for_deadline(in, 1, false);
  ASSERT_TRUE(std::isfinite(free));
  EXPECT_GT(free, 16);
  EXPECT_LE(free, kMaxSearchDataParallel);
}

// Interleaving puts VPP model chunks of whole layers on every stage: Llama 3.1 8B's 32 layers
// over PP 3 (10, 11, 11) take up to 10 chunks, unevenly filled, and no more.
TEST(Rulebook, InterleavingNeedsALayerPerChunkAndNothingMore) {
  Plan plan;
  plan.model = "llama-3.1-8b";
  plan.pp = 3;
  plan.vpp = 2;
  EXPECT_EQ(find_issue(evaluate(plan).issues, "vpp_exceeds_layers"), nullptr);
  plan.vpp = 11;
  EXPECT_NE(find_issue(evaluate(plan).issues, "vpp_exceeds_layers"), nullptr);
  // Llama 3 405B's 126 layers over 16 stages, interleaved: inexpressible before.
  Plan big;
  big.model = "llama-3.1-405b";
  big.pp = 16;
  big.vpp = 4;
  big.stage_layers = "7,8,8,8,8,8,8,8,8,8,8,8,8,8,8,7";
  EXPECT_FALSE(has_error(evaluate(big).issues));
  plan.vpp.reset();
  plan.pp.reset();
  plan.cluster_gpus = 48;
  plan.tokens = 1e12;
  const SearchReport s = search_plan(plan, true);
  ASSERT_TRUE(s.search.found);
  for (const auto& c : s.search.all) {
    const auto split = split_layers(32, static_cast<int>(c.pp), parse_stage_layers(c.stage_layers));
    EXPECT_LE(c.vpp, *std::min_element(split.begin(), split.end()));
  }
}

// Every layout the search returns, planned directly, is valid and has the same numbers.
TEST(Rulebook, EveryLayoutTheSearchReturnsIsAValidPlanWithTheSameNumbers) {
  // Dense, MoE with EP/ETP searched (DeepSeek-V3 on the H800s it was trained on), a long
  // sequence (CP), and a deadline (each layout with its own DP).
  struct Case {
    const char* model;
    const char* accelerator;
    double cluster, batch, seq, deadline;
  };
  const Case cases[] = {{"llama-3.1-70b", "h100-80g", 256, 1024, 0, 0},
                        {"gpt3-175b", "h100-80g", 256, 1024, 0, 0},
                        {"mixtral-8x7b", "h100-80g", 256, 1024, 0, 0},
                        {"deepseek-v3", "h800-80g", 2048, 15360, 0, 0},
                        {"llama-3.1-8b", "h100-80g", 64, 64, 131072, 0},
                        {"llama-3.1-70b", "h200-141g", 0, 1024, 0, 90}};
  // The dimensions this checks must appear among the layouts checked.
  bool cp = false, ep = false, vpp = false, uneven = false, partial = false;
  for (const Case& k : cases) {
    const char* model = k.model;
    SCOPED_TRACE(std::string(model) + " on " + k.accelerator);
    Plan plan;
    plan.model = model;
    plan.accelerator = k.accelerator;
    if (k.cluster > 0) plan.cluster_gpus = k.cluster;
    if (k.deadline > 0) plan.deadline_days = k.deadline;
    if (k.seq > 0) plan.seq_len = k.seq;
    plan.tokens = k.deadline > 0 ? 15e12 : 1e12;
    plan.global_batch = k.batch;
    const SearchReport s = search_plan(plan);
    ASSERT_TRUE(s.search.found);
    const std::vector<LayoutCandidate> layouts = test::listed_layouts(s.search);
    for (const auto& c : layouts) {
      const Plan check = test::candidate_plan(plan, c);
      const Report r = evaluate(check);
      ASSERT_FALSE(has_error(r.issues)) << encode_link(check) << " " << r.issues.front().code;
      ASSERT_TRUE(r.training.available) << encode_link(check);
      EXPECT_EQ(r.training.settings.global_batch, k.batch);
      EXPECT_NEAR(r.training.memory.peak_gb, c.peak_gb, 1e-9 * c.peak_gb);
      EXPECT_NEAR(r.training.time.step_s, c.step_s, 1e-6 * c.step_s);
      cp = cp || c.cp > 1;
      ep = ep || c.ep > 1;
      vpp = vpp || c.vpp > 1;
      uneven = uneven || !c.stage_layers.empty();
      partial = partial || std::isfinite(c.recompute_layers);
    }
  }
  EXPECT_TRUE(cp);
  EXPECT_TRUE(ep);
  EXPECT_TRUE(vpp);
  EXPECT_TRUE(uneven);
  EXPECT_TRUE(partial);  // full recompute of some layers of each chunk
}

// libc++ (the page) and libstdc++ (the CLI) order equal elements apart; the ranking must not
// depend on that.
TEST(Rulebook, TiedLayoutsRankInOneOrder) {
  Plan plan;
  plan.model = "llama-3.1-8b";
  plan.cluster_gpus = 64;
  plan.tokens = 1e12;
  plan.objective = "time";
  const SearchReport s = search_plan(plan);
  ASSERT_GE(s.search.top.size(), 2u);
  const auto key = [](const LayoutCandidate& c) {
    return std::make_tuple(c.days, c.gpus, c.tp, c.pp, c.dp, c.cp, c.ep);
  };
  for (std::size_t i = 1; i < s.search.top.size(); ++i) {
    EXPECT_LT(key(s.search.top[i - 1]), key(s.search.top[i])) << i;
  }
}

TEST(Resolve, EveryInputIsResolvedOnceWithItsSource) {
  Plan plan;
  plan.model = "llama-3.1-70b";
  plan.pp = 4;
  plan.seq_len = -1;
  const ResolvedPlan r = resolve(plan);
  ASSERT_EQ(r.inputs.size(), plan_fields().size());
  for (std::size_t i = 0; i < r.inputs.size(); ++i) {
    EXPECT_EQ(r.inputs[i].field, plan_fields()[i].id);
  }
  EXPECT_EQ(find_input(r, "pp")->source, InputSource::kGiven);
  EXPECT_EQ(find_input(r, "seq_len")->source, InputSource::kRefused);
  EXPECT_EQ(find_input(r, "layers")->source, InputSource::kPreset);
  EXPECT_EQ(find_input(r, "layers")->value, 80);
  EXPECT_EQ(find_input(r, "safety_factor")->source, InputSource::kDefault);
  EXPECT_EQ(find_input(r, "card_memory_gb")->value, 80);
  // Every input with an automatic rule names it in the table.
  for (const auto& input : r.inputs) {
    if (input.source != InputSource::kAutomatic) continue;
    EXPECT_FALSE(find_field_by_id(input.field)->auto_rule.empty()) << input.field;
  }
}

// For every numeric input, random values across its whole valid range (and its ends): no
// count any panel shows is negative or fractional, and an unknown count always comes with an
// issue saying why. (1e-300 parameters once gave "PP −1, −8 GPUs" with exit 0.)
TEST(Resolve, NoCountIsNegativeAndNoUnknownCountIsUnexplained) {
  test::Rng rng(11);
  int checked = 0;
  for (const auto& field : plan_fields()) {
    if (field.is_text()) continue;
    for (int draw = 0; draw < 12; ++draw) {
      const double low = field.min_exclusive ? std::max(field.min, 1e-9) : field.min;
      double value = draw == 0 ? low : draw == 1 ? field.max : 0;
      if (draw >= 2) {
        const double lo = std::log10(std::max(low, 1e-9));
        value = std::pow(10.0, lo + rng.unit() * (std::log10(field.max) - lo));
        if (field.type != FieldType::kNumber) value = std::round(value);
      }
      if (field.type == FieldType::kFlag) value = draw % 2;
      Plan plan;
      if (rng.coin()) plan.model = "llama-3.1-70b";
      if (rng.coin()) plan.cluster_gpus = 1024;
      plan.tokens = 1e12;
      field.set_number(plan, value);
      const Report r = evaluate(plan, {true, false});
      const double counts[] = {r.article_training.tp,         r.article_training.pp_min,
                               r.article_training.pp,         r.article_training.dp,
                               r.article_training.total_gpus, r.article_inference.min_gpus,
                               r.inference.min_gpus,          r.inference.tp,
                               r.inference.max_concurrency,   r.inference.replicas,
                               r.inference.total_gpus};
      for (double count : counts) {
        ++checked;
        const std::string where = std::string(field.id) + "=" + format_shortest(value);
        if (std::isnan(count)) {
          EXPECT_FALSE(r.issues.empty()) << where << " left a count unknown without a word";
        } else {
          EXPECT_GE(count, 0) << where;
          EXPECT_EQ(count, std::floor(count)) << where;
        }
      }
    }
  }
  EXPECT_GT(checked, 5000);
}

}  // namespace
}  // namespace llm_sizer
