#pragma once
// What the fuzz targets share: a check that stops the run with the input's story, and the
// invariants every plan must keep however it was made (a link, a config.json, CLI flags).

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "llm_sizer/plan_codec.hpp"
#include "llm_sizer/plan_fields.hpp"
#include "llm_sizer/report.hpp"

namespace llm_sizer::fuzz {

/// A broken invariant is a finding: print it and abort, which libFuzzer records as a crash.
inline void require(bool ok, const char* what, std::string_view detail = {}) {
  if (ok) return;
  std::fprintf(stderr, "invariant broken: %s\n  %.*s\n", what, static_cast<int>(detail.size()),
               detail.data());
  std::abort();
}

/// Two plans are the same when every input reads the same as links and the CLI write it.
inline void require_same_plan(const Plan& a, const Plan& b, std::string_view context) {
  for (const auto& field : plan_fields()) {
    if (field_text(field, a) == field_text(field, b)) continue;
    const std::string detail = std::string(field.id) + " in " + std::string(context);
    require(false, "a field changed on a round trip", detail);
  }
}

/// The plan's link decodes, with no issue, to the same plan; a link too long to read is named.
inline void require_link_round_trip(const Plan& plan) {
  const std::string link = encode_link(plan);
  const DecodedLink decoded = decode_link(link);
  if (link.size() > kLinkMaxBytes) {
    require(has_error(decoded.issues), "an over-long link decoded without an error", link);
    return;
  }
  require(decoded.issues.empty(), "an encoded link decodes with issues", link);
  require_same_plan(plan, decoded.plan, link);
}

/// Evaluates a plan (with the sanitizers watching) and checks what must hold of any report.
inline void require_sound_report(const Plan& plan) {
  const Report report = evaluate(plan);
  // The JSON writers walk every result, so a crash anywhere in one is found here (whether the
  // text is JSON is the cli target's check, on --json).
  require(!training_json(report).empty(), "empty training JSON");
  require(!inference_json(report).empty(), "empty inference JSON");
  if (has_error(report.issues)) return;
  const ArticleTraining& t = report.article_training;
  if (std::isfinite(t.total_gpus)) {
    require(t.total_gpus == t.tp * t.cp * t.pp * t.dp, "total GPUs differ from TP x CP x PP x DP");
    // One truth: the time model runs on the GPUs the plan's layout counts.
    const FullTraining& full = report.training;
    if (full.available && full.time_available) {
      require(full.time.gpus == t.total_gpus, "the time model's GPUs differ from the layout's");
    }
  }
}

}  // namespace llm_sizer::fuzz
