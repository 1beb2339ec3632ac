#include "llm_sizer/finetune.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "llm_sizer/name_list.hpp"
#include "llm_sizer/units.hpp"

namespace llm_sizer {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kFp32Bytes = 4;
constexpr double kBf16Bytes = 2;
// bitsandbytes NF4: 4-bit codes, blocks of 64 weights with an absmax quantized to 8 bits, and
// those absmaxes in blocks of 256 with an fp32 absmax each (double quantization).
constexpr double kNf4Block = 64;
constexpr double kNf4NestedBlock = 256;
// bitsandbytes blockwise 8-bit optimizer states: uint8 codes, an fp32 absmax per 256 values.
constexpr double kOptimizer8bitBlock = 256;

// One linear of a layer: its input and output widths and which LoRA target it is.
struct Linear {
  unsigned target;
  double in;
  double out;
};

// The attention linears as PEFT finds them by name. MLA (DeepSeek): q is q_b_proj after the
// q down-projection (or a direct q_proj), k stands for kv_a_proj_with_mqa and v for kv_b_proj.
int attention_linears(const Architecture& a, Linear* out) {
  const double h = a.hidden;
  if (a.is_mla()) {
    const double q_in = a.q_lora_rank > 0 ? a.q_lora_rank : h;
    out[0] = {kLoraQ, q_in, a.heads * a.qk_head_dim()};
    out[1] = {kLoraK, h, a.kv_lora_rank + a.qk_rope_dim};
    out[2] = {kLoraV, a.kv_lora_rank, a.heads * (a.qk_nope_dim + a.v_dim())};
  } else {
    out[0] = {kLoraQ, h, a.heads * a.qk_head_dim()};
    out[1] = {kLoraK, h, a.kv_heads * a.qk_head_dim()};
    out[2] = {kLoraV, h, a.kv_heads * a.v_dim()};
  }
  out[3] = {kLoraO, a.heads * a.v_dim(), h};
  return 4;
}

// The FFN linears of width f: SwiGLU gate, up and down; GELU's FC1 counts as "gate".
int ffn_linears(const Architecture& a, double f, Linear* out) {
  const double h = a.hidden;
  if (a.ffn_kind == FfnKind::kSwiglu) {
    out[0] = {kLoraGate, h, f};
    out[1] = {kLoraUp, h, f};
    out[2] = {kLoraDown, f, h};
    return 3;
  }
  out[0] = {kLoraGate, h, f};
  out[1] = {kLoraDown, f, h};
  return 2;
}

double adapters_of(const Linear* linears, int count, double rank, unsigned targets) {
  double params = 0;
  for (int i = 0; i < count; ++i) {
    if ((linears[i].target & targets) != 0) params += rank * (linears[i].in + linears[i].out);
  }
  return params;
}

double weights_of(const Linear* linears, int count) {
  double params = 0;
  for (int i = 0; i < count; ++i) params += linears[i].in * linears[i].out;
  return params;
}

double largest_of(const Linear* linears, int count) {
  double largest = 0;
  for (int i = 0; i < count; ++i) largest = std::max(largest, linears[i].in * linears[i].out);
  return largest;
}

}  // namespace

double nf4_bytes_per_weight() {
  return (4 + 8 / kNf4Block + 32 / (kNf4Block * kNf4NestedBlock)) / 8;
}

double optimizer_state_bytes(Optimizer optimizer, double recipe_moments, double hidden) {
  switch (optimizer) {
    case Optimizer::kAdamw:
      return recipe_moments;
    case Optimizer::kAdamw8bit:
    case Optimizer::kPagedAdamw8bit:
      return 2 * (1 + kFp32Bytes / kOptimizer8bitBlock);
    case Optimizer::kAdafactor:
      // A row and a column of fp32 per h × h-sized matrix: 4(h + h) / h² per parameter.
      return hidden > 0 ? 2 * kFp32Bytes / hidden : 0;
    case Optimizer::kSgd:
      return 0;
    case Optimizer::kAdamwBf16:
      // Two bf16 moments, or the recipe's own where they are already smaller.
      return std::min(recipe_moments, 2 * kBf16Bytes);
  }
  return recipe_moments;
}

AdapterParams lora_adapter_params(const Architecture& a, double rank, unsigned targets) {
  AdapterParams p;
  Linear linears[4];
  p.attention = adapters_of(linears, attention_linears(a, linears), rank, targets);
  Linear ffn[3];
  p.dense_ffn = adapters_of(ffn, ffn_linears(a, a.ffn, ffn), rank, targets);
  if (a.is_moe()) {
    p.expert = adapters_of(ffn, ffn_linears(a, a.moe_ffn, ffn), rank, targets);
    const double shared =
        a.moe_shared_experts > 0
            ? adapters_of(ffn, ffn_linears(a, a.moe_shared_experts * a.moe_ffn, ffn), rank, targets)
            : 0;
    p.moe_layer = a.moe_experts * p.expert + shared;
  }
  const int moe_layers = a.moe_layer_count();
  p.total =
      a.layers * p.attention + (a.layers - moe_layers) * p.dense_ffn + moe_layers * p.moe_layer;
  return p;
}

AdaptedWidths lora_adapted_widths(const Architecture& a, unsigned targets) {
  AdaptedWidths w;
  const auto sum = [&](const Linear* linears, int count, double& in, double& out) {
    for (int i = 0; i < count; ++i) {
      if ((linears[i].target & targets) == 0) continue;
      in += linears[i].in;
      out += linears[i].out;
    }
  };
  Linear linears[4];
  sum(linears, attention_linears(a, linears), w.attention_in, w.attention_out);
  Linear ffn[3];
  sum(ffn, ffn_linears(a, a.ffn, ffn), w.ffn_in, w.ffn_out);
  if (a.is_moe()) {
    sum(ffn, ffn_linears(a, a.moe_ffn, ffn), w.expert_in, w.expert_out);
    if (a.moe_shared_experts > 0) {
      sum(ffn, ffn_linears(a, a.moe_shared_experts * a.moe_ffn, ffn), w.shared_in, w.shared_out);
    }
  }
  return w;
}

QuantizedParams quantized_params(const Architecture& a) {
  QuantizedParams q;
  Linear attention[4];
  const int n_attention = attention_linears(a, attention);
  if (a.is_mla() && a.q_lora_rank > 0) attention[0].in = a.q_lora_rank;
  double attention_weights = weights_of(attention, n_attention);
  if (a.is_mla() && a.q_lora_rank > 0) attention_weights += a.hidden * a.q_lora_rank;  // q_a_proj
  Linear ffn[3];
  const int n_ffn = ffn_linears(a, a.ffn, ffn);
  q.dense_layer = attention_weights + weights_of(ffn, n_ffn);
  q.largest_matrix = std::max(largest_of(attention, n_attention), largest_of(ffn, n_ffn));
  if (a.is_moe()) {
    const int n_expert = ffn_linears(a, a.moe_ffn, ffn);
    const double expert = weights_of(ffn, n_expert);
    q.moe_layer = attention_weights + (a.moe_experts + a.moe_shared_experts) * expert;
    q.largest_matrix = std::max(q.largest_matrix, largest_of(ffn, n_expert));
  }
  const int moe_layers = a.moe_layer_count();
  q.total = (a.layers - moe_layers) * q.dense_layer + moe_layers * q.moe_layer;
  return q;
}

AdapterBytes adapter_bytes(Optimizer optimizer) {
  // PEFT adapters are fp32: weight and gradient 4 B each; AdamW moments in the weight's dtype.
  return {kFp32Bytes, kFp32Bytes, optimizer_state_bytes(optimizer, 2 * kFp32Bytes, 0)};
}

void adjust_flops_for_finetune(const Architecture& a, const FineTuneSettings& s,
                               double& model_flops, double& hardware_flops) {
  if (!s.adapters()) return;
  const ParamCounts counts = count_params(a);
  // The adapters a token passes through: attention and dense FFN ones, and in MoE layers those
  // of its top-k routed experts and the shared experts.
  const AdapterParams adapters = lora_adapter_params(a, s.lora_rank, s.lora_targets);
  const int moe_layers = a.moe_layer_count();
  const double shared_per_layer =
      a.is_moe() ? adapters.moe_layer - a.moe_experts * adapters.expert : 0;
  const double active_adapters = a.layers * adapters.attention +
                                 (a.layers - moe_layers) * adapters.dense_ffn +
                                 moe_layers * (a.moe_top_k * adapters.expert + shared_per_layer);
  // No weight gradient for the frozen matmuls: 2 of their 6 FLOPs per parameter go.
  const double saved = 2 * counts.matmul_active;
  const double added = 6 * active_adapters;
  model_flops += added - saved;
  hardware_flops += added - saved;
}

OffloadTraffic offload_traffic(Offload offload, double params, double weight_bytes,
                               double grad_bytes, double forward_passes, double microbatches) {
  OffloadTraffic t;
  if (offload == Offload::kNone) return t;
  // ZeRO-Offload: gradients go down every micro-batch (accumulated on the host in fp32), the
  // updated compute weights come back once per step. The host keeps fp32 master weights and
  // gradients and the moments: DeepSpeed's 16 B per parameter with Adam (memory.rst).
  t.device_to_host_bytes = params * grad_bytes * microbatches;
  t.host_to_device_bytes = params * weight_bytes;
  t.host_ram_bytes = params * (kFp32Bytes + kFp32Bytes + 2 * kFp32Bytes);
  if (offload == Offload::kOptimizerParams) {
    // The weights live on the host too and are streamed up for every pass over them.
    t.host_to_device_bytes = params * weight_bytes * forward_passes * microbatches;
    t.host_ram_bytes += params * weight_bytes;
  }
  return t;
}

double offload_transfer_s(const OffloadTraffic& t, double host_link_gbps) {
  if (t.host_to_device_bytes == 0 && t.device_to_host_bytes == 0) return 0;
  if (!(host_link_gbps > 0)) return kNaN;
  return std::max(t.host_to_device_bytes, t.device_to_host_bytes) / gb_to_bytes(host_link_gbps);
}

std::string_view finetune_id(FineTune mode) {
  switch (mode) {
    case FineTune::kLora:
      return "lora";
    case FineTune::kQlora:
      return "qlora";
    default:
      return "full";
  }
}

std::string_view optimizer_id(Optimizer optimizer) {
  switch (optimizer) {
    case Optimizer::kAdamw8bit:
      return "adamw-8bit";
    case Optimizer::kPagedAdamw8bit:
      return "paged-adamw-8bit";
    case Optimizer::kAdafactor:
      return "adafactor";
    case Optimizer::kSgd:
      return "sgd";
    case Optimizer::kAdamwBf16:
      return "adamw-bf16";
    default:
      return "adamw";
  }
}

std::string_view offload_id(Offload offload) {
  switch (offload) {
    case Offload::kOptimizer:
      return "optimizer";
    case Offload::kOptimizerParams:
      return "optimizer-params";
    default:
      return "none";
  }
}

namespace {
constexpr std::string_view kTargetNames[] = {"q", "k", "v", "o", "gate", "up", "down"};
}

std::string lora_targets_text(unsigned targets) {
  return name_list_text(targets, kTargetNames, "all");
}

bool parse_lora_targets(std::string_view text, unsigned& targets) {
  return parse_name_list(text, kTargetNames, "all", targets);
}

}  // namespace llm_sizer
