// Serving at scale against its sources: the engines' memory rules (their code, their logs), the
// layouts they deploy across nodes, the load model, and the fleet search. Hand-derived numbers are
// worked out in the comments.
#include "llm_sizer/serving_fleet.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "llm_sizer/device_memory.hpp"
#include "llm_sizer/engine_profile.hpp"
#include "llm_sizer/model.hpp"
#include "llm_sizer/report.hpp"
#include "llm_sizer/serving_load.hpp"
#include "llm_sizer/units.hpp"

namespace llm_sizer {
namespace {

Report serve(const char* model, const char* accelerator, Plan plan = {}) {
  plan.model = model;
  plan.accelerator = accelerator;
  return evaluate(plan);
}

bool has_issue(const Report& r, const std::string& code) {
  return std::any_of(r.issues.begin(), r.issues.end(),
                     [&](const Issue& i) { return i.code == code; });
}

const FleetReport& fleet_of(const Report& r) { return r.inference.fleet; }

TEST(DeviceMemory, EnginesSeeTheDriversTotalNotTheMarketedSize) {
  // The serving model reads the card from the same catalog bytes as the training memory model;
  // engine logs agree with them to the hundredth of a GiB they print.
  const auto engine_gib = [](const char* accelerator) {
    Plan plan;
    plan.accelerator = accelerator;
    return evaluate(plan).inference.settings.device_memory_gib;
  };
  // vLLM v0.19.0 on an H100: "Free memory on device (78.68/79.19 GiB)"; deviceQuery 79.20 GiB.
  EXPECT_NEAR(engine_gib("h100-80g"), 79.19, 0.02);
  // PyTorch on an H200: "GPU 0 has a total capacity of 139.80 GiB".
  EXPECT_NEAR(engine_gib("h200-141g"), 139.80, 0.01);
  // PyTorch on a B200: "total capacity of 178.35 GiB".
  EXPECT_NEAR(engine_gib("b200"), 178.35, 0.01);
  // A card without a reported figure keeps its marketed GB (10⁹ bytes), the conservative side.
  EXPECT_NEAR(engine_gib("rg800-32g"), 32e9 / kBytesPerGib, 1e-9);
  // nvidia-smi counts more than CUDA sees: what SGLang sizes from.
  EXPECT_EQ(smi_total_mib("h100-80g", 0), 81559);
}

TEST(EngineProfiles, VllmDefaultsFollowTheCardsMemoryAndName) {
  const EngineProfile& vllm = *find_engine_profile("vllm");
  // arg_utils.py: ≥ 70 GiB and not an A100 → 8192 tokens and 1024 sequences for `vllm serve`.
  EXPECT_EQ(engine_max_batched_tokens(vllm, "h100-80g", 79.19 * kBytesPerGib, 81559), 8192);
  EXPECT_EQ(engine_max_num_seqs(vllm, "h100-80g", 79.19 * kBytesPerGib, 0, 0), 1024);
  EXPECT_EQ(engine_max_batched_tokens(vllm, "a100-80g", 80 * kBytesPerGib, 81920), 2048);
  EXPECT_EQ(engine_max_num_seqs(vllm, "a100-80g", 80 * kBytesPerGib, 0, 0), 256);
  EXPECT_EQ(vllm.default_fraction, 0.9);
}

TEST(EngineProfiles, SglangMemFractionFromItsReservedMemory) {
  // server_args.py on an H100 (nvidia-smi 81 559 MiB) at TP 8: chunk 8192, CUDA-graph batch 512
  // (TP ≥ 4, under 90 GiB); reserved = 512 + 1.5 × 8192 + 2 × 512 + 8 / 8 × 1024 = 14 848 MiB
  // (above the 10 GiB floor); f = round((81 559 − 14 848) / 81 559, 3) = 0.818.
  EXPECT_EQ(sglang_mem_fraction_static(81559, 8192, 8, 1, 1, false, false), 0.818);
  // With MLA backends another 1.5 GiB: (81 559 − 16 384) / 81 559 = 0.799.
  EXPECT_EQ(sglang_mem_fraction_static(81559, 8192, 8, 1, 1, false, true), 0.799);
}

TEST(EngineMemory, VllmKvPoolMatchesItsStartUpLog) {
  // llm-d-planner v0.19.0, Llama-3.1-8B on one H100 at gpu_memory_utilization 0.95: "Available
  // KV cache memory: 58.11 GiB", "GPU KV cache size: 476,016 tokens". The model: 0.95 × 79.19
  // − 14.96 (weights) − 1.71 (the sampler's 1024 × 128 256 logits × 14 B) − 0.25 (non-torch).
  Plan plan;
  plan.infer_gpu_memory_utilization = 0.95;
  plan.infer_context = 8192;
  plan.infer_tp = 1;
  plan.infer_pp = 1;
  const FleetReport f = fleet_of(serve("llama-3.1-8b", "h100-80g", plan));
  ASSERT_TRUE(f.found);
  const double kv_gib = f.per_card.kv_cache_gb * 1e9 / kBytesPerGib;
  EXPECT_NEAR(kv_gib / 58.11, 1, 0.01);
  EXPECT_NEAR(f.per_card.kv_tokens / 476016, 1, 0.01);
}

TEST(EngineMemory, TheSameCardHoldsMoreKvUnderSglangsStaticPool) {
  // vllm#21348, Qwen3-235B-A22B-FP8 on 4 H100 with --mem-fraction-static 0.93: SGLang logs
  // 367 404 tokens (K = V = 8.23 GB of 2³⁰ B). f × (total − context − communicators) − weights:
  // 0.93 × (79.19 − 0.5 − 2.1) − 55.1 ≈ 16.1 GiB, 2 % under the log's 16.46.
  Plan plan;
  plan.infer_engine = "sglang";
  plan.infer_weights = "fp8-block";
  plan.infer_tp = 4;
  plan.infer_pp = 1;
  plan.infer_expert_parallel = 0;
  plan.infer_gpu_memory_utilization = 0.93;
  const FleetReport f = fleet_of(serve("qwen3-235b-a22b", "h100-80g", plan));
  ASSERT_TRUE(f.found);
  EXPECT_NEAR(f.per_card.kv_tokens / 367404, 1, 0.05);
}

TEST(ServingLayout, DataParallelAttentionSpreadsOnlyTheExperts) {
  ServingInputs in;
  in.arch = find_model("deepseek-v3")->architecture;
  in.counts = count_params(in.arch);
  const ServingLayout tp8{8, 1, 1, false};
  const ServingLayout dp8{1, 1, 8, true};
  const LayoutWeights a = layout_weights(in, tp8);
  const LayoutWeights b = layout_weights(in, dp8);
  // The routed experts (58 MoE layers × 256 × 3 × 7168 × 2048 = 653.8 × 10⁹ parameters) are
  // spread over the same 8 cards either way; attention and the dense layers are whole on each
  // DP rank — as on one card alone — but split 8 ways under TP.
  EXPECT_DOUBLE_EQ(routed_expert_params(in), 58.0 * 256 * 3 * 7168 * 2048);
  EXPECT_DOUBLE_EQ(a.expert_bytes, b.expert_bytes);
  EXPECT_DOUBLE_EQ(b.layer_bytes, layout_weights(in, {1, 1, 1, false}).layer_bytes);
  EXPECT_LT(a.layer_bytes, b.layer_bytes / 4);
  // MLA's latent cache is whole on every TP rank; under DP each rank keeps only its sequences.
  EXPECT_EQ(layout_kv_bytes_per_sequence(in, tp8, 1024, false),
            layout_kv_bytes_per_sequence(in, dp8, 1024, false));
}

TEST(ServingLoad, SpeculativeDecodingTokensPerStep) {
  // Leviathan et al. 2023: E[tokens] = (1 − a^(k+1)) / (1 − a).
  ServingWorkload load;
  load.spec_tokens = 1;
  load.spec_acceptance = 0.85;
  EXPECT_DOUBLE_EQ(speculative_tokens_per_step(load), 1.85);
  load.spec_tokens = 3;
  load.spec_acceptance = 0.5;
  EXPECT_DOUBLE_EQ(speculative_tokens_per_step(load), 1.875);
  load.spec_tokens = 0;
  EXPECT_EQ(speculative_tokens_per_step(load), 1);
}

// Engines batch the prefill of waiting prompts up to their token budget (vLLM's
// max_num_batched_tokens, SGLang's chunked_prefill_size, TensorRT-LLM's max_num_tokens): one
// read of the weights serves every prompt in the forward. Llama-3.1-8B on one H100 (989 TFLOP/s
// bf16, 3.35 TB/s: NVIDIA's datasheet), prompts of 32 tokens, a budget of 8192: alone, a
// prompt's 2 × 7.5 × 10⁹ × 32 FLOPs take 1 ms at half the peak, reading the 16 GB of weights at
// 80 % of the bandwidth 6 ms; 256 of them share one read, and the forward is bound by their FLOPs.
TEST(ServingLoad, ShortPromptsShareAForwardUpToTheTokenBudget) {
  ServingInputs in;
  in.arch = find_model("llama-3.1-8b")->architecture;
  in.counts = count_params(in.arch);
  in.hbm_bandwidth_tbps = 3.35;
  in.peak_tflops = 989;
  const ServingLayout one{1, 1, 1, false};
  ServingWorkload load;
  load.input_tokens = 32;
  load.output_tokens = 128;
  load.prefill_chunk_tokens = 8192;
  const PrefillTime alone = replica_prefill(in, one, load);
  EXPECT_DOUBLE_EQ(alone.matmul_s, 2 * in.counts.matmul_active * 32 / (989e12 * 0.5));
  EXPECT_GT(alone.weights_s, alone.matmul_s);
  EXPECT_DOUBLE_EQ(alone.busy_s, alone.weights_s + alone.attention_s);
  // 256 fill the budget; more waiting do not join the forward.
  const PrefillTime full = packed_prefill(in, one, load, alone, 1000);
  EXPECT_EQ(full.packed, 256);
  EXPECT_DOUBLE_EQ(full.busy_s, alone.matmul_s + alone.attention_s);
  // Three waiting share a read that their FLOPs do not cover.
  const PrefillTime three = packed_prefill(in, one, load, alone, 3);
  EXPECT_EQ(three.packed, 3);
  EXPECT_DOUBLE_EQ(three.busy_s, alone.weights_s / 3 + alone.attention_s);
  // A replica at 256 sequences prefills each prompt in its share of a packed forward.
  EXPECT_DOUBLE_EQ(load_point(in, one, 256, load).prefill_s, full.busy_s);
  EXPECT_DOUBLE_EQ(load_point(in, one, 1, load).prefill_s, alone.busy_s);
  // A prompt of the whole budget runs in its own chunk, as before.
  load.input_tokens = 8192;
  const PrefillTime long_prompt = replica_prefill(in, one, load);
  EXPECT_EQ(packed_prefill(in, one, load, long_prompt, 1000).busy_s, long_prompt.busy_s);
}

TEST(Fleet, DeepSeekV3Fp8NeedsTwoH100Nodes) {
  // 671 × 10⁹ parameters at 8 bits are ~688 GB with the BF16 embeddings — more than the 8 × 0.9
  // × 85.03 = 612 GB vLLM may use of one H100 node: the fleet takes whole nodes beyond one.
  Plan plan;
  plan.infer_weights = "fp8-block";
  plan.infer_concurrency = 32;
  plan.infer_input_tokens = 8192;
  plan.infer_output_tokens = 1024;
  const Report r = serve("deepseek-v3", "h100-80g", plan);
  const FleetReport& f = fleet_of(r);
  ASSERT_TRUE(f.found);
  EXPECT_GE(f.total_gpus, 16);
  EXPECT_EQ(std::fmod(f.gpus_per_replica, 8), 0);
  EXPECT_GE(f.nodes, 2);
  EXPECT_TRUE(f.meets_slo);
  EXPECT_LE(f.tpot_ms, 50);
  EXPECT_GE(f.replicas * f.replica_concurrency, 32);
  // Every card's parts add up within what the engine may use.
  const FleetCard& c = f.per_card;
  EXPECT_NEAR(c.weights_gb + c.kv_cache_gb + c.activation_gb + c.non_torch_gb, c.requested_gb,
              1e-6);
  EXPECT_TRUE(std::isfinite(f.cost_per_m_output));  // H100 has a price in the catalog
  EXPECT_FALSE(r.inference.launch.vllm.empty());
}

TEST(Fleet, EveryDoneMeansCaseGetsAFleet) {
  struct Case {
    const char* model;
    const char* accelerator;
    const char* weights;
  };
  for (const Case c :
       {Case{"deepseek-v3", "h200-141g", "fp8-block"}, Case{"llama-3.1-405b", "h100-80g", "fp8"},
        Case{"qwen3-235b-a22b", "h100-80g", "fp8"}}) {
    Plan plan;
    plan.infer_weights = c.weights;
    plan.infer_concurrency = 32;
    plan.infer_input_tokens = 8192;
    plan.infer_output_tokens = 1024;
    const FleetReport f = fleet_of(serve(c.model, c.accelerator, plan));
    ASSERT_TRUE(f.found) << c.model;
    EXPECT_TRUE(std::isfinite(f.ttft_ms) && std::isfinite(f.tpot_ms)) << c.model;
    EXPECT_GT(f.output_tokens_per_s, 0) << c.model;
    EXPECT_FALSE(f.steps.empty()) << c.model;
  }
}

TEST(Fleet, ReplicasPackWholeNodes) {
  const ResolvedPlan resolved = resolve(Plan{.model = "qwen3-235b-a22b"});
  FleetRequest request;
  request.engine = resolved.serving.engine;
  request.load = resolved.serving.load;
  request.tp = request.pp = request.dp = std::nan("");
  for (const ServingLayout& l : fleet_layouts(resolved.serving.inputs, request)) {
    const double node = resolved.serving.inputs.gpus_per_node;
    EXPECT_TRUE(l.gpus() > node ? std::fmod(l.gpus(), node) == 0 : std::fmod(node, l.gpus()) == 0)
        << l.tp << " × " << l.pp << " × " << l.dp;
  }
}

TEST(Fleet, AnUnreachableSloIsNamedAndTheFleetSizedByMemory) {
  Plan plan;
  plan.infer_tpot_slo_ms = 0.5;  // faster than reading the weights once
  const Report r = serve("llama-3.1-70b", "h100-80g", plan);
  EXPECT_TRUE(fleet_of(r).found);
  EXPECT_FALSE(fleet_of(r).meets_slo);
  EXPECT_TRUE(has_issue(r, "serving_slo_unmet"));
}

TEST(Fleet, DisaggregationRemovesPrefillStallsFromTpot) {
  Plan plan;
  plan.infer_concurrency = 64;
  plan.infer_input_tokens = 8192;
  plan.infer_output_tokens = 256;
  plan.infer_pd_ratio = "1:1";
  const FleetReport f = fleet_of(serve("llama-3.1-8b", "h100-80g", plan));
  ASSERT_TRUE(f.disaggregated.on);
  EXPECT_LT(f.disaggregated.tpot_ms, f.tpot_ms);
  EXPECT_EQ(f.disaggregated.prefill_gpus, f.disaggregated.decode_gpus);
}

TEST(Fleet, AMalformedPdRatioIsRefused) {
  Plan plan;
  plan.infer_pd_ratio = "one to three";
  const Report r = serve("llama-3.1-8b", "h100-80g", plan);
  EXPECT_TRUE(has_error_for(r.issues, "pd_ratio"));
  EXPECT_FALSE(fleet_of(r).disaggregated.on);
}

TEST(ServingLoad, DefaultRequestKeepsTheFourThousandTokenContext) {
  const Report r = serve("llama-3.1-8b", "h100-80g");
  EXPECT_EQ(r.inference.settings.context, 4096);
  EXPECT_EQ(r.inference.settings.input_tokens, 3072);
  EXPECT_EQ(r.inference.settings.output_tokens, 1024);
  Plan plan;
  plan.infer_input_tokens = 8192;
  plan.infer_output_tokens = 1024;
  EXPECT_EQ(serve("llama-3.1-8b", "h100-80g", plan).inference.settings.context, 9216);
}

}  // namespace
}  // namespace llm_sizer
