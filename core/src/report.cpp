#include "llm_sizer/report.hpp"

#include <cmath>
#include <limits>

#include "llm_sizer/json_visitor.hpp"
#include "llm_sizer/layout_search.hpp"
#include "llm_sizer/number_format.hpp"
#include "llm_sizer/plan_codec.hpp"
#include "llm_sizer/plan_fields.hpp"

namespace llm_sizer {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// A plan number the article's method reads: NaN when validation rejected it.
std::optional<double> usable(const std::vector<Issue>& issues, std::string_view field,
                             const std::optional<double>& value) {
  if (value && has_error_for(issues, field)) return kNaN;
  return value;
}

}  // namespace

ArticleInputs article_inputs(const Plan& plan, const ResolvedSetup& setup,
                             const std::vector<Issue>& issues) {
  ArticleInputs in;
  in.params = setup.params;
  in.bytes_per_param = setup.bytes_per_param;
  in.weight_bytes = setup.weight_bytes;
  in.grad_bytes = setup.grad_bytes;
  in.optimizer_bytes = setup.optimizer_bytes;
  in.card_memory_gb = setup.card_memory_gb;
  in.safety_factor = has_error_for(issues, "safety_factor") ? kNaN : plan.safety_factor;
  in.gpus_per_node = setup.gpus_per_node;
  in.tp = usable(issues, "tp", plan.tp);
  in.pp = usable(issues, "pp", plan.pp);
  in.dp = usable(issues, "dp", plan.dp);
  in.cluster_gpus = usable(issues, "cluster_gpus", plan.cluster_gpus);
  in.weight_bytes_per_param =
      has_error_for(issues, "weight_bytes_per_param") ? kNaN : plan.weight_bytes_per_param;
  return in;
}

Report evaluate(const Plan& plan, const EvaluateOptions& options) {
  Report report;
  report.plan = plan;
  auto& issues = report.issues;
  issues = validate_field_ranges(plan);
  report.setup = resolve_setup(plan, issues);
  const ResolvedSetup& setup = report.setup;

  ArticleInputs in = article_inputs(plan, setup, issues);

  report.article_training = article_training(in, issues, options.explain);
  // The article's other direction: DP from a deadline, when neither DP nor a cluster is given.
  const double deadline = plan_value(issues, "deadline_days", plan.deadline_days, 0);
  if (options.full_models && deadline > 0 && !plan.dp && !plan.cluster_gpus &&
      setup.has_architecture) {
    // A copy of the issues so far: training_inputs must see which inputs were refused (an
    // out-of-range ZeRO stage once reached an int conversion this way; found by fuzzing).
    std::vector<Issue> scratch = issues;
    TrainingTimeInputs time;
    TrainingSettings settings;
    if (training_inputs(plan, setup, report.article_training, time, settings, scratch) &&
        std::isfinite(time.tokens) && std::isfinite(time.peak_tflops)) {
      const double dp = dp_for_deadline(time, deadline, plan.global_batch.has_value());
      if (std::isfinite(dp)) {
        in.deadline_dp = dp;
        in.deadline_days = deadline;
        std::vector<Issue> again;
        report.article_training = article_training(in, again);
      } else {
        issues.push_back({"deadline_unreachable",
                          "deadline_days",
                          Severity::kError,
                          {{"deadline_days", format_readable(deadline)}}});
      }
    } else {
      issues.push_back({"deadline_needs_tokens", "deadline_days", Severity::kWarning, {}});
    }
  }
  report.article_inference = article_inference(in, issues, options.explain);
  if (options.full_models) {
    report.training = full_training(plan, setup, report.article_training, issues);
    report.inference = full_inference(plan, setup, issues);
  }
  return report;
}

std::string training_json(const Report& report) {
  JsonWriter out;
  JsonFieldWriter fields(out);
  const auto& t = report.article_training;
  out.begin_object();
  fields.field("model_state_gb", t.model_state_gb);
  fields.field("safe_memory_per_card_gb", t.safe_memory_per_card_gb);
  fields.field("min_model_parallel", t.min_model_parallel);
  fields.field("tp", t.tp);
  fields.field("pp_min", t.pp_min);
  fields.field("pp", t.pp);
  fields.field("dp", t.dp);
  fields.field("gpus_per_replica", t.gpus_per_replica);
  fields.field("total_gpus", t.total_gpus);
  fields.field("steps", t.steps);
  fields.field("issues", report.issues);
  const auto& full = report.training;
  if (full.available) {
    fields.field("memory", full.memory);
    fields.field("stages", full.stages);
    fields.field("settings", full.settings);
    fields.field("memory_steps", full.steps);
    fields.field("fit_options", full.fit_options);
    if (full.time_available) {
      fields.field("time", full.time);
    } else {
      out.key("time").null();
    }
  } else {
    out.key("memory").null();
    fields.field("stages", full.stages);
  }
  fields.field("setup", report.setup);
  fields.field("link", encode_link(report.plan));
  out.end_object();
  return out.str() + "\n";
}

SearchReport search_plan(const Plan& plan) {
  SearchReport result;
  const Report report = evaluate(plan);
  result.issues = report.issues;
  if (!report.setup.has_architecture) return result;
  TrainingTimeInputs base;
  TrainingSettings settings;
  std::vector<Issue> scratch = report.issues;  // what validation refused stays out of the layout
  if (!training_inputs(plan, report.setup, report.article_training, base, settings, scratch)) {
    return result;
  }
  SearchOptions options;
  const double cluster = plan_value(report.issues, "cluster_gpus", plan.cluster_gpus, NAN);
  const double deadline = plan_value(report.issues, "deadline_days", plan.deadline_days, NAN);
  if (std::isfinite(cluster)) {
    options.cluster_gpus = cluster;
    options.deadline_days = NAN;
  } else if (std::isfinite(deadline) && std::isfinite(base.tokens)) {
    options.cluster_gpus = NAN;
    options.deadline_days = deadline;
  } else {
    result.issues.push_back({"search_needs_target", "cluster_gpus", Severity::kError, {}});
    return result;
  }
  if (!std::isfinite(base.peak_tflops) && !std::isfinite(base.achieved_tflops)) {
    result.issues.push_back({"peak_unknown", "bf16_tflops", Severity::kError, {}});
    return result;
  }
  options.rank_by_cost = plan.objective == "cost";
  options.fixed_global_batch = plan.global_batch.has_value();
  result.search = search_layouts(base, options);
  result.ran = true;
  if (!result.search.found) {
    result.issues.push_back({"search_nothing_fits", "", Severity::kWarning, {}});
  }
  return result;
}

std::string search_json(const SearchReport& r) {
  JsonWriter out;
  JsonFieldWriter fields(out);
  out.begin_object();
  fields.field("mode", r.search.mode);
  fields.field("evaluated", r.search.evaluated);
  fields.field("feasible", r.search.feasible);
  if (r.search.found) {
    fields.field("best", r.search.best);
  } else {
    out.key("best").null();
  }
  fields.field("top", r.search.top);
  fields.field("pareto", r.search.pareto);
  if (r.search.min_gpus_found) {
    fields.field("min_gpus", r.search.min_gpus);
  } else {
    out.key("min_gpus").null();
  }
  fields.field("issues", r.issues);
  out.end_object();
  return out.str() + "\n";
}

std::string inference_json(const Report& report) {
  JsonWriter out;
  JsonFieldWriter fields(out);
  const auto& article = report.article_inference;
  const auto& f = report.inference;
  out.begin_object();
  if (f.available) {
    fields.field("weights_gb", f.weights_gb);
    fields.field("kv_cache_gb", f.kv_cache_gb);
    fields.field("kv_bytes_per_token", f.kv_bytes_per_token);
    fields.field("overhead_gb", f.overhead_gb);
    fields.field("per_card_gb", f.per_card_gb);
    fields.field("fits", f.fits);
    fields.field("min_gpus", f.min_gpus);
    fields.field("tp", f.tp);
    fields.field("max_concurrency", f.max_concurrency);
    fields.field("replicas", f.replicas);
    fields.field("total_gpus", f.total_gpus);
    fields.field("decode_tokens_per_s", f.decode_tokens_per_s);
    fields.field("prefill_s", f.prefill_s);
  } else {
    // No architecture: the article's two numbers, and nothing the serving model would invent.
    fields.field("weights_gb", article.weights_gb);
    for (const char* key :
         {"kv_cache_gb", "kv_bytes_per_token", "overhead_gb", "per_card_gb", "fits"}) {
      out.key(key).null();
    }
    fields.field("min_gpus", article.min_gpus);
    for (const char* key :
         {"tp", "max_concurrency", "replicas", "total_gpus", "decode_tokens_per_s", "prefill_s"}) {
      out.key(key).null();
    }
  }
  fields.field("article", article);
  fields.field("steps", f.steps);
  fields.field("issues", report.issues);
  if (f.available) {
    fields.field("per_card", f.per_card);
    fields.field("throughput", f.throughput);
    fields.field("settings", f.settings);
    fields.field("curve", f.curve);
  }
  fields.field("setup", report.setup);
  fields.field("link", encode_link(report.plan));
  out.end_object();
  return out.str() + "\n";
}

}  // namespace llm_sizer
