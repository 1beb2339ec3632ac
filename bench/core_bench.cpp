// Speed of the core, native. Run: npm run bench (figures in docs/performance.md).
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "../tests/core/huge_config.hpp"
#include "llm_sizer/comparison.hpp"
#include "llm_sizer/hf_config.hpp"
#include "llm_sizer/inference_report.hpp"
#include "llm_sizer/json.hpp"
#include "llm_sizer/model.hpp"
#include "llm_sizer/plan_codec.hpp"
#include "llm_sizer/precision.hpp"
#include "llm_sizer/report.hpp"
#include "llm_sizer/resolve.hpp"
#include "llm_sizer/step_time.hpp"
#include "llm_sizer/training_memory.hpp"
#include "llm_sizer/training_report.hpp"
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

// A keystroke in a training plan once the full module is in: everything but the serving model.
void BM_EvaluateTrainingPlan(benchmark::State& state) {
  const auto plan = article_plan();
  llm_sizer::EvaluateOptions options;
  options.serving_model = false;
  for (auto _ : state) benchmark::DoNotOptimize(llm_sizer::evaluate(plan, options));
}
BENCHMARK(BM_EvaluateTrainingPlan);

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

// The resolved inputs of the article's layout, GPT-3 175B on (8, 10, 12) H100, as the page and
// the search see them: the step-time model operation by operation (no fixed efficiency).
llm_sizer::TrainingTimeInputs resolved_gpt3_layout() {
  llm_sizer::Plan plan = article_plan();
  plan.tokens = 300e9;
  const llm_sizer::ResolvedPlan resolved = llm_sizer::resolve(plan);
  llm_sizer::TrainingTimeInputs in;
  llm_sizer::TrainingSettings settings;
  std::vector<llm_sizer::Issue> issues;
  llm_sizer::training_layout(resolved, 8, 10, 12, in, settings, issues);
  return in;
}

// One layout from scratch: memory of every stage (peak) plus the step time, the layer costs
// (every GEMM, attention and element-wise kernel, every collective) included. The page's
// benchmarkLayoutNs runs the same in wasm.
void BM_OneLayoutEvaluation(benchmark::State& state) {
  auto in = resolved_gpt3_layout();
  int i = 0;
  for (auto _ : state) {
    in.memory.layout.micro_batch = 1 + (++i & 1);  // no result the compiler could keep
    const auto peak = llm_sizer::training_peak(in.memory);
    benchmark::DoNotOptimize(llm_sizer::training_time(in, peak.params_per_card));
  }
}
BENCHMARK(BM_OneLayoutEvaluation);

// The layout bench/calculon-side-by-side.sh gives Calculon (which needs PP to divide the 96
// layers): GPT-3 175B on 1,024 H100 as (8, 8, 16), micro-batch 1, batch 1536, sequence
// parallelism, selective recompute, distributed optimizer.
void BM_OneLayoutCalculonsLayout(benchmark::State& state) {
  llm_sizer::Plan plan;
  plan.tokens = 300e9;
  plan.global_batch = 1536;
  plan.micro_batch = 1;
  plan.recompute = "selective";
  plan.sequence_parallel = 1;
  plan.zero = 1;
  const llm_sizer::ResolvedPlan resolved = llm_sizer::resolve(plan);
  llm_sizer::TrainingTimeInputs in;
  llm_sizer::TrainingSettings settings;
  std::vector<llm_sizer::Issue> issues;
  llm_sizer::training_layout(resolved, 8, 8, 16, in, settings, issues);
  double sink = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(in);
    const auto peak = llm_sizer::training_peak(in.memory);
    sink += llm_sizer::training_time(in, peak.params_per_card).step_s;
  }
  state.counters["step_s"] = sink / static_cast<double>(state.iterations());
}
BENCHMARK(BM_OneLayoutCalculonsLayout);

// One layout inside the search: the layer costs are the key's (TP, CP, EP, ETP, micro-batch,
// SP, recompute), computed once for every PP, split, VPP and DP tried with it.
void BM_OneLayoutInTheSearch(benchmark::State& state) {
  auto in = resolved_gpt3_layout();
  const llm_sizer::LayerCosts costs = llm_sizer::layer_costs(in);
  int i = 0;
  for (auto _ : state) {
    in.memory.layout.dp = 12 + 12 * (++i & 1);
    in.memory.layout.microbatches = 1536 / in.memory.layout.dp;
    const auto peak = llm_sizer::training_peak(in.memory);
    benchmark::DoNotOptimize(llm_sizer::training_time(in, peak.params_per_card, costs));
  }
}
BENCHMARK(BM_OneLayoutInTheSearch);

// A search, with the layouts it evaluated and the time per layout.
void run_search(benchmark::State& state, const llm_sizer::Plan& plan) {
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

// Issue 12: DeepSeek-V3 (671B, 256 routed experts) on 2,048 H800 with EP, ETP, CP, VPP and
// uneven splits searched, at the family's global batch.
void BM_SearchDeepSeekV3On2048H800(benchmark::State& state) {
  llm_sizer::Plan plan;
  plan.model = "deepseek-v3";
  plan.accelerator = "h800-80g";
  plan.cluster_gpus = 2048;
  plan.tokens = 14.8e12;
  run_search(state, plan);
}
BENCHMARK(BM_SearchDeepSeekV3On2048H800)->Unit(benchmark::kMillisecond);

// Issue 12: a deadline with a fixed batch: Llama 3.1 70B, H200, 1024 sequences, 15T tokens, 90
// days — the fewest GPUs that meet it, every DP the batch allows.
void BM_SearchLlama70bDeadline(benchmark::State& state) {
  llm_sizer::Plan plan;
  plan.model = "llama-3.1-70b";
  plan.accelerator = "h200-141g";
  plan.global_batch = 1024;
  plan.tokens = 15e12;
  plan.deadline_days = 90;
  run_search(state, plan);
}
BENCHMARK(BM_SearchLlama70bDeadline)->Unit(benchmark::kMillisecond);

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
