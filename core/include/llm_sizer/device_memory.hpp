#pragma once
/// nvidia-smi's total of a card, which SGLang sizes its defaults from. It is more than the card's
/// capacity as the driver reports it to CUDA (the accelerator catalog's capacity_bytes, which
/// vLLM multiplies by `gpu_memory_utilization`, vllm/v1/worker/gpu_worker.py): 81,559 MiB against
/// 79.2 GiB on an H100 SXM, because nvidia-smi also counts memory the driver keeps.
///
/// Figures are quoted from engine logs and issue reports (each row's comment names its source:
/// the page's first module carries the figures, not their citations).

#include <string_view>

namespace llm_sizer {

struct DeviceMemory {
  std::string_view accelerator_id;
  double smi_total_mib = 0;  ///< nvidia-smi memory.total
};

/// The row for a catalog accelerator, or nullptr when none was found.
const DeviceMemory* find_device_memory(std::string_view accelerator_id);

/// nvidia-smi's total in MiB (SGLang's `gpu_mem`): the quoted figure, else the engine total.
double smi_total_mib(std::string_view accelerator_id, double engine_total_bytes);

}  // namespace llm_sizer
