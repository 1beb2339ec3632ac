// Each sub-command of the CLI: its own help, the flags it refuses, `open` with flags, the preset
// catalogs as JSON, the training time in text mode, and JSON that is valid UTF-8 whatever a
// link holds.
#include <gtest/gtest.h>

#include <cstdio>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "cli_run.hpp"
#include "llm_sizer/accelerator.hpp"
#include "llm_sizer/json.hpp"
#include "llm_sizer/model.hpp"
#include "report_text.hpp"
#include "terminal_text.hpp"
#include "test_support.hpp"

namespace llm_sizer {
namespace {

using test::CliRun;
using test::run_cli;

JsonValue json_of(const std::string& text) {
  const auto parsed = parse_json(text);
  if (!parsed.value) throw std::runtime_error("not JSON: " + text);
  return *parsed.value;
}

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// The lines of a command's help that introduce a flag: "  --tp N   Tensor parallel (TP)".
bool lists_flag(const std::string& help, const std::string& flag) {
  return std::regex_search(help, std::regex("\n  " + flag + "[ ,\n]"));
}

// The detail line under a flag in a command's help.
std::string detail_of(const std::string& help, const std::string& flag) {
  const auto at = help.find("\n  " + flag + " ");
  if (at == std::string::npos) return {};
  const auto line = help.find('\n', at + 1);
  const auto start = help.find_first_not_of(' ', line + 1);
  return help.substr(start, help.find('\n', start) - start);
}

const std::vector<std::string> kAllCommands = {"train", "infer",  "search",       "link",
                                               "open",  "models", "accelerators", "help"};

// Bug: `llm-sizer --help` did not list `search` at all.
TEST(CliHelp, ListsEverySubCommand) {
  const auto r = run_cli({"--help"});
  ASSERT_EQ(r.code, 0);
  for (const auto& command : kAllCommands) {
    EXPECT_TRUE(has(r.out, "\n  " + command + " ")) << command << " missing from\n" << r.out;
  }
}

// Bug: every sub-command's --help printed all 90 flags, most of which it ignores.
TEST(CliHelp, EachSubCommandListsOnlyTheFlagsItUses) {
  struct Case {
    std::string command;
    std::vector<std::string> listed;
    std::vector<std::string> absent;
  };
  const std::vector<Case> cases = {
      {"train",
       {"--model", "--layers", "--card-memory-gb", "--safety", "--tp", "--recipe", "--tokens",
        "--hf-config", "--link", "--json", "--lang"},
       {"--weights", "--batch", "--objective", "--embed", "--infer-tp", "--limit", "--all"}},
      {"infer",
       {"--model", "--weights", "--kv-dtype", "--batch", "--weight-bytes", "--infer-tp"},
       {"--tp", "--pp", "--recipe", "--tokens", "--safety", "--embed"}},
      // A layout input given to the search fixes that dimension; a range limits it.
      {"search",
       {"--cluster-gpus", "--deadline-days", "--tokens", "--objective", "--recipe", "--cp", "--tp",
        "--pp", "--limit", "--all", "--batch-tolerance"},
       {"--weights", "--safety", "--embed"}},
      {"link", {"--tp", "--weights", "--embed", "--link", "--hf-config"}, {"--json"}},
      {"open", {"--tp", "--weights", "--embed", "--json", "--hf-config"}, {"--link"}},
      {"models", {"--json", "--lang"}, {"--tp", "--model", "--hf-config"}},
      {"accelerators", {"--json", "--lang"}, {"--pp", "--accelerator"}},
  };
  for (const auto& c : cases) {
    const auto r = run_cli({c.command, "--help"});
    ASSERT_EQ(r.code, 0) << c.command;
    EXPECT_TRUE(has(r.out, "llm-sizer " + c.command)) << c.command;
    for (const auto& flag : c.listed) EXPECT_TRUE(lists_flag(r.out, flag)) << c.command << flag;
    for (const auto& flag : c.absent) EXPECT_FALSE(lists_flag(r.out, flag)) << c.command << flag;
  }
}

TEST(CliHelp, EachFlagShowsItsValidValuesAndDefault) {
  const std::string train = run_cli({"train", "--help"}).out;
  // The article's safety factor 0.6 of a card's memory; the field table's range [0.001, 1].
  EXPECT_EQ(detail_of(train, "--safety"), "a number from 0.001 to 1; default: 0.6");
  // TP: the node's GPUs (the article: TP = 8 inside a node), or fewer to keep whole heads.
  EXPECT_EQ(detail_of(train, "--tp"),
            "a whole number from 1 to 1024; default: automatic — the largest size within a node "
            "(or within the cluster, when it is smaller) that divides the attention heads and "
            "key/value heads (that size itself without an architecture)");
  // Megatron-core's recompute modules: its default is the attention core.
  EXPECT_TRUE(
      has(detail_of(train, "--recompute-modules"), "core_attn, mla_up_proj, mlp, moe, moe_act"));
  EXPECT_TRUE(has(detail_of(train, "--recompute"), "one of none, selective, full"));
  EXPECT_TRUE(has(detail_of(train, "--recipe"), "seed12, pure-bf16"));
  EXPECT_TRUE(has(detail_of(train, "--recipe"), "default: seed12"));
  EXPECT_TRUE(has(detail_of(train, "--model"), "llama-3.1-8b"));
  EXPECT_TRUE(has(detail_of(train, "--model"), "custom; default: gpt3-175b"));
  EXPECT_TRUE(has(detail_of(train, "--card-memory-gb"), "to 100000 GB"));  // with its unit
  // NCCL's buffers are a range per communicator (memory_profile.cpp: 0.04–0.6 GB each).
  EXPECT_TRUE(has(detail_of(train, "--comm-buffer-gb"), "0.04–0.6 GB each"));
  const std::string infer = run_cli({"infer", "--help"}).out;
  // vLLM's gpu_memory_utilization defaults to 0.9 (vLLM engine arguments).
  EXPECT_TRUE(has(detail_of(infer, "--gpu-memory-utilization"), "default: automatic — 0.9"));
  // The article's bytes per weight follow the serving format (bf16: 16 bits ÷ 8 = 2 B).
  EXPECT_TRUE(has(detail_of(infer, "--weight-bytes"), "the serving weight format's bits ÷ 8"));
  const std::string zh = run_cli({"train", "--help", "--lang", "zh"}).out;
  EXPECT_EQ(detail_of(zh, "--safety"), "0.001 到 1 之间的数；默认：0.6");
  EXPECT_EQ(
      detail_of(zh, "--tp"),
      "1 到 1024 之间的整数；默认：自动——节点内（集群小于一个节点时则在集群内）能整除注意力头数"
      "和 KV 头数的最大值（无模型结构时取该卡数）");
}

TEST(CliHelp, NeverShowsARawMessageKey) {
  const std::regex raw_key(R"(\b(cli|field|unit|choice|hint|issue|hf|ui)\.[a-z_]+)");
  for (const char* lang : {"en", "zh"}) {
    std::vector<std::string> texts = {run_cli({"--help", "--lang", lang}).out};
    for (const auto& command : kAllCommands) {
      texts.push_back(run_cli({command, "--help", "--lang", lang}).out);
    }
    for (const auto& text : texts) {
      std::smatch found;
      EXPECT_FALSE(std::regex_search(text, found, raw_key)) << lang << ": " << found.str();
    }
  }
}

TEST(CliHelp, HelpCommandShowsOneCommandsFlags) {
  const auto r = run_cli({"help", "infer"});
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.out, run_cli({"infer", "--help"}).out);
  EXPECT_EQ(run_cli({"help", "frobnicate"}).code, 2);
}

TEST(CliFlags, AnUnknownFlagNamesTheNearestValidOne) {
  struct Case {
    std::vector<std::string> args;
    std::string expected;
  };
  for (const auto& c : std::vector<Case>{
           {{"train", "--pq", "4"}, "error: unknown flag --pq; did you mean --pp?"},
           {{"train", "--recompte", "full"},
            "error: unknown flag --recompte; did you mean --recompute?"},
           {{"infer", "--weigths", "int8"},
            "error: unknown flag --weigths; did you mean --weights?"},
           {{"models", "--jsn"}, "error: unknown flag --jsn; did you mean --json?"},
           // Three edits away: no guess.
           {{"train", "--xyzzy", "1"}, "error: unknown flag --xyzzy (see llm-sizer train --help)"},
       }) {
    const auto r = run_cli(c.args);
    EXPECT_EQ(r.code, 2) << c.args[1];
    EXPECT_EQ(r.err, c.expected + "\n");
  }
  const auto zh = run_cli({"train", "--pq", "4", "--lang", "zh"});
  EXPECT_EQ(zh.err, "错误: 未知参数 --pq；是否想用 --pp？\n");
}

// Bug: `models --tp 4`, `accelerators --pp 2` and `link --json` exited 0 and ignored the flag.
TEST(CliFlags, SubCommandsRefuseFlagsTheyDoNotUse) {
  struct Case {
    std::vector<std::string> args;
    std::string flag;
  };
  for (const auto& c :
       std::vector<Case>{{{"models", "--tp", "4"}, "--tp"},
                         {{"accelerators", "--pp", "2"}, "--pp"},
                         {{"link", "--json"}, "--json"},
                         {{"search", "--cluster-gpus", "64", "--safety", "0.5"}, "--safety"},
                         {{"train", "--limit", "tp=8"}, "--limit"},
                         {{"infer", "--recipe", "fp8"}, "--recipe"},
                         {{"train", "--weights", "int8"}, "--weights"},
                         {{"models", "--hf-config", "x.json"}, "--hf-config"}}) {
    const auto r = run_cli(c.args);
    EXPECT_EQ(r.code, 2) << c.args[0] << " " << c.flag;
    EXPECT_EQ(r.out, "") << c.args[0];
    EXPECT_EQ(r.err, "error: " + c.flag + " is not used by llm-sizer " + c.args[0] +
                         " (llm-sizer " + c.args[0] + " --help lists its flags)\n");
  }
  const auto zh = run_cli({"models", "--tp", "4", "--lang", "zh"});
  EXPECT_EQ(zh.code, 2);
  EXPECT_TRUE(has(zh.err, "llm-sizer models 不使用 --tp")) << zh.err;
}

const std::string kArticleLink = "./#v=2&m=gpt3-175b&a=h100-80g&pp=10&cluster=1000";

// Bug: `open LINK --pp 12` dropped the flag without a word and opened the link as it was.
TEST(CliOpen, FlagsChangeTheLinksPlan) {
  const auto r = run_cli({"open", kArticleLink, "--pp", "12", "--json"});
  ASSERT_EQ(r.code, 0) << r.err;
  const JsonValue json = json_of(r.out);
  EXPECT_EQ(test::number_at(*json.find("plan"), "pp"), 12);
  EXPECT_EQ(test::number_at(*json.find("plan"), "cluster_gpus"), 1000);  // kept from the link
  // TP 8 × PP 12 = 96 GPUs per replica; ⌊1000 ÷ 96⌋ = 10 replicas; 960 GPUs.
  EXPECT_EQ(test::number_at(*json.find("training"), "total_gpus"), 960);
  EXPECT_EQ(test::string_at(json, "link"), "./#v=2&m=gpt3-175b&a=h100-80g&pp=12&cluster=1000");
  // The same through --link on the other commands.
  const auto link = run_cli({"link", "--link", kArticleLink, "--pp", "12", "--model-name", "x"});
  EXPECT_EQ(link.out, "./#v=2&m=gpt3-175b&m.name=x&a=h100-80g&pp=12&cluster=1000\n");
  const auto train = run_cli({"train", "--link", kArticleLink, "--dp", "3", "--json"});
  EXPECT_EQ(test::number_at(json_of(train.out), "total_gpus"), 240);  // 8 × 10 × 3
}

// Bug: `open LINK --pp abc` exited 0: the flag was read and then thrown away.
TEST(CliOpen, ABadFlagValueExitsWithCodeTwo) {
  const auto r = run_cli({"open", kArticleLink, "--pp", "abc"});
  EXPECT_EQ(r.code, 2);
  EXPECT_TRUE(has(r.err,
                  "error: --pp: “abc” is not a number. Valid --pp: a whole number from 1 "
                  "to 4096."))
      << r.err;
  EXPECT_EQ(run_cli({"open", kArticleLink, "--bogus", "1"}).code, 2);
  EXPECT_EQ(run_cli({"open", kArticleLink, "--pp", "0"}).code, 2);
}

// Bug: `models --json` and `accelerators --json` printed the text table.
TEST(CliCatalogs, ModelsJsonListsEveryPresetWithItsFigures) {
  const auto r = run_cli({"models", "--json"});
  ASSERT_EQ(r.code, 0);
  const JsonValue json = json_of(r.out);
  ASSERT_TRUE(json.is_array());
  EXPECT_EQ(json.as_array().size(), model_catalog().size());
  const JsonValue* gpt3 = nullptr;
  const JsonValue* qwen = nullptr;
  for (const auto& m : json.as_array()) {
    if (test::string_at(m, "id") == "gpt3-175b") gpt3 = &m;
    if (test::string_at(m, "id") == "qwen-32b") qwen = &m;
    for (const char* key : {"name", "source", "note"}) EXPECT_TRUE(m.find(key)->is_string());
  }
  ASSERT_TRUE(gpt3 && qwen);
  // Brown et al. 2020, Table 2.1: 175 × 10⁹ parameters, 96 layers, d_model 12288.
  EXPECT_EQ(test::number_at(*gpt3, "params"), 175e9);
  EXPECT_EQ(test::number_at(*gpt3->find("architecture"), "layers"), 96);
  EXPECT_EQ(test::number_at(*gpt3->find("architecture"), "hidden"), 12288);
  // The article's Qwen-32B is a headline count only: no architecture, nothing counted.
  EXPECT_EQ(test::number_at(*qwen, "params"), 32e9);
  EXPECT_TRUE(qwen->find("architecture")->is_null());
  EXPECT_TRUE(qwen->find("params_counted")->is_null());
}

TEST(CliCatalogs, AcceleratorsJsonHasEveryFigureAndNullForUnknown) {
  const auto r = run_cli({"accelerators", "--json"});
  ASSERT_EQ(r.code, 0);
  const JsonValue json = json_of(r.out);
  ASSERT_TRUE(json.is_array());
  EXPECT_EQ(json.as_array().size(), accelerator_catalog().size());
  for (const auto& a : json.as_array()) {
    const std::string id = test::string_at(a, "id");
    if (id == "h100-80g") {
      // NVIDIA H100 SXM5 datasheet: 80 GB, 3.35 TB/s, 700 W; 989 TFLOPS dense BF16 (1979 sparse).
      EXPECT_EQ(test::number_at(a, "memory_gb"), 80);
      EXPECT_EQ(test::number_at(a, "gpus_per_node"), 8);
      EXPECT_EQ(test::number_at(a, "bf16_dense_tflops"), 989);
      EXPECT_EQ(test::number_at(a, "hbm_bandwidth_tbps"), 3.35);
      EXPECT_EQ(test::number_at(a, "power_w"), 700);
      EXPECT_EQ(test::string_at(a, "confidence"), "high");
      EXPECT_TRUE(a.find("nvlink_domain_gpus")->is_null());  // the node's 8
    }
    if (id == "gb200") {
      // NVIDIA DGX GB200 user guide: 4 GPUs per compute tray, 72-GPU NVLink domains.
      EXPECT_EQ(test::number_at(a, "gpus_per_node"), 4);
      EXPECT_EQ(test::number_at(a, "nvlink_domain_gpus"), 72);
    }
    if (id == "rg800-32g") {
      // The article gives its memory (32 GB, 8 per server) and nothing else.
      EXPECT_EQ(test::number_at(a, "memory_gb"), 32);
      for (const char* key :
           {"bf16_dense_tflops", "hbm_bandwidth_tbps", "power_w", "price_per_hour_usd"}) {
        EXPECT_TRUE(a.find(key)->is_null()) << key;
      }
    }
    for (const char* key : {"name", "vendor", "source", "confidence", "note"}) {
      EXPECT_TRUE(a.find(key) && a.find(key)->is_string()) << id << " " << key;
    }
  }
}

// A GB200 plan says both sizes: the tray its launch commands count, the rack its links span.
TEST(CliCommands, TrainTextNamesTheNvlinkDomainWhereItIsNotTheNode) {
  const auto gb200 = run_cli({"train", "--model", "llama-3.1-70b", "--accelerator", "gb200"});
  ASSERT_EQ(gb200.code, 0);
  EXPECT_NE(gb200.out.find("4 GPUs per node · NVLink domain of 72 GPUs"), std::string::npos);
  EXPECT_NE(gb200.out.find("--nproc-per-node 4"), std::string::npos);
  const auto h100 = run_cli({"train", "--model", "llama-3.1-70b", "--accelerator", "h100-80g"});
  ASSERT_EQ(h100.code, 0);
  EXPECT_EQ(h100.out.find("NVLink domain"), std::string::npos);
}

// Bug: text-mode `train` showed the full model's memory but none of its time and cost.
TEST(CliTrainText, ShowsStepTimeThroughputMfuDaysGpuHoursCostAndEnergy) {
  const std::vector<std::string> plan = {"train",    "--model",  "gpt3-175b", "--accelerator",
                                         "h100-80g", "--pp",     "10",        "--cluster-gpus",
                                         "1000",     "--tokens", "300e9"};
  const auto text = run_cli(plan);
  ASSERT_EQ(text.code, 0) << text.err;
  std::vector<std::string> json_args = plan;
  json_args.push_back("--json");
  const JsonValue time = *json_of(run_cli(json_args).out).find("time");
  // A number to `decimals` places without trailing zeros: 157.0 → "157".
  const auto rounded = [](double v, int decimals) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, v);
    std::string text = buffer;
    if (decimals > 0) {
      while (text.back() == '0') text.pop_back();
      if (text.back() == '.') text.pop_back();
    }
    return text;
  };
  // The rows show the JSON's numbers, rounded as the page rounds them.
  EXPECT_TRUE(has(text.out, "Step time")) << text.out;
  EXPECT_TRUE(has(text.out, rounded(test::number_at(time, "step_s"), 2) + " s"));
  EXPECT_TRUE(has(text.out, "Tokens per second"));
  EXPECT_TRUE(has(text.out, rounded(test::number_at(time, "tokens_per_s"), 0)));
  EXPECT_TRUE(has(text.out, rounded(test::number_at(time, "mfu") * 100, 1) + "%"));
  EXPECT_TRUE(has(text.out, rounded(test::number_at(time, "days"), 1)));
  EXPECT_TRUE(has(text.out, rounded(test::number_at(time, "gpu_hours"), 0)));
  EXPECT_TRUE(has(text.out, "$" + rounded(test::number_at(time, "cost"), 0)));
  EXPECT_TRUE(has(text.out, rounded(test::number_at(time, "energy_kwh") / 1000, 1) + " MWh"));
  // Under a megawatt-hour the energy is in kWh: Llama 3.1 8B on one node for 10⁹ tokens (44
  // GPU-hours) read "0 MWh".
  const std::vector<std::string> small = {
      "train", "--model",  "llama-3.1-8b", "--accelerator", "h100-80g", "--cluster-gpus",
      "8",     "--tokens", "1e9"};
  auto small_json = small;
  small_json.push_back("--json");
  const double kwh = test::number_at(*json_of(run_cli(small_json).out).find("time"), "energy_kwh");
  ASSERT_GT(kwh, 10);
  ASSERT_LT(kwh, 1000);
  const auto small_text = run_cli(small);
  EXPECT_TRUE(has(small_text.out, rounded(kwh, 0) + " kWh")) << small_text.out;
  EXPECT_FALSE(has(small_text.out, " 0 MWh")) << small_text.out;
  // GPU-hours = days × 24 × 960 GPUs (to the rounding of the days).
  EXPECT_NEAR(test::number_at(time, "gpu_hours"), test::number_at(time, "days") * 24 * 960, 1);
  // After the memory table, before the memory derivation.
  EXPECT_LT(text.out.find("Total (GB)"), text.out.find("Step time"));
  EXPECT_LT(text.out.find("Step time"), text.out.find("Memory of the peak card"));

  std::vector<std::string> zh_args = plan;
  zh_args.insert(zh_args.end(), {"--lang", "zh"});
  const auto zh = run_cli(zh_args);
  for (const char* label : {"单步时间", "每秒 token 数", "天数", "卡时", "费用", "能耗"}) {
    EXPECT_TRUE(has(zh.out, label)) << label;
  }
  // Without tokens: the step, and what to give for the rest.
  const auto no_tokens = run_cli({"train", "--model", "llama-3.1-8b"});
  EXPECT_TRUE(has(no_tokens.out, "Step time"));
  EXPECT_TRUE(has(no_tokens.out, "Give --tokens for days, GPU-hours, cost and energy."));
  EXPECT_FALSE(has(no_tokens.out, "GPU-hours  "));
}

// The issue's question on the command line: QLoRA of Llama 3.1 8B on one RTX 4090 at sequence
// 4096 with gradient checkpointing, and LoRA without it; memory, time and cost, in text and JSON.
TEST(CliTrainFinetune, LoraAndQloraOnOneCardGiveMemoryTimeAndCost) {
  const std::vector<std::string> plan = {"train",
                                         "--model",
                                         "llama-3.1-8b",
                                         "--accelerator",
                                         "rtx-4090",
                                         "--framework",
                                         "pytorch",
                                         "--finetune",
                                         "qlora",
                                         "--lora-rank",
                                         "16",
                                         "--seq-len",
                                         "4096",
                                         "--micro-batch",
                                         "1",
                                         "--tp",
                                         "1",
                                         "--pp",
                                         "1",
                                         "--dp",
                                         "1",
                                         "--recompute",
                                         "full",
                                         "--tokens",
                                         "1e8"};
  const auto text = run_cli(plan);
  ASSERT_EQ(text.code, 0) << text.err;
  // The card as its driver reports it: 24,210 MiB = 25.39 GB = 23.64 GiB.
  EXPECT_TRUE(has(text.out, "of 25.39 GB (23.64 GiB) — fits")) << text.out;
  EXPECT_TRUE(has(text.out, "QLoRA")) << text.out;
  // 32 × 16 × (2·8192 + 2·5120 + 3·18432) adapter parameters (PEFT's count for Llama 3 8B).
  EXPECT_TRUE(has(text.out, "41.94 × 10⁶ adapter parameters")) << text.out;
  for (const char* row : {"Step time", "Days", "GPU-hours", "Cost"}) {
    EXPECT_TRUE(has(text.out, row)) << row;
  }
  std::vector<std::string> json_args = plan;
  json_args.push_back("--json");
  const JsonValue doc = json_of(run_cli(json_args).out);
  const JsonValue& memory = *doc.find("memory");
  EXPECT_EQ(test::string_at(memory, "verdict"), "fits");
  EXPECT_EQ(test::number_at(memory, "adapter_params"), 41943040);
  EXPECT_EQ(test::string_at(*doc.find("settings"), "finetune"), "qlora");
  EXPECT_EQ(test::number_at(*doc.find("settings"), "lora_rank"), 16);
  EXPECT_GT(test::number_at(*doc.find("time"), "days"), 0);
  EXPECT_GT(test::number_at(*doc.find("time"), "cost"), 0);
  // LoRA keeps the 16.06 GB bf16 base: with the activations of every layer it does not fit.
  std::vector<std::string> lora = plan;
  lora[8] = "lora";
  lora[22] = "selective";
  lora.push_back("--json");
  EXPECT_EQ(test::string_at(*json_of(run_cli(lora).out).find("memory"), "verdict"), "does_not_fit");
}

// Bug: the time's sentence printed its placeholders ("GEMMs at up to {gemm} %") in text mode,
// and the step's split that --json and the page show (issue 12) was missing from the text.
TEST(CliTrainText, FillsTheTimeSentenceAndShowsTheStepSplit) {
  const std::vector<std::string> plan = {
      "train", "--model", "llama-3.1-70b", "--accelerator", "h200-141g", "--tp", "8", "--pp", "4",
      "--dp",  "4"};
  for (const char* lang : {"en", "zh"}) {
    std::vector<std::string> args = plan;
    args.insert(args.end(), {"--lang", lang});
    const auto text = run_cli(args);
    ASSERT_EQ(text.code, 0) << text.err;
    ASSERT_TRUE(has(text.out, lang == std::string("en") ? "Training time" : "训练时间"));
    EXPECT_FALSE(std::regex_search(text.out, std::regex("\\{[a-z_]+\\}"))) << text.out;
  }
  const auto text = run_cli(plan);
  std::vector<std::string> json_args = plan;
  json_args.push_back("--json");
  const JsonValue time = *json_of(run_cli(json_args).out).find("time");
  // One row per term of the split, in the page's order, each with the JSON's number.
  std::size_t last = text.out.find("One step:");
  ASSERT_NE(last, std::string::npos) << text.out;
  for (const auto& [label, key] :
       std::vector<std::pair<std::string, std::string>>{{"Compute", "compute_s"},
                                                        {"Recompute", "recompute_s"},
                                                        {"Pipeline bubble", "bubble_s"},
                                                        {"TP collectives", "tp_comm_s"},
                                                        {"PP send/receive", "pp_comm_s"},
                                                        {"DP gradient reduction", "dp_comm_s"},
                                                        {"MoE all-to-all", "moe_comm_s"},
                                                        {"Optimizer step", "optimizer_s"}}) {
    const auto row = text.out.find("\n" + label, last);
    ASSERT_NE(row, std::string::npos) << label << "\n" << text.out;
    const std::string line = text.out.substr(row + 1, text.out.find('\n', row + 1) - row - 1);
    char expected[32];
    std::snprintf(expected, sizeof expected, "%.3f", test::number_at(time, key.c_str()));
    std::string digits = expected;
    while (digits.back() == '0') digits.pop_back();
    if (digits.back() == '.') digits.pop_back();
    EXPECT_TRUE(has(line, " " + digits + " s")) << line << " vs " << expected;
    last = row + 1;
  }
}

// Bug: a link's name with bytes that are not UTF-8 (m.name=%FF) reached --json output raw, so
// the document was not valid JSON text (RFC 8259 §8.1); and U+009B was rewritten by the
// terminal filter, so the CLI's JSON differed from the page's export of the same link.
TEST(CliJson, IsValidUtf8WithEveryControlEscapedWhateverTheLinkHolds) {
  const std::string link =
      "./"
      "#v=1&m=custom&params=7B&m.name=%FF%C2%9B31m%E2%80%A8%F0%9F%98%80%3Cb%3E&a=custom&a.mem=80&"
      "a."
      "name=%ED%A0%80";
  for (const std::vector<std::string>& args :
       std::vector<std::vector<std::string>>{{"open", link, "--json"},
                                             {"train", "--link", link, "--json"},
                                             {"infer", "--link", link, "--json"},
                                             {"open", link}}) {
    const auto r = run_cli(args);
    EXPECT_TRUE(test::utf8_code_points(r.out).has_value()) << args[0];
    EXPECT_TRUE(test::utf8_code_points(r.err).has_value()) << args[0];
    // Nothing left for the terminal filter to rewrite.
    EXPECT_EQ(cli::terminal_safe(r.out), r.out) << args[0];
  }
  const JsonValue json = json_of(run_cli({"train", "--link", link, "--json"}).out);
  // FF → U+FFFD; U+009B kept (escaped in the text); U+2028, the emoji and "<b>" as they are.
  EXPECT_EQ(test::string_at(*json.find("setup"), "model_name"),
            "\xEF\xBF\xBD\xC2\x9B"
            "31m\xE2\x80\xA8\xF0\x9F\x98\x80<b>");
  // ED A0 80 (a UTF-16 surrogate) is three ill-formed bytes: three U+FFFD.
  EXPECT_EQ(test::string_at(*json.find("setup"), "accelerator_name"),
            "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");
  const std::string raw = run_cli({"train", "--link", link, "--json"}).out;
  EXPECT_TRUE(has(raw, "\\u009b31m"));
  // The share link in the output encodes the name as the page holds it.
  EXPECT_TRUE(has(test::string_at(json, "link"), "m.name=%EF%BF%BD%C2%9B31m"));
}

}  // namespace
}  // namespace llm_sizer

namespace llm_sizer {
namespace {

// `search --tp 8 --pp 4..16` once ignored both: a value fixes a dimension, a range limits it.
TEST(CliSearch, TakesFixedValuesAndRangesAndWritesEveryLayoutWithAll) {
  const auto r = run_cli({"search", "--cluster-gpus", "256", "--tokens", "1e12", "--model",
                          "llama-3.1-70b", "--tp", "8", "--pp", "2..4", "--all"});
  ASSERT_EQ(r.code, 0) << r.err;
  std::istringstream lines(r.out);
  std::string header;
  std::getline(lines, header);
  EXPECT_EQ(header.rfind("tp,pp,dp,cp,ep,etp,vpp,micro_batch,zero,recompute,", 0), 0u) << header;
  int rows = 0;
  for (std::string line; std::getline(lines, line); ++rows) {
    EXPECT_EQ(line.rfind("8,", 0), 0u) << line;  // TP 8 first
    const auto pp = std::stod(line.substr(2, line.find(',', 2) - 2));
    EXPECT_GE(pp, 2);
    EXPECT_LE(pp, 4);
  }
  EXPECT_GT(rows, 10);
  // The text gives each row's step against the best's, and how finely the validation says the
  // search ranks, in both languages.
  for (const char* lang : {"en", "zh"}) {
    const auto text = run_cli({"search", "--cluster-gpus", "256", "--tokens", "1e12", "--model",
                               "llama-3.1-70b", "--lang", lang});
    ASSERT_EQ(text.code, 0) << text.err;
    const bool en = lang == std::string("en");
    EXPECT_TRUE(has(text.out, en ? "vs best" : "比最优")) << text.out;
    EXPECT_TRUE(has(text.out, en ? "How finely this ranks" : "排序精度")) << text.out;
    EXPECT_TRUE(has(text.out, "+0%")) << text.out;  // the best row
    EXPECT_FALSE(std::regex_search(text.out, std::regex("\\{[a-z_]+\\}"))) << text.out;
  }
  // Under a batch tolerance the rows train their own batches: the text says so instead of one
  // batch for all, and each row shows its own (1,000 GPUs with 1,000 ± 5 % sequences: 1,020 for
  // DP 170 and 1,024 for DP 512, both in the top rows).
  for (const char* lang : {"en", "zh"}) {
    const auto text =
        run_cli({"search", "--cluster-gpus", "1024", "--global-batch", "1000", "--batch-tolerance",
                 "0.05", "--model", "llama-3.1-70b", "--accelerator", "h200-141g", "--lang", lang});
    ASSERT_EQ(text.code, 0) << text.err;
    const bool en = lang == std::string("en");
    EXPECT_TRUE(has(text.out, en ? "Each layout trains its own global batch" : "各用自己的全局批"))
        << text.out;
    EXPECT_TRUE(has(text.out, "±5%")) << text.out;
    EXPECT_FALSE(has(text.out, en ? "Every layout trains a global batch" : "所有布局都使用"));
    EXPECT_TRUE(has(text.out, en ? " Batch " : "全局批")) << text.out;
    EXPECT_TRUE(has(text.out, " 1024 ") && has(text.out, " 1020 ")) << text.out;
  }
  const auto bad =
      run_cli({"search", "--cluster-gpus", "256", "--tokens", "1e12", "--limit", "pp=9..3"});
  EXPECT_EQ(bad.code, 2);
  EXPECT_TRUE(has(bad.err, "pp=9..3")) << bad.err;
}

}  // namespace
}  // namespace llm_sizer

namespace llm_sizer::cli {
namespace {

// A deep uneven split (the search's DeepSeek-V3 rows have 31 stages) is written as runs, as the
// page writes it (tests/unit/layout-extras.test.ts holds the same cases), so that the PP cell
// stays narrow.
// With tight layouts let in (--limit tight=1), a tight best layout's warning names the fastest
// layout that fits with room, its recompute in the form's words in either language
// (choice.recompute.*), and --json gives that layout as `roomy` (Llama 3.1 8B on 8 H100: the best
// sits past 90 % of the card). Without the limit that layout is the best, and nothing is flagged.
TEST(CliSearchText, ATightBestNamesTheLayoutThatFitsWithRoom) {
  for (const char* lang : {"en", "zh"}) {
    const auto text = run_cli({"search", "--cluster-gpus", "8", "--model", "llama-3.1-8b",
                               "--accelerator", "h100-80g", "--limit", "tight=1", "--lang", lang});
    ASSERT_EQ(text.code, 0) << text.err;
    const bool en = lang == std::string("en");
    // Warnings go to stderr, the table to stdout.
    EXPECT_TRUE(has(text.err, en ? "The best layout is tight" : "最佳布局显存偏紧")) << text.err;
    EXPECT_TRUE(has(text.err, en ? "recompute: None;" : "重计算：不重计算")) << text.err;
    EXPECT_FALSE(std::regex_search(text.err, std::regex("\\{[a-z_]+\\}"))) << text.err;
  }
  const auto json = run_cli({"search", "--cluster-gpus", "8", "--model", "llama-3.1-8b",
                             "--accelerator", "h100-80g", "--limit", "tight=1", "--json"});
  ASSERT_EQ(json.code, 0) << json.err;
  EXPECT_TRUE(std::regex_search(json.out, std::regex("\"roomy\": \\{\\s*\"tp\": 1,"))) << json.out;
  EXPECT_TRUE(has(json.out, "\"code\": \"search_best_tight\"")) << json.out;
  EXPECT_TRUE(has(json.out, "\"tight_allowed\": true")) << json.out;
  const auto roomy = run_cli({"search", "--cluster-gpus", "8", "--model", "llama-3.1-8b",
                              "--accelerator", "h100-80g", "--json"});
  ASSERT_EQ(roomy.code, 0) << roomy.err;
  EXPECT_TRUE(has(roomy.out, "\"tight_allowed\": false")) << roomy.out;
  EXPECT_TRUE(std::regex_search(roomy.out, std::regex("\"best\": \\{\\s*\"tp\": 1,"))) << roomy.out;
  EXPECT_FALSE(has(roomy.out, "search_best_tight")) << roomy.out;
  EXPECT_TRUE(has(roomy.out, "\"roomy\": null")) << roomy.out;
}

// A MoE search says it kept to the routed experts per GPU a validated run held, and how to rank
// more (--limit experts=0..), in either language; --json carries the same (Qwen3-235B-A22B's 128
// experts on 64 H200: EP 1 and 2 left out). With the limit lifted the line is gone; with EP fixed
// at 1 nothing holds fewer, and the warning says the search ranked more for that reason.
TEST(CliSearchText, AMoESearchSaysItKeptToTheValidatedExpertsPerGpu) {
  const auto search = [](std::vector<std::string> extra) {
    std::vector<std::string> args = {"search",          "--cluster-gpus", "64",       "--model",
                                     "qwen3-235b-a22b", "--accelerator",  "h200-141g"};
    args.insert(args.end(), extra.begin(), extra.end());
    return run_cli(args);
  };
  for (const char* lang : {"en", "zh"}) {
    const auto text = search({"--limit", "tp=1 pp=1 zero=3", "--lang", lang});
    ASSERT_EQ(text.code, 0) << text.err;
    const bool en = lang == std::string("en");
    EXPECT_TRUE(
        has(text.out, en ? "at most 32 routed experts on each GPU" : "每卡路由专家不超过 32 个"))
        << text.out;
    EXPECT_TRUE(has(text.out, "--limit experts=0..")) << text.out;
    const auto only = search({"--limit", "tp=1 pp=1 zero=3 ep=1", "--lang", lang});
    ASSERT_EQ(only.code, 0) << only.err;
    EXPECT_TRUE(has(only.err, en ? "so the search ranked layouts with more" : "因此搜索改为排名"))
        << only.err;
    EXPECT_FALSE(has(only.out, "--limit experts=0..")) << only.out;
    EXPECT_FALSE(std::regex_search(only.err, std::regex("\\{[a-z_]+\\}"))) << only.err;
  }
  const auto json = search({"--limit", "tp=1 pp=1 zero=3", "--json"});
  ASSERT_EQ(json.code, 0) << json.err;
  EXPECT_TRUE(has(json.out, "\"experts_limited\": true")) << json.out;
  EXPECT_TRUE(has(json.out, "\"experts_most\": 32")) << json.out;
  const auto lifted = search({"--limit", "tp=1 pp=1 zero=3 experts=0..", "--json"});
  ASSERT_EQ(lifted.code, 0) << lifted.err;
  EXPECT_TRUE(has(lifted.out, "\"experts_limited\": false")) << lifted.out;
  EXPECT_TRUE(has(lifted.out, "\"code\": \"search_best_many_local_experts\"")) << lifted.out;
}

// The CLI's own hint adds a --limit to a command that may hold one: a second --limit narrows
// the search as one text with both would (the limits intersect), where it once replaced the
// first without a word. Any other flag given twice is refused with both values, in either
// language.
TEST(CliArguments, RepeatedLimitsNarrowTogetherAndOtherRepeatsAreRefused) {
  const std::vector<std::string> base = {"search",        "--cluster-gpus", "64",       "--model",
                                         "llama-3.1-70b", "--accelerator",  "h100-80g", "--json"};
  const auto with = [&](std::vector<std::string> extra) {
    auto args = base;
    args.insert(args.end(), extra.begin(), extra.end());
    return run_cli(args);
  };
  const auto one = with({"--limit", "tp=8 pp=2"});
  const auto two = with({"--limit", "tp=8", "--limit", "pp=2"});
  ASSERT_EQ(one.code, 0) << one.err;
  ASSERT_EQ(two.code, 0) << two.err;
  EXPECT_EQ(two.out, one.out);
  const auto last_only = with({"--limit", "pp=2"});
  ASSERT_EQ(last_only.code, 0) << last_only.err;
  EXPECT_NE(last_only.out, two.out);  // the first --limit counts: not the last one alone
  for (const char* lang : {"en", "zh"}) {
    const auto pp = with({"--pp", "2", "--pp", "4", "--lang", lang});
    EXPECT_EQ(pp.code, 2);
    EXPECT_TRUE(has(pp.err, "--pp") && has(pp.err, "2") && has(pp.err, "4")) << pp.err;
    EXPECT_TRUE(has(pp.err, lang == std::string("en") ? "given twice" : "给了两次")) << pp.err;
    const auto link = with({"--link", "./#v=2&tp=2", "--link", "./#v=2&tp=4", "--lang", lang});
    EXPECT_EQ(link.code, 2);
    EXPECT_TRUE(has(link.err, "./#v=2&tp=2") && has(link.err, "./#v=2&tp=4")) << link.err;
  }
}

TEST(CliSearchText, DeepPipelineSplitsAreWrittenAsRuns) {
  EXPECT_EQ(stage_runs("2,2,2,2,1"), "2×4, 1");
  EXPECT_EQ(stage_runs("7,8,8,8,8,8,8,8,8,8,8,8,8,8,8,7"), "7, 8×14, 7");
  EXPECT_EQ(stage_runs("41,39"), "41, 39");
  EXPECT_EQ(stage_runs("9,9,8,8"), "9, 9, 8, 8");
  EXPECT_EQ(stage_runs("16,16,16,13"), "16×3, 13");
  const auto r = run_cli({"search", "--model", "deepseek-v3", "--accelerator", "h800-80g",
                          "--cluster-gpus", "2048", "--tokens", "14.8e12"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(std::regex_search(r.out, std::regex(R"(\[\d+×\d+)"))) << r.out;
  EXPECT_FALSE(std::regex_search(r.out, std::regex(R"((\d+,){3})"))) << r.out;
}

// Selective recompute of more than the attention core is named by its modules, in the memory
// model's title and in the search's rows, where "Selective (attention core)" would misstate it.
TEST(CliTrainText, SelectiveRecomputeNamesItsModules) {
  for (const char* lang : {"en", "zh"}) {
    const bool en = lang == std::string("en");
    const auto train = run_cli({"train", "--model", "llama-3.1-70b", "--accelerator", "h100-80g",
                                "--tp", "8", "--pp", "2", "--dp", "4", "--recompute", "selective",
                                "--recompute-modules", "core_attn,mlp", "--lang", lang});
    ASSERT_EQ(train.code, 0) << train.err;
    EXPECT_TRUE(has(
        train.out, en ? "recompute: Selective (core_attn,mlp)" : "重计算：选择性（core_attn,mlp）"))
        << train.out;
    const auto search = run_cli({"search", "--model", "llama-3.1-70b", "--accelerator", "h100-80g",
                                 "--cluster-gpus", "64", "--recompute-modules", "mlp", "--limit",
                                 "rc=selective", "--lang", lang});
    ASSERT_EQ(search.code, 0) << search.err;
    EXPECT_TRUE(has(search.out, en ? "Selective (mlp)" : "选择性（mlp）")) << search.out;
    EXPECT_FALSE(has(search.out, en ? "attention core" : "注意力核心")) << search.out;
  }
}

// A deadline's rows differ in DP and compare no steps (formulas.md): the table has no column of
// dashes for it, where a cluster's has its "vs best" (above).
TEST(CliSearchText, ADeadlineSearchHasNoVsBestColumn) {
  const auto r = run_cli({"search", "--model", "llama-3.1-70b", "--accelerator", "h200-141g",
                          "--global-batch", "1024", "--tokens", "15e12", "--deadline-days", "90"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(r.out.find("Days") != std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("vs best"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace llm_sizer::cli
