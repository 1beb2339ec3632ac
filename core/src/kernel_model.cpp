#include "llm_sizer/kernel_model.hpp"

#include <algorithm>
#include <cmath>

namespace llm_sizer {
namespace {

// The output tile the measured maximum comes from (kernel_model.hpp).
constexpr double kTileM = 256;
constexpr double kTileN = 128;

// Useful share of the tiles a GEMM's output is cut into, over the waves they run in.
double tile_utilization(double m, double n, double tile_m, double tile_n, double sms) {
  const double tiles = std::ceil(m / tile_m) * std::ceil(n / tile_n);
  const double waves = std::ceil(tiles / sms);
  return m * n / (waves * sms * tile_m * tile_n);
}

}  // namespace

double gemm_utilization(double m, double n, double sms) {
  if (!(sms > 0) || !(m > 0) || !(n > 0)) return 1;
  // The long side of the tile along the longer output side.
  return tile_utilization(std::max(m, n), std::min(m, n), kTileM, kTileN, sms);
}

namespace {

// A GEMM set's time at `utilization` (tile and wave quantization, or less) with `kernels` fixed
// costs.
double gemm_time(const KernelSpeeds& k, double m, double kdim, double n, double operand_bytes,
                 double out_bytes, double batch, double utilization, double kernels) {
  const double flops = 2 * m * kdim * n * batch;
  double rate = 0;
  if (k.fixed_compute_efficiency > 0) {
    rate = k.matmul_flops * k.fixed_compute_efficiency;
  } else {
    rate = k.matmul_flops * k.gemm_efficiency * utilization;
    if (k.k_overhead > 0 && k.k_of_maximum > 0) {
      const double k0 = k.k_overhead;
      rate *= std::min(1.0, (kdim / (kdim + k0)) / (k.k_of_maximum / (k.k_of_maximum + k0)));
    }
  }
  const double in_bytes = batch * operand_bytes * (m * kdim + kdim * n);
  const double out = batch * out_bytes * m * n;
  const double overhead = kernels * kKernelOverheadS;
  if (k.serial_epilogue) {
    return std::max(flops / rate, in_bytes / k.memory_bytes_per_s) + out / k.memory_bytes_per_s +
           overhead;
  }
  return std::max(flops / rate, (in_bytes + out) / k.memory_bytes_per_s) + overhead;
}

}  // namespace

double gemm_s(const KernelSpeeds& k, double m, double kdim, double n, double operand_bytes,
              double out_bytes, double batch) {
  if (!(m > 0) || !(kdim > 0) || !(n > 0) || !(batch > 0)) return 0;
  // A batch of small GEMMs fills the GPU together: quantize over the whole batch's tiles.
  return gemm_time(k, m, kdim, n, operand_bytes, out_bytes, batch,
                   gemm_utilization(m * batch, n, k.sms), 1);
}

double concurrent_gemms_s(const KernelSpeeds& k, double m, double kdim, double n,
                          double operand_bytes, double out_bytes, double gemms, double streams) {
  if (!(m > 0) || !(kdim > 0) || !(n > 0) || !(gemms > 0)) return 0;
  if (!(streams >= 1)) return gemm_s(k, m, kdim, n, operand_bytes, out_bytes, gemms);
  const double resident = std::min(streams, gemms);
  double utilization = gemm_utilization(m * gemms, n, k.sms);
  if (k.sms > 0) {
    utilization = std::min(utilization, resident * m * n / (k.sms * kTileM * kTileN));
  }
  return gemm_time(k, m, kdim, n, operand_bytes, out_bytes, gemms, utilization,
                   std::ceil(gemms / resident));
}

double stream_s(const KernelSpeeds& k, double bytes) {
  return bytes > 0 ? bytes / k.memory_bytes_per_s + kKernelOverheadS : 0;
}

double flash_attention_s(const KernelSpeeds& k, double flops, double seq, bool backward) {
  if (!(flops > 0)) return 0;
  double efficiency = k.fixed_compute_efficiency;
  if (!(efficiency > 0)) {
    const double top = backward ? k.attention_bwd_efficiency : k.attention_fwd_efficiency;
    efficiency = top * seq / (seq + kFlashHalfSeq) *
                 (backward ? k.attention_bwd_head_share : k.attention_fwd_head_share);
    if (k.fp8_attention) efficiency *= fp8_attention_speedup(*k.fp8_attention, seq, backward);
  }
  return flops / (k.bf16_flops * efficiency) + kKernelOverheadS;
}

double window_attention_s(const KernelSpeeds& k, double causal_flops, double causal_keys,
                          double kernel_seq, double window, bool backward) {
  if ((backward && k.fp8_attention) || !(window < 2 * causal_keys) || !(causal_keys > 0)) {
    return flash_attention_s(k, causal_flops, kernel_seq, backward);
  }
  const double keys = std::min(causal_keys, window);
  const double flops = causal_flops * keys / causal_keys;
  const double window_seq = std::min(kernel_seq, 2 * window);
  if (!k.fp8_attention) return flash_attention_s(k, flops, window_seq, backward);
  // FP8 speeds the key loop, not a row's fixed cost (c = kFlashHalfSeq / 2 keys' worth, the
  // curve's): a causal call's measured speedups on a GB200 from 2k to 16k tokens lie within 7 % of
  // (s/2 + c)/((s/2)/S + c), S its speedup at 32k; a window's is (w + c)/(w/S + c), 1.10-1.12 at
  // 128 tokens where cuDNN timed 1.07-1.08 (the GPT-OSS shape's forward, bf16 against FP8).
  KernelSpeeds bf16 = k;
  bf16.fp8_attention = nullptr;
  const double mma = fp8_attention_speedup(*k.fp8_attention, kernel_seq, backward);
  constexpr double kRowCost = kFlashHalfSeq / 2;
  const double speedup = (keys + kRowCost) / (keys / mma + kRowCost);
  return (flash_attention_s(bf16, flops, window_seq, backward) - kKernelOverheadS) / speedup +
         kKernelOverheadS;
}

double fp8_attention_speedup(const Fp8AttentionCurve& curve, double seq, bool backward) {
  const unsigned short* r = backward ? curve.bwd_e4 : curve.fwd_e4;
  constexpr double kFirstLog2 = 11;  // 2,048 tokens
  const double x = std::clamp(std::log2(std::max(seq, 1.0)) - kFirstLog2, 0.0, 4.0);
  const int i = std::min(3, static_cast<int>(x));
  return (r[i] + (x - i) * (r[i + 1] - r[i])) * 1e-4;
}

double head_dim_share(bool flash2, double head_dim, bool backward) {
  // TFLOP/s at head dims 64, 128 and 256 (the header's sources); a backward not timed at 256
  // keeps 128's.
  constexpr double kRates[2][2][3] = {{{413, 595, 509}, {433, 516, 516}},
                                      {{324, 370, 298}, {291, 322, 322}}};
  if (!(head_dim > 0)) return 1;
  const double* r = kRates[flash2 ? 1 : 0][backward ? 1 : 0];
  const double d = std::clamp(head_dim, 64.0, 256.0);
  const double rate =
      d <= 128 ? r[0] + (d - 64) / 64 * (r[1] - r[0]) : r[1] + (d - 128) / 128 * (r[2] - r[1]);
  return rate / r[1];
}

}  // namespace llm_sizer
