#include "llm_sizer/derivation.hpp"

namespace llm_sizer {

DerivationStep make_step(std::string id, std::string formula, std::string substitution,
                         double value, std::string unit, std::string note,
                         std::vector<IssueParam> note_params) {
  return {std::move(id),   std::move(formula), std::move(substitution), value,
          std::move(unit), std::move(note),    std::move(note_params)};
}

}  // namespace llm_sizer
