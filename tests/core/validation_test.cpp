// Bad input never throws: each kind gets its own issue code naming the field, and every value
// that does not depend on the bad input is still computed.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "llm_sizer/plan_fields.hpp"
#include "llm_sizer/report.hpp"

namespace llm_sizer {
namespace {

const Issue* first_error(const Report& report) {
  for (const auto& i : report.issues) {
    if (i.severity == Severity::kError) return &i;
  }
  return nullptr;
}

struct BadInput {
  const char* name;
  void (*apply)(Plan&);
  const char* field;
  const char* code;
};

const BadInput kBadInputs[] = {
    {"negative params", [](Plan& p) { p.params = -5; }, "params", "must_be_positive"},
    {"zero params", [](Plan& p) { p.params = 0; }, "params", "must_be_positive"},
    {"absurd params", [](Plan& p) { p.params = 1e30; }, "params", "out_of_range"},
    // Below the smallest count that means a model (the first red-team finding: 1e-300
    // parameters gave PP −1 and −8 GPUs through an exact-arithmetic sentinel).
    {"vanishing params", [](Plan& p) { p.params = 1e-300; }, "params", "out_of_range"},
    {"vanishing card memory", [](Plan& p) { p.card_memory_gb = 1e-300; }, "card_memory_gb",
     "out_of_range"},
    {"vanishing safety", [](Plan& p) { p.safety_factor = 1e-300; }, "safety_factor",
     "out_of_range"},
    {"vanishing bytes", [](Plan& p) { p.bytes_per_param = 1e-300; }, "bytes_per_param",
     "out_of_range"},
    {"NaN params", [](Plan& p) { p.params = std::nan(""); }, "params", "not_a_number"},
    {"infinite params", [](Plan& p) { p.params = HUGE_VAL; }, "params", "not_finite"},
    {"safety above one", [](Plan& p) { p.safety_factor = 1.5; }, "safety_factor", "out_of_range"},
    {"negative safety", [](Plan& p) { p.safety_factor = -0.6; }, "safety_factor",
     "must_be_positive"},
    {"zero pp", [](Plan& p) { p.pp = 0; }, "pp", "out_of_range"},
    {"fractional pp", [](Plan& p) { p.pp = 2.5; }, "pp", "not_integer"},
    {"negative tp", [](Plan& p) { p.tp = -8; }, "tp", "out_of_range"},
    {"huge dp", [](Plan& p) { p.dp = 1e9; }, "dp", "out_of_range"},
    {"zero card memory", [](Plan& p) { p.card_memory_gb = 0; }, "card_memory_gb",
     "must_be_positive"},
    {"NaN weight bytes", [](Plan& p) { p.weight_bytes_per_param = std::nan(""); },
     "weight_bytes_per_param", "not_a_number"},
    {"unknown model", [](Plan& p) { p.model = "gpt-9"; }, "model", "unknown_model"},
    {"unknown accelerator", [](Plan& p) { p.accelerator = "tpu-v99"; }, "accelerator",
     "unknown_accelerator"},
    {"custom model without params", [](Plan& p) { p.model = kCustomId; }, "params",
     "params_required"},
    {"custom card without memory", [](Plan& p) { p.accelerator = kCustomId; }, "card_memory_gb",
     "card_memory_required"},
};

TEST(Validation, NamesEachBadInputWithItsOwnCode) {
  for (const auto& bad : kBadInputs) {
    SCOPED_TRACE(bad.name);
    Plan plan;
    bad.apply(plan);
    const Report report = evaluate(plan);
    const Issue* issue = first_error(report);
    ASSERT_NE(issue, nullptr);
    EXPECT_EQ(issue->field, bad.field);
    EXPECT_EQ(issue->code, bad.code);
  }
}

// An unknown accelerator id has one error; the figures it would have given (node size, HBM
// bandwidth, card memory) are missing because of it, and warnings about each of them would only
// bury the one thing to fix.
TEST(Validation, AnUnknownAcceleratorIsOneErrorNotAWarningPerMissingFigure) {
  Plan plan;
  plan.accelerator = "h200";  // the preset is h200-141g
  const Report report = evaluate(plan);
  ASSERT_EQ(report.issues.size(), 1u);
  EXPECT_EQ(report.issues[0].code, "unknown_accelerator");
}

// Likewise an unknown model id: no warning that the full model lacks the architecture it names.
TEST(Validation, AnUnknownModelIsOneErrorNotAlsoAMissingArchitecture) {
  Plan plan;
  plan.model = "gpt-9";
  const Report report = evaluate(plan);
  ASSERT_EQ(report.issues.size(), 1u);
  EXPECT_EQ(report.issues[0].code, "unknown_model");
}

TEST(Validation, RangeIssuesCarryTheValidRange) {
  Plan plan;
  plan.pp = 0;
  const Report report = evaluate(plan);
  const Issue* issue = first_error(report);
  ASSERT_NE(issue, nullptr);
  EXPECT_EQ(issue->param("value"), "0");
  EXPECT_EQ(issue->param("min"), "1");
  EXPECT_EQ(issue->param("max"), "4096");
}

TEST(Validation, KeepsComputingWhatDoesNotDependOnTheBadInput) {
  Plan plan;
  plan.pp = 0;
  const Report report = evaluate(plan);
  EXPECT_EQ(report.article_training.model_state_gb, 2100);  // needs no PP
  EXPECT_EQ(report.article_training.pp_min, 6);
  EXPECT_TRUE(std::isnan(report.article_training.total_gpus));
  EXPECT_EQ(report.article_inference.min_gpus, 5);  // ⌈350 GB ÷ 80 GB⌉
}

TEST(Validation, BadParamsLeaveOnlyParamIndependentValues) {
  Plan plan;
  plan.params = -5;
  const Report report = evaluate(plan);
  EXPECT_TRUE(std::isnan(report.article_training.model_state_gb));
  EXPECT_EQ(report.article_training.safe_memory_per_card_gb, 48);
  EXPECT_TRUE(std::isnan(report.article_inference.weights_gb));
}

TEST(Validation, EveryFieldHasAUniqueIdLinkKeyAndFlag) {
  const auto fields = plan_fields();
  for (std::size_t i = 0; i < fields.size(); ++i) {
    for (std::size_t j = i + 1; j < fields.size(); ++j) {
      EXPECT_NE(fields[i].id, fields[j].id);
      EXPECT_NE(fields[i].link_key, fields[j].link_key);
      EXPECT_NE(fields[i].cli_flag, fields[j].cli_flag);
    }
    EXPECT_NE(fields[i].link_key, "v");  // reserved for the version marker
  }
}

TEST(Validation, EveryNumericFieldRejectsNaNInfinityAndOverflow) {
  for (const auto& field : plan_fields()) {
    if (field.is_text()) continue;
    SCOPED_TRACE(std::string(field.id));
    for (const double hostile : {std::nan(""), HUGE_VAL, -HUGE_VAL, 1e300, -1e300}) {
      Plan plan;
      field.set_number(plan, hostile);
      const auto issues = validate_field_ranges(plan);
      ASSERT_EQ(issues.size(), 1u);
      EXPECT_EQ(issues[0].field, field.id);
      (void)evaluate(plan);  // must not crash or throw
    }
  }
}

// Bug: text_too_long showed the first 40 bytes of the text, cutting a multi-byte character.
TEST(Validation, TextTooLongExcerptKeepsWholeUtf8Characters) {
  Plan plan;
  for (int i = 0; i < 201; ++i) plan.model_name += "é";  // 2 bytes each: 40 bytes are 20 whole
  plan.accelerator_name = "a";
  for (int i = 0; i < 200; ++i) plan.accelerator_name += "中";  // 1 + 3 × 13 = 40 bytes
  const auto issues = validate_field_ranges(plan);
  ASSERT_EQ(issues.size(), 2u);
  EXPECT_EQ(issues[0].param("value"), plan.model_name.substr(0, 40) + "…");
  EXPECT_EQ(issues[1].param("value"), plan.accelerator_name.substr(0, 40) + "…");
  plan.accelerator_name = "ab";
  for (int i = 0; i < 200; ++i) plan.accelerator_name += "中";  // 40 bytes end inside one
  EXPECT_EQ(validate_field_ranges(plan)[1].param("value"),
            plan.accelerator_name.substr(0, 2 + 3 * 12) + "…");
}

// Bug: the limit on free text counted bytes while its message says "at most 200 characters", so
// a Chinese name of 70 characters (210 bytes) was refused as longer than 200 characters.
TEST(Validation, TextLimitCountsCharactersNotBytes) {
  Plan plan;
  for (int i = 0; i < 200; ++i) plan.model_name += "中";  // 200 characters, 600 bytes
  EXPECT_TRUE(validate_field_ranges(plan).empty());
  plan.model_name += "中";
  const auto issues = validate_field_ranges(plan);
  ASSERT_EQ(issues.size(), 1u);
  EXPECT_EQ(issues[0].code, "text_too_long");
  EXPECT_EQ(issues[0].param("max"), "200");
  // Bytes that are not UTF-8 still count, so no text is unbounded.
  plan.model_name = std::string(1000, '\x80');
  ASSERT_EQ(validate_field_ranges(plan).size(), 1u);
}

}  // namespace
}  // namespace llm_sizer
