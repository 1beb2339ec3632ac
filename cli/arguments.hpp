#pragma once
// Reading the command line: the sub-command, its operand, the plan inputs given as flags and the
// CLI's own flags. Nothing is evaluated here; a flag the sub-command does not take is refused
// with its name (and, for a typo, the nearest flag it does take).

#include <optional>
#include <string>
#include <vector>

#include "commands.hpp"
#include "llm_sizer/plan_fields.hpp"
#include "messages.hpp"

namespace llm_sizer::cli {

/// A plan input as typed: `--pp 10` or `--pp=10`.
struct FlagText {
  const FieldSpec* field = nullptr;
  std::string text;
};

struct Arguments {
  std::string command;                ///< empty when none was given
  const Command* known = nullptr;     ///< the command's entry, nullptr when unknown or none
  std::vector<std::string> operands;  ///< what follows the command and is not a flag
  std::vector<FlagText> fields;       ///< plan inputs, in the order given
  std::optional<std::string> hf_config;
  std::optional<std::string> vllm_command;
  std::optional<std::string> link;
  bool json = false;
  bool help = false;
  bool all = false;                 ///< search --all: every evaluated layout (CSV, or in the JSON)
  std::vector<std::string> errors;  ///< usage errors, worded, in the order of the arguments
};

/// Reads `args` (without the program name).
Arguments parse_arguments(const std::vector<std::string>& args, const Messages& m);

}  // namespace llm_sizer::cli
