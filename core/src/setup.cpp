// The model, the accelerator and the precision recipe of a plan: presets looked up, overrides
// applied, the article's parameter count decided (resolve.hpp).
#include <cmath>
#include <limits>

#include "llm_sizer/accelerator.hpp"
#include "llm_sizer/model.hpp"
#include "llm_sizer/number_format.hpp"
#include "llm_sizer/precision.hpp"
#include "resolver.hpp"

namespace llm_sizer::detail {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kDefaultGpusPerNode = 8;  // the article's 8-GPU NVLink server (section 2.2.2)
// A given parameter count may differ this much from the architecture's own count: published
// headline figures are rounded (GPT-3's 175 × 10⁹ is 174.6 × 10⁹ counted; Llama 3.1 70B's
// 70 × 10⁹ is 70.55 × 10⁹). More than that is a different model.
constexpr double kParamsTolerance = 0.05;

Issue unknown_id(std::string code, std::string field, const std::string& value) {
  return {std::move(code), std::move(field), Severity::kError, {{"value", value}}};
}

// The architecture's numeric inputs as data: the plan member that overrides it and the
// architecture member it sets (a table, so that each is one row of data rather than a copy of
// the same code: resolve() is on the page's first download).
struct ArchNumber {
  std::string_view field;
  std::optional<double> Plan::*plan;
  int Architecture::*as_int;
  double Architecture::*as_double;
  bool Architecture::*as_flag;
};

constexpr ArchNumber kArchNumbers[] = {
    {"layers", &Plan::arch_layers, &Architecture::layers, nullptr, nullptr},
    {"hidden", &Plan::arch_hidden, nullptr, &Architecture::hidden, nullptr},
    {"heads", &Plan::arch_heads, &Architecture::heads, nullptr, nullptr},
    {"kv_heads", &Plan::arch_kv_heads, &Architecture::kv_heads, nullptr, nullptr},
    {"head_dim", &Plan::arch_head_dim, nullptr, &Architecture::head_dim, nullptr},
    {"ffn", &Plan::arch_ffn, nullptr, &Architecture::ffn, nullptr},
    {"vocab", &Plan::arch_vocab, nullptr, &Architecture::vocab, nullptr},
    {"tied_embeddings", &Plan::arch_tied_embeddings, nullptr, nullptr,
     &Architecture::tied_embeddings},
    {"max_positions", &Plan::arch_max_positions, nullptr, &Architecture::max_positions, nullptr},
    {"qkv_bias", &Plan::arch_qkv_bias, nullptr, nullptr, &Architecture::qkv_bias},
    {"linear_bias", &Plan::arch_linear_bias, nullptr, nullptr, &Architecture::linear_bias},
    {"layer_norms", &Plan::arch_layer_norms, &Architecture::layer_norms, nullptr, nullptr},
    {"qk_norm", &Plan::arch_qk_norm, nullptr, nullptr, &Architecture::qk_norm},
    {"qk_norm_full", &Plan::arch_qk_norm_full, nullptr, nullptr, &Architecture::qk_norm_full},
    {"glu_clamp", &Plan::arch_glu_clamp, nullptr, nullptr, &Architecture::glu_clamp},
    {"dropout", &Plan::arch_dropout, nullptr, nullptr, &Architecture::dropout},
    {"moe_experts", &Plan::arch_moe_experts, &Architecture::moe_experts, nullptr, nullptr},
    {"moe_top_k", &Plan::arch_moe_top_k, &Architecture::moe_top_k, nullptr, nullptr},
    {"moe_shared_experts", &Plan::arch_moe_shared_experts, &Architecture::moe_shared_experts,
     nullptr, nullptr},
    {"moe_ffn", &Plan::arch_moe_ffn, nullptr, &Architecture::moe_ffn, nullptr},
    {"moe_dense_layers", &Plan::arch_moe_dense_layers, &Architecture::moe_dense_layers, nullptr,
     nullptr},
    {"moe_layer_period", &Plan::arch_moe_layer_period, &Architecture::moe_layer_period, nullptr,
     nullptr},
    {"moe_router_groups", &Plan::arch_moe_router_groups, &Architecture::moe_router_groups, nullptr,
     nullptr},
    {"moe_router_group_topk", &Plan::arch_moe_router_group_topk,
     &Architecture::moe_router_group_topk, nullptr, nullptr},
    {"q_lora_rank", &Plan::arch_q_lora_rank, nullptr, &Architecture::q_lora_rank, nullptr},
    {"kv_lora_rank", &Plan::arch_kv_lora_rank, nullptr, &Architecture::kv_lora_rank, nullptr},
    {"qk_nope_dim", &Plan::arch_qk_nope_dim, nullptr, &Architecture::qk_nope_dim, nullptr},
    {"qk_rope_dim", &Plan::arch_qk_rope_dim, nullptr, &Architecture::qk_rope_dim, nullptr},
    {"v_head_dim", &Plan::arch_v_head_dim, nullptr, &Architecture::v_head_dim, nullptr},
    {"sliding_window", &Plan::arch_sliding_window, nullptr, &Architecture::sliding_window, nullptr},
    {"sliding_window_layers", &Plan::arch_sliding_window_layers,
     &Architecture::sliding_window_layers, nullptr, nullptr},
};

double arch_value(const ArchNumber& n, const Architecture& a) {
  if (n.as_int) return a.*n.as_int;
  if (n.as_flag) return a.*n.as_flag ? 1 : 0;
  return n.field == "head_dim" ? a.qk_head_dim() : a.*n.as_double;
}

// Architecture overrides: every given field replaces the preset's value.
void apply_overrides(Resolver& r, Architecture& a) {
  const Plan& p = r.plan();
  for (const auto& n : kArchNumbers) {
    const std::optional<double>& v = p.*n.plan;
    if (!r.given(n.field, v)) continue;
    if (n.as_int) a.*n.as_int = static_cast<int>(*v);
    if (n.as_double) a.*n.as_double = *v;
    if (n.as_flag) a.*n.as_flag = *v != 0;
  }
  if (!r.refused("ffn_kind")) {
    if (p.arch_ffn_kind == "gelu") a.ffn_kind = FfnKind::kGelu;
    if (p.arch_ffn_kind == "swiglu") a.ffn_kind = FfnKind::kSwiglu;
  }
  if (!r.refused("positions")) {
    if (p.arch_positions == "rotary") a.positions = PositionKind::kRotary;
    if (p.arch_positions == "learned") a.positions = PositionKind::kLearned;
    if (p.arch_positions == "alibi") a.positions = PositionKind::kAlibi;
  }
  if (!r.refused("norm")) {
    if (p.arch_norm == "rmsnorm") a.norm = NormKind::kRmsNorm;
    if (p.arch_norm == "layernorm") a.norm = NormKind::kLayerNorm;
  }
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
  // Megatron's group_limited_topk views the experts as G equal groups and sums each group's
  // best k/g scores: G must divide the experts, g at most G and dividing k.
  if (a.is_moe() && a.moe_router_groups > 1 &&
      (a.moe_experts % a.moe_router_groups != 0 || a.moe_router_group_topk <= 0 ||
       a.moe_router_group_topk > a.moe_router_groups ||
       a.moe_top_k % a.moe_router_group_topk != 0)) {
    return "moe_router_group_topk";
  }
  if (a.is_mla() && (a.qk_nope_dim + a.qk_rope_dim <= 0 || a.v_head_dim <= 0)) {
    return "v_head_dim";
  }
  return {};
}

// The preset's architecture fields shown as what an input left empty resolves to.
void record_architecture(Resolver& r, const Architecture& a, InputSource source) {
  const Plan& p = r.plan();
  for (const auto& n : kArchNumbers) {
    if (!(p.*n.plan)) r.record(n.field, source, arch_value(n, a));
  }
  if (p.arch_ffn_kind.empty()) {
    r.record("ffn_kind", source, kNaN, std::string(ffn_kind_id(a.ffn_kind)));
  }
  if (p.arch_positions.empty()) {
    r.record("positions", source, kNaN, std::string(position_kind_id(a.positions)));
  }
  if (p.arch_norm.empty()) r.record("norm", source, kNaN, std::string(norm_kind_id(a.norm)));
}

// N for the article: a given count (if it agrees with the architecture), the preset's headline
// count while its architecture is unchanged, else what the architecture counts.
void resolve_params(Resolver& r, ResolvedSetup& s, const ModelPreset* preset,
                    bool architecture_changed) {
  const Plan& p = r.plan();
  if (r.given("params", p.params)) {
    const double given = *p.params;
    if (s.has_architecture &&
        std::fabs(given - s.counts.total) > kParamsTolerance * s.counts.total) {
      r.refuse({"params_conflicts_architecture",
                "params",
                Severity::kError,
                {{"value", format_readable(given)},
                 {"counted", format_readable(s.counts.total)},
                 {"percent", format_readable(kParamsTolerance * 100)}}});
      s.params = kNaN;
      return;
    }
    r.record("params", InputSource::kGiven, given);
    s.params = given;
    return;
  }
  if (p.params) {  // given but refused by validation
    s.params = kNaN;
    return;
  }
  if (preset != nullptr && !architecture_changed) {
    s.params = preset->nominal_params;
    r.record("params", InputSource::kPreset, s.params);
  } else if (s.has_architecture) {
    s.params = s.counts.total;
    r.record("params", InputSource::kAutomatic, s.params);
  } else if (preset == nullptr && p.model == kCustomId) {
    r.add({"params_required", "params", Severity::kError, {}});
    s.params = kNaN;
  } else {
    s.params = kNaN;
  }
}

void resolve_model(Resolver& r, ResolvedSetup& s) {
  const Plan& p = r.plan();
  const ModelPreset* preset = nullptr;
  if (p.model == kCustomId) {
    s.model_name = p.model_name;
  } else if ((preset = find_model(p.model)) != nullptr) {
    s.model_name = preset->name;
    s.arch = preset->architecture;
  } else {
    r.refuse(unknown_id("unknown_model", "model", p.model));
    s.model_unknown = true;
  }
  const Architecture before = s.arch;
  apply_overrides(r, s.arch);
  const bool changed = !(s.arch == before);
  const bool described = (preset != nullptr && preset->has_architecture()) ||
                         s.arch.layers != before.layers || s.arch.hidden != before.hidden;
  if (described) {
    const std::string problem = architecture_problem(s.arch);
    if (problem.empty()) {
      s.has_architecture = true;
      s.counts = count_params(s.arch);
    } else {
      r.add({"architecture_incomplete", problem, Severity::kWarning, {}});
    }
  }
  if (preset != nullptr && preset->has_architecture()) {
    record_architecture(r, preset->architecture, InputSource::kPreset);
  }
  resolve_params(r, s, preset, changed);
}

void resolve_accelerator(Resolver& r, ResolvedSetup& s) {
  const Plan& p = r.plan();
  const Accelerator* accelerator = find_accelerator(p.accelerator);
  if (accelerator == nullptr && p.accelerator != kCustomId) {
    r.refuse(unknown_id("unknown_accelerator", "accelerator", p.accelerator));
  }
  if (accelerator == nullptr && p.accelerator == kCustomId && !p.card_memory_gb) {
    r.add({"card_memory_required", "card_memory_gb", Severity::kError, {}});
  }
  const auto preset = [&](std::optional<double> Accelerator::*member) {
    return accelerator && (accelerator->*member) ? *(accelerator->*member) : kNaN;
  };
  const auto figure = [&](std::string_view field, const std::optional<double>& value,
                          double fallback) {
    return r.number(field, value, fallback, InputSource::kPreset);
  };
  s.accelerator_name = accelerator ? accelerator->name : p.accelerator_name;
  s.accelerator_confidence = accelerator ? accelerator->confidence : "";
  s.card_memory_gb =
      figure("card_memory_gb", p.card_memory_gb, accelerator ? accelerator->memory_gb : kNaN);
  // The full model's capacity: what the driver reports for a preset (the catalog's byte count);
  // a memory the plan gives is taken at its word (GB = 10⁹ bytes).
  if (p.card_memory_gb || accelerator == nullptr) {
    s.card_capacity_gb = s.card_memory_gb;
    s.card_capacity_source = p.card_memory_gb ? "given" : "nominal";
  } else {
    s.card_capacity_gb = capacity_bytes_or_nominal(*accelerator) / 1e9;
    s.card_capacity_source = accelerator->capacity_bytes ? "driver" : "nominal";
  }
  s.card_capacity_gib = s.card_capacity_gb * 1e9 / 1073741824.0;
  s.gpus_per_node = figure("gpus_per_node", p.gpus_per_node, preset(&Accelerator::gpus_per_node));
  if (!p.gpus_per_node && !(s.gpus_per_node > 0)) {
    s.gpus_per_node = kDefaultGpusPerNode;
    r.record("gpus_per_node", InputSource::kDefault, s.gpus_per_node);
    // An unknown id has its own error: the figures it lacks are that error's, not warnings more.
    if (!r.refused("accelerator")) {
      r.add({"gpus_per_node_assumed",
             "gpus_per_node",
             Severity::kWarning,
             {{"value", format_shortest(kDefaultGpusPerNode)}}});
    }
  }
  // Smaller than a node is a real box too: H100 NVL cards are bridged in pairs, the rest of the
  // server reached over PCIe (then the inter-node bandwidth is that path's).
  s.nvlink_domain_gpus =
      figure("nvlink_domain_gpus", p.nvlink_domain_gpus, preset(&Accelerator::nvlink_domain_gpus));
  if (!(s.nvlink_domain_gpus > 0)) {  // no preset figure, or refused (its issue says so)
    s.nvlink_domain_gpus = s.gpus_per_node;
    if (!p.nvlink_domain_gpus) {
      r.record("nvlink_domain_gpus", InputSource::kAutomatic, s.nvlink_domain_gpus);
    }
  }
  s.bf16_tflops = figure("bf16_tflops", p.bf16_tflops, preset(&Accelerator::bf16_dense_tflops));
  s.fp8_tflops = figure("fp8_tflops", p.fp8_tflops, preset(&Accelerator::fp8_dense_tflops));
  s.hbm_bandwidth_tbps =
      figure("hbm_bandwidth_tbps", p.hbm_bandwidth_tbps, preset(&Accelerator::hbm_bandwidth_tbps));
  s.intra_node_bandwidth_gbps = figure("intra_node_bandwidth_gbps", p.intra_node_bandwidth_gbps,
                                       preset(&Accelerator::intra_node_bandwidth_gbps));
  s.inter_node_bandwidth_gbps = figure("inter_node_bandwidth_gbps", p.inter_node_bandwidth_gbps,
                                       preset(&Accelerator::inter_node_bandwidth_gbps));
  s.power_w = figure("power_w", p.power_w, preset(&Accelerator::power_w));
  s.price_per_gpu_hour =
      figure("price_per_gpu_hour", p.price_per_gpu_hour, preset(&Accelerator::price_per_hour_usd));
  s.host_link_gbps =
      figure("host_link_gbps", p.host_link_gbps, preset(&Accelerator::host_link_gbps));
}

void resolve_recipe(Resolver& r, ResolvedSetup& s) {
  const Plan& p = r.plan();
  const Recipe* recipe = r.refused("recipe") ? nullptr : find_recipe(p.recipe);
  s.recipe = recipe ? p.recipe : "";
  r.record("recipe",
           field_is_default(*find_field_by_id("recipe"), p) ? InputSource::kDefault
                                                            : InputSource::kGiven,
           kNaN, s.recipe);
  // Gradients accumulated and reduced in bf16 (Megatron-LM's --grad-reduce-in-bf16, Megatron-Core's
  // grad_reduce_in_fp32 = False, Apex's grad_sync_dtype = bf16): a recipe's fp32 main gradients
  // of bf16 (or fp8) weights take 2 bytes, in memory and on the wire.
  const bool bf16_grads = r.number("grad_reduce_bf16", p.grad_reduce_bf16, 0) == 1;
  if (recipe != nullptr) {
    const bool applies = recipe->grad_bytes > 2 && recipe->weight_bytes <= 2;
    s.grad_reduce_bf16 = bf16_grads && applies;
    s.weight_bytes = recipe->weight_bytes + recipe->weight_copy_bytes;
    s.grad_bytes = s.grad_reduce_bf16 ? 2 : recipe->grad_bytes;
    s.optimizer_bytes = recipe->master_bytes + recipe->optimizer_bytes;
    if (bf16_grads && !applies) {
      r.add({"grad_reduce_bf16_unused", "grad_reduce_bf16", Severity::kWarning, {}});
    }
  }
  const double recipe_total = s.weight_bytes + s.grad_bytes + s.optimizer_bytes;
  s.bytes_per_param = r.number("bytes_per_param", p.bytes_per_param, recipe ? recipe_total : kNaN,
                               InputSource::kAutomatic);
}

}  // namespace

void resolve_setup(Resolver& r, ResolvedPlan& out) {
  resolve_model(r, out.setup);
  resolve_accelerator(r, out.setup);
  resolve_recipe(r, out.setup);
}

}  // namespace llm_sizer::detail
