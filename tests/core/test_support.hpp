#pragma once
// Helpers shared by the core tests: reading golden fixtures.

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

#include "llm_sizer/json.hpp"

namespace llm_sizer::test {

inline std::string read_fixture_text(const std::string& name) {
  std::ifstream in(std::string(LLM_SIZER_FIXTURES_DIR) + "/" + name, std::ios::binary);
  if (!in) throw std::runtime_error("missing fixture " + name);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

inline JsonValue read_fixture(const std::string& name) {
  const auto parsed = parse_json(read_fixture_text(name));
  if (!parsed.value) throw std::runtime_error("bad fixture " + name + ": " + parsed.error);
  return *parsed.value;
}

inline double number_at(const JsonValue& object, const char* key) {
  const JsonValue* v = object.find(key);
  if (v == nullptr || !v->is_number()) throw std::runtime_error(std::string("no number ") + key);
  return v->as_number();
}

inline std::string string_at(const JsonValue& object, const char* key) {
  const JsonValue* v = object.find(key);
  if (v == nullptr || !v->is_string()) throw std::runtime_error(std::string("no string ") + key);
  return v->as_string();
}

}  // namespace llm_sizer::test
