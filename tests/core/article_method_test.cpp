// The seed article's method (sections 2.3.1–2.3.4) reproduced exactly from the golden tables in
// tests/fixtures/seed-tables.json, every derivation step, and the method's own issues.
#include <gtest/gtest.h>

#include <cmath>

#include "llm_sizer/report.hpp"
#include "test_support.hpp"

namespace llm_sizer {
namespace {

using test::number_at;
using test::read_fixture;
using test::string_at;

const DerivationStep& step_named(const std::vector<DerivationStep>& steps, const std::string& id) {
  for (const auto& s : steps) {
    if (s.id == id) return s;
  }
  throw std::runtime_error("no step " + id);
}

Plan plan_for_row(const JsonValue& row) {
  Plan plan;
  plan.model = string_at(row, "model");
  plan.accelerator = string_at(row, "accelerator");
  plan.pp = number_at(row, "pp_chosen");
  plan.dp = number_at(row, "dp");
  return plan;
}

TEST(ArticleMethod, ReproducesEveryTrainingRowOfTheArticleExactly) {
  const JsonValue tables = read_fixture("seed-tables.json");
  const auto& rows = tables.find("training")->as_array();
  ASSERT_EQ(rows.size(), 4u);
  for (const auto& row : rows) {
    SCOPED_TRACE(string_at(row, "model") + " on " + string_at(row, "accelerator"));
    const Report report = evaluate(plan_for_row(row));
    EXPECT_FALSE(has_error(report.issues));
    EXPECT_EQ(report.setup.params, number_at(row, "params"));
    EXPECT_EQ(report.setup.card_memory_gb, number_at(row, "card_memory_gb"));
    EXPECT_EQ(report.setup.bytes_per_param, number_at(row, "bytes_per_param"));
    const auto& t = report.article_training;
    // Exact equality on purpose: the article's numbers must come out to the last digit.
    EXPECT_EQ(t.model_state_gb, number_at(row, "model_state_gb"));
    EXPECT_EQ(t.safe_memory_per_card_gb, number_at(row, "safe_memory_per_card_gb"));
    EXPECT_EQ(t.min_model_parallel, number_at(row, "min_model_parallel"));
    EXPECT_EQ(t.tp, number_at(row, "tp"));
    EXPECT_EQ(t.pp_min, number_at(row, "pp_min"));
    EXPECT_EQ(t.pp, number_at(row, "pp_chosen"));
    EXPECT_EQ(t.gpus_per_replica, number_at(row, "gpus_per_replica"));
    EXPECT_EQ(t.dp, number_at(row, "dp"));
    EXPECT_EQ(t.total_gpus, number_at(row, "total_gpus"));
  }
}

TEST(ArticleMethod, TakesDpAsFloorOfClusterOverReplica) {
  // Section 2.2.4: P_DP = ⌊cluster / (P_TP × P_PP)⌋. A cluster one GPU short of the next replica
  // must still give the article's DP.
  const JsonValue tables = read_fixture("seed-tables.json");
  for (const auto& row : tables.find("training")->as_array()) {
    Plan plan = plan_for_row(row);
    plan.dp.reset();
    const double replica = number_at(row, "gpus_per_replica");
    plan.cluster_gpus = number_at(row, "total_gpus") + replica - 1;
    const Report report = evaluate(plan);
    EXPECT_EQ(report.article_training.dp, number_at(row, "dp"));
    EXPECT_EQ(report.article_training.total_gpus, number_at(row, "total_gpus"));
    const auto& dp_step = step_named(report.article_training.steps, "dp");
    EXPECT_EQ(dp_step.note, "dp_from_cluster");
    EXPECT_EQ(dp_step.note_params[1].value, std::to_string(static_cast<int>(replica - 1)));
  }
}

TEST(ArticleMethod, AReplicaSpansItsContextParallelRanks) {
  // Megatron's world size is TP × CP × PP × DP (parallel_state.py): CP 2 doubles a replica, so a
  // 64-GPU cluster holds 16 replicas of TP 2, PP 1, and the time model runs on those 64 GPUs.
  Plan plan;
  plan.model = "llama-3.1-70b";
  plan.accelerator = "h100-80g";
  plan.tp = 2;
  plan.pp = 1;
  plan.cp = 2;
  plan.zero = 3;
  plan.cluster_gpus = 64;
  const Report report = evaluate(plan);
  const auto& t = report.article_training;
  EXPECT_EQ(t.cp, 2);
  EXPECT_EQ(t.gpus_per_replica, 4);
  EXPECT_EQ(t.dp, 16);
  EXPECT_EQ(t.total_gpus, 64);
  EXPECT_EQ(step_named(t.steps, "gpus_per_replica").formula, "P_TP × P_CP × P_PP");
  EXPECT_EQ(step_named(t.steps, "dp").formula, "P_DP = ⌊G_cluster / (P_TP × P_CP × P_PP)⌋");
  EXPECT_EQ(step_named(t.steps, "total_gpus").substitution, "2 × 2 × 1 × 16");
  ASSERT_TRUE(report.training.time_available);
  EXPECT_EQ(report.training.time.gpus, t.total_gpus);
  // Without CP the article's steps read as the article wrote them.
  plan.cp.reset();
  const Report plain = evaluate(plan);
  EXPECT_EQ(plain.article_training.total_gpus, 64);
  EXPECT_EQ(step_named(plain.article_training.steps, "total_gpus").formula, "P_TP × P_PP × P_DP");
}

TEST(ArticleMethod, DefaultsToTheMinimumPipelineAndNodeWideTensorParallel) {
  Plan plan;
  plan.model = "gpt3-175b";
  plan.accelerator = "h100-80g";
  const Report report = evaluate(plan);
  EXPECT_EQ(report.article_training.tp, 8);  // section 2.2.2: TP = the 8 GPUs of a node
  EXPECT_EQ(report.article_training.pp, 6);  // section 2.3.2: ⌈43.75 ÷ 8⌉ = 6
  EXPECT_EQ(report.article_training.dp, 1);
  EXPECT_EQ(step_named(report.article_training.steps, "pp").note, "pp_minimum");
}

TEST(ArticleMethod, ShowsEveryStepWithItsSubstitutedNumbers) {
  Plan plan;
  plan.model = "gpt3-175b";
  plan.accelerator = "h100-80g";
  plan.pp = 10;
  plan.cluster_gpus = 1000;
  const auto& steps = evaluate(plan).article_training.steps;
  const std::vector<std::string> ids = {"model_state", "safe_memory", "min_model_parallel", "tp",
                                        "pp_min",      "pp",          "gpus_per_replica",   "dp",
                                        "total_gpus"};
  ASSERT_EQ(steps.size(), ids.size());
  for (std::size_t i = 0; i < ids.size(); ++i) EXPECT_EQ(steps[i].id, ids[i]);
  // The article's section 2.3.2 table, H100 column.
  EXPECT_EQ(step_named(steps, "model_state").substitution, "175 × 10⁹ × 12 B");
  EXPECT_EQ(step_named(steps, "model_state").value, 2100);
  EXPECT_EQ(step_named(steps, "safe_memory").substitution, "80 GB × 0.6");
  EXPECT_EQ(step_named(steps, "min_model_parallel").substitution, "2100 ÷ 48");
  EXPECT_EQ(step_named(steps, "min_model_parallel").value, 43.75);
  EXPECT_EQ(step_named(steps, "pp_min").substitution, "⌈43.75 ÷ 8⌉");
  EXPECT_EQ(step_named(steps, "pp_min").value, 6);
  EXPECT_EQ(step_named(steps, "pp").note, "pp_deeper");
  EXPECT_EQ(step_named(steps, "pp").note_params[1].value, "26.25");  // 2100 / 80 GB per card
  EXPECT_EQ(step_named(steps, "gpus_per_replica").substitution, "8 × 10");
  EXPECT_EQ(step_named(steps, "dp").substitution, "⌊1000 ÷ 80⌋");
  EXPECT_EQ(step_named(steps, "total_gpus").substitution, "8 × 10 × 12");
  EXPECT_EQ(step_named(steps, "total_gpus").value, 960);
  EXPECT_EQ(step_named(steps, "model_state").note, "bytes_breakdown");
}

TEST(ArticleMethod, ReproducesBothInferenceRowsExactly) {
  const JsonValue tables = read_fixture("seed-tables.json");
  for (const auto& row : tables.find("inference_minimum")->as_array()) {
    Plan plan;
    plan.model = string_at(row, "model");
    plan.accelerator = string_at(row, "accelerator");
    plan.weight_bytes_per_param = number_at(row, "weight_bytes_per_param");
    const Report report = evaluate(plan);
    EXPECT_EQ(report.article_inference.weights_gb, number_at(row, "weights_gb"));
    EXPECT_EQ(report.article_inference.min_gpus, number_at(row, "min_gpus"));
    const auto& last = report.article_inference.steps.back();
    EXPECT_EQ(last.note, number_at(row, "min_gpus") == 1 ? "fits_one_card" : "exceeds_one_card");
  }
}

TEST(ArticleMethod, CeilIsExactWhereBinaryFloatingPointIsNot) {
  // 2.8e9 params × 12 B = 33.6 GB; 16 GB × 0.3 = 4.8 GB; 33.6 / 4.8 = 7 exactly, but in doubles
  // 16 × 0.3 = 4.8 - 1 ulp and the quotient is 7.000000000000001, whose naive ceil is 8.
  Plan plan;
  plan.model = kCustomId;
  plan.params = 2.8e9;
  plan.accelerator = kCustomId;
  plan.card_memory_gb = 16;
  plan.safety_factor = 0.3;
  plan.tp = 1;
  plan.gpus_per_node = 1;
  ASSERT_EQ(std::ceil(2.8e9 * 12 / 1e9 / (16 * 0.3)), 8);  // the trap this test is about
  const Report report = evaluate(plan);
  EXPECT_EQ(report.article_training.pp_min, 7);
  EXPECT_EQ(report.article_training.min_model_parallel, 7);
}

TEST(ArticleMethod, WarnsWhenChosenPipelineIsBelowTheMinimum) {
  Plan plan;
  plan.pp = 4;  // GPT-3 on H100 needs 6
  const Report report = evaluate(plan);
  ASSERT_FALSE(report.issues.empty());
  EXPECT_EQ(report.issues[0].code, "pp_below_minimum");
  EXPECT_EQ(report.issues[0].severity, Severity::kWarning);
  EXPECT_EQ(report.issues[0].param("pp_min"), "6");
  EXPECT_FALSE(has_error(report.issues));
  EXPECT_EQ(report.article_training.total_gpus, 32);  // still computed: 8 × 4 × 1
}

TEST(ArticleMethod, RejectsAClusterSmallerThanOneReplica) {
  Plan plan;
  plan.cluster_gpus = 40;  // one GPT-3 replica on H100 needs 48 (8 × 6)
  const Report report = evaluate(plan);
  ASSERT_FALSE(report.issues.empty());
  EXPECT_EQ(report.issues[0].code, "cluster_too_small");
  EXPECT_EQ(report.issues[0].param("replica"), "48");
  EXPECT_EQ(report.article_training.dp, 0);
}

TEST(ArticleMethod, WarnsWhenTensorParallelCrossesNodes) {
  Plan plan;
  plan.tp = 16;
  const Report report = evaluate(plan);
  ASSERT_FALSE(report.issues.empty());
  EXPECT_EQ(report.issues[0].code, "tp_crosses_nodes");
}

TEST(ArticleMethod, WarnsWhenChosenDpExceedsTheCluster) {
  Plan plan;
  plan.pp = 10;
  plan.dp = 12;
  plan.cluster_gpus = 900;
  const Report report = evaluate(plan);
  ASSERT_EQ(report.issues.size(), 1u);
  EXPECT_EQ(report.issues[0].code, "exceeds_cluster");
  EXPECT_EQ(report.issues[0].param("total"), "960");
}

}  // namespace
}  // namespace llm_sizer
