#include "plan_input.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <optional>

#include "llm_sizer/hf_config.hpp"
#include "llm_sizer/json.hpp"
#include "llm_sizer/plan_codec.hpp"
#include "llm_sizer/plan_fields.hpp"
#include "llm_sizer/vllm_import.hpp"

namespace llm_sizer::cli {
namespace {

// The file's text, or nullopt when it cannot be read. Reads one byte past the JSON reader's
// bound so that an oversized file is named as such rather than read whole.
std::optional<std::string> read_text_file(const std::string& path) {
  std::error_code error;
  if (!std::filesystem::is_regular_file(path, error)) return std::nullopt;
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::string text(kJsonMaxBytes + 1, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  if (in.bad()) return std::nullopt;
  text.resize(static_cast<std::size_t>(in.gcount()));
  return text;
}

// Imports --hf-config into the plan under the flags: a field given explicitly keeps its value
// (with --model the config's architecture overrides that preset's instead of making it custom).
void import_hf_config_file(const std::string& path, const std::vector<std::string>& explicit_fields,
                           const Messages& m, PlanInput& input) {
  const auto text = read_text_file(path);
  if (!text) {
    input.errors.push_back(m.format("hf.cli_read_error", {{"file", path}}));
    return;
  }
  const HfImport imported = import_hf_config(*text);
  input.hf_issues = imported.issues;
  if (!imported.ok()) return;
  for (auto& issue : apply_hf_import(imported, input.plan, explicit_fields)) {
    input.issues.push_back(std::move(issue));
  }
}

// The search's name for a layout input it can limit to a range or a list (search_limits.hpp).
std::string_view limit_name(std::string_view field) {
  constexpr std::pair<std::string_view, std::string_view> kNames[] = {{"tp", "tp"},
                                                                      {"pp", "pp"},
                                                                      {"dp", "dp"},
                                                                      {"cp", "cp"},
                                                                      {"ep", "ep"},
                                                                      {"etp", "etp"},
                                                                      {"vpp", "vpp"},
                                                                      {"micro_batch", "mb"},
                                                                      {"zero", "zero"},
                                                                      {"recompute", "rc"},
                                                                      {"sequence_parallel", "sp"}};
  for (const auto& [id, name] : kNames) {
    if (id == field) return name;
  }
  return {};
}

// Reads --vllm-command into the plan under the flags: a field given explicitly keeps its value.
void import_vllm_command_text(const std::string& text,
                              const std::vector<std::string>& explicit_fields, PlanInput& input) {
  const VllmImport imported = import_vllm_command(text);
  input.hf_issues.insert(input.hf_issues.end(), imported.issues.begin(), imported.issues.end());
  if (!imported.ok()) return;
  for (const auto& [id, value] : imported.texts) {
    if (std::find(explicit_fields.begin(), explicit_fields.end(), id) != explicit_fields.end()) {
      continue;
    }
    const FieldSpec* field = find_field_by_id(id);
    if (field == nullptr) continue;
    for (auto& issue : set_field_from_text(*field, input.plan, value)) {
      input.issues.push_back(std::move(issue));
    }
  }
}

}  // namespace

PlanInput read_plan(const Arguments& args, const std::string& link, const Messages& m) {
  PlanInput input;
  if (!link.empty()) {
    DecodedLink decoded = decode_link(link);
    input.plan = std::move(decoded.plan);
    input.issues = std::move(decoded.issues);
  }
  std::vector<std::string> explicit_fields;
  for (const auto& [field, text] : args.fields) {
    // search --pp 4..16 or --mb 1,2: a range or a list limits the search instead of fixing it.
    const std::string_view limit = limit_name(field->id);
    if (args.command == "search" && !limit.empty() &&
        (text.find("..") != std::string::npos || text.find(',') != std::string::npos)) {
      std::string& limits = input.plan.search_limits;
      limits += (limits.empty() ? "" : " ") + std::string(limit) + "=" + text;
      continue;
    }
    if (!field->is_text() && text.empty()) {  // "" would mean automatic: --pp= is a mistake
      input.issues.push_back(
          {"not_a_number", std::string(field->id), Severity::kError, {{"value", text}}});
      continue;
    }
    for (auto& issue : set_field_from_text(*field, input.plan, text)) {
      input.issues.push_back(std::move(issue));
    }
    explicit_fields.emplace_back(field->id);
  }
  if (args.hf_config) import_hf_config_file(*args.hf_config, explicit_fields, m, input);
  if (args.vllm_command) import_vllm_command_text(*args.vllm_command, explicit_fields, input);
  // A bare parameter count or card memory means "my own model / card", not a preset's.
  const auto given = [&](std::string_view id) {
    return std::find(explicit_fields.begin(), explicit_fields.end(), id) != explicit_fields.end();
  };
  if (given("params") && !given("model")) input.plan.model = kCustomId;
  if (given("card_memory_gb") && !given("accelerator")) input.plan.accelerator = kCustomId;
  for (const auto& field : plan_fields()) {
    if (field.is_text()) field.set_text(input.plan, valid_utf8(field.get_text(input.plan)));
  }
  return input;
}

}  // namespace llm_sizer::cli
