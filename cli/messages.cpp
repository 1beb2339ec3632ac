#include "messages.hpp"

#include <cmath>

#include "llm_sizer/json.hpp"
#include "llm_sizer/number_format.hpp"

namespace llm_sizer::cli {

std::string fill_placeholders(std::string_view pattern, const std::vector<IssueParam>& params) {
  std::string out;
  std::size_t i = 0;
  while (i < pattern.size()) {
    if (pattern[i] == '{') {
      const auto close = pattern.find('}', i);
      if (close != std::string_view::npos) {
        // {name}, or {name:one|other}: `one` where the value is exactly "1" (web/src/i18n).
        std::string_view name = pattern.substr(i + 1, close - i - 1);
        std::string_view forms;
        if (const auto colon = name.find(':'); colon != std::string_view::npos) {
          forms = name.substr(colon + 1);
          name = name.substr(0, colon);
        }
        const auto bar = forms.find('|');
        const IssueParam* found = nullptr;
        for (const auto& p : params) {
          if (p.name == name) found = &p;
        }
        if (!forms.empty() && bar != std::string_view::npos) {  // a missing count: `other`
          out += found != nullptr && found->value == "1" ? forms.substr(0, bar)
                                                         : forms.substr(bar + 1);
          i = close + 1;
          continue;
        }
        if (found != nullptr && forms.empty()) {
          out += found->value;
          i = close + 1;
          continue;
        }
      }
    }
    out += pattern[i++];
  }
  return out;
}

Messages::Messages(std::string_view lang) : chinese_(lang == "zh" || lang == "zh-CN") {
  const auto parsed = parse_json(chinese_ ? kMessagesZh : kMessagesEn);
  if (!parsed.value || !parsed.value->is_object()) return;
  for (const auto& [key, value] : parsed.value->as_object()) {
    if (value.is_string()) table_.emplace(key, value.as_string());
  }
}

std::string Messages::format(std::string_view key, const std::vector<IssueParam>& params) const {
  const auto it = table_.find(key);
  if (it == table_.end()) return std::string(key);
  return fill_placeholders(it->second, params);
}

std::string Messages::unit(std::string_view unit, double value) const {
  return format("unit." + std::string(unit), {{"n", format_shortest(value)}});
}

std::string Messages::issue(const Issue& issue, const std::string& field_name) const {
  std::vector<IssueParam> params = issue.params;
  const std::string layers = issue.param("recompute_layers");
  const std::string modules = issue.param("recompute_modules");
  for (auto& p : params) {
    if (p.name == "unit" && !p.value.empty()) {
      const std::string unit = format("unit." + p.value);
      p.value.assign(1, ' ');
      p.value += unit;
    }
    if (p.name == "recompute" && !p.value.empty()) {
      p.value = recompute(p.value, parse_number(layers).value_or(std::nan("")), modules);
    }
  }
  params.push_back({"field", field_name});
  return format("issue." + issue.code, params);
}

std::string Messages::recompute(const std::string& mode, double layers,
                                const std::string& modules) const {
  if (mode == "full" && std::isfinite(layers)) {
    return format("choice.recompute.full_layers", {{"n", format_shortest(layers)}});
  }
  if (mode == "selective" && !modules.empty() && modules != "core_attn") {
    return format("choice.recompute.selective_modules", {{"modules", modules}});
  }
  return format("choice.recompute." + mode);
}

}  // namespace llm_sizer::cli
