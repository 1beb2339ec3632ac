#include "llm_sizer/search_limits.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

#include "llm_sizer/number_format.hpp"

namespace llm_sizer {
namespace {

constexpr std::string_view kNames =
    "tp, pp, dp, cp, ep, etp, vpp, mb, zero, rc, sp, uneven, rcl, tight, experts";
constexpr std::string_view kRecomputes[] = {"none", "selective", "full", "op"};

DimensionLimit* dimension(SearchLimits& l, std::string_view name) {
  if (name == "tp") return &l.tp;
  if (name == "pp") return &l.pp;
  if (name == "dp") return &l.dp;
  if (name == "cp") return &l.cp;
  if (name == "ep") return &l.ep;
  if (name == "etp") return &l.etp;
  if (name == "vpp") return &l.vpp;
  if (name == "mb") return &l.micro_batch;
  if (name == "zero") return &l.zero;
  if (name == "rc") return &l.recompute;
  if (name == "sp") return &l.sp;
  if (name == "uneven") return &l.uneven;
  if (name == "rcl") return &l.recompute_layers;
  if (name == "tight") return &l.tight;
  if (name == "experts") return &l.experts;
  return nullptr;
}

std::optional<double> whole(std::string_view text, bool recompute) {
  if (recompute) {
    const int index = SearchLimits::recompute_index(text);
    if (index < 0) return std::nullopt;
    return index;
  }
  const auto v = parse_number(text);
  if (!v || !(*v >= 0) || *v > 1e9 || *v != std::floor(*v)) return std::nullopt;
  return *v;
}

// Limits that switch something on or off: 0 or 1 only.
bool is_switch(std::string_view name) {
  return name == "sp" || name == "uneven" || name == "tight";
}

// One `name=spec` entry into `d`, intersected with what `d` already allows.
bool apply(DimensionLimit& d, std::string_view spec, bool recompute, bool binary) {
  const auto dots = spec.find("..");
  DimensionLimit next;
  if (dots != std::string_view::npos && !recompute) {
    const std::string_view lo = spec.substr(0, dots);
    const std::string_view hi = spec.substr(dots + 2);
    if (!lo.empty()) {
      const auto v = whole(lo, false);
      if (!v) return false;
      next.lo = *v;
    }
    if (!hi.empty()) {
      const auto v = whole(hi, false);
      if (!v || (binary && *v > 1)) return false;
      next.hi = *v;
    }
    if (next.lo > next.hi) return false;
  } else {
    std::size_t start = 0;
    while (start <= spec.size()) {
      auto end = spec.find(',', start);
      if (end == std::string_view::npos) end = spec.size();
      const auto v = whole(spec.substr(start, end - start), recompute);
      if (!v || (binary && *v > 1)) return false;
      next.values.push_back(*v);
      start = end + 1;
    }
  }
  // Intersect with what was allowed before (a fixed plan input, an earlier entry).
  if (!d.values.empty()) {
    std::vector<double> kept;
    for (double v : d.values) {
      if (next.allows(v)) kept.push_back(v);
    }
    d.values = kept.empty() ? std::vector<double>{-1} : kept;  // -1: nothing allowed
  } else if (!next.values.empty()) {
    std::vector<double> kept;
    for (double v : next.values) {
      if (d.allows(v)) kept.push_back(v);
    }
    d.values = kept.empty() ? std::vector<double>{-1} : kept;
  } else {
    d.lo = std::max(d.lo, next.lo);
    d.hi = std::min(d.hi, next.hi);
  }
  return true;
}

}  // namespace

bool DimensionLimit::allows(double v) const {
  if (!values.empty()) return std::find(values.begin(), values.end(), v) != values.end();
  return v >= lo && v <= hi;
}

bool DimensionLimit::allows_nothing() const {
  return values.empty() ? lo > hi : values.size() == 1 && values.front() < 0;
}

bool DimensionLimit::allows_from(double v) const {
  if (!values.empty()) {
    return std::any_of(values.begin(), values.end(), [&](double x) { return x >= v; });
  }
  return hi >= std::max(v, lo);
}

int SearchLimits::recompute_index(std::string_view id) {
  for (int i = 0; i < 4; ++i) {
    if (kRecomputes[i] == id) return i;
  }
  return -1;
}

std::vector<Issue> parse_search_limits(std::string_view text, SearchLimits& limits) {
  std::vector<Issue> issues;
  // The dimensions whose default excludes (tight, experts): their first entry replaces it.
  bool tight_given = false, experts_given = false;
  std::size_t start = 0;
  while (start < text.size()) {
    const auto end = text.find_first_of(" ;\t", start);
    const std::string_view entry =
        text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
    start = end == std::string_view::npos ? text.size() : end + 1;
    if (entry.empty()) continue;
    const auto eq = entry.find('=');
    DimensionLimit* d =
        eq == std::string_view::npos ? nullptr : dimension(limits, entry.substr(0, eq));
    const std::string_view name = eq == std::string_view::npos ? entry : entry.substr(0, eq);
    bool& given = name == "tight" ? tight_given : experts_given;
    if ((name == "tight" || name == "experts") && !given && d != nullptr) {
      *d = DimensionLimit{};  // the first entry replaces the default (search_limits.hpp)
      given = true;
    }
    if (d == nullptr || !apply(*d, entry.substr(eq + 1), name == "rc", is_switch(name))) {
      issues.push_back({"search_limits_invalid",
                        "search_limits",
                        Severity::kError,
                        {{"value", std::string(entry)}, {"names", std::string(kNames)}}});
    } else if (d->allows_nothing()) {
      // "tp=8 tp=4", or a limit beside a fixed input it excludes (--tp 8 --limit tp=4): the
      // search would evaluate nothing and blame the card.
      issues.push_back({"search_limits_empty",
                        "search_limits",
                        Severity::kError,
                        {{"value", std::string(entry)}, {"name", std::string(name)}}});
    }
  }
  return issues;
}

}  // namespace llm_sizer
