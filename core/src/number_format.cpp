#include "llm_sizer/number_format.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <string>

#include "llm_sizer/decimal.hpp"

namespace llm_sizer {
namespace {

// Exact powers of ten (every one up to 10^22 is), so m / 10^j is one correctly rounded division.
constexpr double kPow10[] = {1e0, 1e1, 1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                             1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15};

// The shortest round-trip decimal of a positive, finite, non-whole value, when it is short (as
// typed numbers are: 0.6, 43.75, 1.5e-7): the fewest fraction digits j for which exactly one
// integer m reads back as the value through m / 10^j. Below 2^52 the scaled product is within
// 0.25 of the exact one, and any m that reads back lies within 0.75 of it, so four candidates
// cover them all. Ambiguous or longer values return false for the printf path; both paths give
// the same text (tests/core/number_format_test.cpp compares them over many values).
bool short_decimal(double value, std::uint64_t& digits, int& fraction_digits) {
  for (int j = 1; j < static_cast<int>(std::size(kPow10)); ++j) {
    const double scaled = value * kPow10[j];
    if (!(scaled < 4503599627370496.0)) return false;  // 2^52
    const double base = std::floor(scaled);
    int matches = 0;
    double match = 0;
    for (double m = base - 1; m <= base + 2; ++m) {
      if (m > 0 && m / kPow10[j] == value) {
        ++matches;
        match = m;
      }
    }
    if (matches > 1) return false;
    if (matches == 1) {
      digits = static_cast<std::uint64_t>(match);
      fraction_digits = j;
      return true;
    }
  }
  return false;
}

// One unit more in the last digit of printf's "d.ddde±x", in place ("7.12e-307" → "7.13e-307").
// False when the carry runs out of the first digit (9.99 → 10.0): a power of ten that reads back
// has already been found with fewer digits.
bool increment_last_digit(char* text) {
  for (char* p = std::strchr(text, 'e'); --p >= text;) {
    if (*p == '.') continue;
    if (*p != '9') {
      ++*p;
      return true;
    }
    *p = '0';
  }
  return false;
}

// print_e's text (at most 24 bytes for a precision up to 16) into a 40-byte buffer.
void write_e(char (&buffer)[40], int precision, double magnitude) {
  const std::string text = print_e(magnitude, precision);
  std::memcpy(buffer, text.c_str(), text.size() + 1);
}

// Shortest digits by printf's %e: the digit count is bisected, since a precision that round-trips
// stays round-tripping with more digits.
void printf_shortest(double value, std::string& digits, int& point, bool& negative) {
  negative = value < 0;
  const double magnitude = std::fabs(value);
  char buffer[40];
  int low = 0;    // precision (digits after the first) known not to round-trip, or 0
  int high = 16;  // always round-trips
  write_e(buffer, 0, magnitude);
  if (read_decimal(buffer) == magnitude) high = 0;
  while (high - low > 1) {
    const int mid = (low + high) / 2;
    write_e(buffer, mid, magnitude);
    (read_decimal(buffer) == magnitude ? high : low) = mid;
  }
  write_e(buffer, high, magnitude);
  // At a power of two the doubles below are half as far apart as those above, so the values that
  // read back reach twice as far above it as below. The correctly rounded decimal with one digit
  // fewer can then fall short below while the next one up reads back: 2^-1017 is
  // 7.120236347223045e-307, not 7.1202363472230444e-307 (ECMAScript and std::to_chars agree).
  const char* text = buffer;
  char shorter[sizeof buffer];
  if (high > 0) {
    write_e(shorter, high - 1, magnitude);
    if (read_decimal(shorter) < magnitude && increment_last_digit(shorter) &&
        read_decimal(shorter) == magnitude) {
      text = shorter;
    }
  }
  digits.clear();
  const char* p = text;
  for (; *p != 'e'; ++p) {
    if (*p != '.') digits += *p;
  }
  point = std::atoi(p + 1) + 1;  // position of the decimal point after the first digit
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
}

// Digits laid out as ECMAScript's Number::toString does, so the CLI's JSON and the page's
// JSON.stringify print the same text for the same double; `point` is the position of the
// decimal point after the first digit.
std::string lay_out(const std::string& digits, int point, bool negative) {
  const int k = static_cast<int>(digits.size());
  std::string out = negative ? "-" : "";
  if (k <= point && point <= 21) {
    out += digits + std::string(static_cast<std::size_t>(point - k), '0');
  } else if (0 < point && point <= 21) {
    out += digits.substr(0, static_cast<std::size_t>(point)) + "." +
           digits.substr(static_cast<std::size_t>(point));
  } else if (-6 < point && point <= 0) {
    out += "0." + std::string(static_cast<std::size_t>(-point), '0') + digits;
  } else {
    out += digits.substr(0, 1);
    if (k > 1) {
      out += '.';
      out += digits.substr(1);
    }
    out += (point - 1 >= 0 ? "e+" : "e-") + std::to_string(std::abs(point - 1));
  }
  return out;
}

std::string special_text(double value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "Infinity" : "-Infinity";
  return "0";
}

}  // namespace

std::string format_shortest_reference(double value) {
  if (!std::isfinite(value) || value == 0) return special_text(value);
  std::string digits;
  int point = 0;
  bool negative = false;
  printf_shortest(value, digits, point, negative);
  return lay_out(digits, point, negative);
}

std::string format_shortest(double value) {
  if (!std::isfinite(value) || value == 0) return special_text(value);
  // Whole numbers (most of a report) and short decimals skip printf.
  const double magnitude = std::fabs(value);
  if (magnitude < 9007199254740992.0 && magnitude == std::floor(magnitude)) {
    const std::string whole = print_whole(static_cast<std::uint64_t>(magnitude));
    return value < 0 ? "-" + whole : whole;
  }
  std::uint64_t short_digits = 0;
  int fraction_digits = 0;
  if (short_decimal(magnitude, short_digits, fraction_digits)) {
    const std::string digits = print_whole(short_digits);
    return lay_out(digits, static_cast<int>(digits.size()) - fraction_digits, value < 0);
  }
  return format_shortest_reference(value);
}

namespace {

// Digits and decimal exponent of the shortest representation: value = digits × 10^exponent.
bool split_integer(double value, std::string& digits, int& exponent) {
  if (!std::isfinite(value) || value != std::floor(value)) return false;
  const std::string text = format_shortest(std::fabs(value));
  digits.clear();
  exponent = 0;
  bool after_point = false;
  std::size_t i = 0;
  for (; i < text.size() && text[i] != 'e'; ++i) {
    if (text[i] == '.') {
      after_point = true;
      continue;
    }
    digits += text[i];
    if (after_point) --exponent;
  }
  if (i < text.size()) exponent += std::atoi(text.c_str() + i + 1);
  while (digits.size() > 1 && digits.back() == '0') {
    digits.pop_back();
    ++exponent;
  }
  return true;
}

std::string superscript(int exponent) {
  static const char* const kDigits[] = {"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"};
  std::string out = exponent < 0 ? "⁻" : "";
  for (char c : std::to_string(std::abs(exponent))) out += kDigits[c - '0'];
  return out;
}

}  // namespace

std::string format_compact(double value) {
  const std::string plain = format_shortest(value);
  std::string digits;
  int exponent = 0;
  if (!split_integer(value, digits, exponent) || std::fabs(value) < 1e6) return plain;
  // Engineering exponent, as people write model sizes: 175e9, 32.76e9, 8.03e9, 300e9.
  const int magnitude = exponent + static_cast<int>(digits.size()) - 1;  // of the first digit
  const int engineering = magnitude - magnitude % 3;
  const int integer_digits = magnitude - engineering + 1;
  while (static_cast<int>(digits.size()) < integer_digits) digits += '0';
  std::string mantissa = digits.substr(0, static_cast<std::size_t>(integer_digits));
  if (static_cast<int>(digits.size()) > integer_digits) {
    mantissa += '.';
    mantissa += digits.substr(static_cast<std::size_t>(integer_digits));
  }
  const std::string compact = (value < 0 ? "-" : "") + mantissa + "e" + std::to_string(engineering);
  return compact.size() <= plain.size() ? compact : plain;
}

std::string format_fine(double value) {
  if (!std::isfinite(value)) return format_readable(value);
  const double size = std::fabs(value);
  const double decimals = size > 0 ? std::max(2.0, 2 - std::floor(std::log10(size))) : 2;
  const double scale = std::pow(10, decimals);
  return format_readable(std::round(value * scale) / scale);
}

std::string readable_or_unknown(double value) {
  return std::isfinite(value) ? format_readable(value) : "?";
}

std::string fine_or_unknown(double value) {
  return std::isfinite(value) ? format_fine(value) : "?";
}

std::string hundredths_or_unknown(double value) {
  return readable_or_unknown(std::round(value * 100) / 100);
}

std::string format_readable(double value) {
  // Past a million the fraction is noise to a reader: 4373038.07 reads as 4.373 × 10⁶.
  if (std::isfinite(value) && std::fabs(value) >= 1e6) value = std::round(value);
  std::string digits;
  int exponent = 0;
  if (split_integer(value, digits, exponent) && std::fabs(value) >= 1e6) {
    // Engineering notation, as the article writes 175 × 10⁹; long counts keep 4 significant
    // digits (8.030 × 10⁹), short ones stay exact.
    const int magnitude = exponent + static_cast<int>(digits.size()) - 1;
    const int engineering = magnitude - magnitude % 3;
    std::string mantissa;
    if (digits.size() <= 4) {
      for (int i = static_cast<int>(digits.size()) - 1; i < magnitude - engineering; ++i) {
        digits += '0';
      }
      mantissa = digits.substr(0, static_cast<std::size_t>(magnitude - engineering + 1));
      if (digits.size() > mantissa.size()) {
        mantissa += '.';
        mantissa += digits.substr(static_cast<std::size_t>(magnitude - engineering + 1));
      }
    } else {
      const int decimals = 3 - (magnitude - engineering);
      mantissa = print_f(std::fabs(value) / std::pow(10.0, engineering), decimals);
    }
    return (value < 0 ? "-" : "") + mantissa + " × 10" + superscript(engineering);
  }
  if (std::isfinite(value) && value != 0 && std::fabs(value) < 1e6) {
    // Up to 6 significant digits is what a person reads; keep exact short values exact.
    std::string text = print_g(value, 6);
    if (text.find('e') == std::string::npos) return text;
    // Too small for that: engineering notation, as past a million (5.24e-7 reads as 524 × 10⁻⁹).
    int engineering = 0;
    double mantissa = std::fabs(value);
    for (; mantissa < 1; mantissa *= 1000) engineering -= 3;
    if (mantissa >= 999.9995) {  // what six digits round up to 1000
      engineering += 3;
      mantissa /= 1000;
    }
    return (value < 0 ? "-" : "") + print_g(mantissa, 6) + " × 10" + superscript(engineering);
  }
  return format_shortest(value);
}

std::optional<double> parse_number(std::string_view text) {
  std::string cleaned;
  cleaned.reserve(text.size());
  for (char c : text) {
    if (c == ' ' || c == '\t' || c == '_') continue;
    cleaned += c;
  }
  if (cleaned.empty() || cleaned.size() > 64) return std::nullopt;
  double scale = 1;
  switch (cleaned.back()) {
    case 'K':
    case 'k':
      scale = 1e3;
      break;
    case 'M':
      scale = 1e6;
      break;
    case 'B':
    case 'G':
      scale = 1e9;
      break;
    case 'T':
      scale = 1e12;
      break;
    default:
      break;
  }
  if (scale != 1) cleaned.pop_back();
  if (cleaned.empty()) return std::nullopt;
  // Only plain decimals and the IEEE names.
  const std::string lower = [&] {
    std::string s;
    for (char c : cleaned) s += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    return s;
  }();
  const std::string unsigned_part = (lower[0] == '-' || lower[0] == '+') ? lower.substr(1) : lower;
  if (unsigned_part == "nan") return std::nan("");
  if (unsigned_part == "inf" || unsigned_part == "infinity") {
    return lower[0] == '-' ? -HUGE_VAL : HUGE_VAL;
  }
  bool digit_seen = false;
  for (std::size_t i = 0; i < lower.size(); ++i) {
    const char c = lower[i];
    if (c >= '0' && c <= '9') {
      digit_seen = true;
    } else if (c != '.' && c != 'e' && c != '+' && c != '-') {
      return std::nullopt;
    }
  }
  if (!digit_seen) return std::nullopt;
  const std::optional<double> value = read_decimal(cleaned);
  if (!value) return std::nullopt;
  return *value * scale;
}

}  // namespace llm_sizer
