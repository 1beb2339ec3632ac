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

}  // namespace llm_sizer
