// Properties over many generated plans: a seeded generator draws presets, layouts, recipes,
// recomputes, micro-batches and sequence lengths, and each property must hold for every draw.
// A failure prints the plan's link, which reproduces it (llm-sizer open LINK).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "llm_sizer/accelerator.hpp"
#include "llm_sizer/model.hpp"
#include "llm_sizer/plan_codec.hpp"
#include "llm_sizer/plan_fields.hpp"
#include "llm_sizer/report.hpp"
#include "test_support.hpp"

namespace llm_sizer {
namespace {

using test::Rng;

std::vector<std::string> choices_of(std::string_view field_id) {
  std::vector<std::string> out;
  for (const auto& c : find_field_by_id(field_id)->choices) out.emplace_back(c);
  return out;
}

std::vector<std::string> models_with_architecture() {
  std::vector<std::string> out;
  for (const auto& m : model_catalog()) {
    if (m.has_architecture()) out.push_back(m.id);
  }
  return out;
}

std::vector<std::string> accelerator_ids() {
  std::vector<std::string> out;
  for (const auto& a : accelerator_catalog()) out.push_back(a.id);
  return out;
}

/// A valid training plan: a preset with an architecture, an explicit layout, and the memory
/// model's settings drawn from their choices.
constexpr double kMicroBatchesPerStep = 64;

Plan training_plan(Rng& rng) {
  static const auto kModels = models_with_architecture();
  static const auto kAccelerators = accelerator_ids();
  static const auto kRecipes = choices_of("recipe");
  static const auto kRecomputes = choices_of("recompute");
  static const auto kFrameworks = choices_of("framework");
  static const std::vector<double> kTp = {1, 2, 4, 8};
  Plan plan;
  plan.model = rng.pick(kModels);
  plan.accelerator = rng.pick(kAccelerators);
  plan.recipe = rng.pick(kRecipes);
  plan.recompute = rng.pick(kRecomputes);
  plan.framework = rng.pick(kFrameworks);
  plan.tp = rng.pick(kTp);
  plan.pp = rng.between(1, 16);
  plan.dp = rng.between(1, 64);
  plan.micro_batch = rng.between(1, 8);
  plan.seq_len = std::pow(2.0, rng.between(8, 15));
  plan.zero = rng.between(0, 3);
  // 64 micro-batches per step, more than any drawn pipeline holds in flight: the automatic batch
  // (the model family's, in tokens) would change their count with the micro-batch or the length.
  plan.global_batch = kMicroBatchesPerStep * *plan.micro_batch * *plan.dp;
  return plan;
}

Report evaluate_numbers(const Plan& plan) { return evaluate(plan, {true, /*explain=*/false}); }

/// The peak per-card memory of the full model, or NaN when it could not be computed.
double peak_gb(const Plan& plan) {
  const Report report = evaluate_numbers(plan);
  if (has_error(report.issues) || !report.training.available) return std::nan("");
  return report.training.memory.peak_gb;
}

/// The largest per-card weights of any pipeline stage, or NaN.
double max_stage_weights_gb(const Plan& plan) {
  const Report report = evaluate_numbers(plan);
  if (has_error(report.issues) || !report.training.available) return std::nan("");
  double most = 0;
  for (const auto& stage : report.training.stages) most = std::max(most, stage.weights_gb);
  return most;
}

constexpr int kPlans = 1500;
// Relative slack for comparing sums of floating-point terms that should be equal.
constexpr double kSlack = 1e-9;

bool at_most(double a, double b) { return a <= b * (1 + kSlack) + 1e-12; }

// The article's layout rule (§2.3): P_DP = ⌊cluster / (P_TP × P_PP)⌋ and total = P_TP × P_PP ×
// P_DP, applied here by hand (integer division) to each drawn plan's own TP, PP and cluster or DP.
TEST(Property, TotalIsTpTimesPpTimesDp) {
  Rng rng(1);
  int checked = 0;
  for (int i = 0; i < kPlans; ++i) {
    Plan plan = training_plan(rng);
    const auto tp = static_cast<std::int64_t>(*plan.tp);
    const auto pp = static_cast<std::int64_t>(*plan.pp);
    std::int64_t dp = static_cast<std::int64_t>(*plan.dp);
    if (rng.coin()) {  // DP from a cluster instead
      const auto cluster = static_cast<std::int64_t>(rng.between(1, 20000));
      plan.dp.reset();
      plan.cluster_gpus = static_cast<double>(cluster);
      dp = cluster / (tp * pp);
      if (rng.coin()) {
        // A given global batch (issue 12) needs whole micro-batches per replica: the largest DP
        // under the article's that divides the batch's micro-batch count, found here by a scan.
        const auto microbatches = static_cast<std::int64_t>(*plan.global_batch / *plan.micro_batch);
        while (dp > 0 && microbatches % dp != 0) --dp;
      } else {
        plan.global_batch.reset();  // the family's batch follows the layout: the article's rule
      }
    }
    const Report report = evaluate_numbers(plan);
    const ArticleTraining& t = report.article_training;
    // A TP that splits an attention head is refused (tp_not_divisor), on every panel.
    const Architecture& arch = find_model(plan.model)->architecture;
    const std::int64_t kv = arch.is_mla() ? arch.heads : arch.kv_heads;
    if (arch.heads % tp != 0 || kv % tp != 0) {
      EXPECT_TRUE(std::any_of(report.issues.begin(), report.issues.end(), [](const Issue& issue) {
        return issue.code == "tp_not_divisor";
      })) << encode_link(plan);
      EXPECT_TRUE(std::isnan(t.total_gpus)) << encode_link(plan);
      continue;
    }
    if (dp == 0) {  // the cluster holds no replica: named, never a layout of zero GPUs
      EXPECT_TRUE(std::any_of(report.issues.begin(), report.issues.end(), [](const Issue& issue) {
        return issue.code == "cluster_too_small";
      })) << encode_link(plan);
      continue;
    }
    ++checked;
    EXPECT_EQ(t.tp, static_cast<double>(tp)) << encode_link(plan);
    EXPECT_EQ(t.pp, static_cast<double>(pp)) << encode_link(plan);
    EXPECT_EQ(t.dp, static_cast<double>(dp)) << encode_link(plan);
    EXPECT_EQ(t.gpus_per_replica, static_cast<double>(tp * pp)) << encode_link(plan);
    EXPECT_EQ(t.total_gpus, static_cast<double>(tp * pp * dp)) << encode_link(plan);
  }
  EXPECT_GT(checked, kPlans / 2);
}

// With PP left to the method, it is the article's minimum: each published row of the article's
// table (tests/fixtures/seed-tables.json) keeps its TP and minimum PP on any cluster, and DP is
// what fits in the cluster.
TEST(Property, AutomaticPpIsTheArticlesMinimumOnAnyCluster) {
  Rng rng(2);
  const JsonValue tables = test::read_fixture("seed-tables.json");
  for (const JsonValue& row : tables.find("training")->as_array()) {
    const auto tp = static_cast<std::int64_t>(test::number_at(row, "tp"));
    const auto pp_min = static_cast<std::int64_t>(test::number_at(row, "pp_min"));
    for (int i = 0; i < 200; ++i) {
      Plan plan;
      plan.model = test::string_at(row, "model");
      plan.accelerator = test::string_at(row, "accelerator");
      const auto cluster = static_cast<std::int64_t>(rng.between(1, 20000));
      plan.cluster_gpus = static_cast<double>(cluster);
      const std::int64_t dp = cluster / (tp * pp_min);
      const ArticleTraining t = evaluate_numbers(plan).article_training;
      EXPECT_EQ(t.tp, static_cast<double>(tp)) << encode_link(plan);
      EXPECT_EQ(t.pp, static_cast<double>(pp_min)) << encode_link(plan);
      if (dp == 0) continue;  // cluster_too_small: the property above
      EXPECT_EQ(t.dp, static_cast<double>(dp)) << encode_link(plan);
      EXPECT_EQ(t.total_gpus, static_cast<double>(tp * pp_min * dp)) << encode_link(plan);
    }
  }
}

enum class Direction { kNeverDecreases, kNeverIncreases };

/// Draws training plans, changes each with `change`, and expects `measure` (NaN: it could not be
/// computed, skipped) to move only in `direction`. Returns how many pairs were compared.
template <class Change, class Measure>
int expect_monotone(std::uint64_t seed, Change change, Measure measure, Direction direction) {
  Rng rng(seed);
  int checked = 0;
  for (int i = 0; i < kPlans; ++i) {
    Plan plan = training_plan(rng);
    const std::string link = encode_link(plan);
    const double before = measure(plan);
    change(plan, rng);
    const double after = measure(plan);
    if (std::isnan(before) || std::isnan(after)) continue;
    ++checked;
    EXPECT_TRUE(direction == Direction::kNeverDecreases ? at_most(before, after)
                                                        : at_most(after, before))
        << before << " GB at " << link << ", then " << after << " GB at " << encode_link(plan);
  }
  return checked;
}

TEST(Property, PeakMemoryNeverDecreasesWithMicroBatch) {
  const auto more = [](Plan& plan, Rng& rng) {
    plan.micro_batch = *plan.micro_batch + rng.between(1, 8);
    plan.global_batch = kMicroBatchesPerStep * *plan.micro_batch * *plan.dp;
  };
  EXPECT_GT(expect_monotone(2, more, peak_gb, Direction::kNeverDecreases), kPlans / 4);
}

TEST(Property, PeakMemoryNeverDecreasesWithSequenceLength) {
  const auto longer = [](Plan& plan, Rng& rng) {
    plan.seq_len = *plan.seq_len * rng.between(2, 4);
  };
  EXPECT_GT(expect_monotone(3, longer, peak_gb, Direction::kNeverDecreases), kPlans / 4);
}

TEST(Property, MorePipelineStagesNeverIncreaseWeightsPerCard) {
  const auto deeper = [](Plan& plan, Rng& rng) { plan.pp = *plan.pp + rng.between(1, 8); };
  EXPECT_GT(expect_monotone(4, deeper, max_stage_weights_gb, Direction::kNeverIncreases),
            kPlans / 4);
}

TEST(Property, KvCachePerCardNeverDecreasesWithContext) {
  static const auto kModels = models_with_architecture();
  static const auto kAccelerators = accelerator_ids();
  static const auto kKvDtypes = choices_of("kv_dtype");
  static const auto kWeights = choices_of("weights");
  static const std::vector<double> kTp = {1, 2, 4, 8};
  Rng rng(5);
  int checked = 0;
  for (int i = 0; i < kPlans; ++i) {
    Plan plan;
    plan.model = rng.pick(kModels);
    plan.accelerator = rng.pick(kAccelerators);
    plan.infer_kv_dtype = rng.pick(kKvDtypes);
    plan.infer_weights = rng.pick(kWeights);
    plan.infer_tp = rng.pick(kTp);  // an automatic TP may grow with the context
    plan.infer_batch = rng.between(1, 64);
    plan.infer_context = rng.between(1, 32768);
    const Report before = evaluate_numbers(plan);
    plan.infer_context = *plan.infer_context + rng.between(1, 65536);
    const Report after = evaluate_numbers(plan);
    if (!before.inference.available || !after.inference.available) continue;
    const double kv_before = before.inference.per_card.kv_cache_gb;
    const double kv_after = after.inference.per_card.kv_cache_gb;
    if (!std::isfinite(kv_before) || !std::isfinite(kv_after)) continue;
    ++checked;
    EXPECT_TRUE(at_most(kv_before, kv_after))
        << kv_before << " GB, then " << kv_after << " GB at " << encode_link(plan);
  }
  EXPECT_GT(checked, kPlans / 2);
}

// Link round trips, over every input: numbers in and out of range, NaN, infinities, fractions
// and huge values; texts from the choices, empty, or with the characters a link treats specially.
std::string random_text(Rng& rng) {
  static const std::vector<std::string> kPieces = {
      "a",    "Z",   "0",  " ",    "&", "=",        "%",  "%2", "+",  "#",  "?",
      "/",    ".",   "~",  "中文", "é", "<script>", "\"", "'",  "\n", "\t", std::string(1, '\0'),
      "\xff", "v=1", "m=x"};
  std::string out;
  const int pieces = rng.below(13);
  for (int i = 0; i < pieces; ++i) out += rng.pick(kPieces);
  return out;
}

double random_number(Rng& rng, const FieldSpec& field) {
  switch (rng.below(10)) {
    case 0:
      return std::numeric_limits<double>::quiet_NaN();
    case 1:
      return rng.coin() ? HUGE_VAL : -HUGE_VAL;
    case 2:
      return -rng.between(0, 1000) - rng.unit();
    case 3:
      return std::pow(10.0, rng.between(-320, 308)) * (1 + rng.unit());
    case 4:
      return rng.unit() * 1e-6;
    case 5:
      return std::round(field.max * rng.unit());
    default:
      return field.min + (field.max - field.min) * rng.unit();
  }
}

Plan random_plan(Rng& rng) {
  Plan plan;
  for (const auto& field : plan_fields()) {
    if (rng.below(3) != 0) continue;  // a third of the inputs set in each plan
    if (field.is_text()) {
      const bool choice = !field.choices.empty() && rng.coin();
      field.set_text(plan, choice ? std::string(rng.pick(std::vector<std::string_view>(
                                        field.choices.begin(), field.choices.end())))
                                  : random_text(rng));
    } else {
      field.set_number(plan, random_number(rng, field));
    }
  }
  return plan;
}

TEST(Property, EveryLinkRoundTripsToTheSamePlan) {
  Rng rng(6);
  for (int i = 0; i < 2000; ++i) {
    const Plan plan = random_plan(rng);
    const std::string link = encode_link(plan);
    const DecodedLink decoded = decode_link(link);
    ASSERT_TRUE(decoded.issues.empty()) << decoded.issues.front().code << " in " << link;
    for (const auto& field : plan_fields()) {
      ASSERT_EQ(field_text(field, decoded.plan), field_text(field, plan))
          << field.id << " in " << link;
    }
    // And the link of the decoded plan is the same link.
    ASSERT_EQ(encode_link(decoded.plan), link);
  }
}

}  // namespace
}  // namespace llm_sizer
