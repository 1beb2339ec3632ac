#include "llm_sizer/json_visitor.hpp"

namespace llm_sizer {

void JsonFieldWriter::key(std::string_view name) {
  if (keys_ == Keys::kCamelCase && name.size() <= 64) {
    // Thousands of keys per report: camelCased on the stack, not in a new string each.
    char camel[64];
    out_.key(std::string_view(camel, camel_case_into(name, camel)));
  } else if (keys_ == Keys::kCamelCase) {
    out_.key(camel_case(name));
  } else {
    out_.key(name);
  }
}

void JsonFieldWriter::field(std::string_view name, double value) {
  key(name);
  out_.value(value);
}

void JsonFieldWriter::field(std::string_view name, bool value) {
  key(name);
  out_.value(value);
}

void JsonFieldWriter::field(std::string_view name, const std::string& value) {
  key(name);
  out_.value(std::string_view(value));
}

}  // namespace llm_sizer
