#pragma once
/// Fine-tuning modes, optimizers and offload: what each keeps per parameter, what it adds to the
/// step's FLOPs and transfers, and what host memory it needs (docs/formulas.md, "Fine-tuning").
///
/// LoRA (Hu et al. 2021) freezes the base weights and trains two rank-r matrices per adapted
/// linear, A (r × in) and B (out × r): r·(in + out) parameters. Hugging Face PEFT keeps them in
/// fp32 (`autocast_adapter_dtype=True` upcasts bf16 adapters, peft tuners_utils.py
/// cast_adapter_dtype), so each adapter parameter costs 4 B weight + 4 B gradient + the
/// optimizer's states in fp32. The frozen base keeps its recipe's weight bytes, no gradient and no
/// optimizer state.
///
/// QLoRA (Dettmers et al. 2023) stores the base linears in NF4: 4 bits per weight, one 8-bit
/// absmax per block of 64 weights, and (double quantization) one fp32 absmax per 256 such blocks:
/// 4 + 8/64 + 32/(64·256) = 4.127 bits = 0.5159 B per weight (bitsandbytes functional.py
/// quantize_4bit, blocksize 64; nested quantization blocksize 256). Embeddings, norms and the
/// LM head stay in the compute dtype. Each matmul dequantizes its weight to bf16 for the GEMM.
///
/// Optimizer states per trained parameter (the recipe's master copy aside):
///   adamw              the recipe's moments (8 B fp32, 4 B in pure bf16)
///   adamw-8bit         2 × (1 + 4/256) B: two uint8 moments with an fp32 absmax per block of 256
///                      (bitsandbytes optim/optimizer.py Optimizer2State, blockwise)
///   paged-adamw-8bit   the same bytes in CUDA unified memory, which the driver pages to the host
///                      under pressure (bitsandbytes F.get_paged)
///   adafactor          factored second moment: a row and a column vector per matrix, 4(m + n)
///                      bytes for m·n parameters (Shazeer & Stern 2018), no first moment
///                      (β₁ = None, the transformers default): about 8/h B per parameter
///   sgd                no state (torch.optim.SGD without momentum)
///   adamw-bf16         both moments in bf16: 2 + 2 B (the recipe's fp32 master copy kept) —
///                      Megatron-Core's precision-aware optimizer (--exp-avg-dtype bf16
///                      --exp-avg-sq-dtype bf16), DeepSeek-V3 §3.3.3 ("BF16 ... to track the
///                      first and second moments in the AdamW optimizer"), Apex's
///                      DistributedFusedAdam with dtype bf16 (NeMo's Nemotron-4 340B configs)
///
/// Offload (ZeRO-Offload, Ren et al. 2021; FSDP CPUOffload): "optimizer" keeps the fp32 master
/// weights, moments and an fp32 gradient copy in host memory and steps there: each step moves the
/// gradients down and the updated weights up over PCIe. "optimizer-params" also keeps the weights
/// on the host and streams each layer up for the forward, the backward (and the recompute).

#include <string>
#include <string_view>

#include "llm_sizer/architecture.hpp"
#include "llm_sizer/precision.hpp"

namespace llm_sizer {

enum class FineTune {
  kFull,   ///< every weight trains (pre-training, full fine-tuning)
  kLora,   ///< frozen base in the recipe's weight dtype, rank-r adapters train
  kQlora,  ///< frozen NF4 base (double quantization), rank-r adapters train
};

enum class Optimizer { kAdamw, kAdamw8bit, kPagedAdamw8bit, kAdafactor, kSgd, kAdamwBf16 };

enum class Offload {
  kNone,
  kOptimizer,        ///< master weights, moments and fp32 gradients in host memory
  kOptimizerParams,  ///< also the weights (ZeRO-3 offload_param, FSDP offload_params)
};

/// The linears LoRA can adapt, as a bit set.
enum LoraTarget : unsigned {
  kLoraQ = 1u << 0,
  kLoraK = 1u << 1,
  kLoraV = 1u << 2,
  kLoraO = 1u << 3,
  kLoraGate = 1u << 4,  ///< SwiGLU gate (or GELU FC1)
  kLoraUp = 1u << 5,
  kLoraDown = 1u << 6,  ///< the FFN's output projection
  kLoraAll = (1u << 7) - 1,
};

struct FineTuneSettings {
  FineTune mode = FineTune::kFull;
  double lora_rank = 8;
  double lora_alpha = 16;
  unsigned lora_targets = kLoraAll;
  Optimizer optimizer = Optimizer::kAdamw;
  Offload offload = Offload::kNone;
  bool activation_offload = false;  ///< saved activations copied to pinned host memory

  bool adapters() const { return mode != FineTune::kFull; }
  /// The step moves state or saved activations over the host link: its "offload" part.
  bool host_transfers() const { return offload != Offload::kNone || activation_offload; }
};

/// bitsandbytes NF4 with double quantization: bytes per stored weight.
double nf4_bytes_per_weight();

/// Optimizer state bytes per trained parameter (moments only; the master copy is the recipe's).
/// `recipe_moments` is what AdamW keeps under the recipe; `hidden` sizes Adafactor's factors.
double optimizer_state_bytes(Optimizer optimizer, double recipe_moments, double hidden);

/// Parameters of the LoRA adapters on one layer (dense FFN or, for an MoE layer, every routed and
/// shared expert's linears), for a rank and target set.
struct AdapterParams {
  double attention = 0;
  double dense_ffn = 0;
  double expert = 0;     ///< one routed expert
  double moe_layer = 0;  ///< all experts (routed and shared) of one MoE layer
  double total = 0;      ///< the whole model
};
AdapterParams lora_adapter_params(const Architecture& arch, double rank, unsigned targets);

/// The widths of the linears LoRA adapts on one layer, summed over the adapted ones: Σ in and
/// Σ out for the attention, a dense FFN, one routed expert and the shared experts together.
/// Each adapted linear's activations pass through its adapter (the step time's adapter traffic,
/// step_time.cpp); an adapter has `rank · (in + out)` parameters (lora_adapter_params).
struct AdaptedWidths {
  double attention_in = 0, attention_out = 0;
  double ffn_in = 0, ffn_out = 0;
  double expert_in = 0, expert_out = 0;
  double shared_in = 0, shared_out = 0;
};
AdaptedWidths lora_adapted_widths(const Architecture& arch, unsigned targets);

/// Parameters in the linears QLoRA quantizes (every attention and FFN linear, experts included;
/// not the router, embedding, norms or LM head), for one dense layer, one MoE layer, the model.
struct QuantizedParams {
  double dense_layer = 0;
  double moe_layer = 0;
  double largest_matrix = 0;  ///< the biggest single weight (its bf16 dequantized copy is live)
  double total = 0;
};
QuantizedParams quantized_params(const Architecture& arch);

/// Bytes per parameter an adapter keeps: weight, gradient, master and optimizer states (PEFT:
/// fp32 weight and gradient, the optimizer's states in fp32).
struct AdapterBytes {
  double weights = 0;
  double grads = 0;
  double optimizer = 0;
};
AdapterBytes adapter_bytes(Optimizer optimizer);

/// FLOPs per token of a fine-tuning step, from the pre-training counts (training_time.hpp):
/// a frozen linear needs its forward (2N) and the gradient of its input (2N) but no weight
/// gradient (2N): 4N instead of 6N; the adapters add 6 FLOPs per adapter parameter. Full
/// recompute adds one more forward of the layers either way. Leaves full fine-tuning unchanged.
void adjust_flops_for_finetune(const Architecture& arch, const FineTuneSettings& settings,
                               double& model_flops, double& hardware_flops);

/// Host transfers per optimizer step of an offload mode, for `params_per_card` parameters on this
/// card with `weight_bytes` per compute weight and `forward_passes` passes over the weights per
/// micro-batch (2: forward and backward; 3 with full recompute), `microbatches` per step.
struct OffloadTraffic {
  double host_to_device_bytes = 0;
  double device_to_host_bytes = 0;
  double host_ram_bytes = 0;  ///< what this card's share keeps in host memory
};
OffloadTraffic offload_traffic(Offload offload, double params_per_card, double weight_bytes,
                               double grad_bytes, double forward_passes, double microbatches);

/// Seconds the offload adds to a step: the larger of the two directions over the host link
/// (PCIe is full duplex), none hidden behind compute (ZeRO-Offload's delayed update is off by
/// default). NaN when the link speed is unknown.
double offload_transfer_s(const OffloadTraffic& traffic, double host_link_gbps);

std::string_view finetune_id(FineTune mode);
std::string_view optimizer_id(Optimizer optimizer);
std::string_view offload_id(Offload offload);
/// "q,v" / "all" from a target bit set, and back ("" when a name is unknown).
std::string lora_targets_text(unsigned targets);
bool parse_lora_targets(std::string_view text, unsigned& targets);

}  // namespace llm_sizer
