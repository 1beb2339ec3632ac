// Every derivation line a reader can check by hand does check: its numbers, read as arithmetic,
// reach its value. The lines that describe a choice instead (which stage, which TP, a profile's
// inputs) are named below; any other line whose numbers are not arithmetic fails.

#include "derivation_arithmetic.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <string>

#include "llm_sizer/plan_codec.hpp"
#include "llm_sizer/report.hpp"

namespace llm_sizer {
namespace {

// Lines whose numbers name a choice or a profile's inputs rather than compute the value.
const std::set<std::string> kDescriptive = {
    "peak_stage",                 // "2 / 8 (L 8–15)": which stage peaks
    "hottest_ep_rank",            // the bound's inputs (P_EP, E, k)
    "adapters",                   // LoRA's rank and targets
    "serve_min_gpus",             // the TPs tried
    "serve_compute_bound_batch",  // the context it searches at
    "fleet_slo_concurrency",      // the target it searches to
};

struct Checked {
  int lines = 0;  ///< lines read as arithmetic
};

void check_steps(const std::vector<DerivationStep>& steps, const std::string& where,
                 Checked& checked) {
  for (const DerivationStep& s : steps) {
    if (kDescriptive.contains(s.id)) continue;
    // A value the model could not compute is shown as "—" with "?" in its numbers.
    if (!std::isfinite(s.value)) continue;
    test::DerivationArithmetic arithmetic(s.substitution, s.unit);
    const std::optional<double> got = arithmetic.value(s.value);
    ++checked.lines;
    EXPECT_TRUE(got.has_value()) << where << " " << s.id << ": \"" << s.substitution << "\" "
                                 << arithmetic.error();
    if (!got) continue;
    // Shown numbers are rounded (two decimals, or four significant figures for counts).
    const double tolerance = std::max(0.01 * std::abs(s.value), 0.011);
    EXPECT_NEAR(*got, s.value, tolerance) << where << " " << s.id << ": " << s.formula << " = \""
                                          << s.substitution << "\" → " << s.value << " " << s.unit;
    // A comparison's right side is the limit its note names (the memory an engine may use).
    const auto usable = std::find_if(s.note_params.begin(), s.note_params.end(),
                                     [](const IssueParam& p) { return p.name == "usable_gb"; });
    if (std::isfinite(arithmetic.bound()) && usable != s.note_params.end()) {
      EXPECT_NEAR(arithmetic.bound(), std::stod(usable->value), 0.011 + 0.01 * arithmetic.bound())
          << where << " " << s.id << ": " << s.substitution;
    }
  }
}

Checked check_report(const std::string& link) {
  const DecodedLink decoded = decode_link(link);
  EXPECT_TRUE(decoded.issues.empty()) << link;
  const Report r = evaluate(decoded.plan);
  Checked checked;
  check_steps(r.article_training.steps, link + " article training", checked);
  check_steps(r.article_inference.steps, link + " article inference", checked);
  check_steps(r.training.steps, link + " memory", checked);
  check_steps(r.training.time_steps, link + " time", checked);
  check_steps(r.inference.steps, link + " serving", checked);
  check_steps(r.inference.fleet.steps, link + " fleet", checked);
  return checked;
}

TEST(DerivationArithmetic, ReadsTheNotationTheLinesUse) {
  const auto read = [](const char* text, const char* unit, double expected = NAN) {
    return test::DerivationArithmetic(text, unit).value(expected);
  };
  EXPECT_DOUBLE_EQ(*read("70.55 × 10⁹ × 12 B", "GB"), 846.6);
  EXPECT_DOUBLE_EQ(*read("⌈17.6375 ÷ 8⌉", ""), 3);
  EXPECT_DOUBLE_EQ(*read("0.3/2 + 0.7/2 + 0/2 + 1.14 GB", "GB"), 1.64);
  EXPECT_DOUBLE_EQ(*read("38.61 + 0–3.86 + 0.3–1 GB", "GB"), 43.47);
  EXPECT_NEAR(*read("max(70 GB / (3.5 TB/s × 0.8), 0.07 TFLOP / (989 TFLOP/s × 0.5))", "ms"), 25,
              1e-9);
  EXPECT_DOUBLE_EQ(*read("min(⌊1.89 / 0.67⌋, 1024)", ""), 2);
  EXPECT_DOUBLE_EQ(*read("75.32 ≤ 85.05 × 0.9", "GB", 75.32), 75.32);
  EXPECT_DOUBLE_EQ(*read("68.45 × 10⁹ × 16 / 8", "GB", 136.9), 136.9);
  test::DerivationArithmetic compared("70.56 + 0.67 ≤ 85.05 × 0.9", "GB");
  EXPECT_NEAR(*compared.value(71.23), 71.23, 1e-9);
  EXPECT_NEAR(compared.bound(), 76.545, 1e-9);
  EXPECT_DOUBLE_EQ(*read("671 × 10⁹ (N_active = 37.55 × 10⁹)", "params"), 671e9);
  EXPECT_NEAR(*read("524 × 10⁻⁹ TFLOP / (989 TFLOP/s × 0.5)", "ms"), 524e-9 / 494.5 * 1e3, 1e-15);
  EXPECT_FALSE(read("min(8 − 1, m)", "").has_value());
  EXPECT_FALSE(read("", "GB").has_value());
  EXPECT_FALSE(read("T = 8192", "GB").has_value());
}

// Plans that reach each kind of line: the article's seed, dense and MoE training (MLA, GQA,
// experts across EP, a stage mixing dense and MoE layers), the recompute modes, interleaving,
// ZeRO-3, fine-tuning, PyTorch, serving on one node and a fleet across nodes on three engines.
TEST(DerivationArithmetic, EveryLineThatComputesReachesItsValue) {
  // The article-only plan (a parameter count, no architecture) has its 9 lines; the others the
  // memory model's, the serving model's and the fleet's besides.
  struct Case {
    const char* link;
    int lines;
  };
  const Case cases[] = {
      {"v=2&m=gpt3-175b&a=h100-80g&pp=10&cluster=1000", 45},
      {"v=2&m=llama-3.1-70b&a=h100-80g&tp=8&pp=4&cluster=256&tokens=15000000000000", 45},
      {"v=2&m=deepseek-v3&a=h800-80g&tp=2&pp=8&ep=64&cluster=2048", 45},
      {"v=2&m=deepseek-v3&a=h100-80g&tp=2&pp=4&ep=64&dp=64&rc=selective&rcm=mla_up_proj,moe_act",
       45},
      {"v=2&m=mixtral-8x7b&a=h100-80g&tp=2&pp=1&ep=4&dp=16", 45},
      {"v=2&m=gpt3-175b&a=a100-80g&tp=8&pp=16&dp=8&flash=0", 45},
      // A measured throughput: GPT-3 175B at 140 TFLOP/s on 1,024 A100 (Narayanan et al. 2021).
      {"v=2&m=gpt3-175b&a=a100-80g&tp=8&pp=8&dp=16&tokens=300000000000&tflops=140", 50},
      {"v=2&m=llama-3.1-70b&a=h100-80g&tp=8&pp=4&dp=8&rc=full&rcl=5", 45},
      {"v=2&m=llama-3.1-70b&a=h100-80g&tp=4&pp=4&vpp=5&dp=8", 45},
      {"v=2&m=llama-3.1-8b&a=h100-80g&tp=1&pp=1&dp=64&zero=3", 45},
      {"v=2&m=llama-3.1-8b&a=h100-80g&tp=1&pp=1&dp=8&fw=pytorch&rc=full", 45},
      {"v=2&m=llama-3.1-8b&a=h100-80g&tp=1&pp=1&dp=8&fw=deepspeed&zero=3&off=optimizer-params", 45},
      {"v=2&m=llama-3.1-70b&a=h100-80g&tp=1&pp=1&dp=8&ft=lora&q=finetune", 45},
      {"v=2&m=llama-3.1-70b&a=h100-80g&tp=1&pp=1&dp=1&ft=qlora&q=finetune", 45},
      {"v=2&m=qwen-32b&a=rg800-32g&pp=3&cluster=96", 9},
      {"v=2&m=llama-3.1-70b&a=h100-80g&i.eng=sglang&i.c=64&i.enc=2", 45},
      {"v=2&m=llama-3.1-8b&a=h100-80g&i.enc=3&i.c=512", 45},
      {"v=2&m=deepseek-v3&a=h100-80g&i.eng=vllm&i.c=256", 45},
      {"v=2&m=qwen3-235b-a22b&a=h200-141g&i.eng=trtllm&i.c=128", 45},
      {"v=2&m=llama-3.1-405b&a=h100-80g&i.c=32&i.pd=1:2", 45},
      // Speculative decoding, a prefix cache reloaded from the host, a prompt of several chunks
      // and a fleet pinned to pipeline stages.
      {"v=2&m=deepseek-v3&a=h200-141g&i.c=64&i.spec=1&i.hit=0.5&i.off=100&i.in=30000&i.out=500",
       45},
      {"v=2&m=llama-3.1-70b&a=h100-80g&i.c=16&i.tp=4&i.pp=2&i.spec=2", 45},
      // A one-token prompt: its attention FLOPs are written as 786 × 10⁻⁹ TFLOP.
      {"v=2&m=llama-3.1-8b&a=h100-80g&i.in=1&i.out=1", 45},
  };
  for (const Case& c : cases) {
    EXPECT_GE(check_report(c.link).lines, c.lines) << c.link;
  }
}

}  // namespace
}  // namespace llm_sizer
