#pragma once
/// The time model's working, step by step, as the memory model's (training_report.hpp): tokens per
/// step T = B_global × s; the step t_step as the sum of its parts (step_time.hpp), or from a
/// measured throughput F_hw × T / (GPUs × achieved); tokens/s = T / t_step; MFU = F_model ×
/// tokens/s / (GPUs × peak) (Chowdhery et al. 2022, appendix B); and with a token count D: steps ⌈D
/// / T⌉, days = steps × t_step / 86400, GPU-hours = GPUs × steps × t_step / 3600, cost = price ×
/// GPU-hours, energy = GPU-hours × P × PUE (training_time.hpp, run_length). Only the full module
/// links it: the page's first module has no time model.

#include <vector>

#include "llm_sizer/derivation.hpp"
#include "llm_sizer/training_time.hpp"

namespace llm_sizer {

std::vector<DerivationStep> explain_training_time(const TrainingTimeInputs& in,
                                                  const TrainingTime& time);

/// explain_training_time, or none (null) where a module leaves it out.
using TimeExplainer = std::vector<DerivationStep> (*)(const TrainingTimeInputs&,
                                                      const TrainingTime&);

}  // namespace llm_sizer
