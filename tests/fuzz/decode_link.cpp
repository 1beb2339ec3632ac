// libFuzzer target: any bytes as a share link. Decoding never crashes; the plan it returns
// evaluates without a crash and re-encodes to a link that decodes to the same plan.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace llm_sizer;
  const std::string_view link(reinterpret_cast<const char*>(data), size);
  const DecodedLink decoded = decode_link(link);
  fuzz::require_link_round_trip(decoded.plan);
  fuzz::require_sound_report(decoded.plan);
  return 0;
}
