// `llm-sizer open LINK` with a link longer than the codec reads: the reason, in each language,
// then the default plan, and exit code 2.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cli_run.hpp"

namespace llm_sizer {
namespace {

using test::run_cli;

// 30 bytes of plan, then a model name of 70,000 bytes: 70,030 bytes = 68.39 KiB.
const std::string kLongLink = "#v=1&m=gpt3-175b&pp=10&m.name=" + std::string(70000, 'x');

// Bug: the message said "The link is 70030 bytes long; at most 65536 are read", as if its first
// 64 KiB had been read; nothing was, and the plan shown was the default.
TEST(CliOpenLongLink, SaysTheLinkIsNotReadInKibAndShowsTheDefaultPlan) {
  const auto r = run_cli({"open", kLongLink});
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "error: This link is 68.4 KiB; links longer than 64 KiB are not read.\n");
  // The default plan: GPT-3 175B on H100 with the smallest pipeline, PP = ⌈43.75 ÷ 8⌉ = 6, not
  // the link's PP = 10 (2100 GB of model state ÷ 48 GB per card = 43.75, as in the README).
  const auto defaults = run_cli({"open", "#v=2"});
  ASSERT_EQ(defaults.code, 0) << defaults.err;
  EXPECT_EQ(r.out, defaults.out);
  EXPECT_NE(r.out.find("⌈43.75 ÷ 8⌉"), std::string::npos) << r.out;
}

TEST(CliOpenLongLink, SaysItInChineseToo) {
  const auto r = run_cli({"open", kLongLink, "--lang", "zh"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("链接大小 68.4 KiB，超过 64 KiB 上限，未读取。"), std::string::npos)
      << r.err;
}

}  // namespace
}  // namespace llm_sizer
