#pragma once
/// The full training memory model applied to a plan: its settings resolved (framework defaults,
/// the article's layout where the plan leaves TP/PP/DP automatic), validated, computed per stage,
/// explained step by step, and the smallest pipeline depth that fits for each recompute mode.

#include <string>
#include <vector>

#include "llm_sizer/article_method.hpp"
#include "llm_sizer/derivation.hpp"
#include "llm_sizer/issue.hpp"
#include "llm_sizer/plan.hpp"
#include "llm_sizer/setup.hpp"
#include "llm_sizer/training_memory.hpp"
#include "llm_sizer/training_time.hpp"

namespace llm_sizer {

/// Framework defaults for what the plan leaves automatic. The overheads are estimates (a CUDA
/// context takes ~700 MiB, discuss.pytorch.org/t/81330; communication buffers and fragmentation
/// depend on the run): enter measured values when you have them.
struct FrameworkProfile {
  std::string_view id;
  double cuda_context_gb;
  double comm_buffer_gb;
  double allocator_slack;
  double compute_efficiency;  ///< fraction of dense peak the compute reaches (an estimate)
  double dp_overlap;          ///< share of the gradient reduction hidden behind backward
};

/// Sequences per step when the plan gives none: about 4M tokens (GPT-3 used 3.2M, Llama 3 4M to
/// 16M) and at least 4 micro-batches per pipeline stage, as a multiple of micro-batch × DP.
double default_global_batch(double seq_len, double micro_batch, double dp, double pp);
const FrameworkProfile& framework_profile(Framework framework);

struct TrainingSettings {
  std::string framework;
  std::string recipe;
  std::string recompute;
  double tp = 0, pp = 0, dp = 0, cp = 0, ep = 0, etp = 0, vpp = 0;
  double micro_batch = 0;
  double seq_len = 0;
  double global_batch = 0;  ///< NaN when automatic
  double microbatches = 0;  ///< per step and pipeline; NaN when automatic (pipeline kept full)
  double zero = 0;
  bool sequence_parallel = false;
  bool flash_attention = true;
  double cuda_context_gb = 0;
  double comm_buffer_gb = 0;
  double allocator_slack = 0;
  std::vector<double> stage_layers;
  double compute_efficiency = 0;
  double achieved_tflops = 0;  ///< NaN when predicted
  double dp_overlap = 0;
  double pue = 0;
  double tokens = 0;          ///< dataset tokens × epochs (NaN when not given)
  std::string compute_dtype;  ///< "bf16" or "fp8": which dense peak applies
  double peak_tflops = 0;     ///< NaN when the accelerator's peak is unknown
};

struct MemoryBreakdown {
  double weights_gb = 0;
  double grads_gb = 0;
  double optimizer_gb = 0;
  double activations_gb = 0;
  double logits_gb = 0;
  double overhead_gb = 0;
  double peak_gb = 0;
  bool fits = false;
  double peak_stage = 0;
  double card_memory_gb = 0;
  double free_gb = 0;  ///< card memory minus peak (negative: over by that much)
};

struct StageReport {
  double stage = 0;
  double first_layer = 0;
  double layers = 0;
  double inflight = 0;
  double params = 0;  ///< per card
  double weights_gb = 0;
  double grads_gb = 0;
  double optimizer_gb = 0;
  double activations_gb = 0;
  double logits_gb = 0;
  double overhead_gb = 0;
  double total_gb = 0;
  bool fits = false;
};

/// The smallest pipeline depth that fits under one recompute mode (pp NaN: none up to the layers).
struct FitOption {
  std::string recompute;
  double pp = 0;
  double peak_gb = 0;
};

struct FullTraining {
  bool available = false;  ///< false without an architecture or with an invalid layout
  TrainingSettings settings;
  MemoryBreakdown memory;
  std::vector<StageReport> stages;
  std::vector<DerivationStep> steps;
  std::vector<FitOption> fit_options;
  bool time_available = false;  ///< false without a known peak (or measured throughput)
  TrainingTime time;
};

/// Builds the memory model's inputs from a plan; false (with issues) when it cannot. `issues`
/// must already hold the plan's validation (evaluate()'s issues): an input refused there is left
/// out, never used as a value; new issues are appended.
bool training_inputs(const Plan& plan, const ResolvedSetup& setup, const ArticleTraining& layout,
                     TrainingTimeInputs& inputs, TrainingSettings& settings,
                     std::vector<Issue>& issues);

FullTraining full_training(const Plan& plan, const ResolvedSetup& setup,
                           const ArticleTraining& layout, std::vector<Issue>& issues);

template <class Visitor>
void visit_fields(Visitor& v, const TrainingSettings& s) {
  v.field("framework", s.framework);
  v.field("recipe", s.recipe);
  v.field("recompute", s.recompute);
  v.field("tp", s.tp);
  v.field("pp", s.pp);
  v.field("dp", s.dp);
  v.field("cp", s.cp);
  v.field("ep", s.ep);
  v.field("etp", s.etp);
  v.field("vpp", s.vpp);
  v.field("micro_batch", s.micro_batch);
  v.field("seq_len", s.seq_len);
  v.field("global_batch", s.global_batch);
  v.field("microbatches", s.microbatches);
  v.field("zero", s.zero);
  v.field("sequence_parallel", s.sequence_parallel);
  v.field("flash_attention", s.flash_attention);
  v.field("cuda_context_gb", s.cuda_context_gb);
  v.field("comm_buffer_gb", s.comm_buffer_gb);
  v.field("allocator_slack", s.allocator_slack);
  v.field("stage_layers", s.stage_layers);
  v.field("compute_efficiency", s.compute_efficiency);
  v.field("achieved_tflops", s.achieved_tflops);
  v.field("dp_overlap", s.dp_overlap);
  v.field("pue", s.pue);
  v.field("tokens", s.tokens);
  v.field("compute_dtype", s.compute_dtype);
  v.field("peak_tflops", s.peak_tflops);
}

template <class Visitor>
void visit_fields(Visitor& v, const MemoryBreakdown& m) {
  v.field("weights_gb", m.weights_gb);
  v.field("grads_gb", m.grads_gb);
  v.field("optimizer_gb", m.optimizer_gb);
  v.field("activations_gb", m.activations_gb);
  v.field("logits_gb", m.logits_gb);
  v.field("overhead_gb", m.overhead_gb);
  v.field("peak_gb", m.peak_gb);
  v.field("fits", m.fits);
  v.field("peak_stage", m.peak_stage);
  v.field("card_memory_gb", m.card_memory_gb);
  v.field("free_gb", m.free_gb);
}

template <class Visitor>
void visit_fields(Visitor& v, const StageReport& s) {
  v.field("stage", s.stage);
  v.field("first_layer", s.first_layer);
  v.field("layers", s.layers);
  v.field("inflight", s.inflight);
  v.field("params", s.params);
  v.field("weights_gb", s.weights_gb);
  v.field("grads_gb", s.grads_gb);
  v.field("optimizer_gb", s.optimizer_gb);
  v.field("activations_gb", s.activations_gb);
  v.field("logits_gb", s.logits_gb);
  v.field("overhead_gb", s.overhead_gb);
  v.field("total_gb", s.total_gb);
  v.field("fits", s.fits);
}

template <class Visitor>
void visit_fields(Visitor& v, const FitOption& f) {
  v.field("recompute", f.recompute);
  v.field("pp", f.pp);
  v.field("peak_gb", f.peak_gb);
}

template <class Visitor>
void visit_fields(Visitor& v, const FullTraining& t) {
  v.field("available", t.available);
  v.field("settings", t.settings);
  v.field("memory", t.memory);
  v.field("stages", t.stages);
  v.field("steps", t.steps);
  v.field("fit_options", t.fit_options);
  v.field("time_available", t.time_available);
  v.field("time", t.time);
}

}  // namespace llm_sizer
