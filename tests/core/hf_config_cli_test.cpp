// `--hf-config FILE` on the CLI: the import under the flags, and its errors with exit code 2.
#include <gtest/gtest.h>

#include <fstream>

#include "cli_run.hpp"
#include "llm_sizer/json.hpp"
#include "llm_sizer/model.hpp"
#include "test_support.hpp"

namespace llm_sizer {
namespace {

using test::run_cli;

std::string fixture_path(const std::string& name) {
  return std::string(LLM_SIZER_FIXTURES_DIR) + "/hf/" + name;
}

// A file in the build's temporary directory holding `text`.
std::string temp_file(const std::string& name, const std::string& text) {
  const std::string path = testing::TempDir() + name;
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

JsonValue json_of(const std::string& text) {
  const auto parsed = parse_json(text);
  if (!parsed.value) throw std::runtime_error("not JSON: " + text);
  return *parsed.value;
}

TEST(CliHfConfig, TrainSizesTheImportedModelByItsCountedParameters) {
  const auto r = run_cli({"train", "--hf-config", fixture_path("llama-3.1-8b.json"), "--json"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  // 8,030,261,248 parameters (architecture_test.cpp) × 12 B = 96.36 GB of model state.
  EXPECT_NEAR(test::number_at(json_of(r.out), "model_state_gb"), 96.363, 0.001);
}

TEST(CliHfConfig, LinkWritesACustomModelWithTheConfigsName) {
  const auto r = run_cli({"link", "--hf-config=" + fixture_path("qwen3-8b.json")});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("m=custom&m.name=Qwen3ForCausalLM&m.layers=36&m.hidden=4096"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("&m.qkn=1&"), std::string::npos);
}

TEST(CliHfConfig, ExplicitFlagsWinOverTheConfig) {
  const auto r = run_cli({"link", "--layers", "10", "--hf-config", fixture_path("mistral-7b.json"),
                          "--model-name", "mine"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("m.name=mine&m.layers=10&m.hidden=4096"), std::string::npos) << r.out;
}

TEST(CliHfConfig, AnExplicitPresetTakesTheConfigsArchitecture) {
  // --model stays, the config's fields override the preset's: a Mixtral preset with a dense
  // Llama 3.1 8B architecture sizes 8.03 × 10⁹ parameters' worth of layers.
  const auto r = run_cli(
      {"link", "--model", "mixtral-8x7b", "--hf-config", fixture_path("llama-3.1-8b.json")});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("m=mixtral-8x7b&m.name=LlamaForCausalLM&m.layers=32"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("&m.experts=0&"), std::string::npos);
}

TEST(CliHfConfig, WarningsNameTheFileAndTheKeys) {
  const std::string path = fixture_path("deepseek-v3.json");
  const auto r = run_cli({"infer", "--hf-config", path});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.err.find("warning: " + path +
                       ": not used, as this calculator does not model what they describe: "
                       "num_nextn_predict_layers, quantization_config"),
            std::string::npos)
      << r.err;
}

TEST(CliHfConfig, BadFilesExitWithCodeTwoAndALocalizedMessage) {
  const std::string bad = temp_file("hf-bad.json", "{\"hidden_size\": 4096,}");
  const auto syntax = run_cli({"train", "--hf-config", bad});
  EXPECT_EQ(syntax.code, 2);
  EXPECT_EQ(syntax.out, "");
  EXPECT_EQ(syntax.err, "error: " + bad + " is not valid JSON: reading stopped at byte 21.\n");
  const auto zh = run_cli({"train", "--hf-config", bad, "--lang", "zh"});
  EXPECT_EQ(zh.code, 2);
  EXPECT_NE(zh.err.find(bad + " 不是有效的 JSON：读到第 21 字节时出错。"), std::string::npos)
      << zh.err;

  const std::string missing = temp_file("hf-missing.json", "{\"model_type\": \"llama\"}");
  const auto keys = run_cli({"link", "--hf-config", missing});
  EXPECT_EQ(keys.code, 2);
  EXPECT_NE(keys.err.find("error: " + missing + ": the key “num_hidden_layers” is required"),
            std::string::npos)
      << keys.err;

  const auto absent = run_cli({"infer", "--hf-config", "/nonexistent/config.json"});
  EXPECT_EQ(absent.code, 2);
  EXPECT_EQ(absent.err, "error: cannot read the file /nonexistent/config.json\n");
  const auto directory = run_cli({"infer", "--hf-config", testing::TempDir()});
  EXPECT_EQ(directory.code, 2);
  const auto no_value = run_cli({"infer", "--hf-config"});
  EXPECT_EQ(no_value.code, 2);
  EXPECT_NE(no_value.err.find("--hf-config needs a value."), std::string::npos);
}

TEST(CliHfConfig, EveryCommandThatReadsAPlanListsTheFlag) {
  for (const char* command : {"train", "infer", "search", "link", "open"}) {
    EXPECT_NE(run_cli({command, "--help"}).out.find("--hf-config FILE"), std::string::npos)
        << command;
  }
  EXPECT_EQ(run_cli({"models", "--help"}).out.find("--hf-config"), std::string::npos);
}

// Bug: search read --hf-config but never looked at what the import found, so a missing or
// broken file exited 0 after searching the default GPT-3. Every command now reads the plan the
// same way, and a file that cannot be imported stops each one with the importer's message.
TEST(CliHfConfig, EveryCommandRefusesAFileItCannotImport) {
  const std::string malformed = temp_file("hf-malformed.json", "{\"hidden_size\": 4096,}");
  const std::string too_big =
      temp_file("hf-too-big.json", "[" + std::string(kJsonMaxBytes, ' ') + "]");
  const std::string link = "./#v=2&m=gpt3-175b&a=h100-80g";
  struct Case {
    std::string file;
    std::string message;
  };
  const std::vector<Case> cases = {
      {"/nonexistent/config.json", "error: cannot read the file /nonexistent/config.json\n"},
      {testing::TempDir(), "error: cannot read the file " + testing::TempDir() + "\n"},
      {malformed, "error: " + malformed + " is not valid JSON: reading stopped at byte 21.\n"},
      {too_big, "error: " + too_big + " is larger than 4 MiB"},
  };
  for (const auto& c : cases) {
    for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
             {"search", "--cluster-gpus", "64"}, {"train"}, {"infer"}, {"link"}, {"open", link}}) {
      std::vector<std::string> with_file = args;
      with_file.insert(with_file.end(), {"--hf-config", c.file});
      const auto r = run_cli(with_file);
      EXPECT_EQ(r.code, 2) << args[0] << " " << c.file;
      EXPECT_EQ(r.out, "") << args[0];
      EXPECT_EQ(r.err.rfind(c.message, 0), 0u) << args[0] << ": " << r.err;
    }
  }
}

// Bug: a config.json saved with a UTF-8 byte order mark was refused here ("not valid JSON:
// reading stopped at byte 0") while the page imported the same file.
TEST(CliHfConfig, AFileWithAByteOrderMarkImportsAsThePageImportsIt) {
  const std::string plain = test::read_fixture_text("hf/qwen3-8b.json");
  const std::string marked = temp_file("hf-bom.json", "\xEF\xBB\xBF" + plain);
  const auto r = run_cli({"link", "--hf-config", marked});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out, run_cli({"link", "--hf-config", fixture_path("qwen3-8b.json")}).out);
  EXPECT_NE(r.out.find("m=custom&m.name=Qwen3ForCausalLM&m.layers=36"), std::string::npos);
}

}  // namespace
}  // namespace llm_sizer
