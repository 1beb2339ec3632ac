// GCC 12 reports a false -Wrestrict inside std::string's operator+ once it is inlined into these
// functions (gcc.gnu.org/PR105651, fixed in GCC 13); the concatenations are ordinary.
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ == 12
#pragma GCC diagnostic ignored "-Wrestrict"
#endif
#include "arguments.hpp"

#include "closest_flag.hpp"
#include "help.hpp"

namespace llm_sizer::cli {
namespace {

constexpr std::string_view kHelp = "help";
constexpr std::string_view kJson = "json";
constexpr std::string_view kHfConfig = "hf-config";
constexpr std::string_view kLink = "link";
constexpr std::string_view kAll = "all";
constexpr std::string_view kVllmCommand = "vllm-command";
constexpr std::string_view kLimit = "limit";

bool is_flag(const std::string& arg) { return arg.rfind("--", 0) == 0; }

// A flag as given, checked once the command is known (it may come after the flags).
struct GivenFlag {
  std::string name;  // without "--"
  std::string value;
  bool has_value = false;
};

// The flags `command` takes, without "--".
std::vector<std::string> flags_of(const Command& command) {
  std::vector<std::string> flags;
  for (const auto& field : plan_fields()) {
    if (uses_field(command, field)) flags.emplace_back(field.cli_flag);
  }
  if (command.json) flags.emplace_back(kJson);
  if (command.hf_config) flags.emplace_back(kHfConfig);
  if (command.vllm_command) flags.emplace_back(kVllmCommand);
  if (command.link) flags.emplace_back(kLink);
  if (command.all) flags.emplace_back(kAll);
  flags.emplace_back(kHelp);
  return flags;
}

bool takes(const Command& command, std::string_view name) {
  if (name == kHelp) return true;
  if (name == kJson) return command.json;
  if (name == kHfConfig) return command.hf_config;
  if (name == kVllmCommand) return command.vllm_command;
  if (name == kLink) return command.link;
  if (name == kAll) return command.all;
  const FieldSpec* field = find_field_by_cli_flag(name);
  return field != nullptr && uses_field(command, *field);
}

bool exists(std::string_view name) {
  return name == kHelp || name == kJson || name == kHfConfig || name == kLink || name == kAll ||
         name == kVllmCommand || find_field_by_cli_flag(name) != nullptr;
}

// Reads one flag's value into the arguments, or words why it cannot.
void take_flag(const GivenFlag& flag, const Command& command, const Messages& m, Arguments& out) {
  const std::string dashed = "--" + flag.name;
  if (!exists(flag.name)) {
    const std::string near = closest(flag.name, flags_of(command));
    if (near.empty()) {
      out.errors.push_back(
          m.format("cli.unknown_flag", {{"flag", dashed}, {"command", std::string(command.name)}}));
    } else {
      out.errors.push_back(
          m.format("cli.unknown_flag_near", {{"flag", dashed}, {"near", "--" + near}}));
    }
    return;
  }
  if (!takes(command, flag.name)) {
    out.errors.push_back(
        m.format("cli.flag_not_used", {{"flag", dashed}, {"command", std::string(command.name)}}));
    return;
  }
  if (flag.name == kHelp || flag.name == kJson || flag.name == kAll) {
    if (flag.has_value) out.errors.push_back(m.format("cli.takes_no_value", {{"flag", dashed}}));
    (flag.name == kHelp ? out.help : flag.name == kJson ? out.json : out.all) = true;
    return;
  }
  const FieldSpec* field = find_field_by_cli_flag(flag.name);
  if (!flag.has_value || (field == nullptr && flag.value.empty())) {
    std::string error = m.format("cli.missing_value", {{"flag", dashed}});
    if (field != nullptr) error += " " + valid_hint(*field, m);
    out.errors.push_back(error);
    return;
  }
  // A flag given twice would have its first value dropped without a word. Search limits
  // intersect, so a second --limit narrows the first (as one text would); any other is refused.
  const auto repeated = [&](const std::string& first) {
    out.errors.push_back(m.format("cli.repeated_flag",
                                  {{"flag", dashed}, {"first", first}, {"second", flag.value}}));
  };
  std::optional<std::string>* own = flag.name == kHfConfig      ? &out.hf_config
                                    : flag.name == kVllmCommand ? &out.vllm_command
                                    : flag.name == kLink        ? &out.link
                                                                : nullptr;
  if (own != nullptr) {
    if (own->has_value()) return repeated(**own);
    *own = flag.value;
    return;
  }
  for (auto& earlier : out.fields) {
    if (earlier.field != field) continue;
    if (field->cli_flag == kLimit) {
      earlier.text += " " + flag.value;
      return;
    }
    return repeated(earlier.text);
  }
  out.fields.push_back({field, flag.value});
}

}  // namespace

Arguments parse_arguments(const std::vector<std::string>& args, const Messages& m) {
  Arguments out;
  std::vector<GivenFlag> given;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "-h") {
      given.push_back({std::string(kHelp), {}, false});
      continue;
    }
    if (!is_flag(arg)) {
      if (out.command.empty()) {
        out.command = arg;
      } else {
        out.operands.push_back(arg);
      }
      continue;
    }
    GivenFlag flag;
    flag.name = arg.substr(2);
    if (const auto eq = flag.name.find('='); eq != std::string::npos) {
      flag.value = flag.name.substr(eq + 1);
      flag.name.resize(eq);
      flag.has_value = true;
    }
    const bool next_is_value = i + 1 < args.size() && !is_flag(args[i + 1]);
    const FieldSpec* field = find_field_by_cli_flag(flag.name);
    const bool bare_flag = flag.name == kHelp || flag.name == kJson || flag.name == kAll ||
                           (field != nullptr && field->type == FieldType::kFlag && !next_is_value);
    if (!flag.has_value && bare_flag && field != nullptr) {
      flag.value = "1";  // --sequence-parallel alone switches it on
      flag.has_value = true;
    } else if (!flag.has_value && !bare_flag && i + 1 < args.size()) {
      // A value may start with "--" only where nothing else can be meant: a file name or a link.
      const bool takes_any =
          flag.name == kHfConfig || flag.name == kLink || flag.name == kVllmCommand;
      // An unknown flag's value is taken too, so that one typo is one error; not before the
      // command, where the next word may be the command itself.
      const bool unknown_with_value = !exists(flag.name) && !out.command.empty();
      if (takes_any || (field != nullptr && next_is_value) ||
          (unknown_with_value && next_is_value)) {
        flag.value = args[++i];
        flag.has_value = true;
      }
    }
    given.push_back(std::move(flag));
  }
  out.known = find_command(out.command);
  if (out.known == nullptr) {  // run() shows the help, or names the unknown command
    for (const auto& flag : given) out.help |= flag.name == kHelp;
    return out;
  }
  for (const auto& flag : given) take_flag(flag, *out.known, m, out);
  const std::size_t operands = out.known->operand.empty() ? 0 : 1;
  for (std::size_t i = operands; i < out.operands.size(); ++i) {
    out.errors.push_back(m.format("cli.unexpected_argument", {{"arg", out.operands[i]}}));
  }
  return out;
}

}  // namespace llm_sizer::cli
