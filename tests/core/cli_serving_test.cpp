// The CLI's serving fleet: `infer … --concurrency --input --output --json` (issue 14's "done
// means"), the fleet in text with its launch commands, and a `vllm serve` command read in.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cli_run.hpp"
#include "llm_sizer/json.hpp"
#include "test_support.hpp"

namespace llm_sizer {
namespace {

using test::CliRun;
using test::run_cli;

TEST(CliServing, DeepSeekV3OnH100AsJsonIsAMultiNodeFleet) {
  const CliRun r = run_cli({"infer", "--model", "deepseek-v3", "--accelerator", "h100-80g",
                            "--weights", "fp8-block", "--concurrency", "32", "--input", "8192",
                            "--output", "1024", "--json"});
  ASSERT_EQ(r.code, 0) << r.err;
  const auto parsed = parse_json(r.out);
  ASSERT_TRUE(parsed.value);
  const JsonValue* fleet = parsed.value->find("fleet");
  ASSERT_NE(fleet, nullptr);
  EXPECT_TRUE(fleet->find("found")->as_bool());
  // 688 GB of FP8 weights exceed the 612 GB vLLM may use of one 8 × H100 node.
  EXPECT_GE(test::number_at(*fleet, "total_gpus"), 16);
  EXPECT_GE(test::number_at(*fleet, "nodes"), 2);
  EXPECT_GT(test::number_at(*fleet, "output_tokens_per_s"), 0);
  EXPECT_GT(test::number_at(*fleet, "cost_per_m_output"), 0);
  const JsonValue* launch = parsed.value->find("launch");
  ASSERT_NE(launch, nullptr);
  EXPECT_NE(launch->find("vllm")->as_string().find("vllm serve deepseek-ai/DeepSeek-V3"),
            std::string::npos);
  EXPECT_NE(launch->find("sglang")->as_string().find("sglang.launch_server"), std::string::npos);
}

TEST(CliServing, TextShowsTheFleetTheCurveAndTheCommands) {
  const CliRun r = run_cli({"infer", "--model", "llama-3.1-70b", "--accelerator", "h200-141g",
                            "--weights", "fp8", "--concurrency", "64"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("Serving fleet for 64 concurrent requests"), std::string::npos);
  EXPECT_NE(r.out.find("TTFT"), std::string::npos);
  EXPECT_NE(r.out.find("Throughput against latency"), std::string::npos);
  EXPECT_NE(r.out.find("vllm serve meta-llama/Llama-3.1-70B-Instruct"), std::string::npos);
}

// DeepSeek-V3 in BF16 (1,342 GB) does not fit one 8 × H100 node at any TP: the node view says so
// and points to the fleet instead of counting "NaN replica(s)".
TEST(CliServing, AModelNoNodeHoldsSaysSoAndShowsTheFleet) {
  const CliRun r = run_cli({"infer", "--model", "deepseek-v3", "--accelerator", "h100-80g"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("No tensor-parallel size inside one node holds the weights"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("NaN"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Serving fleet"), std::string::npos);
  const CliRun zh =
      run_cli({"infer", "--model", "deepseek-v3", "--accelerator", "h100-80g", "--lang", "zh"});
  EXPECT_NE(zh.out.find("单节点内没有能放下权重"), std::string::npos) << zh.out;
}

TEST(CliServing, AVllmCommandFillsThePlanAndFlagsWin) {
  const CliRun r = run_cli({"infer", "--vllm-command",
                            "vllm serve meta-llama/Llama-3.1-405B-Instruct-FP8 -tp 8 "
                            "--max-model-len 16384 --gpu-memory-utilization 0.85",
                            "--gpu-memory-utilization", "0.95", "--json"});
  ASSERT_EQ(r.code, 0) << r.err;
  const auto parsed = parse_json(r.out);
  ASSERT_TRUE(parsed.value);
  const JsonValue* settings = parsed.value->find("settings");
  EXPECT_EQ(settings->find("weights")->as_string(), "fp8");
  EXPECT_EQ(test::number_at(*settings, "context"), 16384);
  EXPECT_EQ(test::number_at(*settings, "gpu_memory_utilization"),
            0.95);  // the flag, not the command
  EXPECT_EQ(test::number_at(*parsed.value->find("fleet"), "tp"), 8);
  // A command that is not vllm serve stops the command with a usage error.
  const CliRun bad = run_cli({"infer", "--vllm-command", "sglang serve x"});
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("is not vllm serve"), std::string::npos);
}

}  // namespace
}  // namespace llm_sizer
