#pragma once
/// Share links. A link is the page-relative fragment `./#v=1&m=gpt3-175b&a=h100-80g&pp=10`:
/// a version marker, then only what differs from that version's defaults (model and
/// accelerator always), with readable keys from plan_fields.hpp and percent-encoded values.
///
/// Every link ever issued must open the same plan forever: each version's defaults are frozen,
/// and a newer codec migrates older links. A damaged link yields the plan it could read plus
/// issues naming what it could not (link_* codes), never nothing.

#include <string>
#include <string_view>
#include <vector>

#include "llm_sizer/issue.hpp"
#include "llm_sizer/plan.hpp"

namespace llm_sizer {

inline constexpr int kLinkVersion = 1;
inline constexpr std::size_t kLinkMaxBytes = 64 * 1024;

/// "./#v=1&..." for the plan.
std::string encode_link(const Plan& plan);

struct DecodedLink {
  Plan plan;
  std::vector<Issue> issues;
};

/// Reads a link: a full URL, "./#...", "#...", "?..." or the bare "v=1&..." part.
DecodedLink decode_link(std::string_view link);

std::string percent_encode(std::string_view text);
/// Decodes %XX escapes and '+' (as space); returns false on a malformed escape.
bool percent_decode(std::string_view text, std::string& out);

}  // namespace llm_sizer
