#pragma once
// The CLI's sub-commands and what each reads: which plan inputs (by the field table's groups),
// and which of the CLI's own flags. Help, flag checking and dispatch all read this one table.

#include <span>
#include <string_view>

#include "llm_sizer/plan_fields.hpp"

namespace llm_sizer::cli {

struct Command {
  std::string_view name;
  std::string_view operand;                   ///< "LINK" for open; empty when it takes none
  std::span<const std::string_view> groups;   ///< FieldSpec::group values whose inputs it reads
  std::span<const std::string_view> ignored;  ///< field ids within those groups it does not read
  bool json = false;                          ///< --json
  bool hf_config = false;                     ///< --hf-config FILE
  bool vllm_command = false;                  ///< --vllm-command TEXT
  bool link = false;                          ///< --link LINK: start from a link's plan
  bool plan = false;                          ///< works on a plan (evaluates or encodes one)
  bool all = false;                           ///< --all: every evaluated layout (search)
};

/// Every sub-command, in the order help lists them.
std::span<const Command> commands();

/// The sub-command named `name`, or nullptr.
const Command* find_command(std::string_view name);

/// Whether `command` reads the plan input `field`. --lang is read by every command (it words
/// the output); the other inputs of the "general" group only by the commands that list it.
bool uses_field(const Command& command, const FieldSpec& field);

}  // namespace llm_sizer::cli
