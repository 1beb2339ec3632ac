#pragma once
/// A decoder-only transformer's architecture and the parameter counts derived from it.
///
/// Counting follows the modules of the reference implementations (Hugging Face `modeling_*.py`,
/// Megatron-LM): per layer an attention block (standard multi-head with `kv_heads` key/value heads
/// — MHA, GQA, MQA — or DeepSeek's multi-head latent attention, MLA), a feed-forward block (dense,
/// or mixture-of-experts), and its norms; then the embedding, the final norm and the LM head.
/// Checked against published counts in tests/core/architecture_test.cpp.

#include <string>
#include <string_view>

namespace llm_sizer {

enum class FfnKind {
  kGelu,    ///< two matrices, h→f→h, with a pointwise activation (GPT-2/3, GPT-NeoX, OPT)
  kSwiglu,  ///< three matrices: gate and up h→f, down f→h (Llama, Qwen, Mistral, DeepSeek)
};

enum class NormKind { kLayerNorm, kRmsNorm };

enum class PositionKind {
  kRotary,   ///< no parameters (RoPE)
  kLearned,  ///< max_positions × hidden parameters (GPT-2/3, OPT)
  kAlibi,    ///< no parameters
};

struct Architecture {
  int layers = 0;
  double hidden = 0;
  int heads = 0;
  int kv_heads = 0;     ///< key/value heads: = heads (MHA), < heads (GQA), 1 (MQA)
  double head_dim = 0;  ///< 0 means hidden / heads; explicit for Qwen3 (q dim ≠ hidden)
  double ffn = 0;       ///< intermediate size of the dense FFN
  FfnKind ffn_kind = FfnKind::kSwiglu;
  double vocab = 0;
  bool tied_embeddings = false;
  PositionKind positions = PositionKind::kRotary;
  double max_positions = 0;  ///< context length (learned positions: also a parameter count)
  bool qkv_bias = false;     ///< biases on q, k, v (Qwen2, GPT)
  bool linear_bias = false;  ///< biases on every other linear layer too (GPT-2/3, OPT, gpt-oss)
  NormKind norm = NormKind::kRmsNorm;
  bool qk_norm = false;  ///< RMSNorm on q and k after their projections (Qwen3, OLMo 2)
  bool dropout = false;  ///< trained with dropout (GPT-3: 0.1); modern LLMs use none

  // Mixture of experts; moe_experts == 0 means dense.
  int moe_experts = 0;
  int moe_top_k = 0;
  int moe_shared_experts = 0;
  double moe_ffn = 0;        ///< intermediate size of one expert
  int moe_dense_layers = 0;  ///< the first layers keep a dense FFN (DeepSeek-V3: 3)
  int moe_layer_period = 1;  ///< every n-th layer after those is MoE (1: all)
  /// Group-limited routing (DeepSeek-V2/V3's device- and node-limited routing; Megatron's
  /// moe_router_num_groups, moe_router_group_topk; Hugging Face's n_group, topk_group): the
  /// experts fall in G equal groups and a token's top-k come from the g groups whose best k/g
  /// scores sum highest. 0 (or G ≤ 1, or g ≥ G): no limit. DeepSeek-V3: G 8, g 4.
  int moe_router_groups = 0;
  int moe_router_group_topk = 0;

  // Multi-head latent attention (DeepSeek-V2/V3); kv_lora_rank == 0 means standard attention.
  double q_lora_rank = 0;  ///< 0: q is projected directly
  double kv_lora_rank = 0;
  double qk_nope_dim = 0;
  double qk_rope_dim = 0;
  double v_head_dim = 0;

  // Sliding-window attention (Mistral 7B, Gemma); 0 means every layer attends to all tokens.
  double sliding_window = 0;
  int sliding_window_layers = 0;  ///< how many layers use the window (0 with a window: all)

  // Norm layout (added last, so that the members above keep their offsets in the page's wasm).
  /// Hidden-wide norms per layer, each `hidden` weights (× 2 with LayerNorm's bias): 2 before
  /// attention and FFN (Llama) or after them (OLMo 2); 4 with post-norms too (Gemma 2/3's
  /// pre_/post_feedforward_layernorm, GLM-4's post_self_attn/post_mlp_layernorm).
  int layer_norms = 2;
  /// q/k norms over all heads at once (OLMo 2, MiniMax-M2: weights of heads × head_dim and
  /// kv_heads × head_dim) rather than one shared by every head (Qwen3: head_dim each).
  bool qk_norm_full = false;
  /// The gated FFN's two inputs clamped before its activation (gpt-oss: swiglu_limit 7, the gate
  /// from above, the linear half both ways). No parameters; it costs kernels (step_time.cpp).
  bool glu_clamp = false;

  bool operator==(const Architecture&) const = default;

  bool is_moe() const { return moe_experts > 0; }
  bool is_mla() const { return kv_lora_rank > 0; }
  /// A clamp on a gated FFN's inputs: glu_clamp means nothing on a GELU FFN, which has no gate.
  bool clamps_glu() const { return glu_clamp && ffn_kind == FfnKind::kSwiglu; }
  /// Width of one query/key head (MLA: nope + rope).
  double qk_head_dim() const;
  /// Width of one value head (MLA: v_head_dim).
  double v_dim() const;
  /// heads × qk_head_dim: the width of q (5120 → 8192 for Qwen3-32B).
  double q_width() const { return heads * qk_head_dim(); }
  /// Weights of the q and k norms of one layer: 2 × head_dim, or (heads + kv_heads) × head_dim
  /// over the full width; 0 without them.
  double qk_norm_params() const;
  /// Whether layer `index` (0-based) has an MoE FFN.
  bool layer_is_moe(int index) const;
  /// MoE layers among the layers before `index` (closed form, inline: the search calls it for
  /// every stage of every layout).
  int moe_layers_before(int index) const {
    if (!is_moe() || index <= moe_dense_layers) return 0;
    const int moe = (index < layers ? index : layers) - moe_dense_layers;
    return moe_layer_period > 1 ? moe / moe_layer_period : moe;  // no division for most models
  }
  int moe_layer_count() const;
};

/// How many linears read the attention block's normed input in Hugging Face transformers'
/// modeling code, which the PyTorch profile runs: three, q, k and v apart, as the Llama family's
/// code (Llama, Qwen, Mistral) has them. GPT-NeoX's and BLOOM's fuse them in one query_key_value
/// and MLA models read their input with two down-projections; the architecture inputs do not say
/// which code a model runs (StarCoder2 and Phi-2 share NeoX's LayerNorm and project apart), so
/// those count three as well.
inline constexpr int kHfAttentionInputLinears = 3;

/// How many linears read the FFN's normed input there: gate and up apart under SwiGLU, one fc1
/// under GELU.
inline int hf_ffn_input_linears(const Architecture& a) {
  return a.ffn_kind == FfnKind::kSwiglu ? 2 : 1;
}

/// Parameters of one part of the model. "Active" counts what one token uses (top-k experts).
struct ParamCounts {
  double attention = 0;       ///< per attention block
  double dense_ffn = 0;       ///< per dense FFN block
  double moe_ffn_total = 0;   ///< per MoE block: router + every expert + shared experts
  double moe_ffn_active = 0;  ///< per MoE block: router + top-k experts + shared experts
  double expert = 0;          ///< one routed expert
  double norms_per_layer = 0;
  double embedding = 0;  ///< token (+ learned position) embedding
  double lm_head = 0;    ///< 0 when tied to the embedding
  double final_norm = 0;
  double total = 0;
  double active = 0;
  /// Parameters in matrix multiplications per token (the 6N of training FLOPs): active minus the
  /// embedding lookup (not a matmul); the LM head is a matmul even when tied.
  double matmul_active = 0;
};

ParamCounts count_params(const Architecture& arch);

/// A short description: "GQA 64/8", "MLA", "MHA 96".
std::string attention_label(const Architecture& arch);

std::string_view ffn_kind_id(FfnKind kind);
std::string_view norm_kind_id(NormKind kind);
std::string_view position_kind_id(PositionKind kind);

/// Field names match the plan's architecture inputs (plan_fields.cpp), so a page can show a
/// preset's value as the placeholder of the input that overrides it.
template <class Visitor>
void visit_fields(Visitor& v, const Architecture& a) {
  v.field("layers", static_cast<double>(a.layers));
  v.field("hidden", a.hidden);
  v.field("heads", static_cast<double>(a.heads));
  v.field("kv_heads", static_cast<double>(a.kv_heads));
  v.field("head_dim", a.qk_head_dim());
  v.field("ffn", a.ffn);
  v.field("ffn_kind", std::string(ffn_kind_id(a.ffn_kind)));
  v.field("vocab", a.vocab);
  v.field("tied_embeddings", a.tied_embeddings);
  v.field("positions", std::string(position_kind_id(a.positions)));
  v.field("max_positions", a.max_positions);
  v.field("qkv_bias", a.qkv_bias);
  v.field("linear_bias", a.linear_bias);
  v.field("norm", std::string(norm_kind_id(a.norm)));
  v.field("layer_norms", static_cast<double>(a.layer_norms));
  v.field("qk_norm", a.qk_norm);
  v.field("qk_norm_full", a.qk_norm_full);
  v.field("glu_clamp", a.glu_clamp);
  v.field("dropout", a.dropout);
  v.field("moe_experts", static_cast<double>(a.moe_experts));
  v.field("moe_top_k", static_cast<double>(a.moe_top_k));
  v.field("moe_shared_experts", static_cast<double>(a.moe_shared_experts));
  v.field("moe_ffn", a.moe_ffn);
  v.field("moe_dense_layers", static_cast<double>(a.moe_dense_layers));
  v.field("moe_layer_period", static_cast<double>(a.moe_layer_period));
  v.field("moe_router_groups", static_cast<double>(a.moe_router_groups));
  v.field("moe_router_group_topk", static_cast<double>(a.moe_router_group_topk));
  v.field("q_lora_rank", a.q_lora_rank);
  v.field("kv_lora_rank", a.kv_lora_rank);
  v.field("qk_nope_dim", a.qk_nope_dim);
  v.field("qk_rope_dim", a.qk_rope_dim);
  v.field("v_head_dim", a.v_head_dim);
  v.field("sliding_window", a.sliding_window);
  v.field("sliding_window_layers", static_cast<double>(a.sliding_window_layers));
}

template <class Visitor>
void visit_fields(Visitor& v, const ParamCounts& c) {
  v.field("attention", c.attention);
  v.field("dense_ffn", c.dense_ffn);
  v.field("moe_ffn_total", c.moe_ffn_total);
  v.field("moe_ffn_active", c.moe_ffn_active);
  v.field("expert", c.expert);
  v.field("norms_per_layer", c.norms_per_layer);
  v.field("embedding", c.embedding);
  v.field("lm_head", c.lm_head);
  v.field("final_norm", c.final_norm);
  v.field("total", c.total);
  v.field("active", c.active);
  v.field("matmul_active", c.matmul_active);
}

}  // namespace llm_sizer
