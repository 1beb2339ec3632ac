#pragma once
/// Serving engines as they size memory and batches at start-up, one versioned profile each (like
/// the training framework profiles): the memory fraction and what it is a fraction of, the
/// defaults of the per-step token budget, concurrent sequences and KV block, and the memory an
/// engine keeps outside the KV cache. Each figure names its source in engine_profiles.cpp;
/// validation/data/serving-mechanisms.md walks through the engines' code.
///
/// KV budget per card, by engine (T = the card's total as the driver reports it, W weights, A the
/// profiled activation peak, N non-torch memory — communication buffers, cuBLAS workspaces):
///   vLLM V1         u × T − (W + A + N)            (gpu_worker.py determine_available_memory)
///   SGLang          f × (T − context − N) − W      (profile_max_num_token: f of the memory free
///                                                   before the weights load; f =
///                                                   mem_fraction_static)
///   TensorRT-LLM    f × (T − W − A − N − context)  (KvCacheConfig.free_gpu_memory_fraction)

#include <string_view>
#include <vector>

namespace llm_sizer {

enum class KvBudgetRule {
  kFractionOfTotal,  ///< vLLM: u × total − everything that is not KV
  kStaticFraction,   ///< SGLang: f × total holds weights and KV; the rest is outside
  kFractionOfFree,   ///< TensorRT-LLM: f × what is free after weights and buffers
};

struct EngineProfile {
  std::string_view id;       ///< plan value: "vllm", "sglang", "trtllm"
  std::string_view name;     ///< "vLLM"
  std::string_view version;  ///< the release (or commit) the figures are read from
  KvBudgetRule kv_rule = KvBudgetRule::kFractionOfTotal;
  /// The memory fraction's default; NaN where the engine computes it (SGLang).
  double default_fraction = 0.9;
  double block_tokens = 16;      ///< KV block (page) in tokens
  double mla_block_tokens = 16;  ///< the block MLA attention backends force
  /// Bytes per logit the sampler holds at its peak besides the model-dtype logits themselves.
  double sampler_bytes_per_logit = 12;
  double non_torch_gib = 0;     ///< non-torch memory on one card (no tensor parallelism)
  double non_torch_tp_gib = 0;  ///< non-torch memory with TP > 1 (all-reduce buffers)
  double cuda_graph_gib = 0;    ///< CUDA-graph pool (an estimate; outside the budget in vLLM)
  double cuda_context_gib = 0;  ///< CUDA context, present before the engine measures anything
};

/// vLLM, SGLang, TensorRT-LLM (newest profile of each first).
const std::vector<EngineProfile>& engine_profiles();
const EngineProfile* find_engine_profile(std::string_view id);

/// The per-step token budget (vLLM `max_num_batched_tokens`, SGLang `chunked_prefill_size`,
/// TensorRT-LLM `max_num_tokens`) an engine picks when it is not given:
///   vLLM (`vllm serve`, arg_utils.py): 8192 on cards with ≥ 70 GiB whose name has no "a100",
///     else 2048;
///   SGLang (server_args.py, by nvidia-smi MiB): < 20 GiB 2048, < 35 2048, < 60 4096,
///     < 160 GiB 8192, else 16384;
///   TensorRT-LLM: 8192.
double engine_max_batched_tokens(const EngineProfile& engine, std::string_view accelerator_id,
                                 double total_bytes, double smi_mib);

/// Concurrent sequences an engine admits when not given: vLLM 1024 on the large cards above,
/// else 256; TensorRT-LLM `max_batch_size` 2048; SGLang min(clamp(⌊tokens / context × 512⌋,
/// 2048, 4096), ⌊tokens / 2⌋) for a pool of `kv_tokens`.
double engine_max_num_seqs(const EngineProfile& engine, std::string_view accelerator_id,
                           double total_bytes, double kv_tokens, double context);

/// SGLang's CUDA-graph batch limit by nvidia-smi MiB and TP (server_args.py): < 20 GiB 8,
/// < 35 GiB 24 (TP < 4) / 80, < 60 GiB 32 / 160, < 160 GiB 256 / 512, else 512.
double sglang_cuda_graph_max_bs(double smi_mib, double tp);

/// SGLang's default mem_fraction_static (server_args.py, 2026-04), `tp` its --tp (with DP attention
/// the whole group of attention ranks): reserved MiB =
/// 512 + 1.5 × max(chunk, 2048) + 2 × graph_bs + TP·PP / 8 × 1024 (+ 3 × graph_bs × dp with DP
/// attention, + 1.5 × graph_bs × dp more when graph_bs > 300) (+1536 for MLA backends), at least
/// 10 GiB on cards over 60 GiB; f = round((smi − reserved) / smi, 3). Large DP groups leave no
/// room: SGLang then needs --mem-fraction-static given, and so does the plan.
double sglang_mem_fraction_static(double smi_mib, double chunk, double tp, double pp, double dp,
                                  bool dp_attention, bool mla);

}  // namespace llm_sizer
