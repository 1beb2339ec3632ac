#include "llm_sizer/plan_fields.hpp"

#include <array>
#include <cmath>
#include <type_traits>

#include "llm_sizer/number_format.hpp"

namespace llm_sizer {
namespace {

template <auto Member>
std::optional<double> get_member(const Plan& plan) {
  return plan.*Member;
}

template <auto Member>
void set_member(Plan& plan, std::optional<double> value) {
  using Type = std::remove_cvref_t<decltype(plan.*Member)>;
  if constexpr (std::is_same_v<Type, double>) {
    plan.*Member = value.value_or(Plan{}.*Member);
  } else {
    plan.*Member = value;
  }
}

template <auto Member>
std::string get_text_member(const Plan& plan) {
  return plan.*Member;
}

template <auto Member>
void set_text_member(Plan& plan, std::string value) {
  plan.*Member = std::move(value);
}

template <auto Member>
constexpr FieldSpec number(std::string_view id, std::string_view link_key,
                           std::string_view cli_flag, FieldType type, std::string_view unit,
                           double min, double max, bool min_exclusive) {
  FieldSpec spec;
  spec.id = id;
  spec.link_key = link_key;
  spec.cli_flag = cli_flag;
  spec.type = type;
  spec.unit = unit;
  spec.min = min;
  spec.max = max;
  spec.min_exclusive = min_exclusive;
  spec.get_number = &get_member<Member>;
  spec.set_number = &set_member<Member>;
  return spec;
}

template <auto Member>
constexpr FieldSpec text(std::string_view id, std::string_view link_key, std::string_view cli_flag,
                         bool always_in_link) {
  FieldSpec spec;
  spec.id = id;
  spec.link_key = link_key;
  spec.cli_flag = cli_flag;
  spec.type = FieldType::kText;
  spec.always_in_link = always_in_link;
  spec.get_text = &get_text_member<Member>;
  spec.set_text = &set_text_member<Member>;
  return spec;
}

constexpr bool kExclusive = true;
constexpr bool kInclusive = false;

// Ranges: wide enough for any real plan, narrow enough that a typo (1e30 parameters) is named.
const std::array kFields = {
    text<&Plan::lang>("lang", "lang", "lang", false),
    text<&Plan::model>("model", "m", "model", true),
    number<&Plan::params>("params", "params", "params", FieldType::kNumber, "params", 0, 1e15,
                          kExclusive),
    text<&Plan::accelerator>("accelerator", "a", "accelerator", true),
    number<&Plan::card_memory_gb>("card_memory_gb", "mem", "card-memory-gb", FieldType::kNumber,
                                  "GB", 0, 1e5, kExclusive),
    number<&Plan::gpus_per_node>("gpus_per_node", "gpn", "gpus-per-node", FieldType::kInteger, "",
                                 1, 1024, kInclusive),
    number<&Plan::bytes_per_param>("bytes_per_param", "bpp", "bytes-per-param", FieldType::kNumber,
                                   "B", 0, 100, kExclusive),
    number<&Plan::safety_factor>("safety_factor", "safety", "safety", FieldType::kNumber, "", 0, 1,
                                 kExclusive),
    number<&Plan::tp>("tp", "tp", "tp", FieldType::kInteger, "", 1, 1024, kInclusive),
    number<&Plan::pp>("pp", "pp", "pp", FieldType::kInteger, "", 1, 4096, kInclusive),
    number<&Plan::dp>("dp", "dp", "dp", FieldType::kInteger, "", 1, 1e6, kInclusive),
    number<&Plan::cluster_gpus>("cluster_gpus", "cluster", "cluster-gpus", FieldType::kInteger, "",
                                1, 1e7, kInclusive),
    number<&Plan::weight_bytes_per_param>("weight_bytes_per_param", "wb", "weight-bytes",
                                          FieldType::kNumber, "B", 0, 8, kExclusive),
};

Issue field_issue(const FieldSpec& field, std::string code, std::string value) {
  Issue issue;
  issue.code = std::move(code);
  issue.field = std::string(field.id);
  issue.params.push_back({"value", std::move(value)});
  return issue;
}

}  // namespace

std::span<const FieldSpec> plan_fields() { return kFields; }

const FieldSpec* find_field_by_id(std::string_view id) {
  for (const auto& f : kFields) {
    if (f.id == id) return &f;
  }
  return nullptr;
}

const FieldSpec* find_field_by_link_key(std::string_view key) {
  for (const auto& f : kFields) {
    if (f.link_key == key) return &f;
  }
  return nullptr;
}

const FieldSpec* find_field_by_cli_flag(std::string_view flag) {
  for (const auto& f : kFields) {
    if (f.cli_flag == flag) return &f;
  }
  return nullptr;
}

std::string field_text(const FieldSpec& field, const Plan& plan) {
  if (field.is_text()) return field.get_text(plan);
  const auto value = field.get_number(plan);
  return value ? format_compact(*value) : std::string();
}

bool field_is_default(const FieldSpec& field, const Plan& plan) {
  static const Plan kDefaults;
  if (field.is_text()) return field.get_text(plan) == field.get_text(kDefaults);
  const auto value = field.get_number(plan);
  const auto standard = field.get_number(kDefaults);
  if (value.has_value() != standard.has_value()) return false;
  return !value || *value == *standard;  // NaN is never the default
}

std::vector<Issue> set_field_from_text(const FieldSpec& field, Plan& plan, std::string_view text) {
  if (field.is_text()) {
    field.set_text(plan, std::string(text));
    return {};
  }
  if (text.empty()) {
    field.set_number(plan, std::nullopt);
    return {};
  }
  const auto value = parse_number(text);
  if (!value) return {field_issue(field, "not_a_number", std::string(text))};
  field.set_number(plan, *value);
  return {};
}

std::vector<Issue> validate_field_ranges(const Plan& plan) {
  std::vector<Issue> issues;
  for (const auto& field : kFields) {
    if (field.is_text()) continue;
    const auto value = field.get_number(plan);
    if (!value) continue;
    const double v = *value;
    const std::string shown = format_shortest(v);
    if (std::isnan(v)) {
      issues.push_back(field_issue(field, "not_a_number", shown));
    } else if (std::isinf(v)) {
      issues.push_back(field_issue(field, "not_finite", shown));
    } else if (field.min_exclusive && field.min == 0 && v <= 0) {
      issues.push_back(field_issue(field, "must_be_positive", shown));
    } else if (field.type == FieldType::kInteger && v != std::floor(v)) {
      issues.push_back(field_issue(field, "not_integer", shown));
    } else if (field.min_exclusive ? v > field.max : (v < field.min || v > field.max)) {
      // Exclusive-minimum fields start at 0 (handled above), so only "too large" is left.
      Issue issue = field_issue(field, field.min_exclusive ? "too_large" : "out_of_range", shown);
      if (!field.min_exclusive) issue.params.push_back({"min", format_readable(field.min)});
      issue.params.push_back({"max", format_readable(field.max)});
      issue.params.push_back({"unit", std::string(field.unit)});
      issues.push_back(std::move(issue));
    }
  }
  return issues;
}

}  // namespace llm_sizer
