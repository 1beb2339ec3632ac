#include "llm_sizer/training_time.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "llm_sizer/finetune_time.hpp"
#include "llm_sizer/layout_rules.hpp"
#include "llm_sizer/step_time.hpp"
#include "llm_sizer/units.hpp"

namespace llm_sizer {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

}  // namespace

void flops_per_token(const Architecture& a, double seq_len, Recompute recompute,
                     double& model_flops, double& hardware_flops, unsigned recompute_modules) {
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
  if (recompute == Recompute::kOp) {
    // torchtitan's op-level policy runs every second matmul of a layer again (step_time.cpp): k
    // and o, and SwiGLU's up projection (a GELU FFN's second matrix), one of the active routed
    // experts' two in an MoE layer.
    const double moe_layers = a.is_moe() ? a.moe_layer_count() : 0;
    const double k = a.hidden * a.kv_heads * a.qk_head_dim();
    const double o = a.heads * a.v_dim() * a.hidden;
    const double dense_half = a.hidden * a.ffn;
    const double expert_half = a.hidden * a.moe_ffn * a.moe_top_k;
    hardware_flops +=
        2 * (a.layers * (k + o) + (a.layers - moe_layers) * dense_half + moe_layers * expert_half);
    return;
  }
  if (recompute != Recompute::kSelective) return;
  const unsigned m = recompute_modules;
  if (m & kRecomputeCoreAttn) hardware_flops += attention_forward;
  const double moe_layers = a.is_moe() ? a.moe_layer_count() : 0;
  if ((m & kRecomputeMlaUpProj) && a.is_mla()) {
    // q_b_proj (or q_proj without a q latent) and kv_b_proj, the latents' up-projections.
    const double q_up = (a.q_lora_rank > 0 ? a.q_lora_rank : a.hidden) * a.heads * a.qk_head_dim();
    const double kv_up = a.kv_lora_rank * a.heads * (a.qk_nope_dim + a.v_dim());
    hardware_flops += 2 * a.layers * (q_up + kv_up);
  }
  if (m & kRecomputeMlp) hardware_flops += 2 * (a.layers - moe_layers) * c.dense_ffn;
  if (m & kRecomputeMoe) hardware_flops += 2 * moe_layers * c.moe_ffn_active;
}

namespace {

// The split of a step as every view shows it: a measured throughput is all compute; offload and
// dequantization appear when the plan has them.
std::vector<StepPart> step_parts(const TrainingTime& t, const FineTuneSettings& ft) {
  if (t.measured) return {{"compute", t.compute_s}};
  std::vector<StepPart> parts = {
      {"compute", t.compute_s}, {"recompute", t.recompute_s}, {"bubble", t.bubble_s},
      {"tp_comm", t.tp_comm_s}, {"cp_comm", t.cp_comm_s},     {"pp_comm", t.pp_comm_s},
      {"dp_comm", t.dp_comm_s}, {"moe_comm", t.moe_comm_s},   {"optimizer", t.optimizer_s},
  };
  if (ft.host_transfers()) parts.push_back({"offload", t.offload_s});
  if (ft.mode == FineTune::kQlora) parts.push_back({"dequant", t.dequant_s});
  return parts;
}

TrainingTime time_with(const TrainingTimeInputs& in, double params_per_card,
                       const LayerCosts* costs) {
  TrainingTime t;
  const TrainingMemoryInputs& mem = in.memory;
  const Architecture& a = mem.arch;
  const TrainingLayout& l = mem.layout;
  if (in.model_flops_per_token > 0) {
    t.model_flops_per_token = in.model_flops_per_token;
    t.hardware_flops_per_token = in.hardware_flops_per_token;
  } else {
    flops_per_token(a, l.seq_len, l.recompute, t.model_flops_per_token, t.hardware_flops_per_token,
                    selective_recompute_modules(mem));
  }
  if (l.recompute == Recompute::kFull && l.recompute_layers > 0) {
    // Block recompute runs the forward again for N layers of each chunk only.
    double recomputed = 0;
    for (int layers : split_layers(a.layers, static_cast<int>(l.pp), l.stage_layers)) {
      recomputed += full_recompute_share(l, layers) * layers;
    }
    const double share = a.layers > 0 ? recomputed / a.layers : 1;
    t.hardware_flops_per_token =
        t.model_flops_per_token + share * (t.hardware_flops_per_token - t.model_flops_per_token);
  }
  finetune_flops(mem, t);  // LoRA/QLoRA: no weight gradients for the frozen base (issue 13)
  t.gpus = l.tp * l.pp * l.dp * l.cp;
  t.tokens_per_step = in.global_batch * l.seq_len;
  const double step_hw_flops = t.hardware_flops_per_token * t.tokens_per_step;
  const double peak_flops = in.peak_tflops * kFlopsPerTflop;

  if (std::isfinite(in.achieved_tflops) && in.achieved_tflops > 0) {
    // A measured throughput already contains every bubble and collective.
    t.measured = true;
    t.microbatches = in.global_batch / (l.micro_batch * l.dp);
    t.compute_s = step_hw_flops / (t.gpus * in.achieved_tflops * kFlopsPerTflop);
    t.step_s = t.compute_s;
  } else if (costs != nullptr) {
    predict_step(in, *costs, params_per_card, t);
  } else {
    predict_step(in, layer_costs(in), params_per_card, t);
  }
  if (!t.measured) {
    // Offload's host transfers (issue 13): the state's, then the activations' beyond the
    // compute they overlap.
    t.offload_s = offload_step_s(in, params_per_card) + activation_offload_step_s(in, t);
    if (std::isfinite(t.offload_s)) t.step_s += t.offload_s;
    t.dequant_s = dequant_step_s(in, params_per_card, t.microbatches);
    if (std::isfinite(t.dequant_s)) t.step_s += t.dequant_s;
  }
  t.parts = step_parts(t, in.memory.finetune);
  t.tokens_per_s = t.tokens_per_step / t.step_s;
  t.mfu = t.model_flops_per_token * t.tokens_per_s / (t.gpus * peak_flops);
  t.hfu = t.hardware_flops_per_token * t.tokens_per_s / (t.gpus * peak_flops);

  const RunLength run = run_length(in, t.gpus, t.step_s);
  t.steps = run.steps;
  t.days = run.days;
  t.gpu_hours = run.gpu_hours;
  t.cost = run.cost;
  if (std::isfinite(in.tokens) && in.tokens > 0) {
    t.energy_kwh = t.gpu_hours * in.power_w * in.pue / 1000;
    const auto days_at = [&](double mfu) {
      return t.model_flops_per_token * in.tokens / (t.gpus * peak_flops * mfu) / kSecondsPerDay;
    };
    t.days_at_mfu_30 = days_at(0.3);
    t.days_at_mfu_40 = days_at(0.4);
    t.days_at_mfu_50 = days_at(0.5);
  } else {
    t.energy_kwh = kNaN;
    t.days_at_mfu_30 = t.days_at_mfu_40 = t.days_at_mfu_50 = kNaN;
  }
  return t;
}

}  // namespace

TrainingTime training_time(const TrainingTimeInputs& in, double params_per_card) {
  return time_with(in, params_per_card, nullptr);
}

TrainingTime training_time(const TrainingTimeInputs& in, double params_per_card,
                           const LayerCosts& costs) {
  return time_with(in, params_per_card, &costs);
}

RunLength run_length(const TrainingTimeInputs& in, double gpus, double step_s) {
  if (!(std::isfinite(in.tokens) && in.tokens > 0)) return {kNaN, kNaN, kNaN, kNaN};
  RunLength r;
  r.steps = std::ceil(in.tokens / (in.global_batch * in.memory.layout.seq_len));
  const double seconds = r.steps * step_s;
  r.days = seconds / kSecondsPerDay;
  r.gpu_hours = seconds / kSecondsPerHour * gpus;
  r.cost = r.gpu_hours * in.price_per_gpu_hour;
  return r;
}

}  // namespace llm_sizer
