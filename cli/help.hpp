#pragma once
// Help texts: the sub-commands, and for each the flags it takes with their units, valid values
// and defaults — all from the field table (plan_fields.hpp) and a default Plan, worded by the
// message catalogs.

#include <string>
#include <vector>

#include "commands.hpp"
#include "llm_sizer/plan_fields.hpp"
#include "messages.hpp"

namespace llm_sizer::cli {

/// The preset ids --model and --accelerator take, then "custom"; other choice fields' choices.
std::vector<std::string> choices_of(const FieldSpec& field);

/// What a field accepts: "a whole number from 1 to 4096", "one of en, zh".
std::string valid_values(const FieldSpec& field, const Messages& m);

/// "Valid --pp: a whole number from 1 to 4096." (appended to errors about a value).
std::string valid_hint(const FieldSpec& field, const Messages& m);

/// The field's value in a default plan: "0.6", "2 B", "gpt3-175b", or for an automatic one
/// "automatic — the GPUs of one node".
std::string default_text(const FieldSpec& field, const Messages& m);

/// `llm-sizer --help`: the sub-commands and the flags every one takes.
std::string general_help(const Messages& m);

/// `llm-sizer COMMAND --help`: only the flags that command takes.
std::string command_help(const Command& command, const Messages& m);

}  // namespace llm_sizer::cli
