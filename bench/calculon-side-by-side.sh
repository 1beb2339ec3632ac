#!/usr/bin/env bash
# One layout in Calculon and in LLM Sizer, back to back on the same machine (CPU time, as the
# machine is shared): bash bench/calculon-side-by-side.sh PATH_TO_CALCULON_CHECKOUT
set -euo pipefail
source "$(dirname "$0")/../scripts/env.sh"
cd "$ROOT"
calculon="${1:?give the path of a Calculon checkout (github.com/calculon-ai/calculon)}"
bash scripts/build.sh native >&2
python3 bench/calculon_layout.py "$calculon"
build/native-release/core_bench --benchmark_min_time=0.5 \
  --benchmark_filter='BM_OneLayoutCalculonsLayout' --benchmark_format=json |
  node -e '
    const b = JSON.parse(require("fs").readFileSync(0, "utf8")).benchmarks[0];
    console.log(JSON.stringify({ llm_sizer_us_per_layout: b.cpu_time / 1000, step_s: b.step_s }));'
