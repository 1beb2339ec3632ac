#include "llm_sizer/exact_decimal.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>

#include "llm_sizer/number_format.hpp"

namespace llm_sizer {

BigUint::BigUint(std::uint64_t value) {
  while (value != 0) {
    limbs_[size_++] = static_cast<std::uint32_t>(value & 0xffffffffu);
    value >>= 32;
  }
}

BigUint::BigUint(const BigUint& other) : size_(other.size_), overflowed_(other.overflowed_) {
  std::copy_n(other.limbs_.begin(), size_, limbs_.begin());
}

BigUint& BigUint::operator=(const BigUint& other) {
  size_ = other.size_;
  overflowed_ = other.overflowed_;
  std::copy_n(other.limbs_.begin(), size_, limbs_.begin());
  return *this;
}

void BigUint::trim() {
  while (size_ > 0 && limbs_[size_ - 1] == 0) --size_;
}

BigUint& BigUint::multiply_small(std::uint32_t factor) {
  std::uint64_t carry = 0;
  for (std::size_t i = 0; i < size_; ++i) {
    const std::uint64_t product = static_cast<std::uint64_t>(limbs_[i]) * factor + carry;
    limbs_[i] = static_cast<std::uint32_t>(product & 0xffffffffu);
    carry = product >> 32;
  }
  if (carry != 0) {
    if (size_ == kLimbs) {
      overflowed_ = true;
    } else {
      limbs_[size_++] = static_cast<std::uint32_t>(carry);
    }
  }
  trim();
  return *this;
}

BigUint& BigUint::multiply_pow10(int exponent) {
  for (int i = 0; i < exponent; ++i) multiply_small(10);
  return *this;
}

BigUint operator*(const BigUint& a, const BigUint& b) {
  BigUint result;
  result.overflowed_ = a.overflowed_ || b.overflowed_;
  if (a.is_zero() || b.is_zero()) return result;
  if (a.size_ + b.size_ > BigUint::kLimbs) {
    result.overflowed_ = true;
    return result;
  }
  result.size_ = a.size_ + b.size_;
  std::fill_n(result.limbs_.begin(), result.size_, 0u);
  for (std::size_t i = 0; i < a.size_; ++i) {
    std::uint64_t carry = 0;
    for (std::size_t j = 0; j < b.size_; ++j) {
      const std::uint64_t cur =
          result.limbs_[i + j] + static_cast<std::uint64_t>(a.limbs_[i]) * b.limbs_[j] + carry;
      result.limbs_[i + j] = static_cast<std::uint32_t>(cur & 0xffffffffu);
      carry = cur >> 32;
    }
    std::size_t k = i + b.size_;
    while (carry != 0 && k < BigUint::kLimbs) {
      const std::uint64_t cur = result.limbs_[k] + carry;
      result.limbs_[k] = static_cast<std::uint32_t>(cur & 0xffffffffu);
      carry = cur >> 32;
      ++k;
    }
  }
  result.trim();
  return result;
}

int compare(const BigUint& a, const BigUint& b) {
  if (a.size_ != b.size_) return a.size_ < b.size_ ? -1 : 1;
  for (std::size_t i = a.size_; i-- > 0;) {
    if (a.limbs_[i] != b.limbs_[i]) return a.limbs_[i] < b.limbs_[i] ? -1 : 1;
  }
  return 0;
}

double BigUint::to_double() const {
  double result = 0;
  for (std::size_t i = size_; i-- > 0;) result = result * 4294967296.0 + limbs_[i];
  return result;
}

namespace {

// Splits the shortest decimal text of a non-negative finite double into digits × 10^exponent.
void decimal_parts(double value, BigUint& digits, int& exponent) {
  const std::string text = format_shortest(value);
  std::uint64_t mantissa = 0;
  exponent = 0;
  bool after_point = false;
  std::size_t i = 0;
  for (; i < text.size(); ++i) {
    const char c = text[i];
    if (c >= '0' && c <= '9') {
      mantissa = mantissa * 10 + static_cast<std::uint64_t>(c - '0');
      if (after_point) --exponent;
    } else if (c == '.') {
      after_point = true;
    } else {
      break;
    }
  }
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    exponent += std::atoi(text.c_str() + i + 1);
  }
  digits = BigUint(mantissa);
}

}  // namespace

ExactRatio::ExactRatio() : numerator_(1), denominator_(1) {}

ExactRatio ExactRatio::from_double(double value) {
  ExactRatio ratio;
  if (!(value > 0) || !std::isfinite(value)) {
    ratio.numerator_ = BigUint();
    return ratio;
  }
  if (value < 9007199254740992.0 && value == std::floor(value)) {
    ratio.numerator_ = BigUint(static_cast<std::uint64_t>(value));  // exact: no decimal text
    return ratio;
  }
  int exponent = 0;
  decimal_parts(value, ratio.numerator_, exponent);
  if (exponent >= 0) {
    ratio.numerator_.multiply_pow10(exponent);
  } else {
    ratio.denominator_.multiply_pow10(-exponent);
  }
  return ratio;
}

ExactRatio& ExactRatio::times(const ExactRatio& other) {
  numerator_ = numerator_ * other.numerator_;
  denominator_ = denominator_ * other.denominator_;
  return *this;
}

ExactRatio& ExactRatio::divided_by(const ExactRatio& other) {
  numerator_ = numerator_ * other.denominator_;
  denominator_ = denominator_ * other.numerator_;
  return *this;
}

double ExactRatio::floor() const {
  // Beyond the capacity, or a zero denominator, there is no exact answer to give: NaN, which
  // every caller shows as unknown (never a sentinel that could pass for a count).
  if (numerator_.overflowed() || denominator_.overflowed() || denominator_.is_zero()) {
    return std::nan("");
  }
  double q = std::floor(numerator_.to_double() / denominator_.to_double());
  if (!(q < 9007199254740992.0)) return q;  // beyond 2^53 the double is all we can report
  // The estimate is off by at most one or two; settle it exactly: q·d ≤ n < (q+1)·d.
  for (int guard = 0; guard < 8; ++guard) {
    const BigUint low = BigUint(static_cast<std::uint64_t>(q)) * denominator_;
    if (compare(low, numerator_) > 0) {
      q -= 1;
      continue;
    }
    const BigUint high = BigUint(static_cast<std::uint64_t>(q + 1)) * denominator_;
    if (compare(high, numerator_) <= 0) {
      q += 1;
      continue;
    }
    break;
  }
  return q;
}

double ExactRatio::ceil() const {
  const double q = floor();
  if (std::isnan(q) || q < 0 || !(q < 9007199254740992.0)) return q;

  const BigUint product = BigUint(static_cast<std::uint64_t>(q)) * denominator_;
  return compare(product, numerator_) == 0 ? q : q + 1;
}

double ExactRatio::to_double() const {
  if (denominator_.is_zero() || numerator_.overflowed() || denominator_.overflowed()) {
    return std::nan("");
  }
  return numerator_.to_double() / denominator_.to_double();
}

}  // namespace llm_sizer
