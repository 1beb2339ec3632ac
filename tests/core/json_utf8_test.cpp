// The JSON writer's strings are always valid UTF-8 with no raw control character, whatever bytes
// it is given: ill-formed sequences become U+FFFD by "substitution of maximal subparts" (Unicode
// 15.0 §3.9, the practice of the WHATWG Encoding Standard's decoder, which the page's
// TextDecoder follows), and C0, DEL and C1 controls are escaped.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "llm_sizer/json.hpp"
#include "test_support.hpp"

namespace llm_sizer {
namespace {

std::string quoted(const std::string& inner) { return "\"" + inner + "\""; }

const std::string kFffd = "\xEF\xBF\xBD";

TEST(JsonUtf8, IllFormedBytesBecomeOneReplacementPerMaximalSubpart) {
  struct Case {
    const char* name;
    std::string bytes;
    std::string expected;  // from the Unicode Standard's tables, not from the code
  };
  const std::string r = kFffd;
  const std::vector<Case> cases = {
      // Unicode 15.0 §3.9, Table 3-8: 61 F1 80 80 E1 80 C2 62 80 63 80 BF 64 →
      // a, FFFD (F1 80 80), FFFD (E1 80), FFFD (C2), b, FFFD, c, FFFD, FFFD, d.
      {"Table 3-8",
       "a\xF1\x80\x80\xE1\x80\xC2"
       "b\x80"
       "c\x80\xBF"
       "d",
       "a" + r + r + r + "b" + r + "c" + r + r + "d"},
      // Table 3-9, non-shortest forms: C0 AF E0 80 BF F0 81 82 41 → eight FFFD, then A.
      {"Table 3-9",
       "\xC0\xAF\xE0\x80\xBF\xF0\x81\x82"
       "A",
       r + r + r + r + r + r + r + r + "A"},
      // Table 3-10, surrogates: ED A0 80 ED BF BF ED AF 41 → eight FFFD, then A.
      {"Table 3-10",
       "\xED\xA0\x80\xED\xBF\xBF\xED\xAF"
       "A",
       r + r + r + r + r + r + r + r + "A"},
      // Table 3-11, truncated sequences: E1 80 E2 F0 91 92 F1 BF 41 → four FFFD, then A.
      {"Table 3-11",
       "\xE1\x80\xE2\xF0\x91\x92\xF1\xBF"
       "A",
       r + r + r + r + "A"},
      {"a lone byte", "\xFF", r},
      {"above U+10FFFF", "\xF4\x90\x80\x80", r + r + r + r},
      {"cut at the end", "x\xE2\x82", "x" + r},
  };
  for (const auto& c : cases) {
    EXPECT_EQ(valid_utf8(c.bytes), c.expected) << c.name;
    EXPECT_EQ(json_quote(c.bytes), quoted(c.expected)) << c.name;
  }
}

TEST(JsonUtf8, ControlCharactersAreEscapedAndTheRestKept) {
  // ESC [2J clears a screen; U+009B (C2 9B) is the one-byte CSI; DEL and NUL.
  using namespace std::string_literals;
  EXPECT_EQ(json_quote("\x1b[2J\xC2\x9B"
                       "31m\x7F\x00z"s),
            R"("\u001b[2J\u009b31m\u007f\u0000z")");
  EXPECT_EQ(json_quote("\xC2\x80\xC2\x9F\xC2\xA0"), "\"\\u0080\\u009f\xC2\xA0\"");  // NBSP kept
  EXPECT_EQ(json_quote("a\nb\tc\"d\\"), R"("a\nb\tc\"d\\")");
  // U+2028, an emoji and HTML are valid JSON text as they are.
  const std::string kept = "\xE2\x80\xA8 \xF0\x9F\x98\x80 <img src=x onerror=alert(1)>";
  EXPECT_EQ(json_quote(kept), quoted(kept));
  JsonWriter w(0);
  w.begin_object().key("\xFF").value("\xC2\x9B").end_object();
  EXPECT_EQ(w.str(), "{\"" + kFffd + "\":\"\\u009b\"}");  // keys too
}

// Random bytes, weighted towards what breaks UTF-8 and terminals.
std::string random_bytes(test::Rng& rng) {
  static const std::vector<std::string> kPieces = {"a",
                                                   " ",
                                                   "\"",
                                                   "\\",
                                                   "/",
                                                   "\n",
                                                   "\x01",
                                                   "\x1b",
                                                   "\x7f",
                                                   std::string(1, '\0'),
                                                   "\x80",
                                                   "\xBF",
                                                   "\xC0",
                                                   "\xC1",
                                                   "\xC2",
                                                   "\xC2\x9B",
                                                   "\xC2\x85",
                                                   "\xC2\xA0",
                                                   "\xDF",
                                                   "\xE0",
                                                   "\xE0\xA0",
                                                   "\xE2\x80\xA8",
                                                   "\xED",
                                                   "\xED\xA0\x80",
                                                   "\xEF\xBF\xBD",
                                                   "\xF0",
                                                   "\xF0\x90",
                                                   "\xF0\x9F\x98\x80",
                                                   "\xF4",
                                                   "\xF4\x8F\xBF\xBF",
                                                   "\xF5",
                                                   "\xFE",
                                                   "\xFF",
                                                   "中",
                                                   "<"};
  std::string text;
  const int pieces = rng.below(12);
  for (int i = 0; i < pieces; ++i) {
    if (rng.coin()) {
      text += static_cast<char>(rng.below(256));
    } else {
      text += rng.pick(kPieces);
    }
  }
  return text;
}

bool has_raw_control(const std::vector<std::uint32_t>& points) {
  for (const auto p : points) {
    if (p < 0x20 || (p >= 0x7F && p <= 0x9F)) return true;
  }
  return false;
}

TEST(JsonUtf8, AnyBytesWriteValidUtf8ThatReadsBack) {
  test::Rng rng(20261201);
  for (int n = 0; n < 20000; ++n) {
    const std::string input = random_bytes(rng);
    const std::string json = json_quote(input);
    const auto points = test::utf8_code_points(json);
    ASSERT_TRUE(points.has_value()) << "not UTF-8 for input #" << n;
    ASSERT_FALSE(has_raw_control(*points)) << "a raw control character for input #" << n;
    const JsonParseResult read = parse_json(json);
    ASSERT_TRUE(read.value && read.value->is_string()) << json;
    const std::string& back = read.value->as_string();
    EXPECT_TRUE(test::utf8_code_points(back).has_value());
    // What was valid comes back unchanged; what was not comes back as the sanitized text.
    if (test::utf8_code_points(input)) {
      EXPECT_EQ(back, input) << json;
    } else {
      EXPECT_NE(back.find(kFffd), std::string::npos) << json;
    }
    EXPECT_EQ(back, valid_utf8(input)) << json;
    EXPECT_EQ(valid_utf8(back), back);  // idempotent
  }
}

TEST(JsonUtf8, TheStrictCheckOfTheseTestsRefusesWhatItMust) {
  EXPECT_TRUE(test::utf8_code_points("a\xC2\xA0\xE2\x80\xA8\xF0\x9F\x98\x80").has_value());
  for (const char* bad : {"\xC0\xAF", "\xED\xA0\x80", "\xF4\x90\x80\x80", "\xE2\x82", "\x80",
                          "\xF8\x88\x80\x80\x80", "\xC2"}) {
    EXPECT_FALSE(test::utf8_code_points(bad).has_value()) << bad;
  }
}

}  // namespace
}  // namespace llm_sizer
