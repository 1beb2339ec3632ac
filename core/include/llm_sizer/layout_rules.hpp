#pragma once
/// The one rulebook of valid training layouts. A plan, the layout search and the fit options all
/// ask it, so a layout the search returns is always one a plan accepts.
///
/// Rules (Megatron-LM's constraints, megatron/core/parallel_state.py and transformer_config.py):
///   TP | heads and TP | K/V heads (MLA: heads), each rank holding whole heads;
///   TP ≤ GPUs per node unless the plan asks for more (tensor-parallel traffic needs NVLink);
///   1 ≤ PP ≤ layers; an explicit split has PP parts of ≥ 1 layer summing to the layers;
///   VPP > 1 needs PP ≥ 2 and at least VPP layers on every stage: each of a stage's VPP model
///   chunks holds ⌊L_i/VPP⌋ or ⌈L_i/VPP⌉ layers (Megatron-Core's pipeline layout, which places
///   any layer count per chunk: --pipeline-model-parallel-layout, --decoder-first/last-pipeline-
///   num-layers), so 126 layers interleave over 16 stages;
///   VPP > 1 needs a micro-batch group the schedule accepts (microbatch_group below);
///   EP | routed experts and EP × ETP | DP × CP × TP (the expert group tiles the dense ranks);
///   micro-batch × DP | global batch (whole micro-batches per replica).

#include <algorithm>
#include <cmath>
#include <iterator>
#include <span>
#include <string>
#include <vector>

#include "llm_sizer/architecture.hpp"
#include "llm_sizer/issue.hpp"

namespace llm_sizer {

/// A layout as the rules see it. NaN global batch: not fixed (any batch works).
struct LayoutProposal {
  double tp = 1;
  double pp = 1;
  double dp = 1;
  double cp = 1;
  double ep = 1;
  double etp = 1;
  double vpp = 1;
  double micro_batch = 1;
  double global_batch = 0;
  double seq_len = 0;
  std::span<const int> stage_layers;  ///< explicit split, empty for the even one
  bool tp_may_cross_nodes = false;    ///< the plan asked for TP above the node's size
  bool megatron_schedule = true;      ///< Megatron-Core's interleaved schedule, else PyTorch's
};

struct TrainingLayout;

/// A training layout (training_memory.hpp) as the rules see it, at `global_batch` sequences:
/// what a plan and every layout of the search are checked as, the same way.
LayoutProposal layout_proposal(const TrainingLayout& layout, double global_batch,
                               bool tp_may_cross_nodes, bool megatron_schedule);

/// Whether whole `value` is a multiple of whole `divisor` (≥ 1). Below 2^52 one division says
/// it: if b does not divide a, a/b lies at least 1/b from every integer, more than the quotient's
/// rounding error (a/b)·2^-53 when a < 2^53, so the rounded quotient is whole exactly when b
/// divides a. (std::fmod is a software routine in wasm, and the search asks this per layout.)
inline bool is_multiple(double value, double divisor) {
  if (!(divisor >= 1 && value >= 0)) return false;
  if (value < 4503599627370496.0 && value == std::floor(value) && divisor == std::floor(divisor)) {
    const double quotient = value / divisor;
    return quotient == std::floor(quotient);
  }
  return std::fmod(value, divisor) == 0;
}

/// Bits of the rules a layout breaks (0: valid).
enum LayoutRule : unsigned {
  kRuleTpDividesHeads = 1u << 0,
  kRuleTpWithinNode = 1u << 1,
  kRulePpWithinLayers = 1u << 2,
  kRuleStageLayers = 1u << 3,
  kRuleVppNeedsPp = 1u << 4,
  kRuleVppChunks = 1u << 5,
  kRuleEpDividesExperts = 1u << 6,
  kRuleExpertGroup = 1u << 7,
  kRuleBatchDivides = 1u << 8,
  kRuleVppMicrobatches = 1u << 9,
};

/// The micro-batches the interleaved schedule runs through one virtual stage before the next, N,
/// for M micro-batches per replica and step over PP stages; 0 when the schedule refuses M.
/// Megatron-Core (microbatch_group_size_per_vp_stage, model_parallel_config.py and
/// schedules.py at d98e8a64dd): N within [PP, M] and M mod N either 0 or at least PP, PP by
/// default; here the smallest such N (--microbatch-group-size-per-virtual-pipeline-stage when it
/// is not PP), since a larger one only holds more micro-batches in flight. PyTorch's
/// ScheduleInterleaved1F1B (torch.distributed.pipelining): rounds r = max(1, ⌊M/PP⌋) of N = M/r,
/// r dividing M. The first stage holds 2(PP − 1) + (VPP − 1)·N + 1 chunks in flight.
double microbatch_group(double microbatches, double pp, bool megatron_schedule);

/// The rules `layout` breaks for `arch` where the fast link joins `nvlink_domain_gpus` GPUs (a
/// node, or a GB200 rack: setup.hpp); cheap enough to call for every layout the search considers.
unsigned broken_layout_rules(const Architecture& arch, const LayoutProposal& layout,
                             double nvlink_domain_gpus);

/// Each broken rule as an error issue on the input it concerns, with the valid choices where
/// there is a short list (codes: tp_not_divisor, tp_exceeds_node, pp_exceeds_layers,
/// stage_layers_invalid, vpp_needs_pp, vpp_exceeds_layers, vpp_microbatches, ep_not_divisor,
/// ep_group_invalid, global_batch_not_divisible).
std::vector<Issue> layout_rule_issues(unsigned broken, const Architecture& arch,
                                      const LayoutProposal& layout, double nvlink_domain_gpus);

/// Data parallelism a cluster gives replicas of `replica` GPUs: ⌊cluster / replica⌋, stepped down
/// to the largest size whose micro-batches divide a fixed global batch (NaN: not fixed). 0 when
/// not even one replica fits (or no size divides the batch).
double data_parallel_for_cluster(double cluster_gpus, double replica_gpus, double global_batch,
                                 double micro_batch);

/// ZeRO-3 whose weight gathers leave the fast link: the DP × CP ranks that shard the weights, TP
/// apart, span more than one NVLink domain (a node, or a GB200 rack). Its published runs
/// took 1.3–3.1× the step the model predicts (Narayanan et al. 2021, Table 2), 1.1–1.7×
/// (MosaicML's FSDP on 16–512 A100 and H100, the MPT benchmarks) and 0.9–1.1× (torchtitan's
/// FSDP2 on 64 A100; docs/validation.md), so the search's best layout and a plan's step time say
/// so.
inline bool zero3_across_nodes(double zero, double tp, double dp, double cp,
                               double nvlink_domain_gpus) {
  return zero >= 3 && tp * dp * cp > nvlink_domain_gpus;
}

/// Tensor-parallel sizes that divide the heads and K/V heads, up to `limit`, smallest first.
std::vector<double> valid_tensor_parallel_sizes(const Architecture& arch, double limit);

/// The largest valid tensor-parallel size up to `limit` (1 at least).
double largest_tensor_parallel_size(const Architecture& arch, double limit);

/// Layers per stage for `layers` over `pp` stages: the explicit split when given, else an even
/// split with the remainder on stages 1, 2, … (the first stage already holds the embedding and
/// the most micro-batches). Empty when impossible (more stages than layers).
std::vector<int> split_layers(int layers, int pp, std::span<const int> explicit_split);

/// Consecutive pipeline stages that hold the same layers: as many, as many of them MoE. Every
/// per-stage quantity of the memory and time models depends on the stage only through those,
/// its index (micro-batches in flight) and whether it is the first or the last, so one stage of
/// a run stands for all of it.
struct StageRun {
  int stage = 0;  ///< the run's first stage
  int stages = 0;
  int first_layer = 0;  ///< of the run's first stage
  int layers = 0;       ///< per stage
  int moe_layers = 0;   ///< per stage
};

/// The runs of `pp` stages over the architecture's layers (the explicit split, else the even one
/// of split_layers), in order, the first and the last stage each a run of its own. The even
/// split with every layer past the dense ones MoE has at most seven runs, found without visiting
/// each stage (the search asks this for every layout); any other split is walked.
template <class Visit>
void for_each_stage_run(const Architecture& a, int pp, std::span<const int> split, Visit visit) {
  const int base = pp > 0 ? a.layers / pp : 0;
  const int extra = pp > 0 ? a.layers % pp : 0;
  if (pp <= 0 || (split.empty() ? base == 0 : static_cast<int>(split.size()) < pp)) return;
  const auto count_of = [&](int i) {
    return split.empty() ? base + (i >= 1 && i <= extra ? 1 : 0)
                         : split[static_cast<std::size_t>(i)];
  };
  // The even split with every layer past the leading dense ones MoE: runs start only at stage 1,
  // at the first stage without an extra layer, at the first reaching past the dense layers and
  // the one after it, and at the last.
  const bool closed_form = split.empty() && a.moe_layer_period <= 1;
  const auto first_of = [&](int i) { return i * base + std::min(std::max(i - 1, 0), extra); };
  int boundary = a.is_moe() ? 0 : pp - 1;
  while (closed_form && boundary < pp - 1 &&
         first_of(boundary) + count_of(boundary) <= a.moe_dense_layers) {
    ++boundary;
  }
  const int starts[] = {1, extra + 1, boundary, boundary + 1, pp - 1};
  int first = 0;
  for (int i = 0; i < pp;) {
    const int count = count_of(i);
    const int moe = a.moe_layers_before(first + count) - a.moe_layers_before(first);
    int next = i + 1;
    int next_first = first + count;
    if (i >= 1 && closed_form) {
      next = pp;
      for (int start : starts) {
        if (start > i && start < next) next = start;
      }
      next_first = first_of(next);
    } else if (i >= 1) {
      while (next < pp - 1 && count_of(next) == count &&
             a.moe_layers_before(next_first + count) - a.moe_layers_before(next_first) == moe) {
        next_first += count;
        ++next;
      }
    }
    visit(StageRun{i, next - i, first, count, moe});
    i = next;
    first = next_first;
  }
}

/// A split that balances stage times when the last stage also carries the LM head and loss and
/// the first the embedding, each worth `last_extra` and `first_extra` layers of time: the
/// layers go where the largest stage stays smallest (the Llama 3 405B run made its first and
/// last stages one layer lighter, Dubey et al. 2024 §3.3.2). Empty when it is the even split.
std::vector<int> balanced_split(int layers, int pp, double first_extra, double last_extra);

/// "8,8,8,5" → {8, 8, 8, 5}; empty on any malformed part (each must be a whole 1…1000).
std::vector<int> parse_stage_layers(std::string_view text);

/// "1, 2, 4, 8" for messages.
std::string number_list(std::span<const double> values);

}  // namespace llm_sizer
