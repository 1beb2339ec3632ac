#include "llm_sizer/report.hpp"

#include <limits>

#include "llm_sizer/json_visitor.hpp"
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

Report evaluate(const Plan& plan, EvaluateOptions options) {
  Report report;
  report.plan = plan;
  auto& issues = report.issues;
  issues = validate_field_ranges(plan);
  report.setup = resolve_setup(plan, issues);
  const ResolvedSetup& setup = report.setup;

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

  report.article_training = article_training(in, issues);
  report.article_inference = article_inference(in, issues);
  report.training = full_training(plan, setup, report.article_training, issues);
  if (options.serving) report.inference = full_inference(plan, setup, issues);
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
  } else {
    out.key("memory").null();
    fields.field("stages", full.stages);
  }
  fields.field("setup", report.setup);
  fields.field("link", encode_link(report.plan));
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
