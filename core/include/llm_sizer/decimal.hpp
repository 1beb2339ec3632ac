#pragma once
/// Decimal text → the nearest double, without long double arithmetic.
///
/// The C library's strtod computes in 128-bit long double on wasm32, which brings a software
/// float128 library with it: about 7 KB gzipped of the page's first visit for what this file does
/// with 64-bit integers and a small big-integer division.

#include <optional>
#include <string_view>

namespace llm_sizer {

/// Reads `text` whole as [+-]digits[.digits][(e|E)[+-]digits] (at least one mantissa digit; ".5"
/// and "5." are decimals as in C) and returns the double nearest to its exact value, ties to even:
/// the IEEE 754 correctly rounded conversion strtod gives in the default rounding mode. Values
/// too large are ±infinity, too small ±0 (with correctly rounded subnormals between).
/// Anything else (hex, "nan", "inf", spaces, trailing text) is nullopt.
///
/// Method: up to 15 significant digits with a power of ten up to 10²² are one exact double
/// operation, correctly rounded by the hardware (Clinger 1990, "How to read floating point
/// numbers accurately"); otherwise the exact ratio digits × 10^e (or digits / 10^-e) is divided
/// in big integers to 64 quotient bits plus a sticky bit, then rounded to 53 bits (or fewer for
/// subnormals).
std::optional<double> read_decimal(std::string_view text);

}  // namespace llm_sizer
