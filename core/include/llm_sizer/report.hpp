#pragma once
/// Evaluating a plan, in one direction (docs/architecture.md):
///   resolve (resolve.hpp) → the article's method (its PP) → DP (given, cluster, deadline) →
///   the full memory model on that layout → time and cost → serving.
/// Each model runs once; derivations are built from the computed values. This is the one entry
/// point the CLI and the page call; the search (search_plan) starts from the same resolution.

#include <optional>
#include <string>
#include <vector>

#include "llm_sizer/article_method.hpp"
#include "llm_sizer/inference_report.hpp"
#include "llm_sizer/issue.hpp"
#include "llm_sizer/layout_search.hpp"
#include "llm_sizer/plan.hpp"
#include "llm_sizer/resolve.hpp"
#include "llm_sizer/search_resolution.hpp"
#include "llm_sizer/setup.hpp"
#include "llm_sizer/time_band.hpp"
#include "llm_sizer/training_report.hpp"

namespace llm_sizer {

struct Report {
  Plan plan;
  ResolvedSetup setup;
  std::vector<ResolvedInput> inputs;  ///< every input as the models used it (resolve.hpp)
  ArticleTraining article_training;
  ArticleInference article_inference;
  FullTraining training;    ///< the full memory model on the same layout
  FullInference inference;  ///< the serving model (needs an architecture)
  /// How far published runs like this plan were from its predicted step time (evaluate() only)
  TimeBand time_band;
  bool serving_computed = false;  ///< false from evaluate_without_serving() or serving_model off
  /// true from evaluate(): the step-time model and the memory derivation were there to compute
  bool full_computed = false;
  std::vector<Issue> issues;  ///< validation first, then what the methods found
};

/// What evaluate() computes besides the article's method.
struct EvaluateOptions {
  bool full_models = true;  ///< the full memory and serving models (the comparison skips them)
  bool explain = true;      ///< derivation steps (the comparison matrix needs only numbers)
  /// The serving model, its fleet search included (about 60 % of an evaluation): the page leaves
  /// it out while it shows no serving panel, so a keystroke in a training plan does not pay it.
  bool serving_model = true;
};

/// Computes everything for a plan. Never throws; bad input becomes issues, and every value that
/// does not depend on a bad input is still computed.
Report evaluate(const Plan& plan, const EvaluateOptions& options = {});

/// One M×K by K×N GEMM as a training plan on an accelerator preset times its linear layers
/// (step_time.hpp, linear_gemm_s), bf16 or under the fp8 recipe (`fp8_recipe` as the plan field
/// names them, fp8_recipe.hpp; empty: the framework's per-tensor default), at the figures the
/// plan resolves to, in a burst: at its burst rate, not the sustained one a training step gets
/// (kernel_model.hpp, gemm_sustained). NaN for an unknown preset or recipe, or one without that
/// dtype's peak. (What docs/validation.md's GEMM section compares with GEMMs measured in bursts.)
double preset_gemm_s(std::string_view accelerator_id, bool fp8, double m, double n, double k,
                     std::string_view fp8_recipe = {});

/// Quantizing one bf16 tensor of `elements` for an fp8 GEMM as a Megatron plan on an accelerator
/// preset times it under `fp8_recipe` (step_time.cpp, Compute::add): the recipe's bytes per
/// element (fp8_recipe.hpp) at the HBM bandwidth times the memory efficiency, and the fixed cost
/// of each of its kernels (kernel_model.hpp, stream_s). NaN for an unknown preset or recipe, one
/// without an fp8 peak, or a recipe it cannot run. (What docs/validation.md's table of
/// TransformerEngine's GEMM benchmark adds to each fp8 GEMM there.)
double preset_quantize_s(std::string_view accelerator_id, std::string_view fp8_recipe,
                         double elements);

/// One NCCL collective ("all_gather", "reduce_scatter", "all_reduce" or "all_to_all") of `bytes`
/// over `gpus` of one node of an accelerator preset, as a training plan's step times it
/// (step_time.hpp, intra_node_collective_s). NaN for an unknown preset or operation, or a preset
/// whose NVLink bandwidth is not known. (What docs/validation.md's NVLink table compares with
/// NCCL's timings.)
double preset_collective_s(std::string_view accelerator_id, std::string_view op, double gpus,
                           double bytes);

/// One causal flash-attention call (`batch` sequences of `seq` tokens, `heads` query heads of
/// `head_dim`; forward, or `backward`) as a Megatron training plan on an accelerator preset times
/// its attention core (step_time.cpp, attention_core): 2·batch·heads·seq·(seq/2)·2·head_dim
/// FLOPs forward, 2.5 times that backward, at the bf16 peak times TransformerEngine's kernel's
/// efficiency at that length and head dim (kernel_model.hpp, flash_attention_s and
/// head_dim_share); over a sliding `window` of keys when it is > 0 (window_attention_s), in FP8
/// when `fp8` names a scaling ("fp8" per tensor, "mxfp8") the accelerator's FP8 attention is
/// measured for (fp8_attention_curve). NaN for an unknown preset, a non-positive dimension or an
/// FP8 scaling not measured there.
/// (What docs/validation.md's attention table compares with NVIDIA's cuDNN benchmark.)
double preset_attention_s(std::string_view accelerator_id, double batch, double heads, double seq,
                          double head_dim, bool backward, double window = 0,
                          std::string_view fp8 = "");

/// evaluate() without the serving model and without the memory model's derivation steps: what the
/// page's first module computes (both arrive with the full module when their panels are first
/// shown, docs/architecture.md).
Report evaluate_without_serving(const Plan& plan, const EvaluateOptions& options = {});

/// `llm-sizer train --json`: the article's numbers at the top level (exactly model_state_gb,
/// safe_memory_per_card_gb, min_model_parallel, tp, pp_min, pp, dp, cp, gpus_per_replica,
/// total_gpus), then `steps` and `issues`, the full model's `memory` (peak card) and `stages`,
/// and the rest.
std::string training_json(const Report& report);

/// The layout search for a plan: cluster mode when it gives a cluster size, deadline mode when
/// it gives a deadline (and tokens); the plan's other settings are kept, its given layout inputs
/// and search limits bound the space, and its global batch (given, or the family's) is held.
struct SearchReport {
  bool ran = false;
  SearchResult search;
  /// How finely the validation says the search ranks (cluster mode; search_resolution.hpp).
  SearchResolution resolution;
  /// Where the best layout is tight (cluster mode, "tight=1"): the fastest layout whose memory
  /// range keeps the plan's headroom ("fits"), found by a second search (roomy_layout); absent
  /// when none is.
  bool roomy_found = false;
  LayoutCandidate roomy;
  std::vector<Issue> issues;
};
SearchReport search_plan(const Plan& plan, bool keep_all = false);

/// What a search starts from (for a search run in steps, layout_search.hpp's LayoutSearch):
/// not ready, with issues saying why, when the plan cannot be searched.
struct SearchSetup {
  bool ready = false;
  TrainingTimeInputs base;
  SearchOptions options;
  std::vector<Issue> issues;
};
SearchSetup prepare_search(const Plan& plan);
/// Adds what the result itself says to the report: what the default limits kept out where
/// nothing else fits (search_fallbacks), how finely it ranks (search_resolution.hpp),
/// the fastest roomy layout where the best is tight (roomy_layout); and to its issues: nothing
/// found (search_not_found), the best layout shards its weights with ZeRO-3 across nodes, which
/// published runs took longer for than the model predicts, is tight, which measured layouts
/// trained about as often as they ran out of memory (docs/validation.md), or holds more routed
/// experts on each GPU than a validated run did.
void finish_search(SearchReport& report, const SearchSetup& setup);

/// The fastest layout whose memory verdict is "fits" (its range's high end within the plan's
/// headroom of the card), for a cluster search that let tight layouts in ("tight=1") and whose
/// best is tight: the same search without them. Nothing when no layout fits, as after
/// search_fallbacks.
std::optional<LayoutCandidate> roomy_layout(const SearchSetup& setup, const SearchResult& result);

/// Where a search found nothing, the same search with what its default limits kept out let in
/// (`result` replaced, its evaluations added), in this order: the EPs that leave more routed
/// experts on each GPU than a validated run held (experts_fallback: a step no measurement
/// checks), then tight layouts (tight_fallback: the fastest that fit the card at their point,
/// which measured layouts ran out of memory in about as often as they trained), then both.
void search_fallbacks(SearchResult& result, const SearchSetup& setup);

/// Why a search found no layout: none fits the card ("search_nothing_fits"), or, in a deadline
/// search, layouts fit but none is fast enough at any DP the global batch allows
/// ("search_deadline_unmet", with how many fit and the batch).
Issue search_not_found(const SearchResult& s);

/// `llm-sizer search --json`: {mode, tight_allowed, tight_fallback, experts_limited,
/// experts_fallback, experts_most, global_batch, batch_tolerance, evaluated, feasible, best,
/// top, pareto, resolution, min_gpus, all (with --all), issues}.
std::string search_json(const SearchReport& report);

/// `llm-sizer search --all`: every evaluated layout as CSV, one row each with its layout, batch,
/// memory, whether it fits, and its step split (column names as in the JSON).
std::string search_csv(const SearchReport& report);

/// `llm-sizer infer --json`: the serving model's `weights_gb, kv_cache_gb, kv_bytes_per_token,
/// overhead_gb, per_card_gb, fits, min_gpus, tp, max_concurrency, replicas, total_gpus,
/// decode_tokens_per_s, prefill_s` at the top level when the model has an architecture; without
/// one `weights_gb` and `min_gpus` are the article's and the rest null. Then `article` (the
/// article's weights_gb, min_gpus, steps), `steps`, `issues`, `per_card`, `throughput`,
/// `settings`, `curve`, `setup`, `link`.
std::string inference_json(const Report& report);

}  // namespace llm_sizer
