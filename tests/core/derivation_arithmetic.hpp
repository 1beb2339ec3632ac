#pragma once
// Reads a derivation line's numbers as arithmetic, so a test can check that the working it
// shows reaches its value: + − × ÷ /, parentheses, ⌈ ⌉, ⌊ ⌋, min(…, …), max(…, …), powers of
// ten written with superscripts (10⁹), a range "a–b" read as its high end, and units after a
// number (GB, B, ms, TB/s …) converted to SI. A line that ends in its value's unit ("0.27/8 +
// 0.86/8 GB") is read in that unit. What follows the expression may be a comparison (" ≤ …")
// or a remark in parentheses; anything else is not arithmetic.

#include <cmath>
#include <optional>
#include <string>
#include <string_view>

namespace llm_sizer::test {

/// SI factor of a unit a derivation writes (1 for counts: GPUs, params, tokens, $), or nullopt
/// for a word that is not a unit.
inline std::optional<double> unit_factor(std::string_view unit) {
  struct Unit {
    std::string_view name;
    double factor;
  };
  static constexpr Unit units[] = {
      {"B", 1},      {"KB", 1e3},         {"MB", 1e6},      {"GB", 1e9},
      {"TB", 1e12},  {"GiB", 1073741824}, {"MiB", 1048576}, {"s", 1},
      {"ms", 1e-3},  {"µs", 1e-6},        {"h", 3600},      {"days", 86400},
      {"GB/s", 1e9}, {"TB/s", 1e12},      {"TFLOP", 1e12},  {"TFLOP/s", 1e12},
      {"GPUs", 1},   {"params", 1},       {"tokens", 1},    {"tokens/s", 1},
      {"$", 1},      {"%", 0.01},         {"GPU-hours", 1}, {"MWh", 3.6e9},
      {"", 1}};
  for (const Unit& u : units) {
    if (u.name == unit) return u.factor;
  }
  return std::nullopt;
}

class DerivationArithmetic {
 public:
  /// The numbers of a line whose value is in `value_unit`; value() is in that unit.
  DerivationArithmetic(std::string_view numbers, std::string_view value_unit) : text_(numbers) {
    const std::string tail = " " + std::string(value_unit);
    if (!value_unit.empty() && text_.size() > tail.size() &&
        text_.compare(text_.size() - tail.size(), tail.size(), tail) == 0) {
      text_.resize(text_.size() - tail.size());
      in_line_unit_ = true;
    }
    line_unit_ = unit_factor(value_unit).value_or(NAN);
  }

  /// The line's value in its unit, or nullopt (with error()) where it is not arithmetic.
  /// Numbers without any unit are read in the value's unit ("63.28 ≤ 85.05 × 0.9" GB), or as
  /// the unit's base where that is what they reach ("68.45 × 10⁹ × 16 / 8" bytes, for GB):
  /// `expected` picks the reading.
  std::optional<double> value(double expected = NAN) {
    const double v = sum();
    if (!error_.empty()) return std::nullopt;
    if (at_ < text_.size() && take(" ≤ ")) {
      bound_ = sum();  // what the value is held to, in the same unit
      if (!error_.empty()) return std::nullopt;
    }
    if (at_ < text_.size() && !remark()) {
      error_ = "unread: \"" + text_.substr(at_) + "\"";
      return std::nullopt;
    }
    if (in_line_unit_) return v;
    const double base = v / line_unit_;
    if (saw_unit_ || !std::isfinite(expected)) return base;
    return std::abs(v - expected) < std::abs(base - expected) ? v : base;
  }
  const std::string& error() const { return error_; }
  /// The right side of a comparison ("… ≤ 85.05 × 0.9"), after value(); NaN without one.
  double bound() const { return bound_; }

 private:
  double sum() {
    double v = product();
    while (error_.empty()) {
      if (take(" + ")) {
        v += product();
      } else if (take(" − ") || take(" - ")) {
        v -= product();
      } else {
        break;
      }
    }
    return v;
  }
  double product() {
    double v = factor();
    while (error_.empty()) {
      if (take(" × ")) {
        v *= factor();
      } else if (take(" ÷ ") || take(" / ") || take("/")) {
        v /= factor();
      } else {
        break;
      }
    }
    return v;
  }
  double factor() {
    if (take("(")) return closed(")");
    if (take("⌈")) return std::ceil(closed("⌉"));
    if (take("⌊")) return std::floor(closed("⌋"));
    const bool is_min = take("min(");
    if (is_min || take("max(")) {
      const double a = sum();
      if (!take(", ")) return fail("expected \", \"");
      const double b = closed(")");
      return is_min ? std::min(a, b) : std::max(a, b);
    }
    return number();
  }
  double closed(const char* end) {
    const double v = sum();
    if (!take(end)) return fail(std::string("expected \"") + end + "\"");
    return v;
  }
  double number() {
    double v = literal();
    if (take("–")) v = literal();  // a range: its high end
    v *= superscript_power();
    return v * unit();
  }
  double literal() {
    std::size_t used = 0;
    const std::string rest = text_.substr(at_);
    const bool digit = !rest.empty() && (std::isdigit(static_cast<unsigned char>(rest[0])) ||
                                         (rest[0] == '-' && rest.size() > 1));
    if (!digit) return fail("expected a number at \"" + rest + "\"");
    const double v = std::stod(rest, &used);
    at_ += used;
    return v;
  }
  // "10⁹": the literal 10 raised to the superscript digits after it.
  double superscript_power() {
    static constexpr std::string_view digits[] = {"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"};
    int exponent = 0;
    bool any = false;
    const int sign = take("⁻") ? -1 : 1;
    for (bool found = true; found;) {
      found = false;
      for (int d = 0; d < 10; ++d) {
        if (take(std::string(digits[d]))) {
          exponent = exponent * 10 + d;
          any = found = true;
        }
      }
    }
    // The literal before it was the base 10: 10⁹ is 10 × 10⁸.
    return any ? std::pow(10.0, sign * exponent - 1) : 1;
  }
  double unit() {
    if (at_ >= text_.size() || text_[at_] != ' ') return 1;
    const std::size_t start = at_ + 1;
    std::size_t end = start;
    while (end < text_.size() && text_[end] != ' ' && text_[end] != ')' && text_[end] != ',' &&
           text_.compare(end, 3, "⌉") != 0 && text_.compare(end, 3, "⌋") != 0) {
      ++end;
    }
    const std::string word = text_.substr(start, end - start);
    if (word.empty()) return 1;
    const std::optional<double> f = unit_factor(word);
    if (!f) return 1;
    at_ = end;
    saw_unit_ = true;
    // Inside a line read in its value's unit, other units convert to that one.
    return in_line_unit_ ? *f / line_unit_ : *f;
  }
  bool remark() {
    if (!take(" (")) return false;
    at_ = text_.size();
    return true;
  }
  bool take(const std::string& token) {
    if (text_.compare(at_, token.size(), token) != 0) return false;
    at_ += token.size();
    return true;
  }
  double fail(std::string why) {
    if (error_.empty()) error_ = std::move(why);
    return NAN;
  }

  std::string text_;
  std::size_t at_ = 0;
  bool in_line_unit_ = false;
  bool saw_unit_ = false;
  double bound_ = NAN;
  double line_unit_ = 1;
  std::string error_;
};

}  // namespace llm_sizer::test
