#pragma once
// "Did you mean …?" for a mistyped flag.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace llm_sizer::cli {

/// Levenshtein distance: the fewest single-byte insertions, deletions and substitutions that
/// turn `a` into `b`.
std::size_t edit_distance(std::string_view a, std::string_view b);

/// The candidate nearest to `typed`, when it is at most `max_distance` edits away and shares more
/// than those edits with it (so that "--x" suggests nothing rather than "--tp"); the first of
/// equally near ones. Empty when none is near.
std::string closest(std::string_view typed, const std::vector<std::string>& candidates,
                    std::size_t max_distance = 2);

}  // namespace llm_sizer::cli
