#pragma once
// Helpers shared by the core tests: reading golden fixtures, a strict UTF-8 check, a seeded
// random generator, the MoE plan several tests vary.

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <limits>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "llm_sizer/json.hpp"
#include "llm_sizer/layout_search.hpp"
#include "llm_sizer/plan.hpp"
#include "llm_sizer/report.hpp"

namespace llm_sizer::test {

/// Whether a report carries an issue of this code.
inline bool has_issue(const Report& r, std::string_view code) {
  return std::any_of(r.issues.begin(), r.issues.end(),
                     [&](const Issue& i) { return i.code == code; });
}

/// One part of a plan's step (TrainingTime's exposed seconds, e.g. &TrainingTime::tp_comm_s); NaN
/// where the plan has no step time, which every comparison then fails.
inline double step_part_s(const Plan& plan, double TrainingTime::*part) {
  const Report r = evaluate(plan);
  return r.training.time_available ? r.training.time.*part
                                   : std::numeric_limits<double>::quiet_NaN();
}

/// DeepSeek-V3 on 1,024 H100 as (TP 2, PP 8, DP 64) with EP 64: the MoE layout the recompute
/// and expert-parallel tests vary.
inline Plan deepseek_v3_plan() {
  Plan plan;
  plan.model = "deepseek-v3";
  plan.accelerator = "h100-80g";
  plan.tp = 2;
  plan.pp = 8;
  plan.dp = 64;
  plan.ep = 64;
  return plan;
}

/// Llama 3.1 70B on a cluster of H100, 1T tokens: the dense plan the search tests vary.
inline Plan llama70b_on(double cluster) {
  Plan plan;
  plan.model = "llama-3.1-70b";
  plan.accelerator = "h100-80g";
  plan.cluster_gpus = cluster;
  plan.tokens = 1e12;
  return plan;
}

/// Every layout a search lists: its top list, its Pareto front and its best.
inline std::vector<LayoutCandidate> listed_layouts(const SearchResult& s) {
  std::vector<LayoutCandidate> rows = s.top;
  rows.insert(rows.end(), s.pareto.begin(), s.pareto.end());
  rows.push_back(s.best);
  return rows;
}

/// `plan` with the layout a search returned, as a plan of its own (no cluster or deadline).
inline Plan candidate_plan(Plan plan, const LayoutCandidate& c) {
  plan.cluster_gpus.reset();
  plan.deadline_days.reset();
  plan.tp = c.tp;
  plan.pp = c.pp;
  plan.dp = c.dp;
  plan.cp = c.cp;
  plan.ep = c.ep;
  plan.etp = c.etp;
  plan.vpp = c.vpp;
  plan.stage_layers = c.stage_layers;
  plan.micro_batch = c.micro_batch;
  plan.zero = c.zero;
  plan.recompute = c.recompute;
  if (c.recompute_layers == c.recompute_layers) plan.recompute_layers = c.recompute_layers;
  plan.sequence_parallel = c.sequence_parallel ? 1 : 0;
  return plan;
}

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

// A strict UTF-8 check written from the definition of the encoding (RFC 3629 §3), independently
// of the writer's byte-range table: read each sequence's code point arithmetically, then refuse
// overlong forms, surrogates and anything above U+10FFFF. Returns the code points, or nullopt.
inline std::optional<std::vector<std::uint32_t>> utf8_code_points(std::string_view text) {
  std::vector<std::uint32_t> points;
  for (std::size_t i = 0; i < text.size();) {
    const auto lead = static_cast<unsigned char>(text[i]);
    int continuation = 0;
    std::uint32_t point = 0;
    if ((lead & 0x80) == 0) {
      point = lead;
    } else if ((lead & 0xE0) == 0xC0) {
      continuation = 1;
      point = lead & 0x1Fu;
    } else if ((lead & 0xF0) == 0xE0) {
      continuation = 2;
      point = lead & 0x0Fu;
    } else if ((lead & 0xF8) == 0xF0) {
      continuation = 3;
      point = lead & 0x07u;
    } else {
      return std::nullopt;
    }
    if (i + static_cast<std::size_t>(continuation) >= text.size()) return std::nullopt;
    for (int k = 1; k <= continuation; ++k) {
      const auto c = static_cast<unsigned char>(text[i + static_cast<std::size_t>(k)]);
      if ((c & 0xC0) != 0x80) return std::nullopt;
      point = (point << 6) | (c & 0x3Fu);
    }
    static const std::uint32_t kSmallest[] = {0, 0x80, 0x800, 0x10000};
    if (point < kSmallest[continuation]) return std::nullopt;     // overlong
    if (point >= 0xD800 && point <= 0xDFFF) return std::nullopt;  // surrogate
    if (point > 0x10FFFF) return std::nullopt;                    // beyond Unicode
    points.push_back(point);
    i += static_cast<std::size_t>(continuation) + 1;
  }
  return points;
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
