#include "llm_sizer/training_memory.hpp"

#include <algorithm>
#include <cmath>

#include "llm_sizer/layout_rules.hpp"
#include "llm_sizer/units.hpp"

namespace llm_sizer {
namespace {

constexpr double kMaskBytes = 1;  // dropout masks are bool (1 byte)
constexpr double kFp32Bytes = 4;
constexpr double kMegatronVocabMultiple = 128;  // --make-vocab-size-divisible-by default

// Bytes the FFN's inside keeps per token for width f: what the GEMMs and the activation save.
// Megatron: the fused bias-GELU / SwiGLU keeps its input (f, or 2f for gate and up) and FC2 keeps
// its input (f). PyTorch eager SwiGLU keeps gate, SiLU(gate), up and their product (4f); GELU
// keeps its input and output (2f).
double ffn_inner_bytes(const TrainingMemoryInputs& in, double f) {
  const double e = in.recipe.activation_bytes;
  const double me = in.recipe.matmul_input_bytes;
  const bool swiglu = in.arch.ffn_kind == FfnKind::kSwiglu;
  if (in.framework == Framework::kMegatron) return (swiglu ? 2 * e : e) * f + me * f;
  return swiglu ? 4 * e * f : 2 * e * f;
}

}  // namespace

ModelStateBytes model_state_bytes(double params, const Recipe& r, int zero, double shard) {
  ModelStateBytes m;
  m.weights = params * (r.weight_bytes + r.weight_copy_bytes) / (zero >= 3 ? shard : 1);
  m.grads = params * r.grad_bytes / (zero >= 2 ? shard : 1);
  m.optimizer =
      params * (r.master_bytes + r.optimizer_bytes) / (zero >= 1 || r.shards_optimizer ? shard : 1);
  return m;
}

double logits_bytes_per_element(Framework framework) {
  return framework == Framework::kMegatron ? kFp32Bytes + 2 : 2 + kFp32Bytes + kFp32Bytes;
}

double padded_vocab(double vocab, double tp, Framework framework) {
  if (framework != Framework::kMegatron) return vocab;
  const double multiple = kMegatronVocabMultiple * tp;
  return std::ceil(vocab / multiple) * multiple;
}

LayerActivations layer_activations(const TrainingMemoryInputs& in, bool moe_layer) {
  const Architecture& a = in.arch;
  const TrainingLayout& l = in.layout;
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
  const bool megatron = in.framework == Framework::kMegatron;

  double unsplit = 0;  // per token
  double split = 0;
  double quadratic = 0;  // per token, times the keys attended
  if (megatron) {
    // Norm inputs, the inputs of the QKV and FC1 GEMMs, the two residual dropout masks.
    unsplit = e * h + me * h + mask * h + e * h + me * h + mask * h;
    unsplit += (a.layer_norms - 2) * e * h;  // post-norms (Gemma 2/3, GLM-4) keep their inputs too
    split = e * (q_width + k_width + v_width);
    split += l.flash_attention ? e * o_width + kFp32Bytes * heads + (me != e ? me * o_width : 0)
                               : me * o_width;
    quadratic = e + (a.dropout ? kMaskBytes + e : 0);  // softmax, its dropout mask and output
  } else {
    // HF RMSNorm upcasts to fp32 (kept by pow) and keeps the normalized bf16 (kept by the weight
    // multiply); LayerNorm under autocast runs in fp32 and keeps its fp32 input.
    const double norm = a.norm == NormKind::kRmsNorm ? kFp32Bytes * h + e * h : kFp32Bytes * h;
    unsplit = 2 * norm + e * h + e * h + 2 * mask * h;
    unsplit += (a.layer_norms - 2) * norm;  // each further norm keeps what these two keep
    // repeat_kv materializes keys and values for every query head before attention.
    const double k_rep = heads * a.qk_head_dim();
    const double v_rep = heads * a.v_dim();
    split = e * (q_width + k_rep + v_rep);
    // SDPA keeps its output and log-sum-exp; o_proj keeps its own contiguous copy of it.
    split += l.flash_attention ? e * o_width + kFp32Bytes * heads + e * o_width : e * o_width;
    // Eager attention: fp32 softmax output, its bf16 cast, and dropout's mask and output.
    quadratic = kFp32Bytes + e + (a.dropout ? kMaskBytes + e : 0);
  }
  if (a.is_mla()) {
    // Low-rank down-projections are replicated over TP: their outputs, norms and the GEMM inputs.
    const double ranks = a.q_lora_rank + a.kv_lora_rank;
    unsplit += (e + me) * ranks + e * a.qk_rope_dim;
  }
  if (a.qk_norm) split += (megatron ? e : kFp32Bytes + e) * (q_width + k_width);

  double expert = 0;  // routed experts, per token of this card
  if (moe_layer) {
    const double f = a.moe_ffn;
    split += a.moe_shared_experts > 0 ? ffn_inner_bytes(in, a.moe_shared_experts * f) : 0;
    // Router logits and probabilities in fp32; each routed copy of a token keeps the permuted
    // input of its expert's first GEMM, the expert's inside, and its output for the weighted sum.
    unsplit += 2 * kFp32Bytes * a.moe_experts;
    expert = a.moe_top_k * (l.etp * (me + e) * h + ffn_inner_bytes(in, f));
  } else {
    split += ffn_inner_bytes(in, a.ffn);
  }

  const double t = l.tp;
  const bool sp = megatron && l.sequence_parallel;
  const double keys = a.sliding_window > 0 ? std::min(l.seq_len, a.sliding_window) : l.seq_len;
  LayerActivations out;
  out.unsplit_bytes = tokens * unsplit;
  out.split_bytes = tokens * split;
  out.quadratic_bytes = l.flash_attention ? 0 : tokens * heads * keys * quadratic;
  out.layer_input_bytes = tokens * e * h;
  // With sequence parallelism tokens are spread over TP before routing; without it every TP rank
  // routes all of them.
  const double expert_bytes = tokens * expert / (sp || !megatron ? t : 1);
  const double full = out.unsplit_bytes / (sp ? t : 1) + out.split_bytes / t +
                      out.quadratic_bytes / t + expert_bytes;
  out.recomputed_bytes = full;
  switch (l.recompute) {
    case Recompute::kNone:
      out.saved_bytes = full;
      break;
    case Recompute::kSelective:
      out.saved_bytes = full - out.quadratic_bytes / t;
      break;
    case Recompute::kFull:
      out.saved_bytes = out.layer_input_bytes / (sp ? t : 1);
      break;
  }
  return out;
}

namespace {

// Everything about an evaluation that does not depend on the stage.
struct Common {
  LayerActivations dense;
  LayerActivations moe;
  double dense_layer_params = 0;  // per card: split / t + replicated
  double moe_layer_params = 0;    // per card, without routed experts
  double moe_layer_experts = 0;   // routed expert parameters per card in one MoE layer
  double embedding_params = 0;    // first stage
  double head_params = 0;         // last stage: LM head (or tied copy) and final norm
  double max_layer_params = 0;    // the largest layer on a card (ZeRO-3 gather buffers)
  double dense_shard = 1;         // data-parallel ranks sharing dense optimizer state
  double expert_shard = 1;
  double vocab = 0;
  double logits_bytes = 0;       // one micro-batch on the last stage
  double last_stage_extra = 0;   // final norm input and LM head input
  double first_stage_extra = 0;  // embedding dropout mask, per micro-batch in flight
  double fixed_overhead = 0;
};

Common prepare(const TrainingMemoryInputs& in) {
  Common c;
  const Architecture& a = in.arch;
  const TrainingLayout& l = in.layout;
  const ParamCounts counts = count_params(a);
  const double t = l.tp;
  const bool megatron = in.framework == Framework::kMegatron;
  const bool sp = megatron && l.sequence_parallel;
  c.dense = layer_activations(in, false);
  if (a.is_moe()) c.moe = layer_activations(in, true);

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
  c.moe_layer_experts = a.moe_experts * counts.expert / (l.ep * l.etp);
  c.max_layer_params =
      std::max(c.dense_layer_params, a.is_moe() ? c.moe_layer_params + c.moe_layer_experts : 0);

  c.vocab = padded_vocab(a.vocab, t, in.framework);
  const double vocab_matrix = c.vocab * a.hidden / t;
  const double positions = counts.embedding - a.vocab * a.hidden;  // learned positions
  c.embedding_params = vocab_matrix + positions;
  const bool head_on_last = !a.tied_embeddings || l.pp > 1;  // tied + PP keeps a copy there
  c.head_params = (head_on_last ? vocab_matrix : 0) + counts.final_norm;

  c.dense_shard = l.dp * l.cp;
  c.expert_shard = l.dp * l.cp * t / (l.ep * l.etp);

  const double e = in.recipe.activation_bytes;
  const double me = in.recipe.matmul_input_bytes;
  const double tokens = l.seq_len / l.cp * l.micro_batch;
  c.logits_bytes = logits_bytes_per_element(in.framework) * tokens * c.vocab / t;
  const double final_norm_saved =
      megatron ? e : (a.norm == NormKind::kRmsNorm ? kFp32Bytes + e : kFp32Bytes);
  c.last_stage_extra = tokens * a.hidden * (final_norm_saved + me) / (sp ? t : 1);
  c.first_stage_extra = a.dropout ? tokens * a.hidden * kMaskBytes / (sp ? t : 1) : 0;
  c.fixed_overhead = gb_to_bytes(in.overheads.cuda_context_gb + in.overheads.comm_buffer_gb);
  return c;
}

// In-flight micro-batches of stage i, in layer-stacks of the whole stage.
double inflight(const TrainingLayout& l, int stage) {
  const double p = l.pp;
  if (l.vpp <= 1) return std::min(p - stage, l.microbatches);
  const double v = l.vpp;
  const double chunks = std::min(2 * (p - stage - 1) + (v - 1) * p + 1, l.microbatches * v);
  return chunks / v;
}

StageMemory stage_memory(const TrainingMemoryInputs& in, const Common& c, int stage,
                         int first_layer, int layers) {
  const Architecture& a = in.arch;
  const TrainingLayout& l = in.layout;
  const Recipe& r = in.recipe;
  StageMemory s;
  s.stage = stage;
  s.first_layer = first_layer;
  s.layers = layers;
  s.inflight = inflight(l, stage);

  int moe_layers = 0;
  if (a.is_moe()) {
    for (int i = first_layer; i < first_layer + layers; ++i)
      moe_layers += a.layer_is_moe(i) ? 1 : 0;
  }
  const int dense_layers = layers - moe_layers;
  const bool first = stage == 0;
  const bool last = stage == static_cast<int>(l.pp) - 1;

  const double dense_params = dense_layers * c.dense_layer_params +
                              moe_layers * c.moe_layer_params + (first ? c.embedding_params : 0) +
                              (last ? c.head_params : 0);
  const double expert_params = moe_layers * c.moe_layer_experts;
  s.params_per_card = dense_params + expert_params;

  const ModelStateBytes dense = model_state_bytes(dense_params, r, l.zero, c.dense_shard);
  const ModelStateBytes experts = model_state_bytes(expert_params, r, l.zero, c.expert_shard);
  s.weights_bytes = dense.weights + experts.weights;
  if (l.zero >= 3) s.weights_bytes += 2 * c.max_layer_params * r.weight_bytes;  // gather buffers
  if (r.autocast_weight_cache && l.zero < 3) s.weights_bytes += s.params_per_card * 2;
  s.grads_bytes = dense.grads + experts.grads;
  s.optimizer_bytes = dense.optimizer + experts.optimizer;

  const double saved = dense_layers * c.dense.saved_bytes + moe_layers * c.moe.saved_bytes;
  s.activations_bytes = s.inflight * saved;
  if (l.recompute == Recompute::kFull && layers > 0) {
    s.activations_bytes += moe_layers > 0
                               ? std::max(c.moe.recomputed_bytes, c.dense.recomputed_bytes)
                               : c.dense.recomputed_bytes;
  }
  if (first) s.activations_bytes += s.inflight * c.first_stage_extra;
  if (last) {
    s.activations_bytes += c.last_stage_extra;
    s.logits_bytes = c.logits_bytes;
  }
  const double allocated =
      s.weights_bytes + s.grads_bytes + s.optimizer_bytes + s.activations_bytes + s.logits_bytes;
  s.overhead_bytes = c.fixed_overhead + in.overheads.allocator_slack * allocated;
  s.total_bytes = allocated + s.overhead_bytes;
  return s;
}

}  // namespace

TrainingMemory training_memory(const TrainingMemoryInputs& in) {
  TrainingMemory m;
  const Common c = prepare(in);
  m.dense_layer = c.dense;
  m.moe_layer = c.moe;
  m.logits_bytes_per_element = logits_bytes_per_element(in.framework);
  m.padded_vocab = c.vocab;
  const auto split =
      split_layers(in.arch.layers, static_cast<int>(in.layout.pp), in.layout.stage_layers);
  int first_layer = 0;
  for (std::size_t i = 0; i < split.size(); ++i) {
    m.stages.push_back(stage_memory(in, c, static_cast<int>(i), first_layer, split[i]));
    first_layer += split[i];
    if (m.stages.back().total_bytes >
        m.stages[static_cast<std::size_t>(m.peak_stage)].total_bytes) {
      m.peak_stage = static_cast<int>(i);
    }
  }
  m.fits = !m.stages.empty() && m.peak().total_bytes <= gb_to_bytes(in.card_memory_gb);
  return m;
}

TrainingPeak training_peak(const TrainingMemoryInputs& in) {
  const Common c = prepare(in);
  const int pp = static_cast<int>(in.layout.pp);
  const int layers = in.arch.layers;
  TrainingPeak peak;
  if (!in.layout.stage_layers.empty() || pp <= 0 || layers < pp) {
    const TrainingMemory m = training_memory(in);
    if (m.stages.empty()) return {HUGE_VAL, 0};
    for (const auto& s : m.stages)
      peak.params_per_card = std::max(peak.params_per_card, s.params_per_card);
    peak.bytes = m.peak().total_bytes;
    return peak;
  }
  // The even split without building it: stage i has base layers, plus one on stages 1..extra.
  const int base = layers / pp;
  const int extra = layers % pp;
  const auto consider = [&](int i) {
    const int count = base + (i >= 1 && i <= extra ? 1 : 0);
    const int first = i * base + std::min(std::max(i - 1, 0), extra);  // extras before stage i
    const StageMemory s = stage_memory(in, c, i, first, count);
    peak.bytes = std::max(peak.bytes, s.total_bytes);
    peak.params_per_card = std::max(peak.params_per_card, s.params_per_card);
  };
  if (in.arch.is_moe()) {
    for (int i = 0; i < pp; ++i) consider(i);  // MoE layers fall unevenly on stages
    return peak;
  }
  // Dense: stages of equal size hold fewer micro-batches the later they come, so within each
  // run of equal stages the first is the largest. The candidates are the first stage
  // (embedding), stage 1 (the first with an extra layer), the first stage without one, the last.
  for (int i : {0, 1, extra + 1, pp - 1}) {
    if (i >= 0 && i < pp) consider(i);
  }
  return peak;
}

double training_peak_bytes(const TrainingMemoryInputs& in) { return training_peak(in).bytes; }

}  // namespace llm_sizer
