#pragma once
/// Writes any struct that has a `visit_fields` overload as JSON, with its snake_case names.

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "llm_sizer/issue.hpp"
#include "llm_sizer/json.hpp"

namespace llm_sizer {

/// snake_case → camelCase ("model_state_gb" → "modelStateGb"), for JavaScript consumers.
std::string camel_case(std::string_view snake);
/// camel_case written into `out` (at least snake.size() chars); returns its length.
std::size_t camel_case_into(std::string_view snake, char* out);

class JsonFieldWriter {
 public:
  enum class Keys { kSnakeCase, kCamelCase };
  explicit JsonFieldWriter(JsonWriter& out, Keys keys = Keys::kSnakeCase)
      : out_(out), keys_(keys) {}

  // The scalar fields are written out of line: every visit_fields() call site would otherwise
  // carry its own copy of the key's spelling and the value's writing, and the page's wasm has
  // hundreds of them (json_visitor.cpp).
  void field(std::string_view name, double value);
  void field(std::string_view name, bool value);
  void field(std::string_view name, const std::string& value);
  template <class T>
  void field(std::string_view name, const T& value) {
    key(name);
    write(value);
  }

  void key(std::string_view name);
  void write(double v) { out_.value(v); }
  void write(bool v) { out_.value(v); }
  void write(const std::string& v) { out_.value(std::string_view(v)); }
  void write(std::string_view v) { out_.value(v); }
  void write(const std::optional<double>& v) {
    if (v) {
      out_.value(*v);
    } else {
      out_.null();
    }
  }
  /// Message parameters read best as an object: {"min": "1", "max": "4096"}.
  void write(const std::vector<IssueParam>& params) {
    out_.begin_object();
    for (const auto& p : params) {
      out_.key(p.name);  // message parameters keep their names: they fill {placeholders}
      out_.value(std::string_view(p.value));
    }
    out_.end_object();
  }
  template <class T>
  void write(const std::vector<T>& items) {
    out_.begin_array();
    for (const auto& item : items) write(item);
    out_.end_array();
  }
  /// The core's tables (plan_fields(), a field's choices), written without copying them.
  template <class T>
  void write(std::span<const T> items) {
    out_.begin_array();
    for (const auto& item : items) write(item);
    out_.end_array();
  }
  template <class T>
  void write(const T& object) {
    out_.begin_object();
    visit_fields(*this, object);
    out_.end_object();
  }

 private:
  JsonWriter& out_;
  Keys keys_;
};

}  // namespace llm_sizer
