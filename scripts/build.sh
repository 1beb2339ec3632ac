#!/usr/bin/env bash
# Builds everything: the native CLI and tests, the wasm module, and the static page in dist/.
#   scripts/build.sh            all of it
#   scripts/build.sh native     the CLI, the native tests and the TypeScript declarations
#   scripts/build.sh asan       the native tests and the fuzz targets under ASan + UBSan (clang)
#   scripts/build.sh wasm-tests the core's GoogleTest suite compiled to wasm (ctest --preset
#                               wasm-release runs it under Node)
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$ROOT"

build_native() {
  [ -f build/native-release/CMakeCache.txt ] || cmake --preset native-release >/dev/null
  cmake --build --preset native-release -j2
}

build_asan() {
  [ -f build/native-asan/CMakeCache.txt ] || cmake --preset native-asan >/dev/null
  cmake --build --preset native-asan -j2
}

build_wasm() {
  [ -f build/wasm-release/CMakeCache.txt ] || emcmake cmake --preset wasm-release >/dev/null
  # A failed link can leave a new .wasm beside an old .mjs; never keep a half-built pair (but keep
  # the directory, which em++ does not create, and the declarations generated natively).
  mkdir -p web/src/core/generated
  if ! cmake --build --preset wasm-release -j2; then
    rm -f web/src/core/generated/llm_sizer*.mjs web/src/core/generated/llm_sizer*.wasm
    exit 1
  fi
}

build_wasm_tests() {
  [ -f build/wasm-release/CMakeCache.txt ] || emcmake cmake --preset wasm-release >/dev/null
  cmake --build --preset wasm-release -j2 --target core_tests
}

case "${1:-all}" in
  native) build_native ;;
  wasm-tests) build_wasm_tests ;;
  asan) build_asan ;;
  wasm) build_wasm ;;
  web) node node_modules/vite/bin/vite.js build --logLevel warn ;;
  all)
    build_native
    build_wasm
    node node_modules/vite/bin/vite.js build --logLevel warn
    ;;
  *) log "usage: scripts/build.sh [all|native|asan|wasm|wasm-tests|web]"; exit 2 ;;
esac
