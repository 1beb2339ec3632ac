#include "llm_sizer/kernel_model.hpp"

#include <algorithm>
#include <cmath>

namespace llm_sizer {
namespace {

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
  return tile_utilization(std::max(m, n), std::min(m, n), 256, 128, sms);
}

double gemm_s(const KernelSpeeds& k, double m, double kdim, double n, double operand_bytes,
              double out_bytes, double batch) {
  if (!(m > 0) || !(kdim > 0) || !(n > 0) || !(batch > 0)) return 0;
  const double flops = 2 * m * kdim * n * batch;
  double rate = 0;
  if (k.fixed_compute_efficiency > 0) {
    rate = k.matmul_flops * k.fixed_compute_efficiency;
  } else {
    // A batch of small GEMMs fills the GPU together: quantize over the whole batch's tiles.
    rate = k.matmul_flops * k.gemm_efficiency * gemm_utilization(m * batch, n, k.sms);
    if (k.k_overhead > 0 && k.k_of_maximum > 0) {
      const double k0 = k.k_overhead;
      rate *= std::min(1.0, (kdim / (kdim + k0)) / (k.k_of_maximum / (k.k_of_maximum + k0)));
    }
  }
  const double in_bytes = batch * operand_bytes * (m * kdim + kdim * n);
  const double out = batch * out_bytes * m * n;
  if (k.serial_epilogue) {
    return std::max(flops / rate, in_bytes / k.memory_bytes_per_s) + out / k.memory_bytes_per_s +
           kKernelOverheadS;
  }
  return std::max(flops / rate, (in_bytes + out) / k.memory_bytes_per_s) + kKernelOverheadS;
}

double stream_s(const KernelSpeeds& k, double bytes) {
  return bytes > 0 ? bytes / k.memory_bytes_per_s + kKernelOverheadS : 0;
}

double flash_attention_s(const KernelSpeeds& k, double flops, double seq, bool backward) {
  if (!(flops > 0)) return 0;
  double efficiency = k.fixed_compute_efficiency;
  if (!(efficiency > 0)) {
    const double top = backward ? k.attention_bwd_efficiency : k.attention_fwd_efficiency;
    efficiency = top * seq / (seq + kFlashHalfSeq);
  }
  return flops / (k.bf16_flops * efficiency) + kKernelOverheadS;
}

}  // namespace llm_sizer
