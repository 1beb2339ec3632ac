#pragma once
/// Problems found in an input, returned as data (never thrown).
///
/// `code` is stable and localized by the CLI and the page (message catalogs in `i18n/`);
/// `field` is the id of the input it concerns (see plan_fields.hpp), empty when none;
/// `params` carries the values a message needs ({min}, {max}, {value}, ...).

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace llm_sizer {

enum class Severity { kError, kWarning };

struct IssueParam {
  std::string name;
  std::string value;
};

struct Issue {
  std::string code;
  std::string field;
  Severity severity = Severity::kError;
  std::vector<IssueParam> params;

  /// The value of a named parameter, or an empty string.
  std::string param(std::string_view name) const;
};

std::string_view severity_name(Severity severity);

/// True when any issue in the list is an error (warnings do not stop a computation).
bool has_error(const std::vector<Issue>& issues);

/// True when an error concerns the given field.
bool has_error_for(const std::vector<Issue>& issues, std::string_view field);

/// A bad value as messages quote it: enough to recognize it, never an unbounded string. Longer
/// texts keep their first `max_bytes` bytes, cut back to a whole UTF-8 character, then "…".
std::string excerpt(std::string_view text, std::size_t max_bytes = 40);

}  // namespace llm_sizer
