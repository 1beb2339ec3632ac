#include "llm_sizer/json.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <string>

namespace llm_sizer {
namespace {

TEST(Json, ParsesAConfigLikeDocument) {
  const auto r = parse_json(R"({"hidden_size": 4096, "tie_word_embeddings": false,
      "architectures": ["LlamaForCausalLM"], "rope_scaling": null, "x": -1.5e3})");
  ASSERT_TRUE(r.value.has_value()) << r.error;
  EXPECT_EQ(r.value->find("hidden_size")->as_number(), 4096);
  EXPECT_FALSE(r.value->find("tie_word_embeddings")->as_bool());
  EXPECT_EQ(r.value->find("architectures")->as_array()[0].as_string(), "LlamaForCausalLM");
  EXPECT_TRUE(r.value->find("rope_scaling")->is_null());
  EXPECT_EQ(r.value->find("x")->as_number(), -1500);
  EXPECT_EQ(r.value->find("missing"), nullptr);
}

TEST(Json, DecodesEscapesAndSurrogatePairs) {
  const auto r = parse_json(R"(["\u4e2d\u6587", "\ud83d\ude00", "a\"b\\c\n"])");
  ASSERT_TRUE(r.value.has_value());
  EXPECT_EQ(r.value->as_array()[0].as_string(), "中文");
  EXPECT_EQ(r.value->as_array()[1].as_string(), "😀");
  EXPECT_EQ(r.value->as_array()[2].as_string(), "a\"b\\c\n");
}

TEST(Json, ReportsErrorsWithTheirOffset) {
  struct Case {
    const char* text;
    const char* error;
    std::size_t offset;
  };
  for (const auto& c :
       {Case{"{\"a\": }", "syntax", 6}, Case{"[1, 2", "syntax", 5}, Case{"01", "trailing", 1},
        Case{"{} x", "trailing", 3}, Case{"\"\\x\"", "string", 3}, Case{"-", "number", 1},
        Case{"\"\\ud800\"", "string", 7}, Case{"", "syntax", 0}}) {
    const auto r = parse_json(c.text);
    EXPECT_FALSE(r.value.has_value()) << c.text;
    EXPECT_EQ(r.error, c.error) << c.text;
    EXPECT_EQ(r.offset, c.offset) << c.text;
  }
}

TEST(Json, RefusesDeepNestingInsteadOfOverflowingTheStack) {
  const std::string deep(100000, '[');
  const auto r = parse_json(deep);
  EXPECT_FALSE(r.value.has_value());
  EXPECT_EQ(r.error, "depth");
}

// Whole numbers take a path without strtod; every literal must still read as strtod reads it.
TEST(Json, NumbersReadAsStrtodReadsThem) {
  for (const char* literal :
       {"0", "-0", "7", "-42", "4096", "999999999999999", "-999999999999999", "1000000000000000",
        "9007199254740993", "12345678901234567890", "1.5", "-0.25", "1e3", "2E-2", "0.1"}) {
    const auto r = parse_json(literal);
    ASSERT_TRUE(r.value.has_value()) << literal;
    const double expected = std::strtod(literal, nullptr);
    EXPECT_EQ(r.value->as_number(), expected) << literal;
    EXPECT_EQ(std::signbit(r.value->as_number()), std::signbit(expected)) << literal;
  }
}

TEST(Json, StringsWithEscapesBetweenPlainRunsReadWhole) {
  const auto r = parse_json(R"(["plain", "", "ab\tcd\"ef\u00e9gh", "x\\"])");
  ASSERT_TRUE(r.value.has_value()) << r.error;
  EXPECT_EQ(r.value->as_array()[0].as_string(), "plain");
  EXPECT_EQ(r.value->as_array()[1].as_string(), "");
  EXPECT_EQ(r.value->as_array()[2].as_string(), "ab\tcd\"ef\xC3\xA9gh");
  EXPECT_EQ(r.value->as_array()[3].as_string(), "x\\");
  // A raw control character is refused, the offset just past it (as for a bad escape).
  EXPECT_EQ(parse_json("\"ab\x01\"").offset, 4u);
  EXPECT_EQ(parse_json("\"abc").error, "string");
}

TEST(JsonMemberIndex, FindsFirstAndLastOfRepeatedNamesAndMarksRepeats) {
  const auto r = parse_json(R"({"a": 1, "b": 2, "a": 3, "": 4, "c": 5, "a": 6})");
  ASSERT_TRUE(r.value.has_value());
  const JsonMemberIndex index(r.value->as_object());
  EXPECT_EQ(index.first("a"), 0u);
  EXPECT_EQ(index.last("a"), 5u);
  EXPECT_EQ(index.first("b"), 1u);
  EXPECT_EQ(index.last("b"), 1u);
  EXPECT_EQ(index.first(""), 3u);
  EXPECT_EQ(index.first("d"), JsonMemberIndex::npos);
  EXPECT_EQ(index.last("d"), JsonMemberIndex::npos);
  const bool firsts[] = {true, true, false, true, true, false};
  for (std::size_t i = 0; i < 6; ++i) EXPECT_EQ(index.is_first(i), firsts[i]) << i;
  // Many names, so that probing wraps and collides: each is found where it is.
  JsonObject many;
  for (int i = 0; i < 5000; ++i) many.emplace_back("k" + std::to_string(i), JsonValue());
  const JsonMemberIndex big(many);
  for (std::size_t i = 0; i < many.size(); ++i) ASSERT_EQ(big.last(many[i].first), i);
  EXPECT_EQ(big.first("k5000"), JsonMemberIndex::npos);
  const JsonObject none;
  EXPECT_EQ(JsonMemberIndex(none).first("a"), JsonMemberIndex::npos);
}

TEST(JsonWriter, WritesNestedValuesAndNullForNonFinite) {
  JsonWriter w(0);
  w.begin_object().key("a").value(1.5).key("b").begin_array().value("x").null().end_array();
  w.key("c").value(std::nan("")).key("d").value(true).end_object();
  EXPECT_EQ(w.str(), R"({"a":1.5,"b":["x",null],"c":null,"d":true})");
  const auto back = parse_json(w.str());
  ASSERT_TRUE(back.value.has_value());
}

TEST(JsonWriter, EscapesControlCharactersAndQuotes) {
  EXPECT_EQ(json_quote("a\"b\x01"), R"("a\"b\u0001")");
}

}  // namespace
}  // namespace llm_sizer

namespace llm_sizer {
namespace {

TEST(JsonWriter, RoundTripNumbersReadBackToTheSameDouble) {
  for (const double v : {0.1 + 0.2, 16.060522496, 1.0 / 3, 6.02214076e23, -2.5e-300}) {
    JsonWriter w(0, JsonWriter::Numbers::kRoundTrip);
    w.value(v);
    EXPECT_EQ(std::strtod(w.str().c_str(), nullptr), v) << w.str();
  }
  JsonWriter w(0, JsonWriter::Numbers::kRoundTrip);
  w.begin_array().value(960.0).value(1e21).end_array();
  EXPECT_EQ(w.str(), "[960,1e+21]");
}

}  // namespace
}  // namespace llm_sizer
