#pragma once
// Helpers shared by the core tests: reading golden fixtures, a seeded random generator.

#include <cstdint>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "llm_sizer/json.hpp"

namespace llm_sizer::test {

inline std::string read_fixture_text(const std::string& name) {
  std::ifstream in(std::string(LLM_SIZER_FIXTURES_DIR) + "/" + name, std::ios::binary);
  if (!in) throw std::runtime_error("missing fixture " + name);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

inline JsonValue read_fixture(const std::string& name) {
  const auto parsed = parse_json(read_fixture_text(name));
  if (!parsed.value) throw std::runtime_error("bad fixture " + name + ": " + parsed.error);
  return *parsed.value;
}

inline double number_at(const JsonValue& object, const char* key) {
  const JsonValue* v = object.find(key);
  if (v == nullptr || !v->is_number()) throw std::runtime_error(std::string("no number ") + key);
  return v->as_number();
}

inline std::string string_at(const JsonValue& object, const char* key) {
  const JsonValue* v = object.find(key);
  if (v == nullptr || !v->is_string()) throw std::runtime_error(std::string("no string ") + key);
  return v->as_string();
}

// SplitMix64: small, seeded, the same sequence on every platform.
class Rng {
 public:
  explicit Rng(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  /// A whole number in [low, high].
  double between(int low, int high) {
    const auto span = static_cast<std::uint64_t>(high - low + 1);
    return static_cast<double>(low) + static_cast<double>(next() % span);
  }
  /// An index in [0, count).
  int below(int count) { return static_cast<int>(next() % static_cast<std::uint64_t>(count)); }
  /// A number in [0, 1).
  double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
  template <class T>
  const T& pick(const std::vector<T>& items) {
    return items[next() % items.size()];
  }
  bool coin() { return (next() & 1) != 0; }

 private:
  std::uint64_t state_;
};

}  // namespace llm_sizer::test
