#pragma once
// The CLI as a function, so tests can drive it without a process: arguments in, text out.

#include <string>
#include <vector>

namespace llm_sizer::cli {

/// Exit codes: 0 success, 2 bad usage or bad input.
inline constexpr int kExitOk = 0;
inline constexpr int kExitUsage = 2;

/// Runs `llm-sizer ARGS...` (args without the program name). Writes to out/err.
int run(const std::vector<std::string>& args, std::string& out, std::string& err);

}  // namespace llm_sizer::cli
