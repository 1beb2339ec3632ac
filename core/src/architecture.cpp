#include "llm_sizer/architecture.hpp"

#include <algorithm>

namespace llm_sizer {

double Architecture::qk_head_dim() const {
  if (is_mla()) return qk_nope_dim + qk_rope_dim;
  if (head_dim > 0) return head_dim;
  return heads > 0 ? hidden / heads : 0;
}

double Architecture::qk_norm_params() const {
  if (!qk_norm) return 0;
  return qk_norm_full ? (heads + kv_heads) * qk_head_dim() : 2 * qk_head_dim();
}

double Architecture::v_dim() const { return is_mla() ? v_head_dim : qk_head_dim(); }

bool Architecture::layer_is_moe(int index) const {
  if (!is_moe() || index < moe_dense_layers) return false;
  const int period = moe_layer_period > 0 ? moe_layer_period : 1;
  return (index - moe_dense_layers) % period == period - 1;
}

int Architecture::moe_layer_count() const { return moe_layers_before(layers); }

namespace {

double norm_params(const Architecture& a, double width) {
  return a.norm == NormKind::kLayerNorm ? 2 * width : width;
}

double attention_params(const Architecture& a) {
  const double h = a.hidden;
  if (a.is_mla()) {
    // DeepSeek-V2/V3 (modeling_deepseek.py): q_a → norm → q_b (or q_proj), kv_a_proj_with_mqa
    // (latent + shared rope key), kv_a norm, kv_b (per-head nope keys and values), o_proj.
    const double q_out = a.heads * (a.qk_nope_dim + a.qk_rope_dim);
    const double q =
        a.q_lora_rank > 0 ? h * a.q_lora_rank + a.q_lora_rank + a.q_lora_rank * q_out : h * q_out;
    const double kv_a = h * (a.kv_lora_rank + a.qk_rope_dim) + a.kv_lora_rank;
    const double kv_b = a.kv_lora_rank * a.heads * (a.qk_nope_dim + a.v_head_dim);
    const double o = a.heads * a.v_head_dim * h;
    return q + kv_a + kv_b + o;
  }
  const double d = a.qk_head_dim();
  const double q = a.heads * d;
  const double kv = a.kv_heads * d;
  double params = h * q + 2 * h * kv + q * h;
  if (a.qkv_bias || a.linear_bias) params += q + 2 * kv;
  if (a.linear_bias) params += h;
  params += a.qk_norm_params();
  return params;
}

double ffn_params(const Architecture& a, double width) {
  const double h = a.hidden;
  if (a.ffn_kind == FfnKind::kSwiglu) return 3 * h * width + (a.linear_bias ? 2 * width + h : 0);
  return 2 * h * width + (a.linear_bias ? width + h : 0);
}

}  // namespace

ParamCounts count_params(const Architecture& a) {
  ParamCounts c;
  const double h = a.hidden;
  c.attention = attention_params(a);
  c.dense_ffn = a.ffn > 0 ? ffn_params(a, a.ffn) : 0;
  // MLA's latent norms and q/k norms are counted with attention.
  c.norms_per_layer = a.layer_norms * norm_params(a, h);
  if (a.is_moe()) {
    c.expert = ffn_params(a, a.moe_ffn);
    // The router is a linear layer too: with biases on every linear one, one per expert.
    const double router = (h + (a.linear_bias ? 1 : 0)) * a.moe_experts;
    const double shared = a.moe_shared_experts * c.expert;
    c.moe_ffn_total = router + a.moe_experts * c.expert + shared;
    c.moe_ffn_active = router + a.moe_top_k * c.expert + shared;
  }
  c.embedding = a.vocab * h + (a.positions == PositionKind::kLearned ? a.max_positions * h : 0);
  c.lm_head = a.tied_embeddings ? 0 : a.vocab * h;
  c.final_norm = norm_params(a, h);

  const int moe_layers = a.moe_layer_count();
  const int dense_layers = a.layers - moe_layers;
  const double per_layer_common = c.attention + c.norms_per_layer;
  const double outside = c.embedding + c.lm_head + c.final_norm;
  c.total = a.layers * per_layer_common + dense_layers * c.dense_ffn +
            moe_layers * c.moe_ffn_total + outside;
  c.active = a.layers * per_layer_common + dense_layers * c.dense_ffn +
             moe_layers * c.moe_ffn_active + outside;
  c.matmul_active = c.active - c.embedding + (a.tied_embeddings ? a.vocab * h : 0);
  return c;
}

std::string attention_label(const Architecture& a) {
  if (a.is_mla()) return "MLA";
  if (a.kv_heads == a.heads) return "MHA " + std::to_string(a.heads);
  if (a.kv_heads == 1) return "MQA " + std::to_string(a.heads) + "/1";
  return "GQA " + std::to_string(a.heads) + "/" + std::to_string(a.kv_heads);
}

std::string_view ffn_kind_id(FfnKind kind) { return kind == FfnKind::kGelu ? "gelu" : "swiglu"; }

std::string_view norm_kind_id(NormKind kind) {
  return kind == NormKind::kLayerNorm ? "layernorm" : "rmsnorm";
}

std::string_view position_kind_id(PositionKind kind) {
  switch (kind) {
    case PositionKind::kLearned:
      return "learned";
    case PositionKind::kAlibi:
      return "alibi";
    default:
      return "rotary";
  }
}

}  // namespace llm_sizer
