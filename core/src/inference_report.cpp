#include "llm_sizer/inference_report.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "fleet_report.hpp"
#include "llm_sizer/launch_commands.hpp"
#include "llm_sizer/number_format.hpp"
#include "llm_sizer/serving_fleet.hpp"
#include "llm_sizer/units.hpp"

namespace llm_sizer {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kCurveFirstContext = 256;
constexpr double kCurvePointsPerOctave = 4;

bool known(double v) { return std::isfinite(v); }
// Numbers in substitutions and notes; "?" where an input is unknown.
constexpr auto n = readable_or_unknown;
constexpr auto round2 = hundredths_or_unknown;
using detail::gb2;

// What the engine lets a card hold, as its rule sizes it (serving_memory.cpp,
// engine_card_budget): the formula and its numbers.
struct UsableText {
  std::string formula;
  std::string numbers;
};
UsableText usable_text(KvBudgetRule rule, const CardBudget& b) {
  const std::string v = gb2(b.total_bytes);
  const std::string f = format_fine(b.fraction);
  switch (rule) {
    case KvBudgetRule::kStaticFraction:
      return {"f × (V_card − ctx − N)", f + " × (" + v + " − " + gb2(b.cuda_context_bytes) + " − " +
                                            gb2(b.non_torch_bytes) + ")"};
    case KvBudgetRule::kFractionOfFree: {
      const double free = b.total_bytes - b.weights_bytes - b.activation_bytes - b.non_torch_bytes -
                          b.encoder_bytes - b.cuda_graph_bytes - b.cuda_context_bytes;
      return {"V_card − (1 − f) × free", v + " − (1 − " + f + ") × " + gb2(free)};
    }
    default:
      return {"V_card × u", v + " × " + f};
  }
}

Issue warning(std::string code, std::string field, std::vector<IssueParam> params) {
  return {std::move(code), std::move(field), Severity::kWarning, std::move(params)};
}

// Valid tensor-parallel sizes inside the fast link's domain, smallest first.
std::vector<double> valid_tps(const Architecture& a, double domain_gpus) {
  std::vector<double> out;
  const double limit = known(domain_gpus) ? domain_gpus : 8;
  for (double t = 1; t <= limit; ++t) {
    if (serving_tp_valid(a, t)) out.push_back(t);
  }
  return out;
}

std::string list(const std::vector<double>& values) {
  std::string out;
  for (double v : values) out += (out.empty() ? "" : ", ") + n(v);
  return out;
}

std::vector<ConcurrencyPoint> concurrency_curve(const ServingInputs& in, const CardBudget& budget,
                                                double tp, double context) {
  std::vector<ConcurrencyPoint> curve;
  if (!known(tp)) return curve;
  const double model_max = in.arch.max_positions > 0 ? in.arch.max_positions : context;
  const double last = std::max(model_max, context);
  const double first = std::min(kCurveFirstContext, context);
  // A refused context (NaN) with a model that states no maximum leaves no range to draw.
  if (!known(last) || !known(first) || first <= 0) return curve;
  const double octaves = std::log2(last / first);
  const int points = static_cast<int>(std::ceil(octaves * kCurvePointsPerOctave));
  // The pool does not depend on the context: one budget for the whole curve.
  const ServingLayout layout{tp, 1, 1, false};
  double previous = 0;
  for (int i = 0; i <= points; ++i) {
    const double x = std::min(
        last, std::round(first * std::exp2(static_cast<double>(i) / kCurvePointsPerOctave)));
    if (x <= previous) continue;
    previous = x;
    curve.push_back({x, layout_max_concurrency(in, layout, budget, x)});
  }
  return curve;
}

}  // namespace

FullInference full_inference(const ResolvedPlan& plan, std::vector<Issue>& issues) {
  FullInference r;
  const ServingInputs& in = plan.serving.inputs;
  const ResolvedSetup& setup = plan.setup;
  r.settings = plan.serving.settings;
  const InferenceSettings& s = r.settings;
  const auto unavailable = [&r] {
    for (double* v : {&r.weights_gb, &r.kv_bytes_per_token, &r.kv_cache_gb, &r.overhead_gb,
                      &r.per_card_gb, &r.min_gpus, &r.tp, &r.max_concurrency, &r.replicas,
                      &r.total_gpus, &r.decode_tokens_per_s, &r.prefill_s}) {
      *v = kNaN;
    }
    return r;
  };
  if (!plan.serving.ready) return unavailable();
  r.available = true;
  const Architecture& a = in.arch;

  // 1–2. Weights by format.
  const double embedding_params = in.counts.embedding + in.counts.lm_head;
  const double body_params = in.counts.total - embedding_params;
  r.weights_gb = bytes_to_gb(weights_bytes(in));
  r.steps.push_back(make_step("serve_params", "N = N_body + N_emb",
                              n(body_params) + " + " + n(embedding_params), in.counts.total,
                              "params"));
  r.steps.push_back(make_step("serve_weights", "W = N_body × bits_w / 8 + N_emb × bits_emb / 8",
                              n(body_params) + " × " + round2(s.weight_bits) + " / 8 + " +
                                  n(embedding_params) + " × " + round2(s.embedding_bits) + " / 8",
                              r.weights_gb, "GB", "serve_weights_format",
                              {{"format", s.weights},
                               {"bits", format_readable(std::round(s.weight_bits * 10000) / 10000)},
                               {"embedding", s.embedding_format}}));

  // 3–4. KV cache per token and per sequence.
  r.kv_bytes_per_token = kv_bytes_per_token(in);
  const KvLayerSplit split = kv_layer_split(a);
  const std::string kv_bytes = round2(s.kv_bits / 8);
  if (a.is_mla()) {
    r.steps.push_back(make_step("serve_kv_per_token", "L × (d_c + d_rope) × b_kv",
                                n(a.layers) + " × (" + n(a.kv_lora_rank) + " + " +
                                    n(a.qk_rope_dim) + ") × " + kv_bytes + " B",
                                r.kv_bytes_per_token, "B", "serve_kv_mla"));
  } else {
    r.steps.push_back(make_step("serve_kv_per_token", "2 × L × n_kv × d_head × b_kv",
                                "2 × " + n(a.layers) + " × " + n(a.kv_heads) + " × " +
                                    n(a.qk_head_dim()) + " × " + kv_bytes + " B",
                                r.kv_bytes_per_token, "B",
                                a.kv_heads == a.heads ? "serve_kv_mha"
                                : a.kv_heads == 1     ? "serve_kv_mqa"
                                                      : "serve_kv_gqa",
                                {{"heads", n(a.heads)}, {"kv_heads", n(a.kv_heads)}}));
  }
  const double sequence_bytes = kv_bytes_per_sequence_card(in, 1, s.context, true);
  {
    std::string note = "serve_kv_paged";
    std::vector<IssueParam> params = {{"block", n(s.kv_block_tokens)}};
    if (split.window_layers > 0) {
      note = "serve_kv_window";
      params.push_back({"window", n(split.window_tokens)});
      params.push_back({"layers", n(split.window_layers)});
    }
    r.steps.push_back(make_step("serve_kv_per_sequence", "KV_tok × ⌈ctx / block⌉ × block",
                                n(r.kv_bytes_per_token) + " B × ⌈" + n(s.context) + " / " +
                                    n(s.kv_block_tokens) + "⌉ × " + n(s.kv_block_tokens),
                                bytes_to_gb(sequence_bytes), "GB", note, std::move(params)));
  }

  // 5. The smallest TP inside a node that holds the weights and one sequence, as the engine
  // sizes each card (serving_memory.hpp).
  const EngineSettings& engine = plan.serving.engine;
  const auto budget_at = [&](double t) {
    return engine_card_budget(in, ServingLayout{t, 1, 1, false}, engine);
  };
  const auto concurrency_at = [&](double t, const CardBudget& b) {
    return layout_max_concurrency(in, ServingLayout{t, 1, 1, false}, b, s.context);
  };
  const std::vector<double> tps = valid_tps(a, setup.nvlink_domain_gpus);
  r.min_gpus = kNaN;
  const double device_gb = bytes_to_gb(engine.total_bytes);
  std::vector<IssueParam> min_params = {
      {"valid", list(tps)}, {"usable_gb", "?"}, {"card_gb", round2(device_gb)}, {"util", "?"}};
  std::string min_note = "serve_min_first";
  for (double t : tps) {
    const CardBudget b = budget_at(t);
    min_params[1].value = round2(bytes_to_gb(b.requested_bytes));
    min_params[3].value = round2(b.fraction);
    if (concurrency_at(t, b) >= 1) {
      r.min_gpus = t;
      break;
    }
    // Why this TP is not enough (the note keeps the largest one tried): the weights alone, or
    // no room left for one sequence.
    min_note = b.weights_bytes > b.requested_bytes ? "serve_min_weights" : "serve_min_sequence";
    min_params.resize(4);
    min_params.push_back({"below_tp", n(t)});
    min_params.push_back({"below_weights_gb", gb2(b.weights_bytes)});
  }
  if (!known(r.min_gpus)) {
    min_note = "serve_min_none";
  }
  // Without a card memory (its own error says why) no TP is too small: nothing to warn of.
  if (!known(r.min_gpus) && known(device_gb)) {
    issues.push_back(warning("serving_exceeds_node", "",
                             {{"gpus_per_node", n(setup.nvlink_domain_gpus)},
                              {"weights_gb", min_params.size() > 4 ? min_params.back().value : "—"},
                              {"usable_gb", min_params[1].value}}));
  }
  r.steps.push_back(make_step("serve_min_gpus",
                              "min t: t | heads, t | n_kv or n_kv | t, fits 1 seq",
                              "t ∈ {" + list(tps) + "}", r.min_gpus, "GPUs", min_note, min_params));

  // 6. The layout inside a node: chosen, or the smallest valid TP where the batch fits.
  std::string tp_note;
  if (plan.serving.tp) {
    r.tp = *plan.serving.tp;  // NaN when refused (resolve.hpp named why)
    tp_note = "serve_tp_chosen";
  } else {
    r.tp = kNaN;
    for (double t : tps) {
      if (concurrency_at(t, budget_at(t)) >= s.batch) {
        r.tp = t;
        break;
      }
    }
    tp_note = "serve_tp_batch";
    if (!known(r.tp)) {
      r.tp = known(r.min_gpus) ? r.min_gpus : (tps.empty() ? kNaN : tps.back());
      tp_note = "serve_tp_largest";
    }
  }
  const double tp = r.tp;
  const bool replicated_kv = !a.is_mla() && known(tp) && tp > a.kv_heads;
  r.steps.push_back(make_step("serve_tp", "TP", known(tp) ? n(tp) : "—", tp, "", tp_note,
                              {{"batch", n(s.batch)}, {"context", n(s.context)}}));

  // 7–11. Memory per card at that layout, as the engine accounts it.
  const CardBudget budget = known(tp) ? budget_at(tp) : CardBudget{};
  const double sequence_card = kv_bytes_per_sequence_card(in, tp, s.context, true);
  InferencePerCard& pc = r.per_card;
  pc.weights_gb = known(tp) ? bytes_to_gb(budget.weights_bytes) : kNaN;
  pc.kv_cache_gb = bytes_to_gb(s.batch * sequence_card);
  pc.workspace_gb = known(tp) ? bytes_to_gb(budget.activation_bytes) : kNaN;
  pc.reserve_gb = known(tp) ? bytes_to_gb(budget.non_torch_bytes + budget.encoder_bytes) : kNaN;
  pc.total_gb = pc.weights_gb + pc.kv_cache_gb + pc.workspace_gb + pc.reserve_gb;
  pc.usable_gb = known(tp) ? bytes_to_gb(budget.requested_bytes) : kNaN;
  // SGLang's static pool holds only weights and KV; its activations live outside it.
  if (engine.profile->kv_rule == KvBudgetRule::kStaticFraction) {
    pc.total_gb = pc.weights_gb + pc.kv_cache_gb + bytes_to_gb(budget.encoder_bytes);
  }
  pc.card_memory_gb = device_gb;
  pc.free_gb = pc.usable_gb - pc.total_gb;
  pc.fits = known(pc.total_gb) && pc.total_gb <= pc.usable_gb;
  r.fits = pc.fits;
  r.per_card_gb = pc.total_gb;
  r.overhead_gb = pc.workspace_gb + pc.reserve_gb;
  r.kv_cache_gb = pc.kv_cache_gb * tp;
  // Weights per card: the split linears and vocabulary over TP (K/V projections copied where TP
  // passes the K/V heads: N_split counts the copies), the replicated parts on every card.
  const WeightsPerCard w = weights_per_card(in, tp);
  r.steps.push_back(make_step(
      "serve_weights_per_card", "(N_split / TP + N_repl) × bits_w / 8 + N_emb / TP × bits_emb / 8",
      "(" + n((w.split_params + w.kv_replica_params) * tp) + " / " + n(tp) + " + " +
          n(w.replicated_params) + ") × " + round2(s.weight_bits) + " / 8 + " +
          n(w.embedding_params * tp) + " / " + n(tp) + " × " + round2(s.embedding_bits) + " / 8",
      pc.weights_gb, "GB", replicated_kv ? "serve_kv_replicated" : "serve_weights_split",
      {{"tp", n(tp)}, {"kv_heads", n(a.kv_heads)}}));
  r.steps.push_back(make_step("serve_kv_per_card", "B × KV_seq / min(TP, n_kv)",
                              n(s.batch) + " × " + gb2(sequence_card) + " GB", pc.kv_cache_gb, "GB",
                              a.is_mla()      ? "serve_kv_mla_replicated"
                              : replicated_kv ? "serve_kv_replicated"
                                              : "",
                              {{"tp", n(tp)}, {"kv_heads", n(a.kv_heads)}}));
  const detail::StepText activation = detail::activation_text(in, budget.activation);
  r.steps.push_back(make_step("serve_workspace", activation.formula, activation.numbers,
                              pc.workspace_gb, "GB", "serve_workspace_profile",
                              {{"engine", s.engine_name}}));
  const bool encoder = budget.encoder_bytes > 0;
  r.steps.push_back(make_step(
      "serve_reserve", encoder ? "N + E" : "N",
      gb2(budget.non_torch_bytes) + (encoder ? " + " + gb2(budget.encoder_bytes) : "") + " GB",
      pc.reserve_gb, "GB", "serve_reserve_non_torch", {{"engine", s.engine_name}}));
  // SGLang's static pool holds weights and KV (and the encoder's budget); vLLM's budget all four.
  const std::string parts = engine.profile->kv_rule == KvBudgetRule::kStaticFraction
                                ? round2(pc.weights_gb) + " + " + round2(pc.kv_cache_gb) +
                                      (encoder ? " + " + gb2(budget.encoder_bytes) : "")
                                : round2(pc.weights_gb) + " + " + round2(pc.kv_cache_gb) + " + " +
                                      round2(pc.workspace_gb) + " + " + round2(pc.reserve_gb);
  const UsableText usable = usable_text(engine.profile->kv_rule, budget);
  r.steps.push_back(make_step("serve_per_card",
                              (engine.profile->kv_rule == KvBudgetRule::kStaticFraction
                                   ? std::string(encoder ? "W + KV + E ≤ " : "W + KV ≤ ")
                                   : std::string("W + KV + A + N ≤ ")) +
                                  usable.formula,
                              parts + " ≤ " + usable.numbers, pc.total_gb, "GB",
                              pc.fits ? "serve_fits" : "serve_does_not_fit",
                              {{"need_gb", round2(pc.total_gb)},
                               {"usable_gb", round2(pc.usable_gb)},
                               {"margin_gb", round2(std::fabs(pc.free_gb))}}));
  if (known(pc.total_gb) && known(pc.usable_gb) && !pc.fits) {
    issues.push_back(warning("serving_does_not_fit", "batch",
                             {{"need_gb", round2(pc.total_gb)},
                              {"usable_gb", round2(pc.usable_gb)},
                              {"tp", n(tp)},
                              {"batch", n(s.batch)},
                              {"context", n(s.context)}}));
  }

  // 12–13. Concurrency, replicas, cards (inside one node).
  r.max_concurrency = known(tp) ? concurrency_at(tp, budget) : kNaN;
  r.steps.push_back(make_step("serve_max_concurrency", "min(⌊KV pool / KV_seq,card⌋, max_num_seqs)",
                              detail::concurrency_numbers(budget, sequence_card), r.max_concurrency,
                              ""));
  r.replicas = r.max_concurrency >= 1 ? std::ceil(s.target_concurrency / r.max_concurrency) : kNaN;
  r.total_gpus = r.replicas * tp;
  r.idle_cards = tp < in.gpus_per_node ? std::fmod(in.gpus_per_node, tp) : 0;
  r.steps.push_back(make_step("serve_replicas", "⌈C_target / C_max⌉",
                              "⌈" + n(s.target_concurrency) + " / " + n(r.max_concurrency) + "⌉",
                              r.replicas, ""));
  r.steps.push_back(make_step("serve_total_gpus", "replicas × TP", n(r.replicas) + " × " + n(tp),
                              r.total_gpus, "GPUs"));

  // 14–17. Throughput of that layout at the batch: the fleet's model of a replica (one stage,
  // TP inside the node; serving_load.hpp), so both views time a step alike.
  const ServingLayout node{tp, 1, 1, false};
  const ServingWorkload& load = plan.serving.load;
  ServingWorkload prompt = load;
  prompt.input_tokens = s.prompt_tokens;
  const StageStep stage =
      decode_stage_step(in, node, s.batch, s.context, tokens_per_sequence_step(load));
  const double step_s = replica_step_from(in, node, stage, load);
  const double tau = speculative_tokens_per_step(load);
  InferenceThroughput& th = r.throughput;
  th.decode_step_ms = step_s * 1e3;
  th.memory_ms = stage.memory_s * 1e3;
  th.compute_ms = stage.compute_s * 1e3;
  th.comm_ms = stage.comm_s * 1e3;
  th.bound = !known(step_s) ? "" : stage.compute_s > stage.memory_s ? "compute" : "memory";
  th.decode_tokens_per_s = s.batch * tau / step_s;
  th.decode_tokens_per_s_per_card = th.decode_tokens_per_s / tp;
  th.tokens_per_s_per_sequence = th.decode_tokens_per_s / s.batch;
  const PrefillTime p = replica_prefill(in, node, prompt);
  th.prefill_s = p.alone_s + p.reload_s;
  th.compute_bound_batch = compute_bound_batch(in, node, s.context);
  r.decode_tokens_per_s = th.decode_tokens_per_s;
  r.prefill_s = th.prefill_s;
  const detail::StepText decode = detail::decode_step_text(in, node, stage, load);
  r.steps.push_back(
      make_step("serve_decode_step", decode.formula, decode.numbers, th.decode_step_ms, "ms",
                th.bound.empty() ? "" : "serve_bound_" + th.bound, {{"dtype", s.peak_dtype}}));
  r.steps.push_back(make_step("serve_decode_tokens", tau > 1 ? "B × τ / t_step" : "B / t_step",
                              n(s.batch) + (tau > 1 ? " × " + format_fine(tau) : "") + " / " +
                                  round2(th.decode_step_ms) + " ms",
                              th.decode_tokens_per_s, "tokens/s",
                              known(th.decode_tokens_per_s) ? "serve_per_card" : "",
                              {{"per_card", round2(th.decode_tokens_per_s_per_card)},
                               {"per_sequence", round2(th.tokens_per_s_per_sequence)}}));
  const detail::StepText prefill = detail::prefill_text(in, node, p);
  r.steps.push_back(make_step("serve_prefill", prefill.formula, prefill.numbers, th.prefill_s, "s",
                              "", {{"prompt", n(s.prompt_tokens)}}));
  const detail::StepText bound =
      detail::compute_bound_text(in, node, s.context, th.compute_bound_batch);
  r.steps.push_back(make_step(
      "serve_compute_bound_batch", bound.formula, bound.numbers, th.compute_bound_batch, "",
      known(th.compute_bound_batch) || !known(step_s) ? "" : "serve_never_compute_bound",
      {{"context", n(s.context)}}));

  r.curve = known(tp) ? concurrency_curve(in, budget, tp, s.context) : r.curve;

  // The fleet for the target load, across nodes (serving_fleet.hpp).
  r.fleet = detail::fleet_report(plan, issues);
  if (r.fleet.found) {
    const ServingLayout layout{r.fleet.tp, r.fleet.pp, r.fleet.dp, r.fleet.ep};
    r.latency_curve =
        detail::latency_curve(in, layout, plan.serving.load, r.fleet.memory_concurrency);
    r.launch = detail::launch_for(plan, layout, r.fleet.per_card.fraction);
  }
  return r;
}

}  // namespace llm_sizer
