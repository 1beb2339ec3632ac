#pragma once
// The fleet part of the serving report (inference_report.hpp): the search on the resolved plan,
// its derivation and issues, the throughput-vs-latency curve, the P/D what-if and the launch
// commands. Internal to the core.

#include <vector>

#include "llm_sizer/inference_report.hpp"

namespace llm_sizer::detail {

FleetReport fleet_report(const ResolvedPlan& plan, std::vector<Issue>& issues);

/// TPOT, TTFT and tokens/s per card of the layout at 1, 2, 4 … sequences per DP rank, up to
/// what its memory holds.
std::vector<LatencyPoint> latency_curve(const ServingInputs& in, const ServingLayout& layout,
                                        const ServingWorkload& load, double max_per_replica);

/// "min(⌊KV / KV_seq⌋, max_num_seqs)" in numbers, as layout_max_concurrency computes it: a pool
/// that is not positive holds none, an engine without a cap leaves out the min.
std::string concurrency_numbers(const CardBudget& budget, double sequence_bytes);

/// Bytes as the serving derivations write them: GB rounded to hundredths ("32.76"), "?" unknown.
std::string gb2(double bytes);

/// A derivation line's formula and its numbers.
struct StepText {
  std::string formula;
  std::string numbers;
};

/// The replica's decode step written out from the stage step it is made of (serving_load.hpp):
/// the projections against the weights they read, the attention against the KV, the
/// communication; pp stages in turn, and a layer more per draft token.
StepText decode_step_text(const ServingInputs& in, const ServingLayout& layout,
                          const StageStep& stage, const ServingWorkload& load);

/// The prompt alone on its rank, written out (serving_load.hpp, replica_prefill): its chunk
/// slots, each the projections against one read of the weights, the attention and the
/// communication; the prefix KV reloaded from the host where there is some.
StepText prefill_text(const ServingInputs& in, const ServingLayout& layout,
                      const PrefillTime& prefill);

/// The batch at which decode turns compute-bound (serving_load.hpp, compute_bound_batch) with
/// the step at it; where it never does (`batch` NaN), one sequence's KV read against its FLOPs.
StepText compute_bound_text(const ServingInputs& in, const ServingLayout& layout, double context,
                            double batch);

/// The engine's profiled activation peak on one card, written out (serving_memory.hpp).
StepText activation_text(const ServingInputs& in, const ProfileActivation& a);

LaunchCommands launch_for(const ResolvedPlan& plan, const ServingLayout& layout, double fraction);

}  // namespace llm_sizer::detail
