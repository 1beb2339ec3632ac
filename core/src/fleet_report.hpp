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

LaunchCommands launch_for(const ResolvedPlan& plan, const ServingLayout& layout, double fraction);

}  // namespace llm_sizer::detail
