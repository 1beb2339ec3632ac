// The training memory model against its sources: Korthikanti et al. 2022 (activations), the ZeRO
// paper (model state), Megatron-LM's distributed-optimizer table, and pipeline schedules.
#include "llm_sizer/training_memory.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <string>

#include "derivation_arithmetic.hpp"
#include "llm_sizer/layout_rules.hpp"
#include "llm_sizer/model.hpp"
#include "llm_sizer/precision.hpp"
#include "llm_sizer/report.hpp"

namespace llm_sizer {
namespace {

// The paper's model: GPT-3 architecture (Korthikanti Table 3), fp16 activations with dropout,
// attention without flash, two-matrix GELU MLP with f = 4h.
TrainingMemoryInputs paper_inputs(double t, bool sp, Recompute recompute) {
  TrainingMemoryInputs in;
  in.arch = find_model("gpt3-175b")->architecture;
  in.recipe = *find_recipe("mixed16");
  in.framework = Framework::kMegatron;
  in.layout.tp = t;
  in.layout.sequence_parallel = sp;
  in.layout.recompute = recompute;
  in.layout.flash_attention = false;
  in.layout.seq_len = 2048;
  in.layout.micro_batch = 1;
  return in;
}

TEST(Activations, ReproduceKorthikantiTableTwo) {
  const double s = 2048, b = 1, h = 12288, a = 96, t = 8;
  const double sbh = s * b * h;
  struct Case {
    const char* name;
    double t;
    bool sp;
    Recompute recompute;
    double expected;  // Korthikanti et al. 2022, Table 2
  };
  const Case cases[] = {
      {"no parallelism", 1, false, Recompute::kNone, sbh * (34 + 5 * a * s / h)},
      {"tensor parallel", t, false, Recompute::kNone, sbh * (10 + 24 / t + 5 * a * s / (h * t))},
      {"tensor + sequence parallel", t, true, Recompute::kNone, sbh / t * (34 + 5 * a * s / h)},
      {"tensor parallel + selective", t, false, Recompute::kSelective, sbh * (10 + 24 / t)},
      {"tensor + sequence + selective", t, true, Recompute::kSelective, sbh * 34 / t},
      {"full recompute", 1, false, Recompute::kFull, sbh * 2},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    const LayerActivations layer = layer_activations(paper_inputs(c.t, c.sp, c.recompute), false);
    EXPECT_DOUBLE_EQ(layer.saved_bytes, c.expected);
  }
}

TEST(Activations, FlashAttentionRemovesTheQuadraticTerm) {
  TrainingMemoryInputs in = paper_inputs(1, false, Recompute::kNone);
  in.layout.flash_attention = true;
  const LayerActivations layer = layer_activations(in, false);
  EXPECT_EQ(layer.quadratic_bytes, 0);
  // Grows linearly with the sequence: doubling s doubles the bytes.
  in.layout.seq_len *= 2;
  EXPECT_DOUBLE_EQ(layer_activations(in, false).saved_bytes, 2 * layer.saved_bytes);
}

TEST(Activations, GroupedQueryAttentionKeepsSmallerKeysAndValues) {
  TrainingMemoryInputs in;
  in.arch = find_model("llama-3.1-8b")->architecture;  // 32 heads, 8 kv heads, d 128
  in.recipe = *find_recipe("pure-bf16");
  in.layout.seq_len = 4096;
  const LayerActivations gqa = layer_activations(in, false);
  in.arch.kv_heads = 32;
  const LayerActivations mha = layer_activations(in, false);
  // K and V: 2 bytes × (32 − 8) heads × 128 × 2 tensors more per token under MHA.
  EXPECT_DOUBLE_EQ(mha.split_bytes - gqa.split_bytes, 4096 * 2.0 * 24 * 128 * 2);
}

TEST(Activations, PytorchSdpaKeepsMoreThanFusedKernels) {
  TrainingMemoryInputs in;
  in.arch = find_model("llama-3.1-8b")->architecture;
  in.recipe = *find_recipe("pure-bf16");
  in.layout.seq_len = 4096;
  const double fused = layer_activations(in, false).saved_bytes;
  in.framework = Framework::kPytorch;
  const double eager = layer_activations(in, false).saved_bytes;
  // Per token, derived op by op from transformers' LlamaDecoderLayer under pure bf16 with SDPA
  // (enable_gqa, unpadded): two RMSNorms keep the fp32 upcast and the normalized bf16 (4 + 2)h
  // each; q/k/v and gate/up read one saved bf16 input each (2h + 2h); SDPA keeps q, k and v at
  // their own widths 2·(4096 + 1024 + 1024), its output (o_proj's input) 2·4096 and an fp32
  // log-sum-exp per head 4·32; SwiGLU keeps gate, SiLU, up and their product 4 × 2·14336.
  const double h = 4096, f = 14336;
  EXPECT_DOUBLE_EQ(eager,
                   4096 * (12 * h + 4 * h + 2 * (4096 + 1024 + 1024) + 2 * 4096 + 4 * 32 + 8 * f));
  EXPECT_GT(eager, fused);
}

TEST(Activations, EagerAttentionRepeatsKeysAndValuesAndKeepsAnFp32Softmax) {
  TrainingMemoryInputs in;
  in.arch = find_model("llama-3.1-8b")->architecture;
  in.recipe = *find_recipe("pure-bf16");
  in.framework = Framework::kPytorch;
  in.layout.seq_len = 1024;
  const LayerActivations sdpa = layer_activations(in, false);
  in.layout.flash_attention = false;
  const LayerActivations eager = layer_activations(in, false);
  // eager_attention_forward: repeat_kv copies k and v to 32 heads (+2·2·(32 − 8)·128 per token),
  // o_proj reads a contiguous copy of the output instead of the kernel's (the log-sum-exp goes:
  // −4·32), and softmax(dtype=float32) keeps 4 B per score plus the bf16 cast the matmul with V
  // keeps: 6 B × 32 heads × 1024 keys per token.
  EXPECT_DOUBLE_EQ(eager.split_bytes - sdpa.split_bytes, 1024 * (2 * 2 * 24 * 128.0 - 4 * 32));
  EXPECT_DOUBLE_EQ(eager.quadratic_bytes, 1024 * 32 * 1024 * 6.0);
}

TEST(Activations, AutocastKeepsTenMoreBytesPerHiddenElementThanPureBf16) {
  // Issue 13: under autocast the residual stream and the norms run in fp32 (the normalized
  // tensor is kept at 4 B, not 2: +2h per norm) and every linear casts its input to bf16 by
  // itself (q, k, v: 3 casts instead of one, +4h; gate, up: +2h): 2 + 2 + 4 + 2 = 10h.
  TrainingMemoryInputs in;
  in.arch = find_model("llama-3.1-8b")->architecture;
  in.framework = Framework::kPytorch;
  in.layout.seq_len = 2048;
  in.recipe = *find_recipe("pure-bf16");
  const double pure = layer_activations(in, false).saved_bytes;
  in.recipe = *find_recipe("amp16");
  const double amp = layer_activations(in, false).saved_bytes;
  EXPECT_DOUBLE_EQ(amp - pure, 2048 * 10 * 4096.0);
  // With ZeRO-3 the recipe is FSDP's mixed precision (torchtitan's MixedPrecisionPolicy,
  // param_dtype bfloat16): bf16 weights gathered, no autocast, pure bf16's activations.
  in.layout.zero = 3;
  EXPECT_DOUBLE_EQ(layer_activations(in, false).saved_bytes, pure);
  // A LayerNorm and GELU model (GPT-NeoX-20B): the two LayerNorms keep fp32 inputs (+2 × 2h),
  // q, k and v count three casts as everywhere (+2 × 2h, kHfAttentionInputLinears: the inputs
  // cannot tell NeoX's fused query_key_value apart), fc1 one, as pure bf16 keeps one input: 8h.
  in.layout.zero = 0;
  in.arch = find_model("gpt-neox-20b")->architecture;
  in.recipe = *find_recipe("pure-bf16");
  const double neox_pure = layer_activations(in, false).saved_bytes;
  in.recipe = *find_recipe("amp16");
  EXPECT_DOUBLE_EQ(layer_activations(in, false).saved_bytes - neox_pure, 2048 * 8 * 6144.0);
}

TEST(Activations, FrozenLinearsKeepNoInputAndPeftAdaptersKeepFp32Copies) {
  TrainingMemoryInputs in;
  in.arch = find_model("llama-3.1-8b")->architecture;
  in.recipe = *find_recipe("pure-bf16");
  in.framework = Framework::kPytorch;
  in.layout.seq_len = 1;  // per token
  const double full = layer_activations(in, false).saved_bytes;
  in.finetune.mode = FineTune::kLora;
  in.finetune.lora_rank = 16;
  in.finetune.lora_targets = kLoraQ | kLoraV;
  const double lora = layer_activations(in, false).saved_bytes;
  // Frozen: the norms keep only their fp32 upcast (−2h each), q/k/v and gate/up keep no shared
  // input (−2h, −2h), down no product (−2f). PEFT casts q's and v's input to fp32 for lora_A
  // (+4h each) and lora_B keeps lora_A's output (+4r each).
  const double h = 4096, f = 14336, r = 16;
  EXPECT_DOUBLE_EQ(full - lora, 2 * 2 * h + 2 * h + 2 * h + 2 * f - 2 * (4 * h + 4 * r));
}

TEST(Activations, PostNormsKeepTheirInputsLikeTheNormsBeforeThem) {
  // Gemma 2/3 and GLM-4 add a norm after attention and after the FFN; each is an HF RMSNorm
  // over hidden that keeps its fp32 upcast and normalized bf16 output, (4 + 2) bytes × h per
  // token, and under Megatron its bf16 input, 2 bytes × h.
  TrainingMemoryInputs in;
  in.arch = find_model("llama-3.1-8b")->architecture;
  in.recipe = *find_recipe("pure-bf16");
  in.layout.seq_len = 4096;
  in.framework = Framework::kPytorch;
  const double two = layer_activations(in, false).unsplit_bytes;
  in.arch.layer_norms = 4;
  EXPECT_DOUBLE_EQ(layer_activations(in, false).unsplit_bytes - two, 4096 * 2 * 6.0 * 4096);
  in.framework = Framework::kMegatron;
  const double four = layer_activations(in, false).unsplit_bytes;
  in.arch.layer_norms = 2;
  EXPECT_DOUBLE_EQ(four - layer_activations(in, false).unsplit_bytes, 4096 * 2 * 2.0 * 4096);
}

TEST(ModelState, ReproducesTheZeroPaperSevenPointFiveBillionExample) {
  // Rajbhandari et al. 2020, Figure 1: Ψ = 7.5B, K = 12, N_d = 64 → 120, 31.4, 16.6, 1.9 GB.
  const Recipe& mixed = *find_recipe("mixed16");
  const double expected[] = {120, 31.4, 16.6, 1.9};
  for (int stage = 0; stage <= 3; ++stage) {
    const double gb = model_state_bytes(7.5e9, mixed, stage, 64).total() / 1e9;
    EXPECT_NEAR(gb, expected[stage], 0.05) << "ZeRO stage " << stage;
  }
}

TEST(ModelState, MegatronKeepsEighteenBytesOrSixPlusTwelveOverDp) {
  // Megatron-LM docs/source/api-guide/dist_optimizer.md: bf16 params with fp32 grads take 18
  // bytes per parameter, 6 + 12/d with the distributed optimizer.
  EXPECT_EQ(model_state_bytes(1, *find_recipe("megatron18"), 0, 8).total(), 18);
  for (double d : {1.0, 2.0, 8.0, 64.0}) {
    EXPECT_DOUBLE_EQ(model_state_bytes(1, *find_recipe("distopt"), 0, d).total(), 6 + 12 / d);
  }
}

TEST(ModelState, RecipesHoldTheirDocumentedBytes) {
  EXPECT_EQ(find_recipe("seed12")->total_bytes(), 12);  // the article: 2 + 2 + 8
  EXPECT_EQ(find_recipe("pure-bf16")->total_bytes(), 8);
  EXPECT_EQ(find_recipe("amp16")->total_bytes(), 16);
  EXPECT_EQ(find_recipe("mixed16")->total_bytes(), 16);
  EXPECT_EQ(find_recipe("fp8")->total_bytes(), 20);  // bf16 + fp8 copy and transpose, not 1
  // fp32 weights and grads, two uint8 moments with an fp32 absmax per 256 values (bitsandbytes
  // Optimizer2State): 4 + 4 + 2 × (1 + 4/256).
  EXPECT_DOUBLE_EQ(find_recipe("adam8bit")->total_bytes(), 10.03125);
  EXPECT_EQ(find_recipe("fp8-param")->total_bytes(), 18);  // fp8 weight and transpose, no bf16
}

// amp16 keeps fp32 weights; torch.autocast caches a bf16 copy of each for the step
// (aten/src/ATen/autocast_mode.cpp, cached_cast): 4 + 2 B per parameter. Megatron has no autocast,
// and FSDP's mixed precision (the recipe under ZeRO-3) gathers bf16 weights itself: no cache, as
// the step time counts no casts there (runs_autocast, training_memory.hpp).
TEST(ModelState, OnlyAutocastKeepsBf16CopiesOfTheWeights) {
  TrainingMemoryInputs in;
  in.arch = find_model("llama-3.2-1b")->architecture;
  in.recipe = *find_recipe("amp16");
  in.layout.seq_len = 512;
  const auto weight_bytes_per_param = [&] {
    const TrainingMemory m = training_memory(in);
    return m.stages.at(0).weights_bytes / m.stages.at(0).params_per_card;
  };
  in.framework = Framework::kPytorch;
  EXPECT_DOUBLE_EQ(weight_bytes_per_param(), 6);
  in.framework = Framework::kMegatron;
  EXPECT_DOUBLE_EQ(weight_bytes_per_param(), 4);
  in.framework = Framework::kPytorch;
  in.layout.zero = 3;
  in.layout.dp = 4;
  EXPECT_DOUBLE_EQ(weight_bytes_per_param(), 4.0 / 4);
}

TEST(Pipeline, FirstStageHoldsMinOfStagesAndMicrobatches) {
  TrainingMemoryInputs in = paper_inputs(8, true, Recompute::kSelective);
  in.layout.pp = 8;
  in.layout.microbatches = 1e9;
  TrainingMemory m = training_memory(in);
  ASSERT_EQ(m.stages.size(), 8u);
  for (int i = 0; i < 8; ++i) EXPECT_EQ(m.stages[static_cast<std::size_t>(i)].inflight, 8 - i);
  in.layout.microbatches = 3;
  m = training_memory(in);
  EXPECT_EQ(m.stages[0].inflight, 3);
  EXPECT_EQ(m.stages[7].inflight, 1);
}

TEST(Pipeline, InterleavingFollowsMegatronWarmup) {
  // Korthikanti §4.2.3: the first stage keeps L(1 + (p − 1)/(pv)) layers' activations.
  TrainingMemoryInputs in = paper_inputs(8, true, Recompute::kSelective);
  in.layout.pp = 4;
  in.layout.vpp = 2;
  const TrainingMemory m = training_memory(in);
  const double p = 4, v = 2;
  EXPECT_DOUBLE_EQ(m.stages[0].inflight * m.stages[0].layers, 96 * (1 + (p - 1) / (p * v)));
}

// Megatron's block recompute (--recompute-method block --recompute-num-layers N,
// transformer_block.py _checkpointed_forward): the first N layers of each chunk keep only their
// input, the others all they keep without recompute.
TEST(Pipeline, BlockRecomputeKeepsFullActivationsPastTheFirstLayersOfEachChunk) {
  TrainingMemoryInputs in = paper_inputs(8, true, Recompute::kFull);
  in.layout.pp = 4;  // 24 layers a stage; interleaved: 2 chunks of 12
  in.layout.vpp = 2;
  const auto first_stage_activations = [&](Recompute rc, double layers) {
    in.layout.recompute = rc;
    in.layout.recompute_layers = layers;
    return training_memory(in).stages[0].activations_bytes;
  };
  const double all = first_stage_activations(Recompute::kFull, 0);
  const double none = first_stage_activations(Recompute::kNone, 0);
  const double working = training_memory(in).dense_layer.recomputed_bytes;  // the layer recomputed
  ASSERT_LT(all, none);
  // 3 of each chunk's 12 layers: a quarter recomputed, three quarters kept whole; the layer
  // being recomputed is on top as with every layer.
  const double quarter = first_stage_activations(Recompute::kFull, 3);
  EXPECT_NEAR(quarter, 0.25 * (all - working) + 0.75 * none + working, 1e-6 * none);
  // More recomputed layers, less memory; 12 of 12 (or more) is every layer.
  EXPECT_GT(first_stage_activations(Recompute::kFull, 2), quarter);
  EXPECT_LT(first_stage_activations(Recompute::kFull, 4), quarter);
  EXPECT_EQ(first_stage_activations(Recompute::kFull, 12), all);
  EXPECT_EQ(first_stage_activations(Recompute::kFull, 40), all);
  // Outside full recompute the count means nothing.
  EXPECT_EQ(first_stage_activations(Recompute::kNone, 3), none);
}

TEST(Pipeline, UnevenSplitsGoToTheStagesAfterTheFirst) {
  EXPECT_EQ(split_layers(61, 8, {}), (std::vector<int>{7, 8, 8, 8, 8, 8, 7, 7}));
  EXPECT_EQ(split_layers(96, 10, {}), (std::vector<int>{9, 10, 10, 10, 10, 10, 10, 9, 9, 9}));
  EXPECT_EQ(split_layers(4, 8, {}), std::vector<int>{});
  const std::vector<int> given = {3, 7};
  EXPECT_EQ(split_layers(10, 2, given), given);
}

TEST(Pipeline, EmbeddingOnTheFirstStageHeadAndLogitsOnTheLast) {
  TrainingMemoryInputs in = paper_inputs(8, true, Recompute::kSelective);
  in.arch = find_model("llama-3.1-8b")->architecture;
  in.layout.pp = 4;
  const TrainingMemory m = training_memory(in);
  EXPECT_GT(m.stages[3].logits_bytes, 0);
  EXPECT_EQ(m.stages[0].logits_bytes, 0);
  // Stage 0 and 3 hold 8 layers each, like stages 1 and 2, plus the embedding / the LM head.
  const double layer_params = m.stages[1].params_per_card / 8;
  // Megatron pads 128256 to a multiple of 128 × TP = 1024: 129024.
  const double vocab_params = 129024.0 * 4096 / 8;
  EXPECT_DOUBLE_EQ(m.stages[0].params_per_card - 8 * layer_params, vocab_params);
  EXPECT_NEAR(m.stages[3].params_per_card - 8 * layer_params, vocab_params + 4096, 1);
}

TEST(Logits, MegatronPadsTheVocabularyAndKeepsSixBytesPerElement) {
  EXPECT_EQ(padded_vocab(50257, 1, Framework::kMegatron), 50304);
  EXPECT_EQ(padded_vocab(50257, 8, Framework::kMegatron), 51200);
  EXPECT_EQ(padded_vocab(50257, 8, Framework::kPytorch), 50257);
  EXPECT_EQ(logits_bytes_per_element(Framework::kMegatron), 6);
  // ForCausalLMLoss at the start of backward: fp32 log-softmax, its NLL gradient and the
  // log-softmax gradient, 4 B each (the bf16 logits released).
  EXPECT_EQ(logits_bytes_per_element(Framework::kPytorch), 12);
}

TEST(ExpertParallel, ShardsExpertWeightsOverEpTimesEtp) {
  TrainingMemoryInputs in;
  in.arch = find_model("mixtral-8x7b")->architecture;
  in.recipe = *find_recipe("distopt");
  in.layout.tp = 1;
  in.layout.dp = 8;
  const double ep1 = training_memory(in).peak().params_per_card;
  in.layout.ep = 8;
  const double ep8 = training_memory(in).peak().params_per_card;
  const ParamCounts c = count_params(in.arch);
  EXPECT_NEAR(ep1 - ep8, 32 * 8 * c.expert * (1 - 1.0 / 8), 1);
}

// The derivation's sharded model state multiplies out under expert parallelism: the dense
// parameters over DP·CP, the routed experts over their own data-parallel group, EDP =
// TP·CP·DP / (EP·ETP) (Mixtral 8x7B at EP 8 on DP 8: one rank per expert, EDP 1).
TEST(TrainingReport, ShardedStateShowsTheExpertsOwnDataParallelGroup) {
  Plan plan;
  plan.model = "mixtral-8x7b";
  plan.accelerator = "h100-80g";
  plan.recipe = "distopt";
  plan.tp = 1;
  plan.pp = 1;
  plan.dp = 8;
  plan.ep = 8;
  plan.zero = 1;
  const Report r = evaluate(plan);
  ASSERT_TRUE(r.training.available);
  const auto step = std::find_if(r.training.steps.begin(), r.training.steps.end(),
                                 [](const DerivationStep& s) { return s.id == "optimizer"; });
  ASSERT_NE(step, r.training.steps.end());
  EXPECT_EQ(step->formula, "(N_dense ÷ P_DP + N_experts ÷ P_EDP) × (b_master + b_state)");
  const Architecture& a = find_model("mixtral-8x7b")->architecture;
  const double experts = a.layers * a.moe_experts * count_params(a).expert / 8;
  const double dense = r.training.stages.at(0).params - experts;
  EXPECT_NE(step->substitution.find(" ÷ 8 + "), std::string::npos) << step->substitution;
  EXPECT_NE(step->substitution.find(" ÷ 1) × 12 B"), std::string::npos) << step->substitution;
  EXPECT_NEAR(step->value, (dense / 8 + experts) * 12 / 1e9, 1e-6 * step->value);
}

// The derivation's lines show their working: their numbers, ending in " GB", evaluate to their
// value (formulas.md, "Activations per layer"; derivation_arithmetic.hpp reads them).
double sum_of_terms(const std::string& numbers) {
  return test::DerivationArithmetic(numbers, "GB").value().value_or(NAN);
}

TEST(TrainingReport, TheMemoryDerivationsTermsAddUpToItsValues) {
  struct Case {
    const char* model;
    double tp, pp, ep;
    const char* recompute;
    const char* modules;
    std::optional<double> flash;
    const char* formula;
    const char* framework = "megatron";
    std::optional<double> recompute_layers = {};
  };
  const Case cases[] = {
      {"llama-3.1-8b", 1, 1, 1, "none", "", {}, "A = U/t_sp + S/t + Q/t  ("},
      {"mixtral-8x7b", 2, 1, 4, "none", "", {}, "A = U/t_sp + S/t + Q/t + X_routed  ("},
      {"deepseek-v3",
       2,
       8,
       64,
       "selective",
       "mla_up_proj,moe_act",
       {},
       "A = U/t_sp + S/t + Q/t + X_routed − R_recomputed  ("},
      // Without flash attention selective recompute drops the s² terms: R = Q/t.
      {"gpt3-175b", 8, 16, 1, "selective", "", 0.0, "A = U/t_sp + S/t + Q/t − R_recomputed  ("},
      // Full recompute keeps each layer's input and works on one layer; block recompute mixes.
      {"llama-3.1-70b", 8, 4, 1, "full", "", {}, "A = I/t_sp  ("},
      {"llama-3.1-70b", 8, 4, 1, "full", "", {}, "A = I/t_sp  (", "megatron", 5.0},
      {"llama-3.1-8b", 1, 1, 1, "full", "", {}, "A = I/t_sp  (", "pytorch"},
      // The first of 4 stages holds DeepSeek-V3's 3 dense layers and 12 MoE layers.
      {"deepseek-v3", 2, 4, 64, "none", "", {}, "A = U/t_sp + S/t + Q/t + X_routed  ("},
  };
  for (const Case& c : cases) {
    Plan plan;
    plan.model = c.model;
    plan.accelerator = "h100-80g";
    plan.tp = c.tp;
    plan.pp = c.pp;
    plan.dp = 64;
    plan.ep = c.ep;
    plan.recompute = c.recompute;
    plan.recompute_modules = c.modules;
    plan.flash_attention = c.flash;
    plan.framework = c.framework;
    plan.recompute_layers = c.recompute_layers;
    const Report r = evaluate(plan);
    ASSERT_TRUE(r.training.available) << c.model;
    const auto step =
        std::find_if(r.training.steps.begin(), r.training.steps.end(),
                     [](const DerivationStep& s) { return s.id == "activations_per_layer"; });
    ASSERT_NE(step, r.training.steps.end()) << c.model;
    EXPECT_EQ(step->formula.rfind(c.formula, 0), 0u) << c.model << ": " << step->formula;
    EXPECT_NEAR(sum_of_terms(step->substitution), step->value, 0.011) << step->substitution;
    // The peak's allocated memory is written as the parts above it: weights, gradients,
    // optimizer states, activations, logits and buffers, each rounded to 0.01 GB.
    const auto allocated =
        std::find_if(r.training.steps.begin(), r.training.steps.end(),
                     [](const DerivationStep& s) { return s.id == "allocated"; });
    ASSERT_NE(allocated, r.training.steps.end()) << c.model;
    // The stage's activations: n micro-batches of its layers (dense and MoE apart, block
    // recompute's mix), its ends and the layer recomputing, as the value sums them.
    const auto stage = std::find_if(r.training.steps.begin(), r.training.steps.end(),
                                    [](const DerivationStep& s) { return s.id == "activations"; });
    ASSERT_NE(stage, r.training.steps.end()) << c.model;
    EXPECT_NEAR(sum_of_terms(stage->substitution), stage->value, 0.005 * stage->value + 0.02)
        << stage->substitution;
    EXPECT_NEAR(sum_of_terms(allocated->substitution), allocated->value, 0.031)
        << allocated->substitution;
  }
}

TEST(TrainingReport, LlamaEightOnOneH200WithPytorchMatchesTheIssueExample) {
  Plan plan;
  plan.model = "llama-3.1-8b";
  plan.accelerator = "h200-141g";
  plan.recipe = "pure-bf16";
  plan.framework = "pytorch";
  plan.micro_batch = 1;
  plan.seq_len = 4096;
  plan.recompute = "none";
  plan.tp = plan.pp = plan.dp = 1;
  const Report r = evaluate(plan);
  ASSERT_TRUE(r.training.available);
  const auto& m = r.training.memory;
  EXPECT_NEAR(m.weights_gb, 8.030261248 * 2, 1e-9);    // 2 B bf16 weights
  EXPECT_NEAR(m.grads_gb, 8.030261248 * 2, 1e-9);      // 2 B bf16 grads
  EXPECT_NEAR(m.optimizer_gb, 8.030261248 * 4, 1e-9);  // 2 + 2 B bf16 Adam moments
  // Logits: 12 B × 4096 tokens × 128256 vocabulary.
  EXPECT_NEAR(m.logits_gb, 12.0 * 4096 * 128256 / 1e9, 1e-9);
  EXPECT_TRUE(m.fits);
  EXPECT_NEAR(
      m.peak_gb,
      m.weights_gb + m.grads_gb + m.optimizer_gb + m.activations_gb + m.logits_gb + m.overhead_gb,
      1e-9);
}

// Full recompute on one card: the last (here the only) stage recomputes its first layer once the
// loss and the LM head have run backward, so one layer's working set and the logits are never
// alive together (measured on one H200, validation/data/h200: five full-recompute steps within
// 0.1 %). Either moment keeps every layer's checkpoint, its input: s·b·h·2 B a layer.
TEST(TrainingReport, FullRecomputeKeepsTheWorkingLayerAndTheLogitsApart) {
  const auto memory = [](double vocab, int layers, const char* recompute = "full") {
    Plan plan;
    plan.model = "custom";
    plan.arch_layers = layers;
    plan.arch_hidden = 4096;
    plan.arch_heads = 32;
    plan.arch_kv_heads = 8;
    plan.arch_ffn = 14336;
    plan.arch_ffn_kind = "swiglu";
    plan.arch_vocab = vocab;
    plan.accelerator = "h200-141g";
    plan.recipe = "pure-bf16";
    plan.framework = "pytorch";
    plan.micro_batch = 1;
    plan.seq_len = 4096;
    plan.recompute = recompute;
    plan.tp = plan.pp = plan.dp = 1;
    const Report r = evaluate(plan);
    EXPECT_TRUE(r.training.available);
    return r.training.memory;
  };
  const double checkpoint_gb = 4096.0 * 4096 * 2 / 1e9;
  // Llama 3's vocabulary: 6.3 GB of logits outweigh a layer's working set; the peak is the loss.
  const auto big = memory(128256, 8);
  EXPECT_EQ(big.peak_moment, "loss");
  EXPECT_NEAR(big.logits_gb, 12.0 * 4096 * 128256 / 1e9, 1e-9);
  EXPECT_NEAR(big.activations_gb - memory(128256, 4).activations_gb, 4 * checkpoint_gb, 1e-9);
  // A 256-token vocabulary: the working set is the larger, and the logits are gone by then.
  const auto small = memory(256, 8);
  EXPECT_EQ(small.peak_moment, "recompute");
  EXPECT_EQ(small.logits_gb, 0);
  EXPECT_NEAR(small.activations_gb - memory(256, 4).activations_gb, 4 * checkpoint_gb, 1e-9);
  // The working set is one layer's: what each layer keeps without recompute.
  const double layer_gb =
      (memory(256, 8, "none").activations_gb - memory(256, 4, "none").activations_gb) / 4;
  EXPECT_NEAR(small.activations_gb - 8 * checkpoint_gb, layer_gb, 1e-9);
}

TEST(TrainingReport, FindsTheSmallestPipelineThatFitsPerRecomputeMode) {
  Plan plan;  // GPT-3 on H100, TP 8
  plan.recipe = "megatron18";
  const Report r = evaluate(plan);
  ASSERT_EQ(r.training.fit_options.size(), 3u);
  const double none = r.training.fit_options[0].pp;
  const double full = r.training.fit_options[2].pp;
  EXPECT_LE(full, none);
  // Each option really fits, and one stage fewer does not.
  for (const auto& option : r.training.fit_options) {
    Plan check = plan;
    check.recompute = option.recompute;
    check.pp = option.pp;
    EXPECT_TRUE(evaluate(check).training.memory.fits) << option.recompute;
    check.pp = option.pp - 1;
    if (option.pp > 1) EXPECT_FALSE(evaluate(check).training.memory.fits) << option.recompute;
  }
}

TEST(TrainingReport, RejectsTensorParallelThatDoesNotDivideTheHeads) {
  Plan plan;
  plan.model = "qwen2.5-32b";  // 40 heads, 8 kv heads
  plan.tp = 16;
  const Report r = evaluate(plan);
  EXPECT_FALSE(r.training.available);
  EXPECT_TRUE(has_error_for(r.issues, "tp"));
}

}  // namespace
}  // namespace llm_sizer

namespace llm_sizer {
namespace {

TEST(TrainingPeak, EqualsTheLargestStageOfTheFullComputation) {
  // The search's shortcut must agree with computing every stage, dense and MoE, for any layout.
  std::vector<std::pair<std::string, Architecture>> archs;
  for (const char* id :
       {"gpt3-175b", "llama-3.1-70b", "mixtral-8x7b", "deepseek-v3", "qwen3-32b"}) {
    archs.emplace_back(id, find_model(id)->architecture);
  }
  // MoE every other layer after one dense layer (Llama 4 Maverick's interleaving): stages of
  // equal size then differ in their MoE layers.
  Architecture interleaved = find_model("deepseek-v3")->architecture;
  interleaved.moe_dense_layers = 1;
  interleaved.moe_layer_period = 2;
  archs.emplace_back("interleaved", interleaved);
  PeakCache cache;
  for (const auto& [id, arch] : archs) {
    cache = {};  // one cache serves one model
    TrainingMemoryInputs in;
    in.arch = arch;
    in.recipe = *find_recipe("distopt");
    in.layout.seq_len = 4096;
    // One expert per card too: then a dense layer can outweigh an MoE one on a card.
    const double all_experts = std::max(1, in.arch.moe_experts);
    for (double tp : {1.0, 2.0, 8.0}) {
      for (int pp : {1, 2, 3, 5, 7, 8, 13, 16, 30, 61}) {
        for (double ep : {1.0, all_experts}) {
          in.layout.ep = ep;
          for (double m : {1.0, 4.0, 1e9}) {
            if (pp > in.arch.layers) continue;
            in.layout.tp = tp;
            in.layout.pp = pp;
            in.layout.dp = 8;
            in.layout.microbatches = m;
            in.layout.micro_batch = m == 4 ? 2 : 1;
            in.layout.recompute = static_cast<Recompute>(pp % 3);
            in.layout.sequence_parallel = tp > 1;
            // Even stages; uneven ones as the search proposes them (lighter ends) and one with the
            // extra layers at the end; interleaved.
            const std::vector<int> lighter_ends = balanced_split(in.arch.layers, pp, 1.5, 2.5);
            std::vector<int> heavy_end = split_layers(in.arch.layers, pp, {});
            std::reverse(heavy_end.begin(), heavy_end.end());
            for (const auto& split : {std::vector<int>{}, lighter_ends, heavy_end}) {
              for (double vpp : {1.0, 2.0}) {
                in.layout.stage_layers = split;
                in.layout.vpp = vpp;
                const TrainingMemory full = training_memory(in);
                double max_params = 0;
                for (const auto& s : full.stages) {
                  max_params = std::max(max_params, s.params_per_card);
                }
                const TrainingPeak peak = training_peak(in);
                // The search's cache, kept across every layout and model here, never goes stale.
                const TrainingPeak cached = training_peak(in, cache);
                EXPECT_DOUBLE_EQ(cached.bytes, peak.bytes);
                EXPECT_DOUBLE_EQ(cached.high_bytes, peak.high_bytes);
                EXPECT_DOUBLE_EQ(cached.params_per_card, peak.params_per_card);
                SCOPED_TRACE(id + " tp " + std::to_string(tp) + " pp " + std::to_string(pp) +
                             " split " + std::to_string(split.size()) + " vpp " +
                             std::to_string(vpp));
                EXPECT_DOUBLE_EQ(peak.bytes, full.peak().total_bytes);
                // The search's fit reads the high end the memory panel's verdict reads.
                EXPECT_DOUBLE_EQ(peak.high_bytes, full.peak().high_bytes);
                EXPECT_EQ(peak.verdict, full.peak().verdict);
                EXPECT_DOUBLE_EQ(peak.params_per_card, max_params);
              }
            }
          }
        }
      }
    }
  }
}

// amp16 is autocast outside ZeRO-3 and FSDP's mixed precision under it, with other activations
// (runs_autocast): the search alternates ZeRO stages within a key, and its cache must follow.
TEST(TrainingPeak, TheCacheKeepsAutocastApartFromFsdpMixedPrecision) {
  TrainingMemoryInputs in;
  in.arch = find_model("llama-3.1-8b")->architecture;
  in.framework = Framework::kPytorch;
  in.recipe = *find_recipe("amp16");
  in.layout.seq_len = 4096;
  in.layout.dp = 8;
  PeakCache cache;
  for (int round = 0; round < 2; ++round) {
    for (double zero : {0.0, 3.0, 1.0, 3.0}) {
      in.layout.zero = zero;
      EXPECT_DOUBLE_EQ(training_peak(in, cache).bytes, training_peak(in).bytes) << zero;
    }
  }
  in.layout.zero = 0;
  const double autocast = training_peak(in, cache).bytes;
  in.layout.zero = 3;
  EXPECT_NE(training_peak(in, cache).bytes, autocast);
}

}  // namespace
}  // namespace llm_sizer
