#!/usr/bin/env bash
# npm test: install what is missing, build, and run every test: GoogleTest (native, again under
# ASan + UBSan, and again compiled to wasm under Node), a short run of each fuzz target, Node tests
# of the wasm module, the browser end-to-end tests with the page's byte budget, then Lighthouse CI
# (accessibility and best practices). Nothing here depends on the machine being idle: no test
# asserts a time (speed: npm run bench, npm run bench:page).
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$ROOT"
start=$(date +%s)
stage_start=$start
# Logs the time the previous stage took, then the next stage's name.
stage() {
  local now
  now=$(date +%s)
  [ "$now" -gt "$start" ] && log "  (took $((now - stage_start)) s)"
  stage_start=$now
  log "$*"
}
bash scripts/setup.sh test
stage "build: native (CLI, tests, TypeScript declarations of the module), wasm, page"
bash scripts/build.sh
# After the build: tsc reads the declarations the native build generates from the core.
stage "static checks (TypeScript types, clang-format, prettier)"
bash scripts/lint.sh
stage "native tests (GoogleTest)"
ctest --preset native-release -j2 --output-on-failure | tail -n 3
stage "native tests under AddressSanitizer + UndefinedBehaviorSanitizer"
bash scripts/build.sh asan >/dev/null
ctest --preset native-asan -j2 --output-on-failure | tail -n 3
stage "the same GoogleTest suite compiled to wasm, under Node"
bash scripts/build.sh wasm-tests >/dev/null
ctest --preset wasm-release --output-on-failure | tail -n 3
stage "fuzz targets, 30 s each"
bash scripts/fuzz.sh 30
stage "wasm tests (node:test against the real module)"
node --test tests/web/*.test.mjs
stage "page state tests (vitest, no browser)"
node node_modules/vitest/vitest.mjs run --config tests/unit/vitest.config.mjs
stage "end-to-end tests and the byte budget (headless Chromium)"
node --test --test-concurrency=1 tests/e2e/*.test.mjs
stage "Lighthouse CI: accessibility and best practices of the page and an embedded view"
node node_modules/@lhci/cli/src/cli.js autorun
stage "all tests passed in $(($(date +%s) - start)) s"
