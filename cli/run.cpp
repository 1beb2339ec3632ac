#include "run.hpp"

#include "arguments.hpp"
#include "help.hpp"
#include "issues_text.hpp"
#include "json_output.hpp"
#include "llm_sizer/json.hpp"
#include "llm_sizer/plan_codec.hpp"
#include "llm_sizer/report.hpp"
#include "messages.hpp"
#include "plan_input.hpp"
#include "report_text.hpp"
#include "terminal_text.hpp"

namespace llm_sizer::cli {
namespace {

// The language flag decides how everything else is worded, so it is read before the rest.
std::string language(const std::vector<std::string>& args) {
  std::string lang = "en";
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--lang" && i + 1 < args.size()) lang = args[i + 1];
    if (args[i].rfind("--lang=", 0) == 0) lang = args[i].substr(7);
  }
  return lang;
}

int usage_error(const std::string& message, const Messages& m, std::string& err) {
  report_errors({message}, m, err);
  return kExitUsage;
}

// train, infer, search, link and open: the one way a plan is read, evaluated and shown.
int run_plan_command(const Arguments& a, const Messages& m, std::string& out, std::string& err) {
  std::string link = a.link.value_or("");
  if (a.command == "open") {
    if (a.operands.empty()) return usage_error(m.format("cli.open_needs_link"), m, err);
    link = a.operands.front();
  }
  const PlanInput input = read_plan(a, link, m);
  const std::string hf_path = a.hf_config.value_or("");
  if (!input.errors.empty()) {
    report_errors(input.errors, m, err);
    return kExitUsage;
  }
  // A config.json that cannot be imported stops every command: its model is what was asked for.
  if (has_error(input.hf_issues)) {
    report_issues(input.hf_issues, m, err, hf_path);
    return kExitUsage;
  }
  std::vector<Issue> read_issues = input.hf_issues;
  read_issues.insert(read_issues.end(), input.issues.begin(), input.issues.end());

  if (a.command == "search") {
    SearchReport search = search_plan(input.plan, a.all);
    search.issues.insert(search.issues.begin(), read_issues.begin(), read_issues.end());
    const bool bad = report_issues(search.issues, m, err, hf_path) || !search.ran;
    if (a.json) {
      out += search_json(search);
    } else if (a.all && search.ran) {
      out += search_csv(search);
    } else if (search.ran) {
      out += search_text(search, m);
    }
    return bad ? kExitUsage : kExitOk;
  }

  Report report = evaluate(input.plan);
  report.issues.insert(report.issues.begin(), read_issues.begin(), read_issues.end());
  const bool bad = report_issues(report.issues, m, err, hf_path);
  if (a.command == "link") {
    if (!bad) out += encode_link(report.plan) + "\n";
  } else if (a.command == "open") {
    out += a.json ? open_json(report) : train_text(report, m) + "\n" + infer_text(report, m);
  } else if (a.json) {
    out += a.command == "train" ? training_json(report) : inference_json(report);
  } else if (!bad) {
    out += a.command == "train" ? train_text(report, m) : infer_text(report, m);
  }
  return bad ? kExitUsage : kExitOk;
}

int run_command(const std::vector<std::string>& args, std::string& out, std::string& err) {
  const Messages m(language(args));
  const Arguments a = parse_arguments(args, m);
  if (a.command.empty()) {
    (a.help ? out : err) += general_help(m);
    return a.help ? kExitOk : kExitUsage;
  }
  if (a.known == nullptr) {
    return usage_error(m.format("cli.unknown_command", {{"command", a.command}}), m, err);
  }
  if (a.command == "help") {
    if (a.operands.empty()) {
      out += general_help(m);
      return kExitOk;
    }
    const Command* command = find_command(a.operands.front());
    if (command == nullptr) {
      return usage_error(m.format("cli.unknown_command", {{"command", a.operands.front()}}), m,
                         err);
    }
    out += command_help(*command, m);
    return kExitOk;
  }
  if (a.help) {
    out += command_help(*a.known, m);
    return kExitOk;
  }
  if (!a.errors.empty()) {
    report_errors(a.errors, m, err);
    return kExitUsage;
  }
  if (a.command == "models") {
    out += a.json ? models_json() : models_text(m);
    return kExitOk;
  }
  if (a.command == "accelerators") {
    out += a.json ? accelerators_json() : accelerators_text(m);
    return kExitOk;
  }
  return run_plan_command(a, m, out, err);
}

}  // namespace

int run(const std::vector<std::string>& args, std::string& out, std::string& err) {
  // Names and bad values quoted from links, flags and files are shown, never obeyed: valid
  // UTF-8, and no control character (JSON output has none already: the writer escapes them).
  std::string raw_out;
  std::string raw_err;
  const int code = run_command(args, raw_out, raw_err);
  out += terminal_safe(valid_utf8(raw_out));
  err += terminal_safe(valid_utf8(raw_err));
  return code;
}

}  // namespace llm_sizer::cli
