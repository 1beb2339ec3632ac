#pragma once
// The plan a sub-command works on, read the same way by every one of them: a share link's plan
// (open LINK, --link LINK) or the defaults, then a Hugging Face config.json (--hf-config FILE) and
// a `vllm serve` command line (--vllm-command TEXT), then each plan flag in turn — so a flag always
// wins, and a link given with flags is changed by them, never silently dropped.

#include <string>
#include <vector>

#include "arguments.hpp"
#include "llm_sizer/issue.hpp"
#include "llm_sizer/plan.hpp"
#include "messages.hpp"

namespace llm_sizer::cli {

struct PlanInput {
  Plan plan;
  std::vector<Issue> issues;        ///< what the link and the flags' values got (link first)
  std::vector<Issue> hf_issues;     ///< what importing --hf-config found (field "hf_config")
                                    ///< and --vllm-command (field "vllm_command")
  std::vector<std::string> errors;  ///< worded: a file that could not be read
};

/// Builds the plan from `link` (empty: none), `args.hf_config` and `args.fields`. Free text ends
/// up valid UTF-8 as the page holds it (each ill-formed byte sequence one U+FFFD), so the CLI
/// and the page compute, link and export the same plan from the same link.
PlanInput read_plan(const Arguments& args, const std::string& link, const Messages& m);

}  // namespace llm_sizer::cli
