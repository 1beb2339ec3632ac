#include "json_output.hpp"

#include <cmath>

#include "llm_sizer/accelerator.hpp"
#include "llm_sizer/json_visitor.hpp"
#include "llm_sizer/model.hpp"
#include "llm_sizer/plan_codec.hpp"
#include "llm_sizer/plan_fields.hpp"

namespace llm_sizer::cli {
namespace {

// A document the core wrote, indented one level deeper to nest it. Safe to do on the text: the
// writer escapes every newline inside a string, so each newline here is the writer's own.
std::string nested(std::string json) {
  while (!json.empty() && json.back() == '\n') json.pop_back();
  std::string out;
  out.reserve(json.size() + json.size() / 8);
  for (char c : json) {
    out += c;
    if (c == '\n') out += "  ";
  }
  return out;
}

}  // namespace

std::string open_json(const Report& report) {
  JsonWriter plan;
  plan.begin_object();
  for (const auto& field : plan_fields()) {
    plan.key(field.id);
    if (field.is_text()) {
      plan.value(std::string_view(field.get_text(report.plan)));
    } else {
      const auto v = field.get_number(report.plan);
      if (v) {
        plan.value(*v);  // NaN and infinities become null
      } else {
        plan.null();
      }
    }
  }
  plan.end_object();
  return "{\n  \"link\": " + json_quote(encode_link(report.plan)) +
         ",\n  \"plan\": " + nested(plan.str()) +
         ",\n  \"training\": " + nested(training_json(report)) +
         ",\n  \"inference\": " + nested(inference_json(report)) + "\n}\n";
}

std::string models_json() {
  JsonWriter out;
  JsonFieldWriter f(out);
  out.begin_array();
  for (const auto& preset : model_catalog()) {
    out.begin_object();
    f.field("id", preset.id);
    f.field("name", preset.name);
    f.field("params", preset.nominal_params);
    if (preset.has_architecture()) {
      f.field("params_counted", count_params(preset.architecture).total);
      f.field("architecture", preset.architecture);
    } else {
      out.key("params_counted").null();
      out.key("architecture").null();
    }
    f.field("source", preset.source);
    f.field("note", preset.note);
    out.end_object();
  }
  out.end_array();
  return out.str() + "\n";
}

std::string accelerators_json() {
  JsonWriter out;
  JsonFieldWriter f(out);
  out.begin_array();
  for (const auto& a : accelerator_catalog()) {
    out.begin_object();
    f.field("id", a.id);
    f.field("name", a.name);
    f.field("vendor", a.vendor);
    f.field("memory_gb", a.memory_gb);
    // What the driver reports (the full memory model's capacity), in bytes and GiB.
    f.field("capacity_bytes", a.capacity_bytes);
    f.field("capacity_gib", capacity_bytes_or_nominal(a) / 1073741824.0);
    f.field("capacity_source", a.capacity_source);
    f.field("gpus_per_node", a.gpus_per_node);
    f.field("nvlink_domain_gpus", a.nvlink_domain_gpus);
    f.field("bf16_dense_tflops", a.bf16_dense_tflops);
    f.field("fp8_dense_tflops", a.fp8_dense_tflops);
    f.field("hbm_bandwidth_tbps", a.hbm_bandwidth_tbps);
    f.field("intra_node_bandwidth_gbps", a.intra_node_bandwidth_gbps);
    f.field("inter_node_bandwidth_gbps", a.inter_node_bandwidth_gbps);
    f.field("power_w", a.power_w);
    f.field("price_per_hour_usd", a.price_per_hour_usd);
    f.field("host_link_gbps", a.host_link_gbps);
    f.field("source", a.source);
    f.field("confidence", a.confidence);
    f.field("note", a.note);
    out.end_object();
  }
  out.end_array();
  return out.str() + "\n";
}

}  // namespace llm_sizer::cli
