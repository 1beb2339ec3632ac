// The released versions of the share-link format. Frozen: never edit a released version's tables;
// a changed default, a renamed key or a renamed value is a new version appended here (and
// kLinkVersion raised), so that older links are migrated to the same plan. Adding a new input
// whose default is automatic ("") needs no new version: older links simply do not name it.
#include "llm_sizer/plan_codec.hpp"

namespace llm_sizer {
namespace {

// Version 1 (issue 1 onwards). Every key with a default other than automatic.
constexpr LinkDefault kV1Defaults[] = {
    {"m", "gpt3-175b"},   {"a", "h100-80g"},  {"safety", "0.6"},
    {"recipe", "seed12"}, {"fw", "megatron"}, {"wb", "2"},
};

// Version 2 (issue 11): the article's bytes per weight ("wb") follows the serving weight format
// unless given, so it has no fixed default; version 1 links keep their 2 bytes written out.
constexpr LinkDefault kV2Defaults[] = {
    {"m", "gpt3-175b"},   {"a", "h100-80g"},  {"safety", "0.6"},
    {"recipe", "seed12"}, {"fw", "megatron"},
};

constexpr LinkSchema kSchemas[] = {
    {1, kV1Defaults, {}, {}},
    {2, kV2Defaults, {}, {}},
};

static_assert(kSchemas[std::size(kSchemas) - 1].version == kLinkVersion,
              "the last released schema is the version links are written in");

}  // namespace

std::span<const LinkSchema> link_schemas() { return kSchemas; }

}  // namespace llm_sizer
