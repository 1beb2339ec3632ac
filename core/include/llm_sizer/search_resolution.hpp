#pragma once
/// How finely the layout search tells layouts apart (docs/formulas.md, "How finely the search
/// ranks"), measured on the training validation (docs/validation.md). For each published run the
/// search runs on the run's cluster and batch, and the layout its authors published (its best
/// variant where the source leaves a setting open) is timed by the same model:
///   gap = step(published layout) / step(search's best) − 1   (≥ 0)
/// Authors tune the layouts they publish, so a model that ranked layouts exactly would put each
/// published one at or next to its best. The median and upper quartile of the gaps say how far
/// from the best a layout must be before this model's ranking sets it apart: rows closer than
/// that are ties within what the published runs show. Nothing is fitted: the figures are the
/// validation's own, written by `node scripts/gen-validation.mjs` (search_resolution_data.cpp)
/// and checked against it by tests/web/validation-training.test.mjs.

#include <cmath>

namespace llm_sizer {

struct SearchResult;

/// The validation's figures (search_resolution_data.cpp), over the runs of one kind of model:
/// mixture-of-experts models' layouts sit further from the search's best than dense ones'.
struct SearchResolutionFigures {
  double runs = 0;           ///< published runs the search ranked
  double median_gap = 0;     ///< the gaps' median, rounded up to 0.1 %
  double quartile_gap = 0;   ///< three in four gaps are at most this (rounded up to 0.1 %)
  double target_gap = 0;     ///< the gap issue 12 asks of every run (10 %)
  double within_target = 0;  ///< runs whose gap is at most target_gap
};
SearchResolutionFigures search_resolution_figures(bool moe);

/// What a search's report says of its ranking: the validation's figures for the searched model's
/// kind, for a search that ranks the layouts of one cluster by their step (cluster mode). A
/// deadline's layouts differ in DP and are not compared by step, so theirs is unavailable.
struct SearchResolution {
  bool available = false;
  bool moe = false;  ///< the figures are those of mixture-of-experts models' runs
  double runs = NAN;
  double median_gap = NAN;
  double quartile_gap = NAN;
  double target_gap = NAN;
  double within_target = NAN;
};
SearchResolution search_resolution(const SearchResult& result);

template <class Visitor>
void visit_fields(Visitor& v, const SearchResolution& r) {
  v.field("available", r.available);
  v.field("moe", r.moe);
  v.field("runs", r.runs);
  v.field("median_gap", r.median_gap);
  v.field("quartile_gap", r.quartile_gap);
  v.field("target_gap", r.target_gap);
  v.field("within_target", r.within_target);
}

}  // namespace llm_sizer
