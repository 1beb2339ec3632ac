#pragma once
/// A comma-separated list of names as a bit set, the i-th name standing for bit 1 << i (LoRA's
/// target modules, Megatron's recompute modules).

#include <span>
#include <string>
#include <string_view>

namespace llm_sizer {

/// "q,v" → bits; `all` (when not empty) stands for every name. False, and `bits` unchanged, when
/// a name is unknown or the list is empty.
bool parse_name_list(std::string_view text, std::span<const std::string_view> names,
                     std::string_view all, unsigned& bits);

/// Bits → "q,v", in the names' order; `all` (when not empty) for every name.
std::string name_list_text(unsigned bits, std::span<const std::string_view> names,
                           std::string_view all);

}  // namespace llm_sizer
