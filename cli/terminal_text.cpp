#include "terminal_text.hpp"

namespace llm_sizer::cli {

std::string terminal_safe(std::string_view text) {
  static constexpr std::string_view kReplacement = "\xEF\xBF\xBD";
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    const bool c0 = c < 0x20 && c != '\n' && c != '\t';
    // C1 controls are U+0080–U+009F, in UTF-8 the two bytes C2 80 to C2 9F.
    const bool c1 = c == 0xC2 && i + 1 < text.size() &&
                    (static_cast<unsigned char>(text[i + 1]) & 0xE0) == 0x80;
    if (c0 || c == 0x7F) {
      out += kReplacement;
    } else if (c1) {
      out += kReplacement;
      ++i;
    } else {
      out += text[i];
    }
  }
  return out;
}

}  // namespace llm_sizer::cli
