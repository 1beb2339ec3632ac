// The LM head in MXFP8: Megatron-Core's fp8_output_proj (TELMHeadColumnParallelLinear under the
// MXFP8 recipe, Megatron-LM #4825 of 2026-05-31), which its TransformerConfig refuses with any
// other recipe ("fp8_output_proj requires fp8_recipe='mxfp8'"). Megatron-Bridge's DeepSeek-V3 and
// GPT-OSS MXFP8 recipes on GB200 and GB300 set it, as MLPerf v6.0's DeepSeek-V3 configs do
// (FP8_OUTPUT_PROJ=True). Without it the head runs in bf16 beside MXFP8 layers.
#include <gtest/gtest.h>

#include <string>

#include "llm_sizer/report.hpp"
#include "test_support.hpp"

namespace llm_sizer {
namespace {

// MLPerf v6.0's DeepSeek-V3 on 256 GB300 (config_GB300_64x4x240xtp1pp4ep32cp1_mxfp8_full_cg.sh):
// its last pipeline stage holds 13 layers, the multi-token-prediction layer and both LM heads.
Plan deepseek_on_gb300(const char* fp8_recipe, double fp8_head) {
  Plan plan;
  plan.model = "deepseek-v3";
  plan.accelerator = "gb300";
  plan.recipe = "fp8-param";
  plan.fp8_recipe = fp8_recipe;
  plan.fp8_output_proj = fp8_head;
  plan.tp = 1;
  plan.pp = 4;
  plan.dp = 64;
  plan.ep = 32;
  plan.vpp = 4;
  plan.stage_layers = "16,16,16,13";
  plan.mtp_layers = 1;
  plan.micro_batch = 1;
  plan.seq_len = 4096;
  plan.global_batch = 15360;
  return plan;
}

TEST(Fp8OutputProj, TheHeadsRunAtTheLinearLayersMxfp8Rate) {
  const Report bf16 = evaluate(deepseek_on_gb300("mxfp8", 0));
  const Report mx = evaluate(deepseek_on_gb300("mxfp8", 1));
  ASSERT_TRUE(mx.training.time_available);
  EXPECT_FALSE(bf16.training.settings.fp8_output_proj);
  EXPECT_TRUE(mx.training.settings.fp8_output_proj);
  EXPECT_FALSE(test::has_issue(mx, "fp8_output_proj_unused"));
  // The heads sit on the last stage, the slowest: the step falls with them. Their GEMMs are a
  // few per cent of the model's FLOPs (2 × 3 × 2 · 7,168 · 129,280 a token against 6 × 37 × 10⁹),
  // so the step falls by less than a fifth, and the layers' own time does not move.
  EXPECT_LT(mx.training.time.step_s, bf16.training.time.step_s);
  EXPECT_GT(mx.training.time.step_s, 0.8 * bf16.training.time.step_s);
  EXPECT_DOUBLE_EQ(mx.training.time.moe_comm_s, bf16.training.time.moe_comm_s);
  // NeMo and Megatron-Bridge set it in the model's config; Megatron-LM's command line has no flag.
  EXPECT_NE(mx.inference.launch.nemo.find("model.config.fp8_output_proj=true"), std::string::npos);
  EXPECT_EQ(bf16.inference.launch.nemo.find("fp8_output_proj"), std::string::npos);
  EXPECT_EQ(mx.inference.launch.megatron.find("output_proj"), std::string::npos);
}

TEST(Fp8OutputProj, OnlyUnderTheMxfp8Recipe) {
  Plan bf16_recipe = deepseek_on_gb300("", 1);
  bf16_recipe.recipe = "megatron18";
  for (const Plan& plan :
       {deepseek_on_gb300("tensorwise", 1), deepseek_on_gb300("blockwise", 1), bf16_recipe}) {
    Plan off = plan;
    off.fp8_output_proj = 0;
    const Report r = evaluate(plan);
    ASSERT_TRUE(r.training.time_available) << plan.fp8_recipe;
    EXPECT_TRUE(test::has_issue(r, "fp8_output_proj_unused")) << plan.fp8_recipe;
    EXPECT_FALSE(r.training.settings.fp8_output_proj);
    EXPECT_DOUBLE_EQ(r.training.time.step_s, evaluate(off).training.time.step_s);
  }
}

}  // namespace
}  // namespace llm_sizer
