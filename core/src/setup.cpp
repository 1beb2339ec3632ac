#include "llm_sizer/setup.hpp"

#include <limits>

#include "llm_sizer/accelerator.hpp"
#include "llm_sizer/model.hpp"
#include "llm_sizer/number_format.hpp"
#include "llm_sizer/precision.hpp"

namespace llm_sizer {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kDefaultGpusPerNode = 8;  // the article's 8-GPU NVLink server (section 2.2.2)

Issue unknown_id(std::string code, std::string field, const std::string& value) {
  return {std::move(code), std::move(field), Severity::kError, {{"value", value}}};
}

// Architecture overrides: every plan field that is set replaces the preset's value.
void apply_overrides(const Plan& p, const std::vector<Issue>& issues, Architecture& a) {
  const auto set_int = [&](std::string_view field, const std::optional<double>& v, int& out) {
    if (v && !has_error_for(issues, field)) out = static_cast<int>(*v);
  };
  const auto set_num = [&](std::string_view field, const std::optional<double>& v, double& out) {
    if (v && !has_error_for(issues, field)) out = *v;
  };
  const auto set_flag = [&](std::string_view field, const std::optional<double>& v, bool& out) {
    if (v && !has_error_for(issues, field)) out = *v != 0;
  };
  set_int("layers", p.arch_layers, a.layers);
  set_num("hidden", p.arch_hidden, a.hidden);
  set_int("heads", p.arch_heads, a.heads);
  set_int("kv_heads", p.arch_kv_heads, a.kv_heads);
  set_num("head_dim", p.arch_head_dim, a.head_dim);
  set_num("ffn", p.arch_ffn, a.ffn);
  if (p.arch_ffn_kind == "gelu") a.ffn_kind = FfnKind::kGelu;
  if (p.arch_ffn_kind == "swiglu") a.ffn_kind = FfnKind::kSwiglu;
  set_num("vocab", p.arch_vocab, a.vocab);
  set_flag("tied_embeddings", p.arch_tied_embeddings, a.tied_embeddings);
  if (p.arch_positions == "rotary") a.positions = PositionKind::kRotary;
  if (p.arch_positions == "learned") a.positions = PositionKind::kLearned;
  if (p.arch_positions == "alibi") a.positions = PositionKind::kAlibi;
  set_num("max_positions", p.arch_max_positions, a.max_positions);
  set_flag("qkv_bias", p.arch_qkv_bias, a.qkv_bias);
  set_flag("linear_bias", p.arch_linear_bias, a.linear_bias);
  if (p.arch_norm == "rmsnorm") a.norm = NormKind::kRmsNorm;
  if (p.arch_norm == "layernorm") a.norm = NormKind::kLayerNorm;
  set_flag("qk_norm", p.arch_qk_norm, a.qk_norm);
  set_flag("dropout", p.arch_dropout, a.dropout);
  set_int("moe_experts", p.arch_moe_experts, a.moe_experts);
  set_int("moe_top_k", p.arch_moe_top_k, a.moe_top_k);
  set_int("moe_shared_experts", p.arch_moe_shared_experts, a.moe_shared_experts);
  set_num("moe_ffn", p.arch_moe_ffn, a.moe_ffn);
  set_int("moe_dense_layers", p.arch_moe_dense_layers, a.moe_dense_layers);
  set_int("moe_layer_period", p.arch_moe_layer_period, a.moe_layer_period);
  set_num("q_lora_rank", p.arch_q_lora_rank, a.q_lora_rank);
  set_num("kv_lora_rank", p.arch_kv_lora_rank, a.kv_lora_rank);
  set_num("qk_nope_dim", p.arch_qk_nope_dim, a.qk_nope_dim);
  set_num("qk_rope_dim", p.arch_qk_rope_dim, a.qk_rope_dim);
  set_num("v_head_dim", p.arch_v_head_dim, a.v_head_dim);
  set_num("sliding_window", p.arch_sliding_window, a.sliding_window);
  set_int("sliding_window_layers", p.arch_sliding_window_layers, a.sliding_window_layers);
  if (a.kv_heads == 0) a.kv_heads = a.heads;
}

// An architecture a method can compute with, or the first thing that stops it.
std::string architecture_problem(const Architecture& a) {
  if (a.layers <= 0) return "layers";
  if (a.hidden <= 0) return "hidden";
  if (a.heads <= 0) return "heads";
  if (a.vocab <= 0) return "vocab";
  if (!a.is_mla() && (a.kv_heads <= 0 || a.heads % a.kv_heads != 0)) return "kv_heads";
  if (!a.is_moe() && a.ffn <= 0) return "ffn";
  if (a.is_moe() && (a.moe_top_k <= 0 || a.moe_top_k > a.moe_experts || a.moe_ffn <= 0)) {
    return "moe_top_k";
  }
  if (a.is_mla() && (a.qk_nope_dim + a.qk_rope_dim <= 0 || a.v_head_dim <= 0)) {
    return "v_head_dim";
  }
  return {};
}

}  // namespace

double plan_value(const std::vector<Issue>& issues, std::string_view field,
                  const std::optional<double>& value, double fallback) {
  if (!value) return fallback;
  return has_error_for(issues, field) ? kNaN : *value;
}

ResolvedSetup resolve_setup(const Plan& plan, std::vector<Issue>& issues) {
  ResolvedSetup s;

  // Model.
  const double params = plan_value(issues, "params", plan.params, kNaN);
  bool arch_given = false;
  if (plan.model == kCustomId) {
    s.model_name = plan.model_name;
    s.params = params;
  } else if (const ModelPreset* model = find_model(plan.model)) {
    s.model_name = model->name;
    s.params = plan.params ? params : model->nominal_params;
    s.arch = model->architecture;
    arch_given = model->has_architecture();
  } else {
    issues.push_back(unknown_id("unknown_model", "model", plan.model));
    s.params = params;
  }
  const Architecture before = s.arch;
  apply_overrides(plan, issues, s.arch);
  arch_given |= s.arch.layers != before.layers || s.arch.hidden != before.hidden;
  if (arch_given) {
    const std::string problem = architecture_problem(s.arch);
    if (problem.empty()) {
      s.has_architecture = true;
      s.counts = count_params(s.arch);
    } else {
      issues.push_back({"architecture_incomplete", problem, Severity::kWarning, {}});
    }
  }
  // A custom model described by its architecture needs no separate count for the article.
  if (plan.model == kCustomId && !plan.params) {
    if (s.has_architecture) {
      s.params = s.counts.total;
    } else {
      issues.push_back({"params_required", "params", Severity::kError, {}});
    }
  }

  // Accelerator.
  const Accelerator* accelerator = find_accelerator(plan.accelerator);
  if (accelerator == nullptr && plan.accelerator != kCustomId) {
    issues.push_back(unknown_id("unknown_accelerator", "accelerator", plan.accelerator));
  }
  if (accelerator == nullptr && plan.accelerator == kCustomId && !plan.card_memory_gb) {
    issues.push_back({"card_memory_required", "card_memory_gb", Severity::kError, {}});
  }
  const auto preset = [&](std::optional<double> Accelerator::*member) {
    return accelerator && (accelerator->*member) ? *(accelerator->*member) : kNaN;
  };
  s.accelerator_name = accelerator ? accelerator->name : plan.accelerator_name;
  s.accelerator_confidence = accelerator ? accelerator->confidence : "";
  s.card_memory_gb = plan_value(issues, "card_memory_gb", plan.card_memory_gb,
                                accelerator ? accelerator->memory_gb : kNaN);
  s.gpus_per_node =
      plan_value(issues, "gpus_per_node", plan.gpus_per_node, preset(&Accelerator::gpus_per_node));
  if (!plan.gpus_per_node && !(s.gpus_per_node > 0)) {
    s.gpus_per_node = kDefaultGpusPerNode;
    issues.push_back({"gpus_per_node_assumed",
                      "gpus_per_node",
                      Severity::kWarning,
                      {{"value", format_shortest(kDefaultGpusPerNode)}}});
  }
  s.bf16_tflops =
      plan_value(issues, "bf16_tflops", plan.bf16_tflops, preset(&Accelerator::bf16_dense_tflops));
  s.fp8_tflops =
      plan_value(issues, "fp8_tflops", plan.fp8_tflops, preset(&Accelerator::fp8_dense_tflops));
  s.hbm_bandwidth_tbps = plan_value(issues, "hbm_bandwidth_tbps", plan.hbm_bandwidth_tbps,
                                    preset(&Accelerator::hbm_bandwidth_tbps));
  s.intra_node_bandwidth_gbps =
      plan_value(issues, "intra_node_bandwidth_gbps", plan.intra_node_bandwidth_gbps,
                 preset(&Accelerator::intra_node_bandwidth_gbps));
  s.inter_node_bandwidth_gbps =
      plan_value(issues, "inter_node_bandwidth_gbps", plan.inter_node_bandwidth_gbps,
                 preset(&Accelerator::inter_node_bandwidth_gbps));
  s.power_w = plan_value(issues, "power_w", plan.power_w, preset(&Accelerator::power_w));
  s.price_per_gpu_hour = plan_value(issues, "price_per_gpu_hour", plan.price_per_gpu_hour,
                                    preset(&Accelerator::price_per_hour_usd));

  // Precision recipe and the article's bytes per parameter.
  const Recipe* recipe = find_recipe(plan.recipe);
  s.recipe = plan.recipe;
  if (recipe != nullptr) {
    s.weight_bytes = recipe->weight_bytes + recipe->weight_copy_bytes;
    s.grad_bytes = recipe->grad_bytes;
    s.optimizer_bytes = recipe->master_bytes + recipe->optimizer_bytes;
  }
  const double recipe_total = s.weight_bytes + s.grad_bytes + s.optimizer_bytes;
  s.bytes_per_param =
      plan_value(issues, "bytes_per_param", plan.bytes_per_param, recipe ? recipe_total : kNaN);
  return s;
}

}  // namespace llm_sizer
