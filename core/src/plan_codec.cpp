#include "llm_sizer/plan_codec.hpp"

#include <set>

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

DecodedLink decode_link(std::string_view link) {
  DecodedLink decoded;
  auto& issues = decoded.issues;
  if (link.size() > kLinkMaxBytes) {
    issues.push_back(link_issue(
        "link_too_long", Severity::kError,
        {{"bytes", std::to_string(link.size())}, {"max", std::to_string(kLinkMaxBytes)}}));
    return decoded;
  }
  const std::string_view query = query_part(link);
  bool version_seen = false;
  std::set<std::string> seen_keys;
  std::size_t start = 0;
  while (start <= query.size()) {
    auto end = query.find('&', start);
    if (end == std::string_view::npos) end = query.size();
    const std::string_view pair = query.substr(start, end - start);
    start = end + 1;
    if (pair.empty()) continue;
    const auto eq = pair.find('=');
    std::string key;
    std::string value;
    if (eq == std::string_view::npos || !percent_decode(pair.substr(0, eq), key) ||
        !percent_decode(pair.substr(eq + 1), value)) {
      issues.push_back(
          link_issue("link_unreadable_part", Severity::kError, {{"part", excerpt(pair)}}));
      continue;
    }
    if (!seen_keys.insert(key).second) {
      issues.push_back(
          link_issue("link_repeated_key", Severity::kWarning, {{"key", excerpt(key)}}));
    }
    if (key == "v") {
      version_seen = true;
      if (value != std::to_string(kLinkVersion)) {
        issues.push_back(
            link_issue("link_unknown_version", Severity::kWarning,
                       {{"version", excerpt(value)}, {"supported", std::to_string(kLinkVersion)}}));
      }
      continue;
    }
    const FieldSpec* field = find_field_by_link_key(key);
    if (field == nullptr) {
      issues.push_back(link_issue("link_unknown_key", Severity::kWarning, {{"key", excerpt(key)}}));
      continue;
    }
    for (auto& issue : set_field_from_text(*field, decoded.plan, value)) {
      issue.code = "link_bad_value";
      issue.params = {{"key", excerpt(key)}, {"value", excerpt(value)}};
      issue.field = std::string(field->id);
      issues.push_back(std::move(issue));
    }
  }
  if (!version_seen) {
    issues.push_back(link_issue("link_no_version", Severity::kWarning,
                                {{"supported", std::to_string(kLinkVersion)}}));
  }
  return decoded;
}

}  // namespace llm_sizer
