#include <algorithm>
#include <cmath>
#include <string>

#include "llm_sizer/engine_profile.hpp"
#include "llm_sizer/units.hpp"

namespace llm_sizer {
namespace {

constexpr double kUnknown = NAN;
constexpr double kMibPerGib = 1024;

std::vector<EngineProfile> build() {
  return {
      // vLLM V1 as of v0.19.0: the memory steps of gpu_worker.py, the defaults of arg_utils.py.
      // Non-torch memory as the engine itself logs it ("non-torch forward increase memory",
      // llm-d-planner v0.19.0 H100 logs): 0.25 GiB on one card (cuBLAS workspaces, attention
      // buffers), 2.06–2.21 GiB with TP 2 or 4 (custom all-reduce and NCCL buffers). The sampler's
      // peak in the profile run (sampler.py + topk_topp_sampler.py, FlashInfer path): the logits
      // in the model's dtype, an fp32 copy, FlashInfer's top-k-masked logits and probabilities
      // (4 + 4 + 4 B per logit). CUDA graphs are captured after the KV cache is allocated and
      // come out of the (1 − u) share: the v0.19.0 log estimates 0.84 GiB and measures 0.91 GiB
      // for Llama-3.1-8B (the PSAP logs: 0.4–2 GiB). FlashMLA forces 64-token blocks (cuda.py).
      // Source: vllm-project/vllm v0.19.0 v1/worker/gpu_worker.py (requested = total ×
      // gpu_memory_utilization; KV = requested − weights − peak activation − non-torch),
      // engine/arg_utils.py (8192 / 1024 on ≥ 70 GiB cards, 2048 / 256 otherwise),
      // config/cache.py (utilization 0.9); llm-d-planner v0.19.0 logs.
      {"vllm", "vLLM", "0.19", KvBudgetRule::kFractionOfTotal, 0.9, 16, 64, 12, 0.25, 2.1, 0.9,
       0.5},
      // SGLang main as of 2026-04 (server_args.py, model_runner_kv_cache_mixin.py): the static
      // pool holds weights and KV; activations and graphs live in the reserved rest. Its
      // communicators (NCCL, custom all-reduce) are set up before the weights load, so they are
      // taken as vLLM measures the same buffers (an estimate).
      // Source: sgl-project/sglang 3d3a32c0 server_args.py (mem_fraction_static from reserved
      // memory, chunked_prefill_size and cuda_graph_max_bs by GPU memory),
      // model_runner_kv_cache_mixin.py (tokens = (f × free − weights) / cell size), page size 1.
      {"sglang", "SGLang", "0.5 (2026-04)", KvBudgetRule::kStaticFraction, kUnknown, 1, 1, 12, 0.25,
       2.1, 0.9, 0.5},
      // TensorRT-LLM 1.0 (PyTorch backend, LLM API): KvCacheConfig.free_gpu_memory_fraction 0.9
      // of the memory free after weights and buffers; tokens_per_block 32; max_batch_size 2048,
      // max_num_tokens 8192 (tuning-max-batch-size-and-max-num-tokens.md).
      // Source: NVIDIA/TensorRT-LLM docs, KvCacheConfig (free_gpu_memory_fraction 0.9,
      // tokens_per_block 32), tuning-max-batch-size-and-max-num-tokens.md (2048 / 8192).
      {"trtllm", "TensorRT-LLM", "1.0", KvBudgetRule::kFractionOfFree, 0.9, 32, 32, 12, 0.25, 2.1,
       0.9, 0.5},
  };
}

bool is_a100(std::string_view accelerator_id) {
  return accelerator_id.find("a100") != std::string_view::npos;
}

// vLLM's large-card rule reads the device's memory in GiB and its name.
bool vllm_large_card(std::string_view accelerator_id, double total_bytes) {
  return total_bytes >= gib_to_bytes(70) && !is_a100(accelerator_id);
}

}  // namespace

const std::vector<EngineProfile>& engine_profiles() {
  static const std::vector<EngineProfile> kProfiles = build();
  return kProfiles;
}

const EngineProfile* find_engine_profile(std::string_view id) {
  for (const auto& p : engine_profiles()) {
    if (p.id == id) return &p;
  }
  return nullptr;
}

double engine_max_batched_tokens(const EngineProfile& engine, std::string_view accelerator_id,
                                 double total_bytes, double smi_mib) {
  if (engine.id == "vllm") return vllm_large_card(accelerator_id, total_bytes) ? 8192 : 2048;
  if (engine.id == "sglang") {
    if (!std::isfinite(smi_mib)) return 4096;
    if (smi_mib < 35 * kMibPerGib) return 2048;
    if (smi_mib < 60 * kMibPerGib) return 4096;
    if (smi_mib < 160 * kMibPerGib) return 8192;
    return 16384;
  }
  return 8192;
}

double engine_max_num_seqs(const EngineProfile& engine, std::string_view accelerator_id,
                           double total_bytes, double kv_tokens, double context) {
  if (engine.id == "vllm") return vllm_large_card(accelerator_id, total_bytes) ? 1024 : 256;
  if (engine.id == "sglang") {
    if (!(kv_tokens > 0) || !(context > 0)) return 2048;
    const double scaled = std::floor(kv_tokens / context * 512);
    return std::min(std::clamp(scaled, 2048.0, 4096.0), std::floor(kv_tokens / 2));
  }
  return 2048;
}

double sglang_cuda_graph_max_bs(double smi_mib, double tp) {
  if (!std::isfinite(smi_mib)) return 160;
  if (smi_mib < 20 * kMibPerGib) return 8;
  if (smi_mib < 35 * kMibPerGib) return tp < 4 ? 24 : 80;
  if (smi_mib < 60 * kMibPerGib) return tp < 4 ? 32 : 160;
  if (smi_mib < 160 * kMibPerGib) return tp < 4 ? 256 : 512;
  return 512;
}

double sglang_mem_fraction_static(double smi_mib, double chunk, double tp, double pp, double dp,
                                  bool dp_attention, bool mla) {
  if (!std::isfinite(smi_mib) || smi_mib <= 0) return 0.88;
  const double graph_bs = sglang_cuda_graph_max_bs(smi_mib, tp);
  double reserved = 512 + 1.5 * std::max(chunk, 2048.0) + 2 * graph_bs + tp * pp / 8 * 1024;
  if (dp_attention) reserved += (graph_bs > 300 ? 4.5 : 3) * graph_bs * dp;
  if (mla) reserved += 1.5 * kMibPerGib;
  if (smi_mib > 60 * kMibPerGib) reserved = std::max(reserved, 10 * kMibPerGib);
  return std::round((smi_mib - reserved) / smi_mib * 1000) / 1000;
}

}  // namespace llm_sizer
