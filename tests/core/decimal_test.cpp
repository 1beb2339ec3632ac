// read_decimal against the C library's strtod, and print_e/f/g against its snprintf (glibc
// natively, musl under wasm: both exact, and independent of this code), and against cases known
// to be hard.
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

std::string c_printf(const char* format, int precision, double value) {
  char buffer[400];
  std::snprintf(buffer, sizeof buffer, format, precision, value);
  return buffer;
}

// Ties, carries and edges, each as C prints it (ISO C 7.21.6.1; values chosen so that the
// binary value is exactly the tie: 0.125, 2.5, 0.5).
TEST(PrintDecimal, TiesCarriesAndEdgesPrintAsC) {
  EXPECT_EQ(print_f(0.125, 2), "0.12");  // exactly halfway: to even
  EXPECT_EQ(print_f(0.375, 2), "0.38");
  EXPECT_EQ(print_f(2.5, 0), "2");
  EXPECT_EQ(print_f(0.5, 0), "0");
  EXPECT_EQ(print_f(9.96, 1), "10.0");  // a carry into a new digit
  EXPECT_EQ(print_e(9.9999, 2), "1.00e+01");
  EXPECT_EQ(print_e(0.0, 3), "0.000e+00");
  EXPECT_EQ(print_e(-0.0, 0), "-0e+00");
  EXPECT_EQ(print_g(0.1, 17), "0.10000000000000001");
  EXPECT_EQ(print_g(100000.0, 6), "100000");
  EXPECT_EQ(print_g(1000000.0, 6), "1e+06");
  EXPECT_EQ(print_g(0.0001, 6), "0.0001");
  EXPECT_EQ(print_g(0.00001, 6), "1e-05");
  EXPECT_EQ(print_g(5e-324, 17), "4.9406564584124654e-324");
  EXPECT_EQ(print_g(1.7976931348623157e308, 17), "1.7976931348623157e+308");
  EXPECT_EQ(print_g(std::numeric_limits<double>::quiet_NaN(), 6), "nan");
  EXPECT_EQ(print_f(-std::numeric_limits<double>::infinity(), 2), "-inf");
}

// Random doubles of every magnitude at every precision the core prints: what snprintf prints.
TEST(PrintDecimal, AgreesWithSnprintfOnRandomDoubles) {
  test::Rng rng(42);
  for (int i = 0; i < 60000; ++i) {
    std::uint64_t bits = rng.next();
    if (((bits >> 52) & 0x7FF) == 0x7FF) continue;
    double value;
    std::memcpy(&value, &bits, sizeof value);
    const int p = rng.below(18);
    ASSERT_EQ(print_e(value, p), c_printf("%.*e", p, value)) << p << " " << bits;
    ASSERT_EQ(print_g(value, p), c_printf("%.*g", p, value)) << p << " " << bits;
    // %f of values a person reads (the derivation's), and of short decimals near ties.
    const double readable = (rng.unit() - 0.5) * std::pow(10.0, rng.below(16) - 6);
    const int decimals = rng.below(8);
    ASSERT_EQ(print_f(readable, decimals), c_printf("%.*f", decimals, readable)) << readable;
    const double tie = static_cast<double>(rng.below(100000)) / 1000 + 0.0005;
    ASSERT_EQ(print_f(tie, 3), c_printf("%.*f", 3, tie)) << tie;
  }
}

// The magnitudes a report prints (10^-8 … 10^40), where the double-arithmetic path answers when
// it can prove its rounding: random mantissas, short decimals, and values a hair from a tie at
// the digit kept, each at every precision, as snprintf prints them.
TEST(PrintDecimal, AgreesWithSnprintfWhereReportsPrint) {
  test::Rng rng(7);
  for (int i = 0; i < 200000; ++i) {
    const double mantissa = 1 + 9 * rng.unit();
    double value = mantissa * std::pow(10.0, static_cast<int>(rng.below(49)) - 8);
    if (i % 3 == 1) value = static_cast<double>(rng.below(1000000)) / std::pow(10.0, rng.below(9));
    const int p = rng.below(18);
    if (i % 3 == 2) {
      // A decimal tie at the p-th significant digit, then the double just below or above it.
      const double tie = (std::floor(mantissa * 1e3) + 0.5) * std::pow(10.0, rng.below(20) - 10);
      value = std::nextafter(tie, rng.below(2) ? 0.0 : 1e300);
    }
    ASSERT_EQ(print_e(value, p), c_printf("%.*e", p, value)) << p << " " << value;
    ASSERT_EQ(print_g(value, p), c_printf("%.*g", p, value)) << p << " " << value;
    const int decimals = rng.below(12);
    ASSERT_EQ(print_f(value, decimals), c_printf("%.*f", decimals, value)) << value;
  }
}

}  // namespace
}  // namespace llm_sizer
