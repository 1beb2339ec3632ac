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
