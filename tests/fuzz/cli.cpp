// libFuzzer target: the CLI's arguments, one per line of the input. run() never crashes, exits 0
// or 2, explains every refusal on stderr, writes valid UTF-8 without a terminal control
// character, and its --json output is JSON (an object, or the catalogs' arrays).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_support.hpp"
#include "llm_sizer/json.hpp"
#include "run.hpp"
#include "terminal_text.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace llm_sizer;
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  std::vector<std::string> args;
  bool json = false;
  for (std::size_t start = 0; start <= input.size();) {
    auto end = input.find('\n', start);
    if (end == std::string_view::npos) end = input.size();
    args.emplace_back(input.substr(start, end - start));
    json |= args.back() == "--json";
    start = end + 1;
  }
  if (!input.empty() && input.back() == '\n') args.pop_back();  // a final newline ends a line
  std::string out;
  std::string err;
  const int code = cli::run(args, out, err);
  fuzz::require(code == cli::kExitOk || code == cli::kExitUsage, "an unknown exit code");
  if (code != cli::kExitOk) fuzz::require(!err.empty(), "a refusal without a message");
  // Nothing from the input may reach a terminal as a control character.
  fuzz::require(cli::terminal_safe(out) == out, "a control character on stdout", out);
  fuzz::require(cli::terminal_safe(err) == err, "a control character on stderr", err);
  fuzz::require(valid_utf8(out) == out, "stdout is not UTF-8", out);
  fuzz::require(valid_utf8(err) == err, "stderr is not UTF-8", err);
  if (json && !out.empty() && (out.front() == '{' || out.front() == '[')) {
    const JsonParseResult parsed = parse_json(out);
    fuzz::require(parsed.value.has_value(), "--json printed what is not JSON", out);
  }
  return 0;
}
