#pragma once
/// One serving replica's layout across cards and nodes, and what each card of it holds.
///
/// A replica is one engine instance that serves requests: `tp` tensor-parallel cards per
/// attention rank (inside a node, or across nodes), `pp` pipeline stages, and — for MoE models —
/// `dp` data-parallel attention ranks that share one MoE layer spread over all tp × dp cards, as
/// vLLM (`--data-parallel-size` with `--enable-expert-parallel`: EP = TP × DP, fused_moe/config.py)
/// and SGLang (`--enable-dp-attention --ep-size`) deploy DeepSeek-V3/R1, Qwen3-MoE and Mixtral.
///
/// Per card (worst pipeline stage, ⌈L / pp⌉ layers of L):
///   weights  = (non-expert layer weights sharded over tp, norms/router/MLA down-projections
///               whole) × ⌈L/pp⌉/L + routed experts × ⌈L/pp⌉/L / (tp × dp) + the embedding or
///               LM head / tp
///   KV / seq = the sequence's KV at `tp` (inference.hpp) × ⌈L/pp⌉/L; each DP rank holds the KV
///               of its own sequences only (MLA's latent is not replicated across DP ranks)
/// Expert parallelism places whole experts on each card; without it every card holds a 1/(tp × dp)
/// slice of every expert. The bytes are the same; the communication differs (serving_load.hpp).

#include "llm_sizer/inference.hpp"

namespace llm_sizer {

struct ServingLayout {
  double tp = 1;
  double pp = 1;
  double dp = 1;    ///< data-parallel attention ranks inside the replica (MoE only)
  bool ep = false;  ///< experts whole on each card (expert parallelism)
  double gpus() const { return tp * pp * dp; }
  /// Cards across which the MoE layers are spread.
  double moe_group() const { return tp * dp; }
};

/// Routed-expert parameters of the whole model (every MoE layer, every expert).
double routed_expert_params(const ServingInputs& in);

/// Layers on the largest pipeline stage, ⌈L / pp⌉.
double stage_layers(const ServingInputs& in, double pp);

struct LayoutWeights {
  double layer_bytes = 0;      ///< attention, dense FFN, shared experts, norms, router
  double expert_bytes = 0;     ///< the card's routed experts (or slices of them)
  double embedding_bytes = 0;  ///< token embedding or LM head (the larger stage's)
  double bytes = 0;
};
LayoutWeights layout_weights(const ServingInputs& in, const ServingLayout& layout);

/// KV bytes one sequence of `context` tokens keeps on one card (paged: whole blocks).
double layout_kv_bytes_per_sequence(const ServingInputs& in, const ServingLayout& layout,
                                    double context, bool paged);

/// KV bytes one token adds on one card (every layer of the stage), before paging.
double layout_kv_bytes_per_token(const ServingInputs& in, const ServingLayout& layout);

/// Whether the layout can run the model: `tp` shards the attention (serving_tp_valid), `pp` ≤ L,
/// DP attention only for MoE models with more than one rank's worth of experts to spread.
bool serving_layout_valid(const Architecture& arch, const ServingLayout& layout);

}  // namespace llm_sizer
