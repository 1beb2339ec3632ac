#include "fleet_report.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "llm_sizer/launch_commands.hpp"
#include "llm_sizer/number_format.hpp"
#include "llm_sizer/units.hpp"

namespace llm_sizer::detail {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

bool known(double v) { return std::isfinite(v); }
constexpr auto n = readable_or_unknown;
constexpr auto round2 = hundredths_or_unknown;
std::string ms(double seconds) { return round2(seconds * 1e3); }
constexpr auto fine = fine_or_unknown;

Issue warning(std::string code, std::vector<IssueParam> params) {
  return {std::move(code), "", Severity::kWarning, std::move(params)};
}

std::string layout_text(const ServingLayout& l) {
  return n(l.tp) + " × " + n(l.pp) + " × " + n(l.dp);
}

// Which kind of replica the search chose, for the step's note.
std::string layout_note(const ServingLayout& l, double gpus_per_node) {
  if (l.dp > 1) return "fleet_layout_dp_ep";
  if (l.pp > 1) return "fleet_layout_pp";
  if (l.tp > gpus_per_node) return "fleet_layout_tp_nodes";
  return l.ep ? "fleet_layout_tp_ep" : "fleet_layout_tp";
}

FleetCard card_of(const CardBudget& b) {
  FleetCard c;
  c.device_gb = bytes_to_gb(b.total_bytes);
  c.fraction = b.fraction;
  c.requested_gb = bytes_to_gb(b.requested_bytes);
  c.weights_gb = bytes_to_gb(b.weights_bytes);
  c.kv_cache_gb = bytes_to_gb(std::max(0.0, b.kv_bytes));
  c.activation_gb = bytes_to_gb(b.activation_bytes);
  c.non_torch_gb = bytes_to_gb(b.non_torch_bytes);
  c.encoder_gb = bytes_to_gb(b.encoder_bytes);
  c.cuda_graph_gb = bytes_to_gb(b.cuda_graph_bytes);
  c.cuda_context_gb = bytes_to_gb(b.cuda_context_bytes);
  c.reserve_gb = bytes_to_gb(b.reserve_bytes);
  c.headroom_gb = bytes_to_gb(b.headroom_bytes);
  c.kv_tokens = b.kv_tokens;
  return c;
}

void unknown_fleet(FleetReport& f) {
  for (double* v : {&f.tp,
                    &f.pp,
                    &f.dp,
                    &f.gpus_per_replica,
                    &f.nodes_per_replica,
                    &f.replicas,
                    &f.total_gpus,
                    &f.nodes,
                    &f.memory_concurrency,
                    &f.slo_concurrency,
                    &f.replica_concurrency,
                    &f.batch_per_rank,
                    &f.ttft_ms,
                    &f.tpot_ms,
                    &f.decode_step_ms,
                    &f.prefill_ms,
                    &f.comm_ms,
                    &f.output_tokens_per_s,
                    &f.input_tokens_per_s,
                    &f.output_tokens_per_s_per_gpu,
                    &f.output_tokens_per_s_per_replica,
                    &f.tokens_per_s_per_user,
                    &f.cost_per_hour,
                    &f.cost_per_m_input,
                    &f.cost_per_m_output}) {
    *v = kNaN;
  }
}

// The KV pool as each engine's rule leaves it (serving_memory.cpp, engine_card_budget); the
// multimodal encoder's budget (E) only where the plan sets one.
std::string kv_pool_formula(KvBudgetRule rule, const CardBudget& b) {
  const std::string e = b.encoder_bytes > 0 ? " − E" : "";
  switch (rule) {
    case KvBudgetRule::kStaticFraction:
      return "f × (V − ctx − N) − W" + e;
    case KvBudgetRule::kFractionOfFree:
      return "f × (V − W − A − N" + e + " − graphs − ctx)";
    default:
      return "u × V − W − A − N" + e;
  }
}

std::string kv_pool_substitution(KvBudgetRule rule, const CardBudget& b) {
  const std::string v = gb2(b.total_bytes);
  const std::string f = format_fine(b.fraction);
  const std::string e = b.encoder_bytes > 0 ? " − " + gb2(b.encoder_bytes) : "";
  switch (rule) {
    case KvBudgetRule::kStaticFraction:
      return f + " × (" + v + " − " + gb2(b.cuda_context_bytes) + " − " + gb2(b.non_torch_bytes) +
             ") − " + gb2(b.weights_bytes) + e;
    case KvBudgetRule::kFractionOfFree:
      return f + " × (" + v + " − " + gb2(b.weights_bytes) + " − " + gb2(b.activation_bytes) +
             " − " + gb2(b.non_torch_bytes) + e + " − " + gb2(b.cuda_graph_bytes) + " − " +
             gb2(b.cuda_context_bytes) + ")";
    default:
      return f + " × " + v + " − " + gb2(b.weights_bytes) + " − " + gb2(b.activation_bytes) +
             " − " + gb2(b.non_torch_bytes) + e;
  }
}

// W_card of a fleet layout (serving_layout.cpp, layout_weights): a stage's layers as TP splits
// them, its routed experts over the MoE group (TP × DP), its vocabulary over TP.
struct WeightsText {
  std::string formula;
  std::string numbers;
};
WeightsText weights_text(const ServingInputs& in, const ServingLayout& l) {
  const LayoutWeights w = layout_weights(in, l);
  WeightsText t{"W_layers", gb2(w.layer_bytes)};
  if (w.expert_bytes > 0) {
    t.formula += " + W_experts / (TP × DP)";
    t.numbers += " + " + gb2(w.expert_bytes * l.moe_group()) + " / " + n(l.moe_group());
  }
  t.formula += " + W_vocab / TP";
  t.numbers += " + " + gb2(w.embedding_bytes * l.tp) + " / " + n(l.tp) + " GB";
  return t;
}

// The same replicas split into a prefill pool and a decode pool (prefill:decode cards).
DisaggregatedFleet disaggregate(const ServingInputs& in, const FleetOption& best,
                                const ServingWorkload& load, double prefill_part,
                                double decode_part) {
  DisaggregatedFleet d;
  d.on = true;
  const ServingLayout& l = best.layout;
  d.decode_replicas = best.replicas;
  d.prefill_replicas = std::max(1.0, std::ceil(best.replicas * prefill_part / decode_part));
  d.prefill_gpus = d.prefill_replicas * l.gpus();
  d.decode_gpus = d.decode_replicas * l.gpus();
  const double context = load.input_tokens + load.output_tokens / 2;
  const double step = replica_decode_step_s(in, l, best.at_load.batch, context, load);
  const double tau = speculative_tokens_per_step(load);
  d.tpot_ms = step / tau * 1e3;
  // A prefill replica takes the prompts of many decode replicas: they wait to fill its budget.
  const double waiting = d.decode_replicas * l.dp * best.at_load.batch;
  const PrefillTime prefill = packed_prefill(in, l, load, replica_prefill(in, l, load), waiting);
  // The prompt's KV leaves every card of the prefill replica over its own NIC.
  const double kv_card = layout_kv_bytes_per_token(in, l) * load.input_tokens;
  d.transfer_ms = kv_card / link_bytes_per_s(in, true) * 1e3;
  d.ttft_ms = (prefill.alone_s + prefill.reload_s) * 1e3 + d.transfer_ms;
  const double decode_rate = d.decode_replicas * l.dp * best.at_load.batch * tau / step;
  const double prompts_per_s = d.prefill_replicas * l.dp / prefill.busy_s;
  d.output_tokens_per_s = std::min(decode_rate, prompts_per_s * load.output_tokens);
  d.output_tokens_per_s_per_gpu = d.output_tokens_per_s / (d.prefill_gpus + d.decode_gpus);
  return d;
}

// Bytes and FLOPs in the units the lines read, with the digits a small figure needs.
std::string gb_fine(double bytes) { return format_fine(bytes_to_gb(bytes)) + " GB"; }
std::string tflop_fine(double flops) { return format_fine(flops / 1e12) + " TFLOP"; }
// The rates a kernel reaches: HBM bandwidth and dense peak times the plan's efficiencies.
std::string bandwidth_text(const ServingInputs& in) {
  return "(" + n(in.hbm_bandwidth_tbps) + " TB/s × " + n(in.decode_efficiency) + ")";
}
std::string peak_text(const ServingInputs& in, double cards) {
  return "(" + (cards > 1 ? n(cards) + " × " : std::string()) + n(in.peak_tflops) + " TFLOP/s × " +
         n(in.prefill_efficiency) + ")";
}

}  // namespace

std::string gb2(double bytes) { return hundredths_or_unknown(bytes_to_gb(bytes)); }

std::string concurrency_numbers(const CardBudget& b, double sequence_bytes) {
  const std::string pool = b.kv_bytes > 0 ? gb2(b.kv_bytes) : "max(0, " + gb2(b.kv_bytes) + ")";
  const std::string fit = "⌊" + pool + " / " + format_fine(bytes_to_gb(sequence_bytes)) + "⌋";
  return known(b.max_num_seqs) ? "min(" + fit + ", " + n(b.max_num_seqs) + ")" : fit;
}

FleetReport fleet_report(const ResolvedPlan& plan, std::vector<Issue>& issues) {
  FleetReport f;
  const ServingInputs& in = plan.serving.inputs;
  const InferenceSettings& s = plan.serving.settings;
  const ResolvedServing& serving = plan.serving;
  f.engine = s.engine;
  f.concurrency = s.concurrency;
  unknown_fleet(f);
  f.band.reason = "no_fleet";
  const bool refused = (serving.tp && !known(*serving.tp)) || (serving.pp && !known(*serving.pp)) ||
                       (serving.dp && !known(*serving.dp));
  if (refused || serving.engine.profile == nullptr || !known(s.concurrency) ||
      !known(s.input_tokens) || !known(s.output_tokens) || !known(serving.engine.total_bytes)) {
    return f;
  }
  const FleetRequest request = fleet_request(plan);
  const FleetSearch search = search_fleet(in, request);
  f.evaluated = search.evaluated;
  if (!search.found) {
    issues.push_back(warning("serving_fleet_none",
                             {{"concurrency", n(s.concurrency)}, {"context", n(s.context)}}));
    return f;
  }
  const FleetOption& best = search.best;
  const ServingLayout& l = best.layout;
  const CardBudget& b = best.budget;
  const LoadPoint& at = best.at_load;
  f.found = true;
  f.tp = l.tp;
  f.pp = l.pp;
  f.dp = l.dp;
  f.ep = l.ep;
  f.gpus_per_replica = l.gpus();
  f.nodes_per_replica = best.nodes_per_replica;
  f.replicas = best.replicas;
  f.total_gpus = best.gpus;
  f.nodes = std::ceil(best.gpus / in.gpus_per_node);
  f.memory_concurrency = best.memory_concurrency * l.dp;
  f.slo_concurrency = best.slo_concurrency * l.dp;
  f.replica_concurrency = best.replica_concurrency;
  f.meets_slo = best.meets_slo;
  f.per_card = card_of(b);
  f.batch_per_rank = at.batch;
  f.ttft_ms = at.ttft_s * 1e3;
  f.tpot_ms = at.tpot_s * 1e3;
  f.decode_step_ms = at.decode_step_s * 1e3;
  f.prefill_ms = at.prefill_s * 1e3;
  f.comm_ms = at.comm_s * 1e3;
  f.bound = !known(at.decode_step_s) ? "" : at.compute_bound ? "compute" : "memory";
  f.output_tokens_per_s = best.output_tokens_per_s;
  f.input_tokens_per_s = best.input_tokens_per_s;
  f.output_tokens_per_s_per_gpu = best.output_tokens_per_s_per_gpu;
  f.output_tokens_per_s_per_replica = at.output_tokens_per_s;
  f.tokens_per_s_per_user = 1 / at.tpot_s;
  f.cost_per_hour = best.cost_per_hour;
  f.cost_per_m_input = best.cost_per_m_input;
  f.cost_per_m_output = best.cost_per_m_output;
  f.band = serving_band(plan, s.engine, f.output_tokens_per_s, f.cost_per_m_output);
  for (const auto& o : search.alternatives) {
    f.alternatives.push_back({o.layout.tp, o.layout.pp, o.layout.dp, o.layout.ep, o.replicas,
                              o.gpus, o.at_load.tpot_s * 1e3, o.at_load.ttft_s * 1e3,
                              o.output_tokens_per_s_per_gpu, o.meets_slo});
  }
  if (s.pd_prefill > 0 && s.pd_decode > 0) {
    f.disaggregated = disaggregate(in, best, serving.load, s.pd_prefill, s.pd_decode);
  }

  // The derivation, in the order a person would check it.
  const EngineProfile& engine = *serving.engine.profile;
  auto& steps = f.steps;
  steps.push_back(make_step("fleet_layout", "TP × PP × DP", layout_text(l), l.gpus(), "GPUs",
                            layout_note(l, in.nvlink_domain_gpus),
                            {{"tp", n(l.tp)},
                             {"pp", n(l.pp)},
                             {"dp", n(l.dp)},
                             {"ep", l.ep ? n(l.moe_group()) : "1"},
                             {"nodes", n(best.nodes_per_replica)},
                             {"evaluated", n(search.evaluated)}}));
  steps.push_back(make_step("fleet_device", "V", round2(s.device_memory_gib) + " GiB",
                            bytes_to_gb(b.total_bytes), "GB", "fleet_device",
                            {{"gib", round2(s.device_memory_gib)}}));
  const WeightsText weights = weights_text(in, l);
  steps.push_back(make_step(
      "fleet_weights_card", weights.formula, weights.numbers, bytes_to_gb(b.weights_bytes), "GB",
      l.dp > 1 || l.ep ? "fleet_weights_ep" : "fleet_weights_tp", {{"group", n(l.moe_group())}}));
  const StepText activation = activation_text(in, b.activation);
  steps.push_back(make_step("fleet_activation", activation.formula, activation.numbers,
                            bytes_to_gb(b.activation_bytes), "GB", "fleet_activation",
                            {{"engine", s.engine_name}}));
  steps.push_back(make_step("fleet_non_torch", "N", gb2(b.non_torch_bytes) + " GB",
                            bytes_to_gb(b.non_torch_bytes), "GB", "fleet_non_torch",
                            {{"engine", s.engine_name}}));
  steps.push_back(make_step("fleet_kv_pool", kv_pool_formula(engine.kv_rule, b),
                            kv_pool_substitution(engine.kv_rule, b), bytes_to_gb(b.kv_bytes), "GB",
                            "fleet_kv_pool_" + std::string(engine.id),
                            {{"engine", s.engine_name}, {"version", s.engine_version}}));
  steps.push_back(make_step(
      "fleet_kv_tokens", "⌊KV / (KV_tok,card × block)⌋ × block",
      "⌊" + gb2(b.kv_bytes) + " GB / (" + n(std::round(layout_kv_bytes_per_token(in, l))) +
          " B × " + n(serving.engine.block_tokens) + ")⌋ × " + n(serving.engine.block_tokens),
      b.kv_tokens, "tokens"));
  steps.push_back(make_step(
      "fleet_memory_concurrency", "dp × min(⌊KV / KV_seq(P + O)⌋, max_num_seqs)",
      n(l.dp) + " × " +
          concurrency_numbers(
              b, layout_kv_bytes_per_sequence(in, l, s.input_tokens + s.output_tokens, true)),
      f.memory_concurrency, ""));
  steps.push_back(make_step("fleet_slo_concurrency", "dp × max B: TPOT(B) ≤ SLO",
                            "SLO " + n(s.tpot_slo_ms) + " ms", f.slo_concurrency, "",
                            best.slo_concurrency >= 1 ? "" : "fleet_slo_none",
                            {{"slo", n(s.tpot_slo_ms)}}));
  steps.push_back(make_step("fleet_replicas", "⌈C / C_replica⌉",
                            "⌈" + n(s.concurrency) + " / " + n(best.replica_concurrency) + "⌉",
                            best.replicas, ""));
  steps.push_back(make_step("fleet_total_gpus", "replicas × TP × PP × DP",
                            n(best.replicas) + " × " + n(l.gpus()), best.gpus, "GPUs",
                            "fleet_nodes",
                            {{"nodes", n(f.nodes)}, {"per_node", n(in.gpus_per_node)}}));
  const StepText decode = decode_step_text(in, l, at.stage, serving.load);
  steps.push_back(make_step("fleet_decode_step", decode.formula, decode.numbers, f.decode_step_ms,
                            "ms", f.bound.empty() ? "" : "fleet_decode_" + f.bound,
                            {{"dtype", s.peak_dtype},
                             {"comm_ms", round2(f.comm_ms)},
                             {"batch", n(at.batch / l.pp)},
                             {"context", n(s.input_tokens + s.output_tokens / 2)}}));
  steps.push_back(make_step("fleet_tpot", "(O / τ × t_step + B × t_prefill) / O",
                            "(" + n(s.output_tokens) + " / " +
                                round2(speculative_tokens_per_step(serving.load)) + " × " +
                                round2(f.decode_step_ms) + " ms + " + n(at.batch) + " × " +
                                round2(f.prefill_ms) + " ms) / " + n(s.output_tokens),
                            f.tpot_ms, "ms", best.meets_slo ? "fleet_slo_met" : "fleet_slo_missed",
                            {{"slo", n(s.tpot_slo_ms)}}));
  const StepText prefill = prefill_text(in, l, at.prefill);
  steps.push_back(make_step(
      "fleet_ttft", "t_step + " + prefill.formula,
      round2(f.decode_step_ms) + " ms + " + prefill.numbers, f.ttft_ms, "ms", "fleet_ttft",
      {{"chunk", n(serving.load.prefill_chunk_tokens)}, {"prompt", n(s.input_tokens)}}));
  steps.push_back(make_step("fleet_throughput", "replicas × dp × B × O / T_cycle",
                            n(best.replicas) + " × " + n(l.dp) + " × " + n(at.batch) + " × " +
                                n(s.output_tokens) + " / " + ms(at.cycle_s) + " ms",
                            f.output_tokens_per_s, "tokens/s", "fleet_per_gpu",
                            {{"per_gpu", round2(f.output_tokens_per_s_per_gpu)},
                             {"input", round2(f.input_tokens_per_s)}}));
  const bool priced = known(plan.setup.price_per_gpu_hour);
  const std::string fleet_hour = n(plan.setup.price_per_gpu_hour) + " × " + n(best.gpus);
  steps.push_back(make_step("fleet_cost_output", "$/h × GPUs × (1 − s_p) / (out/s × 3600) × 10⁶",
                            fleet_hour + " × (1 − " + fine(at.prefill_share) + ") / (" +
                                round2(f.output_tokens_per_s) + " × 3600) × 10⁶",
                            f.cost_per_m_output, "$", priced ? "fleet_cost" : "fleet_no_price",
                            {{"per_hour", round2(f.cost_per_hour)}}));
  steps.push_back(make_step("fleet_cost_input", "$/h × GPUs × s_p / (in/s × 3600) × 10⁶",
                            fleet_hour + " × " + fine(at.prefill_share) + " / (" +
                                round2(f.input_tokens_per_s) + " × 3600) × 10⁶",
                            f.cost_per_m_input, "$", priced ? "" : "fleet_no_price"));

  if (!search.slo_met && known(request.tpot_slo_s)) {
    issues.push_back(warning("serving_slo_unmet",
                             {{"slo_ms", n(s.tpot_slo_ms)}, {"tpot_ms", round2(f.tpot_ms)}}));
  }
  if (b.headroom_bytes < 0) {
    issues.push_back(warning("serving_headroom_short",
                             {{"need_gb", gb2(b.cuda_graph_bytes + b.cuda_context_bytes)},
                              {"have_gb", gb2(b.reserve_bytes)},
                              {"engine", s.engine_name}}));
  }
  return f;
}

std::vector<LatencyPoint> latency_curve(const ServingInputs& in, const ServingLayout& layout,
                                        const ServingWorkload& load, double max_per_replica) {
  std::vector<LatencyPoint> curve;
  const double max_batch = std::floor(max_per_replica / layout.dp);
  if (!(max_batch >= 1)) return curve;
  for (double batch = 1;; batch = std::min(batch * 2, max_batch)) {
    const LoadPoint p = load_point(in, layout, batch, load);
    curve.push_back({p.concurrency, p.tpot_s * 1e3, p.ttft_s * 1e3,
                     p.output_tokens_per_s / layout.gpus(), 1 / p.tpot_s});
    if (batch >= max_batch) break;
  }
  return curve;
}

// The communication comes first in these lines: one ending in its value's unit ("… + 1.6 ms")
// would read as a sum in that unit throughout.
StepText decode_step_text(const ServingInputs& in, const ServingLayout& l, const StageStep& st,
                          const ServingWorkload& load) {
  const std::string bw = bandwidth_text(in);
  const std::string peak = peak_text(in, 1);
  StepText t{
      "t_comm + max(W / (BW × e_bw), F_mm / (peak × e_c)) + max(KV / (BW × e_bw), F_att / "
      "(peak × e_c))",
      ms(st.comm_s) + " ms + max(" + gb_fine(st.weight_bytes) + " / " + bw + ", " +
          tflop_fine(st.matmul_flops) + " / " + peak + ") + max(" + gb_fine(st.kv_bytes) + " / " +
          bw + ", " + tflop_fine(st.attention_flops) + " / " + peak + ")"};
  if (l.pp > 1 || load.spec_tokens > 0) {
    t.formula = "(" + t.formula + ")";
    t.numbers = "(" + t.numbers + ")";
  }
  if (l.pp > 1) {
    t.formula = "pp × " + t.formula;
    t.numbers = n(l.pp) + " × " + t.numbers;
  }
  if (load.spec_tokens > 0) {
    t.formula += " × (1 + k / L)";
    t.numbers += " × (1 + " + n(load.spec_tokens) + " / " + n(in.arch.layers) + ")";
  }
  return t;
}

StepText prefill_text(const ServingInputs& in, const ServingLayout& l, const PrefillTime& p) {
  const std::string peak = peak_text(in, l.tp * l.pp);
  const std::string chunks = n(p.chunks);
  StepText t{
      "(n + pp − 1) × (t_comm + max(F_mm / n / (TP·PP × peak × e_c), W / (BW × e_bw)) + "
      "F_att / n / (TP·PP × peak × e_c))",
      "(" + chunks + " + " + n(l.pp) + " − 1) × (" + ms(p.chunk_comm_s) + " ms + max(" +
          tflop_fine(p.matmul_flops) + " / " + chunks + " / " + peak + ", " +
          gb_fine(p.weight_bytes) + " / " + bandwidth_text(in) + ") + " +
          tflop_fine(p.attention_flops) + " / " + chunks + " / " + peak + ")"};
  if (p.reload_s > 0) {
    t.formula = "t_reload + " + t.formula;
    t.numbers = ms(p.reload_s) + " ms + " + t.numbers;
  }
  return t;
}

StepText compute_bound_text(const ServingInputs& in, const ServingLayout& l, double context,
                            double batch) {
  const std::string bw = bandwidth_text(in);
  const std::string peak = peak_text(in, 1);
  if (std::isfinite(batch)) {
    const StageStep at = decode_stage_step(in, l, batch, context, 1);
    const std::string b = n(batch);
    return {"min B: B × F_seq / (peak × e_c) ≥ (W + B × KV_seq) / (BW × e_bw)",
            b + " × " + tflop_fine(at.flops / batch) + " / " + peak + " ≥ (" +
                gb_fine(at.weight_bytes) + " + " + b + " × " + gb_fine(at.kv_bytes / batch) +
                ") / " + bw};
  }
  const StageStep one = decode_stage_step(in, l, 1, context, 1);
  return {"KV_seq / (BW × e_bw) ≥ F_seq / (peak × e_c)",
          gb_fine(one.kv_bytes) + " / " + bw + " ≥ " + tflop_fine(one.flops) + " / " + peak};
}

StepText activation_text(const ServingInputs& in, const ProfileActivation& a) {
  const std::string b = n(a.element_bytes);
  return {"max(T × b × (4h + max(attn, FFN)), R × V × (b + s))",
          "max(" + n(a.tokens) + " × " + b + " × (4 × " + n(in.arch.hidden) + " + max(" +
              n(a.attention_width) + ", " + n(a.ffn_width) + ")), " + n(a.rows) + " × " +
              n(in.arch.vocab) + " × (" + b + " + " + n(a.sampler_bytes_per_logit) + "))"};
}

LaunchCommands launch_for(const ResolvedPlan& plan, const ServingLayout& layout, double fraction) {
  const InferenceSettings& s = plan.serving.settings;
  const EngineSettings& engine = plan.serving.engine;
  const ModelRepo repo = hf_repo(plan.serving.model_id, s.weights);
  LaunchInput in;
  const std::string placeholder =
      "<" + (plan.setup.model_name.empty() ? std::string("model") : plan.setup.model_name) + ">";
  in.model = repo.repo.empty() ? placeholder : repo.repo;
  in.quantize_online = s.weights == "fp8" && !repo.prequantized && !repo.repo.empty();
  in.mtp = plan.serving.model_id == "deepseek-v3";
  in.layout = layout;
  in.gpus_per_node = plan.setup.gpus_per_node;
  LaunchCommands out;
  // Each engine with the plan's settings where the plan's engine is that one, else with the
  // other engine's own defaults on this card.
  for (const auto& profile : engine_profiles()) {
    in.settings = s;
    if (profile.id == s.engine) {
      in.memory_fraction = fraction;
    } else {
      in.settings.prefill_chunk = engine_max_batched_tokens(profile, plan.serving.accelerator_id,
                                                            engine.total_bytes, engine.smi_mib);
      in.settings.max_num_seqs = profile.kv_rule == KvBudgetRule::kStaticFraction
                                     ? kNaN
                                     : engine_max_num_seqs(profile, plan.serving.accelerator_id,
                                                           engine.total_bytes, kNaN, kNaN);
      in.memory_fraction =
          profile.kv_rule == KvBudgetRule::kStaticFraction
              ? sglang_mem_fraction_static(engine.smi_mib, in.settings.prefill_chunk,
                                           layout.tp * layout.dp, layout.pp, layout.dp,
                                           layout.dp > 1, plan.serving.inputs.arch.is_mla())
              : profile.default_fraction;
    }
    if (profile.id == "vllm") out.vllm = vllm_command(in);
    if (profile.id == "sglang") out.sglang = sglang_command(in);
    if (profile.id == "trtllm") out.trtllm = trtllm_command(in);
  }
  return out;
}

}  // namespace llm_sizer::detail

namespace llm_sizer {

FleetRequest fleet_request(const ResolvedPlan& plan) {
  const ResolvedServing& serving = plan.serving;
  FleetRequest request;
  request.concurrency = serving.settings.concurrency;
  request.tpot_slo_s = serving.settings.tpot_slo_ms / 1e3;
  request.load = serving.load;
  request.engine = serving.engine;
  request.price_per_gpu_hour = plan.setup.price_per_gpu_hour;
  request.tp = serving.tp ? *serving.tp : detail::kNaN;
  request.pp = serving.pp ? *serving.pp : detail::kNaN;
  request.dp = serving.dp ? *serving.dp : detail::kNaN;
  request.ep = serving.ep;
  return request;
}

}  // namespace llm_sizer
