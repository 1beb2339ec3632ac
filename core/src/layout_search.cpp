#include "llm_sizer/layout_search.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <deque>
#include <limits>
#include <tuple>

#include "llm_sizer/layout_rules.hpp"
#include "llm_sizer/step_time.hpp"
#include "llm_sizer/training_settings.hpp"
#include "llm_sizer/units.hpp"

namespace llm_sizer {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kMicroBatches[] = {1, 2, 4, 8, 16};
// The modes by index (SearchLimits::recompute_index). The search tries the first three unless
// the plan or its limits name torchtitan's op-level mode, which keeps more than full recompute.
constexpr Recompute kRecomputes[] = {Recompute::kNone, Recompute::kSelective, Recompute::kFull,
                                     Recompute::kOp};
constexpr const char* kRecomputeIds[] = {"none", "selective", "full", "op"};
constexpr int kFullIndex = 2;
constexpr int kOpIndex = 3;
constexpr std::size_t kModes = 4;
// Deeper interleaving is tried while it could still gain this share of the step (a deadline: while
// each depth gains it).
constexpr double kVppGain = 0.005;
// The most a depth v' in (v, deepest] can take off a step of depth v ≥ 2 through its bubble:
// the bubble falls to v/v' of it, and the sends grow with the depth (stage_pass: a stage sends
// 2v' times per micro-batch, the exposed share of its m·v' chunks 2(p − 1) + (v' − 1)p, the rest
// at least their compute share), by at least p × one send per step and depth, one send at least
// pp_comm_s / (2·v·m): B(1 − v/v') − (v' − v)·p·pp_comm_s/(v·m), largest at v' = √(B·v/δ), δ that
// slope.
double deeper_bubble_gain_s(const LayoutCandidate& c, int pp, int v, int deepest) {
  if (deepest <= v || !(c.bubble_s > 0)) return 0;
  const double depth = v;
  const double per_depth = c.microbatches > 0 ? c.pp_comm_s * pp / (depth * c.microbatches) : 0;
  const double best = per_depth > 0 ? std::sqrt(c.bubble_s * depth / per_depth) : deepest;
  const double at = std::clamp(best, depth + 1, double(deepest));
  return std::max(0.0, c.bubble_s * (1 - depth / at) - (at - depth) * per_depth);
}

// Deadline mode: larger DPs tried after the fastest-enough one when it does not fit.
constexpr int kDeadlineDpSteps = 16;

Recompute recompute_of(const std::string& id) {
  for (std::size_t i = 0; i < kModes; ++i) {
    if (id == kRecomputeIds[i]) return kRecomputes[i];
  }
  return Recompute::kNone;
}

// By what a layer keeps, most first.
int recompute_rank(const std::string& id) {
  return id == "none" ? 0 : id == "selective" ? 1 : id == "op" ? 2 : 3;
}

enum class Objective { kTime, kCost, kGpus };

Objective objective_of(const std::string& id) {
  return id == "cost" ? Objective::kCost : id == "gpus" ? Objective::kGpus : Objective::kTime;
}

// What ranks a layout: days (or seconds per token without a token count), cost, or GPUs.
double time_score(const LayoutCandidate& c) {
  return std::isfinite(c.days) ? c.days : 1 / c.tokens_per_s;
}

double score(const LayoutCandidate& c, Objective objective) {
  if (objective == Objective::kCost) {
    if (std::isfinite(c.cost)) return c.cost;
    if (std::isfinite(c.gpu_hours)) return c.gpu_hours;
    return c.gpus / c.tokens_per_s;  // GPU-seconds per token
  }
  if (objective == Objective::kGpus) return c.gpus;
  return time_score(c);
}

// A candidate's ranking keys: a total order by the score, then time, the fewest GPUs, then the
// layout itself, so that ties rank the same in every build (std::sort is not stable).
struct Ranked {
  double score = 0;
  double time = 0;
  std::array<double, 12> layout{};
  const LayoutCandidate* candidate = nullptr;

  bool operator<(const Ranked& b) const {
    if (score != b.score) return score < b.score;
    if (time != b.time) return time < b.time;
    if (layout != b.layout) return layout < b.layout;
    return candidate->stage_layers < b.candidate->stage_layers;
  }
};

Ranked ranked(const LayoutCandidate& c, double score) {
  return {score,
          time_score(c),
          {c.gpus, c.tp, c.pp, c.dp, c.cp, c.ep, c.etp, c.vpp, c.micro_batch, c.zero,
           static_cast<double>(recompute_rank(c.recompute)), c.sequence_parallel ? 0.0 : 1.0},
          &c};
}

std::string split_text(const std::vector<int>& split) {
  std::string out;
  out.reserve(split.size() * 3);  // one allocation for a kept layout's text
  for (int x : split) {
    if (!out.empty()) out += ',';
    out += std::to_string(x);
  }
  return out;
}

// One (TP, CP, EP, ETP, micro-batch, SP): what the layer costs depend on.
struct Key {
  double tp = 1, cp = 1, ep = 1, etp = 1, mb = 1;
  bool sp = false;
};

}  // namespace

// One (ZeRO, recompute) variant of a layout with its DP and time.
struct Option {
  int rc, zero;
  double dp;
  double step_s;
  /// A variant that did not fit: whether its point passed the card (else only its range's high
  /// end passed the headroom).
  bool over_card = false;
};

// How little each recompute mode keeps, by index: none, selective, full, op (op keeps more than
// full, less than selective).
constexpr int kLeanness[] = {0, 1, 3, 2};

struct LayoutSearch::State {
  TrainingTimeInputs base;
  SearchOptions options;
  bool deadline = false;
  bool measured = false;  // a measured throughput replaces the predicted step
  // The step has parts beyond the stage pass (offload's host transfers, QLoRA's dequantization),
  // which differ between recompute modes and ZeRO stages: their options are ranked by it whole.
  bool beyond_pass = false;
  double target = 0;  // the global batch
  std::vector<Key> keys;
  std::vector<int> pps;
  std::vector<int> recomputes;  // indices into kRecomputes
  std::vector<int> zeros;
  std::size_t key_index = 0;
  std::size_t pp_index = 0;
  double done = 0;
  // Per key: layer costs per recompute mode and the DPs that the batch and EP allow.
  std::array<LayerCosts, kModes> costs;
  std::vector<double> dps;
  std::vector<std::vector<double>> batch_dps;  // per kMicroBatches entry: DPs the batch allows
  // FLOPs per token by recompute mode (the architecture and length do not change).
  std::array<double, kModes> model_flops{};
  std::array<double, kModes> hardware_flops{};
  bool key_ready = false;
  double evaluated = 0;
  double feasible = 0;
  bool experts_limited = false;      // the experts limit kept an EP the others allow out
  std::deque<LayoutCandidate> kept;  // grows in blocks: never moved as it grows
  PeakCache peak_cache;              // the layers' memory, while a key and recompute mode last
  std::vector<LayoutCandidate> all;
  std::vector<Option> options_buffer;  // reused by every consider() (no allocation per layout)
  std::vector<Option> misses_buffer;   // the variants that did not fit, in this consider()
  std::vector<Option> hits_buffer;     // and those that did
  std::vector<double> layers_buffer;   // the block recompute depths a variant may try
  TrainingTimeInputs work;             // the key's inputs, changed in place by consider()
  // A cluster search skips a split of a (key, PP) whose step, bounded from below, could neither
  // enter the top list nor the Pareto front of what is already kept (cannot_matter).
  bool prunes = false;
  // Full recompute of only the first N layers of each chunk is tried when the plan leaves N open.
  bool partial_recompute = false;
  Objective objective = Objective::kTime;
  std::vector<std::pair<std::array<double, 5>, double>> leaders;  // best score per shape, top_n
  std::vector<std::pair<double, double>> fastest_by_gpus;         // least time score per GPU count
  double skipped = 0;  // splits skipped, with every interleaving depth, recompute and ZeRO stage

  void prepare();
  void prepare_key();
  void unit(int pp);
  double batch_for(double dp, double mb) const;
  // Tries one (PP, split, VPP) at the key; true when a variant fits (then kept.back() is it).
  bool consider(int pp, const std::vector<int>& split, double vpp, double cluster_dp);
  LayoutCandidate describe(const TrainingTimeInputs& in, const TrainingTime& t, double peak_bytes,
                           bool fits) const;
  bool valid(const TrainingTimeInputs& in) const;
  bool set_dp(double dp);  // DP, the batch it trains and its micro-batches, into `work`
  void note_kept(const LayoutCandidate& c);
  bool cannot_matter(int pp, const std::vector<int>& split, double cluster_dp);
};

double LayoutSearch::State::batch_for(double dp, double mb) const {
  const double unit = mb * dp;
  if (options.batch_tolerance <= 0) return is_multiple(target, unit) ? target : kNaN;
  const double batch = std::max(1.0, std::round(target / unit)) * unit;
  return std::fabs(batch - target) <= options.batch_tolerance * target ? batch : kNaN;
}

void LayoutSearch::State::prepare() {
  const Architecture& a = base.memory.arch;
  const TrainingLayout& l = base.memory.layout;
  const SearchLimits& lim = options.limits;
  deadline = !std::isfinite(options.cluster_gpus);
  measured = std::isfinite(base.achieved_tflops) && base.achieved_tflops > 0;
  const FineTuneSettings& ft = base.memory.finetune;
  beyond_pass = ft.host_transfers() || ft.mode == FineTune::kQlora;
  target = base.global_batch;
  objective = objective_of(options.objective);
  // Only a cluster search ranks by a score the step bounds (a deadline ranks GPUs first; --all
  // wants every layout; a measured throughput has no stage pass).
  prunes = !deadline && !options.keep_all && !measured && objective != Objective::kGpus &&
           options.top_n > 0;
  const bool megatron = base.memory.framework == Framework::kMegatron;

  std::vector<double> tps;
  for (double tp :
       valid_tensor_parallel_sizes(a, options.tp_may_cross_nodes ? 1e9 : base.nvlink_domain_gpus)) {
    if (lim.tp.allows(tp)) tps.push_back(tp);
  }
  std::vector<double> cps;
  for (double cp = 1; cp <= l.seq_len / 2; cp *= 2) {
    if (cp > 1 && std::fmod(l.seq_len, 2 * cp) != 0) break;
    const bool chosen = lim.cp.values.empty() && lim.cp.hi >= 1e300;
    if (chosen && cp > 1 && l.seq_len / cp < kMinTokensPerCpRank) break;
    if (lim.cp.allows(cp)) cps.push_back(cp);
  }
  std::vector<double> eps = {1};
  if (a.is_moe()) {
    eps.clear();
    for (int e = 1; e <= a.moe_experts; ++e) {
      if (a.moe_experts % e != 0 || !lim.ep.allows(e)) continue;
      if (!lim.experts.allows(a.moe_experts / e)) {
        experts_limited = true;
        continue;
      }
      eps.push_back(e);
    }
  }
  for (double tp : tps) {
    std::vector<double> etps = {1};
    if (a.is_moe() && tp > 1) etps.push_back(tp);
    for (double cp : cps) {
      for (double ep : eps) {
        for (double etp : etps) {
          if (!lim.etp.allows(etp)) continue;
          for (double mb : kMicroBatches) {
            if (!lim.micro_batch.allows(mb)) continue;
            for (int sp = 0; sp <= 1; ++sp) {
              // SP needs TP under Megatron and is never worse there: off only when asked for.
              const bool can = megatron && tp > 1;
              if (sp == 1 && !can) continue;
              if (sp == 0 && can && lim.sp.allows(1)) continue;
              if (!lim.sp.allows(sp)) continue;
              keys.push_back({tp, cp, ep, etp, mb, sp == 1});
            }
          }
        }
      }
    }
  }
  for (int pp = 1; pp <= a.layers; ++pp) {
    if (lim.pp.allows(pp)) pps.push_back(pp);
  }
  const unsigned modules = selective_recompute_modules(base.memory);
  for (int i = 0; i < 3; ++i) {
    // Selective recompute of the attention core alone drops only the s² terms, which flash
    // attention never keeps; Megatron's other recompute modules drop more.
    const bool attention_only = modules == kRecomputeCoreAttn;
    if (i == 1 && l.flash_attention && attention_only && lim.recompute.values.empty()) continue;
    if (lim.recompute.allows(i)) recomputes.push_back(i);
  }
  // Op-level recompute only when named; it keeps less than none and selective, more than full,
  // so it goes before full (the leanest mode is tried last: recomputes.back()).
  const auto& named = lim.recompute.values;
  if (std::find(named.begin(), named.end(), kOpIndex) != named.end()) {
    const auto full = std::find(recomputes.begin(), recomputes.end(), kFullIndex);
    recomputes.insert(full, kOpIndex);
  }
  // Without the distributed optimizer the framework refuses some recipes and optimizers.
  const bool sharded_only = needs_distributed_optimizer(
      base.memory.framework, base.memory.recipe.id, base.memory.finetune.optimizer);
  for (int z = sharded_only ? 1 : 0; z <= 3; ++z) {
    if (lim.zero.allows(z)) zeros.push_back(z);
  }
  // Limits that leave no recompute mode or ZeRO stage leave nothing to evaluate.
  if (recomputes.empty() || zeros.empty()) keys.clear();
  // N ≥ 1 allowed by the limit (0 stands for every layer, the plain full recompute).
  partial_recompute =
      !(l.recompute_layers > 0) && !measured && lim.recompute_layers.allows_from(1) &&
      std::find(recomputes.begin(), recomputes.end(), kFullIndex) != recomputes.end();
  for (std::size_t index = 0; index < kModes; ++index) {
    const int i = static_cast<int>(index);
    flops_per_token(a, l.seq_len, kRecomputes[i], model_flops[index], hardware_flops[index],
                    modules);
  }
  // The DPs each micro-batch allows: the batch (within its tolerance) and the limits.
  for (double mb : kMicroBatches) {
    std::vector<double> list;
    const double most =
        std::min(options.max_dp, std::floor(target * (1 + options.batch_tolerance) / mb));
    if (options.batch_tolerance <= 0) {
      const double microbatches = target / mb;
      if (microbatches == std::floor(microbatches)) {
        for (double d = 1; d * d <= microbatches; ++d) {
          if (!is_multiple(microbatches, d)) continue;
          list.push_back(d);
          if (d * d != microbatches) list.push_back(microbatches / d);
        }
      }
      std::sort(list.begin(), list.end());
      while (!list.empty() && list.back() > most) list.pop_back();
    } else {
      for (double d = 1; d <= most; ++d) {
        if (!std::isnan(batch_for(d, mb))) list.push_back(d);
      }
    }
    std::erase_if(list, [&](double d) { return !lim.dp.allows(d); });
    batch_dps.push_back(std::move(list));
  }
}

void LayoutSearch::State::prepare_key() {
  const Key& k = keys[key_index];
  work = base;
  TrainingTimeInputs& in = work;
  TrainingLayout& l = in.memory.layout;
  l.tp = k.tp;
  l.cp = k.cp;
  l.ep = k.ep;
  l.etp = k.etp;
  l.micro_batch = k.mb;
  l.sequence_parallel = k.sp;
  for (int i : recomputes) {
    l.recompute = kRecomputes[i];
    costs[static_cast<std::size_t>(i)] = layer_costs(in);
  }
  // The DPs this key may use: the batch's, where the expert group tiles DP × CP × TP.
  dps.clear();
  const auto mb_index =
      static_cast<std::size_t>(std::find(std::begin(kMicroBatches), std::end(kMicroBatches), k.mb) -
                               std::begin(kMicroBatches));
  for (double dp : batch_dps[mb_index]) {
    if (is_multiple(dp * k.cp * k.tp, k.ep * k.etp)) dps.push_back(dp);
  }
  key_ready = true;
}

// False when the batch allows no DP this size (within its tolerance).
bool LayoutSearch::State::set_dp(double dp) {
  const double mb = keys[key_index].mb;
  TrainingLayout& l = work.memory.layout;
  l.dp = dp;
  work.global_batch = batch_for(dp, mb);
  if (std::isnan(work.global_batch)) return false;
  l.microbatches = work.global_batch / (mb * dp);
  return true;
}

bool LayoutSearch::State::valid(const TrainingTimeInputs& in) const {
  const LayoutProposal p =
      layout_proposal(in.memory.layout, in.global_batch, options.tp_may_cross_nodes,
                      in.memory.framework == Framework::kMegatron);
  return broken_layout_rules(in.memory.arch, p, in.nvlink_domain_gpus) == 0;
}

LayoutCandidate LayoutSearch::State::describe(const TrainingTimeInputs& in, const TrainingTime& t,
                                              double peak_bytes, bool fits) const {
  const TrainingLayout& l = in.memory.layout;
  LayoutCandidate c;
  c.tp = l.tp;
  c.pp = l.pp;
  c.dp = l.dp;
  c.cp = l.cp;
  c.ep = l.ep;
  c.etp = l.etp;
  c.vpp = l.vpp;
  c.micro_batch = l.micro_batch;
  c.zero = l.zero;
  c.recompute = kRecomputeIds[static_cast<int>(l.recompute)];
  c.recompute_layers =
      l.recompute == Recompute::kFull && l.recompute_layers > 0 ? l.recompute_layers : kNaN;
  if (l.recompute == Recompute::kSelective && in.memory.framework == Framework::kMegatron) {
    c.recompute_modules = recompute_modules_text(selective_recompute_modules(in.memory));
  }
  c.sequence_parallel = l.sequence_parallel;
  c.stage_layers = split_text(l.stage_layers);
  c.gpus = t.gpus;
  c.global_batch = in.global_batch;
  c.microbatches = t.microbatches;
  c.peak_gb = bytes_to_gb(peak_bytes);
  c.fits = fits;
  c.step_s = t.step_s;
  c.compute_s = t.compute_s;
  c.recompute_s = t.recompute_s;
  c.bubble_s = t.bubble_s;
  c.tp_comm_s = t.tp_comm_s;
  c.cp_comm_s = t.cp_comm_s;
  c.pp_comm_s = t.pp_comm_s;
  c.dp_comm_s = t.dp_comm_s;
  c.moe_comm_s = t.moe_comm_s;
  c.optimizer_s = t.optimizer_s;
  c.tokens_per_s = t.tokens_per_s;
  c.mfu = t.mfu;
  c.days = t.days;
  c.gpu_hours = t.gpu_hours;
  c.cost = t.cost;
  return c;
}

bool LayoutSearch::State::consider(int pp, const std::vector<int>& split, double vpp,
                                   double cluster_dp) {
  // The key's inputs (TP, CP, EP, ETP, micro-batch, SP set by prepare_key), not a copy per layout.
  TrainingTimeInputs& in = work;
  TrainingLayout& l = in.memory.layout;
  l.pp = pp;
  l.vpp = vpp;
  if (l.stage_layers != split) l.stage_layers = split;
  l.recompute_layers = base.memory.layout.recompute_layers;
  const double card_bytes = gb_to_bytes(in.memory.card_memory_gb);

  // Sets DP and the batch; false when the rulebook or the schedule refuses them.
  const auto place = [&](double dp) {
    if (!set_dp(dp)) return false;
    return valid(in);
  };
  const auto set_mode = [&](int rc, int zero) {
    l.recompute = kRecomputes[rc];
    l.zero = zero;
    in.model_flops_per_token = model_flops[static_cast<std::size_t>(rc)];
    in.hardware_flops_per_token = hardware_flops[static_cast<std::size_t>(rc)];
  };
  const auto cost_of = [&](int rc) -> const LayerCosts& {
    return costs[static_cast<std::size_t>(rc)];
  };

  // Memory only grows with less recompute, fewer DP ranks (the activations kept and the
  // micro-batches in flight grow) and a lower ZeRO stage among 0–2 (less is sharded). ZeRO-3 also
  // holds gather buffers for a layer's weights, so over few ranks it can need more than ZeRO-2: it
  // is compared only with itself. A variant that needs no less than one that did not fit cannot
  // fit and is not evaluated; tests/core/layout_search_test.cpp checks the memory model agrees.
  const auto no_leaner = [](int zero, int than) {
    return zero == than || (zero < than && than <= 2);
  };
  std::vector<Option>& misses = misses_buffer;
  std::vector<Option>& hits = hits_buffer;  // evaluated variants that fit, with their peak
  misses.clear();
  hits.clear();
  // A high end past the headroom dominates only variants with the same range on top of the point:
  // full recompute's fragmentation is a larger share, and DP 1 joins no data-parallel group.
  const auto same_range = [](int rc, double dp, const Option& f) {
    return (rc == kFullIndex) == (f.rc == kFullIndex) && (dp > 1) == (f.dp > 1);
  };
  const auto dominated = [&](int rc, int zero, double dp) {
    return std::any_of(misses.begin(), misses.end(), [&](const Option& f) {
      return kLeanness[rc] <= kLeanness[f.rc] && no_leaner(zero, f.zero) && dp <= f.dp &&
             (f.over_card || same_range(rc, dp, f));
    });
  };
  // A layout fits when the memory panel's verdict says "fits", or is "tight" where the limits
  // let tight layouts in.
  const bool allow_tight = options.limits.tight.allows(1);
  const double room_bytes = card_bytes * in.memory.headroom;
  bool over_card = false;  // the last variant evaluated did not fit even at its point
  double params = kNaN;    // the largest stage's parameters per card: no variant changes them
  double peak = 0;
  // Evaluates the variant set in `in` (once: a second call finds it): its peak, counted, kept
  // in `all` when asked.
  const auto evaluate = [&](int rc) {
    for (const Option& h : hits) {
      if (h.rc == rc && h.zero == l.zero && h.dp == l.dp) {
        peak = h.step_s;  // the bytes, kept in the step's place
        return true;
      }
    }
    const TrainingPeak p = training_peak(in.memory, peak_cache);
    if (std::isnan(params)) params = p.params_per_card;
    peak = p.bytes;
    ++evaluated;
    over_card = p.verdict == Verdict::kDoesNotFit;
    const bool fits = p.verdict == Verdict::kFits || (allow_tight && !over_card);
    if (options.keep_all) {
      all.push_back(describe(in, training_time(in, params, cost_of(rc)), peak, fits));
    }
    (fits ? hits : misses).push_back({rc, l.zero, l.dp, peak, over_card});
    if (fits) ++feasible;
    return fits;
  };

  // Full recompute of the first N layers of each chunk only (block recompute), for a variant
  // that recomputes: memory falls as N grows while the step rises, so the fewest layers that fit,
  // found by bisection, are the fastest such variant; it replaces the chosen one when faster.
  // N is tuned until memory runs out, so "fit" here keeps the headroom the verdict asks for (90 %
  // of the card unless the plan says otherwise), not the card's last byte: the range's high end
  // under it, or the point where the limits let tight layouts in. Returns the recompute mode of
  // the variant kept.
  const auto fewer_recomputed_layers = [&](const Option& o) {
    const double stage_layers = split.empty()
                                    ? std::ceil(static_cast<double>(in.memory.arch.layers) / pp)
                                    : *std::max_element(split.begin(), split.end());
    const double chunk_layers = std::ceil(stage_layers / std::max(1.0, vpp));
    if (chunk_layers < 2) return o.rc;
    // Steps compared as the options were ranked: the stage pass alone (step_seconds), or the
    // whole step where it has parts beyond the pass (fewer recomputed layers keep more to offload).
    const auto step_of = [&](int rc) {
      return beyond_pass ? training_time(in, params, cost_of(rc)).step_s
                         : step_seconds(in, cost_of(rc), params, stage_pass(in, cost_of(rc)));
    };
    // A cluster's option was ranked by this very step; a deadline's may now sit at a larger DP.
    const double chosen_step = deadline ? step_of(o.rc) : o.step_s;
    const double chosen_peak = peak;
    set_mode(kFullIndex, o.zero);
    const auto peak_with = [&](double n) {  // NaN when it does not fit
      l.recompute_layers = n;
      const TrainingPeak p = training_peak(in.memory, peak_cache);
      const double bytes = p.bytes;
      ++evaluated;
      const bool fits = (allow_tight ? bytes : p.high_bytes) <= room_bytes;
      if (fits) ++feasible;
      if (options.keep_all) {
        all.push_back(describe(in, training_time(in, params, cost_of(kFullIndex)), bytes, fits));
      }
      return fits ? bytes : kNaN;
    };
    // The N the limit allows (rcl=…), from 1 to one fewer than the chunk's layers.
    std::vector<double>& ns = layers_buffer;
    ns.clear();
    for (double n = 1; n < chunk_layers; ++n) {
      if (options.limits.recompute_layers.allows(n)) ns.push_back(n);
    }
    double hi_peak = kNaN;
    std::size_t lo = 0, hi = ns.empty() ? 0 : ns.size() - 1;
    if (!ns.empty()) hi_peak = peak_with(ns[hi]);
    if (!std::isnan(hi_peak)) {
      while (lo < hi) {
        const std::size_t mid = (lo + hi) / 2;
        const double bytes = peak_with(ns[mid]);
        if (std::isnan(bytes)) {
          lo = mid + 1;
        } else {
          hi = mid;
          hi_peak = bytes;
        }
      }
      l.recompute_layers = ns[hi];
      if (step_of(kFullIndex) < chosen_step) {
        peak = hi_peak;
        return kFullIndex;
      }
    }
    set_mode(o.rc, o.zero);
    l.recompute_layers = base.memory.layout.recompute_layers;
    peak = chosen_peak;
    return o.rc;
  };

  // The leanest variants first — the recompute that keeps least with ZeRO-3 and with the highest
  // of ZeRO 0–2 (at the largest DP a deadline allows): when neither fits, nothing does.
  if (!deadline && !place(cluster_dp)) return false;
  if (deadline && !place(dps.back())) {
    l.dp = dps.back();
    l.microbatches = 1;
  }
  const int lean_rc = recomputes.back();
  int lean_fits = 0;
  int lean_tried = 0;
  bool lean_over_card = true;  // every lean variant tried passed the card at its point
  for (auto z = zeros.rbegin(); z != zeros.rend() && lean_tried < 2; ++z) {
    if (lean_tried == 1 && *z == 3) continue;
    if (lean_tried == 1 && zeros.back() != 3) break;  // 0–2 only: the highest is enough
    set_mode(lean_rc, *z);
    ++lean_tried;
    if (evaluate(lean_rc)) {
      ++lean_fits;
      break;
    }
    lean_over_card = lean_over_card && over_card;
  }
  // A high end past the headroom answers only for variants with the same range (same_range):
  // another recompute mode, or DP 1 in a deadline, is still tried.
  const bool other_range = (lean_rc == kFullIndex && recomputes.size() > 1) ||
                           (deadline && dps.front() <= 1 && dps.back() > 1);
  if (lean_fits == 0 && (lean_over_card || !other_range)) return false;
  // Those found fitting in the deadline's stand-in layout are not the variants tried below.
  if (deadline) hits.clear();

  std::vector<Option>& options_list = options_buffer;
  options_list.clear();
  for (int rc : recomputes) {
    if (!deadline) {
      // A cluster: one DP, so one pass through the stages serves every ZeRO stage.
      set_mode(rc, zeros.front());
      if (!place(cluster_dp)) return false;
      const StagePass pass = stage_pass(in, cost_of(rc));
      for (int zero : zeros) {
        l.zero = zero;
        // A measured throughput sets the step by itself (training_time), as do the parts beyond
        // the pass where the plan has them; else the pass does.
        const double step = measured || beyond_pass ? training_time(in, params, cost_of(rc)).step_s
                                                    : step_seconds(in, cost_of(rc), params, pass);
        options_list.push_back({rc, zero, cluster_dp, step});
      }
      continue;
    }
    for (int zero : zeros) {
      set_mode(rc, zero);
      // Deadline: the smallest DP whose step meets it (days fall as DP grows), by bisection.
      std::size_t lo = 0, hi = dps.size();
      const auto meets = [&](std::size_t i) {
        if (!place(dps[i])) return false;
        return training_time(in, params, cost_of(rc)).days <= options.deadline_days;
      };
      while (lo < hi) {
        const std::size_t mid = (lo + hi) / 2;
        if (meets(mid)) {
          hi = mid;
        } else {
          lo = mid + 1;
        }
      }
      if (lo == dps.size() || !meets(lo)) continue;
      options_list.push_back({rc, zero, dps[lo], training_time(in, params, cost_of(rc)).step_s});
    }
  }
  // Fastest first (deadline: fewest GPUs first); the first that fits wins.
  std::sort(options_list.begin(), options_list.end(), [&](const Option& a, const Option& b) {
    if (a.dp != b.dp) return a.dp < b.dp;
    if (a.step_s != b.step_s) return a.step_s < b.step_s;
    return std::tie(a.zero, a.rc) < std::tie(b.zero, b.rc);
  });
  // The highest of ZeRO 0–2 allowed: one evaluation there answers for the lower stages.
  int top_zero = -1;
  for (int z : zeros) {
    if (z <= 2) top_zero = z;
  }
  for (const Option& o : options_list) {
    const auto index =
        static_cast<std::size_t>(std::lower_bound(dps.begin(), dps.end(), o.dp) - dps.begin());
    for (int step = 0; step < (deadline ? kDeadlineDpSteps : 1); ++step) {
      const std::size_t at = index + static_cast<std::size_t>(step);
      const double dp = deadline ? (at < dps.size() ? dps[at] : kNaN) : o.dp;
      if (std::isnan(dp)) break;
      if (dominated(o.rc, o.zero, dp)) continue;
      set_mode(o.rc, o.zero);
      if (!place(dp)) break;
      if (step > 0 && !(training_time(in, params, cost_of(o.rc)).days <= options.deadline_days)) {
        continue;
      }
      // First the same recompute at the highest of ZeRO 0–2: when it does not fit, no lower
      // stage does, which one evaluation shows for all of them.
      if (o.zero < top_zero) {
        set_mode(o.rc, top_zero);
        const bool top_fits = evaluate(o.rc);
        set_mode(o.rc, o.zero);
        if (!top_fits) continue;
      }
      if (!evaluate(o.rc)) continue;
      const int rc = partial_recompute && o.rc != 0 ? fewer_recomputed_layers(o) : o.rc;
      kept.push_back(describe(in, training_time(in, params, cost_of(rc)), peak, true));
      note_kept(kept.back());
      return true;
    }
  }
  return false;
}

namespace {

// The ranking fields of a layout of `gpus` whose step takes `step_s` (training_time's tokens per
// second, days, GPU-hours and cost), for score() and time_score().
LayoutCandidate at_step(const TrainingTimeInputs& in, double gpus, double step_s) {
  LayoutCandidate c;
  c.gpus = gpus;
  c.step_s = step_s;
  c.tokens_per_s = in.global_batch * in.memory.layout.seq_len / step_s;
  const RunLength run = run_length(in, gpus, step_s);
  c.days = run.days;
  c.gpu_hours = run.gpu_hours;
  c.cost = run.cost;
  return c;
}

}  // namespace

void LayoutSearch::State::note_kept(const LayoutCandidate& c) {
  if (!prunes) return;
  const double s = score(c, objective);
  const double time = time_score(c);
  if (!std::isfinite(s) || !std::isfinite(time)) {
    prunes = false;  // nothing to compare a bound with
    return;
  }
  // The best score of up to top_n shapes: each a kept layout's, so the final top_n-th is no worse
  // than the last of them.
  const std::array<double, 5> shape = {c.tp, c.pp, c.dp, c.cp, c.ep};
  auto it = std::find_if(leaders.begin(), leaders.end(),
                         [&](const auto& leader) { return leader.first == shape; });
  if (it != leaders.end()) {
    it->second = std::min(it->second, s);
  } else if (leaders.size() < options.top_n) {
    leaders.emplace_back(shape, s);
  } else if (s < leaders.back().second) {
    leaders.back() = {shape, s};
  }
  std::sort(leaders.begin(), leaders.end(),
            [](const auto& x, const auto& y) { return x.second < y.second; });
  auto at = std::lower_bound(fastest_by_gpus.begin(), fastest_by_gpus.end(), c.gpus,
                             [](const auto& entry, double g) { return entry.first < g; });
  if (at != fastest_by_gpus.end() && at->first == c.gpus) {
    at->second = std::min(at->second, time);
  } else {
    fastest_by_gpus.insert(at, {c.gpus, time});
  }
}

// True when no layout of this split (any interleaving depth, recompute or ZeRO stage) can change
// the answer. Each takes at least m × the slowest stage's time without its pipeline sends (VPP
// adds sends and the fill and drain; ZeRO only data-parallel and optimizer time; the least
// recompute is checked) and, where the plan overlaps the experts' all-to-alls, without what the
// overlap hides of them (Megatron overlaps them only in an interleaved pipeline: the bound, taken
// at VPP 1, pays them in full), so its score is at least this bound's: worse than the top_n-th
// shape kept so far, and slower than a kept layout on no more GPUs, it reaches neither list.
bool LayoutSearch::State::cannot_matter(int pp, const std::vector<int>& split, double cluster_dp) {
  if (!prunes || leaders.size() < options.top_n) return false;
  const Key& k = keys[key_index];
  TrainingTimeInputs& in = work;
  TrainingLayout& l = in.memory.layout;
  l.pp = pp;
  l.vpp = 1;
  if (l.stage_layers != split) l.stage_layers = split;
  if (!set_dp(cluster_dp)) return false;
  double stage_s = HUGE_VAL;
  // Interleaving hides at most each MoE layer's all-to-alls beyond their overlapped cost, on the
  // stage holding the most MoE layers (other frameworks overlap them at VPP 1 already).
  int moe_layers = 0;
  if (in.moe_overlap && pp > 1 && base.memory.framework == Framework::kMegatron) {
    for_each_stage_run(base.memory.arch, pp, split, [&](const StageRun& run) {
      moe_layers = std::max(moe_layers, run.moe_layers);
    });
  }
  for (int rc : recomputes) {
    l.recompute = kRecomputes[rc];
    const LayerCosts& c = costs[static_cast<std::size_t>(rc)];
    const StagePass pass = stage_pass(in, c);
    // Block recompute of fewer layers saves up to all of the recompute.
    const double partial = rc == kFullIndex && partial_recompute ? pass.recompute_s : 0;
    const double hidden = moe_layers * std::max(0.0, c.moe.ep_serial_s - c.moe.ep_s);
    stage_s = std::min(stage_s, pass.slowest_s - pass.pp_s - partial - hidden);
  }
  const double gpus = k.tp * pp * cluster_dp * k.cp;
  const LayoutCandidate bound = at_step(in, gpus, l.microbatches * stage_s);
  constexpr double kMargin = 1 + 1e-9;  // rounding never prunes a tie
  if (!(score(bound, objective) > leaders.back().second * kMargin)) return false;
  const double time = time_score(bound);
  for (const auto& [g, fastest] : fastest_by_gpus) {
    if (g > gpus) break;
    if (fastest * kMargin < time) return true;
  }
  return false;
}

void LayoutSearch::State::unit(int pp) {
  const Key& k = keys[key_index];
  const Architecture& a = base.memory.arch;
  const double replica = k.tp * pp * k.cp;
  double cluster_dp = kNaN;
  if (dps.empty()) return;
  if (!deadline) {
    const double room = std::floor(options.cluster_gpus / replica);
    const auto it = std::upper_bound(dps.begin(), dps.end(), room);
    if (it == dps.begin()) return;
    cluster_dp = *(it - 1);
  }
  // The even split, the plan's own, and the split that balances the embedding and LM head.
  std::vector<std::vector<int>> splits;
  const bool even_only = !options.limits.uneven.allows(1);
  if (!base.memory.layout.stage_layers.empty()) {
    if (static_cast<int>(base.memory.layout.stage_layers.size()) != pp) return;
    splits.push_back(base.memory.layout.stage_layers);
  } else if (even_only) {
    if (a.layers % pp != 0) return;
    splits.push_back({});
  } else {
    splits.push_back({});
    const LayerCosts& c = costs[static_cast<std::size_t>(recomputes.front())];
    const double layer = c.dense.fwd_s + c.dense.bwd_s;
    if (layer > 0 && pp > 1) {
      auto balanced = balanced_split(a.layers, pp, (c.first.fwd_s + c.first.bwd_s) / layer,
                                     (c.last.fwd_s + c.last.bwd_s) / layer);
      if (!balanced.empty()) splits.push_back(std::move(balanced));
    }
  }
  for (const auto& split : splits) {
    const auto layers = split_layers(a.layers, pp, split);
    if (layers.empty()) continue;
    if (cannot_matter(pp, split, cluster_dp)) {
      skipped += 1;
      continue;
    }
    const int fewest = *std::min_element(layers.begin(), layers.end());
    const int deepest = pp > 1 ? fewest : 1;
    double best_time = HUGE_VAL;
    double best_gpus = HUGE_VAL;
    double flat_memory_bound_s = 0;  // VPP 1's recompute and data-parallel time
    for (int v = 1; v <= deepest; ++v) {
      if (!options.limits.vpp.allows(v)) continue;
      if (even_only && v > 1 && fewest % v != 0) continue;
      if (!consider(pp, split, v, cluster_dp)) {
        // Interleaving never holds fewer micro-batches in flight than VPP 1 (training_memory.cpp,
        // inflight; in groups of PP it holds the most at VPP 2, fewer deeper): a deeper one may
        // fit where a shallower one did not, none where VPP 1 did not.
        if (v == 1 && !deadline) break;
        continue;
      }
      const LayoutCandidate& c = kept.back();
      if (deadline) {
        // A deadline goes deeper while each depth gains: fewer GPUs, or as many and faster.
        const bool gain =
            c.gpus < best_gpus || (c.gpus == best_gpus && c.step_s < best_time * (1 - kVppGain));
        if (!gain && v > 1) break;
        best_time = std::min(best_time, c.step_s);
        best_gpus = std::min(best_gpus, c.gpus);
        continue;
      }
      best_time = std::min(best_time, c.step_s);
      // Deeper than VPP 2, interleaving shrinks the bubble (to v/v' of it at depth v'), adds
      // sends and may hold fewer micro-batches in flight, though never fewer than VPP 1: it may
      // need less recompute or a lower ZeRO stage than this depth, not less than VPP 1 did. No
      // deeper one beats this one by more than what its bubble can shrink net of the sends it adds
      // and that difference.
      const double memory_bound_s = c.recompute_s + c.dp_comm_s;
      if (v == 1) flat_memory_bound_s = memory_bound_s;
      const double floor = c.step_s - deeper_bubble_gain_s(c, pp, v, deepest) -
                           std::max(0.0, memory_bound_s - flat_memory_bound_s);
      if (v > 1 && floor > best_time * (1 - kVppGain)) break;
    }
  }
}

LayoutSearch::LayoutSearch(const TrainingTimeInputs& base, const SearchOptions& options)
    : state_(std::make_unique<State>()) {
  state_->base = base;
  state_->options = options;
  state_->prepare();
}

LayoutSearch::~LayoutSearch() = default;

double LayoutSearch::total() const {
  return static_cast<double>(state_->keys.size() * state_->pps.size());
}

double LayoutSearch::done() const { return state_->done; }

bool LayoutSearch::run(double units) {
  State& s = *state_;
  while (units > 0 && s.key_index < s.keys.size()) {
    if (s.pp_index >= s.pps.size()) {
      ++s.key_index;
      s.pp_index = 0;
      s.key_ready = false;
      continue;
    }
    const Key& k = s.keys[s.key_index];
    const int pp = s.pps[s.pp_index];
    if (!s.deadline && k.tp * pp * k.cp > s.options.cluster_gpus) {
      // Deeper pipelines need even more GPUs: the rest of this key's PPs are skipped.
      s.done += static_cast<double>(s.pps.size() - s.pp_index);
      s.pp_index = s.pps.size();
      continue;
    }
    if (!s.key_ready) s.prepare_key();
    s.unit(pp);
    ++s.pp_index;
    s.done += 1;
    units -= 1;
  }
  return s.key_index >= s.keys.size();
}

namespace {

// A listed layout with the range on top of its point peak, from the whole memory model (the
// search itself reads only the point, training_peak): what the memory panel would show for it.
LayoutCandidate with_range(const TrainingMemoryInputs& base, const LayoutCandidate& c) {
  TrainingMemoryInputs in = base;
  TrainingLayout& l = in.layout;
  l.tp = c.tp;
  l.pp = c.pp;
  l.dp = c.dp;
  l.cp = c.cp;
  l.ep = c.ep;
  l.etp = c.etp;
  l.vpp = c.vpp;
  l.micro_batch = c.micro_batch;
  l.microbatches = c.microbatches;
  l.zero = static_cast<int>(c.zero);
  l.sequence_parallel = c.sequence_parallel;
  l.recompute = recompute_of(c.recompute);
  l.recompute_layers = std::isnan(c.recompute_layers) ? 0 : c.recompute_layers;
  l.stage_layers = parse_stage_layers(c.stage_layers);
  const TrainingMemory m = training_memory(in);
  LayoutCandidate out = c;
  if (m.stages.empty()) return out;
  out.peak_high_gb = bytes_to_gb(m.peak().high_bytes);
  out.verdict = verdict_id(m.verdict);
  return out;
}

}  // namespace

SearchResult LayoutSearch::result() const {
  const State& s = *state_;
  SearchResult r;
  r.mode = s.deadline ? "deadline" : "cluster";
  r.nvlink_domain_gpus = s.base.nvlink_domain_gpus;
  r.routed_experts = s.base.memory.arch.moe_experts;
  r.card_memory_gb = s.base.memory.card_memory_gb;
  r.headroom = s.base.memory.headroom;
  r.tight_allowed = s.options.limits.tight.allows(1);
  r.experts_limited = s.experts_limited;
  const DimensionLimit& experts = s.options.limits.experts;
  r.experts_most = experts.values.empty()
                       ? (experts.hi < 1e300 ? experts.hi : kNaN)
                       : *std::max_element(experts.values.begin(), experts.values.end());
  r.global_batch = s.target;
  r.batch_tolerance = s.options.batch_tolerance;
  r.evaluated = s.evaluated;
  r.feasible = s.feasible;
  r.skipped = s.skipped;
  // Sorted by their ranking keys, read once per candidate (comparing candidates re-read
  // the recompute's name and the score: 6 % of a DeepSeek-V3 search in wasm). The candidates
  // themselves (with their split's text) are never moved.
  std::vector<Ranked> sorted;
  sorted.reserve(s.kept.size());
  for (const auto& c : s.kept) sorted.push_back(ranked(c, score(c, s.objective)));
  std::sort(sorted.begin(), sorted.end());
  if (!sorted.empty()) {
    r.found = true;
    r.best = with_range(s.base.memory, *sorted.front().candidate);
  }
  // The best variant of each (TP, PP, DP, CP, EP): what an engineer reads as a layout.
  std::vector<std::tuple<double, double, double, double, double>> seen;
  for (const Ranked& k : sorted) {
    if (r.top.size() >= s.options.top_n) break;
    const LayoutCandidate* c = k.candidate;
    const auto shape = std::make_tuple(c->tp, c->pp, c->dp, c->cp, c->ep);
    if (std::find(seen.begin(), seen.end(), shape) != seen.end()) continue;
    seen.push_back(shape);
    r.top.push_back(with_range(s.base.memory, *c));
  }
  // Pareto front of GPUs against time: fewest GPUs first, each faster than all before it.
  for (Ranked& k : sorted) k.score = k.candidate->gpus;
  std::sort(sorted.begin(), sorted.end());
  double best_time = HUGE_VAL;
  for (const Ranked& k : sorted) {
    if (k.time < best_time) {
      r.pareto.push_back(with_range(s.base.memory, *k.candidate));
      best_time = k.time;
    }
  }
  if (s.deadline && !r.pareto.empty()) {
    r.min_gpus = r.pareto.front();
    r.min_gpus_found = true;
  }
  r.all.reserve(s.all.size());
  for (const LayoutCandidate& c : s.all) r.all.push_back(with_range(s.base.memory, c));
  // In a cluster every layout trains the same batch: its step against the best's says how much
  // slower it is. Under a batch tolerance each trains its own, so the time per sequence does
  // (the ranking's: every layout has the same sequence length). A deadline's layouts differ in DP,
  // so their steps are not compared.
  if (!s.deadline && r.found) {
    const LayoutCandidate best = r.best;
    const auto vs_best = [&](const LayoutCandidate& c) {
      return c.global_batch == best.global_batch
                 ? c.step_s / best.step_s - 1
                 : (c.step_s / c.global_batch) / (best.step_s / best.global_batch) - 1;
    };
    r.best.step_vs_best = 0;
    for (auto* list : {&r.top, &r.pareto, &r.all}) {
      for (LayoutCandidate& c : *list) c.step_vs_best = vs_best(c);
    }
  }
  return r;
}

SearchResult search_layouts(const TrainingTimeInputs& base, const SearchOptions& options) {
  LayoutSearch search(base, options);
  search.run(HUGE_VAL);
  return search.result();
}

double dp_for_deadline(TrainingTimeInputs in, double deadline_days, bool fixed_global_batch,
                       double max_dp) {
  TrainingLayout& l = in.memory.layout;
  const double target = in.global_batch;
  const auto meets = [&](double dp) {
    l.dp = dp;
    in.global_batch = fixed_global_batch ? target : layout_global_batch(target, l);
    if (!is_multiple(in.global_batch, l.micro_batch * dp)) return false;
    l.microbatches = in.global_batch / (l.micro_batch * dp);
    return training_time(in, training_peak(in.memory).params_per_card).days <= deadline_days;
  };
  if (fixed_global_batch) {
    // Only DPs whose micro-batches divide the batch; the smallest that meets the deadline.
    const double microbatches = target / l.micro_batch;
    if (!(microbatches >= 1) || microbatches != std::floor(microbatches)) return kNaN;
    for (double dp = 1; dp <= std::min(microbatches, max_dp); ++dp) {
      if (is_multiple(microbatches, dp) && meets(dp)) return dp;
    }
    return kNaN;
  }
  // The step only gets shorter with more replicas: grow geometrically, then bisect back.
  double low = 0;
  double high = 1;
  while (!meets(high)) {
    low = high;
    high = std::min(std::ceil(high * 1.25 + 1), max_dp);
    if (high <= low) return kNaN;
  }
  while (high - low > 1) {
    const double mid = std::floor((low + high) / 2);
    (meets(mid) ? high : low) = mid;
  }
  return high;
}

}  // namespace llm_sizer
