#include "llm_sizer/exact_decimal.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace llm_sizer {
namespace {

ExactRatio quotient(double a, double b) {
  ExactRatio r = ExactRatio::from_double(a);
  r.divided_by(ExactRatio::from_double(b));
  return r;
}

TEST(ExactRatio, ReadsDecimalsAsTyped) {
  // The note in seed-method.md: 0.7 × 80 is 56.00000000000001 in binary floating point.
  ExactRatio product = ExactRatio::from_double(0.7);
  product.times(ExactRatio::from_double(80));
  EXPECT_EQ(product.ceil(), 56);
  EXPECT_EQ(product.floor(), 56);
  EXPECT_EQ(product.to_double(), 56);
}

TEST(ExactRatio, CeilAndFloorOfNonIntegers) {
  EXPECT_EQ(quotient(43.75, 8).ceil(), 6);
  EXPECT_EQ(quotient(43.75, 8).floor(), 5);
  EXPECT_EQ(quotient(109.375, 8).ceil(), 14);
  EXPECT_EQ(quotient(1000, 80).floor(), 12);
  EXPECT_EQ(quotient(1, 3).ceil(), 1);
  EXPECT_EQ(quotient(0, 3).ceil(), 0);
}

TEST(ExactRatio, HandlesNumbersBeyondSixtyFourBits) {
  // 1e30 × 1e-29 = 10 exactly; the intermediate numerator needs more than 64 bits.
  ExactRatio r = ExactRatio::from_double(1e30);
  r.times(ExactRatio::from_double(1e-29));
  EXPECT_EQ(r.ceil(), 10);
  EXPECT_EQ(r.floor(), 10);
}

// Unknown, never a sentinel that could pass for a count (a −1 once became "PP −1, −8 GPUs").
TEST(ExactRatio, DivisionByZeroIsUnknownNotASentinel) {
  EXPECT_TRUE(std::isnan(quotient(5, 0).ceil()));
  EXPECT_TRUE(std::isnan(quotient(5, 0).floor()));
}

}  // namespace
}  // namespace llm_sizer

namespace llm_sizer {
namespace {

TEST(ExactRatio, BeyondItsCapacityItSaysUnknownInsteadOfGuessing) {
  ExactRatio r = ExactRatio::from_double(1e300);
  for (int i = 0; i < 4; ++i) r.times(ExactRatio::from_double(1e300));
  EXPECT_TRUE(std::isnan(r.ceil()));
  EXPECT_TRUE(std::isnan(r.to_double()));
}

}  // namespace
}  // namespace llm_sizer
