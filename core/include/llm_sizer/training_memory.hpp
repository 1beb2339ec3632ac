#pragma once
/// Training memory per card, stage by stage (see docs/formulas.md, "Training memory").
///
/// The point estimate is the peak of what the caching allocator hands out (peak allocated, as
/// torch.cuda.max_memory_allocated counts it) plus the CUDA context. What varies from run to run
/// is a range on top: fragmentation (reserved − allocated), NCCL buffers per communicator and
/// workspaces. The verdict reads the range: "fits" when even its high end stays under the
/// headroom (90 % of the card unless set), "tight" when the high end passes the headroom but the
/// point stays on the card, "does not fit" when the point exceeds the card. The card is the
/// driver's byte count (accelerator.hpp).
///
/// Model state: parameters on a card (split by TP, PP and, for experts, EP × ETP) times the
/// recipe's bytes (precision.hpp), with ZeRO-1/2/3 dividing optimizer states, gradients and
/// weights over data parallelism; LoRA/QLoRA freeze the base and train adapters (finetune.hpp);
/// offload moves optimizer states (and weights) to the host.
///
/// Activations: Korthikanti et al. 2022, "Reducing Activation Recomputation in Large Transformer
/// Models", §4: per layer and micro-batch sbh(34 + 5as/h) bytes, split into the part that tensor
/// parallelism does not divide without sequence parallelism (10sbh: norm inputs, the inputs of
/// the first GEMMs, dropout masks) and the rest (24sbh + 5as²b). Generalized here term by term to
/// GQA/MQA/MLA widths, SwiGLU, mixture of experts, flash attention (no s² terms), context
/// parallelism (s/cp per card), the recompute modes, frozen weights (a frozen linear saves no
/// input), and to PyTorch eager autograd with transformers' modeling code, whose saved tensors are
/// derived op by op in docs/formulas.md (memory_profile.hpp names the framework version).
///
/// Pipeline: 1F1B keeps min(p − i, m) micro-batches in flight on stage i; the interleaved
/// schedule keeps 2(p − i − 1) + (v − 1)N + 1 model chunks, N micro-batches a group (p unless
/// the batch asks for more: interleaved_group; Megatron-LM schedules.py). The
/// embedding sits on the first stage, the final norm, LM head and loss on the last.

#include <array>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "llm_sizer/architecture.hpp"
#include "llm_sizer/finetune.hpp"
#include "llm_sizer/memory_profile.hpp"
#include "llm_sizer/precision.hpp"

namespace llm_sizer {

enum class Recompute {
  kNone,
  kSelective,  ///< recompute the attention core (softmax, dropout): drops the s² terms
  kFull,       ///< keep only each layer's input; recompute the layer in backward
  /// torchtitan's op-level selective checkpointing: keep the layer's input, the attention
  /// kernel's outputs and every other matmul's output; recompute the rest in backward.
  kOp,
};

/// Megatron-core's selective recompute modules (`--recompute-modules`,
/// megatron/core/transformer/transformer_config.py): which parts of a layer "selective"
/// recomputes. Its default is the attention core alone.
enum RecomputeModule : unsigned {
  kRecomputeCoreAttn = 1u << 0,   ///< the attention core (the s² terms without flash attention)
  kRecomputeMlaUpProj = 1u << 1,  ///< MLA's q/kv up-projections and RoPE: the expanded q, k, v
  kRecomputeMlp = 1u << 2,        ///< a dense layer's MLP (Megatron skips it in MoE layers)
  kRecomputeMoe = 1u << 3,        ///< an MoE layer's whole MLP block: router, experts, dispatch
  kRecomputeMoeAct = 1u << 4,     ///< the routed experts' activation function
};
/// Megatron-core's names for them, in the order of the bits (the plan's choices too).
inline constexpr std::string_view kRecomputeModuleNames[] = {"core_attn", "mla_up_proj", "mlp",
                                                             "moe", "moe_act"};
/// "core_attn,mlp" ↔ bits, in the order above; false when a name is unknown.
std::string recompute_modules_text(unsigned modules);
bool parse_recompute_modules(std::string_view text, unsigned& modules);

enum class Verdict { kFits, kTight, kDoesNotFit };
std::string_view verdict_id(Verdict verdict);
/// A stage's verdict from its point (allocated + context) and its range's high end: "does not
/// fit" when the point passes the card, "tight" when the high end passes headroom × card (a NaN
/// passes both).
Verdict memory_verdict(double point_bytes, double high_bytes, double card_bytes, double headroom);

struct TrainingLayout {
  double tp = 1;
  double pp = 1;
  double dp = 1;
  double cp = 1;
  double ep = 1;
  double etp = 1;
  double vpp = 1;  ///< virtual stages per GPU (interleaved 1F1B when > 1)
  double micro_batch = 1;
  double seq_len = 2048;
  double microbatches = 1e9;  ///< per optimizer step and pipeline (≥ p keeps the pipeline full)
  int zero = 0;
  bool sequence_parallel = false;
  Recompute recompute = Recompute::kNone;
  unsigned recompute_modules = kRecomputeCoreAttn;  ///< what kSelective recomputes (Megatron)
  /// With kFull: the layers of each pipeline chunk that recompute, the first ones (Megatron's
  /// --recompute-method block --recompute-num-layers N); the others keep their activations.
  /// 0: every layer.
  double recompute_layers = 0;
  bool flash_attention = true;
  /// Megatron's --moe-expert-capacity-factor: an expert takes at most C times its balanced share
  /// of routed tokens and drops the rest; 0: dropless (the routing assumed balanced).
  double moe_capacity_factor = 0;
  std::vector<int> stage_layers;  ///< layers per stage; empty: even split (extra layers to the
                                  ///< stages after the first)
};

/// What the plan fixes of the estimated parts; NaN leaves each to the framework's range.
struct Overheads {
  double cuda_context_gb = 0;  ///< the CUDA context (point)
  double comm_buffer_gb = 0;   ///< NaN: NCCL per communicator from the profile (a range)
  double allocator_slack = 0;  ///< NaN: fragmentation from the profile (a range)
};

struct TrainingMemoryInputs {
  Architecture arch;
  Recipe recipe;
  Framework framework = Framework::kMegatron;
  TrainingLayout layout;
  Overheads overheads;
  FineTuneSettings finetune;
  LossKind loss = LossKind::kFp32;
  double card_memory_gb = 0;   ///< capacity the model compares with (the driver's bytes ÷ 10⁹)
  double headroom = 0.9;       ///< share of the card the high end may use and still "fit"
  double prefetch_bucket = 0;  ///< ZeRO-3 parameters gathered ahead (0: the profile's)
  /// Multi-token prediction (DeepSeek-V3 report §2.2; Megatron's --mtp-num-layers): after the
  /// last layer, each of D modules joins the normed hidden state with the embedding of the next
  /// token (a 2h → h projection), runs one more transformer layer of the model's last kind and
  /// predicts a token further through the shared LM head and its own loss. All of it on the last
  /// stage, which then also holds the embedding (a copy, as tied embeddings under PP).
  int mtp_layers = 0;
};

/// The share of a stage's `stage_layers` layers whose recompute runs: under full recompute of N
/// layers of each of the stage's VPP chunks (block method) min(1, N·VPP / layers); 1 otherwise
/// (every layer runs what its recompute mode recomputes).
inline double full_recompute_share(const TrainingLayout& l, double stage_layers) {
  if (l.recompute != Recompute::kFull || !(l.recompute_layers > 0) || !(stage_layers > 0)) {
    return 1;
  }
  const double chunks = l.vpp > 1 ? l.vpp : 1;
  const double share = l.recompute_layers * chunks / stage_layers;
  return share < 1 ? share : 1;
}

/// What "selective" recomputes: Megatron's recompute modules; any other framework's selective
/// recompute is the attention core. Memory, step time, FLOPs and the search all ask this.
inline unsigned selective_recompute_modules(const TrainingMemoryInputs& in) {
  return in.framework == Framework::kMegatron ? in.layout.recompute_modules : kRecomputeCoreAttn;
}

/// The hottest expert-parallel rank: the routed token copies it processes over the balanced
/// share T·k (T tokens per rank, top-k of E experts, E/P_EP of them on a rank).
/// Dropless routing (no capacity factor) is taken as balanced, load 1; nothing bounds it below
/// what a token can reach — it picks an expert at most once, so a rank receives at most
/// P_EP·T·min(k, E/P_EP) copies: bound = P_EP·min(k, E/P_EP)/k, reported.
/// Under a capacity factor C each expert takes ⌈T·k/E·C⌉ copies from each sender, or all T
/// when that is more, and with --moe-pad-expert-input-to-capacity (Megatron-Bridge's
/// apply_moe_token_drop default) exactly that many: load = min(C, E/k) on every rank
/// (Megatron-core moe_utils.py: get_capacity, apply_router_token_dropping). Without padding
/// that is the most a rank can get.
struct MoeRankLoad {
  double load = 1;
  double bound = 1;
};
MoeRankLoad moe_rank_load(const Architecture& arch, const TrainingLayout& layout);

/// Bytes one transformer layer saves for backward, for one micro-batch on one card.
struct LayerActivations {
  double unsplit_bytes = 0;      ///< not divided by TP unless sequence parallel (paper: 10sbh)
  double split_bytes = 0;        ///< divided by TP (paper: 24sbh)
  double quadratic_bytes = 0;    ///< the s² attention terms (paper: 5as²b), divided by TP
  double layer_input_bytes = 0;  ///< what full recompute keeps (paper: 2sbh)
  /// The routed experts' copies of the tokens on this card (MoE layers: the hottest EP rank's),
  /// already divided as the layout divides them.
  double expert_bytes = 0;
  /// Total on a card under the layout's TP, sequence parallel and recompute mode.
  double saved_bytes = 0;
  /// Total of a layer recomputed during backward (full recompute's working set).
  double recomputed_bytes = 0;
};

/// A range of bytes, low to high.
struct ByteRange {
  double low = 0;
  double high = 0;
};

/// When a stage peaks: as the loss's backward starts, as the last stage's first layer recomputes
/// (full or op-level recompute, the logits freed), or at the end of backward.
enum class PeakMoment { kLoss, kRecompute, kBackwardEnd };

struct StageMemory {
  int stage = 0;
  int first_layer = 0;
  int layers = 0;
  double inflight = 0;  ///< micro-batches (layer-stacks) whose activations are alive
  double params_per_card = 0;
  double expert_params_per_card = 0;  ///< of them, routed experts (sharded over EDP, not DP)
  double expert_shard = 1;            ///< EDP = TP·CP·DP / (EP·ETP): ranks sharing an expert
  double trainable_per_card = 0;      ///< parameters with gradients (adapters only under LoRA)
  double quantized_per_card = 0;      ///< of the frozen base, NF4 weights (QLoRA's linears)
  double weights_bytes = 0;
  double grads_bytes = 0;  ///< allocated at the peak moment
  double optimizer_bytes = 0;
  double activations_bytes = 0;
  /// Of activations_bytes, as the derivation writes them: what one micro-batch keeps over the
  /// stage's layers (block recompute's mix included), the stage's ends (the first stage's
  /// embedding dropout masks over the micro-batches in flight, the last stage's final norm and
  /// head inputs) and the one layer recomputing (full and op-level recompute's working set).
  /// Their sum is activations_bytes but with activation offloading, which keeps fewer on the card.
  double stack_bytes = 0;
  double ends_bytes = 0;
  double working_bytes = 0;
  double logits_bytes = 0;
  double buffers_bytes = 0;    ///< the four below
  double workspace_bytes = 0;  ///< the framework's workspace (memory_profile.hpp)
  double gather_bytes = 0;     ///< ZeRO-3's gathered parameters (offload's gathered layers)
  double bucket_bytes = 0;     ///< DeepSpeed's reduce bucket, DDP's gradient buckets
  double dequant_bytes = 0;    ///< QLoRA's dequantized matrices (bitsandbytes)
  double allocated_bytes = 0;  ///< peak allocated: the sum of the parts above
  double context_bytes = 0;    ///< the CUDA context, outside the allocator
  double overhead_bytes = 0;   ///< buffers + context (one bar segment)
  double total_bytes = 0;      ///< the point: allocated + context
  ByteRange fragmentation;     ///< reserved − allocated
  ByteRange communication;     ///< NCCL buffers of the communicators this card joins
  ByteRange workspace;
  ByteRange context;
  double low_bytes = 0;           ///< allocated + the low ends
  double high_bytes = 0;          ///< allocated + the high ends
  double host_ram_bytes = 0;      ///< offloaded state in host memory for this card: the three below
  double host_state_bytes = 0;    ///< optimizer states, master weights, fp32 gradients
  double host_weights_bytes = 0;  ///< the weights, under optimizer-params offload
  double host_activation_bytes = 0;  ///< saved activations past the resident layers
  PeakMoment moment = PeakMoment::kLoss;
  Verdict verdict = Verdict::kFits;
};

struct TrainingMemory {
  std::vector<StageMemory> stages;
  int peak_stage = 0;
  LayerActivations dense_layer;  ///< a layer with a dense FFN
  LayerActivations moe_layer;    ///< a layer with an MoE FFN (zero for dense models)
  double logits_bytes_per_element = 0;
  double padded_vocab = 0;
  double communicators = 0;  ///< process groups of more than one rank this card joins
  MoeRankLoad moe_rank;      ///< the hottest expert-parallel rank, which the MoE layers count
  bool fits = false;         ///< verdict != does not fit
  Verdict verdict = Verdict::kFits;

  const StageMemory& peak() const { return stages[static_cast<std::size_t>(peak_stage)]; }
};

/// Model state of `params` parameters on one card under a recipe and ZeRO stage, with `shard`
/// data-parallel ranks sharing what ZeRO (or the distributed optimizer) shards:
/// ZeRO-1 divides master weights and optimizer moments, ZeRO-2 also gradients, ZeRO-3 also the
/// weights (Rajbhandari et al. 2020, Figure 1). ZeRO-3's gather buffers are not included.
struct ModelStateBytes {
  double weights = 0;
  double grads = 0;
  double optimizer = 0;
  double total() const { return weights + grads + optimizer; }
};
ModelStateBytes model_state_bytes(double params, const Recipe& recipe, int zero, double shard);

/// Bytes per parameter of LoRA adapters: PEFT's fp32 weight and gradient with the optimizer's
/// states (finetune.hpp, adapter_bytes); under Megatron the plan's recipe, as its layers.
Recipe adapter_recipe(const TrainingMemoryInputs& in);

/// Bytes of optimizer state per trained parameter beside the master copy: the moments as the
/// plan's optimizer stores them (finetune.hpp, optimizer_state_bytes, from the recipe's). What
/// the memory, its derivation and the optimizer step's time all read.
double optimizer_moment_bytes(const TrainingMemoryInputs& in);

/// Whether the plan runs under PyTorch autocast: a recipe with fp32 weights (amp16, adam8bit) in
/// a framework without Megatron's own mixed precision, outside ZeRO-3, where the recipe stands for
/// FSDP's mixed precision (bf16 weights gathered, bf16 compute). What the activations kept
/// (docs/formulas.md) and the step's casts (step_time.cpp) both read.
inline bool runs_autocast(const TrainingMemoryInputs& in) {
  return in.framework != Framework::kMegatron && in.recipe.autocast_weight_cache &&
         in.layout.zero < 3;
}

/// Whether the framework runs the recipe and optimizer only with its distributed optimizer
/// (ZeRO ≥ 1). Megatron-LM refuses at start-up, in OptimizerConfig.__post_init__,
/// `--use-precision-aware-optimizer` (bf16 moments) and, in arguments.py, `--fp8-param-gather`
/// (fp8 primary weights) without `--use-distributed-optimizer` or its FSDP.
bool needs_distributed_optimizer(Framework framework, std::string_view recipe_id,
                                 Optimizer optimizer);

/// Activations of one layer (dense or MoE FFN) under a layout and framework.
LayerActivations layer_activations(const TrainingMemoryInputs& in, bool moe_layer);

/// Bytes per logit element while the loss's backward starts (memory_profile.hpp).
double logits_bytes_per_element(Framework framework);

/// Megatron pads the vocabulary to a multiple of 128 × TP (--make-vocab-size-divisible-by).
double padded_vocab(double vocab, double tp, Framework framework);

/// Memory of every stage, and the peak. Inputs must be valid (see training_report.hpp).
TrainingMemory training_memory(const TrainingMemoryInputs& in);

/// The peak stage without building the per-stage list (for the layout search): its point
/// estimate (allocated + context) and the largest parameter count any stage holds per card (what
/// data parallelism reduces).
struct TrainingPeak {
  double bytes = 0;       ///< the peak stage's point: allocated + CUDA context
  double high_bytes = 0;  ///< its range's high end, which the verdict holds to the headroom
  double params_per_card = 0;
  Verdict verdict = Verdict::kDoesNotFit;  ///< the peak stage's, as the memory panel gives it
};
TrainingPeak training_peak(const TrainingMemoryInputs& in);

/// What a peak reads of the model and of a layer's layout (parameter counts per card, each
/// layer's activations, the logits), none of which PP, DP, ZeRO or the split change: the layout
/// search keeps it between the calls of one key and recompute mode. One cache serves one model,
/// recipe, framework and fine-tuning setting; it checks the layer's layout itself.
class PeakCache {
 public:
  PeakCache();
  ~PeakCache();
  PeakCache(PeakCache&&) noexcept;
  PeakCache& operator=(PeakCache&&) noexcept;  ///< `cache = {}` starts over

 private:
  struct Entries;
  std::unique_ptr<Entries> entries_;
  friend TrainingPeak training_peak(const TrainingMemoryInputs& in, PeakCache& cache);
};
TrainingPeak training_peak(const TrainingMemoryInputs& in, PeakCache& cache);

/// training_peak(in).bytes.
double training_peak_bytes(const TrainingMemoryInputs& in);

/// N, the micro-batches the interleaved schedule runs through a virtual stage at a time, for the
/// layout's micro-batches and the framework's schedule (layout_rules.hpp, microbatch_group); PP
/// where the schedule would refuse them (the rulebook reports that).
double interleaved_group(const TrainingMemoryInputs& in);

}  // namespace llm_sizer
