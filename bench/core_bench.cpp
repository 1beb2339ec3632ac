// Speed of the core, native. Run: npm run bench (figures in docs/performance.md).
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdint>

#include "../tests/core/huge_config.hpp"
#include "llm_sizer/comparison.hpp"
#include "llm_sizer/hf_config.hpp"
#include "llm_sizer/inference_report.hpp"
#include "llm_sizer/json.hpp"
#include "llm_sizer/model.hpp"
#include "llm_sizer/plan_codec.hpp"
#include "llm_sizer/precision.hpp"
#include "llm_sizer/report.hpp"
#include "llm_sizer/training_memory.hpp"
#include "llm_sizer/training_time.hpp"

namespace {

llm_sizer::Plan article_plan() {
  llm_sizer::Plan plan;
  plan.pp = 10;
  plan.cluster_gpus = 1000;
  return plan;
}

// GPT-3 175B on (8, 10, 12) with sequence parallelism and selective recompute.
llm_sizer::TrainingMemoryInputs gpt3_inputs() {
  llm_sizer::TrainingMemoryInputs in;
  in.arch = llm_sizer::find_model("gpt3-175b")->architecture;
  in.recipe = *llm_sizer::find_recipe("megatron18");
  in.layout.tp = 8;
  in.layout.pp = 10;
  in.layout.dp = 12;
  in.layout.sequence_parallel = true;
  in.layout.recompute = llm_sizer::Recompute::kSelective;
  in.card_memory_gb = 80;
  return in;
}

// One full evaluation of the memory model: every stage of a plan, the peak, fits or not.
void BM_TrainingMemoryAllStages(benchmark::State& state) {
  const auto in = gpt3_inputs();
  for (auto _ : state) benchmark::DoNotOptimize(llm_sizer::training_memory(in));
}
BENCHMARK(BM_TrainingMemoryAllStages);

// The peak only, as the layout search evaluates it.
void BM_TrainingPeakBytes(benchmark::State& state) {
  const auto in = gpt3_inputs();
  for (auto _ : state) benchmark::DoNotOptimize(llm_sizer::training_peak_bytes(in));
}
BENCHMARK(BM_TrainingPeakBytes);

// Everything the page computes per keystroke: validation, presets, the article's method, the
// full model with its derivation and the smallest PP per recompute mode.
void BM_EvaluatePlan(benchmark::State& state) {
  const auto plan = article_plan();
  for (auto _ : state) benchmark::DoNotOptimize(llm_sizer::evaluate(plan));
}
BENCHMARK(BM_EvaluatePlan);

// The page recomputes the article's comparison matrix (every preset model × up to three
// accelerators) on every keystroke.
void BM_ComparisonMatrix(benchmark::State& state) {
  const auto plan = article_plan();
  for (auto _ : state) benchmark::DoNotOptimize(llm_sizer::comparison_matrix(plan));
}
BENCHMARK(BM_ComparisonMatrix);

// The exhaustive layout search of the issue: GPT-3 175B, 1024 H100, 300B tokens.
void BM_SearchGpt3OnClusterOf1024(benchmark::State& state) {
  llm_sizer::Plan plan;
  plan.cluster_gpus = 1024;
  plan.tokens = 300e9;
  double evaluated = 0;
  for (auto _ : state) {
    const auto result = llm_sizer::search_plan(plan);
    evaluated = result.search.evaluated;
    benchmark::DoNotOptimize(result);
  }
  state.counters["layouts"] = evaluated;
  state.counters["ns_per_layout"] = benchmark::Counter(
      evaluated, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_SearchGpt3OnClusterOf1024)->Unit(benchmark::kMillisecond);

// One layout of the search: memory of every stage (peak) plus the step time.
void BM_OneLayoutEvaluation(benchmark::State& state) {
  llm_sizer::TrainingTimeInputs in;
  in.memory = gpt3_inputs();
  in.peak_tflops = 989;
  in.compute_efficiency = 0.6;
  in.achieved_tflops = NAN;
  in.intra_node_gbps = 450;
  in.inter_node_gbps = 50;
  in.dp_overlap = 0.8;
  in.global_batch = 1536;
  in.tokens = 300e9;
  in.price_per_gpu_hour = 2.99;
  in.power_w = 700;
  in.pue = 1.2;
  in.memory.layout.microbatches = 128;
  for (auto _ : state) {
    const auto peak = llm_sizer::training_peak(in.memory);
    benchmark::DoNotOptimize(llm_sizer::training_time(in, peak.params_per_card));
  }
}
BENCHMARK(BM_OneLayoutEvaluation);

// The serving model alone (the page recomputes it, with its ~30-point curve, on every keystroke).
void BM_ServingModelMoe(benchmark::State& state) {
  llm_sizer::Plan plan;
  plan.model = "deepseek-v3";
  plan.accelerator = "h200-141g";
  plan.infer_batch = 64;
  const auto resolved = llm_sizer::resolve(plan);
  std::vector<llm_sizer::Issue> issues;
  for (auto _ : state) {
    issues.clear();
    benchmark::DoNotOptimize(llm_sizer::full_inference(resolved, issues));
  }
}
BENCHMARK(BM_ServingModelMoe);

// The fleet search alone for issue 14's case: DeepSeek-V3 in FP8 on H100, 32 requests of
// 8192 + 1024 tokens (every TP/PP/DP-EP layout, each sized and held to the TPOT target).
void BM_FleetSearchDeepSeekV3(benchmark::State& state) {
  llm_sizer::Plan plan;
  plan.model = "deepseek-v3";
  plan.accelerator = "h100-80g";
  plan.infer_weights = "fp8-block";
  plan.infer_concurrency = 32;
  plan.infer_input_tokens = 8192;
  plan.infer_output_tokens = 1024;
  const auto resolved = llm_sizer::resolve(plan);
  const auto request = llm_sizer::fleet_request(resolved);
  for (auto _ : state) {
    benchmark::DoNotOptimize(llm_sizer::search_fleet(resolved.serving.inputs, request));
  }
}
BENCHMARK(BM_FleetSearchDeepSeekV3)->Unit(benchmark::kMillisecond);

void BM_EncodeLink(benchmark::State& state) {
  const auto plan = article_plan();
  for (auto _ : state) benchmark::DoNotOptimize(llm_sizer::encode_link(plan));
}
BENCHMARK(BM_EncodeLink);

void BM_DecodeLink(benchmark::State& state) {
  const std::string link = llm_sizer::encode_link(article_plan());
  for (auto _ : state) benchmark::DoNotOptimize(llm_sizer::decode_link(link));
}
BENCHMARK(BM_DecodeLink);

// Resolution alone: every input's default and automatic rule (evaluate() starts with it).
void BM_ResolvePlan(benchmark::State& state) {
  const auto plan = article_plan();
  for (auto _ : state) benchmark::DoNotOptimize(llm_sizer::resolve(plan));
}
BENCHMARK(BM_ResolvePlan);

// The largest config.json the importer reads (4 MiB), ~466,000 of its keys unused: the bookkeeping
// of unused keys was quadratic once (767 s for 3.8 MB); the whole import is now one pass.
void BM_ImportHugeConfig(benchmark::State& state) {
  const auto config = llm_sizer::test::huge_config(llm_sizer::kJsonMaxBytes);
  for (auto _ : state) benchmark::DoNotOptimize(llm_sizer::import_hf_config(config.text));
  state.counters["keys"] = static_cast<double>(config.unused_keys);
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(config.text.size()));
}
BENCHMARK(BM_ImportHugeConfig)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
