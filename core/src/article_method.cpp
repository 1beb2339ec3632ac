#include "llm_sizer/article_method.hpp"

#include <cmath>
#include <limits>
#include <string>

#include "llm_sizer/exact_decimal.hpp"
#include "llm_sizer/layout_rules.hpp"
#include "llm_sizer/number_format.hpp"

namespace llm_sizer {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

bool known(double v) { return std::isfinite(v); }

std::string num(double v) { return format_readable(v); }

// Exact ratio of a product of decimals over another (empty optional when an input is unknown).
ExactRatio ratio(std::initializer_list<double> numerator,
                 std::initializer_list<double> denominator) {
  ExactRatio r;
  for (double v : numerator) r.times(ExactRatio::from_double(v));
  for (double v : denominator) r.divided_by(ExactRatio::from_double(v));
  return r;
}

// One replica's GPUs, "2 × 2 × 1": CP only where the plan has it, so that the article's own
// tables read as it wrote them (as do the formulas beside it).
std::string replica_factors(const ArticleTraining& t) {
  std::string s = num(t.tp);
  if (t.cp > 1) s += " × " + num(t.cp);
  return s + " × " + num(t.pp);
}

bool all_known(std::initializer_list<double> values) {
  for (double v : values) {
    if (!known(v) || v <= 0) return false;
  }
  return true;
}

// Collects derivation steps, or skips building them (and their strings) when not explaining.
class Steps {
 public:
  Steps(std::vector<DerivationStep>& out, bool explain) : out_(out), explain_(explain) {}
  template <class Make>
  void add(Make make) {
    if (explain_) out_.push_back(make());
  }

 private:
  std::vector<DerivationStep>& out_;
  bool explain_;
};

}  // namespace

ArticleTraining article_layout(const ArticleInputs& in, std::vector<Issue>& issues, bool explain) {
  ArticleTraining t;
  Steps steps(t.steps, explain);
  const double n = in.params;
  const double b = in.bytes_per_param;
  const double card = in.card_memory_gb;
  const double s = in.safety_factor;

  // 1. Model state. N × B bytes in GB is N × B / 10⁹; exact so 2100 stays 2100.
  t.model_state_gb = all_known({n, b}) ? ratio({n, b}, {1e9}).to_double() : kNaN;
  steps.add([&] {
    const bool parts_known = in.weight_bytes + in.grad_bytes + in.optimizer_bytes == b;
    std::vector<IssueParam> parts;
    if (parts_known) {
      parts = {{"weights", num(in.weight_bytes)},
               {"grads", num(in.grad_bytes)},
               {"optimizer", num(in.optimizer_bytes)}};
    }
    const char* note = !parts_known  ? "bytes_custom"
                       : in.adapters ? "bytes_adapters"
                                     : "bytes_breakdown";
    return make_step("model_state", "V_total = N × B", num(n) + " × " + num(b) + " B",
                     t.model_state_gb, "GB", note, parts);
  });

  // 2. The share of a card for model state.
  t.safe_memory_per_card_gb = all_known({card, s}) ? ratio({card, s}, {}).to_double() : kNaN;
  steps.add([&] {
    return make_step("safe_memory", "V_safe = V_card × s", num(card) + " GB × " + num(s),
                     t.safe_memory_per_card_gb, "GB");
  });

  // 3. Minimum model-parallel size (not rounded: the article shows 43.75 and 109.375).
  const bool state_known = all_known({n, b, card, s});
  t.min_model_parallel = state_known ? ratio({n, b}, {1e9, card, s}).to_double() : kNaN;
  steps.add([&] {
    return make_step("min_model_parallel", "P_model = V_total / V_safe",
                     num(t.model_state_gb) + " ÷ " + num(t.safe_memory_per_card_gb),
                     t.min_model_parallel, "");
  });

  // 4. Tensor parallel: resolved (the node's GPUs, or the largest size within it that divides
  // the heads) unless chosen.
  t.tp = in.tp;
  steps.add([&] {
    if (in.tp_given) {
      return make_step("tp", "P_TP", num(t.tp), t.tp, "", "tp_chosen",
                       {{"gpus_per_node", format_shortest(in.gpus_per_node)}});
    }
    if (in.tp_cluster > 0) {
      return make_step("tp", "P_TP = max{t ≤ G_cluster : t | a, t | a_kv}", num(t.tp), t.tp, "",
                       "tp_from_cluster",
                       {{"cluster_gpus", format_shortest(in.tp_cluster)},
                        {"gpus_per_node", format_shortest(in.gpus_per_node)}});
    }
    if (in.tp_heads > 0) {
      return make_step("tp", "P_TP = max{t ≤ G_node : t | a, t | a_kv}", num(t.tp), t.tp, "",
                       "tp_divides_heads",
                       {{"gpus_per_node", format_shortest(in.gpus_per_node)},
                        {"heads", format_shortest(in.tp_heads)},
                        {"kv_heads", format_shortest(in.tp_kv_heads)}});
    }
    return make_step("tp", "P_TP = G_node", num(t.tp), t.tp, "", "tp_from_node",
                     {{"gpus_per_node", format_shortest(in.gpus_per_node)}});
  });
  if (known(t.tp) && known(in.nvlink_domain_gpus) && t.tp > in.nvlink_domain_gpus) {
    issues.push_back({"tp_crosses_nodes",
                      "tp",
                      Severity::kWarning,
                      {{"tp", format_shortest(t.tp)},
                       {"gpus_per_node", format_shortest(in.nvlink_domain_gpus)}}});
  }

  // 5. Minimum pipeline depth, ⌈N·B / (V_card·s·P_TP)⌉ taken exactly.
  t.pp_min = state_known && all_known({t.tp}) ? ratio({n, b}, {1e9, card, s, t.tp}).ceil() : kNaN;
  steps.add([&] {
    return make_step("pp_min", "P_PP,min = ⌈P_model / P_TP⌉",
                     "⌈" + num(t.min_model_parallel) + " ÷ " + num(t.tp) + "⌉", t.pp_min, "");
  });

  // 6. The pipeline depth used: the minimum unless chosen.
  t.pp = in.pp ? *in.pp : t.pp_min;
  {
    const double per_card = all_known({t.tp, t.pp}) && known(t.model_state_gb)
                                ? ratio({n, b}, {1e9, t.tp, t.pp}).to_double()
                                : kNaN;
    std::string note = "pp_minimum";
    if (in.pp && known(t.pp_min) && known(t.pp)) {
      if (t.pp > t.pp_min) note = "pp_deeper";
      if (t.pp < t.pp_min) note = "pp_below_minimum";
    }
    const auto params = [&]() -> std::vector<IssueParam> {
      return {{"pp_min", format_shortest(t.pp_min)},
              {"state_per_card_gb", format_readable(per_card)},
              {"safe_gb", format_readable(t.safe_memory_per_card_gb)}};
    };
    if (note == "pp_below_minimum") {
      issues.push_back({"pp_below_minimum", "pp", Severity::kWarning, params()});
    }
    steps.add([&] { return make_step("pp", "P_PP", num(t.pp), t.pp, "", note, params()); });
  }

  // 7. One model replica: context parallelism splits each sequence over CP more GPUs.
  t.cp = in.cp;
  t.gpus_per_replica = t.tp * t.cp * t.pp;
  steps.add([&] {
    return make_step("gpus_per_replica", t.cp > 1 ? "P_TP × P_CP × P_PP" : "P_TP × P_PP",
                     replica_factors(t), t.gpus_per_replica, "GPUs");
  });
  return t;
}

void article_data_parallel(ArticleTraining& t, const ArticleDataParallel& in,
                           std::vector<Issue>& issues, bool explain) {
  Steps steps(t.steps, explain);
  const double replica = t.gpus_per_replica;
  // 8. Data parallel: given, or ⌊cluster / replica⌋, or from the deadline, or one replica.
  switch (in.rule) {
    case DpRule::kGiven:
      t.dp = in.dp;
      steps.add([&] { return make_step("dp", "P_DP", num(t.dp), t.dp, "", "dp_chosen"); });
      if (known(in.cluster_gpus) && known(replica) && known(t.dp) &&
          t.dp * replica > in.cluster_gpus) {
        issues.push_back({"exceeds_cluster",
                          "dp",
                          Severity::kWarning,
                          {{"total", format_shortest(t.dp * replica)},
                           {"cluster", format_shortest(in.cluster_gpus)}}});
      }
      break;
    case DpRule::kCluster: {
      const double cluster = in.cluster_gpus;
      const bool computable = known(cluster) && all_known({replica});
      const double most = computable ? std::floor(cluster / replica) : kNaN;
      // A fixed global batch needs whole micro-batches per replica: the largest DP that divides.
      t.dp = computable
                 ? data_parallel_for_cluster(cluster, replica, in.global_batch, in.micro_batch)
                 : kNaN;
      if (computable && t.dp == 0) {
        issues.push_back(
            {"cluster_too_small",
             "cluster_gpus",
             Severity::kError,
             {{"cluster", format_shortest(cluster)}, {"replica", format_shortest(replica)}}});
      }
      steps.add([&] {
        const bool stepped = known(most) && known(t.dp) && t.dp != most;
        static constexpr const char* kFormula[2][2] = {
            {"P_DP = ⌊G_cluster / (P_TP × P_PP)⌋",
             "P_DP = max{d ≤ ⌊G_cluster / (P_TP × P_PP)⌋ : b·d | B}"},
            {"P_DP = ⌊G_cluster / (P_TP × P_CP × P_PP)⌋",
             "P_DP = max{d ≤ ⌊G_cluster / (P_TP × P_CP × P_PP)⌋ : b·d | B}"}};
        return make_step("dp", kFormula[t.cp > 1][stepped],
                         "⌊" + num(cluster) + " ÷ " + num(replica) + "⌋", t.dp, "",
                         stepped ? "dp_from_cluster_batch" : "dp_from_cluster",
                         {{"cluster", format_shortest(cluster)},
                          {"idle", format_shortest(cluster - t.dp * replica)},
                          {"most", format_shortest(most)},
                          {"global_batch", format_shortest(in.global_batch)},
                          {"micro_batch", format_shortest(in.micro_batch)}});
      });
      break;
    }
    case DpRule::kDeadline:
      t.dp = in.dp;
      steps.add([&] {
        return make_step("dp", "P_DP = min{d : T(d) ≤ D}", num(t.dp), t.dp, "",
                         // Pending (the step-time model still loading): what it will be, not
                         // that no DP meets the deadline.
                         known(t.dp) || in.pending ? "dp_from_deadline" : "dp_deadline_unmet",
                         {{"deadline_days", format_readable(in.deadline_days)}});
      });
      break;
    case DpRule::kSingle:
      t.dp = 1;
      steps.add([&] { return make_step("dp", "P_DP", "1", t.dp, "", "dp_single"); });
      break;
  }

  // 9. The cluster.
  t.total_gpus = replica * t.dp;
  steps.add([&] {
    return make_step("total_gpus", t.cp > 1 ? "P_TP × P_CP × P_PP × P_DP" : "P_TP × P_PP × P_DP",
                     replica_factors(t) + " × " + num(t.dp), t.total_gpus, "GPUs");
  });
}

ArticleTraining article_training(const ArticleInputs& in, const ArticleDataParallel& dp,
                                 std::vector<Issue>& issues, bool explain) {
  ArticleTraining t = article_layout(in, issues, explain);
  article_data_parallel(t, dp, issues, explain);
  return t;
}

ArticleInference article_inference(const ArticleInputs& in, std::vector<Issue>& /*issues*/,
                                   bool explain) {
  ArticleInference r;
  Steps steps(r.steps, explain);
  const double n = in.params;
  const double w = in.weight_bytes_per_param;
  const double card = in.card_memory_gb;
  r.weights_gb = all_known({n, w}) ? ratio({n, w}, {1e9}).to_double() : kNaN;
  steps.add([&] {
    return make_step("infer_weights", "W = N × b_w", num(n) + " × " + num(w) + " B", r.weights_gb,
                     "GB");
  });
  r.min_gpus = all_known({n, w, card}) ? ratio({n, w}, {1e9, card}).ceil() : kNaN;
  steps.add([&] {
    const char* note = !known(r.min_gpus) ? ""
                       : r.min_gpus <= 1  ? "fits_one_card"
                                          : "exceeds_one_card";
    return make_step(
        "infer_min_gpus", "⌈W / V_card⌉", "⌈" + num(r.weights_gb) + " ÷ " + num(card) + "⌉",
        r.min_gpus, "GPUs", note,
        {{"weights_gb", format_readable(r.weights_gb)}, {"card_gb", format_readable(card)}});
  });
  return r;
}

}  // namespace llm_sizer
