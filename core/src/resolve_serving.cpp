// The serving settings of a plan (resolve.hpp): weight format and bits (which also give the
// article's bytes per weight), KV type, context, batch and the engine's settings.
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <string_view>

#include "link_efficiencies.hpp"
#include "llm_sizer/accelerator.hpp"
#include "llm_sizer/device_memory.hpp"
#include "llm_sizer/engine_profile.hpp"
#include "llm_sizer/inference.hpp"
#include "llm_sizer/model.hpp"
#include "llm_sizer/number_format.hpp"
#include "llm_sizer/plan_fields.hpp"
#include "llm_sizer/units.hpp"
#include "resolver.hpp"

namespace llm_sizer::detail {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

bool known(double v) { return std::isfinite(v); }
constexpr auto n = readable_or_unknown;

Issue warning(std::string code, std::string field, std::vector<IssueParam> params) {
  return {std::move(code), std::move(field), Severity::kWarning, std::move(params)};
}

// Bits per weight of a format for rows of `hidden` inputs; without an architecture a
// per-row scale is not counted (there is no row length to share it over).
double format_bits(const WeightFormat& format, double hidden) {
  if (format.group_size > 0 || hidden > 0) return weight_format_bits(format, hidden);
  return format.element_bits;
}

// A number input as given: its value, NaN when refused, nothing when automatic.
std::optional<double> given_value(Resolver& r, std::string_view field,
                                  const std::optional<double>& value) {
  if (!value) return std::nullopt;
  return r.refused(field) ? kNaN : *value;
}

// The request shape: prompt and answer lengths, the context they need, and the load. A plan that
// gives none of them keeps the 4096-token context, split 3072 + 1024; the legacy prompt_tokens
// and target_concurrency still set the prompt and the load when the new inputs are absent.
void resolve_load(Resolver& r, InferenceSettings& s, const Architecture& a) {
  const Plan& p = r.plan();
  const double model_context = a.max_positions > 0 ? a.max_positions : kDefaultServingContext;
  const std::optional<double> given_input = given_value(r, "input_tokens", p.infer_input_tokens);
  const std::optional<double> prompt = given_value(r, "prompt_tokens", p.infer_prompt_tokens);
  const std::optional<double> given_output = given_value(r, "output_tokens", p.infer_output_tokens);
  const std::optional<double> given_context = given_value(r, "context", p.infer_context);
  const std::optional<double> input = given_input ? given_input : prompt;
  double context = 0;
  double in_tokens = 0;
  double out_tokens = 0;
  if (given_context) {
    context = *given_context;
    out_tokens = given_output ? *given_output
                 : input      ? std::max(1.0, context - *input)
                              : std::min(kDefaultOutputTokens, std::floor(context / 4));
    in_tokens = input ? *input : std::max(1.0, context - out_tokens);
  } else if (input || given_output) {
    out_tokens = given_output ? *given_output : kDefaultOutputTokens;
    in_tokens = input ? *input
                      : std::max(1.0, std::min(kDefaultServingContext, model_context) - out_tokens);
    context = in_tokens + out_tokens;
  } else {
    context = std::min(kDefaultServingContext, model_context);
    out_tokens = std::min(kDefaultOutputTokens, std::floor(context / 4));
    in_tokens = context - out_tokens;
  }
  s.context = r.number("context", p.infer_context, context, InputSource::kAutomatic);
  s.input_tokens =
      r.number("input_tokens", p.infer_input_tokens, in_tokens, InputSource::kAutomatic);
  s.output_tokens =
      r.number("output_tokens", p.infer_output_tokens, out_tokens, InputSource::kAutomatic);
  s.prompt_tokens =
      r.number("prompt_tokens", p.infer_prompt_tokens, s.input_tokens, InputSource::kAutomatic);
  s.batch = r.number("batch", p.infer_batch, kDefaultServingBatch);
  // The node view's load follows the fleet's when only that is given (and the fleet's the node
  // view's): one number of users moves both halves of the page.
  const std::optional<double> given_load = given_value(r, "concurrency", p.infer_concurrency);
  s.target_concurrency = r.number("target_concurrency", p.infer_target_concurrency,
                                  given_load && std::isfinite(*given_load) ? *given_load : s.batch,
                                  InputSource::kAutomatic);
  s.concurrency =
      r.number("concurrency", p.infer_concurrency, s.target_concurrency, InputSource::kAutomatic);
  s.tpot_slo_ms = r.number("tpot_slo_ms", p.infer_tpot_slo_ms, kDefaultTpotSloMs);
  s.prefix_hit_rate = r.number("prefix_hit_rate", p.infer_prefix_hit_rate, 0);
  s.spec_tokens = r.number("spec_tokens", p.infer_spec_tokens, 0);
  s.spec_acceptance =
      r.number("spec_acceptance", p.infer_spec_acceptance,
               s.spec_tokens > 0 ? kDefaultSpecAcceptance : 0, InputSource::kAutomatic);
  s.kv_offload_gb = r.number("kv_offload_gb", p.infer_kv_offload_gb, 0);
  s.encoder_reserve_gb = r.number("encoder_reserve_gb", p.infer_encoder_reserve_gb, 0);
  s.pd_ratio = r.text("pd_ratio", p.infer_pd_ratio, "");
  if (!s.pd_ratio.empty()) {
    const auto colon = s.pd_ratio.find(':');
    const auto part = [&](std::string_view text) { return parse_number(text); };
    const std::optional<double> prefill = colon == std::string::npos
                                              ? std::nullopt
                                              : part(std::string_view(s.pd_ratio).substr(0, colon));
    const std::optional<double> decode = colon == std::string::npos
                                             ? std::nullopt
                                             : part(std::string_view(s.pd_ratio).substr(colon + 1));
    const auto whole = [](const std::optional<double>& v) {
      return v && *v >= 1 && *v <= 1000 && *v == std::floor(*v);
    };
    if (whole(prefill) && whole(decode)) {
      s.pd_prefill = *prefill;
      s.pd_decode = *decode;
    } else {
      r.refuse(
          {"pd_ratio_invalid", "pd_ratio", Severity::kError, {{"value", excerpt(s.pd_ratio)}}});
      s.pd_ratio.clear();
    }
  }
}

// The engine's profile and its defaults on this card: the memory fraction, the per-step token
// budget, the sequence cap, the KV block and the non-torch memory (engine_profile.hpp).
EngineSettings resolve_engine(Resolver& r, const ResolvedPlan& out, InferenceSettings& s) {
  const Plan& p = r.plan();
  const ResolvedSetup& setup = out.setup;
  EngineSettings e;
  s.engine = r.text("engine", p.infer_engine, "vllm");
  const EngineProfile* profile = find_engine_profile(s.engine.empty() ? "vllm" : s.engine);
  e.profile = profile;
  s.engine_name = std::string(profile->name);
  s.engine_version = std::string(profile->version);
  // The card as the driver reports it, the same bytes the training memory model compares with
  // (the accelerator catalog's capacity), or the typed memory of a custom card (or of a preset
  // whose memory was overridden).
  const bool typed = r.given("card_memory_gb", p.card_memory_gb) || p.accelerator == kCustomId;
  e.total_bytes = gb_to_bytes(setup.card_capacity_gb);
  e.smi_mib = typed ? e.total_bytes / 1048576.0 : smi_total_mib(p.accelerator, e.total_bytes);
  s.device_memory_gib = e.total_bytes / kBytesPerGib;
  const bool static_pool = profile->kv_rule == KvBudgetRule::kStaticFraction;
  e.fraction_given = r.given("gpu_memory_utilization", p.infer_gpu_memory_utilization);
  s.gpu_memory_utilization =
      r.number("gpu_memory_utilization", p.infer_gpu_memory_utilization,
               static_pool ? kNaN : profile->default_fraction, InputSource::kAutomatic);
  e.memory_fraction = s.gpu_memory_utilization;
  s.prefill_chunk =
      r.number("prefill_chunk", p.infer_prefill_chunk,
               engine_max_batched_tokens(*profile, p.accelerator, e.total_bytes, e.smi_mib),
               InputSource::kAutomatic);
  e.max_batched_tokens = s.prefill_chunk;
  s.max_num_seqs = r.number(
      "max_num_seqs", p.infer_max_num_seqs,
      static_pool ? kNaN : engine_max_num_seqs(*profile, p.accelerator, e.total_bytes, kNaN, kNaN),
      InputSource::kAutomatic);
  e.max_num_seqs = s.max_num_seqs;
  const bool mla = setup.has_architecture && setup.arch.is_mla();
  s.kv_block_tokens =
      r.number("kv_block_tokens", p.infer_kv_block_tokens,
               mla ? profile->mla_block_tokens : profile->block_tokens, InputSource::kAutomatic);
  e.block_tokens = s.kv_block_tokens;
  // Non-torch memory depends on the layout (more with TP): NaN until the layout is known.
  s.runtime_reserve_gb =
      r.number("runtime_reserve_gb", p.infer_runtime_reserve_gb, kNaN, InputSource::kAutomatic);
  e.non_torch_bytes = gb_to_bytes(s.runtime_reserve_gb);
  e.encoder_reserve_bytes = gb_to_bytes(s.encoder_reserve_gb);
  return e;
}

}  // namespace

void resolve_serving(Resolver& r, ResolvedPlan& out) {
  const Plan& p = r.plan();
  const ResolvedSetup& setup = out.setup;
  ResolvedServing& serving = out.serving;
  ServingInputs& in = serving.inputs;
  InferenceSettings& s = serving.settings;
  const Architecture& a = setup.arch;
  const double hidden = setup.has_architecture ? a.hidden : 0;
  serving.model_id = p.model;
  serving.accelerator_id = p.accelerator;

  // An engine loads the checkpoint as published: DeepSeek-V3 in FP8, most models in 16 bits.
  const std::string_view native = native_weights(p.model);
  s.weights = r.text("weights", p.infer_weights, native.empty() ? "bf16" : native,
                     native.empty() ? InputSource::kDefault : InputSource::kPreset);
  const WeightFormat* format = find_weight_format(s.weights);
  s.weight_bits = r.number("weight_bits", p.infer_weight_bits,
                           format ? format_bits(*format, hidden) : kNaN, InputSource::kAutomatic);
  const std::string embedding_default =
      format ? std::string(format->embedding_default) : std::string("bf16");
  s.embedding_format = r.text("embedding_format", p.infer_embedding_format, embedding_default,
                              InputSource::kAutomatic);
  const WeightFormat* embedding = find_weight_format(s.embedding_format);
  s.embedding_bits = embedding ? format_bits(*embedding, hidden) : kNaN;

  // The KV cache follows the model's 16-bit type unless chosen (vLLM's kv_cache_dtype "auto").
  const std::string kv_auto = s.weights == "fp32" || s.weights == "fp16" ? s.weights : "bf16";
  s.kv_dtype = r.text("kv_dtype", p.infer_kv_dtype, kv_auto, InputSource::kAutomatic);
  const KvDtype* kv = find_kv_dtype(s.kv_dtype);
  s.kv_bits = kv ? kv->bits : kNaN;

  resolve_load(r, s, a);
  const EngineSettings engine = resolve_engine(r, out, s);
  serving.engine = engine;
  s.decode_efficiency =
      r.number("decode_efficiency", p.infer_decode_efficiency, kDefaultDecodeEfficiency);
  s.prefill_efficiency =
      r.number("prefill_efficiency", p.infer_prefill_efficiency, kDefaultPrefillEfficiency);
  const bool fp8 = format && format->fp8_matmul && known(setup.fp8_tflops);
  // NVFP4 weights with FP4 activations run on Blackwell's FP4 tensor cores; elsewhere NVFP4 is
  // dequantized to BF16.
  const double fp4_per_fp8 = fp4_per_fp8_rate(p.accelerator);
  const bool fp4 = s.weights == "nvfp4" && known(setup.fp8_tflops) && fp4_per_fp8 > 0;
  s.peak_dtype = fp4 ? "fp4" : fp8 ? "fp8" : "bf16";
  s.peak_tflops = fp4 ? fp4_per_fp8 * setup.fp8_tflops : fp8 ? setup.fp8_tflops : setup.bf16_tflops;

  // The serving TP: given (whole attention heads on every rank), else the smallest that fits.
  s.tp_auto = !p.infer_tp;
  if (r.given("infer_tp", p.infer_tp)) {
    serving.tp = *p.infer_tp;
    if (setup.has_architecture && !serving_tp_valid(a, *p.infer_tp)) {
      r.refuse({"serving_tp_invalid",
                "infer_tp",
                Severity::kError,
                {{"tp", n(*p.infer_tp)}, {"heads", n(a.heads)}, {"kv_heads", n(a.kv_heads)}}});
      serving.tp = kNaN;
    } else if (*p.infer_tp > setup.nvlink_domain_gpus) {
      r.add(warning("serving_tp_crosses_nodes", "infer_tp",
                    {{"tp", n(*p.infer_tp)}, {"gpus_per_node", n(setup.nvlink_domain_gpus)}}));
    }
  } else if (p.infer_tp) {
    serving.tp = kNaN;
  }
  if (p.infer_pp) serving.pp = r.refused("infer_pp") ? kNaN : *p.infer_pp;
  if (p.infer_dp) serving.dp = r.refused("infer_dp") ? kNaN : *p.infer_dp;
  if (r.given("expert_parallel", p.infer_expert_parallel)) {
    serving.ep = *p.infer_expert_parallel > 0 ? 1 : 0;
  }
  if (setup.has_architecture && !a.is_moe() &&
      ((serving.dp && *serving.dp > 1) || serving.ep == 1)) {
    r.add(warning("serving_dp_needs_moe", serving.ep == 1 ? "expert_parallel" : "infer_dp", {}));
    serving.dp = 1;
    serving.ep = 0;
  }
  ServingWorkload& load = serving.load;
  load.input_tokens = s.input_tokens;
  load.output_tokens = s.output_tokens;
  load.prefill_chunk_tokens = s.prefill_chunk;
  load.prefix_hit_rate = s.prefix_hit_rate;
  load.spec_tokens = s.spec_tokens;
  load.spec_acceptance = s.spec_acceptance;
  load.host_kv_bytes = gb_to_bytes(s.kv_offload_gb);

  if (!setup.has_architecture) return;
  serving.ready = true;
  in.arch = a;
  in.counts = setup.counts;
  in.weight_bits = s.weight_bits;
  in.embedding_bits = s.embedding_bits;
  in.kv_bits = s.kv_bits;
  in.kv_scale_bits = kv ? kv->scale_bits_per_vector : kNaN;
  in.prefill_chunk_tokens = s.prefill_chunk;
  in.kv_block_tokens = s.kv_block_tokens;
  in.hbm_bandwidth_tbps = setup.hbm_bandwidth_tbps;
  in.peak_tflops = s.peak_tflops;
  in.decode_efficiency = s.decode_efficiency;
  in.prefill_efficiency = s.prefill_efficiency;
  in.activation_bytes = s.weights == "fp32" ? 4 : 2;
  in.gpus_per_node = setup.gpus_per_node;
  in.nvlink_domain_gpus = setup.nvlink_domain_gpus;
  in.intra_node_gbps = setup.intra_node_bandwidth_gbps;
  in.inter_node_gbps = setup.inter_node_bandwidth_gbps;
  const LinkEfficiencies links = resolve_link_efficiencies(r);
  in.intra_node_efficiency = links.nvlink;
  in.inter_node_efficiency = links.net;
  in.max_num_seqs = s.max_num_seqs;
  in.sampler_bytes_per_logit = serving.engine.profile->sampler_bytes_per_logit;

  if (a.max_positions > 0 && s.context > a.max_positions) {
    r.add(warning("context_exceeds_model", "context",
                  {{"context", n(s.context)}, {"max", n(a.max_positions)}}));
  }
  if (known(s.prompt_tokens) && known(s.context) && s.prompt_tokens > s.context) {
    r.add(warning("prompt_exceeds_context", "prompt_tokens",
                  {{"prompt", n(s.prompt_tokens)}, {"context", n(s.context)}}));
  } else if (known(s.context) && s.input_tokens + s.output_tokens > s.context) {
    r.add(warning(
        "request_exceeds_context", "context",
        {{"input", n(s.input_tokens)}, {"output", n(s.output_tokens)}, {"context", n(s.context)}}));
  }
  if ((!known(setup.hbm_bandwidth_tbps) || !known(s.peak_tflops)) && !r.refused("accelerator")) {
    r.add(warning("throughput_unknown",
                  known(setup.hbm_bandwidth_tbps) ? "bf16_tflops" : "hbm_bandwidth_tbps", {}));
  }
}

}  // namespace llm_sizer::detail
