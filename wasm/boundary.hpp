#pragma once
// What crosses the wasm boundary, each object described once as a visit_fields over its
// (snake_case name, value) pairs, as the core's result structs are: wasm/bindings.cpp writes them
// as JSON with camelCase keys (JsonFieldWriter), and tools/gen_dts.cpp walks the very same
// descriptions to write their TypeScript declarations. Plain C++ (no Emscripten), so that the
// generator builds natively.
//
// The objects here hold pointers into what bindings.cpp computed (nothing is copied per call);
// `kTsName` is the name of the TypeScript interface where it differs from the C++ type's.

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
#include "llm_sizer/vllm_import.hpp"

namespace llm_sizer::boundary {

/// Every input of a plan as the text a user typed ("" = automatic), keyed by field id: PlanTexts
/// in TypeScript (one optional string per plan field).
struct PlanTexts {
  const Plan* plan = nullptr;
};

template <class Visitor>
void visit_fields(Visitor& v, const PlanTexts& t) {
  for (const auto& field : plan_fields()) v.field(field.id, field_text(field, *t.plan));
}

/// Only the inputs an import sets, as texts keyed by field id: also PlanTexts in TypeScript.
struct ImportedTexts {
  static constexpr std::string_view kTsName = "PlanTexts";
  const std::vector<HfFieldText>* texts = nullptr;
};

template <class Visitor>
void visit_fields(Visitor& v, const ImportedTexts& t) {
  for (const auto& text : *t.texts) v.field(text.field, text.text);
}

/// What the page's first module sends in place of what only the full module computes (the
/// serving model, the step time's band): { available: false }.
struct Unavailable {};

template <class Visitor>
void visit_fields(Visitor& v, const Unavailable&) {
  v.field("available", false);
}

/// evaluate(texts): the plan read from the texts, its link, and everything computed for it.
struct EvaluateResult {
  static constexpr std::string_view kTsName = "Report";
  const Plan* plan = nullptr;
  const Report* report = nullptr;
};

template <class Visitor>
void visit_fields(Visitor& v, const EvaluateResult& r) {
  v.field("texts", PlanTexts{r.plan});
  v.field("link", encode_link(*r.plan));
  v.field("setup", r.report->setup);
  v.field("article_training", r.report->article_training);
  v.field("article_inference", r.report->article_inference);
  v.field("training", r.report->training);
#ifdef LLM_SIZER_PAGE_MODULE
  // The serving model is the full module's: the page's module says only that it has none,
  // without the writer code of every serving field (5 KB gzipped of the first visit).
  v.field("inference", Unavailable{});
#else
  v.field("inference", r.report->inference);
#endif
#ifdef LLM_SIZER_PAGE_MODULE
  v.field("time_band", Unavailable{});
#else
  v.field("time_band", r.report->time_band);
#endif
  v.field("issues", r.report->issues);
  v.field("inputs", r.report->inputs);
  v.field("serving_computed", r.report->serving_computed);
  v.field("full_computed", r.report->full_computed);
  v.field("ok", !has_error(r.report->issues));
}

/// search(texts): the layout search, `ran` false when the plan's issues stopped it.
struct SearchOutcome {
  static constexpr std::string_view kTsName = "SearchReport";
  const SearchReport* report = nullptr;
};

template <class Visitor>
void visit_fields(Visitor& v, const SearchOutcome& s) {
  v.field("ran", s.report->ran);
  v.field("search", s.report->search);
  v.field("resolution", s.report->resolution);
  v.field("roomy_found", s.report->roomy_found);
  v.field("roomy", s.report->roomy);
  v.field("issues", s.report->issues);
}

/// searchBegin(texts): whether the search can run, and its units of work in all.
struct SearchStart {
  bool ready = false;
  double total = 0;
};

template <class Visitor>
void visit_fields(Visitor& v, const SearchStart& s) {
  v.field("ready", s.ready);
  v.field("total", s.total);
}

/// searchStep(units): whether the search has finished, and its units done of all.
struct SearchProgress {
  bool finished = false;
  double done = 0;
  double total = 0;
};

template <class Visitor>
void visit_fields(Visitor& v, const SearchProgress& s) {
  v.field("finished", s.finished);
  v.field("done", s.done);
  v.field("total", s.total);
}

/// decodeLink(link): the texts of the plan a link holds, and what could not be read.
struct DecodedLinkTexts {
  static constexpr std::string_view kTsName = "DecodedLink";
  const DecodedLink* decoded = nullptr;
};

template <class Visitor>
void visit_fields(Visitor& v, const DecodedLinkTexts& d) {
  v.field("texts", PlanTexts{&d.decoded->plan});
  v.field("issues", d.decoded->issues);
}

/// importHfConfig(text): the texts a config.json sets (camelCase ids), its name and the issues.
struct HfImportTexts {
  static constexpr std::string_view kTsName = "HfImport";
  const HfImport* imported = nullptr;
};

template <class Visitor>
void visit_fields(Visitor& v, const HfImportTexts& h) {
  v.field("texts", ImportedTexts{&h.imported->texts});
  v.field("model_name", h.imported->model_name);
  v.field("model_type", h.imported->model_type);
  v.field("family", h.imported->family);
  v.field("issues", h.imported->issues);
  v.field("ok", h.imported->ok());
}

/// importVllmCommand(text): the texts a `vllm serve …` command sets, its model and the issues.
struct VllmImportTexts {
  static constexpr std::string_view kTsName = "VllmImport";
  const VllmImport* imported = nullptr;
};

template <class Visitor>
void visit_fields(Visitor& v, const VllmImportTexts& h) {
  v.field("texts", ImportedTexts{&h.imported->texts});
  v.field("model", h.imported->model);
  v.field("issues", h.imported->issues);
  v.field("ok", h.imported->ok());
}

/// The name of a field type, as FieldSpec.type carries it.
constexpr std::string_view field_type_name(FieldType type) {
  switch (type) {
    case FieldType::kText:
      return "text";
    case FieldType::kInteger:
      return "integer";
    case FieldType::kFlag:
      return "flag";
    case FieldType::kNumber:
      break;
  }
  return "number";
}

/// catalog(): the presets, the plan's inputs and the recipes.
struct Catalog {};

template <class Visitor>
void visit_fields(Visitor& v, const Catalog&) {
  v.field("models", model_catalog());
  v.field("accelerators", accelerator_catalog());
  v.field("fields", plan_fields());
  v.field("recipes", recipe_catalog());
  v.field("link_version", static_cast<double>(kLinkVersion));
}

}  // namespace llm_sizer::boundary

// The catalogs' entries are the core's own structs: their visit_fields live with the core's
// types (found by argument-dependent lookup), written here because only the boundary shows them.
namespace llm_sizer {

/// A model preset as the page lists it.
template <class Visitor>
void visit_fields(Visitor& v, const ModelPreset& m) {
  v.field("id", m.id);
  v.field("name", m.name);
  v.field("params", m.nominal_params);
  v.field("params_total", count_params(m.architecture).total);
  v.field("source", m.source);
  v.field("note", m.note);
}

/// An accelerator preset; figures nobody published are null.
template <class Visitor>
void visit_fields(Visitor& v, const Accelerator& a) {
  v.field("id", a.id);
  v.field("name", a.name);
  v.field("vendor", a.vendor);
  v.field("memory_gb", a.memory_gb);
  v.field("capacity_bytes", a.capacity_bytes);  // as the driver reports it; null when unknown
  v.field("capacity_source", a.capacity_source);
  v.field("gpus_per_node", a.gpus_per_node);
  v.field("bf16_dense_tflops", a.bf16_dense_tflops);
  v.field("fp8_dense_tflops", a.fp8_dense_tflops);
  v.field("hbm_bandwidth_tbps", a.hbm_bandwidth_tbps);
  v.field("power_w", a.power_w);
  v.field("source", a.source);
  v.field("confidence", a.confidence);
  v.field("note", a.note);
}

/// A plan input: its ids, type, unit, range and choices (plan_fields.hpp).
template <class Visitor>
void visit_fields(Visitor& v, const FieldSpec& f) {
  v.field("id", camel_case(f.id));  // the key in PlanTexts
  v.field("issue_field", f.id);
  v.field("link_key", f.link_key);
  v.field("cli_flag", f.cli_flag);
  v.field("type", boundary::field_type_name(f.type));
  v.field("unit", f.unit);
  v.field("min", f.min);
  v.field("max", f.max);
  v.field("min_exclusive", f.min_exclusive);
  v.field("choice_list", f.choice_list);
  v.field("group", f.group);
  v.field("auto_rule", f.auto_rule);  // message key "rule.<auto_rule>"; "" for a fixed default
  v.field("choices", f.choices);
}

/// A precision recipe's bytes per parameter, as the article's derivation groups them.
template <class Visitor>
void visit_fields(Visitor& v, const Recipe& r) {
  v.field("id", std::string(r.id));
  v.field("weight_bytes", r.weight_bytes + r.weight_copy_bytes);
  v.field("grad_bytes", r.grad_bytes);
  v.field("optimizer_bytes", r.master_bytes + r.optimizer_bytes);
  v.field("total_bytes", r.total_bytes());
  v.field("shards_optimizer", r.shards_optimizer);
}

}  // namespace llm_sizer
