#include "llm_sizer/serving_layout.hpp"

#include <algorithm>
#include <cmath>

namespace llm_sizer {

double routed_expert_params(const ServingInputs& in) {
  const Architecture& a = in.arch;
  if (!a.is_moe()) return 0;
  return a.moe_layer_count() * a.moe_experts * in.counts.expert;
}

double stage_layers(const ServingInputs& in, double pp) {
  return std::ceil(in.arch.layers / std::max(pp, 1.0));
}

LayoutWeights layout_weights(const ServingInputs& in, const ServingLayout& layout) {
  const Architecture& a = in.arch;
  LayoutWeights w;
  // weights_per_card already shards everything but the replicated parts over tp; the routed
  // experts are taken out of it and spread over the whole MoE group instead.
  const WeightsPerCard tp_card = weights_per_card(in, layout.tp);
  const double experts = routed_expert_params(in);
  const double share = stage_layers(in, layout.pp) / a.layers;
  const double layer_params = tp_card.split_params - experts / layout.tp +
                              tp_card.replicated_params + tp_card.kv_replica_params;
  w.layer_bytes = layer_params * share * in.weight_bits / 8;
  w.expert_bytes = experts * share / layout.moe_group() * in.weight_bits / 8;
  // One pipeline stage keeps the embedding, the last the LM head (with tied embeddings a copy of
  // the same matrix when they are different stages); without pipelining one card keeps both.
  const double embedding = in.counts.embedding;
  const double head = a.tied_embeddings ? a.vocab * a.hidden : in.counts.lm_head;
  const double stage_vocab =
      layout.pp > 1 ? std::max(embedding, head) : in.counts.embedding + in.counts.lm_head;
  w.embedding_bytes = stage_vocab / layout.tp * in.embedding_bits / 8;
  w.bytes = w.layer_bytes + w.expert_bytes + w.embedding_bytes;
  return w;
}

double layout_kv_bytes_per_sequence(const ServingInputs& in, const ServingLayout& layout,
                                    double context, bool paged) {
  return kv_bytes_per_sequence_card(in, layout.tp, context, paged) * stage_layers(in, layout.pp) /
         in.arch.layers;
}

double layout_kv_bytes_per_token(const ServingInputs& in, const ServingLayout& layout) {
  return kv_bytes_per_token_layer(in, layout.tp) * stage_layers(in, layout.pp);
}

bool serving_layout_valid(const Architecture& arch, const ServingLayout& layout) {
  const auto whole = [](double v) { return v >= 1 && v == std::floor(v); };
  if (!whole(layout.tp) || !whole(layout.pp) || !whole(layout.dp)) return false;
  if (!serving_tp_valid(arch, layout.tp) || layout.pp > arch.layers) return false;
  if (layout.dp > 1 && !arch.is_moe()) return false;
  if (layout.ep && !arch.is_moe()) return false;
  // Expert parallelism needs at least one whole expert on every card.
  return !layout.ep || layout.moe_group() <= arch.moe_experts;
}

}  // namespace llm_sizer
