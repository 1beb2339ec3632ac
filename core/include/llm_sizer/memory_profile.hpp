#pragma once
/// What a framework version keeps and allocates around the model's tensors: one versioned
/// profile per framework (docs/formulas.md, "Memory profiles"). A later framework version that
/// saves other tensors gets a new profile beside the old one, never an edit of it, so a number
/// computed under a profile id stays reproducible.
///
/// The saved tensors themselves are derived op by op in training_memory.cpp from the profile's
/// framework; this table holds the constants that are measured or read from framework code:
///   logits_bytes       bytes per logit element while the loss's backward starts
///   adapter_bytes      the dtype LoRA adapters compute in (PEFT upcasts them to fp32)
///   context            the CUDA context and the kernels it loads, outside the caching allocator
///   nccl               NCCL buffers per communicator (outside the allocator)
///   workspace          cuBLAS / TransformerEngine workspaces the caching allocator holds for
///                      the whole run (in the point), and what other streams and kernels may add
///                      (the range)
///   fragmentation      reserved − allocated, as a fraction of peak allocated

#include <string_view>

namespace llm_sizer {

enum class Framework {
  kMegatron,   ///< Megatron-Core with TransformerEngine: fused kernels, the paper's constants
  kPytorch,    ///< PyTorch eager with Hugging Face transformers models (PEFT for adapters)
  kDeepspeed,  ///< Hugging Face models under DeepSpeed ZeRO (the PyTorch profile's activations)
};

/// How the loss treats the logits (PyTorch profiles; Megatron keeps its vocab-parallel fp32 CE
/// unless the loss is fused).
enum class LossKind {
  kFp32,     ///< upcast to fp32 first (transformers ForCausalLMLoss, torchtitan)
  kBf16,     ///< cross-entropy on the bf16 logits (torch.nn.CrossEntropyLoss on bf16 input)
  kChunked,  ///< logits in chunks, each upcast in turn (torchtune CEWithChunkedOutputLoss, 8)
  kFused,    ///< one kernel writing the gradient into the bf16 logits (TransformerEngine < 2.18)
};

struct MemoryRangeGb {
  double low = 0;
  double high = 0;
};

struct MemoryProfile {
  std::string_view id;  ///< versioned: "transformers-4.56+torch-2.8"
  Framework framework = Framework::kPytorch;
  double logits_bytes = 0;
  double adapter_bytes = 0;
  double context_gb = 0;  ///< the point estimate
  MemoryRangeGb context;
  MemoryRangeGb nccl_per_communicator;
  MemoryRangeGb nccl_all_to_all;          ///< an expert-parallel all-to-all communicator
  double workspace_gb = 0;                ///< allocated once and kept: part of peak allocated
  MemoryRangeGb workspace;                ///< more on top (other streams, comm-overlap buffers)
  MemoryRangeGb fragmentation;            ///< fraction of peak allocated
  MemoryRangeGb fragmentation_recompute;  ///< with full recompute (layers re-allocated in backward)
  /// Gradients live through the forward (a persistent gradient buffer): Megatron's main_grad
  /// buffer, DeepSpeed's partitions. PyTorch allocates them during backward (set_to_none).
  bool persistent_grads = false;
  /// ZeRO-3 gathers: whole layers (FSDP units) or a bucket of parameters (DeepSpeed).
  bool gathers_whole_layers = true;
  double prefetch_bucket_params = 0;  ///< DeepSpeed stage3_prefetch_bucket_size (0: layers)
};

/// The current profile of a framework.
const MemoryProfile& memory_profile(Framework framework);

/// Bytes per logit element at the loss's peak for a framework and loss. PyTorch, fp32: the
/// profile's 12. bf16: the saved bf16 log-softmax, its NLL gradient and the log-softmax gradient,
/// 2 B each = 6. Chunked (8 chunks): the saved fp32 log-softmax of every chunk (4), the bf16
/// chunks still alive while the last is upcast (2) and that chunk's fp32 copy (4/8) = 6.5.
/// Fused, in any framework: the bf16 logits alone = 2, as TransformerEngine's
/// parallel_cross_entropy (Megatron's cross_entropy_fusion_impl "te") overwrites them with the
/// gradient and returns them for backward, up to TE 2.17. From TE 2.18 (commit 01bbe3eea,
/// 2026-07-09) it keeps an fp32 gradient beside them, 6 B as Megatron's own loss: the default.
double loss_bytes_per_logit(Framework framework, LossKind loss);

std::string_view loss_id(LossKind loss);

std::string_view framework_id(Framework framework);

}  // namespace llm_sizer
