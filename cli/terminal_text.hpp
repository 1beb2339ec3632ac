#pragma once
// What the CLI writes to a terminal: text from links, flags and config files is shown, never
// obeyed. Control characters become U+FFFD so that a name cannot move the cursor, clear the
// screen or set the window title.

#include <string>
#include <string_view>

namespace llm_sizer::cli {

/// `text` with C0 controls (except newline and tab), DEL and the C1 controls U+0080–U+009F each
/// replaced by U+FFFD. Everything else, malformed UTF-8 included, is kept as it is.
std::string terminal_safe(std::string_view text);

}  // namespace llm_sizer::cli
