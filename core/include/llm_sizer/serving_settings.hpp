#pragma once
/// The serving settings a plan resolves to (resolve.hpp), and the defaults behind its automatic
/// values (see inference_report.hpp for their sources; the engines' own defaults are
/// engine_profile.hpp's).

#include <string>

namespace llm_sizer {

inline constexpr double kDefaultServingContext = 4096;
inline constexpr double kDefaultServingBatch = 1;
inline constexpr double kDefaultGpuMemoryUtilization = 0.9;
inline constexpr double kDefaultDecodeEfficiency = 0.8;
inline constexpr double kDefaultPrefillEfficiency = 0.5;
/// Without other figures a request is 3072 prompt + 1024 generated tokens: the 4096-token
/// context above, split as a chat turn with a long prompt.
inline constexpr double kDefaultOutputTokens = 1024;
/// A TPOT of 50 ms (20 tokens/s per user, faster than reading) as the default latency target.
inline constexpr double kDefaultTpotSloMs = 50;
/// DeepSeek-V3 technical report §5.4.3: its MTP module's second token is accepted 85–90% of the
/// time; the low end is the default when speculative decoding is asked for without a rate.
inline constexpr double kDefaultSpecAcceptance = 0.85;

struct InferenceSettings {
  std::string weights;  ///< format id
  double weight_bits = 0;
  std::string embedding_format;
  double embedding_bits = 0;
  std::string kv_dtype;
  double kv_bits = 0;
  double batch = 0;
  double context = 0;
  double prompt_tokens = 0;
  double target_concurrency = 0;
  double gpu_memory_utilization = 0;
  double runtime_reserve_gb = 0;
  double prefill_chunk = 0;
  double kv_block_tokens = 0;
  double decode_efficiency = 0;
  double prefill_efficiency = 0;
  std::string peak_dtype;  ///< "bf16" or "fp8": the tensor-core peak the matmuls use
  double peak_tflops = 0;
  bool tp_auto = true;
  // Serving at scale.
  std::string engine;          ///< engine profile id
  std::string engine_name;     ///< "vLLM"
  std::string engine_version;  ///< the release its figures come from
  double input_tokens = 0;
  double output_tokens = 0;
  double concurrency = 0;
  double tpot_slo_ms = 0;
  double max_num_seqs = 0;  ///< NaN: the engine derives it per layout (SGLang)
  double prefix_hit_rate = 0;
  double spec_tokens = 0;
  double spec_acceptance = 0;
  std::string pd_ratio;   ///< as given ("1:3"), "" when colocated
  double pd_prefill = 0;  ///< prefill share of a P/D split ("1:3" → 1); 0: colocated
  double pd_decode = 0;
  double kv_offload_gb = 0;
  double encoder_reserve_gb = 0;
  double device_memory_gib = 0;  ///< the card as the driver reports it to the engine
};

template <class Visitor>
void visit_fields(Visitor& v, const InferenceSettings& s) {
  v.field("weights", s.weights);
  v.field("weight_bits", s.weight_bits);
  v.field("embedding_format", s.embedding_format);
  v.field("embedding_bits", s.embedding_bits);
  v.field("kv_dtype", s.kv_dtype);
  v.field("kv_bits", s.kv_bits);
  v.field("batch", s.batch);
  v.field("context", s.context);
  v.field("prompt_tokens", s.prompt_tokens);
  v.field("target_concurrency", s.target_concurrency);
  v.field("gpu_memory_utilization", s.gpu_memory_utilization);
  v.field("runtime_reserve_gb", s.runtime_reserve_gb);
  v.field("prefill_chunk", s.prefill_chunk);
  v.field("kv_block_tokens", s.kv_block_tokens);
  v.field("decode_efficiency", s.decode_efficiency);
  v.field("prefill_efficiency", s.prefill_efficiency);
  v.field("peak_dtype", s.peak_dtype);
  v.field("peak_tflops", s.peak_tflops);
  v.field("tp_auto", s.tp_auto);
  v.field("engine", s.engine);
  v.field("engine_name", s.engine_name);
  v.field("engine_version", s.engine_version);
  v.field("input_tokens", s.input_tokens);
  v.field("output_tokens", s.output_tokens);
  v.field("concurrency", s.concurrency);
  v.field("tpot_slo_ms", s.tpot_slo_ms);
  v.field("max_num_seqs", s.max_num_seqs);
  v.field("prefix_hit_rate", s.prefix_hit_rate);
  v.field("spec_tokens", s.spec_tokens);
  v.field("spec_acceptance", s.spec_acceptance);
  v.field("pd_ratio", s.pd_ratio);
  v.field("pd_prefill", s.pd_prefill);
  v.field("pd_decode", s.pd_decode);
  v.field("kv_offload_gb", s.kv_offload_gb);
  v.field("encoder_reserve_gb", s.encoder_reserve_gb);
  v.field("device_memory_gib", s.device_memory_gib);
}

}  // namespace llm_sizer
