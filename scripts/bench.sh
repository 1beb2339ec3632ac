#!/usr/bin/env bash
# Benchmarks of the core (Google Benchmark, native). Figures are reported in docs/performance.md.
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$ROOT"
bash scripts/build.sh native >&2
build/native-release/core_bench --benchmark_min_time=0.2 "$@"
