#!/usr/bin/env bash
# npm run fuzz [-- SECONDS [TARGET...]]: runs each libFuzzer target (ASan + UBSan) for SECONDS
# (600 by default) on its seed corpus, tests/fuzz/<target>/, growing a working corpus in
# build/fuzz/corpus/<target>/. A crash, a sanitizer report, a broken invariant, a leak or an input
# slower than 10 s stops the run; the input is saved in build/fuzz/findings/ to replay with
#   build/native-asan/fuzz_<target> build/fuzz/findings/<file>
# Targets: decode_link, hf_config, cli, json. Each prints its executions and coverage.
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$ROOT"

seconds="${1:-600}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(decode_link hf_config cli json)

if [ ! -f "$(clang++ --print-runtime-dir 2>/dev/null)/libclang_rt.fuzzer-$(uname -m).a" ]; then
  log "libFuzzer is missing: bash scripts/setup.sh test installs clang and its runtimes"
  exit 1
fi
[ -f build/native-asan/CMakeCache.txt ] || cmake --preset native-asan >/dev/null
cmake --build --preset native-asan -j2 --target "${targets[@]/#/fuzz_}" >/dev/null

# Seeds beyond tests/fuzz/<target>/: the real config.json files the importer is tested on.
extra_seeds() {
  case "$1" in
    hf_config | json) echo tests/fixtures/hf ;;
  esac
}

mkdir -p build/fuzz/findings
for target in "${targets[@]}"; do
  [ -d "tests/fuzz/$target" ] || { log "no fuzz target $target"; exit 2; }
  corpus="build/fuzz/corpus/$target"
  mkdir -p "$corpus"
  log "fuzzing $target for $seconds s"
  # shellcheck disable=SC2046 # extra_seeds prints zero or one directory
  if ! nice -n 10 "build/native-asan/fuzz_$target" -max_total_time="$seconds" -timeout=10 \
    -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="build/fuzz/findings/$target-" \
    "$corpus" "tests/fuzz/$target" $(extra_seeds "$target") >"build/fuzz/$target.log" 2>&1; then
    tail -n 60 "build/fuzz/$target.log" >&2
    log "fuzz target $target found a problem (log: build/fuzz/$target.log)"
    exit 1
  fi
  # The last status line has the coverage ("cov": edges, "ft": features, "corp": inputs).
  status=$(grep -E '^#[0-9]+' "build/fuzz/$target.log" | tail -n 1)
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "build/fuzz/$target.log")
  log "$target: $execs executions in $seconds s, ${status#* }"
done
