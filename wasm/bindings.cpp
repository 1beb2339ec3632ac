// The wasm boundary: the only file that includes Embind. Plain JS objects in and out (no handles
// to delete); snake_case core names become camelCase here, once, by one rule.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>
#include <string_view>
#include <vector>

#include "llm_sizer/accelerator.hpp"
#include "llm_sizer/comparison.hpp"
#include "llm_sizer/hf_config.hpp"
#include "llm_sizer/model.hpp"
#include "llm_sizer/plan_codec.hpp"
#include "llm_sizer/plan_fields.hpp"
#include "llm_sizer/precision.hpp"
#include "llm_sizer/report.hpp"

using emscripten::val;

namespace llm_sizer {
namespace {

std::string camel_case(std::string_view snake) {
  std::string out;
  bool upper = false;
  for (char c : snake) {
    if (c == '_') {
      upper = true;
    } else {
      out += upper && c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
      upper = false;
    }
  }
  return out;
}

val to_js(double v) { return val(v); }
val to_js(bool v) { return val(v); }
val to_js(const std::string& v) { return val(v); }
val to_js(const std::optional<double>& v) { return v ? val(*v) : val::undefined(); }
val to_js(const std::vector<IssueParam>& params) {
  val object = val::object();
  for (const auto& p : params) object.set(p.name, val(p.value));
  return object;
}
template <class T>
val to_js(const std::vector<T>& items);
template <class T>
val to_js(const T& object);

class ToJs {
 public:
  template <class T>
  void field(std::string_view name, const T& value) {
    object.set(camel_case(name), to_js(value));
  }
  val object = val::object();
};

template <class T>
val to_js(const std::vector<T>& items) {
  val array = val::array();
  for (const auto& item : items) array.call<void>("push", to_js(item));
  return array;
}

template <class T>
val to_js(const T& object) {
  ToJs visitor;
  visit_fields(visitor, object);
  return visitor.object;
}

// The plan as the page holds it: every input as the text the user typed ("" = automatic).
val plan_texts(const Plan& plan) {
  val texts = val::object();
  for (const auto& field : plan_fields()) {
    texts.set(camel_case(field.id), val(field_text(field, plan)));
  }
  return texts;
}

// Reads typed texts (or numbers) into a plan; unreadable numbers become not_a_number issues.
Plan plan_from_texts(const val& texts, std::vector<Issue>& issues) {
  Plan plan;
  if (texts.typeOf().as<std::string>() != "object" || texts.isNull()) return plan;
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

val evaluate_texts(const val& texts) {
  std::vector<Issue> read_issues;
  const Plan plan = plan_from_texts(texts, read_issues);
  Report report = evaluate(plan);
  report.issues.insert(report.issues.begin(), read_issues.begin(), read_issues.end());
  val result = val::object();
  result.set("texts", plan_texts(plan));
  result.set("link", val(encode_link(plan)));
  result.set("setup", to_js(report.setup));
  result.set("articleTraining", to_js(report.article_training));
  result.set("articleInference", to_js(report.article_inference));
  result.set("training", to_js(report.training));
  result.set("comparison", to_js(comparison_matrix(plan)));
  result.set("issues", to_js(report.issues));
  result.set("ok", val(!has_error(report.issues)));
  return result;
}

val decode_link_js(const std::string& link) {
  const DecodedLink decoded = decode_link(link);
  val result = val::object();
  result.set("texts", plan_texts(decoded.plan));
  result.set("issues", to_js(decoded.issues));
  return result;
}

std::string encode_link_js(const val& texts) {
  std::vector<Issue> ignored;
  return encode_link(plan_from_texts(texts, ignored));
}

// The CLI's --json documents, for the page's JSON export.
std::string export_json_js(const val& texts, const std::string& kind) {
  std::vector<Issue> read_issues;
  const Plan plan = plan_from_texts(texts, read_issues);
  Report report = evaluate(plan);
  report.issues.insert(report.issues.begin(), read_issues.begin(), read_issues.end());
  return kind == "inference" ? inference_json(report) : training_json(report);
}

// A pasted config.json → the plan texts it sets (camelCase ids), its name and the issues.
val import_hf_config_js(const std::string& text) {
  const HfImport imported = import_hf_config(text);
  val texts = val::object();
  for (const auto& t : imported.texts) texts.set(camel_case(t.field), val(t.text));
  val result = val::object();
  result.set("texts", texts);
  result.set("modelName", val(imported.model_name));
  result.set("modelType", val(imported.model_type));
  result.set("family", val(imported.family));
  result.set("issues", to_js(imported.issues));
  result.set("ok", val(imported.ok()));
  return result;
}

val catalog_js() {
  val models = val::array();
  for (const auto& m : model_catalog()) {
    val o = val::object();
    o.set("id", val(m.id));
    o.set("name", val(m.name));
    o.set("params", val(m.nominal_params));
    o.set("paramsTotal", val(count_params(m.architecture).total));
    o.set("source", val(m.source));
    o.set("note", val(m.note));
    models.call<void>("push", o);
  }
  val accelerators = val::array();
  for (const auto& a : accelerator_catalog()) {
    val o = val::object();
    o.set("id", val(a.id));
    o.set("name", val(a.name));
    o.set("vendor", val(a.vendor));
    o.set("memoryGb", val(a.memory_gb));
    o.set("gpusPerNode", to_js(a.gpus_per_node));
    o.set("bf16DenseTflops", to_js(a.bf16_dense_tflops));
    o.set("fp8DenseTflops", to_js(a.fp8_dense_tflops));
    o.set("hbmBandwidthTbps", to_js(a.hbm_bandwidth_tbps));
    o.set("powerW", to_js(a.power_w));
    o.set("source", val(a.source));
    o.set("confidence", val(a.confidence));
    o.set("note", val(a.note));
    accelerators.call<void>("push", o);
  }
  val fields = val::array();
  for (const auto& f : plan_fields()) {
    val o = val::object();
    o.set("id", val(camel_case(f.id)));
    o.set("issueField", val(std::string(f.id)));
    o.set("linkKey", val(std::string(f.link_key)));
    o.set("cliFlag", val(std::string(f.cli_flag)));
    o.set("type", val(std::string(f.type == FieldType::kText      ? "text"
                                  : f.type == FieldType::kInteger ? "integer"
                                  : f.type == FieldType::kFlag    ? "flag"
                                                                  : "number")));
    o.set("unit", val(std::string(f.unit)));
    o.set("min", val(f.min));
    o.set("max", val(f.max));
    o.set("minExclusive", val(f.min_exclusive));
    o.set("group", val(std::string(f.group)));
    val choices = val::array();
    for (const auto& c : f.choices) choices.call<void>("push", val(std::string(c)));
    o.set("choices", choices);
    fields.call<void>("push", o);
  }
  val recipes = val::array();
  for (const auto& r : recipe_catalog()) {
    val o = val::object();
    o.set("id", val(std::string(r.id)));
    o.set("weightBytes", val(r.weight_bytes + r.weight_copy_bytes));
    o.set("gradBytes", val(r.grad_bytes));
    o.set("optimizerBytes", val(r.master_bytes + r.optimizer_bytes));
    o.set("totalBytes", val(r.total_bytes()));
    o.set("shardsOptimizer", val(r.shards_optimizer));
    recipes.call<void>("push", o);
  }
  val result = val::object();
  result.set("models", models);
  result.set("accelerators", accelerators);
  result.set("fields", fields);
  result.set("recipes", recipes);
  result.set("linkVersion", val(kLinkVersion));
  return result;
}

}  // namespace
}  // namespace llm_sizer

EMSCRIPTEN_BINDINGS(llm_sizer) {
  emscripten::function("evaluate", &llm_sizer::evaluate_texts);
  emscripten::function("decodeLink", &llm_sizer::decode_link_js);
  emscripten::function("encodeLink", &llm_sizer::encode_link_js);
  emscripten::function("exportJson", &llm_sizer::export_json_js);
  emscripten::function("catalog", &llm_sizer::catalog_js);
  emscripten::function("importHfConfig", &llm_sizer::import_hf_config_js);
}
