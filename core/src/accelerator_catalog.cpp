#include <cmath>

#include "cli_texts.hpp"
#include "llm_sizer/accelerator.hpp"

namespace llm_sizer {
namespace {

constexpr const char* kNvidiaSheet =
    "NVIDIA datasheet (dense = sparse ÷ 2); corroborated by hahnyuan/LLM-Viewer "
    "hardware_params.py, feifeibear/LLMRoofline hardware_dict.py, glennklockwood.com";

constexpr const char* kUltraSheet =
    "NVIDIA Blackwell Ultra datasheet (dense = sparse ÷ 2), as NVIDIA AIConfigurator's "
    "systems/b300_sxm.yaml and gb300.yaml record it";

constexpr double kUnknown = NAN;

// A row's citation or note: the page's module never shows them (the CLI's `accelerators` and
// the docs do), and built for it without them (cli_texts.hpp) its table holds no pointer to
// their text.
struct Citation {
  const char* text;
  constexpr Citation(const char* t) : text(kCliTexts ? t : "") {}  // NOLINT: from literals
};

// One catalog row as plain data (a table compiles to data, not to construction code).
struct Row {
  const char* id;
  const char* name;
  const char* vendor;
  double memory_gb;
  double gpus_per_node;
  double bf16_tflops;
  double fp8_tflops;
  double hbm_tbps;
  double power_w;
  Citation source;
  const char* confidence;
  Citation note = "";
};

constexpr Row kRows[] = {
    {"h100-80g", "NVIDIA H100 SXM5 80GB", "NVIDIA", 80, 8, 989, 1979, 3.35, 700, kNvidiaSheet,
     "high", "The seed article's H100: 80 GB, 8 per NVLink node."},
    {"h200-141g", "NVIDIA H200 SXM 141GB", "NVIDIA", 141, 8, 989, 1979, 4.8, 700, kNvidiaSheet,
     "high", "Same compute as H100 SXM; HBM3e."},
    {"h800-80g", "NVIDIA H800 SXM 80GB", "NVIDIA", 80, 8, 989, 1979, 3.35, 700,
     "citsjtu2020/LLM-Prof hardware_spec.md; feifeibear/LLMRoofline; DeepSeek-V3 report", "medium",
     "China variant: H100 compute, NVLink cut to 400 GB/s."},
    {"h20-96g", "NVIDIA H20 96GB", "NVIDIA", 96, 8, 148, 296, 4.0, 400,
     "Press and partner specs (tweaktown, willitrunai); LLM-Prof hardware_spec.md", "medium-low",
     "No public NVIDIA datasheet."},
    {"h100-pcie-80g", "NVIDIA H100 PCIe 80GB", "NVIDIA", 80, kUnknown, 756, 1513, 2.0, 350,
     kNvidiaSheet, "medium-high"},
    {"h100-nvl-94g", "NVIDIA H100 NVL 94GB", "NVIDIA", 94, kUnknown, 835, 1671, 3.9, kUnknown,
     "NVIDIA H100 datasheet, H100 NVL column", "medium"},
    {"a100-80g", "NVIDIA A100 80GB SXM", "NVIDIA", 80, 8, 312, kUnknown, 2.039, 400, kNvidiaSheet,
     "high", "No FP8."},
    {"a100-40g", "NVIDIA A100 40GB SXM", "NVIDIA", 40, 8, 312, kUnknown, 1.555, 400, kNvidiaSheet,
     "high", "No FP8."},
    {"b200", "NVIDIA B200 (HGX, 1000 W)", "NVIDIA", 180, 8, 2250, 4500, 8.0, 1000,
     "glennklockwood.com B200 (NVIDIA Blackwell datasheet, HGX 1000 W); Vultr HGX B200 docs",
     "medium-high", "192 GB physical; HGX/DGX B200 expose about 180 GB per GPU."},
    {"gb200", "NVIDIA GB200 (per GPU, NVL72)", "NVIDIA", 186, 4, 2500, 5000, 8.0, 1200,
     "glennklockwood.com B200 (GB200 1200 W column); GB200 NVL72 13.4 TB HBM3e per rack", "medium",
     "4 GPUs per compute tray; the NVLink domain spans 72 GPUs."},
    // Blackwell Ultra: NVIDIA's Blackwell Ultra datasheet as NVIDIA's AIConfigurator records it
    // (aic-core/src/aiconfigurator_core/systems/b300_sxm.yaml and gb300.yaml at 095f58a51).
    {"b300", "NVIDIA B300 (HGX, 1100 W)", "NVIDIA", 288, 8, 2250, 4500, 7.75, 1100, kUltraSheet,
     "medium-high", "Blackwell Ultra; nvidia-smi shows 275,040 MiB."},
    {"gb300", "NVIDIA GB300 (per GPU, NVL72)", "NVIDIA", 288, 4, 2500, 5000, 8.0, 1400, kUltraSheet,
     "medium-high", "4 GPUs per compute tray; the NVLink domain spans 72 GPUs."},
    {"l40s", "NVIDIA L40S", "NVIDIA", 48, kUnknown, 362.05, 733, 0.864, 350,
     "NVIDIA L40S datasheet", "high", "GDDR6, PCIe only."},
    {"rtx-4090", "NVIDIA GeForce RTX 4090", "NVIDIA", 24, kUnknown, 165.2, 330.3, 1.008, 450,
     "NVIDIA Ada Lovelace architecture whitepaper appendix (recalled)", "medium",
     "BF16 with FP32 accumulate runs at half rate on GeForce: 165 TFLOPS."},
    {"mi300x", "AMD Instinct MI300X", "AMD", 192, 8, 1307.4, 2614.9, 5.3, 750,
     "ROCm docs conceptual/gpu-arch/mi300.md (peak table)", "high"},
    {"mi325x", "AMD Instinct MI325X", "AMD", 256, 8, 1307.4, 2614.9, 6.0, 1000,
     "AMD MI325X product figures as quoted in Vultr ROCm docs", "medium-high"},
    {"mi355x", "AMD Instinct MI355X", "AMD", 288, 8, 2500, 5000, 8.0, 1400,
     "AMD launch figures (recalled, not verified)", "low-medium"},
    {"mi250x", "AMD Instinct MI250X", "AMD", 128, 4, 383, kUnknown, 3.2768, 560,
     "AMD MI250X datasheet (recalled)", "medium", "Two GCDs per module."},
    {"gaudi3", "Intel Gaudi 3", "Intel", 128, 8, 1835, 1835, 3.67, 900,
     "Intel Hot Chips 2024 slide", "high"},
    {"gaudi2", "Intel Gaudi 2", "Intel", 96, 8, 432, kUnknown, 2.46, 600,
     "Intel Hot Chips 2024 slide 'Gaudi Product Generations'", "medium"},
    {"tpu-v5p", "Google TPU v5p", "Google", 95, 4, 459, 459, 2.765, kUnknown,
     "cloud.google.com/tpu/docs/v5p-training", "high", "4 chips per host."},
    {"tpu-v5e", "Google TPU v5e", "Google", 16, 8, 197, kUnknown, 0.819, kUnknown,
     "cloud.google.com/tpu/docs/v5e", "high"},
    {"tpu-v6e", "Google TPU v6e (Trillium)", "Google", 32, 8, 918, kUnknown, 1.638, kUnknown,
     "cloud.google.com/tpu/docs/v6e", "high"},
    {"tpu-v4", "Google TPU v4", "Google", 32, 4, 275, kUnknown, 1.2, kUnknown,
     "cloud.google.com/tpu/docs/v4", "high"},
    {"ascend-910b", "Huawei Ascend 910B", "Huawei", 64, 8, kUnknown, kUnknown, kUnknown, kUnknown,
     "Conflicting third-party figures (gitee AI docs: 64 GB HBM2e)", "low",
     "Peak throughput and bandwidth unverified; enter a measured figure."},
    {"rg800-32g", "Kunlunxin RG800 32GB", "Kunlunxin", 32, 8, kUnknown, kUnknown, kUnknown,
     kUnknown, "The seed article, sections 2.2.1 and 2.3.1 (32 GB, 8 cards per server)",
     "memory from the article; compute unknown"},
    {"r200-16g", "Kunlunxin R200", "Kunlunxin", 16, kUnknown, 128, kUnknown, 0.512, kUnknown,
     "Recollection of the Kunlun 2nd-gen R200 spec (unverified)", "very low"},
    {"mlu370-x8", "Cambricon MLU370-X8", "Cambricon", 48, kUnknown, 96, kUnknown, 0.6144, kUnknown,
     "sandraschi/virtualization-mcp chinese_ai_gpus.md (48 GB)", "low"},
    {"hygon-k100-ai", "Hygon DCU K100 AI", "Hygon", 64, 8, 196, kUnknown, 0.896, kUnknown,
     "wangzy0327/hblas-bench DCU-bench.md (official spec table)", "low-medium"},
};

std::optional<double> known(double value) {
  return std::isnan(value) ? std::nullopt : std::optional<double>(value);
}

std::vector<Accelerator> build() {
  std::vector<Accelerator> catalog;
  for (const Row& r : kRows) {
    Accelerator a;
    a.id = r.id;
    a.name = r.name;
    a.vendor = r.vendor;
    a.memory_gb = r.memory_gb;
    a.gpus_per_node = known(r.gpus_per_node);
    a.bf16_dense_tflops = known(r.bf16_tflops);
    a.fp8_dense_tflops = known(r.fp8_tflops);
    a.hbm_bandwidth_tbps = known(r.hbm_tbps);
    a.power_w = known(r.power_w);
    a.source = r.source.text;
    a.confidence = r.confidence;
    a.note = r.note.text;
    catalog.push_back(std::move(a));
  }
  return catalog;
}

// Interconnect per GPU and one direction, GB/s, and an indicative price. Intra-node: the
// vendor's link bandwidth halved (bidirectional figures). Inter-node: the reference system's
// NICs (DGX H100/H200/B200: one 400 Gb/s ConnectX-7 per GPU = 50 GB/s; DGX A100: one 200 Gb/s
// HDR per GPU = 25 GB/s); other deployments differ, so enter yours.
struct Links {
  const char* id;
  double intra_gbps;
  double inter_gbps;
  double price_per_hour_usd;
  double nvlink_domain_gpus = kUnknown;  // the GPUs the NVLink switches join, where not the node
};

// Prices: Lambda's public on-demand list (2025) for 8-GPU SXM instances, per GPU-hour; H200 and
// RTX 4090 from RunPod's serverless price list (docs.runpod.io/serverless/pricing, "active"
// workers: $0.00124/s and $0.00021/s). Indicative only — cloud, reserved and owned-cluster
// prices differ widely.
const Links kLinks[] = {
    {"h100-80g", 450, 50, 2.99},  // NVLink4 900 GB/s bidirectional
    {"h200-141g", 450, 50, 4.46},
    {"h800-80g", 200, 50, kUnknown},  // NVLink cut to 400 GB/s
    {"h20-96g", 450, 50, kUnknown},
    {"a100-80g", 300, 25, 1.79},  // NVLink3 600 GB/s bidirectional
    {"a100-40g", 300, 25, 1.29},
    {"b200", 900, 50, kUnknown},  // NVLink5 1.8 TB/s bidirectional
    // DGX GB200 user guide (docs.nvidia.com/dgx/dgxgb200-user-guide, Hardware): "an NVIDIA rack
    // with 72-GPU NVL domains", 18 compute trays of 4 GPUs, each tray with 4 single-port 400G
    // ConnectX-7 NICs for the cluster network.
    {"gb200", 900, 50, kUnknown, 72},
    // Blackwell Ultra systems: one 800 Gb/s ConnectX-8 per GPU (AIConfigurator's system files).
    {"b300", 900, 100, kUnknown},
    {"gb300", 900, 100, kUnknown, 72},
    {"mi300x", 448, 50, kUnknown},  // 7 Infinity Fabric links, 896 GB/s aggregate
    {"mi325x", 448, 50, kUnknown},
    {"tpu-v5p", 600, kUnknown, kUnknown},  // ICI 1200 GB/s bidirectional per chip
    {"rtx-4090", kUnknown, kUnknown, 0.76},
};

// The host link per direction from the PCIe specification: 16 lanes × 16 GT/s (Gen4) or
// 32 GT/s (Gen5) × 128/130 encoding = 31.5 or 63 GB/s, 64 GT/s (Gen6, 242 of every 256 FLIT
// bytes payload) = 121 GB/s; host-to-device copies from pinned memory reach ~80-90 % of it.
// GB200's and GB300's Grace is joined by NVLink-C2C, 900 GB/s both ways.
struct HostLink {
  const char* id;
  double gbps;
};
constexpr double kPcie4 = 31.5;
constexpr double kPcie5 = 63;
constexpr double kPcie6 = 121;
const HostLink kHostLinks[] = {
    {"h100-80g", kPcie5},      {"h200-141g", kPcie5},    {"h800-80g", kPcie5}, {"h20-96g", kPcie5},
    {"h100-pcie-80g", kPcie5}, {"h100-nvl-94g", kPcie5}, {"a100-80g", kPcie4}, {"a100-40g", kPcie4},
    {"b200", kPcie5},          {"gb200", 450},           {"l40s", kPcie4},     {"rtx-4090", kPcie4},
    {"b300", kPcie6},          {"gb300", 450},           {"mi300x", kPcie5},   {"mi325x", kPcie5},
    {"mi355x", kPcie5},        {"mi250x", kPcie4},       {"gaudi3", kPcie5},   {"gaudi2", kPcie4},
};

// What the driver reports as the card's memory, in bytes (CUDA: cudaGetDeviceProperties
// totalGlobalMem, as deviceQuery and torch.cuda.get_device_properties print it; HIP the same).
// Marketed "80 GB" is neither 80 × 10⁹ nor 80 GiB: an H100 SXM reports 85,045,477,376 bytes
// (79.2 GiB). The figure moves by tens of MiB between drivers (one on driver 580.159.04 reported
// 85,017,493,504: docs/validation.md, "One H100"). Cards without a reported figure keep their
// marketed GB (capacity_bytes_or_nominal) rather than a guess.
constexpr double kMiB = 1024.0 * 1024.0;
constexpr double kGiB = 1024.0 * kMiB;

struct Capacity {
  const char* id;
  double bytes;
  const char* source;
};

// Sources (in full in docs/formulas.md, "Card capacity"): deviceQuery printouts recorded in
// github.com/thamada/nvidia-smi @c4c8a46 (gls/*_deviceQuery.py); torch.cuda.get_device_properties
// printouts in public code; PaddlePaddle's get_device_properties docstring; Google's TPU pages.
constexpr const char* kDeviceQuery = "CUDA deviceQuery (thamada/nvidia-smi)";
constexpr const char* kTorchProps = "torch.cuda.get_device_properties printout";
// nvidia-smi memory.total as NVIDIA AIConfigurator's system files (systems/*.yaml) record it.
constexpr const char* kSmiTotal = "nvidia-smi memory.total";
const Capacity kCapacities[] = {
    {"h100-80g", 85045477376.0, kDeviceQuery},
    // The H800 is the H100 SXM with its NVLink cut: the same 80 GB HBM3 (nvidia-smi shows the same
    // 81,559 MiB total on both).
    {"h800-80g", 85045477376.0, "the H100 SXM's deviceQuery figure (same memory)"},
    {"a100-80g", 85100068864.0, kDeviceQuery},
    {"h100-nvl-94g", 99861594112.0, kDeviceQuery},
    {"l40s", 47803596800.0, kDeviceQuery},
    {"rtx-4090", 25386352640.0, kDeviceQuery},
    {"mi300x", 196592 * kMiB, "HIP device properties (thamada/nvidia-smi)"},
    {"h200-141g", 143156 * kMiB, kTorchProps},
    {"b200", 182631 * kMiB, kTorchProps},
    {"h20-96g", 97285 * kMiB, kTorchProps},
    // No CUDA figure is published for these: nvidia-smi's total, which sits a few hundred MiB
    // above it where both are known (H100 455, H200 615, B200 728 MiB).
    {"gb200", 189471 * kMiB, kSmiTotal},
    {"b300", 275040 * kMiB, kSmiTotal},
    {"gb300", 284208 * kMiB, kSmiTotal},
    {"a100-40g", 40536 * kMiB, "paddle.device.cuda.get_device_properties docstring"},
    // Google sizes TPU HBM in GiB.
    {"tpu-v5p", 95 * kGiB, "cloud.google.com/tpu/docs/v5p"},
    {"tpu-v5e", 16 * kGiB, "cloud.google.com/tpu/docs/v5e"},
    {"tpu-v6e", 32 * kGiB, "cloud.google.com/tpu/docs/v6e"},
    {"tpu-v4", 32 * kGiB, "cloud.google.com/tpu/docs/v4"},
};

}  // namespace

const std::vector<Accelerator>& accelerator_catalog() {
  static const std::vector<Accelerator> kCatalog = [] {
    std::vector<Accelerator> catalog = build();
    for (auto& a : catalog) {
      for (const auto& links : kLinks) {
        if (a.id != links.id) continue;
        a.intra_node_bandwidth_gbps = known(links.intra_gbps);
        a.inter_node_bandwidth_gbps = known(links.inter_gbps);
        a.price_per_hour_usd = known(links.price_per_hour_usd);
        a.nvlink_domain_gpus = known(links.nvlink_domain_gpus);
      }
      for (const auto& link : kHostLinks) {
        if (a.id == link.id) a.host_link_gbps = link.gbps;
      }
      for (const auto& c : kCapacities) {
        if (a.id != c.id) continue;
        a.capacity_bytes = c.bytes;
        a.capacity_source = c.source;
      }
    }
    return catalog;
  }();
  return kCatalog;
}

double capacity_bytes_or_nominal(const Accelerator& a) {
  return a.capacity_bytes ? *a.capacity_bytes : a.memory_gb * 1e9;
}

const Accelerator* find_accelerator(std::string_view id) {
  for (const auto& a : accelerator_catalog()) {
    if (a.id == id) return &a;
  }
  return nullptr;
}

}  // namespace llm_sizer
