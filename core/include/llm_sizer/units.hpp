#pragma once
/// Units used everywhere in LLM Sizer.
///
/// GB means 10^9 bytes, as in the seed article and in vendors' datasheets ("80 GB H100").
/// GiB (2^30 bytes) appears only where a framework reports GiB (e.g. PyTorch's memory summary);
/// such values are converted on entry and named `_gib`.

namespace llm_sizer {

inline constexpr double kBytesPerGb = 1e9;
inline constexpr double kBytesPerGib = 1073741824.0;
inline constexpr double kFlopsPerTflop = 1e12;
inline constexpr double kBytesPerTb = 1e12;
inline constexpr double kSecondsPerDay = 86400.0;
inline constexpr double kSecondsPerHour = 3600.0;

constexpr double bytes_to_gb(double bytes) { return bytes / kBytesPerGb; }
constexpr double gb_to_bytes(double gb) { return gb * kBytesPerGb; }
constexpr double gib_to_bytes(double gib) { return gib * kBytesPerGib; }

}  // namespace llm_sizer
