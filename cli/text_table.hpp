#pragma once
// Aligned plain-text tables that respect the display width of CJK text.

#include <string>
#include <string_view>
#include <vector>

namespace llm_sizer::cli {

/// Columns of a terminal a UTF-8 string occupies (CJK and full-width forms count 2).
std::size_t display_width(std::string_view text);

/// Renders rows as left-aligned columns separated by two spaces; `right_aligned[i]` aligns
/// column i to the right (numbers).
std::string render_table(const std::vector<std::vector<std::string>>& rows,
                         const std::vector<bool>& right_aligned);

}  // namespace llm_sizer::cli
