#pragma once
/// A derivation step: one line of working, produced by the core so that the CLI, the page and the
/// tests show the same numbers. The page and the CLI localize `id` (the step's title) and `note`;
/// `formula` and `substitution` are language-neutral mathematics.

#include <string>
#include <vector>

#include "llm_sizer/issue.hpp"

namespace llm_sizer {

struct DerivationStep {
  std::string id;            ///< stable step id, e.g. "pp_min"
  std::string formula;       ///< symbolic, e.g. "P_PP,min = ⌈P_model / P_TP⌉"
  std::string substitution;  ///< the numbers put in, e.g. "⌈43.75 ÷ 8⌉"
  double value = 0;          ///< the result, in `unit`
  std::string unit;          ///< "GB", "GPUs", "" ...
  std::string note;          ///< note code, localized by the UI; empty when none
  std::vector<IssueParam> note_params;
};

/// One step, for the methods that build their derivations.
DerivationStep make_step(std::string id, std::string formula, std::string substitution,
                         double value, std::string unit, std::string note = {},
                         std::vector<IssueParam> note_params = {});

template <class Visitor>
void visit_fields(Visitor& v, const DerivationStep& s) {
  v.field("id", s.id);
  v.field("formula", s.formula);
  v.field("substitution", s.substitution);
  v.field("value", s.value);
  v.field("unit", s.unit);
  v.field("note", s.note);
  v.field("note_params", s.note_params);
}

template <class Visitor>
void visit_fields(Visitor& v, const IssueParam& p) {
  v.field("name", p.name);
  v.field("value", p.value);
}

template <class Visitor>
void visit_fields(Visitor& v, const Issue& i) {
  v.field("code", i.code);
  v.field("field", i.field);
  v.field("severity", std::string(severity_name(i.severity)));
  v.field("params", i.params);
}

}  // namespace llm_sizer
