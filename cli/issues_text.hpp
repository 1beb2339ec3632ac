#pragma once
// Issues as the CLI words them on stderr: "error: --pp must be from 1 to 4096 (got 0)."

#include <string>
#include <vector>

#include "llm_sizer/issue.hpp"
#include "messages.hpp"

namespace llm_sizer::cli {

/// Writes each issue to `err` as a line naming its flag (or the link, or the imported file
/// `hf_path`); errors about a value also say what is valid. Returns true when any is an error.
bool report_issues(const std::vector<Issue>& issues, const Messages& m, std::string& err,
                   const std::string& hf_path = {});

/// Writes usage errors (already worded) to `err`, one per line.
void report_errors(const std::vector<std::string>& errors, const Messages& m, std::string& err);

}  // namespace llm_sizer::cli
