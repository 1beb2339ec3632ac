#include "llm_sizer/name_list.hpp"

namespace llm_sizer {

bool parse_name_list(std::string_view text, std::span<const std::string_view> names,
                     std::string_view all, unsigned& bits) {
  const unsigned every = (1u << names.size()) - 1;
  unsigned found = 0;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find(',', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view name = text.substr(start, end - start);
    unsigned bit = !all.empty() && name == all ? every : 0;
    for (std::size_t i = 0; i < names.size() && bit == 0; ++i) {
      if (names[i] == name) bit = 1u << i;
    }
    if (bit == 0) return false;
    found |= bit;
    start = end + 1;
  }
  bits = found;
  return true;
}

std::string name_list_text(unsigned bits, std::span<const std::string_view> names,
                           std::string_view all) {
  const unsigned every = (1u << names.size()) - 1;
  if (!all.empty() && (bits & every) == every) return std::string(all);
  std::string text;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if ((bits & (1u << i)) == 0) continue;
    if (!text.empty()) text += ',';
    text += names[i];
  }
  return text;
}

}  // namespace llm_sizer
