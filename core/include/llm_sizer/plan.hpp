#pragma once
/// A plan: everything a user chooses. It is what a share link encodes and what every
/// computation reads. Numbers are doubles even where whole numbers are expected, so that what a
/// user typed (2.5 pipeline stages, NaN, -5) survives to validation and gets its own message.
/// An empty optional means "automatic" (the preset's value or the method's choice).

#include <optional>
#include <string>

namespace llm_sizer {

struct Plan {
  /// "en", "zh", or empty when not chosen (the page then follows the browser).
  std::string lang;
  /// The panels an embedded view shows ("training,memory"), or empty for the whole page. Like
  /// `lang` it changes only how the plan is shown, never a number.
  std::string embed;
  /// The question the page opens on: "train" (from scratch), "finetune" or "serve"; empty is
  /// "train". Like `lang` it changes only what the page shows first, never a number.
  std::string question;

  // Model: a preset, or "custom"; every architecture field overrides the preset's.
  std::string model = "gpt3-175b";
  std::string model_name;        ///< shown for a custom model
  std::optional<double> params;  ///< parameter count (the article's method)
  std::optional<double> arch_layers;
  std::optional<double> arch_hidden;
  std::optional<double> arch_heads;
  std::optional<double> arch_kv_heads;
  std::optional<double> arch_head_dim;
  std::optional<double> arch_ffn;
  std::string arch_ffn_kind;  ///< "", "gelu", "swiglu"
  std::optional<double> arch_vocab;
  std::optional<double> arch_tied_embeddings;  ///< flag
  std::string arch_positions;                  ///< "", "rotary", "learned", "alibi"
  std::optional<double> arch_max_positions;
  std::optional<double> arch_qkv_bias;     ///< flag
  std::optional<double> arch_linear_bias;  ///< flag
  std::string arch_norm;                   ///< "", "rmsnorm", "layernorm"
  std::optional<double> arch_qk_norm;      ///< flag
  std::optional<double> arch_dropout;      ///< flag
  std::optional<double> arch_moe_experts;
  std::optional<double> arch_moe_top_k;
  std::optional<double> arch_moe_shared_experts;
  std::optional<double> arch_moe_ffn;
  std::optional<double> arch_moe_dense_layers;
  std::optional<double> arch_moe_layer_period;
  std::optional<double> arch_moe_router_groups;
  std::optional<double> arch_moe_router_group_topk;
  std::optional<double> arch_q_lora_rank;
  std::optional<double> arch_kv_lora_rank;
  std::optional<double> arch_qk_nope_dim;
  std::optional<double> arch_qk_rope_dim;
  std::optional<double> arch_v_head_dim;
  std::optional<double> arch_sliding_window;
  std::optional<double> arch_sliding_window_layers;

  // Accelerator: a preset, or "custom"; every figure overrides the preset's.
  std::string accelerator = "h100-80g";
  std::string accelerator_name;  ///< shown for a custom accelerator
  std::optional<double> card_memory_gb;
  std::optional<double> gpus_per_node;
  std::optional<double> nvlink_domain_gpus;  ///< GPUs the fast link joins (a node, or a rack)
  std::optional<double> bf16_tflops;
  std::optional<double> fp8_tflops;
  std::optional<double> hbm_bandwidth_tbps;
  std::optional<double> intra_node_bandwidth_gbps;
  std::optional<double> inter_node_bandwidth_gbps;
  std::optional<double> power_w;
  std::optional<double> price_per_gpu_hour;
  std::optional<double> host_link_gbps;  ///< host ↔ card per direction (offload)

  // The article's training method.
  std::optional<double> bytes_per_param;  ///< model state bytes per parameter (recipe total)
  double safety_factor = 0.6;             ///< share of card memory for model state

  // Layout.
  std::optional<double> tp;            ///< tensor parallel size (auto: GPUs per node)
  std::optional<double> pp;            ///< pipeline parallel size (auto: the article's minimum)
  std::optional<double> dp;            ///< data parallel size (auto: from the cluster, else 1)
  std::optional<double> cluster_gpus;  ///< cluster size that DP is taken from
  std::optional<double> cp;            ///< context parallel size (1)
  std::optional<double> ep;            ///< expert parallel size (1)
  std::optional<double> etp;           ///< expert tensor parallel size (auto: TP)
  std::optional<double> vpp;           ///< virtual pipeline stages per GPU (interleaving, 1)
  std::string stage_layers;            ///< "8,8,8,5": layers per pipeline stage (auto: even)
  /// The search's limits: "tp=8 pp=4..16 mb=1,2" (layout_rules.hpp, SearchLimits). Empty: none.
  std::string search_limits;

  // Training step and memory model.
  std::string recipe = "seed12";  ///< precision recipe id (precision.hpp)
  /// flag: gradients accumulated and reduced in bf16, not the recipe's fp32 (0)
  std::optional<double> grad_reduce_bf16;
  /// How an fp8 recipe scales its tensors, as --fp8-recipe names it: delayed, tensorwise, mxfp8,
  /// blockwise (auto: the framework's default; fp8_recipe.hpp)
  std::string fp8_recipe;
  /// flag: attention in FP8 (TransformerEngine's fp8_dot_product_attention; fp8 recipes on Hopper
  /// and Blackwell), else bf16 (0)
  std::optional<double> fp8_attention;
  /// flag: the LM head's GEMMs in MXFP8 (Megatron-Core's fp8_output_proj, TransformerEngine's
  /// linear under the MXFP8 recipe; Megatron-LM #4825, 2026-05-31), else bf16 (0)
  std::optional<double> fp8_output_proj;
  std::string framework = "megatron";  ///< "megatron" or "pytorch"
  std::optional<double> micro_batch;   ///< sequences per micro-batch (1)
  std::optional<double> seq_len;       ///< tokens per sequence (auto: context, at most 4096)
  std::optional<double> global_batch;  ///< sequences per optimizer step (auto: the family's)
  /// How far from the global batch a layout's batch may be (0.05: ±5 %), so that more DPs divide
  /// it (0: exactly the batch).
  std::optional<double> batch_tolerance;
  std::string recompute;  ///< "", "none", "selective", "full" (auto: selective)
  std::string
      recompute_modules;  ///< Megatron's selective modules, e.g. "core_attn,mlp" (auto: core_attn)
  /// With full recompute: layers of each pipeline chunk recomputed (Megatron's block method)
  /// (auto: every layer; the search picks the fewest that fit)
  std::optional<double> recompute_layers;
  std::optional<double> zero;               ///< ZeRO stage 0–3 (0)
  std::optional<double> sequence_parallel;  ///< flag (auto: on with TP under Megatron)
  std::optional<double> flash_attention;    ///< flag (auto: on)
  std::optional<double> cuda_context_gb;    ///< per GPU (auto: the framework's)
  std::optional<double> comm_buffer_gb;     ///< per GPU (auto: the framework's)
  std::optional<double> allocator_slack;    ///< fragmentation, a fraction (auto: a range)
  std::string loss;       ///< "", fp32, bf16, chunked, fused (auto: the framework's: fp32)
  std::string optimizer;  ///< "", adamw, adamw-8bit, paged-adamw-8bit, adafactor, sgd,
                          ///< adamw-bf16 (auto adamw)
  std::string offload;    ///< "", none, optimizer, optimizer-params (auto: none)
  std::optional<double> activation_offload;  ///< flag: saved activations to host memory (off)
  std::optional<double> headroom;            ///< share of the card a "fit" may use (auto: 0.9)
  std::optional<double> prefetch_bucket;     ///< ZeRO-3 parameters gathered ahead (auto: framework)
  std::optional<double>
      moe_capacity_factor;           ///< Megatron's expert capacity factor (auto: dropless)
  std::optional<double> mtp_layers;  ///< multi-token-prediction layers trained (auto: 0)

  // Fine-tuning (finetune.hpp).
  std::string finetune;              ///< "", full, lora, qlora (auto: full)
  std::optional<double> lora_rank;   ///< adapter rank r (auto: 8)
  std::optional<double> lora_alpha;  ///< LoRA scaling numerator (auto: 2r)
  std::string lora_targets;          ///< list of q,k,v,o,gate,up,down, or all (auto: all)

  // Time, cost and the layout search.
  std::optional<double> tokens;           ///< tokens in the dataset (or to train on)
  std::optional<double> epochs;           ///< passes over `tokens` (1)
  std::optional<double> mfu;              ///< compute efficiency (auto: the kernel model)
  std::optional<double> achieved_tflops;  ///< measured hardware TFLOP/s per GPU
  std::optional<double> dp_overlap;       ///< share of the DP collectives compute may hide (1)
  std::optional<double> gemm_efficiency;  ///< of peak, largest GEMMs (auto: accelerator's MAMF)
  std::optional<double>
      attention_efficiency;  ///< flash attention forward, head dim 128 (auto: the kernel's)
  std::optional<double> memory_efficiency;    ///< of HBM bandwidth, streaming kernels (0.85)
  std::optional<double> comm_efficiency;      ///< of NVLink bandwidth, collectives (0.8)
  std::optional<double> net_efficiency;       ///< of the NICs' line rate, collectives (0.9)
  std::optional<double> tp_overlap;           ///< flag: TP collectives overlapped (0)
  std::optional<double> moe_overlap;          ///< flag: MoE all-to-alls overlapped (0)
  std::optional<double> moe_flex_dispatcher;  ///< flag: DeepEP/HybridEP, once a node (0)
  std::optional<double> pp_overlap;           ///< flag: interleaved pipeline sends overlapped (1)
  std::optional<double> pue;                  ///< data-centre power usage effectiveness (1.2)
  std::optional<double> deadline_days;  ///< DP from a deadline when neither DP nor cluster given
  std::string objective;                ///< search ranking: "", "time", "cost"

  // Inference (the article's minimum).
  /// The article's bytes per weight (auto: the serving format's, so one precision drives both;
  /// a given value applies to the article only, with a warning when it differs).
  std::optional<double> weight_bytes_per_param;

  // Serving: the full inference model (inference_report.hpp). Empty = automatic.
  std::string infer_weights;  ///< weight format id (auto: the checkpoint's, bf16 for most)
  std::optional<double> infer_weight_bits;         ///< bits per weight (auto: the format's)
  std::string infer_embedding_format;              ///< embedding + LM head (auto: the format's)
  std::string infer_kv_dtype;                      ///< KV cache type (auto: the weights' 16-bit)
  std::optional<double> infer_batch;               ///< concurrent sequences per replica (1)
  std::optional<double> infer_context;             ///< tokens per sequence (4096, ≤ the model's)
  std::optional<double> infer_prompt_tokens;       ///< prompt for time to first token (context)
  std::optional<double> infer_target_concurrency;  ///< sequences to serve (the batch)
  std::optional<double> infer_gpu_memory_utilization;  ///< engine's share of a card (0.9)
  std::optional<double> infer_runtime_reserve_gb;      ///< CUDA context + graphs (1.5)
  std::optional<double> infer_prefill_chunk;           ///< tokens per prefill step (2048)
  std::optional<double> infer_kv_block_tokens;         ///< paged KV block (16)
  std::optional<double> infer_decode_efficiency;       ///< of HBM bandwidth (0.8)
  std::optional<double> infer_prefill_efficiency;      ///< of dense peak (0.5)
  std::optional<double> infer_tp;                      ///< serving TP (auto: smallest that fits)
  // Serving at scale (serving_fleet.hpp): the engine, the target load, the replica's layout
  // (automatic: the fleet search) and the what-ifs. Empty = automatic.
  std::string infer_engine;                        ///< vllm, sglang, trtllm (auto: vllm)
  std::optional<double> infer_input_tokens;        ///< prompt tokens per request
  std::optional<double> infer_output_tokens;       ///< generated tokens per request
  std::optional<double> infer_concurrency;         ///< requests in flight across the fleet
  std::optional<double> infer_tpot_slo_ms;         ///< time-per-output-token target (50 ms)
  std::optional<double> infer_pp;                  ///< pipeline stages per replica
  std::optional<double> infer_dp;                  ///< DP attention ranks per replica (MoE)
  std::optional<double> infer_expert_parallel;     ///< flag: experts whole on each card
  std::optional<double> infer_max_num_seqs;        ///< the engine's cap on running sequences
  std::optional<double> infer_prefix_hit_rate;     ///< share of prompts in the prefix cache (0)
  std::optional<double> infer_spec_tokens;         ///< speculative draft tokens per step (0)
  std::optional<double> infer_spec_acceptance;     ///< draft acceptance rate
  std::string infer_pd_ratio;                      ///< "prefill:decode" cards, "" = colocated
  std::optional<double> infer_kv_offload_gb;       ///< host memory for KV per card (0)
  std::optional<double> infer_encoder_reserve_gb;  ///< multimodal encoder budget per card (0)
  // Architecture inputs added later (issue 15), kept last: the members before them keep their
  // offsets, which keeps the page's first-visit wasm ~30 bytes (gzipped) smaller.
  std::optional<double> arch_layer_norms;   ///< hidden-wide norms per layer
  std::optional<double> arch_qk_norm_full;  ///< flag: q/k norms over all heads at once
  std::optional<double> arch_glu_clamp;     ///< flag: the GLU's inputs clamped (gpt-oss)
};

/// Id of the model or accelerator entry that stands for "no preset: my own numbers".
inline constexpr const char* kCustomId = "custom";

}  // namespace llm_sizer
