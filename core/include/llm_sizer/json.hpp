#pragma once
/// A small JSON reader and writer (RFC 8259) for Hugging Face config.json files, golden test
/// fixtures and the CLI's --json output. Reading is bounded (depth and size) so that hostile
/// input cannot exhaust the stack; errors are returned with their byte offset.

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace llm_sizer {

class JsonValue;
using JsonArray = std::vector<JsonValue>;
/// Object members in document order (duplicates keep the last, as most parsers do).
using JsonObject = std::vector<std::pair<std::string, JsonValue>>;

class JsonValue {
 public:
  JsonValue() = default;
  explicit JsonValue(bool value) : data_(value) {}
  explicit JsonValue(double value) : data_(value) {}
  explicit JsonValue(std::string value) : data_(std::move(value)) {}
  explicit JsonValue(JsonArray value) : data_(std::make_shared<JsonArray>(std::move(value))) {}
  explicit JsonValue(JsonObject value) : data_(std::make_shared<JsonObject>(std::move(value))) {}

  bool is_null() const { return std::holds_alternative<std::monostate>(data_); }
  bool is_bool() const { return std::holds_alternative<bool>(data_); }
  bool is_number() const { return std::holds_alternative<double>(data_); }
  bool is_string() const { return std::holds_alternative<std::string>(data_); }
  bool is_array() const { return std::holds_alternative<std::shared_ptr<JsonArray>>(data_); }
  bool is_object() const { return std::holds_alternative<std::shared_ptr<JsonObject>>(data_); }

  bool as_bool() const { return std::get<bool>(data_); }
  double as_number() const { return std::get<double>(data_); }
  const std::string& as_string() const { return std::get<std::string>(data_); }
  const JsonArray& as_array() const { return *std::get<std::shared_ptr<JsonArray>>(data_); }
  const JsonObject& as_object() const { return *std::get<std::shared_ptr<JsonObject>>(data_); }

  /// The member named `key` of an object, or nullptr (also when this is not an object).
  const JsonValue* find(std::string_view key) const;

 private:
  std::variant<std::monostate, bool, double, std::string, std::shared_ptr<JsonArray>,
               std::shared_ptr<JsonObject>>
      data_;
};

struct JsonParseResult {
  std::optional<JsonValue> value;
  std::string error;       // stable code: "syntax", "depth", "size", "trailing", "number", "string"
  std::size_t offset = 0;  // byte offset of the error
};

inline constexpr std::size_t kJsonMaxBytes = 4 * 1024 * 1024;
inline constexpr int kJsonMaxDepth = 64;

JsonParseResult parse_json(std::string_view text);

/// The members of one object by name, for objects too large to search member by member (a
/// config.json of a few MiB may hold half a million keys): built in one pass over the members,
/// each lookup in constant time on average (open addressing with linear probing). It keeps
/// positions into `object`, which must outlive it and not change.
class JsonMemberIndex {
 public:
  static constexpr std::size_t npos = static_cast<std::size_t>(-1);

  explicit JsonMemberIndex(const JsonObject& object);

  /// The position of the first member named `key`, or npos.
  std::size_t first(std::string_view key) const;
  /// The position of the last member named `key` (the value that counts), or npos.
  std::size_t last(std::string_view key) const;
  /// Whether the member at `position` is the first with its name (false for a repeat).
  bool is_first(std::size_t position) const { return last_[position] != kRepeat; }

 private:
  static constexpr std::uint32_t kRepeat = 0xFFFFFFFF;
  static std::size_t position_of(std::uint64_t slot) {
    return static_cast<std::size_t>((slot & 0xFFFFFFFFULL) - 1);
  }
  /// The slot holding `key`, or the empty slot where it would go.
  std::size_t slot_of(std::string_view key, std::uint64_t hash) const;

  const JsonObject& object_;
  // Per slot: the hash's upper half (to skip most mismatches without reading the name) and the
  // first position + 1; 0 when empty. Twice as many slots as members, a power of two.
  std::vector<std::uint64_t> slots_;
  // Per position: for the first member of a name, the last position with that name; kRepeat for
  // the others.
  std::vector<std::uint32_t> last_;
};

/// Writes JSON text incrementally: objects, arrays, keys and scalars, with indentation.
/// Numbers use the shortest round-trip form; NaN and infinities become null. Strings and keys
/// are written as json_quote() writes them, so the output is always valid UTF-8 without a raw
/// control character, whatever bytes it was given.
class JsonWriter {
 public:
  /// kShortest prints what JavaScript's JSON.stringify prints (for people and the CLI);
  /// kRoundTrip prints 17 significant digits at once — the same double, much faster to write
  /// (for machines, e.g. the wasm boundary).
  enum class Numbers { kShortest, kRoundTrip };
  explicit JsonWriter(int indent = 2, Numbers numbers = Numbers::kShortest)
      : indent_(indent), numbers_(numbers) {}
  JsonWriter& begin_object();
  JsonWriter& end_object();
  JsonWriter& begin_array();
  JsonWriter& end_array();
  JsonWriter& key(std::string_view name);
  JsonWriter& value(double number);
  JsonWriter& value(int number) { return value(static_cast<double>(number)); }
  JsonWriter& value(bool flag);
  JsonWriter& value(std::string_view text);
  JsonWriter& value(const char* text) { return value(std::string_view(text)); }
  JsonWriter& null();
  const std::string& str() const { return out_; }

 private:
  void before_value();
  JsonWriter& close_scope(char bracket);
  void newline();
  std::string out_;
  // One entry per open object or array: 1 until its first value is written. Not vector<bool>,
  // whose bit proxies cost the page's wasm ~1.8 KB.
  std::vector<char> first_in_scope_;
  bool after_key_ = false;
  int indent_;
  Numbers numbers_;
};

/// Escapes a string as a JSON string literal (with quotes), always valid UTF-8 (RFC 8259 §8.1):
///  - `"` and `\` are escaped, and newline, carriage return, tab, backspace and form feed get
///    their two-character escapes (\n \r \t \b \f), as JSON.stringify writes them;
///  - every other control character — C0 (U+0000–U+001F), DEL (U+007F) and C1 (U+0080–U+009F)
///    — is written \u00XX, so no byte of the output moves a terminal's cursor or starts an escape
///    sequence (U+009B is CSI) and no filter has to rewrite it;
///  - bytes that are not well-formed UTF-8 become U+FFFD as valid_utf8() replaces them;
///  - everything else (U+2028, emoji, "<script>") is copied as it is.
std::string json_quote(std::string_view text);

/// `text` with each maximal subpart of an ill-formed UTF-8 sequence replaced by one U+FFFD
/// (Unicode 15.0 §3.9, "U+FFFD Substitution of Maximal Subparts", Table 3-8) — the practice of
/// the WHATWG Encoding Standard's UTF-8 decoder, so the result equals what a browser's
/// TextDecoder makes of the same bytes. Well-formed text is returned unchanged.
std::string valid_utf8(std::string_view text);

}  // namespace llm_sizer
