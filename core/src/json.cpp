#include "llm_sizer/json.hpp"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <optional>

#include "llm_sizer/decimal.hpp"
#include "llm_sizer/json_visitor.hpp"
#include "llm_sizer/number_format.hpp"

namespace llm_sizer {

const JsonValue* JsonValue::find(std::string_view key) const {
  if (!is_object()) return nullptr;
  const JsonValue* found = nullptr;
  for (const auto& [name, member] : as_object()) {
    if (name == key) found = &member;
  }
  return found;
}

namespace {

class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {}

  JsonParseResult run() {
    JsonParseResult result;
    if (text_.size() > kJsonMaxBytes) return fail("size");
    skip_space();
    JsonValue value;
    if (!parse_value(value, 0)) return fail_result();
    skip_space();
    if (pos_ != text_.size()) return fail("trailing");
    result.value = std::move(value);
    return result;
  }

 private:
  JsonParseResult fail(const char* code) {
    error_ = code;
    return fail_result();
  }
  JsonParseResult fail_result() {
    JsonParseResult result;
    result.error = error_.empty() ? "syntax" : error_;
    result.offset = pos_;
    return result;
  }
  bool error(const char* code) {
    if (error_.empty()) error_ = code;
    return false;
  }

  void skip_space() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t' ||
                                   text_[pos_] == '\n' || text_[pos_] == '\r')) {
      ++pos_;
    }
  }

  bool literal(std::string_view word) {
    if (text_.substr(pos_, word.size()) != word) return error("syntax");
    pos_ += word.size();
    return true;
  }

  bool parse_value(JsonValue& out, int depth) {
    if (depth > kJsonMaxDepth) return error("depth");
    if (pos_ >= text_.size()) return error("syntax");
    const char c = text_[pos_];
    switch (c) {
      case '{':
        return parse_object(out, depth);
      case '[':
        return parse_array(out, depth);
      case '"': {
        std::string s;
        if (!parse_string(s)) return false;
        out = JsonValue(std::move(s));
        return true;
      }
      case 't':
        out = JsonValue(true);
        return literal("true");
      case 'f':
        out = JsonValue(false);
        return literal("false");
      case 'n':
        out = JsonValue();
        return literal("null");
      default:
        return parse_number(out);
    }
  }

  bool parse_object(JsonValue& out, int depth) {
    ++pos_;
    JsonObject members;
    skip_space();
    if (pos_ < text_.size() && text_[pos_] == '}') {
      ++pos_;
      out = JsonValue(std::move(members));
      return true;
    }
    while (true) {
      skip_space();
      if (pos_ >= text_.size() || text_[pos_] != '"') return error("syntax");
      std::string key;
      if (!parse_string(key)) return false;
      skip_space();
      if (pos_ >= text_.size() || text_[pos_] != ':') return error("syntax");
      ++pos_;
      skip_space();
      JsonValue member;
      if (!parse_value(member, depth + 1)) return false;
      members.emplace_back(std::move(key), std::move(member));
      skip_space();
      if (pos_ >= text_.size()) return error("syntax");
      if (text_[pos_] == ',') {
        ++pos_;
        continue;
      }
      if (text_[pos_] == '}') {
        ++pos_;
        break;
      }
      return error("syntax");
    }
    out = JsonValue(std::move(members));
    return true;
  }

  bool parse_array(JsonValue& out, int depth) {
    ++pos_;
    JsonArray items;
    skip_space();
    if (pos_ < text_.size() && text_[pos_] == ']') {
      ++pos_;
      out = JsonValue(std::move(items));
      return true;
    }
    while (true) {
      skip_space();
      JsonValue item;
      if (!parse_value(item, depth + 1)) return false;
      items.push_back(std::move(item));
      skip_space();
      if (pos_ >= text_.size()) return error("syntax");
      if (text_[pos_] == ',') {
        ++pos_;
        continue;
      }
      if (text_[pos_] == ']') {
        ++pos_;
        break;
      }
      return error("syntax");
    }
    out = JsonValue(std::move(items));
    return true;
  }

  bool parse_number(JsonValue& out) {
    const std::size_t start = pos_;
    if (pos_ < text_.size() && text_[pos_] == '-') ++pos_;
    if (pos_ >= text_.size()) return error("number");
    if (text_[pos_] == '0') {
      ++pos_;
    } else if (text_[pos_] >= '1' && text_[pos_] <= '9') {
      while (pos_ < text_.size() && is_digit(text_[pos_])) ++pos_;
    } else {
      return error(start == pos_ ? "syntax" : "number");
    }
    if (pos_ < text_.size() && text_[pos_] == '.') {
      ++pos_;
      if (pos_ >= text_.size() || !is_digit(text_[pos_])) return error("number");
      while (pos_ < text_.size() && is_digit(text_[pos_])) ++pos_;
    }
    if (pos_ < text_.size() && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
      ++pos_;
      if (pos_ < text_.size() && (text_[pos_] == '+' || text_[pos_] == '-')) ++pos_;
      if (pos_ >= text_.size() || !is_digit(text_[pos_])) return error("number");
      while (pos_ < text_.size() && is_digit(text_[pos_])) ++pos_;
    }
    const std::string_view literal_text = text_.substr(start, pos_ - start);
    const std::optional<double> whole = whole_number(literal_text);
    out = JsonValue(whole ? *whole : read_decimal(literal_text).value_or(0));
    return true;
  }

  // Most numbers in a config are whole: up to 15 digits are exact in a double and need no general
  // decimal reading (a third of the time of reading a config of half a million keys).
  static std::optional<double> whole_number(std::string_view literal) {
    const bool negative = !literal.empty() && literal[0] == '-';
    const std::string_view digits = literal.substr(negative ? 1 : 0);
    if (digits.empty() || digits.size() > 15) return std::nullopt;
    std::uint64_t value = 0;
    for (const char c : digits) {
      if (!is_digit(c)) return std::nullopt;
      value = value * 10 + static_cast<std::uint64_t>(c - '0');
    }
    const auto magnitude = static_cast<double>(value);
    return negative ? -magnitude : magnitude;
  }

  static bool is_digit(char c) { return c >= '0' && c <= '9'; }

  bool read_hex4(std::uint32_t& code) {
    if (pos_ + 4 > text_.size()) return error("string");
    code = 0;
    for (int i = 0; i < 4; ++i) {
      const char c = text_[pos_++];
      code <<= 4;
      if (c >= '0' && c <= '9') {
        code |= static_cast<std::uint32_t>(c - '0');
      } else if (c >= 'a' && c <= 'f') {
        code |= static_cast<std::uint32_t>(c - 'a' + 10);
      } else if (c >= 'A' && c <= 'F') {
        code |= static_cast<std::uint32_t>(c - 'A' + 10);
      } else {
        return error("string");
      }
    }
    return true;
  }

  static void append_utf8(std::string& out, std::uint32_t code) {
    if (code < 0x80) {
      out += static_cast<char>(code);
    } else if (code < 0x800) {
      out += static_cast<char>(0xC0 | (code >> 6));
      out += static_cast<char>(0x80 | (code & 0x3F));
    } else if (code < 0x10000) {
      out += static_cast<char>(0xE0 | (code >> 12));
      out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (code & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (code >> 18));
      out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (code & 0x3F));
    }
  }

  bool parse_string(std::string& out) {
    ++pos_;  // opening quote
    while (pos_ < text_.size()) {
      // Plain characters are copied a run at a time: strings are most of a config's bytes.
      const std::size_t run = pos_;
      while (pos_ < text_.size() && text_[pos_] != '"' && text_[pos_] != '\\' &&
             static_cast<unsigned char>(text_[pos_]) >= 0x20) {
        ++pos_;
      }
      out.append(text_.data() + run, pos_ - run);
      if (pos_ >= text_.size()) break;
      const char c = text_[pos_++];
      if (c == '"') return true;
      if (static_cast<unsigned char>(c) < 0x20) return error("string");
      if (pos_ >= text_.size()) return error("string");
      const char e = text_[pos_++];
      switch (e) {
        case '"':
          out += '"';
          break;
        case '\\':
          out += '\\';
          break;
        case '/':
          out += '/';
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'n':
          out += '\n';
          break;
        case 'r':
          out += '\r';
          break;
        case 't':
          out += '\t';
          break;
        case 'u': {
          std::uint32_t code = 0;
          if (!read_hex4(code)) return false;
          if (code >= 0xD800 && code <= 0xDBFF) {
            std::uint32_t low = 0;
            if (pos_ + 1 < text_.size() && text_[pos_] == '\\' && text_[pos_ + 1] == 'u') {
              pos_ += 2;
              if (!read_hex4(low)) return false;
            }
            if (low < 0xDC00 || low > 0xDFFF) return error("string");
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
          } else if (code >= 0xDC00 && code <= 0xDFFF) {
            return error("string");
          }
          append_utf8(out, code);
          break;
        }
        default:
          return error("string");
      }
    }
    return error("string");
  }

  std::string_view text_;
  std::size_t pos_ = 0;
  std::string error_;
};

}  // namespace

JsonParseResult parse_json(std::string_view text) { return Parser(text).run(); }

JsonMemberIndex::JsonMemberIndex(const JsonObject& object) : object_(object), last_(object.size()) {
  // Positions are stored in 32 bits: an object read from kJsonMaxBytes has far fewer members.
  std::size_t slots = 16;
  while (slots < 2 * object.size()) slots *= 2;
  slots_.assign(slots, 0);
  const std::hash<std::string_view> hasher;
  for (std::size_t i = 0; i < object.size(); ++i) {
    const std::string_view name = object[i].first;
    const std::uint64_t hash = hasher(name);
    const std::size_t slot = slot_of(name, hash);
    if (slots_[slot] == 0) {
      slots_[slot] = (hash & 0xFFFFFFFF00000000ULL) | (i + 1);
      last_[i] = static_cast<std::uint32_t>(i);
    } else {
      last_[position_of(slots_[slot])] = static_cast<std::uint32_t>(i);
      last_[i] = kRepeat;
    }
  }
}

std::size_t JsonMemberIndex::slot_of(std::string_view key, std::uint64_t hash) const {
  const std::size_t mask = slots_.size() - 1;
  const std::uint64_t tag = hash & 0xFFFFFFFF00000000ULL;
  for (std::size_t slot = static_cast<std::size_t>(hash) & mask;; slot = (slot + 1) & mask) {
    const std::uint64_t entry = slots_[slot];
    if (entry == 0) return slot;
    if ((entry & 0xFFFFFFFF00000000ULL) == tag && object_[position_of(entry)].first == key) {
      return slot;
    }
  }
}

std::size_t JsonMemberIndex::first(std::string_view key) const {
  const std::uint64_t entry = slots_[slot_of(key, std::hash<std::string_view>()(key))];
  return entry == 0 ? npos : position_of(entry);
}

std::size_t JsonMemberIndex::last(std::string_view key) const {
  const std::size_t at = first(key);
  return at == npos ? npos : last_[at];
}

std::size_t camel_case_into(std::string_view snake, char* out) {
  std::size_t n = 0;
  bool upper = false;
  for (char c : snake) {
    if (c == '_') {
      upper = true;
    } else {
      out[n++] = upper && c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
      upper = false;
    }
  }
  return n;
}

std::string camel_case(std::string_view snake) {
  std::string out(snake.size(), '\0');
  out.resize(camel_case_into(snake, out.data()));
  return out;
}

namespace {

constexpr std::string_view kReplacementCharacter = "\xEF\xBF\xBD";  // U+FFFD

// The well-formed UTF-8 sequence that starts at text[i] (Unicode §3.9, Table 3-7): its length
// (2–4), or 0 when there is none, with `subpart` set to the length of the maximal subpart there —
// the longest start of a well-formed sequence (at least the one byte) — which U+FFFD replaces.
std::size_t utf8_sequence(std::string_view text, std::size_t i, std::size_t& subpart) {
  const auto lead = static_cast<unsigned char>(text[i]);
  std::size_t length = 0;
  unsigned char second_low = 0x80;
  unsigned char second_high = 0xBF;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    if (lead == 0xE0) second_low = 0xA0;   // shorter forms are overlong
    if (lead == 0xED) second_high = 0x9F;  // ED A0–BF would be a surrogate
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    if (lead == 0xF0) second_low = 0x90;   // overlong
    if (lead == 0xF4) second_high = 0x8F;  // above U+10FFFF
  } else {
    subpart = 1;  // ASCII, a continuation byte, C0, C1 or F5–FF: not a lead
    return 0;
  }
  std::size_t k = 1;
  for (; k < length && i + k < text.size(); ++k) {
    const auto c = static_cast<unsigned char>(text[i + k]);
    const unsigned char low = k == 1 ? second_low : 0x80;
    const unsigned char high = k == 1 ? second_high : 0xBF;
    if (c < low || c > high) break;
  }
  if (k == length) return length;
  subpart = k;
  return 0;
}

// Appends `text` quoted and escaped; plain runs are copied whole (the writer's hot path).
void append_quoted(std::string& out, std::string_view text) {
  static const char kHex[] = "0123456789abcdef";
  out += '"';
  std::size_t run = 0;  // start of the bytes not yet copied
  std::size_t i = 0;
  while (i < text.size()) {
    const auto c = static_cast<unsigned char>(text[i]);
    const char* escape = nullptr;
    unsigned control = 0x100;  // a control character to write as \u00XX
    std::size_t skip = 1;      // input bytes the escape or replacement stands for
    if (c < 0x80) {
      switch (c) {
        case '"':
          escape = "\\\"";
          break;
        case '\\':
          escape = "\\\\";
          break;
        case '\n':
          escape = "\\n";
          break;
        case '\r':
          escape = "\\r";
          break;
        case '\t':
          escape = "\\t";
          break;
        case '\b':
          escape = "\\b";
          break;
        case '\f':
          escape = "\\f";
          break;
        default:
          if (c >= 0x20 && c != 0x7F) {
            ++i;
            continue;
          }
          control = c;  // C0 and DEL
      }
    } else {
      std::size_t subpart = 0;
      const std::size_t length = utf8_sequence(text, i, subpart);
      const unsigned second = length == 2 ? static_cast<unsigned char>(text[i + 1]) : 0u;
      if (length != 0 && !(c == 0xC2 && second <= 0x9F)) {
        i += length;
        continue;
      }
      if (length != 0) {
        control = second;  // C1: U+0080–U+009F, in UTF-8 C2 80 to C2 9F
        skip = 2;
      } else {
        escape = kReplacementCharacter.data();
        skip = subpart;
      }
    }
    out.append(text.data() + run, i - run);
    if (escape != nullptr) {
      out += escape;
    } else {
      const char unicode[] = {'\\', 'u', '0', '0', kHex[control >> 4], kHex[control & 0xF], 0};
      out += unicode;
    }
    i += skip;
    run = i;
  }
  out.append(text.data() + run, text.size() - run);
  out += '"';
}

}  // namespace

std::string valid_utf8(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  std::size_t run = 0;
  std::size_t i = 0;
  while (i < text.size()) {
    if (static_cast<unsigned char>(text[i]) < 0x80) {
      ++i;
      continue;
    }
    std::size_t subpart = 0;
    const std::size_t length = utf8_sequence(text, i, subpart);
    if (length != 0) {
      i += length;
      continue;
    }
    out.append(text.data() + run, i - run);
    out += kReplacementCharacter;
    i += subpart;
    run = i;
  }
  out.append(text.data() + run, text.size() - run);
  return out;
}

std::string json_quote(std::string_view text) {
  std::string out;
  out.reserve(text.size() + 2);
  append_quoted(out, text);
  return out;
}

void JsonWriter::newline() {
  if (indent_ <= 0) return;
  out_ += '\n';
  out_.append(first_in_scope_.size() * static_cast<std::size_t>(indent_), ' ');
}

void JsonWriter::before_value() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (!first_in_scope_.empty()) {
    if (!first_in_scope_.back()) out_ += ',';
    first_in_scope_.back() = false;
    newline();
  }
}

JsonWriter& JsonWriter::begin_object() {
  before_value();
  out_ += '{';
  first_in_scope_.push_back(true);
  return *this;
}

JsonWriter& JsonWriter::close_scope(char bracket) {
  const bool empty = first_in_scope_.back();
  first_in_scope_.pop_back();
  if (!empty) newline();
  out_ += bracket;
  return *this;
}

JsonWriter& JsonWriter::end_object() { return close_scope('}'); }

JsonWriter& JsonWriter::begin_array() {
  before_value();
  out_ += '[';
  first_in_scope_.push_back(true);
  return *this;
}

JsonWriter& JsonWriter::end_array() { return close_scope(']'); }

JsonWriter& JsonWriter::key(std::string_view name) {
  before_value();
  append_quoted(out_, name);
  out_ += indent_ > 0 ? ": " : ":";
  after_key_ = true;
  return *this;
}

JsonWriter& JsonWriter::value(double number) {
  before_value();
  if (!std::isfinite(number)) {
    out_ += "null";
  } else if (numbers_ == Numbers::kShortest || number == std::floor(number)) {
    out_ += format_shortest(number);  // whole numbers take its fast path either way
  } else {
    out_ += print_g(number, 17);
  }
  return *this;
}

JsonWriter& JsonWriter::value(bool flag) {
  before_value();
  out_ += flag ? "true" : "false";
  return *this;
}

JsonWriter& JsonWriter::value(std::string_view text) {
  before_value();
  append_quoted(out_, text);
  return *this;
}

JsonWriter& JsonWriter::null() {
  before_value();
  out_ += "null";
  return *this;
}

}  // namespace llm_sizer
