#include "llm_sizer/training_memory.hpp"

#include <algorithm>
#include <cmath>

#include "llm_sizer/layout_rules.hpp"
#include "llm_sizer/units.hpp"

// Optimized for size in a build by clang (the page's wasm, whose gzipped bytes are the first
// visit's budget); GCC has no such attribute.
#if defined(__clang__)
#define LLM_SIZER_SMALL [[clang::minsize]]
#else
#define LLM_SIZER_SMALL
#endif

namespace llm_sizer {
namespace {

constexpr double kMaskBytes = 1;  // dropout masks are bool (1 byte)
constexpr double kFp32Bytes = 4;
constexpr double kMegatronVocabMultiple = 128;  // --make-vocab-size-divisible-by default
// DeepSpeed ZeRO's gradient reduce bucket: reduce_bucket_size = 5e8 elements by default
// (runtime/zero/config.py), one contiguous buffer in the gradients' 16-bit dtype.
constexpr double kDeepspeedReduceBucket = 5e8;
// A gathered ZeRO-3 unit is kept while the next one is prefetched: two layers (FSDP's
// limit_all_gathers rate limiter, FSDP2's implicit forward prefetch).
constexpr double kGatheredLayers = 2;
// Activation offload keeps the layer being computed and the one whose copy is in flight.
constexpr double kOffloadResidentLayers = 2;

// Which linears keep their input for a weight gradient, and which carry a LoRA adapter.
struct Trains {
  bool full = true;          // every weight (and norm weight) trains
  unsigned adapted = 0;      // LoRA targets (empty for full fine-tuning)
  double adapter_bytes = 0;  // bytes of an adapter's saved input copy and rank activations
  double rank = 0;
  bool lora(unsigned target) const { return (adapted & target) != 0; }
  bool any(unsigned targets) const { return full || (adapted & targets) != 0; }
};

Trains trains_of(const TrainingMemoryInputs& in) {
  Trains t;
  t.full = !in.finetune.adapters();
  if (!t.full) {
    t.adapted = in.finetune.lora_targets;
    t.adapter_bytes = memory_profile(in.framework).adapter_bytes;
    t.rank = in.finetune.lora_rank;
  }
  return t;
}

bool is_megatron(const TrainingMemoryInputs& in) { return in.framework == Framework::kMegatron; }

// What a LoRA adapter on a linear of input width `in_width` saves: PEFT casts the input to the
// adapter's dtype (a new tensor kept by lora_A; under autocast a bf16 cast instead) and lora_B
// keeps lora_A's rank-r output. Megatron's adapters share the layer's bf16 input.
double adapter_saved(const TrainingMemoryInputs& in, const Trains& t, double in_width) {
  const double copy = is_megatron(in)     ? 0
                      : runs_autocast(in) ? in.recipe.activation_bytes * in_width
                                          : t.adapter_bytes * in_width;
  return copy + t.adapter_bytes * t.rank;
}

// Bytes the FFN's inside keeps per token for width f.
// Megatron: the fused bias-GELU / SwiGLU keeps its input (f, or 2f for gate and up) and FC2
// keeps its input (f) when its weight trains. PyTorch eager SwiGLU: SiLU keeps gate(x), the
// product keeps SiLU(gate(x)) and up(x), down keeps the product: 4f; GELU keeps its input and
// FC2 its output: 2f. A frozen FC2 keeps nothing; an adapted one its adapter's copy.
double ffn_inner_bytes(const TrainingMemoryInputs& in, const Trains& t, double f) {
  const double e = in.recipe.activation_bytes;
  const double me = in.recipe.matmul_input_bytes;
  const bool swiglu = in.arch.ffn_kind == FfnKind::kSwiglu;
  const bool megatron = is_megatron(in);
  // Megatron keeps fc1's output; with gpt-oss's clamp (glu_clamp: only its experts have one) also
  // the clamped copy of it that the fused activation reads (step_time.cpp).
  const double clamp = megatron && in.arch.clamps_glu() ? 2 : 0;
  double bytes = swiglu ? (megatron ? (2 + clamp) * e * f : 3 * e * f) : e * f;
  if (t.full) {
    bytes += (megatron ? me : e) * f;
  } else if (t.lora(kLoraDown)) {
    bytes += adapter_saved(in, t, f);
  }
  return bytes;
}

// The input of a group of linears reading one tensor (q, k, v; or gate, up): Megatron keeps the
// GEMM input once when any of them trains; PyTorch keeps it once in bf16 (per linear under
// autocast, which casts it for every op); PEFT adapters keep their own copies.
double linear_inputs_bytes(const TrainingMemoryInputs& in, const Trains& t, unsigned targets,
                           int linears, double width) {
  const double e = in.recipe.activation_bytes;
  const double me = in.recipe.matmul_input_bytes;
  double bytes = 0;
  if (t.full) {
    bytes += is_megatron(in) ? me * width : (runs_autocast(in) ? linears * e * width : e * width);
  } else if (is_megatron(in) && t.any(targets)) {
    bytes += me * width;  // Megatron's adapters read the layer's saved GEMM input
  }
  for (unsigned target = 1; target < (1u << 7); target <<= 1) {
    if ((targets & target) != 0 && t.lora(target)) bytes += adapter_saved(in, t, width);
  }
  return bytes;
}

// A norm's own saved tensors (its output is counted with the linears reading it).
// Megatron/TE: the norm's input (e). PyTorch RMSNorm (transformers LlamaRMSNorm): the fp32 upcast
// of the input, kept by pow and the rsqrt multiply (4), and the normalized tensor kept by the
// weight multiply when the weight trains (2, fp32 under autocast). LayerNorm keeps its input
// (fp32 under autocast, which runs layer_norm in fp32).
double norm_bytes(const TrainingMemoryInputs& in, const Trains& t) {
  const double e = in.recipe.activation_bytes;
  if (is_megatron(in)) return e;
  if (in.arch.norm == NormKind::kRmsNorm) {
    return kFp32Bytes + (t.full ? (runs_autocast(in) ? kFp32Bytes : e) : 0);
  }
  return runs_autocast(in) ? kFp32Bytes : e;
}

}  // namespace

std::string_view verdict_id(Verdict verdict) {
  switch (verdict) {
    case Verdict::kTight:
      return "tight";
    case Verdict::kDoesNotFit:
      return "does_not_fit";
    default:
      return "fits";
  }
}

Verdict memory_verdict(double point_bytes, double high_bytes, double card_bytes, double headroom) {
  // Written so that a NaN never fits (the search's rule before this function served both).
  return !(point_bytes <= card_bytes)             ? Verdict::kDoesNotFit
         : !(high_bytes <= headroom * card_bytes) ? Verdict::kTight
                                                  : Verdict::kFits;
}

double optimizer_moment_bytes(const TrainingMemoryInputs& in) {
  return optimizer_state_bytes(in.finetune.optimizer, in.recipe.optimizer_bytes, in.arch.hidden);
}

bool needs_distributed_optimizer(Framework framework, std::string_view recipe_id,
                                 Optimizer optimizer) {
  return framework == Framework::kMegatron &&
         (recipe_id == "fp8-param" || optimizer == Optimizer::kAdamwBf16);
}

ModelStateBytes model_state_bytes(double params, const Recipe& r, int zero, double shard) {
  ModelStateBytes m;
  m.weights = params * (r.weight_bytes + r.weight_copy_bytes) / (zero >= 3 ? shard : 1);
  m.grads = params * r.grad_bytes / (zero >= 2 ? shard : 1);
  m.optimizer =
      params * (r.master_bytes + r.optimizer_bytes) / (zero >= 1 || r.shards_optimizer ? shard : 1);
  return m;
}

Recipe adapter_recipe(const TrainingMemoryInputs& in) {
  Recipe a = in.recipe;
  a.optimizer_bytes = optimizer_moment_bytes(in);
  if (is_megatron(in)) return a;
  const AdapterBytes b = adapter_bytes(in.finetune.optimizer);
  a = Recipe{};
  a.weight_bytes = b.weights;
  a.grad_bytes = b.grads;
  a.optimizer_bytes = b.optimizer;
  return a;
}

double logits_bytes_per_element(Framework framework) {
  return memory_profile(framework).logits_bytes;
}

double padded_vocab(double vocab, double tp, Framework framework) {
  if (framework != Framework::kMegatron) return vocab;
  const double multiple = kMegatronVocabMultiple * tp;
  return std::ceil(vocab / multiple) * multiple;
}

MoeRankLoad moe_rank_load(const Architecture& arch, const TrainingLayout& layout) {
  MoeRankLoad out;
  if (!arch.is_moe() || !(arch.moe_top_k > 0) || !(layout.ep >= 1)) return out;
  const double top_k = arch.moe_top_k;
  const double local_experts = arch.moe_experts / layout.ep;
  out.bound = layout.ep * std::min(top_k, local_experts) / top_k;
  if (layout.moe_capacity_factor > 0) {
    out.load = std::min(layout.moe_capacity_factor, arch.moe_experts / top_k);
  }
  return out;
}

LayerActivations layer_activations(const TrainingMemoryInputs& in, bool moe_layer) {
  const Architecture& a = in.arch;
  const TrainingLayout& l = in.layout;
  const Trains t = trains_of(in);
  const double e = in.recipe.activation_bytes;
  const double me = in.recipe.matmul_input_bytes;
  const double tokens = l.seq_len / l.cp * l.micro_batch;  // per card and micro-batch
  const double h = a.hidden;
  const double heads = a.heads;
  const double kv_heads = a.is_mla() ? heads : a.kv_heads;  // MLA expands keys/values per head
  const double q_width = heads * a.qk_head_dim();
  const double k_width = kv_heads * a.qk_head_dim();
  const double v_width = kv_heads * a.v_dim();
  const double o_width = heads * a.v_dim();
  const double mask = a.dropout ? kMaskBytes : 0;
  const bool megatron = is_megatron(in);

  double unsplit = 0;  // per token
  double split = 0;
  double quadratic = 0;  // per token, times the keys attended
  // The norms (two, or four with post-norms: Gemma 2/3, GLM-4) and the GEMM inputs after them (q,
  // k, v read one tensor; so do gate and up), the two residual dropout masks.
  const unsigned qkv = kLoraQ | kLoraK | kLoraV;
  const unsigned gate_up = kLoraGate | kLoraUp;
  const int ffn_inputs = hf_ffn_input_linears(a);
  unsplit = a.layer_norms * norm_bytes(in, t) * h +
            linear_inputs_bytes(in, t, qkv, kHfAttentionInputLinears, h) + 2 * mask * h;
  // The MLP block's own parts, apart: Megatron's selective recompute can drop them whole.
  double mlp_unsplit = moe_layer ? 0 : linear_inputs_bytes(in, t, gate_up, ffn_inputs, h);
  double mlp_split = 0;
  if (moe_layer && t.full) mlp_unsplit += (megatron ? me : e) * h;  // the router's input
  // Q, K and V for attention's backward.
  const double qkv_e = in.recipe.attention_qkv_bytes > 0 ? in.recipe.attention_qkv_bytes : e;
  const double out_e = in.recipe.attention_out_bytes > 0 ? in.recipe.attention_out_bytes : e;
  if (megatron || l.flash_attention) {
    // Megatron's attention and PyTorch SDPA (enable_gqa with unpadded batches, transformers'
    // sdpa_attention) keep keys and values at their own head count.
    split = qkv_e * (q_width + k_width + v_width);
  } else {
    // Eager attention: repeat_kv materializes keys and values for every query head, and the
    // matmuls keep those copies.
    split = e * (q_width + heads * a.qk_head_dim() + heads * a.v_dim());
  }
  const double qkv_saved = split;  // MLA: the up-projections' outputs (mla_up_proj drops them)
  // The attention output and what o_proj keeps of it.
  const bool o_keeps = t.full || (megatron && t.lora(kLoraO));
  if (l.flash_attention) {
    // The kernel's output (also o_proj's input) and its fp32 log-sum-exp per head.
    const bool o_copy = o_keeps && me != e && !in.recipe.proj_input_shared;
    split += out_e * o_width + kFp32Bytes * heads + (o_copy ? me * o_width : 0);
  } else if (o_keeps) {
    split += megatron ? me * o_width : e * o_width;  // eager: the contiguous copy o_proj reads
  }
  if (t.lora(kLoraO)) split += adapter_saved(in, t, o_width);
  if (megatron) {
    quadratic = e + (a.dropout ? kMaskBytes + e : 0);  // softmax, its dropout mask and output
  } else {
    // softmax(dtype=float32) keeps its fp32 output; the bf16 cast (or dropout's output, with
    // its mask) is what the matmul with V keeps.
    quadratic = kFp32Bytes + e + (a.dropout ? kMaskBytes : 0);
  }
  if (a.is_mla()) {
    // Low-rank down-projections are replicated over TP: their outputs, norms and the GEMM inputs.
    const double ranks = a.q_lora_rank + a.kv_lora_rank;
    unsplit += (e + me) * ranks + e * a.qk_rope_dim;
  }
  if (a.qk_norm) {
    // Per-head RMSNorm of q and k: Megatron keeps its input; transformers the fp32 upcast and,
    // when the weight trains, the normalized bf16.
    split += (megatron ? e : kFp32Bytes + (t.full ? e : 0)) * (q_width + k_width);
  }

  double expert = 0;  // routed experts, per token of this card
  // The routed copies are counted on the hottest expert-parallel rank.
  const double load = moe_layer ? moe_rank_load(a, l).load : 1;
  if (moe_layer) {
    const double f = a.moe_ffn;
    if (a.moe_shared_experts > 0) {
      mlp_split += ffn_inner_bytes(in, t, a.moe_shared_experts * f) +
                   (megatron ? 0 : linear_inputs_bytes(in, t, gate_up, ffn_inputs, h));
    }
    // Router logits and probabilities in fp32; each routed copy of a token keeps the permuted
    // input of its expert's first GEMM (when that trains), the expert's inside, and its output
    // for the weighted sum.
    mlp_unsplit += 2 * kFp32Bytes * a.moe_experts;
    const double routed_input = t.full ? me : 0;
    expert = a.moe_top_k * (l.etp * (routed_input + e) * h + ffn_inner_bytes(in, t, f));
    expert *= load;
  } else {
    mlp_split += ffn_inner_bytes(in, t, a.ffn);
  }
  unsplit += mlp_unsplit;
  split += mlp_split;

  const double tp = l.tp;
  const bool sp = l.sequence_parallel;  // Megatron; PyTorch with a DTensor plan (torchtitan)
  const double keys = a.sliding_window > 0 ? std::min(l.seq_len, a.sliding_window) : l.seq_len;
  LayerActivations out;
  out.unsplit_bytes = tokens * unsplit;
  out.split_bytes = tokens * split;
  out.quadratic_bytes = l.flash_attention ? 0 : tokens * heads * keys * quadratic;
  out.layer_input_bytes = tokens * e * h;
  // With sequence parallelism tokens are spread over TP before routing; without it every TP rank
  // routes all of them.
  const double expert_bytes = tokens * expert / (sp || !megatron ? tp : 1);
  const double full = out.unsplit_bytes / (sp ? tp : 1) + out.split_bytes / tp +
                      out.quadratic_bytes / tp + expert_bytes;
  out.expert_bytes = expert_bytes;
  out.recomputed_bytes = full;
  switch (l.recompute) {
    case Recompute::kNone:
      out.saved_bytes = full;
      break;
    case Recompute::kSelective: {
      const unsigned m = selective_recompute_modules(in);
      const double unsplit_share = sp ? tp : 1;
      double saved = full;
      if (m & kRecomputeCoreAttn) saved -= out.quadratic_bytes / tp;
      if ((m & kRecomputeMlaUpProj) && a.is_mla()) saved -= tokens * qkv_saved / tp;
      if (moe_layer ? (m & kRecomputeMoe) : (m & kRecomputeMlp)) {
        // A checkpointed MLP keeps only its input, the residual stream (TransformerEngine fuses
        // the pre-MLP norm into fc1, so the norm is recomputed with it).
        saved -= tokens * (mlp_unsplit + norm_bytes(in, t) * h) / unsplit_share +
                 tokens * mlp_split / tp + expert_bytes;
        saved += tokens * e * h / unsplit_share;
      } else if (moe_layer && (m & kRecomputeMoeAct)) {
        // The activation's output, each routed copy's fc2 input, is recomputed from fc1's, and so
        // is the clamped copy of fc1's output.
        const double act = (t.full ? me : 0) + (megatron && a.clamps_glu() ? 2 * e : 0);
        saved -= tokens * a.moe_top_k * load * act * a.moe_ffn / (sp || !megatron ? tp : 1);
      }
      out.saved_bytes = saved;
      break;
    }
    case Recompute::kFull:
      out.saved_bytes = out.layer_input_bytes / (sp ? tp : 1);
      break;
    case Recompute::kOp: {
      // torchtitan's policy saves the output of the 1st, 3rd, 5th… mm of a layer (q, v, the
      // FFN's first and, for SwiGLU, its last: wq, wv, w1, w2) and the attention kernel's
      // outputs (its output and fp32 log-sum-exp); the layer's input is the checkpoint's.
      const double f = moe_layer ? a.moe_top_k * a.moe_ffn : a.ffn;
      const double column = e * (q_width + v_width + f) + e * o_width + kFp32Bytes * heads;
      const double row = a.ffn_kind == FfnKind::kSwiglu ? e * h : 0;  // w2's output
      out.saved_bytes = tokens * (column / tp + (e * h + row) / (sp ? tp : 1));
      break;
    }
  }
  return out;
}

namespace {

// What the peak reads of the model and of a layer's layout: parameter counts and each layer's
// activations.
struct LayerParts {
  ParamCounts counts;
  LayerActivations dense;
  LayerActivations moe;
};

// Everything about an evaluation that does not depend on the stage.
struct Common {
  LayerActivations dense;
  LayerActivations moe;
  const MemoryProfile* profile = nullptr;
  Recipe recipe;                  // the recipe with the optimizer's state bytes
  double dense_layer_params = 0;  // per card: split / t + replicated
  double moe_layer_params = 0;    // per card, without routed experts
  double moe_layer_experts = 0;   // routed expert parameters per card in one MoE layer
  double embedding_params = 0;    // first stage
  double head_params = 0;         // last stage: LM head (or tied copy) and final norm
  double vocab_matrix = 0;        // the (padded) embedding or LM head matrix per card
  double final_norm_params = 0;
  double max_layer_params = 0;  // the largest layer on a card (ZeRO-3 gather buffers)
  double largest_matrix = 0;    // the largest single weight on a card (DeepSpeed's gather unit)
  double dense_shard = 1;       // data-parallel ranks sharing dense optimizer state
  double expert_shard = 1;
  // LoRA: adapter parameters per card; QLoRA: the share of a layer's parameters stored in NF4.
  double dense_layer_adapters = 0;
  double moe_layer_adapters = 0;  // including routed experts (split like them)
  double dense_quantized = 0;     // quantized parameters per card of a dense layer
  double moe_quantized = 0;       // of an MoE layer (experts included)
  double vocab = 0;
  double logits_bytes = 0;       // one micro-batch on the last stage
  double last_stage_extra = 0;   // final norm input and LM head input
  double first_stage_extra = 0;  // embedding dropout mask, per micro-batch in flight
  // Multi-token prediction on the last stage (training_memory.hpp), per module: parameters per
  // card without and with routed experts, and what a micro-batch in flight saves.
  double mtp_params = 0;
  double mtp_experts = 0;
  double mtp_saved = 0;
  double mtp_embedding = 0;  // the embedding's copy there (place)
  double context_bytes = 0;
  ByteRange communication;
  double communicators = 0;
  double interleave_group = 0;  // N micro-batches a virtual stage runs at a time (inflight)
};

// The process groups of more than one rank a card joins, with NCCL's buffers for each.
void communicators(const TrainingMemoryInputs& in, Common& c) {
  const TrainingLayout& l = in.layout;
  const MemoryProfile& p = *c.profile;
  const auto add = [&](bool on, MemoryRangeGb per) {
    if (!on) return;
    c.communicators += 1;
    c.communication.low += gb_to_bytes(per.low);
    c.communication.high += gb_to_bytes(per.high);
  };
  add(l.tp > 1, p.nccl_per_communicator);
  add(l.pp > 1, p.nccl_per_communicator);
  add(l.dp * l.cp > 1, p.nccl_per_communicator);
  add(l.cp > 1, p.nccl_per_communicator);
  add(l.ep > 1, p.nccl_all_to_all);
  if (std::isfinite(in.overheads.comm_buffer_gb)) {
    c.communication.low = c.communication.high = gb_to_bytes(in.overheads.comm_buffer_gb);
  }
}

// The layout fields layer_activations reads (PeakCache's key).
std::array<double, 11> layer_layout(const TrainingLayout& l) {
  return {l.tp,
          l.cp,
          l.ep,
          l.etp,
          l.micro_batch,
          l.seq_len,
          l.sequence_parallel ? 1.0 : 0.0,
          static_cast<double>(l.recompute),
          static_cast<double>(l.recompute_modules),
          l.flash_attention ? 1.0 : 0.0,
          l.moe_capacity_factor};
}

LayerParts layer_parts(const TrainingMemoryInputs& in) {
  LayerParts parts;
  parts.counts = count_params(in.arch);
  parts.dense = layer_activations(in, false);
  if (in.arch.is_moe()) parts.moe = layer_activations(in, true);
  return parts;
}

// What depends on the model and the layer's layout alone: the same for every pipeline depth,
// DP and ZeRO stage of one key (what the search's cache keeps).
Common prepare_layers(const TrainingMemoryInputs& in, const LayerParts& parts) {
  Common c;
  const Architecture& a = in.arch;
  const TrainingLayout& l = in.layout;
  const ParamCounts& counts = parts.counts;
  const double t = l.tp;
  const bool megatron = is_megatron(in);
  const bool sp = l.sequence_parallel;  // Megatron; PyTorch with a DTensor plan (torchtitan)
  c.profile = &memory_profile(in.framework);
  c.recipe = in.recipe;
  c.recipe.optimizer_bytes = optimizer_moment_bytes(in);
  c.dense = parts.dense;
  c.moe = parts.moe;

  // Replicated over TP: norms (and qk-norm weights), MLA's down-projections, the router.
  double attention_replicated = a.qk_norm_params();
  if (a.is_mla()) {
    attention_replicated += a.hidden * (a.q_lora_rank + a.kv_lora_rank + a.qk_rope_dim) +
                            a.q_lora_rank + a.kv_lora_rank;
  }
  const double attention_split = counts.attention - attention_replicated;
  const double replicated = counts.norms_per_layer + attention_replicated;
  c.dense_layer_params = (attention_split + counts.dense_ffn) / t + replicated;
  const double router = a.hidden * a.moe_experts;
  c.moe_layer_params =
      (attention_split + a.moe_shared_experts * counts.expert) / t + replicated + router;
  const double expert_split = l.ep * l.etp;
  c.moe_layer_experts = a.moe_experts * counts.expert / expert_split;
  c.max_layer_params =
      std::max(c.dense_layer_params, a.is_moe() ? c.moe_layer_params + c.moe_layer_experts : 0);

  // The largest matrix and the NF4 share: only for ZeRO-3 gathers by bucket and for QLoRA.
  const bool bucketed_gathers = in.prefetch_bucket > 0 || c.profile->prefetch_bucket_params > 0;
  const bool qlora = in.finetune.mode == FineTune::kQlora;
  const QuantizedParams quantized =
      bucketed_gathers || qlora ? quantized_params(a) : QuantizedParams{};
  c.largest_matrix = quantized.largest_matrix / t;
  if (in.finetune.adapters()) {
    const AdapterParams adapters =
        lora_adapter_params(a, in.finetune.lora_rank, in.finetune.lora_targets);
    c.dense_layer_adapters = (adapters.attention + adapters.dense_ffn) / t;
    const double shared = adapters.moe_layer - a.moe_experts * adapters.expert;
    c.moe_layer_adapters =
        (adapters.attention + shared) / t + a.moe_experts * adapters.expert / expert_split;
  }
  if (qlora) {
    c.dense_quantized = quantized.dense_layer / t;
    const double experts = a.moe_experts * counts.expert;
    c.moe_quantized = (quantized.moe_layer - experts) / t + experts / expert_split;
  }

  c.vocab = padded_vocab(a.vocab, t, in.framework);
  const double vocab_matrix = c.vocab * a.hidden / t;
  const double positions = counts.embedding - a.vocab * a.hidden;  // learned positions
  c.embedding_params = vocab_matrix + positions;
  c.vocab_matrix = vocab_matrix;
  c.final_norm_params = counts.final_norm;

  const double e = in.recipe.activation_bytes;
  const double me = in.recipe.matmul_input_bytes;
  const double tokens = l.seq_len / l.cp * l.micro_batch;
  c.logits_bytes = loss_bytes_per_logit(in.framework, in.loss) * tokens * c.vocab / t;
  const Trains trains = trains_of(in);
  const double final_norm_saved = norm_bytes(in, trains);
  const double head_input = trains.full ? (megatron ? me : e) : 0;  // a frozen head keeps none
  c.last_stage_extra = tokens * a.hidden * (final_norm_saved + head_input) / (sp ? t : 1);
  c.first_stage_extra = a.dropout ? tokens * a.hidden * kMaskBytes / (sp ? t : 1) : 0;
  c.context_bytes = gb_to_bytes(in.overheads.cuda_context_gb);
  if (in.mtp_layers > 0) {
    // Megatron's MultiTokenPredictionLayer: enorm and hnorm, eh_proj (a column-parallel 2h → h
    // linear), one layer of the decoder's last kind, its final norm. Saved: that layer's
    // activations, the projection's input and the two norms' inputs.
    const bool moe = a.layer_is_moe(a.layers - 1);
    const double h = a.hidden;
    c.mtp_params = (moe ? c.moe_layer_params : c.dense_layer_params) + 2 * h * h / t + 3 * h;
    c.mtp_experts = moe ? c.moe_layer_experts : 0;
    c.mtp_saved = (moe ? c.moe.saved_bytes : c.dense.saved_bytes) +
                  tokens * h * (2 * me + 2 * final_norm_saved) / (sp ? t : 1);
  }
  return c;
}

// What the pipeline depth, DP and ZeRO stage change: the LM head's copy, the shards and the
// communicators.
void place(const TrainingMemoryInputs& in, Common& c) {
  const TrainingLayout& l = in.layout;
  const bool head_on_last = !in.arch.tied_embeddings || l.pp > 1;  // tied + PP keeps a copy there
  c.head_params = (head_on_last ? c.vocab_matrix : 0) + c.final_norm_params;
  // Multi-token prediction embeds the next tokens on the last stage: a copy of the embedding
  // there unless the stage holds it already (no pipeline, or tied to the head).
  c.mtp_embedding = in.mtp_layers > 0 && l.pp > 1 && !in.arch.tied_embeddings ? c.vocab_matrix : 0;
  c.dense_shard = l.dp * l.cp;
  c.expert_shard = l.dp * l.cp * l.tp / (l.ep * l.etp);
  c.communicators = 0;
  c.communication = {};
  communicators(in, c);
  c.interleave_group = l.vpp > 1 ? interleaved_group(in) : l.pp;  // once, not per stage
}

Common prepare(const TrainingMemoryInputs& in, const LayerParts& parts) {
  Common c = prepare_layers(in, parts);
  place(in, c);
  return c;
}

// In-flight micro-batches of stage i, in layer-stacks of the whole stage.
double inflight(const TrainingLayout& l, const Common& c, int stage) {
  const double p = l.pp;
  if (l.vpp <= 1) return std::min(p - stage, l.microbatches);
  const double v = l.vpp;
  const double chunks =
      std::min(2 * (p - stage - 1) + (v - 1) * c.interleave_group + 1, l.microbatches * v);
  return chunks / v;
}

// The gathered ZeRO-3 parameters on a card: whole layers (FSDP units, Megatron) or DeepSpeed's
// module at work plus its prefetch bucket.
double gathered_params(const TrainingMemoryInputs& in, const Common& c) {
  const double bucket =
      in.prefetch_bucket > 0 ? in.prefetch_bucket : c.profile->prefetch_bucket_params;
  if (bucket > 0) return c.largest_matrix + bucket;
  return kGatheredLayers * c.max_layer_params;
}

// Weights, gradients and optimizer state of a stage's parameters; adapters under LoRA.
struct StageState {
  double weights = 0;
  double grads = 0;
  double optimizer = 0;
  double gather = 0;        // ZeRO-3's gathered parameters (offload's gathered layers)
  double buckets = 0;       // DeepSpeed's reduce bucket, DDP's gradient buckets
  double dequant = 0;       // QLoRA's dequantized matrices
  double host_state = 0;    // offloaded optimizer states, master weights and fp32 gradients
  double host_weights = 0;  // offloaded weights (optimizer-params)
  double trainable = 0;
};

StageState stage_state(const TrainingMemoryInputs& in, const Common& c, double dense_params,
                       double expert_params, double adapters, double quantized) {
  const TrainingLayout& l = in.layout;
  const Recipe& r = c.recipe;
  const FineTuneSettings& ft = in.finetune;
  StageState s;
  const double params = dense_params + expert_params;
  if (!ft.adapters()) {
    const ModelStateBytes dense = model_state_bytes(dense_params, r, l.zero, c.dense_shard);
    const ModelStateBytes experts = model_state_bytes(expert_params, r, l.zero, c.expert_shard);
    s.weights = dense.weights + experts.weights;
    s.grads = dense.grads + experts.grads;
    s.optimizer = dense.optimizer + experts.optimizer;
    s.trainable = params;
  } else {
    // The frozen base: the recipe's compute weight (NF4 for QLoRA's quantized linears), no
    // gradient, no optimizer state. Adapters: their own dtype (PEFT fp32), the optimizer's
    // states; under Megatron the recipe's bytes.
    const double base = (params - quantized) * r.weight_bytes + quantized * nf4_bytes_per_weight();
    s.weights = base / (l.zero >= 3 ? c.dense_shard : 1);
    const ModelStateBytes adapter =
        model_state_bytes(adapters, adapter_recipe(in), l.zero, c.dense_shard);
    s.weights += adapter.weights;
    s.grads = adapter.grads;
    s.optimizer = adapter.optimizer;
    s.trainable = adapters;
  }
  if (l.zero >= 3) s.gather = gathered_params(in, c) * r.weight_bytes;
  if (in.framework == Framework::kDeepspeed && l.zero >= 1 && !ft.adapters()) {
    s.buckets += kDeepspeedReduceBucket * r.grad_bytes;
  }
  if (in.framework == Framework::kPytorch && l.zero == 0 && l.dp * l.cp > 1) {
    // DDP's gradient buckets are a second copy of the gradients unless gradient_as_bucket_view.
    s.buckets += s.grads;
  }
  if (ft.mode == FineTune::kQlora) {
    // bitsandbytes dequantizes a weight to bf16 for each GEMM: one matrix in forward, one in
    // backward.
    s.dequant = 2 * c.largest_matrix * in.recipe.activation_bytes;
  }
  // Autocast's bf16 copies of the fp32 weights (runs_autocast: not under Megatron, which has no
  // autocast, nor FSDP's mixed precision, whose gathered weights are bf16 already).
  if (runs_autocast(in) && !ft.adapters()) {
    s.weights += params * 2;
  }
  // Offload: the optimizer's states (and the fp32 gradient copy) live on the host; with
  // parameters too, the weights the card would hold (a LoRA's frozen base among them) and only
  // the gathered layers stay on the card.
  if (ft.offload != Offload::kNone) {
    const OffloadTraffic optimizer_part =
        offload_traffic(Offload::kOptimizer, s.trainable / (l.zero >= 1 ? c.dense_shard : 1),
                        r.weight_bytes, r.grad_bytes, 2, 1);
    s.host_state = optimizer_part.host_ram_bytes;
    s.optimizer = 0;
    if (ft.offload == Offload::kOptimizerParams) {
      s.host_weights = s.weights;
      s.weights = 0;
      // At least the gathered layers: the buffers' sum reaches them through the gather part.
      const double buffers = s.gather + s.buckets + s.dequant;
      s.gather += std::max(0.0, kGatheredLayers * c.max_layer_params * r.weight_bytes - buffers);
    }
  }
  return s;
}

// The point estimate of a stage: every part up to total_bytes (what the search's peak reads),
// written into `s` without touching its ranges.
void stage_point(const TrainingMemoryInputs& in, const Common& c, int stage, int first_layer,
                 int layers, StageMemory& s) {
  const Architecture& a = in.arch;
  const TrainingLayout& l = in.layout;
  const MemoryProfile& profile = *c.profile;
  s.stage = stage;
  s.first_layer = first_layer;
  s.layers = layers;
  s.inflight = inflight(l, c, stage);

  const int moe_layers =
      a.moe_layers_before(first_layer + layers) - a.moe_layers_before(first_layer);
  const int dense_layers = layers - moe_layers;
  const bool first = stage == 0;
  const bool last = stage == static_cast<int>(l.pp) - 1;

  const double mtp = last ? in.mtp_layers : 0;
  const double dense_params = dense_layers * c.dense_layer_params +
                              moe_layers * c.moe_layer_params + (first ? c.embedding_params : 0) +
                              (last ? c.head_params + mtp * c.mtp_params + c.mtp_embedding : 0);
  const double expert_params = moe_layers * c.moe_layer_experts + mtp * c.mtp_experts;
  s.params_per_card = dense_params + expert_params;
  s.expert_params_per_card = expert_params;
  s.expert_shard = c.expert_shard;
  const double adapters = dense_layers * c.dense_layer_adapters + moe_layers * c.moe_layer_adapters;
  const double quantized = dense_layers * c.dense_quantized + moe_layers * c.moe_quantized;
  const StageState state = stage_state(in, c, dense_params, expert_params, adapters, quantized);
  s.trainable_per_card = state.trainable;
  s.quantized_per_card = quantized;
  s.weights_bytes = state.weights;
  s.optimizer_bytes = state.optimizer;
  s.workspace_bytes = gb_to_bytes(profile.workspace_gb);
  s.gather_bytes = state.gather;
  s.bucket_bytes = state.buckets;
  s.dequant_bytes = state.dequant;
  s.buffers_bytes = s.workspace_bytes + s.gather_bytes + s.bucket_bytes + s.dequant_bytes;
  s.host_state_bytes = state.host_state;
  s.host_weights_bytes = state.host_weights;

  double saved = dense_layers * c.dense.saved_bytes + moe_layers * c.moe.saved_bytes;
  const double recomputed = full_recompute_share(l, layers);
  if (recomputed < 1) {
    // Block recompute: the layers past each chunk's first N keep all they would without it.
    const double kept =
        dense_layers * c.dense.recomputed_bytes + moe_layers * c.moe.recomputed_bytes;
    saved = recomputed * saved + (1 - recomputed) * kept;
  }
  double activations = s.inflight * saved;
  if (first) activations += s.inflight * c.first_stage_extra;
  s.host_activation_bytes = 0;
  if (in.finetune.activation_offload && layers > 0) {
    // Saved activations go to pinned host memory as the forward leaves each layer.
    const double per_layer = saved / layers;
    const double resident = std::min(activations, kOffloadResidentLayers * per_layer);
    s.host_activation_bytes = activations - resident;
    activations = resident;
  }
  // The prediction modules after the last layer: the last stage's end, like its head's input
  // (counted whole: the offload above keeps its resident share of the decoder layers).
  const double mtp_saved = s.inflight * mtp * c.mtp_saved;
  activations += mtp_saved;
  s.host_ram_bytes = s.host_state_bytes + s.host_weights_bytes + s.host_activation_bytes;
  const double working_layer = moe_layers > 0
                                   ? std::max(c.moe.recomputed_bytes, c.dense.recomputed_bytes)
                                   : c.dense.recomputed_bytes;
  const bool recomputes = l.recompute == Recompute::kFull || l.recompute == Recompute::kOp;
  const double working = recomputes && layers > 0 ? working_layer : 0;
  // A stage before the last peaks in its backward, one layer recomputing beside the checkpoints.
  // The last one recomputes its first layer only once the loss, the LM head and the final norm
  // have run backward and freed the logits and their inputs (the next moment below).
  if (!last) activations += working;
  // Each prediction module's loss keeps its own logits, and the LM head its own input, until
  // the backward reaches them.
  const double last_extra = last ? (1 + mtp) * c.last_stage_extra : 0;
  const double logits = last ? (1 + mtp) * c.logits_bytes : 0;

  // The peak moment. With a persistent gradient buffer (or gradients accumulated over several
  // micro-batches) every gradient is alive from the start. PyTorch without one allocates
  // gradients during backward while activations are freed: the peak is the largest of the loss
  // (no gradients yet), the last stage's first recompute (one layer's working set, the logits gone)
  // and the end of backward (every gradient, one layer's activations).
  const bool grads_alive = profile.persistent_grads || l.microbatches > 1 || l.pp > 1;
  const double grads = grads_alive ? state.grads : 0;
  const double at_loss = activations + last_extra + logits + grads;
  // The head's own gradients at that moment are left out: the moment is the peak only where the
  // logits are smaller than one layer's working set, and the head's gradients with them.
  // By then the prediction modules have run backward too, and freed what they saved.
  const double without_modules = activations - mtp_saved;
  const double at_recompute = last ? without_modules + working + grads : 0;
  const double at_backward_end = state.grads + (layers > 0 ? working_layer : 0);
  const double first_ends = first ? s.inflight * c.first_stage_extra : 0;
  s.stack_bytes = saved;
  s.ends_bytes = first_ends + mtp_saved;
  s.working_bytes = last ? 0 : working;
  if (at_recompute > at_loss && (grads_alive || at_recompute >= at_backward_end)) {
    s.moment = PeakMoment::kRecompute;
    s.grads_bytes = grads;
    s.activations_bytes = without_modules + working;
    s.ends_bytes = first_ends;
    s.working_bytes = working;
    s.logits_bytes = 0;
  } else if (grads_alive || at_loss >= at_backward_end) {
    s.moment = PeakMoment::kLoss;
    s.grads_bytes = grads;
    s.activations_bytes = activations + last_extra;
    s.ends_bytes += last_extra;
    s.logits_bytes = logits;
  } else {
    s.moment = PeakMoment::kBackwardEnd;
    s.grads_bytes = state.grads;
    s.activations_bytes = layers > 0 ? working_layer : 0;
    s.stack_bytes = 0;
    s.ends_bytes = 0;
    s.working_bytes = s.activations_bytes;
    s.logits_bytes = 0;
  }
  s.allocated_bytes = s.weights_bytes + s.grads_bytes + s.optimizer_bytes + s.activations_bytes +
                      s.logits_bytes + s.buffers_bytes;

  s.context_bytes = c.context_bytes;
  s.overhead_bytes = s.buffers_bytes + s.context_bytes;
  s.total_bytes = s.allocated_bytes + s.context_bytes;
}

// The range on top of a stage's point (its allocated bytes and context set): what varies from run
// to run. The search's fit (training_peak's high end) reads it as the memory panel does.
void add_range(const TrainingMemoryInputs& in, const Common& c, StageMemory& s) {
  const MemoryProfile& profile = *c.profile;
  const MemoryRangeGb slack = in.layout.recompute == Recompute::kFull
                                  ? profile.fragmentation_recompute
                                  : profile.fragmentation;
  const bool slack_given = std::isfinite(in.overheads.allocator_slack);
  s.fragmentation.low =
      (slack_given ? in.overheads.allocator_slack : slack.low) * s.allocated_bytes;
  s.fragmentation.high =
      (slack_given ? in.overheads.allocator_slack : slack.high) * s.allocated_bytes;
  s.communication = c.communication;
  s.workspace = {gb_to_bytes(profile.workspace.low), gb_to_bytes(profile.workspace.high)};
  s.context = {std::min(s.context_bytes, gb_to_bytes(profile.context.low)),
               std::max(s.context_bytes, gb_to_bytes(profile.context.high))};
  s.low_bytes = s.allocated_bytes + s.context.low + s.fragmentation.low + s.communication.low +
                s.workspace.low;
  s.high_bytes = s.allocated_bytes + s.context.high + s.fragmentation.high + s.communication.high +
                 s.workspace.high;
}

// The page's report (every stage and its ranges), once per plan: small rather than fast; the
// search's hot path is training_peak's.
LLM_SIZER_SMALL StageMemory stage_memory(const TrainingMemoryInputs& in, const Common& c, int stage,
                                         int first_layer, int layers) {
  StageMemory s;
  stage_point(in, c, stage, first_layer, layers, s);
  add_range(in, c, s);
  s.verdict =
      memory_verdict(s.total_bytes, s.high_bytes, gb_to_bytes(in.card_memory_gb), in.headroom);
  return s;
}

int severity(Verdict v) { return v == Verdict::kDoesNotFit ? 2 : v == Verdict::kTight ? 1 : 0; }

}  // namespace

LLM_SIZER_SMALL TrainingMemory training_memory(const TrainingMemoryInputs& in) {
  TrainingMemory m;
  const Common c = prepare(in, layer_parts(in));
  m.dense_layer = c.dense;
  m.moe_layer = c.moe;
  m.logits_bytes_per_element = loss_bytes_per_logit(in.framework, in.loss);
  m.padded_vocab = c.vocab;
  m.communicators = c.communicators;
  m.moe_rank = moe_rank_load(in.arch, in.layout);
  const auto split =
      split_layers(in.arch.layers, static_cast<int>(in.layout.pp), in.layout.stage_layers);
  int first_layer = 0;
  for (std::size_t i = 0; i < split.size(); ++i) {
    m.stages.push_back(stage_memory(in, c, static_cast<int>(i), first_layer, split[i]));
    first_layer += split[i];
    const StageMemory& s = m.stages.back();
    if (s.total_bytes > m.stages[static_cast<std::size_t>(m.peak_stage)].total_bytes) {
      m.peak_stage = static_cast<int>(i);
    }
    if (severity(s.verdict) > severity(m.verdict)) m.verdict = s.verdict;
  }
  if (m.stages.empty()) m.verdict = Verdict::kDoesNotFit;
  m.fits = m.verdict != Verdict::kDoesNotFit;
  return m;
}

namespace {

TrainingPeak peak_of(const TrainingMemoryInputs& in, const Common& c) {
  const int pp = static_cast<int>(in.layout.pp);
  const int layers = in.arch.layers;
  const std::vector<int>& given = in.layout.stage_layers;
  TrainingPeak peak;
  if (pp <= 0 || (given.empty() ? layers < pp : static_cast<int>(given.size()) != pp)) {
    const TrainingMemory m = training_memory(in);
    if (m.stages.empty()) return {HUGE_VAL, HUGE_VAL, 0, Verdict::kDoesNotFit};
    for (const auto& s : m.stages)
      peak.params_per_card = std::max(peak.params_per_card, s.params_per_card);
    peak.bytes = m.peak().total_bytes;
    peak.high_bytes = m.peak().high_bytes;
    peak.verdict = m.peak().verdict;
    return peak;
  }
  // Without building the stages: of each run of stages holding the same layers, the first keeps
  // the most micro-batches in flight, so it alone can be the run's peak (layout_rules.hpp).
  StageMemory s;  // one for every run: its point is rewritten
  StageMemory top;
  for_each_stage_run(in.arch, pp, given, [&](const StageRun& run) {
    stage_point(in, c, run.stage, run.first_layer, run.layers, s);
    if (s.total_bytes > peak.bytes) {
      peak.bytes = s.total_bytes;
      top.allocated_bytes = s.allocated_bytes;
      top.context_bytes = s.context_bytes;
    }
    peak.params_per_card = std::max(peak.params_per_card, s.params_per_card);
  });
  // Every stage shares the range's terms but fragmentation, a share of its allocated bytes: the
  // stage with the highest point has the highest high end.
  add_range(in, c, top);
  peak.high_bytes = top.high_bytes;
  peak.verdict =
      memory_verdict(peak.bytes, peak.high_bytes, gb_to_bytes(in.card_memory_gb), in.headroom);
  return peak;
}

}  // namespace

TrainingPeak training_peak(const TrainingMemoryInputs& in) {
  return peak_of(in, prepare(in, layer_parts(in)));
}

// One entry per recompute mode, and per autocast (runs_autocast: the recipe's fp32 weights
// outside ZeRO-3): the search alternates both within a key.
struct PeakCache::Entries {
  struct Entry {
    bool valid = false;
    std::array<double, 11> layer_layout{};  // the layout fields layer_activations reads
    Common common;
  };
  std::array<Entry, 8> by_mode;
};

PeakCache::PeakCache() : entries_(std::make_unique<Entries>()) {}
PeakCache::~PeakCache() = default;
PeakCache::PeakCache(PeakCache&&) noexcept = default;
PeakCache& PeakCache::operator=(PeakCache&&) noexcept = default;

TrainingPeak training_peak(const TrainingMemoryInputs& in, PeakCache& cache) {
  const std::size_t mode =
      static_cast<std::size_t>(in.layout.recompute) + (runs_autocast(in) ? 4 : 0);
  PeakCache::Entries::Entry& entry = cache.entries_->by_mode[mode];
  const auto key = layer_layout(in.layout);
  if (!entry.valid || entry.layer_layout != key) {
    entry.common = prepare_layers(in, layer_parts(in));
    entry.layer_layout = key;
    entry.valid = true;
  }
  place(in, entry.common);
  return peak_of(in, entry.common);
}

double training_peak_bytes(const TrainingMemoryInputs& in) { return training_peak(in).bytes; }

double interleaved_group(const TrainingMemoryInputs& in) {
  const TrainingLayout& l = in.layout;
  const double group = microbatch_group(l.microbatches, l.pp, in.framework == Framework::kMegatron);
  return group > 0 ? group : l.pp;
}

}  // namespace llm_sizer
