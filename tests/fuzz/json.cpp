// libFuzzer target: any bytes as JSON. The reader never crashes or recurses past its bound; what
// it accepts, written back by JsonWriter, reads again to the same value (strings as valid UTF-8:
// the reader keeps bytes that are not UTF-8, the writer replaces them with U+FFFD).
#include "llm_sizer/json.hpp"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_support.hpp"

namespace {

using llm_sizer::JsonValue;
using llm_sizer::JsonWriter;

void write(JsonWriter& out, const JsonValue& value) {
  if (value.is_null()) {
    out.null();
  } else if (value.is_bool()) {
    out.value(value.as_bool());
  } else if (value.is_number()) {
    out.value(value.as_number());
  } else if (value.is_string()) {
    out.value(std::string_view(value.as_string()));
  } else if (value.is_array()) {
    out.begin_array();
    for (const auto& item : value.as_array()) write(out, item);
    out.end_array();
  } else {
    out.begin_object();
    for (const auto& [key, member] : value.as_object()) {
      out.key(key);
      write(out, member);
    }
    out.end_object();
  }
}

// Equal as JSON: numbers too large for a double were read as infinities and are written as null;
// text is compared as the writer makes it valid UTF-8.
bool same(const JsonValue& a, const JsonValue& b) {
  using llm_sizer::valid_utf8;
  if (a.is_number() && std::isinf(a.as_number())) return b.is_null();
  if (a.is_null() || a.is_bool() || a.is_number() || a.is_string()) {
    if (a.is_null()) return b.is_null();
    if (a.is_bool()) return b.is_bool() && a.as_bool() == b.as_bool();
    if (a.is_number()) return b.is_number() && a.as_number() == b.as_number();
    return b.is_string() && valid_utf8(a.as_string()) == b.as_string();
  }
  if (a.is_array()) {
    if (!b.is_array() || a.as_array().size() != b.as_array().size()) return false;
    for (std::size_t i = 0; i < a.as_array().size(); ++i) {
      if (!same(a.as_array()[i], b.as_array()[i])) return false;
    }
    return true;
  }
  if (!b.is_object() || a.as_object().size() != b.as_object().size()) return false;
  for (std::size_t i = 0; i < a.as_object().size(); ++i) {
    if (valid_utf8(a.as_object()[i].first) != b.as_object()[i].first) return false;
    if (!same(a.as_object()[i].second, b.as_object()[i].second)) return false;
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace llm_sizer;
  const JsonParseResult parsed =
      parse_json(std::string_view(reinterpret_cast<const char*>(data), size));
  if (!parsed.value) {
    fuzz::require(!parsed.error.empty() && parsed.offset <= size, "a refusal without its place");
    return 0;
  }
  for (const int indent : {0, 2}) {
    JsonWriter out(indent);
    write(out, *parsed.value);
    const JsonParseResult again = parse_json(out.str());
    fuzz::require(again.value.has_value(), "written JSON does not read back", out.str());
    fuzz::require(same(*parsed.value, *again.value), "written JSON reads back different",
                  out.str());
  }
  return 0;
}
