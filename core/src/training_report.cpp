#include "llm_sizer/training_report.hpp"

#include <cmath>
#include <limits>

#include "llm_sizer/number_format.hpp"
#include "llm_sizer/precision.hpp"
#include "llm_sizer/units.hpp"

namespace llm_sizer {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kDefaultSeqLen = 4096;

// Estimates, not measurements (see the header): editable per plan.
constexpr FrameworkProfile kMegatronProfile{"megatron", 0.75, 1.0, 0.05, 0.6, 0.8};
constexpr FrameworkProfile kPytorchProfile{"pytorch", 0.75, 0.5, 0.10, 0.4, 0.6};
constexpr double kTargetTokensPerStep = 4e6;
constexpr double kMinMicrobatchesPerStage = 4;
constexpr double kDefaultPue = 1.2;

Issue layout_issue(std::string code, std::string field, std::vector<IssueParam> params,
                   Severity severity = Severity::kError) {
  return {std::move(code), std::move(field), severity, std::move(params)};
}

std::string n(double v) { return format_readable(v); }
std::string gb(double bytes) { return format_readable(std::round(bytes_to_gb(bytes) * 100) / 100); }

bool is_whole_divisor(double divisor, double value) {
  return divisor >= 1 && std::fmod(value, divisor) == 0;
}

// "8,8,8,5" → {8, 8, 8, 5}; empty on any malformed part.
std::vector<int> parse_stage_layers(const std::string& text) {
  std::vector<int> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    auto end = text.find(',', start);
    if (end == std::string::npos) end = text.size();
    const auto value = parse_number(std::string_view(text).substr(start, end - start));
    if (!value || *value < 1 || *value > 1000 || *value != std::floor(*value)) return {};
    out.push_back(static_cast<int>(*value));
    start = end + 1;
  }
  return out;
}

Recompute recompute_from(const std::string& id) {
  if (id == "none") return Recompute::kNone;
  if (id == "full") return Recompute::kFull;
  return Recompute::kSelective;
}

const char* recompute_id(Recompute r) {
  switch (r) {
    case Recompute::kNone:
      return "none";
    case Recompute::kFull:
      return "full";
    default:
      return "selective";
  }
}

}  // namespace

double default_global_batch(double seq_len, double micro_batch, double dp, double pp) {
  const double per_microbatch = micro_batch * dp;
  const double m = std::max(kMinMicrobatchesPerStage * pp,
                            std::ceil(kTargetTokensPerStep / (seq_len * per_microbatch)));
  return m * per_microbatch;
}

const FrameworkProfile& framework_profile(Framework framework) {
  return framework == Framework::kPytorch ? kPytorchProfile : kMegatronProfile;
}

bool training_inputs(const Plan& plan, const ResolvedSetup& setup, const ArticleTraining& layout,
                     TrainingTimeInputs& time, TrainingSettings& s, std::vector<Issue>& issues) {
  TrainingMemoryInputs& in = time.memory;
  if (!setup.has_architecture) return false;
  const Recipe* recipe = find_recipe(plan.recipe);
  if (recipe == nullptr) return false;
  in.arch = setup.arch;
  in.recipe = *recipe;
  in.framework = plan.framework == "pytorch" ? Framework::kPytorch : Framework::kMegatron;
  in.card_memory_gb = setup.card_memory_gb;
  const FrameworkProfile& profile = framework_profile(in.framework);
  const Architecture& a = in.arch;
  TrainingLayout& l = in.layout;

  s.framework = std::string(profile.id);
  s.recipe = plan.recipe;
  l.tp = s.tp = layout.tp;
  l.pp = s.pp = layout.pp;
  l.dp = s.dp = layout.dp;
  l.cp = s.cp = plan_value(issues, "cp", plan.cp, 1);
  l.ep = s.ep = plan_value(issues, "ep", plan.ep, 1);
  l.etp = s.etp = plan_value(issues, "etp", plan.etp, a.is_moe() ? layout.tp : 1);
  l.vpp = s.vpp = plan_value(issues, "vpp", plan.vpp, 1);
  l.micro_batch = s.micro_batch = plan_value(issues, "micro_batch", plan.micro_batch, 1);
  const double context =
      a.max_positions > 0 ? std::min(kDefaultSeqLen, a.max_positions) : kDefaultSeqLen;
  l.seq_len = s.seq_len = plan_value(issues, "seq_len", plan.seq_len, context);
  s.global_batch = plan_value(issues, "global_batch", plan.global_batch, kNaN);
  s.zero = plan_value(issues, "zero", plan.zero, 0);
  l.zero = s.zero >= 0 && s.zero <= 3 ? static_cast<int>(s.zero) : 0;  // NaN and bad values: 0
  s.recompute = plan.recompute.empty() ? "selective" : plan.recompute;
  l.recompute = recompute_from(s.recompute);
  const bool megatron = in.framework == Framework::kMegatron;
  s.sequence_parallel = l.sequence_parallel =
      plan_value(issues, "sequence_parallel", plan.sequence_parallel,
                 megatron && layout.tp > 1 ? 1 : 0) == 1;
  s.flash_attention = l.flash_attention =
      plan_value(issues, "flash_attention", plan.flash_attention, 1) == 1;
  in.overheads.cuda_context_gb = s.cuda_context_gb =
      plan_value(issues, "cuda_context_gb", plan.cuda_context_gb, profile.cuda_context_gb);
  in.overheads.comm_buffer_gb = s.comm_buffer_gb =
      plan_value(issues, "comm_buffer_gb", plan.comm_buffer_gb, profile.comm_buffer_gb);
  in.overheads.allocator_slack = s.allocator_slack =
      plan_value(issues, "allocator_slack", plan.allocator_slack, profile.allocator_slack);

  // Anything NaN here was already named by validation; the model cannot run without it.
  for (double v : {l.tp, l.pp, l.dp, l.cp, l.ep, l.etp, l.vpp, l.micro_batch, l.seq_len,
                   in.overheads.cuda_context_gb, in.overheads.comm_buffer_gb,
                   in.overheads.allocator_slack, in.card_memory_gb}) {
    if (!std::isfinite(v)) return false;
  }
  if (l.tp < 1 || l.pp < 1 || l.dp < 1) return false;

  bool ok = true;
  const auto fail = [&](Issue issue) {
    issues.push_back(std::move(issue));
    ok = false;
  };
  const double heads = a.heads;
  const double kv_heads = a.is_mla() ? a.heads : a.kv_heads;
  if (!is_whole_divisor(l.tp, heads) || !is_whole_divisor(l.tp, kv_heads)) {
    fail(layout_issue("tp_not_divisor", "tp",
                      {{"tp", n(l.tp)}, {"heads", n(heads)}, {"kv_heads", n(kv_heads)}}));
  }
  if (l.pp > a.layers) {
    fail(layout_issue("pp_exceeds_layers", "pp", {{"pp", n(l.pp)}, {"layers", n(a.layers)}}));
  }
  if (!plan.stage_layers.empty() && !has_error_for(issues, "stage_layers")) {
    l.stage_layers = parse_stage_layers(plan.stage_layers);
    int sum = 0;
    for (int x : l.stage_layers) sum += x;
    if (l.stage_layers.size() != static_cast<std::size_t>(l.pp) || sum != a.layers) {
      fail(layout_issue("stage_layers_invalid", "stage_layers",
                        {{"value", plan.stage_layers}, {"pp", n(l.pp)}, {"layers", n(a.layers)}}));
      l.stage_layers.clear();
    }
  }
  const auto split = split_layers(a.layers, static_cast<int>(l.pp), l.stage_layers);
  for (double x : split) s.stage_layers.push_back(x);
  if (l.vpp > 1) {
    if (l.pp < 2) fail(layout_issue("vpp_needs_pp", "vpp", {{"vpp", n(l.vpp)}}));
    for (int x : split) {
      if (x % static_cast<int>(l.vpp) != 0) {
        fail(layout_issue("vpp_not_divisor", "vpp", {{"vpp", n(l.vpp)}, {"layers", n(x)}}));
        break;
      }
    }
  }
  if (a.is_moe()) {
    const double group = l.dp * l.cp * l.tp;
    if (!is_whole_divisor(l.ep, a.moe_experts) || !is_whole_divisor(l.ep * l.etp, group)) {
      fail(layout_issue("ep_invalid", "ep",
                        {{"ep", n(l.ep)},
                         {"etp", n(l.etp)},
                         {"experts", n(a.moe_experts)},
                         {"group", n(group)}}));
    }
  } else if (plan.ep && l.ep > 1) {
    issues.push_back(layout_issue("ep_without_experts", "ep", {}, Severity::kWarning));
  }
  if (l.cp > 1 && !l.flash_attention) {
    issues.push_back(layout_issue("cp_needs_flash", "cp", {{"cp", n(l.cp)}}, Severity::kWarning));
  }
  if (l.cp > 1 && std::fmod(l.seq_len, 2 * l.cp) != 0) {
    issues.push_back(layout_issue("cp_seq_len", "cp", {{"cp", n(l.cp)}, {"seq_len", n(l.seq_len)}},
                                  Severity::kWarning));
  }
  if (!megatron && plan.sequence_parallel && *plan.sequence_parallel == 1) {
    issues.push_back(
        layout_issue("sp_needs_megatron", "sequence_parallel", {}, Severity::kWarning));
  }
  const double per_step = l.micro_batch * l.dp;
  if (!plan.global_batch) {
    s.global_batch = default_global_batch(l.seq_len, l.micro_batch, l.dp, l.pp);
  }
  if (std::isfinite(s.global_batch) && std::fmod(s.global_batch, per_step) != 0) {
    fail(layout_issue(
        "global_batch_not_divisible", "global_batch",
        {{"global_batch", n(s.global_batch)}, {"micro_batch", n(l.micro_batch)}, {"dp", n(l.dp)}}));
  } else if (std::isfinite(s.global_batch)) {
    l.microbatches = s.microbatches = s.global_batch / per_step;
    if (l.vpp > 1 && std::fmod(l.microbatches, l.pp) != 0) {
      issues.push_back(layout_issue("vpp_microbatches", "global_batch",
                                    {{"microbatches", n(l.microbatches)}, {"pp", n(l.pp)}},
                                    Severity::kWarning));
    }
  }

  // Time and cost.
  s.compute_dtype = plan.recipe == "fp8" ? "fp8" : "bf16";
  s.peak_tflops = s.compute_dtype == "fp8" ? setup.fp8_tflops : setup.bf16_tflops;
  if (s.compute_dtype == "fp8" && !std::isfinite(s.peak_tflops)) {
    s.compute_dtype = "bf16";
    s.peak_tflops = setup.bf16_tflops;
  }
  time.peak_tflops = s.peak_tflops;
  time.compute_efficiency = s.compute_efficiency =
      plan_value(issues, "mfu", plan.mfu, profile.compute_efficiency);
  time.achieved_tflops = s.achieved_tflops =
      plan_value(issues, "achieved_tflops", plan.achieved_tflops, kNaN);
  time.dp_overlap = s.dp_overlap =
      plan_value(issues, "dp_overlap", plan.dp_overlap, profile.dp_overlap);
  time.pue = s.pue = plan_value(issues, "pue", plan.pue, kDefaultPue);
  const double tokens = plan_value(issues, "tokens", plan.tokens, kNaN);
  time.tokens = s.tokens = tokens * plan_value(issues, "epochs", plan.epochs, 1);
  time.intra_node_gbps = setup.intra_node_bandwidth_gbps;
  time.inter_node_gbps = setup.inter_node_bandwidth_gbps;
  time.gpus_per_node = setup.gpus_per_node;
  time.global_batch = s.global_batch;
  time.price_per_gpu_hour = setup.price_per_gpu_hour;
  time.power_w = setup.power_w;
  return ok;
}

namespace {

StageReport stage_report(const StageMemory& m, double card_gb) {
  StageReport r;
  r.stage = m.stage;
  r.first_layer = m.first_layer;
  r.layers = m.layers;
  r.inflight = m.inflight;
  r.params = m.params_per_card;
  r.weights_gb = bytes_to_gb(m.weights_bytes);
  r.grads_gb = bytes_to_gb(m.grads_bytes);
  r.optimizer_gb = bytes_to_gb(m.optimizer_bytes);
  r.activations_gb = bytes_to_gb(m.activations_bytes);
  r.logits_gb = bytes_to_gb(m.logits_bytes);
  r.overhead_gb = bytes_to_gb(m.overhead_bytes);
  r.total_gb = bytes_to_gb(m.total_bytes);
  r.fits = r.total_gb <= card_gb;
  return r;
}

std::vector<DerivationStep> explain(const TrainingMemoryInputs& in, const TrainingMemory& m,
                                    const ResolvedSetup& setup) {
  const StageMemory& s = m.peak();
  const TrainingLayout& l = in.layout;
  const Recipe& r = in.recipe;
  std::vector<DerivationStep> steps;
  const std::string card_params = n(std::round(s.params_per_card));
  steps.push_back(make_step("params_total", "N = L·N_layer + N_emb + N_head",
                            n(setup.counts.total) + " (N_active = " + n(setup.counts.active) + ")",
                            setup.counts.total, "params"));
  steps.push_back(make_step("peak_stage", "i* = argmax_i M_i",
                            n(s.stage + 1) + " / " + n(l.pp) + " (L " + n(s.first_layer + 1) + "–" +
                                n(s.first_layer + s.layers) + ")",
                            s.stage + 1, "",
                            s.stage == 0          ? "peak_first_stage"
                            : s.stage == l.pp - 1 ? "peak_last_stage"
                                                  : "peak_middle_stage"));
  steps.push_back(make_step("params_per_card", "N_card = N_stage / P_TP + N_experts / (P_EP·P_ETP)",
                            card_params, s.params_per_card, "params"));
  const std::string shard = n(l.dp * l.cp);
  const auto sharded = [&](bool on) { return on ? " ÷ " + shard : std::string(); };
  steps.push_back(make_step(
      "weights", "N_card × b_w" + std::string(l.zero >= 3 ? " ÷ P_DP" : ""),
      card_params + " × " + n(r.weight_bytes + r.weight_copy_bytes) + " B" + sharded(l.zero >= 3),
      bytes_to_gb(s.weights_bytes), "GB"));
  steps.push_back(make_step("grads", "N_card × b_g" + std::string(l.zero >= 2 ? " ÷ P_DP" : ""),
                            card_params + " × " + n(r.grad_bytes) + " B" + sharded(l.zero >= 2),
                            bytes_to_gb(s.grads_bytes), "GB"));
  const bool shard_optimizer = l.zero >= 1 || r.shards_optimizer;
  steps.push_back(make_step(
      "optimizer", "N_card × (b_master + b_adam)" + std::string(shard_optimizer ? " ÷ P_DP" : ""),
      card_params + " × " + n(r.master_bytes + r.optimizer_bytes) + " B" + sharded(shard_optimizer),
      bytes_to_gb(s.optimizer_bytes), "GB"));
  const LayerActivations& layer =
      s.layers > 0 && in.arch.layer_is_moe(s.first_layer) ? m.moe_layer : m.dense_layer;
  const std::string tokens = n(l.seq_len / l.cp) + " × " + n(l.micro_batch);
  const bool sp = in.framework == Framework::kMegatron && l.sequence_parallel;
  steps.push_back(make_step(
      "activations_per_layer", "A = U/t_sp + S/t + Q/t  (s·b = " + tokens + ")",
      gb(layer.unsplit_bytes) + "/" + n(sp ? l.tp : 1) + " + " + gb(layer.split_bytes) + "/" +
          n(l.tp) + " + " + gb(layer.quadratic_bytes) + "/" + n(l.tp) + " GB",
      bytes_to_gb(layer.saved_bytes), "GB", "recompute_" + std::string(recompute_id(l.recompute))));
  steps.push_back(make_step("inflight",
                            l.vpp > 1 ? "n = (2(p−i−1) + (v−1)p + 1) / v" : "n = min(P_PP − i, m)",
                            l.vpp > 1 ? "v = " + n(l.vpp) + ", i = " + n(s.stage)
                                      : "min(" + n(l.pp) + " − " + n(s.stage) + ", m)",
                            s.inflight, ""));
  steps.push_back(make_step("activations", "n × Σ A_layer (+ A_recompute)",
                            n(s.inflight) + " × " + n(s.layers) + " × A",
                            bytes_to_gb(s.activations_bytes), "GB"));
  const bool last = s.stage == static_cast<int>(l.pp) - 1;
  steps.push_back(make_step("logits", "b_logits × s·b·V / P_TP",
                            n(m.logits_bytes_per_element) + " B × " + tokens + " × " +
                                n(m.padded_vocab) + " ÷ " + n(l.tp),
                            bytes_to_gb(s.logits_bytes), "GB",
                            !last                                  ? "logits_last_stage_only"
                            : in.framework == Framework::kMegatron ? "logits_megatron"
                                                                   : "logits_pytorch"));
  steps.push_back(make_step("overhead", "M_ctx + M_comm + f_slack × M_rest",
                            n(in.overheads.cuda_context_gb) + " + " +
                                n(in.overheads.comm_buffer_gb) + " + " +
                                n(in.overheads.allocator_slack) + " × M_rest",
                            bytes_to_gb(s.overhead_bytes), "GB"));
  const double card = in.card_memory_gb;
  steps.push_back(make_step(
      "peak", "M = Σ", "", bytes_to_gb(s.total_bytes), "GB", m.fits ? "fits" : "does_not_fit",
      {{"peak_gb", gb(s.total_bytes)},
       {"card_gb", n(card)},
       {"margin_gb",
        format_readable(std::round(std::fabs(card - bytes_to_gb(s.total_bytes)) * 100) / 100)}}));
  return steps;
}

// The smallest PP that fits for each recompute mode, keeping everything else of the plan. DP is
// re-derived from the cluster when the plan takes it from there.
std::vector<FitOption> fit_options(const Plan& plan, TrainingMemoryInputs in) {
  std::vector<FitOption> options;
  const double card_bytes = gb_to_bytes(in.card_memory_gb);
  for (Recompute mode : {Recompute::kNone, Recompute::kSelective, Recompute::kFull}) {
    FitOption option{recompute_id(mode), kNaN, kNaN};
    in.layout.recompute = mode;
    in.layout.stage_layers.clear();
    for (int pp = 1; pp <= in.arch.layers; ++pp) {
      in.layout.pp = pp;
      if (in.layout.vpp > 1 &&
          (pp < 2 || (in.arch.layers / pp) % static_cast<int>(in.layout.vpp))) {
        continue;
      }
      if (!plan.dp && plan.cluster_gpus) {
        in.layout.dp = std::floor(*plan.cluster_gpus / (in.layout.tp * pp));
        if (in.layout.dp < 1) break;
      }
      const double peak = training_peak_bytes(in);
      if (peak <= card_bytes) {
        option.pp = pp;
        option.peak_gb = bytes_to_gb(peak);
        break;
      }
    }
    options.push_back(option);
  }
  return options;
}

}  // namespace

FullTraining full_training(const Plan& plan, const ResolvedSetup& setup,
                           const ArticleTraining& layout, std::vector<Issue>& issues) {
  FullTraining result;
  TrainingTimeInputs time_inputs;
  TrainingMemoryInputs& in = time_inputs.memory;
  if (!setup.has_architecture) {
    issues.push_back({"full_model_needs_architecture", "model", Severity::kWarning, {}});
    return result;
  }
  if (!training_inputs(plan, setup, layout, time_inputs, result.settings, issues)) return result;
  const TrainingMemory m = training_memory(in);
  if (m.stages.empty()) return result;
  result.available = true;
  const StageMemory& peak = m.peak();
  const StageReport peak_gb = stage_report(peak, in.card_memory_gb);
  MemoryBreakdown& b = result.memory;
  b.weights_gb = peak_gb.weights_gb;
  b.grads_gb = peak_gb.grads_gb;
  b.optimizer_gb = peak_gb.optimizer_gb;
  b.activations_gb = peak_gb.activations_gb;
  b.logits_gb = peak_gb.logits_gb;
  b.overhead_gb = peak_gb.overhead_gb;
  b.peak_gb = peak_gb.total_gb;
  b.fits = m.fits;
  b.peak_stage = m.peak_stage;
  b.card_memory_gb = in.card_memory_gb;
  b.free_gb = in.card_memory_gb - b.peak_gb;
  for (const auto& s : m.stages) result.stages.push_back(stage_report(s, in.card_memory_gb));
  result.steps = explain(in, m, setup);
  result.fit_options = fit_options(plan, in);
  const bool peak_known =
      std::isfinite(time_inputs.peak_tflops) || std::isfinite(time_inputs.achieved_tflops);
  if (peak_known && std::isfinite(time_inputs.global_batch) &&
      std::isfinite(time_inputs.compute_efficiency)) {
    result.time = training_time(time_inputs, peak.params_per_card);
    result.time_available = true;
    if (!result.time.comm_known) {
      issues.push_back({"bandwidth_unknown", "inter_node_bandwidth_gbps", Severity::kWarning, {}});
    }
  } else if (!peak_known) {
    issues.push_back({"peak_unknown", "bf16_tflops", Severity::kWarning, {}});
  }
  if (!m.fits) {
    issues.push_back({"does_not_fit",
                      "",
                      Severity::kWarning,
                      {{"peak_gb", format_readable(std::round(b.peak_gb * 100) / 100)},
                       {"card_gb", format_readable(in.card_memory_gb)},
                       {"stage", n(m.peak_stage + 1)}}});
  }
  return result;
}

}  // namespace llm_sizer
