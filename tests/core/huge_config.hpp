#pragma once
// A config.json as large as the importer reads, nearly all of it keys that no mapping uses: the
// worst case for the import's bookkeeping of unused keys. Shared by the test that the import is
// right on it (hf_config_test.cpp) and the benchmark of its speed (bench/core_bench.cpp).

#include <cstddef>
#include <string>

namespace llm_sizer::test {

struct HugeConfig {
  std::string text;
  std::size_t unused_keys = 0;  ///< the filler keys, all distinct, in document order
};

/// The i-th filler key: four characters of [a-zA-Z0-9], least significant first ("aaaa",
/// "baaa", …); no key of any config family is this short, so none is ever read.
inline std::string huge_config_key(std::size_t index) {
  static constexpr char kAlphabet[] =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  constexpr std::size_t kBase = sizeof kAlphabet - 1;
  std::string key(4, 'a');
  for (char& c : key) {
    c = kAlphabet[index % kBase];
    index /= kBase;
  }
  return key;
}

/// Llama 3.1 8B's architecture (Meta's published config.json, tests/fixtures/hf/), then
/// `"xxxx":0` members until the text is `bytes` long or one member short of it.
inline HugeConfig huge_config(std::size_t bytes) {
  HugeConfig config;
  config.text = R"({"model_type":"llama","architectures":["LlamaForCausalLM"],"hidden_size":4096,)"
                R"("intermediate_size":14336,"num_attention_heads":32,"num_hidden_layers":32,)"
                R"("num_key_value_heads":8,"vocab_size":128256,"max_position_embeddings":131072)";
  constexpr std::size_t kMemberBytes = 9;  // ,"abcd":0
  config.text.reserve(bytes);
  while (config.text.size() + kMemberBytes + 1 <= bytes) {
    config.text += ",\"" + huge_config_key(config.unused_keys++) + "\":0";
  }
  config.text += '}';
  return config;
}

}  // namespace llm_sizer::test
