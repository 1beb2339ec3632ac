#pragma once
/// The memory a card really has, as its driver reports it to a serving engine. An "80 GB" H100
/// is neither 80 × 10⁹ nor 80 GiB bytes to vLLM: it multiplies `gpu_memory_utilization` by the
/// total `cudaMemGetInfo` returns (vllm/v1/worker/gpu_worker.py, validation/data/
/// serving-mechanisms.md §1.1), 79.19 GiB on an H100 SXM — below nvidia-smi's 81,559 MiB, which
/// also counts memory the driver keeps. SGLang sizes its defaults from nvidia-smi's figure.
///
/// Figures are quoted from engine logs and allocator messages (each row's comment names its
/// source: the page's first module carries the figures, not their citations); a
/// card without them falls back to its marketed GB (10⁹ bytes), the conservative choice.

#include <string_view>

namespace llm_sizer {

struct DeviceMemory {
  std::string_view accelerator_id;
  double cuda_total_gib = 0;  ///< cudaMemGetInfo total (= torch's total_memory); NaN: unknown
  double smi_total_mib = 0;   ///< nvidia-smi memory.total; NaN: unknown
};

/// The row for a catalog accelerator, or nullptr when none was found.
const DeviceMemory* find_device_memory(std::string_view accelerator_id);

/// Bytes a CUDA engine sees as the card's total: the driver's figure for a known card, else the
/// marketed `card_memory_gb` × 10⁹.
double engine_total_bytes(std::string_view accelerator_id, double card_memory_gb);

/// nvidia-smi's total in MiB (SGLang's `gpu_mem`): the driver's figure, else the engine total.
double smi_total_mib(std::string_view accelerator_id, double engine_total_bytes);

}  // namespace llm_sizer
