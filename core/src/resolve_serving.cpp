// The serving settings of a plan (resolve.hpp): weight format and bits (which also give the
// article's bytes per weight), KV type, context, batch and the engine's settings.
#include <algorithm>
#include <cmath>
#include <limits>

#include "llm_sizer/inference.hpp"
#include "llm_sizer/number_format.hpp"
#include "resolver.hpp"

namespace llm_sizer::detail {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

bool known(double v) { return std::isfinite(v); }
std::string n(double v) { return known(v) ? format_readable(v) : "?"; }

Issue warning(std::string code, std::string field, std::vector<IssueParam> params) {
  return {std::move(code), std::move(field), Severity::kWarning, std::move(params)};
}

// Bits per weight of a format for rows of `hidden` inputs; without an architecture a
// per-row scale is not counted (there is no row length to share it over).
double format_bits(const WeightFormat& format, double hidden) {
  if (format.group_size > 0 || hidden > 0) return weight_format_bits(format, hidden);
  return format.element_bits;
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

  s.weights = r.text("weights", p.infer_weights, "bf16");
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

  const double model_context = a.max_positions > 0 ? a.max_positions : kDefaultServingContext;
  s.context = r.number("context", p.infer_context, std::min(kDefaultServingContext, model_context),
                       InputSource::kAutomatic);
  s.batch = r.number("batch", p.infer_batch, kDefaultServingBatch);
  s.prompt_tokens =
      r.number("prompt_tokens", p.infer_prompt_tokens, s.context, InputSource::kAutomatic);
  s.target_concurrency =
      r.number("target_concurrency", p.infer_target_concurrency, s.batch, InputSource::kAutomatic);
  s.gpu_memory_utilization = r.number("gpu_memory_utilization", p.infer_gpu_memory_utilization,
                                      kDefaultGpuMemoryUtilization);
  s.runtime_reserve_gb =
      r.number("runtime_reserve_gb", p.infer_runtime_reserve_gb, kDefaultRuntimeReserveGb);
  s.prefill_chunk = r.number("prefill_chunk", p.infer_prefill_chunk, kDefaultPrefillChunkTokens);
  s.kv_block_tokens = r.number("kv_block_tokens", p.infer_kv_block_tokens, kDefaultKvBlockTokens);
  s.decode_efficiency =
      r.number("decode_efficiency", p.infer_decode_efficiency, kDefaultDecodeEfficiency);
  s.prefill_efficiency =
      r.number("prefill_efficiency", p.infer_prefill_efficiency, kDefaultPrefillEfficiency);
  const bool fp8 = format && format->fp8_matmul && known(setup.fp8_tflops);
  s.peak_dtype = fp8 ? "fp8" : "bf16";
  s.peak_tflops = fp8 ? setup.fp8_tflops : setup.bf16_tflops;

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
    } else if (*p.infer_tp > setup.gpus_per_node) {
      r.add(warning("serving_tp_crosses_nodes", "infer_tp",
                    {{"tp", n(*p.infer_tp)}, {"gpus_per_node", n(setup.gpus_per_node)}}));
    }
  } else if (p.infer_tp) {
    serving.tp = kNaN;
  }

  if (!setup.has_architecture) return;
  serving.ready = true;
  in.arch = a;
  in.counts = setup.counts;
  in.weight_bits = s.weight_bits;
  in.embedding_bits = s.embedding_bits;
  in.kv_bits = s.kv_bits;
  in.kv_scale_bits = kv ? kv->scale_bits_per_vector : kNaN;
  in.card_memory_gb = setup.card_memory_gb;
  in.gpu_memory_utilization = s.gpu_memory_utilization;
  in.runtime_reserve_gb = s.runtime_reserve_gb;
  in.prefill_chunk_tokens = s.prefill_chunk;
  in.kv_block_tokens = s.kv_block_tokens;
  in.hbm_bandwidth_tbps = setup.hbm_bandwidth_tbps;
  in.peak_tflops = s.peak_tflops;
  in.decode_efficiency = s.decode_efficiency;
  in.prefill_efficiency = s.prefill_efficiency;

  if (a.max_positions > 0 && s.context > a.max_positions) {
    r.add(warning("context_exceeds_model", "context",
                  {{"context", n(s.context)}, {"max", n(a.max_positions)}}));
  }
  if (known(s.prompt_tokens) && known(s.context) && s.prompt_tokens > s.context) {
    r.add(warning("prompt_exceeds_context", "prompt_tokens",
                  {{"prompt", n(s.prompt_tokens)}, {"context", n(s.context)}}));
  }
  if (!known(setup.hbm_bandwidth_tbps) || !known(s.peak_tflops)) {
    r.add(warning("throughput_unknown",
                  known(setup.hbm_bandwidth_tbps) ? "bf16_tflops" : "hbm_bandwidth_tbps", {}));
  }
}

}  // namespace llm_sizer::detail
