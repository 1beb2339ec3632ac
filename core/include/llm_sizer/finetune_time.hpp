#pragma once
/// What fine-tuning and offload change in a step's time (docs/formulas.md, "Fine-tuning"):
/// the FLOPs of frozen weights (finetune.hpp, adjust_flops_for_finetune) and the host
/// transfers of an offload mode. The step-time model (training_time.cpp) calls these two.

#include "llm_sizer/training_time.hpp"

namespace llm_sizer {

/// Applies the fine-tuning mode of `in` to the FLOPs per token already in `t`.
void finetune_flops(const TrainingMemoryInputs& in, TrainingTime& t);

/// Seconds an offload mode adds to each step: gradients down every micro-batch and weights up
/// (every pass when the weights live on the host), over the host link, not overlapped. 0 without
/// offload; NaN when the link's speed is unknown.
double offload_step_s(const TrainingTimeInputs& in, double params_per_card);

}  // namespace llm_sizer
