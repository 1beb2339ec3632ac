#include "llm_sizer/serving_fleet.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "llm_sizer/units.hpp"

namespace llm_sizer {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kMaxTpGroup = 64;
constexpr double kMaxReplicaGpus = 256;
constexpr double kMaxPipeline = 16;
constexpr std::size_t kAlternatives = 5;

bool known(double v) { return std::isfinite(v); }

bool allowed(double fixed, double value) { return !known(fixed) || fixed == value; }

// Lower is better: serves within the SLO, fewest cards, cheapest output, smallest replica.
bool better(const FleetOption& a, const FleetOption& b) {
  if (a.fits != b.fits) return a.fits;
  if (a.meets_slo != b.meets_slo) return a.meets_slo;
  if (a.gpus != b.gpus) return a.gpus < b.gpus;
  const double ta = a.output_tokens_per_s_per_gpu;
  const double tb = b.output_tokens_per_s_per_gpu;
  if (known(ta) && known(tb) && std::fabs(ta - tb) > 1e-9 * std::max(ta, tb)) return ta > tb;
  if (a.layout.gpus() != b.layout.gpus()) return a.layout.gpus() < b.layout.gpus();
  return a.layout.pp < b.layout.pp;
}

}  // namespace

FleetOption evaluate_fleet_option(const ServingInputs& in, const FleetRequest& request,
                                  const ServingLayout& layout) {
  FleetOption o;
  o.layout = layout;
  const ServingWorkload& load = request.load;
  const double context = load.input_tokens + load.output_tokens;
  o.budget = engine_card_budget(in, layout, request.engine);
  if (!known(o.budget.max_num_seqs) && request.engine.profile != nullptr) {
    // SGLang derives its cap from the pool it just sized.
    o.budget.max_num_seqs = engine_max_num_seqs(*request.engine.profile, "", o.budget.total_bytes,
                                                o.budget.kv_tokens, context);
  }
  o.memory_concurrency = layout_max_concurrency(in, layout, o.budget, context);
  o.fits = o.memory_concurrency >= 1;
  o.nodes_per_replica = std::ceil(layout.gpus() / in.gpus_per_node);
  if (!o.fits) {
    for (double* v : {&o.slo_concurrency, &o.replica_concurrency, &o.replicas, &o.gpus,
                      &o.output_tokens_per_s, &o.input_tokens_per_s, &o.output_tokens_per_s_per_gpu,
                      &o.cost_per_hour, &o.cost_per_m_input, &o.cost_per_m_output}) {
      *v = kNaN;
    }
    return o;
  }
  o.slo_concurrency = slo_batch(in, layout, load, request.tpot_slo_s, o.memory_concurrency);
  const double per_rank = o.slo_concurrency >= 1 ? o.slo_concurrency : o.memory_concurrency;
  o.replica_concurrency = per_rank * layout.dp;
  o.replicas = std::max(1.0, std::ceil(request.concurrency / o.replica_concurrency));
  o.gpus = o.replicas * layout.gpus();
  const double batch = std::ceil(request.concurrency / (o.replicas * layout.dp));
  o.at_load = load_point(in, layout, batch, load);
  o.meets_slo = !known(request.tpot_slo_s) || !known(o.at_load.tpot_s) ||
                o.at_load.tpot_s <= request.tpot_slo_s;
  o.output_tokens_per_s = o.replicas * o.at_load.output_tokens_per_s;
  o.input_tokens_per_s = o.replicas * o.at_load.input_tokens_per_s;
  o.output_tokens_per_s_per_gpu = o.output_tokens_per_s / o.gpus;
  o.cost_per_hour = o.gpus * request.price_per_gpu_hour;
  // The fleet's hour is split between prompts and answers by the share of time each takes.
  const double share = o.at_load.prefill_share;
  o.cost_per_m_input = o.cost_per_hour * share / (o.input_tokens_per_s * kSecondsPerHour) * 1e6;
  o.cost_per_m_output =
      o.cost_per_hour * (1 - share) / (o.output_tokens_per_s * kSecondsPerHour) * 1e6;
  return o;
}

std::vector<ServingLayout> fleet_layouts(const ServingInputs& in, const FleetRequest& request) {
  const Architecture& a = in.arch;
  const double node = std::max(1.0, in.gpus_per_node);
  std::vector<double> tps;
  for (double t = 1; t <= node; ++t) tps.push_back(t);
  for (double t = node * 2; t <= kMaxTpGroup; t *= 2) tps.push_back(t);
  std::vector<ServingLayout> out;
  const auto add = [&](const ServingLayout& l) {
    if (!serving_layout_valid(a, l) || l.gpus() > kMaxReplicaGpus) return;
    // Replicas pack whole nodes: one beyond a node takes whole nodes, one inside a node divides
    // it (6 of 8 cards would leave 2 that no other replica of the model can use).
    const bool packs =
        l.gpus() > node ? std::fmod(l.gpus(), node) == 0 : std::fmod(node, l.gpus()) == 0;
    if (!packs) return;
    if (!allowed(request.tp, l.tp) || !allowed(request.pp, l.pp) || !allowed(request.dp, l.dp)) {
      return;
    }
    if (request.ep >= 0 && l.ep != (request.ep == 1)) return;
    out.push_back(l);
  };
  const double max_pp = std::min<double>(a.layers, kMaxPipeline);
  for (double tp : tps) {
    for (double pp = 1; pp <= max_pp; ++pp) {
      add({tp, pp, 1, false});
      // Expert parallelism inside the TP group (vLLM --enable-expert-parallel with DP 1).
      if (a.is_moe() && tp > 1) add({tp, pp, 1, true});
    }
  }
  if (a.is_moe()) {
    // DP attention over whole nodes, experts spread over every card of the replica.
    for (double tp : tps) {
      if (tp > node) break;
      for (double group = node; group <= kMaxReplicaGpus; group += node) {
        if (std::fmod(group, tp) != 0 || group / tp < 2) continue;
        add({tp, 1, group / tp, true});
      }
    }
  }
  return out;
}

FleetSearch search_fleet(const ServingInputs& in, const FleetRequest& request) {
  FleetSearch result;
  std::vector<FleetOption> ranked;
  for (const ServingLayout& layout : fleet_layouts(in, request)) {
    ranked.push_back(evaluate_fleet_option(in, request, layout));
  }
  result.evaluated = static_cast<double>(ranked.size());
  std::sort(ranked.begin(), ranked.end(), better);
  if (ranked.empty() || !ranked.front().fits) return result;
  result.found = true;
  result.best = ranked.front();
  result.slo_met = result.best.meets_slo;
  for (std::size_t i = 1; i < ranked.size() && result.alternatives.size() < kAlternatives; ++i) {
    if (ranked[i].fits) result.alternatives.push_back(ranked[i]);
  }
  return result;
}

}  // namespace llm_sizer
