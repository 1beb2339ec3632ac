#pragma once
/// What fine-tuning and offload change in a step's time (docs/formulas.md, "Fine-tuning"):
/// the FLOPs of frozen weights (finetune.hpp, adjust_flops_for_finetune) and the host
/// transfers of an offload mode, QLoRA's dequantization. The step-time model (training_time.cpp)
/// calls these.

#include "llm_sizer/training_time.hpp"

namespace llm_sizer {

/// Applies the fine-tuning mode of `in` to the FLOPs per token already in `t`.
void finetune_flops(const TrainingMemoryInputs& in, TrainingTime& t);

/// Seconds an offload mode adds to each step: gradients down every micro-batch and weights up
/// (every pass when the weights live on the host), over the host link, not overlapped. 0 without
/// offload; NaN when the link's speed is unknown.
double offload_step_s(const TrainingTimeInputs& in, double params_per_card);

/// Seconds activation offloading adds to a step whose compute `t` already holds: every layer's
/// saved tensors go to pinned host memory on a stream of their own while the next layers
/// compute, and come back one layer ahead of the backward (TransformerEngine's cpu_offload.py,
/// AsyncDoubleBufferGroupOffloadHandler: "completely hidden behind computation if computation
/// time of a layer is longer than host-device communication time"; torchtune's
/// OffloadActivations on its second stream alike). Per layer and micro-batch,
/// each way: max(0, its saved bytes / host link − its forward or backward compute), the
/// forward a third of a layer's compute (its backward twice the forward's FLOPs) and the
/// backward the rest with any recompute. 0 without offloading; NaN when the link is unknown.
double activation_offload_step_s(const TrainingTimeInputs& in, const TrainingTime& t);

/// Seconds QLoRA's dequantization adds to each step: bitsandbytes turns every frozen NF4 linear
/// back into bf16 before its GEMMs (bnb.matmul_4bit: dequantize_4bit in forward and again in
/// backward for the input's gradient, once more under full recompute), a memory-bound pass
/// reading its NF4 bytes and writing 2 B per weight at the streaming share of HBM bandwidth. 0
/// without QLoRA.
double dequant_step_s(const TrainingTimeInputs& in, double params_per_card, double microbatches);

}  // namespace llm_sizer
