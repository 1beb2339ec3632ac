#pragma once
/// Serving a model: weights by storage format, the KV cache, memory per card under tensor
/// parallelism, the concurrency a layout holds, and decode/prefill time from a roofline.
/// Every formula is restated with its source in docs/formulas.md, section "Inference".
///
/// Weights (bits per weight, scales and zeros included):
///   W = N_body × bits_w / 8 + N_emb × bits_emb / 8      N_emb: token embedding + LM head
/// KV cache per token (K and V, every layer):
///   standard attention (MHA, GQA, MQA): 2 × L × n_kv × d_head × b_kv
///   multi-head latent attention (DeepSeek-V2 paper, §2.1.2): L × (d_c + d_rope) × b_kv
/// Weights per card at tensor parallel t (vLLM's sharding: column/row-parallel linears and the
/// vocabulary split t ways; norms, MLA's down-projections and the MoE router replicated; K/V heads
/// replicated when t > n_kv; MLA's latent cache replicated on every rank). What an engine leaves
/// for the KV cache is serving_memory.hpp's; layouts across nodes serving_layout.hpp's.
/// Decode step (roofline, Williams et al. 2009, per kernel: the projections and the attention run
/// one after the other, each bound by its own bytes or FLOPs):
///   t_step = max(W_read / BW_e, FLOPs_matmul / peak_e) + max(KV_read / BW_e, FLOPs_attn / peak_e)
///
/// Pure functions on plain structs; NaN in, NaN out; no I/O.

#include <string_view>
#include <vector>

#include "llm_sizer/architecture.hpp"

namespace llm_sizer {

/// A weight storage format. Bits per weight = element_bits + group_bits / group_size; a
/// group_size of 0 means one group per row of `hidden` inputs (per-output-channel scales).
struct WeightFormat {
  std::string_view id;
  double element_bits = 16;
  double group_bits = 0;  ///< the shared scale (and zero point) of one group
  double group_size = 1;
  /// The format embeddings and the LM head keep by default (engines leave them unquantized:
  /// AutoAWQ/GPTQ and llm-compressor skip `lm_head`; DeepSeek-V3 keeps them in BF16, §3.3.1).
  std::string_view embedding_default;
  bool fp8_matmul = false;  ///< matmuls run on FP8 tensor cores (W8A8), so FP8 peak applies
};

/// fp32, bf16, fp16, fp8, fp8-block, int8, int4-awq, int4-gptq, the GGUF types q8_0, q6_k, q5_k,
/// q4_k, q4_0, q3_k, q2_k, and the microscaling formats mxfp4, nvfp4 (docs/formulas.md lists the
/// layout and source of each).
const std::vector<WeightFormat>& weight_formats();
const WeightFormat* find_weight_format(std::string_view id);

/// Effective bits per weight of a format for matrices whose rows have `row_length` inputs.
double weight_format_bits(const WeightFormat& format, double row_length);

/// A KV-cache element type. Integer types carry a scale and a zero point per head vector and
/// token (LMDeploy's online per-head, per-token asymmetric KV quantization); FP8 uses one scale
/// per tensor (vLLM), which is not counted.
struct KvDtype {
  std::string_view id;
  double bits = 16;
  double scale_bits_per_vector = 0;  ///< per head vector (or MLA latent vector) and token
};

/// bf16, fp16, fp32, fp8, int8, int4.
const std::vector<KvDtype>& kv_dtypes();
const KvDtype* find_kv_dtype(std::string_view id);

/// Everything the serving model reads, resolved from a plan.
struct ServingInputs {
  Architecture arch;
  ParamCounts counts;
  double weight_bits = 16;     ///< decoder weights (attention, FFN, experts, norms)
  double embedding_bits = 16;  ///< token embedding and LM head
  double kv_bits = 16;
  double kv_scale_bits = 0;            ///< per head vector and token
  double activation_bytes = 2;         ///< 4 for fp32 models
  double prefill_chunk_tokens = 8192;  ///< the engine's per-step token budget
  double kv_block_tokens = 16;
  double hbm_bandwidth_tbps = 0;  ///< NaN when unknown
  double peak_tflops = 0;         ///< dense peak of the matmul type used; NaN when unknown
  double decode_efficiency = 0.8;
  double prefill_efficiency = 0.5;
  double gpus_per_node = 8;             ///< per host: replicas pack whole hosts
  double nvlink_domain_gpus = 8;        ///< the fast link's reach; transfers beyond it use the NICs
  double max_num_seqs = 1024;           ///< the engine's cap (the sampler's profile rows)
  double sampler_bytes_per_logit = 12;  ///< the engine's sampler beyond the logits
  double intra_node_gbps = 0;           ///< per card, one direction (NVLink); NaN when unknown
  double inter_node_gbps = 0;  ///< per card, one direction (the node's NICs); NaN when unknown
  /// The shares of those line rates transfers reach: the plan's NVLink and network efficiencies,
  /// the same training's collectives use (kernel_model.hpp).
  double intra_node_efficiency = 1;
  double inter_node_efficiency = 1;
};

/// Layers whose cache holds every token, and layers that keep only a sliding window.
struct KvLayerSplit {
  double full_layers = 0;
  double window_layers = 0;
  double window_tokens = 0;
};
KvLayerSplit kv_layer_split(const Architecture& arch);

/// KV bytes one token adds to one layer's cache on one card at tensor parallel `tp`.
double kv_bytes_per_token_layer(const ServingInputs& in, double tp);

/// KV bytes one token adds to the whole model (every layer, all K/V heads): the textbook figure.
double kv_bytes_per_token(const ServingInputs& in);

/// Key/value heads one card holds at `tp`: n_kv / tp, at least 1 (replicated when tp > n_kv).
double kv_heads_per_card(const Architecture& arch, double tp);

/// KV bytes of one sequence of `context` tokens on one card. `paged` rounds each layer's tokens
/// up to whole blocks (vLLM's PagedAttention); window layers hold at most the window.
double kv_bytes_per_sequence_card(const ServingInputs& in, double tp, double context, bool paged);

/// Whether `tp` can shard the attention: it divides the heads, and it divides the K/V heads or
/// is a multiple of them (vLLM's QKVParallelLinear replicates K/V heads then). MLA: heads only.
bool serving_tp_valid(const Architecture& arch, double tp);

struct WeightsPerCard {
  double split_params = 0;       ///< decoder parameters sharded t ways (per card)
  double replicated_params = 0;  ///< decoder parameters every card holds in full
  double kv_replica_params = 0;  ///< K/V projection parameters per card (replicated when t > n_kv)
  double embedding_params = 0;   ///< embedding + LM head per card (vocabulary-parallel)
  double bytes = 0;
};
WeightsPerCard weights_per_card(const ServingInputs& in, double tp);

/// All weights of the model (one copy), bytes.
double weights_bytes(const ServingInputs& in);

/// Expected routed experts a batch of `tokens` touches in one MoE layer, each token choosing
/// top-k of E uniformly at random: E × (1 − (1 − k/E)^tokens).
double experts_touched(const Architecture& arch, double tokens);

struct DecodeStep {
  double bytes_per_card = 0;  ///< weights read + KV read, per card
  double weight_read_bytes = 0;
  double kv_read_bytes = 0;
  double flops_per_card = 0;
  double matmul_flops = 0;     ///< the projections, experts and LM head
  double attention_flops = 0;  ///< scores and weighted values against the cached keys
  double memory_s = 0;
  double compute_s = 0;
  double step_s = 0;
  double tokens_per_s = 0;  ///< per replica
};
DecodeStep decode_step(const ServingInputs& in, double tp, double batch, double context);

}  // namespace llm_sizer
