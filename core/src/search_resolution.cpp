#include "llm_sizer/search_resolution.hpp"

#include "llm_sizer/layout_search.hpp"

namespace llm_sizer {

SearchResolution search_resolution(const SearchResult& result) {
  if (!result.found || result.mode != "cluster") return {};
  const bool moe = result.routed_experts > 0;
  const SearchResolutionFigures f = search_resolution_figures(moe);
  if (!(f.runs > 0)) return {};
  return {true, moe, f.runs, f.median_gap, f.quartile_gap, f.target_gap, f.within_target};
}

}  // namespace llm_sizer
