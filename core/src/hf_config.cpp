#include "llm_sizer/hf_config.hpp"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <optional>

#include "llm_sizer/architecture.hpp"
#include "llm_sizer/json.hpp"
#include "llm_sizer/number_format.hpp"
#include "llm_sizer/plan_fields.hpp"

namespace llm_sizer {
namespace {

enum class Family {
  kGeneric,
  kLlama,
  kMistral,
  kMixtral,
  kQwen2,
  kQwen3,
  kQwen3Moe,
  kDeepseekV2,
  kDeepseekV3,
  kGpt2,
  kGptNeox,
  kBloom,
  kGemma,
  kGranite,
  kPhi3,
  kInternlm2,
  kStarcoder2,
  kGlm4Moe,
  kMinistral3,
  kGlm4MoeLite,
  kDeepseekMoe,
  kGemma2,
  kGemma3,
  kGlm4,
  kOlmo2,
  kMinimaxM2,
  kGptOss,
};

struct FamilyEntry {
  std::string_view model_type;
  Family family;
};

constexpr FamilyEntry kFamilies[] = {
    {"llama", Family::kLlama},
    {"mistral", Family::kMistral},
    {"mixtral", Family::kMixtral},
    {"qwen2", Family::kQwen2},
    {"qwen3", Family::kQwen3},
    {"qwen3_moe", Family::kQwen3Moe},
    {"deepseek", Family::kDeepseekMoe},
    {"deepseek_v2", Family::kDeepseekV2},
    {"deepseek_v3", Family::kDeepseekV3},
    {"gpt2", Family::kGpt2},
    {"gpt_neox", Family::kGptNeox},
    {"bloom", Family::kBloom},
    // The text models of Qwen's vision-language families are Qwen2, Qwen3 and Qwen3-MoE decoders
    // (modeling_qwen2_vl.py, modeling_qwen2_5_vl.py, modeling_qwen3_vl.py,
    // modeling_qwen3_vl_moe.py).
    {"qwen2_vl", Family::kQwen2},
    {"qwen2_5_vl", Family::kQwen2},
    {"qwen3_vl_text", Family::kQwen3},
    {"qwen3_vl_moe_text", Family::kQwen3Moe},
    // Kimi K2 ships DeepseekV3ForCausalLM with its own model_type (config.json "architectures").
    {"kimi_k2", Family::kDeepseekV3},
    // Ministral 3 / Mistral Small 3.x text models: the Mistral decoder (modeling_ministral3.py).
    {"ministral3", Family::kMinistral3},
    {"gemma", Family::kGemma},
    {"granite", Family::kGranite},
    {"phi3", Family::kPhi3},
    {"internlm2", Family::kInternlm2},
    {"starcoder2", Family::kStarcoder2},
    {"glm4_moe", Family::kGlm4Moe},
    {"glm4_moe_lite", Family::kGlm4MoeLite},
    {"gemma2", Family::kGemma2},
    // Gemma 3's multimodal configs keep this text model in text_config.
    {"gemma3_text", Family::kGemma3},
    {"glm4", Family::kGlm4},
    {"olmo2", Family::kOlmo2},
    {"minimax_m2", Family::kMinimaxM2},
    {"gpt_oss", Family::kGptOss},
};

// Keys that change nothing this calculator sizes, read silently (docs/hf-config.md says why):
// bookkeeping, tokenizer ids, numerics, rotary details (RoPE has no parameters), the activation
// (the family fixes the FFN's matrices), run-time switches, losses and router scoring.
constexpr std::string_view kHarmlessKeys[] = {
    "_name_or_path",
    "architectures",
    "model_type",
    "transformers_version",
    "auto_map",
    "torch_dtype",
    "dtype",
    "_commit_hash",
    "_attn_implementation",
    "bos_token_id",
    "eos_token_id",
    "pad_token_id",
    "unk_token_id",
    "sep_token_id",
    "decoder_start_token_id",
    "tokenizer_class",
    "initializer_range",
    "rms_norm_eps",
    "layer_norm_eps",
    "layer_norm_epsilon",
    "attention_softmax_in_fp32",
    "rope_theta",
    "rope_scaling",
    "rope_parameters",
    "rotary_emb_base",
    "rotary_pct",
    "partial_rotary_factor",
    "rope_interleave",
    "hidden_act",
    "activation_function",
    "use_parallel_residual",
    "apply_residual_connection_post_layernorm",
    "use_cache",
    "output_attentions",
    "output_hidden_states",
    "return_dict",
    "use_return_dict",
    "torchscript",
    "is_decoder",
    "max_length",
    "pretraining_tp",
    "ep_size",
    "bias_dropout_fusion",
    "masked_softmax_fusion",
    "skip_bias_add",
    "skip_bias_add_qkv",
    "slow_but_exact",
    "offset_alibi",
    "scale_attn_weights",
    "scale_attn_by_inverse_layer_idx",
    "reorder_and_upcast_attn",
    "n_ctx",
    "output_router_logits",
    "router_aux_loss_coef",
    "aux_loss_alpha",
    "seq_aux",
    "norm_topk_prob",
    "routed_scaling_factor",
    "scoring_func",
    "classifier_dropout",
    "summary_type",
    "summary_use_proj",
    "summary_activation",
    "summary_proj_to_labels",
    "summary_first_dropout",
    "task_specific_params",
    "id2label",
    "label2id",
    "problem_type",
};

/// At most `max_bytes` of `text`, cut at a UTF-8 character boundary.
std::string utf8_prefix(std::string_view text, std::size_t max_bytes) {
  if (text.size() <= max_bytes) return std::string(text);
  std::size_t end = max_bytes;
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
  return std::string(text.substr(0, end));
}

/// A short rendering of a JSON value for a message.
std::string preview(const JsonValue& v) {
  if (v.is_null()) return "null";
  if (v.is_bool()) return v.as_bool() ? "true" : "false";
  if (v.is_number()) return format_shortest(v.as_number());
  if (v.is_string()) {
    const std::string& s = v.as_string();
    const std::string cut = utf8_prefix(s, 40);
    return "\"" + cut + (cut.size() < s.size() ? "…" : "") + "\"";
  }
  return v.is_array() ? "[…]" : "{…}";
}

Issue hf_issue(std::string code, Severity severity, std::vector<IssueParam> params = {}) {
  return {std::move(code), std::string(kHfConfigField), severity, std::move(params)};
}

struct Range {
  double min = 0;
  double max = 0;
};

/// The valid range of a plan field: a config value is held to the input it becomes.
Range range_of(std::string_view field) {
  const FieldSpec* spec = find_field_by_id(field);
  return spec ? Range{spec->min, spec->max} : Range{0, 0};
}

constexpr bool kRequired = true;

/// Keys a config has but the import did not use: the first few by name, and how many in all.
struct UnusedKeys {
  std::vector<std::string> first;  ///< at most kMaxListedKeys, in document order
  std::size_t count = 0;
};

/// How many names a key list shows: hostile input must not flood a message.
constexpr std::size_t kMaxListedKeys = 20;

/// Reads keys of one config object, remembering which were read so that the rest can be named.
/// Linear in the object's size: one index of the members by name, built once, and one flag per
/// member (a config of a few MiB may hold hundreds of thousands of keys).
class Reader {
 public:
  Reader(const JsonObject& object, std::vector<Issue>& issues)
      : object_(object), index_(object), issues_(issues), read_(object.size(), 0) {
    for (const auto key : kHarmlessKeys) mark_read(key);
  }
  Reader(const Reader&) = delete;
  Reader& operator=(const Reader&) = delete;

  /// The member `key` (the last one when repeated), or nullptr; does not count as read.
  const JsonValue* find(std::string_view key) const {
    const std::size_t at = index_.last(key);
    return at == JsonMemberIndex::npos ? nullptr : &object_[at].second;
  }
  /// Present and not null.
  bool has(std::string_view key) const {
    const JsonValue* v = find(key);
    return v != nullptr && !v->is_null();
  }
  /// The value of `key`, or nullptr when absent or null (null means "the default" in
  /// transformers); the key counts as read either way.
  const JsonValue* get(std::string_view key) {
    mark_read(key);
    const JsonValue* v = find(key);
    return v != nullptr && !v->is_null() ? v : nullptr;
  }
  /// A repeated key is read once, at its first place: that is where a list names it.
  void mark_read(std::string_view key) {
    const std::size_t at = index_.first(key);
    if (at != JsonMemberIndex::npos) read_[at] = 1;
  }

  /// The first of `keys` that is present, else the first: the name a message should use.
  std::string_view present(std::initializer_list<std::string_view> keys) const {
    for (const auto key : keys) {
      if (has(key)) return key;
    }
    return *keys.begin();
  }

  /// A value the config implies rather than states (a head width from two keys) must be a valid
  /// input too; otherwise an error naming how it was derived. False when out of range.
  bool derived(std::string_view how, double value, Range range) {
    if (value >= range.min && value <= range.max) return true;
    out_of_range(how, value, range);
    return false;
  }

  /// A whole number in range; nullopt (with an issue when present but wrong, or missing and
  /// required) otherwise.
  std::optional<double> integer(std::string_view key, Range range, bool required = false) {
    const JsonValue* v = get(key);
    if (v == nullptr) {
      if (required) missing(key);
      return std::nullopt;
    }
    if (!v->is_number()) return wrong("hf_expected_integer", key, *v);
    const double x = v->as_number();
    if (std::isfinite(x) && x != std::floor(x)) return wrong("hf_expected_integer", key, *v);
    if (!std::isfinite(x) || x < range.min || x > range.max) return out_of_range(key, x, range);
    return x;
  }

  /// The first of `keys` that is present (aliases such as n_layer / num_hidden_layers).
  std::optional<double> integer_any(std::initializer_list<std::string_view> keys, Range range,
                                    bool required = false) {
    for (const auto key : keys) {
      if (has(key)) {
        for (const auto other : keys) mark_read(other);
        return integer(key, range);
      }
    }
    for (const auto key : keys) mark_read(key);
    if (required) missing(*keys.begin());
    return std::nullopt;
  }

  /// A finite number in range (dropout probabilities).
  std::optional<double> number(std::string_view key, Range range) {
    const JsonValue* v = get(key);
    if (v == nullptr) return std::nullopt;
    if (!v->is_number()) return wrong("hf_expected_number", key, *v);
    const double x = v->as_number();
    if (!std::isfinite(x) || x < range.min || x > range.max) return out_of_range(key, x, range);
    return x;
  }

  std::optional<bool> boolean(std::string_view key) {
    const JsonValue* v = get(key);
    if (v == nullptr) return std::nullopt;
    if (!v->is_bool()) {
      wrong("hf_expected_boolean", key, *v);
      return std::nullopt;
    }
    return v->as_bool();
  }

  std::optional<std::string> string(std::string_view key) {
    const JsonValue* v = get(key);
    if (v == nullptr) return std::nullopt;
    if (!v->is_string()) {
      wrong("hf_expected_string", key, *v);
      return std::nullopt;
    }
    return v->as_string();
  }

  /// A list of whole numbers (layer indices); an entry of another type makes it unreadable.
  std::optional<std::vector<double>> integer_list(std::string_view key) {
    const JsonValue* v = get(key);
    if (v == nullptr) return std::nullopt;
    if (!v->is_array()) return wrong("hf_expected_list", key, *v);
    std::vector<double> out;
    for (const auto& item : v->as_array()) {
      if (!item.is_number() || item.as_number() != std::floor(item.as_number())) {
        return wrong("hf_expected_list", key, item);
      }
      out.push_back(item.as_number());
    }
    return out;
  }

  std::optional<std::vector<std::string>> string_list(std::string_view key) {
    const JsonValue* v = get(key);
    if (v == nullptr) return std::nullopt;
    if (!v->is_array()) return wrong("hf_expected_list", key, *v);
    std::vector<std::string> out;
    for (const auto& item : v->as_array()) {
      if (!item.is_string()) return wrong("hf_expected_list", key, item);
      out.push_back(item.as_string());
    }
    return out;
  }

  /// Reads a boolean that this calculator can only model when false (cross-attention); when it
  /// is true the key stays unread so that the warning names it.
  void must_be_false(std::string_view key) {
    const JsonValue* v = find(key);
    if (v == nullptr || v->is_null() || (v->is_bool() && !v->as_bool())) mark_read(key);
  }

  /// Keys neither read nor harmless, in document order, each once.
  UnusedKeys unread() const {
    UnusedKeys keys;
    for (std::size_t i = 0; i < object_.size(); ++i) {
      if (read_[i] || !index_.is_first(i)) continue;
      if (keys.first.size() < kMaxListedKeys) keys.first.push_back(object_[i].first);
      ++keys.count;
    }
    return keys;
  }

 private:
  void missing(std::string_view key) {
    issues_.push_back(hf_issue("hf_missing_key", Severity::kError, {{"key", std::string(key)}}));
  }
  std::nullopt_t wrong(const char* code, std::string_view key, const JsonValue& value) {
    issues_.push_back(
        hf_issue(code, Severity::kError, {{"key", std::string(key)}, {"value", preview(value)}}));
    return std::nullopt;
  }
  std::nullopt_t out_of_range(std::string_view key, double value, Range range) {
    issues_.push_back(hf_issue("hf_out_of_range", Severity::kError,
                               {{"key", std::string(key)},
                                {"value", format_shortest(value)},
                                {"min", format_readable(range.min)},
                                {"max", format_readable(range.max)}}));
    return std::nullopt;
  }

  const JsonObject& object_;
  JsonMemberIndex index_;
  std::vector<Issue>& issues_;
  std::vector<char> read_;  // per member; not vector<bool>, whose bit proxies cost code size
};

/// What a family's mapping produces besides the architecture.
struct Draft {
  Architecture arch;
  bool ffn_known = true;                  ///< false: leave the FFN size to the user (generic)
  std::vector<std::string> approximated;  ///< keys the architecture can only approximate
  std::vector<Issue>* issues = nullptr;
};

int as_int(std::optional<double> value, int fallback = 0) {
  return value ? static_cast<int>(*value) : fallback;
}

// Dropout: trained with it when any of the family's probabilities is above 0.
bool any_dropout(Reader& r, std::initializer_list<std::string_view> keys, double default_p) {
  bool any = false;
  for (const auto key : keys) any |= r.number(key, {0, 1}).value_or(default_p) > 0;
  return any;
}

/// Per-layer MoE flags fitted to Architecture::layer_is_moe's (leading dense layers, every
/// period-th layer) form. Returns false when no such form gives exactly these layers (then the
/// nearest form that keeps the first MoE layer and about the count is set).
bool fit_moe_layers(const std::vector<bool>& moe, Architecture& a) {
  const int layers = static_cast<int>(moe.size());
  const auto first_it = std::find(moe.begin(), moe.end(), true);
  if (first_it == moe.end()) {
    a.moe_experts = 0;  // every layer dense
    a.moe_top_k = 0;
    a.moe_ffn = 0;
    return true;
  }
  const int first = static_cast<int>(first_it - moe.begin());
  for (int period = 1; period <= layers; ++period) {
    const int dense = first - (period - 1);
    if (dense < 0) break;
    Architecture trial;
    trial.moe_experts = 1;
    trial.moe_dense_layers = dense;
    trial.moe_layer_period = period;
    bool same = true;
    for (int i = 0; i < layers && same; ++i) {
      same = trial.layer_is_moe(i) == moe[static_cast<std::size_t>(i)];
    }
    if (same) {
      a.moe_dense_layers = dense;
      a.moe_layer_period = period;
      return true;
    }
  }
  const int count = static_cast<int>(std::count(moe.begin(), moe.end(), true));
  const int period = std::max(1, (layers - first) / count);
  a.moe_layer_period = period;
  a.moe_dense_layers = std::max(0, first - (period - 1));
  return false;
}

/// The layers a Qwen config runs with a sliding window: none unless `use_sliding_window`; then
/// `layer_types` when given, else every layer from `max_window_layers` on (Qwen2Config).
void read_qwen_sliding_window(Reader& r, Draft& d) {
  Architecture& a = d.arch;
  const bool use = r.boolean("use_sliding_window").value_or(false);
  const auto window = r.integer("sliding_window", range_of("sliding_window"));
  const int full_layers = as_int(r.integer("max_window_layers", range_of("moe_dense_layers")), 28);
  const auto types = r.string_list("layer_types");
  int sliding = std::clamp(a.layers - full_layers, 0, std::max(a.layers, 0));
  if (types) {
    if (static_cast<int>(types->size()) != a.layers) {
      d.issues->push_back(hf_issue("hf_list_length", Severity::kError,
                                   {{"key", "layer_types"},
                                    {"length", std::to_string(types->size())},
                                    {"layers", std::to_string(a.layers)}}));
      return;
    }
    sliding = 0;
    for (const auto& t : *types) {
      if (t == "sliding_attention") {
        ++sliding;
      } else if (t != "full_attention") {
        d.approximated.push_back("layer_types");  // chunked, linear … attention: read as full
        break;
      }
    }
  }
  if (!use || !window || *window == 0 || sliding == 0) return;
  a.sliding_window = *window;
  a.sliding_window_layers = sliding == a.layers ? 0 : sliding;
}

/// Mistral and Mixtral: one window on every layer; `default_window` when the key is absent.
void read_window_all_layers(Reader& r, Draft& d, double default_window) {
  const bool present = r.find("sliding_window") != nullptr;
  const auto window = r.integer("sliding_window", range_of("sliding_window"));
  d.arch.sliding_window = present ? window.value_or(0) : default_window;
}

/// The head width as transformers computes it, hidden_size // num_attention_heads. More heads
/// than hidden units make it 0: the config's error, named here rather than left for an input the
/// user never typed. Nothing is derived when either key was already refused.
void derive_head_dim(Reader& r, Architecture& a, std::string_view hidden_key,
                     std::string_view heads_key) {
  if (a.hidden <= 0 || a.heads <= 0) return;
  a.head_dim = std::floor(a.hidden / a.heads);
  r.derived(std::string(hidden_key) + " // " + std::string(heads_key), a.head_dim,
            range_of("head_dim"));
}

/// hidden, layers, heads, key/value heads, head_dim, vocab, context, tying and dropout of a
/// Llama-style config. `default_kv` 0 means "as many as heads".
void read_decoder(Reader& r, Draft& d, int default_kv, double default_head_dim) {
  Architecture& a = d.arch;
  a.layers = as_int(r.integer("num_hidden_layers", range_of("layers"), kRequired));
  a.hidden = r.integer("hidden_size", range_of("hidden"), kRequired).value_or(0);
  a.heads = as_int(r.integer("num_attention_heads", range_of("heads"), kRequired));
  a.vocab = r.integer("vocab_size", range_of("vocab"), kRequired).value_or(0);
  // transformers: absent → the class default; null → as many as the attention heads.
  const bool kv_null = r.find("num_key_value_heads") != nullptr && !r.has("num_key_value_heads");
  const auto kv = r.integer("num_key_value_heads", range_of("kv_heads"));
  a.kv_heads = kv ? static_cast<int>(*kv) : (kv_null || default_kv == 0 ? a.heads : default_kv);
  const auto head_dim = r.integer("head_dim", range_of("head_dim"));
  if (head_dim) {
    a.head_dim = *head_dim;
  } else if (default_head_dim > 0) {
    a.head_dim = default_head_dim;
  } else {
    derive_head_dim(r, a, "hidden_size", "num_attention_heads");
  }
  a.max_positions = r.integer("max_position_embeddings", range_of("max_positions")).value_or(0);
  a.tied_embeddings = r.boolean("tie_word_embeddings").value_or(false);
  a.dropout = any_dropout(r, {"attention_dropout"}, 0);
}

/// `attention_bias` puts biases on q, k, v and o; `mlp_bias` on the three FFN matrices. The plan
/// has q/k/v biases, or biases on every linear: o alone or the FFN alone is approximated.
void read_llama_biases(Reader& r, Draft& d, bool has_mlp_bias) {
  const bool attention = r.boolean("attention_bias").value_or(false);
  const bool mlp = has_mlp_bias && r.boolean("mlp_bias").value_or(false);
  d.arch.qkv_bias = attention;
  d.arch.linear_bias = attention && mlp;
  if (attention && !mlp) d.approximated.push_back("attention_bias");
  if (mlp && !attention) d.approximated.push_back("mlp_bias");
}

void read_dense_ffn(Reader& r, Draft& d) {
  d.arch.ffn = r.integer("intermediate_size", range_of("ffn"), kRequired).value_or(0);
}

/// Experts, top-k and expert width; the caller places the MoE layers.
bool read_experts(Reader& r, Draft& d, std::string_view experts_key, std::string_view ffn_key) {
  Architecture& a = d.arch;
  const auto experts = r.integer(experts_key, {1, range_of("moe_experts").max}, kRequired);
  a.moe_experts = as_int(experts);
  const Range top_k_range{1, experts ? *experts : range_of("moe_top_k").max};
  a.moe_top_k = as_int(r.integer("num_experts_per_tok", top_k_range, kRequired));
  a.moe_ffn = r.integer(ffn_key, range_of("moe_ffn"), kRequired).value_or(0);
  return experts.has_value();
}

void place_moe_layers(Draft& d, const std::vector<bool>& moe,
                      std::initializer_list<std::string_view> keys) {
  if (!fit_moe_layers(moe, d.arch)) {
    for (const auto key : keys) d.approximated.emplace_back(key);
  }
}

void read_mixtral(Reader& r, Draft& d) {
  read_decoder(r, d, 8, 0);
  read_experts(r, d, "num_local_experts", "intermediate_size");
  d.arch.ffn = 0;  // every layer is MoE; intermediate_size is one expert's width
  read_window_all_layers(r, d, 0);
}

void read_qwen3_moe(Reader& r, Draft& d) {
  Architecture& a = d.arch;
  read_decoder(r, d, 4, 0);
  read_llama_biases(r, d, false);
  a.qk_norm = true;
  read_qwen_sliding_window(r, d);
  const int step = as_int(r.integer("decoder_sparse_step", range_of("moe_layer_period")), 1);
  const auto dense_list = r.integer_list("mlp_only_layers").value_or(std::vector<double>{});
  const bool has_experts = r.has("num_experts") && r.find("num_experts")->is_number() &&
                           r.find("num_experts")->as_number() > 0;
  if (has_experts) {
    read_experts(r, d, "num_experts", "moe_intermediate_size");
  } else {
    r.integer("num_experts", range_of("moe_experts"));  // 0: a dense model
    r.mark_read("num_experts_per_tok");
    r.mark_read("moe_intermediate_size");
  }
  const auto layer_count = static_cast<std::size_t>(std::max(a.layers, 0));
  std::vector<bool> listed(layer_count);
  for (const double index : dense_list) {
    if (index >= 0 && index < a.layers) listed[static_cast<std::size_t>(index)] = true;
  }
  std::vector<bool> moe(layer_count);
  for (int i = 0; i < a.layers; ++i) {
    const auto at = static_cast<std::size_t>(i);
    moe[at] = has_experts && !listed[at] && step > 0 && (i + 1) % step == 0;
  }
  if (has_experts) place_moe_layers(d, moe, {"decoder_sparse_step", "mlp_only_layers"});
  const bool any_dense = std::find(moe.begin(), moe.end(), false) != moe.end();
  a.ffn = r.integer("intermediate_size", range_of("ffn"), any_dense).value_or(0);
}

/// Multi-head latent attention (modeling_deepseek.py, DeepseekV3Attention): q_lora_rank null →
/// q_proj directly; a head_dim key is unused (q and k are nope + rope wide).
void read_latent_attention(Reader& r, Draft& d) {
  Architecture& a = d.arch;
  a.q_lora_rank = r.integer("q_lora_rank", range_of("q_lora_rank")).value_or(0);
  a.kv_lora_rank = r.integer("kv_lora_rank", range_of("kv_lora_rank"), kRequired).value_or(0);
  a.qk_nope_dim = r.integer("qk_nope_head_dim", range_of("qk_nope_dim"), kRequired).value_or(0);
  a.qk_rope_dim = r.integer("qk_rope_head_dim", range_of("qk_rope_dim"), kRequired).value_or(0);
  a.v_head_dim = r.integer("v_head_dim", range_of("v_head_dim"), kRequired).value_or(0);
  a.head_dim = a.qk_nope_dim + a.qk_rope_dim;  // what q and k are wide; a head_dim key is unused
  if (r.has("qk_nope_head_dim") && r.has("qk_rope_head_dim")) {
    r.derived("qk_nope_head_dim + qk_rope_head_dim", a.head_dim, range_of("head_dim"));
  }
  if (r.boolean("attention_bias").value_or(false)) d.approximated.push_back("attention_bias");
}

/// DeepSeek's FFN: dense, or from `first_k_dense_replace` on every `moe_layer_freq`-th layer an
/// MoE block of a router, routed experts and n_shared_experts × moe_intermediate_size shared.
void read_deepseek_ffn(Reader& r, Draft& d) {
  Architecture& a = d.arch;
  read_dense_ffn(r, d);
  if (!r.has("n_routed_experts")) {
    r.mark_read("n_routed_experts");  // null: a dense model; the MoE keys then mean nothing
    for (const auto key : {"num_experts_per_tok", "n_shared_experts", "moe_intermediate_size",
                           "first_k_dense_replace", "moe_layer_freq", "n_group", "topk_group"}) {
      r.mark_read(key);
    }
    return;
  }
  read_experts(r, d, "n_routed_experts", "moe_intermediate_size");
  a.moe_shared_experts = as_int(r.integer("n_shared_experts", range_of("moe_shared_experts")));
  const int first_dense = as_int(r.integer("first_k_dense_replace", range_of("moe_dense_layers")));
  const int freq = as_int(r.integer("moe_layer_freq", range_of("moe_layer_period")), 1);
  std::vector<bool> moe(static_cast<std::size_t>(std::max(a.layers, 0)));
  for (int i = 0; i < a.layers; ++i) {
    moe[static_cast<std::size_t>(i)] = i >= first_dense && freq > 0 && i % freq == 0;
  }
  place_moe_layers(d, moe, {"first_k_dense_replace", "moe_layer_freq"});
  // Group-limited routing: the expert-parallel traffic of a token reaches only its groups' nodes.
  a.moe_router_groups = as_int(r.integer("n_group", range_of("moe_router_groups")));
  a.moe_router_group_topk = as_int(r.integer("topk_group", range_of("moe_router_group_topk")));
  // Multi-token prediction layers, the router's scoring (topk_method) and quantization_config
  // stay unread: the warning names them.
  const JsonValue* mtp = r.find("num_nextn_predict_layers");
  if (mtp != nullptr && mtp->is_number() && mtp->as_number() == 0) {
    r.mark_read("num_nextn_predict_layers");
  }
}

void read_deepseek(Reader& r, Draft& d) {
  read_decoder(r, d, 0, 0);
  read_latent_attention(r, d);
  read_deepseek_ffn(r, d);
}

// DeepSeekMoE (model_type "deepseek", the modeling_deepseek.py of deepseek-moe-16b): Llama
// attention (q, k, v, o with `attention_bias`) and DeepSeek-V2's FFN without latent attention.
void read_deepseek_moe(Reader& r, Draft& d) {
  read_decoder(r, d, 0, 0);
  read_llama_biases(r, d, false);
  read_deepseek_ffn(r, d);
}

// GPT-2, GPT-NeoX and BLOOM: LayerNorm, a two-matrix GELU FFN and biases on every linear.
void gpt_style(Reader& r, Architecture& a, std::string_view hidden_key,
               std::string_view heads_key) {
  a.kv_heads = a.heads;
  derive_head_dim(r, a, hidden_key, heads_key);
  a.ffn_kind = FfnKind::kGelu;
  a.norm = NormKind::kLayerNorm;
  a.qkv_bias = true;
  a.linear_bias = true;
}

void read_gpt2(Reader& r, Draft& d) {
  Architecture& a = d.arch;
  a.layers = as_int(r.integer_any({"n_layer", "num_hidden_layers"}, range_of("layers"), kRequired));
  a.hidden = r.integer_any({"n_embd", "hidden_size"}, range_of("hidden"), kRequired).value_or(0);
  a.heads = as_int(r.integer_any({"n_head", "num_attention_heads"}, range_of("heads"), kRequired));
  a.vocab = r.integer("vocab_size", range_of("vocab"), kRequired).value_or(0);
  a.max_positions = r.integer_any({"n_positions", "max_position_embeddings"},
                                  range_of("max_positions"), kRequired)
                        .value_or(0);
  gpt_style(r, a, r.present({"n_embd", "hidden_size"}),
            r.present({"n_head", "num_attention_heads"}));
  a.ffn = r.integer("n_inner", range_of("ffn")).value_or(4 * a.hidden);  // null: 4 × hidden
  a.positions = PositionKind::kLearned;
  a.tied_embeddings = r.boolean("tie_word_embeddings").value_or(true);
  a.dropout = any_dropout(r, {"resid_pdrop", "embd_pdrop", "attn_pdrop"}, 0.1);
  r.must_be_false("add_cross_attention");
}

void read_gpt_neox(Reader& r, Draft& d) {
  Architecture& a = d.arch;
  a.layers = as_int(r.integer("num_hidden_layers", range_of("layers"), kRequired));
  a.hidden = r.integer("hidden_size", range_of("hidden"), kRequired).value_or(0);
  a.heads = as_int(r.integer("num_attention_heads", range_of("heads"), kRequired));
  a.vocab = r.integer("vocab_size", range_of("vocab"), kRequired).value_or(0);
  a.max_positions = r.integer("max_position_embeddings", range_of("max_positions")).value_or(0);
  gpt_style(r, a, "hidden_size", "num_attention_heads");
  read_dense_ffn(r, d);
  a.positions = PositionKind::kRotary;
  a.tied_embeddings = r.boolean("tie_word_embeddings").value_or(false);
  a.dropout = any_dropout(r, {"attention_dropout", "hidden_dropout"}, 0);
  // attention_bias (default true) covers query_key_value and dense; the MLP always has biases.
  if (!r.boolean("attention_bias").value_or(true)) d.approximated.push_back("attention_bias");
}

void read_bloom(Reader& r, Draft& d) {
  Architecture& a = d.arch;
  a.layers = as_int(r.integer_any({"n_layer", "num_hidden_layers"}, range_of("layers"), kRequired));
  a.hidden = r.integer_any({"hidden_size", "n_embed"}, range_of("hidden"), kRequired).value_or(0);
  a.heads = as_int(r.integer_any({"n_head", "num_attention_heads"}, range_of("heads"), kRequired));
  a.vocab = r.integer("vocab_size", range_of("vocab"), kRequired).value_or(0);
  a.max_positions = r.integer("seq_length", range_of("max_positions")).value_or(0);
  gpt_style(r, a, r.present({"hidden_size", "n_embed"}),
            r.present({"n_head", "num_attention_heads"}));
  a.ffn = 4 * a.hidden;    // BloomMLP is always 4 × hidden
  r.mark_read("n_inner");  // ... so n_inner is never used
  a.positions = PositionKind::kAlibi;
  a.tied_embeddings = r.boolean("tie_word_embeddings").value_or(true);
  a.dropout = any_dropout(r, {"attention_dropout", "hidden_dropout"}, 0);
}

/// Reads a key that changes no parameter only when it has the value the mapping assumes
/// (remote-code leftovers such as Phi-4-mini's `full_attn_mod`); any other value stays unread, so
/// that the warning names it.
void must_equal(Reader& r, std::string_view key, double value) {
  const JsonValue* v = r.find(key);
  if (v == nullptr || v->is_null() || (v->is_number() && v->as_number() == value)) r.mark_read(key);
}
void must_equal(Reader& r, std::string_view key, std::string_view value) {
  const JsonValue* v = r.find(key);
  if (v == nullptr || v->is_null() || (v->is_string() && v->as_string() == value)) r.mark_read(key);
}

// Gemma (modeling_gemma.py): a Llama decoder with GeGLU (gate, up, down: three matrices), RMSNorm
// whose weight is stored as an offset from 1 (still one per channel), the embedding scaled by
// √hidden (no parameter) and, by GemmaConfig's defaults, 16 key/value heads of 256 and a tied head.
void read_gemma(Reader& r, Draft& d) {
  read_decoder(r, d, 16, 256);
  read_dense_ffn(r, d);
  read_llama_biases(r, d, false);
  d.arch.tied_embeddings = r.boolean("tie_word_embeddings").value_or(true);
  r.mark_read("hidden_activation");  // gelu_pytorch_tanh: the FFN's matrices are the same
}

/// Gemma 2 and 3: `sliding_window` on the layers `layer_types` names "sliding_attention"; without
/// the list, transformers' default: every layer but each `period`-th.
void read_gemma_window(Reader& r, Draft& d, int period, double default_window = 4096) {
  Architecture& a = d.arch;
  const auto window =
      r.integer("sliding_window", range_of("sliding_window")).value_or(default_window);
  int sliding = period > 0 ? a.layers - a.layers / period : a.layers;
  if (const auto types = r.string_list("layer_types")) {
    if (static_cast<int>(types->size()) != a.layers) {
      d.issues->push_back(hf_issue("hf_list_length", Severity::kError,
                                   {{"key", "layer_types"},
                                    {"length", std::to_string(types->size())},
                                    {"layers", std::to_string(a.layers)}}));
      return;
    }
    sliding = static_cast<int>(std::count(types->begin(), types->end(), "sliding_attention"));
    const auto full = std::count(types->begin(), types->end(), "full_attention");
    if (sliding + full != a.layers) d.approximated.push_back("layer_types");
  }
  if (window == 0 || sliding <= 0) return;
  a.sliding_window = window;
  a.sliding_window_layers = sliding == a.layers ? 0 : sliding;
}

/// Keys of Gemma 2 and 3 that scale or cap activations and logits: no parameters.
void read_gemma_scalars(Reader& r) {
  for (const auto key :
       {"hidden_activation", "query_pre_attn_scalar", "attn_logit_softcapping",
        "final_logit_softcapping", "rope_local_base_freq", "cache_implementation"}) {
    r.mark_read(key);
  }
}

// Gemma 2 (modeling_gemma2.py): Gemma's decoder with four RMSNorms per layer (input_layernorm,
// post_attention_layernorm, pre_ and post_feedforward_layernorm), each `hidden` weights (stored
// as offsets from 1: the same count); the window on every other layer from the first. By
// Gemma2Config's defaults 4 key/value heads of 256 and a tied head.
void read_gemma2(Reader& r, Draft& d) {
  read_decoder(r, d, 4, 256);
  read_dense_ffn(r, d);
  read_llama_biases(r, d, false);
  d.arch.layer_norms = 4;
  d.arch.tied_embeddings = r.boolean("tie_word_embeddings").value_or(true);
  read_gemma_window(r, d, 2);
  read_gemma_scalars(r);
}

// Gemma 3 text model (modeling_gemma3.py): Gemma 2's four norms per layer plus per-head q/k
// RMSNorms (head_dim each); the window on all layers but every sliding_window_pattern-th (6).
// A multimodal config's text_config states only what differs from Gemma3TextConfig's defaults,
// so every key has its default here.
void read_gemma3(Reader& r, Draft& d) {
  Architecture& a = d.arch;
  a.layers = as_int(r.integer("num_hidden_layers", range_of("layers")), 26);
  a.hidden = r.integer("hidden_size", range_of("hidden")).value_or(2304);
  a.heads = as_int(r.integer("num_attention_heads", range_of("heads")), 8);
  a.kv_heads = as_int(r.integer("num_key_value_heads", range_of("kv_heads")), 4);
  a.head_dim = r.integer("head_dim", range_of("head_dim")).value_or(256);
  a.ffn = r.integer("intermediate_size", range_of("ffn")).value_or(9216);
  a.vocab = r.integer("vocab_size", range_of("vocab")).value_or(262208);
  a.max_positions =
      r.integer("max_position_embeddings", range_of("max_positions")).value_or(131072);
  a.tied_embeddings = r.boolean("tie_word_embeddings").value_or(true);
  a.dropout = any_dropout(r, {"attention_dropout"}, 0);
  read_llama_biases(r, d, false);
  a.layer_norms = 4;
  a.qk_norm = true;
  const int pattern = as_int(r.integer_any({"sliding_window_pattern", "_sliding_window_pattern"},
                                           range_of("moe_layer_period")),
                             6);
  read_gemma_window(r, d, pattern);
  read_gemma_scalars(r);
  r.must_be_false("use_bidirectional_attention");  // EmbeddingGemma's encoder
}

// GLM-4-0414 (modeling_glm4.py): GLM's attention (q, k, v with `attention_bias`, o without), the
// Phi-3 MLP (gate_up_proj fused: the same weights as gate and up), and four RMSNorms per layer
// (input, post_self_attn, post_attention, post_mlp). Partial rotary has no parameters.
void read_glm4(Reader& r, Draft& d) {
  read_decoder(r, d, 2, 128);
  read_dense_ffn(r, d);
  d.arch.qkv_bias = r.boolean("attention_bias").value_or(true);
  d.arch.layer_norms = 4;
}

// OLMo 2 (modeling_olmo2.py): Llama's modules with the two norms after attention and MLP instead
// of before (the same count), and q/k RMSNorms over the whole projection (heads × head_dim and
// kv_heads × head_dim weights).
void read_olmo2(Reader& r, Draft& d) {
  read_decoder(r, d, 0, 0);
  read_dense_ffn(r, d);
  read_llama_biases(r, d, false);
  d.arch.qk_norm = true;
  d.arch.qk_norm_full = true;
}

// MiniMax-M2 (modeling_minimax_m2.py): attention without biases whose q/k RMSNorms span all heads
// (qk_norm_type "per_layer"; "per_head" is one per head); every layer an MoE of a router without
// bias (its score-correction bias is a buffer) and num_local_experts SwiGLU experts of
// intermediate_size, with no shared expert. Rotary on rotary_dim of each head has no parameters.
// The multi-token-prediction modules (use_mtp) are not built by transformers: the warning names
// them.
void read_minimax_m2(Reader& r, Draft& d) {
  Architecture& a = d.arch;
  read_decoder(r, d, 0, 0);
  read_experts(r, d, "num_local_experts", "intermediate_size");
  a.ffn = 0;  // every layer is MoE; intermediate_size is one expert's width
  a.qk_norm = r.boolean("use_qk_norm").value_or(true);
  must_equal(r, "qk_norm_type", "per_layer");
  if (const JsonValue* type = r.find("qk_norm_type"); type && type->is_string()) {
    if (type->as_string() == "per_head") r.mark_read("qk_norm_type");
    a.qk_norm_full = type->as_string() != "per_head";
  } else {
    a.qk_norm_full = true;
  }
  must_equal(r, "shared_intermediate_size", 0);
  r.boolean("use_routing_bias");
  r.number("router_jitter_noise", {0, 1});  // Mixtral's training-time noise on the router input
  // MiniMaxM2Config keeps Mixtral's sliding_window key; null (as saved) means no window.
  if (const JsonValue* window = r.find("sliding_window"); window && window->is_null()) {
    r.mark_read("sliding_window");
  }
  r.integer("rotary_dim", range_of("head_dim"));
  // Every layer softmax attention (1); MiniMax-M1's lightning attention layers are 0.
  const JsonValue* types = r.find("attn_type_list");
  if (types != nullptr && types->is_array() &&
      std::all_of(types->as_array().begin(), types->as_array().end(),
                  [](const JsonValue& t) { return t.is_number() && t.as_number() == 1; })) {
    r.mark_read("attn_type_list");
  }
  const JsonValue* mtp = r.find("use_mtp");
  if (mtp == nullptr || mtp->is_null() || (mtp->is_bool() && !mtp->as_bool())) {
    for (const auto key : {"use_mtp", "num_mtp_modules", "mtp_transformer_layers"}) {
      r.mark_read(key);
    }
  }
}

// Granite (modeling_granite.py): Llama's modules; its four multipliers scale activations and
// logits and have no parameters.
void read_granite(Reader& r, Draft& d) {
  read_decoder(r, d, 0, 0);
  read_dense_ffn(r, d);
  read_llama_biases(r, d, true);
  for (const auto key :
       {"embedding_multiplier", "residual_multiplier", "attention_multiplier", "logits_scaling"}) {
    r.number(key, {-1e9, 1e9});
  }
}

// Phi-3 / Phi-3.5 / Phi-4 (modeling_phi3.py): fused qkv_proj and gate_up_proj without biases
// (the same weights as separate q, k, v and gate, up), o_proj and down_proj without, RMSNorm, the
// window (if any) on every layer. Phi-4-mini's remote-code keys are read where they are off.
void read_phi3(Reader& r, Draft& d) {
  Architecture& a = d.arch;
  read_decoder(r, d, 0, 0);
  read_dense_ffn(r, d);
  if (r.boolean("attention_bias").value_or(false)) d.approximated.push_back("attention_bias");
  if (r.boolean("mlp_bias").value_or(false)) d.approximated.push_back("mlp_bias");
  if (r.boolean("lm_head_bias").value_or(false)) d.approximated.push_back("lm_head_bias");
  read_window_all_layers(r, d, 0);
  a.dropout = any_dropout(r, {"resid_pdrop", "embd_pdrop"}, 0) || a.dropout;
  r.mark_read("original_max_position_embeddings");  // rotary scaling only
  must_equal(r, "full_attn_mod", 1);                // 1: every layer attends fully
  must_equal(r, "interpolate_factor", 1);
}

// InternLM2 (modeling_internlm2.py, shipped with the checkpoints): fused wqkv and wo, both with
// `bias`, a SwiGLU feed_forward (w1, w3, w2) without, RMSNorm. Biases on wqkv and wo but not on
// the FFN have no exact form here.
void read_internlm2(Reader& r, Draft& d) {
  read_decoder(r, d, 0, 0);
  read_dense_ffn(r, d);
  if (r.boolean("bias").value_or(true)) d.approximated.push_back("bias");
  r.mark_read("attn_implementation");  // a run-time choice of kernel
}

// StarCoder2 (modeling_starcoder2.py): LayerNorm with bias, q/k/v/o and the two-matrix GELU MLP
// (c_fc, c_proj) all with `use_bias`, one window on every layer, a tied head by default.
void read_starcoder2(Reader& r, Draft& d) {
  Architecture& a = d.arch;
  read_decoder(r, d, 2, 0);
  read_dense_ffn(r, d);
  a.ffn_kind = FfnKind::kGelu;
  a.norm = NormKind::kLayerNorm;
  const bool bias = r.boolean("use_bias").value_or(true);
  a.qkv_bias = bias;
  a.linear_bias = bias;
  a.tied_embeddings = r.boolean("tie_word_embeddings").value_or(true);
  read_window_all_layers(r, d, 0);
  a.dropout = any_dropout(r, {"residual_dropout", "embedding_dropout"}, 0) || a.dropout;
  r.mark_read("norm_epsilon");
  r.mark_read("scale_attention_softmax_in_fp32");
  // Keys of the pre-transformers code that transformers ignores; harmless at these values.
  must_equal(r, "mlp_type", "default");
  must_equal(r, "norm_type", "layer_norm");
}

// GLM-4.5 (modeling_glm4_moe.py): q, k, v with `attention_bias`, o without; per-head q/k RMSNorm
// with `use_qk_norm`; the first `first_k_dense_replace` layers dense, the rest MoE with a router
// (its score-correction bias is a buffer), routed experts and a shared expert of
// n_shared_experts × moe_intermediate_size, which counts as n_shared_experts experts.
void read_glm4_moe(Reader& r, Draft& d) {
  Architecture& a = d.arch;
  read_decoder(r, d, 8, 0);
  a.qkv_bias = r.boolean("attention_bias").value_or(false);
  a.qk_norm = r.boolean("use_qk_norm").value_or(false);
  read_dense_ffn(r, d);
  read_experts(r, d, "n_routed_experts", "moe_intermediate_size");
  a.moe_shared_experts = as_int(r.integer("n_shared_experts", range_of("moe_shared_experts")), 1);
  const int first_dense =
      as_int(r.integer("first_k_dense_replace", range_of("moe_dense_layers")), 1);
  a.moe_dense_layers = std::min(first_dense, std::max(a.layers, 0));
  a.moe_layer_period = 1;
  // The multi-token-prediction layer and group-limited routing stay unread: the warning names
  // them (transformers does not build the former).
  const JsonValue* mtp = r.find("num_nextn_predict_layers");
  if (mtp != nullptr && mtp->is_number() && mtp->as_number() == 0) {
    r.mark_read("num_nextn_predict_layers");
  }
}

// GLM-4.7-Flash (modeling_glm4_moe_lite.py): DeepSeek-V3's latent attention with GLM-4.5's MoE
// block (router, routed experts, one shared expert of n_shared_experts × moe_intermediate_size).
// Which layers are MoE comes from mlp_layer_types ("dense" / "sparse"), by default the first dense
// and the rest sparse; transformers does not read first_k_dense_replace, so it is read only where
// it says the same.
void read_glm4_moe_lite(Reader& r, Draft& d) {
  Architecture& a = d.arch;
  read_decoder(r, d, 0, 0);
  read_latent_attention(r, d);
  read_dense_ffn(r, d);
  read_experts(r, d, "n_routed_experts", "moe_intermediate_size");
  a.moe_shared_experts = as_int(r.integer("n_shared_experts", range_of("moe_shared_experts")), 1);
  const auto layer_count = static_cast<std::size_t>(std::max(a.layers, 0));
  std::vector<bool> moe(layer_count, true);
  if (layer_count > 0) moe[0] = false;
  if (const auto types = r.string_list("mlp_layer_types")) {
    if (types->size() != layer_count) {
      d.issues->push_back(hf_issue("hf_list_length", Severity::kError,
                                   {{"key", "mlp_layer_types"},
                                    {"length", std::to_string(types->size())},
                                    {"layers", std::to_string(a.layers)}}));
      return;
    }
    for (std::size_t i = 0; i < layer_count; ++i) moe[i] = (*types)[i] == "sparse";
  }
  place_moe_layers(d, moe, {"mlp_layer_types"});
  const auto leading_dense = std::find(moe.begin(), moe.end(), true) - moe.begin();
  const JsonValue* first = r.find("first_k_dense_replace");
  if (first != nullptr && first->is_number() &&
      first->as_number() == static_cast<double>(leading_dense)) {
    r.mark_read("first_k_dense_replace");
  }
}

// Ministral 3 and Mistral Small 3.x text models (modeling_ministral3.py): Mistral's modules; by
// Ministral3Config's defaults 8 key/value heads of 128 and no window.
void read_ministral3(Reader& r, Draft& d) {
  read_decoder(r, d, 8, 128);
  read_dense_ffn(r, d);
  read_window_all_layers(r, d, 0);
}

// gpt-oss (modeling_gpt_oss.py): every layer an MoE of num_local_experts experts, top
// num_experts_per_tok (experts_per_token repeats it), intermediate_size each; biases on q, k, v
// and o (attention_bias), on both matrices of every expert and on the router (linear_bias counts
// all three); the window (128 by GptOssConfig's default) on the layers `layer_types` names
// "sliding_attention", every second by default. Each layer also learns one sink logit per head,
// which no plan input holds: 64 × 36 = 2,304 parameters in gpt-oss-120b, 2 × 10⁻⁸ of its 116.83 ×
// 10⁹, below every figure shown. swiglu_limit (GptOssConfig's default 7) clamps the activation's
// inputs (glu_clamp); initial_context_length is the length before YaRN: neither has parameters.
void read_gpt_oss(Reader& r, Draft& d) {
  Architecture& a = d.arch;
  read_decoder(r, d, 8, 64);
  read_experts(r, d, "num_local_experts", "intermediate_size");
  a.ffn = 0;
  must_equal(r, "experts_per_token", a.moe_top_k);
  a.qkv_bias = r.boolean("attention_bias").value_or(true);
  a.linear_bias = true;
  if (!a.qkv_bias) d.approximated.push_back("attention_bias");  // o's bias goes with the rest
  read_gemma_window(r, d, 2, 128);
  const JsonValue* limit = r.find("swiglu_limit");
  a.glu_clamp = limit == nullptr || (limit->is_number() && limit->as_number() > 0);
  r.mark_read("swiglu_limit");
  r.mark_read("initial_context_length");
}

void read_family(Family family, Reader& r, Draft& d) {
  Architecture& a = d.arch;
  switch (family) {
    case Family::kLlama:
      read_decoder(r, d, 0, 0);
      read_dense_ffn(r, d);
      read_llama_biases(r, d, true);
      // LlamaConfig has no window; a null one (Voxtral's text_config) says so too.
      if (const JsonValue* window = r.find("sliding_window"); window && window->is_null()) {
        r.mark_read("sliding_window");
      }
      return;
    case Family::kMistral:
      read_decoder(r, d, 8, 0);
      read_dense_ffn(r, d);
      read_window_all_layers(r, d, 4096);  // MistralConfig's default window
      return;
    case Family::kMixtral:
      read_mixtral(r, d);
      return;
    case Family::kQwen2:
      read_decoder(r, d, 32, 0);
      read_dense_ffn(r, d);
      a.qkv_bias = true;  // Qwen2Attention: q, k, v with bias, o without
      read_qwen_sliding_window(r, d);
      return;
    case Family::kQwen3:
      read_decoder(r, d, 32, 128);
      read_dense_ffn(r, d);
      read_llama_biases(r, d, false);
      a.qk_norm = true;
      read_qwen_sliding_window(r, d);
      return;
    case Family::kQwen3Moe:
      read_qwen3_moe(r, d);
      return;
    case Family::kGptOss:
      read_gpt_oss(r, d);
      return;
    case Family::kDeepseekV2:
    case Family::kDeepseekV3:
      read_deepseek(r, d);
      return;
    case Family::kGpt2:
      read_gpt2(r, d);
      return;
    case Family::kGptNeox:
      read_gpt_neox(r, d);
      return;
    case Family::kBloom:
      read_bloom(r, d);
      return;
    case Family::kGemma:
      read_gemma(r, d);
      return;
    case Family::kGranite:
      read_granite(r, d);
      return;
    case Family::kPhi3:
      read_phi3(r, d);
      return;
    case Family::kInternlm2:
      read_internlm2(r, d);
      return;
    case Family::kStarcoder2:
      read_starcoder2(r, d);
      return;
    case Family::kGlm4Moe:
      read_glm4_moe(r, d);
      return;
    case Family::kMinistral3:
      read_ministral3(r, d);
      return;
    case Family::kGlm4MoeLite:
      read_glm4_moe_lite(r, d);
      return;
    case Family::kDeepseekMoe:
      read_deepseek_moe(r, d);
      return;
    case Family::kGemma2:
      read_gemma2(r, d);
      return;
    case Family::kGemma3:
      read_gemma3(r, d);
      return;
    case Family::kGlm4:
      read_glm4(r, d);
      return;
    case Family::kOlmo2:
      read_olmo2(r, d);
      return;
    case Family::kMinimaxM2:
      read_minimax_m2(r, d);
      return;
    case Family::kGeneric:
      read_decoder(r, d, 0, 0);
      a.ffn = r.integer("intermediate_size", range_of("ffn")).value_or(0);
      d.ffn_known = r.has("intermediate_size");
      return;
  }
}

/// Architecture → plan texts, by the same field names the plan uses (visit_fields).
class TextVisitor {
 public:
  explicit TextVisitor(std::vector<HfFieldText>& out) : out_(out) {}
  void field(std::string_view name, double value) {
    out_.push_back({std::string(name), format_shortest(value)});
  }
  void field(std::string_view name, bool value) {
    out_.push_back({std::string(name), value ? "1" : "0"});
  }
  void field(std::string_view name, const std::string& value) {
    out_.push_back({std::string(name), value});
  }

 private:
  std::vector<HfFieldText>& out_;
};

/// The parser's error as an import issue; `skipped_bytes` were before the text it was given.
Issue json_issue(const JsonParseResult& parsed, std::size_t skipped_bytes) {
  if (parsed.error == "size") {
    return hf_issue("hf_json_too_large", Severity::kError,
                    {{"max", std::to_string(kJsonMaxBytes / (1024 * 1024)) + " MiB"}});
  }
  if (parsed.error == "depth") {
    return hf_issue("hf_json_too_deep", Severity::kError, {{"max", std::to_string(kJsonMaxDepth)}});
  }
  return hf_issue("hf_json_invalid", Severity::kError,
                  {{"offset", std::to_string(parsed.offset + skipped_bytes)}});
}

/// "a, b, c" for the first `kMaxListedKeys` of `total` names; past them "… (+N)", so that
/// hostile input cannot flood a message.
std::string join(const std::vector<std::string>& first, std::size_t total) {
  std::string out;
  for (std::size_t i = 0; i < first.size() && i < kMaxListedKeys; ++i) {
    out += (i == 0 ? "" : ", ") + utf8_prefix(first[i], 60);
  }
  const std::size_t listed = std::min(first.size(), kMaxListedKeys);
  if (total > listed) out += ", … (+" + std::to_string(total - listed) + ")";
  return out;
}

}  // namespace

const std::string* HfImport::text(std::string_view field) const {
  for (const auto& t : texts) {
    if (t.field == field) return &t.text;
  }
  return nullptr;
}

HfImport import_hf_config(std::string_view json_text) {
  HfImport result;
  // Editors on Windows save config.json with a UTF-8 byte order mark. RFC 8259 §8.1 lets a parser
  // ignore it; it is skipped here, in the core, so that the CLI's file and the page's pasted or
  // chosen text are read alike. Offsets in messages still count it: they point into the file.
  constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";
  const std::size_t bom_bytes = json_text.starts_with(kUtf8Bom) ? kUtf8Bom.size() : 0;
  const JsonParseResult parsed = parse_json(json_text.substr(bom_bytes));
  if (!parsed.value) {
    result.issues.push_back(json_issue(parsed, bom_bytes));
    return result;
  }
  if (!parsed.value->is_object()) {
    result.issues.push_back(hf_issue("hf_not_object", Severity::kError));
    return result;
  }
  std::vector<Issue>& issues = result.issues;
  // Every lookup goes through a Reader's index: a search member by member, repeated for each key
  // looked up, would cost a hostile config of half a million keys seconds.
  Reader outer(parsed.value->as_object(), issues);

  // Multimodal configs keep the language model in text_config (LLaVA, Mllama, Gemma 3 …).
  std::optional<Reader> inner;
  const JsonValue* text_config = outer.find("text_config");
  const bool has_layers =
      outer.find("num_hidden_layers") != nullptr || outer.find("n_layer") != nullptr;
  if (!has_layers && text_config != nullptr && text_config->is_object()) {
    const JsonValue* outer_type = outer.find("model_type");
    issues.push_back(hf_issue(
        "hf_text_config", Severity::kWarning,
        {{"value", outer_type && outer_type->is_string() ? outer_type->as_string() : ""}}));
    inner.emplace(text_config->as_object(), issues);
  }
  Reader& reader = inner ? *inner : outer;

  const JsonValue* type = reader.find("model_type");
  if (type == nullptr && inner) type = outer.find("model_type");
  Family family = Family::kGeneric;
  if (type == nullptr || type->is_null()) {
    issues.push_back(hf_issue("hf_no_model_type", Severity::kWarning));
  } else if (!type->is_string()) {
    issues.push_back(hf_issue("hf_expected_string", Severity::kError,
                              {{"key", "model_type"}, {"value", preview(*type)}}));
  } else {
    result.model_type = utf8_prefix(type->as_string(), kMaxTextCharacters);
    const auto known =
        std::find_if(std::begin(kFamilies), std::end(kFamilies),
                     [&](const FamilyEntry& e) { return e.model_type == type->as_string(); });
    if (known != std::end(kFamilies)) {
      family = known->family;
      result.family = std::string(known->model_type);
    } else {
      issues.push_back(hf_issue("hf_unknown_model_type", Severity::kWarning,
                                {{"value", utf8_prefix(type->as_string(), 60)}}));
    }
  }

  // The name: where the checkpoint came from, else its class, else its type.
  const JsonValue* name = outer.find("_name_or_path");
  const JsonValue* classes = outer.find("architectures");
  if (name != nullptr && name->is_string() && !name->as_string().empty()) {
    result.model_name = name->as_string();
  } else if (classes != nullptr && classes->is_array() && !classes->as_array().empty() &&
             classes->as_array()[0].is_string()) {
    result.model_name = classes->as_array()[0].as_string();
  } else {
    result.model_name = result.model_type;
  }
  result.model_name = utf8_prefix(result.model_name, kMaxTextCharacters);

  // Qwen2-VL and Qwen2.5-VL keep the language model's keys at the top, next to vision_config:
  // the vision keys are the tower's, which is not counted, and the warning says so.
  const JsonValue* vision = outer.find("vision_config");
  if (!inner && vision != nullptr && vision->is_object()) {
    issues.push_back(
        hf_issue("hf_vision_config", Severity::kWarning, {{"value", result.model_type}}));
    for (const auto key : {"vision_config", "image_token_id", "video_token_id",
                           "vision_start_token_id", "vision_end_token_id", "vision_token_id"}) {
      outer.mark_read(key);
    }
  }

  Draft draft;
  draft.issues = &issues;
  read_family(family, reader, draft);
  // A multimodal config may say whether the head is tied only at the top (Qwen3-VL-8B,
  // Mistral 3): that is the value its checkpoint was saved with.
  if (inner && !inner->has("tie_word_embeddings")) {
    if (const auto tied = outer.boolean("tie_word_embeddings")) draft.arch.tied_embeddings = *tied;
  }

  if (const UnusedKeys unread = reader.unread(); unread.count > 0) {
    issues.push_back(hf_issue(
        "hf_unused_keys", Severity::kWarning,
        {{"keys", join(unread.first, unread.count)}, {"count", std::to_string(unread.count)}}));
  }
  if (!draft.approximated.empty()) {
    issues.push_back(hf_issue("hf_approximated", Severity::kWarning,
                              {{"keys", join(draft.approximated, draft.approximated.size())}}));
  }
  if (has_error(issues)) return result;

  result.texts.push_back({"model", kCustomId});
  result.texts.push_back({"model_name", result.model_name});
  result.texts.push_back({"params", ""});
  TextVisitor visitor(result.texts);
  visit_fields(visitor, draft.arch);
  for (auto& t : result.texts) {
    // Unknown values stay automatic: "0" would not be a valid context length or FFN size.
    if ((t.field == "max_positions" && draft.arch.max_positions <= 0) ||
        (t.field == "ffn" && !draft.ffn_known)) {
      t.text.clear();
    }
  }
  return result;
}

std::vector<Issue> apply_hf_import(const HfImport& imported, Plan& plan,
                                   std::span<const std::string> keep) {
  std::vector<Issue> issues;
  for (const auto& t : imported.texts) {
    if (std::find(keep.begin(), keep.end(), t.field) != keep.end()) continue;
    const FieldSpec* field = find_field_by_id(t.field);
    if (field == nullptr) continue;
    auto found = set_field_from_text(*field, plan, t.text);
    issues.insert(issues.end(), found.begin(), found.end());
  }
  return issues;
}

}  // namespace llm_sizer
