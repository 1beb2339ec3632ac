#pragma once
// The shares of their line rates NVLink and the network reach: one rule, which the resolution of
// training (its collectives) and of serving (its TP, EP and KV transfers) both call, so that the
// two read the same two inputs with the same defaults.

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
