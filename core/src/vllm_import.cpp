#include "llm_sizer/vllm_import.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <optional>

#include "llm_sizer/json.hpp"
#include "llm_sizer/launch_commands.hpp"
#include "llm_sizer/number_format.hpp"
#include "llm_sizer/plan_fields.hpp"

namespace llm_sizer {
namespace {

// Flags that only deploy the server: accepted without a word (no input of a plan stands for them).
constexpr std::string_view kDeploymentFlags[] = {"host",
                                                 "port",
                                                 "served-model-name",
                                                 "api-key",
                                                 "trust-remote-code",
                                                 "headless",
                                                 "data-parallel-size-local",
                                                 "data-parallel-address",
                                                 "data-parallel-rpc-port",
                                                 "data-parallel-start-rank",
                                                 "distributed-executor-backend",
                                                 "uvicorn-log-level",
                                                 "disable-log-requests",
                                                 "enable-log-requests",
                                                 "no-enable-log-requests",
                                                 "disable-log-stats",
                                                 "download-dir",
                                                 "tokenizer",
                                                 "tokenizer-mode",
                                                 "revision",
                                                 "seed",
                                                 "tool-call-parser",
                                                 "enable-auto-tool-choice",
                                                 "chat-template",
                                                 "reasoning-parser",
                                                 "generation-config",
                                                 "max-logprobs",
                                                 "load-format",
                                                 "api-server-count",
                                                 "disable-uvicorn-access-log",
                                                 "ssl-keyfile",
                                                 "ssl-certfile",
                                                 "root-path",
                                                 "middleware",
                                                 "allowed-origins",
                                                 "enable-request-id-headers",
                                                 "all2all-backend",
                                                 "async-scheduling",
                                                 "enable-dbo",
                                                 "enable-eplb",
                                                 "eplb-config",
                                                 "override-generation-config",
                                                 "config"};
// Flags that change memory or speed in ways the plan has no input for: named in a warning.
constexpr std::string_view kUnmodelledFlags[] = {"enable-prefix-caching",
                                                 "no-enable-prefix-caching",
                                                 "enable-chunked-prefill",
                                                 "no-enable-chunked-prefill",
                                                 "enforce-eager",
                                                 "compilation-config",
                                                 "O",
                                                 "kv-transfer-config",
                                                 "cpu-offload-gb",
                                                 "swap-space",
                                                 "limit-mm-per-prompt",
                                                 "mm-processor-kwargs",
                                                 "kv-cache-memory-bytes",
                                                 "calculate-kv-scales",
                                                 "rope-scaling",
                                                 "hf-overrides"};
// Flags that take no value (argparse store_true / BooleanOptionalAction).
constexpr std::string_view kBooleanFlags[] = {"enable-expert-parallel",
                                              "trust-remote-code",
                                              "headless",
                                              "disable-log-requests",
                                              "enable-log-requests",
                                              "no-enable-log-requests",
                                              "disable-log-stats",
                                              "enable-auto-tool-choice",
                                              "enable-prefix-caching",
                                              "no-enable-prefix-caching",
                                              "enable-chunked-prefill",
                                              "no-enable-chunked-prefill",
                                              "enforce-eager",
                                              "calculate-kv-scales",
                                              "disable-uvicorn-access-log",
                                              "enable-request-id-headers",
                                              "async-scheduling",
                                              "enable-dbo",
                                              "enable-eplb",
                                              "no-enable-expert-parallel"};

template <std::size_t N>
bool in(const std::string_view (&list)[N], std::string_view name) {
  return std::find(std::begin(list), std::end(list), name) != std::end(list);
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

bool is_assignment(std::string_view word) {
  const auto eq = word.find('=');
  if (eq == std::string_view::npos || eq == 0) return false;
  for (std::size_t i = 0; i < eq; ++i) {
    const auto c = static_cast<unsigned char>(word[i]);
    if (!(std::isalnum(c) || c == '_') || (i == 0 && std::isdigit(c))) return false;
  }
  return true;
}

bool ends_with(std::string_view text, std::string_view tail) {
  return text.size() >= tail.size() && text.substr(text.size() - tail.size()) == tail;
}

// A flag's name without its dashes, with vLLM's underscores read as dashes (argparse accepts
// both spellings of multi-word flags).
std::string flag_name(std::string_view word) {
  while (!word.empty() && word.front() == '-') word.remove_prefix(1);
  std::string name(word);
  std::replace(name.begin(), name.end(), '_', '-');
  return name;
}

// vLLM reads lengths in human form: "32k" = 32 000, "32K" = 32 768 (arg_utils.py
// human_readable_int).
std::optional<double> length(std::string_view text) {
  if (!text.empty() && (text.back() == 'k' || text.back() == 'K')) {
    const double unit = text.back() == 'k' ? 1000 : 1024;
    const auto number = parse_number(text.substr(0, text.size() - 1));
    if (number) return *number * unit;
    return std::nullopt;
  }
  return parse_number(text);
}

struct Reader {
  VllmImport out;
  std::vector<std::pair<std::string, std::string>> set;  // field → text
  std::vector<std::string> unknown;
  std::vector<std::string> unmodelled;
  std::string quantization;
  std::string dtype;

  void put(std::string field, std::string text) {
    for (auto& entry : set) {
      if (entry.first == field) {
        entry.second = std::move(text);
        return;
      }
    }
    set.emplace_back(std::move(field), std::move(text));
  }

  void bad(const std::string& flag, const std::string& value) {
    out.issues.push_back({"vllm_command_bad_value",
                          std::string(kVllmCommandField),
                          Severity::kError,
                          {{"flag", "--" + flag}, {"value", excerpt(value)}}});
  }

  // A number for `field`, checked to be one (the plan validates its range).
  void number(const std::string& flag, const std::string& value, const char* field,
              bool human = false) {
    const auto v = human ? length(value) : parse_number(value);
    if (!v) {
      bad(flag, value);
      return;
    }
    put(field, format_shortest(*v));
  }

  void speculative(const std::string& flag, const std::string& value) {
    const JsonParseResult parsed = parse_json(value);
    const JsonValue* tokens = parsed.value && parsed.value->is_object()
                                  ? parsed.value->find("num_speculative_tokens")
                                  : nullptr;
    if (tokens == nullptr || !tokens->is_number()) {
      bad(flag, value);
      return;
    }
    put("spec_tokens", format_shortest(tokens->as_number()));
  }

  void read(const std::string& name, const std::string& value) {
    if (name == "tensor-parallel-size" || name == "tp") return number(name, value, "infer_tp");
    if (name == "pipeline-parallel-size" || name == "pp") return number(name, value, "infer_pp");
    if (name == "data-parallel-size" || name == "dp") return number(name, value, "infer_dp");
    if (name == "max-model-len") return number(name, value, "context", true);
    if (name == "gpu-memory-utilization") return number(name, value, "gpu_memory_utilization");
    if (name == "max-num-batched-tokens") return number(name, value, "prefill_chunk", true);
    if (name == "max-num-seqs") return number(name, value, "max_num_seqs");
    if (name == "block-size") return number(name, value, "kv_block_tokens");
    if (name == "speculative-config") return speculative(name, value);
    if (name == "kv-offloading-size") {
      const auto gib = parse_number(value);
      if (!gib) return bad(name, value);
      // vLLM states the offloading buffer in GiB; the plan's input is in GB.
      return put("kv_offload_gb", format_shortest(*gib * 1.073741824));
    }
    if (name == "kv-cache-dtype") {
      if (value.rfind("fp8", 0) == 0) return put("kv_dtype", "fp8");
      if (value == "bfloat16") return put("kv_dtype", "bf16");
      if (value == "float16" || value == "half") return put("kv_dtype", "fp16");
      if (value == "auto") return;
      return bad(name, value);
    }
    if (name == "quantization" || name == "q") {
      quantization = value;
      return;
    }
    if (name == "dtype") {
      dtype = value;
      return;
    }
    if (name == "model") {
      out.model = value;
      return;
    }
    if (in(kDeploymentFlags, name)) return;
    if (in(kUnmodelledFlags, name)) {
      unmodelled.push_back("--" + name);
      return;
    }
    unknown.push_back("--" + name);
  }

  void weights() {
    std::string format;
    if (quantization == "fp8" || quantization == "ptpc_fp8") format = "fp8";
    if (quantization == "awq" || quantization == "awq_marlin") format = "int4-awq";
    if (quantization == "gptq" || quantization == "gptq_marlin") format = "int4-gptq";
    if (quantization == "modelopt_fp4" || quantization == "nvfp4") format = "nvfp4";
    if (quantization == "mxfp4") format = "mxfp4";
    if (!quantization.empty() && format.empty() && quantization != "compressed-tensors" &&
        quantization != "modelopt") {
      unmodelled.push_back("--quantization " + quantization);
    }
    if (format.empty()) {
      if (dtype == "bfloat16" || dtype == "bf16") format = "bf16";
      if (dtype == "float16" || dtype == "half" || dtype == "fp16") format = "fp16";
      if (dtype == "float32" || dtype == "float") format = "fp32";
    }
    const RepoMatch match = preset_for_repo(out.model);
    if (!match.preset.empty()) {
      put("model", match.preset);
      if (format.empty()) format = match.weights;
    } else if (!out.model.empty()) {
      out.issues.push_back({"vllm_command_unknown_model",
                            std::string(kVllmCommandField),
                            Severity::kWarning,
                            {{"value", excerpt(out.model)}}});
    }
    if (!format.empty()) put("weights", format);
  }
};

std::string list(const std::vector<std::string>& names) {
  std::string text;
  for (std::size_t i = 0; i < names.size() && i < 20; ++i) {
    text += (i > 0 ? ", " : "") + names[i];
  }
  if (names.size() > 20) text += ", … (+" + std::to_string(names.size() - 20) + ")";
  return text;
}

}  // namespace

ShellWords split_shell_words(std::string_view text) {
  ShellWords result;
  std::string word;
  bool in_word = false;
  char quote = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quote == '\'') {
      if (c == '\'') {
        quote = 0;
      } else {
        word += c;
      }
      continue;
    }
    if (quote == '"') {
      if (c == '"') {
        quote = 0;
      } else if (c == '\\' && i + 1 < text.size() &&
                 std::string_view("$`\"\\\n").find(text[i + 1]) != std::string_view::npos) {
        if (text[i + 1] != '\n') word += text[i + 1];
        ++i;
      } else {
        word += c;
      }
      continue;
    }
    if (c == '\\' && i + 1 < text.size()) {
      // A backslash before a line break continues the line; before anything else it quotes it.
      if (text[i + 1] == '\n') {
        ++i;
        continue;
      }
      if (text[i + 1] == '\r' && i + 2 < text.size() && text[i + 2] == '\n') {
        i += 2;
        continue;
      }
      word += text[++i];
      in_word = true;
      continue;
    }
    if (c == '\'' || c == '"') {
      quote = c;
      in_word = true;
      continue;
    }
    if (is_space(c)) {
      if (in_word) result.words.push_back(std::move(word));
      word.clear();
      in_word = false;
      continue;
    }
    word += c;
    in_word = true;
  }
  if (in_word) result.words.push_back(std::move(word));
  result.closed = quote == 0;
  return result;
}

VllmImport import_vllm_command(std::string_view command) {
  Reader reader;
  VllmImport& out = reader.out;
  const auto error = [&](const char* code, std::vector<IssueParam> params = {}) {
    out.issues.push_back(
        {code, std::string(kVllmCommandField), Severity::kError, std::move(params)});
    return out;
  };
  if (command.size() > kMaxVllmCommandBytes) {
    return error("vllm_command_too_long", {{"max", std::to_string(kMaxVllmCommandBytes)}});
  }
  const ShellWords split = split_shell_words(command);
  if (!split.closed) return error("vllm_command_unclosed_quote");
  const std::vector<std::string>& words = split.words;
  if (words.empty()) return error("vllm_command_empty");
  std::size_t i = 0;
  while (i < words.size() && is_assignment(words[i])) ++i;
  const auto at = [&](std::size_t k) -> std::string_view {
    return k < words.size() ? std::string_view(words[k]) : std::string_view();
  };
  if ((at(i) == "vllm" || ends_with(at(i), "/vllm")) && at(i + 1) == "serve") {
    i += 2;
  } else if ((at(i).rfind("python", 0) == 0 || ends_with(at(i), "/python") ||
              ends_with(at(i), "/python3")) &&
             at(i + 1) == "-m" && at(i + 2).rfind("vllm.entrypoints", 0) == 0) {
    i += 3;
  } else {
    return error("vllm_command_not_vllm", {{"value", excerpt(at(i))}});
  }
  std::vector<std::string> positional;
  while (i < words.size()) {
    const std::string& word = words[i++];
    const bool flag = word.size() > 1 && word[0] == '-' && !parse_number(word);
    if (!flag) {
      positional.push_back(word);
      continue;
    }
    std::string name = flag_name(word);
    std::string value;
    if (const auto eq = name.find('='); eq != std::string::npos) {
      // The value keeps what the user typed (only the name's underscores become dashes).
      value = word.substr(word.find('=') + 1);
      name.resize(eq);
    } else if (!in(kBooleanFlags, name) && i < words.size()) {
      const std::string& next = words[i];
      const bool next_is_flag = next.size() > 1 && next[0] == '-' && !parse_number(next);
      if (!next_is_flag) value = words[i++];
    }
    if (name == "enable-expert-parallel") {
      reader.put("expert_parallel", "1");
      continue;
    }
    if (name == "no-enable-expert-parallel") {
      reader.put("expert_parallel", "0");
      continue;
    }
    if (value.empty() && !in(kBooleanFlags, name) && !in(kDeploymentFlags, name) &&
        !in(kUnmodelledFlags, name)) {
      if (name == "model" || name == "tensor-parallel-size" || name == "tp" ||
          name == "pipeline-parallel-size" || name == "pp" || name == "data-parallel-size" ||
          name == "dp" || name == "max-model-len" || name == "gpu-memory-utilization" ||
          name == "max-num-batched-tokens" || name == "max-num-seqs" || name == "block-size" ||
          name == "kv-cache-dtype" || name == "quantization" || name == "q" || name == "dtype" ||
          name == "speculative-config" || name == "kv-offloading-size") {
        reader.bad(name, value);
        continue;
      }
    }
    reader.read(name, value);
  }
  if (out.model.empty() && !positional.empty()) {
    out.model = positional.front();
    positional.erase(positional.begin());
  }
  for (const auto& word : positional) reader.unknown.push_back(word);
  reader.put("engine", "vllm");
  reader.weights();
  if (!reader.unmodelled.empty()) {
    out.issues.push_back({"vllm_command_ignored",
                          std::string(kVllmCommandField),
                          Severity::kWarning,
                          {{"flags", list(reader.unmodelled)}}});
  }
  if (!reader.unknown.empty()) {
    out.issues.push_back(
        {"vllm_command_unknown_flags",
         std::string(kVllmCommandField),
         Severity::kWarning,
         {{"flags", list(reader.unknown)}, {"count", std::to_string(reader.unknown.size())}}});
  }
  if (!out.ok()) return out;
  // In the table's order, so that a page applies them as a link would.
  for (const auto& field : plan_fields()) {
    for (const auto& [id, text] : reader.set) {
      if (field.id == id) out.texts.push_back({id, text});
    }
  }
  return out;
}

}  // namespace llm_sizer
