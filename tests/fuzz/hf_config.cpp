// libFuzzer target: any bytes as a pasted config.json. The import never crashes; a successful
// import sets texts that read back without an issue, into a plan that evaluates and round-trips
// through a link; a failed import sets nothing.
#include "llm_sizer/hf_config.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace llm_sizer;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const HfImport imported = import_hf_config(text);
  if (!imported.ok()) {
    fuzz::require(imported.texts.empty(), "a failed import set texts");
    return 0;
  }
  fuzz::require(!imported.texts.empty(), "a successful import set nothing");
  Plan plan;
  fuzz::require(apply_hf_import(imported, plan).empty(), "imported texts did not read back");
  fuzz::require(plan.model == kCustomId, "an import did not make the model custom");
  for (const Issue& issue : validate_field_ranges(plan)) {
    fuzz::require(issue.severity != Severity::kError, "an import set an out-of-range input",
                  issue.field);
  }
  fuzz::require_link_round_trip(plan);
  fuzz::require_sound_report(plan);
  return 0;
}
