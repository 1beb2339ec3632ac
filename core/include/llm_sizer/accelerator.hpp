#pragma once
/// Accelerator catalog: memory, peak dense throughput, bandwidths, node size, power and price,
/// each preset with its source and confidence. Unknown figures stay unknown (nullopt) and are
/// shown as such; they are never guessed.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace llm_sizer {

struct Accelerator {
  std::string id;  ///< stable forever, used in share links ("h100-80g")
  std::string name;
  std::string vendor;
  double memory_gb = 0;  ///< marketed memory, GB = 1e9 bytes (what the article's method uses)
  /// The card's memory as the driver reports it to CUDA/HIP (cudaGetDeviceProperties
  /// totalGlobalMem, what torch.cuda.get_device_properties().total_memory shows): what a training
  /// process can address, before its own CUDA context. nullopt when no driver figure was found;
  /// the full memory model then takes memory_gb × 10⁹ and says so.
  std::optional<double> capacity_bytes;
  std::string capacity_source;          ///< where capacity_bytes comes from
  std::optional<double> gpus_per_node;  ///< GPUs per host (a server, or a GB200 compute tray)
  /// GPUs one scale-up fabric (NVLink and NVSwitch) joins at intra_node_bandwidth_gbps; nullopt:
  /// the node. A GB200 NVL72 rack joins its 18 trays' 72 GPUs.
  std::optional<double> nvlink_domain_gpus;
  std::optional<double> bf16_dense_tflops;  ///< dense (not 2:4 sparse) tensor peak
  std::optional<double> fp8_dense_tflops;
  std::optional<double> hbm_bandwidth_tbps;         ///< TB/s = 1e12 B/s
  std::optional<double> intra_node_bandwidth_gbps;  ///< per GPU, one direction, GB/s
  std::optional<double> inter_node_bandwidth_gbps;  ///< per GPU, one direction, GB/s
  /// Host ↔ card per direction, GB/s (PCIe x16: Gen4 31.5, Gen5 63; GB200's NVLink-C2C 450):
  /// what CPU offload moves state over.
  std::optional<double> host_link_gbps;
  std::optional<double> power_w;             ///< board power
  std::optional<double> price_per_hour_usd;  ///< an indicative rental price per GPU-hour
  std::string source;
  std::string confidence;  ///< "high", "medium", "low", ... as gathered
  std::string note;
};

/// Every preset, in display order.
const std::vector<Accelerator>& accelerator_catalog();

/// The capacity the full memory model compares with: the driver's figure, else the marketed one.
double capacity_bytes_or_nominal(const Accelerator& accelerator);

/// The preset with this id, or nullptr.
const Accelerator* find_accelerator(std::string_view id);

}  // namespace llm_sizer
