#include "llm_sizer/plan_codec.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <utility>

#include "llm_sizer/number_format.hpp"
#include "llm_sizer/plan_fields.hpp"

namespace llm_sizer {
namespace {

bool is_unreserved(unsigned char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
         c == '.' || c == '_' || c == '~';
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

Issue link_issue(std::string code, Severity severity, std::vector<IssueParam> params) {
  return {std::move(code), "link", severity, std::move(params)};
}

// The part of a link after '#' or '?', or the text itself when it is already "v=1&...".
std::string_view query_part(std::string_view link) {
  if (const auto hash = link.find('#'); hash != std::string_view::npos) {
    return link.substr(hash + 1);
  }
  if (const auto question = link.find('?'); question != std::string_view::npos) {
    return link.substr(question + 1);
  }
  return link;
}

}  // namespace

std::string percent_encode(std::string_view text) {
  static const char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (const char byte : text) {
    const auto c = static_cast<unsigned char>(byte);
    if (is_unreserved(c)) {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 0xF];
    }
  }
  return out;
}

bool percent_decode(std::string_view text, std::string& out) {
  out.clear();
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '+') {
      out += ' ';
    } else if (c == '%') {
      if (i + 2 >= text.size()) return false;
      const int hi = hex_value(text[i + 1]);
      const int lo = hex_value(text[i + 2]);
      if (hi < 0 || lo < 0) return false;
      out += static_cast<char>(hi * 16 + lo);
      i += 2;
    } else {
      out += c;
    }
  }
  return true;
}

std::string encode_link(const Plan& plan) {
  std::string link = "./#v=" + std::to_string(kLinkVersion);
  for (const auto& field : plan_fields()) {
    if (!field.always_in_link && field_is_default(field, plan)) continue;
    link += '&';
    link += field.link_key;
    link += '=';
    link += percent_encode(field_text(field, plan));
  }
  return link;
}

namespace {

struct LinkPair {
  std::string key;
  std::string value;
  std::size_t position = 0;  // in the link, so that issues are named in the link's order
};

constexpr std::size_t kAfterTheLink = std::numeric_limits<std::size_t>::max();

struct PlacedIssue {
  std::size_t position;
  Issue issue;
};

std::string_view default_text(const LinkSchema& schema, std::string_view key) {
  for (const auto& d : schema.defaults) {
    if (d.key == key) return d.text;
  }
  return {};
}

const LinkKeyRename* find_rename(const LinkSchema& schema, std::string_view key) {
  for (const auto& r : schema.renamed_keys) {
    if (r.from == key) return &r;
  }
  return nullptr;
}

bool has_key(const std::vector<LinkPair>& pairs, std::string_view key) {
  for (const auto& p : pairs) {
    if (p.key == key) return true;
  }
  return false;
}

// Rewrites the pairs of a `before` link as `after` reads them: renamed keys and values, and the
// old default written out wherever the link relied on a default that has since changed.
void migrate(std::vector<LinkPair>& pairs, const LinkSchema& before, const LinkSchema& after,
             std::vector<PlacedIssue>& issues) {
  std::vector<LinkPair> kept;
  for (auto& pair : pairs) {
    if (const LinkKeyRename* rename = find_rename(after, pair.key)) {
      if (rename->to.empty()) {
        issues.push_back({pair.position, link_issue("link_retired_key", Severity::kWarning,
                                                    {{"key", excerpt(pair.key)},
                                                     {"version", std::to_string(after.version)}})});
        continue;
      }
      pair.key = std::string(rename->to);
    }
    for (const auto& rename : after.renamed_values) {
      if (rename.key == pair.key && rename.from == pair.value) pair.value = std::string(rename.to);
    }
    kept.push_back(std::move(pair));
  }
  pairs = std::move(kept);
  // The defaults `before` had, under the keys `after` uses; then every key whose default moved.
  std::vector<LinkPair> old_defaults;
  for (const auto& d : before.defaults) {
    const LinkKeyRename* rename = find_rename(after, d.key);
    if (rename && rename->to.empty()) continue;
    old_defaults.push_back({std::string(rename ? rename->to : d.key), std::string(d.text), 0});
  }
  const auto old_default = [&](std::string_view key) -> std::string_view {
    for (const auto& d : old_defaults) {
      if (d.key == key) return d.value;
    }
    return {};
  };
  std::vector<std::string_view> keys;
  for (const auto& d : old_defaults) keys.push_back(d.key);
  for (const auto& d : after.defaults) keys.push_back(d.key);
  for (const auto key : keys) {
    const std::string_view was = old_default(key);
    if (was != default_text(after, key) && !has_key(pairs, key)) {
      pairs.push_back({std::string(key), std::string(was), kAfterTheLink});
    }
  }
}

}  // namespace

DecodedLink decode_link(std::string_view link) { return decode_link(link, link_schemas()); }

DecodedLink decode_link(std::string_view link, std::span<const LinkSchema> schemas) {
  DecodedLink decoded;
  std::vector<PlacedIssue> issues;
  const std::string current = std::to_string(schemas.back().version);
  if (link.size() > kLinkMaxBytes) {
    // Nothing of it is read (a link this long was not written by encode_link): the default plan,
    // and a message that says so. Sizes in KiB, rounded up so that a link one byte over the limit
    // never reads as "64 KiB".
    const double kib = std::ceil(static_cast<double>(link.size()) * 10 / 1024) / 10;
    decoded.issues.push_back(link_issue(
        "link_too_long", Severity::kError,
        {{"size", format_shortest(kib)}, {"max", format_shortest(kLinkMaxBytes / 1024.0)}}));
    return decoded;
  }
  const std::string_view query = query_part(link);
  std::vector<LinkPair> pairs;
  // A link without a version marker predates versions (or was typed by hand): the first one.
  std::size_t version_index = 0;
  bool version_seen = false;
  std::set<std::string> seen_keys;
  std::size_t start = 0;
  while (start <= query.size()) {
    auto end = query.find('&', start);
    if (end == std::string_view::npos) end = query.size();
    const std::string_view part = query.substr(start, end - start);
    const std::size_t position = start;
    start = end + 1;
    if (part.empty()) continue;
    const auto eq = part.find('=');
    LinkPair pair;
    pair.position = position;
    if (eq == std::string_view::npos || !percent_decode(part.substr(0, eq), pair.key) ||
        !percent_decode(part.substr(eq + 1), pair.value)) {
      issues.push_back({position, link_issue("link_unreadable_part", Severity::kError,
                                             {{"part", excerpt(part)}})});
      continue;
    }
    if (!seen_keys.insert(pair.key).second) {
      issues.push_back({position, link_issue("link_repeated_key", Severity::kWarning,
                                             {{"key", excerpt(pair.key)}})});
    }
    if (pair.key != "v") {
      pairs.push_back(std::move(pair));
      continue;
    }
    version_seen = true;
    bool known = false;
    for (std::size_t i = 0; i < schemas.size(); ++i) {
      if (pair.value == std::to_string(schemas[i].version)) {
        version_index = i;
        known = true;
      }
    }
    if (!known) {
      version_index = schemas.size() - 1;  // a version from the future: read as today's
      issues.push_back(
          {position, link_issue("link_unknown_version", Severity::kWarning,
                                {{"version", excerpt(pair.value)}, {"supported", current}})});
    }
  }
  if (!version_seen) {
    issues.push_back(
        {query.size(), link_issue("link_no_version", Severity::kWarning,
                                  {{"supported", std::to_string(schemas.front().version)}})});
  }
  for (std::size_t i = version_index + 1; i < schemas.size(); ++i) {
    migrate(pairs, schemas[i - 1], schemas[i], issues);
  }
  for (const auto& [key, value, position] : pairs) {
    const FieldSpec* field = find_field_by_link_key(key);
    if (field == nullptr) {
      issues.push_back(
          {position, link_issue("link_unknown_key", Severity::kWarning, {{"key", excerpt(key)}})});
      continue;
    }
    for (auto& issue : set_field_from_text(*field, decoded.plan, value)) {
      issue.code = "link_bad_value";
      issue.params = {{"key", excerpt(key)}, {"value", excerpt(value)}};
      issue.field = std::string(field->id);
      issues.push_back({position, std::move(issue)});
    }
  }
  // In the order of the link, ties in the order found. Sorting (position, index) pairs instead of
  // stable_sort on the issues: the same order, ~3 KB less of the page's wasm; by insertion, as
  // they arrive nearly in order (the version's and the migration's first): std::sort costs ~1 KB.
  std::vector<std::pair<std::size_t, std::size_t>> order;
  for (std::size_t i = 0; i < issues.size(); ++i) order.emplace_back(issues[i].position, i);
  for (std::size_t k = 1; k < order.size(); ++k) {
    for (std::size_t j = k; j > 0 && order[j] < order[j - 1]; --j)
      std::swap(order[j], order[j - 1]);
  }
  for (const auto& [position, i] : order) decoded.issues.push_back(std::move(issues[i].issue));
  return decoded;
}

}  // namespace llm_sizer
