// Every link ever issued opens the same plan forever: each file in tests/fixtures/links/ is a
// link as it was issued and what `llm-sizer open LINK --json` showed for it then. The files are
// never edited, only added to (scripts/add-link-vector.mjs); tests/web/link-vectors.test.mjs
// checks the same files through the wasm module.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "llm_sizer/json.hpp"
#include "llm_sizer/plan_codec.hpp"
#include "run.hpp"
#include "test_support.hpp"

namespace llm_sizer {
namespace {

std::vector<std::string> vector_files() {
  std::vector<std::string> names;
  for (const auto& entry :
       std::filesystem::directory_iterator(std::string(LLM_SIZER_FIXTURES_DIR) + "/links")) {
    if (entry.path().extension() == ".json") names.push_back(entry.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

// Every member of `expected` is in `actual` with the same value; arrays match element by element.
void expect_subset(const JsonValue& expected, const JsonValue* actual, const std::string& path) {
  ASSERT_NE(actual, nullptr) << path << " is missing";
  if (expected.is_object()) {
    ASSERT_TRUE(actual->is_object()) << path;
    for (const auto& [key, value] : expected.as_object()) {
      expect_subset(value, actual->find(key), path + "." + key);
    }
  } else if (expected.is_array()) {
    ASSERT_TRUE(actual->is_array()) << path;
    ASSERT_EQ(expected.as_array().size(), actual->as_array().size()) << path;
    for (std::size_t i = 0; i < expected.as_array().size(); ++i) {
      expect_subset(expected.as_array()[i], &actual->as_array()[i],
                    path + "[" + std::to_string(i) + "]");
    }
  } else if (expected.is_number()) {
    ASSERT_TRUE(actual->is_number()) << path;
    const double want = expected.as_number();
    EXPECT_NEAR(actual->as_number(), want, std::fabs(want) * 1e-12) << path;
  } else if (expected.is_string()) {
    ASSERT_TRUE(actual->is_string()) << path;
    EXPECT_EQ(actual->as_string(), expected.as_string()) << path;
  } else if (expected.is_bool()) {
    ASSERT_TRUE(actual->is_bool()) << path;
    EXPECT_EQ(actual->as_bool(), expected.as_bool()) << path;
  } else {
    EXPECT_TRUE(actual->is_null()) << path;
  }
}

// The vectors cover every kind of link that has been issued: each plan of the article's training
// table (tests/fixtures/seed-tables.json), a custom model on a custom card, the memory model's
// settings, serving, an embedded view, Chinese, and damaged or unversioned links. Kinds are read
// from what each link decodes to, not from the file names.
TEST(LinkVectors, ThereAreVectorsOfEveryKind) {
  std::set<std::string> kinds;
  for (const auto& name : vector_files()) {
    const JsonValue vector = test::read_fixture("links/" + name);
    const DecodedLink decoded = decode_link(test::string_at(vector, "link"));
    const Plan& plan = decoded.plan;
    kinds.insert("train " + plan.model + " on " + plan.accelerator);
    if (plan.model == kCustomId && plan.accelerator == kCustomId) kinds.insert("custom");
    if (!plan.recipe.empty() && plan.recipe != Plan().recipe && !plan.recompute.empty() &&
        plan.zero && plan.micro_batch) {
      kinds.insert("memory");
    }
    if (!plan.infer_weights.empty() && !plan.infer_kv_dtype.empty() && plan.infer_batch) {
      kinds.insert("serving");
    }
    if (plan.arch_moe_experts && *plan.arch_moe_experts > 0) kinds.insert("custom MoE");
    if (!plan.embed.empty()) kinds.insert("embed");
    if (plan.lang == "zh") kinds.insert("zh");
    for (const JsonValue& issue : vector.find("link_issues")->as_array()) {
      kinds.insert(test::string_at(issue, "code"));
    }
  }
  std::vector<std::string> expected = {"custom",
                                       "memory",
                                       "serving",
                                       "custom MoE",
                                       "embed",
                                       "zh",
                                       "link_bad_value",
                                       "link_unreadable_part",
                                       "link_unknown_key",
                                       "link_no_version"};
  const JsonValue tables = test::read_fixture("seed-tables.json");
  for (const JsonValue& row : tables.find("training")->as_array()) {
    expected.push_back("train " + test::string_at(row, "model") + " on " +
                       test::string_at(row, "accelerator"));
  }
  for (const auto& kind : expected) EXPECT_TRUE(kinds.count(kind)) << "no link vector of " << kind;
}

TEST(LinkVectors, EveryIssuedLinkOpensThePlanItWasIssuedFor) {
  for (const auto& name : vector_files()) {
    SCOPED_TRACE(name);
    const JsonValue vector = test::read_fixture("links/" + name);
    const std::string link = test::string_at(vector, "link");
    std::string out;
    std::string err;
    cli::run({"open", link, "--json"}, out, err);
    const auto opened = parse_json(out);
    ASSERT_TRUE(opened.value.has_value()) << out;
    expect_subset(*vector.find("expect"), &*opened.value, "open");

    // What could not be read is named the same way, in the same order.
    const auto decoded = decode_link(link);
    const auto& issues = vector.find("link_issues")->as_array();
    ASSERT_EQ(decoded.issues.size(), issues.size());
    for (std::size_t i = 0; i < issues.size(); ++i) {
      EXPECT_EQ(decoded.issues[i].code, test::string_at(issues[i], "code"));
      EXPECT_EQ(decoded.issues[i].field, test::string_at(issues[i], "field"));
    }
  }
}

}  // namespace
}  // namespace llm_sizer
