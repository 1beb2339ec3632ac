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
  EXPECT_EQ(encode_link(plan), "./#v=2&m=gpt3-175b&a=h100-80g&pp=10&cluster=1000");
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
  // Read as version 1, the links from before versions: its 2 bytes per weight written out.
  Plan v1;
  v1.weight_bytes_per_param = 2;
  EXPECT_TRUE(same_plan(decoded.plan, v1));
}

TEST(PlanCodec, FlagsAnUnknownVersionButStillReadsIt) {
  const auto decoded = decode_link("#v=7&pp=3");
  ASSERT_EQ(decoded.issues.size(), 1u);
  EXPECT_EQ(decoded.issues[0].code, "link_unknown_version");
  EXPECT_EQ(decoded.plan.pp, 3);
}

// Bug: an over-long link opened the default plan with "at most 65536 are read", as if part of it
// had been read; nothing was. The message now gives sizes in KiB and says the link is not read.
TEST(PlanCodec, AnOverlongLinkIsNotReadAndTheMessageSaysHowLongItIs) {
  // 70,030 bytes = 68.39 KiB, shown rounded up to a tenth: 68.4.
  const std::string link = "#v=1&m=gpt3-175b&pp=10&m.name=" + std::string(70000, 'x');
  ASSERT_EQ(link.size(), 70030u);
  const auto decoded = decode_link(link);
  ASSERT_EQ(decoded.issues.size(), 1u);
  EXPECT_EQ(decoded.issues[0].code, "link_too_long");
  EXPECT_EQ(decoded.issues[0].severity, Severity::kError);
  EXPECT_EQ(decoded.issues[0].field, "link");
  EXPECT_EQ(decoded.issues[0].param("size"), "68.4");
  EXPECT_EQ(decoded.issues[0].param("max"), "64");
  EXPECT_EQ(encode_link(decoded.plan), encode_link(Plan{}));  // the default plan, nothing of it
  // One byte over 64 KiB (65,537 B = 64.001 KiB) never reads as "64 KiB".
  EXPECT_EQ(decode_link(std::string(kLinkMaxBytes + 1, 'a')).issues[0].param("size"), "64.1");
  // At the limit a link is read.
  std::string at_limit = "#v=1&pp=10&m.name=";
  at_limit += std::string(kLinkMaxBytes - at_limit.size(), 'y');
  const auto read = decode_link(at_limit);
  EXPECT_EQ(read.plan.pp, 10);
  for (const auto& issue : read.issues) EXPECT_NE(issue.code, "link_too_long");
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

// A made-up history for the migration: version 1 called PP "pipe", named GPT-3 "gpt3", had a
// safety factor of 0.5 and a "bf" key since retired; version 2 is today's format.
constexpr LinkDefault kOldDefaults[] = {{"m", "gpt3"},        {"a", "h100-80g"},  {"safety", "0.5"},
                                        {"recipe", "seed12"}, {"fw", "megatron"}, {"wb", "2"}};
constexpr LinkDefault kNewDefaults[] = {{"m", "gpt3-175b"},   {"a", "h100-80g"},  {"safety", "0.6"},
                                        {"recipe", "seed12"}, {"fw", "megatron"}, {"wb", "2"}};
constexpr LinkKeyRename kRenamedKeys[] = {{"pipe", "pp"}, {"bf", ""}};
constexpr LinkValueRename kRenamedValues[] = {{"m", "gpt3", "gpt3-175b"}};
constexpr LinkSchema kHistory[] = {
    {1, kOldDefaults, {}, {}},
    {2, kNewDefaults, kRenamedKeys, kRenamedValues},
};

TEST(LinkMigration, AnOlderLinkKeepsTheDefaultItWasIssuedWith) {
  const auto old = decode_link("#v=1&m=gpt3&a=h100-80g&pipe=10", kHistory);
  EXPECT_TRUE(old.issues.empty());
  EXPECT_EQ(old.plan.model, "gpt3-175b");
  EXPECT_EQ(old.plan.pp, 10);
  EXPECT_EQ(old.plan.safety_factor, 0.5);
  // Written again, the plan carries the old default explicitly.
  EXPECT_NE(encode_link(old.plan).find("safety=0.5"), std::string::npos);
}

TEST(LinkMigration, ACurrentLinkTakesTheCurrentDefaults) {
  const auto current = decode_link("#v=2&m=gpt3-175b&a=h100-80g&pp=10", kHistory);
  EXPECT_TRUE(current.issues.empty());
  EXPECT_EQ(current.plan.safety_factor, 0.6);
  EXPECT_EQ(current.plan.pp, 10);
}

TEST(LinkMigration, WhatAnOlderLinkSetsExplicitlyWins) {
  const auto old = decode_link("#v=1&m=qwen-32b&a=rg800-32g&safety=0.7", kHistory);
  EXPECT_EQ(old.plan.safety_factor, 0.7);
  EXPECT_EQ(old.plan.model, "qwen-32b");
  // "pipe" means nothing to version 2 itself.
  const auto current = decode_link("#v=2&pipe=3", kHistory);
  ASSERT_EQ(current.issues.size(), 1u);
  EXPECT_EQ(current.issues[0].code, "link_unknown_key");
}

TEST(LinkMigration, NamesARetiredInputAndKeepsTheRest) {
  const auto old = decode_link("#v=1&bf=1&pipe=4", kHistory);
  ASSERT_EQ(old.issues.size(), 1u);
  EXPECT_EQ(old.issues[0].code, "link_retired_key");
  EXPECT_EQ(old.issues[0].param("key"), "bf");
  EXPECT_EQ(old.plan.pp, 4);
}

TEST(LinkMigration, AVersionNoSchemaKnowsIsReadAsTheCurrentOne) {
  const auto future = decode_link("#v=3&pp=3", kHistory);
  ASSERT_EQ(future.issues.size(), 1u);
  EXPECT_EQ(future.issues[0].code, "link_unknown_version");
  EXPECT_EQ(future.issues[0].param("supported"), "2");
  EXPECT_EQ(future.plan.safety_factor, 0.6);
}

TEST(LinkSchemas, TheCurrentVersionsDefaultsAreThePlansDefaults) {
  // Changing a default in plan.hpp without a new link version would change every link that
  // relied on it; this fails until the change is released as a version with its old defaults.
  const LinkSchema& current = link_schemas().back();
  ASSERT_EQ(current.version, kLinkVersion);
  const Plan defaults;
  for (const auto& field : plan_fields()) {
    std::string frozen;
    for (const auto& d : current.defaults) {
      if (d.key == field.link_key) frozen = d.text;
    }
    EXPECT_EQ(field_text(field, defaults), frozen) << field.link_key;
  }
}

TEST(LinkSchemas, VersionsAreReleasedInOrderAndRenameOnlyKnownKeys) {
  const auto schemas = link_schemas();
  for (std::size_t i = 0; i < schemas.size(); ++i) {
    EXPECT_EQ(schemas[i].version, static_cast<int>(i) + 1);
    for (const auto& d : schemas[i].defaults) {
      if (i + 1 == schemas.size()) EXPECT_NE(find_field_by_link_key(d.key), nullptr) << d.key;
    }
  }
}

TEST(PlanCodec, EmbedListsPanelsAndTravelsInTheLink) {
  Plan plan;
  plan.embed = "training,memory";
  const std::string link = encode_link(plan);
  EXPECT_NE(link.find("embed=training%2Cmemory"), std::string::npos);
  EXPECT_EQ(decode_link(link).plan.embed, "training,memory");
  EXPECT_TRUE(validate_field_ranges(plan).empty());
  plan.embed = "training,chrome";
  const auto issues = validate_field_ranges(plan);
  ASSERT_EQ(issues.size(), 1u);
  EXPECT_EQ(issues[0].code, "unknown_choice");
  EXPECT_EQ(issues[0].severity, Severity::kWarning);
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
