#include "llm_sizer/issue.hpp"

#include <algorithm>

namespace llm_sizer {

std::string Issue::param(std::string_view name) const {
  for (const auto& p : params) {
    if (p.name == name) return p.value;
  }
  return {};
}

std::string_view severity_name(Severity severity) {
  return severity == Severity::kError ? "error" : "warning";
}

bool has_error(const std::vector<Issue>& issues) {
  return std::any_of(issues.begin(), issues.end(),
                     [](const Issue& i) { return i.severity == Severity::kError; });
}

bool has_error_for(const std::vector<Issue>& issues, std::string_view field) {
  return std::any_of(issues.begin(), issues.end(), [&](const Issue& i) {
    return i.severity == Severity::kError && i.field == field;
  });
}

std::string excerpt(std::string_view text, std::size_t max_bytes) {
  if (text.size() <= max_bytes) return std::string(text);
  std::size_t end = max_bytes;
  // Step back over continuation bytes (10xxxxxx) to the start of the character that was cut.
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
  return std::string(text.substr(0, end)) + "…";
}

}  // namespace llm_sizer
