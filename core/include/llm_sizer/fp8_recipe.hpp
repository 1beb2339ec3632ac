#pragma once
/// FP8 training recipes: how TransformerEngine quantizes the bf16 operands of a linear layer's
/// GEMMs (the input forward, the output gradient backward), by the names Megatron-Core's
/// --fp8-recipe gives them (transformer_config.py, fp8_recipe). What quantizing one element moves,
/// from TransformerEngine's own account (docs/features/low_precision_training at d0067d0da:
/// fp8_current_scaling, fp8_delayed_scaling, mxfp8, fp8_blockwise_scaling,
/// performance_considerations):
/// - every recipe reads the bf16 element (2 B) and writes its fp8 rowwise copy (1 B);
/// - current scaling ("tensorwise") first reads the tensor once more for its amax (2 B): three
///   kernels, amax, scale, cast (csrc/quantizer.cpp, Float8CurrentScalingQuantizer::quantize_impl:
///   nvte_compute_amax, nvte_compute_scale_from_amax, nvte_quantize_v2). Delayed scaling takes the
///   scale from past amaxes: one read, one kernel;
/// - the weight-gradient GEMM reads the input and the output gradient columnwise. Hopper's fp8
///   GEMMs cannot: a transposed fp8 copy is written too (1 B). Blackwell's read either layout, so
///   one copy of a per-tensor scaled tensor (delayed, tensorwise) serves both; MXFP8's 1×32 and
///   blockwise's 1×128 blocks run along one direction, so their columnwise copy is quantized apart
///   (1 B) in the same pass, each copy with its scales (an E8M0 byte per 32 elements; an fp32 per
///   128).
/// Under current scaling a sequence-parallel tensor also all-reduces its amax over the TP group
/// before the cast (module/linear.py, set_quantizer_amax_reduction_group: the input of a
/// column-parallel linear, the output gradient of a row-parallel one).
///
/// NVFP4 (TransformerEngine's NVFP4BlockScaling, Megatron's --fp4-format e2m1 --fp4-recipe
/// nvfp4; the GEMMs on Blackwell's FP4 tensor cores, SM 10.0 and 10.3 only): 4-bit elements with
/// an E4M3 scale per 16 and an fp32 scale per tensor (docs/features/low_precision_training/nvfp4).
/// An input or output gradient (csrc/quantizer.cpp, NVFP4Quantizer::quantize_impl) runs one pass
/// for both amaxes (nvte_hadamard_transform_amax: the tensor's, and that of its Hadamard-rotated
/// transpose; 2 B read) and one fused kernel that reads the tensor again and writes the rowwise
/// copy and the rotated columnwise one (row_cast_col_hadamard_transform_cast_fusion.cu: 2 B read,
/// 2 × (0.5 + 1/16) written), after a one-thread kernel zeroing the amaxes: 5.125 B in 3 kernels.
/// Its amax is all-reduced over TP under sequence parallelism as current scaling's is. An
/// expert group's tensors share one grouped amax kernel and one grouped fused cast (csrc/
/// extensions/cast.cpp, split_quantize_nvfp4_impl_with_rht_helper; Megatron pads each expert's
/// tokens to 128 for it). The forward keeps only the rotated columnwise copy for the weight
/// gradient (module/linear.py): 0.5 + 1/16 B a saved GEMM input.
namespace llm_sizer {

/// In the order of the plan field's choices (plan_fields.cpp: delayed, tensorwise, mxfp8,
/// blockwise, nvfp4), which the resolver indexes.
enum class Fp8Recipe { kDelayed, kTensorwise, kMxfp8, kBlockwise, kNvfp4 };

/// Bytes of one NVFP4 element with its share of E4M3 block scales (one per 16).
inline constexpr double kNvfp4ElementBytes = 0.5 + 1.0 / 16;

/// What quantizing one GEMM operand costs under a recipe.
struct Fp8Quantization {
  double bytes_per_element = 4;  ///< HBM bytes read and written per bf16 element quantized
  int kernels = 1;               ///< kernels per tensor quantized
  bool amax_reduction = false;   ///< sequence-parallel operands all-reduce their amax over TP
  /// A grouped GEMM's per-expert tensors quantized by one kernel for the group. TE's split_quantize
  /// (csrc/extensions/cast.cpp, multi_tensor_quantize_impl) fuses them only for delayed scaling
  /// with both a rowwise and a columnwise copy (nvte_multi_cast_transpose); every other recipe
  /// quantizes each expert's tensor with its own kernels.
  bool grouped_in_one = false;
  /// The share of a per-tensor fp8 GEMM's rate the recipe's GEMMs reach. Blackwell's
  /// block-scaled MXFP8 GEMMs: TransformerEngine's GEMM benchmark (docs/examples/gemm_profiling,
  /// d0067d0da) timed the twelve GEMMs of one layer (15,872 tokens, hidden 4,096, FFN 16,384)
  /// on a B300 from pre-quantized operands in 6.812 ms per-tensor and 7.161 ms MXFP8: 0.9513.
  /// Blockwise scaling runs on those GEMMs there (TransformerEngine converts its scales to
  /// MXFP8's; PR #2157). NVFP4's ran the same twelve GEMMs in 3.764 ms: 6.812 / 3.764 = 1.81, the
  /// FP4 tensor cores' rate over the per-tensor fp8 one, measured on B300 (whose FP4 peak is 3.1×
  /// its FP8 one) and taken for every Blackwell (B200's and GB200's FP4 peak is 2× theirs). 1
  /// elsewhere.
  double gemm_share = 1;
};

/// `columnwise_native`: the accelerator's fp8 GEMMs read either operand layout (Blackwell).
Fp8Quantization fp8_quantization(Fp8Recipe recipe, bool columnwise_native);

/// Bytes per parameter of the fp8 copies of the weights kept through a step, beside the stored
/// weight (precision.hpp's weight_copy_bytes): of bf16 weights, the rowwise fp8 copy and the
/// columnwise one; of fp8 primary weights (`fp8_params`), the columnwise one only. The columnwise
/// copy is Hopper's transpose, none on Blackwell for per-tensor scales (one layout serves both:
/// "a single quantized tensor serves both usages", performance_considerations), and a second
/// copy for MXFP8 (each with an E8M0 scale per 32) and blockwise (128×128 weight blocks, whose
/// scales are negligible). NVFP4 caches both copies of a bf16 weight (module/base.py, the
/// quantized weight workspace, 16×16-block scaled so the two agree); its primary weights
/// (Megatron's --fp4-param-gather) are NVFP4 tensors holding both (nvfp4_weight_bytes).
double fp8_weight_copy_bytes(Fp8Recipe recipe, bool columnwise_native, bool fp8_params);

/// Bytes per parameter of a stored weight in `recipe` when the weights are kept quantized
/// (fp8-param): one fp8 byte, or the rowwise NVFP4 copy (its columnwise one is a weight copy).
double quantized_weight_bytes(Fp8Recipe recipe);

/// MXFP8 runs on Blackwell's block-scaled tensor cores only (TransformerEngine refuses it
/// elsewhere), NVFP4 on those that train in FP4 (`fp4_training`: B200, GB200, B300, GB300); the
/// other recipes on any fp8 accelerator.
bool fp8_recipe_runs_on(Fp8Recipe recipe, bool columnwise_native, bool fp4_training);

/// Attention under TransformerEngine's fp8_dot_product_attention: whether `recipe` runs it
/// (Megatron passes fp8_dpa to the delayed, tensorwise, MXFP8 and NVFP4 recipes, not to blockwise:
/// fp8_utils.py, fp4_utils.py at d98e8a64dd), and the bytes per element it keeps for its backward
/// (FusedAttnFunc, attention/dot_product_attention/backends.py at d0067d0da): Q, K and V in FP8,
/// one byte each per-tensor scaled, under MXFP8 a row-wise and a column-wise copy with an E8M0
/// scale per 32 (get_attention_quantizers); its output in FP8 under delayed scaling, in bf16 under
/// current scaling (NVTE_DPA_FP8CS_O_in_F16 defaults to 1) and MXFP8 (`out` 0: the activation
/// dtype). NVFP4 attends as current scaling, TransformerEngine's FP8 attention beside NVFP4 GEMMs.
struct Fp8AttentionBytes {
  bool runs = false;
  bool mxfp8 = false;  ///< block-scaled by 32 (its own measured kernels)
  double qkv = 0;
  double out = 0;
};
Fp8AttentionBytes fp8_attention_bytes(Fp8Recipe recipe);

}  // namespace llm_sizer
