#include "llm_sizer/device_memory.hpp"

namespace llm_sizer {
namespace {

constexpr double kBytesPerMib = 1048576.0;

constexpr DeviceMemory kRows[] = {
    // nvidia-smi 81,559 MiB (H100 80GB HBM3).
    {"h100-80g", 81559},
    // H800 SXM: the H100's memory with NVLink cut; the same HBM3 configuration.
    {"h800-80g", 81559},
    // nvidia-smi 143,771 MiB (sgl-project/sglang#3196).
    {"h200-141g", 143771},
    // nvidia-smi 183,359 MiB (NVIDIA/TensorRT-LLM#10278).
    {"b200", 183359},
    // nvidia-smi 81,920 MiB (vllm-project/vllm#41519, A800 80GB: the A100 80GB's memory).
    {"a100-80g", 81920},
    // nvidia-smi 40,536 MiB.
    {"a100-40g", 40536},
};

}  // namespace

const DeviceMemory* find_device_memory(std::string_view accelerator_id) {
  for (const auto& row : kRows) {
    if (row.accelerator_id == accelerator_id) return &row;
  }
  return nullptr;
}

double smi_total_mib(std::string_view accelerator_id, double engine_total_bytes) {
  const DeviceMemory* row = find_device_memory(accelerator_id);
  if (row != nullptr) return row->smi_total_mib;
  return engine_total_bytes / kBytesPerMib;
}

}  // namespace llm_sizer
