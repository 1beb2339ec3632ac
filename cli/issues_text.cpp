#include "issues_text.hpp"

#include "closest_flag.hpp"
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

// The id a mistyped one most likely meant: the first that begins with it ("h200" for
// "h200-141g"), else the nearest within two edits ("llama-3.1-70B" for "llama-3.1-70b").
std::string meant_id(const std::string& typed, const std::vector<std::string>& ids) {
  if (!typed.empty()) {
    for (const auto& id : ids) {
      if (id.starts_with(typed)) return id;
    }
  }
  return closest(typed, ids);
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
        const bool unknown_id =
            issue.code == "unknown_model" || issue.code == "unknown_accelerator";
        const std::string near =
            unknown_id ? meant_id(issue.param("value"), choices_of(*field)) : std::string();
        line += ' ';
        line += near.empty() ? valid_hint(*field, m)
                             : m.format("cli.unknown_id_near", {{"near", near}}) + ' ' +
                                   valid_hint(*field, m);
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
