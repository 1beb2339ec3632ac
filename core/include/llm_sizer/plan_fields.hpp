#pragma once
/// The one table of plan inputs. Every input is declared once here with its id, share-link key,
/// CLI flag, unit and valid range; the link codec, the CLI, the wasm boundary, validation and
/// docs/inputs.md are all driven by this table, so they cannot drift apart.

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "llm_sizer/issue.hpp"
#include "llm_sizer/plan.hpp"

namespace llm_sizer {

enum class FieldType {
  kNumber,   ///< any finite number in range
  kInteger,  ///< a whole number in range
  kFlag,     ///< 0 or 1 (a CLI flag without a value sets 1)
  kText,     ///< an id, one of `choices`, or free text
};

struct FieldSpec {
  std::string_view id;        ///< snake_case; issues name it; JS gets it camelCased
  std::string_view link_key;  ///< key in share links; frozen once released
  std::string_view cli_flag;  ///< without the leading "--"
  FieldType type = FieldType::kNumber;
  std::string_view unit;  ///< "GB", "params", "" ...
  double min = 0;         ///< valid range [min, max], or (min, max] when min_exclusive
  double max = 0;
  bool min_exclusive = false;
  bool always_in_link = false;  ///< written to links even at its default (model, accelerator)
  /// A comma-separated list of `choices` ("training,memory") rather than one of them.
  bool choice_list = false;
  /// For text fields: the accepted values ("" = automatic is always accepted); empty = free text.
  std::span<const std::string_view> choices;
  /// The group the page and docs show the field in ("model", "architecture", "accelerator", ...).
  std::string_view group;

  std::optional<double> (*get_number)(const Plan&) = nullptr;
  void (*set_number)(Plan&, std::optional<double>) = nullptr;
  std::string (*get_text)(const Plan&) = nullptr;
  void (*set_text)(Plan&, std::string) = nullptr;

  /// How an empty input resolves (resolve.hpp), as a message key "rule.<auto_rule>" the CLI's
  /// help and docs/inputs.md show; empty when the default is a fixed value (the default Plan's,
  /// or "none"), and in the page's first module, which never shows it.
  std::string_view auto_rule;

  bool is_text() const { return type == FieldType::kText; }
};

/// All plan inputs, in the order links and docs list them.
std::span<const FieldSpec> plan_fields();

const FieldSpec* find_field_by_id(std::string_view id);
const FieldSpec* find_field_by_link_key(std::string_view key);
const FieldSpec* find_field_by_cli_flag(std::string_view flag);

/// The field's value as text, as links and the CLI write it ("" for an automatic value).
std::string field_text(const FieldSpec& field, const Plan& plan);

/// True when the plan holds the field's default (automatic) value.
bool field_is_default(const FieldSpec& field, const Plan& plan);

/// Reads text typed for a field into the plan. Numbers go through parse_number; text that is not
/// a number yields a `not_a_number` issue and leaves the plan unchanged. An empty text resets the
/// field to automatic.
std::vector<Issue> set_field_from_text(const FieldSpec& field, Plan& plan, std::string_view text);

/// Checks every number against its field's range — not_a_number, not_finite, must_be_positive,
/// not_integer, out_of_range, too_large (params: value, min, max, unit) — and every text field
/// against its choices (unknown_choice: value, choices) and length in characters (text_too_long:
/// max).
std::vector<Issue> validate_field_ranges(const Plan& plan);

/// Free text (names, stage lists) longer than this many characters is refused, and so is text of
/// more than 4 bytes per character (UTF-8 needs no more), so that no text is unbounded.
inline constexpr std::size_t kMaxTextCharacters = 200;
inline constexpr std::size_t kMaxTextBytes = 4 * kMaxTextCharacters;

/// Characters (code points) in UTF-8 text: the bytes that do not continue a sequence.
std::size_t utf8_length(std::string_view text);

}  // namespace llm_sizer
