#include "commands.hpp"

#include <algorithm>
#include <array>

namespace llm_sizer::cli {
namespace {

constexpr std::string_view kTrainGroups[] = {"model",  "architecture", "accelerator", "article",
                                             "layout", "memory",       "finetune",    "time"};
// The objective and the limits shape the search; train evaluates one layout.
constexpr std::string_view kTrainIgnored[] = {"objective", "search_limits"};
constexpr std::string_view kInferGroups[] = {"model", "architecture", "accelerator", "inference"};
constexpr std::string_view kSearchGroups[] = {"model",  "architecture", "accelerator", "layout",
                                              "memory", "finetune",     "time"};
// A layout input given to the search fixes that dimension (--tp 8), a range limits it
// (--pp 4..16): the search reads them all.
// A link carries every input, so link and open take them all.
constexpr std::string_view kAllGroups[] = {"general", "model",    "architecture", "accelerator",
                                           "article", "layout",   "memory",       "finetune",
                                           "time",    "inference"};

constexpr std::array kCommands = {
    Command{"train", "", kTrainGroups, kTrainIgnored, true, true, false, true, true},
    Command{"infer", "", kInferGroups, {}, true, true, true, true, true},
    Command{"search", "", kSearchGroups, {}, true, true, false, true, true, true},
    Command{"link", "", kAllGroups, {}, false, true, true, true, true},
    Command{"open", "LINK", kAllGroups, {}, true, true, false, false, true},
    Command{"models", "", {}, {}, true, false, false, false, false},
    Command{"accelerators", "", {}, {}, true, false, false, false, false},
    Command{"help", "COMMAND", {}, {}, false, false, false, false, false},
};

bool contains(std::span<const std::string_view> list, std::string_view item) {
  return std::find(list.begin(), list.end(), item) != list.end();
}

}  // namespace

std::span<const Command> commands() { return kCommands; }

const Command* find_command(std::string_view name) {
  for (const auto& command : kCommands) {
    if (command.name == name) return &command;
  }
  return nullptr;
}

bool uses_field(const Command& command, const FieldSpec& field) {
  if (field.id == "lang") return true;
  return contains(command.groups, field.group) && !contains(command.ignored, field.id);
}

}  // namespace llm_sizer::cli
