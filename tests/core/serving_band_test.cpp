// The serving throughput's band (serving_band.hpp): the published runs' range of published ÷
// predicted output tokens/s, applied to a fleet's prediction, by engine.
#include "llm_sizer/serving_band.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "llm_sizer/report.hpp"

namespace llm_sizer {
namespace {

const ServingBandFigures* figures(std::string_view engine) {
  for (const ServingBandFigures& f : serving_band_figures()) {
    if (f.engine == engine) return &f;
  }
  return nullptr;
}

Plan serving_plan(const char* engine) {
  Plan plan;
  plan.model = "llama-3.1-70b";
  plan.accelerator = "h200-141g";
  plan.infer_engine = engine;
  plan.infer_concurrency = 64;
  return plan;
}

// The figures come first over every engine; each has three runs or more and a low end at or
// below its high end.
TEST(ServingBand, FiguresHoldEveryEngineFirst) {
  const auto all = serving_band_figures();
  ASSERT_FALSE(all.empty());
  EXPECT_EQ(all.front().engine, "all");
  for (const ServingBandFigures& f : all) {
    EXPECT_GE(f.runs, 3) << f.engine;
    EXPECT_GT(f.low_ratio, 0) << f.engine;
    EXPECT_LE(f.low_ratio, f.high_ratio) << f.engine;
  }
}

// An engine with its own runs gets its own figures; one with fewer than three gets every
// engine's. The fleet's tokens/s scales by the ratios, its cost per million inversely.
TEST(ServingBand, AFleetsThroughputAndCostSpanTheRunsRange) {
  for (const char* engine : {"vllm", "trtllm", "sglang"}) {
    const Report r = evaluate(serving_plan(engine));
    const FleetReport& f = r.inference.fleet;
    ASSERT_TRUE(f.found) << engine;
    const ServingBand& b = f.band;
    ASSERT_TRUE(b.available) << engine << ": " << b.reason;
    const ServingBandFigures* own = figures(engine);
    const ServingBandFigures* expected = own != nullptr ? own : figures("all");
    ASSERT_NE(expected, nullptr);
    EXPECT_EQ(b.engine, expected->engine) << engine;
    EXPECT_EQ(b.runs, expected->runs);
    EXPECT_DOUBLE_EQ(b.output_tokens_per_s_low, f.output_tokens_per_s * expected->low_ratio);
    EXPECT_DOUBLE_EQ(b.output_tokens_per_s_high, f.output_tokens_per_s * expected->high_ratio);
    EXPECT_DOUBLE_EQ(b.cost_per_m_output_low, f.cost_per_m_output / expected->high_ratio);
    EXPECT_DOUBLE_EQ(b.cost_per_m_output_high, f.cost_per_m_output / expected->low_ratio);
  }
}

// The runs were predicted at the default efficiencies: a plan with its own has no band, and says
// why. Without a price there is no cost range, and the tokens/s range stays.
TEST(ServingBand, OwnEfficienciesHaveNoBandAndNoPriceNoCostRange) {
  Plan plan = serving_plan("vllm");
  plan.infer_decode_efficiency = 0.7;
  const ServingBand own = evaluate(plan).inference.fleet.band;
  EXPECT_FALSE(own.available);
  EXPECT_EQ(own.reason, "efficiencies");
  // The catalog gives B200 no price: the tokens/s range without a cost range.
  Plan unpriced = serving_plan("vllm");
  unpriced.accelerator = "b200";
  const FleetReport f = evaluate(unpriced).inference.fleet;
  ASSERT_TRUE(f.found);
  EXPECT_TRUE(std::isnan(f.cost_per_m_output));
  EXPECT_TRUE(f.band.available) << f.band.reason;
  EXPECT_GT(f.band.output_tokens_per_s_high, f.band.output_tokens_per_s_low);
  EXPECT_TRUE(std::isnan(f.band.cost_per_m_output_low));
}

}  // namespace
}  // namespace llm_sizer
