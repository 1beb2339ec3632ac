// The wasm boundary: the only file that includes Embind. Plain JS objects in and out (no handles
// to delete). Results are written by the core's JSON writer with camelCase keys (one rule, set
// here) and parsed by the engine's JSON.parse: one call across the boundary instead of one per
// field, so a whole report costs well under a millisecond. Unknown numbers arrive as null.
//
// Built twice (CMakeLists.txt): the full module, and with LLM_SIZER_PAGE_MODULE the page's first
// load, without the search, the config.json importer and the JSON export — those arrive with the
// full module only when they are first used (web/src/core/), which keeps ~20 KB gzipped off
// every first visit.
#include <emscripten/bind.h>
#include <emscripten/emscripten.h>
#include <emscripten/val.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "llm_sizer/accelerator.hpp"
#include "llm_sizer/comparison.hpp"
#include "llm_sizer/hf_config.hpp"
#include "llm_sizer/json_visitor.hpp"
#include "llm_sizer/model.hpp"
#include "llm_sizer/plan_codec.hpp"
#include "llm_sizer/plan_fields.hpp"
#include "llm_sizer/precision.hpp"
#include "llm_sizer/report.hpp"
#include "llm_sizer/resolve.hpp"
#include "llm_sizer/training_report.hpp"

using emscripten::val;

namespace llm_sizer {
namespace {

using Keys = JsonFieldWriter::Keys;

val parse(const std::string& json) { return val::global("JSON").call<val>("parse", json); }

// Writes an object from (name, value) pairs given to `fill`, camelCased.
template <class Fill>
val object(Fill fill) {
  JsonWriter out(0, JsonWriter::Numbers::kRoundTrip);
  JsonFieldWriter fields(out, Keys::kCamelCase);
  out.begin_object();
  fill(out, fields);
  out.end_object();
  return parse(out.str());
}

// The plan as the page holds it: every input as the text the user typed ("" = automatic).
void write_texts(JsonWriter& out, const Plan& plan) {
  out.begin_object();
  for (const auto& field : plan_fields()) {
    out.key(camel_case(field.id));
    out.value(std::string_view(field_text(field, plan)));
  }
  out.end_object();
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

Report report_for(const val& texts, Plan& plan) {
  std::vector<Issue> read_issues;
  plan = plan_from_texts(texts, read_issues);
#ifdef LLM_SIZER_PAGE_MODULE
  Report report = evaluate_without_serving(plan);
#else
  Report report = evaluate(plan);
#endif
  report.issues.insert(report.issues.begin(), read_issues.begin(), read_issues.end());
  return report;
}

val evaluate_texts(const val& texts) {
  Plan plan;
  const Report report = report_for(texts, plan);
  return object([&](JsonWriter& out, JsonFieldWriter& f) {
    out.key("texts");
    write_texts(out, plan);
    f.field("link", encode_link(plan));
    f.field("setup", report.setup);
    f.field("article_training", report.article_training);
    f.field("article_inference", report.article_inference);
    f.field("training", report.training);
    f.field("inference", report.inference);
    f.field("issues", report.issues);
    f.field("inputs", report.inputs);
    f.field("serving_computed", report.serving_computed);
    f.field("ok", !has_error(report.issues));
  });
}

val comparison_js(const val& texts) {
  std::vector<Issue> ignored;
  const Plan plan = plan_from_texts(texts, ignored);
  JsonWriter out(0, JsonWriter::Numbers::kRoundTrip);
  JsonFieldWriter(out, Keys::kCamelCase).write(comparison_matrix(plan));
  return parse(out.str());
}

val decode_link_js(const std::string& link) {
  const DecodedLink decoded = decode_link(link);
  return object([&](JsonWriter& out, JsonFieldWriter& f) {
    out.key("texts");
    write_texts(out, decoded.plan);
    f.field("issues", decoded.issues);
  });
}

std::string encode_link_js(const val& texts) {
  std::vector<Issue> ignored;
  return encode_link(plan_from_texts(texts, ignored));
}

const char* field_type(FieldType type) {
  switch (type) {
    case FieldType::kText:
      return "text";
    case FieldType::kInteger:
      return "integer";
    case FieldType::kFlag:
      return "flag";
    default:
      return "number";
  }
}

val catalog_js() {
  JsonWriter out(0);
  JsonFieldWriter f(out, Keys::kCamelCase);
  out.begin_object();
  out.key("models").begin_array();
  for (const auto& m : model_catalog()) {
    out.begin_object();
    f.field("id", m.id);
    f.field("name", m.name);
    f.field("params", m.nominal_params);
    f.field("params_total", count_params(m.architecture).total);
    f.field("source", m.source);
    f.field("note", m.note);
    out.end_object();
  }
  out.end_array();
  out.key("accelerators").begin_array();
  for (const auto& a : accelerator_catalog()) {
    out.begin_object();
    f.field("id", a.id);
    f.field("name", a.name);
    f.field("vendor", a.vendor);
    f.field("memory_gb", a.memory_gb);
    f.field("gpus_per_node", a.gpus_per_node);
    f.field("bf16_dense_tflops", a.bf16_dense_tflops);
    f.field("fp8_dense_tflops", a.fp8_dense_tflops);
    f.field("hbm_bandwidth_tbps", a.hbm_bandwidth_tbps);
    f.field("power_w", a.power_w);
    f.field("source", a.source);
    f.field("confidence", a.confidence);
    f.field("note", a.note);
    out.end_object();
  }
  out.end_array();
  out.key("fields").begin_array();
  for (const auto& field : plan_fields()) {
    out.begin_object();
    f.field("id", camel_case(field.id));
    f.field("issue_field", std::string(field.id));
    f.field("link_key", std::string(field.link_key));
    f.field("cli_flag", std::string(field.cli_flag));
    f.field("type", std::string(field_type(field.type)));
    f.field("unit", std::string(field.unit));
    f.field("min", field.min);
    f.field("max", field.max);
    f.field("min_exclusive", field.min_exclusive);
    f.field("choice_list", field.choice_list);
    f.field("group", std::string(field.group));
    f.field("auto_rule", std::string(field.auto_rule));
    out.key("choices").begin_array();
    for (const auto& c : field.choices) out.value(c);
    out.end_array();
    out.end_object();
  }
  out.end_array();
  out.key("recipes").begin_array();
  for (const auto& r : recipe_catalog()) {
    out.begin_object();
    f.field("id", std::string(r.id));
    f.field("weight_bytes", r.weight_bytes + r.weight_copy_bytes);
    f.field("grad_bytes", r.grad_bytes);
    f.field("optimizer_bytes", r.master_bytes + r.optimizer_bytes);
    f.field("total_bytes", r.total_bytes());
    f.field("shards_optimizer", r.shards_optimizer);
    out.end_object();
  }
  out.end_array();
  f.field("link_version", static_cast<double>(kLinkVersion));
  out.end_object();
  return parse(out.str());
}

#ifndef LLM_SIZER_PAGE_MODULE
val search_js(const val& texts) {
  std::vector<Issue> read_issues;
  const Plan plan = plan_from_texts(texts, read_issues);
  SearchReport report = search_plan(plan);
  report.issues.insert(report.issues.begin(), read_issues.begin(), read_issues.end());
  return object([&](JsonWriter&, JsonFieldWriter& f) {
    f.field("ran", report.ran);
    f.field("search", report.search);
    f.field("issues", report.issues);
  });
}

// The search in steps, for the page's worker: it reports progress between steps and stops when
// cancelled. One search at a time per module instance (the worker owns its module).
struct SteppedSearch {
  std::unique_ptr<LayoutSearch> search;
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
  return object([&](JsonWriter&, JsonFieldWriter& f) {
    f.field("ready", s.search != nullptr);
    f.field("total", s.search ? s.search->total() : 0.0);
  });
}

val search_step_js(double units) {
  SteppedSearch& s = stepped();
  const bool finished = !s.search || s.search->run(units);
  return object([&](JsonWriter&, JsonFieldWriter& f) {
    f.field("finished", finished);
    f.field("done", s.search ? s.search->done() : 0.0);
    f.field("total", s.search ? s.search->total() : 0.0);
  });
}

val search_end_js() {
  SteppedSearch& s = stepped();
  if (s.search) {
    s.report.search = s.search->result();
    s.report.ran = true;
    finish_search(s.report);
  }
  s.search.reset();
  return object([&](JsonWriter&, JsonFieldWriter& f) {
    f.field("ran", s.report.ran);
    f.field("search", s.report.search);
    f.field("issues", s.report.issues);
  });
}

// The CLI's --json documents, for the page's JSON export.
std::string export_json_js(const val& texts, const std::string& kind) {
  Plan plan;
  const Report report = report_for(texts, plan);
  return kind == "inference" ? inference_json(report) : training_json(report);
}

// A pasted config.json → the plan texts it sets (camelCase ids), its name and the issues.
val import_hf_config_js(const std::string& text) {
  const HfImport imported = import_hf_config(text);
  return object([&](JsonWriter& out, JsonFieldWriter& f) {
    out.key("texts").begin_object();
    for (const auto& t : imported.texts) {
      out.key(camel_case(t.field));
      out.value(std::string_view(t.text));
    }
    out.end_object();
    f.field("model_name", imported.model_name);
    f.field("model_type", imported.model_type);
    f.field("family", imported.family);
    f.field("issues", imported.issues);
    f.field("ok", imported.ok());
  });
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

#endif  // LLM_SIZER_PAGE_MODULE

}  // namespace
}  // namespace llm_sizer

EMSCRIPTEN_BINDINGS(llm_sizer) {
  emscripten::function("evaluate", &llm_sizer::evaluate_texts);
  emscripten::function("comparison", &llm_sizer::comparison_js);
  emscripten::function("decodeLink", &llm_sizer::decode_link_js);
  emscripten::function("encodeLink", &llm_sizer::encode_link_js);
  emscripten::function("catalog", &llm_sizer::catalog_js);
#ifndef LLM_SIZER_PAGE_MODULE
  emscripten::function("exportJson", &llm_sizer::export_json_js);
  emscripten::function("search", &llm_sizer::search_js);
  emscripten::function("searchBegin", &llm_sizer::search_begin_js);
  emscripten::function("searchStep", &llm_sizer::search_step_js);
  emscripten::function("searchEnd", &llm_sizer::search_end_js);
  emscripten::function("benchmarkLayoutNs", &llm_sizer::benchmark_layout_ns);
  emscripten::function("importHfConfig", &llm_sizer::import_hf_config_js);
#endif
}
