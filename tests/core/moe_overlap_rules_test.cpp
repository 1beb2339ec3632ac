// Megatron-Core overlaps the experts' all-to-alls with another micro-batch's compute
// (overlap_moe_expert_parallel_comm) only where its TransformerConfig.__post_init__ lets it:
// "disable full recomputation when enabling overlap_moe_expert_parallel_comm", and "If enabling
// EP A2A overlap, virtual_pipeline_model_parallel_size must be specified when
// pipeline_model_parallel_size > 1". Elsewhere the step time counts the all-to-alls whole, and
// the launch line asks for the overlap only where it runs. Megatron-LM's arguments.py also asserts
// CUDA_DEVICE_MAX_CONNECTIONS=1 under TP or CP before Blackwell, and Megatron-FSDP the opposite.
#include <gtest/gtest.h>

#include <string>

#include "llm_sizer/report.hpp"

namespace llm_sizer {
namespace {

// Mixtral 8x7B on 32 H100: TP 2, PP 2, DP 8, EP 8 (EP 4 of each node's GPUs, the other across).
Plan mixtral(double vpp, const char* recompute, double overlap) {
  Plan plan;
  plan.model = "mixtral-8x7b";
  plan.accelerator = "h100-80g";
  plan.tp = 2;
  plan.pp = 2;
  plan.dp = 8;
  plan.ep = 8;
  plan.vpp = vpp;
  plan.recompute = recompute;
  plan.moe_overlap = overlap;
  plan.seq_len = 4096;
  plan.global_batch = 256;
  return plan;
}

double moe_s(const Plan& plan) {
  const Report r = evaluate(plan);
  EXPECT_TRUE(r.training.time_available);
  return r.training.time.moe_comm_s;
}

bool has(const std::string& text, const char* part) { return text.find(part) != std::string::npos; }

TEST(MoeOverlapRules, OnlyInterleavedPipelinesOverlapTheAllToAlls) {
  const double serial = moe_s(mixtral(2, "selective", 0));
  ASSERT_GT(serial, 0);
  // Interleaved: the overlap hides part of them.
  EXPECT_LT(moe_s(mixtral(2, "selective", 1)), 0.9 * serial);
  // PP 2 without VPP: Megatron refuses the overlap, every byte is waited for, as without it.
  EXPECT_DOUBLE_EQ(moe_s(mixtral(1, "selective", 1)), moe_s(mixtral(1, "selective", 0)));
}

// Megatron's combined 1F1B pairs one chunk's forward with another's backward, and only in the
// steady state: the first stage's warm-up forwards and cool-down backwards, 2(p − 1) + (v − 1)N
// + 1 of its m·v chunks (schedules.py get_pp_rank_microbatches, N = p micro-batches a group, one
// more warm-up forward for the overlap), run their all-to-alls alone; without a pipeline the
// first forward and the last backward (combined_1f1b.py). So the exposed all-to-all per step is
// those chunks' serial time plus the rest's overlapped time: linear in m, with a fixed part.
TEST(MoeOverlapRules, TheChunksTheSteadyStateLeavesUnpairedWaitForTheirAllToAlls) {
  const auto at = [](double pp, double vpp, double dp, double batch, double overlap) {
    Plan p = mixtral(vpp, "selective", overlap);
    p.pp = pp;
    p.dp = dp;
    p.global_batch = batch;
    return moe_s(p);
  };
  struct Case {
    double pp, vpp, dp, unpaired_micro_batches;  // warm-up chunks ÷ v
  };
  // PP 2 × VP 2 (TP 2, DP 8): 2·1 + 1·2 + 1 = 5 chunks; PP 1 (DP 16): the first micro-batch.
  for (const Case c : {Case{2, 2, 8, 5.0 / 2}, Case{1, 1, 16, 1}}) {
    const double m1 = 256 / c.dp, m2 = 512 / c.dp;             // micro-batch 1
    const double serial = at(c.pp, c.vpp, c.dp, 256, 0) / m1;  // one micro-batch, all waited for
    const double hidden =
        (at(c.pp, c.vpp, c.dp, 512, 1) - at(c.pp, c.vpp, c.dp, 256, 1)) / (m2 - m1);
    ASSERT_GT(serial, 1.5 * hidden) << c.pp;
    EXPECT_NEAR(at(c.pp, c.vpp, c.dp, 256, 1),
                c.unpaired_micro_batches * serial + (m1 - c.unpaired_micro_batches) * hidden,
                1e-9 * serial * m1)
        << c.pp;
  }
}

TEST(MoeOverlapRules, FullRecomputeKeepsThemSerial) {
  EXPECT_DOUBLE_EQ(moe_s(mixtral(2, "full", 1)), moe_s(mixtral(2, "full", 0)));
}

TEST(MoeOverlapRules, TheLaunchLineAsksForTheOverlapWhereItRuns) {
  const auto megatron = [](const Plan& p) { return evaluate(p).inference.launch.megatron; };
  const auto nemo = [](const Plan& p) { return evaluate(p).inference.launch.nemo; };
  const char* flag = "--overlap-moe-expert-parallel-comm";
  EXPECT_TRUE(has(megatron(mixtral(2, "selective", 1)), flag));
  EXPECT_TRUE(
      has(nemo(mixtral(2, "selective", 1)), "model.config.overlap_moe_expert_parallel_comm=true"));
  EXPECT_FALSE(has(megatron(mixtral(2, "selective", 0)), flag));
  EXPECT_FALSE(has(megatron(mixtral(1, "selective", 1)), flag));
  EXPECT_FALSE(has(megatron(mixtral(2, "full", 1)), flag));
  EXPECT_FALSE(has(nemo(mixtral(2, "full", 1)), "overlap_moe_expert_parallel_comm"));
}

// Megatron-LM's defaults are the allgather dispatcher (arguments.py: "The default is 'allgather'
// ... We recommend using 'alltoall' when applying expert parallelism") and one GEMM per expert;
// the step time is the all-to-all dispatcher's, with the experts' GEMMs grouped.
TEST(MoeOverlapRules, TheLaunchLineNamesTheDispatcherAndGroupedGemms) {
  const Report moe = evaluate(mixtral(2, "selective", 0));
  EXPECT_TRUE(has(moe.inference.launch.megatron, "--moe-token-dispatcher-type alltoall"));
  EXPECT_TRUE(has(moe.inference.launch.megatron, "--moe-grouped-gemm"));
  EXPECT_TRUE(has(moe.inference.launch.nemo, "model.config.moe_token_dispatcher_type=alltoall"));
  EXPECT_TRUE(has(moe.inference.launch.nemo, "model.config.moe_grouped_gemm=true"));
  Plan dense = mixtral(2, "selective", 0);
  dense.model = "llama-3.1-8b";
  dense.ep.reset();
  const Report plain = evaluate(dense);
  EXPECT_FALSE(has(plain.inference.launch.megatron, "--moe-")) << plain.inference.launch.megatron;
  EXPECT_FALSE(has(plain.inference.launch.nemo, "moe_")) << plain.inference.launch.nemo;
}

TEST(MoeOverlapRules, OneHardwareQueueUnderTensorParallelismOnly) {
  const std::string tp2 = evaluate(mixtral(2, "selective", 0)).inference.launch.megatron;
  EXPECT_EQ(tp2.rfind("CUDA_DEVICE_MAX_CONNECTIONS=1 torchrun", 0), 0u) << tp2;
  Plan fsdp = mixtral(2, "selective", 0);
  fsdp.zero = 3;
  EXPECT_FALSE(has(evaluate(fsdp).inference.launch.megatron, "CUDA_DEVICE_MAX_CONNECTIONS"));
  Plan tp1 = mixtral(2, "selective", 0);
  tp1.tp = 1;
  tp1.dp = 16;
  EXPECT_FALSE(has(evaluate(tp1).inference.launch.megatron, "CUDA_DEVICE_MAX_CONNECTIONS"));
}

}  // namespace
}  // namespace llm_sizer
