// Decimal text → double (decimal.hpp): Clinger's exact fast path, else a big-integer division.
#include "llm_sizer/decimal.hpp"

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace llm_sizer {
namespace {

// More significant digits than any halfway point between two doubles has (767), so that digits
// dropped beyond them can stand for themselves as one nonzero digit.
constexpr std::size_t kMaxDigits = 800;

// An unsigned big integer, 32-bit limbs, least significant first, no leading zero limbs.
using Big = std::vector<std::uint32_t>;

void trim(Big& a) {
  while (!a.empty() && a.back() == 0) a.pop_back();
}

void multiply_add(Big& a, std::uint32_t factor, std::uint32_t addend) {
  std::uint64_t carry = addend;
  for (auto& limb : a) {
    const std::uint64_t v = std::uint64_t{limb} * factor + carry;
    limb = static_cast<std::uint32_t>(v);
    carry = v >> 32;
  }
  if (carry) a.push_back(static_cast<std::uint32_t>(carry));
}

void multiply_pow10(Big& a, int exponent) {
  for (; exponent >= 9; exponent -= 9) multiply_add(a, 1000000000u, 0);
  std::uint32_t rest = 1;
  for (; exponent > 0; --exponent) rest *= 10;
  if (rest > 1) multiply_add(a, rest, 0);
}

int bit_length(const Big& a) {
  if (a.empty()) return 0;
  int bits = static_cast<int>(a.size() - 1) * 32;
  for (std::uint32_t top = a.back(); top; top >>= 1) ++bits;
  return bits;
}

Big shifted_left(const Big& a, int bits) {
  Big out(static_cast<std::size_t>(bits / 32), 0);
  const int within = bits % 32;
  std::uint32_t carry = 0;
  for (std::uint32_t limb : a) {
    out.push_back(within ? (limb << within) | carry : limb);
    carry = within ? limb >> (32 - within) : 0;
  }
  if (carry) out.push_back(carry);
  return out;
}

void shift_right_one(Big& a) {
  for (std::size_t i = 0; i < a.size(); ++i) {
    a[i] = (a[i] >> 1) | (i + 1 < a.size() ? a[i + 1] << 31 : 0);
  }
  trim(a);
}

int compare(const Big& a, const Big& b) {
  if (a.size() != b.size()) return a.size() < b.size() ? -1 : 1;
  for (std::size_t i = a.size(); i-- > 0;) {
    if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
  }
  return 0;
}

void subtract(Big& a, const Big& b) {  // a ≥ b
  std::int64_t borrow = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    std::int64_t v = std::int64_t{a[i]} - borrow - (i < b.size() ? std::int64_t{b[i]} : 0);
    borrow = v < 0;
    a[i] = static_cast<std::uint32_t>(v + (borrow ? (std::int64_t{1} << 32) : 0));
  }
  trim(a);
}

// floor(num / den) when it is below 2^64, leaving the remainder in num.
std::uint64_t divide(Big& num, const Big& den) {
  std::uint64_t q = 0;
  Big step = shifted_left(den, 63);
  for (int bit = 63; bit >= 0; --bit) {
    if (compare(num, step) >= 0) {
      subtract(num, step);
      q |= std::uint64_t{1} << bit;
    }
    shift_right_one(step);
  }
  return q;
}

// digits × 10^exponent, correctly rounded, for digits without leading zeros.
double exact_ratio(const std::string& digits, int exponent) {
  Big num;
  for (char c : digits) multiply_add(num, 10, static_cast<std::uint32_t>(c - '0'));
  Big den{1};
  if (exponent >= 0) {
    multiply_pow10(num, exponent);
  } else {
    multiply_pow10(den, -exponent);
  }
  // Scale by 2^s so that the quotient has 64 bits: num·2^s / den in [2^63, 2^64).
  int s = 63 - (bit_length(num) - bit_length(den));
  Big scaled_num = s > 0 ? shifted_left(num, s) : num;
  Big scaled_den = s < 0 ? shifted_left(den, -s) : den;
  if (compare(scaled_num, shifted_left(scaled_den, 63)) < 0) {
    ++s;
    scaled_num = s > 0 ? shifted_left(num, s) : num;
    scaled_den = s < 0 ? shifted_left(den, -s) : den;
  }
  const std::uint64_t q = divide(scaled_num, scaled_den);
  const bool sticky = !scaled_num.empty();
  // The value is q·2^-s with q in [2^63, 2^64): its binary exponent is 63 − s.
  const int binary_exponent = 63 - s;
  if (binary_exponent > 1023) return std::numeric_limits<double>::infinity();
  const int drop = binary_exponent >= -1022 ? 11 : 11 + (-1022 - binary_exponent);
  if (drop > 64) return 0;
  const std::uint64_t kept = drop < 64 ? q >> drop : 0;
  const std::uint64_t rest = drop < 64 ? q & ((std::uint64_t{1} << drop) - 1) : q;
  const std::uint64_t half = std::uint64_t{1} << (drop - 1);
  const bool up = rest > half || (rest == half && (sticky || (kept & 1)));
  return std::ldexp(static_cast<double>(kept + (up ? 1 : 0)), drop - s);
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

}  // namespace

std::optional<double> read_decimal(std::string_view text) {
  std::size_t i = 0;
  const bool negative = i < text.size() && text[i] == '-';
  if (i < text.size() && (text[i] == '-' || text[i] == '+')) ++i;
  // Significant digits (no leading zeros) and the power of ten of the last one kept.
  std::string digits;
  long long exponent = 0;
  bool any_digit = false;
  bool dropped_nonzero = false;
  bool after_point = false;
  for (; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '.' && !after_point) {
      after_point = true;
      continue;
    }
    if (!is_digit(c)) break;
    any_digit = true;
    if (digits.empty() && c == '0') {
      if (after_point) --exponent;
      continue;
    }
    if (digits.size() < kMaxDigits) {
      digits += c;
      if (after_point) --exponent;
    } else {
      dropped_nonzero = dropped_nonzero || c != '0';
      if (!after_point) ++exponent;
    }
  }
  if (!any_digit) return std::nullopt;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    const bool negative_exponent = i < text.size() && text[i] == '-';
    if (i < text.size() && (text[i] == '-' || text[i] == '+')) ++i;
    if (i >= text.size() || !is_digit(text[i])) return std::nullopt;
    long long written = 0;
    for (; i < text.size() && is_digit(text[i]); ++i) {
      if (written < 100000) written = written * 10 + (text[i] - '0');
    }
    exponent += negative_exponent ? -written : written;
  }
  if (i != text.size()) return std::nullopt;
  const double sign = negative ? -1.0 : 1.0;
  if (digits.empty()) return sign * 0.0;
  if (dropped_nonzero) {
    digits += '1';
    --exponent;
  }
  // The leading digit's power of ten: beyond the doubles' range either way.
  const long long leading = exponent + static_cast<long long>(digits.size()) - 1;
  if (leading > 309) return sign * std::numeric_limits<double>::infinity();
  if (leading < -325) return sign * 0.0;
  if (digits.size() <= 15 && exponent >= -22 && exponent <= 22) {
    static constexpr double kPow10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                        1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                        1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    double value = 0;
    for (char c : digits) value = value * 10 + (c - '0');  // exact: below 10^15 < 2^53
    value = exponent >= 0 ? value * kPow10[exponent] : value / kPow10[-exponent];
    return sign * value;
  }
  return sign * exact_ratio(digits, static_cast<int>(exponent));
}

}  // namespace llm_sizer
