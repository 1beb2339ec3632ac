#include "llm_sizer/resolve.hpp"

#include <cmath>
#include <limits>

#include "llm_sizer/layout_rules.hpp"
#include "llm_sizer/number_format.hpp"
#include "llm_sizer/plan_fields.hpp"
#include "resolver.hpp"

namespace llm_sizer {
namespace detail {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

}  // namespace

void resolve_article(Resolver& r, ResolvedPlan& out) {
  const Plan& p = r.plan();
  const ResolvedSetup& s = out.setup;
  ArticleInputs& in = out.article;
  in.params = s.params;
  in.bytes_per_param = s.bytes_per_param;
  in.weight_bytes = s.weight_bytes;
  in.grad_bytes = s.grad_bytes;
  in.optimizer_bytes = s.optimizer_bytes;
  in.card_memory_gb = s.card_memory_gb;
  in.gpus_per_node = s.gpus_per_node;
  in.nvlink_domain_gpus = s.nvlink_domain_gpus;
  in.safety_factor = r.refused("safety_factor") ? kNaN : p.safety_factor;
  r.record("safety_factor",
           field_is_default(*find_field_by_id("safety_factor"), p) ? InputSource::kDefault
                                                                   : InputSource::kGiven,
           in.safety_factor);
  // One precision drives both inference panels: the article's b_w is the serving format's unless
  // given, and a given one that differs is said (it applies to the article's method only).
  const InferenceSettings& serving = out.serving.settings;
  const double format_bytes = serving.weight_bits / 8;
  in.weight_bytes_per_param = r.number("weight_bytes_per_param", p.weight_bytes_per_param,
                                       format_bytes, InputSource::kAutomatic);
  if (r.given("weight_bytes_per_param", p.weight_bytes_per_param) && std::isfinite(format_bytes) &&
      *p.weight_bytes_per_param != format_bytes) {
    r.add({"weight_bytes_article_only",
           "weight_bytes_per_param",
           Severity::kWarning,
           {{"value", format_shortest(*p.weight_bytes_per_param)},
            {"format", serving.weights},
            {"format_bytes", format_readable(format_bytes)}}});
  }

  // TP: given (whole heads on every rank), or the automatic rule.
  const Architecture& a = s.arch;
  if (r.given("tp", p.tp)) {
    in.tp = *p.tp;
    in.tp_given = true;
    if (s.has_architecture) {
      LayoutProposal l;
      l.tp = in.tp;
      l.tp_may_cross_nodes = true;
      const unsigned broken = broken_layout_rules(a, l, in.gpus_per_node) & kRuleTpDividesHeads;
      if (broken != 0) {
        for (auto& issue : layout_rule_issues(broken, a, l, in.gpus_per_node)) {
          r.refuse(std::move(issue));
        }
        in.tp = kNaN;
      }
    }
  } else if (p.tp) {
    in.tp = kNaN;  // refused by validation
  } else {
    // Within a node, and within the cluster when it is smaller than one.
    double limit = in.gpus_per_node;
    if (r.given("cluster_gpus", p.cluster_gpus) && *p.cluster_gpus < limit) {
      limit = std::floor(*p.cluster_gpus);
      in.tp_cluster = limit;
    }
    if (s.has_architecture) {
      in.tp = largest_tensor_parallel_size(a, limit);
      if (in.tp < limit) {
        in.tp_heads = a.heads;
        in.tp_kv_heads = a.is_mla() ? a.heads : a.kv_heads;
      }
    } else {
      in.tp = limit;
    }
    r.record("tp", InputSource::kAutomatic, in.tp);
  }

  // PP: given (at most one layer per stage), else the article's minimum (set by the method).
  if (r.given("pp", p.pp)) {
    in.pp = *p.pp;
    if (s.has_architecture && *p.pp > a.layers) {
      r.refuse({"pp_exceeds_layers",
                "pp",
                Severity::kError,
                {{"pp", format_readable(*p.pp)}, {"layers", format_readable(a.layers)}}});
      in.pp = kNaN;
    }
  } else if (p.pp) {
    in.pp = kNaN;
  }

  // DP: given, from the cluster, from the deadline, or one replica.
  out.cluster_gpus = r.given("cluster_gpus", p.cluster_gpus) ? *p.cluster_gpus : kNaN;
  out.deadline_days = r.given("deadline_days", p.deadline_days) ? *p.deadline_days : kNaN;
  if (p.dp) {
    out.dp_rule = DpRule::kGiven;
  } else if (p.cluster_gpus) {
    out.dp_rule = DpRule::kCluster;
  } else if (p.deadline_days) {
    out.dp_rule = DpRule::kDeadline;
  } else {
    out.dp_rule = DpRule::kSingle;
    r.record("dp", InputSource::kDefault, 1);
  }
}

}  // namespace detail

std::string_view input_source_id(InputSource source) {
  switch (source) {
    case InputSource::kGiven:
      return "given";
    case InputSource::kPreset:
      return "preset";
    case InputSource::kAutomatic:
      return "automatic";
    case InputSource::kRefused:
      return "refused";
    default:
      return "default";
  }
}

ResolvedPlan resolve(const Plan& plan) {
  ResolvedPlan out;
  out.plan = plan;
  out.issues = validate_field_ranges(plan);
  detail::Resolver r(out.plan, out.issues);
  detail::resolve_setup(r, out);
  detail::resolve_serving(r, out);
  detail::resolve_article(r, out);
  detail::resolve_training(r, out);
  out.objective = r.text("objective", plan.objective, "time");
  out.inputs = r.finish();
  return out;
}

const ResolvedInput* find_input(const ResolvedPlan& plan, std::string_view field) {
  for (const auto& input : plan.inputs) {
    if (input.field == field) return &input;
  }
  return nullptr;
}

bool input_given(const ResolvedPlan& plan, std::string_view field) {
  const ResolvedInput* input = find_input(plan, field);
  return input != nullptr && input->source == InputSource::kGiven;
}

}  // namespace llm_sizer
