#pragma once
/// Memory of one card of a serving replica as its engine sizes it at start-up (engine_profile.hpp
/// names the rule of each engine): the weights, the activation peak the engine profiles, the
/// non-torch buffers, CUDA graphs, the engine's reserve, and what is left for the KV cache — in
/// bytes and in tokens.
///
/// The activation peak is what vLLM measures in its profile run (gpu_model_runner.py
/// profile_run): one forward pass over `max_num_batched_tokens` tokens T, then the sampler over
/// R = min(max_num_seqs, T) sequences. Per card (b bytes per activation, h hidden, f FFN width):
///   forward  = T × b × (4h + max(attention, FFN))    residual, hidden, normed input, output
///     attention = (q + 2·kv + q) widths / tp          the QKV projection and its output
///     dense FFN = 3f / tp                             gate-up output (2f) and activation (f)
///     MoE FFN   = pairs × (N + N/2 + h) / T           fused_moe's three caches, N = 2·f_e /
///     tp_moe,
///                 pairs = T × top_k (× dp without expert parallelism: the tokens of every DP
///                 rank reach every card; ÷ tp with it)
///   sampler  = R × V × (b + s)                        logits + the sampler's s bytes per logit
///   peak     = max(forward, sampler)                  (the sampler only on the last stage)

#include "llm_sizer/engine_profile.hpp"
#include "llm_sizer/serving_layout.hpp"

namespace llm_sizer {

/// An engine's settings as resolved for a plan (defaults applied, serving_settings.hpp).
struct EngineSettings {
  const EngineProfile* profile = nullptr;
  double memory_fraction = 0.9;  ///< vLLM u, SGLang f (static), TensorRT-LLM f (of free)
  bool fraction_given = false;   ///< SGLang: false = its formula decides per layout
  double max_batched_tokens = 8192;
  double max_num_seqs = 1024;  ///< NaN: the engine derives it from its pool (SGLang)
  double block_tokens = 16;
  double non_torch_bytes = 0;  ///< NaN: the profile's, by TP
  double encoder_reserve_bytes = 0;
  double total_bytes = 0;  ///< the card as the driver reports it
  double smi_mib = 0;      ///< nvidia-smi's total (SGLang's heuristics)
};

/// The activation peak of the engine's profile run on one card of `layout`, in its parts:
///   max(T × b × (4h + max(attn, FFN)), R × V × (b + s))
/// T tokens of one forward at b bytes an element, attn and FFN the widths (elements per token)
/// of one card's attention projections and FFN at their peak; R = min(sequences, T) rows of the
/// sampler over the vocabulary V, s its bytes per logit beyond the logits.
struct ProfileActivation {
  double tokens = 0;
  double element_bytes = 0;
  double attention_width = 0;
  double ffn_width = 0;
  double rows = 0;
  double sampler_bytes_per_logit = 0;
  double bytes = 0;  ///< the larger of the forward's and the sampler's
};
ProfileActivation profile_activation(const ServingInputs& in, const ServingLayout& layout,
                                     double tokens, double sequences,
                                     double sampler_bytes_per_logit);

struct CardBudget {
  double total_bytes = 0;      ///< the card, as the driver reports it
  double fraction = 0;         ///< the memory fraction used
  double requested_bytes = 0;  ///< what the fraction applies to × the fraction
  double weights_bytes = 0;
  double activation_bytes = 0;
  double non_torch_bytes = 0;
  double encoder_bytes = 0;
  double cuda_graph_bytes = 0;    ///< outside the budget (vLLM), inside the reserve (SGLang)
  double cuda_context_bytes = 0;  ///< outside every engine's figures
  double reserve_bytes = 0;       ///< the engine's share kept free: total − requested
  double kv_bytes = 0;            ///< the KV pool (≤ 0: nothing left)
  double kv_tokens = 0;           ///< tokens the pool holds per DP rank (whole blocks)
  double max_num_seqs = 0;        ///< the engine's cap on running sequences per DP rank
  ProfileActivation activation;   ///< what activation_bytes is made of
  /// Graphs and context must fit in what the engine leaves free; negative: they do not.
  double headroom_bytes = 0;
};

CardBudget engine_card_budget(const ServingInputs& in, const ServingLayout& layout,
                              const EngineSettings& engine);

/// Sequences of `context` tokens one DP rank of the layout holds: ⌊KV / KV_seq,card⌋, at most the
/// engine's max_num_seqs; 0 when not one fits.
double layout_max_concurrency(const ServingInputs& in, const ServingLayout& layout,
                              const CardBudget& budget, double context);

}  // namespace llm_sizer
