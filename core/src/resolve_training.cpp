// The training settings of a plan (resolve.hpp): framework defaults for what is left automatic,
// and the layout rules that given values can be checked against before the article's method
// decides the pipeline depth.
#include <algorithm>
#include <cmath>
#include <limits>
#include <span>

#include "link_efficiencies.hpp"
#include "llm_sizer/fp8_recipe.hpp"
#include "llm_sizer/kernel_model.hpp"
#include "llm_sizer/layout_rules.hpp"
#include "llm_sizer/memory_profile.hpp"
#include "llm_sizer/number_format.hpp"
#include "llm_sizer/plan_fields.hpp"
#include "llm_sizer/precision.hpp"
#include "resolver.hpp"

namespace llm_sizer::detail {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kDefaultSeqLen = 4096;
constexpr double kDefaultPue = 1.2;

std::string n(double v) { return format_readable(v); }

Framework framework_from(const std::string& id) {
  if (id == "pytorch") return Framework::kPytorch;
  if (id == "deepspeed") return Framework::kDeepspeed;
  return Framework::kMegatron;
}

Recompute recompute_from(const std::string& id) {
  if (id == "none") return Recompute::kNone;
  if (id == "full") return Recompute::kFull;
  if (id == "op") return Recompute::kOp;
  return Recompute::kSelective;
}

// Out of line, from literals: each of the many call sites passes two pointers rather than
// building two strings (the page's first module counts its bytes).
LLM_SIZER_OUT_OF_LINE Issue warning(const char* code, const char* field,
                                    std::vector<IssueParam> params = {}) {
  return {code, field, Severity::kWarning, std::move(params)};
}

// A choice input: "" when refused, else the plan's (recorded as given unless it is the table's
// default).
std::string choice(Resolver& r, std::string_view field, const std::string& value) {
  if (r.refused(field)) return {};
  const bool standard = field_is_default(*find_field_by_id(field), r.plan());
  r.record(field, standard ? InputSource::kDefault : InputSource::kGiven, kNaN, value);
  return value;
}

// Given values checked against the layout rules that do not need the pipeline depth when the
// plan leaves it automatic: the explicit stage split, interleaving, expert parallelism.
void check_given_layout(Resolver& r, const ResolvedPlan& out, TrainingLayout& l) {
  const Plan& p = r.plan();
  const Architecture& a = out.setup.arch;
  const bool pp_known = out.article.pp.has_value() && std::isfinite(*out.article.pp);
  if (!p.stage_layers.empty() && !r.refused("stage_layers")) {
    l.stage_layers = parse_stage_layers(p.stage_layers);
    int sum = 0;
    for (int x : l.stage_layers) sum += x;
    const bool count_wrong =
        pp_known && static_cast<double>(l.stage_layers.size()) != *out.article.pp;
    if (l.stage_layers.empty() || sum != a.layers || count_wrong) {
      r.refuse(
          {"stage_layers_invalid",
           "stage_layers",
           Severity::kError,
           {{"value", p.stage_layers},
            {"pp", pp_known ? n(*out.article.pp) : n(static_cast<double>(l.stage_layers.size()))},
            {"layers", n(a.layers)}}});
      l.stage_layers.clear();
    }
  }
  if (r.given("vpp", p.vpp) && *p.vpp > 1 && pp_known) {
    LayoutProposal proposal;
    proposal.pp = *out.article.pp;
    proposal.vpp = *p.vpp;
    proposal.tp = out.article.tp;
    proposal.tp_may_cross_nodes = true;
    proposal.stage_layers = l.stage_layers;
    const unsigned broken = broken_layout_rules(a, proposal, out.setup.nvlink_domain_gpus) &
                            (kRuleVppNeedsPp | kRuleVppChunks);
    for (auto& issue : layout_rule_issues(broken, a, proposal, out.setup.nvlink_domain_gpus)) {
      r.refuse(std::move(issue));
    }
  }
  if (r.given("ep", p.ep) && *p.ep > 1) {
    if (!a.is_moe()) {
      r.add(warning("ep_without_experts", "ep"));
    } else if (std::fmod(a.moe_experts, *p.ep) != 0) {
      LayoutProposal proposal;
      proposal.ep = *p.ep;
      for (auto& issue : layout_rule_issues(kRuleEpDividesExperts, a, proposal, 1)) {
        r.refuse(std::move(issue));
      }
    }
  }
}

// A choice input as the position of its id among the field's choices, which plan_fields.cpp
// lists in the order of the enum (tests/core/finetune_test.cpp); `automatic` (the first choice
// unless given) when left empty or refused.
[[gnu::noinline]] int choice_index(Resolver& r, std::string_view field, const std::string& value,
                                   std::string& text, int automatic = 0) {
  const std::span<const std::string_view> ids = find_field_by_id(field)->choices;
  text = r.text(field, value, ids[static_cast<std::size_t>(automatic)], InputSource::kAutomatic);
  for (std::size_t i = 0; i < ids.size(); ++i) {
    if (ids[i] == text) return static_cast<int>(i);
  }
  return automatic;
}

// LoRA and QLoRA train adapters on a frozen base: the article's model state per parameter is the
// base's stored weights (bf16, or NF4 for the linears QLoRA quantizes) plus the adapters' fp32
// weights, gradients and optimizer states spread over the base's parameters — not pre-training's
// 12 B. Unless the plan gives its own bytes per parameter.
void adapter_model_state(Resolver& r, const ResolvedSetup& s, const FineTuneSettings& ft,
                         ArticleInputs& article) {
  if (!ft.adapters() || !s.has_architecture || !(s.params > 0) ||
      r.given("bytes_per_param", r.plan().bytes_per_param)) {
    return;
  }
  const Architecture& a = s.arch;
  const double adapters = lora_adapter_params(a, ft.lora_rank, ft.lora_targets).total / s.params;
  const AdapterBytes bytes = adapter_bytes(ft.optimizer);
  double base = 2;  // bf16
  if (ft.mode == FineTune::kQlora) {
    const double quantized = quantized_params(a).total / s.params;
    base = quantized * nf4_bytes_per_weight() + (1 - quantized) * 2;
  }
  article.weight_bytes = base + adapters * bytes.weights;
  article.grad_bytes = adapters * bytes.grads;
  article.optimizer_bytes = adapters * bytes.optimizer;
  article.bytes_per_param = article.weight_bytes + article.grad_bytes + article.optimizer_bytes;
  article.adapters = true;
  r.record("bytes_per_param", InputSource::kAutomatic, article.bytes_per_param);
}

// How an fp8 recipe quantizes (fp8_recipe.hpp): as given, else the framework's default —
// Megatron-Core's --fp8-recipe is delayed (transformer_config.py); torchao's Float8Linear scales
// each tensor from its current amax (tensorwise). MXFP8 off Blackwell, and NVFP4 off the parts
// that train in FP4 (B200, GB200, B300, GB300), fall back to that default.
void resolve_fp8_recipe(Resolver& r, bool fp8, bool megatron, bool columnwise_native,
                        bool fp4_training, TrainingSettings& s, TrainingTimeInputs& time) {
  const Plan& p = r.plan();
  const bool fp8_attention = r.number("fp8_attention", p.fp8_attention, 0) == 1;
  const bool fp8_output_proj = r.number("fp8_output_proj", p.fp8_output_proj, 0) == 1;
  if (!fp8) {
    if (!p.fp8_recipe.empty()) r.add(warning("fp8_recipe_unused", "fp8_recipe"));
    if (fp8_attention) r.add(warning("fp8_attention_unused", "fp8_attention"));
    if (fp8_output_proj) r.add(warning("fp8_output_proj_unused", "fp8_output_proj"));
    return;
  }
  // The field's choices are in Fp8Recipe's order (plan_fields.cpp).
  const int automatic = static_cast<int>(megatron ? Fp8Recipe::kDelayed : Fp8Recipe::kTensorwise);
  int recipe = choice_index(r, "fp8_recipe", p.fp8_recipe, s.fp8_recipe, automatic);
  if (!fp8_recipe_runs_on(static_cast<Fp8Recipe>(recipe), columnwise_native, fp4_training)) {
    recipe = automatic;
    s.fp8_recipe = find_field_by_id("fp8_recipe")->choices[static_cast<std::size_t>(automatic)];
    r.add(warning("fp8_recipe_needs_blackwell", "fp8_recipe", {{"fallback", s.fp8_recipe}}));
  }
  const auto which = static_cast<Fp8Recipe>(recipe);
  time.fp8 = fp8_quantization(which, columnwise_native);
  // The quantized weight copies the step keeps, in the memory model's recipe; quantized primary
  // weights (fp8-param) are stored in the recipe's format.
  Recipe& bytes = time.memory.recipe;
  const bool quantized_params = bytes.id == "fp8-param";
  bytes.weight_copy_bytes = fp8_weight_copy_bytes(which, columnwise_native, quantized_params);
  if (which == Fp8Recipe::kNvfp4) {
    if (quantized_params) bytes.weight_bytes = quantized_weight_bytes(which);
    bytes.matmul_input_bytes = kNvfp4ElementBytes;
    // Under NVFP4 Megatron's attention projection keeps its bf16 input, the attention output kept
    // anyway (transformer/attention.py), and quantizes it again in the backward.
    bytes.proj_input_shared = true;
  }
  // The LM head in MXFP8: Megatron-Core's TELMHeadColumnParallelLinear, which its
  // TransformerConfig allows with the MXFP8 recipe alone ("fp8_output_proj requires
  // fp8_recipe='mxfp8'"); elsewhere the head stays in bf16 and the plan says so.
  if (fp8_output_proj) {
    if (which == Fp8Recipe::kMxfp8 && megatron) {
      s.fp8_output_proj = true;
      time.fp8_output_proj = true;
    } else {
      r.add(warning("fp8_output_proj_unused", "fp8_output_proj"));
    }
  }
  // FP8 attention: TransformerEngine's fused (cuDNN) kernel under Megatron, where its speed over
  // bf16's is measured; elsewhere attention stays in bf16 and the plan says so.
  if (fp8_attention) {
    const Fp8AttentionBytes dpa = fp8_attention_bytes(which);
    // TransformerEngine's FP8 attention backends (nvte_get_fused_attn_backend, fused_attn.cpp;
    // get_attention_backend, attention/dot_product_attention/utils.py at d0067d0da): training on
    // Hopper takes head dims 128 and 128 alone, and delayed scaling alone (current scaling's needs
    // SM 10.0); Blackwell takes query and key heads up to 192 with values up to 128.
    const double qk = time.memory.arch.qk_head_dim();
    const double v = time.memory.arch.v_dim();
    const bool shape = columnwise_native ? qk <= 192 && v <= 128
                                         : qk == 128 && v == 128 && which == Fp8Recipe::kDelayed;
    const Fp8AttentionCurve* curve =
        dpa.runs && shape && megatron && time.memory.layout.flash_attention
            ? fp8_attention_curve(p.accelerator, dpa.mxfp8, qk)
            : nullptr;
    if (curve == nullptr) {
      r.add(warning("fp8_attention_unused", "fp8_attention"));
    } else {
      s.fp8_attention = true;
      time.fp8_attention = curve;
      bytes.attention_qkv_bytes = dpa.qkv;
      bytes.attention_out_bytes = dpa.out;
    }
  }
}

// Fine-tuning, optimizer and offload (finetune.hpp), the headroom and ZeRO-3's prefetch.
void resolve_finetune(Resolver& r, TrainingMemoryInputs& in, TrainingSettings& s) {
  const Plan& p = r.plan();
  FineTuneSettings& ft = in.finetune;
  ft.mode = static_cast<FineTune>(choice_index(r, "finetune", p.finetune, s.finetune));
  in.loss = static_cast<LossKind>(choice_index(r, "loss", p.loss, s.loss));
  ft.optimizer = static_cast<Optimizer>(choice_index(r, "optimizer", p.optimizer, s.optimizer));
  ft.offload = static_cast<Offload>(choice_index(r, "offload", p.offload, s.offload));
  s.activation_offload = ft.activation_offload =
      r.number("activation_offload", p.activation_offload, 0) == 1;
  const bool adapters = ft.adapters();
  const InputSource lora_source = adapters ? InputSource::kAutomatic : InputSource::kDefault;
  ft.lora_rank = r.number("lora_rank", p.lora_rank, 8, lora_source);
  ft.lora_alpha = r.number("lora_alpha", p.lora_alpha, 2 * ft.lora_rank, lora_source);
  s.lora_rank = adapters ? ft.lora_rank : kNaN;
  s.lora_alpha = adapters ? ft.lora_alpha : kNaN;
  s.lora_targets = r.text("lora_targets", p.lora_targets, "all", lora_source);
  if (!parse_lora_targets(s.lora_targets, ft.lora_targets)) ft.lora_targets = kLoraAll;
  s.lora_targets = lora_targets_text(ft.lora_targets);
  if (!adapters && (r.given("lora_rank", p.lora_rank) || !p.lora_targets.empty())) {
    r.add(warning("lora_without_adapters", "lora_rank"));
  }
  if (ft.mode == FineTune::kQlora && in.framework == Framework::kMegatron) {
    // bitsandbytes NF4 is a Hugging Face / PEFT path: the PyTorch profile applies.
    r.add(warning("qlora_needs_pytorch", "framework"));
    in.framework = Framework::kPytorch;
  }
  in.headroom = s.headroom = r.number("headroom", p.headroom, 0.9, InputSource::kAutomatic);
  const MemoryProfile& profile = memory_profile(in.framework);
  in.prefetch_bucket = s.prefetch_bucket =
      r.number("prefetch_bucket", p.prefetch_bucket, profile.prefetch_bucket_params,
               InputSource::kAutomatic);
  s.memory_profile = std::string(profile.id);
}

}  // namespace

void resolve_training(Resolver& r, ResolvedPlan& out) {
  const Plan& p = r.plan();
  const ResolvedSetup& setup = out.setup;
  ResolvedTraining& t = out.training;
  TrainingTimeInputs& time = t.inputs;
  TrainingMemoryInputs& in = time.memory;
  TrainingSettings& s = t.settings;
  TrainingLayout& l = in.layout;
  const Architecture& a = setup.arch;

  const Recipe* recipe = setup.recipe.empty() ? nullptr : find_recipe(setup.recipe);
  const std::string framework = choice(r, "framework", p.framework);
  in.arch = a;
  if (recipe != nullptr) {
    in.recipe = *recipe;
    in.recipe.grad_bytes = setup.grad_bytes;  // bf16 when the plan reduces them so
  }
  in.framework = framework_from(framework);
  in.card_memory_gb = setup.card_capacity_gb;  // the driver's bytes, not the marketed GB
  const FrameworkProfile& profile = framework_profile(in.framework);
  const bool megatron = in.framework == Framework::kMegatron;

  s.framework = std::string(profile.id);
  s.recipe = setup.recipe;
  s.grad_reduce_bf16 = setup.grad_reduce_bf16;
  t.tp_given = out.article.tp_given;
  l.tp = s.tp = out.article.tp;
  l.pp = s.pp = kNaN;  // the article's method or the plan decides (training_layout)
  l.dp = s.dp = kNaN;
  l.cp = s.cp = r.number("cp", p.cp, 1);
  out.article.cp = l.cp >= 1 ? l.cp : 1;  // refused (its own issue): a replica without CP
  l.ep = s.ep = r.number("ep", p.ep, 1);
  l.etp = s.etp = r.number("etp", p.etp, a.is_moe() ? out.article.tp : 1,
                           a.is_moe() ? InputSource::kAutomatic : InputSource::kDefault);
  l.vpp = s.vpp = r.number("vpp", p.vpp, 1);
  t.micro_batch_given = r.given("micro_batch", p.micro_batch);
  l.micro_batch = s.micro_batch = r.number("micro_batch", p.micro_batch, 1);
  const double context =
      a.max_positions > 0 ? std::min(kDefaultSeqLen, a.max_positions) : kDefaultSeqLen;
  l.seq_len = s.seq_len = r.number("seq_len", p.seq_len, context, InputSource::kAutomatic);
  t.global_batch_given = r.given("global_batch", p.global_batch);
  // Automatic: the model family's published batch, held for every layout (the plan's layout
  // rounds it to whole micro-batches per replica, training_layout()).
  s.global_batch = r.number("global_batch", p.global_batch, family_global_batch(p.model, l.seq_len),
                            InputSource::kAutomatic);
  s.batch_tolerance = r.number("batch_tolerance", p.batch_tolerance, 0);
  t.zero_given = r.given("zero", p.zero);
  // The optimizer's id as typed: an unknown one is refused below and leaves AdamW.
  const Optimizer typed_optimizer =
      p.optimizer == "adamw-bf16" ? Optimizer::kAdamwBf16 : Optimizer::kAdamw;
  const bool needs_sharding =
      needs_distributed_optimizer(in.framework, setup.recipe, typed_optimizer);
  s.zero = r.number("zero", p.zero, needs_sharding ? 1 : 0,
                    needs_sharding ? InputSource::kAutomatic : InputSource::kDefault);
  l.zero = s.zero >= 0 && s.zero <= 3 ? static_cast<int>(s.zero) : 0;
  if (needs_sharding && t.zero_given && l.zero == 0) {
    r.add(warning("distributed_optimizer_required", "zero"));
  }
  t.recompute_given = !p.recompute.empty() && !r.refused("recompute");
  s.recompute = r.text("recompute", p.recompute, "selective");
  l.recompute = recompute_from(s.recompute);
  // What "selective" recomputes under Megatron (its --recompute-modules; default the attention
  // core). Other frameworks' selective is the attention core.
  const bool modules_apply = l.recompute == Recompute::kSelective && megatron;
  s.recompute_modules =
      r.text("recompute_modules", modules_apply ? p.recompute_modules : std::string(), "core_attn",
             modules_apply ? InputSource::kAutomatic : InputSource::kDefault);
  if (!parse_recompute_modules(s.recompute_modules, l.recompute_modules) ||
      l.recompute_modules == 0) {
    l.recompute_modules = kRecomputeCoreAttn;
  }
  s.recompute_modules = recompute_modules_text(l.recompute_modules);
  if (!modules_apply && !p.recompute_modules.empty() && !r.refused("recompute_modules")) {
    r.add(warning("recompute_modules_unused", "recompute_modules"));
  }
  // Block recompute of the first N layers of each chunk: full recompute only.
  const bool layers_apply = l.recompute == Recompute::kFull;
  s.recompute_layers =
      r.number("recompute_layers", layers_apply ? p.recompute_layers : std::nullopt, kNaN,
               InputSource::kAutomatic);
  l.recompute_layers = std::isfinite(s.recompute_layers) ? s.recompute_layers : 0;
  if (!layers_apply && p.recompute_layers && !r.refused("recompute_layers")) {
    r.add(warning("recompute_layers_unused", "recompute_layers"));
  }
  t.sequence_parallel_given = r.given("sequence_parallel", p.sequence_parallel);
  const bool tp_split = std::isfinite(l.tp) && l.tp > 1;
  s.sequence_parallel = l.sequence_parallel =
      r.number("sequence_parallel", p.sequence_parallel, megatron && tp_split ? 1 : 0,
               InputSource::kAutomatic) == 1;
  s.flash_attention = l.flash_attention = r.number("flash_attention", p.flash_attention, 1) == 1;
  in.overheads.cuda_context_gb = s.cuda_context_gb =
      r.number("cuda_context_gb", p.cuda_context_gb, profile.cuda_context_gb);
  // NCCL buffers and fragmentation stay ranges unless the plan fixes them.
  in.overheads.comm_buffer_gb = s.comm_buffer_gb =
      r.number("comm_buffer_gb", p.comm_buffer_gb, kNaN, InputSource::kAutomatic);
  in.overheads.allocator_slack = s.allocator_slack =
      r.number("allocator_slack", p.allocator_slack, kNaN, InputSource::kAutomatic);
  // Token dropping at an expert capacity factor; without one, dropless routing taken as balanced.
  const double capacity = r.number("moe_capacity_factor", p.moe_capacity_factor, kNaN);
  s.moe_capacity_factor = a.is_moe() ? capacity : kNaN;
  l.moe_capacity_factor = s.moe_capacity_factor > 0 ? s.moe_capacity_factor : 0;
  if (!a.is_moe() && setup.has_architecture && std::isfinite(capacity)) {
    r.add(warning("moe_capacity_factor_unused", "moe_capacity_factor"));
  }
  // A refused count resolves to NaN (the plan then stops before the time model): none here.
  s.mtp_layers = r.number("mtp_layers", p.mtp_layers, 0);
  in.mtp_layers = std::isfinite(s.mtp_layers) ? static_cast<int>(s.mtp_layers) : 0;
  resolve_finetune(r, in, s);
  adapter_model_state(r, setup, in.finetune, out.article);
  s.framework = std::string(framework_id(in.framework));

  if (setup.has_architecture) check_given_layout(r, out, l);

  // The search's space (the given layout inputs fixed, the limits text narrowing any) is read by
  // the search itself (prepare_search): only the full module, where the search runs, carries it.
  t.search_limits = r.text("search_limits", p.search_limits, "");
  if (l.cp > 1 && !l.flash_attention) r.add(warning("cp_needs_flash", "cp", {{"cp", n(l.cp)}}));
  if (l.cp > 1 && std::fmod(l.seq_len, 2 * l.cp) != 0) {
    r.add(warning("cp_seq_len", "cp", {{"cp", n(l.cp)}, {"seq_len", n(l.seq_len)}}));
  }
  if (!megatron && r.given("sequence_parallel", p.sequence_parallel) && *p.sequence_parallel == 1) {
    r.add(warning("sp_needs_megatron", "sequence_parallel"));
  }

  // Time and cost.
  s.compute_dtype = setup.recipe == "fp8" || setup.recipe == "fp8-param" ? "fp8" : "bf16";
  s.peak_tflops = s.compute_dtype == "fp8" ? setup.fp8_tflops : setup.bf16_tflops;
  if (s.compute_dtype == "fp8" && !std::isfinite(s.peak_tflops)) {
    s.compute_dtype = "bf16";
    s.peak_tflops = setup.bf16_tflops;
  }
  const bool fp8 = s.compute_dtype == "fp8";
  time.peak_tflops = s.peak_tflops;
  time.bf16_tflops = setup.bf16_tflops;
  time.hbm_tbps = setup.hbm_bandwidth_tbps;
  // The kernel model's figures: the accelerator preset's published GEMM and attention
  // efficiencies (kernel_catalog.cpp) unless the plan gives its own.
  const KernelFacts facts = kernel_facts(p.accelerator);
  time.sms = facts.sms;
  const double fp4_per_fp8 = facts.fp4_per_fp8;
  resolve_fp8_recipe(r, fp8, megatron, facts.fp8_columnwise, fp4_per_fp8 > 0, s, time);
  // NVFP4's GEMMs run on the FP4 tensor cores: its peak, at the recipe's measured rate over the
  // per-tensor fp8 GEMMs' (fp8_recipe.hpp).
  const bool nvfp4 = s.fp8_recipe == "nvfp4";
  const double peak_share = nvfp4 ? 1 / fp4_per_fp8 : 1;
  if (nvfp4) {
    s.compute_dtype = "nvfp4";
    time.peak_tflops = s.peak_tflops = fp4_per_fp8 * setup.fp8_tflops;
  }
  // bf16: the rate a GEMM sustains at the power limit, as a training step runs them for hours;
  // fp8 at the recipe's share of it (Blackwell's block-scaled GEMMs, fp8_recipe.hpp).
  const double measured_gemm = fp8 ? facts.gemm_fp8_efficiency * time.fp8.gemm_share * peak_share
                                   : facts.gemm_bf16_efficiency;
  const bool gemm_known = std::isfinite(measured_gemm);
  time.gemm_efficiency = s.gemm_efficiency = r.number(
      "gemm_efficiency", p.gemm_efficiency, gemm_known ? measured_gemm : kDefaultGemmEfficiency,
      gemm_known ? InputSource::kAutomatic : InputSource::kDefault);
  if (nvfp4) time.bf16_gemm_efficiency = s.gemm_efficiency / peak_share / time.fp8.gemm_share;
  // Attention runs in bf16 under an fp8 recipe too: an estimated kernel scales the bf16 GEMMs'
  // efficiency (the accelerator's measured one; the plan's where none is measured).
  const double bf16_gemm = fp8 && std::isfinite(facts.gemm_bf16_efficiency)
                               ? facts.gemm_bf16_efficiency
                               : s.gemm_efficiency;
  const AttentionKernel kernel =
      attention_kernel(p.accelerator, in.framework == Framework::kPytorch,
                       std::isfinite(bf16_gemm) ? bf16_gemm : kDefaultGemmEfficiency);
  s.attention_kernel = l.flash_attention ? std::string(kernel.id) : "standard";
  time.attention_fwd_efficiency = s.attention_efficiency =
      r.number("attention_efficiency", p.attention_efficiency, kernel.fwd_efficiency,
               InputSource::kAutomatic);
  time.attention_bwd_efficiency =
      s.attention_efficiency * kernel.bwd_efficiency / kernel.fwd_efficiency;
  time.attention_flash2 = kernel.id == "flash2";
  const bool memory_known = facts.memory_efficiency > 0;
  time.memory_efficiency = s.memory_efficiency =
      r.number("memory_efficiency", p.memory_efficiency,
               memory_known ? facts.memory_efficiency : kDefaultMemoryEfficiency,
               memory_known ? InputSource::kAutomatic : InputSource::kDefault);
  const LinkEfficiencies links = resolve_link_efficiencies(r);
  time.comm_efficiency = s.comm_efficiency = links.nvlink;
  time.nccl_ll_max_gbps = facts.nccl_ll_max_gbps;
  time.nvswitch = facts.nvswitch;
  time.net_efficiency = s.net_efficiency = links.net;
  time.serial_epilogue = facts.serial_epilogue;
  time.gemm_k_overhead = facts.k_overhead;
  time.gemm_k_of_maximum = facts.k_of_maximum;
  time.tp_overlap = s.tp_overlap = r.number("tp_overlap", p.tp_overlap, 0) == 1;
  time.moe_overlap = s.moe_overlap = r.number("moe_overlap", p.moe_overlap, 0) == 1;
  time.moe_flex_dispatcher = s.moe_flex_dispatcher =
      r.number("moe_flex_dispatcher", p.moe_flex_dispatcher, 0) == 1;
  time.pp_overlap = s.pp_overlap = r.number("pp_overlap", p.pp_overlap, 1) == 1;
  // A given compute efficiency replaces the kernel model; automatic leaves it to the model.
  time.compute_efficiency = s.compute_efficiency =
      r.number("mfu", p.mfu, kNaN, InputSource::kAutomatic);
  time.achieved_tflops = s.achieved_tflops = r.number("achieved_tflops", p.achieved_tflops, kNaN);
  time.dp_overlap = s.dp_overlap = r.number("dp_overlap", p.dp_overlap, 1);
  time.pue = s.pue = r.number("pue", p.pue, kDefaultPue);
  const double tokens = r.number("tokens", p.tokens, kNaN);
  time.tokens = s.tokens = tokens * r.number("epochs", p.epochs, 1);
  time.intra_node_gbps = setup.intra_node_bandwidth_gbps;
  time.inter_node_gbps = setup.inter_node_bandwidth_gbps;
  time.nvlink_domain_gpus = setup.nvlink_domain_gpus;
  time.gpus_per_node = setup.gpus_per_node;
  time.price_per_gpu_hour = setup.price_per_gpu_hour;
  time.power_w = setup.power_w;
  time.host_link_gbps = setup.host_link_gbps;

  t.ready = setup.has_architecture && recipe != nullptr;
  for (double v : {l.tp, l.cp, l.ep, l.etp, l.vpp, l.micro_batch, l.seq_len,
                   in.overheads.cuda_context_gb, in.card_memory_gb, s.zero, in.headroom,
                   s.batch_tolerance, s.gemm_efficiency, s.attention_efficiency,
                   s.memory_efficiency, s.comm_efficiency, s.net_efficiency, time.dp_overlap}) {
    t.ready = t.ready && std::isfinite(v);
  }
  t.ready = t.ready && !(p.global_batch && !t.global_batch_given);
  for (std::string_view field : {"stage_layers",
                                 "vpp",
                                 "recompute",
                                 "framework",
                                 "comm_buffer_gb",
                                 "allocator_slack",
                                 "finetune",
                                 "lora_rank",
                                 "lora_targets",
                                 "optimizer",
                                 "offload",
                                 "loss",
                                 "prefetch_bucket",
                                 "mfu",
                                 "tp_overlap",
                                 "moe_overlap",
                                 "moe_flex_dispatcher",
                                 "pp_overlap",
                                 "grad_reduce_bf16",
                                 "fp8_recipe",
                                 "fp8_attention",
                                 "fp8_output_proj",
                                 "moe_capacity_factor",
                                 "mtp_layers",
                                 "recompute_layers"}) {
    t.ready = t.ready && !r.refused(field);
  }
}

}  // namespace llm_sizer::detail
