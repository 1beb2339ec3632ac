// Time and cost against their sources and invariants (the search: layout_search_test.cpp).
#include "llm_sizer/training_time.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "llm_sizer/kernel_model.hpp"
#include "llm_sizer/layout_search.hpp"
#include "llm_sizer/model.hpp"
#include "llm_sizer/report.hpp"
#include "llm_sizer/resolve.hpp"
#include "llm_sizer/step_time.hpp"
#include "llm_sizer/training_settings.hpp"

namespace llm_sizer {
namespace {

TEST(Flops, MatchNarayananEquationThreeWithFullRecompute) {
  // Narayanan et al. 2021, Eq. 3: F = 96·B·s·l·h²·(1 + s/(6h) + V/(16·l·h)) per iteration with
  // activation recomputation, i.e. per token 96·l·h²·(1 + s/(6h) + V/(16lh)).
  const Architecture& a = find_model("gpt3-175b")->architecture;
  const double s = 2048, l = 96, h = 12288, V = 50257;
  double model = 0, hardware = 0;
  flops_per_token(a, s, Recompute::kFull, model, hardware);
  const double equation = 96 * l * h * h * (1 + s / (6 * h) + V / (16 * l * h));
  EXPECT_NEAR(hardware / equation, 1.0, 0.002);  // our count keeps biases and norms
  // Without recompute: three quarters of the layers' work (6N of 8N), the head unchanged.
  flops_per_token(a, s, Recompute::kNone, model, hardware);
  EXPECT_EQ(model, hardware);
  EXPECT_NEAR(model / (72 * l * h * h * (1 + s / (6 * h)) + 6 * V * h), 1.0, 0.002);
}

TEST(Flops, MixtureOfExpertsCountsOnlyActiveExperts) {
  const Architecture& a = find_model("mixtral-8x7b")->architecture;
  double model = 0, hardware = 0;
  flops_per_token(a, 4096, Recompute::kNone, model, hardware);
  const ParamCounts c = count_params(a);
  EXPECT_LT(model, 6 * c.total / 3);  // 12.9B active of 46.7B
  EXPECT_GT(model, 6 * c.matmul_active);
}

TEST(TrainingTime, ReproducesMegatronsThirtyFourDaysForGpt3) {
  // Narayanan et al. 2021, §5.1: end-to-end time ≈ 8·T·P / (n·X); GPT-3 175B, T = 300B tokens,
  // n = 1024 A100, X = 140 TFLOP/s per GPU → about 34 days.
  Plan plan;
  plan.model = "gpt3-175b";
  plan.accelerator = "a100-80g";
  plan.tp = 8;
  plan.pp = 16;
  plan.dp = 8;
  plan.recompute = "full";
  plan.tokens = 300e9;
  plan.achieved_tflops = 140;
  const Report r = evaluate(plan);
  ASSERT_TRUE(r.training.time_available);
  const double paper_days = 8 * 300e9 * 175e9 / (1024 * 140e12) / 86400;  // 33.9
  EXPECT_NEAR(r.training.time.days / paper_days, 1.0, 0.03);
  EXPECT_EQ(r.training.time.gpus, 1024);
}

// Megatron-LM's interleaved schedule (megatron/core/pipeline_parallel/schedules.py) hides a
// chunk's sends behind the next chunk only in its 1F1B steady state; the first stage's
// 2(p − 1) + (v − 1)p warm-up forwards and as many cool-down backwards send and wait.
TEST(TrainingTime, InterleavedSendsWaitOutsideTheSteadyState) {
  const auto pp_comm_per_microbatch = [](double vpp, double global_batch, double overlap = 1) {
    Plan plan;  // GPT-3 175B on H100: 96 layers over 4 stages of 24, 2 or 1 chunks each
    plan.pp_overlap = overlap;
    plan.tp = 8;
    plan.pp = 4;
    plan.dp = 1;
    plan.vpp = vpp;
    plan.micro_batch = 1;
    plan.global_batch = global_batch;
    plan.recompute = "full";
    plan.tokens = 1e9;
    const Report r = evaluate(plan);
    EXPECT_TRUE(r.training.time_available);
    return r.training.time.pp_comm_s / r.training.time.microbatches;
  };
  // 4 micro-batches × 2 chunks = 8, within the warm-up of 2·3 + 1·4 = 10: every send waits,
  // twice as many as without interleaving (each micro-batch crosses each stage twice).
  const double plain = pp_comm_per_microbatch(1, 4);
  ASSERT_GT(plain, 0);
  EXPECT_NEAR(pp_comm_per_microbatch(2, 4) / plain, 2.0, 1e-9);
  // 64 micro-batches: 118 of the 128 chunks in the steady state, their sends behind compute.
  const double steady = pp_comm_per_microbatch(2, 64);
  EXPECT_LT(steady, 2 * pp_comm_per_microbatch(1, 64));
  EXPECT_GE(steady, 2 * pp_comm_per_microbatch(1, 64) * 10 / 128);
  // Without overlap_p2p_comm (Megatron-LM before 2023-05-31, off by default until 2023-10-12)
  // every send waits, in the steady state too.
  EXPECT_NEAR(pp_comm_per_microbatch(2, 64, 0) / pp_comm_per_microbatch(1, 64), 2.0, 1e-9);
}

// NCCL's cost model of a ring (src/graph/tuning.cc, default tuner constants, Simple protocol):
// 8.4 µs, then 3.4 µs per step over NVLink and 14 µs per step that crosses nodes; n − 1 steps for
// an all-gather or a reduce-scatter over n ranks, N − 1 of them across N nodes.
double ring_latency_us(double ranks, double nodes) {
  return 8.4 + (ranks - nodes) * 3.4 + (nodes - 1) * 14;
}

// Llama 3.1 8B at TP 1 on H100 with links so fast that bytes cost nothing measurable: what
// changes with the layout is the ring's latency alone.
Plan fast_links_plan(double pp, double dp, double zero, double dp_overlap, double gpus_per_node) {
  Plan plan;
  plan.model = "llama-3.1-8b";
  plan.accelerator = "h100-80g";
  plan.tp = 1;
  plan.pp = pp;
  plan.dp = dp;
  plan.zero = zero;
  plan.dp_overlap = dp_overlap;
  plan.gpus_per_node = gpus_per_node;
  plan.intra_node_bandwidth_gbps = 1e6;
  plan.inter_node_bandwidth_gbps = 1e6;  // k NICs' worth, at most NVLink's: 1e6 GB/s throughout
  plan.tokens = 1e9;
  return plan;
}

TrainingTime time_of(const Plan& plan) {
  const Report r = evaluate(plan);
  EXPECT_TRUE(r.training.time_available);
  return r.training.time;
}

// The time of `plan` and its first stage's parameters per card, with NVLink and the NICs at these
// rates (GB/s) and NCCL reaching all of them.
std::pair<TrainingTime, double> time_at_line_rate(Plan plan, double intra_gbps, double inter_gbps) {
  plan.comm_efficiency = 1;
  plan.net_efficiency = 1;
  plan.intra_node_bandwidth_gbps = intra_gbps;
  plan.inter_node_bandwidth_gbps = inter_gbps;
  const Report r = evaluate(plan);
  EXPECT_TRUE(r.training.time_available);
  return {r.training.time, r.training.stages.at(0).params};
}

// On 64 GPUs, PP 1.
TrainingTime data_parallel_time(double gpus_per_node, double zero, double dp_overlap) {
  return time_of(fast_links_plan(1, 64, zero, dp_overlap, gpus_per_node));
}

TEST(TrainingTime, DataParallelCollectivesPayNcclsRingLatency) {
  // Rings that cross nodes run NCCL's Simple protocol (step_time.cpp; inside one node its tuner
  // picks among three: NcclProtocol tests): 64 ranks on 8 nodes against 64 on 64.
  const double eight_nodes = ring_latency_us(64, 8);    // 296.8 µs
  const double one_per_node = ring_latency_us(64, 64);  // 890.4 µs
  // ZeRO-1 without overlap: one reduce-scatter and one all-gather, each paying it once.
  const double base = data_parallel_time(8, 1, 0).dp_comm_s;
  EXPECT_NEAR((data_parallel_time(1, 1, 0).dp_comm_s - base) * 1e6,
              2 * (one_per_node - eight_nodes), 1e-6);
  // Overlapped with the backward, Megatron reduces in buckets of max(40M, 1M × DP) parameters
  // (distributed_data_parallel.py): each bucket's collectives pay it. An overlap share of 1e-9
  // hides nothing measurable.
  const double buckets =
      std::ceil(count_params(find_model("llama-3.1-8b")->architecture).total / 64e6);
  EXPECT_EQ(buckets, 126);
  EXPECT_NEAR(
      (data_parallel_time(1, 1, 1e-9).dp_comm_s - data_parallel_time(8, 1, 1e-9).dp_comm_s) * 1e6,
      2 * buckets * (one_per_node - eight_nodes), 1e-3);
  // ZeRO-3 gathers and reduces each of the 32 layers apart, for every micro-batch: forward
  // gathers, backward gathers and reduce-scatters.
  const TrainingTime z3 = data_parallel_time(1, 3, 0);
  EXPECT_NEAR((z3.dp_comm_s - data_parallel_time(8, 3, 0).dp_comm_s) * 1e6,
              z3.microbatches * 3 * 32 * (one_per_node - eight_nodes), 1e-3);
}

// ZeRO-3's per-layer collectives are the first stage's, whose compute is the window that hides
// them: a split giving it 17 of Llama 3.1 8B's 32 layers waits two layers' latencies more per
// collective than one giving it 15 (the largest stage, and so the bytes, are 17 layers either
// way).
TEST(TrainingTime, ZeroThreeCountsTheFirstStagesLayers) {
  const auto time = [](const char* split) {
    // PP 2 × DP 32, every collective waiting, 32 ranks on 32 nodes.
    Plan plan = fast_links_plan(2, 32, 3, 0, 1);
    plan.stage_layers = split;
    return time_of(plan);
  };
  const TrainingTime front = time("17,15");
  const TrainingTime back = time("15,17");
  // Forward gathers, backward gathers and reduce-scatters: 3 collectives a layer, a micro-batch.
  EXPECT_NEAR((front.dp_comm_s - back.dp_comm_s) * 1e6,
              front.microbatches * 3 * 2 * ring_latency_us(32, 32), 1e-3);
}

// Routed experts are data-parallel over their own group: EDP = TP·CP·DP / (EP·ETP) ranks, EP·ETP
// apart (Megatron-Core's expert rank generator, order tp-ep-dp-pp, parallel_state.py). Mixtral
// 8x7B at EP 8 on DP 16 over two nodes of 8: the dense weights reduce over 16 ranks leaving each
// node through its 8 NICs, each GPU's experts over 2 ranks, one per node, through its own NIC.
// On DP 8 in one node, EP 8 leaves no other rank holding a GPU's experts: they are not reduced.
TEST(TrainingTime, ExpertsReduceOverTheirOwnDataParallelGroup) {
  const auto time = [](double dp) {
    Plan plan;
    plan.model = "mixtral-8x7b";
    plan.accelerator = "h100-80g";
    plan.recipe = "seed12";  // 2 B weights and 2 B gradients move
    plan.tp = 1;
    plan.pp = 1;
    plan.dp = dp;
    plan.ep = 8;
    plan.zero = 1;
    plan.dp_overlap = 0;  // every byte waited for, each group's collectives once
    plan.gpus_per_node = 8;
    plan.tokens = 1e9;
    return time_at_line_rate(plan, 900, 50);
  };
  const Architecture& a = find_model("mixtral-8x7b")->architecture;
  const double expert = count_params(a).expert;
  const double nic = 50e9;
  const double bytes = 2 + 2;  // reduce-scatter the gradients, all-gather the weights
  {
    const auto [t, card] = time(16);
    const double experts = a.layers * a.moe_experts * expert / 8;
    const double dense = card - experts;
    const double dense_s = 15.0 / 16 * dense * bytes / (8 * nic) + 2 * ring_latency_us(16, 2) / 1e6;
    const double expert_s = 1.0 / 2 * experts * bytes / nic + 2 * ring_latency_us(2, 2) / 1e6;
    EXPECT_NEAR(t.dp_comm_s, dense_s + expert_s, 1e-9 * t.dp_comm_s);
  }
  {
    const auto [t, card] = time(8);
    const double dense = card - a.layers * a.moe_experts * expert / 8;
    EXPECT_NEAR(t.dp_comm_s, 7.0 / 8 * dense * bytes / 900e9 + 2 * ring_latency_us(8, 1) / 1e6,
                1e-9 * t.dp_comm_s);
  }
}

// NVLink's share of its line rate and the network's are apart (kernel_model.hpp): NCCL reaches
// 0.85–0.96 of the NICs' over InfiniBand (NVIDIA/nccl-tests#119, NVIDIA/nccl#1048), not what it
// reaches over NVLink. Llama 3.1 8B, ZeRO-1 waiting for every byte: over two nodes of 8 the ring
// leaves each node through 8 NICs of 50 GB/s, so halving the network's share doubles the bytes'
// time and leaves the latency; inside one node the network's share changes nothing.
TEST(TrainingTime, TheNetworkHasItsOwnEfficiency) {
  const auto dp_comm_s = [](double dp, double net_efficiency) {
    Plan plan = fast_links_plan(1, dp, 1, 0, 8);
    plan.inter_node_bandwidth_gbps = 50;
    plan.intra_node_bandwidth_gbps = 900;
    plan.comm_efficiency = 1;
    plan.net_efficiency = net_efficiency;
    return time_of(plan).dp_comm_s;
  };
  const double latency_s = 2 * ring_latency_us(16, 2) / 1e6;  // reduce-scatter, all-gather
  const double full = dp_comm_s(16, 1) - latency_s;
  EXPECT_GT(full, 0);
  EXPECT_NEAR(dp_comm_s(16, 0.5) - latency_s, 2 * full, 1e-9 * full);
  EXPECT_EQ(dp_comm_s(8, 0.5), dp_comm_s(8, 1));
}

// An overlapped collective slows the compute beside it by the share of the GPU its kernels hold:
// NCCL runs each channel as a thread block on every rank, one channel per NIC an inter-node ring
// crosses each node through, doubled (src/graph/search.cc, connect.cc), so a ring through k NICs
// holds k × the network's 2 % (Calculon's system model, Isaev et al. SC'23), at most NVLink's
// 15 %. Llama 3.1 8B, ZeRO-1 on DP 16, every byte beside a backward or forward far longer: the
// step pays that share of the reduce-scatter and the all-gather, each in buckets of 40M parameters.
TEST(TrainingTime, OverlappedRingsHoldTheSmsOfTheNicsTheyCross) {
  const auto time = [](double gpus_per_node) {
    return time_at_line_rate(fast_links_plan(1, 16, 1, 1, gpus_per_node), 900, 400);
  };
  for (const double per_node : {8.0, 1.0}) {
    const auto [t, card] = time(per_node);
    const double nodes = 16 / per_node;
    const double bus_bytes_per_s = std::min(per_node * 400e9, 900e9);  // NICs, at most NVLink
    const double buckets = std::ceil(card / 40e6);
    const double collective_s =
        15.0 / 16 * card * 2 / bus_bytes_per_s + buckets * ring_latency_us(16, nodes) / 1e6;
    const double share = std::min(0.15, per_node * 0.02);
    EXPECT_LT(collective_s, t.compute_s / t.microbatches / 3);  // beside a longer forward
    EXPECT_NEAR(t.dp_comm_s, share * 2 * collective_s, 1e-9 * t.dp_comm_s) << per_node;
  }
}

// TransformerEngine's userbuffers (what --tp-comm-overlap runs; initialize_ub's default methods,
// comm_gemm_overlap.cpp) overlap TP's collectives by cutting the GEMMs beside them: ring_exchange
// runs the QKV and FC1 forward and the proj and FC2 dgrads as t GEMMs of M/t rows, one per
// gathered chunk; pipeline runs the proj and FC2 forward as 4 GEMMs, each chunk's reduce-scatter
// beside the next. The chunks take turns on 3 streams (_NUM_MAX_UB_STREAMS): 3 at a time.
// One micro-batch of one sequence on one TP group, nothing recomputed: a step of one layer pass.
Plan one_micro_batch(double tp) {
  Plan plan;
  plan.tp = tp;
  plan.pp = 1;
  plan.dp = 1;
  plan.micro_batch = 1;
  plan.global_batch = 1;
  plan.recompute = "none";
  return plan;
}

// One micro-batch of a preset under PyTorch.
Plan pytorch_plan(const char* model, const char* accelerator, double tp, double seq_len) {
  Plan plan = one_micro_batch(tp);
  plan.model = model;
  plan.accelerator = accelerator;
  plan.framework = "pytorch";
  plan.seq_len = seq_len;
  return plan;
}

// Four Llama-3.1-8B-shaped layers (h 4096, 32 heads, 8 K/V heads, SwiGLU 14336) and a 32768
// vocabulary on one A100 at sequence 4096, the memory stream at 80 % of its 2,039 GB/s: the
// element-wise tests' plan, whose differences they count byte by byte.
Plan four_layers_on_a100(const char* framework) {
  Plan plan = one_micro_batch(1);
  plan.model = "custom";
  plan.arch_layers = 4;
  plan.arch_hidden = 4096;
  plan.arch_heads = 32;
  plan.arch_kv_heads = 8;
  plan.arch_ffn = 14336;
  plan.arch_ffn_kind = "swiglu";
  plan.arch_vocab = 32768;
  plan.accelerator = "a100-80g";
  plan.framework = framework;
  plan.memory_efficiency = 0.8;
  plan.seq_len = 4096;
  return plan;
}

// A collective that outlasts the compute beside it ends the pair itself: max(C, W + s·C), not
// C − W + s·W. GPT-3 175B, one sequence on TP 8 without SP across eight nodes (a GPU per node, 1
// GB/s NICs): every all-reduce outlasts the GEMM beside it many times, so overlap takes exactly
// those GEMMs' time off the collectives (forward beside the attention and FFN output projections,
// backward beside the QKV and FFN input projections' input gradients).
TEST(TrainingTime, ACollectiveThatOutlastsItsComputeEndsThePair) {
  const auto plan_of = [](bool overlap) {
    Plan plan = one_micro_batch(8);
    plan.gpus_per_node = 1;
    plan.inter_node_bandwidth_gbps = 1;
    plan.sequence_parallel = 0;
    plan.tp_overlap = overlap ? 1 : 0;
    return plan;
  };
  const TrainingTime waited = time_of(plan_of(false));
  const TrainingTime hidden = time_of(plan_of(true));
  const ResolvedPlan resolved = resolve(plan_of(true));
  const TrainingTimeInputs& in = resolved.training.inputs;
  const Architecture& a = in.memory.arch;
  const double t = 8;
  const double T = in.memory.layout.seq_len;
  const double h = a.hidden;
  const double qkv = (a.heads + 2.0 * a.kv_heads) * a.qk_head_dim() / t;
  const double beside = linear_gemm_s(in, T, a.heads * a.v_dim() / t, h) +  // attention output
                        linear_gemm_s(in, T, a.ffn / t, h) +                // FFN output
                        linear_gemm_s(in, T, qkv, h) +                      // QKV input gradient
                        linear_gemm_s(in, T, a.ffn / t, h);                 // FC1 input gradient
  EXPECT_NEAR(hidden.tp_comm_s, waited.tp_comm_s - a.layers * beside, 1e-9 * waited.tp_comm_s);
  EXPECT_EQ(hidden.compute_s, waited.compute_s);
}

TEST(TrainingTime, TensorParallelOverlapRunsTheGemmsInChunks) {
  const auto time = [](double tp_overlap) {
    Plan plan = one_micro_batch(8);  // GPT-3 175B on H100, TP 8, 2048 tokens
    plan.tp_overlap = tp_overlap;
    plan.mfu = 0.5;  // a fixed GEMM efficiency: no tile quantization, each kernel + 2 µs
    plan.tokens = 1e9;
    const Report r = evaluate(plan);
    EXPECT_TRUE(r.training.time_available);
    return r.training.time;
  };
  const TrainingTime plain = time(0);
  const TrainingTime overlapped = time(1);
  EXPECT_LT(overlapped.tp_comm_s, plain.tp_comm_s / 2);
  // At a fixed efficiency the chunks cost only their kernels' fixed 2 µs: 8/3 launches of 3
  // chunks for each of 2 forward and 2 backward ring GEMMs, 4/3 for each of the 2 pipelined ones,
  // against one launch each; 96 layers.
  const double ring = 8.0 / 3 - 1, pipeline = 4.0 / 3 - 1;
  EXPECT_NEAR((overlapped.compute_s - plain.compute_s) * 1e6, 96 * (4 * ring + 2 * pipeline) * 2,
              1e-3);
}

// Qwen3's QK norm (config.json: "q_norm"/"k_norm" RMSNorm over each head's 128 dims; Megatron's
// qk_layernorm): one more element-wise kernel forward (read, write) and backward (read the input
// and the gradient, write the gradient) over every query and key head, as the layer's norms.
TEST(TrainingTime, QkNormStreamsEveryQueryAndKeyHead) {
  const auto time = [](double qk_norm) {
    Plan plan = one_micro_batch(1);  // Qwen3-8B on one H100: 36 layers, 32 + 8 heads of 128
    plan.model = "qwen3-8b";
    plan.arch_qk_norm = qk_norm;
    plan.seq_len = 4096;
    plan.recipe = "megatron18";
    const Report r = evaluate(plan);
    EXPECT_TRUE(r.training.time_available);
    return r.training.time.compute_s;
  };
  // 4096 tokens × 40 heads × 128 × 2 B: 2 of them forward, 3 backward, at 3.35 TB/s × 0.85
  // (the H100 SXM datasheet's HBM3, the memory efficiency), plus a kernel's 2 µs each way.
  const double bytes = 4096.0 * 40 * 128 * 2;
  const double per_layer = 5 * bytes / (3.35e12 * 0.85) + 2 * 2e-6;
  EXPECT_NEAR((time(1) - time(0)) * 1e6, 36 * per_layer * 1e6, 1e-3);
}

// Context parallelism: each GPU holds two chunks of s/(2·CP) tokens, one from each end of the
// sequence (Megatron's get_batch_on_this_cp_rank), and TransformerEngine's ring attention calls the
// flash kernel per chunk pair, so the kernel runs at the efficiency of a chunk's length.
TEST(TrainingTime, ContextParallelAttentionRunsAtTheChunksLength) {
  const auto compute_s = [](double attention_efficiency) {
    Plan plan = one_micro_batch(1);  // Llama 3.1 8B, 8192 tokens over CP 2
    plan.model = "llama-3.1-8b";
    plan.cp = 2;
    plan.seq_len = 8192;
    plan.recipe = "megatron18";
    plan.attention_efficiency = attention_efficiency;
    const Report r = evaluate(plan);
    EXPECT_TRUE(r.training.time_available);
    return r.training.time.compute_s;
  };
  // Only attention depends on its efficiency, and inversely: halving it adds the attention's time.
  // Per layer forward 2·32 heads·4096 queries·4096 keys on average (causal)·(128 + 128) FLOPs,
  // backward 2.5× at cuDNN's backward-to-forward ratio 516/539 (FlashAttention-3, Figs. 5–6), at
  // 0.5 of the H100's 989 TFLOP/s times 2048 / (2048 + 360) for a chunk of 8192 / 4 tokens.
  const double flops = 2.0 * 32 * 4096 * 4096 * 256;
  const double rate = 989e12 * 0.5 * 2048 / (2048 + 360);
  const double attention_s = 32 * (flops / rate + 2.5 * flops / (rate * 516 / 539));
  EXPECT_NEAR(compute_s(0.25) - compute_s(0.5), attention_s, 1e-9);
}

// Experts split over ETP GPUs: Megatron's all-to-all dispatcher gathers the routed copies over
// the expert TP group before the experts and reduce-scatters their output after them
// (token_dispatcher.py); backward the reverse pair. Mixtral 8x7B (32 layers, hidden 4096, top 2)
// at TP 2 with SP, EP 1: 2048 of the 4096 tokens on each GPU.
TEST(TrainingTime, ExpertTensorParallelGathersTheRoutedCopies) {
  const auto moe_comm_s = [](double etp) {
    Plan plan = one_micro_batch(2);
    plan.model = "mixtral-8x7b";
    plan.accelerator = "h100-80g";
    plan.seq_len = 4096;
    plan.ep = 1;
    plan.etp = etp;
    plan.moe_overlap = 0;  // every byte waited for
    plan.comm_efficiency = 1;
    plan.intra_node_bandwidth_gbps = 900;
    const Report r = evaluate(plan);
    EXPECT_TRUE(r.training.time_available);
    return r.training.time.moe_comm_s;
  };
  EXPECT_EQ(moe_comm_s(1), 0);  // nothing to exchange: every expert whole on every GPU
  // 2048 tokens × 2 copies × 4096 × 2 B, gathered over 2 GPUs: half of twice that crosses, at
  // the share of 8 GPUs' bus bandwidth 2 H100s reached in NVIDIA's NCCL collection (0.7444,
  // kernel_model.hpp).
  const double copies = 2048.0 * 2 * 4096 * 2;
  const double one = 0.5 * 2 * copies / (900e9 * 0.7444) + ring_latency_us(2, 1) / 1e6;
  EXPECT_NEAR(moe_comm_s(2), 32 * 2 * 2 * one, 1e-9);
}

// Megatron's experts run as one GEMM per local expert over TransformerEngine's 4 streams
// (step_time.cpp); PyTorch's grouped_mm as one kernel. Qwen3-235B-A22B (128 experts of 1536,
// top 8) on 8 H100s, one sequence of 4096 tokens each: the routed FLOPs per GPU are the same at
// EP 1 (128 experts of 256 rows here) and EP 8 (16 of 2048 rows), but at EP 1 four resident
// kernels of 256 × 3072 outputs cover 4 · 256 · 3072 / (132 · 256 · 128) = 73 % of the SMs' tiles.
TEST(TrainingTime, SmallExpertGemmsCostMoreUnderMegatron) {
  const auto compute_s = [](const char* framework, double ep) {
    Plan plan = one_micro_batch(1);
    plan.model = "qwen3-235b-a22b";
    plan.accelerator = "h100-80g";
    plan.framework = framework;
    plan.seq_len = 4096;
    plan.dp = 8;
    plan.global_batch = 8;
    plan.ep = ep;
    const Report r = evaluate(plan);
    EXPECT_TRUE(r.training.time_available);
    return r.training.time.compute_s;
  };
  const double megatron = compute_s("megatron", 1) / compute_s("megatron", 8);
  const double pytorch = compute_s("pytorch", 1) / compute_s("pytorch", 8);
  // Both pay for reading 8× the expert weights per row at EP 1 (1.16× under PyTorch); Megatron
  // also for the idle SMs (1.30×; 1.17× without them).
  EXPECT_GT(megatron, pytorch + 0.05);
}

TEST(TrainingTime, MoreGpusNeverSlowTheComputeTerm) {
  Plan plan;
  plan.tokens = 300e9;
  plan.pp = 8;
  double previous = HUGE_VAL;
  for (double dp : {1.0, 2.0, 4.0, 8.0, 16.0, 32.0}) {
    plan.dp = dp;
    const Report r = evaluate(plan);
    ASSERT_TRUE(r.training.time_available);
    const double compute_days = r.training.time.compute_s * r.training.time.steps / 86400;
    EXPECT_LE(compute_days, previous);
    previous = compute_days;
    EXPECT_EQ(r.training.time.gpus, r.article_training.tp * r.article_training.pp * dp);
  }
}

TEST(TrainingTime, CostAndEnergyFollowGpuHours) {
  Plan plan;  // GPT-3 on H100 (Lambda's list price $2.99, 700 W)
  plan.pp = 10;
  plan.cluster_gpus = 1000;
  plan.tokens = 300e9;
  const Report r = evaluate(plan);
  const TrainingTime& t = r.training.time;
  EXPECT_NEAR(t.gpu_hours, t.days * 24 * 960, 1e-6 * t.gpu_hours);
  EXPECT_NEAR(t.cost, t.gpu_hours * 2.99, 1e-6 * t.cost);
  EXPECT_NEAR(t.energy_kwh, t.gpu_hours * 0.7 * 1.2, 1e-6 * t.energy_kwh);
  EXPECT_GT(t.days_at_mfu_30, t.days_at_mfu_40);
  EXPECT_NEAR(t.days_at_mfu_30 * 0.3, t.days_at_mfu_50 * 0.5, 1e-9);
}

TEST(Deadline, GivesTheFewestReplicasThatFinishInTime) {
  Plan plan;
  plan.pp = 10;
  plan.tokens = 300e9;
  plan.deadline_days = 30;
  const Report r = evaluate(plan);
  const double dp = r.article_training.dp;
  ASSERT_GT(dp, 1);
  EXPECT_EQ(r.article_training.steps[7].note, "dp_from_deadline");
  EXPECT_LE(r.training.time.days, 30);
  Plan fewer = plan;
  fewer.deadline_days.reset();
  fewer.dp = dp - 1;
  EXPECT_GT(evaluate(fewer).training.time.days, 30);
}

// Found by fuzzing the link decoder: the deadline's DP was computed without the inputs already
// refused, so an out-of-range ZeRO stage reached an int conversion (undefined behaviour).
// A refused input is named and never used as a value: what depends on it (the memory model,
// the deadline's DP) is unknown, not computed as if it were something else; the article's
// layout, which does not depend on it, is still shown.
TEST(Deadline, IgnoresRefusedInputs) {
  Plan plan;
  plan.pp = 10;
  plan.tokens = 300e9;
  plan.deadline_days = 30;
  plan.zero = 1e12;
  const Report r = evaluate(plan);
  EXPECT_TRUE(has_error_for(r.issues, "zero"));
  EXPECT_EQ(r.article_training.pp, 10);
  EXPECT_EQ(r.article_training.tp, 8);
  EXPECT_FALSE(r.training.available);
  EXPECT_NE(r.article_training.dp, r.article_training.dp);  // NaN: unknown, not 1
}

// The search's twin of Deadline.IgnoresRefusedInputs: it built its base layout without the
// plan's issues, so a refused sequence length went into the memory model as a value.
TEST(LayoutSearch, DoesNotRunOnARefusedInput) {
  Plan plan;
  plan.cluster_gpus = 1024;
  plan.tokens = 300e9;
  plan.seq_len = -4096;
  const SearchReport s = search_plan(plan);
  EXPECT_TRUE(has_error_for(s.issues, "seq_len"));
  EXPECT_FALSE(s.ran);
}

TEST(LayoutSearch, NeedsAClusterOrADeadline) {
  Plan plan;
  plan.tokens = 1e12;
  const SearchReport s = search_plan(plan);
  EXPECT_FALSE(s.ran);
  EXPECT_EQ(s.issues.back().code, "search_needs_target");
}

// transformers' LlamaRMSNorm runs eagerly (modeling_llama.py): to(fp32), pow, mean, + eps,
// rsqrt, the product, to(bf16) and the weight's product — 4e + 28 bytes per element forward in 8
// kernels, 8e + 60 backward in 11 (step_time.cpp counts each op's reads and writes), where a
// fused norm moves 2e and 3e in one kernel each way. Under PyTorch, LayerNorm is one kernel
// (F.layer_norm), so the two plans differ by exactly that traffic: (7e + 88) bytes per element,
// 102 at e = 2, for each of a layer's two norms and the final one, and 36 kernels a layer.
TEST(TrainingTime, PytorchRmsNormRunsEagerly) {
  const auto compute_s = [](const char* norm) {
    Plan plan = four_layers_on_a100("pytorch");
    plan.arch_norm = norm;
    const Report r = evaluate(plan);
    EXPECT_TRUE(r.training.time_available);
    return r.training.time.compute_s;
  };
  const double bandwidth = 2.039e12 * 0.8;  // A100 80GB SXM: 2,039 GB/s (NVIDIA's datasheet)
  const double tokens = 4096;
  const double elements = tokens * 4096;
  const double layers = 4;
  const double expected =
      (2 * layers + 1) * elements * 102 / bandwidth + layers * 36 * kKernelOverheadS;
  EXPECT_NEAR(compute_s("rmsnorm") - compute_s("layernorm"), expected, 1e-9);
}

// Without a fused kernel, transformers' eager attention (eager_attention_forward) moves every
// score through × scaling, + mask, the fp32 softmax with its casts: 6e + 16 bytes forward and
// 4e + 20 backward, 56 at e = 2, where Megatron's fused scale-mask-softmax moves 2e + 3e = 10.
// The flash kernels cost both frameworks the same, so the difference of differences is the chain.
TEST(TrainingTime, PytorchEagerAttentionStreamsTheScoresSeveralTimes) {
  const auto compute_s = [](const char* framework, double flash) {
    Plan plan = four_layers_on_a100(framework);
    plan.flash_attention = flash;
    const Report r = evaluate(plan);
    EXPECT_TRUE(r.training.time_available);
    return r.training.time.compute_s;
  };
  const double bandwidth = 2.039e12 * 0.8;       // A100 80GB SXM: 2,039 GB/s (NVIDIA's datasheet)
  const double scores = 4 * 32 * 4096.0 * 4096;  // layers × heads × s²
  const double eager = compute_s("pytorch", 0) - compute_s("pytorch", 1);
  const double fused = compute_s("megatron", 0) - compute_s("megatron", 1);
  EXPECT_NEAR(eager - fused, scores * (56 - 10) / bandwidth, 1e-9);
}

// PyTorch autocast keeps fp32 weights and an fp32 residual stream and casts per op
// (aten/src/ATen/autocast_mode.h, transformers' modeling_llama.py): per token and layer, at
// e = 2, h = 4096, q + k = 5,120 wide:
//   forward:  q, k, v, gate, up cast the norms' fp32 output, 5 × 6h; RMSNorm loses its two casts
//             and writes fp32, 2 × −8h; rotary's fp32 products and sum, and SDPA's casts back,
//             16 per q, k element (20h); the residual adds read bf16 into fp32, 2 × 4h: 42h.
//   backward: the five casts back, 30h, and the fp32 sums of their input gradients, 3 × 6h;
//             rotary's fp32 gradients cast to bf16 and SDPA's cast up, 26 per element (32.5h);
//             each residual's branch gradient cast down and its fp32 sum, 2 × 12h: 104.5h.
// Per token once: the final norm −8h, the head's input cast 6h each way, the fp32 embedding 4h.
// The weights' casts do not grow with the tokens, nor does attention differ between recipes: the
// difference of the recipes' differences over two sequence lengths is these bytes alone.
TEST(TrainingTime, AutocastStreamsItsCastsAndFp32Residual) {
  const auto compute_s = [](const char* recipe, double seq, const char* framework, double zero) {
    Plan plan = four_layers_on_a100(framework);
    plan.recipe = recipe;
    plan.seq_len = seq;
    plan.zero = zero;
    const Report r = evaluate(plan);
    EXPECT_TRUE(r.training.time_available);
    return r.training.time.compute_s;
  };
  const auto extra = [&](const char* framework, double zero = 0) {
    const auto grows = [&](const char* recipe) {
      return compute_s(recipe, 4096, framework, zero) - compute_s(recipe, 2048, framework, zero);
    };
    return grows("amp16") - grows("pure-bf16");
  };
  const double bandwidth = 2.039e12 * 0.8;  // A100 80GB SXM: 2,039 GB/s (NVIDIA's datasheet)
  const double h = 4096;
  const double bytes_per_token = 4 * (42 + 104.5) * h + (-8 + 6 + 6 + 4) * h;
  EXPECT_NEAR(extra("pytorch"), bytes_per_token * 2048 / bandwidth, 1e-9);
  // Megatron never autocasts: the recipe's fp32 weights change its step by no activation bytes.
  EXPECT_NEAR(extra("megatron"), 0, 1e-9);
  // Nor does FSDP's mixed precision (the recipe under ZeRO-3): bf16 weights gathered, no autocast.
  EXPECT_NEAR(extra("pytorch", 3), 0, 1e-9);
}

// Under autocast each micro-batch's weight gradients come back from bf16 apart from the GEMM,
// and from the second micro-batch on AccumulateGrad sums them into the fp32 .grad: two fp32
// tensors read and one written, 12 bytes a parameter. Four micro-batches sum three times more
// than four steps of one; pure bf16's GEMMs accumulate in their epilogue instead.
TEST(TrainingTime, AutocastSumsEachLaterMicroBatchIntoTheFp32Gradients) {
  const auto run = [](const char* recipe, double microbatches) {
    Plan plan = four_layers_on_a100("pytorch");
    plan.recipe = recipe;
    plan.global_batch = microbatches;
    const Report r = evaluate(plan);
    EXPECT_TRUE(r.training.time_available);
    return r;
  };
  const auto accumulation_s = [&](const char* recipe) {
    return run(recipe, 4).training.time.compute_s - 4 * run(recipe, 1).training.time.compute_s;
  };
  const double bandwidth = 2.039e12 * 0.8;  // A100 80GB SXM: 2,039 GB/s (NVIDIA's datasheet)
  const double params = run("amp16", 1).training.memory.trainable_params;
  EXPECT_GT(params, 4 * 4096.0 * 14336 * 3);
  EXPECT_NEAR(accumulation_s("amp16"), 3 * 12 * params / bandwidth + kKernelOverheadS, 1e-9);
  EXPECT_NEAR(accumulation_s("pure-bf16"), 0, 1e-9);
}

// Under autocast a LoRA base's fp32 weights are cast to bf16 every forward (not back: they take
// no gradient); QLoRA's NF4 base is dequantized instead (dequant_step_s), so autocast adds no
// weight casts to it: per layer q, k, v, o, gate, up and down, 4096 × 53,248 weights at 4 + 2 B.
TEST(TrainingTime, AutocastCastsALoraBaseButNotAQloraOne) {
  const auto amp_extra = [](const char* finetune) {
    const auto compute_s = [&](const char* recipe) {
      Plan plan = four_layers_on_a100("pytorch");
      plan.finetune = finetune;
      plan.recipe = recipe;
      const Report r = evaluate(plan);
      EXPECT_TRUE(r.training.time_available);
      return r.training.time.compute_s;
    };
    return compute_s("amp16") - compute_s("pure-bf16");
  };
  const double bandwidth = 2.039e12 * 0.8;  // A100 80GB SXM: 2,039 GB/s (NVIDIA's datasheet)
  const double layer_weights = 4096.0 * (6144 + 4096 + 2 * 14336 + 14336);
  EXPECT_NEAR(amp_extra("lora") - amp_extra("qlora"),
              4 * (layer_weights * 6 / bandwidth + kKernelOverheadS), 1e-9);
}

// torchtitan's op-level checkpointing (parallelize_llama.py, _save_list) saves the outputs of a
// layer's 1st, 3rd, … matmul and of the attention kernel: backward runs k, o and SwiGLU's up
// projection again (Llama 3.1 8B: 4096 × 1024, 4096 × 4096 and 4096 × 14336 per layer, 2 FLOPs
// a parameter a token) with the element-wise ops — less again than full recompute, more than none.
TEST(TrainingTime, OpLevelRecomputeRunsTheUnsavedMatmulsAgain) {
  const Architecture& a = find_model("llama-3.1-8b")->architecture;
  double model = 0, hardware = 0;
  flops_per_token(a, 8192, Recompute::kOp, model, hardware);
  EXPECT_NEAR(hardware - model, 2.0 * 32 * (4096 * 1024 + 4096 * 4096 + 4096 * 14336), 1);
  const auto recompute_s = [](const char* mode) {
    Plan plan = pytorch_plan("llama-3.1-8b", "a100-80g", 1, 8192);
    plan.recompute = mode;
    const Report r = evaluate(plan);
    EXPECT_TRUE(r.training.time_available);
    return r.training.time.recompute_s;
  };
  const double op = recompute_s("op");
  EXPECT_EQ(recompute_s("none"), 0);
  EXPECT_GT(op, 0);
  EXPECT_LT(op, recompute_s("full") * 0.6);  // a third of the matmuls, no attention
}

// Sequence parallelism given under PyTorch (torchtitan's SequenceParallel plans) splits the norms'
// tokens over TP in the step as in the memory model: the eager norms then run on T/t tokens each.
TEST(TrainingTime, PytorchSequenceParallelSplitsTheNormsAsInMemory) {
  const auto run = [](double sp) {
    Plan plan = pytorch_plan("llama-3.1-70b", "h100-80g", 8, 8192);
    plan.sequence_parallel = sp;
    return evaluate(plan);
  };
  const Report off = run(0);
  const Report on = run(1);
  ASSERT_TRUE(off.training.time_available && on.training.time_available);
  EXPECT_LT(on.training.memory.peak_gb, off.training.memory.peak_gb);
  EXPECT_LT(on.training.time.compute_s, off.training.time.compute_s);
}

}  // namespace
}  // namespace llm_sizer
