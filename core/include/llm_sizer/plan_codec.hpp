#pragma once
/// Share links. A link is the page-relative fragment `./#v=2&m=gpt3-175b&a=h100-80g&pp=10`:
/// a version marker, then only what differs from that version's defaults (model and
/// accelerator always), with readable keys from plan_fields.hpp and percent-encoded values.
///
/// Every link ever issued must open the same plan forever. Each version's schema (its defaults,
/// and the keys and values renamed since the version before) is frozen once released; a link of
/// an older version is migrated step by step to the current one before it is read, so a changed
/// default or a renamed key never changes what an old link means. tests/fixtures/links/ holds
/// links as issued with the plan they must open. A damaged link yields the plan it could read
/// plus issues naming what it could not (link_* codes), never nothing.

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "llm_sizer/issue.hpp"
#include "llm_sizer/plan.hpp"

namespace llm_sizer {

inline constexpr int kLinkVersion = 2;
inline constexpr std::size_t kLinkMaxBytes = 64 * 1024;

/// A key's default text in one link version. Keys not listed default to "" (automatic).
struct LinkDefault {
  std::string_view key;
  std::string_view text;
};

/// A key renamed from the previous version; `to` empty when the input was retired.
struct LinkKeyRename {
  std::string_view from;
  std::string_view to;
};

/// A value renamed from the previous version (a preset id or a choice), under its new key.
struct LinkValueRename {
  std::string_view key;
  std::string_view from;
  std::string_view to;
};

/// One released version of the link format. Frozen: a change makes a new version.
struct LinkSchema {
  int version = 0;
  std::span<const LinkDefault> defaults;
  std::span<const LinkKeyRename> renamed_keys;      ///< since the previous version
  std::span<const LinkValueRename> renamed_values;  ///< since the previous version
};

/// Every released version, oldest first; the last is kLinkVersion, the one links are written in.
std::span<const LinkSchema> link_schemas();

/// "./#v=2&..." for the plan.
std::string encode_link(const Plan& plan);

struct DecodedLink {
  Plan plan;
  std::vector<Issue> issues;
};

/// Reads a link: a full URL, "./#...", "#...", "?..." or the bare "v=1&..." part. A link of an
/// older version is migrated through `schemas` (the released ones unless a test gives others).
/// A link longer than kLinkMaxBytes is not read at all: the default plan and link_too_long
/// (size, max: in KiB, the size rounded up to a tenth).
DecodedLink decode_link(std::string_view link);
DecodedLink decode_link(std::string_view link, std::span<const LinkSchema> schemas);

std::string percent_encode(std::string_view text);
/// Decodes %XX escapes and '+' (as space); returns false on a malformed escape.
bool percent_decode(std::string_view text, std::string& out);

}  // namespace llm_sizer
