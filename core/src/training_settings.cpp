#include "llm_sizer/training_settings.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace llm_sizer {
namespace {

// Estimates, not measurements (see the header): editable per plan.
constexpr FrameworkProfile kMegatronProfile{"megatron", 0.5};
constexpr FrameworkProfile kPytorchProfile{"pytorch", 0.5};
constexpr FrameworkProfile kDeepspeedProfile{"deepspeed", 0.5};
constexpr double kTargetTokensPerStep = 4194304;  // 4M = 2²² tokens

// A family's published batch: `sequences` of `seq_len` tokens (see the header for sources).
struct FamilyBatch {
  std::string_view prefix;  // preset ids starting with it
  double sequences;
  double seq_len;
};

constexpr FamilyBatch kFamilies[] = {
    {"gpt3-", 1536, 2048},        {"llama-2-", 1024, 4096},    {"llama-3", 1024, 4096},
    {"deepseek-v3", 15360, 4096}, {"deepseek-v2", 9216, 4096}, {"bloom-", 2048, 2048},
    {"gpt-neox-", 1538, 2048},
};

}  // namespace

const FrameworkProfile& framework_profile(Framework framework) {
  switch (framework) {
    case Framework::kPytorch:
      return kPytorchProfile;
    case Framework::kDeepspeed:
      return kDeepspeedProfile;
    default:
      return kMegatronProfile;
  }
}

double family_global_batch(std::string_view model_id, double seq_len) {
  if (!(seq_len > 0)) return std::numeric_limits<double>::quiet_NaN();
  for (const FamilyBatch& f : kFamilies) {
    if (model_id.substr(0, f.prefix.size()) != f.prefix) continue;
    if (seq_len == f.seq_len) return f.sequences;
    return std::max(1.0, std::round(f.sequences * f.seq_len / seq_len));
  }
  // The power of two nearest the target in log scale (2^round(log2 x)), by doubling: exp2 and
  // log2 would bring the C library's tables into the page's first module (~2 KB gzipped).
  const double x = kTargetTokensPerStep / seq_len;
  double p = 1;
  while (p * 2 <= x) p *= 2;
  return x * x >= 2 * p * p ? 2 * p : p;
}

double layout_global_batch(double target, const TrainingLayout& l) {
  const double unit = l.micro_batch * l.dp;
  const double fewest = l.vpp > 1 ? std::max(1.0, l.pp) : 1;
  return std::max(fewest, std::round(target / unit)) * unit;
}

}  // namespace llm_sizer
