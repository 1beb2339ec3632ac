#include "llm_sizer/plan_fields.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <type_traits>

#include "cli_texts.hpp"
#include "llm_sizer/number_format.hpp"
#include "llm_sizer/training_memory.hpp"

namespace llm_sizer {
namespace {

// The page's first module never shows a CLI flag or how an empty input resolves (the CLI's help
// and docs/inputs.md read them from the other builds; the page's messages leave "rule.*" out):
// built for it without them (cli_texts.hpp), 0.6 KB gzipped lighter.

template <auto Member>
std::optional<double> get_member(const Plan& plan) {
  return plan.*Member;
}

template <auto Member>
void set_member(Plan& plan, std::optional<double> value) {
  using Type = std::remove_cvref_t<decltype(plan.*Member)>;
  if constexpr (std::is_same_v<Type, double>) {
    static const Plan defaults;  // one Plan, not one built per call (and per field in the wasm)
    plan.*Member = value.value_or(defaults.*Member);
  } else {
    plan.*Member = value;
  }
}

template <auto Member>
std::string get_text_member(const Plan& plan) {
  return plan.*Member;
}

template <auto Member>
void set_text_member(Plan& plan, std::string value) {
  plan.*Member = std::move(value);
}

template <auto Member>
constexpr FieldSpec number(std::string_view id, std::string_view link_key,
                           std::string_view cli_flag, std::string_view group, FieldType type,
                           std::string_view unit, double min, double max, bool min_exclusive) {
  FieldSpec spec;
  spec.id = id;
  spec.link_key = link_key;
  spec.cli_flag = kCliTexts ? cli_flag : std::string_view{};
  spec.group = group;
  spec.type = type;
  spec.unit = unit;
  spec.min = min;
  spec.max = max;
  spec.min_exclusive = min_exclusive;
  spec.get_number = &get_member<Member>;
  spec.set_number = &set_member<Member>;
  return spec;
}

template <auto Member>
constexpr FieldSpec text(std::string_view id, std::string_view link_key, std::string_view cli_flag,
                         std::string_view group, bool always_in_link,
                         std::span<const std::string_view> choices = {}) {
  FieldSpec spec;
  spec.id = id;
  spec.link_key = link_key;
  spec.cli_flag = kCliTexts ? cli_flag : std::string_view{};
  spec.group = group;
  spec.type = FieldType::kText;
  spec.always_in_link = always_in_link;
  spec.choices = choices;
  spec.get_text = &get_text_member<Member>;
  spec.set_text = &set_text_member<Member>;
  return spec;
}

template <auto Member>
constexpr FieldSpec list(std::string_view id, std::string_view link_key, std::string_view cli_flag,
                         std::string_view group, std::span<const std::string_view> choices) {
  FieldSpec spec = text<Member>(id, link_key, cli_flag, group, false, choices);
  spec.choice_list = true;
  return spec;
}

// The same spec with its automatic rule named (FieldSpec::auto_rule).
constexpr FieldSpec ruled(FieldSpec spec, std::string_view rule) {
  spec.auto_rule = kCliTexts ? rule : std::string_view{};
  return spec;
}

constexpr bool kExclusive = true;
constexpr bool kInclusive = false;

constexpr std::string_view kLangs[] = {"en", "zh"};
// The page's panels an embedded view can show (web/src/components/EmbedView.tsx).
constexpr std::string_view kEmbedPanels[] = {"training",  "memory",  "time",      "search",
                                             "inference", "serving", "comparison"};
// The questions the page starts from (web/src/components/QuestionTabs.tsx).
constexpr std::string_view kQuestions[] = {"train", "finetune", "serve"};
constexpr std::string_view kFfnKinds[] = {"gelu", "swiglu"};
constexpr std::string_view kPositionKinds[] = {"rotary", "learned", "alibi"};
constexpr std::string_view kNormKinds[] = {"rmsnorm", "layernorm"};
constexpr std::string_view kRecipes[] = {"seed12",  "pure-bf16",  "amp16",
                                         "mixed16", "megatron18", "distopt",
                                         "fp8",     "adam8bit",   "fp8-param"};
constexpr std::string_view kFp8Recipes[] = {"delayed", "tensorwise", "mxfp8", "blockwise", "nvfp4"};
constexpr std::string_view kFrameworks[] = {"megatron", "pytorch", "deepspeed"};
constexpr std::string_view kOptimizers[] = {"adamw",     "adamw-8bit", "paged-adamw-8bit",
                                            "adafactor", "sgd",        "adamw-bf16"};
constexpr std::string_view kLosses[] = {"fp32", "bf16", "chunked", "fused"};
constexpr std::string_view kOffloads[] = {"none", "optimizer", "optimizer-params"};
constexpr std::string_view kFinetunes[] = {"full", "lora", "qlora"};
constexpr std::string_view kLoraTargets[] = {"q", "k", "v", "o", "gate", "up", "down", "all"};
constexpr std::string_view kRecomputes[] = {"none", "selective", "full", "op"};
constexpr std::string_view kObjectives[] = {"time", "cost", "gpus"};
constexpr std::string_view kWeightFormats[] = {
    "fp32", "bf16", "fp16", "fp8",  "fp8-block", "int8", "int4-awq", "int4-gptq", "q8_0",
    "q6_k", "q5_k", "q4_k", "q4_0", "q3_k",      "q2_k", "mxfp4",    "nvfp4"};
constexpr std::string_view kKvDtypes[] = {"bf16", "fp16", "fp32", "fp8", "int8", "int4"};
constexpr std::string_view kEngines[] = {"vllm", "sglang", "trtllm"};

// Ranges: wide enough for any real plan, narrow enough that a typo (1e30 parameters) is named.
// The article's inputs have a smallest value too (a parameter, a megabyte, a thousandth), so that
// its exact quotients stay exact and no count it derives can underflow to nonsense.
// Link keys are frozen once released (plan_codec.hpp); ids and flags may only be added to.
const std::array kFields = {
    text<&Plan::lang>("lang", "lang", "lang", "general", false, kLangs),
    list<&Plan::embed>("embed", "embed", "embed", "general", kEmbedPanels),
    text<&Plan::question>("question", "q", "question", "general", false, kQuestions),
    text<&Plan::model>("model", "m", "model", "model", true),
    text<&Plan::model_name>("model_name", "m.name", "model-name", "model", false),
    ruled(number<&Plan::params>("params", "params", "params", "model", FieldType::kNumber, "params",
                                1, 1e15, kInclusive),
          "params"),
    ruled(number<&Plan::arch_layers>("layers", "m.layers", "layers", "architecture",
                                     FieldType::kInteger, "", 1, 1000, kInclusive),
          "preset"),
    ruled(number<&Plan::arch_hidden>("hidden", "m.hidden", "hidden", "architecture",
                                     FieldType::kInteger, "", 1, 1e6, kInclusive),
          "preset"),
    ruled(number<&Plan::arch_heads>("heads", "m.heads", "heads", "architecture",
                                    FieldType::kInteger, "", 1, 10000, kInclusive),
          "preset"),
    ruled(number<&Plan::arch_kv_heads>("kv_heads", "m.kv", "kv-heads", "architecture",
                                       FieldType::kInteger, "", 1, 10000, kInclusive),
          "preset"),
    ruled(number<&Plan::arch_head_dim>("head_dim", "m.hd", "head-dim", "architecture",
                                       FieldType::kInteger, "", 1, 100000, kInclusive),
          "preset"),
    ruled(number<&Plan::arch_ffn>("ffn", "m.ffn", "ffn", "architecture", FieldType::kInteger, "", 0,
                                  1e7, kInclusive),
          "preset"),
    ruled(text<&Plan::arch_ffn_kind>("ffn_kind", "m.act", "ffn-kind", "architecture", false,
                                     kFfnKinds),
          "preset"),
    ruled(number<&Plan::arch_vocab>("vocab", "m.vocab", "vocab", "architecture",
                                    FieldType::kInteger, "", 1, 1e8, kInclusive),
          "preset"),
    ruled(
        number<&Plan::arch_tied_embeddings>("tied_embeddings", "m.tied", "tied-embeddings",
                                            "architecture", FieldType::kFlag, "", 0, 1, kInclusive),
        "preset"),
    ruled(text<&Plan::arch_positions>("positions", "m.pos", "positions", "architecture", false,
                                      kPositionKinds),
          "preset"),
    ruled(
        number<&Plan::arch_max_positions>("max_positions", "m.ctx", "max-positions", "architecture",
                                          FieldType::kInteger, "", 1, 1e8, kInclusive),
        "preset"),
    ruled(number<&Plan::arch_qkv_bias>("qkv_bias", "m.qkvb", "qkv-bias", "architecture",
                                       FieldType::kFlag, "", 0, 1, kInclusive),
          "preset"),
    ruled(number<&Plan::arch_linear_bias>("linear_bias", "m.bias", "linear-bias", "architecture",
                                          FieldType::kFlag, "", 0, 1, kInclusive),
          "preset"),
    ruled(text<&Plan::arch_norm>("norm", "m.norm", "norm", "architecture", false, kNormKinds),
          "preset"),
    ruled(number<&Plan::arch_layer_norms>("layer_norms", "m.lnorms", "layer-norms", "architecture",
                                          FieldType::kInteger, "", 1, 8, kInclusive),
          "preset"),
    ruled(number<&Plan::arch_qk_norm>("qk_norm", "m.qkn", "qk-norm", "architecture",
                                      FieldType::kFlag, "", 0, 1, kInclusive),
          "preset"),
    ruled(number<&Plan::arch_qk_norm_full>("qk_norm_full", "m.qknf", "qk-norm-full", "architecture",
                                           FieldType::kFlag, "", 0, 1, kInclusive),
          "preset"),
    ruled(number<&Plan::arch_glu_clamp>("glu_clamp", "m.gluc", "glu-clamp", "architecture",
                                        FieldType::kFlag, "", 0, 1, kInclusive),
          "preset"),
    ruled(number<&Plan::arch_dropout>("dropout", "m.drop", "dropout", "architecture",
                                      FieldType::kFlag, "", 0, 1, kInclusive),
          "preset"),
    ruled(number<&Plan::arch_moe_experts>("moe_experts", "m.experts", "moe-experts", "architecture",
                                          FieldType::kInteger, "", 0, 100000, kInclusive),
          "preset"),
    ruled(number<&Plan::arch_moe_top_k>("moe_top_k", "m.topk", "moe-top-k", "architecture",
                                        FieldType::kInteger, "", 0, 10000, kInclusive),
          "preset"),
    ruled(number<&Plan::arch_moe_shared_experts>("moe_shared_experts", "m.shared",
                                                 "moe-shared-experts", "architecture",
                                                 FieldType::kInteger, "", 0, 1000, kInclusive),
          "preset"),
    ruled(number<&Plan::arch_moe_ffn>("moe_ffn", "m.effn", "moe-ffn", "architecture",
                                      FieldType::kInteger, "", 0, 1e7, kInclusive),
          "preset"),
    ruled(number<&Plan::arch_moe_dense_layers>("moe_dense_layers", "m.dense", "moe-dense-layers",
                                               "architecture", FieldType::kInteger, "", 0, 1000,
                                               kInclusive),
          "preset"),
    ruled(number<&Plan::arch_moe_layer_period>("moe_layer_period", "m.period", "moe-layer-period",
                                               "architecture", FieldType::kInteger, "", 1, 1000,
                                               kInclusive),
          "preset"),
    ruled(number<&Plan::arch_moe_router_groups>("moe_router_groups", "m.groups",
                                                "moe-router-groups", "architecture",
                                                FieldType::kInteger, "", 0, 100000, kInclusive),
          "preset"),
    ruled(number<&Plan::arch_moe_router_group_topk>("moe_router_group_topk", "m.gtopk",
                                                    "moe-router-group-topk", "architecture",
                                                    FieldType::kInteger, "", 0, 100000, kInclusive),
          "preset"),
    ruled(number<&Plan::arch_q_lora_rank>("q_lora_rank", "m.qlora", "q-lora-rank", "architecture",
                                          FieldType::kInteger, "", 0, 1e6, kInclusive),
          "preset"),
    ruled(
        number<&Plan::arch_kv_lora_rank>("kv_lora_rank", "m.kvlora", "kv-lora-rank", "architecture",
                                         FieldType::kInteger, "", 0, 1e6, kInclusive),
        "preset"),
    ruled(number<&Plan::arch_qk_nope_dim>("qk_nope_dim", "m.nope", "qk-nope-dim", "architecture",
                                          FieldType::kInteger, "", 0, 100000, kInclusive),
          "preset"),
    ruled(number<&Plan::arch_qk_rope_dim>("qk_rope_dim", "m.rope", "qk-rope-dim", "architecture",
                                          FieldType::kInteger, "", 0, 100000, kInclusive),
          "preset"),
    ruled(number<&Plan::arch_v_head_dim>("v_head_dim", "m.vhd", "v-head-dim", "architecture",
                                         FieldType::kInteger, "", 0, 100000, kInclusive),
          "preset"),
    ruled(number<&Plan::arch_sliding_window>("sliding_window", "m.swa", "sliding-window",
                                             "architecture", FieldType::kInteger, "", 0, 1e8,
                                             kInclusive),
          "preset"),
    ruled(number<&Plan::arch_sliding_window_layers>("sliding_window_layers", "m.swal",
                                                    "sliding-window-layers", "architecture",
                                                    FieldType::kInteger, "", 0, 1000, kInclusive),
          "preset"),
    text<&Plan::accelerator>("accelerator", "a", "accelerator", "accelerator", true),
    text<&Plan::accelerator_name>("accelerator_name", "a.name", "accelerator-name", "accelerator",
                                  false),
    ruled(number<&Plan::card_memory_gb>("card_memory_gb", "a.mem", "card-memory-gb", "accelerator",
                                        FieldType::kNumber, "GB", 0.001, 100000, kInclusive),
          "accelerator"),
    ruled(number<&Plan::gpus_per_node>("gpus_per_node", "a.gpn", "gpus-per-node", "accelerator",
                                       FieldType::kInteger, "", 1, 1024, kInclusive),
          "gpus_per_node"),
    ruled(number<&Plan::nvlink_domain_gpus>("nvlink_domain_gpus", "a.nvl", "nvlink-domain-gpus",
                                            "accelerator", FieldType::kInteger, "", 1, 100000,
                                            kInclusive),
          "nvlink_domain_gpus"),
    ruled(number<&Plan::bf16_tflops>("bf16_tflops", "a.bf16", "bf16-tflops", "accelerator",
                                     FieldType::kNumber, "TFLOPS", 0, 1e6, kExclusive),
          "accelerator"),
    ruled(number<&Plan::fp8_tflops>("fp8_tflops", "a.fp8", "fp8-tflops", "accelerator",
                                    FieldType::kNumber, "TFLOPS", 0, 1e6, kExclusive),
          "accelerator"),
    ruled(
        number<&Plan::hbm_bandwidth_tbps>("hbm_bandwidth_tbps", "a.hbm", "hbm-tbps", "accelerator",
                                          FieldType::kNumber, "TB/s", 0, 10000, kExclusive),
        "accelerator"),
    ruled(number<&Plan::intra_node_bandwidth_gbps>("intra_node_bandwidth_gbps", "a.intra",
                                                   "intra-node-gbps", "accelerator",
                                                   FieldType::kNumber, "GB/s", 0, 1e6, kExclusive),
          "accelerator"),
    ruled(number<&Plan::inter_node_bandwidth_gbps>("inter_node_bandwidth_gbps", "a.inter",
                                                   "inter-node-gbps", "accelerator",
                                                   FieldType::kNumber, "GB/s", 0, 1e6, kExclusive),
          "accelerator"),
    ruled(number<&Plan::power_w>("power_w", "a.power", "power-w", "accelerator", FieldType::kNumber,
                                 "W", 0, 1e6, kExclusive),
          "accelerator"),
    ruled(number<&Plan::price_per_gpu_hour>("price_per_gpu_hour", "a.price", "price-per-gpu-hour",
                                            "accelerator", FieldType::kNumber, "$", 0, 1e6,
                                            kExclusive),
          "accelerator"),
    ruled(number<&Plan::host_link_gbps>("host_link_gbps", "a.host", "host-link-gbps", "accelerator",
                                        FieldType::kNumber, "GB/s", 0, 1e6, kExclusive),
          "accelerator"),
    ruled(number<&Plan::bytes_per_param>("bytes_per_param", "bpp", "bytes-per-param", "article",
                                         FieldType::kNumber, "B", 0.001, 100, kInclusive),
          "bytes_per_param"),
    number<&Plan::safety_factor>("safety_factor", "safety", "safety", "article", FieldType::kNumber,
                                 "", 0.001, 1, kInclusive),
    ruled(
        number<&Plan::tp>("tp", "tp", "tp", "layout", FieldType::kInteger, "", 1, 1024, kInclusive),
        "tp"),
    ruled(
        number<&Plan::pp>("pp", "pp", "pp", "layout", FieldType::kInteger, "", 1, 4096, kInclusive),
        "pp"),
    ruled(
        number<&Plan::dp>("dp", "dp", "dp", "layout", FieldType::kInteger, "", 1, 1e6, kInclusive),
        "dp"),
    number<&Plan::cluster_gpus>("cluster_gpus", "cluster", "cluster-gpus", "layout",
                                FieldType::kInteger, "", 1, 1e7, kInclusive),
    number<&Plan::cp>("cp", "cp", "cp", "layout", FieldType::kInteger, "", 1, 100000, kInclusive),
    number<&Plan::ep>("ep", "ep", "ep", "layout", FieldType::kInteger, "", 1, 100000, kInclusive),
    ruled(number<&Plan::etp>("etp", "etp", "etp", "layout", FieldType::kInteger, "", 1, 1024,
                             kInclusive),
          "etp"),
    number<&Plan::vpp>("vpp", "vpp", "vpp", "layout", FieldType::kInteger, "", 1, 1000, kInclusive),
    ruled(text<&Plan::stage_layers>("stage_layers", "stages", "stage-layers", "layout", false),
          "stage_layers"),
    text<&Plan::search_limits>("search_limits", "lim", "limit", "layout", false),
    text<&Plan::recipe>("recipe", "recipe", "recipe", "memory", false, kRecipes),
    number<&Plan::grad_reduce_bf16>("grad_reduce_bf16", "grb", "grad-reduce-bf16", "memory",
                                    FieldType::kFlag, "", 0, 1, kInclusive),
    ruled(text<&Plan::fp8_recipe>("fp8_recipe", "fp8r", "fp8-recipe", "memory", false, kFp8Recipes),
          "fp8_recipe"),
    number<&Plan::fp8_attention>("fp8_attention", "fp8a", "fp8-attention", "memory",
                                 FieldType::kFlag, "", 0, 1, kInclusive),
    number<&Plan::fp8_output_proj>("fp8_output_proj", "fp8h", "fp8-output-proj", "memory",
                                   FieldType::kFlag, "", 0, 1, kInclusive),
    text<&Plan::framework>("framework", "fw", "framework", "memory", false, kFrameworks),
    number<&Plan::micro_batch>("micro_batch", "mb", "micro-batch", "memory", FieldType::kInteger,
                               "", 1, 1e6, kInclusive),
    ruled(number<&Plan::seq_len>("seq_len", "seq", "seq-len", "memory", FieldType::kInteger, "", 1,
                                 1e8, kInclusive),
          "seq_len"),
    ruled(number<&Plan::global_batch>("global_batch", "gbs", "global-batch", "memory",
                                      FieldType::kInteger, "", 1, 1e9, kInclusive),
          "global_batch"),
    number<&Plan::batch_tolerance>("batch_tolerance", "gbs.tol", "batch-tolerance", "memory",
                                   FieldType::kNumber, "", 0, 0.5, kInclusive),
    text<&Plan::recompute>("recompute", "rc", "recompute", "memory", false, kRecomputes),
    ruled(list<&Plan::recompute_modules>("recompute_modules", "rcm", "recompute-modules", "memory",
                                         kRecomputeModuleNames),
          "recompute_modules"),
    ruled(number<&Plan::recompute_layers>("recompute_layers", "rcl", "recompute-layers", "memory",
                                          FieldType::kInteger, "", 1, 1000, kInclusive),
          "recompute_layers"),
    number<&Plan::zero>("zero", "zero", "zero", "memory", FieldType::kInteger, "", 0, 3,
                        kInclusive),
    ruled(number<&Plan::sequence_parallel>("sequence_parallel", "sp", "sequence-parallel", "memory",
                                           FieldType::kFlag, "", 0, 1, kInclusive),
          "sequence_parallel"),
    number<&Plan::flash_attention>("flash_attention", "flash", "flash-attention", "memory",
                                   FieldType::kFlag, "", 0, 1, kInclusive),
    ruled(number<&Plan::cuda_context_gb>("cuda_context_gb", "ctxgb", "cuda-context-gb", "memory",
                                         FieldType::kNumber, "GB", 0, 10000, kInclusive),
          "framework_gb"),
    ruled(number<&Plan::comm_buffer_gb>("comm_buffer_gb", "commgb", "comm-buffer-gb", "memory",
                                        FieldType::kNumber, "GB", 0, 10000, kInclusive),
          "nccl"),
    ruled(number<&Plan::allocator_slack>("allocator_slack", "slack", "allocator-slack", "memory",
                                         FieldType::kNumber, "", 0, 0.99, kInclusive),
          "fragmentation"),
    ruled(text<&Plan::loss>("loss", "loss", "loss", "memory", false, kLosses), "loss"),
    ruled(text<&Plan::optimizer>("optimizer", "opt", "optimizer", "memory", false, kOptimizers),
          "optimizer"),
    ruled(text<&Plan::offload>("offload", "off", "offload", "memory", false, kOffloads), "offload"),
    number<&Plan::activation_offload>("activation_offload", "off.a", "activation-offload", "memory",
                                      FieldType::kFlag, "", 0, 1, kInclusive),
    ruled(number<&Plan::headroom>("headroom", "room", "headroom", "memory", FieldType::kNumber, "",
                                  0, 1, kExclusive),
          "headroom"),
    ruled(number<&Plan::prefetch_bucket>("prefetch_bucket", "pfb", "prefetch-bucket", "memory",
                                         FieldType::kNumber, "params", 1, 1e13, kInclusive),
          "prefetch_bucket"),
    ruled(number<&Plan::moe_capacity_factor>("moe_capacity_factor", "mcf", "moe-capacity-factor",
                                             "memory", FieldType::kNumber, "", 0, 1000, kExclusive),
          "moe_capacity_factor"),
    ruled(number<&Plan::mtp_layers>("mtp_layers", "mtp", "mtp-layers", "memory",
                                    FieldType::kInteger, "", 0, 16, kInclusive),
          "mtp_layers"),
    ruled(text<&Plan::finetune>("finetune", "ft", "finetune", "finetune", false, kFinetunes),
          "finetune"),
    ruled(number<&Plan::lora_rank>("lora_rank", "ft.r", "lora-rank", "finetune",
                                   FieldType::kInteger, "", 1, 100000, kInclusive),
          "lora_rank"),
    ruled(number<&Plan::lora_alpha>("lora_alpha", "ft.a", "lora-alpha", "finetune",
                                    FieldType::kNumber, "", 0, 1e6, kExclusive),
          "lora_alpha"),
    ruled(
        list<&Plan::lora_targets>("lora_targets", "ft.t", "lora-targets", "finetune", kLoraTargets),
        "lora_targets"),
    number<&Plan::tokens>("tokens", "tokens", "tokens", "time", FieldType::kNumber, "tokens", 0,
                          1e16, kExclusive),
    number<&Plan::epochs>("epochs", "epochs", "epochs", "time", FieldType::kNumber, "", 0, 1e4,
                          kExclusive),
    ruled(number<&Plan::mfu>("mfu", "mfu", "mfu", "time", FieldType::kNumber, "", 0, 1, kExclusive),
          "kernel_model"),
    ruled(number<&Plan::achieved_tflops>("achieved_tflops", "tflops", "achieved-tflops", "time",
                                         FieldType::kNumber, "TFLOPS", 0, 1e6, kExclusive),
          "achieved_tflops"),
    number<&Plan::dp_overlap>("dp_overlap", "overlap", "dp-overlap", "time", FieldType::kNumber, "",
                              0, 1, kInclusive),
    ruled(number<&Plan::gemm_efficiency>("gemm_efficiency", "t.gemm", "gemm-efficiency", "time",
                                         FieldType::kNumber, "", 0, 1, kExclusive),
          "gemm_efficiency"),
    ruled(number<&Plan::attention_efficiency>("attention_efficiency", "t.attn",
                                              "attention-efficiency", "time", FieldType::kNumber,
                                              "", 0, 1, kExclusive),
          "attention_efficiency"),
    number<&Plan::memory_efficiency>("memory_efficiency", "t.mem", "memory-efficiency", "time",
                                     FieldType::kNumber, "", 0, 1, kExclusive),
    ruled(number<&Plan::comm_efficiency>("comm_efficiency", "t.comm", "comm-efficiency", "time",
                                         FieldType::kNumber, "", 0, 1, kExclusive),
          "comm_efficiency"),
    ruled(number<&Plan::net_efficiency>("net_efficiency", "t.net", "net-efficiency", "time",
                                        FieldType::kNumber, "", 0, 1, kExclusive),
          "net_efficiency"),
    number<&Plan::tp_overlap>("tp_overlap", "t.tpo", "tp-overlap", "time", FieldType::kFlag, "", 0,
                              1, kInclusive),
    number<&Plan::moe_overlap>("moe_overlap", "t.epo", "moe-overlap", "time", FieldType::kFlag, "",
                               0, 1, kInclusive),
    number<&Plan::moe_flex_dispatcher>("moe_flex_dispatcher", "t.epf", "moe-flex-dispatcher",
                                       "time", FieldType::kFlag, "", 0, 1, kInclusive),
    number<&Plan::pp_overlap>("pp_overlap", "t.ppo", "pp-overlap", "time", FieldType::kFlag, "", 0,
                              1, kInclusive),
    number<&Plan::pue>("pue", "pue", "pue", "time", FieldType::kNumber, "", 1, 3, kInclusive),
    number<&Plan::deadline_days>("deadline_days", "deadline", "deadline-days", "time",
                                 FieldType::kNumber, "days", 0, 1e5, kExclusive),
    text<&Plan::objective>("objective", "obj", "objective", "time", false, kObjectives),
    ruled(number<&Plan::weight_bytes_per_param>("weight_bytes_per_param", "wb", "weight-bytes",
                                                "inference", FieldType::kNumber, "B", 0.001, 8,
                                                kInclusive),
          "weight_bytes_per_param"),
    // Serving (inference_report.hpp): link keys under "i.".
    ruled(
        text<&Plan::infer_weights>("weights", "i.w", "weights", "inference", false, kWeightFormats),
        "weights"),
    ruled(number<&Plan::infer_weight_bits>("weight_bits", "i.wbits", "weight-bits", "inference",
                                           FieldType::kNumber, "bits", 0, 64, kExclusive),
          "weight_bits"),
    ruled(text<&Plan::infer_embedding_format>("embedding_format", "i.emb", "embedding-format",
                                              "inference", false, kWeightFormats),
          "embedding_format"),
    ruled(
        text<&Plan::infer_kv_dtype>("kv_dtype", "i.kv", "kv-dtype", "inference", false, kKvDtypes),
        "kv_dtype"),
    number<&Plan::infer_batch>("batch", "i.bs", "batch", "inference", FieldType::kInteger, "", 1,
                               1e6, kInclusive),
    ruled(number<&Plan::infer_context>("context", "i.ctx", "context", "inference",
                                       FieldType::kInteger, "tokens", 1, 1e8, kInclusive),
          "context"),
    ruled(number<&Plan::infer_prompt_tokens>("prompt_tokens", "i.prompt", "prompt-tokens",
                                             "inference", FieldType::kInteger, "tokens", 1, 1e8,
                                             kInclusive),
          "prompt_tokens"),
    ruled(number<&Plan::infer_target_concurrency>("target_concurrency", "i.conc",
                                                  "target-concurrency", "inference",
                                                  FieldType::kInteger, "", 1, 1e9, kInclusive),
          "target_concurrency"),
    ruled(number<&Plan::infer_gpu_memory_utilization>("gpu_memory_utilization", "i.util",
                                                      "gpu-memory-utilization", "inference",
                                                      FieldType::kNumber, "", 0, 1, kExclusive),
          "engine_fraction"),
    ruled(number<&Plan::infer_runtime_reserve_gb>("runtime_reserve_gb", "i.rsv",
                                                  "runtime-reserve-gb", "inference",
                                                  FieldType::kNumber, "GB", 0, 10000, kInclusive),
          "engine_non_torch"),
    ruled(
        number<&Plan::infer_prefill_chunk>("prefill_chunk", "i.chunk", "prefill-chunk", "inference",
                                           FieldType::kInteger, "tokens", 1, 1e7, kInclusive),
        "engine_chunk"),
    ruled(number<&Plan::infer_kv_block_tokens>("kv_block_tokens", "i.blk", "kv-block-tokens",
                                               "inference", FieldType::kInteger, "tokens", 1,
                                               100000, kInclusive),
          "engine_block"),
    number<&Plan::infer_decode_efficiency>("decode_efficiency", "i.deff", "decode-efficiency",
                                           "inference", FieldType::kNumber, "", 0, 1, kExclusive),
    number<&Plan::infer_prefill_efficiency>("prefill_efficiency", "i.peff", "prefill-efficiency",
                                            "inference", FieldType::kNumber, "", 0, 1, kExclusive),
    ruled(number<&Plan::infer_tp>("infer_tp", "i.tp", "infer-tp", "inference", FieldType::kInteger,
                                  "", 1, 1024, kInclusive),
          "infer_tp"),
    // Serving at scale (serving_fleet.hpp): the engine, the target load, the layout, what-ifs.
    text<&Plan::infer_engine>("engine", "i.eng", "engine", "inference", false, kEngines),
    ruled(number<&Plan::infer_input_tokens>("input_tokens", "i.in", "input", "inference",
                                            FieldType::kInteger, "tokens", 1, 1e8, kInclusive),
          "input_tokens"),
    ruled(number<&Plan::infer_output_tokens>("output_tokens", "i.out", "output", "inference",
                                             FieldType::kInteger, "tokens", 1, 1e8, kInclusive),
          "output_tokens"),
    ruled(number<&Plan::infer_concurrency>("concurrency", "i.c", "concurrency", "inference",
                                           FieldType::kInteger, "", 1, 1e9, kInclusive),
          "concurrency"),
    number<&Plan::infer_tpot_slo_ms>("tpot_slo_ms", "i.tpot", "tpot-slo-ms", "inference",
                                     FieldType::kNumber, "ms", 0, 1e7, kExclusive),
    ruled(number<&Plan::infer_pp>("infer_pp", "i.pp", "infer-pp", "inference", FieldType::kInteger,
                                  "", 1, 256, kInclusive),
          "fleet"),
    ruled(number<&Plan::infer_dp>("infer_dp", "i.dp", "infer-dp", "inference", FieldType::kInteger,
                                  "", 1, 1024, kInclusive),
          "fleet"),
    ruled(number<&Plan::infer_expert_parallel>("expert_parallel", "i.ep", "expert-parallel",
                                               "inference", FieldType::kFlag, "", 0, 1, kInclusive),
          "fleet"),
    ruled(number<&Plan::infer_max_num_seqs>("max_num_seqs", "i.seqs", "max-num-seqs", "inference",
                                            FieldType::kInteger, "", 1, 1e6, kInclusive),
          "engine_seqs"),
    number<&Plan::infer_prefix_hit_rate>("prefix_hit_rate", "i.hit", "prefix-hit-rate", "inference",
                                         FieldType::kNumber, "", 0, 1, kInclusive),
    number<&Plan::infer_spec_tokens>("spec_tokens", "i.spec", "spec-tokens", "inference",
                                     FieldType::kInteger, "tokens", 0, 16, kInclusive),
    ruled(
        number<&Plan::infer_spec_acceptance>("spec_acceptance", "i.acc", "spec-acceptance",
                                             "inference", FieldType::kNumber, "", 0, 1, kInclusive),
        "spec_acceptance"),
    text<&Plan::infer_pd_ratio>("pd_ratio", "i.pd", "pd-ratio", "inference", false),
    number<&Plan::infer_kv_offload_gb>("kv_offload_gb", "i.off", "kv-offload-gb", "inference",
                                       FieldType::kNumber, "GB", 0, 1e5, kInclusive),
    number<&Plan::infer_encoder_reserve_gb>("encoder_reserve_gb", "i.enc", "encoder-reserve-gb",
                                            "inference", FieldType::kNumber, "GB", 0, 1e4,
                                            kInclusive),
};

Issue field_issue(const FieldSpec& field, std::string code, std::string value) {
  Issue issue;
  issue.code = std::move(code);
  issue.field = std::string(field.id);
  issue.params.push_back({"value", std::move(value)});
  return issue;
}

bool is_one_choice(const FieldSpec& field, std::string_view value) {
  return std::find(field.choices.begin(), field.choices.end(), value) != field.choices.end();
}

bool is_known_choice(const FieldSpec& field, std::string_view value) {
  if (!field.choice_list) return is_one_choice(field, value);
  std::size_t start = 0;
  while (start <= value.size()) {
    auto end = value.find(',', start);
    if (end == std::string_view::npos) end = value.size();
    if (!is_one_choice(field, value.substr(start, end - start))) return false;
    start = end + 1;
  }
  return true;
}

}  // namespace

std::span<const FieldSpec> plan_fields() { return kFields; }

std::size_t utf8_length(std::string_view text) {
  return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  }));
}

const FieldSpec* find_field_by_id(std::string_view id) {
  for (const auto& f : kFields) {
    if (f.id == id) return &f;
  }
  return nullptr;
}

const FieldSpec* find_field_by_link_key(std::string_view key) {
  for (const auto& f : kFields) {
    if (f.link_key == key) return &f;
  }
  return nullptr;
}

const FieldSpec* find_field_by_cli_flag(std::string_view flag) {
  for (const auto& f : kFields) {
    if (f.cli_flag == flag) return &f;
  }
  return nullptr;
}

std::string field_text(const FieldSpec& field, const Plan& plan) {
  if (field.is_text()) return field.get_text(plan);
  const auto value = field.get_number(plan);
  return value ? format_compact(*value) : std::string();
}

bool field_is_default(const FieldSpec& field, const Plan& plan) {
  static const Plan kDefaults;
  if (field.is_text()) return field.get_text(plan) == field.get_text(kDefaults);
  const auto value = field.get_number(plan);
  const auto standard = field.get_number(kDefaults);
  if (value.has_value() != standard.has_value()) return false;
  return !value || *value == *standard;  // NaN is never the default
}

std::vector<Issue> set_field_from_text(const FieldSpec& field, Plan& plan, std::string_view text) {
  if (field.is_text()) {
    field.set_text(plan, std::string(text));
    return {};
  }
  if (text.empty()) {
    field.set_number(plan, std::nullopt);
    return {};
  }
  if (field.type == FieldType::kFlag) {
    if (text == "true" || text == "on" || text == "yes") text = "1";
    if (text == "false" || text == "off" || text == "no") text = "0";
  }
  const auto value = parse_number(text);
  if (!value) return {field_issue(field, "not_a_number", std::string(text))};
  field.set_number(plan, *value);
  return {};
}

std::vector<Issue> validate_field_ranges(const Plan& plan) {
  std::vector<Issue> issues;
  for (const auto& field : kFields) {
    if (field.is_text()) {
      const std::string value = field.get_text(plan);
      if (utf8_length(value) > kMaxTextCharacters || value.size() > kMaxTextBytes) {
        Issue issue = field_issue(field, "text_too_long", excerpt(value));
        issue.params.push_back({"max", std::to_string(kMaxTextCharacters)});
        issues.push_back(std::move(issue));
      } else if (!field.choices.empty() && !value.empty() && !is_known_choice(field, value)) {
        std::string choices;
        for (const auto& c : field.choices)
          choices += (choices.empty() ? "" : ", ") + std::string(c);
        Issue issue = field_issue(field, "unknown_choice", value);
        issue.params.push_back({"choices", choices});
        // Language and embedded panels only change how the plan is shown; they must not stop it.
        if (field.group == "general") issue.severity = Severity::kWarning;
        issues.push_back(std::move(issue));
      }
      continue;
    }
    const auto value = field.get_number(plan);
    if (!value) continue;
    const double v = *value;
    const auto shown = [v] { return format_shortest(v); };  // only when there is an issue
    if (std::isnan(v)) {
      issues.push_back(field_issue(field, "not_a_number", shown()));
    } else if (std::isinf(v)) {
      issues.push_back(field_issue(field, "not_finite", shown()));
    } else if (v <= 0 && ((field.type == FieldType::kNumber && field.min > 0) ||
                          (field.min_exclusive && field.min == 0))) {
      issues.push_back(field_issue(field, "must_be_positive", shown()));
    } else if (field.type != FieldType::kNumber && v != std::floor(v)) {
      issues.push_back(field_issue(field, "not_integer", shown()));
    } else if (field.min_exclusive ? v > field.max : (v < field.min || v > field.max)) {
      // Exclusive-minimum fields start at 0 (handled above), so only "too large" is left.
      Issue issue = field_issue(field, field.min_exclusive ? "too_large" : "out_of_range", shown());
      if (!field.min_exclusive) issue.params.push_back({"min", format_readable(field.min)});
      issue.params.push_back({"max", format_readable(field.max)});
      issue.params.push_back({"unit", std::string(field.unit)});
      issues.push_back(std::move(issue));
    }
  }
  return issues;
}

}  // namespace llm_sizer
