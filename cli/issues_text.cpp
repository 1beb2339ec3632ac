#include "issues_text.hpp"

#include "help.hpp"
#include "llm_sizer/hf_config.hpp"
#include "llm_sizer/plan_fields.hpp"
#include "llm_sizer/vllm_import.hpp"

namespace llm_sizer::cli {
namespace {

// What an issue's {field} becomes: a flag, the link, or the imported file.
std::string field_name(const Issue& issue, const Messages& m, const std::string& hf_path) {
  if (issue.field == "link") return m.format("field.link");
  if (issue.field == kHfConfigField) return hf_path;
  if (issue.field == kVllmCommandField) return "--vllm-command";
  const FieldSpec* spec = find_field_by_id(issue.field);
  return spec ? "--" + std::string(spec->cli_flag) : issue.field;
}

}  // namespace

bool report_issues(const std::vector<Issue>& issues, const Messages& m, std::string& err,
                   const std::string& hf_path) {
  bool error = false;
  for (const auto& issue : issues) {
    const bool is_error = issue.severity == Severity::kError;
    error |= is_error;
    std::string line = m.format(is_error ? "cli.error" : "cli.warning") + ": " +
                       m.issue(issue, field_name(issue, m, hf_path));
    // Range messages already state the range; the others get it appended.
    if (is_error && (issue.code == "must_be_positive" || issue.code == "not_integer" ||
                     issue.code == "not_a_number" || issue.code == "not_finite" ||
                     issue.code == "unknown_model" || issue.code == "unknown_accelerator")) {
      if (const FieldSpec* field = find_field_by_id(issue.field)) {
        line += ' ';
        line += valid_hint(*field, m);
      }
    }
    err += line + "\n";
  }
  return error;
}

void report_errors(const std::vector<std::string>& errors, const Messages& m, std::string& err) {
  for (const auto& e : errors) err += m.format("cli.error") + ": " + e + "\n";
}

}  // namespace llm_sizer::cli
