#pragma once
/// The step time, operation by operation (docs/formulas.md, "Step time, operation by
/// operation"): every kernel of a transformer layer on one GPU for one micro-batch, then the
/// stages, the pipeline schedule, data parallelism and the optimizer.
///
/// Per layer and micro-batch of b sequences of s tokens, T = b·s/CP tokens on a GPU:
///   GEMMs      the projections of attention (standard or MLA) and the FFN (dense, experts,
///              shared experts) at their shapes under TP (columns or rows split), SP and CP;
///              backward = the input-gradient and weight-gradient GEMMs of each (kernel_model.hpp)
///   attention  flash: 2·b·(a/t)·s²/2·(d_qk + d_v)/CP FLOPs forward (causal: half the square),
///              2.5× that backward; standard (no flash): the batched QKᵀ and PV GEMMs over the
///              full square plus the softmax and dropout streamed through HBM
///   streaming  norms, residual adds (with dropout), activations, rotary, MoE permutations and,
///              under fp8, the casts of GEMM inputs — their bytes at the HBM bandwidth; norms and
///              residuals on T/t tokens under sequence parallelism, T without it
///   TP         Megatron's collectives: forward 2 all-gathers + 2 reduce-scatters (SP) or
///              2 all-reduces, backward the same, each of T·h activation bytes, ring time
///              (t−1)/t (all-reduce 2(t−1)/t) × bytes / (link × comm efficiency); with TP overlap
///              only what outlasts the GEMM beside it, the GEMMs cut as TransformerEngine's
///              userbuffers cut them (step_time.cpp: t chunks beside an all-gather, 4 beside a
///              reduce-scatter, the last of which waits; 3 chunks run at once)
///   CP         the ring exchange of K and V: (CP−1) chunks forward, twice that backward, hidden
///              behind the attention of the chunk before
///   EP         dispatch and combine all-to-alls, forward and backward: T/t·k·h bytes, (EP−1)/EP
///              of them leaving the GPU; with MoE overlap only what outlasts the layer's compute,
///              in Megatron only for the chunks its combined 1F1B pairs: the first stage's
///              warm-up forwards and cool-down backwards, 2(p−1) + (v−1)N + 1 of its m·v chunks
///              (1 of m without a pipeline), run theirs alone (schedules.py, combined_1f1b.py)
///   recompute  full: the layer's forward again (with its collectives); selective: the attention
///              core's forward again
/// Stage i per micro-batch: S_i = Σ its layers + embedding (first) / LM head and loss (last) +
/// the pipeline send/receive of its chunks. The step, 1F1B or interleaved over v chunks:
///   step = m·max_i S_i  +  (Σ_i S_i − max_i S_i) / v  +  DP exposed  +  optimizer
/// (the slowest stage sets the pace; the fill and drain pass every other stage once, v times
/// faster when interleaved; Narayanan et al. 2021, §2.2).
/// DP: ZeRO-0 all-reduces the gradients during the last micro-batch's backward; ZeRO-1 and the
/// distributed optimizer reduce-scatter them there and all-gather the weights during the next
/// step's first forward; ZeRO-2 reduce-scatters after every micro-batch's backward; ZeRO-3 also
/// gathers the weights for every forward and backward. Each collective is hidden only up to the
/// compute it overlaps (× the DP overlap share). Overlap anywhere: a collective of C seconds beside
/// compute of W ends the pair at max(C, W + s·C), s the share of the SMs its kernels hold (15 % on
/// NVLink, 2 % per NIC a ring crosses each node through, at most 15 %; step_time.cpp says why).
/// Every collective waits NCCL's ring latency (its tuning.cc cost model: 8.4 µs + 3.4 µs per NVLink
/// step + 14 µs per step across nodes), once per gradient bucket of max(40M, 1M × DP) parameters
/// (Megatron-Core's default), per layer and micro-batch under ZeRO-3. Routed experts are
/// data-parallel over their own group, EDP = TP·CP·DP / (EP·ETP) ranks placed EP·ETP apart
/// (Megatron-Core's expert rank order tp-ep-dp-pp, parallel_state.py): their gradients and gathers
/// move over that group's link, one NIC per member when the group has one member per node, after
/// the dense ones. Optimizer: Adam streams its states once, the experts' sharded over EDP.

#include "llm_sizer/kernel_model.hpp"
#include "llm_sizer/training_time.hpp"
#include "llm_sizer/units.hpp"

namespace llm_sizer {

/// One layer's cost for one micro-batch on one GPU, in seconds.
struct LayerCost {
  double fwd_s = 0;        ///< forward compute: GEMMs, attention, streaming kernels
  double bwd_s = 0;        ///< backward compute
  double recompute_s = 0;  ///< what the recompute mode runs again (compute and its collectives)
  double tp_s = 0;         ///< exposed TP collectives, forward and backward
  double cp_s = 0;         ///< exposed CP exchanges
  double ep_s = 0;         ///< exposed MoE all-to-alls
  double ep_serial_s = 0;  ///< the all-to-alls without their overlap (chunks run unpaired)
};

/// What the step needs from the layers: the same for every layout with these TP, CP, EP, ETP,
/// micro-batch, sequence parallel and recompute settings (the search computes it once for them).
struct LayerCosts {
  LayerCost dense;  ///< a layer with a dense FFN
  LayerCost moe;    ///< a layer with an MoE FFN (zero for dense models)
  LayerCost first;  ///< the first stage's extra: embedding
  LayerCost last;   ///< the last stage's extra: final norm, LM head and loss
  /// One multi-token-prediction module beside its layer (training_memory.hpp): the next tokens'
  /// embedding, two norms and the 2h → h projection, then the final norm, LM head and loss again.
  LayerCost mtp;
  double p2p_bytes = 0;          ///< one send of a micro-batch's activations between stages
  double moe_layer_experts = 0;  ///< routed expert parameters per card of one MoE layer
  bool link_unknown = false;     ///< a link the layout uses has no known bandwidth (left out)
  KernelSpeeds linear;           ///< the speeds the costs were computed with (recipe dtype)
};

/// The layer costs of the layout in `in`.
LayerCosts layer_costs(const TrainingTimeInputs& in);

/// Bytes a second the element-wise kernels of `in` stream: the HBM bandwidth at its memory
/// efficiency (kernel_model.hpp, stream_s).
inline double streaming_bytes_per_s(const TrainingTimeInputs& in) {
  return in.hbm_tbps * kBytesPerTb * in.memory_efficiency;
}

/// Seconds of one M×K by K×N GEMM as layer_costs() times a linear layer's forward under `in`
/// (its recipe's operand and activation bytes, the kernel figures resolved for its accelerator).
double linear_gemm_s(const TrainingTimeInputs& in, double m, double kdim, double n);

/// Of the other `nodes` − 1 nodes of an expert group (each holding E / nodes experts), how many
/// hold at least one of a token's top-k experts, as benchmarks force-balance the routing (random
/// scores, so any expert alike). Unlimited: (nodes − 1) · (1 − C(E − E/nodes, k) / C(E, k)).
/// Group-limited (G groups, g chosen; architecture.hpp): Megatron's group_limited_topk ranks the
/// groups by their best k/g scores, and each chosen group gives about those k/g. A node holding
/// q = G/nodes whole groups is then missed when none of them is chosen, C(G − q, g) / C(G, g); a
/// node holding a 1/r share of one group (nodes = r·G), when its group is not chosen or that
/// group's k/g fall outside its share. A simulation of group_limited_topk on random scores
/// (DeepSeek-V3's 256 experts, top 8, 4 of 8 groups) reaches 0.98, 2.34, 3.48, 5.36, 6.63 other
/// nodes over 2, 4, 8, 16, 32 nodes; this, 0.99, 2.36, 3.50, 5.69, 6.88 (unlimited: 1.00, 2.71,
/// 4.63, 6.12, 7.04). Groups and nodes that divide neither way are taken as unlimited.
double remote_nodes_per_token(const Architecture& a, double nodes);

/// The NCCL collectives the step times.
enum class Collective : unsigned char { kAllGather, kReduceScatter, kAllReduce, kAllToAll };

/// Seconds of one collective of `bytes` (the whole buffer: what each rank ends with after an
/// all-gather, starts with before a reduce-scatter or an all-to-all) over `ranks` GPUs of one node
/// under `in`, as the step times its TP, in-node DP and EP collectives: a ring moves (n − 1)/n of
/// the bytes (twice for an all-reduce) at NVLink's bandwidth × its efficiency, plus the ring's
/// latency, under the protocol NCCL's tuner picks; an all-to-all sends (n − 1)/n of them plus one
/// send's latency (step_time.cpp). Groups smaller than 8 and all-to-alls at their measured share
/// of a ring over 8's bandwidth, every latency plus the switch generation's measured excess
/// (kernel_model.hpp, NvSwitchFigures). 0 for one rank; NaN where the link is unknown.
double intra_node_collective_s(const TrainingTimeInputs& in, Collective op, double ranks,
                               double bytes);

/// One micro-batch through the pipeline: the slowest stage's terms and the fill and drain. It
/// depends on the layout but not on ZeRO, the global batch or the parameters per card, so the
/// search computes it once for every ZeRO stage it tries.
struct StagePass {
  double compute_s = 0;  ///< the slowest stage's compute per micro-batch
  double recompute_s = 0;
  double tp_s = 0;
  double cp_s = 0;
  double ep_s = 0;
  double pp_s = 0;
  double slowest_s = 0;     ///< the slowest stage's whole time per micro-batch
  double bubble_s = 0;      ///< (Σ stages − slowest) / VPP
  double first_fwd_s = 0;   ///< the first stage's forward (hides the weight gathers)
  double first_bwd_s = 0;   ///< and backward with recompute (hides the gradient reduction)
  double first_layers = 0;  ///< the first stage's transformer layers (ZeRO-3 gathers each apart)
  double first_moe_layers = 0;  ///< of them, MoE layers (their experts reduce over EDP)
  bool link_unknown = false;
};

StagePass stage_pass(const TrainingTimeInputs& in, const LayerCosts& costs);

/// The step time alone from a stage pass: what the search sorts its variants by.
double step_seconds(const TrainingTimeInputs& in, const LayerCosts& costs, double params_per_card,
                    const StagePass& pass);

/// Fills the predicted step of `t` (its compute, bubble, communication, recompute and optimizer
/// terms) from the layer costs; `params_per_card` is the largest stage's (what DP reduces).
void predict_step(const TrainingTimeInputs& in, const LayerCosts& costs, double params_per_card,
                  TrainingTime& t);

/// training_time() with layer costs already computed for this layout's TP, CP, EP, ETP,
/// micro-batch, SP and recompute (the search's inner loop).
TrainingTime training_time(const TrainingTimeInputs& in, double params_per_card,
                           const LayerCosts& costs);

}  // namespace llm_sizer
