#pragma once
/// A `vllm serve …` command line → the plan's model and serving inputs. Pure: text in, data out.
///
/// Read as a shell would split it (single and double quotes, backslash escapes and line
/// continuations, `--flag=value`), after environment assignments (`VLLM_X=1`) and the program
/// (`vllm serve MODEL`, or `python -m vllm.entrypoints.openai.api_server --model MODEL`).
/// The mapping (docs/serving.md, flags as vllm/engine/arg_utils.py declares them):
///   MODEL / --model                 model (a preset, from the repository's name) and weights
///   -tp, --tensor-parallel-size     infer_tp        -pp, --pipeline-parallel-size  infer_pp
///   -dp, --data-parallel-size       infer_dp        --enable-expert-parallel       expert_parallel
///   --max-model-len                 context         --gpu-memory-utilization       (same)
///   --max-num-batched-tokens        prefill_chunk   --max-num-seqs                 (same)
///   --block-size                    kv_block_tokens --kv-cache-dtype fp8*          kv_dtype fp8
///   -q, --quantization fp8/awq/gptq/… weights       --dtype                        weights
///   (16/32-bit)
///   --speculative-config '{"num_speculative_tokens": k, …}'                        spec_tokens
///   --kv-offloading-size GB         kv_offload_gb
/// Flags that only deploy (ports, addresses, names, logging, trust-remote-code …) are accepted
/// and listed; others are named in a warning, never guessed at.
///
/// Issues name the pseudo-field "vllm_command". Errors: vllm_command_empty, vllm_command_too_long
/// (max), vllm_command_not_vllm, vllm_command_unclosed_quote, vllm_command_bad_value (flag,
/// value). Warnings: vllm_command_unknown_model (value), vllm_command_unknown_flags (flags,
/// count), vllm_command_ignored (flags: understood but with no input here).

#include <string>
#include <string_view>
#include <vector>

#include "llm_sizer/hf_config.hpp"
#include "llm_sizer/issue.hpp"

namespace llm_sizer {

inline constexpr std::string_view kVllmCommandField = "vllm_command";
/// Commands longer than this are refused before they are read.
inline constexpr std::size_t kMaxVllmCommandBytes = 64 * 1024;

struct VllmImport {
  std::vector<HfFieldText> texts;  ///< plan inputs set, as field id and text
  std::string model;               ///< the repository as given
  std::vector<Issue> issues;
  bool ok() const { return !has_error(issues); }
};

VllmImport import_vllm_command(std::string_view command);

/// The command split as a POSIX shell splits words (no expansion); `closed` false when a quote
/// is left open.
struct ShellWords {
  std::vector<std::string> words;
  bool closed = true;
};
ShellWords split_shell_words(std::string_view text);

}  // namespace llm_sizer
