#include "link_efficiencies.hpp"

#include <cmath>

#include "llm_sizer/kernel_model.hpp"

namespace llm_sizer::detail {

LinkEfficiencies resolve_link_efficiencies(Resolver& r) {
  const Plan& p = r.plan();
  const KernelFacts facts = kernel_facts(p.accelerator);
  const bool measured = std::isfinite(facts.comm_efficiency);
  LinkEfficiencies e;
  e.nvlink = r.number("comm_efficiency", p.comm_efficiency,
                      measured ? facts.comm_efficiency : kDefaultCommEfficiency,
                      measured ? InputSource::kAutomatic : InputSource::kDefault);
  e.net = r.number("net_efficiency", p.net_efficiency, kDefaultNetEfficiency);
  return e;
}

}  // namespace llm_sizer::detail
