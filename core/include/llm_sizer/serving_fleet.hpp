#pragma once
/// The smallest serving fleet for a model, a card, an engine and a target load: every replica
/// layout the engines deploy — TP inside a node or across nodes, pipeline stages across nodes,
/// and for MoE models data-parallel attention with the experts spread over TP × DP cards (EP) —
/// sized by its engine's memory rule (serving_memory.hpp), limited by a TPOT target
/// (serving_load.hpp), and replicated until the target concurrency is served.
///
/// For each layout:
///   concurrency per DP rank  C_rank = min(⌊KV pool / KV_seq,card(P + O)⌋, max_num_seqs,
///                                         the largest batch with TPOT ≤ SLO)
///   replicas = ⌈C_target / (dp × C_rank)⌉,  cards = replicas × tp × pp × dp
/// Ranked: serves the load within the SLO, then fewest cards, then lowest cost per output token,
/// then fewest cards per replica. A layout that misses the SLO even with one sequence is kept
/// only when none meets it (sized by memory, flagged).

#include <vector>

#include "llm_sizer/serving_load.hpp"
#include "llm_sizer/serving_memory.hpp"

namespace llm_sizer {

struct FleetRequest {
  double concurrency = 1;  ///< sequences in flight across the fleet
  double tpot_slo_s = 0;   ///< NaN: none
  ServingWorkload load;
  EngineSettings engine;
  double price_per_gpu_hour = 0;  ///< NaN: unknown
  /// Layout restrictions (NaN: searched); `ep` -1 searched, 0 off, 1 on.
  double tp = 0, pp = 0, dp = 0;
  int ep = -1;
};

struct FleetOption {
  ServingLayout layout;
  CardBudget budget;
  double memory_concurrency = 0;  ///< per DP rank, by the KV pool and max_num_seqs
  double slo_concurrency = 0;     ///< per DP rank within the TPOT SLO
  double replica_concurrency = 0;
  double replicas = 0;
  double gpus = 0;
  double nodes_per_replica = 0;
  bool fits = false;
  bool meets_slo = false;
  LoadPoint at_load;               ///< the target load spread over the replicas
  double output_tokens_per_s = 0;  ///< the fleet
  double input_tokens_per_s = 0;
  double output_tokens_per_s_per_gpu = 0;
  double cost_per_hour = 0;
  double cost_per_m_input = 0;   ///< $ per million input tokens (the prefill share of the time)
  double cost_per_m_output = 0;  ///< $ per million output tokens (the decode share)
};

/// One layout at the request.
FleetOption evaluate_fleet_option(const ServingInputs& in, const FleetRequest& request,
                                  const ServingLayout& layout);

struct FleetSearch {
  bool found = false;
  FleetOption best;
  std::vector<FleetOption> alternatives;  ///< the next best layouts, at most 5
  double evaluated = 0;
  bool slo_met = false;  ///< some layout serves the load within the SLO
};

/// Every layout the rulebook allows for the model on this card (serving_layout_valid), at most 64
/// cards per TP group and 256 per replica; replicas pack whole nodes (a replica larger than a node
/// takes whole nodes, a smaller one divides it).
std::vector<ServingLayout> fleet_layouts(const ServingInputs& in, const FleetRequest& request);

FleetSearch search_fleet(const ServingInputs& in, const FleetRequest& request);

}  // namespace llm_sizer
