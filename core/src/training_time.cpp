#include "llm_sizer/training_time.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "llm_sizer/finetune_time.hpp"
#include "llm_sizer/units.hpp"

namespace llm_sizer {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Ring all-reduce moves 2(n − 1)/n of the message through each link; reduce-scatter or
// all-gather alone half of that (Patarasuk & Yuan 2009; NCCL's bus bandwidth convention).
double allreduce_s(double bytes, double ranks, double gbps) {
  if (ranks <= 1) return 0;
  return 2 * (ranks - 1) / ranks * bytes / gb_to_bytes(gbps);
}

}  // namespace

void flops_per_token(const Architecture& a, double seq_len, Recompute recompute,
                     double& model_flops, double& hardware_flops) {
  const ParamCounts c = count_params(a);
  const double window = a.sliding_window > 0 ? std::min(seq_len, a.sliding_window) : seq_len;
  const int window_layers =
      a.sliding_window > 0 ? (a.sliding_window_layers > 0 ? a.sliding_window_layers : a.layers) : 0;
  // Forward attention per token and layer: scores (2·s·a·d_qk) and weighted values (2·s·a·d_v).
  const double per_layer = 2 * a.heads * (a.qk_head_dim() + a.v_dim());
  const double attention_forward =
      per_layer * (window * window_layers + seq_len * (a.layers - window_layers));
  const double head = a.vocab * a.hidden;  // the LM head (tied or not) is a matmul
  const double layer_matmuls = c.matmul_active - head;
  model_flops = 6 * c.matmul_active + 3 * attention_forward;
  hardware_flops = model_flops;
  if (recompute == Recompute::kFull) hardware_flops += 2 * layer_matmuls + attention_forward;
  if (recompute == Recompute::kSelective) hardware_flops += attention_forward;
}

TrainingTime training_time(const TrainingTimeInputs& in, double params_per_card) {
  TrainingTime t;
  const TrainingMemoryInputs& mem = in.memory;
  const Architecture& a = mem.arch;
  const TrainingLayout& l = mem.layout;
  if (in.model_flops_per_token > 0) {
    t.model_flops_per_token = in.model_flops_per_token;
    t.hardware_flops_per_token = in.hardware_flops_per_token;
  } else {
    flops_per_token(a, l.seq_len, l.recompute, t.model_flops_per_token, t.hardware_flops_per_token);
  }
  finetune_flops(mem, t);  // LoRA/QLoRA: no weight gradients for the frozen base (issue 13)
  t.gpus = l.tp * l.pp * l.dp * l.cp;
  t.tokens_per_step = in.global_batch * l.seq_len;
  const double step_hw_flops = t.hardware_flops_per_token * t.tokens_per_step;
  const double peak_flops = in.peak_tflops * kFlopsPerTflop;

  if (std::isfinite(in.achieved_tflops) && in.achieved_tflops > 0) {
    // A measured throughput already contains every bubble and collective.
    t.measured = true;
    t.compute_s = step_hw_flops / (t.gpus * in.achieved_tflops * kFlopsPerTflop);
    t.step_s = t.compute_s;
  } else {
    t.compute_s = step_hw_flops / (t.gpus * peak_flops * in.compute_efficiency);
    const double m = in.global_batch / (l.micro_batch * l.dp);  // micro-batches per pipeline
    t.bubble_s = t.compute_s * (l.pp - 1) / (l.vpp * m);

    const double e = mem.recipe.activation_bytes;
    const double tokens_mb = l.seq_len / l.cp * l.micro_batch;
    const double hidden_bytes = tokens_mb * a.hidden * e;
    const bool sp = mem.framework == Framework::kMegatron && l.sequence_parallel;
    const double layers_per_stage = a.layers / l.pp;
    const bool tp_in_node = l.tp <= in.gpus_per_node;
    const double tp_gbps = tp_in_node ? in.intra_node_gbps : in.inter_node_gbps;
    // Megatron: two all-reduces (or reduce-scatter + all-gather pairs) forward and two backward
    // per layer; full recompute repeats the forward two.
    const double collectives = l.recompute == Recompute::kFull ? 6 : 4;
    const double tp_bytes = collectives * layers_per_stage * m * hidden_bytes;
    t.tp_comm_s = allreduce_s(tp_bytes, l.tp, tp_gbps);
    // Pipeline: activations forward and gradients back per micro-batch and boundary; split over
    // TP ranks under sequence parallelism. Stages sit on different nodes once TP fills a node.
    const double p2p_gbps = l.tp * 2 <= in.gpus_per_node ? in.intra_node_gbps : in.inter_node_gbps;
    t.pp_comm_s =
        l.pp > 1 ? 2 * (m + l.pp - 1) * hidden_bytes / (sp ? l.tp : 1) / gb_to_bytes(p2p_gbps) : 0;
    // Data parallel: one reduction of this card's gradients per step (ZeRO-3 also gathers the
    // weights twice); across nodes unless the whole replica set fits in one.
    const double dp_ranks = l.dp * l.cp;
    const bool dp_in_node = t.gpus <= in.gpus_per_node;
    const double dp_gbps = dp_in_node ? in.intra_node_gbps : in.inter_node_gbps;
    double dp_bytes = params_per_card * mem.recipe.grad_bytes;
    if (l.zero >= 3) dp_bytes += params_per_card * mem.recipe.weight_bytes;  // two half-rings
    t.dp_comm_s = (1 - in.dp_overlap) * allreduce_s(dp_bytes, dp_ranks, dp_gbps);
    // MoE: dispatch and combine all-to-alls forward and backward per MoE layer; (ep − 1)/ep of
    // the routed copies leave the GPU, over the inter-node link once EP spans nodes.
    if (a.is_moe() && l.ep > 1) {
      const double moe_layers_per_stage = a.moe_layer_count() / l.pp;
      const double routed = tokens_mb / (sp ? l.tp : 1) * a.moe_top_k * a.hidden * e;
      const double ep_gbps =
          l.ep * l.tp <= in.gpus_per_node ? in.intra_node_gbps : in.inter_node_gbps;
      t.moe_comm_s =
          4 * moe_layers_per_stage * m * routed * (l.ep - 1) / l.ep / gb_to_bytes(ep_gbps);
    }
    for (double* term : {&t.tp_comm_s, &t.pp_comm_s, &t.dp_comm_s, &t.moe_comm_s}) {
      if (!std::isfinite(*term)) {
        t.comm_known = false;
        *term = kNaN;
      }
    }
    t.step_s = t.compute_s + t.bubble_s;
    t.offload_s = offload_step_s(in, params_per_card);  // offload's host transfers (issue 13)
    for (double term : {t.tp_comm_s, t.pp_comm_s, t.dp_comm_s, t.moe_comm_s, t.offload_s}) {
      if (std::isfinite(term)) t.step_s += term;
    }
  }
  t.tokens_per_s = t.tokens_per_step / t.step_s;
  t.mfu = t.model_flops_per_token * t.tokens_per_s / (t.gpus * peak_flops);
  t.hfu = t.hardware_flops_per_token * t.tokens_per_s / (t.gpus * peak_flops);

  if (std::isfinite(in.tokens) && in.tokens > 0) {
    t.steps = std::ceil(in.tokens / t.tokens_per_step);
    const double seconds = t.steps * t.step_s;
    t.days = seconds / kSecondsPerDay;
    t.gpu_hours = seconds / kSecondsPerHour * t.gpus;
    t.cost = t.gpu_hours * in.price_per_gpu_hour;
    t.energy_kwh = t.gpu_hours * in.power_w * in.pue / 1000;
    const auto days_at = [&](double mfu) {
      return t.model_flops_per_token * in.tokens / (t.gpus * peak_flops * mfu) / kSecondsPerDay;
    };
    t.days_at_mfu_30 = days_at(0.3);
    t.days_at_mfu_40 = days_at(0.4);
    t.days_at_mfu_50 = days_at(0.5);
  } else {
    t.steps = t.days = t.gpu_hours = t.cost = t.energy_kwh = kNaN;
    t.days_at_mfu_30 = t.days_at_mfu_40 = t.days_at_mfu_50 = kNaN;
  }
  return t;
}

}  // namespace llm_sizer
