#pragma once
// The shares of their line rates NVLink and the network reach, resolved once from the plan for
// every model that moves bytes between cards: training's collectives and serving's TP, EP and
// KV transfers read the same two inputs.

#include "resolver.hpp"

namespace llm_sizer::detail {

struct LinkEfficiencies {
  double nvlink = 0;  ///< NCCL's bus bandwidth over NVLink's line rate (comm_efficiency)
  double net = 0;     ///< over the NICs' line rate (net_efficiency)
};

/// The plan's efficiencies, else the accelerator's measured NVLink share (kernel_catalog.cpp;
/// kDefaultCommEfficiency where none is measured) and the network's kDefaultNetEfficiency
/// (kernel_model.hpp).
LinkEfficiencies resolve_link_efficiencies(Resolver& r);

}  // namespace llm_sizer::detail
