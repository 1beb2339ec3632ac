#include "llm_sizer/device_memory.hpp"

#include <cmath>

#include "llm_sizer/units.hpp"

namespace llm_sizer {
namespace {

constexpr double kUnknown = NAN;
constexpr double kBytesPerMib = 1048576.0;

// PyTorch's out-of-memory message prints the CUDA total ("GPU 0 has a total capacity of
// 139.80 GiB"); the figures vary by a few hundredths with the driver.
constexpr DeviceMemory kRows[] = {
    // vLLM v0.19.0 start-up log, "Free memory on device (78.68/79.19 GiB)" (llm-d-planner
    // accuracy sweep); nvidia-smi 81,559 MiB (H100 80GB HBM3).
    {"h100-80g", 79.19, 81559},
    // H800 SXM: the H100's memory with NVLink cut; the same HBM3 configuration.
    {"h800-80g", 79.19, 81559},
    // PyTorch allocator messages on H200 ("total capacity of 139.80 GiB"); nvidia-smi 143,771 MiB
    // (sgl-project/sglang#3196).
    {"h200-141g", 139.80, 143771},
    // PyTorch allocator messages on B200 ("total capacity of 178.35 GiB"); nvidia-smi 183,359 MiB
    // (NVIDIA/TensorRT-LLM#10278).
    {"b200", 178.35, 183359},
    // HIP allocator messages on MI300X ("total capacity of 191.98 GiB").
    {"mi300x", 191.98, kUnknown},
    // nvidia-smi 81,920 MiB (vllm-project/vllm#41519, A800 80GB: the A100 80GB's memory).
    {"a100-80g", kUnknown, 81920},
    // deviceQuery 42,298,834,944 B (bottlerocket-os/bottlerocket#3873); nvidia-smi 40,536 MiB.
    {"a100-40g", 42298834944.0 / kBytesPerGib, 40536},
};

}  // namespace

const DeviceMemory* find_device_memory(std::string_view accelerator_id) {
  for (const auto& row : kRows) {
    if (row.accelerator_id == accelerator_id) return &row;
  }
  return nullptr;
}

double engine_total_bytes(std::string_view accelerator_id, double card_memory_gb) {
  const DeviceMemory* row = find_device_memory(accelerator_id);
  if (row != nullptr && std::isfinite(row->cuda_total_gib)) {
    return gib_to_bytes(row->cuda_total_gib);
  }
  return gb_to_bytes(card_memory_gb);
}

double smi_total_mib(std::string_view accelerator_id, double engine_total_bytes) {
  const DeviceMemory* row = find_device_memory(accelerator_id);
  if (row != nullptr && std::isfinite(row->smi_total_mib)) return row->smi_total_mib;
  return engine_total_bytes / kBytesPerMib;
}

}  // namespace llm_sizer
