#include "resolver.hpp"

#include <cmath>
#include <limits>

#include "llm_sizer/number_format.hpp"

namespace llm_sizer::detail {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::string shortest(double value) { return std::isfinite(value) ? format_shortest(value) : ""; }

}  // namespace

Resolver::Resolver(const Plan& plan, std::vector<Issue>& issues)
    : plan_(plan),
      issues_(issues),
      refused_(plan_fields().size(), false),
      recorded_(plan_fields().size()) {
  for (const auto& issue : issues_) {
    if (issue.severity != Severity::kError || issue.field.empty()) continue;
    const std::size_t i = index(issue.field);
    if (i < refused_.size()) refused_[i] = true;
  }
}

std::size_t Resolver::index(std::string_view field) const {
  const auto fields = plan_fields();
  for (std::size_t i = 0; i < fields.size(); ++i) {
    if (fields[i].id == field) return i;
  }
  return fields.size();
}

bool Resolver::refused(std::string_view field) const {
  const std::size_t i = index(field);
  return i < refused_.size() && refused_[i];
}

bool Resolver::given(std::string_view field, const std::optional<double>& value) const {
  return value.has_value() && !refused(field);
}

void Resolver::add(Issue issue) { issues_.push_back(std::move(issue)); }

void Resolver::refuse(Issue issue) {
  const std::size_t i = index(issue.field);
  if (i < refused_.size()) {
    refused_[i] = true;
    recorded_[i] = ResolvedInput{issue.field, InputSource::kRefused, kNaN, {}};
  }
  issue.severity = Severity::kError;
  issues_.push_back(std::move(issue));
}

double Resolver::number(std::string_view field, const std::optional<double>& value, double fallback,
                        InputSource source) {
  if (value) {
    if (refused(field)) return kNaN;
    record(field, InputSource::kGiven, *value);
    return *value;
  }
  record(field, source, fallback);
  return fallback;
}

std::string Resolver::text(std::string_view field, const std::string& value,
                           std::string_view fallback, InputSource source) {
  if (!value.empty()) {
    if (refused(field)) return {};
    record(field, InputSource::kGiven, kNaN, value);
    return value;
  }
  record(field, source, kNaN, fallback);
  return std::string(fallback);
}

void Resolver::record(std::string_view field, InputSource source, double value,
                      std::string_view text) {
  const std::size_t i = index(field);
  if (i >= recorded_.size() || refused_[i]) return;
  recorded_[i] = ResolvedInput{std::string(field), source, value,
                               text.empty() ? shortest(value) : std::string(text)};
}

std::vector<ResolvedInput> Resolver::finish() const {
  const auto fields = plan_fields();
  std::vector<ResolvedInput> out;
  out.reserve(fields.size());
  for (std::size_t i = 0; i < fields.size(); ++i) {
    const FieldSpec& f = fields[i];
    if (recorded_[i]) {
      out.push_back(*recorded_[i]);
      continue;
    }
    ResolvedInput input{std::string(f.id), InputSource::kDefault, kNaN, {}};
    if (refused_[i]) {
      input.source = InputSource::kRefused;
    } else if (f.is_text()) {
      input.text = f.get_text(plan_);
      input.source = field_is_default(f, plan_) ? InputSource::kDefault : InputSource::kGiven;
    } else if (const auto value = f.get_number(plan_)) {
      input.value = *value;
      input.text = shortest(*value);
      input.source = field_is_default(f, plan_) ? InputSource::kDefault : InputSource::kGiven;
    }
    out.push_back(std::move(input));
  }
  return out;
}

}  // namespace llm_sizer::detail
