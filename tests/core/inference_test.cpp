// The serving model against its sources: KV cache per token from the published architectures,
// weight formats from their storage layouts, tensor-parallel sharding as vLLM does it, and the
// roofline. Hand-derived numbers are worked out in the comments.
#include "llm_sizer/inference.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "llm_sizer/model.hpp"
#include "llm_sizer/plan_codec.hpp"
#include "llm_sizer/report.hpp"
#include "llm_sizer/resolve.hpp"
#include "llm_sizer/serving_load.hpp"
#include "test_support.hpp"

namespace llm_sizer {
namespace {

ServingInputs serving(const char* model_id) {
  ServingInputs in;
  in.arch = find_model(model_id)->architecture;
  in.counts = count_params(in.arch);
  return in;
}

Report serve(const char* model, const char* accelerator, Plan plan = {}) {
  plan.model = model;
  plan.accelerator = accelerator;
  return evaluate(plan);
}

TEST(KvCache, Llama3_70BHolds320KiBPerTokenInBf16) {
  // Llama 3 paper, Table 3 (70B: 80 layers, 8 KV heads, head 8192 / 64 = 128):
  // 2 × 80 × 8 × 128 × 2 B = 327 680 B = 320 KiB. Not 2 × 80 × 8192 × 2 (the hidden size: 8×).
  EXPECT_EQ(kv_bytes_per_token(serving("llama-3.1-70b")), 327680);
}

TEST(KvCache, DeepSeekV3LatentIs61Times576Elements) {
  // DeepSeek-V3 config: 61 layers, kv_lora_rank 512, qk_rope_head_dim 64; MLA caches the latent
  // and the shared rope key: 61 × (512 + 64) × 2 B = 70 272 B. Naive MHA math would give
  // 2 × 61 × 128 heads × 192 × 2 B = 5 996 544 B, 85× more.
  const ServingInputs in = serving("deepseek-v3");
  EXPECT_EQ(kv_bytes_per_token(in), 70272);
  EXPECT_LT(kv_bytes_per_token(in) * 80, 2.0 * 61 * 128 * 192 * 2);
}

TEST(KvCache, Qwen3UsesItsExplicitHeadDim) {
  // Qwen3-32B config: 64 layers, 8 KV heads, head_dim 128 (hidden 5120 / 64 heads would be 80):
  // 2 × 64 × 8 × 128 × 2 B = 262 144 B.
  EXPECT_EQ(kv_bytes_per_token(serving("qwen3-32b")), 262144);
}

TEST(KvCache, SharedFixtureRowsHold) {
  const JsonValue fixture = test::read_fixture("inference.json");
  for (const auto& row : fixture.find("kv_bytes_per_token")->as_array()) {
    const std::string model = test::string_at(row, "model");
    EXPECT_EQ(serve(model.c_str(), "h100-80g").inference.kv_bytes_per_token,
              test::number_at(row, "kv_bytes_per_token"))
        << model;
  }
  for (const auto& row : fixture.find("fits")->as_array()) {
    const std::string model = test::string_at(row, "model");
    const std::string card = test::string_at(row, "accelerator");
    Plan plan;
    plan.infer_tp = 8;
    const Report r = serve(model.c_str(), card.c_str(), plan);
    EXPECT_EQ(r.inference.fits, row.find("fits_on_8")->as_bool()) << model << " " << card;
    const Report automatic = serve(model.c_str(), card.c_str());
    if (row.find("min_gpus")->is_null()) {
      EXPECT_TRUE(std::isnan(automatic.inference.min_gpus)) << model << " " << card;
    } else {
      EXPECT_EQ(automatic.inference.min_gpus, test::number_at(row, "min_gpus"))
          << model << " " << card;
    }
  }
}

TEST(KvCache, DtypeSetsTheBytesAndIntegerTypesCarryScales) {
  ServingInputs in = serving("llama-3.1-70b");
  in.kv_bits = 8;  // fp8: per-tensor scales only
  EXPECT_EQ(kv_bytes_per_token(in), 163840);
  // int4 with an fp16 scale and zero per head vector: each of 2 × 8 vectors per layer holds
  // 128 × 4 bits + 32 bits = 68 B → 80 × 16 × 68 = 87 040 B.
  in.kv_bits = 4;
  in.kv_scale_bits = 32;
  EXPECT_EQ(kv_bytes_per_token(in), 87040);
}

TEST(KvCache, MultiQueryAttentionCachesOneHead) {
  ServingInputs in = serving("llama-3.1-8b");
  in.arch.kv_heads = 1;
  // 2 × 32 layers × 1 head × 128 × 2 B.
  EXPECT_EQ(kv_bytes_per_token(in), 16384);
  EXPECT_TRUE(serving_tp_valid(in.arch, 8));  // one K/V head, replicated on 8 cards
  EXPECT_EQ(kv_heads_per_card(in.arch, 8), 1);
}

TEST(KvCache, SlidingWindowLayersCapTheContextAndPagesRoundUp) {
  // Mistral 7B: 32 layers, 8 KV heads × 128, window 4096 on every layer: 131 072 B per token.
  ServingInputs in = serving("mistral-7b");
  in.kv_block_tokens = 16;
  EXPECT_EQ(kv_bytes_per_token(in), 131072);
  EXPECT_EQ(kv_bytes_per_sequence_card(in, 1, 32768, false), 131072.0 * 4096);
  // 1000 tokens take ⌈1000 / 16⌉ = 63 blocks = 1008 token slots.
  EXPECT_EQ(kv_bytes_per_sequence_card(in, 1, 1000, true), 131072.0 * 1008);
  EXPECT_EQ(kv_bytes_per_sequence_card(in, 1, 1000, false), 131072.0 * 1000);
  // Half the layers windowed: 16 layers hold 32 768 tokens, 16 hold 4096.
  in.arch.sliding_window_layers = 16;
  EXPECT_EQ(kv_bytes_per_sequence_card(in, 1, 32768, false), 4096.0 * 16 * (32768 + 4096));
}

TEST(WeightFormats, BitsPerWeightFollowTheirStorageLayouts) {
  const auto bits = [](const char* id) {
    return weight_format_bits(*find_weight_format(id), 4096);
  };
  EXPECT_EQ(bits("bf16"), 16);
  EXPECT_EQ(bits("fp8"), 8);
  EXPECT_EQ(bits("fp8-block"), 8 + 32.0 / (128 * 128));  // DeepSeek-V3 §3.3.2
  EXPECT_EQ(bits("int8"), 8 + 32.0 / 4096);              // fp32 scale per 4096-input row
  EXPECT_EQ(bits("int4-awq"), 4.15625);                  // 4 + (16 + 4) / 128
  EXPECT_EQ(bits("int4-gptq"), 4.15625);
  EXPECT_EQ(bits("q8_0"), 8.5);     // 34 B per 32
  EXPECT_EQ(bits("q6_k"), 6.5625);  // 210 B per 256
  EXPECT_EQ(bits("q5_k"), 5.5);     // 176 B per 256
  EXPECT_EQ(bits("q4_k"), 4.5);     // 144 B per 256
  EXPECT_EQ(bits("q3_k"), 3.4375);  // 110 B per 256
  EXPECT_EQ(bits("q2_k"), 2.625);   // 84 B per 256
  EXPECT_EQ(bits("mxfp4"), 4.25);   // OCP MX: E8M0 scale per 32
  EXPECT_EQ(bits("nvfp4"), 4.5);    // E4M3 scale per 16
  EXPECT_EQ(find_weight_format("int3"), nullptr);
}

TEST(Weights, EmbeddingsKeepTheirOwnFormat) {
  Plan plan;
  plan.infer_weights = "int4-awq";
  const Report r = serve("qwen2.5-32b", "h100-80g", plan);
  ASSERT_TRUE(r.inference.available);
  EXPECT_EQ(r.inference.settings.embedding_format, "fp16");
  // Qwen2.5-32B: 2 × 152 064 × 5120 = 1 557 135 360 embedding + LM head parameters in fp16,
  // the other 31 206 740 992 at 4.15625 bits.
  const double expected = 31206740992.0 * 4.15625 / 8 + 1557135360.0 * 2;
  EXPECT_NEAR(r.inference.weights_gb, expected / 1e9, 1e-9);
}

TEST(Weights, Llama405BInBf16DoesNotFitEightH100ButFitsEightH200) {
  // 405.85 × 10⁹ parameters × 2 B / 8 ≈ 101.5 GB per card: more than the 0.9 × 85.03 = 76.5 GB
  // vLLM may use of an H100 (79.20 GiB as the driver reports it), less than 0.9 × 150.1 =
  // 135.1 GB of an H200 (139.80 GiB).
  const Report h100 = serve("llama-3.1-405b", "h100-80g");
  EXPECT_TRUE(std::isnan(h100.inference.min_gpus));
  EXPECT_EQ(h100.inference.tp, 8);
  EXPECT_FALSE(h100.inference.fits);
  EXPECT_GT(h100.inference.per_card.weights_gb, 76.5);
  EXPECT_TRUE(test::has_issue(h100, "serving_exceeds_node"));
  const Report h200 = serve("llama-3.1-405b", "h200-141g");
  EXPECT_EQ(h200.inference.min_gpus, 8);
  EXPECT_TRUE(h200.inference.fits);
  EXPECT_NEAR(h200.inference.per_card.weights_gb, 405853388800.0 * 2 / 8 / 1e9, 0.01);
}

// DeepSeek-V3 is published in FP8 with 128 × 128 block scales (its config.json's
// quantization_config; technical report §3.3.2), and an engine loads it so: the automatic weight
// format follows the preset's checkpoint (source "preset"), 8 bits and a 4-byte scale per
// 16,384 weights on the transformer's linears, the embedding and LM head in bf16; a format
// chosen still wins, and a model published in 16 bits stays in bf16.
TEST(Weights, DeepSeekV3IsServedInItsPublishedFp8) {
  const Report r = serve("deepseek-v3", "h200-141g");
  ASSERT_TRUE(r.inference.available);
  EXPECT_EQ(r.inference.settings.weights, "fp8-block");
  const auto input = std::find_if(r.inputs.begin(), r.inputs.end(),
                                  [](const ResolvedInput& i) { return i.field == "weights"; });
  ASSERT_NE(input, r.inputs.end());
  EXPECT_EQ(input->source, InputSource::kPreset);
  EXPECT_EQ(input->text, "fp8-block");
  const double total = r.setup.counts.total;
  EXPECT_GT(r.inference.weights_gb, total * 1.0 / 1e9);
  EXPECT_LT(r.inference.weights_gb, total * 1.01 / 1e9);  // scales and the 16-bit vocabulary
  Plan bf16;
  bf16.infer_weights = "bf16";
  const Report chosen = serve("deepseek-v3", "h200-141g", bf16);
  EXPECT_EQ(chosen.inference.settings.weights, "bf16");
  EXPECT_NEAR(chosen.inference.weights_gb, total * 2 / 1e9, 1e-6);
  EXPECT_EQ(serve("llama-3.1-70b", "h200-141g").inference.settings.weights, "bf16");
}

TEST(Serving, Qwen25_32BNeedsFourRg800NotTheArticlesTwo) {
  // 32.76 × 10⁹ × 2 B = 65.5 GB. At TP 2 each card holds 32.8 GB, more than 32 × 0.9 = 28.8 GB
  // usable; TP 3 does not divide 8 KV heads; so TP 4.
  const Report r = serve("qwen2.5-32b", "rg800-32g");
  EXPECT_EQ(r.article_inference.min_gpus, 3);  // ⌈65.52 / 32⌉ on the real checkpoint's count
  EXPECT_EQ(r.inference.min_gpus, 4);
  const DerivationStep* step = nullptr;
  for (const auto& s : r.inference.steps) {
    if (s.id == "serve_min_gpus") step = &s;
  }
  ASSERT_NE(step, nullptr);
  EXPECT_EQ(step->note, "serve_min_weights");
  std::string below_tp, below_gb;
  for (const auto& p : step->note_params) {
    if (p.name == "below_tp") below_tp = p.value;
    if (p.name == "below_weights_gb") below_gb = p.value;
  }
  EXPECT_EQ(below_tp, "2");
  EXPECT_EQ(below_gb, "32.76");
  // Unknown bandwidth and peak: no invented throughput.
  EXPECT_TRUE(std::isnan(r.inference.decode_tokens_per_s));
  EXPECT_TRUE(test::has_issue(r, "throughput_unknown"));
}

TEST(Serving, Qwen25_32BFitsOneH100WithAModestContext) {
  // vLLM on an H100 (the driver reports 85.05 GB = 79.20 GiB): 0.9 × 85.05 = 76.54 GB, less
  // 65.53 GB of weights (32 763 876 352 × 2 B), the profile run's peak — the sampler over 1024
  // sequences of the 152 064-token vocabulary, 1024 × 152 064 × (2 + 12) B = 2.18 GB, above the
  // forward pass's 8192 × 2 × (4 × 5120 + 3 × 27 648) = 1.69 GB — and 0.25 GiB = 0.27 GB of
  // non-torch memory: 8.57 GB of KV, seven sequences of 4096 tokens (1.07 GB each), not one of
  // the full 32 768 (8.59 GB).
  const Report r = serve("qwen2.5-32b", "h100-80g");
  EXPECT_EQ(r.inference.min_gpus, 1);
  EXPECT_EQ(r.inference.max_concurrency, 7);
  Plan full;
  full.infer_context = 32768;
  EXPECT_EQ(serve("qwen2.5-32b", "h100-80g", full).inference.min_gpus, 2);
}

TEST(Serving, AutomaticTpIsTheSmallestWhereTheBatchFits) {
  Plan plan;
  plan.infer_batch = 16;
  const Report r = serve("qwen2.5-32b", "h100-80g", plan);
  EXPECT_EQ(r.inference.min_gpus, 1);
  EXPECT_EQ(r.inference.tp, 2);
  EXPECT_TRUE(r.inference.fits);
  EXPECT_EQ(r.inference.total_gpus, 2);
  // A target of 200 sequences at the 2-card layout's maximum takes ⌈200 / C_max⌉ replicas.
  plan.infer_target_concurrency = 200;
  const Report many = serve("qwen2.5-32b", "h100-80g", plan);
  EXPECT_EQ(many.inference.replicas, std::ceil(200 / many.inference.max_concurrency));
  EXPECT_EQ(many.inference.total_gpus, many.inference.replicas * 2);
}

TEST(Serving, TpMustShardHeadsAndKvHeads) {
  const Architecture& qwen = find_model("qwen2.5-32b")->architecture;  // 40 heads, 8 KV heads
  EXPECT_TRUE(serving_tp_valid(qwen, 4));
  EXPECT_FALSE(
      serving_tp_valid(qwen, 5));  // divides 40, but neither divides nor is a multiple of 8
  EXPECT_FALSE(serving_tp_valid(qwen, 16));  // does not divide 40
  Plan plan;
  plan.infer_tp = 5;
  const Report r = serve("qwen2.5-32b", "h100-80g", plan);
  EXPECT_TRUE(has_error_for(r.issues, "infer_tp"));
  EXPECT_TRUE(std::isnan(r.inference.per_card_gb));
  EXPECT_EQ(r.inference.min_gpus, 1);  // what does not depend on the bad TP is still there
}

TEST(Serving, KvProjectionsAreReplicatedWhenTpExceedsKvHeads) {
  // Llama 3.1 8B at TP 16 (32 heads): each card keeps one of the 8 K/V heads whole, so its K/V
  // projections are 2 × 4096 × 128 per layer, not 2 × 4096 × 1024 / 16.
  ServingInputs in = serving("llama-3.1-8b");
  const WeightsPerCard w = weights_per_card(in, 16);
  EXPECT_EQ(w.kv_replica_params, 32.0 * 2 * 4096 * 128);
  EXPECT_EQ(kv_heads_per_card(in.arch, 16), 1);
  EXPECT_EQ(kv_heads_per_card(in.arch, 4), 2);
}

TEST(Serving, MlaLatentCacheIsNotSplitByTp) {
  const ServingInputs in = serving("deepseek-v3");
  EXPECT_EQ(kv_bytes_per_sequence_card(in, 8, 1024, false),
            kv_bytes_per_sequence_card(in, 1, 1024, false));
}

TEST(Roofline, BatchOneDecodeReadsTheWeightsOnce) {
  // Llama 3.1 8B on an H100 (3.35 TB/s × 0.8), context 1024, batch 1: it reads every weight but
  // the embedding table, (8 030 261 248 − 128 256 × 4096) × 2 B = 15 009 849 344 B, and the KV
  // cache, 131 072 B × 1024 = 134 217 728 B.
  Plan plan;
  plan.infer_context = 1024;
  const Report r = serve("llama-3.1-8b", "h100-80g", plan);
  const double bytes = 15009849344.0 + 134217728.0;
  EXPECT_NEAR(r.inference.throughput.decode_step_ms, bytes / (3.35e12 * 0.8) * 1e3, 1e-9);
  EXPECT_EQ(r.inference.throughput.bound, "memory");
  EXPECT_NEAR(r.inference.decode_tokens_per_s, 3.35e12 * 0.8 / bytes, 1e-6);
}

TEST(Serving, TheNodeViewTimesAStepAsTheFleetDoes) {
  // Llama 3.1 70B on H100 at TP 4 (the node view's smallest that holds its 8 sequences of 4096
  // tokens): one truth for a step — the fleet's model of a replica of TP 4 and one stage, its TP
  // all-reduces included — and for the prompt, alone on that replica.
  Plan plan;
  plan.model = "llama-3.1-70b";
  plan.accelerator = "h100-80g";
  plan.infer_batch = 8;
  const ResolvedPlan resolved = resolve(plan);
  const Report r = evaluate(plan);
  const InferenceThroughput& th = r.inference.throughput;
  const ServingLayout node{r.inference.tp, 1, 1, false};
  ASSERT_GT(node.tp, 1);
  const ServingInputs& in = resolved.serving.inputs;
  const ServingWorkload& load = resolved.serving.load;
  const double context = resolved.serving.settings.context;
  EXPECT_DOUBLE_EQ(th.decode_step_ms, replica_decode_step_s(in, node, 8, context, load) * 1e3);
  const StageStep stage = decode_stage_step(in, node, 8, context, 1);
  EXPECT_GT(th.comm_ms, 0);
  EXPECT_DOUBLE_EQ(th.comm_ms, stage.comm_s * 1e3);
  EXPECT_DOUBLE_EQ(th.decode_tokens_per_s, 8 / (th.decode_step_ms / 1e3));
  ServingWorkload prompt = load;
  prompt.input_tokens = resolved.serving.settings.prompt_tokens;
  EXPECT_DOUBLE_EQ(th.prefill_s, replica_prefill(in, node, prompt).alone_s);
  // The fleet's own load point at that layout reads the same stage model.
  const LoadPoint at = load_point(in, node, 8, load);
  EXPECT_DOUBLE_EQ(
      at.stage.step_s,
      decode_stage_step(in, node, 8, load.input_tokens + load.output_tokens / 2, 1).step_s);
}

TEST(Roofline, ComputeBoundBatchIsWhereTheMathCatchesUp) {
  ServingInputs in = serving("llama-3.1-8b");
  in.hbm_bandwidth_tbps = 3.35;
  in.peak_tflops = 989;
  const ServingLayout one{1, 1, 1, false};
  const double b = compute_bound_batch(in, one, 128);
  ASSERT_TRUE(std::isfinite(b));
  const StageStep at = decode_stage_step(in, one, b, 128, 1);
  const StageStep below = decode_stage_step(in, one, b - 1, 128, 1);
  EXPECT_GE(at.compute_s, at.memory_s);
  EXPECT_LT(below.compute_s, below.memory_s);
  // By hand: B* = ⌈(W / BW_e) / (F / P_e − KV / BW_e)⌉ with W = 15 009 849 344 B read, F =
  // 2 × 7 504 924 672 + 32 layers × 2 × 32 heads × 128 keys × 256 = 15 076 958 208 FLOPs per
  // token, KV = 131 072 × 128 = 16 777 216 B per sequence, BW_e = 2.68 TB/s, P_e = 494.5 TFLOPS:
  // 5.60069 ms / (30.4893 − 6.2602) µs = 231.2 → 232. Without the KV reads it would be 184.
  EXPECT_EQ(b, 232);
}

TEST(Roofline, TheComputeBoundLineWritesTheStepAtItsBatch) {
  // The hand derivation above, as the derivation writes it for Llama 3.1 8B on H100 at 128
  // tokens: 232 sequences, 15 076 958 208 FLOPs and 16 777 216 B of KV each, 15.01 GB of weights.
  Plan plan;
  plan.infer_context = 128;
  const Report r = serve("llama-3.1-8b", "h100-80g", plan);
  const auto line =
      std::find_if(r.inference.steps.begin(), r.inference.steps.end(),
                   [](const DerivationStep& s) { return s.id == "serve_compute_bound_batch"; });
  ASSERT_NE(line, r.inference.steps.end());
  EXPECT_EQ(line->value, 232);
  EXPECT_EQ(
      line->substitution,
      "232 × 0.0151 TFLOP / (989 TFLOP/s × 0.5) ≥ (15.01 GB + 232 × 0.0168 GB) / (3.35 TB/s × "
      "0.8)");
  // Llama 3.1 70B at 4096 tokens on its TP 2: one sequence's KV, 4096 × 163 840 B, reads longer
  // than its FLOPs run, so no batch turns the step compute-bound.
  const Report never = serve("llama-3.1-70b", "h100-80g");
  const auto none =
      std::find_if(never.inference.steps.begin(), never.inference.steps.end(),
                   [](const DerivationStep& s) { return s.id == "serve_compute_bound_batch"; });
  ASSERT_NE(none, never.inference.steps.end());
  EXPECT_TRUE(std::isnan(none->value));
  EXPECT_EQ(none->note, "serve_never_compute_bound");
  EXPECT_EQ(none->substitution.rfind("0.671 GB / (3.35 TB/s × 0.8) ≥ ", 0), 0u)
      << none->substitution;
}

TEST(Roofline, MoeDecodeReadsOnlyTheExpertsABatchTouches) {
  const Architecture& mixtral = find_model("mixtral-8x7b")->architecture;
  EXPECT_DOUBLE_EQ(experts_touched(mixtral, 1), 2);  // 8 × (1 − (6/8)¹)
  EXPECT_NEAR(experts_touched(mixtral, 1000), 8, 1e-9);
  ServingInputs in = serving("mixtral-8x7b");
  in.hbm_bandwidth_tbps = 3.35;
  in.peak_tflops = 989;
  const DecodeStep one = decode_step(in, 1, 1, 1);
  const DecodeStep all = decode_step(in, 1, 1000, 1);
  // The 6 experts a single token skips, in 32 layers: 6 × 32 × 3 × 4096 × 14 336 × 2 B.
  EXPECT_NEAR(all.weight_read_bytes - one.weight_read_bytes, 6.0 * 32 * 3 * 4096 * 14336 * 2,
              1e-3 * all.weight_read_bytes);
}

TEST(Serving, CurveFallsAsTheContextGrows) {
  const Report r = serve("qwen2.5-32b", "h200-141g");
  ASSERT_GE(r.inference.curve.size(), 20u);
  EXPECT_EQ(r.inference.curve.back().context, 32768);
  for (std::size_t i = 1; i < r.inference.curve.size(); ++i) {
    EXPECT_GT(r.inference.curve[i].context, r.inference.curve[i - 1].context);
    EXPECT_LE(r.inference.curve[i].max_concurrency, r.inference.curve[i - 1].max_concurrency);
  }
}

TEST(Serving, ANominalCountHasNoServingModel) {
  const Report r = serve("qwen-32b", "rg800-32g");
  EXPECT_FALSE(r.inference.available);
  EXPECT_TRUE(std::isnan(r.inference.min_gpus));
  EXPECT_EQ(r.article_inference.min_gpus, 2);
}

TEST(Serving, BadInputsAreNamedAndNeverAbort) {
  Plan plan;
  plan.infer_batch = std::nan("");
  plan.infer_weights = "int3";
  plan.infer_gpu_memory_utilization = 1.5;
  const Report r = serve("qwen2.5-32b", "h100-80g", plan);
  EXPECT_TRUE(has_error_for(r.issues, "batch"));
  EXPECT_TRUE(has_error_for(r.issues, "weights"));
  EXPECT_TRUE(has_error_for(r.issues, "gpu_memory_utilization"));
  EXPECT_TRUE(std::isnan(r.inference.weights_gb));
  // The KV cache does not depend on any of them.
  EXPECT_EQ(r.inference.kv_bytes_per_token, 262144);
}

// Found by fuzzing the link decoder: a custom model states no maximum context, so a refused
// context (4E536 overflows a double) left the concurrency curve no range, and its point count
// came from NaN through an int conversion (undefined behaviour).
TEST(Serving, ARefusedContextOnACustomModelDrawsNoCurve) {
  const auto decoded = decode_link(
      "./#v=1&m=custom&m.layers=32&m.hidden=4096&m.heads=32&m.kv=8&m.ffn=14336&m.vocab=128256"
      "&i.ctx=4E536");
  ASSERT_EQ(decoded.plan.model, "custom");
  const Report r = evaluate(decoded.plan);
  EXPECT_TRUE(has_error_for(r.issues, "context") || has_error_for(decoded.issues, "context"));
  EXPECT_TRUE(r.inference.curve.empty());
  // What does not depend on the context still comes out.
  EXPECT_EQ(r.inference.kv_bytes_per_token, 2 * 32 * 8 * 128 * 2);
}

TEST(Serving, TpBeyondTheHeadCountIsInvalidWithoutOverflow) {
  const Architecture a = find_model("llama-3.1-8b")->architecture;
  EXPECT_FALSE(serving_tp_valid(a, 64));
  EXPECT_FALSE(serving_tp_valid(a, 1e30));
  EXPECT_TRUE(serving_tp_valid(a, 8));
}

}  // namespace
}  // namespace llm_sizer
