#include "llm_sizer/search_resolution.hpp"

#include "llm_sizer/layout_search.hpp"

namespace llm_sizer {

SearchResolution search_resolution(const SearchResult& result) {
  SearchResolution out;
  if (!result.found || result.mode != "cluster") return out;
  const SearchResolutionFigures f = search_resolution_figures();
  if (!(f.runs > 0)) return out;
  out.available = true;
  out.runs = f.runs;
  out.median_gap = f.median_gap;
  out.quartile_gap = f.quartile_gap;
  out.target_gap = f.target_gap;
  out.within_target = f.within_target;
  return out;
}

}  // namespace llm_sizer
