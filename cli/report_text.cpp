// GCC 12 reports a false -Wrestrict inside std::string's operator+ once it is inlined into these
// functions (gcc.gnu.org/PR105651, fixed in GCC 13); the concatenations are ordinary.
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ == 12
#pragma GCC diagnostic ignored "-Wrestrict"
#endif
#include "report_text.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <string_view>
#include <utility>
#include <vector>

#include "llm_sizer/accelerator.hpp"
#include "llm_sizer/model.hpp"
#include "llm_sizer/number_format.hpp"
#include "llm_sizer/plan_codec.hpp"
#include "text_table.hpp"

namespace llm_sizer::cli {
namespace {

std::string value_text(double value, const std::string& unit, const Messages& m) {
  if (!std::isfinite(value)) return "—";
  // Memory reads best to the hundredth of a GB; counts and ratios keep their digits.
  const bool rounded = unit == "GB" || unit == "ms" || unit == "s" || unit == "tokens/s";
  std::string text = format_readable(rounded ? std::round(value * 100) / 100 : value);
  if (!unit.empty()) {
    text += ' ';
    text += m.unit(unit, value);
  }
  return text;
}

std::string steps_table(const std::vector<DerivationStep>& steps, const Messages& m) {
  std::vector<std::vector<std::string>> rows = {
      // ui.col_step names a derivation step ("步骤"); cli.col_step is the search's step time.
      {"#", m.format("ui.col_step"), m.format("cli.col_formula"), m.format("cli.col_numbers"),
       m.format("cli.col_value")}};
  int index = 1;
  std::string notes;
  for (const auto& s : steps) {
    rows.push_back({std::to_string(index), m.format("step." + s.id), s.formula, s.substitution,
                    value_text(s.value, s.unit, m)});
    if (!s.note.empty()) {
      notes +=
          "  " + std::to_string(index) + ". " + m.format("note." + s.note, s.note_params) + "\n";
    }
    ++index;
  }
  return render_table(rows, {true, false, false, false, true}) +
         (notes.empty() ? "" : "\n" + m.format("cli.notes") + "\n" + notes);
}

std::string setup_lines(const Report& report, const Messages& m) {
  const auto& s = report.setup;
  const std::string model = s.model_name.empty() ? m.format("cli.custom_model") : s.model_name;
  const std::string card =
      s.accelerator_name.empty() ? m.format("cli.custom_accelerator") : s.accelerator_name;
  std::string accelerator = card + " · " + value_text(s.card_memory_gb, "GB", m) + " · " +
                            m.format("cli.per_node", {{"n", format_shortest(s.gpus_per_node)}});
  if (s.nvlink_domain_gpus > s.gpus_per_node) {
    accelerator +=
        " · " + m.format("cli.nvlink_domain", {{"n", format_shortest(s.nvlink_domain_gpus)}});
  }
  return render_table({{m.format("field.model"), model + " · " + value_text(s.params, "params", m)},
                       {m.format("field.accelerator"), accelerator}},
                      {});
}

// "$558970": money rounded to the dollar.
std::string dollars(double value) {
  std::string text = "$";
  text += format_readable(std::round(value));
  return text;
}

// "34.10": money to the cent, its two decimals kept ("$34.10", not "$34.1" beside "$17.96");
// "—" where it is unknown.
std::string cents(double value) {
  if (!std::isfinite(value)) return "—";
  char text[64];
  std::snprintf(text, sizeof text, "%.2f", value);
  return text;
}

std::string gb_text(double gb) { return format_readable(std::round(gb * 100) / 100); }

// A share as a percentage to one decimal ("3.9%").
std::string percent_text(double share) {
  return format_readable(std::round(share * 1000) / 10) + "%";
}

// A layout's step against the best's: "+3.9%", or "—" where the search does not compare them.
std::string vs_best_text(double share) {
  if (!std::isfinite(share)) return "—";
  return (share < 0 ? "−" : "+") + percent_text(std::abs(share));
}

// `value` rounded to `decimals` places, as the derivation prints numbers.
std::string rounded(double value, int decimals) {
  const double scale = std::pow(10.0, decimals);
  return format_readable(std::round(value * scale) / scale);
}

// The same, or "—" for a figure the model could not compute (a card without a bandwidth or
// peak), as the page shows it.
std::string rounded_or_dash(double value, int decimals) {
  return std::isfinite(value) ? rounded(value, decimals) : "—";
}

// How far published runs like this plan were from the predicted step time (time_band.hpp), the
// page's sentences (TimeDetails.tsx); nothing where the time is measured or given.
std::string band_text(const TimeBand& b, const Messages& m) {
  if (!b.available) {
    if (b.reason == "framework" || b.reason == "finetune" || b.reason == "efficiencies") {
      return m.format("ui.time_band_none_" + b.reason) + "\n";
    }
    return {};
  }
  const bool all = b.family == "all";
  const std::string key = b.kind == "pytorch" ? "ui.time_band_pytorch"
                          : all               ? "ui.time_band_all"
                                              : "ui.time_band";
  std::vector<std::string> sentences = {
      m.format(key, {{"family", all ? std::string() : m.format("family." + b.family)},
                     {"kind", m.format(b.kind == "moe"    ? "kind.moe"
                                       : b.kind == "fsdp" ? "kind.fsdp"
                                                          : "kind.dense")},
                     {"runs", rounded(b.runs, 0)},
                     {"low", rounded(b.low_ratio, 2)},
                     {"high", rounded(b.high_ratio, 2)},
                     {"step_low", rounded(b.step_low_s, 2)},
                     {"step_high", rounded(b.step_high_s, 2)}})};
  if (std::isfinite(b.days_low)) {
    const bool cost = std::isfinite(b.cost_low);
    sentences.push_back(m.format(cost ? "ui.time_band_days_cost" : "ui.time_band_days",
                                 {{"days_low", rounded(b.days_low, 1)},
                                  {"days_high", rounded(b.days_high, 1)},
                                  {"cost_low", cost ? dollars(b.cost_low) : std::string()},
                                  {"cost_high", cost ? dollars(b.cost_high) : std::string()}}));
  }
  if (std::isfinite(b.deadline_days)) {
    const bool met = std::isfinite(b.deadline_dp_high);
    sentences.push_back(m.format(met ? "ui.time_band_deadline" : "ui.time_band_deadline_none",
                                 {{"deadline", rounded(b.deadline_days, 1)},
                                  {"dp", rounded(b.deadline_dp_high, 0)},
                                  {"gpus", rounded(b.deadline_gpus_high, 0)}}));
  }
  std::string out;
  for (const std::string& sentence : sentences) {
    // Chinese sentences follow each other without a space.
    if (!out.empty() && !m.chinese()) out += ' ';
    out += sentence;
  }
  return out + "\n";
}

// The compute dtype as the page's time panel names it (TimeDetails.tsx: toUpperCase).
std::string upper(std::string text) {
  for (char& c : text) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return text;
}

// The training time and cost of the full model, as the page's time panel shows them: step time,
// throughput and MFU always; days, GPU-hours, cost and energy once the tokens are known.
std::string time_text(const FullTraining& t, const TimeBand& band, const Messages& m) {
  if (!t.time_available) return "\n" + m.format("cli.time_unavailable") + "\n";
  const TrainingTime& time = t.time;
  const TrainingSettings& s = t.settings;
  // The page's sentence (TimeDetails.tsx): a given compute efficiency replaces the kernel model.
  const char* sentence = time.measured                         ? "ui.time_measured"
                         : std::isfinite(s.compute_efficiency) ? "ui.time_predicted_fixed"
                                                               : "ui.time_predicted";
  std::string out = "\n" + m.format("ui.time_title") + "\n" +
                    m.format(sentence, {{"gpus", rounded(time.gpus, 0)},
                                        {"peak", rounded(s.peak_tflops, 0)},
                                        {"dtype", upper(s.compute_dtype)},
                                        {"efficiency", rounded(s.compute_efficiency * 100, 0)},
                                        {"gemm", rounded(s.gemm_efficiency * 100, 0)},
                                        {"attention", rounded(s.attention_efficiency * 100, 0)},
                                        {"batch", rounded(s.global_batch, 0)},
                                        {"microbatches", rounded(time.microbatches, 0)},
                                        {"achieved", rounded(s.achieved_tflops, 0)}}) +
                    "\n";
  const auto known = [](double v, const std::string& text) {
    return std::isfinite(v) ? text : std::string("—");
  };
  std::vector<std::vector<std::string>> rows = {
      {m.format("cli.time_step"),
       known(time.step_s, rounded(time.step_s, 2) + " " + m.format("unit.s"))},
      {m.format("ui.tokens_per_s"), known(time.tokens_per_s, rounded(time.tokens_per_s, 0))},
      {"MFU", known(time.mfu, rounded(time.mfu * 100, 1) + "%")}};
  const bool has_tokens = std::isfinite(time.days);
  if (has_tokens) {
    rows.push_back({m.format("cli.col_days"), rounded(time.days, 1)});
    rows.push_back({m.format("cli.col_gpu_hours"), rounded(time.gpu_hours, 0)});
    rows.push_back({m.format("cli.col_cost"),
                    std::isfinite(time.cost) ? dollars(time.cost) : m.format("cli.cost_unknown")});
    // MWh from 1 MWh, kWh below (the page's energy-text.ts): a small fine-tune read "0 MWh".
    const double kwh = time.energy_kwh;
    rows.push_back({m.format("ui.energy"), !std::isfinite(kwh) ? m.format("cli.energy_unknown")
                                           : kwh >= 1000
                                               ? rounded(kwh / 1000, 1) + " MWh"
                                               : rounded(kwh, kwh >= 10 ? 0 : 1) + " kWh"});
  }
  out += render_table(rows, {false, true});
  if (!has_tokens) out += m.format("cli.time_needs_tokens") + "\n";
  out += band_text(band, m);
  // The step's split, term by term, as the page's table shows it (the core's list).
  std::vector<std::vector<std::string>> split;
  for (const StepPart& part : time.parts) {
    split.push_back({m.format("time." + std::string(part.id)),
                     known(part.s, rounded(part.s, 3) + " " + m.format("unit.s"))});
  }
  out += "\n" + m.format("ui.step_time", {{"n", rounded(time.step_s, 2)}}) + "\n";
  out += render_table(split, {false, true});
  return out;
}

std::string full_training_text(const Report& report, const Messages& m) {
  const FullTraining& t = report.training;
  if (!t.available) return {};
  const TrainingSettings& s = t.settings;
  const MemoryBreakdown& b = t.memory;
  std::string out =
      m.format("cli.full_title",
               {{"framework", m.format("choice.framework." + s.framework)},
                {"recipe", s.recipe},
                {"recompute", m.recompute(s.recompute, s.recompute_layers, s.recompute_modules)},
                {"seq_len", format_shortest(s.seq_len)},
                {"micro_batch", format_shortest(s.micro_batch)}}) +
      "\n";
  const std::string verdict = b.verdict == "tight"          ? "cli.full_tight"
                              : b.verdict == "does_not_fit" ? "cli.full_does_not_fit"
                                                            : "cli.full_fits";
  out += m.format(verdict, {{"stage", format_shortest(b.peak_stage + 1)},
                            {"stages", format_shortest(s.pp)},
                            {"peak_gb", gb_text(b.peak_gb)},
                            {"card_gb", gb_text(b.card_memory_gb)},
                            {"card_gib", gb_text(b.card_memory_gib)},
                            {"free_gb", gb_text(std::fabs(b.free_gb))},
                            {"low_gb", gb_text(b.low_gb)},
                            {"high_gb", gb_text(b.high_gb)},
                            {"headroom", format_shortest(std::round(b.headroom * 100))}}) +
         "\n";
  // Peak allocated and peak reserved, each as the counter a run would log.
  out += m.format("cli.full_counters", {{"allocated_gb", gb_text(b.allocated_gb)},
                                        {"reserved_low_gb", gb_text(b.reserved_low_gb)},
                                        {"reserved_high_gb", gb_text(b.reserved_high_gb)},
                                        {"context_gb", gb_text(b.context_gb)},
                                        {"nccl_low_gb", gb_text(b.communication_low_gb)},
                                        {"nccl_high_gb", gb_text(b.communication_high_gb)},
                                        {"profile", s.memory_profile}}) +
         "\n";
  if (s.finetune != "full") {
    out += m.format("cli.full_adapters", {{"mode", m.format("choice.finetune." + s.finetune)},
                                          {"rank", format_shortest(s.lora_rank)},
                                          {"targets", s.lora_targets},
                                          {"params", format_readable(b.adapter_params)}}) +
           "\n";
  }
  if (b.host_ram_gb > 0) {
    out += m.format("cli.full_host_ram", {{"host_gb", gb_text(b.host_ram_gb)}}) + "\n";
  }
  out += "\n";
  std::vector<std::vector<std::string>> rows = {
      {m.format("cli.col_stage"), m.format("cli.col_layers"), m.format("step.inflight"),
       m.format("step.weights"), m.format("step.grads"), m.format("step.optimizer"),
       m.format("step.activations"), m.format("step.logits"), m.format("step.overhead"),
       m.format("cli.col_total"), m.format("cli.col_high")}};
  for (const auto& stage : t.stages) {
    rows.push_back({format_shortest(stage.stage + 1),
                    format_shortest(stage.first_layer + 1) + "–" +
                        format_shortest(stage.first_layer + stage.layers),
                    format_readable(stage.inflight), gb_text(stage.weights_gb),
                    gb_text(stage.grads_gb), gb_text(stage.optimizer_gb),
                    gb_text(stage.activations_gb), gb_text(stage.logits_gb),
                    gb_text(stage.overhead_gb), gb_text(stage.total_gb) + (stage.fits ? "" : " ✗"),
                    gb_text(stage.high_gb) + (stage.verdict == "tight" ? " !" : "")});
  }
  out += render_table(rows, {true, false, true, true, true, true, true, true, true, true, true});
  out += time_text(t, report.time_band, m);
  if (!t.time_steps.empty()) {
    out += "\n" + m.format("cli.time_derivation") + "\n" + steps_table(t.time_steps, m);
  }
  out += "\n" + m.format("cli.memory_derivation") + "\n" + steps_table(t.steps, m);
  std::string options;
  for (const auto& f : t.fit_options) {
    if (!options.empty()) options += " · ";
    options += m.recompute(f.recompute, std::nan(""), t.settings.recompute_modules) + " → " +
               (std::isfinite(f.pp)
                    ? "PP " + format_shortest(f.pp) + " (" + gb_text(f.peak_gb) + "–" +
                          gb_text(f.high_gb) + " GB, " + m.format("ui.verdict_" + f.verdict) + ")"
                    : m.format("cli.no_pp_fits"));
  }
  out += "\n" + m.format("cli.fit_options") + ": " + options + "\n";
  return out;
}

std::string layout_rows(const std::vector<LayoutCandidate>& layouts, const Messages& m) {
  std::vector<std::vector<std::string>> rows = {{"#",
                                                 "TP",
                                                 "PP",
                                                 "VPP",
                                                 "DP",
                                                 "CP",
                                                 "EP",
                                                 m.format("cli.col_gpus"),
                                                 m.format("cli.col_batch"),
                                                 m.format("field.micro_batch"),
                                                 m.format("cli.col_microbatches"),
                                                 "ZeRO",
                                                 m.format("field.recompute"),
                                                 m.format("cli.col_peak"),
                                                 m.format("cli.col_high"),
                                                 m.format("cli.col_step"),
                                                 m.format("cli.col_vs_best"),
                                                 m.format("cli.col_bubble"),
                                                 "MFU",
                                                 m.format("cli.col_days"),
                                                 m.format("cli.col_cost")}};
  int rank = 1;
  const auto seconds = [](double s) { return format_readable(std::round(s * 100) / 100) + " s"; };
  for (const auto& c : layouts) {
    std::string pp = format_shortest(c.pp);
    if (!c.stage_layers.empty()) pp += " [" + stage_runs(c.stage_layers) + "]";
    rows.push_back({std::to_string(rank++),
                    format_shortest(c.tp),
                    pp,
                    format_shortest(c.vpp),
                    format_shortest(c.dp),
                    format_shortest(c.cp),
                    format_shortest(c.ep),
                    format_shortest(c.gpus),
                    format_shortest(c.global_batch),
                    format_shortest(c.micro_batch),
                    format_shortest(c.microbatches),
                    format_shortest(c.zero),
                    m.recompute(c.recompute, c.recompute_layers, c.recompute_modules),
                    gb_text(c.peak_gb) + " GB",
                    std::isfinite(c.peak_high_gb)
                        ? gb_text(c.peak_high_gb) + (c.verdict == "tight" ? " !" : "")
                        : "—",
                    seconds(c.step_s),
                    vs_best_text(c.step_vs_best),
                    seconds(c.bubble_s),
                    percent_text(c.mfu),
                    std::isfinite(c.days) ? format_readable(std::round(c.days * 10) / 10) : "—",
                    std::isfinite(c.cost) ? dollars(c.cost) : "—"});
  }
  std::vector<bool> right = {true, true,  true, true, true, true, true, true, true, true, true,
                             true, false, true, true, true, true, true, true, true, true};
  // A deadline's rows differ in DP and compare no steps: no column of dashes then.
  const bool compares = std::any_of(layouts.begin(), layouts.end(), [](const LayoutCandidate& c) {
    return std::isfinite(c.step_vs_best);
  });
  if (!compares) {
    const auto at =
        std::find(rows.front().begin(), rows.front().end(), m.format("cli.col_vs_best")) -
        rows.front().begin();
    for (auto& row : rows) row.erase(row.begin() + at);
    right.erase(right.begin() + at);
  }
  return render_table(rows, right);
}

}  // namespace

std::string stage_runs(std::string_view stage_layers) {
  std::vector<std::string_view> sizes;
  for (std::size_t from = 0;;) {
    const std::size_t comma = stage_layers.find(',', from);
    std::string_view size = stage_layers.substr(from, comma - from);
    while (!size.empty() && size.front() == ' ') size.remove_prefix(1);
    while (!size.empty() && size.back() == ' ') size.remove_suffix(1);
    sizes.push_back(size);
    if (comma == std::string_view::npos) break;
    from = comma + 1;
  }
  std::string out;
  for (std::size_t i = 0; i < sizes.size();) {
    std::size_t j = i;
    while (j < sizes.size() && sizes[j] == sizes[i]) ++j;
    if (!out.empty()) out += ", ";
    if (j - i > 2) {
      out += std::string(sizes[i]) + "×" + std::to_string(j - i);
    } else {
      for (std::size_t k = i; k < j; ++k) out += (k > i ? ", " : "") + std::string(sizes[k]);
    }
    i = j;
  }
  return out;
}

std::string search_text(const SearchReport& r, const Messages& m) {
  const SearchResult& s = r.search;
  std::string out = m.format("cli.search_title", {{"mode", m.format("cli.mode_" + s.mode)},
                                                  {"evaluated", format_shortest(s.evaluated)},
                                                  {"feasible", format_shortest(s.feasible)}}) +
                    "\n";
  if (s.batch_tolerance > 0) {
    out += m.format("cli.search_batch_tolerance",
                    {{"batch", format_readable(s.global_batch)},
                     {"tolerance", format_shortest(std::round(s.batch_tolerance * 1000) / 10)}}) +
           "\n";
  } else {
    out += m.format("cli.search_batch", {{"batch", format_readable(s.global_batch)}}) + "\n";
  }
  if (s.skipped > 0) {
    out += m.format("cli.search_skipped", {{"skipped", format_shortest(s.skipped)}}) + "\n";
  }
  out += m.format(s.tight_allowed ? "cli.search_room_tight" : "cli.search_room",
                  {{"headroom", format_shortest(std::round(s.headroom * 100))}}) +
         "\n";
  if (s.experts_limited && !s.experts_fallback) {
    out += m.format("cli.search_experts", {{"most", format_shortest(s.experts_most)}}) + "\n";
  }
  out += "\n";
  if (!s.found) return out + m.issue(search_not_found(s), "") + "\n";
  out += layout_rows(s.top, m);
  if (const SearchResolution& res = r.resolution; res.available) {
    out += "\n" +
           m.format(res.moe ? "ui.search_resolution_moe" : "ui.search_resolution",
                    {{"runs", format_shortest(res.runs)},
                     {"median", percent_text(res.median_gap)},
                     {"quartile", percent_text(res.quartile_gap)},
                     {"within", format_shortest(res.within_target)},
                     {"target", percent_text(res.target_gap)}}) +
           "\n";
  }
  if (s.min_gpus_found) {
    out += "\n" +
           m.format("cli.min_gpus_layout", {{"gpus", format_shortest(s.min_gpus.gpus)},
                                            {"tp", format_shortest(s.min_gpus.tp)},
                                            {"pp", format_shortest(s.min_gpus.pp)},
                                            {"dp", format_shortest(s.min_gpus.dp)}}) +
           "\n";
  }
  out += '\n';
  out += m.format("cli.pareto") + "\n" + layout_rows(s.pareto, m);
  return out;
}

std::string train_text(const Report& report, const Messages& m) {
  const auto& t = report.article_training;
  std::string out = m.format("cli.train_title") + "\n\n" + setup_lines(report, m) + "\n" +
                    steps_table(t.steps, m) + "\n";
  out += m.format("cli.train_result", {{"tp", format_shortest(t.tp)},
                                       {"pp", format_shortest(t.pp)},
                                       {"dp", format_shortest(t.dp)},
                                       {"cp", t.cp > 1 ? " · CP " + format_shortest(t.cp) : ""},
                                       {"total", format_shortest(t.total_gpus)}}) +
         "\n";
  const std::string full = full_training_text(report, m);
  if (!full.empty()) out.append("\n").append(full);
  const LaunchCommands& launch = report.inference.launch;
  if (!launch.megatron.empty()) {
    out += "\n" + m.format("cli.launch_training") + "\n\n# Megatron-LM\n" + launch.megatron +
           "\n\n# NeMo\n" + launch.nemo + "\n";
  }
  out += '\n';
  out += m.format("cli.share_link") + ": " + encode_link(report.plan) + "\n";
  return out;
}

namespace {

// The fleet for the target load: layout, memory per card, latency, cost, the curve, commands.
std::string fleet_text(const FullInference& f, const Messages& m) {
  const FleetReport& fleet = f.fleet;
  const InferenceSettings& s = f.settings;
  const auto r2 = [](double v) { return rounded_or_dash(v, 2); };
  const auto whole = [](double v) { return rounded_or_dash(v, 0); };
  std::string out = m.format("cli.fleet_title", {{"concurrency", format_readable(s.concurrency)},
                                                 {"input", format_readable(s.input_tokens)},
                                                 {"output", format_readable(s.output_tokens)},
                                                 {"engine", s.engine_name},
                                                 {"version", s.engine_version}}) +
                    "\n\n";
  if (!fleet.found) return out + m.format("cli.fleet_none") + "\n";
  const FleetCard& c = fleet.per_card;
  out += m.format("cli.fleet_layout",
                  {{"replicas", format_readable(fleet.replicas)},
                   {"tp", format_readable(fleet.tp)},
                   {"pp", format_readable(fleet.pp)},
                   {"dp", format_readable(fleet.dp)},
                   {"ep", fleet.ep ? m.format("cli.fleet_ep",
                                              {{"ep", format_readable(fleet.tp * fleet.dp)}})
                                   : ""},
                   {"total", format_readable(fleet.total_gpus)},
                   {"nodes", format_readable(fleet.nodes)}}) +
         "\n";
  out += m.format("cli.fleet_memory", {{"device", r2(c.device_gb)},
                                       {"weights", r2(c.weights_gb)},
                                       {"kv", r2(c.kv_cache_gb)},
                                       {"tokens", format_readable(c.kv_tokens)},
                                       {"activation", r2(c.activation_gb)},
                                       {"non_torch", r2(c.non_torch_gb)},
                                       {"reserve", r2(c.reserve_gb)}}) +
         "\n";
  out += m.format("cli.fleet_latency", {{"ttft", whole(fleet.ttft_ms)},
                                        {"tpot", r2(fleet.tpot_ms)},
                                        {"slo", format_readable(s.tpot_slo_ms)},
                                        {"output", whole(fleet.output_tokens_per_s)},
                                        {"per_gpu", whole(fleet.output_tokens_per_s_per_gpu)}}) +
         "\n";
  // How far published runs were from the predicted throughput (serving_band.hpp).
  const ServingBand& band = fleet.band;
  if (band.available) {
    const bool all = band.engine == "all";
    out += m.format(all ? "ui.fleet_band_all" : "ui.fleet_band",
                    {{"engine", s.engine_name},
                     {"runs", format_readable(band.runs)},
                     {"low", r2(band.low_ratio)},
                     {"high", r2(band.high_ratio)},
                     {"tps_low", whole(band.output_tokens_per_s_low)},
                     {"tps_high", whole(band.output_tokens_per_s_high)}});
    if (std::isfinite(band.cost_per_m_output_low)) {
      // Chinese sentences follow each other without a space.
      out += (m.chinese() ? "" : " ") +
             m.format("ui.fleet_band_cost", {{"low", "$" + cents(band.cost_per_m_output_low)},
                                             {"high", "$" + cents(band.cost_per_m_output_high)}});
    }
    out += "\n";
  }
  out += (std::isfinite(fleet.cost_per_m_output)
              ? m.format("cli.fleet_cost", {{"output", cents(fleet.cost_per_m_output)},
                                            {"input", cents(fleet.cost_per_m_input)},
                                            {"hour", cents(fleet.cost_per_hour)}})
              : m.format("cli.fleet_cost_unknown")) +
         "\n";
  const DisaggregatedFleet& d = fleet.disaggregated;
  if (d.on) {
    out += m.format("cli.fleet_pd", {{"ratio", s.pd_ratio},
                                     {"prefill", format_readable(d.prefill_gpus)},
                                     {"decode", format_readable(d.decode_gpus)},
                                     {"ttft", whole(d.ttft_ms)},
                                     {"tpot", r2(d.tpot_ms)},
                                     {"output", whole(d.output_tokens_per_s)}}) +
           "\n";
  }
  out += "\n" + steps_table(fleet.steps, m);
  std::vector<std::vector<std::string>> rows = {{m.format("cli.col_concurrency"),
                                                 m.format("cli.col_tpot"), m.format("cli.col_ttft"),
                                                 m.format("cli.col_tokens_per_gpu")}};
  for (const auto& p : f.latency_curve) {
    rows.push_back({format_readable(p.concurrency), r2(p.tpot_ms), whole(p.ttft_ms),
                    whole(p.output_tokens_per_s_per_gpu)});
  }
  out += "\n" + m.format("cli.fleet_curve") + "\n" + render_table(rows, {true, true, true, true});
  if (!fleet.alternatives.empty()) {
    std::vector<std::vector<std::string>> alt = {
        {"TP", "PP", "DP", "EP", m.format("cli.col_gpus"), m.format("cli.col_tpot"),
         m.format("cli.col_ttft"), m.format("cli.col_tokens_per_gpu")}};
    for (const auto& a : fleet.alternatives) {
      alt.push_back({format_readable(a.tp), format_readable(a.pp), format_readable(a.dp),
                     a.ep ? format_readable(a.tp * a.dp) : "1", format_readable(a.total_gpus),
                     r2(a.tpot_ms), whole(a.ttft_ms), whole(a.output_tokens_per_s_per_gpu)});
    }
    out += "\n" + m.format("cli.fleet_alternatives") + "\n" +
           render_table(alt, {true, true, true, true, true, true, true, true});
  }
  out += "\n" + m.format("cli.launch_title") + "\n\n# vLLM\n" + f.launch.vllm + "\n\n# SGLang\n" +
         f.launch.sglang + "\n\n# TensorRT-LLM\n" + f.launch.trtllm + "\n";
  return out;
}

}  // namespace

std::string infer_text(const Report& report, const Messages& m) {
  const auto& r = report.article_inference;
  std::string out = m.format("cli.infer_title") + "\n\n" + setup_lines(report, m) + "\n" +
                    steps_table(r.steps, m) + "\n";
  out += m.format("cli.infer_result", {{"n", format_shortest(r.min_gpus)}}) + "\n";
  const auto& f = report.inference;
  if (f.available) {
    out += '\n';
    out += m.format("cli.serve_title") + "\n\n" + steps_table(f.steps, m) + "\n";
    const auto rounded = [](double v) { return format_readable(std::round(v * 100) / 100); };
    // Without a TP inside a node that holds one sequence there are no replicas to count.
    if (!std::isfinite(f.replicas)) {
      out += m.format("cli.serve_result_none", {{"tp", format_readable(f.tp)},
                                                {"per_card", rounded(f.per_card_gb)},
                                                {"context", format_readable(f.settings.context)}}) +
             "\n\n" + fleet_text(f, m);
    } else {
      out += m.format("cli.serve_result",
                      {{"tp", format_readable(f.tp)},
                       {"replicas", format_readable(f.replicas)},
                       {"total", format_readable(f.total_gpus)},
                       {"per_card", rounded(f.per_card_gb)},
                       {"fits", m.format(f.fits ? "ui.serving_fits" : "ui.serving_does_not_fit")},
                       {"concurrency", format_readable(f.max_concurrency)},
                       {"context", format_readable(f.settings.context)}}) +
             "\n\n" + fleet_text(f, m);
      if (f.fleet.found && f.idle_cards > 0) {
        out +=
            m.format("ui.node_packing", {{"tp", format_readable(f.tp)},
                                         {"idle", format_readable(f.idle_cards)},
                                         {"node", format_readable(report.setup.gpus_per_node)}}) +
            "\n\n";
      }
      if (f.fleet.found && f.total_gpus > f.fleet.total_gpus) {
        out += m.format("ui.node_vs_fleet",
                        {{"node", format_readable(f.total_gpus)},
                         {"concurrency", format_readable(f.settings.target_concurrency)},
                         {"fleet", format_readable(f.fleet.total_gpus)}}) +
               "\n\n";
      }
    }
  }
  out += m.format("cli.share_link") + ": " + encode_link(report.plan) + "\n";
  return out;
}

std::string models_text(const Messages& m) {
  std::vector<std::vector<std::string>> rows;
  for (const auto& p : model_catalog()) {
    rows.push_back({p.id, p.name, value_text(p.nominal_params, "params", m), p.source});
  }
  return render_table(rows, {false, false, true, false});
}

std::string accelerators_text(const Messages& m) {
  std::vector<std::vector<std::string>> rows;
  for (const auto& a : accelerator_catalog()) {
    // Marketed GB (the article's), then what the driver reports, in GiB.
    const std::string capacity =
        a.capacity_bytes
            ? format_readable(std::round(*a.capacity_bytes / 1073741824.0 * 100) / 100) + " GiB"
            : "—";
    rows.push_back({a.id, a.name, value_text(a.memory_gb, "GB", m), capacity, a.confidence});
  }
  return render_table(rows, {false, false, true, true, false});
}

}  // namespace llm_sizer::cli
