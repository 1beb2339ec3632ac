#pragma once
/// A plan as the command lines that deploy it: `vllm serve …`, `python -m sglang.launch_server …`
/// and `trtllm-serve …` for the serving fleet's replica layout, and Megatron-LM / NeMo arguments
/// for the training layout. Flags and their meaning: docs/serving.md (read from the engines'
/// argument parsers: vllm/engine/arg_utils.py, sglang/srt/server_args.py, and the TensorRT-LLM
/// and Megatron-LM documentation).
///
/// A replica that spans nodes gets one command per node: vLLM's data-parallel ranks with
/// `--data-parallel-size-local` / `--headless` (DP + EP) or a Ray cluster (TP/PP across nodes),
/// SGLang's `--nnodes` / `--node-rank` / `--dist-init-addr`, TensorRT-LLM under `mpirun`.

#include <string>
#include <string_view>

#include "llm_sizer/serving_layout.hpp"
#include "llm_sizer/serving_settings.hpp"
#include "llm_sizer/training_settings.hpp"

namespace llm_sizer {

/// The Hugging Face repository a preset is served from in a weight format: the official FP8
/// checkpoint where there is one (Llama-3.1-405B-Instruct-FP8, Qwen3-*-FP8; DeepSeek-V3 ships
/// FP8), else the instruct (or base) checkpoint; empty for a preset without public weights.
/// `prequantized` says whether the repository already holds that format.
struct ModelRepo {
  std::string repo;
  bool prequantized = false;
};
ModelRepo hf_repo(std::string_view preset_id, std::string_view weights);

/// The preset a Hugging Face repository (or a same-architecture re-release of it: Llama-3.3-70B,
/// DeepSeek-R1, Qwen3-235B-A22B-Instruct-2507 …) belongs to, and the weight format its name
/// states ("" when it states none); empty preset when unknown.
struct RepoMatch {
  std::string preset;
  std::string weights;
};
RepoMatch preset_for_repo(std::string_view repo);

struct LaunchInput {
  std::string model;             ///< the repository (or a placeholder) to serve
  bool quantize_online = false;  ///< fp8 weights from a 16-bit checkpoint (vLLM/SGLang fp8)
  bool mtp = false;              ///< the model has multi-token-prediction heads (DeepSeek-V3)
  ServingLayout layout;
  double gpus_per_node = 8;
  InferenceSettings settings;  ///< context, memory fraction, token budget, KV type …
  double memory_fraction = 0;  ///< the engine's fraction for this layout
};

std::string vllm_command(const LaunchInput& in);
std::string sglang_command(const LaunchInput& in);
std::string trtllm_command(const LaunchInput& in);

/// Megatron-LM (`pretrain_gpt.py`) arguments for a training layout, and the same layout as NeMo
/// 2.0 recipe overrides. `gpus_per_node` splits the world into nodes; `moe`: the model routes its
/// FFN to experts, which the step time runs as grouped GEMMs behind the all-to-all dispatcher.
std::string megatron_arguments(const TrainingSettings& settings, double gpus_per_node, bool moe);
std::string nemo_arguments(const TrainingSettings& settings, double gpus_per_node, bool moe);

}  // namespace llm_sizer
