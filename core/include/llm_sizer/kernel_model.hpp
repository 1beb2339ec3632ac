#pragma once
/// How long one GPU kernel takes (docs/formulas.md, "Step time, operation by operation").
///
/// GEMM: a roofline of FLOPs against bytes, at the share of the dense peak that the largest
/// GEMMs reach on the accelerator (its "maximum achievable matmul FLOPS", MAMF: Bekman, Machine
/// Learning Engineering, compute/accelerator/README.md, measured with mamf-finder.py), times the
/// utilization left by tile and wave quantization: a GEMM is cut into output tiles of 256×128
/// (the large tile the measured maximum comes from; smaller tiles reuse less of what they load),
/// one tile per streaming multiprocessor per wave, so an M×N output of T tiles on S SMs runs
/// ⌈T/S⌉ waves of full tiles (NVIDIA, "Matrix Multiplication Background User's Guide", tile and
/// wave quantization):
///   t = max( 2MKN / (peak · η_max · MN / (⌈T/S⌉·S·tile)),  bytes / (HBM · η_mem) ) + t_kernel
/// On Ampere each output tile is written after its K loop, while its SM waits (CUTLASS 2's
/// epilogue); Hopper's persistent, warp-specialized kernels store one tile while computing the
/// next (CUTLASS 3, TMA stores). So before Hopper the output's bytes add to the time instead of
/// joining the roofline.
/// A tile also pays a fixed cost before its K loop streams (filling the operand pipeline), as if
/// its reduction were K₀ longer: below the K at which the maximum is reached the rate falls as
/// K / (K + K₀), relative to that K. Measured on Hopper only: OpenXLA's per-shape table for sm_90
/// (matmul_interpolator_data.h, bf16, 4 × 4096 × 4096 outputs, K 256 … 4096: 504, 620, 726, 765,
/// 793 TFLOP/s, the last the MAMF) fits K₀ = 166 (least squares on 1/rate against 1/K). That
/// cost is a time (loading the pipeline's first stages, which hold as many bytes in either dtype,
/// and storing the same bf16 output tile), while an FP8 K loop streams twice the elements in it at
/// twice the rate: under FP8, K₀ × (FP8 peak / bf16 peak) = 332.
/// Element-wise kernels stream their bytes at the HBM bandwidth times the memory efficiency.
/// Flash attention runs at the kernel's published efficiency for long sequences, reached along
/// η(s) = η_∞ · s / (s + s½) (FlashAttention-3 paper, Shah et al. 2024, Figures 5–6: H100 SXM5,
/// head dim 128; s½ ≈ 360 tokens for both cuDNN and FlashAttention-2, forward and backward).

#include <string_view>

namespace llm_sizer {

/// FP8 attention's speed over bf16 attention, each pass timed on the same GPU with the same cuDNN
/// at 2,048, 4,096, … 32,768 tokens (kernel_catalog.cpp says where), forward and backward: bf16's
/// time ÷ FP8's, in ten-thousandths (the page's module carries these tables: 2 bytes a figure).
struct Fp8AttentionCurve {
  unsigned short fwd_e4[5];
  unsigned short bwd_e4[5];
};

/// What one accelerator's kernels reach.
struct KernelSpeeds {
  double matmul_flops = 0;     ///< FLOP/s, dense peak in the GEMMs' dtype (the fp8 peak under fp8)
  double gemm_efficiency = 0;  ///< share of matmul_flops that the largest GEMMs reach (MAMF)
  double bf16_flops = 0;       ///< FLOP/s, dense bf16 peak (attention stays in bf16 under fp8)
  double attention_fwd_efficiency = 0;  ///< flash forward, share of bf16 peak at long sequences
  double attention_bwd_efficiency = 0;  ///< flash backward (its 2.5× FLOPs), likewise
  double attention_fwd_head_share = 1;  ///< × the efficiencies at the head dim (head_dim_share)
  double attention_bwd_head_share = 1;
  double memory_bytes_per_s = 0;  ///< HBM bandwidth × memory efficiency
  double sms = 0;                 ///< streaming multiprocessors; 0 when not known
  bool serial_epilogue = false;   ///< output tiles written after their K loop (before Hopper)
  double k_overhead = 0;  ///< K₀: a tile's fixed cost in reduction elements; 0 when not measured
  double k_of_maximum = 0;  ///< K from which GEMMs reach gemm_efficiency
  /// When set (> 0), every GEMM and attention kernel runs at this share of peak instead: the
  /// plan's own compute efficiency replaces the kernel model (no quantization, no curve).
  double fixed_compute_efficiency = 0;
  /// Attention runs in FP8 at this curve's speed over the bf16 kernel's (null: in bf16).
  const Fp8AttentionCurve* fp8_attention = nullptr;
};

/// A kernel's fixed cost beyond its roofline: launch, prologue and tail (~2 µs on current GPUs).
inline constexpr double kKernelOverheadS = 2e-6;
/// Sequence length at which flash attention reaches half its long-sequence efficiency.
inline constexpr double kFlashHalfSeq = 360;
/// Backward of flash attention executes 2.5× the forward FLOPs (it recomputes QKᵀ; Dao 2023,
/// FlashAttention-2, §3.1.2; the FLOPs its benchmarks divide by).
inline constexpr double kFlashBackwardFlops = 2.5;

/// Share of the GEMM's FLOP rate left by tile and wave quantization on `sms` SMs (1 when 0).
double gemm_utilization(double m, double n, double sms);

/// Seconds of an M×K by K×N GEMM (`batch` of them, e.g. per attention head), with operands of
/// `operand_bytes` per element and an output of `out_bytes` per element.
double gemm_s(const KernelSpeeds& k, double m, double kdim, double n, double operand_bytes,
              double out_bytes, double batch = 1);

/// Seconds of `gemms` GEMMs of one shape launched as one kernel each, at most `streams` of them
/// resident at once (TransformerEngine's grouped linear: one cuBLAS GEMM per local expert over
/// 4 compute streams). The SMs draw tiles from whichever kernels are resident, so the set's tiles
/// fill the waves together as in gemm_s — unless the resident kernels hold less output than the
/// SMs' tiles cover, when only that share of the SMs computes:
///   utilization = min(wave quantization of the set, min(streams, gemms) · M·N / (S · 256·128))
/// and the kernels' fixed cost is paid once per round of `streams`. `streams` < 1: as gemm_s.
double concurrent_gemms_s(const KernelSpeeds& k, double m, double kdim, double n,
                          double operand_bytes, double out_bytes, double gemms, double streams);

/// Seconds of an element-wise (memory-bound) kernel moving `bytes` to and from HBM.
double stream_s(const KernelSpeeds& k, double bytes);

/// Seconds of `kernels` element-wise kernels moving `bytes` between them: the bytes at the
/// streaming rate, each kernel past the first adding its fixed cost.
inline double streams_s(const KernelSpeeds& k, double bytes, int kernels) {
  return stream_s(k, bytes) + (kernels > 1 ? (kernels - 1) * kKernelOverheadS : 0);
}

/// Seconds of flash attention executing `flops` on sequences of `seq` tokens per kernel call (in
/// FP8 where `k` says so, at fp8_attention_speedup() over the bf16 kernel).
double flash_attention_s(const KernelSpeeds& k, double flops, double seq, bool backward);

/// Seconds of the same call over a sliding window of `window` keys: `causal_flops` are the causal
/// kernel's over `causal_keys` keys a query on average (`kernel_seq` tokens a call). Each query
/// sees min(window, causal_keys) keys; the kernel's fixed cost per row of queries is paid over a
/// key loop of the window's length, as a causal kernel pays it over half its sequence, so it runs
/// at the flash curve's efficiency at min(kernel_seq, 2·window). In FP8 the forward speeds up the
/// window's key loop but not that fixed cost; the backward computes every tile up to the diagonal,
/// window or not (cuDNN's, as NVIDIA's training benchmark times it on GPT-OSS's 128-token window):
/// the causal call's time.
double window_attention_s(const KernelSpeeds& k, double causal_flops, double causal_keys,
                          double kernel_seq, double window, bool backward);

/// A curve's speedup at `seq` tokens: linear in log₂(seq) between the lengths it was timed at,
/// the end values beyond them.
double fp8_attention_speedup(const Fp8AttentionCurve& curve, double seq, bool backward);

/// A flash attention kernel's rate at `head_dim` (of queries and keys) over its rate at head dim
/// 128, where the attention efficiencies are measured: Shah et al. 2024 (FlashAttention-3), H100
/// SXM5, 16k tokens. Forward (Figure 5): cuDNN 413, 595 and 509 TFLOP/s at head dims 64, 128 and
/// 256, FlashAttention-2 (`flash2`) 324, 370 and 298; backward (Figure 6, head dims 64 and 128):
/// cuDNN 433 and 516, FlashAttention-2 291 and 322. Linear in the head dim between those, the end
/// value beyond them; a backward above 128 keeps 128's (not timed); 1 without a head dim.
double head_dim_share(bool flash2, double head_dim, bool backward);

/// What NCCL's collectives reach inside one NVLink switch domain beyond NCCL's own cost model,
/// per switch generation (measured: below; 1 and 0 where nothing is):
/// - of the bus bandwidth a ring over 8 of its GPUs reaches (all-gathers and reduce-scatters),
///   a ring over fewer and an all-to-all keep a share, linear in the GPU count between 2, 4 and
///   8, 8's from 8 on:  ring bus(n) = bus(8) · ring(n),  all-to-all bus(n) = bus(8) ·
///   all_to_all(n);
/// - every collective and send waits extra_latency_s more than NCCL's latencies, which the H100's
///   timings follow.
struct NvSwitchFigures {
  double ring_2 = 1;           ///< all-gather and reduce-scatter rings over 2 GPUs
  double ring_4 = 1;           ///< and over 4
  double all_to_all_2 = 1;     ///< all-to-all among 2 GPUs
  double all_to_all_4 = 1;     ///< among 4
  double all_to_all_8 = 1;     ///< among 8 and more
  double extra_latency_s = 0;  ///< beyond NCCL's model, every collective and send

  constexpr double ring(double gpus) const { return at(ring_2, ring_4, 1, gpus); }
  constexpr double all_to_all(double gpus) const {
    return at(all_to_all_2, all_to_all_4, all_to_all_8, gpus);
  }

 private:
  static constexpr double at(double two, double four, double eight, double gpus) {
    if (!(gpus > 2)) return two;
    if (gpus < 4) return two + (four - two) * (gpus - 2) / 2;
    if (gpus < 8) return four + (eight - four) * (gpus - 4) / 4;
    return eight;
  }
};

/// The NVSwitch generation an accelerator's GPUs are joined by (none: bridged, PCIe, or not
/// measured), which sets its figures above.
enum class NvSwitch : unsigned char { kNone, kAmpere, kHopper, kBlackwell };

/// NVIDIA's NCCL collection (AIConfigurator, validation/data/nccl-nvlink.json: NCCL 2.29.2, 2.27.3
/// on the A100) timed the same all-gathers, reduce-scatters and all-to-alls on 2, 4 and 8 GPUs of
/// one node of each accelerator (A100; H100 and H200; B200 and B300), half precision;
/// scripts/validation/nvlink-groups.mjs recomputes every figure.
/// - Shares: 64 MB and more, the median of the group's bus bandwidth over 8 GPUs' all-gather and
///   reduce-scatter, per operation, size and accelerator. NCCL's own tuner (src/graph/tuning.cc)
///   gives a ring one bus bandwidth at any size of group; on every accelerator measured the
///   smaller groups ran slower, and an all-to-all slower than a ring (among 8 Blackwell GPUs 0.92
///   of it). The GB200 and GB300 (4 GPUs a tray in the collection) take the B200's and B300's:
///   their 2 GPUs against their 4 came out within 0.5 % of the B200's and B300's (rings 0.751 and
///   0.754 against 0.752 and 0.751, all-to-alls 0.675 against 0.678 and 0.676).
/// - Latency: 512 B to 8 KB, the median of the time less the H100's at the same size, operation
///   and group: A100 4.07 µs, B200 and B300 3.575 (GB200 and GB300 3.93 against H100's 2- and
///   4-GPU timings); the H200, on NVLink 4 as the H100, 0.03.
inline constexpr NvSwitchFigures kNvSwitchFigures[] = {
    {},                                                  // NvSwitch::kNone: nothing measured
    {0.7713, 0.9474, 0.7999, 0.9410, 0.9816, 4.07e-6},   // NvSwitch::kAmpere
    {0.7444, 0.9229, 0.8522, 0.9253, 0.9405, 0},         // NvSwitch::kHopper
    {0.7002, 0.9126, 0.5430, 0.8015, 0.9213, 3.575e-6},  // NvSwitch::kBlackwell
};
constexpr NvSwitchFigures nvswitch_figures(NvSwitch generation) {
  return kNvSwitchFigures[static_cast<unsigned char>(generation)];
}

/// Published kernel figures of an accelerator preset (kernel_catalog.cpp): SM count and the
/// measured GEMM efficiencies (MAMF / dense peak). NaN where nothing is published.
struct KernelFacts {
  double sms = 0;
  double gemm_bf16_efficiency = 0;  ///< MAMF / peak × the sustained share (below)
  double gemm_fp8_efficiency = 0;   ///< MAMF / peak × the sustained share (below)
  double comm_efficiency = 0;       ///< NCCL's bus bandwidth over the NVLink line rate
  bool serial_epilogue = false;     ///< pre-Hopper GEMM epilogues (see above)
  double k_overhead = 0;            ///< K₀ (see above); 0 where not measured
  double k_of_maximum = 0;          ///< K from which GEMMs reach the MAMF
  /// Blackwell: fp8 GEMMs read either operand layout, no transposed copy (fp8_recipe.hpp).
  bool fp8_columnwise = false;
  /// NCCL's cap on its LL protocol's bus bandwidth within a node, GB/s (its tuner's llMaxBws for
  /// the architecture, src/graph/tuning.cc); NaN where NCCL has none (not an NVIDIA GPU).
  double nccl_ll_max_gbps = 0;
  NvSwitch nvswitch = NvSwitch::kNone;  ///< its NVSwitch figures (above)
  /// Share of the datasheet HBM bandwidth its streaming kernels reach where measured
  /// (kernel_catalog.cpp: Blackwell's); NaN elsewhere, where kDefaultMemoryEfficiency stands.
  double memory_efficiency = 0;
  /// Dense FP4 (NVFP4) tensor throughput ÷ dense FP8, from the vendor's datasheet: B200 9 ÷ 4.5
  /// and GB200 10 ÷ 5 PFLOPS (NVIDIA Blackwell datasheet), B300 14 ÷ 4.5 and GB300 15 ÷ 5
  /// (Blackwell Ultra datasheet); 0 without FP4 tensor cores (serving dequantizes NVFP4 there,
  /// training cannot run it).
  double fp4_per_fp8 = 0;
};
KernelFacts kernel_facts(std::string_view accelerator_id);

/// kernel_facts(accelerator_id).fp4_per_fp8.
double fp4_per_fp8_rate(std::string_view accelerator_id);

/// Share of its burst rate a GEMM at full tensor-core rate keeps over seconds at the power limit,
/// as in training (NVIDIA AIConfigurator's power-measured bf16 collections against its burst ones;
/// fp8 alike, kernel_catalog.cpp says why; 1 where none is measured). KernelFacts' GEMM
/// efficiencies already include it: a burst's efficiency is theirs divided by this.
double gemm_sustained(std::string_view accelerator_id);

/// The attention kernel a framework runs on an accelerator, with its efficiencies (share of the
/// bf16 peak at long sequences, forward and backward).
struct AttentionKernel {
  std::string_view id;  ///< "cudnn", "flash2", "estimate"
  double fwd_efficiency = 0;
  double bwd_efficiency = 0;
};
/// `pytorch` picks PyTorch's SDPA (FlashAttention-2) instead of TransformerEngine's cuDNN
/// kernel. `gemm_efficiency` scales the estimate for accelerators without published figures.
AttentionKernel attention_kernel(std::string_view accelerator_id, bool pytorch,
                                 double gemm_efficiency);

/// FP8 attention's measured speed over bf16 on an accelerator (TransformerEngine's fused cuDNN
/// attention under fp8_dot_product_attention), per-tensor scaled or, `mxfp8`, block-scaled by 32:
/// NVIDIA's cuDNN training benchmark (cudnn-frontend benchmark/sdpa_benchmark_training, head dim
/// 128, 64 query and 8 KV heads, causal) on an H200 (cuDNN 9.19, per-tensor only) for Hopper, a
/// GB200 for Blackwell and a GB300 for Blackwell Ultra (cuDNN 9.22); on Blackwell, heads wider
/// than 128 (`qk_head_dim`) take its DeepSeek-V3 shape's (MLA: 128 heads of 192 for queries and
/// keys, 128 for values), where FP8 gains more. Null where none is timed (MXFP8 off Blackwell,
/// and every other accelerator).
const Fp8AttentionCurve* fp8_attention_curve(std::string_view accelerator_id, bool mxfp8,
                                             double qk_head_dim = 128);

/// Share of the datasheet HBM bandwidth that streaming kernels reach where nothing is measured for
/// the accelerator (an estimate, editable; KernelFacts::memory_efficiency where measured).
inline constexpr double kDefaultMemoryEfficiency = 0.85;
/// Share of NVLink's bandwidth that NCCL collectives reach as bus bandwidth where nothing is
/// measured for the accelerator (editable).
inline constexpr double kDefaultCommEfficiency = 0.8;
/// Share of the NICs' line rate that NCCL's collectives reach across nodes: 0.85–0.96 measured
/// over InfiniBand (NVIDIA/nccl-tests#119: 84.8–96 of 100 GB/s on three A100 nodes;
/// NVIDIA/nccl#1048: 86 of 96 on two), this its middle (editable: the network is the cluster's,
/// not the accelerator's).
inline constexpr double kDefaultNetEfficiency = 0.9;
/// GEMM efficiency where no measurement is published.
inline constexpr double kDefaultGemmEfficiency = 0.75;

}  // namespace llm_sizer
