#include "llm_sizer/training_report.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "llm_sizer/layout_rules.hpp"
#include "llm_sizer/number_format.hpp"
#include "llm_sizer/precision.hpp"
#include "llm_sizer/units.hpp"

namespace llm_sizer {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::string n(double v) { return format_readable(v); }
std::string gb(double bytes) { return format_readable(std::round(bytes_to_gb(bytes) * 100) / 100); }
// A layer's activations to three significant figures (at least two decimals): the stage's sum
// multiplies them by its layers and micro-batches, where 0.01 GB rounded away would show.
std::string gb_layer(double bytes) { return format_fine(bytes_to_gb(bytes)); }

const char* recompute_id(Recompute r) {
  switch (r) {
    case Recompute::kNone:
      return "none";
    case Recompute::kFull:
      return "full";
    case Recompute::kOp:
      return "op";
    default:
      return "selective";
  }
}

}  // namespace

bool training_layout(const ResolvedPlan& plan, double tp, double pp, double dp,
                     TrainingTimeInputs& time, TrainingSettings& s, std::vector<Issue>& issues) {
  const ResolvedTraining& t = plan.training;
  time = t.inputs;
  s = t.settings;
  if (!t.ready) return false;
  TrainingLayout& l = time.memory.layout;
  l.tp = s.tp = tp;
  l.pp = s.pp = pp;
  l.dp = s.dp = dp;
  for (double v : {tp, pp, dp}) {
    if (!std::isfinite(v) || v < 1) return false;
  }
  const auto split = split_layers(time.memory.arch.layers, static_cast<int>(pp), l.stage_layers);
  s.stage_layers.assign(split.begin(), split.end());
  if (!t.global_batch_given) s.global_batch = layout_global_batch(s.global_batch, l);
  const LayoutProposal proposal =
      layout_proposal(l, s.global_batch, t.tp_given, time.memory.framework == Framework::kMegatron);
  const unsigned broken =
      broken_layout_rules(time.memory.arch, proposal, plan.setup.nvlink_domain_gpus);
  if (broken != 0) {
    for (auto& issue :
         layout_rule_issues(broken, time.memory.arch, proposal, plan.setup.nvlink_domain_gpus)) {
      issues.push_back(std::move(issue));
    }
    return false;
  }
  time.global_batch = s.global_batch;
  l.microbatches = s.microbatches = s.global_batch / (l.micro_batch * l.dp);
  return true;
}

namespace {

StageReport stage_report(const StageMemory& m) {
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
  r.allocated_gb = bytes_to_gb(m.allocated_bytes);
  r.total_gb = bytes_to_gb(m.total_bytes);
  r.high_gb = bytes_to_gb(m.high_bytes);
  r.fits = m.verdict != Verdict::kDoesNotFit;
  r.verdict = std::string(verdict_id(m.verdict));
  return r;
}

// "a–b" in GB, rounded to the hundredth.
std::string gb_range(const ByteRange& r) { return gb(r.low) + "–" + gb(r.high); }

}  // namespace

std::vector<DerivationStep> explain_training_memory(const TrainingMemoryInputs& in,
                                                    const TrainingMemory& m,
                                                    const ResolvedSetup& setup) {
  const StageMemory& s = m.peak();
  const TrainingLayout& l = in.layout;
  const Recipe& r = in.recipe;
  const FineTuneSettings& ft = in.finetune;
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
  // With routed experts on the stage, its two parts: the layers TP splits, the experts EP·ETP.
  const double expert_card = s.expert_params_per_card;
  steps.push_back(make_step("params_per_card", "N_card = N_stage / P_TP + N_experts / (P_EP·P_ETP)",
                            expert_card > 0 ? n(std::round(s.params_per_card - expert_card)) +
                                                  " + " + n(std::round(expert_card))
                                            : card_params,
                            s.params_per_card, "params"));
  const std::string shard = n(l.dp * l.cp);
  const auto sharded = [&](bool on) { return on ? " ÷ " + shard : std::string(); };
  // Sharded model state: routed experts divide over their own data-parallel group (EDP), which
  // differs from DP·CP under expert parallelism; the step then shows both parts.
  const bool split_experts =
      !ft.adapters() && s.expert_params_per_card > 0 && s.expert_shard != l.dp * l.cp;
  const auto state_formula = [&](const char* params, const char* bytes, bool on) {
    if (!on) return std::string(params) + " × " + bytes;
    if (!split_experts) return std::string(params) + " × " + bytes + " ÷ P_DP";
    return std::string("(N_dense ÷ P_DP + N_experts ÷ P_EDP) × ") + bytes;
  };
  const auto state_numbers = [&](const std::string& params, double bytes, bool on) {
    if (!on || !split_experts) return params + " × " + n(bytes) + " B" + sharded(on);
    const double experts = s.expert_params_per_card;
    return "(" + n(std::round(s.params_per_card - experts)) + " ÷ " + shard + " + " +
           n(std::round(experts)) + " ÷ " + n(s.expert_shard) + ") × " + n(bytes) + " B";
  };
  // Under parameter offload the weights live on the host (the host line counts them).
  const bool offloaded_weights = ft.offload == Offload::kOptimizerParams;
  // The bytes of what trains, as the memory model counts them: the adapters' under LoRA
  // (adapter_recipe), else the recipe's with the optimizer's moments.
  Recipe trained_recipe = r;
  trained_recipe.optimizer_bytes = optimizer_moment_bytes(in);
  if (ft.adapters()) trained_recipe = adapter_recipe(in);
  if (ft.adapters()) {
    const AdapterParams adapters = lora_adapter_params(in.arch, ft.lora_rank, ft.lora_targets);
    steps.push_back(make_step("adapters", "N_LoRA = Σ r·(d_in + d_out)",
                              "r = " + n(ft.lora_rank) + ", " + lora_targets_text(ft.lora_targets),
                              adapters.total, "params",
                              "adapters_" + std::string(finetune_id(ft.mode)),
                              {{"alpha", n(ft.lora_alpha)}, {"rank", n(ft.lora_rank)}}));
    const double quantized = s.quantized_per_card;
    const std::string base = ft.mode == FineTune::kQlora
                                 ? n(std::round(quantized)) + " × " +
                                       n(std::round(nf4_bytes_per_weight() * 1e4) / 1e4) + " B + " +
                                       n(std::round(s.params_per_card - quantized)) + " × " +
                                       n(r.weight_bytes) + " B"
                                 : card_params + " × " + n(r.weight_bytes) + " B";
    const std::string base_and_adapters = base + " + " + n(std::round(s.trainable_per_card)) +
                                          " × " + n(trained_recipe.weight_bytes) + " B";
    steps.push_back(make_step("weights", "N_base × b_w (frozen) + N_LoRA,card × b_adapter",
                              offloaded_weights ? std::string("0 GB")
                              : l.zero >= 3     ? "(" + base_and_adapters + ")" + sharded(true)
                                                : base_and_adapters,
                              bytes_to_gb(s.weights_bytes), "GB",
                              offloaded_weights             ? "weights_offloaded"
                              : ft.mode == FineTune::kQlora ? "weights_qlora"
                                                            : ""));
  } else {
    steps.push_back(make_step(
        "weights", state_formula("N_card", "b_w", l.zero >= 3),
        offloaded_weights
            ? std::string("0 GB")
            : state_numbers(card_params, r.weight_bytes + r.weight_copy_bytes, l.zero >= 3),
        bytes_to_gb(s.weights_bytes), "GB", offloaded_weights ? "weights_offloaded" : ""));
  }
  const std::string trained = ft.adapters() ? n(std::round(s.trainable_per_card)) : card_params;
  steps.push_back(make_step(
      "grads", state_formula("N_train", "b_g", l.zero >= 2),
      state_numbers(trained, trained_recipe.grad_bytes, l.zero >= 2), bytes_to_gb(s.grads_bytes),
      "GB", s.moment == PeakMoment::kLoss && s.grads_bytes == 0 ? "grads_not_yet" : ""));
  const bool shard_optimizer = l.zero >= 1 || r.shards_optimizer;
  // Offloaded states live on the host: none on the card (the note says where).
  steps.push_back(make_step(
      "optimizer", state_formula("N_train", "(b_master + b_state)", shard_optimizer),
      ft.offload != Offload::kNone
          ? std::string("0 GB")
          : state_numbers(
                trained,
                std::round((trained_recipe.master_bytes + trained_recipe.optimizer_bytes) * 1000) /
                    1000,
                shard_optimizer),
      bytes_to_gb(s.optimizer_bytes), "GB",
      ft.offload != Offload::kNone ? "optimizer_offloaded"
                                   : "optimizer_" + std::string(optimizer_id(ft.optimizer))));
  // A stage's layers by kind; the line below shows an MoE layer where the stage has any (they
  // hold the most), and the stage's sum writes a dense layer's figure beside it.
  const int moe_layers = in.arch.moe_layers_before(s.first_layer + s.layers) -
                         in.arch.moe_layers_before(s.first_layer);
  const int dense_layers = s.layers - moe_layers;
  const LayerActivations& layer = moe_layers > 0 ? m.moe_layer : m.dense_layer;
  const std::string tokens = n(l.seq_len / l.cp) + " × " + n(l.micro_batch);
  const bool sp = l.sequence_parallel;
  // The terms add up to the value: an MoE layer's routed copies (X, on the hottest rank) and what
  // selective recompute drops (R) are written out; full recompute keeps the layer's input (I).
  // Op-level recompute keeps other tensors altogether; its note says which.
  const bool full = l.recompute == Recompute::kFull;
  std::string formula = full ? "A = I/t_sp" : "A = U/t_sp + S/t + Q/t";
  std::string numbers = full ? gb_layer(layer.layer_input_bytes) + "/" + n(sp ? l.tp : 1)
                             : gb_layer(layer.unsplit_bytes) + "/" + n(sp ? l.tp : 1) + " + " +
                                   gb_layer(layer.split_bytes) + "/" + n(l.tp) + " + " +
                                   gb_layer(layer.quadratic_bytes) + "/" + n(l.tp);
  if (!full && layer.expert_bytes > 0) {
    formula += " + X_routed";
    numbers += " + " + gb_layer(layer.expert_bytes);
  }
  const double dropped = layer.recomputed_bytes - layer.saved_bytes;
  if (l.recompute == Recompute::kSelective && dropped > 0) {
    formula += " − R_recomputed";
    numbers += " − " + gb_layer(dropped);
  }
  steps.push_back(make_step(
      "activations_per_layer", formula + "  (s·b = " + tokens + ")", numbers + " GB",
      bytes_to_gb(layer.saved_bytes), "GB",
      l.recompute == Recompute::kSelective && selective_recompute_modules(in) != kRecomputeCoreAttn
          ? "selective_modules"
          : "recompute_" + std::string(recompute_id(l.recompute)),
      l.recompute == Recompute::kSelective
          ? std::vector<IssueParam>{{"modules", recompute_modules_text(l.recompute_modules)}}
          : std::vector<IssueParam>{}));
  if (in.arch.is_moe() && (l.ep > 1 || l.moe_capacity_factor > 0)) {
    // The hottest expert-parallel rank: the card the MoE layers' routed activations are counted on.
    const MoeRankLoad& rank = m.moe_rank;
    const bool capped = l.moe_capacity_factor > 0;
    steps.push_back(make_step(
        "hottest_ep_rank", capped ? "L = min(C, E/k)" : "L = 1;  L_max = P_EP·min(k, E/P_EP)/k",
        (capped ? "C = " + n(l.moe_capacity_factor) : "P_EP = " + n(l.ep)) +
            ", E = " + n(in.arch.moe_experts) + ", k = " + n(in.arch.moe_top_k),
        rank.load, "", capped ? "ep_rank_capacity" : "ep_rank_dropless",
        {{"load", n(std::round(rank.load * 100) / 100)},
         {"bound", n(std::round(rank.bound * 100) / 100)}}));
  }
  const std::string m_count = n(l.microbatches);
  steps.push_back(make_step(
      "inflight", l.vpp > 1 ? "n = min(2(P_PP−i−1) + (v−1)N + 1, m·v) / v" : "n = min(P_PP − i, m)",
      l.vpp > 1
          ? "min(2 × (" + n(l.pp) + " − " + n(s.stage) + " − 1) + (" + n(l.vpp) + " − 1) × " +
                n(interleaved_group(in)) + " + 1, " + m_count + " × " + n(l.vpp) + ") / " + n(l.vpp)
          : "min(" + n(l.pp) + " − " + n(s.stage) + ", " + m_count + ")",
      s.inflight, ""));
  // Block recompute: the first layers of each chunk keep A, the others all they would keep.
  const double recomputed = full_recompute_share(l, s.layers) * s.layers;
  const bool block = recomputed < s.layers;
  // What one micro-batch keeps over the stage, the stage's ends and the layer recomputing, as
  // the value sums them (StageMemory): the numbers add up to it but under activation offloading,
  // whose note says how much stays on the card.
  std::string sum_formula = "n × Σ A_layer";
  // Written in numbers (a layer's to three figures): the value column rounds a small A away.
  const std::string a_layer = gb_layer(layer.saved_bytes);
  std::string stack = n(s.layers) + " × " + a_layer;
  if (block && moe_layers > 0 && dense_layers > 0) {
    stack = gb_layer(s.stack_bytes);
  } else if (block) {
    stack = "(" + n(recomputed) + " × " + a_layer + " + " + n(s.layers - recomputed) + " × " +
            gb_layer(layer.recomputed_bytes) + ")";
  } else if (moe_layers > 0 && dense_layers > 0) {
    stack = "(" + n(dense_layers) + " × " + gb_layer(m.dense_layer.saved_bytes) + " + " +
            n(moe_layers) + " × " + a_layer + ")";
  }
  std::string sum_numbers = n(s.inflight) + " × " + stack;
  if (s.moment == PeakMoment::kBackwardEnd) {
    sum_formula.clear();
    sum_numbers.clear();
  }
  if (s.ends_bytes > 0) {
    sum_formula += " + A_ends";
    sum_numbers += " + " + gb(s.ends_bytes);
  }
  if (s.working_bytes > 0) {
    sum_formula += sum_formula.empty() ? "A_recompute" : " + A_recompute";
    sum_numbers += (sum_numbers.empty() ? "" : " + ") + gb(s.working_bytes);
  }
  steps.push_back(make_step("activations", sum_formula, sum_numbers + " GB",
                            bytes_to_gb(s.activations_bytes), "GB",
                            s.moment == PeakMoment::kBackwardEnd ? "peak_backward_end"
                            : ft.activation_offload              ? "activations_offloaded"
                            : block                              ? "activations_block"
                                                                 : "",
                            block ? std::vector<IssueParam>{{"recomputed", n(recomputed)},
                                                            {"layers", n(s.layers)},
                                                            {"kept", gb(layer.recomputed_bytes)}}
                                  : std::vector<IssueParam>{}));
  const bool last = s.stage == static_cast<int>(l.pp) - 1;
  // A stage without the LM head holds no logits: its line says 0 (its note says where they are).
  // Multi-token prediction's D modules each keep their own.
  const std::string heads = in.mtp_layers > 0 ? "(1 + " + n(in.mtp_layers) + ") × " : "";
  steps.push_back(make_step(
      "logits", in.mtp_layers > 0 ? "(1 + D) × b_logits × s·b·V / P_TP" : "b_logits × s·b·V / P_TP",
      !last ? std::string("0 GB")
            : heads + n(m.logits_bytes_per_element) + " B × " + tokens + " × " + n(m.padded_vocab) +
                  " ÷ " + n(l.tp),
      bytes_to_gb(s.logits_bytes), "GB",
      !last                                  ? "logits_last_stage_only"
      : in.loss == LossKind::kFused          ? ""
      : in.framework == Framework::kMegatron ? "logits_megatron"
                                             : "logits_pytorch"));
  steps.push_back(make_step("buffers", "M_workspace + M_gather + M_buckets + M_dequant",
                            gb(s.workspace_bytes) + " + " + gb(s.gather_bytes) + " + " +
                                gb(s.bucket_bytes) + " + " + gb(s.dequant_bytes) + " GB",
                            bytes_to_gb(s.buffers_bytes), "GB",
                            l.zero >= 3 ? "buffers_zero3" : ""));
  steps.push_back(make_step("allocated", "M_alloc = Σ",
                            gb(s.weights_bytes) + " + " + gb(s.grads_bytes) + " + " +
                                gb(s.optimizer_bytes) + " + " + gb(s.activations_bytes) + " + " +
                                gb(s.logits_bytes) + " + " + gb(s.buffers_bytes) + " GB",
                            bytes_to_gb(s.allocated_bytes), "GB", "allocated"));
  const double card = in.card_memory_gb;
  steps.push_back(make_step(
      "peak", "M = M_alloc + M_ctx", gb(s.allocated_bytes) + " + " + gb(s.context_bytes) + " GB",
      bytes_to_gb(s.total_bytes), "GB", std::string(verdict_id(m.verdict)),
      {{"peak_gb", gb(s.total_bytes)},
       {"card_gb", n(std::round(card * 100) / 100)},
       {"high_gb", gb(s.high_bytes)},
       {"headroom_gb", n(std::round(card * in.headroom * 100) / 100)},
       {"margin_gb",
        format_readable(std::round(std::fabs(card - bytes_to_gb(s.total_bytes)) * 100) / 100)}}));
  steps.push_back(make_step("range", "M_high = M_alloc + frag + NCCL + workspace + ctx",
                            gb(s.allocated_bytes) + " + " + gb_range(s.fragmentation) + " + " +
                                gb_range(s.communication) + " + " + gb_range(s.workspace) + " + " +
                                gb_range(s.context) + " GB",
                            bytes_to_gb(s.high_bytes), "GB", "range",
                            {{"low_gb", gb(s.low_bytes)},
                             {"high_gb", gb(s.high_bytes)},
                             {"communicators", n(m.communicators)}}));
  if (s.host_ram_bytes > 0) {
    // DeepSpeed's 16 B per trainable parameter (finetune.hpp, offload_traffic), then the
    // weights and the activations offloaded with them.
    const double shard_state = l.zero >= 1 ? l.dp * l.cp : 1;
    steps.push_back(make_step("host_ram", "N_train × 16 B + W_offloaded + A_offloaded",
                              n(std::round(s.trainable_per_card)) +
                                  (shard_state > 1 ? " ÷ " + n(shard_state) : "") + " × 16 B + " +
                                  gb(s.host_weights_bytes) + " GB + " +
                                  gb(s.host_activation_bytes) + " GB",
                              bytes_to_gb(s.host_ram_bytes), "GB", "host_ram"));
  }
  return steps;
}

namespace {

// The smallest PP that fits for each recompute mode, keeping everything else of the plan and
// asking the same rulebook as the plan. DP is re-derived from the cluster when the plan takes it
// from there.
std::vector<FitOption> fit_options(const ResolvedPlan& plan, TrainingTimeInputs time) {
  TrainingMemoryInputs& in = time.memory;
  std::vector<FitOption> options;
  const double card_bytes = gb_to_bytes(in.card_memory_gb);
  const bool from_cluster = plan.dp_rule == DpRule::kCluster;
  for (Recompute mode : {Recompute::kNone, Recompute::kSelective, Recompute::kFull}) {
    FitOption option{recompute_id(mode), kNaN, kNaN, kNaN, ""};
    in.layout.recompute = mode;
    in.layout.stage_layers.clear();
    for (int pp = 1; pp <= in.arch.layers; ++pp) {
      in.layout.pp = pp;
      if (from_cluster) {
        in.layout.dp =
            data_parallel_for_cluster(plan.cluster_gpus, in.layout.tp * in.layout.cp * pp,
                                      time.global_batch, in.layout.micro_batch);
        if (!(in.layout.dp >= 1)) continue;
      }
      double batch = time.global_batch;
      if (!plan.training.global_batch_given) {
        batch = layout_global_batch(plan.training.settings.global_batch, in.layout);
      }
      const LayoutProposal proposal = layout_proposal(in.layout, batch, plan.training.tp_given,
                                                      in.framework == Framework::kMegatron);
      if (broken_layout_rules(in.arch, proposal, plan.setup.nvlink_domain_gpus) != 0) continue;
      in.layout.microbatches = batch / (in.layout.micro_batch * in.layout.dp);
      const double peak = training_peak_bytes(in);
      if (peak <= card_bytes) {
        const TrainingMemory fit = training_memory(in);
        option.pp = pp;
        option.peak_gb = bytes_to_gb(peak);
        option.high_gb = bytes_to_gb(fit.peak().high_bytes);
        option.verdict = std::string(verdict_id(fit.verdict));
        break;
      }
    }
    options.push_back(option);
  }
  return options;
}

}  // namespace

FullTraining full_training(const ResolvedPlan& plan, double tp, double pp, double dp,
                           std::vector<Issue>& issues, TimeModel time_model,
                           MemoryExplainer explain, TimeExplainer explain_time) {
  FullTraining result;
  TrainingTimeInputs time_inputs;
  TrainingMemoryInputs& in = time_inputs.memory;
  const ResolvedSetup& setup = plan.setup;
  if (!setup.has_architecture) {
    if (!setup.model_unknown) {  // an unknown id's own error says it
      issues.push_back({"full_model_needs_architecture", "model", Severity::kWarning, {}});
    }
    return result;
  }
  if (!training_layout(plan, tp, pp, dp, time_inputs, result.settings, issues)) return result;
  const TrainingMemory m = training_memory(in);
  if (m.stages.empty()) return result;
  result.available = true;
  const StageMemory& peak = m.peak();
  MemoryBreakdown& b = result.memory;
  b.weights_gb = bytes_to_gb(peak.weights_bytes);
  b.grads_gb = bytes_to_gb(peak.grads_bytes);
  b.optimizer_gb = bytes_to_gb(peak.optimizer_bytes);
  b.activations_gb = bytes_to_gb(peak.activations_bytes);
  b.logits_gb = bytes_to_gb(peak.logits_bytes);
  b.buffers_gb = bytes_to_gb(peak.buffers_bytes);
  b.context_gb = bytes_to_gb(peak.context_bytes);
  b.overhead_gb = bytes_to_gb(peak.overhead_bytes);
  b.allocated_gb = bytes_to_gb(peak.allocated_bytes);
  b.peak_gb = bytes_to_gb(peak.total_bytes);
  b.low_gb = bytes_to_gb(peak.low_bytes);
  b.high_gb = bytes_to_gb(peak.high_bytes);
  b.reserved_low_gb = bytes_to_gb(peak.allocated_bytes + peak.fragmentation.low);
  b.reserved_high_gb = bytes_to_gb(peak.allocated_bytes + peak.fragmentation.high);
  b.fragmentation_low_gb = bytes_to_gb(peak.fragmentation.low);
  b.fragmentation_high_gb = bytes_to_gb(peak.fragmentation.high);
  b.communication_low_gb = bytes_to_gb(peak.communication.low);
  b.communication_high_gb = bytes_to_gb(peak.communication.high);
  b.workspace_low_gb = bytes_to_gb(peak.workspace.low);
  b.workspace_high_gb = bytes_to_gb(peak.workspace.high);
  b.context_low_gb = bytes_to_gb(peak.context.low);
  b.context_high_gb = bytes_to_gb(peak.context.high);
  b.communicators = m.communicators;
  b.fits = m.fits;
  b.verdict = std::string(verdict_id(m.verdict));
  b.peak_moment = peak.moment == PeakMoment::kLoss        ? "loss"
                  : peak.moment == PeakMoment::kRecompute ? "recompute"
                                                          : "backward_end";
  b.headroom = in.headroom;
  b.peak_stage = m.peak_stage;
  b.card_memory_gb = in.card_memory_gb;
  b.card_memory_gib = setup.card_capacity_gib;
  b.card_capacity_source = setup.card_capacity_source;
  b.free_gb = in.card_memory_gb - b.peak_gb;
  b.host_ram_gb = bytes_to_gb(peak.host_ram_bytes);
  b.trainable_params = peak.trainable_per_card;
  if (in.finetune.adapters()) {
    b.adapter_params =
        lora_adapter_params(in.arch, in.finetune.lora_rank, in.finetune.lora_targets).total;
  }
  for (const auto& s : m.stages) result.stages.push_back(stage_report(s));
  if (explain) result.steps = explain(in, m, setup);
  result.fit_options = fit_options(plan, time_inputs);
  const bool peak_known =
      std::isfinite(time_inputs.peak_tflops) || std::isfinite(time_inputs.achieved_tflops);
  result.time_computed = time_model != nullptr;
  if (time_model == nullptr) {
    // The page's first module: the time arrives with the full module.
  } else if (peak_known && std::isfinite(time_inputs.global_batch)) {
    // The data-parallel reduction waits for the stage with the most parameters per card.
    double most_params = 0;
    for (const auto& stage : m.stages) most_params = std::max(most_params, stage.params_per_card);
    result.time = time_model(time_inputs, most_params);
    result.time_available = true;
    if (explain_time) result.time_steps = explain_time(time_inputs, result.time);
    if (!result.time.comm_known) {
      issues.push_back({"bandwidth_unknown", "inter_node_bandwidth_gbps", Severity::kWarning, {}});
    }
    const TrainingLayout& l = in.layout;
    if (!result.time.measured &&
        zero3_across_nodes(l.zero, l.tp, l.dp, l.cp, time_inputs.nvlink_domain_gpus)) {
      issues.push_back(
          {"zero3_across_nodes", "zero", Severity::kWarning, {{"dp", n(l.dp * l.cp)}}});
    }
  } else if (!peak_known) {
    issues.push_back({"peak_unknown", "bf16_tflops", Severity::kWarning, {}});
  }
  if (!m.fits) {
    issues.push_back({"does_not_fit",
                      "",
                      Severity::kWarning,
                      {{"peak_gb", format_readable(std::round(b.peak_gb * 100) / 100)},
                       {"card_gb", format_readable(std::round(in.card_memory_gb * 100) / 100)},
                       {"stage", n(m.peak_stage + 1)}}});
  } else if (m.verdict == Verdict::kTight) {
    issues.push_back(
        {"memory_tight",
         "",
         Severity::kWarning,
         {{"high_gb", format_readable(std::round(b.high_gb * 100) / 100)},
          {"headroom_gb", format_readable(std::round(in.card_memory_gb * in.headroom * 100) / 100)},
          {"headroom", n(std::round(in.headroom * 100))}}});
    // Measured on one H100 (docs/validation.md, "One H100"): the tight steps that ran out of memory
    // under PyTorch's default caching allocator trained with expandable segments (one segment
    // that grows, where the default reserves a block per size and strands what none reuses).
    if (in.framework == Framework::kPytorch) {
      issues.push_back({"memory_tight_allocator", "", Severity::kWarning, {}});
    }
  }
  if (in.finetune.host_transfers() && result.time_available &&
      !std::isfinite(result.time.offload_s)) {
    issues.push_back({"host_link_unknown", "host_link_gbps", Severity::kWarning, {}});
  }
  return result;
}

}  // namespace llm_sizer
