#include "llm_sizer/training_settings.hpp"

#include <algorithm>
#include <cmath>

namespace llm_sizer {
namespace {

// Estimates, not measurements (see the header): editable per plan.
constexpr FrameworkProfile kMegatronProfile{"megatron", 0.5, 0.6, 0.8};
constexpr FrameworkProfile kPytorchProfile{"pytorch", 0.5, 0.4, 0.6};
constexpr FrameworkProfile kDeepspeedProfile{"deepspeed", 0.5, 0.4, 0.6};
constexpr double kTargetTokensPerStep = 4e6;
constexpr double kMinMicrobatchesPerStage = 4;

}  // namespace

double default_global_batch(double seq_len, double micro_batch, double dp, double pp) {
  const double per_microbatch = micro_batch * dp;
  const double m = std::max(kMinMicrobatchesPerStage * pp,
                            std::ceil(kTargetTokensPerStep / (seq_len * per_microbatch)));
  return m * per_microbatch;
}

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

}  // namespace llm_sizer
