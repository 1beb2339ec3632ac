// llm-sizer: the LLM Sizer core on the command line. Arguments and printing only.
#include <cstdio>
#include <string>
#include <vector>

#include "run.hpp"

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  std::string out;
  std::string err;
  const int code = llm_sizer::cli::run(args, out, err);
  std::fwrite(out.data(), 1, out.size(), stdout);
  std::fwrite(err.data(), 1, err.size(), stderr);
  return code;
}
