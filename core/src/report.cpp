#include "llm_sizer/report.hpp"

#include <limits>

#include "llm_sizer/accelerator.hpp"
#include "llm_sizer/json_visitor.hpp"
#include "llm_sizer/model.hpp"
#include "llm_sizer/number_format.hpp"
#include "llm_sizer/plan_codec.hpp"
#include "llm_sizer/plan_fields.hpp"

namespace llm_sizer {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kDefaultGpusPerNode = 8;  // the article's 8-GPU NVLink server (section 2.2.2)

// The article's 12 bytes per parameter: BF16 weights, BF16 gradients, FP32 Adam m and v.
constexpr double kSeedWeightBytes = 2;
constexpr double kSeedGradBytes = 2;
constexpr double kSeedOptimizerBytes = 8;

// A number from the plan, or NaN when validation rejected it.
std::optional<double> usable(const std::vector<Issue>& issues, std::string_view field,
                             std::optional<double> value) {
  if (value && has_error_for(issues, field)) return kNaN;
  return value;
}

Issue unknown_id(std::string code, std::string field, const std::string& value) {
  return {std::move(code), std::move(field), Severity::kError, {{"value", value}}};
}

}  // namespace

Report evaluate(const Plan& plan) {
  Report report;
  report.plan = plan;
  auto& issues = report.issues;
  issues = validate_field_ranges(plan);
  auto& setup = report.setup;

  if (!plan.lang.empty() && plan.lang != "en" && plan.lang != "zh") {
    issues.push_back({"unknown_choice",
                      "lang",
                      Severity::kWarning,
                      {{"value", plan.lang}, {"choices", "en, zh"}}});
  }

  // Model.
  const auto params = usable(issues, "params", plan.params);
  if (plan.model == kCustomId) {
    setup.model_name = "";
    setup.params = params.value_or(kNaN);
    if (!params) issues.push_back({"params_required", "params", Severity::kError, {}});
  } else if (const ModelPreset* model = find_model(plan.model)) {
    setup.model_name = model->name;
    setup.params = params.value_or(model->nominal_params);
  } else {
    issues.push_back(unknown_id("unknown_model", "model", plan.model));
    setup.params = params.value_or(kNaN);
  }

  // Accelerator.
  const auto memory = usable(issues, "card_memory_gb", plan.card_memory_gb);
  const auto node = usable(issues, "gpus_per_node", plan.gpus_per_node);
  const Accelerator* accelerator = find_accelerator(plan.accelerator);
  if (accelerator == nullptr && !(plan.accelerator == kCustomId && memory)) {
    issues.push_back(plan.accelerator == kCustomId
                         ? Issue{"card_memory_required", "card_memory_gb", Severity::kError, {}}
                         : unknown_id("unknown_accelerator", "accelerator", plan.accelerator));
  }
  setup.accelerator_name = accelerator ? accelerator->name : "";
  setup.card_memory_gb = memory.value_or(accelerator ? accelerator->memory_gb : kNaN);
  if (node) {
    setup.gpus_per_node = *node;
  } else if (accelerator && accelerator->gpus_per_node) {
    setup.gpus_per_node = *accelerator->gpus_per_node;
  } else {
    setup.gpus_per_node = kDefaultGpusPerNode;
    issues.push_back({"gpus_per_node_assumed",
                      "gpus_per_node",
                      Severity::kWarning,
                      {{"value", format_shortest(kDefaultGpusPerNode)}}});
  }

  // Bytes of model state per parameter.
  const auto bytes = usable(issues, "bytes_per_param", plan.bytes_per_param);
  setup.bytes_per_param = bytes.value_or(kSeedWeightBytes + kSeedGradBytes + kSeedOptimizerBytes);

  ArticleInputs in;
  in.params = setup.params;
  in.bytes_per_param = setup.bytes_per_param;
  in.weight_bytes = kSeedWeightBytes;
  in.grad_bytes = kSeedGradBytes;
  in.optimizer_bytes = kSeedOptimizerBytes;
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
  fields.field("setup", report.setup);
  fields.field("link", encode_link(report.plan));
  out.end_object();
  return out.str() + "\n";
}

std::string inference_json(const Report& report) {
  JsonWriter out;
  JsonFieldWriter fields(out);
  const auto& r = report.article_inference;
  out.begin_object();
  fields.field("weights_gb", r.weights_gb);
  fields.field("min_gpus", r.min_gpus);
  fields.field("steps", r.steps);
  fields.field("issues", report.issues);
  fields.field("setup", report.setup);
  fields.field("link", encode_link(report.plan));
  out.end_object();
  return out.str() + "\n";
}

}  // namespace llm_sizer
