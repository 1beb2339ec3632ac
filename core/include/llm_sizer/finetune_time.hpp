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

/// Seconds QLoRA's dequantization adds to each step: bitsandbytes turns every frozen NF4 linear
/// back into bf16 before its GEMMs (bnb.matmul_4bit: dequantize_4bit in forward and again in
/// backward for the input's gradient, once more under full recompute), a memory-bound pass
/// reading its NF4 bytes and writing 2 B per weight at the streaming share of HBM bandwidth. 0
/// without QLoRA.
double dequant_step_s(const TrainingTimeInputs& in, double params_per_card, double microbatches);

}  // namespace llm_sizer
