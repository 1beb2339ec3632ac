#include "llm_sizer/number_format.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <ostream>
#include <set>
#include <string>
#include <vector>
#ifdef __EMSCRIPTEN__
#include <emscripten/emscripten.h>
#else
#include <charconv>
#endif

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
  // Past a million a fraction is dropped: 4,373,038.07 GPU-hours read as a count.
  EXPECT_EQ(format_readable(4373038.071234144), "4.373 × 10⁶");
  EXPECT_EQ(format_readable(-13075383.83), "-13.08 × 10⁶");
}

// The derivation's measured figures keep what a reader needs to check them: hundredths, and three
// significant figures below 1 (a KV sequence of 0.0882 GB divides a pool to the sequence).
TEST(FormatFine, KeepsHundredthsAndThreeFiguresBelowOne) {
  EXPECT_EQ(format_fine(129.214), "129.21");
  EXPECT_EQ(format_fine(17.196), "17.2");
  EXPECT_EQ(format_fine(0.08823), "0.0882");
  EXPECT_EQ(format_fine(0.8239), "0.824");
  EXPECT_EQ(format_fine(0), "0");
  EXPECT_EQ(format_fine(-0.0503), "-0.0503");
  // The FLOPs of a one-token prompt's attention, in TFLOP: no "e-7" in a derivation.
  EXPECT_EQ(format_fine(5.2429e-7), "524 × 10⁻⁹");
  EXPECT_EQ(format_fine(-1.5e-5), "-15 × 10⁻⁶");
  EXPECT_EQ(format_readable(2.5e-10), "250 × 10⁻¹²");
  EXPECT_EQ(format_readable(1e-6), "1 × 10⁻⁶");
  EXPECT_EQ(format_readable(9.9999999e-7), "1 × 10⁻⁶");
}

// A derivation whose input is unknown shows "?" in its place, not "NaN" or "Infinity".
TEST(FormatFine, WritesAnUnknownFigureAsAQuestionMark) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(readable_or_unknown(nan), "?");
  EXPECT_EQ(readable_or_unknown(-inf), "?");
  EXPECT_EQ(readable_or_unknown(175e9), "175 × 10⁹");
  EXPECT_EQ(fine_or_unknown(inf), "?");
  EXPECT_EQ(fine_or_unknown(0.08823), "0.0882");
  // Hundredths, as the serving derivations write GB and ms ("32.76").
  EXPECT_EQ(hundredths_or_unknown(32.7649), "32.76");
  EXPECT_EQ(hundredths_or_unknown(0.004), "0");
  EXPECT_EQ(hundredths_or_unknown(nan), "?");
}

}  // namespace
}  // namespace llm_sizer

namespace llm_sizer {
namespace {

// A decimal as sign-less significant digits (no leading or trailing zeros) and the power of ten
// of the first one: "0.000123" and "1.23e-4" both read {"123", -4}.
struct Decimal {
  std::string digits;
  int exponent = 0;
  bool operator==(const Decimal&) const = default;
};

std::ostream& operator<<(std::ostream& out, const Decimal& d) {
  return out << d.digits << " × 10^" << d.exponent;
}

Decimal decimal_of(const std::string& text) {
  const std::size_t e = text.find_first_of("eE");
  const std::string mantissa = text.substr(0, e);
  const int written_exponent = e == std::string::npos ? 0 : std::atoi(text.c_str() + e + 1);
  Decimal d;
  int point = -1;  // digits before the decimal point
  for (char c : mantissa) {
    if (c == '.') {
      point = static_cast<int>(d.digits.size());
    } else if (c >= '0' && c <= '9') {
      d.digits += c;
    }
  }
  if (point < 0) point = static_cast<int>(d.digits.size());
  while (d.digits.size() > 1 && d.digits.front() == '0') {
    d.digits.erase(0, 1);
    --point;
  }
  while (d.digits.size() > 1 && d.digits.back() == '0') d.digits.pop_back();
  d.exponent = point - 1 + written_exponent;
  return d;
}

#ifdef __EMSCRIPTEN__
// Emscripten 3.1.6's libc++ has no floating-point std::to_chars; the engine running the tests
// has ECMA-262's Number::toString, which also prints the shortest digits that read back (the
// closest of them), in the layout format_shortest follows.
EM_JS(int, engine_number_text, (double value, char* out, int size),
      { return stringToUTF8(String(value), out, size); });

std::string oracle_text(double value) {
  char buffer[64];
  engine_number_text(value, buffer, sizeof buffer);
  return buffer;
}
#else
// std::to_chars without a precision: the shortest digits that read back (the closest of them),
// by an algorithm of the standard library (Ryu in libstdc++), not by printf.
std::string oracle_text(double value) {
  char buffer[64];
  const auto result =
      std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::scientific);
  return std::string(buffer, result.ptr);
}

/// to_chars' own layout: the shorter of fixed and exponent form ("1e-06", "1.75e+11"), fixed
/// with every digit of a whole number ("9164035340803794944", where ECMAScript pads with zeros).
std::string to_chars_plain(double value) {
  char buffer[400];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, result.ptr);
}
#endif

/// Doubles of every kind: arbitrary bit patterns, decimals as people type them, and each power of
/// two with its neighbours (where the values that read back are lopsided).
std::vector<double> shortest_test_values() {
  std::vector<double> values;
  test::Rng rng(0x9E3779B97F4A7C15u);
  for (int i = 0; i < 20000; ++i) {
    double v = 0;
    const std::uint64_t bits = rng.next();
    std::memcpy(&v, &bits, sizeof v);
    values.push_back(v);
    values.push_back(static_cast<double>(rng.next() % 1000000) / 1000.0);
  }
  for (int e = -1074; e <= 1023; ++e) {
    const double p = std::ldexp(1.0, e);
    values.insert(values.end(), {p, std::nextafter(p, 0.0), std::nextafter(p, HUGE_VAL)});
  }
  return values;
}

// format_shortest against an independent shortest round-trip: it reads back, and it has the
// same digits and exponent, so it is never longer; where both lay the number out the same way
// the texts are the same character for character.
TEST(FormatShortest, HasTheDigitsOfAnIndependentShortestRoundTrip) {
  int compared_as_text = 0;
  for (const double v : shortest_test_values()) {
    if (!std::isfinite(v) || v == 0) continue;
    const std::string text = format_shortest(v);
    ASSERT_EQ(std::strtod(text.c_str(), nullptr), v) << std::hexfloat << v << " → " << text;
    const std::string oracle = oracle_text(v);
    ASSERT_EQ(decimal_of(text), decimal_of(oracle))
        << std::hexfloat << v << ": " << text << " vs " << oracle;
    ASSERT_EQ(text.front() == '-', oracle.front() == '-') << text << " vs " << oracle;
#ifdef __EMSCRIPTEN__
    ASSERT_EQ(text, oracle);  // the engine's layout is the one format_shortest follows
    ++compared_as_text;
#else
    const std::string general = to_chars_plain(v);
    const bool exponent_form = text.find('e') != std::string::npos;
    if (exponent_form && general.find('e') != std::string::npos) {
      // "1.5e-7" is "1.5e-07" in C's exponent style.
      const std::size_t e = general.find('e');
      std::string exponent = general.substr(e + 2);
      while (exponent.size() > 1 && exponent.front() == '0') exponent.erase(0, 1);
      ASSERT_EQ(text, general.substr(0, e + 2) + exponent);
      ++compared_as_text;
    } else if (!exponent_form && general.find('e') == std::string::npos &&
               std::fabs(v) < 9007199254740992.0) {
      ASSERT_EQ(text, general);
      ++compared_as_text;
    }
#endif
  }
  EXPECT_GT(compared_as_text, 10000);  // both layouts really were compared
}

// Regression: just above a power of two, format_shortest printed the correctly rounded 17
// digits where 16 other digits read back. The expected texts are Node 20's String(2 ** e).
TEST(FormatShortest, RegressionOneDigitTooManyAbovePowersOfTwo) {
  EXPECT_EQ(format_shortest(std::ldexp(1.0, -1017)), "7.120236347223045e-307");
  EXPECT_EQ(format_shortest(std::ldexp(1.0, -1007)), "7.291122019556398e-304");
  EXPECT_EQ(format_shortest(-std::ldexp(1.0, -957)), "-8.209073602596753e-289");
  EXPECT_EQ(format_shortest_reference(std::ldexp(1.0, -705)), "5.940911144672375e-213");
}

// The fast paths (whole numbers, short decimals) print exactly what printf's digits print, over
// decimals as people type them (every fraction length 1..17 and mantissas up to 17 digits),
// values one ulp away from them, results of arithmetic, and arbitrary bit patterns.
TEST(FormatShortest, FastPathsAgreeWithTheReference) {
  test::Rng rng(0x243F6A8885A308D3u);
  const auto check = [](double v) {
    ASSERT_EQ(format_shortest(v), format_shortest_reference(v)) << std::hexfloat << v;
  };
  // Which fraction lengths and mantissa lengths were drawn: all of them must be, or the fast
  // paths were not covered as this test says.
  std::set<int> digit_counts;
  std::set<int> exponents;
  for (int i = 0; i < 60000; ++i) {
    const int digits = 1 + static_cast<int>(rng.next() % 17);
    digit_counts.insert(digits);
    std::uint64_t mantissa = rng.next();
    std::uint64_t limit = 1;
    for (int d = 0; d < digits; ++d) limit *= 10;
    mantissa %= limit;
    const int exponent = -static_cast<int>(rng.next() % 18);
    exponents.insert(exponent);
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
  for (int i = 0; i < 60000; ++i) {
    double v = 0;
    const std::uint64_t bits = rng.next();
    std::memcpy(&v, &bits, sizeof v);
    check(v);
  }
  for (double v : {0.1 + 0.2, 0.6, 0.7 * 80, 1.0 / 3, 2.0 / 3, 4503599627370495.5, 0.5, 1e-7,
                   1.5e-7, 123456789012345.6, 9007199254740991.0, 5e-324, 1.7976931348623157e308}) {
    check(v);
  }
  EXPECT_EQ(digit_counts.size(), 17u);  // 1..17 digits
  EXPECT_EQ(exponents.size(), 18u);     // 10^0 .. 10^-17
}

}  // namespace
}  // namespace llm_sizer
