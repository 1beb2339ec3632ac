#include "llm_sizer/fp8_recipe.hpp"

namespace llm_sizer {
namespace {

constexpr double kBf16Read = 2;                 // one pass over the bf16 operand
constexpr double kFp8Copy = 1;                  // one fp8 copy written
constexpr double kMxfp8Scales = 1.0 / 32;       // an E8M0 byte per 32 elements, per copy
constexpr double kBlockwiseScales = 4.0 / 128;  // an fp32 per 128 elements, per copy
// Blackwell's block-scaled GEMMs against its per-tensor fp8 ones (Fp8Quantization::gemm_share).
constexpr double kBlockScaledGemmShare = 6.812 / 7.161;
constexpr double kNvfp4GemmShare = 6.812 / 3.764;

}  // namespace

double fp8_weight_copy_bytes(Fp8Recipe recipe, bool columnwise_native, bool fp8_params) {
  if (recipe == Fp8Recipe::kNvfp4) return (fp8_params ? 1 : 2) * kNvfp4ElementBytes;
  const bool per_tensor = recipe == Fp8Recipe::kDelayed || recipe == Fp8Recipe::kTensorwise;
  const double scales = recipe == Fp8Recipe::kMxfp8 ? kMxfp8Scales : 0;
  const double rowwise = (fp8_params ? 0 : kFp8Copy) + scales;
  const double columnwise = per_tensor && columnwise_native ? 0 : kFp8Copy + scales;
  return rowwise + columnwise;
}

Fp8Quantization fp8_quantization(Fp8Recipe recipe, bool columnwise_native) {
  const double transposed = columnwise_native ? 0 : kFp8Copy;
  switch (recipe) {
    case Fp8Recipe::kDelayed:
      return {kBf16Read + kFp8Copy + transposed, 1, false, !columnwise_native};
    case Fp8Recipe::kTensorwise:
      return {2 * kBf16Read + kFp8Copy + transposed, 3, true};
    case Fp8Recipe::kMxfp8:
      return {kBf16Read + 2 * (kFp8Copy + kMxfp8Scales), 1, false, false, kBlockScaledGemmShare};
    case Fp8Recipe::kBlockwise:
      return {kBf16Read + 2 * (kFp8Copy + kBlockwiseScales), 1, false, false,
              columnwise_native ? kBlockScaledGemmShare : 1};
    case Fp8Recipe::kNvfp4:
      return {2 * kBf16Read + 2 * kNvfp4ElementBytes, 3, true, true, kNvfp4GemmShare};
  }
  return {};
}

double quantized_weight_bytes(Fp8Recipe recipe) {
  return recipe == Fp8Recipe::kNvfp4 ? kNvfp4ElementBytes : kFp8Copy;
}

bool fp8_recipe_runs_on(Fp8Recipe recipe, bool columnwise_native, bool fp4_training) {
  if (recipe == Fp8Recipe::kNvfp4) return fp4_training;
  return recipe != Fp8Recipe::kMxfp8 || columnwise_native;
}

Fp8AttentionBytes fp8_attention_bytes(Fp8Recipe recipe) {
  switch (recipe) {
    case Fp8Recipe::kDelayed:
      return {true, false, kFp8Copy, kFp8Copy};
    case Fp8Recipe::kTensorwise:
    case Fp8Recipe::kNvfp4:
      return {true, false, kFp8Copy, 0};
    case Fp8Recipe::kMxfp8:
      return {true, true, 2 * (kFp8Copy + kMxfp8Scales), 0};
    case Fp8Recipe::kBlockwise:
      return {};
  }
  return {};
}

}  // namespace llm_sizer
