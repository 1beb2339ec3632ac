#include "llm_sizer/serving_load.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "llm_sizer/units.hpp"

namespace llm_sizer {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kActivationWireBytes = 2;  // bf16 activations on the wire
// DeepEP-style: tokens dispatched in fp8 (1 B) and combined in bf16 (2 B).
constexpr double kExpertWireBytes = 1 + 2;

double gbps(double v) { return v * 1e9; }

bool spans_nodes(const ServingInputs& in, double cards) { return cards > in.nvlink_domain_gpus; }

// Communication of one pipeline stage for `tokens` tokens of one DP rank passing its layers.
double stage_comm_s(const ServingInputs& in, const ServingLayout& layout, double tokens) {
  const Architecture& a = in.arch;
  const double layers = stage_layers(in, layout.pp);
  double comm = 0;
  if (layout.tp > 1) {
    const bool inter = spans_nodes(in, layout.tp);
    const double bw = link_bytes_per_s(in, inter);
    const double alpha = inter ? kCollectiveLatencyInterS : kCollectiveLatencyIntraS;
    const double bytes = 2 * (layout.tp - 1) / layout.tp * tokens * a.hidden * kActivationWireBytes;
    // After attention and after the FFN; with DP attention the MoE output comes back through
    // the expert combine instead.
    const double per_layer = layout.dp > 1 ? 1 : 2;
    comm += layers * per_layer * (alpha + bytes / bw);
  }
  const double group = layout.moe_group();
  if (a.is_moe() && group > 1 && (layout.ep || layout.dp > 1)) {
    const double moe_layers = a.moe_layer_count() * layers / a.layers;
    const double node = std::min(group, in.nvlink_domain_gpus);
    const double local = (node - 1) / group;
    const double remote = std::max(0.0, group - in.nvlink_domain_gpus) / group;
    const double bytes = tokens / layout.tp * a.moe_top_k * a.hidden * kExpertWireBytes;
    double wire = local > 0 ? bytes * local / link_bytes_per_s(in, false) : 0;
    if (remote > 0) wire += bytes * remote / link_bytes_per_s(in, true);
    const double alpha = remote > 0 ? kCollectiveLatencyInterS : kCollectiveLatencyIntraS;
    comm += moe_layers * (2 * alpha + wire);
  }
  if (layout.pp > 1) {
    const bool inter = spans_nodes(in, layout.gpus());
    const double bw = link_bytes_per_s(in, inter);
    comm += (inter ? kCollectiveLatencyInterS : kCollectiveLatencyIntraS) +
            tokens * a.hidden * kActivationWireBytes / bw;
  }
  return comm;
}

// Attention FLOPs of the prompt's new tokens (positions start+1 … end) on every layer, computed
// with the up-projections (prefill does not absorb MLA's).
double prefill_attention_flops(const Architecture& a, double start, double end) {
  const KvLayerSplit split = kv_layer_split(a);
  const auto pairs = [](double from, double to) { return (to * (to + 1) - from * (from + 1)) / 2; };
  const double per_pair = 2 * a.heads * (a.qk_head_dim() + a.v_dim());
  double window_pairs = 0;
  if (split.window_layers > 0) {
    const double w = split.window_tokens;
    // Keys seen by token i: min(i, w).
    const double below = std::min(end, w);
    window_pairs = below > start ? pairs(start, below) : 0;
    if (end > w) window_pairs += (end - std::max(start, w)) * w;
  }
  return per_pair * (split.full_layers * pairs(start, end) + split.window_layers * window_pairs);
}

}  // namespace

double link_bytes_per_s(const ServingInputs& in, bool inter_node) {
  return inter_node ? gbps(in.inter_node_gbps) * in.inter_node_efficiency
                    : gbps(in.intra_node_gbps) * in.intra_node_efficiency;
}

StageStep decode_stage_step(const ServingInputs& in, const ServingLayout& layout, double batch,
                            double context, double tokens_per_sequence) {
  const Architecture& a = in.arch;
  StageStep s;
  const double share = stage_layers(in, layout.pp) / a.layers;
  const LayoutWeights w = layout_weights(in, layout);
  // The LM head is read every step (with tied embeddings too); the embedding rows are looked up.
  const double head = (a.tied_embeddings ? a.vocab * a.hidden : in.counts.lm_head) / layout.tp *
                      in.embedding_bits / 8;
  double weights = w.layer_bytes + head;
  if (a.is_moe()) {
    const double tokens = batch * layout.dp * tokens_per_sequence;
    weights += w.expert_bytes * experts_touched(a, tokens) / a.moe_experts;
  }
  s.weight_bytes = weights;
  s.kv_bytes = batch * layout_kv_bytes_per_sequence(in, layout, context, false);
  const DecodeStep flops = decode_step(in, layout.tp, batch * tokens_per_sequence, context);
  s.flops = flops.flops_per_card * share;
  s.matmul_flops = flops.matmul_flops * share;
  s.attention_flops = flops.attention_flops * share;
  const double bandwidth = in.hbm_bandwidth_tbps * kBytesPerTb * in.decode_efficiency;
  const double peak = in.peak_tflops * kFlopsPerTflop * in.prefill_efficiency;
  s.memory_s = (s.weight_bytes + s.kv_bytes) / bandwidth;
  s.compute_s = s.flops / peak;
  s.comm_s = stage_comm_s(in, layout, batch * tokens_per_sequence);
  // Per kernel: the projections (weights vs their FLOPs), then the attention (KV vs its FLOPs).
  s.step_s = std::max(s.weight_bytes / bandwidth, s.matmul_flops / peak) +
             std::max(s.kv_bytes / bandwidth, s.attention_flops / peak) + s.comm_s;
  if (!std::isfinite(s.memory_s) || !std::isfinite(s.compute_s) || !std::isfinite(s.comm_s)) {
    s.step_s = kNaN;
  }
  return s;
}

double speculative_tokens_per_step(const ServingWorkload& load) {
  const double k = load.spec_tokens;
  const double a = load.spec_acceptance;
  if (!(k > 0)) return 1;
  if (!(a > 0)) return 1;
  if (a >= 1) return k + 1;
  return (1 - std::pow(a, k + 1)) / (1 - a);
}

double tokens_per_sequence_step(const ServingWorkload& load) {
  return 1 + std::max(0.0, load.spec_tokens);
}

double replica_step_from(const ServingInputs& in, const ServingLayout& layout,
                         const StageStep& stage, const ServingWorkload& load) {
  const double step = layout.pp * stage.step_s;
  const double draft = load.spec_tokens > 0 ? load.spec_tokens * step / in.arch.layers : 0;
  return step + draft;
}

double replica_decode_step_s(const ServingInputs& in, const ServingLayout& layout, double batch,
                             double context, const ServingWorkload& load) {
  const double q = tokens_per_sequence_step(load);
  const StageStep stage = decode_stage_step(in, layout, batch / layout.pp, context, q);
  return replica_step_from(in, layout, stage, load);
}

PrefillTime replica_prefill(const ServingInputs& in, const ServingLayout& layout,
                            const ServingWorkload& load) {
  const Architecture& a = in.arch;
  PrefillTime p;
  const double prompt = load.input_tokens;
  const double hit = std::clamp(load.prefix_hit_rate, 0.0, 1.0);
  const double cached = std::floor(prompt * hit);
  const double fresh = std::max(1.0, prompt - cached);
  const double chunk = std::max(1.0, load.prefill_chunk_tokens);
  p.chunks = std::ceil(fresh / chunk);
  const double matmul = 2 * in.counts.matmul_active * fresh;
  const double attention = prefill_attention_flops(a, prompt - fresh, prompt);
  p.flops = matmul + attention;
  const double chunk_tokens = fresh / p.chunks;
  const double peak =
      layout.tp * layout.pp * in.peak_tflops * kFlopsPerTflop * in.prefill_efficiency;
  // Every chunk reads the stage's weights once (every expert is touched by thousands of tokens);
  // the projections are bound by those reads or their FLOPs, the attention by its FLOPs.
  p.fresh_tokens = fresh;
  p.matmul_flops = matmul;
  p.attention_flops = attention;
  p.matmul_s = matmul / peak;
  p.attention_s = attention / peak;
  p.weight_bytes = layout_weights(in, layout).bytes;
  p.weights_s = p.weight_bytes / (in.hbm_bandwidth_tbps * kBytesPerTb * in.decode_efficiency);
  p.chunk_comm_s = stage_comm_s(in, layout, chunk_tokens);
  p.chunk_stage_s =
      std::max(p.matmul_s / p.chunks, p.weights_s) + p.attention_s / p.chunks + p.chunk_comm_s;
  p.alone_s = (p.chunks + layout.pp - 1) * p.chunk_stage_s;
  p.busy_s = p.chunks * p.chunk_stage_s;
  if (load.host_kv_bytes > 0 && cached > 0) {
    const double per_token = layout_kv_bytes_per_token(in, layout);
    const double held = std::min(cached, load.host_kv_bytes / per_token);
    p.reload_s = held * per_token / gbps(kPcieGbps);
  }
  return p;
}

PrefillTime packed_prefill(const ServingInputs& in, const ServingLayout& layout,
                           const ServingWorkload& load, PrefillTime p, double waiting) {
  const double budget = std::max(1.0, load.prefill_chunk_tokens);
  const double n = std::min(std::floor(budget / p.fresh_tokens), std::floor(waiting));
  if (p.chunks != 1 || !(n > 1)) return p;
  p.packed = n;
  p.busy_s = (std::max(n * p.matmul_s, p.weights_s) + n * p.attention_s +
              stage_comm_s(in, layout, n * p.fresh_tokens)) /
             n;
  return p;
}

LoadPoint load_point(const ServingInputs& in, const ServingLayout& layout, double batch,
                     const ServingWorkload& load) {
  return load_point(in, layout, batch, load, replica_prefill(in, layout, load));
}

LoadPoint load_point(const ServingInputs& in, const ServingLayout& layout, double batch,
                     const ServingWorkload& load, const PrefillTime& alone) {
  // The batch's prompts, each once a cycle, share their prefill forwards.
  const PrefillTime prefill = packed_prefill(in, layout, load, alone, batch);
  LoadPoint r;
  r.batch = batch;
  r.concurrency = batch * layout.dp;
  const double context = load.input_tokens + load.output_tokens / 2;
  const double q = tokens_per_sequence_step(load);
  const StageStep stage = decode_stage_step(in, layout, batch / layout.pp, context, q);
  r.memory_s = stage.memory_s;
  r.compute_s = stage.compute_s;
  r.comm_s = stage.comm_s;
  r.compute_bound = stage.compute_s > stage.memory_s;
  r.decode_step_s = replica_step_from(in, layout, stage, load);
  r.prefill_s = prefill.busy_s;
  const double tau = speculative_tokens_per_step(load);
  r.cycle_s = load.output_tokens / tau * r.decode_step_s + batch * prefill.busy_s;
  r.tpot_s = r.cycle_s / load.output_tokens;
  r.output_tokens_per_s = r.concurrency * load.output_tokens / r.cycle_s;
  r.input_tokens_per_s = r.concurrency * load.input_tokens / r.cycle_s;
  r.ttft_s = prefill.alone_s + prefill.reload_s + r.decode_step_s;
  r.prefill_share = batch * prefill.busy_s / r.cycle_s;
  r.stage = stage;
  r.prefill = prefill;
  return r;
}

namespace {

// Where a property of the batch that grows with it starts to hold: bisected on whole batches
// between `low` (it does not hold) and `high` (it does), the last batch without it and the first
// with it, one apart.
struct BatchEdge {
  double low = 0;
  double high = 0;
};
template <class Holds>
BatchEdge whole_batch_edge(double low, double high, const Holds& holds) {
  while (high - low > 1) {
    const double mid = std::floor((low + high) / 2);
    (holds(mid) ? high : low) = mid;
  }
  return {low, high};
}

}  // namespace

double compute_bound_batch(const ServingInputs& in, const ServingLayout& layout, double context) {
  const auto stage = [&](double batch) { return decode_stage_step(in, layout, batch, context, 1); };
  const auto compute_bound = [&](double batch) {
    const StageStep s = stage(batch);
    return s.compute_s >= s.memory_s;
  };
  constexpr double kLimit = 1e7;
  if (!std::isfinite(stage(1).step_s)) return kNaN;
  if (compute_bound(1)) return 1;
  if (!compute_bound(kLimit)) return kNaN;
  // compute_s / memory_s grows with the batch.
  return whole_batch_edge(1, kLimit, compute_bound).high;
}

double slo_batch(const ServingInputs& in, const ServingLayout& layout, const ServingWorkload& load,
                 double tpot_slo_s, double max_batch) {
  if (!(max_batch >= 1)) return 0;
  if (!std::isfinite(tpot_slo_s)) return max_batch;
  // The prompt's prefill does not depend on the batch: once for the whole bisection.
  const PrefillTime prefill = replica_prefill(in, layout, load);
  const auto meets = [&](double b) {
    const double tpot = load_point(in, layout, b, load, prefill).tpot_s;
    return !std::isfinite(tpot) || tpot <= tpot_slo_s;
  };
  if (!meets(1)) return 0;
  if (meets(max_batch)) return max_batch;
  // TPOT grows with the batch.
  return whole_batch_edge(1, max_batch, [&](double b) { return !meets(b); }).low;
}

}  // namespace llm_sizer
