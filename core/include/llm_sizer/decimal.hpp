#pragma once
/// Decimal text ↔ double without the C library's strtod and printf.
///
/// strtod computes in 128-bit long double on wasm32, which brings a software float128 library
/// with it, and printf's formatter is another 3.5 KB: together about 9 KB gzipped of the page's
/// first visit for what this file does with 64-bit integers and a little big-integer arithmetic.

#include <cstdint>
#include <optional>
#include <string>
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

/// printf's "%.*e", "%.*f" and "%.*g" (no flags) of a double, digit for digit: the exact binary
/// value is written out in decimal (m·2^e is m·5^-e / 10^-e, a whole number over a power of ten)
/// and rounded once at the asked position, ties to even, as C requires of a correctly rounding
/// printf in the default rounding mode. Where x·10^k, computed exactly as a double pair (Dekker's
/// product, or a quotient with its exact remainder), is provably not within 10⁻⁶ of a rounding
/// tie, its rounding gives the same digits without the big integers (most of what a report
/// prints). Non-finite values are "nan", "inf", "-inf".
std::string print_e(double value, int precision);
std::string print_f(double value, int decimals);
std::string print_g(double value, int precision);

/// The decimal digits of a whole number, as printf's %llu writes them.
std::string print_whole(std::uint64_t value);

}  // namespace llm_sizer
