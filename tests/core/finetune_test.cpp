// Fine-tuning (LoRA, QLoRA), optimizers and offload against figures derived by hand from their
// sources: bitsandbytes' NF4 and blockwise 8-bit layouts, PEFT's trainable-parameter counts, and
// the question "Llama-3.1-8B on one H200 / one RTX 4090 at sequence 4096".
#include "llm_sizer/finetune.hpp"

#include <gtest/gtest.h>

#include <string_view>

#include "llm_sizer/kernel_model.hpp"
#include "llm_sizer/model.hpp"
#include "llm_sizer/plan_fields.hpp"
#include "llm_sizer/report.hpp"
#include "llm_sizer/resolve.hpp"
#include "llm_sizer/training_memory.hpp"

namespace llm_sizer {
namespace {

const Architecture& llama8b() { return find_model("llama-3.1-8b")->architecture; }

// Llama 3.1 8B (config.json): h 4096, 32 layers, 8 K/V heads of 128, FFN 14336, vocab 128256.
// The linears QLoRA quantizes, per layer: q and o 4096², k and v 4096 × 1024, gate, up and
// down 4096 × 14336.
constexpr double kLlamaLinearsPerLayer = 2 * 4096.0 * 4096 + 2 * 4096.0 * 1024 + 3 * 4096.0 * 14336;
constexpr double kLlamaParams = 8030261248;  // embedding, 32 layers, final norm, untied LM head
constexpr double kLlamaLmHead = 128256.0 * 4096;

// resolve_training.cpp reads a choice as its position among the field's choices: the ids must
// be listed in the order of the enums.
TEST(FineTune, ChoiceIdsFollowTheEnumOrder) {
  const auto ids = [](std::string_view field) { return find_field_by_id(field)->choices; };
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(ids("finetune")[i], finetune_id(static_cast<FineTune>(i)));
    EXPECT_EQ(ids("offload")[i], offload_id(static_cast<Offload>(i)));
    EXPECT_EQ(ids("loss")[i], loss_id(static_cast<LossKind>(i)));
  }
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(ids("optimizer")[i], optimizer_id(static_cast<Optimizer>(i)));
  }
}

TEST(FineTune, Nf4WithDoubleQuantizationStoresFourPointOneThreeBitsPerWeight) {
  // 4-bit codes + an 8-bit absmax per 64 weights + an fp32 absmax per 256 blocks (QLoRA §2,
  // bitsandbytes quantize_4bit blocksize 64, nested blocksize 256).
  EXPECT_DOUBLE_EQ(nf4_bytes_per_weight(), (4 + 8.0 / 64 + 32.0 / (64 * 256)) / 8);
}

TEST(FineTune, OptimizerStatesPerTrainedParameter) {
  // Two uint8 moments with an fp32 absmax per block of 256 (bitsandbytes Optimizer2State).
  EXPECT_DOUBLE_EQ(optimizer_state_bytes(Optimizer::kAdamw8bit, 8, 4096), 2 * (1 + 4.0 / 256));
  EXPECT_DOUBLE_EQ(optimizer_state_bytes(Optimizer::kPagedAdamw8bit, 8, 4096), 2 * (1 + 4.0 / 256));
  // Adafactor: a row and a column of fp32 for an h × h matrix, 4(h + h) / h² per parameter.
  EXPECT_DOUBLE_EQ(optimizer_state_bytes(Optimizer::kAdafactor, 8, 4096), 8.0 / 4096);
  EXPECT_DOUBLE_EQ(optimizer_state_bytes(Optimizer::kSgd, 8, 4096), 0);
  EXPECT_DOUBLE_EQ(optimizer_state_bytes(Optimizer::kAdamw, 8, 4096), 8);
  // PEFT adapters are fp32: 4 B weight, 4 B gradient, two fp32 moments.
  const AdapterBytes b = adapter_bytes(Optimizer::kAdamw);
  EXPECT_DOUBLE_EQ(b.weights, 4);
  EXPECT_DOUBLE_EQ(b.grads, 4);
  EXPECT_DOUBLE_EQ(b.optimizer, 8);
}

TEST(FineTune, AdapterCountsMatchPeftsTrainableParameters) {
  // r·(in + out) per adapted linear. Every linear at r 16: 32 × 16 × (2·8192 + 2·5120 +
  // 3·18432) = 41,943,040, as PEFT's print_trainable_parameters reports for Llama 3 8B.
  EXPECT_DOUBLE_EQ(lora_adapter_params(llama8b(), 16, kLoraAll).total, 41943040);
  // q and v at r 8 (PEFT's default targets for Llama): 32 × 8 × (8192 + 5120) = 3,407,872.
  EXPECT_DOUBLE_EQ(lora_adapter_params(llama8b(), 8, kLoraQ | kLoraV).total, 3407872);
  unsigned targets = 0;
  ASSERT_TRUE(parse_lora_targets("q,v", targets));
  EXPECT_EQ(targets, kLoraQ | kLoraV);
  EXPECT_EQ(lora_targets_text(kLoraAll), "all");
  EXPECT_FALSE(parse_lora_targets("q,attn", targets));
}

TEST(FineTune, QloraQuantizesEveryAttentionAndFfnLinearButNotEmbeddingOrHead) {
  EXPECT_DOUBLE_EQ(quantized_params(llama8b()).total, 32 * kLlamaLinearsPerLayer);
  EXPECT_DOUBLE_EQ(quantized_params(llama8b()).largest_matrix, 4096.0 * 14336);
}

Plan one_card(const char* accelerator, const char* finetune, const char* recompute) {
  Plan plan;
  plan.model = "llama-3.1-8b";
  plan.accelerator = accelerator;
  plan.framework = "pytorch";
  plan.finetune = finetune;
  plan.lora_rank = 16;
  plan.seq_len = 4096;
  plan.micro_batch = 1;
  plan.recompute = recompute;
  plan.tp = plan.pp = plan.dp = 1;
  plan.tokens = 1e8;
  return plan;
}

TEST(FineTune, LoraOnOneCardKeepsAFrozenBf16BaseAndFp32Adapters) {
  const Report r = evaluate(one_card("h200-141g", "lora", "selective"));
  ASSERT_TRUE(r.training.available);
  const auto& m = r.training.memory;
  const double adapters = 41943040;
  EXPECT_NEAR(m.weights_gb, (kLlamaParams * 2 + adapters * 4) / 1e9, 1e-9);
  EXPECT_NEAR(m.grads_gb, adapters * 4 / 1e9, 1e-9);
  EXPECT_NEAR(m.optimizer_gb, adapters * 8 / 1e9, 1e-9);
  EXPECT_DOUBLE_EQ(m.adapter_params, adapters);
  // Logits at the loss: 12 B × 4096 × 128256.
  EXPECT_NEAR(m.logits_gb, 12.0 * 4096 * 128256 / 1e9, 1e-9);
  EXPECT_EQ(m.verdict, "fits");
  // The H200's 143,156 MiB as its driver reports it.
  EXPECT_NEAR(m.card_memory_gb, 143156 * 1048576.0 / 1e9, 1e-9);
  // Time and cost exist for the tokens given.
  EXPECT_GT(r.training.time.days, 0);
  EXPECT_GT(r.training.time.cost, 0);
}

TEST(FineTune, QloraStoresTheQuantizedLinearsInNf4AndTheRestInBf16) {
  const Report r = evaluate(one_card("rtx-4090", "qlora", "full"));
  ASSERT_TRUE(r.training.available);
  const double quantized = 32 * kLlamaLinearsPerLayer;
  const double adapters = 41943040;
  EXPECT_NEAR(r.training.memory.weights_gb,
              (quantized * (4 + 8.0 / 64 + 32.0 / (64 * 256)) / 8 + (kLlamaParams - quantized) * 2 +
               adapters * 4) /
                  1e9,
              1e-9);
}

// bitsandbytes' matmul_4bit dequantizes each frozen NF4 linear to bf16 before its GEMM, in
// forward and again for the input's gradient (three passes under full recompute): on one RTX 4090
// (1.008 TB/s, NVIDIA's datasheet) every pass reads the NF4 bytes and writes 2 B per weight.
TEST(FineTune, QloraPaysForDequantizingItsLinearsEveryPass) {
  const Report r = evaluate(one_card("rtx-4090", "qlora", "full"));
  ASSERT_TRUE(r.training.time_available);
  const TrainingTime& time = r.training.time;
  const double quantized = 32 * kLlamaLinearsPerLayer;
  const double bytes = 3 * time.microbatches * quantized * (nf4_bytes_per_weight() + 2);
  const double stream = 1.008e12 * r.training.settings.memory_efficiency;
  EXPECT_NEAR(time.dequant_s, bytes / stream, 1e-9 * time.dequant_s);
  // The step's split, as every view shows it, names it; LoRA has none.
  EXPECT_EQ(time.parts.back().id, "dequant");
  EXPECT_DOUBLE_EQ(time.parts.back().s, time.dequant_s);
  const TrainingTime lora = evaluate(one_card("rtx-4090", "lora", "full")).training.time;
  EXPECT_EQ(lora.dequant_s, 0);
  for (const StepPart& part : lora.parts) EXPECT_NE(part.id, "dequant");
}

// The question: on one RTX 4090 (25.39 GB as its driver reports it) LoRA's 16.2 GB bf16
// base plus 6.3 GB of logits and the activations cannot fit without gradient checkpointing, QLoRA
// with it fits; on one H200 both fit.
TEST(FineTune, LlamaEightOnOneCardAtSequence4096) {
  EXPECT_EQ(evaluate(one_card("rtx-4090", "lora", "selective")).training.memory.verdict,
            "does_not_fit");
  EXPECT_EQ(evaluate(one_card("rtx-4090", "qlora", "full")).training.memory.verdict, "fits");
  EXPECT_EQ(evaluate(one_card("h200-141g", "qlora", "selective")).training.memory.verdict, "fits");
  EXPECT_EQ(evaluate(one_card("h200-141g", "lora", "full")).training.memory.verdict, "fits");
}

TEST(FineTune, FrozenMatmulsSkipTheirWeightGradientsAndAdaptersAddSixFlopsEach) {
  Plan full = one_card("h200-141g", "full", "selective");
  const Report lora = evaluate(one_card("h200-141g", "lora", "selective"));
  const Report all = evaluate(full);
  // Every non-embedding parameter (the 6N count's N) is frozen: the linears of the 32 layers, the
  // LM head and the 65 RMSNorm weights of 4096; 2 FLOPs per weight and token fewer. The
  // 41,943,040 adapters train: 6 FLOPs each.
  const double frozen = 32 * kLlamaLinearsPerLayer + kLlamaLmHead + 65 * 4096.0;
  EXPECT_NEAR(all.training.time.model_flops_per_token - lora.training.time.model_flops_per_token,
              2 * frozen - 6 * 41943040.0, 1);
}

TEST(FineTune, AdaptedWidthsSumTheTargetedLinears) {
  // Llama 3.1 8B: q, k, v take h = 4096 in and give 4096, 1024, 1024; o 4096 → 4096; gate and up
  // 4096 → 14336; down 14336 → 4096. r·(Σ in + Σ out) per layer is the adapter count above.
  const AdaptedWidths all = lora_adapted_widths(llama8b(), kLoraAll);
  EXPECT_DOUBLE_EQ(all.attention_in, 4 * 4096.0);
  EXPECT_DOUBLE_EQ(all.attention_out, 2 * 4096.0 + 2 * 1024);
  EXPECT_DOUBLE_EQ(all.ffn_in, 2 * 4096.0 + 14336);
  EXPECT_DOUBLE_EQ(all.ffn_out, 2 * 14336.0 + 4096);
  EXPECT_DOUBLE_EQ(32 * 16 * (all.attention_in + all.attention_out + all.ffn_in + all.ffn_out),
                   lora_adapter_params(llama8b(), 16, kLoraAll).total);
  const AdaptedWidths qv = lora_adapted_widths(llama8b(), kLoraQ | kLoraV);
  EXPECT_DOUBLE_EQ(qv.attention_in, 2 * 4096.0);
  EXPECT_DOUBLE_EQ(qv.attention_out, 4096.0 + 1024);
  EXPECT_DOUBLE_EQ(qv.ffn_in + qv.ffn_out, 0);
}

// Under LoRA only the adapters train: the optimizer steps their 41,943,040 fp32 parameters
// (gradient read 3 times, weight and two fp32 moments read and written: 4·3 + 4·2 + 8·2 = 36 B
// each), not the frozen 8.03 × 10⁹ (measured on one H200: 0.6 ms against 44 ms for full
// fine-tuning, validation/data/h200/).
TEST(FineTune, LoraStepsOnlyTheAdapters) {
  const Report lora = evaluate(one_card("h200-141g", "lora", "none"));
  const Report full = evaluate(one_card("h200-141g", "full", "none"));
  ASSERT_TRUE(lora.training.time_available && full.training.time_available);
  const double stream = 4.8e12 * lora.training.settings.memory_efficiency;
  EXPECT_NEAR(lora.training.time.optimizer_s, 41943040.0 * 36 / stream + kKernelOverheadS,
              1e-9 * lora.training.time.optimizer_s);
  EXPECT_LT(lora.training.time.optimizer_s, full.training.time.optimizer_s / 100);
}

// The frozen base's weight-gradient GEMMs (a third of its GEMM work) are not run; the adapters'
// traffic is small when only q is adapted at rank 1, so the backward must be cheaper.
TEST(FineTune, FrozenBaseRunsNoWeightGradientGemms) {
  Plan plan = one_card("h200-141g", "lora", "none");
  plan.lora_rank = 1;
  plan.lora_targets = "q";
  const TrainingTime lora = evaluate(plan).training.time;
  const TrainingTime full = evaluate(one_card("h200-141g", "full", "none")).training.time;
  // Full fine-tuning's compute is about 2/3 GEMMs; dropping their third saves over 15 %.
  EXPECT_LT(lora.compute_s, 0.85 * full.compute_s);
  // Every linear adapted at rank 16 streams PEFT's casts, products and sums (step_time.cpp):
  // more than the q-only, rank-1 plan.
  const TrainingTime all = evaluate(one_card("h200-141g", "lora", "none")).training.time;
  EXPECT_GT(all.compute_s, lora.compute_s * 1.1);
}

// PEFT's fp32 adapters cast each adapted input and output (step_time.cpp, adapter_traffic):
// 30 B per input element and 56 per output element a token, forward and backward; Megatron's bf16
// adapters skip the casts: 12 and 20. Llama 3.1 8B, every linear (Σ in 38,912, Σ out 43,008 a
// layer) against q alone (4,096 and 4,096), at rank 1 so that the adapters' own size is nothing.
TEST(FineTune, Fp32AdaptersStreamTheirCastsBf16OnesDoNot) {
  const auto adapter_s = [](const char* framework) {
    Plan all = one_card("h200-141g", "lora", "none");
    all.framework = framework;
    all.lora_rank = 1;
    Plan q = all;
    q.lora_targets = "q";
    return evaluate(all).training.time.compute_s - evaluate(q).training.time.compute_s;
  };
  const double peft = 38912 * 30 + 43008 * 56 - 4096 * (30 + 56);
  const double megatron = 38912 * 12 + 43008 * 20 - 4096 * (12 + 20);
  EXPECT_NEAR(adapter_s("pytorch") / adapter_s("megatron"), peft / megatron, 0.02);
}

TEST(FineTune, OffloadKeepsMasterWeightsMomentsAndGradientsOnTheHost) {
  // ZeRO-Offload: fp32 master weights, fp32 gradients and two fp32 moments, 16 B per parameter
  // (DeepSpeed memory.rst); the weights too with optimizer-params.
  const OffloadTraffic t = offload_traffic(Offload::kOptimizer, 1e9, 2, 2, 2, 4);
  EXPECT_DOUBLE_EQ(t.host_ram_bytes, 16e9);
  EXPECT_DOUBLE_EQ(t.device_to_host_bytes, 2e9 * 4);  // bf16 gradients every micro-batch
  EXPECT_DOUBLE_EQ(t.host_to_device_bytes, 2e9);      // the updated bf16 weights once
  const OffloadTraffic p = offload_traffic(Offload::kOptimizerParams, 1e9, 2, 2, 2, 4);
  EXPECT_DOUBLE_EQ(p.host_ram_bytes, 18e9);
  EXPECT_DOUBLE_EQ(p.host_to_device_bytes, 2e9 * 2 * 4);  // every pass of every micro-batch
  // Over PCIe Gen4 (31.5 GB/s a direction): the larger direction, not overlapped.
  EXPECT_DOUBLE_EQ(offload_transfer_s(t, 31.5), 8e9 / 31.5e9);
}

// Parameter offload moves the weights to the host once: DeepSpeed's 16 B of optimizer state
// per parameter plus the bf16 weights, 18 B (memory.rst), not the card's copy on top.
TEST(FineTune, ParameterOffloadCountsTheWeightsOnTheHostOnce) {
  Plan plan;
  plan.model = "llama-3.1-8b";
  plan.accelerator = "h100-80g";
  plan.framework = "deepspeed";
  plan.tp = 1;
  plan.pp = 1;
  plan.dp = 8;
  plan.zero = 3;
  plan.offload = "optimizer-params";
  const Report r = evaluate(plan);
  ASSERT_TRUE(r.training.available);
  const double params = r.setup.counts.total;
  EXPECT_NEAR(r.training.memory.host_ram_gb, params / 8 * 18 / 1e9, 1e-6);
  EXPECT_DOUBLE_EQ(r.training.memory.weights_gb, 0);
}

// Activation offloading copies each layer's saved tensors down while the next layers compute
// and back one layer ahead of the backward (TransformerEngine's cpu_offload.py: hidden "if
// computation time of a layer is longer than host-device communication time"). Llama 3.1 8B
// at 8,192 tokens saves more a layer than PCIe 5 (63 GB/s) carries in that layer's forward or
// backward: the excess shows; over a link 20 times as fast, nothing.
TEST(FineTune, OffloadedActivationsCostWhatTheirCopiesOutlastTheCompute) {
  Plan plan;
  plan.model = "llama-3.1-8b";
  plan.accelerator = "h100-80g";
  plan.tp = 1;
  plan.pp = 1;
  plan.dp = 1;
  plan.micro_batch = 1;
  plan.global_batch = 4;
  plan.seq_len = 8192;
  plan.recompute = "none";
  const Report without = evaluate(plan);
  plan.activation_offload = 1;
  const Report pcie = evaluate(plan);
  ASSERT_TRUE(pcie.training.time_available);
  const TrainingTime& t = pcie.training.time;
  const TrainingMemoryInputs& mem = resolve(plan).training.inputs.memory;
  const double copy = layer_activations(mem, false).saved_bytes / 63e9;
  const double layer = t.compute_s / (t.microbatches * 32);  // one layer, one micro-batch
  // Both ways show at this length: a layer saves ~1.1 GB, 18 ms over PCIe, where its forward
  // runs 7.5 ms and its backward 15.
  ASSERT_GT(copy, layer * 2 / 3);
  EXPECT_NEAR(t.offload_s, t.microbatches * 32 * ((copy - layer / 3) + (copy - layer * 2 / 3)),
              1e-9);
  EXPECT_NEAR(t.step_s, without.training.time.step_s + t.offload_s, 1e-9);
  EXPECT_EQ(t.parts.back().id, "offload");
  // Grace's NVLink-C2C or any link that outpaces the forward: the copies hide.
  plan.host_link_gbps = 20 * 63;
  const Report fast = evaluate(plan);
  EXPECT_EQ(fast.training.time.offload_s, 0);
  EXPECT_DOUBLE_EQ(fast.training.time.step_s, without.training.time.step_s);
}

}  // namespace
}  // namespace llm_sizer
