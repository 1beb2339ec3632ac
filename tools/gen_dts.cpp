// gen_dts: writes the TypeScript declarations of everything the wasm module returns, from the
// same visit_fields descriptions its JSON is written with (wasm/boundary.hpp and the core's result
// structs), so that the types cannot drift from what the module sends.
//
//   gen_dts OUT.d.ts      (run by the native build; scripts/build.sh)
//
// Types follow JsonFieldWriter (core/include/llm_sizer/json_visitor.hpp): keys camelCased by the
// rule wasm/bindings.cpp uses; double → `number | null` (NaN, and unknown optional figures, are
// written as null); bool → boolean; strings → string, or a union of string literals where the core
// fills the property from one of its enumerations; vectors → arrays; message parameters → a
// Record; nested structs → their own interfaces. PlanTexts gets one optional string property per
// plan input (plan_fields()), documented with its unit, range and choices.
#include <cxxabi.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <type_traits>
#include <typeinfo>
#include <vector>

#include "boundary.hpp"
#include "llm_sizer/number_format.hpp"

namespace llm_sizer {
namespace {

// Properties that the core fills from one of its enumerations, never by echoing what was typed,
// keyed "Interface.snake_name". Their ids are the choices of the plan input of the same name.
// (ResolvedSetup.recipe or InferenceSettings.weights are not here: an unknown id a user typed
// comes back in them as typed, with an issue.)
constexpr std::string_view kIdsOfPlanChoices[] = {
    "Architecture.ffn_kind",     "Architecture.positions", "Architecture.norm",
    "LayoutCandidate.recompute", "FitOption.recompute",
};

// Enumerations of the core that no plan input lists, by their id functions.
std::vector<std::string> enumeration_ids(std::string_view property) {
  std::vector<std::string> ids;
  if (property == "Issue.severity") {
    for (Severity s : {Severity::kError, Severity::kWarning}) {
      ids.emplace_back(severity_name(s));
    }
  } else if (property == "ResolvedInput.source") {
    for (InputSource s : {InputSource::kGiven, InputSource::kPreset, InputSource::kDefault,
                          InputSource::kAutomatic, InputSource::kRefused}) {
      ids.emplace_back(input_source_id(s));
    }
  } else if (property == "FieldSpec.type") {
    for (FieldType t :
         {FieldType::kNumber, FieldType::kInteger, FieldType::kFlag, FieldType::kText}) {
      ids.emplace_back(boundary::field_type_name(t));
    }
  }
  return ids;
}

// A TypeScript string literal ('gelu'). Ids are plain ASCII words: nothing to escape.
std::string literal(std::string_view text) {
  std::string out(1, '\'');
  out.append(text);
  out.push_back('\'');
  return out;
}

std::string join(const std::vector<std::string>& items, std::string_view separator) {
  std::string out;
  for (const auto& item : items) {
    if (!out.empty()) out += separator;
    out += item;
  }
  return out;
}

template <class T>
std::string ts_name() {
  if constexpr (requires { T::kTsName; }) {
    return std::string(T::kTsName);
  } else {
    int status = 0;
    const std::unique_ptr<char, void (*)(void*)> name(
        abi::__cxa_demangle(typeid(T).name(), nullptr, nullptr, &status), std::free);
    const std::string full = status == 0 ? name.get() : typeid(T).name();
    return full.substr(full.rfind("::") == std::string::npos ? 0 : full.rfind("::") + 2);
  }
}

template <class T>
std::string cpp_name() {
  int status = 0;
  const std::unique_ptr<char, void (*)(void*)> name(
      abi::__cxa_demangle(typeid(T).name(), nullptr, nullptr, &status), std::free);
  return status == 0 ? name.get() : typeid(T).name();
}

struct Property {
  std::string name;
  std::string type;
};

struct Interface {
  std::string name;
  std::string doc;
  std::vector<Property> properties;
};

class Declarations {
 public:
  /// Declares T's interface (once, with its nested ones) from a sample value; returns its name.
  template <class T>
  std::string declare(const T& sample);

  /// The TypeScript type of a property as JsonFieldWriter writes `value`. (Not const: the
  /// template below declares interfaces, and a const overload would lose to it.)
  std::string type(const std::string&, std::string_view, double) { return "number | null"; }
  std::string type(const std::string&, std::string_view, const std::optional<double>&) {
    return "number | null";
  }
  std::string type(const std::string&, std::string_view, bool) { return "boolean"; }
  std::string type(const std::string& owner, std::string_view name, const std::string& sample);
  std::string type(const std::string&, std::string_view, const std::vector<IssueParam>&) {
    return "Record<string, string>";
  }
  std::string type(const std::string&, std::string_view, const boundary::PlanTexts&) {
    return "PlanTexts";
  }
  std::string type(const std::string&, std::string_view, const boundary::ImportedTexts&) {
    return "PlanTexts";
  }
  std::string type(const std::string& owner, std::string_view name, std::string_view sample) {
    return type(owner, name, std::string(sample));
  }
  template <class T>
  std::string type(const std::string& owner, std::string_view name, const std::vector<T>& items) {
    return type(owner, name, std::span<const T>(items));
  }
  template <class T>
  std::string type(const std::string& owner, std::string_view name, std::span<const T> items) {
    const std::string element = type(owner, name, items.empty() ? T{} : items.front());
    return element.find(' ') == std::string::npos ? element + "[]" : "(" + element + ")[]";
  }
  template <class T>
  std::string type(const std::string&, std::string_view, const T& value) {
    return declare(value);
  }

  std::string text() const;

 private:
  std::vector<Interface> interfaces_;  // in the order first met, each before what it contains
  std::set<std::string> declared_;
};

// The visitor handed to visit_fields: one property per field, typed by Declarations.
class PropertyCollector {
 public:
  PropertyCollector(Declarations& declarations, std::string owner)
      : declarations_(declarations), owner_(std::move(owner)) {}

  template <class T>
  void field(std::string_view name, const T& value) {
    properties.push_back({camel_case(name), declarations_.type(owner_, name, value)});
  }

  std::vector<Property> properties;

 private:
  Declarations& declarations_;
  std::string owner_;
};

template <class T>
std::string Declarations::declare(const T& sample) {
  const std::string name = ts_name<T>();
  if (!declared_.insert(name).second) return name;
  const std::size_t index = interfaces_.size();
  interfaces_.push_back({name, "C++: " + cpp_name<T>(), {}});
  PropertyCollector collector(*this, name);
  visit_fields(collector, sample);
  interfaces_[index].properties = std::move(collector.properties);
  return name;
}

std::string Declarations::type(const std::string& owner, std::string_view name,
                               const std::string& sample) {
  const std::string property = owner + "." + std::string(name);
  // The camelCased id of a plan input is a key of PlanTexts, so texts[field.id] type-checks.
  if (property == "FieldSpec.id") return "keyof PlanTexts";
  std::vector<std::string> ids = enumeration_ids(property);
  if (std::find(std::begin(kIdsOfPlanChoices), std::end(kIdsOfPlanChoices), property) !=
      std::end(kIdsOfPlanChoices)) {
    const FieldSpec* field = find_field_by_id(name);
    if (field == nullptr || field->choices.empty()) {
      std::cerr << "gen_dts: " << property << " names no plan input with choices\n";
      std::exit(1);
    }
    for (const auto& choice : field->choices) ids.emplace_back(choice);
    // What an object not computed (a default-constructed one) carries, e.g. "".
    if (std::find(ids.begin(), ids.end(), sample) == ids.end()) ids.push_back(sample);
  }
  if (ids.empty()) return "string";
  std::vector<std::string> literals;
  for (const auto& id : ids) literals.push_back(literal(id));
  return join(literals, " | ");
}

std::string Declarations::text() const {
  std::ostringstream out;
  for (const auto& i : interfaces_) {
    out << "\n/** " << i.doc << " */\nexport interface " << i.name << " {\n";
    for (const auto& p : i.properties) out << "  " << p.name << ": " << p.type << ";\n";
    out << "}\n";
  }
  return out.str();
}

std::string range_text(const FieldSpec& f) {
  std::ostringstream range;
  range << (f.min_exclusive ? '(' : '[') << format_compact(f.min) << ", " << format_compact(f.max)
        << ']';
  switch (f.type) {
    case FieldType::kFlag:
      return "flag: 0 or 1";
    case FieldType::kInteger:
      return "whole number in " + range.str();
    case FieldType::kNumber:
      return "number in " + range.str();
    case FieldType::kText:
      break;
  }
  std::vector<std::string> choices(f.choices.begin(), f.choices.end());
  if (choices.empty()) {
    return "text, at most " + std::to_string(kMaxTextCharacters) + " characters";
  }
  return (f.choice_list ? "comma-separated list of: " : "one of: ") + join(choices, ", ");
}

// PlanTexts: what the page holds and sends, one text per plan input. Texts are not narrowed to
// their choices: what a user typed is kept as typed and the core names what is wrong with it.
std::string plan_texts() {
  std::ostringstream out;
  out << "\n/**\n * Every plan input as the text a user typed (\"\" = automatic), by the input's"
         " camelCase id\n * (plan_fields() in core/src/plan_fields.cpp). The module returns all of"
         " them; callers may\n * give any subset (the rest is automatic).\n */\n"
         "export interface PlanTexts {\n";
  for (const auto& f : plan_fields()) {
    std::string doc = range_text(f);
    if (!f.unit.empty()) doc += "; unit: " + std::string(f.unit);
    doc += "; group: " + std::string(f.group) + "; link key `" + std::string(f.link_key) +
           "`, CLI `--" + std::string(f.cli_flag) + "`";
    out << "  /** " << doc << " */\n  " << camel_case(f.id) << "?: string;\n";
  }
  out << "}\n";
  return out.str();
}

std::string declarations() {
  Declarations d;
  // What each function of the module returns (wasm/bindings.cpp), in a stable order.
  const Plan plan;
  const Report report;
  d.declare(boundary::EvaluateResult{&plan, &report});
  d.declare(ComparisonMatrix{});
  const DecodedLink decoded;
  d.declare(boundary::DecodedLinkTexts{&decoded});
  d.declare(boundary::Catalog{});
  const SearchReport search;
  d.declare(boundary::SearchOutcome{&search});
  d.declare(boundary::SearchStart{});
  d.declare(boundary::SearchProgress{});
  const HfImport imported;
  d.declare(boundary::HfImportTexts{&imported});
  const VllmImport vllm;
  d.declare(boundary::VllmImportTexts{&vllm});
  return "// Generated by tools/gen_dts.cpp from the visit_fields descriptions of what the wasm\n"
         "// module returns (wasm/boundary.hpp and the core's result structs). Do not edit: build\n"
         "// (scripts/build.sh native) to regenerate. Numbers are null where the core does not know"
         "\n// them (NaN).\n" +
         plan_texts() + d.text();
}

}  // namespace
}  // namespace llm_sizer

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: gen_dts OUT.d.ts\n";
    return 2;
  }
  const std::string text = llm_sizer::declarations();
  const std::string path = argv[1];
  {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream old;
    old << in.rdbuf();
    if (in && old.str() == text) return 0;  // unchanged: leave the file (and watchers) alone
  }
  // Written beside and renamed, so that a reader never sees half a file.
  const std::string temporary = path + ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary);
    out << text;
    if (!out) {
      std::cerr << "gen_dts: cannot write " << temporary << "\n";
      return 1;
    }
  }
  if (std::rename(temporary.c_str(), path.c_str()) != 0) {
    std::cerr << "gen_dts: cannot rename " << temporary << " to " << path << "\n";
    return 1;
  }
  return 0;
}
