#include "llm_sizer/plan_codec.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "llm_sizer/plan_fields.hpp"
#include "llm_sizer/report.hpp"

namespace llm_sizer {
namespace {

bool same_plan(const Plan& a, const Plan& b) {
  for (const auto& field : plan_fields()) {
    if (field_text(field, a) != field_text(field, b)) return false;
  }
  return true;
}

TEST(PlanCodec, WritesOnlyWhatDiffersFromTheDefaults) {
  Plan plan;
  plan.pp = 10;
  plan.cluster_gpus = 1000;
  EXPECT_EQ(encode_link(plan), "./#v=1&m=gpt3-175b&a=h100-80g&pp=10&cluster=1000");
}

TEST(PlanCodec, RoundTripsEveryField) {
  Plan plan;
  plan.lang = "zh";
  plan.model = kCustomId;
  plan.params = 32.76e9;
  plan.accelerator = "rg800-32g";
  plan.card_memory_gb = 31.5;
  plan.gpus_per_node = 16;
  plan.bytes_per_param = 16;
  plan.safety_factor = 0.55;
  plan.tp = 4;
  plan.pp = 3;
  plan.dp = 7;
  plan.cluster_gpus = 100;
  plan.weight_bytes_per_param = 0.5;
  const auto decoded = decode_link(encode_link(plan));
  EXPECT_TRUE(decoded.issues.empty());
  EXPECT_TRUE(same_plan(decoded.plan, plan));
}

TEST(PlanCodec, ReadsFullUrlsQueriesAndBareFragments) {
  for (const char* link : {"https://example.org/sizer/#v=1&m=qwen-32b&a=rg800-32g",
                           "./#v=1&m=qwen-32b&a=rg800-32g", "#v=1&m=qwen-32b&a=rg800-32g",
                           "?v=1&m=qwen-32b&a=rg800-32g", "v=1&m=qwen-32b&a=rg800-32g"}) {
    const auto decoded = decode_link(link);
    EXPECT_TRUE(decoded.issues.empty()) << link;
    EXPECT_EQ(decoded.plan.model, "qwen-32b") << link;
    EXPECT_EQ(decoded.plan.accelerator, "rg800-32g") << link;
  }
}

TEST(PlanCodec, EncodesTextSafely) {
  Plan plan;
  plan.model = "a&b=c <script>";
  const std::string link = encode_link(plan);
  EXPECT_EQ(link.find('<'), std::string::npos);
  EXPECT_EQ(decode_link(link).plan.model, "a&b=c <script>");
}

TEST(PlanCodec, KeepsWhatItCanReadFromADamagedLink) {
  const auto decoded = decode_link("#v=1&m=qwen-32b&pp=abc&zz=1&%ZZ=3&a=rg800-32g&tp");
  EXPECT_EQ(decoded.plan.model, "qwen-32b");
  EXPECT_EQ(decoded.plan.accelerator, "rg800-32g");
  EXPECT_FALSE(decoded.plan.pp.has_value());
  std::vector<std::string> codes;
  for (const auto& i : decoded.issues) codes.push_back(i.code);
  EXPECT_EQ(codes, (std::vector<std::string>{"link_bad_value", "link_unknown_key",
                                             "link_unreadable_part", "link_unreadable_part"}));
  EXPECT_EQ(decoded.issues[0].field, "pp");
  EXPECT_EQ(decoded.issues[0].param("value"), "abc");
}

TEST(PlanCodec, NamesGarbageAndMissingVersions) {
  const auto decoded = decode_link("#%%%garbage");
  ASSERT_EQ(decoded.issues.size(), 2u);
  EXPECT_EQ(decoded.issues[0].code, "link_unreadable_part");
  EXPECT_EQ(decoded.issues[1].code, "link_no_version");
  EXPECT_TRUE(same_plan(decoded.plan, Plan{}));
}

TEST(PlanCodec, FlagsAnUnknownVersionButStillReadsIt) {
  const auto decoded = decode_link("#v=7&pp=3");
  ASSERT_EQ(decoded.issues.size(), 1u);
  EXPECT_EQ(decoded.issues[0].code, "link_unknown_version");
  EXPECT_EQ(decoded.plan.pp, 3);
}

TEST(PlanCodec, RefusesOverlongLinks) {
  const auto decoded = decode_link(std::string(kLinkMaxBytes + 1, 'a'));
  ASSERT_EQ(decoded.issues.size(), 1u);
  EXPECT_EQ(decoded.issues[0].code, "link_too_long");
}

TEST(PlanCodec, CarriesInvalidNumbersSoTheMessageTravelsWithTheLink) {
  Plan plan;
  plan.pp = 0;
  plan.params = std::nan("");
  const auto decoded = decode_link(encode_link(plan));
  EXPECT_TRUE(decoded.issues.empty());
  EXPECT_EQ(decoded.plan.pp, 0);
  EXPECT_TRUE(std::isnan(*decoded.plan.params));
}

// Bug: a message showed the first 40 bytes of a bad value, which could end inside a multi-byte
// character; the page then showed "中中…中\uFFFD…" and the CLI printed broken UTF-8.
TEST(PlanCodec, ExcerptsOfBadValuesKeepWholeUtf8Characters) {
  std::string han;
  for (int i = 0; i < 30; ++i) han += "中";  // 3 bytes each: 40 bytes end inside the 14th
  const auto decoded =
      decode_link("#v=1&pp=" + percent_encode(han) + "&" + percent_encode(han) + "=1");
  ASSERT_EQ(decoded.issues.size(), 2u);
  EXPECT_EQ(decoded.issues[0].param("value"), han.substr(0, 13 * 3) + "…");
  EXPECT_EQ(decoded.issues[1].param("key"), han.substr(0, 13 * 3) + "…");
}

TEST(PercentCoding, RoundTripsUtf8) {
  std::string out;
  ASSERT_TRUE(percent_decode(percent_encode("千问 32B"), out));
  EXPECT_EQ(out, "千问 32B");
  EXPECT_FALSE(percent_decode("%4", out));
  EXPECT_FALSE(percent_decode("%G0", out));
}

}  // namespace
}  // namespace llm_sizer
