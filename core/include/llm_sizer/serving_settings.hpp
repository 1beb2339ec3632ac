#pragma once
/// The serving settings a plan resolves to (resolve.hpp), and the defaults behind its automatic
/// values (see inference_report.hpp for their sources).

#include <string>

namespace llm_sizer {

inline constexpr double kDefaultServingContext = 4096;
inline constexpr double kDefaultServingBatch = 1;
inline constexpr double kDefaultGpuMemoryUtilization = 0.9;
inline constexpr double kDefaultRuntimeReserveGb = 1.5;
inline constexpr double kDefaultPrefillChunkTokens = 2048;
inline constexpr double kDefaultKvBlockTokens = 16;
inline constexpr double kDefaultDecodeEfficiency = 0.8;
inline constexpr double kDefaultPrefillEfficiency = 0.5;

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
}

}  // namespace llm_sizer
