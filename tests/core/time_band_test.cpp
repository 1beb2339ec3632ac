// The step time's band (time_band.hpp): how far published runs like a plan were from its
// predicted step. The figures themselves come from docs/validation.md's runs and are checked
// against them in tests/web/validation-training.test.mjs; here, which figures a plan gets, what
// they scale, and which plans get none.
#include "llm_sizer/time_band.hpp"

#include <gtest/gtest.h>

#include <string_view>

#include "llm_sizer/report.hpp"

namespace llm_sizer {
namespace {

// GPT-3 175B on 1,024 GPUs at TP 8, PP 8, DP 16, trained on 300B tokens (Brown et al. 2020).
Plan gpt3_plan(std::string accelerator) {
  Plan plan;
  plan.model = "gpt3-175b";
  plan.accelerator = std::move(accelerator);
  plan.tp = 8;
  plan.pp = 8;
  plan.dp = 16;
  plan.tokens = 300e9;
  plan.price_per_gpu_hour = 2;
  return plan;
}

const TimeBandFigures& figures(std::string_view family, std::string_view kind = "dense") {
  for (const TimeBandFigures& f : time_band_figures()) {
    if (f.family == family && f.kind == kind) return f;
  }
  static const TimeBandFigures none{};
  return none;
}

TEST(TimeBand, FiguresCoverEveryRunOfEachKindAndEachFamilyWithRuns) {
  for (const std::string_view kind : {"dense", "moe"}) {
    const TimeBandFigures& all = figures("all", kind);
    ASSERT_GT(all.runs, 0) << kind;
    double runs = 0;
    for (const TimeBandFigures& f : time_band_figures()) {
      EXPECT_LE(f.low_ratio, f.high_ratio) << f.family;
      if (f.kind != kind || f.family == "all") continue;
      runs += f.runs;
      // A family's runs are some of its kind's runs: its range lies within theirs.
      EXPECT_GE(f.low_ratio, all.low_ratio) << f.family << ' ' << kind;
      EXPECT_LE(f.high_ratio, all.high_ratio) << f.family << ' ' << kind;
    }
    // Families with too few runs of the kind have no figures of their own (gen-validation).
    EXPECT_LE(runs, all.runs) << kind;
  }
}

TEST(TimeBand, ScalesTheStepDaysAndCostByTheFamilysRatios) {
  const Report r = evaluate(gpt3_plan("h100-80g"));
  ASSERT_TRUE(r.training.time_available);
  const TimeBand& b = r.time_band;
  ASSERT_TRUE(b.available) << b.reason;
  const TimeBandFigures& hopper = figures("hopper");
  EXPECT_EQ(b.kind, "dense");
  EXPECT_EQ(b.family, "hopper");
  EXPECT_EQ(b.runs, hopper.runs);
  const TrainingTime& t = r.training.time;
  EXPECT_DOUBLE_EQ(b.step_low_s, t.step_s * hopper.low_ratio);
  EXPECT_DOUBLE_EQ(b.step_high_s, t.step_s * hopper.high_ratio);
  EXPECT_DOUBLE_EQ(b.days_low, t.days * hopper.low_ratio);
  EXPECT_DOUBLE_EQ(b.days_high, t.days * hopper.high_ratio);
  EXPECT_DOUBLE_EQ(b.cost_low, t.cost * hopper.low_ratio);
  EXPECT_DOUBLE_EQ(b.cost_high, t.cost * hopper.high_ratio);
  EXPECT_LE(b.step_low_s, b.step_high_s);
}

TEST(TimeBand, SameDieSharesItsFamilyOtherAcceleratorsGetAllRuns) {
  EXPECT_EQ(accelerator_family("h200-141g"), "hopper");
  EXPECT_EQ(accelerator_family("h800-80g"), "hopper");
  EXPECT_EQ(accelerator_family("a100-40g"), "ampere");
  EXPECT_EQ(accelerator_family("b200"), "blackwell");
  // B200's die at GB200's 1,200 W is a family of its own, not Blackwell's B200 runs.
  EXPECT_EQ(accelerator_family("gb200"), "gb200");
  // Blackwell Ultra is a die of its own, at 1,100 W (B300) and 1,400 W (GB300).
  EXPECT_EQ(accelerator_family("b300"), "b300");
  EXPECT_EQ(accelerator_family("gb300"), "gb300");
  // GB300's dense runs are a range of its own, and since MLPerf v6.0's ASUSTeK run B300's three
  // (MLPerf's Llama 3.1 8B on 8 B300: Supermicro's FP8, Nebius's and ASUSTeK's NVFP4) are too.
  const Report gb300 = evaluate(gpt3_plan("gb300"));
  ASSERT_TRUE(gb300.time_band.available) << gb300.time_band.reason;
  EXPECT_EQ(gb300.time_band.family, "gb300");
  EXPECT_EQ(gb300.time_band.runs, figures("gb300").runs);
  const Report b300 = evaluate(gpt3_plan("b300"));
  ASSERT_TRUE(b300.time_band.available) << b300.time_band.reason;
  EXPECT_EQ(b300.time_band.family, "b300");
  EXPECT_EQ(b300.time_band.runs, figures("b300").runs);
  // Same dies at other clocks and power, without runs of their own: every accelerator's runs.
  EXPECT_EQ(accelerator_family("h100-pcie-80g"), "");
  const Report mi300x = evaluate(gpt3_plan("mi300x"));
  ASSERT_TRUE(mi300x.time_band.available);
  EXPECT_EQ(mi300x.time_band.accelerator_family, "");
  EXPECT_EQ(mi300x.time_band.family, "all");
  EXPECT_EQ(mi300x.time_band.runs, figures("all").runs);
}

// An MoE plan gets the MoE runs' figures, not the dense runs' on the same accelerator; where
// its accelerator has no family of runs (MI300X), those of the MoE runs on every accelerator.
TEST(TimeBand, MoePlansGetTheMoeRunsFigures) {
  Plan plan;
  plan.model = "mixtral-8x7b";  // 8 routed experts, top 2 (Jiang et al. 2024)
  plan.accelerator = "h100-80g";
  plan.tp = 2;
  plan.pp = 1;
  plan.dp = 32;
  plan.ep = 8;
  const Report hopper = evaluate(plan);
  ASSERT_TRUE(hopper.time_band.available) << hopper.time_band.reason;
  EXPECT_EQ(hopper.time_band.kind, "moe");
  EXPECT_EQ(hopper.time_band.family, "hopper");
  EXPECT_EQ(hopper.time_band.runs, figures("hopper", "moe").runs);
  EXPECT_EQ(hopper.time_band.low_ratio, figures("hopper", "moe").low_ratio);
  EXPECT_EQ(hopper.time_band.high_ratio, figures("hopper", "moe").high_ratio);
  EXPECT_NE(hopper.time_band.runs, figures("hopper", "dense").runs);
  // Each accelerator's family of runs: its own (B200, GB200), or every accelerator's (MI300X).
  struct Case {
    const char* accelerator;
    const char* accelerator_family;
    const char* figures_family;
  };
  // Blackwell Ultra's B300 and GB300 have their own MoE runs (Megatron-Bridge 26.06: 3 and 4).
  for (const Case& c :
       {Case{"b200", "blackwell", "blackwell"}, Case{"gb200", "gb200", "gb200"},
        Case{"b300", "b300", "b300"}, Case{"gb300", "gb300", "gb300"}, Case{"mi300x", "", "all"}}) {
    plan.accelerator = c.accelerator;
    const Report r = evaluate(plan);
    ASSERT_TRUE(r.time_band.available) << c.accelerator << ": " << r.time_band.reason;
    EXPECT_EQ(r.time_band.accelerator_family, c.accelerator_family) << c.accelerator;
    EXPECT_EQ(r.time_band.family, c.figures_family) << c.accelerator;
    EXPECT_EQ(r.time_band.runs, figures(c.figures_family, "moe").runs) << c.accelerator;
    EXPECT_EQ(r.time_band.low_ratio, figures(c.figures_family, "moe").low_ratio) << c.accelerator;
    EXPECT_EQ(r.time_band.high_ratio, figures(c.figures_family, "moe").high_ratio) << c.accelerator;
  }
  // … which on B200 are not its dense runs' range.
  EXPECT_NE(figures("blackwell", "moe").high_ratio, figures("blackwell", "dense").high_ratio);
  EXPECT_EQ(model_kind(true), "moe");
  EXPECT_EQ(model_kind(false), "dense");
}

TEST(TimeBand, NoTokensNoDaysNoPriceNoCost) {
  Plan plan = gpt3_plan("a100-80g");
  plan.tokens.reset();
  plan.price_per_gpu_hour.reset();
  const Report r = evaluate(plan);
  ASSERT_TRUE(r.time_band.available);
  EXPECT_TRUE(std::isfinite(r.time_band.step_low_s));
  EXPECT_TRUE(std::isnan(r.time_band.days_low));
  EXPECT_TRUE(std::isnan(r.time_band.cost_high));
}

TEST(TimeBand, PlansUnlikeTheValidatedRunsGetNoneAndSayWhy) {
  const auto reason = [](Plan plan) {
    const Report r = evaluate(plan);
    EXPECT_FALSE(r.time_band.available);
    EXPECT_TRUE(std::isnan(r.time_band.step_low_s));
    return r.time_band.reason;
  };
  Plan measured = gpt3_plan("h100-80g");
  measured.achieved_tflops = 400;
  EXPECT_EQ(reason(measured), "measured");
  Plan fixed = gpt3_plan("h100-80g");
  fixed.mfu = 0.5;
  EXPECT_EQ(reason(fixed), "fixed_efficiency");
  Plan gemm = gpt3_plan("h100-80g");
  gemm.gemm_efficiency = 0.7;
  EXPECT_EQ(reason(gemm), "efficiencies");
  // PyTorch DDP across GPUs (no ZeRO): no published runs of its own.
  Plan pytorch = gpt3_plan("h100-80g");
  pytorch.framework = "pytorch";
  pytorch.tp.reset();
  pytorch.pp.reset();
  pytorch.dp = 1024;
  pytorch.zero = 0;
  EXPECT_EQ(reason(pytorch), "framework");
  Plan lora = gpt3_plan("h100-80g");
  lora.finetune = "lora";
  EXPECT_EQ(reason(lora), "finetune");
  // ZeRO-3 over 128 nodes: its own issue gives the spread of its published runs.
  Plan zero3 = gpt3_plan("h100-80g");
  zero3.tp = 1;
  zero3.pp = 1;
  zero3.dp = 1024;
  zero3.zero = 3;
  EXPECT_EQ(reason(zero3), "zero3_across_nodes");
  // The attention efficiency names a kernel: the validation states FlashAttention-2's.
  Plan flash2 = gpt3_plan("h100-80g");
  flash2.attention_efficiency = 335.0 / 989;
  EXPECT_TRUE(evaluate(flash2).time_band.available);
}

// A PyTorch plan without tensor or pipeline parallelism, the layout both PyTorch bands cover.
Plan pytorch_plan(const char* accelerator, const char* model, const char* finetune, double dp,
                  const char* recipe) {
  Plan plan;
  plan.model = model;
  plan.accelerator = accelerator;
  plan.framework = "pytorch";
  plan.recipe = recipe;
  plan.tp = 1;
  plan.pp = 1;
  plan.dp = dp;
  plan.finetune = finetune;
  return plan;
}

TimeBand band_of_pytorch(const Plan& plan) {
  const Report r = evaluate(plan);
  EXPECT_TRUE(r.training.time_available);
  return r.time_band;
}

// Plain PyTorch on one GPU has the steps measured on one H200 (docs/validation.md, "One H200,
// measured here"): on Hopper its plans carry those figures, whole or through LoRA; another layout,
// family or kind of model, or QLoRA, was not measured.
TEST(TimeBand, PlainPytorchOnOneHopperGpuGetsTheStepsMeasuredOnAnH200) {
  const auto band_of = [](const char* accelerator, const char* model, const char* finetune,
                          double dp) {
    return band_of_pytorch(pytorch_plan(accelerator, model, finetune, dp, "pure-bf16"));
  };
  const TimeBandFigures& measured = figures("hopper", "pytorch");
  ASSERT_GT(measured.runs, 0);
  EXPECT_LE(measured.low_ratio, measured.high_ratio);
  for (const char* accelerator : {"h200-141g", "h100-80g"}) {
    for (const char* finetune : {"full", "lora"}) {
      const TimeBand b = band_of(accelerator, "llama-3.1-8b", finetune, 1);
      ASSERT_TRUE(b.available) << accelerator << ' ' << finetune << ": " << b.reason;
      EXPECT_EQ(b.kind, "pytorch");
      EXPECT_EQ(b.family, "hopper");
      EXPECT_EQ(b.runs, measured.runs);
      EXPECT_EQ(b.high_ratio, measured.high_ratio);
    }
  }
  EXPECT_EQ(band_of("a100-80g", "llama-3.1-8b", "full", 1).reason, "framework");
  EXPECT_EQ(band_of("h200-141g", "llama-3.1-8b", "full", 2).reason, "framework");
  EXPECT_EQ(band_of("h200-141g", "llama-3.1-8b", "qlora", 1).reason, "framework");
  EXPECT_EQ(band_of("h200-141g", "mixtral-8x7b", "full", 1).reason, "framework");
}

// PyTorch across GPUs with FSDP has published runs of its own (docs/validation.md: MosaicML's MPT
// benchmarks and the training section's PyTorch FSDP runs): ZeRO 2 or 3 on A100 or H100 get
// their family's figures, another accelerator those over every family; DDP, an MoE model, eager
// attention or LoRA get none.
TEST(TimeBand, PytorchFsdpAcrossGpusGetsItsPublishedRunsFigures) {
  const auto band_of = [](const char* accelerator, double zero, const char* model = "llama-3.1-8b",
                          const char* finetune = "full", bool flash = true) {
    Plan plan = pytorch_plan(accelerator, model, finetune, 64, "amp16");
    plan.zero = zero;
    plan.flash_attention = flash ? 1.0 : 0.0;
    return band_of_pytorch(plan);
  };
  for (const auto& [accelerator, family] :
       {std::pair{"a100-80g", "ampere"}, {"h100-80g", "hopper"}, {"b200", "all"}}) {
    for (double zero : {2.0, 3.0}) {
      const TimeBand b = band_of(accelerator, zero);
      ASSERT_TRUE(b.available) << accelerator << " ZeRO " << zero << ": " << b.reason;
      EXPECT_EQ(b.kind, "fsdp");
      EXPECT_EQ(b.family, family);
      const TimeBandFigures& f = figures(family, "fsdp");
      ASSERT_GT(f.runs, 0);
      EXPECT_EQ(b.runs, f.runs);
      EXPECT_EQ(b.low_ratio, f.low_ratio);
      EXPECT_EQ(b.high_ratio, f.high_ratio);
    }
  }
  EXPECT_EQ(band_of("h100-80g", 0).reason, "framework");
  EXPECT_EQ(band_of("h100-80g", 1).reason, "framework");
  EXPECT_EQ(band_of("h100-80g", 3, "mixtral-8x7b").reason, "framework");
  EXPECT_EQ(band_of("h100-80g", 3, "llama-3.1-8b", "lora").reason, "framework");
  EXPECT_EQ(band_of("h100-80g", 3, "llama-3.1-8b", "full", false).reason, "framework");
}

// A plan whose DP comes from a deadline: the DP that meets it even at the band's high end.
TEST(TimeBand, DeadlinePlansGetTheDpThatMeetsItAtTheHighEnd) {
  Plan plan;
  plan.model = "llama-3.1-70b";
  plan.accelerator = "h100-80g";
  plan.tokens = 15e12;  // Llama 3's pre-training tokens (Dubey et al. 2024)
  plan.deadline_days = 90;
  const Report r = evaluate(plan);
  const TimeBand& b = r.time_band;
  ASSERT_TRUE(b.available) << b.reason;
  EXPECT_EQ(b.deadline_days, 90);
  ASSERT_TRUE(std::isfinite(b.deadline_dp_high));
  const ArticleTraining& a = r.article_training;
  EXPECT_EQ(b.deadline_gpus_high, b.deadline_dp_high * a.tp * a.pp);
  // The point estimate's DP meets the deadline; at the high end it does not, the band's DP does.
  EXPECT_LE(r.training.time.days, 90);
  EXPECT_GT(b.days_high, 90);
  Plan safe = plan;
  safe.deadline_days.reset();
  safe.tp = a.tp;
  safe.pp = a.pp;
  safe.dp = b.deadline_dp_high;
  const Report at_safe = evaluate(safe);
  ASSERT_TRUE(at_safe.time_band.available);
  EXPECT_LE(at_safe.time_band.days_high, 90);
  EXPECT_TRUE(std::isnan(at_safe.time_band.deadline_dp_high));  // no deadline: nothing to meet
}

TEST(TimeBand, ThePageModulesEvaluationHasNone) {
  const Report r = evaluate_without_serving(gpt3_plan("h100-80g"));
  EXPECT_FALSE(r.time_band.available);
}

}  // namespace
}  // namespace llm_sizer
