#!/usr/bin/env bash
# Installs what the project needs and is missing. On Debian as root it installs system packages
# with apt; elsewhere it says exactly what to install. Then `npm ci` when node_modules is stale.
#   scripts/setup.sh          build tools (cmake, g++, emscripten, GoogleTest, Google Benchmark)
#   scripts/setup.sh test     also the browser for the end-to-end tests (chromium), and clang
#                             with its sanitizer and libFuzzer runtimes (the ASan tests, fuzzing)
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$ROOT"

missing=()
command -v cmake >/dev/null 2>&1 || missing+=(cmake)
command -v g++ >/dev/null 2>&1 || missing+=(g++)
command -v em++ >/dev/null 2>&1 || missing+=(emscripten)
[ -f /usr/include/gtest/gtest.h ] || missing+=(libgtest-dev)
[ -f /usr/include/benchmark/benchmark.h ] || missing+=(libbenchmark-dev)
if [ "${1:-}" = "test" ]; then
  command -v chromium >/dev/null 2>&1 || missing+=(chromium)
  command -v clang-format >/dev/null 2>&1 || missing+=(clang-format)
  # A Chinese font: the Chinese page's screenshots (scripts/screenshot.mjs) and its layout tests.
  fc-list 2>/dev/null | grep -qi 'wenquanyi\|wqy\|noto sans cjk' || missing+=(fonts-wqy-microhei)
  # Debian ships libFuzzer and the sanitizer runtimes apart from the compiler.
  if ! command -v clang++ >/dev/null 2>&1; then
    missing+=(clang libclang-rt-dev)
  elif [ ! -f "$(clang++ --print-runtime-dir)/libclang_rt.fuzzer-$(uname -m).a" ]; then
    missing+=("libclang-rt-$(clang++ -dumpversion | cut -d. -f1)-dev")
  fi
fi

if ! command -v node >/dev/null 2>&1 || [ "$(node -p 'process.versions.node.split(".")[0]')" -lt 20 ]; then
  log "Node.js 20 or newer is required (https://nodejs.org or the NodeSource packages for Debian)."
  exit 1
fi

if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    log "installing system packages: ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    log "missing system packages: ${missing[*]}"
    log "on Debian/Ubuntu: sudo apt-get install -y ${missing[*]}"
    exit 1
  fi
fi

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  log "installing npm packages (npm ci)"
  npm ci --no-audit --no-fund --loglevel=error >&2
fi
