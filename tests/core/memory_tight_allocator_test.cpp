// A tight plain-PyTorch plan names the allocator setting that let the tight steps measured on one
// H100 train (docs/validation.md, "One H100, measured here"; validation/data/h100/).

#include <gtest/gtest.h>

#include "llm_sizer/report.hpp"
#include "test_support.hpp"

namespace llm_sizer {
namespace {

using test::has_issue;

// Qwen2.5-7B, pure bf16, micro-batch 4 × 4,096 tokens with full recompute on one H100: 79.4 GB
// allocated, measured 79.42; it ran out of memory under the default allocator (64.5 GB
// allocated, the rest reserved in blocks nothing reused) and trained with expandable segments.
Plan qwen_on_one_h100(const char* framework) {
  Plan plan;
  plan.model = "qwen2.5-7b";
  plan.accelerator = "h100-80g";
  plan.framework = framework;
  plan.recipe = "pure-bf16";
  plan.tp = plan.pp = plan.dp = 1;
  plan.micro_batch = 4;
  plan.global_batch = 4;
  plan.seq_len = 4096;
  plan.recompute = "full";
  return plan;
}

TEST(MemoryTightAllocator, ATightPytorchPlanNamesExpandableSegments) {
  const Report r = evaluate(qwen_on_one_h100("pytorch"));
  ASSERT_TRUE(r.training.available);
  EXPECT_EQ(r.training.memory.verdict, "tight");
  EXPECT_TRUE(has_issue(r, "memory_tight"));
  EXPECT_TRUE(has_issue(r, "memory_tight_allocator"));
}

TEST(MemoryTightAllocator, OnlyWherePlainPytorchIsTight) {
  // Megatron-LM and DeepSpeed manage buffers of their own: nothing was measured there.
  for (const char* framework : {"megatron", "deepspeed"}) {
    const Report r = evaluate(qwen_on_one_h100(framework));
    EXPECT_FALSE(has_issue(r, "memory_tight_allocator")) << framework;
  }
  // Room to spare (the H200) or no fit at all: the setting is not the answer.
  Plan roomy = qwen_on_one_h100("pytorch");
  roomy.accelerator = "h200-141g";
  const Report fits = evaluate(roomy);
  EXPECT_EQ(fits.training.memory.verdict, "fits");
  EXPECT_FALSE(has_issue(fits, "memory_tight_allocator"));
  Plan over = qwen_on_one_h100("pytorch");
  over.recompute = "none";
  const Report too_big = evaluate(over);
  EXPECT_EQ(too_big.training.memory.verdict, "does_not_fit");
  EXPECT_FALSE(has_issue(too_big, "memory_tight_allocator"));
}

}  // namespace
}  // namespace llm_sizer
