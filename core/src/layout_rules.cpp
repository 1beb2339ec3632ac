#include "llm_sizer/layout_rules.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "llm_sizer/number_format.hpp"
#include "llm_sizer/training_memory.hpp"

namespace llm_sizer {

LayoutProposal layout_proposal(const TrainingLayout& l, double global_batch,
                               bool tp_may_cross_nodes, bool megatron_schedule) {
  LayoutProposal p;
  p.tp = l.tp;
  p.pp = l.pp;
  p.dp = l.dp;
  p.cp = l.cp;
  p.ep = l.ep;
  p.etp = l.etp;
  p.vpp = l.vpp;
  p.micro_batch = l.micro_batch;
  p.global_batch = global_batch;
  p.seq_len = l.seq_len;
  p.stage_layers = l.stage_layers;
  p.tp_may_cross_nodes = tp_may_cross_nodes;
  p.megatron_schedule = megatron_schedule;
  return p;
}

double microbatch_group(double m, double pp, bool megatron_schedule) {
  if (!(pp >= 1) || !(m >= 1) || m != std::floor(m)) return 0;
  if (!megatron_schedule) {
    const double rounds = std::max(1.0, std::floor(m / pp));
    return is_multiple(m, rounds) ? m / rounds : 0;
  }
  if (m < pp) return 0;
  // A group is found within a few steps above PP for any M met in practice; past the bound,
  // N = M (one group, remainder 0) is always accepted.
  constexpr double kGroupsTried = 4096;
  for (double group = pp; group < m && group < pp + kGroupsTried; ++group) {
    const double rest = m - group * std::floor(m / group);
    if (rest == 0 || rest >= pp) return group;
  }
  return m;
}

namespace {

bool divides(double divisor, double value) { return is_multiple(value, divisor); }

double kv_heads_for_tp(const Architecture& a) { return a.is_mla() ? a.heads : a.kv_heads; }

std::string n(double v) { return format_readable(v); }

Issue error(std::string code, std::string field, std::vector<IssueParam> params) {
  return {std::move(code), std::move(field), Severity::kError, std::move(params)};
}

}  // namespace

std::vector<int> split_layers(int layers, int pp, std::span<const int> explicit_split) {
  if (!explicit_split.empty()) return {explicit_split.begin(), explicit_split.end()};
  if (pp <= 0 || layers < pp) return {};
  std::vector<int> split(static_cast<std::size_t>(pp), layers / pp);
  const int extra = layers % pp;  // < pp, so stages 1..extra exist
  for (int i = 1; i <= extra; ++i) ++split[static_cast<std::size_t>(i)];
  return split;
}

std::vector<int> balanced_split(int layers, int pp, double first_extra, double last_extra) {
  if (pp <= 1 || layers < pp) return {};
  // Equal stage times: every stage x layers of time, the first and last lighter by their
  // extras, so x = (layers + extras) / pp. The ends get their share rounded (at least a layer),
  // the middle stages share the rest evenly.
  const double x = (layers + first_extra + last_extra) / pp;
  const auto share = [&](double extra) {
    return std::max(1, static_cast<int>(std::lround(x - extra)));
  };
  std::vector<int> split(static_cast<std::size_t>(pp), 0);
  int first = share(first_extra);
  int last = share(last_extra);
  const int middle_stages = pp - 2;
  if (middle_stages == 0) {
    // Two stages: the split that evens them, whole layers.
    first = std::clamp(static_cast<int>(std::lround((layers + last_extra - first_extra) / 2)), 1,
                       layers - 1);
    last = layers - first;
  } else {
    const int rest = layers - first - last;
    if (rest < middle_stages) return {};
    const int base = rest / middle_stages;
    const int extra = rest % middle_stages;
    for (int i = 1; i <= middle_stages; ++i) {
      split[static_cast<std::size_t>(i)] = base + (i <= extra ? 1 : 0);
    }
  }
  split.front() = first;
  split.back() = last;
  // Only when it beats the even split (which needs no explicit split).
  const auto even = split_layers(layers, pp, {});
  const auto worst = [&](const std::vector<int>& s) {
    double w = 0;
    for (int i = 0; i < pp; ++i) {
      const auto size = static_cast<std::size_t>(i);
      w = std::max(w, s[size] + (i == 0 ? first_extra : 0) + (i == pp - 1 ? last_extra : 0));
    }
    return w;
  };
  if (split == even || !(worst(split) < worst(even) - 1e-9)) return {};
  return split;
}

std::vector<int> parse_stage_layers(std::string_view text) {
  std::vector<int> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    auto end = text.find(',', start);
    if (end == std::string_view::npos) end = text.size();
    const auto value = parse_number(text.substr(start, end - start));
    if (!value || !(*value >= 1) || *value > 1000 || *value != std::floor(*value)) return {};
    out.push_back(static_cast<int>(*value));
    start = end + 1;
  }
  return out;
}

std::string number_list(std::span<const double> values) {
  std::string out;
  for (double v : values) out += (out.empty() ? "" : ", ") + n(v);
  return out;
}

double data_parallel_for_cluster(double cluster, double replica, double global_batch,
                                 double micro_batch) {
  double dp = std::floor(cluster / replica);
  if (!std::isfinite(dp)) return dp;
  if (std::isfinite(global_batch) && global_batch > 0 && micro_batch >= 1) {
    // Divisors of the batch's micro-batch count, largest first below ⌊cluster / replica⌋.
    const double microbatches = global_batch / micro_batch;
    if (microbatches != std::floor(microbatches)) return 0;
    while (dp >= 1 && !is_multiple(microbatches, dp)) dp -= 1;
  }
  return std::max(dp, 0.0);
}

std::vector<double> valid_tensor_parallel_sizes(const Architecture& a, double limit) {
  std::vector<double> sizes;
  const int kv = static_cast<int>(kv_heads_for_tp(a));
  if (a.heads <= 0 || kv <= 0) return sizes;
  const int g = std::gcd(a.heads, kv);
  for (int t = 1; t <= g && t <= limit; ++t) {
    if (g % t == 0) sizes.push_back(t);
  }
  return sizes;
}

double largest_tensor_parallel_size(const Architecture& a, double limit) {
  const auto sizes = valid_tensor_parallel_sizes(a, limit);
  return sizes.empty() ? 1 : sizes.back();
}

unsigned broken_layout_rules(const Architecture& a, const LayoutProposal& l,
                             double nvlink_domain_gpus) {
  unsigned broken = 0;
  if (!divides(l.tp, a.heads) || !divides(l.tp, kv_heads_for_tp(a))) {
    broken |= kRuleTpDividesHeads;
  }
  if (!l.tp_may_cross_nodes && l.tp > nvlink_domain_gpus) broken |= kRuleTpWithinNode;
  if (!(l.pp >= 1) || l.pp > a.layers) broken |= kRulePpWithinLayers;
  int stage_sum = 0;
  for (int layers : l.stage_layers) stage_sum += layers;
  if (!l.stage_layers.empty() &&
      (static_cast<double>(l.stage_layers.size()) != l.pp || stage_sum != a.layers)) {
    broken |= kRuleStageLayers;
  }
  if (l.vpp > 1) {
    if (l.pp < 2) broken |= kRuleVppNeedsPp;
    if (!(broken & (kRulePpWithinLayers | kRuleStageLayers))) {
      // The stage with the fewest layers: the first of the even split (split_layers), or the
      // smallest part of the plan's. Without building the split: the search asks per layout.
      const int fewest = l.stage_layers.empty()
                             ? a.layers / static_cast<int>(l.pp)
                             : *std::min_element(l.stage_layers.begin(), l.stage_layers.end());
      if (fewest < l.vpp) broken |= kRuleVppChunks;
    }
    if (std::isfinite(l.global_batch) && l.global_batch > 0 && l.micro_batch >= 1 && l.dp >= 1 &&
        l.pp >= 2) {
      const double m = l.global_batch / (l.micro_batch * l.dp);
      if (m == std::floor(m) && microbatch_group(m, l.pp, l.megatron_schedule) == 0) {
        broken |= kRuleVppMicrobatches;
      }
    }
  }
  if (a.is_moe()) {
    if (!divides(l.ep, a.moe_experts)) broken |= kRuleEpDividesExperts;
    if (!divides(l.ep * l.etp, l.dp * l.cp * l.tp)) broken |= kRuleExpertGroup;
  }
  if (std::isfinite(l.global_batch) && l.global_batch > 0 &&
      !divides(l.micro_batch * l.dp, l.global_batch)) {
    broken |= kRuleBatchDivides;
  }
  return broken;
}

std::vector<Issue> layout_rule_issues(unsigned broken, const Architecture& a,
                                      const LayoutProposal& l, double nvlink_domain_gpus) {
  std::vector<Issue> issues;
  if (broken & kRuleTpDividesHeads) {
    const auto valid = valid_tensor_parallel_sizes(a, 1e9);
    issues.push_back(error("tp_not_divisor", "tp",
                           {{"tp", n(l.tp)},
                            {"heads", n(a.heads)},
                            {"kv_heads", n(kv_heads_for_tp(a))},
                            {"valid", number_list(valid)}}));
  }
  if (broken & kRuleTpWithinNode) {
    issues.push_back(error("tp_exceeds_node", "tp",
                           {{"tp", n(l.tp)}, {"gpus_per_node", n(nvlink_domain_gpus)}}));
  }
  if (broken & kRulePpWithinLayers) {
    issues.push_back(error("pp_exceeds_layers", "pp", {{"pp", n(l.pp)}, {"layers", n(a.layers)}}));
  }
  if (broken & kRuleStageLayers) {
    std::string given;
    for (int layers : l.stage_layers) given += (given.empty() ? "" : ",") + std::to_string(layers);
    issues.push_back(error("stage_layers_invalid", "stage_layers",
                           {{"value", given}, {"pp", n(l.pp)}, {"layers", n(a.layers)}}));
  }
  if (broken & kRuleVppNeedsPp) {
    issues.push_back(error("vpp_needs_pp", "vpp", {{"vpp", n(l.vpp)}}));
  }
  if (broken & kRuleVppChunks) {
    const auto split = split_layers(a.layers, static_cast<int>(l.pp), l.stage_layers);
    const int fewest = split.empty() ? 0 : *std::min_element(split.begin(), split.end());
    issues.push_back(
        error("vpp_exceeds_layers", "vpp", {{"vpp", n(l.vpp)}, {"layers", n(fewest)}}));
  }
  if (broken & kRuleVppMicrobatches) {
    const double m = l.global_batch / (l.micro_batch * l.dp);
    issues.push_back(error(l.megatron_schedule ? "vpp_microbatches" : "vpp_microbatch_rounds",
                           "vpp", {{"vpp", n(l.vpp)}, {"pp", n(l.pp)}, {"microbatches", n(m)}}));
  }
  if (broken & kRuleEpDividesExperts) {
    std::vector<double> valid;
    for (int e = 1; e <= a.moe_experts; ++e) {
      if (a.moe_experts % e == 0) valid.push_back(e);
    }
    issues.push_back(
        error("ep_not_divisor", "ep",
              {{"ep", n(l.ep)}, {"experts", n(a.moe_experts)}, {"valid", number_list(valid)}}));
  }
  if (broken & kRuleExpertGroup) {
    issues.push_back(error("ep_group_invalid", "ep",
                           {{"ep", n(l.ep)},
                            {"etp", n(l.etp)},
                            {"group", n(l.dp * l.cp * l.tp)},
                            {"dp", n(l.dp)},
                            {"cp", n(l.cp)},
                            {"tp", n(l.tp)}}));
  }
  if (broken & kRuleBatchDivides) {
    issues.push_back(error(
        "global_batch_not_divisible", "global_batch",
        {{"global_batch", n(l.global_batch)}, {"micro_batch", n(l.micro_batch)}, {"dp", n(l.dp)}}));
  }
  return issues;
}

}  // namespace llm_sizer
