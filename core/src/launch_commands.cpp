#include "llm_sizer/launch_commands.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>

#include "llm_sizer/layout_rules.hpp"
#include "llm_sizer/model.hpp"
#include "llm_sizer/number_format.hpp"
#include "llm_sizer/precision.hpp"

namespace llm_sizer {
namespace {

// Repositories of the presets (Hugging Face), instruct checkpoints where they exist; official
// prequantized siblings by weight format.
struct RepoRow {
  const char* preset;
  const char* weights;  // "" = the 16-bit checkpoint
  const char* repo;
};

constexpr RepoRow kRepos[] = {
    {"qwen2.5-7b", "", "Qwen/Qwen2.5-7B-Instruct"},
    {"qwen2.5-32b", "", "Qwen/Qwen2.5-32B-Instruct"},
    {"qwen2.5-72b", "", "Qwen/Qwen2.5-72B-Instruct"},
    {"qwen2.5-7b", "int4-awq", "Qwen/Qwen2.5-7B-Instruct-AWQ"},
    {"qwen2.5-32b", "int4-awq", "Qwen/Qwen2.5-32B-Instruct-AWQ"},
    {"qwen2.5-72b", "int4-awq", "Qwen/Qwen2.5-72B-Instruct-AWQ"},
    {"qwen3-8b", "", "Qwen/Qwen3-8B"},
    {"qwen3-8b", "fp8", "Qwen/Qwen3-8B-FP8"},
    {"qwen3-32b", "", "Qwen/Qwen3-32B"},
    {"qwen3-32b", "fp8", "Qwen/Qwen3-32B-FP8"},
    {"qwen3-235b-a22b", "", "Qwen/Qwen3-235B-A22B"},
    {"qwen3-235b-a22b", "fp8", "Qwen/Qwen3-235B-A22B-FP8"},
    {"qwen3-235b-a22b", "fp8-block", "Qwen/Qwen3-235B-A22B-FP8"},
    {"llama-3.2-1b", "", "meta-llama/Llama-3.2-1B-Instruct"},
    {"llama-3.2-3b", "", "meta-llama/Llama-3.2-3B-Instruct"},
    {"llama-3.1-8b", "", "meta-llama/Llama-3.1-8B-Instruct"},
    {"llama-3.1-70b", "", "meta-llama/Llama-3.1-70B-Instruct"},
    {"llama-3.1-405b", "", "meta-llama/Llama-3.1-405B-Instruct"},
    {"llama-3.1-405b", "fp8", "meta-llama/Llama-3.1-405B-Instruct-FP8"},
    {"llama-2-70b", "", "meta-llama/Llama-2-70b-chat-hf"},
    {"mistral-7b", "", "mistralai/Mistral-7B-Instruct-v0.1"},
    {"mixtral-8x7b", "", "mistralai/Mixtral-8x7B-Instruct-v0.1"},
    // DeepSeek-V3 is published in FP8 with 128 × 128 block scales (§3.3.2).
    {"deepseek-v3", "fp8-block", "deepseek-ai/DeepSeek-V3"},
    {"deepseek-v3", "", "deepseek-ai/DeepSeek-V3"},
    {"deepseek-v2", "", "deepseek-ai/DeepSeek-V2-Chat"},
    {"gpt-neox-20b", "", "EleutherAI/gpt-neox-20b"},
    {"bloom-176b", "", "bigscience/bloom"},
};

// Re-releases with the architecture of a preset (their config.json, validation/data/
// serving-runs.md): matched by the start of the repository's name, case-insensitively.
struct Alias {
  const char* prefix;
  const char* preset;
};
constexpr Alias kAliases[] = {
    {"meta-llama/llama-3.3-70b", "llama-3.1-70b"},
    {"meta-llama/meta-llama-3.1-405b", "llama-3.1-405b"},
    {"meta-llama/meta-llama-3.1-70b", "llama-3.1-70b"},
    {"meta-llama/meta-llama-3.1-8b", "llama-3.1-8b"},
    {"meta-llama/llama-3.1-405b", "llama-3.1-405b"},
    {"meta-llama/llama-3.1-70b", "llama-3.1-70b"},
    {"meta-llama/llama-3.1-8b", "llama-3.1-8b"},
    {"deepseek-ai/deepseek-r1", "deepseek-v3"},
    {"deepseek-ai/deepseek-v3", "deepseek-v3"},
    {"qwen/qwen3-235b-a22b", "qwen3-235b-a22b"},
    {"qwen/qwen3-32b", "qwen3-32b"},
    {"qwen/qwen3-8b", "qwen3-8b"},
    {"qwen/qwen2.5-72b", "qwen2.5-72b"},
    {"qwen/qwen2.5-32b", "qwen2.5-32b"},
    {"qwen/qwen2.5-7b", "qwen2.5-7b"},
    {"mistralai/mixtral-8x7b", "mixtral-8x7b"},
    {"mistralai/mistral-7b", "mistral-7b"},
    {"deepseek-ai/deepseek-v2", "deepseek-v2"},
    {"meta-llama/llama-2-70b", "llama-2-70b"},
    {"meta-llama/llama-3.2-1b", "llama-3.2-1b"},
    {"meta-llama/llama-3.2-3b", "llama-3.2-3b"},
    {"eleutherai/gpt-neox-20b", "gpt-neox-20b"},
    {"bigscience/bloom", "bloom-176b"},
};

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string n(double v) { return std::isfinite(v) ? format_shortest(v) : "?"; }
// An optional figure: nothing when unknown (the flag is then left out).
std::string opt(double v) { return std::isfinite(v) ? format_shortest(v) : ""; }

// Values of the KV types in each engine's vocabulary.
std::string vllm_kv(std::string_view kv) { return kv == "fp8" ? "fp8" : ""; }
std::string sglang_kv(std::string_view kv) { return kv == "fp8" ? "fp8_e4m3" : ""; }

bool node_span(const LaunchInput& in) { return in.layout.gpus() > in.gpus_per_node; }

std::string join_nodes(const std::string& head, const std::string& worker, double nodes) {
  if (nodes <= 1) return head;
  std::string out = "# node 0 (head)\n" + head;
  const std::string count = nodes > 2 ? " … " + n(nodes - 1) : "";
  out += "\n# nodes 1" + count + "\n" + worker;
  return out;
}

// Flags every engine shares in meaning (docs/serving.md): the context and the batching limits.
void add(std::string& out, std::string_view flag, const std::string& value) {
  if (value.empty()) return;
  out += " \\\n  ";
  out += flag;
  out += ' ';
  out += value;
}

void add_flag(std::string& out, std::string_view flag) {
  out += " \\\n  ";
  out += flag;
}

}  // namespace

ModelRepo hf_repo(std::string_view preset_id, std::string_view weights) {
  for (const auto& row : kRepos) {
    if (preset_id == row.preset && weights == row.weights) return {row.repo, true};
  }
  for (const auto& row : kRepos) {
    if (preset_id == row.preset && std::string_view(row.weights).empty()) {
      const bool sixteen = weights == "bf16" || weights == "fp16" || weights == "fp32";
      return {row.repo, sixteen};
    }
  }
  return {};
}

RepoMatch preset_for_repo(std::string_view repo) {
  const std::string name = lower(repo);
  RepoMatch match;
  for (const auto& row : kRepos) {
    if (name == lower(row.repo)) {
      match.preset = row.preset;
      match.weights = row.weights;
      break;
    }
  }
  if (match.preset.empty()) {
    for (const auto& alias : kAliases) {
      if (name.rfind(alias.prefix, 0) == 0) {
        match.preset = alias.preset;
        break;
      }
    }
  }
  if (match.weights.empty() && !match.preset.empty()) {
    const std::string_view native = native_weights(match.preset);
    if (name.find("fp8") != std::string::npos) {
      match.weights = native == "fp8-block" ? "fp8-block" : "fp8";
    } else if (name.find("awq") != std::string::npos) {
      match.weights = "int4-awq";
    } else if (name.find("gptq") != std::string::npos) {
      match.weights = "int4-gptq";
    } else if (name.find("nvfp4") != std::string::npos || name.find("-fp4") != std::string::npos) {
      match.weights = "nvfp4";
    } else {
      match.weights = native;  // as published: DeepSeek-V3 and R1 in FP8
    }
  }
  return match;
}

std::string vllm_command(const LaunchInput& in) {
  const ServingLayout& l = in.layout;
  const InferenceSettings& s = in.settings;
  std::string common;
  add(common, "--tensor-parallel-size", n(l.tp));
  if (l.pp > 1) add(common, "--pipeline-parallel-size", n(l.pp));
  if (l.ep) add_flag(common, "--enable-expert-parallel");
  add(common, "--max-model-len", n(s.context));
  add(common, "--gpu-memory-utilization", n(in.memory_fraction));
  add(common, "--max-num-batched-tokens", n(s.prefill_chunk));
  add(common, "--max-num-seqs", opt(s.max_num_seqs));
  add(common, "--kv-cache-dtype", vllm_kv(s.kv_dtype));
  if (in.quantize_online) add(common, "--quantization", "fp8");
  if (s.spec_tokens > 0) {
    const std::string method = in.mtp ? "\"deepseek_mtp\"" : "\"eagle3\", \"model\": \"<draft>\"";
    add(common, "--speculative-config",
        "'{\"method\": " + method + ", \"num_speculative_tokens\": " + n(s.spec_tokens) + "}'");
  }
  const double nodes = std::ceil(l.gpus() / in.gpus_per_node);
  if (l.dp > 1) {
    // DP + EP (vLLM's data-parallel deployment): one engine per DP rank; the head node serves
    // the API, the others run headless ranks.
    const double local = std::max(1.0, std::floor(in.gpus_per_node / l.tp));
    std::string dp;
    add(dp, "--data-parallel-size", n(l.dp));
    add(dp, "--data-parallel-size-local", n(std::min(local, l.dp)));
    if (nodes > 1) {
      add(dp, "--data-parallel-address", "$HEAD_IP");
      add(dp, "--data-parallel-rpc-port", "13345");
    }
    const std::string head = "vllm serve " + in.model + common + dp;
    std::string worker = "vllm serve " + in.model + common + dp;
    add(worker, "--data-parallel-start-rank", "$((NODE_RANK * " + n(local) + "))");
    add_flag(worker, "--headless");
    return join_nodes(head, worker, nodes);
  }
  if (node_span(in)) {
    // TP or PP across nodes: vLLM runs its workers on a Ray cluster.
    const std::string head = "ray start --head --port 6379\nvllm serve " + in.model + common +
                             " \\\n  --distributed-executor-backend ray";
    return join_nodes(head, "ray start --address $HEAD_IP:6379 --block", nodes);
  }
  return "vllm serve " + in.model + common;
}

std::string sglang_command(const LaunchInput& in) {
  const ServingLayout& l = in.layout;
  const InferenceSettings& s = in.settings;
  // SGLang's --tp is the replica's whole TP group: with DP attention the attention ranks split
  // it (attention TP = tp / dp) and the experts spread over it.
  std::string common = "python -m sglang.launch_server \\\n  --model-path " + in.model;
  add(common, "--tp", n(l.tp * l.dp));
  if (l.pp > 1) add(common, "--pp-size", n(l.pp));
  if (l.dp > 1) {
    add(common, "--dp", n(l.dp));
    add_flag(common, "--enable-dp-attention");
  }
  if (l.ep) add(common, "--ep-size", n(l.moe_group()));
  add(common, "--context-length", n(s.context));
  add(common, "--mem-fraction-static", n(std::round(in.memory_fraction * 1000) / 1000));
  add(common, "--chunked-prefill-size", n(s.prefill_chunk));
  if (std::isfinite(s.max_num_seqs)) add(common, "--max-running-requests", n(s.max_num_seqs));
  add(common, "--kv-cache-dtype", sglang_kv(s.kv_dtype));
  if (in.quantize_online) add(common, "--quantization", "fp8");
  if (s.spec_tokens > 0) {
    add(common, "--speculative-algorithm", in.mtp ? "NEXTN" : "EAGLE3");
    if (!in.mtp) add(common, "--speculative-draft-model-path", "<draft>");
    add(common, "--speculative-num-steps", n(s.spec_tokens));
    add(common, "--speculative-eagle-topk", "1");
    add(common, "--speculative-num-draft-tokens", n(s.spec_tokens + 1));
  }
  const double nodes = std::ceil(l.gpus() / in.gpus_per_node);
  if (nodes <= 1) return common;
  std::string multi = common;
  add(multi, "--nnodes", n(nodes));
  add(multi, "--dist-init-addr", "$HEAD_IP:5000");
  std::string head = multi;
  add(head, "--node-rank", "0");
  std::string worker = multi;
  add(worker, "--node-rank", "$NODE_RANK");
  return join_nodes(head, worker, nodes);
}

std::string trtllm_command(const LaunchInput& in) {
  const ServingLayout& l = in.layout;
  const InferenceSettings& s = in.settings;
  std::string out;
  const double nodes = std::ceil(l.gpus() / in.gpus_per_node);
  if (nodes > 1) {
    out = "mpirun -n " + n(l.gpus()) + " --hostfile hosts trtllm-llmapi-launch \\\n  ";
  }
  out += "trtllm-serve " + in.model;
  add(out, "--tp_size", n(l.tp * l.dp));
  if (l.pp > 1) add(out, "--pp_size", n(l.pp));
  if (l.ep) add(out, "--ep_size", n(l.moe_group()));
  add(out, "--max_seq_len", n(s.context));
  add(out, "--max_batch_size", opt(s.max_num_seqs));
  add(out, "--max_num_tokens", n(s.prefill_chunk));
  add(out, "--kv_cache_free_gpu_mem_fraction", n(in.memory_fraction));
  std::string extra;
  if (l.dp > 1) extra += "enable_attention_dp: true\n";
  if (s.kv_dtype == "fp8") extra += "kv_cache_config:\n  dtype: fp8\n";
  if (s.spec_tokens > 0 && in.mtp) {
    extra += "speculative_config:\n  decoding_type: MTP\n  num_nextn_predict_layers: " +
             n(s.spec_tokens) + "\n";
  }
  if (!extra.empty()) {
    add(out, "--extra_llm_api_options", "extra.yml");
    out = "cat > extra.yml <<'EOF'\n" + extra + "EOF\n" + out;
  }
  return out;
}

namespace {

// Megatron's recompute settings under the names a launcher gives them (its flags, NeMo's
// overrides): granularity, then for full recompute the first N layers of each chunk (block), or
// every layer one at a time (uniform, 1).
struct RecomputeNames {
  const char* granularity;
  const char* method;
  const char* layers;
};

void add_recompute(std::string& out, const TrainingSettings& t, const RecomputeNames& names) {
  if (t.recompute == "full") {
    const bool block = std::isfinite(t.recompute_layers);
    add(out, names.granularity, "full");
    add(out, names.method, block ? "block" : "uniform");
    add(out, names.layers, block ? n(t.recompute_layers) : "1");
  } else if (t.recompute == "selective") {
    add(out, names.granularity, "selective");
  }
}

// ZeRO ≥ 1, or a recipe that is the distributed optimizer at any ZeRO stage (precision.hpp's
// shards_optimizer, which the memory and the step time read too).
bool distributed_optimizer(const TrainingSettings& t) {
  const Recipe* recipe = find_recipe(t.recipe);
  return t.zero >= 1 || (recipe != nullptr && recipe->shards_optimizer);
}

// Megatron overlaps the experts' all-to-alls only with EP, without full recompute and, under
// PP > 1, interleaved (TransformerConfig.__post_init__): what the step time credits.
bool moe_overlap_runs(const TrainingSettings& t) {
  return t.moe_overlap && t.ep > 1 && t.recompute != "full" && (t.pp == 1 || t.vpp > 1);
}

// Megatron's --pipeline-model-parallel-layout for a split it cannot make itself: stages of unequal
// layers, or a VPP that does not divide a stage's layers. Its segments are the virtual stages in
// order (segment j·PP + i is stage i's chunk j), "t*n" n layers, E the embedding, L the loss
// (megatron/core/transformer/pipeline_parallel_layer_layout.py); each stage's layers go to its
// chunks as evenly as they can, the first chunks taking one more. "" for Megatron's own split.
std::string pipeline_layout(const TrainingSettings& t) {
  const auto& split = t.stage_layers;
  const int v = std::max(1, static_cast<int>(t.vpp));
  if (split.size() < 2) return "";
  bool own = true;
  for (double layers : split) {
    own = own && layers == split.front() && std::fmod(layers, v) == 0;
  }
  if (own) return "";
  std::string layout;
  for (int j = 0; j < v; ++j) {
    for (std::size_t i = 0; i < split.size(); ++i) {
      const int layers = static_cast<int>(split[i]);
      const int chunk = layers / v + (j < layers % v ? 1 : 0);
      if (j > 0 || i > 0) layout += '|';
      if (j == 0 && i == 0) layout += 'E';
      if (chunk > 0) layout += "t*" + std::to_string(chunk);
      if (j == v - 1 && i + 1 == split.size()) {
        // Multi-token prediction's modules sit before the loss, one 'm' each.
        layout += std::string(static_cast<std::size_t>(std::max(0.0, t.mtp_layers)), 'm') + 'L';
      }
    }
  }
  return '"' + layout + '"';
}

// Megatron's micro-batch group per virtual stage where the batch needs one other than its
// default PP (layout_rules.hpp, microbatch_group); 0: the default serves.
double nondefault_group(const TrainingSettings& t) {
  if (!(t.vpp > 1) || !std::isfinite(t.microbatches)) return 0;
  const double group = microbatch_group(t.microbatches, t.pp, true);
  return group > 0 && group != t.pp ? group : 0;
}

}  // namespace

std::string megatron_arguments(const TrainingSettings& t, double gpus_per_node, bool moe) {
  const double world = t.tp * t.pp * t.dp * t.cp;
  const double per_node = std::min(world, gpus_per_node);
  const double nodes = std::ceil(world / per_node);
  // Before Blackwell, arguments.py asserts one hardware queue under TP or CP, so that their
  // collectives start in order beside the GEMMs; Megatron-FSDP asserts the opposite.
  const bool one_queue = (t.tp > 1 || t.cp > 1) && t.zero < 2;
  std::string out = one_queue ? "CUDA_DEVICE_MAX_CONNECTIONS=1 " : "";
  out += "torchrun --nproc-per-node " + n(per_node) + " --nnodes " + n(nodes);
  if (nodes > 1) out += " --node-rank $NODE_RANK --master-addr $HEAD_IP --master-port 6000";
  out += " \\\n  pretrain_gpt.py";
  add(out, "--tensor-model-parallel-size", n(t.tp));
  add(out, "--pipeline-model-parallel-size", n(t.pp));
  if (t.cp > 1) add(out, "--context-parallel-size", n(t.cp));
  if (t.ep > 1) add(out, "--expert-model-parallel-size", n(t.ep));
  if (t.ep > 1 && t.etp != t.tp) add(out, "--expert-tensor-parallel-size", n(t.etp));
  if (moe) {
    // Megatron's defaults are the allgather dispatcher and one GEMM per expert (SequentialMLP);
    // the step time is the all-to-all dispatcher's, or the flex one's on DeepEP, with the
    // experts' GEMMs grouped.
    add(out, "--moe-token-dispatcher-type", t.moe_flex_dispatcher ? "flex" : "alltoall");
    if (t.moe_flex_dispatcher) add(out, "--moe-flex-dispatcher-backend", "deepep");
    add_flag(out, "--moe-grouped-gemm");
  }
  if (t.mtp_layers > 0) add(out, "--mtp-num-layers", n(t.mtp_layers));
  if (t.moe_capacity_factor > 0) {
    add(out, "--moe-expert-capacity-factor", n(t.moe_capacity_factor));
    add_flag(out, "--moe-pad-expert-input-to-capacity");  // what the model counts
  }
  // One of the two: Megatron takes the VPP from the layout's segments when it has one.
  const std::string layout = pipeline_layout(t);
  add(out, "--pipeline-model-parallel-layout", layout);
  if (t.vpp > 1 && layout.empty()) add(out, "--num-virtual-stages-per-pipeline-rank", n(t.vpp));
  if (const double group = nondefault_group(t); group > 0) {
    add(out, "--microbatch-group-size-per-virtual-pipeline-stage", n(group));
  }
  if (t.sequence_parallel) add_flag(out, "--sequence-parallel");
  add(out, "--micro-batch-size", opt(t.micro_batch));
  add(out, "--global-batch-size", opt(t.global_batch));
  add(out, "--seq-length", opt(t.seq_len));
  add_recompute(out, t,
                {"--recompute-granularity", "--recompute-method", "--recompute-num-layers"});
  if (t.recompute == "selective") {
    if (!t.recompute_modules.empty() && t.recompute_modules != "core_attn") {
      std::string modules = t.recompute_modules;  // Megatron takes them space-separated
      std::replace(modules.begin(), modules.end(), ',', ' ');
      add(out, "--recompute-modules", modules);
    }
  }
  const bool sharded_optimizer = distributed_optimizer(t);
  if (sharded_optimizer) add_flag(out, "--use-distributed-optimizer");
  if (t.optimizer == "adamw-bf16") {
    add_flag(out, "--use-precision-aware-optimizer");
    add(out, "--exp-avg-dtype", "bf16");
    add(out, "--exp-avg-sq-dtype", "bf16");
  }
  if (t.zero >= 2) {
    // ZeRO-2 and 3 are Megatron-FSDP's sharding strategies, with the flags its guide requires
    // (docs: "Megatron-FSDP Quick Start"): gradients, then parameters, sharded too.
    add_flag(out, "--use-megatron-fsdp");
    add(out, "--data-parallel-sharding-strategy",
        t.zero >= 3 ? "optim_grads_params" : "optim_grads");
    add_flag(out, "--no-gradient-accumulation-fusion");
    add(out, "--ckpt-format", "fsdp_dtensor");
  }
  // The overlaps the step time assumes (Megatron's flags are off by default, but the pipeline's).
  if (t.dp > 1 && t.dp_overlap > 0) {
    add_flag(out, "--overlap-grad-reduce");
    if (sharded_optimizer) add_flag(out, "--overlap-param-gather");
  }
  if (t.tp_overlap && t.sequence_parallel) add_flag(out, "--tp-comm-overlap");
  if (moe_overlap_runs(t)) add_flag(out, "--overlap-moe-expert-parallel-comm");
  if (!t.pp_overlap && t.vpp > 1) add_flag(out, "--no-overlap-p2p-communication");
  // TransformerEngine's fused loss; Megatron-LM from b57449928a (2026-06-05) refuses it in its
  // argument checks ("disabled due to stability issues"), Megatron-Core's config only warns.
  if (t.loss == "fused") {
    add_flag(out, "--cross-entropy-loss-fusion");
    add(out, "--cross-entropy-fusion-impl", "te");
  }
  add_flag(out, "--bf16");
  if (t.grad_reduce_bf16) add_flag(out, "--grad-reduce-in-bf16");
  if (t.compute_dtype == "fp8") {
    add(out, "--fp8-format", "hybrid");
    add(out, "--fp8-recipe", t.fp8_recipe);
    if (t.recipe == "fp8-param") add_flag(out, "--fp8-param-gather");  // fp8 primary weights
  } else if (t.compute_dtype == "nvfp4") {
    add(out, "--fp4-format", "e2m1");
    add(out, "--fp4-recipe", "nvfp4");
    if (t.recipe == "fp8-param") add_flag(out, "--fp4-param-gather");  // NVFP4 primary weights
  }
  return out;
}

std::string nemo_arguments(const TrainingSettings& t, double gpus_per_node, bool moe) {
  const double world = t.tp * t.pp * t.dp * t.cp;
  const double per_node = std::min(world, gpus_per_node);
  // TransformerEngine runs FP8 attention beside NVFP4 GEMMs only with an FP8 recipe of its own
  // for it (dot_product_attention.py: NVTE_DPA_FP8_RECIPE; MLPerf's config_common_fp4.sh).
  const bool dpa_recipe = t.fp8_attention && t.compute_dtype == "nvfp4";
  std::string out = dpa_recipe ? "NVTE_DPA_FP8_RECIPE=Float8CurrentScaling " : "";
  out += "nemo llm pretrain --factory <recipe>";
  add(out, "trainer.devices=", n(per_node));
  add(out, "trainer.num_nodes=", n(std::ceil(world / per_node)));
  add(out, "trainer.strategy.tensor_model_parallel_size=", n(t.tp));
  add(out, "trainer.strategy.pipeline_model_parallel_size=", n(t.pp));
  if (t.cp > 1) add(out, "trainer.strategy.context_parallel_size=", n(t.cp));
  if (t.ep > 1) add(out, "trainer.strategy.expert_model_parallel_size=", n(t.ep));
  if (t.vpp > 1) add(out, "trainer.strategy.virtual_pipeline_model_parallel_size=", n(t.vpp));
  if (const double group = nondefault_group(t); group > 0) {
    add(out, "trainer.strategy.microbatch_group_size_per_vp_stage=", n(group));
  }
  add(out, "model.config.pipeline_model_parallel_layout=", pipeline_layout(t));
  add(out, "trainer.strategy.sequence_parallel=", t.sequence_parallel ? "true" : "false");
  add(out, "data.micro_batch_size=", opt(t.micro_batch));
  add(out, "data.global_batch_size=", opt(t.global_batch));
  add(out, "data.seq_length=", opt(t.seq_len));
  if (t.grad_reduce_bf16) add(out, "trainer.plugins.grad_reduce_in_fp32=", "false");
  // NeMo's recipes build the distributed optimizer; a plan without it says so.
  add(out, "optim.config.use_distributed_optimizer=", distributed_optimizer(t) ? "true" : "false");
  if (t.optimizer == "adamw-bf16") {
    add(out, "optim.config.use_precision_aware_optimizer=", "true");
    add(out, "optim.config.exp_avg_dtype=", "torch.bfloat16");
    add(out, "optim.config.exp_avg_sq_dtype=", "torch.bfloat16");
  }
  add_recompute(out, t,
                {"model.config.recompute_granularity=", "model.config.recompute_method=",
                 "model.config.recompute_num_layers="});
  if (moe) {
    add(out,
        "model.config.moe_token_dispatcher_type=", t.moe_flex_dispatcher ? "flex" : "alltoall");
    if (t.moe_flex_dispatcher) add(out, "model.config.moe_flex_dispatcher_backend=", "deepep");
    add(out, "model.config.moe_grouped_gemm=", "true");
  }
  if (moe_overlap_runs(t)) add(out, "model.config.overlap_moe_expert_parallel_comm=", "true");
  if (t.mtp_layers > 0) add(out, "model.config.mtp_num_layers=", n(t.mtp_layers));
  if (t.loss == "fused") {
    add(out, "model.config.cross_entropy_loss_fusion=", "true");
    add(out, "model.config.cross_entropy_fusion_impl=", "te");
  }
  if (t.compute_dtype == "fp8") {
    add(out, "model.config.fp8=", "hybrid");
    add(out, "model.config.fp8_recipe=", t.fp8_recipe);
    if (t.recipe == "fp8-param") add(out, "model.config.fp8_param=", "true");
  } else if (t.compute_dtype == "nvfp4") {
    add(out, "model.config.fp4=", "e2m1");
    add(out, "model.config.fp4_recipe=", "nvfp4");
    if (t.recipe == "fp8-param") add(out, "model.config.fp4_param=", "true");
  }
  // Megatron-LM's command line has no flag for either (arguments.py leaves the config fields out).
  if (t.fp8_attention) add(out, "model.config.fp8_dot_product_attention=", "true");
  if (t.fp8_output_proj) add(out, "model.config.fp8_output_proj=", "true");
  // NeMo's overrides are key=value: no space between them.
  std::string compact;
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (out[i] == '=' && i + 1 < out.size() && out[i + 1] == ' ') {
      compact += '=';
      ++i;
      continue;
    }
    compact += out[i];
  }
  return compact;
}

}  // namespace llm_sizer
