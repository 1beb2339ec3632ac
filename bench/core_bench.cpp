// Speed of the core, native. Run: npm run bench (figures in docs/performance.md).
#include <benchmark/benchmark.h>

#include "llm_sizer/model.hpp"
#include "llm_sizer/plan_codec.hpp"
#include "llm_sizer/precision.hpp"
#include "llm_sizer/report.hpp"
#include "llm_sizer/training_memory.hpp"

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

}  // namespace

BENCHMARK_MAIN();
