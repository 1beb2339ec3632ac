// Speed of the core, native. Run: npm run bench
#include <benchmark/benchmark.h>

#include "llm_sizer/plan_codec.hpp"
#include "llm_sizer/report.hpp"

namespace {

llm_sizer::Plan article_plan() {
  llm_sizer::Plan plan;
  plan.pp = 10;
  plan.cluster_gpus = 1000;
  return plan;
}

void BM_EvaluateArticlePlan(benchmark::State& state) {
  const auto plan = article_plan();
  for (auto _ : state) benchmark::DoNotOptimize(llm_sizer::evaluate(plan));
}
BENCHMARK(BM_EvaluateArticlePlan);

// The serving model alone (the page recomputes it, with its ~30-point curve, on every keystroke).
void BM_ServingModelMoe(benchmark::State& state) {
  llm_sizer::Plan plan;
  plan.model = "deepseek-v3";
  plan.accelerator = "h200-141g";
  plan.infer_batch = 64;
  std::vector<llm_sizer::Issue> issues;
  const auto setup = llm_sizer::resolve_setup(plan, issues);
  for (auto _ : state) {
    issues.clear();
    benchmark::DoNotOptimize(llm_sizer::full_inference(plan, setup, issues));
  }
}
BENCHMARK(BM_ServingModelMoe);

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
