// read_decimal against the C library's strtod (glibc natively, musl under wasm: both correctly
// rounded, and independent of this code) and against cases known to be hard for readers.
#include "llm_sizer/decimal.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>

#include "test_support.hpp"

namespace llm_sizer {
namespace {

std::uint64_t bits_of(double v) {
  std::uint64_t b;
  std::memcpy(&b, &v, sizeof b);
  return b;
}

// The bits read_decimal gives, or a marker when it refuses the text.
std::uint64_t read_bits(const std::string& text) {
  const auto v = read_decimal(text);
  return v ? bits_of(*v) : 0xDEADull;
}

std::uint64_t strtod_bits(const std::string& text) {
  return bits_of(std::strtod(text.c_str(), nullptr));
}

// Cases from the literature on reading decimals (Clinger 1990; Paxson 1991, "A program for
// testing IEEE decimal-binary conversion"; the PHP/Java 2.2250738585072012e-308 hang of 2011), with
// their correctly rounded bits as CPython's float() reads them (David Gay's correctly rounded
// strtod), independent of this code and of the C library under test.
TEST(ReadDecimal, HardCasesGiveTheCorrectlyRoundedBits) {
  struct Case {
    const char* text;
    std::uint64_t bits;
  };
  const Case cases[] = {
      {"0.1", 0x3FB999999999999Aull},
      {"1e23", 0x44B52D02C7E14AF6ull},  // 99999999999999991611392: 10^23 is not a double
      {"9007199254740993", 0x4340000000000000ull},         // 2^53 + 1: a tie, to even (2^53)
      {"9007199254740995", 0x4340000000000002ull},         // 2^53 + 3: a tie, to even (2^53 + 4)
      {"2.2250738585072011e-308", 0x000FFFFFFFFFFFFFull},  // the largest subnormal
      {"2.2250738585072014e-308", 0x0010000000000000ull},  // the smallest normal
      {"4.9406564584124654e-324", 0x0000000000000001ull},  // the smallest subnormal
      {"2.4703282292062328e-324", 0x0000000000000001ull},  // just above half of it: rounds up
      {"2.4703282292062327e-324", 0x0000000000000000ull},  // just below half: rounds to zero
      {"1.7976931348623157e308", 0x7FEFFFFFFFFFFFFFull},   // the largest double
      {"1.7976931348623159e308", 0x7FF0000000000000ull},   // beyond its rounding range: infinity
      {"175e9", 0x42445F680B000000ull},
      {"-0.6", 0xBFE3333333333333ull},
      {"-0", 0x8000000000000000ull},
      {"1e-400", 0x0000000000000000ull},
      {"1e400", 0x7FF0000000000000ull},
  };
  for (const auto& c : cases) EXPECT_EQ(read_bits(c.text), c.bits) << c.text;
}

TEST(ReadDecimal, ReadsWhatCReadsAndRefusesTheRest) {
  for (const char* text : {".5", "5.", "+7", "1E5", "1e+05", "0000.000100", "00012e-2"}) {
    EXPECT_EQ(read_bits(text), strtod_bits(text)) << text;
  }
  for (const char* text : {"", ".", "-", "e5", "1e", "1e+", "1.2.3", "0x10", "nan", "inf", " 1",
                           "1 ", "1e5.5", "--1", "1,5"}) {
    EXPECT_FALSE(read_decimal(text).has_value()) << text;
  }
}

// Random decimals of every length and exponent the page, the CLI and format_shortest read:
// bit for bit what strtod reads.
TEST(ReadDecimal, AgreesWithStrtodOnRandomDecimals) {
  test::Rng rng(20261201);
  for (int i = 0; i < 200000; ++i) {
    std::string text = rng.coin() ? "-" : "";
    const int digits = 1 + rng.below(i % 10 == 0 ? 60 : 20);
    const int point = rng.below(digits + 1);
    for (int d = 0; d < digits; ++d) {
      if (d == point && d > 0) text += '.';
      text += static_cast<char>('0' + rng.below(10));
    }
    text += "e" + std::to_string(rng.below(700) - 350);
    ASSERT_EQ(read_bits(text), strtod_bits(text)) << text;
  }
}

// Every double written with 17 significant digits reads back to itself, subnormals included.
TEST(ReadDecimal, SeventeenDigitsOfAnyDoubleReadBack) {
  test::Rng rng(7);
  char buffer[40];
  for (int i = 0; i < 200000; ++i) {
    std::uint64_t bits = rng.next() & 0x7FFFFFFFFFFFFFFFull;
    if ((bits >> 52) == 0x7FF) continue;  // NaN and infinity are not decimals
    double value;
    std::memcpy(&value, &bits, sizeof value);
    std::snprintf(buffer, sizeof buffer, "%.16e", value);
    ASSERT_EQ(read_bits(buffer), bits) << buffer;
    std::snprintf(buffer, sizeof buffer, "%.*e", rng.below(17), value);
    ASSERT_EQ(read_bits(buffer), strtod_bits(buffer)) << buffer;
  }
}

}  // namespace
}  // namespace llm_sizer
