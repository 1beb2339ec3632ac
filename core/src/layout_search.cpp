#include "llm_sizer/layout_search.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <tuple>

#include "llm_sizer/layout_rules.hpp"
#include "llm_sizer/training_settings.hpp"
#include "llm_sizer/units.hpp"

namespace llm_sizer {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kMicroBatches[] = {1, 2, 4, 8};

const char* recompute_name(Recompute r) {
  switch (r) {
    case Recompute::kNone:
      return "none";
    case Recompute::kSelective:
      return "selective";
    default:
      return "full";
  }
}

// What ranks a layout: days (or seconds per token without a token count), or cost.
double score(const LayoutCandidate& c, bool by_cost) {
  if (by_cost) {
    if (std::isfinite(c.cost)) return c.cost;
    if (std::isfinite(c.gpu_hours)) return c.gpu_hours;
    return c.gpus / c.tokens_per_s;  // GPU-seconds per token
  }
  return std::isfinite(c.days) ? c.days : 1 / c.tokens_per_s;
}

int recompute_rank(const std::string& id) { return id == "none" ? 0 : id == "selective" ? 1 : 2; }

// A total order: the score, then the fewest GPUs, then the layout itself, so that ties rank the
// same in every build (std::sort is not stable, and libc++ and libstdc++ order ties apart).
bool better(const LayoutCandidate& a, const LayoutCandidate& b, bool by_cost) {
  const double sa = score(a, by_cost);
  const double sb = score(b, by_cost);
  if (sa != sb) return sa < sb;
  const auto key = [](const LayoutCandidate& c) {
    return std::make_tuple(c.gpus, c.tp, c.pp, c.dp, c.micro_batch, c.zero,
                           recompute_rank(c.recompute), c.sequence_parallel ? 0 : 1);
  };
  return key(a) < key(b);
}

class Searcher {
 public:
  Searcher(const Searcher&) = delete;
  Searcher(const TrainingTimeInputs& base, const SearchOptions& options)
      : base_(base), options_(options) {}

  SearchResult run() {
    SearchResult result;
    const bool deadline_mode = !std::isfinite(options_.cluster_gpus);
    result.mode = deadline_mode ? "deadline" : "cluster";
    const Architecture& a = base_.memory.arch;
    const bool megatron = base_.memory.framework == Framework::kMegatron;
    const double cp = base_.memory.layout.cp;
    for (double tp : valid_tensor_parallel_sizes(a, base_.gpus_per_node)) {
      for (int pp = 1; pp <= a.layers; ++pp) {
        if (!deadline_mode && tp * pp * cp > options_.cluster_gpus) break;
        for (double mb : kMicroBatches) {
          // Sequence parallelism moves what TP's all-reduce moved (a reduce-scatter and an
          // all-gather) and divides the rest of the activations: with TP under Megatron it is
          // never worse, so layouts without it are not searched.
          consider(result, tp, pp, mb, megatron && tp > 1, deadline_mode);
        }
      }
    }
    finish(result);
    return result;
  }

  double deadline_dp(TrainingTimeInputs& in) {
    return place(in, true) ? in.memory.layout.dp : kNaN;
  }

 private:
  // One (TP, PP, micro-batch, SP): each recompute mode with its lowest ZeRO stage that fits.
  void consider(SearchResult& result, double tp, int pp, double mb, bool sp, bool deadline_mode) {
    TrainingTimeInputs in = base_;
    TrainingLayout& l = in.memory.layout;
    l.tp = tp;
    l.pp = pp;
    l.micro_batch = mb;
    l.sequence_parallel = sp;
    l.stage_layers.clear();
    if (in.memory.arch.is_moe()) l.etp = tp;
    const double card_bytes = gb_to_bytes(in.memory.card_memory_gb);
    for (Recompute rc : {Recompute::kNone, Recompute::kSelective, Recompute::kFull}) {
      if (rc == Recompute::kSelective && l.flash_attention) continue;  // identical to none
      l.recompute = rc;
      l.zero = 0;
      flops_per_token(in.memory.arch, l.seq_len, rc, in.model_flops_per_token,
                      in.hardware_flops_per_token);
      if (!place(in, deadline_mode)) continue;
      for (int zero = 0; zero <= 3; ++zero) {
        l.zero = zero;
        ++result.evaluated;
        const TrainingPeak peak = training_peak(in.memory);
        if (!(peak.bytes <= card_bytes)) continue;
        ++result.feasible;
        LayoutCandidate c = describe(in, peak);
        // ZeRO-3 gathers weights: it may miss a deadline the lower stages would meet.
        if (deadline_mode && !(c.days <= options_.deadline_days)) break;
        keep(result, c);
        break;  // higher ZeRO stages use less memory but are no faster
      }
    }
  }

  // Whether the plan's rulebook accepts the layout (with the batch it would train at).
  bool valid(const TrainingTimeInputs& in) const {
    const TrainingLayout& l = in.memory.layout;
    LayoutProposal p;
    p.tp = l.tp;
    p.pp = l.pp;
    p.dp = l.dp;
    p.cp = l.cp;
    p.ep = l.ep;
    p.etp = l.etp;
    p.vpp = l.vpp;
    p.micro_batch = l.micro_batch;
    p.global_batch = in.global_batch;
    p.seq_len = l.seq_len;
    p.stage_layers = l.stage_layers;
    return broken_layout_rules(in.memory.arch, p, in.gpus_per_node) == 0;
  }

  // Sets DP (and the global batch) for a layout; false when none is valid.
  bool place(TrainingTimeInputs& in, bool deadline_mode) {
    TrainingLayout& l = in.memory.layout;
    const double replica = l.tp * l.pp * l.cp;
    if (!deadline_mode) {
      l.dp = data_parallel_for_cluster(options_.cluster_gpus, replica,
                                       options_.fixed_global_batch ? base_.global_batch : kNaN,
                                       l.micro_batch);
      return l.dp >= 1 && set_batch(in) && valid(in);
    }
    if (options_.fixed_global_batch) return place_fixed_batch(in);
    // The smallest DP meeting the deadline: start from the compute-bound estimate, then step up.
    if (in.hardware_flops_per_token <= 0) {
      flops_per_token(in.memory.arch, l.seq_len, l.recompute, in.model_flops_per_token,
                      in.hardware_flops_per_token);
    }
    const double ideal_s = in.hardware_flops_per_token * in.tokens /
                           (replica * in.peak_tflops * kFlopsPerTflop * in.compute_efficiency);
    const auto meets = [&](double dp) {
      l.dp = dp;
      if (!set_batch(in) || !valid(in)) return false;
      return training_time(in, training_peak(in.memory).params_per_card).days <=
             options_.deadline_days;
    };
    // Compute alone can only be faster than the whole step, so this DP is a lower bound; grow
    // geometrically until the deadline is met, then bisect back to the smallest that meets it.
    double low = std::max(1.0, std::ceil(ideal_s / (options_.deadline_days * kSecondsPerDay))) - 1;
    if (low + 1 > options_.max_dp) return false;
    double high = low + 1;
    while (!meets(high)) {
      low = high;
      high = std::min(std::ceil(high * 1.25 + 1), options_.max_dp);
      if (high <= low) return false;
    }
    while (high - low > 1) {
      const double mid = std::floor((low + high) / 2);
      (meets(mid) ? high : low) = mid;
    }
    return meets(high);
  }

  // A fixed global batch allows only the DPs whose micro-batches divide it: try them from the
  // smallest (each step is faster with more replicas, so the first that meets the deadline is
  // the fewest GPUs).
  bool place_fixed_batch(TrainingTimeInputs& in) {
    TrainingLayout& l = in.memory.layout;
    const double microbatches = in.global_batch / l.micro_batch;
    if (!(microbatches >= 1) || microbatches != std::floor(microbatches)) return false;
    for (double dp = 1; dp <= std::min(microbatches, options_.max_dp); ++dp) {
      if (std::fmod(microbatches, dp) != 0) continue;
      l.dp = dp;
      if (!set_batch(in) || !valid(in)) continue;
      if (training_time(in, training_peak(in.memory).params_per_card).days <=
          options_.deadline_days) {
        return true;
      }
    }
    return false;
  }

  LayoutCandidate describe(const TrainingTimeInputs& in, const TrainingPeak& peak) {
    const TrainingLayout& l = in.memory.layout;
    const TrainingTime t = training_time(in, peak.params_per_card);
    LayoutCandidate c;
    c.tp = l.tp;
    c.pp = l.pp;
    c.dp = l.dp;
    c.micro_batch = l.micro_batch;
    c.zero = l.zero;
    c.recompute = recompute_name(l.recompute);
    c.sequence_parallel = l.sequence_parallel;
    c.peak_gb = bytes_to_gb(peak.bytes);
    c.gpus = t.gpus;
    c.global_batch = in.global_batch;
    c.step_s = t.step_s;
    c.tokens_per_s = t.tokens_per_s;
    c.mfu = t.mfu;
    c.days = t.days;
    c.gpu_hours = t.gpu_hours;
    c.cost = t.cost;
    return c;
  }

  bool set_batch(TrainingTimeInputs& in) {
    TrainingLayout& l = in.memory.layout;
    if (!options_.fixed_global_batch) {
      in.global_batch = default_global_batch(l.seq_len, l.micro_batch, l.dp, l.pp);
    } else if (std::fmod(in.global_batch, l.micro_batch * l.dp) != 0) {
      return false;
    }
    l.microbatches = in.global_batch / (l.micro_batch * l.dp);
    return true;
  }

  void keep(SearchResult& result, const LayoutCandidate& c) {
    all_.push_back(c);
    if (!result.found || better(c, result.best, options_.rank_by_cost)) {
      result.best = c;
      result.found = true;
    }
  }

  void finish(SearchResult& result) {
    const bool by_cost = options_.rank_by_cost;
    std::sort(all_.begin(), all_.end(), [&](const LayoutCandidate& a, const LayoutCandidate& b) {
      return better(a, b, by_cost);
    });
    for (std::size_t i = 0; i < all_.size() && i < options_.top_n; ++i)
      result.top.push_back(all_[i]);
    // Pareto front of GPUs against time: fewest GPUs first, each faster than all before it.
    std::vector<LayoutCandidate> by_gpus = all_;
    std::sort(by_gpus.begin(), by_gpus.end(),
              [](const LayoutCandidate& a, const LayoutCandidate& b) {
                return a.gpus != b.gpus ? a.gpus < b.gpus : score(a, false) < score(b, false);
              });
    double best_time = HUGE_VAL;
    for (const auto& c : by_gpus) {
      if (score(c, false) < best_time) {
        result.pareto.push_back(c);
        best_time = score(c, false);
      }
    }
    if (result.mode == "deadline" && !result.pareto.empty()) {
      result.min_gpus = result.pareto.front();
      result.min_gpus_found = true;
    }
  }

  const TrainingTimeInputs& base_;
  const SearchOptions& options_;
  std::vector<LayoutCandidate> all_;
};

}  // namespace

SearchResult search_layouts(const TrainingTimeInputs& base, const SearchOptions& options) {
  return Searcher(base, options).run();
}

double dp_for_deadline(TrainingTimeInputs in, double deadline_days, bool fixed_global_batch,
                       double max_dp) {
  SearchOptions options;
  options.cluster_gpus = kNaN;
  options.deadline_days = deadline_days;
  options.fixed_global_batch = fixed_global_batch;
  options.max_dp = max_dp;
  Searcher searcher(in, options);
  return searcher.deadline_dp(in);
}

}  // namespace llm_sizer
