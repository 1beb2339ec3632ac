#include "cli_texts.hpp"
#include "llm_sizer/model.hpp"

namespace llm_sizer {
namespace {

// A dense decoder with rotary positions, RMSNorm and SwiGLU (the Llama family's defaults).
Architecture llama_like(int layers, double hidden, int heads, int kv_heads, double ffn,
                        double vocab, double max_positions) {
  Architecture a;
  a.layers = layers;
  a.hidden = hidden;
  a.heads = heads;
  a.kv_heads = kv_heads;
  a.ffn = ffn;
  a.vocab = vocab;
  a.max_positions = max_positions;
  return a;
}

// GPT-2/3 style: learned positions, LayerNorm, GELU, biases everywhere, tied embeddings.
Architecture gpt_like(int layers, double hidden, int heads, double vocab, double max_positions) {
  Architecture a;
  a.layers = layers;
  a.hidden = hidden;
  a.heads = heads;
  a.kv_heads = heads;
  a.ffn = 4 * hidden;
  a.ffn_kind = FfnKind::kGelu;
  a.vocab = vocab;
  a.tied_embeddings = true;
  a.positions = PositionKind::kLearned;
  a.max_positions = max_positions;
  a.qkv_bias = true;
  a.linear_bias = true;
  a.norm = NormKind::kLayerNorm;
  a.dropout = true;
  return a;
}

// A preset's citation or note: the page's first module never shows them (the CLI's `models` and
// the docs do), and built for it without them (cli_texts.hpp) its code holds no pointer to their
// text.
struct Cited {
  const char* text;
  constexpr Cited(const char* t) : text(kCliTexts ? t : "") {}  // NOLINT: from literals
};

// Plain pointers in, strings made here once: constructing std::string arguments at every call
// site costs the module kilobytes.
ModelPreset preset(const char* id, const char* name, double params, const Architecture& arch,
                   Cited source, Cited note = "") {
  return {id, name, params, arch, source.text, note.text};
}

std::vector<ModelPreset> build() {
  std::vector<ModelPreset> models;

  models.push_back(preset("gpt3-175b", "GPT-3 175B", 175e9, gpt_like(96, 12288, 96, 50257, 2048),
                          "Brown et al. 2020, Table 2.1 (96 layers, d_model 12288, 96 heads, "
                          "context 2048); the seed article, section 2.3.1",
                          "Tied embeddings as in GPT-2; 174.6 × 10⁹ counted from the "
                          "architecture, 175 × 10⁹ nominal."));

  // The article's 32B is a nominal count, not a checkpoint: no architecture, so only the article's
  // method applies. Qwen2.5-32B below is the real model (32.76 × 10⁹).
  models.push_back(preset("qwen-32b", "Qwen-32B (article)", 32e9, Architecture{},
                          "The seed article, section 2.3.1 (nominal 32 × 10⁹ parameters)",
                          "For the full memory, time and serving models choose Qwen2.5-32B."));
  {
    Architecture a = llama_like(64, 5120, 40, 8, 27648, 152064, 32768);
    a.qkv_bias = true;
    models.push_back(preset("qwen2.5-32b", "Qwen2.5-32B", 32.76e9, a,
                            "Qwen/Qwen2.5-32B config.json; Qwen2.5 technical report"));
  }
  {
    Architecture a = llama_like(28, 3584, 28, 4, 18944, 152064, 32768);
    a.qkv_bias = true;
    models.push_back(preset("qwen2.5-7b", "Qwen2.5-7B", 7.62e9, a, "Qwen/Qwen2.5-7B config.json"));
  }
  {
    Architecture a = llama_like(80, 8192, 64, 8, 29568, 152064, 32768);
    a.qkv_bias = true;
    models.push_back(
        preset("qwen2.5-72b", "Qwen2.5-72B", 72.7e9, a, "Qwen/Qwen2.5-72B config.json"));
  }
  {
    Architecture a = llama_like(36, 4096, 32, 8, 12288, 151936, 40960);
    a.head_dim = 128;
    a.qk_norm = true;
    models.push_back(preset("qwen3-8b", "Qwen3-8B", 8.19e9, a, "Qwen/Qwen3-8B config.json"));
  }
  {
    Architecture a = llama_like(64, 5120, 64, 8, 25600, 151936, 40960);
    a.head_dim = 128;  // q width 8192 ≠ hidden 5120
    a.qk_norm = true;
    models.push_back(preset("qwen3-32b", "Qwen3-32B", 32.8e9, a, "Qwen/Qwen3-32B config.json"));
  }
  {
    Architecture a = llama_like(94, 4096, 64, 4, 0, 151936, 40960);
    a.head_dim = 128;
    a.qk_norm = true;
    a.moe_experts = 128;
    a.moe_top_k = 8;
    a.moe_ffn = 1536;
    models.push_back(preset("qwen3-235b-a22b", "Qwen3-235B-A22B", 235e9, a,
                            "Qwen/Qwen3-235B-A22B config.json (qwen3_moe)",
                            "235 × 10⁹ total, 22 × 10⁹ active per token."));
  }
  {
    Architecture a = llama_like(16, 2048, 32, 8, 8192, 128256, 131072);
    a.head_dim = 64;
    a.tied_embeddings = true;
    models.push_back(
        preset("llama-3.2-1b", "Llama 3.2 1B", 1.24e9, a, "meta-llama/Llama-3.2-1B config.json"));
  }
  {
    Architecture a = llama_like(28, 3072, 24, 8, 8192, 128256, 131072);
    a.tied_embeddings = true;
    models.push_back(
        preset("llama-3.2-3b", "Llama 3.2 3B", 3.21e9, a, "meta-llama/Llama-3.2-3B config.json"));
  }
  models.push_back(preset("llama-3.1-8b", "Llama 3.1 8B", 8.03e9,
                          llama_like(32, 4096, 32, 8, 14336, 128256, 131072),
                          "Llama 3 paper (Dubey et al. 2024), Table 3; meta-llama/Llama-3.1-8B "
                          "config.json"));
  models.push_back(preset("llama-3.1-70b", "Llama 3.1 70B", 70.55e9,
                          llama_like(80, 8192, 64, 8, 28672, 128256, 131072),
                          "Llama 3 paper, Table 3; meta-llama/Llama-3.1-70B config.json"));
  models.push_back(preset("llama-3.1-405b", "Llama 3.1 405B", 405e9,
                          llama_like(126, 16384, 128, 8, 53248, 128256, 131072),
                          "Llama 3 paper, Table 3; meta-llama/Llama-3.1-405B config.json"));
  models.push_back(preset("llama-2-70b", "Llama 2 70B", 69e9,
                          llama_like(80, 8192, 64, 8, 28672, 32000, 4096),
                          "Touvron et al. 2023; meta-llama/Llama-2-70b-hf config.json"));
  {
    Architecture a = llama_like(32, 4096, 32, 8, 14336, 32000, 32768);
    a.sliding_window = 4096;
    models.push_back(preset("mistral-7b", "Mistral 7B v0.1", 7.24e9, a,
                            "Jiang et al. 2023, Table 1; mistralai/Mistral-7B-v0.1 config.json"));
  }
  {
    Architecture a = llama_like(32, 4096, 32, 8, 0, 32000, 32768);
    a.moe_experts = 8;
    a.moe_top_k = 2;
    a.moe_ffn = 14336;
    models.push_back(preset("mixtral-8x7b", "Mixtral 8x7B", 46.7e9, a,
                            "mistralai/Mixtral-8x7B-v0.1 config.json; Mistral AI announcement "
                            "(46.7 × 10⁹ total, 12.9 × 10⁹ per token)"));
  }
  {
    Architecture a = llama_like(61, 7168, 128, 128, 18432, 129280, 163840);
    a.q_lora_rank = 1536;
    a.kv_lora_rank = 512;
    a.qk_nope_dim = 128;
    a.qk_rope_dim = 64;
    a.v_head_dim = 128;
    a.moe_experts = 256;
    a.moe_top_k = 8;
    a.moe_shared_experts = 1;
    a.moe_ffn = 2048;
    a.moe_dense_layers = 3;
    a.moe_router_groups = 8;  // n_group, topk_group: node-limited routing, at most 4 nodes
    a.moe_router_group_topk = 4;
    models.push_back(preset("deepseek-v3", "DeepSeek-V3", 671e9, a,
                            "deepseek-ai/DeepSeek-V3 config.json and inference/configs/"
                            "config_671B.json; DeepSeek-V3 technical report (671 × 10⁹ total, "
                            "37 × 10⁹ activated)",
                            "Without the multi-token-prediction module (685 × 10⁹ on Hugging "
                            "Face includes it)."));
  }
  {
    Architecture a = llama_like(60, 5120, 128, 128, 12288, 102400, 163840);
    a.q_lora_rank = 1536;
    a.kv_lora_rank = 512;
    a.qk_nope_dim = 128;
    a.qk_rope_dim = 64;
    a.v_head_dim = 128;
    a.moe_experts = 160;
    a.moe_top_k = 6;
    a.moe_shared_experts = 2;
    a.moe_ffn = 1536;
    a.moe_dense_layers = 1;
    a.moe_router_groups = 8;  // n_group, topk_group: device-limited routing, at most 3 groups
    a.moe_router_group_topk = 3;
    models.push_back(preset("deepseek-v2", "DeepSeek-V2", 236e9, a,
                            "deepseek-ai/DeepSeek-V2 config.json; DeepSeek-V2 paper (236 × 10⁹ "
                            "total, 21 × 10⁹ activated)"));
  }
  {
    Architecture a = gpt_like(44, 6144, 64, 50432, 2048);
    a.positions = PositionKind::kRotary;
    a.tied_embeddings = false;
    a.dropout = false;
    models.push_back(preset("gpt-neox-20b", "GPT-NeoX-20B", 20.55e9, a,
                            "Black et al. 2022; EleutherAI/gpt-neox configs/20B.yml"));
  }
  {
    Architecture a = gpt_like(70, 14336, 112, 250880, 2048);
    a.positions = PositionKind::kAlibi;
    models.push_back(preset("bloom-176b", "BLOOM 176B", 176.2e9, a,
                            "bigscience-workshop/bigscience train/tr11-176B-ml/README.md"));
  }
  return models;
}

}  // namespace

const std::vector<ModelPreset>& model_catalog() {
  static const std::vector<ModelPreset> kCatalog = build();
  return kCatalog;
}

std::string_view native_weights(std::string_view model_id) {
  return model_id == "deepseek-v3" ? "fp8-block" : "";
}

const ModelPreset* find_model(std::string_view id) {
  for (const auto& m : model_catalog()) {
    if (m.id == id) return &m;
  }
  return nullptr;
}

}  // namespace llm_sizer
