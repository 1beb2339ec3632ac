#include <string>
#include <string_view>

#include "llm_sizer/name_list.hpp"
#include "llm_sizer/training_memory.hpp"

namespace llm_sizer {

std::string recompute_modules_text(unsigned modules) {
  return name_list_text(modules, kRecomputeModuleNames, {});
}

bool parse_recompute_modules(std::string_view text, unsigned& modules) {
  return parse_name_list(text, kRecomputeModuleNames, {}, modules);
}

}  // namespace llm_sizer
