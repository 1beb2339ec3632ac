// Published kernel figures per accelerator preset: what the step-time model's automatic GEMM
// and attention efficiencies come from (docs/formulas.md, "Kernel efficiencies").
#include <cmath>
#include <string_view>

#include "llm_sizer/kernel_model.hpp"

namespace llm_sizer {
namespace {

constexpr double kUnknown = NAN;

// Which published attention benchmark and sustained GEMM share apply to an accelerator (below).
enum class Arch : unsigned char { kOther, kAmpere, kHopper, kBlackwell, kGb200 };

struct FactsRow {
  std::string_view id;
  double sms;
  double gemm_bf16;
  double gemm_fp8;
  double comm = kUnknown;
  Arch arch = Arch::kOther;
  bool nvswitch = true;  // its NVLink runs through switches (nvswitch_of below)
  bool ultra = false;    // Blackwell Ultra: its attention is faster than its sibling's (below)
};

// Blackwell Ultra's training attention over its Blackwell sibling's, forward and backward: the
// median over cuDNN 9.17, 9.22 and 9.26 of GB300's rate over GB200's at 4,096, 8,192 and 16,384
// tokens, each pair timed with the same cuDNN (validation/data/attention-cudnn.json).
constexpr double kUltraAttentionFwd = 1.1989;
constexpr double kUltraAttentionBwd = 1.0773;

// Hopper's per-tile cost before the K loop streams, in reduction elements (kernel_model.hpp):
// OpenXLA's sm_90 matmul table (tensorflow/tensorflow third_party/xla/xla/service/gpu/model/
// matmul_interpolator_data.h), bf16, 4 × 4096 × 4096 outputs, fitted as 1/rate = (1 + K₀/K)/R;
// twice that under FP8 (step_time.cpp: the same time, twice the elements).
// At K = 4096 that table already reaches the MAMF (793.1 TFLOP/s against 794.5): the maximum the
// falling rate is relative to.
constexpr double kHopperKOverhead = 166;
constexpr double kHopperMamfK = 4096;

// NCCL bus bandwidth over the NVLink line rate: NVLink 4 (Hopper) 370 of 450 GB/s with NCCL's
// ~20 % protocol overhead (S. Jeaugey, NCCL maintainer, NVIDIA/nccl-tests#212); NVLink 3 (A100)
// 200–208 of 300 GB/s in all_reduce_perf (NVIDIA/nccl-tests#149, #178).
constexpr double kNvlink4 = 370.0 / 450;
constexpr double kNvlink3 = 0.68;
// NVLink 5 (B200, B300, and their GB siblings, 900 GB/s a direction): NVIDIA's NCCL 2.29.2
// collection (AIConfigurator, validation/data/nccl-nvlink.json) timed the same all-gathers,
// reduce-scatters and all-to-alls of 64 MB and more on eight H100s, B200s and B300s; the
// Blackwell bus bandwidth came out a median 1.723-1.858 times the H100's per operation and
// accelerator, 1.8032 over the six (all-reduces left out: NVLink SHARP reduces half precision
// in the switch). Over NVLink 4's 370 GB/s that is 0.74 of the line rate, not the twice-NVLink-4
// the line rate alone gives. The GB200 and GB300 ran within 2.1 % of the B200 and B300 at 2 and
// 4 GPUs (the collection's largest for them).
constexpr double kNvlink5 = kNvlink4 * 1.8032 / 2;

// What a GEMM at full tensor-core rate keeps of its burst rate when it runs for seconds at the
// board's power limit, as a training step runs them: NVIDIA's AIConfigurator collector timed the
// same training-sized bf16 GEMMs in ≥ 1 s runs with NVML power sampling (at 96–99 % of the limit)
// and in bursts of milliseconds; the median of burst ÷ sustained time over
// validation/data/gemm-sustained.json's shapes: H200 (vLLM 0.22.0 against 0.14, 0.18, 0.19; 75
// shapes) and B200 (vLLM 0.22.0 against 0.19, TensorRT-LLM 1.3.0rc15 against rc10 and rc20; 105
// shapes); GB200 its own (vLLM 0.22.0 against 0.19, TensorRT-LLM 1.3.0rc17 against rc10 and
// rc20; 150 shapes), which its kernels lost even below the limit. The share holds fp8 GEMMs too. A
// full-rate fp8 GEMM is at least as bound by power as a bf16 one: on the same GH100 die, the
// GH200's 900 W lift the fp8 MAMF 9.4 % above the H100 SXM's at 700 W (1535.0 against 1402.6
// TFLOP/s) and the bf16 one only 4.3 % (828.6 against 794.5; Bekman's tables, below). The
// collections' fp8 kernels that kept their burst time ran far below their peak (per-tensor fp8 on
// B200 at about a quarter of it, block-scaled fp8 on H200) and drew less. Nothing is measured for
// other accelerators: 1.
constexpr double kHopperSustained = 0.8787;
constexpr double kBlackwellSustained = 0.8826;
constexpr double kGb200Sustained = 0.8388;

// GEMM efficiency = MAMF / the catalog's dense peak × the sustained share above (1 where none is
// measured), in bf16 and fp8 alike. MAMF: S. Bekman, "Machine Learning Engineering",
// compute/accelerator/README.md (commit b9e2972), BF16 and FP8 tables (v2, mean
// of 100 iterations; v1 where v2 has no figure): A100 SXM 271.2 / 312, H100 SXM 794.5 / 989 and
// FP8 1402.6 / 1979, MI300X 668.4 / 1300, MI325X 784.9 / 1300; v1: Gaudi 2 429.3 / 432, Gaudi 3
// 1288.8 / 1835, MI250X 147.0 / 191.5 per GCD; B200 SXM 1745.0 / 2250 and FP8 3432.5 / 4500
// (commit 744d01e). H200 and H800 are the H100 SXM's GH100 die at the same clocks: its figures.
// SM counts: NVIDIA's architecture whitepapers (A100 108, H100 SXM
// 132, H100 PCIe 114, B200 148), AMD's CDNA 3 whitepaper (MI300X/MI325X 304 compute units).
//
// The MAMF is the best rate of one shape in Bekman's sweep; NVIDIA's collections check the rate
// the model gives a training step's GEMMs (the MAMF share times the sustained share above, less
// tile and wave quantization and the short-K cost) against what they measured:
// - where a power-measured collection exists (gemm-sustained.json, bf16: H200's 75 shapes,
//   B200's 105), the level scales the MAMF share by the median over its shapes of the model's
//   time at that share over the measured one: Hopper 1.0036, B200 0.9525 (the B200's MAMF,
//   1,745 TFLOP/s at its best shape, is above what its GEMMs keep over seconds). GB200, B300 and
//   GB300 take the B200's level at their own peaks and sustained shares; against the GB200's own
//   collections (150 shapes) that is 3.5 % fast, while the GB200 runs the B200's shapes 1.056
//   times as fast in the model and 1.047 in NVIDIA's paired vLLM collections;
// - Blackwell fp8 has no power-measured collection at its full rate: the bf16 level times the
//   factor (0.9796) that gives, over the twelve GEMMs of one layer (15,872 tokens, hidden 4,096,
//   FFN 16,384), the gain TransformerEngine's own benchmark measured for its per-tensor fp8
//   GEMMs over bf16 on a B300 (docs/examples/gemm_profiling at d0067d0da, PR #2863, operands
//   pre-quantized: 13.102 ÷ 6.812 ms = 1.923; te-gemm-profiling.json). The ratio NVIDIA's
//   TensorRT-LLM burst collection gives its largest GEMMs (kernel-runs.json: 0.9282 / 0.8798)
//   had put it at 2.071: TensorRT-LLM is not what Megatron runs;
// - the A100 has neither, and runs at its burst rate: the burst collection's largest GEMMs set
//   it (0.9866).
// Hopper fp8 keeps the MAMF: TensorRT-LLM's FP8 GEMM accumulates fast (cublasScaledMM.cpp sets
// CUBLASLT_MATMUL_DESC_FAST_ACCUM), 11 % faster than the model on the largest GEMMs, while
// TransformerEngine's recipes split the accumulator in the backward's two GEMMs
// (MMParams(use_split_accumulator=True) for dgrad and wgrad), as Bekman's mamf-finder.py
// measured it (torch._scaled_mm at its default, without fast accumulation); on Blackwell fast
// accumulation gains nothing (TensorRT-LLM's largest fp8 GEMMs ran at 0.93 of the MAMF share,
// not above it), which is why TransformerEngine's benchmark, whose GEMMs accumulate fast, sets
// Blackwell's fp8 level and not Hopper's. Their forward GEMM does accumulate fast: a third of
// Hopper's fp8 GEMM FLOPs at the collection's 11 % higher rate would take about 2 % off a step.
// Not applied: a plan has one GEMM efficiency, an input the user can see and override.
// (Scaling by the burst collection's largest GEMMs everywhere, tried on 2026-12-06, counts the
// power limit twice: their bursts of several milliseconds already meet it — a B200 keeps 0.98 of
// their rate over seconds — and the sustained share above comes on top; it put B200's GEMMs 8 %
// slow against the power-measured collection.)
// What Blackwell's streaming kernels reach of the datasheet HBM bandwidth. TransformerEngine's GEMM
// benchmark on a B300 (te-gemm-profiling.json) adds to its pre-quantized kernels, under autocast,
// the quantization of every call's input and weight: 2.335 ms a layer per tensor and 1.823 ms in
// MXFP8, which the recipes' bytes (fp8_recipe.hpp) and kernels take at 0.7313 and 0.7332 of 7.75
// TB/s; 0.732. cuDNN's own norm kernels on GB200 and GB300 agree (cudnn-frontend
// benchmark/norms/results, 2026-02-26: RMSNorm over 16-42M elements of Llama, Mixtral, Qwen3
// and Nemotron-H shapes at 0.73-0.81 of 8 TB/s forward, 0.52-0.77 backward). Hopper's casts in
// the same benchmark run at 0.93 of an H200 NVL's 4.8 TB/s, and the copies measured here at
// 0.88-0.93 (docs/validation.md): the default stands there.
constexpr double kBlackwellMemoryEfficiency = 0.732;
constexpr double kAmpereLevel = 0.9866;
constexpr double kHopperBf16Level = 1.0036;
constexpr double kBlackwellBf16Level = 0.9525;
constexpr double kBlackwellFp8Level = kBlackwellBf16Level * 0.9796;
constexpr double kAmpereBf16 = 271.2 / 312 * kAmpereLevel;
constexpr double kHopperBf16 = 794.5 / 989 * kHopperSustained * kHopperBf16Level;
constexpr double kHopperFp8 = 1402.6 / 1979 * kHopperSustained;
constexpr double kBlackwellBf16 = 1745.0 / 2250 * kBlackwellSustained * kBlackwellBf16Level;
constexpr double kBlackwellFp8 = 3432.5 / 4500 * kBlackwellSustained * kBlackwellFp8Level;
constexpr double kGb200Bf16 = 1745.0 / 2250 * kGb200Sustained * kBlackwellBf16Level;
constexpr double kGb200Fp8 = 3432.5 / 4500 * kGb200Sustained * kBlackwellFp8Level;
constexpr FactsRow kFacts[] = {
    {"h100-80g", 132, kHopperBf16, kHopperFp8, kNvlink4, Arch::kHopper},
    {"h200-141g", 132, kHopperBf16, kHopperFp8, kNvlink4, Arch::kHopper},
    {"h800-80g", 132, kHopperBf16, kHopperFp8, kNvlink4, Arch::kHopper},
    // Bridged in pairs, not switched.
    {"h100-nvl-94g", 132, kUnknown, kUnknown, kNvlink4, Arch::kHopper, false},
    {"h100-pcie-80g", 114, kUnknown, kUnknown, kUnknown, Arch::kHopper},
    {"a100-80g", 108, kAmpereBf16, kUnknown, kNvlink3, Arch::kAmpere},
    {"a100-40g", 108, kAmpereBf16, kUnknown, kNvlink3, Arch::kAmpere},
    {"b200", 148, kBlackwellBf16, kBlackwellFp8, kNvlink5, Arch::kBlackwell},
    // GB200's GPUs are the B200's die (148 SMs) at a 1200 W limit, for which NVIDIA rates 2.5
    // and 5 PFLOPS dense (accelerator_catalog.cpp). The shares the B200 keeps of its own peak
    // stand for theirs, at their own peak (in the same burst collection a GB200 ran the B200's
    // shapes 1.131 times as fast, the peaks differ by 1.111), with the GB200's own sustained
    // share: 1.056 times the B200's sustained rate, as NVIDIA's paired sustained collections
    // measured it (1.047). Bekman's GB200 MAMF (commit 744d01e: 1822.0 bf16, 3615.6 fp8, a newer
    // torch) is 1.044 and 1.053 times the B200's, the same ratio, but no collection measures
    // what a GB200's large GEMMs keep of it.
    {"gb200", 148, kGb200Bf16, kGb200Fp8, kNvlink5, Arch::kGb200},
    // Blackwell Ultra (B300, GB300): no sustained collection is published, nor a GB300 MAMF;
    // Bekman's B300 MAMF (1769.0 bf16, 3353.3 fp8: 1.014 and 0.977 times the B200's, "same as
    // B200") is the B200's within 2.3 %. The B300 reports 148 SMs (torch device properties in
    // public benchmark reports, "NVIDIA B300 SXM6 AC"); no GB300 figure was found: the B300's.
    // Each takes its Blackwell sibling's shares at its own peak, as the GB200 takes the B200's
    // MAMF share: the B200's for the B300 (the same peaks, 1,100 W against 1,000 W), the GB200's
    // for the GB300 (Grace-hosted NVL72 trays). In NVIDIA's burst collection (AIConfigurator,
    // vLLM 0.19.0, 1,176 shapes with M 4,096-16,384 and N, K 1,024-16,384) a B300 ran the B200's
    // shapes a median 1.089 times as fast in bf16 and 1.038 in fp8, a GB300 the GB200's 1.059
    // and 1.022, at the same peaks: not applied (nor is the GB200's 1.131 against the peaks'
    // 1.111), so the model is that much slower.
    // Their attention is not their sibling's: Blackwell Ultra doubles the special function
    // units' throughput for the softmax's exponentials (NVIDIA Technical Blog, "Making Softmax
    // More Efficient with NVIDIA Blackwell Ultra"), which a B200's flash forward waits on; its
    // backward waits on shared memory, which Blackwell Ultra keeps (Zadouri et al. 2026,
    // FlashAttention-4, arXiv 2603.05451), and gains less. NVIDIA's cuDNN training benchmark times
    // both passes on a GB200 and a GB300 with the same cuDNN: the forward 1.12-1.29 times as fast,
    // the backward 1.05-1.14 (kUltraAttentionFwd/Bwd above). No B300 is timed: it takes the GB300's
    // ratio over its own sibling.
    {"b300", 148, kBlackwellBf16, kBlackwellFp8, kNvlink5, Arch::kBlackwell, true, true},
    {"gb300", 148, kGb200Bf16, kGb200Fp8, kNvlink5, Arch::kGb200, true, true},
    {"mi300x", 304, 668.4 / 1300, kUnknown},
    {"mi325x", 304, 784.9 / 1300, kUnknown},
    {"mi250x", kUnknown, 147.0 / 191.5, kUnknown},
    {"gaudi2", kUnknown, 429.3 / 432, kUnknown},
    {"gaudi3", kUnknown, 1288.8 / 1835, kUnknown},
};

// NCCL's tuner caps its LL protocol's bus bandwidth on one node at llMaxBws (src/graph/tuning.cc,
// ncclTunerConstantsDefaults at 5067397c): Ampere 87.7 GB/s, Hopper 141, Blackwell twice Hopper's.
double nccl_ll_max_gbps(Arch arch) {
  switch (arch) {
    case Arch::kAmpere:
      return 87.7;
    case Arch::kHopper:
      return 141.0;
    case Arch::kBlackwell:
    case Arch::kGb200:
      return 2 * 141.0;
    case Arch::kOther:
      return kUnknown;
  }
  return kUnknown;
}

// The NVSwitch an architecture's SXM boards are joined by (kernel_model.hpp: what it keeps for
// groups smaller than 8); the GB200 and GB300 trays the B200's and B300's.
NvSwitch nvswitch_of(Arch arch) {
  switch (arch) {
    case Arch::kAmpere:
      return NvSwitch::kAmpere;
    case Arch::kHopper:
      return NvSwitch::kHopper;
    case Arch::kBlackwell:
    case Arch::kGb200:
      return NvSwitch::kBlackwell;
    case Arch::kOther:
      return NvSwitch::kNone;
  }
  return NvSwitch::kNone;
}

// Dense FP4 ÷ dense FP8 of a Blackwell (KernelFacts::fp4_per_fp8): the datasheets' 9 ÷ 4.5
// (B200), 10 ÷ 5 (GB200), 14 ÷ 4.5 (B300) and 15 ÷ 5 PFLOPS (GB300).
double fp4_per_fp8(const FactsRow& row) {
  if (!row.ultra) return 2;
  return row.arch == Arch::kGb200 ? 3 : 14000.0 / 4500;
}

const FactsRow* row_of(std::string_view accelerator_id) {
  for (const FactsRow& row : kFacts) {
    if (row.id == accelerator_id) return &row;
  }
  return nullptr;
}

// FP8 attention over bf16, bf16's time ÷ FP8's at 2,048 … 32,768 tokens in ten-thousandths
// (fp8_attention_curve):
// NVIDIA's cuDNN training benchmark, causal (top-left), head dim 128, 64 query and 8 KV heads,
// the non-deterministic backward (cudnn-frontend benchmark/sdpa_benchmark_training/results:
// llama3.1/gb200/llama3.1_20260424_100750.csv and gb300/…_100757.csv, cuDNN 9.22, batch 2;
// h200_919_only_cudnn/llama3.1_20260227_034703.csv, cuDNN 9.19, batch 1). Hopper's FP8 backward
// loses to bf16 from 8k tokens on; MXFP8's backward only gains from 16k.
constexpr Fp8AttentionCurve kHopperFp8Attention{{14490, 14441, 14969, 14990, 15142},
                                                {10618, 9938, 7952, 6458, 6375}};
constexpr Fp8AttentionCurve kBlackwellFp8Attention{{12887, 12820, 13007, 12610, 13547},
                                                   {9396, 10266, 10915, 12284, 13758}};
constexpr Fp8AttentionCurve kBlackwellMxfp8Attention{{12136, 11994, 12085, 11705, 12611},
                                                     {8438, 9180, 9661, 10809, 11627}};
constexpr Fp8AttentionCurve kUltraFp8Attention{{14286, 14885, 15613, 15948, 15915},
                                               {9780, 11178, 12413, 13506, 14282}};
constexpr Fp8AttentionCurve kUltraMxfp8Attention{{12658, 13347, 13843, 14242, 14261},
                                                 {8396, 9152, 9783, 10370, 10666}};
// The same benchmark's DeepSeek-V3 shape (dsv3/gb200/dsv3_20260424_101009.csv and
// gb300/dsv3_20260424_101002.csv, cuDNN 9.22): 128 heads, query and key head dim 192, value 128.
constexpr Fp8AttentionCurve kBlackwellMlaFp8Attention{{15507, 14893, 15126, 14814, 14038},
                                                      {15507, 16018, 16425, 17358, 17255}};
constexpr Fp8AttentionCurve kBlackwellMlaMxfp8Attention{{14330, 13683, 14003, 14033, 13358},
                                                        {12365, 12912, 12526, 13689, 14242}};
constexpr Fp8AttentionCurve kUltraMlaFp8Attention{{17867, 17525, 17139, 16801, 16901},
                                                  {16531, 17343, 17896, 18881, 18672}};
constexpr Fp8AttentionCurve kUltraMlaMxfp8Attention{{16145, 15824, 15499, 15237, 14863},
                                                    {12655, 13318, 13791, 14164, 14458}};

}  // namespace

KernelFacts kernel_facts(std::string_view accelerator_id) {
  if (const FactsRow* row = row_of(accelerator_id)) {
    const bool hopper = row->arch == Arch::kHopper && std::isfinite(row->gemm_bf16);
    const bool blackwell = row->arch == Arch::kBlackwell || row->arch == Arch::kGb200;
    return {row->sms,
            row->gemm_bf16,
            row->gemm_fp8,
            row->comm,
            row->arch == Arch::kAmpere,
            hopper ? kHopperKOverhead : 0,
            hopper ? kHopperMamfK : 0,
            blackwell,
            nccl_ll_max_gbps(row->arch),
            row->nvswitch && std::isfinite(row->comm) ? nvswitch_of(row->arch) : NvSwitch::kNone,
            blackwell ? kBlackwellMemoryEfficiency : kUnknown,
            blackwell ? fp4_per_fp8(*row) : 0};
  }
  return {kUnknown, kUnknown, kUnknown, kUnknown,        false,    0,
          0,        false,    kUnknown, NvSwitch::kNone, kUnknown, 0};
}

double fp4_per_fp8_rate(std::string_view accelerator_id) {
  return kernel_facts(accelerator_id).fp4_per_fp8;
}

double gemm_sustained(std::string_view accelerator_id) {
  const FactsRow* row = row_of(accelerator_id);
  if (!row || !std::isfinite(row->gemm_bf16)) return 1;
  switch (row->arch) {
    case Arch::kHopper:
      return kHopperSustained;
    case Arch::kBlackwell:
      return kBlackwellSustained;
    case Arch::kGb200:
      return kGb200Sustained;
    case Arch::kAmpere:  // no sustained collection
    case Arch::kOther:
      return 1;
  }
  return 1;
}

AttentionKernel attention_kernel(std::string_view accelerator_id, bool pytorch,
                                 double gemm_efficiency) {
  const FactsRow* row = row_of(accelerator_id);
  const Arch arch = row ? row->arch : Arch::kOther;
  // Hopper, head dim 128 at 16k tokens (Shah et al. 2024, FlashAttention-3, Figure 5 causal
  // forward and Figure 6 backward, H100 SXM5): cuDNN — what TransformerEngine runs under
  // Megatron — 539 and 516 TFLOP/s; FlashAttention-2 — PyTorch's SDPA kernel — 335 and 322.
  // cuDNN 9.19 runs 1.28 and 1.15 times that on an H200 at 16k tokens (the same die and clocks;
  // docs/validation.md, "Attention kernels"): these are the 2024 release's, the H100 runs of the
  // training table from 2023 to 2026.
  if (arch == Arch::kHopper) {
    return pytorch ? AttentionKernel{"flash2", 335.0 / 989, 322.0 / 989}
                   : AttentionKernel{"cudnn", 539.0 / 989, 516.0 / 989};
  }
  // Ampere: FlashAttention-2 reaches 50–73 % of the A100's peak (Dao 2023, abstract): the forward
  // at the top of that range, the backward (more work per FLOP in its reductions) lower.
  if (arch == Arch::kAmpere) return {"flash2", 0.70, 0.55};
  // Elsewhere the ratio cuDNN attention keeps to the GEMMs on H100 (0.545 and 0.522 against
  // 0.803) applied to this accelerator's GEMM efficiency. For the B200 and GB200 that agrees with
  // NVIDIA's newest prefill collection (TensorRT-LLM 1.3.0rc20: 1.80 and 1.97 times the H100's
  // forward rate at the same shapes; this estimate 1.85 and 1.95). NVIDIA's cuDNN training
  // benchmark times their kernels faster from 8k tokens on (1.03-1.69 times), and under cuDNN 9.10
  // and 9.13 far slower at 2k (docs/validation.md, "Attention kernels"): not applied, the runs
  // stating no release. Blackwell Ultra is faster by its measured ratios (above).
  const bool ultra = row && row->ultra;
  return {"estimate", gemm_efficiency * 0.68 * (ultra ? kUltraAttentionFwd : 1),
          gemm_efficiency * 0.65 * (ultra ? kUltraAttentionBwd : 1)};
}

const Fp8AttentionCurve* fp8_attention_curve(std::string_view accelerator_id, bool mxfp8,
                                             double qk_head_dim) {
  const FactsRow* row = row_of(accelerator_id);
  if (!row) return nullptr;
  const bool wide = qk_head_dim > 128;
  switch (row->arch) {
    case Arch::kHopper:
      return mxfp8 ? nullptr : &kHopperFp8Attention;
    case Arch::kBlackwell:
    case Arch::kGb200:
      if (row->ultra && wide) return mxfp8 ? &kUltraMlaMxfp8Attention : &kUltraMlaFp8Attention;
      if (row->ultra) return mxfp8 ? &kUltraMxfp8Attention : &kUltraFp8Attention;
      if (wide) return mxfp8 ? &kBlackwellMlaMxfp8Attention : &kBlackwellMlaFp8Attention;
      return mxfp8 ? &kBlackwellMxfp8Attention : &kBlackwellFp8Attention;
    case Arch::kAmpere:
    case Arch::kOther:
      return nullptr;
  }
  return nullptr;
}

}  // namespace llm_sizer
