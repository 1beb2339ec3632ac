// The CLI driven in-process through cli::run (and once as a real process).
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <regex>
#include <set>

#include "llm_sizer/json.hpp"
#include "messages.hpp"
#include "run.hpp"
#include "test_support.hpp"

namespace llm_sizer {
namespace {

struct CliResult {
  int code;
  std::string out;
  std::string err;
};

CliResult run_cli(std::vector<std::string> args) {
  CliResult r;
  r.code = cli::run(args, r.out, r.err);
  return r;
}

JsonValue parse_or_fail(const std::string& text) {
  const auto parsed = parse_json(text);
  if (!parsed.value) throw std::runtime_error("not JSON: " + text);
  return *parsed.value;
}

// The article's four training plans as CLI flags (pp chosen as the article does, DP from a
// cluster of the article's "500-card or 1000-card class").
const std::vector<std::vector<std::string>> kArticleTrainingFlags = {
    {"--model", "gpt3-175b", "--accelerator", "h100-80g", "--pp", "10", "--cluster-gpus", "1000"},
    {"--model", "gpt3-175b", "--accelerator", "rg800-32g", "--cluster-gpus", "500"},
    {"--model", "qwen-32b", "--accelerator", "h100-80g", "--pp", "2", "--cluster-gpus", "128"},
    {"--model", "qwen-32b", "--accelerator", "rg800-32g", "--cluster-gpus", "100"},
};

TEST(Cli, TrainJsonReproducesTheArticleWithExactlyTheAgreedKeys) {
  const JsonValue tables = test::read_fixture("seed-tables.json");
  const auto& rows = tables.find("training")->as_array();
  for (std::size_t i = 0; i < rows.size(); ++i) {
    std::vector<std::string> args = {"train"};
    args.insert(args.end(), kArticleTrainingFlags[i].begin(), kArticleTrainingFlags[i].end());
    args.push_back("--json");
    const auto r = run_cli(args);
    ASSERT_EQ(r.code, 0) << r.err;
    const JsonValue json = parse_or_fail(r.out);
    std::set<std::string> number_keys;
    for (const auto& [key, value] : json.as_object()) {
      if (value.is_number()) number_keys.insert(key);
    }
    EXPECT_EQ(number_keys, (std::set<std::string>{"model_state_gb", "safe_memory_per_card_gb",
                                                  "min_model_parallel", "tp", "pp_min", "pp", "dp",
                                                  "cp", "gpus_per_replica", "total_gpus"}));
    EXPECT_EQ(test::number_at(json, "cp"), 1);  // the article has no context parallelism
    EXPECT_TRUE(json.find("steps")->is_array());
    EXPECT_TRUE(json.find("issues")->is_array());
    for (const char* key : {"model_state_gb", "safe_memory_per_card_gb", "min_model_parallel", "tp",
                            "pp_min", "dp", "gpus_per_replica", "total_gpus"}) {
      EXPECT_EQ(test::number_at(json, key), test::number_at(rows[i], key)) << key;
    }
    EXPECT_EQ(test::number_at(json, "pp"), test::number_at(rows[i], "pp_chosen"));
  }
}

TEST(Cli, InferJsonReproducesTheArticle) {
  const JsonValue tables = test::read_fixture("seed-tables.json");
  for (const auto& row : tables.find("inference_minimum")->as_array()) {
    const auto r = run_cli({"infer", "--model", test::string_at(row, "model"), "--accelerator",
                            test::string_at(row, "accelerator"), "--json"});
    ASSERT_EQ(r.code, 0) << r.err;
    const JsonValue json = parse_or_fail(r.out);
    EXPECT_EQ(test::number_at(json, "weights_gb"), test::number_at(row, "weights_gb"));
    EXPECT_EQ(test::number_at(json, "min_gpus"), test::number_at(row, "min_gpus"));
  }
}

TEST(Cli, InferJsonLeadsWithTheServingModel) {
  const auto r =
      run_cli({"infer", "--model", "qwen2.5-32b", "--accelerator", "h200-141g", "--weights", "bf16",
               "--kv-dtype", "bf16", "--batch", "16", "--context", "4096", "--json"});
  ASSERT_EQ(r.code, 0) << r.err;
  const JsonValue json = parse_or_fail(r.out);
  for (const char* key :
       {"weights_gb", "kv_cache_gb", "kv_bytes_per_token", "overhead_gb", "per_card_gb", "min_gpus",
        "tp", "max_concurrency", "replicas", "total_gpus", "decode_tokens_per_s", "prefill_s"}) {
    EXPECT_TRUE(json.find(key) && json.find(key)->is_number()) << key;
  }
  EXPECT_TRUE(json.find("fits")->as_bool());
  EXPECT_EQ(test::number_at(json, "kv_bytes_per_token"), 262144);  // 2 × 64 × 8 × 128 × 2
  // 16 sequences × 4096 tokens × 262 144 B on the replica.
  EXPECT_DOUBLE_EQ(test::number_at(json, "kv_cache_gb"), 16.0 * 4096 * 262144 / 1e9);
  EXPECT_EQ(test::number_at(json, "tp"), 1);  // 141 GB cards hold 16 such sequences on one
  const JsonValue* article = json.find("article");
  ASSERT_NE(article, nullptr);
  EXPECT_EQ(test::number_at(*article, "weights_gb"), 65.52);  // 32.76 × 10⁹ × 2 B
  EXPECT_TRUE(json.find("steps")->is_array());
  EXPECT_TRUE(json.find("link")->is_string());
}

TEST(Cli, InferJsonWithoutArchitectureKeepsTheArticleAndNullsTheRest) {
  const auto r = run_cli({"infer", "--model", "qwen-32b", "--accelerator", "rg800-32g", "--json"});
  ASSERT_EQ(r.code, 0) << r.err;
  const JsonValue json = parse_or_fail(r.out);
  EXPECT_EQ(test::number_at(json, "weights_gb"), 64);
  EXPECT_EQ(test::number_at(json, "min_gpus"), 2);
  for (const char* key : {"kv_cache_gb", "fits", "tp", "total_gpus", "decode_tokens_per_s"}) {
    EXPECT_TRUE(json.find(key) && json.find(key)->is_null()) << key;
  }
  EXPECT_EQ(test::number_at(*json.find("article"), "min_gpus"), 2);
}

TEST(Cli, TextOutputShowsTheDerivationInBothLanguages) {
  const auto en = run_cli({"train", "--model", "gpt3-175b", "--accelerator", "h100-80g", "--pp",
                           "10", "--cluster-gpus", "1000"});
  ASSERT_EQ(en.code, 0);
  EXPECT_NE(en.out.find("⌈43.75 ÷ 8⌉"), std::string::npos);
  EXPECT_NE(en.out.find("(TP, PP, DP) = (8, 10, 12) → 960 GPUs"), std::string::npos);
  const auto zh = run_cli({"train", "--model", "qwen-32b", "--accelerator", "rg800-32g",
                           "--cluster-gpus", "100", "--lang", "zh"});
  ASSERT_EQ(zh.code, 0);
  EXPECT_NE(zh.out.find("最小流水线并行度"), std::string::npos);
  EXPECT_NE(zh.out.find("(8, 3, 4) → 共 96 张卡"), std::string::npos);
}

// English counts of one are singular ("1 GPU", "1 replica", "1 concurrent request"), as the
// page says them (tests/web/i18n.test.mjs): Qwen2.5-32B fits one H100, Llama 3.1 405B does not.
TEST(Cli, CountsOfOneAreSingularInEnglish) {
  const auto one = run_cli({"infer", "--model", "qwen2.5-32b", "--accelerator", "h100-80g"});
  ASSERT_EQ(one.code, 0) << one.err;
  EXPECT_NE(one.out.find("TP 1 × 1 replica = 1 GPU;"), std::string::npos) << one.out;
  EXPECT_NE(one.out.find("for 1 concurrent request of"), std::string::npos) << one.out;
  EXPECT_NE(one.out.find("= 1 GPU on 1 node\n"), std::string::npos) << one.out;
  EXPECT_NE(one.out.find("⌈65.52 ÷ 80⌉"), std::string::npos) << one.out;
  EXPECT_EQ(one.out.find("1 GPUs"), std::string::npos) << one.out;
  EXPECT_EQ(one.out.find("(s)"), std::string::npos) << one.out;
  // Dollars in cents, at both ends of the band and in the fleet's cost ("$34.10", not "$34.1").
  EXPECT_TRUE(std::regex_search(one.out, std::regex(R"(tokens cost \$\d+\.\d\d–\$\d+\.\d\d\.\n)")))
      << one.out;
  EXPECT_TRUE(std::regex_search(
      one.out,
      std::regex(R"(\$\d+\.\d\d per million output tokens, \$\d+\.\d\d per million input)")))
      << one.out;
  const auto many = run_cli(
      {"infer", "--model", "llama-3.1-405b", "--accelerator", "h100-80g", "--concurrency", "64"});
  ASSERT_EQ(many.code, 0) << many.err;
  EXPECT_NE(many.out.find("for 64 concurrent requests of"), std::string::npos) << many.out;
  EXPECT_NE(many.out.find(" GPUs on "), std::string::npos) << many.out;
  EXPECT_EQ(llm_sizer::cli::fill_placeholders("{n} GPU{n:|s} stay{n:s|} idle", {{"n", "1"}}),
            "1 GPU stays idle");
  EXPECT_EQ(llm_sizer::cli::fill_placeholders("{n} GPU{n:|s} stay{n:s|} idle", {{"n", "12"}}),
            "12 GPUs stay idle");
  // A missing count stays as it is and takes the plural: a flag's unit has no count.
  EXPECT_EQ(llm_sizer::cli::fill_placeholders("{m} GPU{m:|s}", {{"n", "1"}}), "{m} GPUs");
  const auto help = run_cli({"train", "--help"});
  EXPECT_NE(help.out.find("GPUs"), std::string::npos) << help.out;
  EXPECT_EQ(help.out.find("{n"), std::string::npos) << help.out;
}

TEST(Cli, AFleetOnACardWithoutRatesSaysItsTimesAreUnknown) {
  // The RG800's bandwidth and peak are unknown: its fleet has a layout and memory, no times.
  const auto r = run_cli(
      {"infer", "--model", "llama-3.1-8b", "--accelerator", "rg800-32g", "--concurrency", "8"});
  ASSERT_EQ(r.code, 0);
  EXPECT_EQ(r.out.find("NaN"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("TTFT — ms · TPOT — ms"), std::string::npos) << r.out;
}

TEST(Cli, InferSaysWhatTheFleetSavesOverReplicasOfTheSmallestLayout) {
  // Llama 3.1 70B on H100 holds two sequences of 4,096 tokens at TP 2 (70.6 GB of weights a
  // card), so 64 users take 32 replicas of it; the fleet serves them on fewer cards.
  const auto r = run_cli(
      {"infer", "--model", "llama-3.1-70b", "--accelerator", "h100-80g", "--concurrency", "64"});
  ASSERT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("TP 2 × 32 replicas = 64 GPUs"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("would take 64 GPUs for 64 concurrent sequences; the fleet above serves "
                       "them on "),
            std::string::npos);
  // The next layouts carry their time to first token beside their TPOT.
  const std::size_t next = r.out.find("Next best layouts");
  ASSERT_NE(next, std::string::npos);
  EXPECT_NE(r.out.find("TTFT (ms)", next), std::string::npos);
  const auto one = run_cli({"infer", "--model", "llama-3.1-70b", "--accelerator", "h100-80g"});
  EXPECT_EQ(one.out.find("would take"), std::string::npos);
  EXPECT_EQ(one.out.find("would leave"), std::string::npos);
  // GPT-3 175B's 349 GB of weights need TP 6 of an 8-GPU node (TP 4 holds 87.3 GB a card, over
  // the 76.5 GB vLLM may use); six cards leave two that no other replica fits in.
  const auto gpt3 = run_cli({"infer", "--model", "gpt3-175b", "--accelerator", "h100-80g"});
  EXPECT_NE(gpt3.out.find("A replica of TP 6 would leave 2 of a node's 8 cards"), std::string::npos)
      << gpt3.out;
}

// The predicted step with how far published runs like the plan were from it (time_band.hpp),
// in the text and in --json; a plan the runs do not cover says so instead.
TEST(Cli, TrainShowsTheStepTimesBandFromPublishedRuns) {
  const std::vector<std::string> gpt3 = {"train",    "--model", "gpt3-175b", "--accelerator",
                                         "h100-80g", "--pp",    "10",        "--cluster-gpus",
                                         "1000"};
  const auto text = run_cli(gpt3);
  ASSERT_EQ(text.code, 0);
  EXPECT_NE(text.out.find("Published dense-model runs on H100, H200 and H800 took "),
            std::string::npos);
  auto json_args = gpt3;
  json_args.push_back("--json");
  const auto json = run_cli(json_args);
  ASSERT_EQ(json.code, 0);
  const JsonValue doc = parse_or_fail(json.out);
  const JsonValue& band = *doc.find("time_band");
  const double step = test::number_at(*doc.find("time"), "step_s");
  EXPECT_EQ(test::string_at(band, "family"), "hopper");
  EXPECT_EQ(test::string_at(band, "kind"), "dense");
  EXPECT_LT(test::number_at(band, "step_low_s"), step);
  EXPECT_GT(test::number_at(band, "step_high_s"), step);
  auto pytorch = gpt3;
  pytorch.insert(pytorch.end(), {"--framework", "pytorch", "--lang", "zh"});
  const auto zh = run_cli(pytorch);
  ASSERT_EQ(zh.code, 0);
  EXPECT_NE(zh.out.find("单步时间的范围来自 Megatron-LM 的运行"), std::string::npos);
  EXPECT_EQ(zh.out.find("已发表的"), std::string::npos);
}

// The time's working in text and --json: tokens per step, the step, tokens/s, MFU, then with a
// token count the steps, days, GPU-hours, cost and energy; the days are the time's (1,024
// sequences of 4,096 tokens a step: the Llama family's default batch).
TEST(Cli, TrainShowsHowTheTimeAddsUp) {
  const std::vector<std::string> plan = {
      "train", "--model", "llama-3.1-70b", "--accelerator", "h100-80g", "--tp", "8", "--pp", "4",
      "--dp",  "8",       "--tokens",      "1e12"};
  const auto text = run_cli(plan);
  ASSERT_EQ(text.code, 0);
  EXPECT_NE(text.out.find("How the time adds up:"), std::string::npos);
  EXPECT_NE(text.out.find("⌈1 × 10¹² / (4.194 × 10⁶)⌉"), std::string::npos) << text.out;
  auto json_args = plan;
  json_args.push_back("--json");
  const auto json = run_cli(json_args);
  ASSERT_EQ(json.code, 0);
  const JsonValue doc = parse_or_fail(json.out);
  const JsonValue* steps = doc.find("time_steps");
  ASSERT_NE(steps, nullptr);
  std::vector<std::string> ids;
  double days = NAN;
  for (const JsonValue& s : steps->as_array()) {
    ids.push_back(test::string_at(s, "id"));
    if (ids.back() == "time_days") days = test::number_at(s, "value");
  }
  EXPECT_EQ(ids, (std::vector<std::string>{"time_tokens_per_step", "time_step", "time_tokens_per_s",
                                           "time_mfu", "time_steps", "time_days", "time_gpu_hours",
                                           "time_cost", "time_energy"}));
  EXPECT_DOUBLE_EQ(days, test::number_at(*doc.find("time"), "days"));
}

// PyTorch FSDP across GPUs has its own published runs' range (time_band.hpp, kind "fsdp"), named
// as such in both languages, and over every accelerator where its family has none.
TEST(Cli, PytorchFsdpPlansShowTheirRunsRange) {
  const std::vector<std::string> fsdp = {"train",   "--model",      "llama-3.1-8b", "--framework",
                                         "pytorch", "--dp",         "64",           "--zero",
                                         "3",       "--accelerator"};
  auto h100 = fsdp;
  h100.push_back("h100-80g");
  const auto en = run_cli(h100);
  ASSERT_EQ(en.code, 0);
  EXPECT_NE(en.out.find("Published PyTorch FSDP runs on H100, H200 and H800 took"),
            std::string::npos);
  auto b200 = fsdp;
  b200.insert(b200.end(), {"b200", "--lang", "zh"});
  const auto zh = run_cli(b200);
  ASSERT_EQ(zh.code, 0);
  EXPECT_NE(zh.out.find("已发表的此类运行（PyTorch FSDP）太少"), std::string::npos);
}

// A GB200 plan's range is GB200's own runs' (MLPerf v5.0's and Megatron-Bridge's), named so in
// both languages: every family the figures hold has its name in the messages.
TEST(Cli, GbTwoHundredPlansShowTheirOwnFamilysRange) {
  const std::vector<std::string> gb200 = {
      "train", "--model", "llama-3.1-70b", "--accelerator", "gb200", "--tp", "4", "--pp", "4",
      "--dp",  "4"};
  const auto en = run_cli(gb200);
  ASSERT_EQ(en.code, 0) << en.err;
  EXPECT_NE(en.out.find("Published dense-model runs on GB200 took "), std::string::npos) << en.out;
  auto zh_args = gb200;
  zh_args.insert(zh_args.end(), {"--lang", "zh"});
  const auto zh = run_cli(zh_args);
  ASSERT_EQ(zh.code, 0) << zh.err;
  EXPECT_NE(zh.out.find("已发表的 GB200 稠密模型"), std::string::npos) << zh.out;
  EXPECT_EQ(zh.out.find("family.gb200"), std::string::npos) << zh.out;
  EXPECT_EQ(en.out.find("family."), std::string::npos) << en.out;
}

TEST(Cli, LinkOpensTheSamePlan) {
  const auto link = run_cli({"link", "--model", "gpt3-175b", "--accelerator", "h100-80g", "--pp",
                             "10", "--cluster-gpus", "1000"});
  ASSERT_EQ(link.code, 0);
  EXPECT_EQ(link.out, "./#v=2&m=gpt3-175b&a=h100-80g&pp=10&cluster=1000\n");
  const auto opened = run_cli({"open", link.out.substr(0, link.out.size() - 1), "--json"});
  ASSERT_EQ(opened.code, 0) << opened.err;
  const JsonValue json = parse_or_fail(opened.out);
  EXPECT_EQ(test::number_at(*json.find("training"), "total_gpus"), 960);
  EXPECT_EQ(test::number_at(*json.find("plan"), "pp"), 10);
  // The article's ⌈350 / 80⌉ = 5 stays under "article"; the top level is the serving model's.
  EXPECT_EQ(test::number_at(*json.find("inference")->find("article"), "min_gpus"), 5);
}

TEST(Cli, BadValuesNameTheFlagAndTheValidRange) {
  struct Case {
    std::vector<std::string> args;
    std::string expected;
  };
  const std::vector<Case> cases = {
      {{"train", "--params", "-5"}, "--params must be greater than 0 (got -5)."},
      {{"train", "--safety", "1.5"}, "--safety must be from 0.001 to 1 (got 1.5)."},
      {{"train", "--pp", "0"}, "--pp must be from 1 to 4096 (got 0)."},
      {{"train", "--pp", "abc"}, "--pp: “abc” is not a number."},
      {{"train", "--params", "1e30"}, "--params must be from 1 to 1 × 10¹⁵ (got 1e+30)."},
      {{"train", "--bogus", "1"}, "unknown flag --bogus"},
      {{"train", "--pp"}, "--pp needs a value."},
      {{"train", "--model", "gpt-9"}, "Unknown model “gpt-9”"},
      // A mistyped id names the preset it most likely meant: the one it begins, or one within
      // two edits.
      {{"train", "--accelerator", "h200"}, "Did you mean h200-141g? Valid --accelerator"},
      {{"train", "--model", "llama-3.1-70B"}, "Did you mean llama-3.1-70b? Valid --model"},
      {{"open", "#%%%garbage"}, "Could not read “%%%garbage” in the link."},
      {{"frobnicate"}, "unknown command “frobnicate”"},
  };
  for (const auto& c : cases) {
    const auto r = run_cli(c.args);
    EXPECT_EQ(r.code, 2) << c.args[1];
    EXPECT_NE(r.err.find(c.expected), std::string::npos) << r.err;
  }
}

TEST(Cli, AnIdNearNoPresetSuggestsNone) {
  const auto r = run_cli({"train", "--model", "gpt-9"});
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err.find("Did you mean"), std::string::npos) << r.err;
}

TEST(Cli, BadValuesAreWordedInChineseToo) {
  const auto r = run_cli({"train", "--pp", "0", "--lang", "zh"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("--pp 必须在 1 到 4096 之间（当前为 0）。"), std::string::npos) << r.err;
}

TEST(Cli, ParamsAloneMeanACustomModel) {
  const auto r = run_cli({"infer", "--params", "70e9", "--card-memory-gb", "80", "--json"});
  ASSERT_EQ(r.code, 0) << r.err;
  const JsonValue json = parse_or_fail(r.out);
  EXPECT_EQ(test::number_at(json, "weights_gb"), 140);
  EXPECT_EQ(test::number_at(json, "min_gpus"), 2);
}

TEST(Cli, RealProcessExitsWithCodeTwoOnBadInput) {
  const std::string command = std::string(LLM_SIZER_CLI_PATH) + " train --pp 0 2>/dev/null";
  const int status = std::system(command.c_str());
  EXPECT_EQ(WEXITSTATUS(status), 2);
}

}  // namespace
}  // namespace llm_sizer

namespace llm_sizer {
namespace {

TEST(Cli, FlagInputsTakeNoValue) {
  // The issue's example: train ... --sequence-parallel --cp N --ep N --global-batch N.
  const auto r = run_cli({"train",
                          "--model",
                          "mixtral-8x7b",
                          "--accelerator",
                          "h100-80g",
                          "--tp",
                          "2",
                          "--pp",
                          "4",
                          "--dp",
                          "8",
                          "--sequence-parallel",
                          "--ep",
                          "8",
                          "--cp",
                          "1",
                          "--global-batch",
                          "256",
                          "--zero",
                          "1",
                          "--recompute",
                          "full",
                          "--json"});
  ASSERT_EQ(r.code, 0) << r.err;
  const JsonValue json = parse_or_fail(r.out);
  const JsonValue* settings = json.find("settings");
  ASSERT_NE(settings, nullptr);
  EXPECT_TRUE(settings->find("sequence_parallel")->as_bool());
  EXPECT_EQ(test::number_at(*settings, "ep"), 8);
  EXPECT_EQ(test::number_at(*settings, "microbatches"), 32);  // 256 / (1 × 8)
  EXPECT_EQ(test::string_at(*settings, "recompute"), "full");
  const JsonValue* memory = json.find("memory");
  for (const char* key : {"weights_gb", "grads_gb", "optimizer_gb", "activations_gb", "logits_gb",
                          "overhead_gb", "peak_gb"}) {
    EXPECT_TRUE(memory->find(key)->is_number()) << key;
  }
  EXPECT_TRUE(memory->find("fits")->is_bool());
  EXPECT_EQ(json.find("stages")->as_array().size(), 4u);
  const auto off = run_cli(
      {"train", "--model", "mixtral-8x7b", "--tp", "2", "--sequence-parallel", "0", "--json"});
  EXPECT_FALSE(parse_or_fail(off.out).find("settings")->find("sequence_parallel")->as_bool());
}

// True when the text holds a byte a terminal acts on: C0 controls other than newline and tab,
// DEL, and the C1 controls U+0080-U+009F (CSI is U+009B).
bool has_terminal_control(const std::string& text) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7F) return true;
    if (c == 0xC2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) >= 0x80 &&
        static_cast<unsigned char>(text[i + 1]) <= 0x9F) {
      return true;
    }
  }
  return false;
}

// Bug: custom names and bad values from a link reached the terminal as raw bytes, so
// `llm-sizer open LINK` wrote escape sequences chosen by whoever made the link (set the window
// title, clear the screen). Control characters are now shown as U+FFFD; the rest stays readable.
TEST(Cli, NeverWritesTerminalControlCharactersFromALink) {
  const std::string link =
      "#v=1&m=custom&params=7B&m.name=%1B%5D0%3Bpwned%07%1B%5B2J&a=%C2%9B31m%7F&a.name=x%00y";
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"open", link}, {"open", link, "--json"}, {"train", "--model-name", "\x1b[2J"}}) {
    const auto r = run_cli(args);
    EXPECT_FALSE(has_terminal_control(r.out)) << args[0];
    EXPECT_FALSE(has_terminal_control(r.err)) << args[0];
  }
  const auto r = run_cli({"open", link});
  EXPECT_NE(r.out.find("\xEF\xBF\xBD]0;pwned\xEF\xBF\xBD\xEF\xBF\xBD[2J"), std::string::npos);
  EXPECT_NE(r.err.find("\xEF\xBF\xBD"
                       "31m\xEF\xBF\xBD"),
            std::string::npos)
      << r.err;
  EXPECT_TRUE(has_terminal_control("a\x1b") && has_terminal_control("\xC2\x9B"));  // the check
}

}  // namespace
}  // namespace llm_sizer
