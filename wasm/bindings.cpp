// The wasm boundary: the only file that includes Embind. Plain JS objects in and out (no handles
// to delete). Results (described in boundary.hpp, which also generates their TypeScript types)
// are written by the core's JSON writer with camelCase keys (one rule, set here) and parsed by
// the engine's JSON.parse: one call across the boundary instead of one per field, so a whole
// report costs well under a millisecond. Unknown numbers arrive as null.
//
// Built twice (CMakeLists.txt): the full module, and with LLM_SIZER_PAGE_MODULE the page's first
// load, without the search, the config.json importer and the JSON export — those arrive with the
// full module only when they are first used (web/src/core/), which keeps ~20 KB gzipped off
// every first visit.
#include <emscripten/bind.h>
#include <emscripten/emscripten.h>
#include <emscripten/val.h>

#include <cstring>
#include <limits>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "boundary.hpp"
#include "llm_sizer/json_visitor.hpp"
#include "llm_sizer/resolve.hpp"
#include "llm_sizer/serving_fleet.hpp"
#include "llm_sizer/training_report.hpp"
#include "llm_sizer/vllm_import.hpp"

using emscripten::val;

namespace llm_sizer {
namespace {

val parse(const std::string& json) { return val::global("JSON").call<val>("parse", json); }

// One object of wasm/boundary.hpp (or a core result struct) as a JS object with camelCase keys,
// numbers at 17 significant digits (the same doubles, written without a search for the shortest).
// The writer is set up in one function for all of them (the page's wasm is on a byte budget).
val to_js(void (*write)(JsonFieldWriter&, const void*), const void* value) {
  JsonWriter out(0, JsonWriter::Numbers::kRoundTrip);
  JsonFieldWriter fields(out, JsonFieldWriter::Keys::kCamelCase);
  write(fields, value);
  return parse(out.str());
}

template <class T>
val to_js(const T& value) {
  return to_js([](JsonFieldWriter& f, const void* v) { f.write(*static_cast<const T*>(v)); },
               &value);
}

// Reads typed texts (or numbers) into a plan; unreadable numbers become not_a_number issues.
Plan plan_from_texts(const val& texts, std::vector<Issue>& issues) {
  Plan plan;
  if (texts.isNull() || texts.isUndefined() || texts.typeOf().as<std::string>() != "object") {
    return plan;
  }
  for (const auto& field : plan_fields()) {
    const val value = texts[camel_case(field.id)];
    if (value.isNumber() && !field.is_text()) {
      field.set_number(plan, value.as<double>());
      continue;
    }
    if (!value.isString()) continue;  // absent: the default
    auto found = set_field_from_text(field, plan, value.as<std::string>());
    issues.insert(issues.end(), found.begin(), found.end());
  }
  return plan;
}

Report report_for(const val& texts, Plan& plan, const EvaluateOptions& options = {}) {
  std::vector<Issue> read_issues;
  plan = plan_from_texts(texts, read_issues);
#ifdef LLM_SIZER_PAGE_MODULE
  Report report = evaluate_without_serving(plan, options);
#else
  Report report = evaluate(plan, options);
#endif
  report.issues.insert(report.issues.begin(), read_issues.begin(), read_issues.end());
  return report;
}

val evaluate_texts(const val& texts) {
  Plan plan;
  const Report report = report_for(texts, plan);
  return to_js(boundary::EvaluateResult{&plan, &report});
}

#ifndef LLM_SIZER_PAGE_MODULE
// evaluate() without the serving model: what the page computes per keystroke while it shows no
// serving panel (the step-time model and the memory derivation are in).
val evaluate_training_texts(const val& texts) {
  Plan plan;
  EvaluateOptions options;
  options.serving_model = false;
  const Report report = report_for(texts, plan, options);
  return to_js(boundary::EvaluateResult{&plan, &report});
}
#endif

val decode_link_js(const std::string& link) {
  const DecodedLink decoded = decode_link(link);
  return to_js(boundary::DecodedLinkTexts{&decoded});
}

std::string encode_link_js(const val& texts) {
  std::vector<Issue> ignored;
  return encode_link(plan_from_texts(texts, ignored));
}

val catalog_js() { return to_js(boundary::Catalog{}); }

#ifndef LLM_SIZER_PAGE_MODULE
// The article's 2.3.4 matrix: only its own view shows it, so it comes with the full module
// (2.2 KB gzipped off every first visit).
val comparison_js(const val& texts) {
  std::vector<Issue> ignored;
  return to_js(comparison_matrix(plan_from_texts(texts, ignored)));
}

val search_js(const val& texts) {
  std::vector<Issue> read_issues;
  const Plan plan = plan_from_texts(texts, read_issues);
  SearchReport report = search_plan(plan);
  report.issues.insert(report.issues.begin(), read_issues.begin(), read_issues.end());
  return to_js(boundary::SearchOutcome{&report});
}

// The search in steps, for the page's worker: it reports progress between steps and stops when
// cancelled. One search at a time per module instance (the worker owns its module).
struct SteppedSearch {
  std::unique_ptr<LayoutSearch> search;
  SearchSetup setup;
  SearchReport report;
};
SteppedSearch& stepped() {
  static SteppedSearch s;
  return s;
}

val search_begin_js(const val& texts) {
  std::vector<Issue> read_issues;
  const Plan plan = plan_from_texts(texts, read_issues);
  SearchSetup setup = prepare_search(plan);
  SteppedSearch& s = stepped();
  s.report = {};
  s.report.issues = read_issues;
  s.report.issues.insert(s.report.issues.end(), setup.issues.begin(), setup.issues.end());
  s.search.reset();
  if (setup.ready) s.search = std::make_unique<LayoutSearch>(setup.base, setup.options);
  s.setup = std::move(setup);
  return to_js(boundary::SearchStart{s.search != nullptr, s.search ? s.search->total() : 0.0});
}

val search_step_js(double units) {
  SteppedSearch& s = stepped();
  const bool finished = !s.search || s.search->run(units);
  return to_js(boundary::SearchProgress{finished, s.search ? s.search->done() : 0.0,
                                        s.search ? s.search->total() : 0.0});
}

val search_end_js() {
  SteppedSearch& s = stepped();
  if (s.search) {
    s.report.search = s.search->result();
    s.report.ran = true;
    finish_search(s.report, s.setup);
  }
  s.search.reset();
  return to_js(boundary::SearchOutcome{&s.report});
}

// The CLI's --json documents, for the page's JSON export.
std::string export_json_js(const val& texts, const std::string& kind) {
  Plan plan;
  const Report report = report_for(texts, plan);
  return kind == "inference" ? inference_json(report) : training_json(report);
}

// A pasted `vllm serve …` command → the plan texts it sets (camelCase ids) and the issues.
val import_vllm_command_js(const std::string& text) {
  const VllmImport imported = import_vllm_command(text);
  return to_js(boundary::VllmImportTexts{&imported});
}

// A pasted config.json → the plan texts it sets (camelCase ids), its name and the issues.
val import_hf_config_js(const std::string& text) {
  const HfImport imported = import_hf_config(text);
  return to_js(boundary::HfImportTexts{&imported});
}

// Times `iterations` evaluations of one layout inside the module (the boundary excluded), for
// the browser benchmark (tests/perf): nanoseconds per evaluation.
double benchmark_layout_ns(int iterations) {
  Plan plan;
  plan.pp = 10;
  plan.cluster_gpus = 1000;
  plan.tokens = 300e9;
  const ResolvedPlan resolved = resolve(plan);
  TrainingTimeInputs in;
  TrainingSettings settings;
  std::vector<Issue> issues;
  training_layout(resolved, 8, 10, 12, in, settings, issues);
  const double start = emscripten_get_now();
  double sink = 0;
  for (int i = 0; i < iterations; ++i) {
    in.memory.layout.micro_batch = 1 + (i & 1);
    const TrainingPeak peak = training_peak(in.memory);
    sink += training_time(in, peak.params_per_card).step_s;
  }
  const double elapsed_ms = emscripten_get_now() - start;
  return sink > 0 ? elapsed_ms * 1e6 / iterations : -1;
}

// Times `iterations` fleet searches for a plan inside the module (resolution and the boundary
// excluded), for the browser benchmark (tests/perf): milliseconds per search.
double benchmark_fleet_ms(const val& texts, int iterations) {
  std::vector<Issue> ignored;
  const ResolvedPlan resolved = resolve(plan_from_texts(texts, ignored));
  if (!resolved.serving.ready || iterations < 1) return -1;
  const FleetRequest request = fleet_request(resolved);
  const double start = emscripten_get_now();
  double sink = 0;
  for (int i = 0; i < iterations; ++i)
    sink += search_fleet(resolved.serving.inputs, request).evaluated;
  const double elapsed_ms = emscripten_get_now() - start;
  return sink > 0 ? elapsed_ms / iterations : -1;
}

// One GEMM as the step-time model times it on an accelerator preset (the GEMM validation's):
// "bf16", "fp8" (the framework's per-tensor recipe) or an fp8 recipe by its field name.
double gemm_seconds_js(const std::string& accelerator, const std::string& dtype, double m, double n,
                       double k) {
  if (dtype == "bf16") return preset_gemm_s(accelerator, false, m, n, k);
  return preset_gemm_s(accelerator, true, m, n, k, dtype == "fp8" ? "" : dtype);
}

// Quantizing one bf16 tensor under an fp8 recipe, as the step times it (the TransformerEngine
// GEMM benchmark's validation).
double quantize_seconds_js(const std::string& accelerator, const std::string& recipe,
                           double elements) {
  return preset_quantize_s(accelerator, recipe, elements);
}

// One NCCL collective within a node as the step-time model times it (the NVLink validation's).
double collective_seconds_js(const std::string& accelerator, const std::string& op, double gpus,
                             double bytes) {
  return preset_collective_s(accelerator, op, gpus, bytes);
}

// One causal attention call as the step-time model times it (the attention validation's): over a
// sliding window when `window` > 0, in FP8 when `dtype` is "fp8" or "mxfp8" (else "bf16").
double attention_seconds_js(const std::string& accelerator, double batch, double heads, double seq,
                            double head_dim, const std::string& pass, double window,
                            const std::string& dtype) {
  return preset_attention_s(accelerator, batch, heads, seq, head_dim, pass == "bwd", window,
                            dtype == "bf16" ? "" : dtype);
}

#endif  // LLM_SIZER_PAGE_MODULE

}  // namespace
}  // namespace llm_sizer

#ifdef LLM_SIZER_PAGE_MODULE
// The page's module links Embind's JS without its native library (CMakeLists.txt): libembind's
// one object (system/lib/embind/bind.cpp), linked whole, registers wide and UTF-16/32 strings,
// 64-bit integers and eighteen memory_view types too, whose names and JS converters every first
// visit would download (1.1 KB gzipped). These two functions take its place and register only
// what the page's functions pass: numbers, bool, UTF-8 strings and val.
namespace {
template <class T>
void register_integer(const char* name) {
  emscripten::internal::_embind_register_integer(emscripten::internal::TypeID<T>::get(), name,
                                                 sizeof(T), std::numeric_limits<T>::min(),
                                                 std::numeric_limits<T>::max());
}
}  // namespace

extern "C" {
// Embind names a type it has no registration for in its error messages: the mangled name.
EMSCRIPTEN_KEEPALIVE const char* __getTypeName(const std::type_info* type) {
  return strdup(type->name());
}

EMSCRIPTEN_KEEPALIVE __attribute__((constructor)) void
__embind_register_native_and_builtin_types() {
  using namespace emscripten::internal;
  _embind_register_void(TypeID<void>::get(), "void");
  _embind_register_bool(TypeID<bool>::get(), "bool", sizeof(bool), true, false);
  register_integer<char>("char");
  register_integer<signed char>("signed char");
  register_integer<unsigned char>("unsigned char");
  register_integer<short>("short");
  register_integer<unsigned short>("unsigned short");
  register_integer<int>("int");
  register_integer<unsigned int>("unsigned int");
  register_integer<long>("long");
  register_integer<unsigned long>("unsigned long");
  _embind_register_float(TypeID<float>::get(), "float", sizeof(float));
  _embind_register_float(TypeID<double>::get(), "double", sizeof(double));
  _embind_register_std_string(TypeID<std::string>::get(), "std::string");
  _embind_register_emval(TypeID<val>::get(), "emscripten::val");
}
}
#endif  // LLM_SIZER_PAGE_MODULE

EMSCRIPTEN_BINDINGS(llm_sizer) {
  emscripten::function("evaluate", &llm_sizer::evaluate_texts);
  emscripten::function("decodeLink", &llm_sizer::decode_link_js);
  emscripten::function("encodeLink", &llm_sizer::encode_link_js);
  emscripten::function("catalog", &llm_sizer::catalog_js);
#ifndef LLM_SIZER_PAGE_MODULE
  emscripten::function("evaluateTraining", &llm_sizer::evaluate_training_texts);
  emscripten::function("exportJson", &llm_sizer::export_json_js);
  emscripten::function("search", &llm_sizer::search_js);
  emscripten::function("searchBegin", &llm_sizer::search_begin_js);
  emscripten::function("searchStep", &llm_sizer::search_step_js);
  emscripten::function("searchEnd", &llm_sizer::search_end_js);
  emscripten::function("benchmarkLayoutNs", &llm_sizer::benchmark_layout_ns);
  emscripten::function("importHfConfig", &llm_sizer::import_hf_config_js);
  emscripten::function("comparison", &llm_sizer::comparison_js);
  emscripten::function("importVllmCommand", &llm_sizer::import_vllm_command_js);
  emscripten::function("benchmarkFleetMs", &llm_sizer::benchmark_fleet_ms);
  emscripten::function("gemmSeconds", &llm_sizer::gemm_seconds_js);
  emscripten::function("collectiveSeconds", &llm_sizer::collective_seconds_js);
  emscripten::function("attentionSeconds", &llm_sizer::attention_seconds_js);
  emscripten::function("quantizeSeconds", &llm_sizer::quantize_seconds_js);
#endif
}
