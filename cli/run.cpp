#include "run.hpp"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <optional>

#include "llm_sizer/accelerator.hpp"
#include "llm_sizer/hf_config.hpp"
#include "llm_sizer/json.hpp"
#include "llm_sizer/model.hpp"
#include "llm_sizer/number_format.hpp"
#include "llm_sizer/plan_codec.hpp"
#include "llm_sizer/plan_fields.hpp"
#include "llm_sizer/report.hpp"
#include "messages.hpp"
#include "terminal_text.hpp"
#include "text_table.hpp"

namespace llm_sizer::cli {
namespace {

struct Request {
  std::string command;
  Plan plan;
  bool json = false;
  bool help = false;
  std::string link;                 // for `open`
  std::vector<std::string> errors;  // usage errors, already worded
  std::vector<Issue> issues;        // value errors found while reading flags
  std::string hf_config_path;       // --hf-config FILE
  std::vector<Issue> hf_issues;     // what importing it found (field "hf_config")
};

constexpr std::string_view kHfConfigFlag = "hf-config";

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
void import_hf_config_file(Request& r, const std::vector<std::string>& explicit_fields,
                           const Messages& m) {
  const auto text = read_text_file(r.hf_config_path);
  if (!text) {
    r.errors.push_back(m.format("hf.cli_read_error", {{"file", r.hf_config_path}}));
    return;
  }
  const HfImport imported = import_hf_config(*text);
  r.hf_issues = imported.issues;
  if (!imported.ok()) return;
  for (auto& issue : apply_hf_import(imported, r.plan, explicit_fields)) {
    r.issues.push_back(std::move(issue));
  }
}

std::string flag_name(std::string_view field_id) {
  const FieldSpec* spec = find_field_by_id(field_id);
  return spec ? "--" + std::string(spec->cli_flag) : std::string(field_id);
}

std::string range_hint(const FieldSpec& field, const Messages& m) {
  if (field.id == "model") {
    std::string ids;
    for (const auto& preset : model_catalog()) ids += preset.id + ", ";
    return m.format("cli.valid_ids", {{"flag", flag_name(field.id)}, {"ids", ids + kCustomId}});
  }
  if (field.id == "accelerator") {
    std::string ids;
    for (const auto& preset : accelerator_catalog()) ids += preset.id + ", ";
    return m.format("cli.valid_ids", {{"flag", flag_name(field.id)}, {"ids", ids + kCustomId}});
  }
  if (field.id == "lang") {
    return m.format("cli.valid_ids", {{"flag", flag_name(field.id)}, {"ids", "en, zh"}});
  }
  if (field.is_text()) return {};
  std::vector<IssueParam> params = {
      {"flag", flag_name(field.id)},
      {"min", format_readable(field.min)},
      {"max", format_readable(field.max)},
      {"unit",
       field.unit.empty() ? std::string() : " " + m.format("unit." + std::string(field.unit))}};
  if (field.type == FieldType::kInteger) return m.format("cli.valid_integer", params);
  return m.format("cli.valid_positive", params);
}

Request parse(const std::vector<std::string>& args, const Messages& m) {
  Request r;
  std::vector<std::string> explicit_fields;
  bool model_given = false;
  bool accelerator_given = false;
  bool params_given = false;
  bool memory_given = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "--help" || arg == "-h") {
      r.help = true;
      continue;
    }
    if (arg == "--json") {
      r.json = true;
      continue;
    }
    if (arg.rfind("--", 0) != 0) {
      if (r.command.empty()) {
        r.command = arg;
      } else if (r.command == "open" && r.link.empty()) {
        r.link = arg;
      } else {
        r.errors.push_back(m.format("cli.unexpected_argument", {{"arg", arg}}));
      }
      continue;
    }
    std::string name = arg.substr(2);
    std::string value;
    bool has_value = false;
    if (const auto eq = name.find('='); eq != std::string::npos) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
      has_value = true;
    }
    if (name == kHfConfigFlag) {
      if (!has_value && i + 1 < args.size()) {
        value = args[++i];
        has_value = true;
      }
      if (!has_value || value.empty()) {
        r.errors.push_back(m.format("cli.missing_value", {{"flag", "--" + name}}));
      } else {
        r.hf_config_path = value;
      }
      continue;
    }
    const FieldSpec* field = find_field_by_cli_flag(name);
    if (field == nullptr) {
      r.errors.push_back(m.format("cli.unknown_flag", {{"flag", "--" + name}}));
      continue;
    }
    // A flag input given alone switches it on: --sequence-parallel.
    const bool next_is_value = i + 1 < args.size() && args[i + 1].rfind("--", 0) != 0;
    if (!has_value && field->type == FieldType::kFlag && !next_is_value) {
      value = "1";
      has_value = true;
    }
    if (!has_value) {
      if (i + 1 >= args.size()) {
        r.errors.push_back(m.format("cli.missing_value", {{"flag", "--" + name}}) + " " +
                           range_hint(*field, m));
        continue;
      }
      value = args[++i];
    }
    if (!field->is_text() && value.empty()) {
      r.issues.push_back(
          {"not_a_number", std::string(field->id), Severity::kError, {{"value", value}}});
      continue;
    }
    for (auto& issue : set_field_from_text(*field, r.plan, value)) r.issues.push_back(issue);
    explicit_fields.emplace_back(field->id);
    model_given |= field->id == "model";
    accelerator_given |= field->id == "accelerator";
    params_given |= field->id == "params";
    memory_given |= field->id == "card_memory_gb";
  }
  if (!r.hf_config_path.empty()) import_hf_config_file(r, explicit_fields, m);
  // A bare parameter count or card memory means "my own model / card", not a preset's.
  if (params_given && !model_given) r.plan.model = kCustomId;
  if (memory_given && !accelerator_given) r.plan.accelerator = kCustomId;
  return r;
}

std::string help_text(const Messages& m) {
  std::string out = m.format("cli.usage") + "\n\n" + m.format("cli.commands") + "\n\n" +
                    m.format("cli.flags") + "\n";
  std::vector<std::vector<std::string>> rows;
  for (const auto& field : plan_fields()) {
    rows.push_back({"  --" + std::string(field.cli_flag),
                    m.format("field." + std::string(field.id)), range_hint(field, m)});
  }
  rows.push_back({"  --" + std::string(kHfConfigFlag) + " FILE", m.format("hf.cli_flag"), ""});
  rows.push_back({"  --json", m.format("cli.flag_json"), ""});
  rows.push_back({"  --help", m.format("cli.flag_help"), ""});
  return out + render_table(rows, {});
}

// What an issue's {field} becomes: a flag, the link, or the imported file.
std::string field_name(const Issue& issue, const Messages& m, const std::string& hf_path) {
  if (issue.field == "link") return m.format("field.link");
  if (issue.field == kHfConfigField) return hf_path;
  return flag_name(issue.field);
}

// Writes issues to err; returns true when any is an error.
bool report_issues(const std::vector<Issue>& issues, const Messages& m, std::string& err,
                   const std::string& hf_path = {}) {
  bool error = false;
  for (const auto& issue : issues) {
    const bool is_error = issue.severity == Severity::kError;
    error |= is_error;
    std::string line = m.format(is_error ? "cli.error" : "cli.warning") + ": " +
                       m.issue(issue, field_name(issue, m, hf_path));
    // Range messages already state the range; the others get it appended.
    if (is_error && (issue.code == "must_be_positive" || issue.code == "not_integer" ||
                     issue.code == "not_a_number" || issue.code == "not_finite" ||
                     issue.code == "unknown_model" || issue.code == "unknown_accelerator")) {
      if (const FieldSpec* field = find_field_by_id(issue.field)) {
        line += " " + range_hint(*field, m);
      }
    }
    err += line + "\n";
  }
  return error;
}

std::string value_text(double value, const std::string& unit, const Messages& m) {
  if (!std::isfinite(value)) return "—";
  // Memory reads best to the hundredth of a GB; counts and ratios keep their digits.
  const bool rounded = unit == "GB" || unit == "ms" || unit == "s" || unit == "tokens/s";
  std::string text = format_readable(rounded ? std::round(value * 100) / 100 : value);
  if (!unit.empty()) text += " " + m.format("unit." + unit);
  return text;
}

std::string steps_table(const std::vector<DerivationStep>& steps, const Messages& m) {
  std::vector<std::vector<std::string>> rows = {
      {"#", m.format("cli.col_step"), m.format("cli.col_formula"), m.format("cli.col_numbers"),
       m.format("cli.col_value")}};
  int index = 1;
  std::string notes;
  for (const auto& s : steps) {
    rows.push_back({std::to_string(index), m.format("step." + s.id), s.formula, s.substitution,
                    value_text(s.value, s.unit, m)});
    if (!s.note.empty()) {
      notes +=
          "  " + std::to_string(index) + ". " + m.format("note." + s.note, s.note_params) + "\n";
    }
    ++index;
  }
  return render_table(rows, {true, false, false, false, true}) +
         (notes.empty() ? "" : "\n" + m.format("cli.notes") + "\n" + notes);
}

std::string setup_lines(const Report& report, const Messages& m) {
  const auto& s = report.setup;
  const std::string model = s.model_name.empty() ? m.format("cli.custom_model") : s.model_name;
  const std::string card =
      s.accelerator_name.empty() ? m.format("cli.custom_accelerator") : s.accelerator_name;
  return render_table({{m.format("field.model"), model + " · " + value_text(s.params, "params", m)},
                       {m.format("field.accelerator"),
                        card + " · " + value_text(s.card_memory_gb, "GB", m) + " · " +
                            m.format("cli.per_node", {{"n", format_shortest(s.gpus_per_node)}})}},
                      {});
}

std::string gb_text(double gb) { return format_readable(std::round(gb * 100) / 100); }

std::string full_training_text(const Report& report, const Messages& m) {
  const FullTraining& t = report.training;
  if (!t.available) return {};
  const TrainingSettings& s = t.settings;
  const MemoryBreakdown& b = t.memory;
  std::string out =
      m.format("cli.full_title", {{"framework", m.format("choice.framework." + s.framework)},
                                  {"recipe", s.recipe},
                                  {"recompute", m.format("choice.recompute." + s.recompute)},
                                  {"seq_len", format_shortest(s.seq_len)},
                                  {"micro_batch", format_shortest(s.micro_batch)}}) +
      "\n";
  out += m.format(b.fits ? "cli.full_fits" : "cli.full_does_not_fit",
                  {{"stage", format_shortest(b.peak_stage + 1)},
                   {"stages", format_shortest(s.pp)},
                   {"peak_gb", gb_text(b.peak_gb)},
                   {"card_gb", gb_text(b.card_memory_gb)},
                   {"free_gb", gb_text(std::fabs(b.free_gb))}}) +
         "\n\n";
  std::vector<std::vector<std::string>> rows = {
      {m.format("cli.col_stage"), m.format("cli.col_layers"), m.format("step.inflight"),
       m.format("step.weights"), m.format("step.grads"), m.format("step.optimizer"),
       m.format("step.activations"), m.format("step.logits"), m.format("step.overhead"),
       m.format("cli.col_total")}};
  for (const auto& stage : t.stages) {
    rows.push_back(
        {format_shortest(stage.stage + 1),
         format_shortest(stage.first_layer + 1) + "–" +
             format_shortest(stage.first_layer + stage.layers),
         format_readable(stage.inflight), gb_text(stage.weights_gb), gb_text(stage.grads_gb),
         gb_text(stage.optimizer_gb), gb_text(stage.activations_gb), gb_text(stage.logits_gb),
         gb_text(stage.overhead_gb), gb_text(stage.total_gb) + (stage.fits ? "" : " ✗")});
  }
  out += render_table(rows, {true, false, true, true, true, true, true, true, true, true});
  out += "\n" + m.format("cli.memory_derivation") + "\n" + steps_table(t.steps, m);
  std::string options;
  for (const auto& f : t.fit_options) {
    if (!options.empty()) options += " · ";
    options +=
        m.format("choice.recompute." + f.recompute) + " → " +
        (std::isfinite(f.pp) ? "PP " + format_shortest(f.pp) + " (" + gb_text(f.peak_gb) + " GB)"
                             : m.format("cli.no_pp_fits"));
  }
  out += "\n" + m.format("cli.fit_options") + ": " + options + "\n";
  return out;
}

std::string layout_rows(const std::vector<LayoutCandidate>& layouts, const Messages& m) {
  std::vector<std::vector<std::string>> rows = {
      {"#", "TP", "PP", "DP", m.format("cli.col_gpus"), m.format("field.micro_batch"), "ZeRO",
       m.format("field.recompute"), "SP", m.format("cli.col_peak"), m.format("cli.col_step"), "MFU",
       m.format("cli.col_days"), m.format("cli.col_cost")}};
  int rank = 1;
  for (const auto& c : layouts) {
    rows.push_back({std::to_string(rank++), format_shortest(c.tp), format_shortest(c.pp),
                    format_shortest(c.dp), format_shortest(c.gpus), format_shortest(c.micro_batch),
                    format_shortest(c.zero), m.format("choice.recompute." + c.recompute),
                    c.sequence_parallel ? "✓" : "", gb_text(c.peak_gb) + " GB",
                    format_readable(std::round(c.step_s * 100) / 100) + " s",
                    format_readable(std::round(c.mfu * 1000) / 10) + "%",
                    std::isfinite(c.days) ? format_readable(std::round(c.days * 10) / 10) : "—",
                    std::isfinite(c.cost) ? "$" + format_readable(std::round(c.cost)) : "—"});
  }
  return render_table(
      rows, {true, true, true, true, true, true, true, false, false, true, true, true, true, true});
}

std::string search_text(const SearchReport& r, const Messages& m) {
  const SearchResult& s = r.search;
  std::string out = m.format("cli.search_title", {{"mode", m.format("cli.mode_" + s.mode)},
                                                  {"evaluated", format_shortest(s.evaluated)},
                                                  {"feasible", format_shortest(s.feasible)}}) +
                    "\n\n";
  if (!s.found) return out + m.format("issue.search_nothing_fits") + "\n";
  out += layout_rows(s.top, m);
  if (s.min_gpus_found) {
    out += "\n" +
           m.format("cli.min_gpus_layout", {{"gpus", format_shortest(s.min_gpus.gpus)},
                                            {"tp", format_shortest(s.min_gpus.tp)},
                                            {"pp", format_shortest(s.min_gpus.pp)},
                                            {"dp", format_shortest(s.min_gpus.dp)}}) +
           "\n";
  }
  out += "\n" + m.format("cli.pareto") + "\n" + layout_rows(s.pareto, m);
  return out;
}

std::string train_text(const Report& report, const Messages& m) {
  const auto& t = report.article_training;
  std::string out = m.format("cli.train_title") + "\n\n" + setup_lines(report, m) + "\n" +
                    steps_table(t.steps, m) + "\n";
  out += m.format("cli.train_result", {{"tp", format_shortest(t.tp)},
                                       {"pp", format_shortest(t.pp)},
                                       {"dp", format_shortest(t.dp)},
                                       {"total", format_shortest(t.total_gpus)}}) +
         "\n";
  const std::string full = full_training_text(report, m);
  if (!full.empty()) out += "\n" + full;
  out += "\n" + m.format("cli.share_link") + ": " + encode_link(report.plan) + "\n";
  return out;
}

std::string infer_text(const Report& report, const Messages& m) {
  const auto& r = report.article_inference;
  std::string out = m.format("cli.infer_title") + "\n\n" + setup_lines(report, m) + "\n" +
                    steps_table(r.steps, m) + "\n";
  out += m.format("cli.infer_result", {{"n", format_shortest(r.min_gpus)}}) + "\n";
  const auto& f = report.inference;
  if (f.available) {
    out += "\n" + m.format("cli.serve_title") + "\n\n" + steps_table(f.steps, m) + "\n";
    const auto rounded = [](double v) { return format_readable(std::round(v * 100) / 100); };
    out += m.format("cli.serve_result",
                    {{"tp", format_readable(f.tp)},
                     {"replicas", format_readable(f.replicas)},
                     {"total", format_readable(f.total_gpus)},
                     {"per_card", rounded(f.per_card_gb)},
                     {"fits", m.format(f.fits ? "ui.serving_fits" : "ui.serving_does_not_fit")},
                     {"concurrency", format_readable(f.max_concurrency)},
                     {"context", format_readable(f.settings.context)}}) +
           "\n";
  }
  out += m.format("cli.share_link") + ": " + encode_link(report.plan) + "\n";
  return out;
}

std::string open_json(const Report& report) {
  // {"plan": ..., "training": <train --json>, "inference": <infer --json>}
  std::string plan = "{";
  bool first = true;
  for (const auto& field : plan_fields()) {
    plan += first ? "\n    " : ",\n    ";
    first = false;
    plan += json_quote(field.id) + ": ";
    if (field.is_text()) {
      plan += json_quote(field.get_text(report.plan));
    } else {
      const auto v = field.get_number(report.plan);
      plan += v && std::isfinite(*v) ? format_shortest(*v) : "null";
    }
  }
  plan += "\n  }";
  auto indent = [](std::string text) {
    while (!text.empty() && text.back() == '\n') text.pop_back();
    std::string out;
    for (char c : text) {
      out += c;
      if (c == '\n') out += "  ";
    }
    return out;
  };
  return "{\n  \"link\": " + json_quote(encode_link(report.plan)) + ",\n  \"plan\": " + plan +
         ",\n  \"training\": " + indent(training_json(report)) +
         ",\n  \"inference\": " + indent(inference_json(report)) + "\n}\n";
}

int run_command(const std::vector<std::string>& args, std::string& out, std::string& err) {
  // The language flag decides how everything else is worded, so read it first.
  std::string lang = "en";
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--lang" && i + 1 < args.size()) lang = args[i + 1];
    if (args[i].rfind("--lang=", 0) == 0) lang = args[i].substr(7);
  }
  const Messages m(lang);
  Request r = parse(args, m);
  if (r.help || r.command.empty() || r.command == "help") {
    (r.command.empty() && !r.help ? err : out) += help_text(m);
    return r.help || r.command == "help" ? kExitOk : kExitUsage;
  }
  for (const auto& e : r.errors) err += m.format("cli.error") + ": " + e + "\n";
  if (!r.errors.empty()) return kExitUsage;

  if (r.command == "models" || r.command == "accelerators") {
    std::vector<std::vector<std::string>> rows;
    if (r.command == "models") {
      for (const auto& p : model_catalog()) {
        rows.push_back({p.id, p.name, value_text(p.nominal_params, "params", m), p.source});
      }
    } else {
      for (const auto& a : accelerator_catalog()) {
        rows.push_back({a.id, a.name, value_text(a.memory_gb, "GB", m), a.confidence});
      }
    }
    out += render_table(rows, {false, false, true, false});
    return kExitOk;
  }

  if (r.command == "open") {
    if (r.link.empty()) {
      err += m.format("cli.error") + ": " + m.format("cli.open_needs_link") + "\n";
      return kExitUsage;
    }
    auto decoded = decode_link(r.link);
    Report report = evaluate(decoded.plan);
    report.issues.insert(report.issues.begin(), decoded.issues.begin(), decoded.issues.end());
    const bool bad = report_issues(report.issues, m, err);
    out += r.json ? open_json(report) : train_text(report, m) + "\n" + infer_text(report, m);
    return bad ? kExitUsage : kExitOk;
  }

  if (r.command == "search") {
    const SearchReport search = search_plan(r.plan);
    std::vector<Issue> issues = r.issues;
    issues.insert(issues.end(), search.issues.begin(), search.issues.end());
    const bool bad = report_issues(issues, m, err) || !search.ran;
    if (r.json) {
      out += search_json(search);
    } else if (search.ran) {
      out += search_text(search, m);
    }
    return bad ? kExitUsage : kExitOk;
  }

  if (r.command != "train" && r.command != "infer" && r.command != "link") {
    err += m.format("cli.error") + ": " +
           m.format("cli.unknown_command", {{"command", r.command}}) + "\n";
    return kExitUsage;
  }
  if (has_error(r.hf_issues)) {
    report_issues(r.hf_issues, m, err, r.hf_config_path);
    return kExitUsage;
  }
  Report report = evaluate(r.plan);
  report.issues.insert(report.issues.begin(), r.issues.begin(), r.issues.end());
  report.issues.insert(report.issues.begin(), r.hf_issues.begin(), r.hf_issues.end());
  const bool bad = report_issues(report.issues, m, err, r.hf_config_path);
  if (r.command == "link") {
    if (!bad) out += encode_link(report.plan) + "\n";
    return bad ? kExitUsage : kExitOk;
  }
  if (r.json) {
    out += r.command == "train" ? training_json(report) : inference_json(report);
  } else if (!bad) {
    out += r.command == "train" ? train_text(report, m) : infer_text(report, m);
  }
  return bad ? kExitUsage : kExitOk;
}

}  // namespace

int run(const std::vector<std::string>& args, std::string& out, std::string& err) {
  // Names and bad values quoted from links, flags and files are shown, never obeyed.
  std::string raw_out;
  std::string raw_err;
  const int code = run_command(args, raw_out, raw_err);
  out += terminal_safe(raw_out);
  err += terminal_safe(raw_err);
  return code;
}

}  // namespace llm_sizer::cli
