#include "llm_sizer/report.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "llm_sizer/json_visitor.hpp"
#include "llm_sizer/launch_commands.hpp"
#include "llm_sizer/layout_rules.hpp"
#include "llm_sizer/layout_search.hpp"
#include "llm_sizer/memory_verdict_outcomes.hpp"
#include "llm_sizer/number_format.hpp"
#include "llm_sizer/plan_codec.hpp"
#include "llm_sizer/plan_fields.hpp"
#include "llm_sizer/resolve.hpp"

namespace llm_sizer {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// The deadline's DP needs the step-time model, which only the full module carries.
using DeadlineDp = double (*)(TrainingTimeInputs, double, bool, double);

// The layout the article decided (tp, pp) with one replica, as the deadline's DP times it: false
// without the tokens or a peak to time it with. Inlined: as a call it costs the page's first
// module (which has one caller of it) 117 B of its first-visit budget, gzipped.
[[gnu::always_inline]] inline bool deadline_layout(const ResolvedPlan& r,
                                                   const ArticleTraining& layout,
                                                   TrainingTimeInputs& time) {
  TrainingSettings settings;
  std::vector<Issue> scratch;  // the layout's own issues are reported by the full model
  return training_layout(r, layout.tp, layout.pp, 1, time, settings, scratch) &&
         std::isfinite(time.tokens) &&
         (std::isfinite(time.peak_tflops) || std::isfinite(time.achieved_tflops));
}

// Step 8's rule with what it needs from the resolved plan; the deadline's DP comes from the time
// model on the layout the article decided (tp, pp) — unknown without it (the page's first
// module), until the full module evaluates the plan.
ArticleDataParallel data_parallel(const ResolvedPlan& r, const ArticleTraining& layout,
                                  std::vector<Issue>& issues, DeadlineDp deadline_dp) {
  ArticleDataParallel dp;
  dp.rule = r.dp_rule;
  dp.cluster_gpus = r.cluster_gpus;
  dp.deadline_days = r.deadline_days;
  dp.micro_batch = r.training.settings.micro_batch;
  dp.global_batch = r.training.global_batch_given ? r.training.settings.global_batch : kNaN;
  switch (r.dp_rule) {
    case DpRule::kGiven: {
      const ResolvedInput* given = find_input(r, "dp");
      dp.dp = given ? given->value : kNaN;
      break;
    }
    case DpRule::kDeadline: {
      if (!std::isfinite(r.deadline_days) || !r.training.ready || deadline_dp == nullptr) {
        dp.dp = kNaN;  // a refused input (named by its own issue) leaves the time model unknown
        dp.pending = deadline_dp == nullptr && std::isfinite(r.deadline_days) && r.training.ready;
        break;
      }
      TrainingTimeInputs time;
      if (!deadline_layout(r, layout, time)) {
        issues.push_back({"deadline_needs_tokens", "deadline_days", Severity::kWarning, {}});
        dp.rule = DpRule::kSingle;
        break;
      }
      dp.dp =
          deadline_dp(time, r.deadline_days, r.training.global_batch_given, kMaxSearchDataParallel);
      if (!std::isfinite(dp.dp)) {
        issues.push_back({"deadline_unreachable",
                          "deadline_days",
                          Severity::kWarning,
                          {{"deadline_days", format_readable(r.deadline_days)},
                           {"max_dp", format_readable(kMaxSearchDataParallel)}}});
      }
      break;
    }
    default:
      break;
  }
  return dp;
}

// What the models decided for inputs left automatic: the article's PP and DP, the default global
// batch and the serving TP, so that every panel shows the value that was used.
void record_model_choices(Report& report) {
  const auto set = [&](std::string_view field, double value) {
    for (auto& input : report.inputs) {
      if (input.field != field || input.source == InputSource::kGiven ||
          input.source == InputSource::kRefused) {
        continue;
      }
      input.source = InputSource::kAutomatic;
      input.value = value;
      input.text = std::isfinite(value) ? format_shortest(value) : "";
    }
  };
  set("pp", report.article_training.pp);
  set("dp", report.article_training.dp);
  if (report.training.available) set("global_batch", report.training.settings.global_batch);
  const FullInference& serving = report.inference;
  if (serving.available && serving.fleet.found) {
    // The fleet's replica layout and the engine figures it settled for that layout.
    const FleetReport& fleet = serving.fleet;
    set("infer_tp", fleet.tp);
    set("infer_pp", fleet.pp);
    set("infer_dp", fleet.dp);
    set("expert_parallel", fleet.ep ? 1 : 0);
    set("runtime_reserve_gb", fleet.per_card.non_torch_gb);
    set("gpu_memory_utilization", fleet.per_card.fraction);
  } else if (serving.available) {
    set("infer_tp", serving.tp);
  }
}

// Everything up to the serving model, which the page's first module leaves out together with the
// memory model's derivation and the step-time model: they arrive with the full module.
// The step-time model's entry points and the memory derivation, passed only by evaluate(): the
// page's first module never references them, so its wasm leaves them out.
struct TimeModels {
  TimeModel time = nullptr;
  DeadlineDp deadline_dp = nullptr;
  MemoryExplainer memory_steps = nullptr;
  TimeExplainer time_steps = nullptr;
};

Report evaluate_models(const ResolvedPlan& resolved, const EvaluateOptions& options,
                       const TimeModels& models) {
  Report report;
  report.plan = resolved.plan;
  report.setup = resolved.setup;
  report.inputs = resolved.inputs;
  report.issues = resolved.issues;
  auto& issues = report.issues;

  ArticleTraining& article = report.article_training;
  article = article_layout(resolved.article, issues, options.explain);
  const ArticleDataParallel dp = data_parallel(resolved, article, issues, models.deadline_dp);
  article_data_parallel(article, dp, issues, options.explain);
  report.article_inference = article_inference(resolved.article, issues, options.explain);
  if (options.full_models) {
    report.training = full_training(resolved, article.tp, article.pp, article.dp, issues,
                                    models.time, options.explain ? models.memory_steps : nullptr,
                                    options.explain ? models.time_steps : nullptr);
  }
  record_model_choices(report);
  return report;
}

}  // namespace

Report evaluate_without_serving(const Plan& plan, const EvaluateOptions& options) {
  return evaluate_models(resolve(plan), options, {});
}

Report evaluate(const Plan& plan, const EvaluateOptions& options) {
  const ResolvedPlan resolved = resolve(plan);
  Report report = evaluate_models(
      resolved, options,
      {&training_time, &dp_for_deadline, &explain_training_memory, &explain_training_time});
  report.full_computed = true;
  report.time_band = time_band(resolved, report.training);
  TimeBand& band = report.time_band;
  TrainingTimeInputs deadline_time;
  if (band.available && resolved.dp_rule == DpRule::kDeadline &&
      std::isfinite(report.article_training.dp) &&
      deadline_layout(resolved, report.article_training, deadline_time)) {
    // The deadline met even if the run is as slow as the slowest published run like it.
    band.deadline_days = resolved.deadline_days;
    band.deadline_dp_high = dp_for_deadline(deadline_time, resolved.deadline_days / band.high_ratio,
                                            resolved.training.global_batch_given);
    band.deadline_gpus_high = band.deadline_dp_high * report.article_training.gpus_per_replica;
  }
  if (options.full_models && options.serving_model) {
    report.inference = full_inference(resolved, report.issues);
    report.serving_computed = true;
    if (report.training.available) {
      LaunchCommands& launch = report.inference.launch;
      const bool moe = resolved.setup.arch.is_moe();
      launch.megatron =
          megatron_arguments(report.training.settings, resolved.setup.gpus_per_node, moe);
      launch.nemo = nemo_arguments(report.training.settings, resolved.setup.gpus_per_node, moe);
    }
    record_model_choices(report);
  }
  return report;
}

std::string training_json(const Report& report) {
  JsonWriter out;
  JsonFieldWriter fields(out);
  const auto& t = report.article_training;
  out.begin_object();
  fields.field("model_state_gb", t.model_state_gb);
  fields.field("safe_memory_per_card_gb", t.safe_memory_per_card_gb);
  fields.field("min_model_parallel", t.min_model_parallel);
  fields.field("tp", t.tp);
  fields.field("pp_min", t.pp_min);
  fields.field("pp", t.pp);
  fields.field("dp", t.dp);
  fields.field("cp", t.cp);
  fields.field("gpus_per_replica", t.gpus_per_replica);
  fields.field("total_gpus", t.total_gpus);
  fields.field("steps", t.steps);
  fields.field("issues", report.issues);
  fields.field("inputs", report.inputs);
  const auto& full = report.training;
  if (full.available) {
    fields.field("memory", full.memory);
    fields.field("stages", full.stages);
    fields.field("settings", full.settings);
    fields.field("memory_steps", full.steps);
    fields.field("fit_options", full.fit_options);
    if (full.time_available) {
      fields.field("time", full.time);
      fields.field("time_steps", full.time_steps);
    } else {
      out.key("time").null();
      out.key("time_steps").null();
    }
    fields.field("time_band", report.time_band);
    fields.field("megatron_args", report.inference.launch.megatron);
    fields.field("nemo_args", report.inference.launch.nemo);
  } else {
    out.key("memory").null();
    fields.field("stages", full.stages);
  }
  fields.field("setup", report.setup);
  fields.field("link", encode_link(report.plan));
  out.end_object();
  return out.str() + "\n";
}

namespace {

// A layout input the plan gives fixes its dimension of the search (search --tp 8): what the
// resolution recorded as given, with the value it kept. The full module's only (the page's first
// module never searches).
SearchLimits given_layout_limits(const ResolvedPlan& r) {
  SearchLimits limits;
  const std::pair<std::string_view, DimensionLimit SearchLimits::*> dimensions[] = {
      {"tp", &SearchLimits::tp},     {"pp", &SearchLimits::pp},
      {"dp", &SearchLimits::dp},     {"cp", &SearchLimits::cp},
      {"ep", &SearchLimits::ep},     {"etp", &SearchLimits::etp},
      {"vpp", &SearchLimits::vpp},   {"micro_batch", &SearchLimits::micro_batch},
      {"zero", &SearchLimits::zero}, {"sequence_parallel", &SearchLimits::sp}};
  for (const auto& [field, dimension] : dimensions) {
    const ResolvedInput* input = find_input(r, field);
    if (input && input->source == InputSource::kGiven && std::isfinite(input->value)) {
      (limits.*dimension).fix(input->value);
    }
  }
  const TrainingLayout& l = r.training.inputs.memory.layout;
  if (r.training.recompute_given) {
    limits.recompute.fix(SearchLimits::recompute_index(r.training.settings.recompute));
  }
  if (!l.stage_layers.empty()) limits.pp.fix(static_cast<double>(l.stage_layers.size()));
  return limits;
}

}  // namespace

SearchSetup prepare_search(const Plan& plan) {
  SearchSetup out;
  const ResolvedPlan r = resolve(plan);
  out.issues = r.issues;
  if (!r.setup.has_architecture) {
    // An unknown model id has its own error; the missing architecture is that error's.
    if (!r.setup.model_unknown) {
      out.issues.push_back({"full_model_needs_architecture", "model", Severity::kWarning, {}});
    }
    return out;
  }
  if (!r.training.ready) return out;
  const SearchLimits limits = given_layout_limits(r);
  SearchLimits narrowed = limits;
  const auto limit_issues = parse_search_limits(r.training.search_limits, narrowed);
  if (!limit_issues.empty()) {
    out.issues.insert(out.issues.end(), limit_issues.begin(), limit_issues.end());
    return out;
  }
  SearchOptions& options = out.options;
  if (std::isfinite(r.cluster_gpus)) {
    options.cluster_gpus = r.cluster_gpus;
    options.deadline_days = kNaN;
  } else if (std::isfinite(r.deadline_days) && std::isfinite(r.training.inputs.tokens)) {
    options.cluster_gpus = kNaN;
    options.deadline_days = r.deadline_days;
  } else {
    out.issues.push_back({"search_needs_target", "cluster_gpus", Severity::kError, {}});
    return out;
  }
  const TrainingTimeInputs& base = r.training.inputs;
  if (!std::isfinite(base.peak_tflops) && !std::isfinite(base.achieved_tflops)) {
    out.issues.push_back({"peak_unknown", "bf16_tflops", Severity::kError, {}});
    return out;
  }
  options.objective = r.objective.empty() ? "time" : r.objective;
  options.limits = narrowed;
  options.batch_tolerance = r.training.settings.batch_tolerance;
  // TP above a node only where the plan asks for it (a given TP or a limit beyond the node).
  const DimensionLimit& tp = options.limits.tp;
  const double node = r.setup.nvlink_domain_gpus;
  options.tp_may_cross_nodes = tp.values.empty() ? tp.hi < 1e300 && tp.hi > node
                                                 : std::any_of(tp.values.begin(), tp.values.end(),
                                                               [&](double v) { return v > node; });
  out.base = base;
  out.base.global_batch = r.training.settings.global_batch;
  out.ready = true;
  return out;
}

SearchReport search_plan(const Plan& plan, bool keep_all) {
  SearchReport result;
  SearchSetup setup = prepare_search(plan);
  result.issues = std::move(setup.issues);
  if (!setup.ready) return result;
  setup.options.keep_all = keep_all;
  result.search = search_layouts(setup.base, setup.options);
  result.ran = true;
  finish_search(result, setup);
  return result;
}

void search_fallbacks(SearchResult& result, const SearchSetup& setup) {
  if (result.found) return;
  double evaluated = result.evaluated;
  const bool lift_experts = result.experts_limited;
  const bool let_tight = !result.tight_allowed;
  const auto again = [&](bool experts, bool tight) {
    SearchOptions options = setup.options;
    if (experts) options.limits.experts = DimensionLimit{};
    if (tight) options.limits.tight = DimensionLimit{};
    result = search_layouts(setup.base, options);
    evaluated += result.evaluated;
    result.evaluated = evaluated;
    result.experts_fallback = experts;
    result.tight_fallback = tight;
  };
  // An unchecked step time before a measured risk of running out of memory.
  if (lift_experts) again(true, false);
  if (!result.found && let_tight) again(false, true);
  if (!result.found && let_tight && lift_experts) again(true, true);
}

Issue search_not_found(const SearchResult& s) {
  if (s.mode == "deadline" && s.feasible > 0) {
    return {
        "search_deadline_unmet",
        "deadline_days",
        Severity::kWarning,
        {{"feasible", format_shortest(s.feasible)}, {"batch", format_shortest(s.global_batch)}}};
  }
  return {"search_nothing_fits", "", Severity::kWarning, {}};
}

std::optional<LayoutCandidate> roomy_layout(const SearchSetup& setup, const SearchResult& result) {
  if (result.mode != "cluster" || !result.found || result.best.verdict != "tight" ||
      result.tight_fallback) {
    return {};
  }
  SearchOptions options = setup.options;
  options.keep_all = false;
  options.top_n = 1;  // only its best is wanted: the search skips more splits that cannot beat it
  options.limits.tight = DimensionLimit{0, 0, {}};
  if (result.experts_fallback) options.limits.experts = DimensionLimit{};
  const SearchResult roomy = search_layouts(setup.base, options);
  if (!roomy.found) return {};
  LayoutCandidate found = roomy.best;
  // Its rank against the search's own best.
  found.step_vs_best = found.step_s / result.best.step_s - 1;
  return found;
}

namespace {

std::string one_decimal(double value) { return format_readable(std::round(value * 10) / 10); }

// "TP 2 · PP 4 · DP 16", with CP and EP where the layout uses them.
std::string layout_text(const LayoutCandidate& c) {
  std::string text = "TP " + format_shortest(c.tp) + " · PP " + format_shortest(c.pp);
  if (c.cp > 1) text += " · CP " + format_shortest(c.cp);
  if (c.ep > 1) text += " · EP " + format_shortest(c.ep);
  return text + " · DP " + format_shortest(c.dp);
}

// A best layout the memory verdict calls tight (its high end passes the headroom) ran out of
// memory about as often as it trained in the measured sweeps (memory_verdict_outcomes.hpp): the
// warning says so and names the fastest layout that fits with the headroom, with how much slower
// it is, where a cluster search found one.
void flag_tight_best(SearchReport& report) {
  const SearchResult& s = report.search;
  if (s.best.verdict != "tight") return;
  const VerdictOutcomes tight = memory_verdict_outcomes("tight");
  Issue issue{"search_best_tight_alone",
              "",
              Severity::kWarning,
              {{"high", one_decimal(s.best.peak_high_gb)},
               {"card", one_decimal(s.card_memory_gb)},
               {"headroom", format_shortest(std::round(s.headroom * 100))},
               {"measured", format_shortest(tight.runs)},
               {"trained", format_shortest(tight.trained)}}};
  if (report.roomy_found) {
    const LayoutCandidate& r = report.roomy;
    issue.code = "search_best_tight";
    issue.params.push_back({"layout", layout_text(r)});
    issue.params.push_back({"mb", format_shortest(r.micro_batch)});
    issue.params.push_back({"zero", format_shortest(r.zero)});
    issue.params.push_back({"recompute", r.recompute});
    issue.params.push_back({"recompute_layers", std::isfinite(r.recompute_layers)
                                                    ? format_shortest(r.recompute_layers)
                                                    : std::string()});
    issue.params.push_back({"recompute_modules", r.recompute_modules});
    issue.params.push_back({"slower", one_decimal(r.step_vs_best * 100)});
  }
  report.issues.push_back(std::move(issue));
}

}  // namespace

void finish_search(SearchReport& report, const SearchSetup& setup) {
  search_fallbacks(report.search, setup);
  const SearchResult& s = report.search;
  report.resolution = search_resolution(s);
  if (!s.found) {
    report.issues.push_back(search_not_found(s));
    return;
  }
  if (const auto roomy = roomy_layout(setup, s)) {
    report.roomy_found = true;
    report.roomy = *roomy;
  }
  const LayoutCandidate& best = s.best;
  if (zero3_across_nodes(best.zero, best.tp, best.dp, best.cp, s.nvlink_domain_gpus)) {
    report.issues.push_back({"search_best_zero3_across_nodes",
                             "",
                             Severity::kWarning,
                             {{"dp", format_shortest(best.dp * best.cp)}}});
  }
  flag_tight_best(report);
  // Each GPU runs one GEMM per local expert and pass, with its host-side set-up (the validation's
  // fine-grained MoE paragraph): the model times the kernels, not the host. Such a best comes
  // from limits that let it in, or from none holding fewer fitting (experts_fallback).
  const double local_experts = s.routed_experts / best.ep;
  if (s.routed_experts > 0 && local_experts > kMostValidatedExpertsPerGpu) {
    report.issues.push_back({s.experts_fallback ? "search_best_many_local_experts_only"
                                                : "search_best_many_local_experts",
                             "",
                             Severity::kWarning,
                             {{"experts", format_shortest(local_experts)},
                              {"ep", format_shortest(best.ep)},
                              {"validated", format_shortest(kMostValidatedExpertsPerGpu)}}});
  }
}

std::string search_json(const SearchReport& r) {
  JsonWriter out;
  JsonFieldWriter fields(out);
  out.begin_object();
  fields.field("mode", r.search.mode);
  fields.field("tight_allowed", r.search.tight_allowed);
  fields.field("tight_fallback", r.search.tight_fallback);
  fields.field("experts_limited", r.search.experts_limited);
  fields.field("experts_fallback", r.search.experts_fallback);
  fields.field("experts_most", r.search.experts_most);
  fields.field("global_batch", r.search.global_batch);
  fields.field("batch_tolerance", r.search.batch_tolerance);
  fields.field("evaluated", r.search.evaluated);
  fields.field("feasible", r.search.feasible);
  fields.field("skipped", r.search.skipped);
  if (r.search.found) {
    fields.field("best", r.search.best);
  } else {
    out.key("best").null();
  }
  fields.field("top", r.search.top);
  fields.field("pareto", r.search.pareto);
  fields.field("resolution", r.resolution);
  if (r.roomy_found) {
    fields.field("roomy", r.roomy);
  } else {
    out.key("roomy").null();
  }
  if (r.search.min_gpus_found) {
    fields.field("min_gpus", r.search.min_gpus);
  } else {
    out.key("min_gpus").null();
  }
  if (!r.search.all.empty()) fields.field("all", r.search.all);
  fields.field("issues", r.issues);
  out.end_object();
  return out.str() + "\n";
}

namespace {

// Collects a layout's fields, in visit order, as CSV cells.
struct CsvRow {
  std::vector<std::string> names;
  std::vector<std::string> cells;
  void field(std::string_view name, double v) {
    names.emplace_back(name);
    cells.push_back(std::isfinite(v) ? format_shortest(v) : "");
  }
  void field(std::string_view name, bool v) {
    names.emplace_back(name);
    cells.emplace_back(v ? "1" : "0");
  }
  void field(std::string_view name, const std::string& v) {
    names.emplace_back(name);
    // Stage splits hold commas: quote every text cell.
    cells.push_back("\"" + v + "\"");
  }
};

std::string joined(const std::vector<std::string>& cells) {
  std::string line;
  for (const auto& c : cells) line += (line.empty() ? "" : ",") + c;
  return line + "\n";
}

}  // namespace

std::string search_csv(const SearchReport& report) {
  std::string out;
  for (const auto& c : report.search.all) {
    CsvRow row;
    visit_fields(row, c);
    if (out.empty()) out += joined(row.names);
    out += joined(row.cells);
  }
  return out;
}

std::string inference_json(const Report& report) {
  JsonWriter out;
  JsonFieldWriter fields(out);
  const auto& article = report.article_inference;
  const auto& f = report.inference;
  out.begin_object();
  if (f.available) {
    fields.field("weights_gb", f.weights_gb);
    fields.field("kv_cache_gb", f.kv_cache_gb);
    fields.field("kv_bytes_per_token", f.kv_bytes_per_token);
    fields.field("overhead_gb", f.overhead_gb);
    fields.field("per_card_gb", f.per_card_gb);
    fields.field("fits", f.fits);
    fields.field("min_gpus", f.min_gpus);
    fields.field("tp", f.tp);
    fields.field("max_concurrency", f.max_concurrency);
    fields.field("replicas", f.replicas);
    fields.field("total_gpus", f.total_gpus);
    fields.field("decode_tokens_per_s", f.decode_tokens_per_s);
    fields.field("prefill_s", f.prefill_s);
  } else {
    // No architecture: the article's two numbers, and nothing the serving model would invent.
    fields.field("weights_gb", article.weights_gb);
    for (const char* key :
         {"kv_cache_gb", "kv_bytes_per_token", "overhead_gb", "per_card_gb", "fits"}) {
      out.key(key).null();
    }
    fields.field("min_gpus", article.min_gpus);
    for (const char* key :
         {"tp", "max_concurrency", "replicas", "total_gpus", "decode_tokens_per_s", "prefill_s"}) {
      out.key(key).null();
    }
  }
  fields.field("article", article);
  fields.field("steps", f.steps);
  fields.field("issues", report.issues);
  if (f.available) {
    fields.field("per_card", f.per_card);
    fields.field("throughput", f.throughput);
    fields.field("settings", f.settings);
    fields.field("curve", f.curve);
    fields.field("fleet", f.fleet);
    fields.field("latency_curve", f.latency_curve);
    fields.field("launch", f.launch);
  }
  fields.field("setup", report.setup);
  fields.field("link", encode_link(report.plan));
  out.end_object();
  return out.str() + "\n";
}

}  // namespace llm_sizer
