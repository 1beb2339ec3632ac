#pragma once
/// What the layout search may try, dimension by dimension (docs/formulas.md, "Layout search").
///
/// A plan limits the search two ways: a layout input it gives (TP 8, recompute full, a stage
/// split …) fixes that dimension, and its `search_limits` text narrows any dimension:
///   "tp=8 pp=4..16 mb=1,2 zero=..1 rc=none,full cp=1 ep=8.. vpp=1"
/// — entries separated by spaces or semicolons, each `name=` a value, a range `lo..hi` (either
/// end may be left open) or a list `a,b,c`. Names: tp, pp, dp, cp, ep, etp, vpp, mb, zero, rc
/// (none, selective, full, op — op only when named), sp (0, 1), uneven (below), rcl (full
/// recompute's layers per chunk: 0 every layer, N the first N), tight, experts (below). Values
/// must be whole numbers ≥ 0, and 0 or 1 for the switches sp, uneven and tight.

#include <string>
#include <string_view>
#include <vector>

#include "llm_sizer/issue.hpp"

namespace llm_sizer {

/// The most routed experts per GPU (experts ÷ EP) among the published MoE runs that
/// docs/validation.md holds to its bounds: Megatron-Bridge 26.06's DeepSeek-V3 on B300 at EP 8
/// (256 ÷ 8; tests/web/validation-training.test.mjs recounts it). No published run checks more:
/// each local expert adds its GEMM launches and, in TransformerEngine's grouped linear layers,
/// host-side set-up per micro-batch (TransformerEngine issue #2897: 3.3 ms of CPU for one
/// grouped MLP of 64 experts on GB200), which the step time does not count.
inline constexpr double kMostValidatedExpertsPerGpu = 32;

/// The values one dimension may take: a closed range, or a list when `values` is not empty.
struct DimensionLimit {
  double lo = 0;
  double hi = 1e300;
  std::vector<double> values;

  bool allows(double v) const;
  /// Whether some value from `v` up passes: a listed one, or the range reaching that far.
  bool allows_from(double v) const;
  /// Whether the entries and fixed inputs behind it leave no value at all (their intersection).
  bool allows_nothing() const;
  /// Narrows to one value (a layout input the plan gives).
  void fix(double v) { values = {v}; }
};

struct SearchLimits {
  DimensionLimit tp, pp, dp, cp, ep, etp, vpp, micro_batch, zero, recompute, sp;
  /// Stage splits other than layers ÷ PP: 1 allows them (uneven and balanced splits, interleaving
  /// over uneven stages), 0 keeps what Megatron-LM ran before uneven pipelines (commit fa8bb59,
  /// 2024-09-05): PP dividing the layers, and the interleaving depth dividing each stage's layers
  /// (arguments.py: "number of layers should be divisible by the pipeline parallel size").
  DimensionLimit uneven;
  /// Full recompute of only the first N layers of each pipeline chunk (Megatron's block method,
  /// commit c1e0689 of 2021-08-10): the N tried, 0 standing for every layer ("rcl=0": only every
  /// layer, as before that method).
  DimensionLimit recompute_layers;
  /// Layouts the memory verdict calls tight (their range's high end past the headroom, the point
  /// on the card): 0, unless the plan says "tight=1", keeps them out, as they ran out of memory
  /// about as often as they trained in the measured sweeps (memory_verdict_outcomes.hpp). An
  /// entry replaces this default rather than narrowing it.
  DimensionLimit tight{0, 0, {}};
  /// Routed experts each GPU holds (experts ÷ EP; MoE models only): by default at most the 32
  /// a validated run held, as the step time of more is one no measurement checks
  /// (kMostValidatedExpertsPerGpu). An entry replaces this default rather than narrowing it
  /// ("experts=..128", "experts=0.." for any).
  DimensionLimit experts{0, kMostValidatedExpertsPerGpu, {}};
  /// Recompute modes by index: 0 none, 1 selective, 2 full, 3 op (-1: none of them).
  static int recompute_index(std::string_view id);
};

/// Parses `text` into `limits` (narrowing what is already there). Each malformed entry is an
/// error issue on `search_limits` (code search_limits_invalid, params value and names).
std::vector<Issue> parse_search_limits(std::string_view text, SearchLimits& limits);

}  // namespace llm_sizer
