#include "llm_sizer/inference.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "llm_sizer/units.hpp"

namespace llm_sizer {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

double bits_per_block(double bytes, double weights) { return bytes * 8 / weights; }

std::vector<WeightFormat> build_formats() {
  // GGUF block layouts from llama.cpp ggml-common.h: block_q8_0 = fp16 d + 32 int8 (34 B / 32);
  // block_q6_K = ql[128] + qh[64] + scales[16] + fp16 d (210 B / 256); block_q5_K = d, dmin +
  // scales[12] + qh[32] + qs[128] (176 B / 256); block_q4_K = d, dmin + scales[12] + qs[128]
  // (144 B / 256); block_q4_0 = fp16 d + 16 B (18 B / 32); block_q3_K = hmask[32] + qs[64] +
  // scales[12] + d (110 B / 256); block_q2_K = scales[16] + qs[64] + d, dmin (84 B / 256).
  return {
      {"fp32", 32, 0, 1, "fp32", false},
      {"bf16", 16, 0, 1, "bf16", false},
      {"fp16", 16, 0, 1, "fp16", false},
      // One fp32 scale per tensor (vLLM FP8 W8A8): not counted.
      {"fp8", 8, 0, 1, "bf16", true},
      // DeepSeek-V3 report §3.3.2: one fp32 scale per 128 × 128 weight block.
      {"fp8-block", 8, 32, 128 * 128, "bf16", true},
      // Per-output-channel fp32 scale (W8A8 int8, SmoothQuant / llm-compressor).
      {"int8", 8, 32, 0, "bf16", false},
      // AWQ (Lin et al. 2024) and GPTQ (Frantar et al. 2023) checkpoints: 4-bit weights, groups
      // of 128 with an fp16 scale and a packed 4-bit zero point each.
      {"int4-awq", 4, 16 + 4, 128, "fp16", false},
      {"int4-gptq", 4, 16 + 4, 128, "fp16", false},
      {"q8_0", bits_per_block(34, 32), 0, 1, "q8_0", false},
      {"q6_k", bits_per_block(210, 256), 0, 1, "q6_k", false},
      {"q5_k", bits_per_block(176, 256), 0, 1, "q5_k", false},
      {"q4_k", bits_per_block(144, 256), 0, 1, "q4_k", false},
      {"q4_0", bits_per_block(18, 32), 0, 1, "q4_0", false},
      {"q3_k", bits_per_block(110, 256), 0, 1, "q3_k", false},
      {"q2_k", bits_per_block(84, 256), 0, 1, "q2_k", false},
      // OCP Microscaling spec v1.0: 32 FP4 (E2M1) elements share one E8M0 scale.
      {"mxfp4", 4, 8, 32, "bf16", false},
      // NVIDIA NVFP4: 16 FP4 elements share one FP8 (E4M3) scale (+ one fp32 per tensor).
      {"nvfp4", 4, 8, 16, "bf16", false},
  };
}

std::vector<KvDtype> build_kv_dtypes() {
  return {
      {"bf16", 16, 0},
      {"fp16", 16, 0},
      {"fp32", 32, 0},
      {"fp8", 8, 0},
      // fp16 scale + fp16 zero point per head vector and token.
      {"int8", 8, 32},
      {"int4", 4, 32},
  };
}

template <class T>
const T* find_by_id(const std::vector<T>& items, std::string_view id) {
  for (const auto& item : items) {
    if (item.id == id) return &item;
  }
  return nullptr;
}

bool known(double v) { return std::isfinite(v); }

// Width of one cached vector per layer and token: K and V heads, or MLA's latent + rope key.
double kv_elements_per_token_layer(const Architecture& a, double kv_heads) {
  if (a.is_mla()) return a.kv_lora_rank + a.qk_rope_dim;
  return 2 * kv_heads * a.qk_head_dim();
}

double kv_vectors_per_token_layer(const Architecture& a, double kv_heads) {
  return a.is_mla() ? 1 : 2 * kv_heads;
}

double round_up(double tokens, double block) {
  return block > 0 ? std::ceil(tokens / block) * block : tokens;
}

// Parameters every tensor-parallel rank keeps whole (vLLM: RMSNorm/LayerNorm weights, the MoE
// router gate, and MLA's q_a/kv_a down-projections with their norms as ReplicatedLinear).
double replicated_params(const Architecture& a, const ParamCounts& c) {
  double per_layer = c.norms_per_layer;
  if (a.is_mla()) {
    const double h = a.hidden;
    if (a.q_lora_rank > 0) per_layer += h * a.q_lora_rank + a.q_lora_rank;
    per_layer += h * (a.kv_lora_rank + a.qk_rope_dim) + a.kv_lora_rank;
  }
  const double router = a.is_moe() ? a.moe_layer_count() * a.hidden * a.moe_experts : 0;
  return a.layers * per_layer + c.final_norm + router;
}

// K and V projections of one layer (standard attention only).
double kv_projection_params(const Architecture& a) {
  if (a.is_mla()) return 0;
  const double kv = a.kv_heads * a.qk_head_dim();
  return 2 * a.hidden * kv + (a.qkv_bias || a.linear_bias ? 2 * kv : 0);
}

// Attention FLOPs of one token attending to `keys` keys in one layer, split over all heads:
// scores q·k and the weighted sum of v, 2 FLOPs per multiply-add.
double attention_flops(const Architecture& a, double keys, bool absorbed_mla) {
  double qk = a.qk_head_dim();
  double v = a.v_dim();
  if (a.is_mla() && absorbed_mla) {
    // Decode with the up-projections absorbed (DeepSeek-V2 §2.1.3): attend in the latent space.
    qk = a.kv_lora_rank + a.qk_rope_dim;
    v = a.kv_lora_rank;
  }
  return 2 * a.heads * keys * (qk + v);
}

}  // namespace

const std::vector<WeightFormat>& weight_formats() {
  static const std::vector<WeightFormat> kFormats = build_formats();
  return kFormats;
}

const WeightFormat* find_weight_format(std::string_view id) {
  return find_by_id(weight_formats(), id);
}

double weight_format_bits(const WeightFormat& f, double row_length) {
  const double group = f.group_size > 0 ? f.group_size : row_length;
  return f.group_bits > 0 ? f.element_bits + f.group_bits / group : f.element_bits;
}

const std::vector<KvDtype>& kv_dtypes() {
  static const std::vector<KvDtype> kTypes = build_kv_dtypes();
  return kTypes;
}

const KvDtype* find_kv_dtype(std::string_view id) { return find_by_id(kv_dtypes(), id); }

KvLayerSplit kv_layer_split(const Architecture& a) {
  KvLayerSplit s;
  if (a.sliding_window > 0) {
    const int windowed =
        a.sliding_window_layers > 0 ? std::min(a.sliding_window_layers, a.layers) : a.layers;
    s.window_layers = windowed;
    s.window_tokens = a.sliding_window;
  }
  s.full_layers = a.layers - s.window_layers;
  return s;
}

double kv_heads_per_card(const Architecture& a, double tp) {
  if (a.is_mla()) return 1;
  return std::max(1.0, a.kv_heads / tp);
}

double kv_bytes_per_token_layer(const ServingInputs& in, double tp) {
  const Architecture& a = in.arch;
  const double heads = kv_heads_per_card(a, tp);
  return (kv_elements_per_token_layer(a, heads) * in.kv_bits +
          kv_vectors_per_token_layer(a, heads) * in.kv_scale_bits) /
         8;
}

double kv_bytes_per_token(const ServingInputs& in) {
  return in.arch.layers * kv_bytes_per_token_layer(in, 1);
}

double kv_bytes_per_sequence_card(const ServingInputs& in, double tp, double context, bool paged) {
  const KvLayerSplit split = kv_layer_split(in.arch);
  const double block = paged ? in.kv_block_tokens : 0;
  const double full_tokens = round_up(context, block);
  const double window_tokens = round_up(std::min(context, split.window_tokens), block);
  return kv_bytes_per_token_layer(in, tp) *
         (split.full_layers * full_tokens + split.window_layers * window_tokens);
}

bool serving_tp_valid(const Architecture& a, double tp) {
  if (!(tp >= 1) || tp != std::floor(tp) || a.heads <= 0 || tp > a.heads) return false;
  const auto t = static_cast<long long>(tp);
  if (a.heads % t != 0) return false;
  if (a.is_mla()) return true;
  const long long kv = a.kv_heads;
  return kv > 0 && (kv % t == 0 || t % kv == 0);
}

WeightsPerCard weights_per_card(const ServingInputs& in, double tp) {
  const Architecture& a = in.arch;
  const ParamCounts& c = in.counts;
  WeightsPerCard w;
  const double embedding = c.embedding + c.lm_head;
  const double body = c.total - embedding;
  const double replicated = replicated_params(a, c);
  const double kv_proj = a.layers * kv_projection_params(a);
  w.replicated_params = replicated;
  w.kv_replica_params = kv_proj / std::min(tp, static_cast<double>(std::max(a.kv_heads, 1)));
  if (a.is_mla()) w.kv_replica_params = 0;
  w.split_params = (body - replicated - kv_proj) / tp;
  w.embedding_params = embedding / tp;
  w.bytes = (w.split_params + w.replicated_params + w.kv_replica_params) * in.weight_bits / 8 +
            w.embedding_params * in.embedding_bits / 8;
  return w;
}

double weights_bytes(const ServingInputs& in) {
  const double embedding = in.counts.embedding + in.counts.lm_head;
  return (in.counts.total - embedding) * in.weight_bits / 8 + embedding * in.embedding_bits / 8;
}

double experts_touched(const Architecture& a, double tokens) {
  if (!a.is_moe()) return 0;
  const double e = a.moe_experts;
  return e * (1 - std::pow(1 - a.moe_top_k / e, tokens));
}

DecodeStep decode_step(const ServingInputs& in, double tp, double batch, double context) {
  const Architecture& a = in.arch;
  DecodeStep s;
  // Weights read per step: everything on the card except the embedding lookup (it reads only B
  // rows) and the routed experts no token of the batch chose. The LM head is read even when tied.
  const WeightsPerCard w = weights_per_card(in, tp);
  double read = w.bytes - in.counts.embedding / tp * in.embedding_bits / 8 +
                (a.tied_embeddings ? a.vocab * a.hidden / tp * in.embedding_bits / 8 : 0);
  if (a.is_moe()) {
    const double expert_bytes = in.counts.expert / tp * in.weight_bits / 8;
    const double untouched = a.moe_experts - experts_touched(a, batch);
    read -= a.moe_layer_count() * untouched * expert_bytes;
  }
  s.weight_read_bytes = read;
  s.kv_read_bytes = batch * kv_bytes_per_sequence_card(in, tp, context, false);
  s.bytes_per_card = s.weight_read_bytes + s.kv_read_bytes;

  const KvLayerSplit split = kv_layer_split(a);
  const double attention =
      split.full_layers * attention_flops(a, context, true) +
      split.window_layers * attention_flops(a, std::min(context, split.window_tokens), true);
  s.matmul_flops = batch * 2 * in.counts.matmul_active / tp;
  s.attention_flops = batch * attention / tp;
  s.flops_per_card = s.matmul_flops + s.attention_flops;

  const double bandwidth = in.hbm_bandwidth_tbps * kBytesPerTb * in.decode_efficiency;
  const double peak = in.peak_tflops * kFlopsPerTflop * in.prefill_efficiency;
  s.memory_s = s.bytes_per_card / bandwidth;
  s.compute_s = s.flops_per_card / peak;
  // The projections and the attention are separate kernels that run one after the other: each
  // is bound by its own bytes or FLOPs (the roofline per kernel), and their times add.
  s.step_s = std::max(s.weight_read_bytes / bandwidth, s.matmul_flops / peak) +
             std::max(s.kv_read_bytes / bandwidth, s.attention_flops / peak);
  if (!known(s.memory_s) || !known(s.compute_s)) s.step_s = kNaN;
  s.tokens_per_s = batch / s.step_s;
  return s;
}

}  // namespace llm_sizer
