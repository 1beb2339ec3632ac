#pragma once
// The bookkeeping of resolution (resolve.hpp), shared by the files that resolve one part of a
// plan each: which inputs were refused, and where every resolved value came from. Internal to
// the core: nothing outside resolution reads a raw plan field or asks whether one was refused.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "llm_sizer/plan_fields.hpp"
#include "llm_sizer/resolve.hpp"

namespace llm_sizer::detail {

// Its methods are called from dozens of places with constant field ids: kept out of line
// ([[gnu::noinline]]), they cost the page's module a call each instead of a copy each (resolve()
// was 19 KB of wasm inlined, 2026-12-01).
#define LLM_SIZER_OUT_OF_LINE [[gnu::noinline]]

class Resolver {
 public:
  /// `issues` holds the plan's validation; refusals found while resolving are appended.
  Resolver(const Plan& plan, std::vector<Issue>& issues);

  const Plan& plan() const { return plan_; }
  std::vector<Issue>& issues() { return issues_; }

  /// Whether validation (or resolution so far) refused the input.
  LLM_SIZER_OUT_OF_LINE bool refused(std::string_view field) const;
  /// Whether the plan gives the input a value that was not refused.
  LLM_SIZER_OUT_OF_LINE bool given(std::string_view field,
                                   const std::optional<double>& value) const;
  /// Refuses an input that validation accepted: adds the error and marks the field.
  LLM_SIZER_OUT_OF_LINE void refuse(Issue issue);
  LLM_SIZER_OUT_OF_LINE void add(Issue issue);

  /// A number input: NaN when refused, the value when given, else `fallback` (recorded with
  /// `source`).
  LLM_SIZER_OUT_OF_LINE double number(std::string_view field, const std::optional<double>& value,
                                      double fallback, InputSource source = InputSource::kDefault);
  /// A choice or text input: "" when refused, the text when given, else `fallback`.
  LLM_SIZER_OUT_OF_LINE std::string text(std::string_view field, const std::string& value,
                                         std::string_view fallback,
                                         InputSource source = InputSource::kDefault);
  /// Records a value decided elsewhere (an automatic rule, a preset).
  LLM_SIZER_OUT_OF_LINE void record(std::string_view field, InputSource source, double value,
                                    std::string_view text = {});

  /// One entry per input, in the table's order; inputs nobody recorded are taken as given or
  /// as their table default.
  std::vector<ResolvedInput> finish() const;

 private:
  LLM_SIZER_OUT_OF_LINE std::size_t index(std::string_view field) const;

  const Plan& plan_;
  std::vector<Issue>& issues_;
  std::vector<bool> refused_;
  std::vector<std::optional<ResolvedInput>> recorded_;
};

// Each part of a plan, resolved in this order by resolve().
LLM_SIZER_OUT_OF_LINE void resolve_setup(Resolver& r, ResolvedPlan& out);
LLM_SIZER_OUT_OF_LINE void resolve_article(Resolver& r, ResolvedPlan& out);
LLM_SIZER_OUT_OF_LINE void resolve_training(Resolver& r, ResolvedPlan& out);
LLM_SIZER_OUT_OF_LINE void resolve_serving(Resolver& r, ResolvedPlan& out);

}  // namespace llm_sizer::detail
