// GCC 12 reports a false -Wrestrict inside std::string's operator+ once it is inlined into these
// functions (gcc.gnu.org/PR105651, fixed in GCC 13); the concatenations are ordinary.
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ == 12
#pragma GCC diagnostic ignored "-Wrestrict"
#endif
#include "help.hpp"

#include <algorithm>

#include "llm_sizer/accelerator.hpp"
#include "llm_sizer/inference_report.hpp"
#include "llm_sizer/kernel_model.hpp"
#include "llm_sizer/memory_profile.hpp"
#include "llm_sizer/model.hpp"
#include "llm_sizer/number_format.hpp"
#include "llm_sizer/training_report.hpp"
#include "text_table.hpp"

namespace llm_sizer::cli {
namespace {

std::string joined(const std::vector<std::string>& items, std::string_view separator) {
  std::string out;
  for (const auto& item : items) {
    if (!out.empty()) out += separator;
    out += item;
  }
  return out;
}

std::string unit_suffix(const FieldSpec& field, const Messages& m) {
  return field.unit.empty() ? std::string() : " " + m.format("unit." + std::string(field.unit));
}

// What a flag's value looks like in the usage column: --tp N, --recompute none|selective|full.
std::string metavariable(const FieldSpec& field) {
  if (field.id == "model" || field.id == "accelerator") return "ID";
  switch (field.type) {
    case FieldType::kInteger:
      return "N";
    case FieldType::kNumber:
      return "X";
    case FieldType::kFlag:
      return "[0|1]";
    case FieldType::kText:
      break;
  }
  if (field.choice_list) return "LIST";
  if (field.choices.empty()) return "TEXT";
  if (field.choices.size() <= 3) return joined(choices_of(field), "|");
  return "NAME";
}

// Figures an automatic default's description quotes, from the core's own constants.
std::vector<IssueParam> automatic_params(const FieldSpec& field) {
  const FrameworkProfile& megatron = framework_profile(Framework::kMegatron);
  const FrameworkProfile& pytorch = framework_profile(Framework::kPytorch);
  const auto profile = [&](double FrameworkProfile::*member) {
    return std::vector<IssueParam>{{"megatron", format_readable(megatron.*member)},
                                   {"pytorch", format_readable(pytorch.*member)}};
  };
  const auto one = [](double value) {
    return std::vector<IssueParam>{{"n", format_readable(value)}};
  };
  const std::string_view id = field.id;
  if (id == "cuda_context_gb") return profile(&FrameworkProfile::cuda_context_gb);
  const MemoryProfile& memory = memory_profile(Framework::kPytorch);
  if (id == "comm_buffer_gb") {
    return {{"low", format_readable(memory.nccl_per_communicator.low)},
            {"high", format_readable(memory.nccl_per_communicator.high)}};
  }
  if (id == "allocator_slack") {
    return {{"low", format_readable(memory.fragmentation.low)},
            {"high", format_readable(memory.fragmentation.high)},
            {"recompute", format_readable(memory.fragmentation_recompute.high)}};
  }
  if (id == "prefetch_bucket") {
    return one(memory_profile(Framework::kDeepspeed).prefetch_bucket_params);
  }
  if (id == "gemm_efficiency") return one(kDefaultGemmEfficiency);
  if (id == "comm_efficiency") return one(kDefaultCommEfficiency);
  if (id == "net_efficiency") return one(kDefaultNetEfficiency);
  if (id == "memory_efficiency") return one(kDefaultMemoryEfficiency);
  if (id == "batch") return one(kDefaultServingBatch);
  if (id == "context") return one(kDefaultServingContext);
  if (id == "gpu_memory_utilization") return one(kDefaultGpuMemoryUtilization);
  if (id == "tpot_slo_ms") return one(kDefaultTpotSloMs);
  if (id == "decode_efficiency") return one(kDefaultDecodeEfficiency);
  if (id == "prefill_efficiency") return one(kDefaultPrefillEfficiency);
  return {};
}

struct HelpEntry {
  std::string usage;   // "--tp N"
  std::string label;   // "Tensor parallel (TP)"
  std::string detail;  // "a whole number from 1 to 1024; default: automatic — …" (may be empty)
};

HelpEntry field_entry(const FieldSpec& field, const Messages& m) {
  // The unit is part of the valid values: "greater than 0 and at most 100000 GB".
  return {"--" + std::string(field.cli_flag) + " " + metavariable(field),
          m.format("field." + std::string(field.id)),
          m.format("cli.help_detail",
                   {{"values", valid_values(field, m)}, {"default", default_text(field, m)}})};
}

// Entries as "  USAGE  LABEL" with the detail on the next line under the label.
std::string render_entries(const std::vector<HelpEntry>& entries) {
  std::size_t width = 0;
  for (const auto& e : entries) width = std::max(width, display_width(e.usage));
  std::string out;
  for (const auto& e : entries) {
    out += "  " + e.usage + std::string(width - display_width(e.usage) + 2, ' ') + e.label + "\n";
    if (!e.detail.empty()) out += std::string(width + 4, ' ') + e.detail + "\n";
  }
  return out;
}

std::string command_list(const Messages& m) {
  std::vector<std::vector<std::string>> rows;
  for (const auto& command : commands()) {
    std::string name(command.name);
    if (!command.operand.empty()) name.append(" ").append(command.operand);
    rows.push_back({"  " + name, m.format("cli.cmd." + std::string(command.name))});
  }
  return render_table(rows, {});
}

}  // namespace

std::vector<std::string> choices_of(const FieldSpec& field) {
  std::vector<std::string> out;
  if (field.id == "model") {
    for (const auto& preset : model_catalog()) out.push_back(preset.id);
    out.emplace_back(kCustomId);
  } else if (field.id == "accelerator") {
    for (const auto& preset : accelerator_catalog()) out.push_back(preset.id);
    out.emplace_back(kCustomId);
  } else {
    for (const auto& choice : field.choices) out.emplace_back(choice);
  }
  return out;
}

std::string valid_values(const FieldSpec& field, const Messages& m) {
  if (m.has("cli.values." + std::string(field.id))) {
    return m.format("cli.values." + std::string(field.id));
  }
  if (field.is_text()) {
    const std::vector<std::string> choices = choices_of(field);
    if (choices.empty()) {
      return m.format("cli.values_text", {{"max", std::to_string(kMaxTextCharacters)}});
    }
    return m.format(field.choice_list ? "cli.values_list" : "cli.values_choices",
                    {{"choices", joined(choices, ", ")}});
  }
  if (field.type == FieldType::kFlag) return m.format("cli.values_flag");
  const std::vector<IssueParam> params = {{"min", format_readable(field.min)},
                                          {"max", format_readable(field.max)},
                                          {"unit", unit_suffix(field, m)}};
  if (field.type == FieldType::kInteger) return m.format("cli.values_integer", params);
  return m.format(field.min_exclusive ? "cli.values_above" : "cli.values_number", params);
}

std::string valid_hint(const FieldSpec& field, const Messages& m) {
  return m.format("cli.valid_hint", {{"flag", "--" + std::string(field.cli_flag)},
                                     {"values", valid_values(field, m)}});
}

std::string default_text(const FieldSpec& field, const Messages& m) {
  static const Plan defaults;
  const std::string text = field_text(field, defaults);
  if (!text.empty()) return field.is_text() ? text : text + unit_suffix(field, m);
  // Automatic: the input table's rule (resolve.hpp applies it), else what an empty input means.
  const std::string key = field.auto_rule.empty() ? "cli.auto." + std::string(field.id)
                                                  : "rule." + std::string(field.auto_rule);
  return m.format("cli.help_automatic", {{"what", m.format(key, automatic_params(field))}});
}

std::string general_help(const Messages& m) {
  const FieldSpec* lang = find_field_by_id("lang");
  std::vector<HelpEntry> common = {field_entry(*lang, m),
                                   {"--help, -h", m.format("cli.flag_help"), ""}};
  return m.format("cli.usage") + "\n\n" + m.format("cli.commands") + "\n" + command_list(m) + "\n" +
         m.format("cli.common_flags") + "\n" + render_entries(common) + "\n" +
         m.format("cli.help_more") + "\n" + m.format("cli.exit_codes") + "\n";
}

std::string command_help(const Command& command, const Messages& m) {
  std::string name(command.name);
  if (!command.operand.empty()) name.append(" ").append(command.operand);
  std::string out = m.format("cli.command_usage", {{"command", name}}) + "\n" +
                    m.format("cli.cmd." + std::string(command.name)) + "\n";
  if (m.has("cli.cmd_detail." + std::string(command.name))) {
    out += m.format("cli.cmd_detail." + std::string(command.name)) + "\n";
  }
  // The CLI's own flags and the "general" inputs (language, embedded view) first.
  std::vector<HelpEntry> io;
  if (command.link) io.push_back({"--link LINK", m.format("cli.flag_link"), ""});
  if (command.hf_config) io.push_back({"--hf-config FILE", m.format("hf.cli_flag"), ""});
  if (command.vllm_command) {
    io.push_back({"--vllm-command TEXT", m.format("cli.flag_vllm_command"), ""});
  }
  if (command.all) io.push_back({"--all", m.format("cli.flag_all"), ""});
  if (command.json) {
    io.push_back({"--json", m.format(command.plan ? "cli.flag_json" : "cli.flag_json_array"), ""});
  }
  for (const auto& field : plan_fields()) {
    if (field.group == "general" && uses_field(command, field)) io.push_back(field_entry(field, m));
  }
  io.push_back({"--help, -h", m.format("cli.flag_help"), ""});
  out += "\n" + m.format("cli.group_io") + "\n" + render_entries(io);
  // Then the plan inputs by group, in the field table's order.
  std::vector<std::string_view> groups;
  for (const auto& field : plan_fields()) {
    if (field.group == "general" || !uses_field(command, field)) continue;
    if (std::find(groups.begin(), groups.end(), field.group) == groups.end()) {
      groups.push_back(field.group);
    }
  }
  for (const auto group : groups) {
    std::vector<HelpEntry> entries;
    for (const auto& field : plan_fields()) {
      if (field.group == group && uses_field(command, field))
        entries.push_back(field_entry(field, m));
    }
    out += '\n';
    out += m.format("cli.group." + std::string(group)) + "\n" + render_entries(entries);
  }
  return out;
}

}  // namespace llm_sizer::cli
