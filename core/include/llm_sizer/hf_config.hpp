#pragma once
/// Hugging Face `config.json` → the plan's model inputs (model = "custom", model_name, and every
/// architecture field of plan_fields.hpp). Pure: text in, data out; no I/O, nothing thrown.
///
/// Source of the mapping: the configuration and modelling classes of Hugging Face `transformers`
/// (configuration_*.py for key names and defaults, modeling_*.py for which modules exist) and,
/// for DeepSeek-V2/V3, the `modeling_deepseek.py` shipped with the checkpoints (auto_map). Each
/// family's mapping is checked by importing the published config.json of every preset model and
/// comparing parameter counts exactly (tests/core/hf_config_test.cpp, tests/fixtures/hf/).
/// docs/hf-config.md lists key by key what is read, the defaults, and what is ignored and why.
///
/// Families (model_type):
///  - llama, mistral, mixtral, qwen2, qwen3, qwen3_moe: rotary positions, RMSNorm, gated FFN
///    (three matrices whatever `hidden_act` says), `head_dim` when given (else hidden ÷ heads,
///    rounded down as transformers does). Biases: llama/qwen3 `attention_bias` (q, k, v, o) and
///    llama `mlp_bias`; qwen2 always has q, k, v biases; mistral/mixtral none. qwen3 adds q/k
///    norms. Sliding windows: mistral/mixtral `sliding_window` on every layer; qwen2/qwen3 only
///    with `use_sliding_window`, on the layers from `max_window_layers` on (or as `layer_types`).
///  - mixtral: `num_local_experts`, `num_experts_per_tok`; `intermediate_size` is one expert's.
///  - qwen3_moe: `num_experts`, `num_experts_per_tok`, `moe_intermediate_size`; layer i is MoE
///    when (i + 1) % `decoder_sparse_step` == 0 and i is not in `mlp_only_layers`.
///  - deepseek_v2, deepseek_v3: multi-head latent attention (`q_lora_rank` (null: direct q),
///    `kv_lora_rank`, `qk_nope_head_dim`, `qk_rope_head_dim`, `v_head_dim`), `n_routed_experts`
///    (null: dense), `n_shared_experts`, `moe_intermediate_size`; layer i is MoE when
///    i >= `first_k_dense_replace` and i % `moe_layer_freq` == 0.
///  - gpt2: `n_embd`, `n_layer`, `n_head`, `n_positions` (learned), `n_inner` (null: 4 × hidden),
///    LayerNorm, GELU, biases everywhere, tied embeddings by default, dropout by default (0.1).
///  - gpt_neox: rotary (`rotary_pct` changes no parameter count), LayerNorm, GELU, biases
///    (`attention_bias`, default true), untied by default; `use_parallel_residual` changes only
///    the order of operations.
///  - bloom: ALiBi, LayerNorm, GELU with 4 × hidden, biases, tied embeddings.
///  - anything else: the common keys (hidden_size, num_hidden_layers, num_attention_heads,
///    num_key_value_heads, head_dim, intermediate_size, vocab_size, max_position_embeddings,
///    tie_word_embeddings) read as a Llama-style decoder, with a warning.
/// Per-layer patterns (MoE placement, sliding-window layers) are fitted to the plan's
/// (leading dense layers, every n-th layer) form; a pattern that does not fit is named.
///
/// Issues all have field "hf_config" (the pasted text or the file). Errors: hf_json_invalid
/// (offset), hf_json_too_large, hf_json_too_deep (max), hf_not_object, hf_missing_key (key),
/// hf_expected_integer / _number / _boolean / _string / _list (key, value), hf_out_of_range
/// (key, value, min, max), hf_list_length (key, length, layers). Warnings: hf_unknown_model_type
/// (value), hf_no_model_type, hf_text_config (value), hf_vision_config (value: the language
/// model's keys sit at the top next to a vision tower's, which is not counted), hf_unused_keys
/// (keys: the first 20 and "… (+N)", count: how many distinct): architecture keys that cannot be
/// used; hf_approximated (keys): keys only approximately representable. The import is linear in the
/// text's size.

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "llm_sizer/issue.hpp"
#include "llm_sizer/plan.hpp"

namespace llm_sizer {

/// The pseudo-field that import issues name (like "link" for share links).
inline constexpr std::string_view kHfConfigField = "hf_config";

/// One plan input set by an import: the field's id (plan_fields.hpp) and its text.
struct HfFieldText {
  std::string field;
  std::string text;
};

struct HfImport {
  /// The inputs that describe the model, in plan_fields() order: model ("custom"), model_name,
  /// params ("": counted from the architecture) and every architecture field, so that nothing
  /// of a previous model or a preset is left over. Empty when the import failed.
  std::vector<HfFieldText> texts;
  std::string model_name;  ///< `_name_or_path`, else architectures[0], else model_type
  std::string model_type;  ///< as the config says ("" when absent)
  std::string family;      ///< the mapping used (a model_type above), "" for the generic one
  std::vector<Issue> issues;

  bool ok() const { return !has_error(issues); }
  /// The text set for a field id, or nullptr.
  const std::string* text(std::string_view field) const;
};

/// Reads a config.json text (a leading UTF-8 byte order mark is skipped, RFC 8259 §8.1). Never
/// throws; anything wrong is an issue.
HfImport import_hf_config(std::string_view json_text);

/// Writes an import's texts into a plan, except the fields whose ids are in `keep` (the CLI's
/// explicit flags). Returns the issues of reading the texts (none for a successful import).
std::vector<Issue> apply_hf_import(const HfImport& imported, Plan& plan,
                                   std::span<const std::string> keep = {});

}  // namespace llm_sizer
