#include "llm_sizer/memory_profile.hpp"

namespace llm_sizer {
namespace {

// The CUDA context outside the caching allocator: 287 MB with lazy module loading after one
// small op (pytorch PR #86509), ~300–400 MB for CUDA ≥ 11.7 (pytorch issues #107667, #109888);
// cuBLAS, cuDNN, NCCL and TransformerEngine kernels load on first use and add to it. The point
// is 0.5 GB, the range what those reports span with the libraries loaded.
constexpr MemoryRangeGb kContext{0.3, 1.0};
constexpr double kContextGb = 0.5;
// NCCL per communicator: NCCL_BUFFSIZE 4 MiB per channel and peer for the simple protocol plus
// the LL and LL128 buffers (NCCL environment docs; nccl issue #391): a ring on 2 channels holds
// ~35 MB, on the 16–32 channels NVLink uses several hundred MB; 1.6 GB was reported after one
// communicator's first all-reduce (nccl issue #864).
constexpr MemoryRangeGb kNccl{0.04, 0.6};
// An intra-node all-to-all (expert parallelism) connects every pair: 1.06 → 4.34 GB per GPU on
// 8 × H100 (nccl issue #1685).
constexpr MemoryRangeGb kNcclAllToAll{0.3, 3.3};
// cuBLAS keeps a workspace per handle and stream, allocated through PyTorch's caching allocator
// (so counted in allocated memory): CUBLAS_WORKSPACE_CONFIG ":4096:8" is 8 × 4 MiB = 32 MiB,
// PyTorch's default on Hopper. TransformerEngine keeps its own 32 MiB cuBLAS workspace and
// cuBLASLt another: ~0.1 GB under Megatron (the functional tests' allocated memory after a step
// exceeds the model state by 0.10–0.15 GB on every tiny model), one 32 MiB workspace under
// PyTorch. More streams, TP communication-overlap buffers and attention kernels add to it.
constexpr double kMegatronWorkspaceGb = 3 * 32 * 1.048576e-3;
constexpr double kPytorchWorkspaceGb = 32 * 1.048576e-3;
constexpr MemoryRangeGb kWorkspace{0, 0.25};
// The caching allocator's reserved − allocated at the peak: ~1 % to 22 % in published pairs of
// counters, highest with activation checkpointing, whose recomputed layers are allocated again
// between gradients in backward (issue 13's measurements; torchtune's e2e tutorial: 6.21 GiB
// allocated, 6.27 GiB reserved at init). Expandable segments (PYTORCH_CUDA_ALLOC_CONF) sit at the
// low end.
constexpr MemoryRangeGb kFragmentation{0.0, 0.10};
constexpr MemoryRangeGb kFragmentationRecompute{0.0, 0.22};

// Megatron-Core with TransformerEngine (fused layers, vocab-parallel cross-entropy).
constexpr MemoryProfile kMegatron{
    "megatron-core-0.13+te-2.4",
    Framework::kMegatron,
    // vocab_parallel_cross_entropy: the bf16 logits while they are cast, the fp32 softmax kept
    // for backward, whose gradient is formed in place (megatron/core/tensor_parallel/
    // cross_entropy.py).
    6,
    // Megatron's LoRA adapters compute in the model's bf16.
    2,
    kContextGb,
    kContext,
    kNccl,
    kNcclAllToAll,
    kMegatronWorkspaceGb,
    kWorkspace,
    kFragmentation,
    kFragmentationRecompute,
    // The DDP gradient buffer (main_grad, fp32) is allocated at start and kept.
    true,
    true,
    0,
};

// PyTorch eager with transformers' modeling code (Llama/Qwen/Mistral), PEFT adapters, FSDP.
constexpr MemoryProfile kPytorch{
    "transformers-4.56+torch-2.8",
    Framework::kPytorch,
    // ForCausalLMLoss upcasts the logits to fp32 and cross_entropy keeps its fp32 log-softmax;
    // when the backward starts the log-softmax (4), the NLL gradient (4) and the log-softmax
    // gradient (4) are alive: 12 B per logit once the bf16 logits are released (Trainer,
    // torchtitan `del pred`); measured 12.2–12.3 B (issue 13).
    12,
    // PEFT upcasts bf16 adapters to fp32 (autocast_adapter_dtype=True).
    4,
    kContextGb,
    kContext,
    kNccl,
    kNcclAllToAll,
    kPytorchWorkspaceGb,
    kWorkspace,
    kFragmentation,
    kFragmentationRecompute,
    // zero_grad(set_to_none=True): gradients appear in backward as each layer finishes.
    false,
    true,
    0,
};

// The same models and loss under DeepSpeed ZeRO: gradient partitions are kept, ZeRO-3 gathers
// parameters a bucket at a time (stage3_prefetch_bucket_size = 5e7, runtime/zero/config.py).
constexpr MemoryProfile kDeepspeed{
    "deepspeed-0.17+transformers-4.56",
    Framework::kDeepspeed,
    12,
    4,
    kContextGb,
    kContext,
    kNccl,
    kNcclAllToAll,
    kPytorchWorkspaceGb,
    kWorkspace,
    kFragmentation,
    kFragmentationRecompute,
    true,
    false,
    5e7,
};

}  // namespace

const MemoryProfile& memory_profile(Framework framework) {
  switch (framework) {
    case Framework::kMegatron:
      return kMegatron;
    case Framework::kDeepspeed:
      return kDeepspeed;
    default:
      return kPytorch;
  }
}

double loss_bytes_per_logit(Framework framework, LossKind loss) {
  const MemoryProfile& p = memory_profile(framework);
  if (loss == LossKind::kFused) return 2;
  if (framework == Framework::kMegatron) return p.logits_bytes;
  switch (loss) {
    case LossKind::kBf16:
      return 3 * 2;
    case LossKind::kChunked:
      return 4 + 2 + 4.0 / 8;
    default:
      return p.logits_bytes;
  }
}

std::string_view loss_id(LossKind loss) {
  switch (loss) {
    case LossKind::kBf16:
      return "bf16";
    case LossKind::kChunked:
      return "chunked";
    case LossKind::kFused:
      return "fused";
    default:
      return "fp32";
  }
}

std::string_view framework_id(Framework framework) {
  switch (framework) {
    case Framework::kMegatron:
      return "megatron";
    case Framework::kDeepspeed:
      return "deepspeed";
    default:
      return "pytorch";
  }
}

}  // namespace llm_sizer
