// Hugging Face config.json import: every family against the published config of a preset
// (tests/fixtures/hf/, sources in tests/fixtures/README.md), then every error and warning path,
// then hostile input.
#include "llm_sizer/hf_config.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "huge_config.hpp"
#include "llm_sizer/model.hpp"
#include "llm_sizer/plan_fields.hpp"
#include "llm_sizer/resolve.hpp"
#include "test_support.hpp"

namespace llm_sizer {
namespace {

std::string fixture(const std::string& name) { return test::read_fixture_text("hf/" + name); }

/// The setup a plan gets from an import on top of the default plan.
ResolvedSetup setup_of(const HfImport& imported) {
  Plan plan;
  EXPECT_TRUE(apply_hf_import(imported, plan).empty());
  const ResolvedPlan resolved = resolve(plan);
  EXPECT_FALSE(has_error(resolved.issues))
      << (resolved.issues.empty() ? "" : resolved.issues[0].code);
  return resolved.setup;
}

std::vector<std::string> codes(const HfImport& imported) {
  std::vector<std::string> out;
  for (const auto& i : imported.issues) out.push_back(i.code);
  return out;
}

const Issue* find_issue(const HfImport& imported, const std::string& code) {
  for (const auto& i : imported.issues) {
    if (i.code == code) return &i;
  }
  return nullptr;
}

/// A published config with one key's value replaced (the key must be there).
std::string with_value(std::string text, const std::string& key, const std::string& value) {
  const std::string quoted = "\"" + key + "\": ";
  const auto at = text.find(quoted);
  if (at == std::string::npos) throw std::runtime_error("no key " + key);
  const auto start = at + quoted.size();
  const auto end = text.find_first_of(",\n", start);
  return text.replace(start, end - start, value);
}

/// A published config with one more key (inserted first).
std::string with_key(std::string text, const std::string& key, const std::string& value) {
  return text.insert(text.find('{') + 1, "\n  \"" + key + "\": " + value + ",");
}

/// A published config without a key.
std::string without_key(std::string text, const std::string& key) {
  const auto at = text.find("\"" + key + "\": ");
  if (at == std::string::npos) throw std::runtime_error("no key " + key);
  const auto line_start = text.rfind('\n', at);
  const auto line_end = text.find('\n', at);
  text.erase(line_start, line_end - line_start);
  // The last key leaves its predecessor's comma before the closing brace.
  const auto close = text.find_first_not_of(" \n", line_start);
  const auto comma = text.find_last_not_of(" \n", line_start - 1);
  if (close != std::string::npos && text[close] == '}' && text[comma] == ',') text.erase(comma, 1);
  return text;
}

struct PresetCase {
  const char* file;
  const char* preset;
  const char* family;
};

// Each preset with an architecture and a published config.json (GPT-3 has none).
const PresetCase kPresetCases[] = {
    {"llama-3.2-1b.json", "llama-3.2-1b", "llama"},
    {"llama-3.2-3b.json", "llama-3.2-3b", "llama"},
    {"llama-3.1-8b.json", "llama-3.1-8b", "llama"},
    {"llama-3.1-70b.json", "llama-3.1-70b", "llama"},
    {"llama-3.1-405b.json", "llama-3.1-405b", "llama"},
    {"llama-2-70b.json", "llama-2-70b", "llama"},
    {"qwen2.5-7b.json", "qwen2.5-7b", "qwen2"},
    {"qwen2.5-32b.json", "qwen2.5-32b", "qwen2"},
    {"qwen2.5-72b.json", "qwen2.5-72b", "qwen2"},
    {"qwen3-8b.json", "qwen3-8b", "qwen3"},
    {"qwen3-32b.json", "qwen3-32b", "qwen3"},
    {"qwen3-235b-a22b.json", "qwen3-235b-a22b", "qwen3_moe"},
    {"mistral-7b.json", "mistral-7b", "mistral"},
    {"mixtral-8x7b.json", "mixtral-8x7b", "mixtral"},
    {"deepseek-v2.json", "deepseek-v2", "deepseek_v2"},
    {"deepseek-v3.json", "deepseek-v3", "deepseek_v3"},
    {"gpt-neox-20b.json", "gpt-neox-20b", "gpt_neox"},
    {"bloom-176b.json", "bloom-176b", "bloom"},
};

TEST(HfConfig, EveryPublishedPresetConfigGivesThePresetsExactParameterCounts) {
  for (const auto& c : kPresetCases) {
    SCOPED_TRACE(c.file);
    const HfImport imported = import_hf_config(fixture(c.file));
    ASSERT_TRUE(imported.ok()) << (imported.issues.empty() ? "" : imported.issues[0].code);
    EXPECT_EQ(imported.family, c.family);
    const ModelPreset* preset = find_model(c.preset);
    ASSERT_NE(preset, nullptr);
    const ParamCounts expected = count_params(preset->architecture);
    const ResolvedSetup setup = setup_of(imported);
    ASSERT_TRUE(setup.has_architecture);
    EXPECT_EQ(setup.counts.total, expected.total);
    EXPECT_EQ(setup.counts.active, expected.active);
    EXPECT_EQ(setup.counts.matmul_active, expected.matmul_active);
    // The article's method then sizes the model by its counted parameters.
    EXPECT_EQ(setup.params, expected.total);
  }
}

TEST(HfConfig, ExactCountsFromSafetensorsIndexesThroughTheImport) {
  // Totals of the released checkpoints (the same figures as architecture_test.cpp).
  EXPECT_EQ(setup_of(import_hf_config(fixture("llama-3.1-8b.json"))).counts.total, 8030261248.0);
  EXPECT_EQ(setup_of(import_hf_config(fixture("qwen2.5-7b.json"))).counts.total, 7615616512.0);
  EXPECT_EQ(setup_of(import_hf_config(fixture("llama-3.2-1b.json"))).counts.total, 1235814400.0);
}

TEST(HfConfig, Gpt2SmallCountsItsWellKnown124MillionParameters) {
  // sum(p.numel() for p in GPT2LMHeadModel(GPT2Config()).parameters()) = 124,439,808:
  // wte 50257·768 + wpe 1024·768 + 12 layers · 7,087,872 + ln_f 1536 (lm_head tied).
  const HfImport imported = import_hf_config(fixture("gpt2.json"));
  ASSERT_TRUE(imported.ok());
  EXPECT_TRUE(imported.issues.empty());
  const ResolvedSetup s = setup_of(imported);
  EXPECT_EQ(s.counts.total, 124439808.0);
  EXPECT_EQ(*imported.text("positions"), "learned");
  EXPECT_EQ(*imported.text("ffn"), "3072");  // n_inner absent: 4 × 768
  EXPECT_EQ(*imported.text("tied_embeddings"), "1");
  EXPECT_EQ(*imported.text("dropout"), "1");  // resid/embd/attn_pdrop 0.1
  EXPECT_EQ(*imported.text("norm"), "layernorm");
}

TEST(HfConfig, PublishedConfigsOfTheCommonFamiliesRaiseNoWarning) {
  for (const char* file :
       {"llama-3.1-8b.json", "llama-3.2-1b.json", "llama-2-70b.json", "qwen2.5-32b.json",
        "qwen3-8b.json", "qwen3-235b-a22b.json", "mistral-7b.json", "mixtral-8x7b.json",
        "gpt-neox-20b.json", "bloom-176b.json"}) {
    SCOPED_TRACE(file);
    const HfImport imported = import_hf_config(fixture(file));
    EXPECT_TRUE(imported.issues.empty())
        << imported.issues[0].code << " " << imported.issues[0].param("keys");
  }
}

TEST(HfConfig, DeepSeekNamesTheKeysItCannotUse) {
  // The MTP module, the noaux_tc bias and FP8 storage are not modelled; the router's groups are
  // (n_group, topk_group: DeepSeek-V3 8 and 4, V2 8 and 3, from their config.json).
  const HfImport v3 = import_hf_config(fixture("deepseek-v3.json"));
  ASSERT_EQ(codes(v3), std::vector<std::string>{"hf_unused_keys"});
  EXPECT_EQ(v3.issues[0].severity, Severity::kWarning);
  EXPECT_EQ(v3.issues[0].field, "hf_config");
  EXPECT_EQ(v3.issues[0].param("keys"),
            "num_nextn_predict_layers, quantization_config, topk_method");
  EXPECT_EQ(*v3.text("moe_router_groups"), "8");
  EXPECT_EQ(*v3.text("moe_router_group_topk"), "4");
  const HfImport v2 = import_hf_config(fixture("deepseek-v2.json"));
  ASSERT_EQ(codes(v2), std::vector<std::string>{"hf_unused_keys"});
  EXPECT_EQ(v2.issues[0].param("keys"), "topk_method");
  EXPECT_EQ(*v2.text("moe_router_groups"), "8");
  EXPECT_EQ(*v2.text("moe_router_group_topk"), "3");
}

// Families mapped from their transformers modelling code (docs/hf-config.md), each checked on a
// released checkpoint's config.json against a count its publisher gives. `tolerance` is relative:
// half a unit of the published figure's last digit, unless the comment says why it is wider.
struct PublishedCase {
  const char* file;
  const char* family;
  double total;
  double tolerance;
  const char* source;
};

const PublishedCase kPublishedCases[] = {
    // microsoft/Phi-3.5-mini-instruct on the Hub (safetensors): 3.82B parameters.
    {"phi-3.5-mini-instruct.json", "phi3", 3.82e9, 0.005 / 3.82, "Phi-3.5-mini: 3.82B"},
    // internlm/internlm2_5-7b-chat on the Hub (safetensors): 7.74B parameters.
    {"internlm2.5-7b-chat.json", "internlm2", 7.74e9, 0.005 / 7.74, "InternLM2.5-7B: 7.74B"},
    // ibm-granite/granite-3.3-8b-instruct on the Hub (safetensors): 8.17B parameters.
    {"granite-3.3-8b-instruct.json", "granite", 8.17e9, 0.005 / 8.17, "Granite 3.3 8B: 8.17B"},
    // bigcode/starcoder2-7b on the Hub (safetensors): 7.17B parameters (the head is tied).
    {"starcoder2-7b.json", "starcoder2", 7.17e9, 0.005 / 7.17, "StarCoder2-7B: 7.17B"},
    // Qwen2-VL paper (Wang et al. 2024), Table 1: the 7B model's LLM has 7.6B parameters.
    {"qwen2-vl-7b-instruct.json", "qwen2_vl", 7.6e9, 0.05 / 7.6, "Qwen2-VL-7B LLM: 7.6B"},
    // Qwen3-VL-8B's language model is the Qwen3-8B decoder (same shape); Qwen3-8B's model card:
    // 8.2B parameters.
    {"qwen3-vl-8b-instruct.json", "qwen3_vl_text", 8.2e9, 0.05 / 8.2, "Qwen3-8B: 8.2B"},
    // Qwen3-VL-30B-A3B's language model is Qwen3-30B-A3B's shape; its model card: 30.5B total.
    {"qwen3-vl-30b-a3b-instruct.json", "qwen3_vl_moe_text", 30.5e9, 0.05 / 30.5,
     "Qwen3-30B-A3B: 30.5B"},
    // Moonshot AI's Kimi K2 model card: 1 trillion total parameters (one significant digit).
    {"kimi-k2-instruct.json", "kimi_k2", 1e12, 0.05, "Kimi K2: 1T"},
    // Devstral Small 2 (mistralai/Devstral-Small-2-24B-Instruct-2512 model card): 24B parameters,
    // of which the vision encoder, not counted here, is about 0.4B; hence twice the rounding.
    {"devstral-small-2-24b-instruct-2512.json", "ministral3", 24e9, 2 * 0.5 / 24,
     "Devstral Small 2: 24B"},
    // GLM-4.5 technical report (Zeng et al. 2025): 355B total. The released checkpoint's extra
    // multi-token-prediction layer is not built by transformers and not counted; 1%.
    {"glm-4.5.json", "glm4_moe", 355e9, 0.01, "GLM-4.5: 355B"},
    // zai-org/GLM-4.7-Flash model card: a 30B-A3B mixture of experts (30B total).
    {"glm-4.7-flash.json", "glm4_moe_lite", 30e9, 0.5 / 30, "GLM-4.7-Flash: 30B"},
    // DeepSeekMoE paper (Dai et al. 2024), section 5: DeepSeekMoE 16B has 16.4B parameters.
    {"deepseek-moe-16b.json", "deepseek", 16.4e9, 0.05 / 16.4, "DeepSeekMoE 16B: 16.4B"},
    // zai-org/GLM-4-9B-0414 model card: a 9B model (one significant digit).
    {"glm-4-9b-0414.json", "glm4", 9e9, 0.5 / 9, "GLM-4-9B-0414: 9B"},
    // allenai/OLMo-2-1124-7B model card: "OLMo 2 7B" (one significant digit).
    {"olmo-2-1124-7b.json", "olmo2", 7e9, 0.5 / 7, "OLMo 2 7B: 7B"},
    // MiniMaxAI/MiniMax-M2.1 model card: 230B total parameters (two significant digits).
    {"minimax-m2.1.json", "minimax_m2", 230e9, 5.0 / 230, "MiniMax-M2.1: 230B"},
};

TEST(HfConfig, NewlyMappedFamiliesMatchTheirPublishedParameterCounts) {
  for (const auto& c : kPublishedCases) {
    SCOPED_TRACE(c.source);
    const HfImport imported = import_hf_config(fixture(c.file));
    ASSERT_TRUE(imported.ok()) << (imported.issues.empty() ? "" : imported.issues[0].code);
    EXPECT_EQ(imported.family, c.family);
    EXPECT_NEAR(setup_of(imported).counts.total / c.total, 1.0, c.tolerance);
  }
}

// gpt-oss model card (OpenAI 2025, arXiv 2508.10925), Table 1: gpt-oss-120b has 116.83B
// parameters, 5.13B active per token; gpt-oss-20b 20.91B and 3.61B. Active counts the experts a
// token uses and the unembedding, not the embedding table (the core's matmul_active). The one
// sink logit per head and layer has no input and is not counted: 64 × 36 = 2,304 parameters, far
// below the card's last digit.
TEST(HfConfig, GptOssMatchesItsModelCard) {
  struct Card {
    const char* file;
    double total, active, experts, layers;
  };
  for (const Card& c : {Card{"gpt-oss-120b.json", 116.83e9, 5.13e9, 128, 36},
                        Card{"gpt-oss-20b.json", 20.91e9, 3.61e9, 32, 24}}) {
    SCOPED_TRACE(c.file);
    const HfImport imported = import_hf_config(fixture(c.file));
    // The checkpoint's MXFP4 storage is the plan's weight format to choose, as for DeepSeek.
    ASSERT_EQ(codes(imported), std::vector<std::string>{"hf_unused_keys"});
    EXPECT_EQ(imported.issues[0].param("keys"), "quantization_config");
    EXPECT_EQ(imported.family, "gpt_oss");
    EXPECT_EQ(*imported.text("moe_experts"), std::to_string(int(c.experts)));
    EXPECT_EQ(*imported.text("moe_top_k"), "4");
    EXPECT_EQ(*imported.text("moe_ffn"), "2880");
    EXPECT_EQ(*imported.text("ffn"), "0");
    EXPECT_EQ(*imported.text("head_dim"), "64");
    EXPECT_EQ(*imported.text("qkv_bias"), "1");
    EXPECT_EQ(*imported.text("linear_bias"), "1");
    // swiglu_limit 7 clamps the GLU's inputs.
    EXPECT_EQ(*imported.text("glu_clamp"), "1");
    // The 128-token window on every second layer (layer_types), the first sliding.
    EXPECT_EQ(*imported.text("sliding_window"), "128");
    EXPECT_EQ(*imported.text("sliding_window_layers"), std::to_string(int(c.layers / 2)));
    const ResolvedSetup s = setup_of(imported);
    EXPECT_NEAR(s.counts.total / c.total, 1.0, 0.005e9 / c.total);
    EXPECT_NEAR(s.counts.matmul_active / c.active, 1.0, 0.005e9 / c.active);
  }
  // By hand for the 120b: per layer q, k, v, o with biases 2 × 2880 × 4096 + 2 × 2880 × 512 +
  // 4096 + 2 × 512 + 2880, the router 128 × (2880 + 1), 128 experts of 3 × 2880² + 2 × 2880 +
  // 2880, two norms of 2880; the embedding and the head 201,088 × 2880 each, the final norm.
  const double layer = 2 * 2880.0 * 4096 + 2 * 2880.0 * 512 + 4096 + 2 * 512 + 2880 + 128 * 2881.0 +
                       128 * (3 * 2880.0 * 2880 + 3 * 2880) + 2 * 2880;
  EXPECT_EQ(setup_of(import_hf_config(fixture("gpt-oss-120b.json"))).counts.total,
            36 * layer + 2 * 201088.0 * 2880 + 2880);
  // Without layer_types (a list over several lines), GptOssConfig's default alternation; without
  // a window, its 128.
  std::string bare = without_key(fixture("gpt-oss-20b.json"), "sliding_window");
  const auto list = bare.find("\"layer_types\": [");
  ASSERT_NE(list, std::string::npos);
  bare.erase(list, bare.find("],", list) + 2 - list);
  const HfImport defaults = import_hf_config(bare);
  ASSERT_TRUE(defaults.ok());
  EXPECT_EQ(*defaults.text("sliding_window"), "128");
  EXPECT_EQ(*defaults.text("sliding_window_layers"), "12");
  // GptOssConfig's swiglu_limit defaults to 7; a null one clamps nothing.
  EXPECT_EQ(
      *import_hf_config(without_key(fixture("gpt-oss-20b.json"), "swiglu_limit")).text("glu_clamp"),
      "1");
  std::string unclamped = fixture("gpt-oss-20b.json");
  const auto limit = unclamped.find("\"swiglu_limit\": 7.0");
  ASSERT_NE(limit, std::string::npos);
  unclamped.replace(limit, std::string("\"swiglu_limit\": 7.0").size(), "\"swiglu_limit\": null");
  EXPECT_EQ(*import_hf_config(unclamped).text("glu_clamp"), "0");
}

TEST(HfConfig, GemmaCountsTheNonEmbeddingParametersOfItsPaper) {
  // Gemma paper (Gemma Team 2024), Table 2: Gemma 2B has 1,981,884,416 non-embedding parameters
  // (its 524,550,144 embedding parameters count a vocabulary padded to 256,128; the released
  // checkpoint's is 256,000 × 2048 = 524,288,000). The head is tied (GemmaConfig's default).
  const HfImport imported = import_hf_config(fixture("gemma-2b-it.json"));
  ASSERT_TRUE(imported.ok());
  EXPECT_TRUE(imported.issues.empty());
  EXPECT_EQ(imported.family, "gemma");
  EXPECT_EQ(*imported.text("tied_embeddings"), "1");
  EXPECT_EQ(*imported.text("kv_heads"), "1");
  EXPECT_EQ(*imported.text("head_dim"), "256");
  const ResolvedSetup s = setup_of(imported);
  EXPECT_EQ(s.counts.total - s.counts.embedding, 1981884416.0);
  EXPECT_EQ(s.counts.embedding, 256000.0 * 2048);
}

TEST(HfConfig, Gemma2CountsFourNormsPerLayerAsItsReportDoes) {
  // Gemma 2 report (Gemma Team 2024, "Gemma 2: Improving Open Language Models at a Practical
  // Size"), Table 1: Gemma 2 9B has 8,324,201,984 non-embedding parameters. Two norms per layer
  // would be 42 × 2 × 3,584 = 301,056 fewer.
  const HfImport imported = import_hf_config(fixture("gemma-2-9b-it.json"));
  ASSERT_TRUE(imported.ok());
  EXPECT_TRUE(imported.issues.empty()) << imported.issues[0].code;
  EXPECT_EQ(imported.family, "gemma2");
  EXPECT_EQ(*imported.text("layer_norms"), "4");
  EXPECT_EQ(*imported.text("tied_embeddings"), "1");
  // The window on every other layer from the first: 21 of 42 (Gemma2Config's layer_types).
  EXPECT_EQ(*imported.text("sliding_window"), "4096");
  EXPECT_EQ(*imported.text("sliding_window_layers"), "21");
  const ResolvedSetup s = setup_of(imported);
  EXPECT_EQ(s.counts.total - s.counts.embedding, 8324201984.0);
}

TEST(HfConfig, Gemma3TextModelTakesGemma3TextConfigDefaultsAndItsReportsCount) {
  // Gemma 3 report (Gemma Team 2025), Table 1: Gemma 3 4B has 3,209M non-embedding parameters
  // (its vision encoder, 417M, is not counted here). The released config's text_config gives
  // only hidden size, FFN width, layers and window; heads 8, key/value heads 4 of 256, a
  // vocabulary of 262,208 and a tied head are Gemma3TextConfig's defaults.
  const HfImport imported = import_hf_config(fixture("gemma-3-4b-it.json"));
  ASSERT_EQ(codes(imported), std::vector<std::string>{"hf_text_config"});
  EXPECT_EQ(imported.family, "gemma3_text");
  EXPECT_EQ(*imported.text("heads"), "8");
  EXPECT_EQ(*imported.text("kv_heads"), "4");
  EXPECT_EQ(*imported.text("vocab"), "262208");
  EXPECT_EQ(*imported.text("layer_norms"), "4");
  EXPECT_EQ(*imported.text("qk_norm"), "1");
  EXPECT_EQ(*imported.text("qk_norm_full"), "0");  // Gemma3RMSNorm(head_dim) on every head
  // Five sliding layers in six: 34 − ⌊34 / 6⌋ = 29.
  EXPECT_EQ(*imported.text("sliding_window_layers"), "29");
  const ResolvedSetup s = setup_of(imported);
  EXPECT_NEAR((s.counts.total - s.counts.embedding) / 3209e6, 1.0, 0.5 / 3209);
}

TEST(HfConfig, Olmo2NormsQueriesAndKeysOverTheirFullWidth) {
  // OLMo 2 7B by hand from modeling_olmo2.py's modules (hidden 4,096, 32 layers, 32 heads of
  // 128, FFN 11,008, vocabulary 100,352, head untied):
  //   attention 4 × 4,096² = 67,108,864, q_norm and k_norm 4,096 + 4,096 = 8,192 (per head
  //   they would be 2 × 128); MLP 3 × 4,096 × 11,008 = 135,266,304; post-attention and
  //   post-feedforward norms 2 × 4,096 → 202,391,552 per layer, × 32 = 6,476,529,664;
  //   embedding and head 2 × 100,352 × 4,096 = 822,083,584; final norm 4,096.
  const HfImport imported = import_hf_config(fixture("olmo-2-1124-7b.json"));
  ASSERT_TRUE(imported.ok());
  EXPECT_TRUE(imported.issues.empty()) << imported.issues[0].code;
  EXPECT_EQ(*imported.text("qk_norm_full"), "1");
  EXPECT_EQ(*imported.text("layer_norms"), "2");
  EXPECT_EQ(setup_of(imported).counts.total, 7298617344.0);
}

TEST(HfConfig, Glm4CountsItsPostNormsAndQkvBiases) {
  // GLM-4-9B-0414 by hand from modeling_glm4.py (hidden 4,096, 40 layers, 32 heads and 2
  // key/value heads of 128, FFN 13,696, vocabulary 151,552, head untied):
  //   q, k, v, o 4,096 × (4,096 + 2 × 256 + 4,096) = 35,651,584 and q, k, v biases 4,608;
  //   MLP 3 × 4,096 × 13,696 = 168,296,448; four norms 4 × 4,096 → 203,969,024 per layer,
  //   × 40 = 8,158,760,960; embedding and head 2 × 151,552 × 4,096 = 1,241,513,984; final norm.
  const HfImport imported = import_hf_config(fixture("glm-4-9b-0414.json"));
  ASSERT_TRUE(imported.ok());
  EXPECT_TRUE(imported.issues.empty()) << imported.issues[0].code;
  EXPECT_EQ(*imported.text("qkv_bias"), "1");
  EXPECT_EQ(*imported.text("layer_norms"), "4");
  EXPECT_EQ(setup_of(imported).counts.total, 9400279040.0);
}

TEST(HfConfig, MiniMaxM2NamesItsMultiTokenPredictionModules) {
  // MiniMax-M2.1 model card: 10B activated parameters; counted without the embedding and the
  // head (2 × 200,064 × 3,072) as GLM's report counts them: 8 of 256 experts in 62 layers.
  const HfImport imported = import_hf_config(fixture("minimax-m2.1.json"));
  ASSERT_EQ(codes(imported), std::vector<std::string>{"hf_unused_keys"});
  EXPECT_EQ(imported.issues[0].param("keys"),
            "mtp_transformer_layers, num_mtp_modules, quantization_config, use_mtp");
  EXPECT_EQ(*imported.text("qk_norm_full"), "1");  // qk_norm_type "per_layer"
  EXPECT_EQ(*imported.text("ffn"), "0");
  const ResolvedSetup s = setup_of(imported);
  EXPECT_NEAR((s.counts.active - 2 * 200064.0 * 3072) / 10e9, 1.0, 0.5 / 10);
  // "per_head" is one norm of head_dim shared by every head.
  const HfImport per_head =
      import_hf_config(with_value(fixture("minimax-m2.1.json"), "qk_norm_type", "\"per_head\""));
  EXPECT_EQ(*per_head.text("qk_norm_full"), "0");
  EXPECT_EQ(setup_of(imported).counts.total - setup_of(per_head).counts.total,
            62 * (48 + 8 - 2) * 128.0);
  // Saved by transformers 4.57 (NVIDIA's NVFP4 release): Mixtral's router noise and a null
  // window change nothing sized here; a window that is set is named.
  const std::string saved =
      with_key(with_key(fixture("minimax-m2.1.json"), "router_jitter_noise", "0.0"),
               "sliding_window", "null");
  EXPECT_EQ(import_hf_config(saved).issues[0].param("keys"), imported.issues[0].param("keys"));
  const HfImport windowed =
      import_hf_config(with_key(fixture("minimax-m2.1.json"), "sliding_window", "4096"));
  EXPECT_EQ(
      windowed.issues[0].param("keys"),
      "sliding_window, mtp_transformer_layers, num_mtp_modules, quantization_config, use_mtp");
}

TEST(HfConfig, ActiveCountsOfMappedMixturesOfExpertsMatchTheirPublishers) {
  // Activated parameters as these publishers count them leave out the embedding (and GLM's the
  // output head too).
  // GLM-4.5 technical report: 32B activated (embedding and head are 2 × 151,552 × 5,120).
  const ResolvedSetup glm = setup_of(import_hf_config(fixture("glm-4.5.json")));
  EXPECT_NEAR((glm.counts.active - 2 * 151552.0 * 5120) / 32e9, 1.0, 0.5 / 32);
  // DeepSeekMoE paper: 2.8B of DeepSeekMoE 16B's parameters are activated per token (the
  // embedding and head included: 2 shared + 6 of 64 routed experts in 27 of 28 layers).
  const ResolvedSetup moe16 = setup_of(import_hf_config(fixture("deepseek-moe-16b.json")));
  EXPECT_NEAR(moe16.counts.active / 2.8e9, 1.0, 0.05 / 2.8);
  // Kimi K2 model card: 32B activated.
  const ResolvedSetup kimi = setup_of(import_hf_config(fixture("kimi-k2-instruct.json")));
  EXPECT_NEAR(kimi.counts.matmul_active / 32e9, 1.0, 0.5 / 32);
  // Qwen3-30B-A3B model card: 29.9B non-embedding parameters (of 30.5B).
  const ResolvedSetup qwen = setup_of(import_hf_config(fixture("qwen3-vl-30b-a3b-instruct.json")));
  EXPECT_NEAR((qwen.counts.total - 2 * 151936.0 * 2048) / 29.9e9, 1.0, 0.05 / 29.9);
}

TEST(HfConfig, Qwen3VlTextModelIsTheQwen3DecoderWithItsNonEmbeddingCount) {
  // Qwen3-8B model card: 6.95B non-embedding parameters (embedding and untied head excluded).
  const HfImport imported = import_hf_config(fixture("qwen3-vl-8b-instruct.json"));
  ASSERT_EQ(codes(imported), std::vector<std::string>{"hf_text_config"});
  EXPECT_EQ(*imported.text("qk_norm"), "1");
  EXPECT_EQ(*imported.text("tied_embeddings"), "0");  // said only at the top of this file
  const ResolvedSetup s = setup_of(imported);
  EXPECT_NEAR((s.counts.total - 2 * s.counts.embedding) / 6.95e9, 1.0, 0.005 / 6.95);
}

TEST(HfConfig, AMultimodalConfigWithTheTextKeysAtTheTopNamesTheVisionTower) {
  const HfImport imported = import_hf_config(fixture("qwen2-vl-7b-instruct.json"));
  ASSERT_EQ(codes(imported), std::vector<std::string>{"hf_vision_config"});
  EXPECT_EQ(imported.issues[0].param("value"), "qwen2_vl");
  EXPECT_EQ(*imported.text("qkv_bias"), "1");  // Qwen2's q, k, v biases
}

TEST(HfConfig, TiedHeadOfAMultimodalModelComesFromTheTopWhenTheTextConfigIsSilent) {
  // Qwen3-VL-2B says tie_word_embeddings: true at the top; without it in text_config the head
  // is the embedding (151,936 × 2,048 parameters fewer than untied).
  std::string text = fixture("qwen3-vl-8b-instruct.json");
  const HfImport untied = import_hf_config(text);
  const auto at = text.rfind("\"tie_word_embeddings\": false");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, 28, "\"tie_word_embeddings\": true");
  const HfImport tied = import_hf_config(text);
  ASSERT_TRUE(tied.ok());
  EXPECT_EQ(setup_of(untied).counts.total - setup_of(tied).counts.total, 151936.0 * 4096);
}

TEST(HfConfig, WhatTheNewFamiliesCannotRepresentIsNamed) {
  // InternLM2 with `bias`: wqkv and wo get biases, the FFN none; no exact form here.
  const HfImport internlm =
      import_hf_config(with_value(fixture("internlm2.5-7b-chat.json"), "bias", "true"));
  ASSERT_EQ(codes(internlm), std::vector<std::string>{"hf_approximated"});
  EXPECT_EQ(internlm.issues[0].param("keys"), "bias");
  // Phi-4-mini's remote-code switch of full-attention layers, at another value than 1.
  const HfImport phi =
      import_hf_config(with_key(fixture("phi-3.5-mini-instruct.json"), "full_attn_mod", "2"));
  ASSERT_EQ(codes(phi), std::vector<std::string>{"hf_unused_keys"});
  EXPECT_EQ(phi.issues[0].param("keys"), "full_attn_mod");
  // GLM-4.5's multi-token-prediction layer and group-limited routing are not modelled.
  const HfImport glm = import_hf_config(fixture("glm-4.5.json"));
  ASSERT_EQ(codes(glm), std::vector<std::string>{"hf_unused_keys"});
  EXPECT_EQ(glm.issues[0].param("keys"), "n_group, topk_group, num_nextn_predict_layers");
  // GLM-4.7-Flash: transformers places the MoE layers by mlp_layer_types (by default all but the
  // first), not by first_k_dense_replace, which is read only where it agrees.
  const std::string flash = fixture("glm-4.7-flash.json");
  EXPECT_TRUE(import_hf_config(flash).issues.empty());
  EXPECT_EQ(*import_hf_config(flash).text("moe_dense_layers"), "1");
  const HfImport disagree = import_hf_config(with_value(flash, "first_k_dense_replace", "3"));
  ASSERT_EQ(codes(disagree), std::vector<std::string>{"hf_unused_keys"});
  EXPECT_EQ(disagree.issues[0].param("keys"), "first_k_dense_replace");
  // DeepSeekMoE's attention is Llama's: biases on q, k, v and o alone have no exact form here.
  const HfImport biased =
      import_hf_config(with_value(fixture("deepseek-moe-16b.json"), "attention_bias", "true"));
  ASSERT_EQ(codes(biased), std::vector<std::string>{"hf_approximated"});
  EXPECT_EQ(biased.issues[0].param("keys"), "attention_bias");
  // A Llama config may say "sliding_window": null (Voxtral's text model): no window, no warning;
  // a number there is a window LlamaConfig has no place for, and is named.
  const std::string llama = fixture("llama-3.1-8b.json");
  EXPECT_TRUE(import_hf_config(with_key(llama, "sliding_window", "null")).issues.empty());
  const HfImport windowed = import_hf_config(with_key(llama, "sliding_window", "4096"));
  ASSERT_EQ(codes(windowed), std::vector<std::string>{"hf_unused_keys"});
  EXPECT_EQ(windowed.issues[0].param("keys"), "sliding_window");
  // StarCoder2 was trained with dropout 0.1 (residual, embedding, attention).
  EXPECT_EQ(*import_hf_config(fixture("starcoder2-7b.json")).text("dropout"), "1");
}

TEST(HfConfig, SetsEveryModelFieldSoNothingOfAPresetIsLeftOver) {
  const HfImport imported = import_hf_config(fixture("llama-3.1-8b.json"));
  ASSERT_TRUE(imported.ok());
  EXPECT_EQ(*imported.text("model"), "custom");
  EXPECT_EQ(*imported.text("model_name"), "LlamaForCausalLM");  // no _name_or_path
  EXPECT_EQ(*imported.text("params"), "");
  EXPECT_EQ(*imported.text("moe_experts"), "0");
  EXPECT_EQ(*imported.text("kv_lora_rank"), "0");
  EXPECT_EQ(*imported.text("head_dim"), "128");  // 4096 / 32
  EXPECT_EQ(*imported.text("max_positions"), "131072");
  // A dense config over the Mixtral preset gives the dense model, not a hybrid.
  Plan plan;
  plan.model = "mixtral-8x7b";
  const std::vector<std::string> keep = {"model"};
  EXPECT_TRUE(apply_hf_import(imported, plan, keep).empty());
  EXPECT_EQ(plan.model, "mixtral-8x7b");
  const ResolvedSetup s = resolve(plan).setup;
  EXPECT_FALSE(s.arch.is_moe());
  EXPECT_EQ(s.counts.total, 8030261248.0);
}

TEST(HfConfig, ApplyKeepsTheFieldsItIsToldToKeep) {
  const HfImport imported = import_hf_config(fixture("mistral-7b.json"));
  Plan plan;
  plan.arch_layers = 2;
  const std::vector<std::string> keep = {"layers"};
  apply_hf_import(imported, plan, keep);
  EXPECT_EQ(plan.arch_layers, 2);
  EXPECT_EQ(plan.arch_hidden, 4096);
  EXPECT_EQ(plan.model, "custom");
}

TEST(HfConfig, NameComesFromNameOrPathThenClassThenType) {
  const std::string llama = fixture("llama-3.1-8b.json");
  EXPECT_EQ(
      import_hf_config(with_key(llama, "_name_or_path", "\"meta-llama/Llama-3.1-8B\"")).model_name,
      "meta-llama/Llama-3.1-8B");
  const std::string no_class = without_key(llama, "architectures");
  EXPECT_EQ(import_hf_config(no_class).model_name, "llama");
  // A name longer than a plan text allows is cut at a character boundary, not refused.
  std::string long_name;
  for (int i = 0; i < 150; ++i) long_name += "模";  // 3 bytes each
  const HfImport cut = import_hf_config(with_key(llama, "_name_or_path", "\"" + long_name + "\""));
  ASSERT_TRUE(cut.ok());
  EXPECT_EQ(cut.model_name.size(), 198u);
  Plan plan;
  apply_hf_import(cut, plan);
  EXPECT_TRUE(validate_field_ranges(plan).empty());
}

TEST(HfConfig, QwenSlidingWindowOnlyWhenUsedAndOnlyFromMaxWindowLayersOn) {
  const std::string qwen = fixture("qwen2.5-7b.json");
  // Published: use_sliding_window false, so the 131072 window is not used.
  EXPECT_EQ(*import_hf_config(qwen).text("sliding_window"), "0");
  std::string on = with_value(qwen, "use_sliding_window", "true");
  on = with_value(on, "sliding_window", "4096");
  on = with_value(on, "max_window_layers", "20");
  const HfImport windowed = import_hf_config(on);
  ASSERT_TRUE(windowed.ok());
  EXPECT_EQ(*windowed.text("sliding_window"), "4096");
  EXPECT_EQ(*windowed.text("sliding_window_layers"), "8");  // layers 20..27 of 28
  // layer_types, when given, decide.
  std::string types = "[";
  for (int i = 0; i < 28; ++i)
    types += i % 4 == 3 ? "\"full_attention\"," : "\"sliding_attention\",";
  types.back() = ']';
  EXPECT_EQ(*import_hf_config(with_key(on, "layer_types", types)).text("sliding_window_layers"),
            "21");
  const HfImport short_list =
      import_hf_config(with_key(on, "layer_types", "[\"sliding_attention\"]"));
  ASSERT_EQ(codes(short_list), std::vector<std::string>{"hf_list_length"});
  EXPECT_EQ(short_list.issues[0].param("length"), "1");
  EXPECT_EQ(short_list.issues[0].param("layers"), "28");
  EXPECT_TRUE(short_list.texts.empty());
}

TEST(HfConfig, MistralWindowDefaultsAsTransformersDoes) {
  const std::string mistral = fixture("mistral-7b.json");
  EXPECT_EQ(*import_hf_config(mistral).text("sliding_window"), "4096");
  EXPECT_EQ(*import_hf_config(with_value(mistral, "sliding_window", "null")).text("sliding_window"),
            "0");
  // MistralConfig(sliding_window=4096) when the key is absent.
  EXPECT_EQ(*import_hf_config(without_key(mistral, "sliding_window")).text("sliding_window"),
            "4096");
  // num_key_value_heads absent: MistralConfig's 8; null: as many as the heads.
  EXPECT_EQ(*import_hf_config(without_key(mistral, "num_key_value_heads")).text("kv_heads"), "8");
  EXPECT_EQ(*import_hf_config(with_value(mistral, "num_key_value_heads", "null")).text("kv_heads"),
            "32");
}

TEST(HfConfig, QwenMoeLayerPatternsFitOrAreNamed) {
  const std::string moe = fixture("qwen3-235b-a22b.json");
  // Every second layer: (i + 1) % 2 == 0 → layers 1, 3, 5 …
  const HfImport every_second = import_hf_config(with_value(moe, "decoder_sparse_step", "2"));
  ASSERT_TRUE(every_second.ok());
  EXPECT_TRUE(every_second.issues.empty());
  EXPECT_EQ(*every_second.text("moe_dense_layers"), "0");
  EXPECT_EQ(*every_second.text("moe_layer_period"), "2");
  EXPECT_EQ(setup_of(every_second).arch.moe_layer_count(), 47);
  // The first three layers dense.
  const HfImport leading = import_hf_config(with_value(moe, "mlp_only_layers", "[0, 1, 2]"));
  EXPECT_TRUE(leading.issues.empty());
  EXPECT_EQ(*leading.text("moe_dense_layers"), "3");
  EXPECT_EQ(*leading.text("moe_layer_period"), "1");
  // One dense layer in the middle does not fit (leading dense, every n-th): named.
  const HfImport middle = import_hf_config(with_value(moe, "mlp_only_layers", "[40]"));
  ASSERT_EQ(codes(middle), std::vector<std::string>{"hf_approximated"});
  EXPECT_EQ(middle.issues[0].param("keys"), "decoder_sparse_step, mlp_only_layers");
  // No MoE layer at all: a dense model with the dense FFN.
  std::string all_dense = "[";
  for (int i = 0; i < 94; ++i) all_dense += std::to_string(i) + ",";
  all_dense.back() = ']';
  const HfImport dense = import_hf_config(with_value(moe, "mlp_only_layers", all_dense));
  ASSERT_TRUE(dense.ok());
  EXPECT_EQ(*dense.text("moe_experts"), "0");
  EXPECT_EQ(*dense.text("ffn"), "12288");
}

TEST(HfConfig, LlamaBiasesAreExactTogetherAndNamedAlone) {
  const std::string llama = fixture("llama-3.2-1b.json");
  std::string both = with_value(llama, "attention_bias", "true");
  both = with_value(both, "mlp_bias", "true");
  const HfImport biased = import_hf_config(both);
  EXPECT_TRUE(biased.issues.empty());
  const double plain = setup_of(import_hf_config(llama)).counts.total;
  // Per layer: q 2048 + k, v 512 each + o 2048, gate/up 8192 each + down 2048 (modeling_llama).
  EXPECT_EQ(setup_of(biased).counts.total - plain,
            16 * (2048 + 512 + 512 + 2048 + 8192 * 2 + 2048));
  const HfImport attention_only = import_hf_config(with_value(llama, "attention_bias", "true"));
  ASSERT_EQ(codes(attention_only), std::vector<std::string>{"hf_approximated"});
  EXPECT_EQ(attention_only.issues[0].param("keys"), "attention_bias");
}

TEST(HfConfig, MultimodalConfigsImportTheirTextModel) {
  const std::string text =
      "{\"model_type\": \"llava\", \"architectures\": "
      "[\"LlavaForConditionalGeneration\"], \"vision_config\": "
      "{\"hidden_size\": 1024}, \"text_config\": " +
      fixture("llama-3.1-8b.json") + "}";
  const HfImport imported = import_hf_config(text);
  ASSERT_TRUE(imported.ok());
  ASSERT_EQ(codes(imported), std::vector<std::string>{"hf_text_config"});
  EXPECT_EQ(imported.issues[0].param("value"), "llava");
  EXPECT_EQ(imported.family, "llama");
  EXPECT_EQ(imported.model_name, "LlavaForConditionalGeneration");
  EXPECT_EQ(setup_of(imported).counts.total, 8030261248.0);
}

TEST(HfConfig, UnknownFamiliesImportTheCommonKeysAndNameTheRest) {
  // A Phi-3-small-like config: a model_type this calculator has no mapping for.
  const std::string phi = R"({
    "model_type": "phi3small", "architectures": ["Phi3SmallForCausalLM"],
    "hidden_size": 3072, "num_hidden_layers": 32, "num_attention_heads": 32,
    "num_key_value_heads": 32, "intermediate_size": 8192, "vocab_size": 32064,
    "max_position_embeddings": 4096, "tie_word_embeddings": false,
    "resid_pdrop": 0.0, "num_experts_per_tok": 2, "attention_chunk_size": 8192,
    "rms_norm_eps": 1e-05, "rope_theta": 10000.0 })";
  const HfImport imported = import_hf_config(phi);
  ASSERT_TRUE(imported.ok());
  EXPECT_EQ(imported.family, "");
  EXPECT_EQ(imported.model_type, "phi3small");
  EXPECT_EQ(codes(imported), (std::vector<std::string>{"hf_unknown_model_type", "hf_unused_keys"}));
  EXPECT_EQ(imported.issues[0].param("value"), "phi3small");
  EXPECT_EQ(imported.issues[1].param("keys"),
            "resid_pdrop, num_experts_per_tok, attention_chunk_size");
  EXPECT_EQ(*imported.text("layers"), "32");
  EXPECT_EQ(*imported.text("ffn_kind"), "swiglu");
  // Without intermediate_size the FFN stays for the user to give.
  EXPECT_EQ(*import_hf_config(with_value(phi, "intermediate_size", "null")).text("ffn"), "");
  // No model_type at all: the same reading, a different warning.
  const HfImport untyped = import_hf_config(R"({"hidden_size": 64, "num_hidden_layers": 2,
    "num_attention_heads": 4, "vocab_size": 100, "intermediate_size": 128})");
  EXPECT_EQ(codes(untyped), std::vector<std::string>{"hf_no_model_type"});
  EXPECT_EQ(untyped.model_name, "");
}

TEST(HfConfig, UnusedArchitectureKeysOfAKnownFamilyAreNamed) {
  std::string llama = with_key(fixture("llama-3.1-8b.json"), "attention_chunk_size", "8192");
  llama = with_key(llama, "num_experts_per_tok", "1");
  const HfImport imported = import_hf_config(llama);
  ASSERT_TRUE(imported.ok());
  ASSERT_EQ(codes(imported), std::vector<std::string>{"hf_unused_keys"});
  EXPECT_EQ(imported.issues[0].param("keys"), "num_experts_per_tok, attention_chunk_size");
}

// Bug: naming the unused keys compared each key with every one named before, so a config of
// 50,000 unknown keys took 7 s and one of 3.8 MB 767 s (the page hung, the CLI seemed stuck).
// Its speed is measured by BM_ImportHugeConfig; this checks that such a file is read right.
TEST(HfConfig, AConfigOfTheLargestSizeFullOfUnusedKeysImportsAndCountsThemAll) {
  const test::HugeConfig huge = test::huge_config(kJsonMaxBytes);
  ASSERT_LE(huge.text.size(), kJsonMaxBytes);
  ASSERT_GT(huge.unused_keys, 450000u);  // 9 bytes a key: (4 MiB − the model's keys) ÷ 9
  const HfImport imported = import_hf_config(huge.text);
  ASSERT_TRUE(imported.ok());
  ASSERT_EQ(codes(imported), std::vector<std::string>{"hf_unused_keys"});
  // The first 20 keys by name, in the file's order, then how many more; and the total.
  std::string listed;
  for (std::size_t i = 0; i < 20; ++i) listed += (i ? ", " : "") + test::huge_config_key(i);
  EXPECT_EQ(imported.issues[0].param("keys"),
            listed + ", … (+" + std::to_string(huge.unused_keys - 20) + ")");
  EXPECT_EQ(imported.issues[0].param("count"), std::to_string(huge.unused_keys));
  // The model itself is Llama 3.1 8B: 8,030,261,248 parameters in Meta's released checkpoint.
  EXPECT_EQ(setup_of(imported).counts.total, 8030261248.0);
}

TEST(HfConfig, ARepeatedKeyReadsItsLastValueAndIsNamedOnceWhereItFirstAppears) {
  std::string llama = with_key(fixture("llama-3.1-8b.json"), "hidden_size", "1");
  llama = with_key(llama, "extra", "1");
  llama = with_key(llama, "other", "1");
  llama = with_key(llama, "extra", "2");
  const HfImport imported = import_hf_config(llama);
  ASSERT_TRUE(imported.ok());
  EXPECT_EQ(*imported.text("hidden"), "4096");  // the published value comes last
  ASSERT_EQ(codes(imported), std::vector<std::string>{"hf_unused_keys"});
  EXPECT_EQ(imported.issues[0].param("keys"), "extra, other");
  EXPECT_EQ(imported.issues[0].param("count"), "2");
}

// Bug: a config.json saved with a UTF-8 byte order mark (as Windows editors do) was refused by
// the CLI as invalid JSON at byte 0, while the page, whose file reader drops the mark, took it.
TEST(HfConfig, AUtf8ByteOrderMarkIsSkippedAndOffsetsStillCountIt) {
  const std::string bom = "\xEF\xBB\xBF";
  const HfImport imported = import_hf_config(bom + fixture("llama-3.1-8b.json"));
  ASSERT_TRUE(imported.ok()) << codes(imported)[0];
  EXPECT_EQ(setup_of(imported).counts.total, 8030261248.0);
  // An error after the mark points at the byte of the file, mark included.
  const std::string broken = bom + "{\"hidden_size\": 4096,}";
  const HfImport refused = import_hf_config(broken);
  ASSERT_EQ(codes(refused), std::vector<std::string>{"hf_json_invalid"});
  EXPECT_EQ(refused.issues[0].param("offset"), std::to_string(broken.find('}')));
  // Only one mark, and only at the start: anything else there is still not JSON.
  EXPECT_FALSE(import_hf_config(bom + bom + "{}").ok());
  EXPECT_FALSE(import_hf_config(" " + bom + "{}").ok());
  EXPECT_EQ(codes(import_hf_config(bom)), std::vector<std::string>{"hf_json_invalid"});
}

TEST(HfConfig, MalformedJsonNamesTheByteOffset) {
  const std::string text = "{\"hidden_size\": 4096,}";
  const HfImport imported = import_hf_config(text);
  ASSERT_EQ(codes(imported), std::vector<std::string>{"hf_json_invalid"});
  EXPECT_EQ(imported.issues[0].severity, Severity::kError);
  EXPECT_EQ(imported.issues[0].param("offset"), std::to_string(text.find('}')));
  EXPECT_TRUE(imported.texts.empty());
  EXPECT_EQ(import_hf_config("").issues[0].param("offset"), "0");
  // Python's json writes NaN, which is not JSON.
  const std::string nan = "{\"hidden_size\": NaN}";
  EXPECT_EQ(import_hf_config(nan).issues[0].param("offset"), std::to_string(nan.find('N')));
}

TEST(HfConfig, NotAnObjectIsRefused) {
  for (const char* text : {"[1, 2]", "\"config\"", "42", "null", "true"}) {
    EXPECT_EQ(codes(import_hf_config(text)), std::vector<std::string>{"hf_not_object"}) << text;
  }
}

TEST(HfConfig, MissingRequiredKeysAreErrorsNamingTheKey) {
  const std::string llama = fixture("llama-3.1-8b.json");
  for (const char* key : {"hidden_size", "num_hidden_layers", "num_attention_heads", "vocab_size",
                          "intermediate_size"}) {
    SCOPED_TRACE(key);
    const HfImport imported = import_hf_config(without_key(llama, key));
    ASSERT_EQ(codes(imported), std::vector<std::string>{"hf_missing_key"});
    EXPECT_EQ(imported.issues[0].param("key"), key);
    EXPECT_TRUE(imported.texts.empty());
  }
  EXPECT_EQ(import_hf_config(with_value(llama, "hidden_size", "null")).issues[0].code,
            "hf_missing_key");
  const HfImport mixtral =
      import_hf_config(without_key(fixture("mixtral-8x7b.json"), "num_local_experts"));
  EXPECT_EQ(mixtral.issues[0].param("key"), "num_local_experts");
  const HfImport deepseek =
      import_hf_config(without_key(fixture("deepseek-v3.json"), "kv_lora_rank"));
  EXPECT_EQ(deepseek.issues[0].param("key"), "kv_lora_rank");
  const HfImport gpt2 = import_hf_config(without_key(fixture("gpt2.json"), "n_positions"));
  EXPECT_EQ(gpt2.issues[0].param("key"), "n_positions");
}

TEST(HfConfig, WrongTypesAreErrorsNamingKeyAndValue) {
  const std::string llama = fixture("llama-3.1-8b.json");
  struct Case {
    std::string key;
    std::string value;
    std::string code;
    std::string shown;
  };
  const std::vector<Case> cases = {
      {"num_hidden_layers", "\"32\"", "hf_expected_integer", "\"32\""},
      {"hidden_size", "4096.5", "hf_expected_integer", "4096.5"},
      {"hidden_size", "\"NaN\"", "hf_expected_integer", "\"NaN\""},
      {"vocab_size", "[128256]", "hf_expected_integer", "[…]"},
      {"num_key_value_heads", "{\"n\": 8}", "hf_expected_integer", "{…}"},
      {"tie_word_embeddings", "\"yes\"", "hf_expected_boolean", "\"yes\""},
      {"tie_word_embeddings", "1", "hf_expected_boolean", "1"},
      {"attention_dropout", "\"0.1\"", "hf_expected_number", "\"0.1\""},
      {"model_type", "5", "hf_expected_string", "5"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.key + " = " + c.value);
    const HfImport imported = import_hf_config(with_value(llama, c.key, c.value));
    ASSERT_FALSE(imported.ok());
    const Issue* issue = find_issue(imported, c.code);
    ASSERT_NE(issue, nullptr) << imported.issues[0].code;
    EXPECT_EQ(issue->param("key"), c.key);
    EXPECT_EQ(issue->param("value"), c.shown);
  }
  const HfImport list = import_hf_config(
      with_value(fixture("qwen3-235b-a22b.json"), "mlp_only_layers", "[0, \"1\"]"));
  ASSERT_NE(find_issue(list, "hf_expected_list"), nullptr);
  EXPECT_EQ(find_issue(list, "hf_expected_list")->param("value"), "\"1\"");
}

TEST(HfConfig, OutOfRangeValuesNameTheValidRange) {
  const std::string llama = fixture("llama-3.1-8b.json");
  struct Case {
    std::string key;
    std::string value;
    std::string shown;
    std::string max;
  };
  const std::vector<Case> cases = {
      {"num_hidden_layers", "0", "0", "1000"},
      {"vocab_size", "-5", "-5", "100 × 10⁶"},
      {"hidden_size", "1e300", "1e+300", "1 × 10⁶"},
      {"hidden_size", "1e400", "Infinity", "1 × 10⁶"},  // strtod overflows to infinity
      {"attention_dropout", "1.5", "1.5", "1"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.key + " = " + c.value);
    const HfImport imported = import_hf_config(with_value(llama, c.key, c.value));
    ASSERT_EQ(codes(imported), std::vector<std::string>{"hf_out_of_range"});
    EXPECT_EQ(imported.issues[0].param("key"), c.key);
    EXPECT_EQ(imported.issues[0].param("value"), c.shown);
    EXPECT_EQ(imported.issues[0].param("max"), c.max);
  }
  // Top-k cannot exceed the experts.
  const HfImport top_k =
      import_hf_config(with_value(fixture("mixtral-8x7b.json"), "num_experts_per_tok", "9"));
  ASSERT_EQ(codes(top_k), std::vector<std::string>{"hf_out_of_range"});
  EXPECT_EQ(top_k.issues[0].param("max"), "8");
}

// Bug (found by the hf_config fuzz target): with more attention heads than hidden size, the head
// width hidden_size // num_attention_heads is 0; the import succeeded and set head_dim 0, which
// the plan then refused at an input the user never typed. Now the config is refused, naming
// where the width comes from; the same for MLA's q/k width and GPT-style configs.
TEST(HfConfig, HeadWidthOfZeroIsRefusedNotImportedAsHeadDimZero) {
  struct Case {
    std::string config;
    std::string key;
  };
  const std::vector<Case> cases = {
      {with_value(fixture("llama-3.1-8b.json"), "hidden_size", "16"),
       "hidden_size // num_attention_heads"},
      {with_value(fixture("gpt2.json"), "n_head", "1000"), "n_embd // n_head"},
      {with_value(with_value(fixture("deepseek-v3.json"), "qk_nope_head_dim", "0"),
                  "qk_rope_head_dim", "0"),
       "qk_nope_head_dim + qk_rope_head_dim"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.key);
    const HfImport imported = import_hf_config(c.config);
    // DeepSeek's published config also warns of the keys it cannot use (hf_unused_keys).
    ASSERT_FALSE(imported.issues.empty());
    EXPECT_EQ(imported.issues[0].code, "hf_out_of_range");
    EXPECT_EQ(std::count_if(imported.issues.begin(), imported.issues.end(),
                            [](const Issue& i) { return i.severity == Severity::kError; }),
              1);
    EXPECT_TRUE(imported.texts.empty());
    EXPECT_EQ(imported.issues[0].param("key"), c.key);
    EXPECT_EQ(imported.issues[0].param("value"), "0");
    EXPECT_EQ(imported.issues[0].param("min"), "1");
  }
}

TEST(HfConfig, HostileInputNeverCrashesAndAlwaysExplains) {
  // Too deep for the parser's bound.
  const std::string deep = std::string(200, '[') + std::string(200, ']');
  EXPECT_EQ(codes(import_hf_config(deep)), std::vector<std::string>{"hf_json_too_deep"});
  const std::string deep_key = "{\"rope_scaling\": " + deep + "}";
  EXPECT_EQ(codes(import_hf_config(deep_key)), std::vector<std::string>{"hf_json_too_deep"});
  // Larger than the parser reads.
  const std::string huge = "{\"x\": \"" + std::string(kJsonMaxBytes, 'a') + "\"}";
  const HfImport too_large = import_hf_config(huge);
  ASSERT_EQ(codes(too_large), std::vector<std::string>{"hf_json_too_large"});
  EXPECT_EQ(too_large.issues[0].param("max"), "4 MiB");
  // Thousands of unknown keys: one warning with a bounded list.
  std::string keys;
  for (int i = 0; i < 5000; ++i) keys += "\"k" + std::to_string(i) + "\": 0, ";
  std::string many = fixture("llama-3.2-1b.json");
  many.insert(many.find('{') + 1, keys);
  const HfImport flooded = import_hf_config(many);
  ASSERT_TRUE(flooded.ok());
  ASSERT_EQ(codes(flooded), std::vector<std::string>{"hf_unused_keys"});
  EXPECT_LT(flooded.issues[0].param("keys").size(), 200u);
  EXPECT_NE(flooded.issues[0].param("keys").find("(+4980)"), std::string::npos);
  // A long list of layer indices is read in one pass.
  std::string indices = "[";
  for (int i = 0; i < 200000; ++i) indices += std::to_string(i % 1000) + ",";
  indices.back() = ']';
  EXPECT_TRUE(
      import_hf_config(with_value(fixture("qwen3-235b-a22b.json"), "mlp_only_layers", indices))
          .ok());
  // Every prefix of a real config is refused with a reason, never accepted half-read.
  const std::string full = fixture("deepseek-v3.json");
  for (std::size_t n = 0; n + 1 < full.size(); ++n) {
    const HfImport cut = import_hf_config(full.substr(0, n));
    ASSERT_FALSE(cut.ok()) << n;
    ASSERT_TRUE(cut.texts.empty());
  }
  // Bytes that are not UTF-8 text and control characters.
  EXPECT_FALSE(import_hf_config(std::string("\xff\xfe{\x01}", 5)).ok());
  EXPECT_FALSE(import_hf_config(std::string("{\"a\0\": 1}", 9)).ok());
}

}  // namespace
}  // namespace llm_sizer
