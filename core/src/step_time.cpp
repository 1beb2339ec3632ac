#include "llm_sizer/step_time.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <vector>

#include "llm_sizer/finetune.hpp"
#include "llm_sizer/layout_rules.hpp"
#include "llm_sizer/memory_profile.hpp"
#include "llm_sizer/units.hpp"

namespace llm_sizer {
namespace {

// NCCL's own cost model of a ring collective (src/graph/tuning.cc, its default tuner constants,
// the Simple protocol it runs the large messages of training with): a base latency, then one hop
// per ring step, 3.4 µs over NVLink and 14 µs for the steps that cross to another node. A ring
// over n ranks on N nodes takes n − 1 steps (all-gather, reduce-scatter; N − 1 of them across
// nodes), twice that for an all-reduce. So a collective over a thousand ranks waits ~5 ms before
// its bytes count, which is why Megatron grows its gradient buckets with the DP size (below).
struct RingLatency {
  double base_s, nvlink_hop_s, net_hop_s;
};
constexpr RingLatency kSimple{8.4e-6, 3.4e-6, 14e-6};
// Its other two protocols (the same tuning.cc): LL, whose 8-byte lines carry 4 bytes of data
// (half the bus bandwidth, at most the architecture's llMaxBws) at a 6.6 µs base and 0.6 µs per
// NVLink hop (2.7 across nodes), and LL128, whose 128-byte lines carry 120 (0.92 of it) at 14 µs
// and 1.9 µs (4.0). Within a node the tuner takes whichever it times fastest, as these do: its
// small messages go by LL. NVIDIA's NCCL 2.29.2 collection on eight H100s (AIConfigurator,
// docs/validation.md) measured an all-gather of 2 MB in 22 µs (Simple alone: 37; this, 24), of
// 512 B in 10 µs (32; 11). Rings across nodes keep Simple: with the tuner's choice there too
// (tried on 2026-12-06), MLPerf's Llama 3.1 8B on 64-256 B200, whose steps grow with their
// data-parallel size, came out 4-15 points further from published, and no collection measures a
// ring across nodes.
constexpr RingLatency kLl{6.6e-6, 0.6e-6, 2.7e-6};
constexpr RingLatency kLl128{14.0e-6, 1.9e-6, 4.0e-6};
constexpr double kLlShare = 0.5;
constexpr double kLl128Share = 0.92;
// A point-to-point send (pipeline stages, ring attention, the all-to-all's pieces): nccl-tests
// report ~10 µs for small messages.
constexpr double kSendLatencyS = 10e-6;
constexpr double kFp32Bytes = 4;
constexpr double kMaskBytes = 1;
// A collective overlapped with compute is not free: its kernels hold SMs and HBM bandwidth while
// they run, so the compute beside it slows by this share of the overlap (Calculon's system model,
// Isaev et al. SC'23: 15 % of the processor for NVLink collectives, 2 % for the network).
// NCCL runs each channel of a collective as one thread block, on one SM of every rank, and an
// inter-node ring enters and leaves each node through one NIC per channel before the channels
// are doubled (src/graph/search.cc, connect.cc's ncclTopoPreset): the network's 2 % is one NIC's
// channels, and a ring through k NICs of each node holds k times as many SMs, up to NVLink's.
constexpr double kNvlinkComputeShare = 0.15;
constexpr double kNicComputeShare = 0.02;
// Megatron-Core reduces the gradients in buckets of max(40M, 1M × DP) parameters while the
// backward runs (distributed_data_parallel.py: "larger DP sizes need larger buckets to ensure
// collectives do not become latency-bound"), in one piece without that overlap.
constexpr double kBucketParams = 40e6;
constexpr double kBucketParamsPerRank = 1e6;
// TransformerEngine's pipelined GEMM + reduce-scatter runs in 4 chunks (initialize_ub's default),
// its chunked GEMMs on up to 3 streams (_NUM_MAX_UB_STREAMS, pytorch/cpp_extensions/gemm.py).
constexpr double kPipelineSplits = 4;
constexpr double kUserbufferStreams = 3;
// Megatron's grouped experts (TEGroupedMLP) run TransformerEngine's GroupedLinear, whose default
// path launches one cuBLAS GEMM per local expert, round-robin over 4 compute streams
// (multi_stream_cublas_gemm, common/gemm/cublaslt_gemm.cu; get_num_compute_streams,
// common/util/multi_stream.cpp; its fused grouped GEMM is opt-in). PyTorch's grouped_mm is one
// kernel over all of them.
constexpr double kGroupedGemmStreams = 4;

// The element-wise ops of the PyTorch profile's models as transformers' modeling code runs them
// eagerly (modeling_llama.py; Qwen3 and Mistral share them), bytes per element of the tensor
// they transform (e: its dtype) and kernels, forward then backward. Megatron's fused kernels move
// each tensor once (the plain stream() calls below).
//   RMSNorm (LlamaRMSNorm): to(fp32) e+4, pow 8, mean 4, × rsqrt 8, to(e) 4+e, × weight 2e:
//   4e + 28 in 8 kernels (with the epsilon add and rsqrt). Backward: the weight's and the input's
//   gradients 6e, to(fp32) e+4, the rsqrt product and its reduction 8 + 12 + 4, mean's expand 4,
//   pow's 12, the two paths' sum 12, to(e) 4+e: 8e + 60 in 11 kernels.
//   Rotary (apply_rotary_pos_emb, in e): q·cos 2e, rotate_half's neg e and cat 2e, ·sin 2e, the
//   sum 3e: 10e in 5 kernels. Backward: g·sin and g·cos 4e, neg e, each half's slice_backward
//   (zeros, then the copy) 2e + 2e, q's three gradients summed 6e: 15e in 9 kernels.
//   SwiGLU (act_fn(gate) * up): SiLU 2e, the product 3e: 5e in 2 kernels. Backward: the product's
//   two gradients 6e, silu_backward 3e: 9e in 3 kernels.
struct EagerOp {
  double fwd_e, fwd_fixed, fwd_kernels, bwd_e, bwd_fixed, bwd_kernels;
};
constexpr EagerOp kEagerRmsNorm{4, 28, 8, 8, 60, 11};
constexpr EagerOp kEagerRotary{10, 0, 5, 15, 0, 9};
constexpr EagerOp kEagerSwiglu{5, 0, 2, 9, 0, 3};
// Attention without a fused kernel (transformers' eager_attention_forward, modeling_llama.py), per
// score element: × scaling 2e, + the causal mask 2e (the mask broadcast over batch and heads,
// read from L2), softmax(dtype=float32)'s upcast e+4, the fp32 softmax 8, .to(e) 4+e: 6e + 16 in
// 5 kernels; dropout at p = 0 returns its input (ATen's _dropout). Backward: .to's e+4, the
// softmax's 12, the upcast's 4+e, the scaling's 2e: 4e + 20 in 4 kernels (the mask's add passes
// the gradient through). Measured on one H200 (validation/data/h200/): these kernels are most of
// the element-wise time of the eager runs.
constexpr EagerOp kEagerAttentionScores{6, 16, 5, 4, 20, 4};
// Megatron adds the routed experts' output bias (gpt-oss) eagerly, in fp32, on every routed copy
// (TEGroupedMLP._apply_packed_bias, megatron/core/transformer/moe/experts.py at d98e8a64dd; the
// older per-expert _apply_bias moves about as much): the output's .float() e+4, the bias
// repeated per copy 4, × the copy's probability 8, the sum 12, .to(e) 4+e: 2e + 32 in 5 kernels.
// Backward: .to's e+4, .float's 4+e, the product's two gradients 8 + 8, repeat_interleave's
// reduction 4: 2e + 28 in 5 kernels.
constexpr EagerOp kEagerExpertBias{2, 32, 5, 2, 28, 5};
// Megatron runs gpt-oss's activation as its quick-GEGLU, whose clamp (glu_clamp) runs eagerly
// before the fused kernel (weighted_bias_quick_geglu_impl, megatron/core/fusions/
// fused_bias_geglu.py at d98e8a64dd; its SwiGLU fuses the clamp): per element of the GLU's input,
// each half's clamp 2e and their cat 2e in 3 kernels. Backward: each half's clamp_backward (the
// gradient and the input read, one written) 3e and the halves' gradients joined 2e in 3 kernels.
constexpr EagerOp kEagerGluClamp{4, 0, 3, 5, 0, 3};

// The speeds of one link: bytes per second a collective's bus bandwidth reaches. A link of
// unknown bandwidth costs nothing and says so (the step then leaves communication out).
struct Link {
  double bytes_per_s = 0;
  bool* unknown = nullptr;
  double compute_share = kNvlinkComputeShare;                 // of the compute it overlaps (above)
  double per_node = std::numeric_limits<double>::infinity();  // group members in each node
  double ll_max_bytes_per_s = std::numeric_limits<double>::infinity();  // NCCL's LL cap (above)
  double extra_latency_s = 0;  // the switch generation's beyond NCCL's model (kernel_model.hpp)

  bool known() const {
    if (bytes_per_s > 0 && std::isfinite(bytes_per_s)) return true;
    *unknown = true;
    return false;
  }
  // One ring's latency over `ranks`: `factor` × (ranks − 1) steps, those between nodes dearer.
  double latency_s(double ranks, double factor, const RingLatency& protocol) const {
    const double nodes = std::ceil(ranks / std::min(per_node, ranks));
    const double steps = factor * (ranks - 1);
    const double across = factor * (nodes - 1);
    return protocol.base_s + extra_latency_s + (steps - across) * protocol.nvlink_hop_s +
           across * protocol.net_hop_s;
  }
  // `factor` 1: all-gather or reduce-scatter; 2: all-reduce. `count` collectives move `bytes`.
  double ring_s(double bytes, double ranks, double factor, double count) const {
    if (ranks <= 1 || !(bytes > 0) || !known()) return 0;
    const double moved = factor * (ranks - 1) / ranks * bytes;
    const double simple = moved / bytes_per_s + count * latency_s(ranks, factor, kSimple);
    if (ranks > per_node) return simple;
    const double ll_bytes_per_s = std::min(kLlShare * bytes_per_s, ll_max_bytes_per_s);
    const double ll = moved / ll_bytes_per_s + count * latency_s(ranks, factor, kLl);
    const double ll128 =
        moved / (kLl128Share * bytes_per_s) + count * latency_s(ranks, factor, kLl128);
    return std::min({simple, ll, ll128});
  }
  double all_gather_s(double bytes, double ranks, double count = 1) const {
    return ring_s(bytes, ranks, 1, count);
  }
  double reduce_scatter_s(double bytes, double ranks, double count = 1) const {
    return ring_s(bytes, ranks, 1, count);
  }
  double all_reduce_s(double bytes, double ranks, double count = 1) const {
    return ring_s(bytes, ranks, 2, count);
  }
  // One scalar all-reduced (an fp8 amax): the LL protocol's latency alone.
  double scalar_all_reduce_s(double ranks) const {
    if (ranks <= 1 || !known()) return 0;
    return latency_s(ranks, 2, kLl);
  }
  double send_s(double bytes) const {
    if (!(bytes > 0) || !known()) return 0;
    return bytes / bytes_per_s + kSendLatencyS + extra_latency_s;
  }
};

// NVLink's share is measured per accelerator (kernel_catalog.cpp); the network's is the NICs'
// (kernel_model.hpp): an InfiniBand or EFA link is not an NVLink one.
Link link(const TrainingTimeInputs& in, bool within_node, bool& unknown) {
  if (within_node) {
    Link nvlink{gb_to_bytes(in.intra_node_gbps) * in.comm_efficiency, &unknown,
                kNvlinkComputeShare};
    if (in.nccl_ll_max_gbps > 0) nvlink.ll_max_bytes_per_s = gb_to_bytes(in.nccl_ll_max_gbps);
    nvlink.extra_latency_s = nvswitch_figures(in.nvswitch).extra_latency_s;
    return nvlink;
  }
  return {gb_to_bytes(in.inter_node_gbps) * in.net_efficiency, &unknown, kNicComputeShare};
}

// What `comm` costs when it runs beside `compute`, which runs `share` slower while both do: the
// pair ends at max(comm, compute + share·comm) — the compute's slowdown, or, once the
// communication outlasts the slowed compute, the communication's own end.
double overlapped(double comm, double compute, double share) {
  return std::max(comm - compute, share * comm);
}

// Whether the plan's MoE all-to-all overlap runs: Megatron refuses it beside full recompute
// (TransformerConfig.__post_init__ asserts it); other frameworks' overlaps (DualPipe) keep it.
bool moe_overlap_allowed(const TrainingTimeInputs& in) {
  return in.moe_overlap && !(in.memory.framework == Framework::kMegatron &&
                             in.memory.layout.recompute == Recompute::kFull);
}

// C(a, k) / C(b, k): the chance that k drawn without repeats from b all fall among a of them.
double all_among(double a, double b, double k) {
  double p = 1;
  for (int i = 0; i < static_cast<int>(k); ++i) p *= std::max(0.0, a - i) / (b - i);
  return p;
}

}  // namespace

// Group-limited routing's figures: step_time.hpp.
double remote_nodes_per_token(const Architecture& a, double nodes) {
  if (!(nodes > 1)) return 0;
  const double experts = a.moe_experts;
  const double k = a.moe_top_k;
  const double groups = a.moe_router_groups;
  const double chosen = a.moe_router_group_topk;
  const bool limited = groups > 1 && chosen > 0 && chosen < groups;
  double missed = 0;  // the chance another node holds none of a token's experts
  if (limited && std::fmod(groups, nodes) == 0) {
    missed = all_among(groups - groups / nodes, groups, chosen);
  } else if (limited && std::fmod(nodes, groups) == 0) {
    const double per_group = experts / groups;
    const double each = k / chosen;  // experts a chosen group gives
    missed = (1 - chosen / groups) +
             chosen / groups * all_among(per_group - experts / nodes, per_group, each);
  } else {
    missed = all_among(experts - experts / nodes, experts, k);
  }
  return (nodes - 1) * (1 - missed);
}

namespace {

// Members of a group of `ranks` ranks `stride` apart that each fast-link domain holds where the
// groups tile the domains: domain ÷ stride, at least one, at most the group.
double tiled_members(const TrainingTimeInputs& in, double ranks, double stride) {
  return std::clamp(std::floor(in.nvlink_domain_gpus / stride), 1.0, ranks);
}

// The fewest members any group of `ranks` ranks `stride` apart holds in one fast-link domain of
// one server, among the domains it touches: what its worst-placed member reaches without the
// network. Groups that tile the servers hold min(ranks, domain ÷ stride) in each; a block
// (ranks · stride) that does not divide the server, or that spans servers unevenly (EP 10 on
// eight GPUs: 8 | 2, 6 | 4 …), leaves some member with fewer. A domain of several servers (NVL72)
// is allocated in segments the plan does not say, and is not split here.
double fewest_members_in_a_domain(const TrainingTimeInputs& in, double ranks, double stride) {
  const double domain = in.nvlink_domain_gpus;
  const double tiled = tiled_members(in, ranks, stride);
  const double span = ranks * stride;
  if (!(domain <= in.gpus_per_node) || std::fmod(domain, span) == 0 ||
      (std::fmod(span, domain) == 0 && std::fmod(domain, stride) == 0)) {
    return tiled;
  }
  const auto whole = [](double x) { return static_cast<long>(std::llround(x)); };
  const long d = whole(domain), b = whole(span), r = whole(ranks), st = whole(stride);
  if (d <= 0 || b <= 0 || r <= 0 || st <= 0 || d > 4096 || b > 65536) return tiled;
  const long period = std::lcm(d, b);
  long fewest = r;
  for (long start = 0; start < period; start += b) {
    for (long i = 0; i < st; ++i) {
      // Members run in rank order: count them domain by domain.
      long run = 0, at = (start + i) / d;
      for (long j = 0; j < r; ++j) {
        const long node = (start + i + j * st) / d;
        if (node != at) {
          fewest = std::min(fewest, run);
          run = 0;
          at = node;
        }
        ++run;
      }
      fewest = std::min(fewest, run);
    }
  }
  return static_cast<double>(fewest);
}

// The link of a collective over `ranks` GPUs placed `stride` apart in rank order (consecutive
// ranks fill a node). Within a node: NVLink. Across nodes with k members in each node, NCCL's
// rings leave every node through all k members' NICs (each GPU has its own), so the bus
// bandwidth is k NICs' worth, at most NVLink's, and its channels hold k NICs' share of the SMs.
// Groups of `ranks` ranks `stride` apart tile the ranks in blocks of ranks·stride (Megatron
// orders TP first, then CP, DP: parallel_state.py's RankGenerator). In a fast-link domain of one
// server, a block that does not divide the server leaves some group with members on two servers:
// the fewest that group has on either side, the slowest group's NICs (0: none straddles). A
// domain of several servers (NVL72) is allocated in segments the plan does not say, and is not
// split here.
double straddling_members(const TrainingTimeInputs& in, double ranks, double stride) {
  if (ranks * stride > in.nvlink_domain_gpus) return 0;
  const double fewest = fewest_members_in_a_domain(in, ranks, stride);
  return fewest < ranks ? fewest : 0;
}

Link group_link(const TrainingTimeInputs& in, double ranks, double stride, bool& unknown) {
  if (ranks * stride <= in.nvlink_domain_gpus) {
    // A group of fewer than 8 reaches less of the switch's bandwidth (kernel_model.hpp).
    Link nvlink = link(in, true, unknown);
    nvlink.bytes_per_s *= nvswitch_figures(in.nvswitch).ring(ranks);
    const double k = straddling_members(in, ranks, stride);
    if (k > 0) {
      // Its ring leaves the server through k NICs and comes back: their bandwidth, or the ring's.
      const double bus = std::min(k * link(in, false, unknown).bytes_per_s, nvlink.bytes_per_s);
      return {bus, &unknown, std::min(kNvlinkComputeShare, k * kNicComputeShare), ranks - k};
    }
    return nvlink;
  }
  const double k = tiled_members(in, ranks, stride);
  const double bus =
      std::min(k * link(in, false, unknown).bytes_per_s, link(in, true, unknown).bytes_per_s);
  return {bus, &unknown, std::min(kNvlinkComputeShare, k * kNicComputeShare), k};
}

// Everything one layer's kernels need to know about the layout, computed once.
struct Shape {
  double t = 1;        // TP
  double tokens = 0;   // T = b·s/CP on this GPU
  double unsplit = 0;  // tokens of the norms and residuals: T/t under SP, else T
  double seq = 0;      // tokens per attention call (s/CP)
  double e = 2;        // bytes of an activation element
  double me = 2;       // bytes of a GEMM operand (1 under fp8)
  double grad = 2;     // bytes of an accumulated weight gradient
  bool fp8 = false;
  Fp8Quantization quantize;  // under fp8: what each GEMM operand's quantization costs
  bool sp = false;
  bool megatron = true;
  bool flash = true;
  bool frozen = false;    // LoRA/QLoRA: the base's weights take no gradient
  bool autocast = false;  // PyTorch autocast: fp32 weights and residual stream, bf16 GEMMs
};

// The cost of one GEMM forward and its two backward GEMMs (input and weight gradients).
struct GemmCost {
  double fwd = 0;
  double dgrad = 0;
  double wgrad = 0;
  double m = 0, kdim = 0, n = 0, batch = 1;  // the forward's shape
};

// `batch` GEMMs of one shape: one kernel, or (`streams` ≥ 1) a kernel each over that many streams.
GemmCost linear(const KernelSpeeds& k, const Shape& s, double m, double kdim, double n,
                double batch = 1, double streams = 0) {
  GemmCost g{0, 0, 0, m, kdim, n, batch};
  g.fwd = concurrent_gemms_s(k, m, kdim, n, s.me, s.e, batch, streams);
  g.dgrad = concurrent_gemms_s(k, m, n, kdim, s.me, s.e, batch, streams);
  // The weight gradient accumulates over micro-batches: its output is read and written in the
  // gradient's precision (Megatron's fused fp32 main_grad, PyTorch's .grad). Under autocast the
  // GEMM writes the bf16 gradient of the weight's cast once; the cast back and the sum into the
  // fp32 .grad run apart (autocast_traffic).
  const double wgrad_out = s.autocast ? s.e : 2 * s.grad;
  g.wgrad = s.frozen ? 0 : concurrent_gemms_s(k, kdim, m, n, s.me, wgrad_out, batch, streams);
  return g;
}

// Accumulates forward and backward compute, and the fp8 casts of GEMM inputs.
struct Compute {
  double fwd = 0;
  double bwd = 0;
  double fwd_bytes = 0;  // streamed, summed into one figure per direction
  double bwd_bytes = 0;
  int fwd_kernels = 0;
  int bwd_kernels = 0;
  double weights = 0;  // elements of the weights the layer's GEMMs read

  void add(const GemmCost& g, const Shape& s, double m, double kdim, double n, double batch = 1) {
    fwd += g.fwd;
    weights += kdim * n * batch;
    bwd += g.dgrad + g.wgrad;
    if (s.fp8) {
      // TransformerEngine quantizes each GEMM input forward and each output gradient backward,
      // as the recipe does (fp8_recipe.hpp); Megatron's grouped experts one expert at a time
      // unless the recipe fuses the group (Fp8Quantization::grouped_in_one).
      fwd_bytes += s.quantize.bytes_per_element * m * kdim * batch;
      bwd_bytes += s.quantize.bytes_per_element * m * n * batch;
      const int tensors =
          s.megatron && !s.quantize.grouped_in_one ? static_cast<int>(std::ceil(batch)) : 1;
      fwd_kernels += tensors * s.quantize.kernels;
      bwd_kernels += tensors * s.quantize.kernels;
    }
  }
  void stream(double fwd_b, double bwd_b) {
    fwd_bytes += fwd_b;
    bwd_bytes += bwd_b;
    fwd_kernels += fwd_b > 0 ? 1 : 0;
    bwd_kernels += bwd_b > 0 ? 1 : 0;
  }
  // An eager op chain run `count` times, each over `elements` of `e`-byte elements.
  void eager(const EagerOp& op, double elements, double e, int count = 1) {
    if (!(elements > 0)) return;
    fwd_bytes += count * elements * (op.fwd_e * e + op.fwd_fixed);
    bwd_bytes += count * elements * (op.bwd_e * e + op.bwd_fixed);
    fwd_kernels += count * static_cast<int>(op.fwd_kernels);
    bwd_kernels += count * static_cast<int>(op.bwd_kernels);
  }
  // The forward's memory-bound part: what an op-level recompute runs again whole.
  double fwd_stream_s(const KernelSpeeds& k) const { return streams_s(k, fwd_bytes, fwd_kernels); }
  void finish(const KernelSpeeds& k) {
    fwd += fwd_stream_s(k);
    bwd += streams_s(k, bwd_bytes, bwd_kernels);
  }
};

struct AttentionCost {
  double fwd = 0;
  double bwd = 0;
  double recompute = 0;  // the attention core's forward again (selective recompute)
};

// The attention core: flash, or standard softmax attention over the full square.
AttentionCost attention_core(const KernelSpeeds& bf16, const Shape& s, const Architecture& a,
                             double micro_batch, double cp) {
  AttentionCost c;
  const double heads = a.heads / s.t;
  const double dqk = a.qk_head_dim();
  const double dv = a.v_dim();
  if (s.flash) {
    // Causal: on average each query sees half the keys; CP balances the halves.
    const double keys = s.seq * cp / 2;
    const double flops = 2 * micro_batch * heads * s.seq * keys * (dqk + dv);
    // Under CP each GPU holds two chunks of s/(2·CP) tokens, one from each end of the sequence
    // (Megatron's get_batch_on_this_cp_rank balances the causal work so), and TransformerEngine's
    // ring attention calls the kernel per chunk pair: its length is the chunk's.
    const double kernel_seq = cp > 1 ? s.seq / 2 : s.seq;
    c.fwd = flash_attention_s(bf16, flops, kernel_seq, false);
    c.bwd = flash_attention_s(bf16, kFlashBackwardFlops * flops, kernel_seq, true);
    if (a.sliding_window > 0) {
      // The windowed layers' share of the layers (window_attention_s: how fast their kernel is).
      const double windowed =
          a.sliding_window_layers > 0 ? double(a.sliding_window_layers) / a.layers : 1.0;
      const double w = a.sliding_window;
      c.fwd = windowed * window_attention_s(bf16, flops, keys, kernel_seq, w, false) +
              (1 - windowed) * c.fwd;
      c.bwd = windowed *
                  window_attention_s(bf16, kFlashBackwardFlops * flops, keys, kernel_seq, w, true) +
              (1 - windowed) * c.bwd;
    }
    c.recompute = c.fwd;
    return c;
  }
  // Standard attention over the whole square: Megatron's fused scale-mask-softmax moves the
  // scores once each way; PyTorch's eager chain (kEagerAttentionScores) several times.
  const double batch = micro_batch * heads;
  const double sq = s.seq;
  const double scores = batch * sq * sq;
  const double e = s.e;
  const double qk = gemm_s(bf16, sq, dqk, sq, e, e, batch);
  const double pv = gemm_s(bf16, sq, sq, dv, e, e, batch);
  const EagerOp& op = kEagerAttentionScores;
  const double softmax = s.megatron ? stream_s(bf16, scores * 2 * e)
                                    : stream_s(bf16, scores * (op.fwd_e * e + op.fwd_fixed));
  const double dropout = a.dropout ? stream_s(bf16, scores * (2 * e + kMaskBytes)) : 0;
  c.fwd = qk + softmax + dropout + pv;
  c.recompute = c.fwd;
  const double pv_bwd =
      gemm_s(bf16, sq, sq, dv, e, e, batch) + gemm_s(bf16, sq, dv, sq, e, e, batch);
  const double dropout_bwd = a.dropout ? stream_s(bf16, scores * (2 * e + kMaskBytes)) : 0;
  const double softmax_bwd = s.megatron ? stream_s(bf16, scores * 3 * e)
                                        : stream_s(bf16, scores * (op.bwd_e * e + op.bwd_fixed));
  const double qk_bwd = 2 * gemm_s(bf16, sq, sq, dqk, e, e, batch);
  c.bwd = pv_bwd + dropout_bwd + softmax_bwd + qk_bwd;
  return c;
}

// One collective beside a GEMM: overlapped when TP overlap is on, else waited for.
double exposed(double comm, double gemm, bool overlap, double share) {
  return overlap ? overlapped(comm, gemm, share) : comm;
}

// A LoRA linear beside the frozen one's GEMM, its adapter in `a` bytes an element (PEFT: fp32,
// memory_profile's adapter_bytes; Megatron: the model's bf16). PEFT's Linear.forward
// (peft/tuners/lora/layer.py) casts the input to the adapter's dtype (e+a per input element,
// none when a = e), runs lora_A and lora_B (rank-r GEMMs, without tensor cores in fp32 since TF32
// is off by default: each streams its wide operand, a per input and per output element), scales
// (2a per output element), adds the base's result, promoted to the wider dtype w (e+a+w), and
// casts back (w+e, none when w = e). Backward: the cast's and the sum's gradients (2(w+e) when
// w ≠ e), the scaling's 2a, lora_B's two GEMMs reading the output gradient 2a (out), lora_A's
// writing the input gradient and reading the saved input 2a, the input cast's a+e and the sum
// into the base path's input gradient 3e (in). Rank-r GEMMs are memory-bound at small r (about
// r/2 FLOP a byte in fp32), so all of it streams. PEFT, a = 4, e = 2: in·10 + out·28 forward,
// in·20 + out·28 backward.
void adapter_traffic(const TrainingTimeInputs& in, const Shape& s, bool moe_layer, Compute& c) {
  const Architecture& arch = in.memory.arch;
  const AdaptedWidths w = lora_adapted_widths(arch, in.memory.finetune.lora_targets);
  const double e = s.e;
  const double a = memory_profile(in.memory.framework).adapter_bytes;
  const double wide = std::max(a, e);
  const double cast_in = a != e ? e + a : 0;
  const double cast_out = wide != e ? wide + e : 0;
  const double fwd_in = cast_in + a;
  const double fwd_out = a + 2 * a + (e + a + wide) + cast_out;
  const double bwd_in = 2 * a + cast_in + 3 * e;
  const double bwd_out = 2 * cast_out + 2 * a + 2 * a;
  const auto add = [&](double tokens, double in_width, double out_width) {
    if (!(tokens > 0) || !(in_width + out_width > 0)) return;
    c.stream(tokens * (in_width * fwd_in + out_width * fwd_out),
             tokens * (in_width * bwd_in + out_width * bwd_out));
  };
  // Widths split over TP as the layer's own linears are (an approximation: one side of each).
  add(s.tokens, w.attention_in / s.t, w.attention_out / s.t);
  if (!moe_layer) {
    add(s.tokens, w.ffn_in / s.t, w.ffn_out / s.t);
  } else {
    add(s.unsplit * arch.moe_top_k, w.expert_in, w.expert_out);  // each routed copy's expert
    add(s.tokens, w.shared_in / s.t, w.shared_out / s.t);
  }
}

// What autocast changes in a norm's traffic, bytes per element forward and backward (the norms'
// item of autocast_traffic's list, below): for a layer's norms and the final one alike.
struct NormDelta {
  double fwd, bwd;
};
NormDelta autocast_norm_delta(const Architecture& a, double e) {
  if (a.norm == NormKind::kRmsNorm) {
    return {-kEagerRmsNorm.fwd_e * e, 4 * kFp32Bytes - kEagerRmsNorm.bwd_e * e};
  }
  return {2 * (kFp32Bytes - e), 3 * (kFp32Bytes - e)};
}

// PyTorch autocast (runs_autocast, training_memory.hpp; FSDP's mixed precision gathers bf16
// weights instead and casts nothing per op). Weights and the residual stream stay fp32 and each
// op on autocast's bf16 list casts its inputs (the lists of aten/src/ATen/autocast_mode.h;
// cached_cast keeps the casts of fp32 leaves that take gradients). On top of the pure-bf16
// chains above, per layer and micro-batch, in bytes per element (e: the bf16 activation):
// - each weight a GEMM reads is cast once per forward (4 + e; again in a full recompute, a new
//   autocast region), and its bf16 gradient back (e + 4); summed into the fp32 .grad after the
//   first micro-batch (12, once per step: autocast_accumulation_s);
// - each linear that reads a norm's fp32 output casts it (4 + e per linear: Llama's q, k, v and
//   gate, up; GELU's fc1; kHfAttentionInputLinears), backward its gradient back (e + 4), and a
//   group's input gradients are summed in fp32 (12 per add where bf16 took 3e);
// - RMSNorm's input is fp32 already: its casts vanish and the weight multiply writes fp32
//   (forward 28 where 4e + 28, backward 24 + 52 where 8e + 60, two kernels fewer each way);
//   LayerNorm, on autocast's fp32 list, reads and writes 4 where e;
// - rotary: cos and sin come in the residual's fp32 (the rotary embedding returns them in its
//   input's dtype), so q·cos and rotate_half(q)·sin write fp32 and so does their sum (20 − 5e
//   more), which SDPA casts back (4 + e); backward each product's fp32 gradient is cast to q's
//   bf16 (24 − 2e more) after SDPA's input gradient is cast up (e + 4);
// - each residual add reads the bf16 branch into fp32 (8 − 2e more); backward the branch's
//   gradient is cast down (4 + e) and the junction sums in fp32 (12 − 3e more).
// On one H200 (validation/data/h200/run2-training.json, Llama-3.2-1B) the profile counts 324
// fp32-to-bf16 and 229 bf16-to-fp32 cast kernels in a step: these casts, one for one.
void autocast_traffic(const TrainingTimeInputs& in, const Shape& s, bool moe_layer, Compute& c) {
  const Architecture& a = in.memory.arch;
  const double e = s.e;
  const double h = a.hidden;
  const double T = s.tokens;
  const double Tu = s.unsplit;
  const double cast = kFp32Bytes + e;
  const double sum_extra = 3 * kFp32Bytes - 3 * e;
  // Weights: the forward's casts and the gradients' casts back (QLoRA's NF4 base is dequantized
  // to bf16 instead, finetune_time's dequant_step_s).
  if (in.memory.finetune.mode != FineTune::kQlora) {
    c.stream(c.weights * cast, s.frozen ? 0 : c.weights * cast);
  }
  // The linears reading a norm's output, by group (their input gradients summed within one),
  // as transformers' modeling code has them (architecture.hpp), as the memory model counts them.
  const double up_mats = hf_ffn_input_linears(a);
  const auto group = [&](double tokens, double width, double linears) {
    if (!(tokens > 0) || !(linears > 0)) return;
    const double elements = tokens * width;
    c.fwd_bytes += linears * cast * elements;
    c.bwd_bytes += (linears * cast + (linears - 1) * sum_extra) * elements;
    c.fwd_kernels += static_cast<int>(linears);
    c.bwd_kernels += static_cast<int>(2 * linears - 1);
  };
  group(T, h, kHfAttentionInputLinears);
  if (!moe_layer) {
    group(T, h, up_mats);
  } else {
    group(T, h, 1);  // the router
    // Every routed copy this GPU's experts take (layer_cost's rows, over its E/EP experts).
    const double copies =
        in.memory.layout.etp * Tu * a.moe_top_k * moe_rank_load(a, in.memory.layout).load;
    group(copies, h, up_mats);
    if (a.moe_shared_experts > 0) group(T, h, up_mats);
  }
  // The layer's norms.
  const double norm_elements = a.layer_norms * Tu * h;
  const NormDelta norm = autocast_norm_delta(a, e);
  c.fwd_bytes += norm_elements * norm.fwd;
  c.bwd_bytes += norm_elements * norm.bwd;
  if (a.norm == NormKind::kRmsNorm) {
    c.fwd_kernels -= 2 * a.layer_norms;
    c.bwd_kernels -= 2 * a.layer_norms;
  }
  // Rotary on q and k, and SDPA's casts of them.
  if (a.positions == PositionKind::kRotary && !a.is_mla()) {
    const double qk = T * (a.heads + a.kv_heads) * a.qk_head_dim() / s.t;
    c.fwd_bytes += qk * (4 * kFp32Bytes + 4 - 5 * e + cast);
    c.bwd_bytes += qk * (6 * kFp32Bytes - 2 * e + cast);
    c.fwd_kernels += 2;
    c.bwd_kernels += 6;
  }
  // The two residual adds.
  c.fwd_bytes += 2 * Tu * h * (2 * kFp32Bytes - 2 * e);
  c.bwd_bytes += 2 * Tu * h * (cast + sum_extra);
  c.bwd_kernels += 2;
}

LayerCost layer_cost(const TrainingTimeInputs& in, const KernelSpeeds& lin,
                     const KernelSpeeds& bf16, const Shape& s, bool moe_layer, bool& unknown) {
  const Architecture& a = in.memory.arch;
  const TrainingLayout& l = in.memory.layout;
  const double h = a.hidden;
  const double t = s.t;
  const double T = s.tokens;
  const double Tu = s.unsplit;
  const double e = s.e;
  Compute c;
  LayerCost out;
  // Forward seconds of the parts Megatron's selective recompute can redo (its modules).
  double up_proj_fwd = 0;  // MLA's q and kv up-projections
  double mlp_fwd = 0;      // the MLP block's GEMMs (dense, or router, experts and shared experts)
  double act_fwd = 0;      // the routed experts' activation
  // Forward seconds of the matmuls torchtitan's op-level policy does not save (the 2nd, 4th, …
  // of a layer: k, o and SwiGLU's up projection, or the GELU FFN's second).
  double op_unsaved_fwd = 0;

  // Attention projections.
  GemmCost first_in, last_out;  // the GEMMs TP's collectives sit beside
  if (a.is_mla()) {
    const double q_out = a.heads * (a.qk_nope_dim + a.qk_rope_dim) / t;
    if (a.q_lora_rank > 0) {
      const GemmCost qa = linear(lin, s, T, h, a.q_lora_rank);
      c.add(qa, s, T, h, a.q_lora_rank);
      const GemmCost qb = linear(lin, s, T, a.q_lora_rank, q_out);
      c.add(qb, s, T, a.q_lora_rank, q_out);
      up_proj_fwd += qb.fwd;
      first_in = qa;
    } else {
      first_in = linear(lin, s, T, h, q_out);
      c.add(first_in, s, T, h, q_out);
    }
    const double kv_a = a.kv_lora_rank + a.qk_rope_dim;
    c.add(linear(lin, s, T, h, kv_a), s, T, h, kv_a);
    const double kv_b = a.heads * (a.qk_nope_dim + a.v_head_dim) / t;
    const GemmCost kvb = linear(lin, s, T, a.kv_lora_rank, kv_b);
    c.add(kvb, s, T, a.kv_lora_rank, kv_b);
    up_proj_fwd += kvb.fwd;
    // The latent norms: on the q and kv latents of every token.
    const double latents = T * (a.q_lora_rank + a.kv_lora_rank);
    if (s.megatron) {
      c.stream(2 * latents * e, 3 * latents * e);
    } else {
      c.eager(kEagerRmsNorm, latents, e);
    }
  } else {
    const double qkv = (a.heads + 2.0 * a.kv_heads) * a.qk_head_dim() / t;
    first_in = linear(lin, s, T, h, qkv);
    c.add(first_in, s, T, h, qkv);
    op_unsaved_fwd += first_in.fwd * a.kv_heads / (a.heads + 2.0 * a.kv_heads);  // k
    const double qk = (a.heads + a.kv_heads) * a.qk_head_dim() / t;
    const bool rotary = a.positions == PositionKind::kRotary;
    // QK norm (Qwen3, OLMo 2): an RMSNorm over every query and key head, as the layer's norms.
    if (s.megatron) {
      if (rotary) c.stream(2 * T * qk * e, 2 * T * qk * e);
      if (a.qk_norm) c.stream(2 * T * qk * e, 3 * T * qk * e);
    } else {
      // On q and on k apart.
      const double q = a.heads * a.qk_head_dim() / t;
      const double k = a.kv_heads * a.qk_head_dim() / t;
      for (const double width : {q, k}) {
        if (rotary) c.eager(kEagerRotary, T * width, e);
        if (a.qk_norm) c.eager(kEagerRmsNorm, T * width, e);
      }
    }
  }
  const double o_in = a.heads * a.v_dim() / t;
  last_out = linear(lin, s, T, o_in, h);
  c.add(last_out, s, T, o_in, h);
  op_unsaved_fwd += last_out.fwd;
  const AttentionCost core = attention_core(bf16, s, a, l.micro_batch, l.cp);

  // Norms (2, or 4 with post-norms), residual adds with their dropout (2): on T/t tokens under
  // SP. PyTorch's RMSNorm runs eagerly (above); LayerNorm is one kernel there too.
  const double mask = a.dropout ? kMaskBytes : 0;
  if (!s.megatron && a.norm == NormKind::kRmsNorm) {
    c.eager(kEagerRmsNorm, Tu * h, e, a.layer_norms);
  } else {
    c.stream(a.layer_norms * 2 * Tu * h * e, a.layer_norms * 3 * Tu * h * e);
  }
  c.stream(2 * Tu * h * (3 * e + mask), a.dropout ? 2 * Tu * h * (2 * e + mask) : 0);

  // FFN.
  const double up_mats = a.ffn_kind == FfnKind::kSwiglu ? 2 : 1;
  const auto activation = [&](double elements) {
    // GELU reads and writes its input; SwiGLU reads gate and up and writes their product (in one
    // fused kernel; eagerly, above).
    if (a.ffn_kind == FfnKind::kSwiglu && !s.megatron) {
      c.eager(kEagerSwiglu, elements, e);
    } else if (a.ffn_kind == FfnKind::kSwiglu) {
      c.stream(3 * elements * e, 5 * elements * e);
    } else {
      c.stream(2 * elements * e, 3 * elements * e);
    }
  };
  GemmCost ffn_in, ffn_out;
  double ep_comm = 0;
  double ep_share = 0;
  const double fwd_before_mlp = c.fwd;
  if (!moe_layer) {
    const double f = a.ffn / t;
    ffn_in = linear(lin, s, T, h, up_mats * f);
    c.add(ffn_in, s, T, h, up_mats * f);
    ffn_out = linear(lin, s, T, f, h);
    c.add(ffn_out, s, T, f, h);
    op_unsaved_fwd += up_mats > 1 ? ffn_in.fwd / up_mats : ffn_out.fwd;
    activation(T * f);
  } else {
    // Router on this GPU's tokens, then the routed experts: E/EP experts here, each sharded
    // over ETP, each seeing EP·ETP·T_u·k/E tokens when the load is balanced — times the hottest
    // rank's load, which every rank waits for at the combine's all-to-all.
    const double load = moe_rank_load(a, l).load;
    const double experts_here = a.moe_experts / l.ep;
    const double rows = l.ep * l.etp * Tu * a.moe_top_k / a.moe_experts * load;
    const double fe = a.moe_ffn / l.etp;
    c.add(linear(lin, s, Tu, h, a.moe_experts), s, Tu, h, a.moe_experts);
    c.stream(Tu * a.moe_experts * 2 * kFp32Bytes, Tu * a.moe_experts * 2 * kFp32Bytes);
    const double streams = s.megatron ? kGroupedGemmStreams : 0;
    const GemmCost up = linear(lin, s, rows, h, up_mats * fe, experts_here, streams);
    c.add(up, s, rows, h, up_mats * fe, experts_here);
    op_unsaved_fwd += up.fwd / 2;  // about every second expert matmul
    c.add(linear(lin, s, rows, fe, h, experts_here, streams), s, rows, fe, h, experts_here);
    if (a.linear_bias && s.megatron) c.eager(kEagerExpertBias, rows * experts_here * h, e);
    activation(rows * experts_here * fe);
    // The activation Megatron's moe_act recompute redoes, with the clamp it runs inside.
    const double glu_inputs = up_mats * rows * experts_here * fe;
    const bool clamp = a.clamps_glu() && s.megatron;
    if (clamp) c.eager(kEagerGluClamp, glu_inputs, e);
    act_fwd = stream_s(lin, 3 * rows * experts_here * fe * e +
                                (clamp ? kEagerGluClamp.fwd_e * glu_inputs * e : 0));
    // Permute and unpermute the routed copies, forward and backward.
    const double copies = Tu * a.moe_top_k * h * e * load;
    c.stream(2 * 2 * copies, 2 * 2 * copies);
    if (a.moe_shared_experts > 0) {
      const double fs = a.moe_shared_experts * a.moe_ffn / t;
      ffn_in = linear(lin, s, T, h, up_mats * fs);
      c.add(ffn_in, s, T, h, up_mats * fs);
      ffn_out = linear(lin, s, T, fs, h);
      c.add(ffn_out, s, T, fs, h);
      activation(T * fs);
    }
    if (l.ep > 1) {
      // Dispatch and combine, forward and backward. The expert group's members sit ETP apart
      // (Megatron's expert ranks: ETP first, then EP); of the copies leaving a GPU, those for
      // members in its node go over NVLink, the rest through its own NIC, both at once. Every
      // member waits for the combine, so the member with the fewest of its group beside it sets
      // the pace: k of them, all the node holds where the groups tile the servers. The flex
      // dispatcher's sends node by node (below) are modelled for groups that tile them.
      const double k = in.moe_flex_dispatcher ? tiled_members(in, l.ep, l.etp)
                                              : fewest_members_in_a_domain(in, l.ep, l.etp);
      const Link nvlink = link(in, true, unknown);
      const Link nic = link(in, false, unknown);
      // DeepEP's and HybridEP's internode kernels send a token once to each other node holding
      // one of its experts, to the GPU of the same local rank, which forwards it over NVLink to
      // the experts' GPUs there: the NICs carry one copy per remote node, NVLink every copy that
      // leaves the GPU.
      const bool flex = in.moe_flex_dispatcher && k < l.ep;
      const double local = nvlink.send_s(copies * ((flex ? l.ep : k) - 1) / l.ep /
                                         nvswitch_figures(in.nvswitch).all_to_all(k));
      double remote = 0;
      if (flex) {
        const double nodes = std::ceil(l.ep / k);
        remote = nic.send_s(copies / a.moe_top_k * remote_nodes_per_token(a, nodes));
      } else if (k < l.ep) {
        remote = nic.send_s(copies * (l.ep - k) / l.ep);
      }
      ep_comm = 4 * std::max(local, remote);
      // The kernels that copy to the members over NVLink hold NVLink's share of the SMs, as a
      // ring's channels do (above); only an all-to-all with no member in the node holds just the
      // NIC's.
      ep_share = k > 1 ? nvlink.compute_share : nic.compute_share;
    }
    if (l.etp > 1) {
      // Experts split over ETP GPUs each need all of their group's routed copies: Megatron's
      // all-to-all dispatcher gathers them over the ETP group after the dispatch and
      // reduce-scatters the experts' output before the combine (token_dispatcher.py,
      // gather_from_sequence_parallel_region / reduce_scatter_to_sequence_parallel_region on
      // the expert TP group); backward, the reverse pair.
      const Link etp_link = group_link(in, l.etp, 1, unknown);
      const double gathered = copies * l.etp;
      const double pair =
          etp_link.all_gather_s(gathered, l.etp) + etp_link.reduce_scatter_s(gathered, l.etp);
      if (!(ep_comm > 0)) ep_share = etp_link.compute_share;
      ep_comm += 2 * pair;
    }
  }
  mlp_fwd = c.fwd - fwd_before_mlp;
  if (in.memory.finetune.adapters()) adapter_traffic(in, s, moe_layer, c);
  if (s.autocast) autocast_traffic(in, s, moe_layer, c);
  const double op_recompute_s = op_unsaved_fwd + c.fwd_stream_s(lin);
  c.finish(lin);
  out.fwd_s = c.fwd + core.fwd;
  out.bwd_s = c.bwd + core.bwd;

  // TP collectives: each of T·h activation bytes, beside the GEMMs they feed or follow.
  if (t > 1) {
    const Link tp_link = group_link(in, t, 1, unknown);
    const double bytes = T * h * e;
    const bool ov = in.tp_overlap;
    const double sh = tp_link.compute_share;
    const bool has_ffn_tp = ffn_in.fwd > 0;
    double fwd = 0, bwd = 0;
    double extra_fwd = 0, extra_bwd = 0;  // the overlapped GEMMs' cost of running in chunks
    if (s.sp && ov && s.megatron) {
      // TransformerEngine's userbuffers, what Megatron's --tp-comm-overlap runs (initialize_ub's
      // default methods, module/base.py; comm_gemm_overlap.cpp). Its all-gather buffers hold fp8
      // under an fp8 recipe.
      const double ag = tp_link.all_gather_s(T * h * (s.fp8 ? s.me : e), t);
      const double rs = tp_link.reduce_scatter_s(bytes, t);
      // The chunks' GEMMs take turns on 3 streams (_NUM_MAX_UB_STREAMS), each starting once
      // its data is there: up to 3 run at once, filling each other's last wave.
      const auto chunked = [&](const GemmCost& g, bool dgrad, double splits) {
        const double streams = std::min(kUserbufferStreams, splits);
        const double group =
            dgrad ? gemm_s(lin, g.m / splits, g.n, g.kdim, s.me, e, g.batch * streams)
                  : gemm_s(lin, g.m / splits, g.kdim, g.n, s.me, e, g.batch * streams);
        return splits / streams * group;
      };
      // ring_exchange, before the QKV and FC1 forward and the proj and FC2 dgrads: the gathered
      // operand arrives in t chunks, each chunk's GEMM (M/t rows) running while the next one
      // travels.
      const auto ring = [&](const GemmCost& g, bool dgrad, double& compute) {
        const double gemm = chunked(g, dgrad, t);
        compute += gemm - (dgrad ? g.dgrad : g.fwd);
        return overlapped(ag, gemm, sh);
      };
      // pipeline, after the proj and FC2 forward: the GEMM in 4 chunks, each chunk's
      // reduce-scatter beside the GEMMs after it; the last one's waits.
      const auto pipeline = [&](const GemmCost& g, double& compute) {
        const double gemm = chunked(g, false, kPipelineSplits);
        compute += gemm - g.fwd;
        const double split = rs / kPipelineSplits;
        return split + overlapped(rs - split, gemm * (kPipelineSplits - 1) / kPipelineSplits, sh);
      };
      // bulk, beside the QKV and FC1 dgrads: the input's all-gather for the weight gradient and
      // the dgrad output's reduce-scatter, each beside a whole GEMM.
      fwd += ring(first_in, false, extra_fwd) + pipeline(last_out, extra_fwd);
      bwd += overlapped(rs, first_in.dgrad, sh) + ring(last_out, true, extra_bwd);
      bwd += overlapped(ag, first_in.dgrad, sh);
      if (has_ffn_tp) {
        fwd += ring(ffn_in, false, extra_fwd) + pipeline(ffn_out, extra_fwd);
        bwd += overlapped(rs, ffn_in.dgrad, sh) + ring(ffn_out, true, extra_bwd);
        bwd += overlapped(ag, ffn_in.dgrad, sh);
      }
    } else if (s.sp) {
      // TransformerEngine quantizes a GEMM input or output gradient before NCCL gathers it
      // (module/linear.py, gather_along_first_dim with the quantizer): the all-gathers move the
      // recipe's bytes, the reduce-scatters the bf16 outputs.
      const double ag = tp_link.all_gather_s(T * h * (s.fp8 && s.megatron ? s.me : e), t);
      const double rs = tp_link.reduce_scatter_s(bytes, t);
      fwd += exposed(ag, first_in.fwd, ov, sh) + exposed(rs, last_out.fwd, ov, sh);
      bwd += exposed(rs, first_in.dgrad, ov, sh) + exposed(ag, last_out.dgrad, ov, sh);
      // The gathered input of each weight-gradient GEMM is gathered again, beside the dgrad.
      bwd += exposed(ag, first_in.dgrad, true, sh);
      if (has_ffn_tp) {
        fwd += exposed(ag, ffn_in.fwd, ov, sh) + exposed(rs, ffn_out.fwd, ov, sh);
        bwd += exposed(rs, ffn_in.dgrad, ov, sh) + exposed(ag, ffn_out.dgrad, ov, sh);
        bwd += exposed(ag, ffn_in.dgrad, true, sh);
      }
    } else {
      const double ar = tp_link.all_reduce_s(bytes, t);
      fwd += exposed(ar, last_out.fwd, ov, sh);
      bwd += exposed(ar, first_in.dgrad, ov, sh);
      if (has_ffn_tp) {
        fwd += exposed(ar, ffn_out.fwd, ov, sh);
        bwd += exposed(ar, ffn_in.dgrad, ov, sh);
      }
    }
    if (s.fp8 && s.sp && s.quantize.amax_reduction) {
      // Current scaling all-reduces the amax of each sequence-parallel operand before its cast:
      // the QKV and FC1 inputs forward, the proj and FC2 output gradients backward.
      const double amax = tp_link.scalar_all_reduce_s(t) * (has_ffn_tp ? 2 : 1);
      fwd += amax;
      bwd += amax;
    }
    out.tp_s = fwd + bwd;
    out.fwd_s += extra_fwd;
    out.bwd_s += extra_bwd;
    if (l.recompute == Recompute::kFull) out.recompute_s += fwd;
  }

  // CP: the ring passes this GPU's K and V on (CP − 1) times forward, K, V and their gradients
  // backward, each step hidden behind the attention of the chunk before.
  if (l.cp > 1) {
    // Ring attention sends to one neighbour at a time: one link, NVLink or the GPU's NIC.
    const Link cp_link = link(in, t * l.cp <= in.nvlink_domain_gpus, unknown);
    const double kv_heads = a.is_mla() ? a.heads : a.kv_heads;
    const double kv_bytes = T * std::max(1.0, kv_heads / t) * (a.qk_head_dim() + a.v_dim()) * e;
    const double steps = l.cp - 1;
    const double sh = cp_link.compute_share;
    const double fwd = overlapped(steps * cp_link.send_s(kv_bytes), core.fwd * steps / l.cp, sh);
    const double bwd =
        overlapped(steps * cp_link.send_s(2 * kv_bytes), core.bwd * steps / l.cp, sh);
    out.cp_s = fwd + bwd;
    if (l.recompute == Recompute::kFull) out.recompute_s += fwd;
  }

  if (ep_comm > 0) {
    // Megatron overlaps the all-to-alls (overlap_moe_expert_parallel_comm) where
    // moe_overlap_allowed() says, and under PP > 1 only interleaved: stage_pass() takes the
    // serial time for a pipeline without VPP.
    out.ep_serial_s = ep_comm;
    out.ep_s =
        moe_overlap_allowed(in) ? overlapped(ep_comm, out.fwd_s + out.bwd_s, ep_share) : ep_comm;
    if (l.recompute == Recompute::kFull) out.recompute_s += out.ep_s / 2;
  }

  if (l.recompute == Recompute::kFull) {
    out.recompute_s += out.fwd_s;
  } else if (l.recompute == Recompute::kOp) {
    // torchtitan's op-level checkpointing (training_memory.hpp) keeps the attention kernel's
    // outputs and every other matmul's: backward runs the rest of the forward again — the other
    // matmuls and every element-wise op (its TP collectives are not charged here).
    out.recompute_s += op_recompute_s;
  } else if (l.recompute == Recompute::kSelective) {
    const unsigned m = selective_recompute_modules(in.memory);
    if (m & kRecomputeCoreAttn) out.recompute_s += core.recompute;
    if ((m & kRecomputeMlaUpProj) && a.is_mla()) out.recompute_s += up_proj_fwd;
    if (moe_layer ? (m & kRecomputeMoe) : (m & kRecomputeMlp)) {
      // The block's forward again: its GEMMs and, in an MoE layer, dispatch and combine.
      out.recompute_s += mlp_fwd + (moe_layer ? out.ep_s / 2 : 0);
    } else if (moe_layer && (m & kRecomputeMoeAct)) {
      out.recompute_s += act_fwd;
    }
  }
  return out;
}

// The embedding (first stage) and the final norm, LM head and loss (last stage).
void ends(const TrainingTimeInputs& in, const KernelSpeeds& lin, const KernelSpeeds& bf16,
          const Shape& s, LayerCosts& costs) {
  bool& unknown = costs.link_unknown;
  const Architecture& a = in.memory.arch;
  const double h = a.hidden;
  const double T = s.tokens;
  const double e = s.e;
  const double vocab = padded_vocab(a.vocab, s.t, in.memory.framework) / s.t;
  const Link tp_link = group_link(in, s.t, 1, unknown);

  // Embedding: a gather forward, a scatter-add into fp32 gradients backward; with TP, a
  // vocabulary-parallel lookup whose partial rows are reduced (scattered under SP).
  costs.first.fwd_s = stream_s(bf16, 2 * T * h * e);
  costs.first.bwd_s = s.frozen ? 0 : stream_s(bf16, T * h * (e + 2 * kFp32Bytes));
  if (s.t > 1) {
    costs.first.tp_s =
        s.sp ? tp_link.reduce_scatter_s(T * h * e, s.t) : tp_link.all_reduce_s(T * h * e, s.t);
  }

  // Final norm, head GEMM (bf16, or under fp8_output_proj the linear layers' MXFP8 with its
  // input and output gradient quantized as theirs are), loss over the vocabulary shard.
  Shape head = s;
  head.me = e;
  head.fp8 = false;
  const bool fp8_head = in.fp8_output_proj && s.fp8;
  const GemmCost g = fp8_head ? linear(lin, s, T, h, vocab) : linear(bf16, head, T, h, vocab);
  Compute head_casts;
  if (fp8_head) head_casts.add(g, s, T, h, vocab);
  const double logits = T * vocab;
  // The loss over the logits, as the frameworks run it unfused: Megatron's vocabulary-parallel
  // cross entropy (megatron/core/tensor_parallel/cross_entropy.py) casts the logits to fp32 and
  // takes the max, subtracts, exponentiates, sums and normalizes in place (38 bytes per logit),
  // backward scales the saved softmax and casts it for the head's GEMMs (14); PyTorch's
  // cross_entropy upcasts and runs log-softmax (22), its backward and the cast back (18).
  // Fused (TransformerEngine's parallel_cross_entropy): an online-softmax pass reads the bf16
  // logits, a second reads them again and writes the gradient over them (6), and backward scales
  // that gradient in place by the per-token loss gradient (4).
  const bool megatron = s.megatron;
  const bool fused = in.memory.loss == LossKind::kFused;
  const double loss_fwd = logits * (fused ? 6 : megatron ? 38 : 22);
  const double loss_bwd = logits * (fused ? 4 : megatron ? 14 : 18);
  // The final norm: fused, or PyTorch's eager RMSNorm (kEagerRmsNorm).
  const double norm_elements = s.unsplit * h;
  const bool eager_norm = !megatron && a.norm == NormKind::kRmsNorm;
  const double norm_fwd = eager_norm
                              ? norm_elements * (kEagerRmsNorm.fwd_e * e + kEagerRmsNorm.fwd_fixed)
                              : 2 * norm_elements * e;
  const double norm_bwd = eager_norm
                              ? norm_elements * (kEagerRmsNorm.bwd_e * e + kEagerRmsNorm.bwd_fixed)
                              : 3 * norm_elements * e;
  costs.last.fwd_s =
      g.fwd + head_casts.fwd_stream_s(lin) + stream_s(bf16, norm_fwd) + stream_s(bf16, loss_fwd);
  costs.last.bwd_s = g.dgrad + g.wgrad +
                     streams_s(lin, head_casts.bwd_bytes, head_casts.bwd_kernels) +
                     stream_s(bf16, norm_bwd) + stream_s(bf16, loss_bwd);
  if (s.autocast) {
    // As in a layer (autocast_traffic): the head's weight and its fp32 input cast, and back;
    // the final norm on its fp32 input; the embedding's output in the fp32 of its weight.
    const double cast = kFp32Bytes + e;
    const double weight = vocab * h;
    const NormDelta norm = autocast_norm_delta(a, e);
    costs.last.fwd_s += stream_s(bf16, (weight + T * h) * cast + norm_elements * norm.fwd);
    costs.last.bwd_s +=
        stream_s(bf16, ((s.frozen ? 0 : weight) + T * h) * cast + norm_elements * norm.bwd);
    costs.first.fwd_s += stream_s(bf16, 2 * T * h * (kFp32Bytes - e));
  }
  if (s.t > 1) {
    costs.last.tp_s =
        s.sp ? 2 * tp_link.all_gather_s(T * h * e, s.t) : 2 * tp_link.all_reduce_s(T * h * e, s.t);
  }
  if (in.memory.mtp_layers > 0) {
    // Megatron's MultiTokenPredictionLayer: the embedding (as the first stage's), enorm and
    // hnorm, eh_proj (T × 2h → h/t; at the head's bf16 rate, a GEMM of 2/V of the head's), then
    // the head and loss (as the last stage's) on its output.
    const GemmCost proj = linear(bf16, head, T, 2 * h, h / s.t);
    costs.mtp = costs.last;
    costs.mtp.fwd_s += costs.first.fwd_s + proj.fwd + stream_s(bf16, 2 * norm_fwd);
    costs.mtp.bwd_s += costs.first.bwd_s + proj.dgrad + proj.wgrad + stream_s(bf16, 2 * norm_bwd);
    costs.mtp.tp_s += costs.first.tp_s;
  }
}

KernelSpeeds speeds(const TrainingTimeInputs& in, double peak_tflops, double gemm_efficiency) {
  KernelSpeeds k;
  k.matmul_flops = peak_tflops * kFlopsPerTflop;
  k.gemm_efficiency = gemm_efficiency;
  const double bf16 =
      std::isfinite(in.bf16_tflops) && in.bf16_tflops > 0 ? in.bf16_tflops : in.peak_tflops;
  k.bf16_flops = bf16 * kFlopsPerTflop;
  k.attention_fwd_efficiency = in.attention_fwd_efficiency;
  k.attention_bwd_efficiency = in.attention_bwd_efficiency;
  k.fp8_attention = in.fp8_attention;
  k.memory_bytes_per_s = streaming_bytes_per_s(in);
  k.sms = std::isfinite(in.sms) ? in.sms : 0;
  k.serial_epilogue = in.serial_epilogue;
  // The tile's fixed cost is a time, measured in bf16 reduction elements (kernel_model.hpp): a
  // faster dtype streams more elements in it.
  k.k_overhead = in.gemm_k_overhead * std::max(1.0, peak_tflops / bf16);
  k.k_of_maximum = in.gemm_k_of_maximum;
  if (std::isfinite(in.compute_efficiency) && in.compute_efficiency > 0) {
    k.fixed_compute_efficiency = in.compute_efficiency;
  }
  return k;
}

}  // namespace

double intra_node_collective_s(const TrainingTimeInputs& in, Collective op, double ranks,
                               double bytes) {
  bool unknown = false;
  double s = 0;
  if (op == Collective::kAllToAll) {
    // Each rank sends what is not its own, at the all-to-all's share (its ranks all in one
    // domain here, as an expert group's NVLink part; step_time.hpp).
    if (ranks > 1) {
      s = link(in, true, unknown)
              .send_s(bytes * (ranks - 1) / ranks /
                      nvswitch_figures(in.nvswitch).all_to_all(ranks));
    }
  } else {
    const Link nvlink = group_link(in, ranks, 1, unknown);
    s = op == Collective::kAllReduce ? nvlink.all_reduce_s(bytes, ranks)
                                     : nvlink.all_gather_s(bytes, ranks);
  }
  return unknown ? std::numeric_limits<double>::quiet_NaN() : s;
}

double linear_gemm_s(const TrainingTimeInputs& in, double m, double kdim, double n) {
  const Recipe& r = in.memory.recipe;
  return gemm_s(speeds(in, in.peak_tflops, in.gemm_efficiency), m, kdim, n, r.matmul_input_bytes,
                r.activation_bytes);
}

LayerCosts layer_costs(const TrainingTimeInputs& in) {
  const TrainingLayout& l = in.memory.layout;
  LayerCosts costs;
  Shape s;
  s.t = l.tp;
  s.tokens = l.seq_len / l.cp * l.micro_batch;
  s.megatron = in.memory.framework == Framework::kMegatron;
  // Sequence parallelism as the plan gives it, under PyTorch too (torchtitan's SequenceParallel
  // plans): the memory model applies it as given, and so does the step.
  s.sp = l.sequence_parallel && l.tp > 1;
  s.unsplit = s.sp ? s.tokens / l.tp : s.tokens;
  s.seq = l.seq_len / l.cp;
  s.e = in.memory.recipe.activation_bytes;
  s.me = in.memory.recipe.matmul_input_bytes;
  s.grad = in.memory.recipe.grad_bytes;
  s.fp8 = s.me < s.e;
  s.quantize = in.fp8;
  s.flash = l.flash_attention;
  s.frozen = in.memory.finetune.adapters();
  s.autocast = runs_autocast(in.memory);
  costs.linear = speeds(in, in.peak_tflops, in.gemm_efficiency);
  const double bf16_peak =
      std::isfinite(in.bf16_tflops) && in.bf16_tflops > 0 ? in.bf16_tflops : in.peak_tflops;
  // The head and attention run in bf16: at the bf16 peak, with the recipe's GEMM efficiency (under
  // NVFP4, whose efficiency is of the FP4 peak, the per-tensor fp8 GEMMs': bf16_gemm_efficiency).
  const double bf16_gemm =
      in.bf16_gemm_efficiency > 0 ? in.bf16_gemm_efficiency : in.gemm_efficiency;
  KernelSpeeds bf16 = speeds(in, bf16_peak, bf16_gemm);
  const double head_dim = in.memory.arch.qk_head_dim();
  bf16.attention_fwd_head_share = head_dim_share(in.attention_flash2, head_dim, false);
  bf16.attention_bwd_head_share = head_dim_share(in.attention_flash2, head_dim, true);
  costs.dense = layer_cost(in, costs.linear, bf16, s, false, costs.link_unknown);
  if (in.memory.arch.is_moe()) {
    costs.moe = layer_cost(in, costs.linear, bf16, s, true, costs.link_unknown);
  }
  ends(in, costs.linear, bf16, s, costs);
  // Pipeline send: a micro-batch's activations, split over the TP ranks (Megatron scatters them
  // before the send and gathers after, or they are already split under SP).
  costs.p2p_bytes = s.tokens * in.memory.arch.hidden * s.e / l.tp;
  const Architecture& a = in.memory.arch;
  if (a.is_moe()) costs.moe_layer_experts = a.moe_experts * count_params(a).expert / (l.ep * l.etp);
  return costs;
}

namespace {

struct StageTime {
  double compute = 0;
  double recompute = 0;
  double tp = 0;
  double cp = 0;
  double ep = 0;
  double pp = 0;
  double fwd = 0;  // forward compute alone (what hides the weight gathers)
  double bwd = 0;  // backward compute alone (what hides the gradient reduction)
  double total() const { return compute + recompute + tp + cp + ep + pp; }
};

// `recomputed`: the share of these layers whose recompute runs (block recompute of N layers);
// `serial_ep`: the share of their passes whose all-to-alls run without the overlap.
void add_layers(StageTime& st, const LayerCost& c, double count, double recomputed = 1,
                double serial_ep = 0) {
  st.compute += count * (c.fwd_s + c.bwd_s);
  st.fwd += count * c.fwd_s;
  st.bwd += count * (c.bwd_s + recomputed * c.recompute_s);
  st.recompute += count * recomputed * c.recompute_s;
  st.tp += count * c.tp_s;
  st.cp += count * c.cp_s;
  st.ep += count * (serial_ep * c.ep_serial_s + (1 - serial_ep) * c.ep_s);
}

}  // namespace

StagePass stage_pass(const TrainingTimeInputs& in, const LayerCosts& costs) {
  const TrainingMemoryInputs& mem = in.memory;
  const Architecture& a = mem.arch;
  const TrainingLayout& l = mem.layout;
  const int p = static_cast<int>(l.pp);
  const double v = std::max(1.0, l.vpp);

  // Per-stage time of one micro-batch, one stage of each run of stages holding the same layers
  // (layout_rules.hpp: for_each_stage_run) standing for the run.
  StagePass out;
  StageTime slowest;
  double total = 0;
  // Consecutive stages sit TP·CP·DP ranks apart (Megatron's rank order puts PP last). Where the
  // pipeline spans more ranks than a fast-link domain, the stages on either side of its edge sit
  // in two domains (ranks 8 − s … 7 send to 8 … 7 + s), and the slowest send sets the pace: all
  // its stages in one domain, or the network.
  bool unknown = costs.link_unknown;
  const Link pp_link = link(in, p * l.tp * l.cp * l.dp <= in.nvlink_domain_gpus, unknown);
  const double send = p > 1 ? pp_link.send_s(costs.p2p_bytes) : 0;
  // Megatron's interleaved schedule overlaps a chunk's sends with the next chunk's compute in its
  // 1F1B steady state only: the warm-up forwards and cool-down backwards send and wait
  // (schedules.py; overlap_p2p_comm_warmup_flush, off by default, is what would hide them).
  // The first stage has the longest warm-up, 2(p − 1) + (v − 1)N of its m·v chunks (N
  // micro-batches a group: interleaved_group; one more under the MoE overlap, below), and its
  // timeline is the step's: that share of the sends is exposed on every stage.
  const bool megatron = mem.framework == Framework::kMegatron;
  const bool hide = v > 1 && megatron && in.pp_overlap;
  const double chunks = v * in.global_batch / (l.micro_batch * l.dp);
  const double group = v > 1 && megatron ? interleaved_group(mem) : p;
  // Megatron's MoE overlap runs a chunk's forward beside another's backward (combined 1F1B) and
  // schedules one warm-up forward more for it (schedules.py get_pp_rank_microbatches).
  const bool megatron_overlap = megatron && moe_overlap_allowed(in) && a.is_moe() && l.ep > 1;
  const double extra = megatron_overlap ? 1 : 0;
  const double warmup = 2.0 * (p - 1) + (v - 1) * group + extra;
  const double warmup_share = std::min(1.0, warmup / std::max(chunks, 1.0));
  const double exposed_share = hide ? warmup_share : 1;
  // The chunks the combined 1F1B leaves unpaired run their all-to-alls alone: the first stage's
  // warm-up forwards and cool-down backwards; without a pipeline (warm-up 1) the first
  // micro-batch's forward and the last one's backward (combined_1f1b.py). Without VPP, a
  // pipeline cannot overlap them at all (TransformerConfig asserts it).
  double serial_ep = 0;
  if (megatron && p > 1 && v <= 1) {
    serial_ep = 1;
  } else if (megatron_overlap) {
    serial_ep = warmup_share;
  }
  const double mtp = mem.mtp_layers;
  const bool mtp_moe = a.layer_is_moe(a.layers - 1);
  for_each_stage_run(a, p, l.stage_layers, [&](const StageRun& run) {
    const int i = run.stage;
    StageTime st;
    const double recomputed = full_recompute_share(l, run.layers);
    add_layers(st, costs.dense, run.layers - run.moe_layers, recomputed);
    if (run.moe_layers > 0) add_layers(st, costs.moe, run.moe_layers, recomputed, serial_ep);
    if (i == 0) add_layers(st, costs.first, 1);
    if (i == p - 1) add_layers(st, costs.last, 1);
    if (i == p - 1 && mtp > 0) {
      // Each prediction module runs one more layer of the model's last kind, then its own head.
      if (mtp_moe) {
        add_layers(st, costs.moe, mtp, recomputed, serial_ep);
      } else {
        add_layers(st, costs.dense, mtp, recomputed);
      }
      add_layers(st, costs.mtp, mtp);
    }
    if (p > 1) {
      // Each chunk receives and sends forward and backward; the steady state's sends hide
      // behind the next chunk's compute (above), the rest wait.
      const double chunk_compute = (st.fwd + st.bwd) / v;
      const double steady =
          hide ? overlapped(send, chunk_compute / 2, pp_link.compute_share) : send;
      st.pp = 2 * v * (exposed_share * send + (1 - exposed_share) * steady);
    }
    if (i == 0) {
      out.first_fwd_s = st.fwd;
      out.first_bwd_s = st.bwd;
      out.first_layers = run.layers;
      out.first_moe_layers = run.moe_layers;
    }
    const double stage_s = st.total();
    for (int k = 0; k < run.stages; ++k) total += stage_s;  // stage by stage, as summed before
    if (stage_s > slowest.total()) slowest = st;
  });
  out.compute_s = slowest.compute;
  out.recompute_s = slowest.recompute;
  out.tp_s = slowest.tp;
  out.cp_s = slowest.cp;
  out.ep_s = slowest.ep;
  out.pp_s = slowest.pp;
  out.slowest_s = slowest.total();
  out.bubble_s = p > 1 ? (total - out.slowest_s) / v : 0;
  // Fewer micro-batches than stages starve an interleaved pipeline (PyTorch's flexible schedule
  // runs them; Megatron's refuses): each of the v rounds waits for its first micro-batch to come
  // back around the p stages, so a step takes p + (m − 1)/v stage-times, not m + (p − 1)/v.
  const double m = chunks / v;
  if (v > 1 && m < p) out.bubble_s += (p - m) * (1 - 1 / v) * out.slowest_s;
  out.link_unknown = unknown;
  return out;
}

namespace {

// The collectives of one phase (the gathers before a forward, the reductions during a
// backward), the dense group's and the experts' one after the other.
struct Phase {
  double s = 0;
  double slowdown_s = 0;  // compute lost per second of overlap, summed over the collectives
  void add(double comm_s, const Link& link) {
    s += comm_s;
    slowdown_s += comm_s * link.compute_share;
  }
};

// The data-parallel collectives' exposed time and the optimizer's, for the layout's ZeRO stage.
void dp_and_optimizer(const TrainingTimeInputs& in, const LayerCosts& costs, double params_per_card,
                      const StagePass& pass, double m, bool& unknown, double& dp_s,
                      double& optimizer_s) {
  const TrainingMemoryInputs& mem = in.memory;
  const TrainingLayout& l = mem.layout;
  const double first_fwd = pass.first_fwd_s;
  const double first_bwd = pass.first_bwd_s;
  // Data parallelism over DP × CP ranks (CP ranks hold the same weights); over NVLink while the
  // group fits a node. The first stage finishes its backward last: its compute is the window.
  // Routed experts replicate over their own data-parallel group (step_time.hpp), EP·ETP apart.
  const Recipe& r = mem.recipe;
  const double ranks = l.dp * l.cp;
  const Link dp_link = group_link(in, ranks, l.tp, unknown);
  const double expert_ranks = ranks * l.tp / (l.ep * l.etp);
  const double experts = std::min(params_per_card, pass.first_moe_layers * costs.moe_layer_experts);
  const double dense = params_per_card - experts;
  const Link expert_link =
      experts > 0 ? group_link(in, expert_ranks, l.ep * l.etp, unknown) : dp_link;
  const double ov = in.dp_overlap;
  // Under LoRA/QLoRA only the adapters train: their fp32 gradients are reduced and stepped.
  const FineTuneSettings& ft = mem.finetune;
  double trained = 1;  // the share of this card's parameters that trains
  double grad_bytes = r.grad_bytes;
  if (ft.adapters()) {
    const double total = count_params(mem.arch).total;
    trained =
        total > 0 ? lora_adapter_params(mem.arch, ft.lora_rank, ft.lora_targets).total / total : 0;
    grad_bytes = adapter_bytes(ft.optimizer).grads;
  }
  const auto hidden = [&](const Phase& p, double window) {  // what the phase costs beside `window`
    if (!(p.s > 0)) return 0.0;
    return (1 - ov) * p.s + overlapped(ov * p.s, window, p.slowdown_s / p.s);
  };
  // Gradients in buckets while the backward runs (above), of max(40M, 1M × DP·CP) parameters in
  // the dense and the expert buffers alike (distributed_data_parallel.py sizes them once);
  // ZeRO-3 gathers and reduces each layer's weights apart (FSDP units of one layer).
  const double bucket = std::max(kBucketParams, kBucketParamsPerRank * ranks);
  const double dense_buckets = ov > 0 ? std::ceil(dense / bucket) : 1;
  const double expert_buckets = ov > 0 ? std::ceil(experts / bucket) : 1;
  // ZeRO-3's collectives per layer, on the stage whose compute hides them (above).
  const double layers = pass.first_layers;
  const double moe_layers = pass.first_moe_layers;
  Phase gather, reduce;
  double dp = 0;
  if (l.zero >= 3) {
    gather.add(dp_link.all_gather_s(dense * r.weight_bytes, ranks, layers), dp_link);
    gather.add(expert_link.all_gather_s(experts * r.weight_bytes, expert_ranks, moe_layers),
               expert_link);
    reduce = gather;
    reduce.add(dp_link.reduce_scatter_s(dense * trained * grad_bytes, ranks, layers), dp_link);
    reduce.add(
        expert_link.reduce_scatter_s(experts * trained * grad_bytes, expert_ranks, moe_layers),
        expert_link);
    dp = m * (hidden(gather, first_fwd) + hidden(reduce, first_bwd));
  } else if (l.zero >= 1 || r.shards_optimizer) {
    reduce.add(dp_link.reduce_scatter_s(dense * trained * grad_bytes, ranks, dense_buckets),
               dp_link);
    reduce.add(
        expert_link.reduce_scatter_s(experts * trained * grad_bytes, expert_ranks, expert_buckets),
        expert_link);
    gather.add(dp_link.all_gather_s(dense * r.weight_bytes, ranks, dense_buckets), dp_link);
    gather.add(expert_link.all_gather_s(experts * r.weight_bytes, expert_ranks, expert_buckets),
               expert_link);
    // ZeRO-2 reduce-scatters after every micro-batch's backward.
    dp = (l.zero == 2 ? m : 1) * hidden(reduce, first_bwd) + hidden(gather, first_fwd);
  } else {
    reduce.add(dp_link.all_reduce_s(dense * trained * grad_bytes, ranks, dense_buckets), dp_link);
    reduce.add(
        expert_link.all_reduce_s(experts * trained * grad_bytes, expert_ranks, expert_buckets),
        expert_link);
    dp = hidden(reduce, first_bwd);
  }
  dp_s = dp;

  // Adam streams, per parameter it updates: the gradient (read for the norm, read, zeroed),
  // master weights (or the weights) and both moments (read and written), the compute copy
  // (written). ZeRO-1+ and the distributed optimizer update 1/(DP·CP) of the dense ones and
  // 1/EDP of the experts.
  const bool sharded = l.zero >= 1 || r.shards_optimizer;
  const double updated = sharded ? dense / ranks + experts / expert_ranks : params_per_card;
  const double master = r.master_bytes > 0 ? r.master_bytes : r.weight_bytes;
  const double moments = optimizer_moment_bytes(mem);
  const double per_param =
      3 * r.grad_bytes + 2 * master + 2 * moments + (r.master_bytes > 0 ? r.weight_bytes : 0);
  if (ft.adapters()) {
    // The fp32 adapters (adapter_bytes): gradient, weight and moments as above.
    const AdapterBytes b = adapter_bytes(ft.optimizer);
    optimizer_s =
        stream_s(costs.linear, updated * trained * (3 * b.grads + 2 * b.weights + 2 * b.optimizer));
    return;
  }
  optimizer_s = stream_s(costs.linear, updated * per_param);
}

// Under autocast each micro-batch after the first sums its fp32 weight gradients into .grad
// (AccumulateGrad: two read, one written); the first one's become .grad as they are.
double autocast_accumulation_s(const TrainingTimeInputs& in, const LayerCosts& costs,
                               double params_per_card, double m) {
  if (!runs_autocast(in.memory) || in.memory.finetune.adapters() || !(m > 1)) return 0;
  return stream_s(costs.linear, (m - 1) * params_per_card * 3 * kFp32Bytes);
}

}  // namespace

double step_seconds(const TrainingTimeInputs& in, const LayerCosts& costs, double params_per_card,
                    const StagePass& pass) {
  const TrainingLayout& l = in.memory.layout;
  const double m = in.global_batch / (l.micro_batch * l.dp);
  bool unknown = pass.link_unknown;
  double dp = 0, optimizer = 0;
  dp_and_optimizer(in, costs, params_per_card, pass, m, unknown, dp, optimizer);
  return m * pass.slowest_s + pass.bubble_s + dp + optimizer +
         autocast_accumulation_s(in, costs, params_per_card, m);
}

void predict_step(const TrainingTimeInputs& in, const LayerCosts& costs, double params_per_card,
                  TrainingTime& t) {
  const TrainingLayout& l = in.memory.layout;
  const StagePass pass = stage_pass(in, costs);
  const double m = in.global_batch / (l.micro_batch * l.dp);
  t.microbatches = m;
  const double accumulation_s = autocast_accumulation_s(in, costs, params_per_card, m);
  t.compute_s = m * pass.compute_s + accumulation_s;
  t.recompute_s = m * pass.recompute_s;
  t.tp_comm_s = m * pass.tp_s;
  t.cp_comm_s = m * pass.cp_s;
  t.moe_comm_s = m * pass.ep_s;
  t.pp_comm_s = m * pass.pp_s;
  t.bubble_s = pass.bubble_s;
  bool unknown = pass.link_unknown;
  dp_and_optimizer(in, costs, params_per_card, pass, m, unknown, t.dp_comm_s, t.optimizer_s);
  t.step_s = m * pass.slowest_s + t.bubble_s + t.dp_comm_s + t.optimizer_s + accumulation_s;
  t.comm_known = !unknown;
}

}  // namespace llm_sizer
