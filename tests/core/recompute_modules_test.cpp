// Megatron-core's selective recompute modules (--recompute-modules, transformer_config.py): what
// each drops from a layer's saved activations, from the tensors the layer keeps.
#include <gtest/gtest.h>

#include "llm_sizer/layout_search.hpp"
#include "llm_sizer/model.hpp"
#include "llm_sizer/precision.hpp"
#include "llm_sizer/report.hpp"
#include "llm_sizer/training_memory.hpp"
#include "llm_sizer/training_time.hpp"
#include "test_support.hpp"

namespace llm_sizer {
namespace {

TEST(RecomputeModules, ReadAndWriteMegatronsNames) {
  unsigned modules = 0;
  ASSERT_TRUE(parse_recompute_modules("mla_up_proj,mlp", modules));
  EXPECT_EQ(modules, kRecomputeMlaUpProj | kRecomputeMlp);
  EXPECT_EQ(recompute_modules_text(modules), "mla_up_proj,mlp");
  EXPECT_FALSE(parse_recompute_modules("core_attn,layers", modules));
}

// DeepSeek-V3 (deepseek-ai/DeepSeek-V3 config.json): hidden 7168, 128 heads, qk_nope_head_dim
// 128, qk_rope_head_dim 64, v_head_dim 128; bf16 activations under Megatron, TP 2 with sequence
// parallelism, 4096 tokens.
TrainingMemoryInputs deepseek(unsigned modules) {
  TrainingMemoryInputs in;
  in.arch = find_model("deepseek-v3")->architecture;
  in.recipe = *find_recipe("megatron18");
  in.framework = Framework::kMegatron;
  in.layout.tp = 2;
  in.layout.ep = 64;
  in.layout.sequence_parallel = true;
  in.layout.recompute = Recompute::kSelective;
  in.layout.recompute_modules = modules;
  in.layout.seq_len = 4096;
  return in;
}

TEST(RecomputeModules, MlaUpProjDropsTheExpandedQueriesKeysAndValues) {
  const double tokens = 4096;
  // q and k: 128 heads × (128 + 64); v: 128 heads × 128; 2 B each, split over TP 2.
  const double expanded = tokens * 2 * (128 * 192 + 128 * 192 + 128 * 128) / 2;
  for (bool moe : {false, true}) {
    const double base = layer_activations(deepseek(kRecomputeCoreAttn), moe).saved_bytes;
    const double up =
        layer_activations(deepseek(kRecomputeCoreAttn | kRecomputeMlaUpProj), moe).saved_bytes;
    EXPECT_DOUBLE_EQ(base - up, expanded) << moe;
  }
}

TEST(RecomputeModules, MlpAppliesToDenseLayersAndMoeToMoeLayers) {
  // Megatron skips "mlp" in MoE layers (transformer_layer.py: not isinstance(self.mlp, MoELayer)).
  const double moe_base = layer_activations(deepseek(kRecomputeCoreAttn), true).saved_bytes;
  EXPECT_DOUBLE_EQ(layer_activations(deepseek(kRecomputeMlp), true).saved_bytes, moe_base);
  // A checkpointed MLP block keeps its input: 2 B × 7168 per token, split by sequence parallel.
  const double input = 4096 * 2 * 7168 / 2.0;
  for (bool moe : {false, true}) {
    const unsigned whole = moe ? kRecomputeMoe : kRecomputeMlp;
    const LayerActivations none = layer_activations(deepseek(0), moe);
    const LayerActivations block = layer_activations(deepseek(whole), moe);
    EXPECT_LT(block.saved_bytes, none.saved_bytes) << moe;
    EXPECT_GT(block.saved_bytes, input) << moe;
  }
  // The experts' activation output is one of the MoE block's saved tensors: dropping it saves
  // less than recomputing the block, and the block's recompute keeps only its input.
  const double act = layer_activations(deepseek(kRecomputeMoeAct), true).saved_bytes;
  const double block = layer_activations(deepseek(kRecomputeMoe), true).saved_bytes;
  EXPECT_LT(act, layer_activations(deepseek(0), true).saved_bytes);
  EXPECT_LT(block, act);
}

TEST(RecomputeModules, HardwareFlopsAddTheForwardOfWhatIsRecomputed) {
  const Architecture& a = find_model("deepseek-v3")->architecture;
  double model = 0, attention_only = 0, more = 0;
  flops_per_token(a, 4096, Recompute::kSelective, model, attention_only, kRecomputeCoreAttn);
  flops_per_token(a, 4096, Recompute::kSelective, model, more,
                  kRecomputeCoreAttn | kRecomputeMlaUpProj | kRecomputeMlp);
  // DeepSeek-V3's config.json: q_b_proj 1536 → 128 × (128 + 64) and kv_b_proj 512 → 128 × (128 +
  // 128) in each of 61 layers; a SwiGLU MLP of 3 × 7168 × 18432 in the 3 dense layers (Megatron
  // skips "mlp" in MoE layers). Two FLOPs per parameter and token, forward once more.
  const double up_proj = 61 * (1536.0 * 128 * 192 + 512.0 * 128 * 256);
  const double dense_mlp = 3 * (3.0 * 7168 * 18432);
  EXPECT_DOUBLE_EQ(more - attention_only, 2 * (up_proj + dense_mlp));
  // The experts' activation is element-wise: no matmul FLOPs.
  double act = 0;
  flops_per_token(a, 4096, Recompute::kSelective, model, act,
                  kRecomputeCoreAttn | kRecomputeMoeAct);
  EXPECT_DOUBLE_EQ(act, attention_only);
}

TEST(RecomputeModules, ThePlansModulesReachMemoryTimeAndTheLaunchCommand) {
  Plan plan = test::deepseek_v3_plan();
  plan.recompute = "selective";
  const Report base = evaluate(plan);
  // The list replaces Megatron's default (the attention core) rather than adding to it.
  plan.recompute_modules = "core_attn,mla_up_proj,mlp";
  const Report up = evaluate(plan);
  EXPECT_EQ(up.training.settings.recompute_modules, "core_attn,mla_up_proj,mlp");
  EXPECT_LT(up.training.memory.peak_gb, base.training.memory.peak_gb);
  EXPECT_GT(up.training.time.recompute_s, base.training.time.recompute_s);
  EXPECT_NE(up.inference.launch.megatron.find("--recompute-modules core_attn mla_up_proj mlp"),
            std::string::npos);
}

// Every layout the search returns recomputes selectively with the plan's modules (the search
// varies the mode, not the modules): its rows say which, so that a row reads as what it ran.
TEST(RecomputeModules, TheSearchsRowsSayWhatSelectiveRecomputes) {
  Plan plan = test::llama70b_on(64);
  plan.recompute_modules = "core_attn,mlp";
  const auto rows = [&](const char* framework, const char* limits) {
    plan.framework = framework;
    plan.search_limits = limits;
    const SearchReport s = search_plan(plan);
    EXPECT_TRUE(s.search.found) << framework << " " << limits;
    return s.search.top;
  };
  for (const LayoutCandidate& c : rows("megatron", "rc=selective")) {
    EXPECT_EQ(c.recompute_modules, "core_attn,mlp");
  }
  for (const LayoutCandidate& c : rows("megatron", "rc=full")) EXPECT_EQ(c.recompute_modules, "");
  // PyTorch's selective recompute is the attention core, whatever the plan's list says.
  for (const LayoutCandidate& c : rows("pytorch", "rc=selective")) {
    EXPECT_EQ(c.recompute_modules, "");
  }
}

}  // namespace
}  // namespace llm_sizer
