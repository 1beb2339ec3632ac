#include <string>
#include <string_view>

#include "llm_sizer/name_list.hpp"
#include "llm_sizer/training_memory.hpp"

namespace llm_sizer {
namespace {

// Megatron-core's names, in the order of the RecomputeModule bits.
constexpr std::string_view kNames[] = {"core_attn", "mla_up_proj", "mlp", "moe", "moe_act"};

}  // namespace

std::string recompute_modules_text(unsigned modules) { return name_list_text(modules, kNames, {}); }

bool parse_recompute_modules(std::string_view text, unsigned& modules) {
  return parse_name_list(text, kNames, {}, modules);
}

}  // namespace llm_sizer
