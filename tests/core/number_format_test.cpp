#include "llm_sizer/number_format.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "test_support.hpp"

namespace llm_sizer {
namespace {

TEST(FormatShortest, PrintsWhatEcmaScriptPrints) {
  // Same layout as JavaScript's Number.prototype.toString (ECMA-262 Number::toString).
  EXPECT_EQ(format_shortest(0.6), "0.6");
  EXPECT_EQ(format_shortest(19.2), "19.2");
  EXPECT_EQ(format_shortest(109.375), "109.375");
  EXPECT_EQ(format_shortest(175e9), "175000000000");
  EXPECT_EQ(format_shortest(1e21), "1e+21");
  EXPECT_EQ(format_shortest(1e30), "1e+30");
  EXPECT_EQ(format_shortest(1.5e-7), "1.5e-7");
  EXPECT_EQ(format_shortest(0.000001), "0.000001");
  EXPECT_EQ(format_shortest(-2.5), "-2.5");
  EXPECT_EQ(format_shortest(0.1 + 0.2), "0.30000000000000004");
  EXPECT_EQ(format_shortest(std::nan("")), "NaN");
  EXPECT_EQ(format_shortest(-HUGE_VAL), "-Infinity");
}

TEST(FormatCompact, WritesLargeRoundNumbersWithAnExponent) {
  EXPECT_EQ(format_compact(175e9), "175e9");
  EXPECT_EQ(format_compact(32e9), "32e9");
  EXPECT_EQ(format_compact(300e9), "300e9");
  EXPECT_EQ(format_compact(8.03e9), "8.03e9");
  EXPECT_EQ(format_compact(32.76e9), "32.76e9");
  EXPECT_EQ(format_compact(8030261248.0), "8030261248");
  EXPECT_EQ(format_compact(1000), "1000");
  EXPECT_EQ(format_compact(0.6), "0.6");
  EXPECT_EQ(format_compact(1.5e30), "1.5e30");
}

TEST(FormatCompact, ReadsBackExactly) {
  for (const double v : {175e9, 32.76e9, 0.6, 19.2, 1e30, 123456789.0, 8030261248.0, 1e-9}) {
    const auto back = parse_number(format_compact(v));
    ASSERT_TRUE(back.has_value());
    EXPECT_EQ(*back, v);
  }
}

TEST(FormatReadable, UsesEngineeringNotationLikeTheArticle) {
  EXPECT_EQ(format_readable(175e9), "175 × 10⁹");
  EXPECT_EQ(format_readable(32e9), "32 × 10⁹");
  EXPECT_EQ(format_readable(1e15), "1 × 10¹⁵");
  EXPECT_EQ(format_readable(43.75), "43.75");
  EXPECT_EQ(format_readable(2100), "2100");
  EXPECT_EQ(format_readable(26.25), "26.25");
}

TEST(ParseNumber, AcceptsWhatPeopleType) {
  EXPECT_EQ(parse_number("175e9"), 175e9);
  EXPECT_EQ(parse_number(" 175B "), 175e9);
  EXPECT_EQ(parse_number("7.6B"), 7.6e9);
  EXPECT_EQ(parse_number("300_000"), 300000);
  EXPECT_EQ(parse_number("2T"), 2e12);
  EXPECT_EQ(parse_number("-5"), -5);
  EXPECT_EQ(parse_number("0.6"), 0.6);
  EXPECT_TRUE(std::isnan(*parse_number("NaN")));
  EXPECT_TRUE(std::isinf(*parse_number("-inf")));
}

TEST(ParseNumber, RejectsEverythingElse) {
  for (const char* bad : {"", "abc", "1,5", "0x10", "1e", "--5", "5..1", "nan(1)", "B", "1Q"}) {
    EXPECT_FALSE(parse_number(bad).has_value()) << bad;
  }
}

}  // namespace
}  // namespace llm_sizer

namespace llm_sizer {
namespace {

TEST(FormatReadable, KeepsFourSignificantDigitsOfLongCounts) {
  EXPECT_EQ(format_readable(8030261248.0), "8.030 × 10⁹");
  EXPECT_EQ(format_readable(32763876352.0), "32.76 × 10⁹");
  EXPECT_EQ(format_readable(174604763136.0), "174.6 × 10⁹");
  EXPECT_EQ(format_readable(1.5e30), "1.5 × 10³⁰");
  EXPECT_EQ(format_readable(12.9e9), "12.9 × 10⁹");
}

}  // namespace
}  // namespace llm_sizer

namespace llm_sizer {
namespace {

// The digit count found by bisection equals the one found by trying every precision.
TEST(FormatShortest, BisectionFindsTheShortestRoundTrip) {
  test::Rng rng(0x9E3779B97F4A7C15u);
  for (int i = 0; i < 20000; ++i) {
    double v = 0;
    const std::uint64_t bits = rng.next();
    std::memcpy(&v, &bits, sizeof v);
    if (!std::isfinite(v)) continue;
    if (i % 2) v = static_cast<double>(rng.next() % 1000000) / 1000.0;  // typical short decimals
    int shortest = 0;
    char buffer[40];
    for (; shortest <= 16; ++shortest) {
      std::snprintf(buffer, sizeof buffer, "%.*e", shortest, v);
      if (std::strtod(buffer, nullptr) == v) break;
    }
    const std::string text = format_shortest(v);
    EXPECT_EQ(std::strtod(text.c_str(), nullptr), v) << text;
    std::string digits;
    for (char c : text.substr(0, text.find('e'))) {
      if (c >= '0' && c <= '9') digits += c;
    }
    while (digits.size() > 1 && digits.front() == '0') digits.erase(0, 1);
    while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
    EXPECT_LE(static_cast<int>(digits.size()), shortest + 1) << v << " → " << text;
  }
}

// The fast paths (whole numbers, short decimals) print exactly what printf's digits print, over
// decimals as people type them (every fraction length 1..17 and mantissas up to 17 digits),
// values one ulp away from them, results of arithmetic, and arbitrary bit patterns.
TEST(FormatShortest, FastPathsAgreeWithTheReference) {
  test::Rng rng(0x243F6A8885A308D3u);
  const auto check = [](double v) {
    ASSERT_EQ(format_shortest(v), format_shortest_reference(v)) << std::hexfloat << v;
  };
  int checked = 0;
  for (int i = 0; i < 60000; ++i, ++checked) {
    const int digits = 1 + static_cast<int>(rng.next() % 17);
    std::uint64_t mantissa = rng.next();
    std::uint64_t limit = 1;
    for (int d = 0; d < digits; ++d) limit *= 10;
    mantissa %= limit;
    const int exponent = -static_cast<int>(rng.next() % 18);
    char text[48];
    std::snprintf(text, sizeof text, "%llue%d", static_cast<unsigned long long>(mantissa),
                  exponent);
    const double typed = std::strtod(text, nullptr);
    check(typed);
    check(-typed);
    check(std::nextafter(typed, 0.0));
    check(std::nextafter(typed, 1e300));
    check(typed * 3);
    check(typed / 7);
  }
  for (int i = 0; i < 60000; ++i, ++checked) {
    double v = 0;
    const std::uint64_t bits = rng.next();
    std::memcpy(&v, &bits, sizeof v);
    check(v);
  }
  for (double v : {0.1 + 0.2, 0.6, 0.7 * 80, 1.0 / 3, 2.0 / 3, 4503599627370495.5, 0.5, 1e-7,
                   1.5e-7, 123456789012345.6, 9007199254740991.0, 5e-324, 1.7976931348623157e308}) {
    check(v);
  }
  EXPECT_EQ(checked, 120000);
}

}  // namespace
}  // namespace llm_sizer
