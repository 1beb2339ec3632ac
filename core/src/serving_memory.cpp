#include "llm_sizer/serving_memory.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "llm_sizer/units.hpp"

namespace llm_sizer {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Widths (elements per token) of the attention projections one card computes.
double attention_width(const Architecture& a, double tp) {
  const double q = a.heads * a.qk_head_dim() / tp;
  if (a.is_mla()) {
    // The latent and rope key, then the per-head nope keys and values up-projected for prefill.
    return q + a.kv_lora_rank + a.qk_rope_dim + a.heads / tp * (a.qk_nope_dim + a.v_head_dim) +
           a.heads * a.v_head_dim / tp;
  }
  return 2 * q + 2 * kv_heads_per_card(a, tp) * a.qk_head_dim();
}

// Elements per token of one card's FFN at its peak (dense layers and MoE layers both count).
double ffn_width(const Architecture& a, const ServingLayout& layout) {
  double width = a.ffn > 0 ? 3 * a.ffn / layout.tp : 0;
  if (a.is_moe()) {
    const double tp_moe = layout.ep ? 1 : layout.moe_group();
    const double n = 2 * a.moe_ffn / tp_moe;
    const double pairs_per_token =
        a.moe_top_k * (layout.ep ? 1 / layout.tp : layout.dp);  // per local token
    const double shared = 3 * a.moe_shared_experts * a.moe_ffn / layout.tp;
    width = std::max(width, pairs_per_token * (n + n / 2 + a.hidden) + shared);
  }
  return width;
}

}  // namespace

ProfileActivation profile_activation(const ServingInputs& in, const ServingLayout& layout,
                                     double tokens, double sequences,
                                     double sampler_bytes_per_logit) {
  const Architecture& a = in.arch;
  ProfileActivation p;
  p.tokens = tokens;
  p.element_bytes = in.activation_bytes;
  p.attention_width = attention_width(a, layout.tp);
  p.ffn_width = ffn_width(a, layout);
  const double forward =
      tokens * p.element_bytes * (4 * a.hidden + std::max(p.attention_width, p.ffn_width));
  p.rows = std::min(sequences, tokens);
  p.sampler_bytes_per_logit = sampler_bytes_per_logit;
  const double sampler = p.rows * a.vocab * (p.element_bytes + sampler_bytes_per_logit);
  p.bytes = std::max(forward, sampler);
  return p;
}

CardBudget engine_card_budget(const ServingInputs& in, const ServingLayout& layout,
                              const EngineSettings& e) {
  CardBudget c;
  const EngineProfile& p = *e.profile;
  c.total_bytes = e.total_bytes;
  c.weights_bytes = layout_weights(in, layout).bytes;
  // Each DP rank profiles its own token budget; SGLang divides its chunk over the DP ranks.
  double tokens = e.max_batched_tokens;
  if (p.kv_rule == KvBudgetRule::kStaticFraction && layout.dp > 1) tokens /= layout.dp;
  const double seqs = std::isfinite(e.max_num_seqs) ? e.max_num_seqs : tokens;
  c.activation = profile_activation(in, layout, tokens, seqs, p.sampler_bytes_per_logit);
  c.activation_bytes = c.activation.bytes;
  c.non_torch_bytes =
      std::isfinite(e.non_torch_bytes)
          ? e.non_torch_bytes
          : gib_to_bytes(layout.tp > 1 || layout.dp > 1 ? p.non_torch_tp_gib : p.non_torch_gib);
  c.encoder_bytes = e.encoder_reserve_bytes;
  c.cuda_graph_bytes = gib_to_bytes(p.cuda_graph_gib);
  c.cuda_context_bytes = gib_to_bytes(p.cuda_context_gib);
  double fraction = e.memory_fraction;
  if (!e.fraction_given && p.kv_rule == KvBudgetRule::kStaticFraction) {
    fraction = sglang_mem_fraction_static(e.smi_mib, e.max_batched_tokens, layout.tp * layout.dp,
                                          layout.pp, layout.dp, layout.dp > 1, in.arch.is_mla());
  }
  c.fraction = fraction;
  const double others = c.activation_bytes + c.non_torch_bytes + c.encoder_bytes;
  switch (p.kv_rule) {
    case KvBudgetRule::kFractionOfTotal:
      c.requested_bytes = fraction * c.total_bytes;
      c.kv_bytes = c.requested_bytes - c.weights_bytes - others;
      c.reserve_bytes = c.total_bytes - c.requested_bytes;
      c.headroom_bytes = c.reserve_bytes - c.cuda_graph_bytes - c.cuda_context_bytes;
      break;
    case KvBudgetRule::kStaticFraction:
      // profile_max_num_token: the pool is what the weights leave of f × the memory that was
      // free before they were loaded (the card less its CUDA context and communicators).
      c.requested_bytes = fraction * (c.total_bytes - c.cuda_context_bytes - c.non_torch_bytes);
      c.kv_bytes = c.requested_bytes - c.weights_bytes - c.encoder_bytes;
      c.reserve_bytes = c.total_bytes - c.requested_bytes;
      c.headroom_bytes = c.reserve_bytes - c.activation_bytes - c.non_torch_bytes -
                         c.cuda_graph_bytes - c.cuda_context_bytes;
      break;
    case KvBudgetRule::kFractionOfFree: {
      const double free_bytes =
          c.total_bytes - c.weights_bytes - others - c.cuda_graph_bytes - c.cuda_context_bytes;
      c.kv_bytes = fraction * free_bytes;
      c.requested_bytes = c.total_bytes - (1 - fraction) * free_bytes;
      c.reserve_bytes = (1 - fraction) * free_bytes;
      c.headroom_bytes = c.reserve_bytes;
      break;
    }
  }
  const double per_token = layout_kv_bytes_per_token(in, layout);
  const double block = e.block_tokens > 0 ? e.block_tokens : 1;
  c.kv_tokens =
      c.kv_bytes > 0 && per_token > 0 ? std::floor(c.kv_bytes / (per_token * block)) * block : 0;
  c.max_num_seqs = e.max_num_seqs;
  if (!std::isfinite(c.max_num_seqs)) c.max_num_seqs = kNaN;
  return c;
}

double layout_max_concurrency(const ServingInputs& in, const ServingLayout& layout,
                              const CardBudget& budget, double context) {
  const double per_sequence = layout_kv_bytes_per_sequence(in, layout, context, true);
  if (!std::isfinite(budget.kv_bytes) || !std::isfinite(per_sequence) || per_sequence <= 0) {
    return kNaN;
  }
  if (budget.kv_bytes <= 0) return 0;
  double sequences = std::floor(budget.kv_bytes / per_sequence);
  if (std::isfinite(budget.max_num_seqs)) sequences = std::min(sequences, budget.max_num_seqs);
  return sequences;
}

}  // namespace llm_sizer
