#pragma once
/// Number ↔ text used by share links, the CLI, JSON and the derivation.

#include <optional>
#include <string>
#include <string_view>

namespace llm_sizer {

/// The shortest decimal text that reads back to the same double ("0.6", "175000000000", "1e+30").
/// NaN → "NaN", infinities → "Infinity" / "-Infinity".
std::string format_shortest(double value);

/// The same text by the reference method alone: printf's correctly rounded digits at the
/// smallest precision that read_decimal reads back. format_shortest takes faster exact paths for
/// whole numbers and short decimals and must agree with it everywhere (tested).
std::string format_shortest_reference(double value);

/// Compact text for links and flags: integers ≥ 10⁶ ending in zeros become "175e9";
/// everything else is format_shortest. Reads back exactly with parse_number.
std::string format_compact(double value);

/// Readable text for the derivation: "175 × 10⁹", "43.75", "19.2".
std::string format_readable(double value);

/// A measured figure in the derivation: two decimals, or three significant figures below 1
/// ("129.21", "1.64", "0.141", "0.0882"), so that a small term still reads back to its value.
std::string format_fine(double value);

/// format_readable, or "?" where the figure is unknown (NaN, ±∞): a derivation's substitution
/// with one of its inputs missing.
std::string readable_or_unknown(double value);

/// format_fine, or "?" where the figure is unknown.
std::string fine_or_unknown(double value);

/// The figure rounded to hundredths ("32.76"), or "?" where it is unknown.
std::string hundredths_or_unknown(double value);

/// Parses a decimal number as typed: optional sign, digits, '.', exponent ("175e9"), and an
/// optional scale suffix K (10³), M (10⁶), B or G (10⁹), T (10¹²). Surrounding spaces and "_"
/// digit separators are accepted; "," is not (it is a decimal mark in many locales). "NaN"/"inf"
/// parse to their IEEE values (the validator names them). Returns nullopt for anything else.
std::optional<double> parse_number(std::string_view text);

}  // namespace llm_sizer
