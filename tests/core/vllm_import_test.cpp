// The `vllm serve` importer: shell words as a shell splits them, vLLM's flags as its argument
// parser declares them (vllm/engine/arg_utils.py), and the commands the plan exports read back.
#include "llm_sizer/vllm_import.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "llm_sizer/launch_commands.hpp"
#include "llm_sizer/report.hpp"

namespace llm_sizer {
namespace {

std::string text_of(const VllmImport& r, std::string_view field) {
  for (const auto& t : r.texts) {
    if (t.field == field) return t.text;
  }
  return "<none>";
}

bool has_issue(const VllmImport& r, std::string_view code) {
  return std::any_of(r.issues.begin(), r.issues.end(),
                     [&](const Issue& i) { return i.code == code; });
}

TEST(ShellWords, QuotesEscapesAndContinuationsAsAShellReadsThem) {
  const ShellWords w =
      split_shell_words("vllm serve m \\\n  --x 'a b' \"c \\\"d\\\"\" e\\ f --y=\"\"");
  ASSERT_TRUE(w.closed);
  EXPECT_EQ(w.words, (std::vector<std::string>{"vllm", "serve", "m", "--x", "a b", "c \"d\"", "e f",
                                               "--y="}));
  EXPECT_FALSE(split_shell_words("vllm serve 'open").closed);
}

TEST(VllmImport, AFullDeploymentCommandFillsThePlan) {
  const VllmImport r = import_vllm_command(
      "VLLM_USE_DEEP_GEMM=1 vllm serve deepseek-ai/DeepSeek-R1 \\\n"
      "  -tp 8 --max-model-len=32k --gpu-memory-utilization 0.92 --enable-expert-parallel \\\n"
      "  --kv-cache-dtype fp8_e4m3 --max-num-seqs 256 --max_num_batched_tokens 16384 \\\n"
      "  --speculative-config '{\"method\": \"deepseek_mtp\", \"num_speculative_tokens\": 2}' \\\n"
      "  --port 8000 --trust-remote-code --frobnicate 3");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.model, "deepseek-ai/DeepSeek-R1");
  EXPECT_EQ(text_of(r, "engine"), "vllm");
  // DeepSeek-R1 has DeepSeek-V3's architecture and ships in FP8 with 128 × 128 block scales.
  EXPECT_EQ(text_of(r, "model"), "deepseek-v3");
  EXPECT_EQ(text_of(r, "weights"), "fp8-block");
  EXPECT_EQ(text_of(r, "infer_tp"), "8");
  EXPECT_EQ(text_of(r, "context"), "32000");  // vLLM: "32k" = 32 000, "32K" = 32 768
  EXPECT_EQ(text_of(r, "gpu_memory_utilization"), "0.92");
  EXPECT_EQ(text_of(r, "expert_parallel"), "1");
  EXPECT_EQ(text_of(r, "kv_dtype"), "fp8");
  EXPECT_EQ(text_of(r, "max_num_seqs"), "256");
  EXPECT_EQ(text_of(r, "prefill_chunk"), "16384");
  EXPECT_EQ(text_of(r, "spec_tokens"), "2");
  // --port and --trust-remote-code only deploy; --frobnicate is named, never guessed at.
  EXPECT_TRUE(has_issue(r, "vllm_command_unknown_flags"));
  EXPECT_EQ(r.issues.size(), 1u);
}

TEST(VllmImport, TheModuleFormAndAnUnknownRepository) {
  const VllmImport r = import_vllm_command(
      "python3 -m vllm.entrypoints.openai.api_server --model org/my-model -pp 2 -q awq");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.model, "org/my-model");
  EXPECT_EQ(text_of(r, "infer_pp"), "2");
  EXPECT_EQ(text_of(r, "weights"), "int4-awq");
  EXPECT_EQ(text_of(r, "model"), "<none>");  // the model inputs are left as they were
  EXPECT_TRUE(has_issue(r, "vllm_command_unknown_model"));
}

TEST(VllmImport, BadCommandsAreNamed) {
  EXPECT_TRUE(has_issue(import_vllm_command("   "), "vllm_command_empty"));
  EXPECT_TRUE(has_issue(import_vllm_command("sglang serve x"), "vllm_command_not_vllm"));
  EXPECT_TRUE(has_issue(import_vllm_command("vllm serve 'x"), "vllm_command_unclosed_quote"));
  const VllmImport bad = import_vllm_command("vllm serve x -tp eight");
  EXPECT_FALSE(bad.ok());
  EXPECT_TRUE(has_issue(bad, "vllm_command_bad_value"));
  EXPECT_TRUE(bad.texts.empty());
  EXPECT_TRUE(has_issue(import_vllm_command(std::string(kMaxVllmCommandBytes + 1, 'v')),
                        "vllm_command_too_long"));
}

TEST(VllmImport, WhatThePlanExportsReadsBack) {
  // The fleet's vLLM command for DeepSeek-V3 on H100 (two nodes), imported: the same layout and
  // engine settings come back.
  Plan plan;
  plan.model = "deepseek-v3";
  plan.accelerator = "h100-80g";
  plan.infer_weights = "fp8-block";
  plan.infer_concurrency = 32;
  plan.infer_input_tokens = 8192;
  plan.infer_output_tokens = 1024;
  plan.infer_dp = 16;
  plan.infer_tp = 1;
  const Report r = evaluate(plan);
  ASSERT_TRUE(r.inference.fleet.found);
  const std::string& command = r.inference.launch.vllm;
  // The head node's command is the first after its comment line.
  const auto head = command.find("vllm serve");
  const auto end = command.find("\n#", head);
  const VllmImport back = import_vllm_command(command.substr(head, end - head));
  ASSERT_TRUE(back.ok()) << command;
  EXPECT_EQ(text_of(back, "model"), "deepseek-v3");
  EXPECT_EQ(text_of(back, "infer_tp"), "1");
  EXPECT_EQ(text_of(back, "infer_dp"), "16");
  EXPECT_EQ(text_of(back, "expert_parallel"), "1");
  EXPECT_EQ(text_of(back, "context"), "9216");
  EXPECT_EQ(text_of(back, "gpu_memory_utilization"), "0.9");
}

}  // namespace
}  // namespace llm_sizer
