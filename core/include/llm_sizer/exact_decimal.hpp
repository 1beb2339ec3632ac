#pragma once
/// Exact arithmetic on the decimal numbers a user types.
///
/// Why: the article's rules take ceil/floor of quotients of decimals (⌈2100 / (48 × 8)⌉), and in
/// binary floating point 0.7 × 80 is 56.00000000000001, so a naive ceil gives one card too many.
/// Each double is read back as the shortest decimal that round-trips (what the user typed, e.g.
/// 0.6 → 6 × 10⁻¹); products and quotients of such decimals are then compared exactly with
/// arbitrary-precision integers.

#include <array>
#include <cstdint>

namespace llm_sizer {

/// An unsigned integer of up to 1024 bits (base 2³² limbs, least significant first), on the
/// stack: the article's products of a few decimals need a fraction of that, and the page runs
/// them hundreds of times per keystroke. Beyond the capacity it is marked overflowed and the
/// callers fall back to floating point (validation already rejects such inputs).
class BigUint {
 public:
  static constexpr std::size_t kLimbs = 32;

  BigUint() = default;
  explicit BigUint(std::uint64_t value);
  // Only the limbs in use are copied (and only they are ever read): the page's comparison
  // matrix builds thousands of these per keystroke, mostly one or two limbs long.
  BigUint(const BigUint& other);
  BigUint& operator=(const BigUint& other);

  BigUint& multiply_small(std::uint32_t factor);
  BigUint& multiply_pow10(int exponent);
  friend BigUint operator*(const BigUint& a, const BigUint& b);
  friend int compare(const BigUint& a, const BigUint& b);
  bool is_zero() const { return size_ == 0; }
  bool overflowed() const { return overflowed_; }
  /// Nearest double (exact below 2⁵³).
  double to_double() const;

 private:
  void trim();
  std::array<std::uint32_t, kLimbs> limbs_;  // limbs_[size_..] are never read
  std::size_t size_ = 0;
  bool overflowed_ = false;
};

/// A non-negative rational n / d built from products of decimals.
class ExactRatio {
 public:
  /// The ratio 1.
  ExactRatio();
  /// A finite, non-negative double, read as its shortest round-trip decimal.
  static ExactRatio from_double(double value);

  ExactRatio& times(const ExactRatio& other);
  ExactRatio& divided_by(const ExactRatio& other);

  /// ⌊n / d⌋ and ⌈n / d⌉, exact for results up to 2⁵³; NaN when d is 0 or beyond the capacity.
  double floor() const;
  double ceil() const;
  /// The double nearest to n / d (correctly rounded when n and d are below 2⁵³).
  double to_double() const;

 private:
  BigUint numerator_;
  BigUint denominator_;
};

}  // namespace llm_sizer
