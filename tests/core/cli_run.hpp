#pragma once
// Runs the CLI in-process for the CLI tests: its exit code and what it wrote.

#include <string>
#include <vector>

#include "run.hpp"

namespace llm_sizer::test {

struct CliRun {
  int code;
  std::string out;
  std::string err;
};

inline CliRun run_cli(const std::vector<std::string>& args) {
  CliRun r;
  r.code = cli::run(args, r.out, r.err);
  return r;
}

}  // namespace llm_sizer::test
