// Decimal text ↔ double (decimal.hpp): Clinger's exact fast path, else a big-integer division;
// printf's %e, %f and %g from the exact decimal expansion, or from one double product when that
// provably rounds the same (most of a report's numbers: the page prints thousands per keystroke).
#include "llm_sizer/decimal.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace llm_sizer {
namespace {

// More significant digits than any halfway point between two doubles has (767), so that digits
// dropped beyond them can stand for themselves as one nonzero digit.
constexpr std::size_t kMaxDigits = 800;

// Powers of ten a double holds exactly.
constexpr double kPow10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                             1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

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

// Decimal digits of a big integer (most significant first).
std::string to_decimal(Big a) {
  std::string out;
  while (!a.empty()) {
    std::uint64_t rest = 0;
    for (std::size_t i = a.size(); i-- > 0;) {
      const std::uint64_t v = (rest << 32) | a[i];
      a[i] = static_cast<std::uint32_t>(v / 1000000000u);
      rest = v % 1000000000u;
    }
    trim(a);
    for (int d = 0; d < 9; ++d) {
      out += static_cast<char>('0' + rest % 10);
      rest /= 10;
      if (a.empty() && rest == 0) break;
    }
  }
  return std::string(out.rbegin(), out.rend());
}

// A positive finite double exactly: digits (no leading zero) with `point` digits before the
// decimal point (negative: zeros after it first).
struct Exact {
  std::string digits;
  int point = 0;
};

Exact exact_decimal(double magnitude) {
  int binary_exponent = 0;
  const double fraction = std::frexp(magnitude, &binary_exponent);
  auto mantissa = static_cast<std::uint64_t>(std::ldexp(fraction, 53));
  int e = binary_exponent - 53;
  while ((mantissa & 1) == 0) {  // fewer digits to write out
    mantissa >>= 1;
    ++e;
  }
  Big n{static_cast<std::uint32_t>(mantissa), static_cast<std::uint32_t>(mantissa >> 32)};
  trim(n);
  Exact out;
  if (e >= 0) {
    n = shifted_left(n, e);
    out.digits = to_decimal(n);
    out.point = static_cast<int>(out.digits.size());
  } else {
    int k = -e;  // times 5^k, 5^13 at a time (the largest power of 5 in 32 bits)
    for (; k >= 13; k -= 13) multiply_add(n, 1220703125u, 0);
    std::uint32_t rest = 1;
    for (; k > 0; --k) rest *= 5;
    multiply_add(n, rest, 0);
    out.digits = to_decimal(n);
    out.point = static_cast<int>(out.digits.size()) + e;
  }
  return out;
}

// Keeps `keep` digits of x (rounded half to even at the first one dropped); keep may be ≤ 0.
// Returns the kept digits ("" when the value rounds to zero) and moves `point` on a carry.
std::string round_digits(const Exact& x, int keep, int& point) {
  point = x.point;
  if (keep >= static_cast<int>(x.digits.size())) {
    return x.digits + std::string(static_cast<std::size_t>(keep) - x.digits.size(), '0');
  }
  std::string kept = keep > 0 ? x.digits.substr(0, static_cast<std::size_t>(keep)) : "";
  bool up = false;
  if (keep >= 0) {
    const char first = x.digits[static_cast<std::size_t>(keep)];
    const bool rest_nonzero =
        x.digits.find_first_not_of('0', static_cast<std::size_t>(keep) + 1) != std::string::npos;
    const bool odd = !kept.empty() && ((kept.back() - '0') & 1);
    up = first > '5' || (first == '5' && (rest_nonzero || odd));
  }
  if (!up) return kept;
  std::size_t i = kept.size();
  while (i > 0 && kept[i - 1] == '9') kept[--i] = '0';
  if (i > 0) {
    ++kept[i - 1];
  } else {  // 9…9 → 10…0: one more digit before the point, the last one dropped
    kept.insert(kept.begin(), '1');
    ++point;
    if (keep > 0) kept.pop_back();
  }
  return kept;
}

// a · b = hi + lo exactly (Dekker's product with Veltkamp's split: wasm has no fused multiply-add).
void two_product(double a, double b, double& hi, double& lo) {
  constexpr double kSplit = 134217729.0;  // 2^27 + 1
  const auto split = [](double v, double& high, double& low) {
    const double t = kSplit * v;
    high = t - (t - v);
    low = v - high;
  };
  double ah = 0, al = 0, bh = 0, bl = 0;
  split(a, ah, al);
  split(b, bh, bl);
  hi = a * b;
  lo = ((ah * bh - hi) + ah * bl + al * bh) + al * bl;
}

// x · 10^scale rounded half to even to a whole number below 10^17, from double arithmetic when
// that provably gives the exact product's rounding: with 10^|scale| ≤ 10^22 exact, the product
// is hi + lo exactly (a quotient: hi plus its exact remainder over 10^|scale|, to ~10^-15), so
// only a fraction within a hair of one half could round the other way; those (and anything out
// of range) are left to the exact path.
std::optional<std::uint64_t> fast_scaled(double x, int scale) {
  if (scale > 22 || scale < -22) return std::nullopt;
  double hi = 0;
  double lo = 0;
  if (scale >= 0) {
    two_product(x, kPow10[scale], hi, lo);
  } else {
    const double power = kPow10[-scale];
    hi = x / power;
    double back = 0;
    double back_lo = 0;
    two_product(hi, power, back, back_lo);
    lo = ((x - back) - back_lo) / power;  // the division's remainder is exact
  }
  if (!(hi < 1e17)) return std::nullopt;
  const double whole = std::floor(hi);
  const double rest = (hi - whole) + lo;
  const double carry = std::floor(rest);
  const double fraction = rest - carry;
  if (std::fabs(fraction - 0.5) < 1e-6) return std::nullopt;
  // In integers: above 2^53 a double cannot add one.
  const auto rounded = static_cast<std::int64_t>(whole) + static_cast<std::int64_t>(carry) +
                       (fraction > 0.5 ? 1 : 0);
  if (rounded < 0) return std::nullopt;
  return static_cast<std::uint64_t>(rounded);
}

// `keep` (1–17) significant digits of x > 0 and the position of its decimal point, when
// fast_scaled can round them.
bool fast_significant(double x, int keep, std::string& digits, int& point) {
  if (keep < 1 || keep > 17) return false;
  // x = f · 2^e with f in [1/2, 1), so log10(x) lies in [(e − 1)·log10(2), e·log10(2)): the
  // decade is this or one more (no log10: the page's wasm carries no libm for it).
  int binary_exponent = 0;
  std::frexp(x, &binary_exponent);
  int decade = static_cast<int>(std::floor((binary_exponent - 1) * 0.30102999566398120));
  for (int attempt = 0; attempt < 2; ++attempt) {
    const auto scaled = fast_scaled(x, keep - 1 - decade);
    if (!scaled) return false;
    const auto low = static_cast<std::uint64_t>(kPow10[keep - 1]);
    if (*scaled < low) {
      --decade;
      continue;
    }
    if (*scaled > 10 * low) {
      ++decade;
      continue;
    }
    if (*scaled == 10 * low) {  // rounded up to the next power of ten
      digits = print_whole(low);
      point = decade + 2;
    } else {
      digits = print_whole(*scaled);
      point = decade + 1;
    }
    return true;
  }
  return false;
}

std::string exponent_text(int exponent) {
  std::string digits = std::to_string(exponent < 0 ? -exponent : exponent);
  if (digits.size() < 2) digits.insert(digits.begin(), '0');
  return std::string(exponent < 0 ? "e-" : "e+") + digits;
}

std::optional<std::string> non_finite(double value) {
  if (std::isnan(value)) return std::string("nan");
  if (std::isinf(value)) return std::string(value < 0 ? "-inf" : "inf");
  return std::nullopt;
}

// %e of a nonnegative value: precision+1 significant digits, then its exponent.
std::string e_text(double magnitude, int precision, int& exponent, std::string& digits) {
  if (magnitude == 0) {
    digits = std::string(static_cast<std::size_t>(precision) + 1, '0');
    exponent = 0;
  } else {
    int point = 0;
    if (!fast_significant(magnitude, precision + 1, digits, point)) {
      digits = round_digits(exact_decimal(magnitude), precision + 1, point);
    }
    exponent = point - 1;
  }
  std::string out = digits.substr(0, 1);
  if (precision > 0) out += '.' + digits.substr(1);
  return out + exponent_text(exponent);
}

std::string f_text(double magnitude, int decimals) {
  if (const auto scaled = fast_scaled(magnitude, decimals); scaled && decimals >= 0) {
    std::string text = print_whole(*scaled);
    const auto width = static_cast<std::size_t>(decimals);
    if (text.size() <= width) text.insert(0, width + 1 - text.size(), '0');
    if (decimals > 0) text.insert(text.size() - width, 1, '.');
    return text;
  }
  std::string digits;
  int point = 0;
  if (magnitude != 0) {
    const Exact x = exact_decimal(magnitude);
    digits = round_digits(x, x.point + decimals, point);
  }
  // Digits with `point` before the decimal point; pad to `decimals` after it.
  if (digits.empty()) point = 0;
  std::string whole =
      point > 0 ? digits.substr(0, std::min(digits.size(), static_cast<std::size_t>(point))) : "";
  if (point > static_cast<int>(digits.size())) {
    whole += std::string(static_cast<std::size_t>(point) - digits.size(), '0');
  }
  if (whole.empty()) whole = "0";
  std::string fraction = point < 0 ? std::string(static_cast<std::size_t>(-point), '0') : "";
  if (point < static_cast<int>(digits.size())) {
    fraction += digits.substr(static_cast<std::size_t>(std::max(point, 0)));
  }
  fraction.resize(static_cast<std::size_t>(decimals), '0');
  return decimals > 0 ? whole + '.' + fraction : whole;
}

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
    double value = 0;
    for (char c : digits) value = value * 10 + (c - '0');  // exact: below 10^15 < 2^53
    value = exponent >= 0 ? value * kPow10[exponent] : value / kPow10[-exponent];
    return sign * value;
  }
  return sign * exact_ratio(digits, static_cast<int>(exponent));
}

std::string print_e(double value, int precision) {
  if (auto text = non_finite(value)) return *text;
  int exponent = 0;
  std::string digits;
  return (std::signbit(value) ? "-" : "") + e_text(std::fabs(value), precision, exponent, digits);
}

std::string print_f(double value, int decimals) {
  if (auto text = non_finite(value)) return *text;
  return (std::signbit(value) ? "-" : "") + f_text(std::fabs(value), decimals);
}

std::string print_whole(std::uint64_t value) {
  char buffer[20];
  char* end = buffer + sizeof buffer;
  char* p = end;
  do {
    *--p = static_cast<char>('0' + value % 10);
    value /= 10;
  } while (value != 0);
  return std::string(p, end);
}

std::string print_g(double value, int precision) {
  if (auto text = non_finite(value)) return *text;
  const int p = precision == 0 ? 1 : precision;
  const double magnitude = std::fabs(value);
  int exponent = 0;
  std::string digits;
  std::string text = e_text(magnitude, p - 1, exponent, digits);
  // C's rule: fixed notation when −4 ≤ X < P, with P − 1 − X decimals; trailing zeros go.
  if (exponent >= -4 && exponent < p) text = f_text(magnitude, p - 1 - exponent);
  const std::size_t e = text.find('e');
  std::string mantissa = text.substr(0, e);
  if (mantissa.find('.') != std::string::npos) {
    while (mantissa.back() == '0') mantissa.pop_back();
    if (mantissa.back() == '.') mantissa.pop_back();
  }
  return (std::signbit(value) ? "-" : "") + mantissa +
         (e == std::string::npos ? "" : text.substr(e));
}

}  // namespace llm_sizer
