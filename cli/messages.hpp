#pragma once
// The CLI's view of the shared message catalogs (web/src/i18n/*.json, embedded at build time).

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "llm_sizer/issue.hpp"

namespace llm_sizer::cli {

extern const char* const kMessagesEn;
extern const char* const kMessagesZh;

class Messages {
 public:
  /// "zh" selects zh-CN; anything else English.
  explicit Messages(std::string_view lang);

  /// The message for `key` with {name} placeholders filled; the key itself when missing.
  std::string format(std::string_view key, const std::vector<IssueParam>& params = {}) const;

  /// True when the catalog has a message for `key`.
  bool has(std::string_view key) const { return table_.find(key) != table_.end(); }

  /// An issue as a sentence; `field_name` is what {field} becomes (a label or a flag).
  std::string issue(const Issue& issue, const std::string& field_name) const;

  /// A recompute mode in the words of the page's choice: "Full (every layer)", or full recompute
  /// of the first `layers` layers of each pipeline chunk (block recompute; NaN: every layer), or
  /// selective recompute of Megatron's `modules` where they are not the attention core alone.
  std::string recompute(const std::string& mode, double layers,
                        const std::string& modules = "") const;

  /// The unit `unit` after a count of `value` ("unit.GPUs" is "GPU{n:|s}": "1 GPU", "8 GPUs").
  std::string unit(std::string_view unit, double value) const;

  bool chinese() const { return chinese_; }

 private:
  std::map<std::string, std::string, std::less<>> table_;
  bool chinese_ = false;
};

/// Replaces each {name} in `pattern` by the parameter of that name (unknown names stay as is), and
/// each {name:one|other} by `one` where that parameter is exactly "1", else (a missing one too) by
/// `other`.
std::string fill_placeholders(std::string_view pattern, const std::vector<IssueParam>& params);

}  // namespace llm_sizer::cli
