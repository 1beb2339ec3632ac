#!/usr/bin/env bash
# npm test: install what is missing, build, and run every test: GoogleTest (native, then again
# under ASan + UBSan), a short run of each fuzz target, Node tests of the wasm module, the browser
# end-to-end tests and the page budget, then Lighthouse CI.
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$ROOT"
start=$(date +%s)
bash scripts/setup.sh test
log "static checks (TypeScript types, clang-format, prettier)"
bash scripts/lint.sh
bash scripts/build.sh
log "native tests (GoogleTest)"
ctest --preset native-release -j2 --output-on-failure | tail -n 3
log "native tests under AddressSanitizer + UndefinedBehaviorSanitizer"
bash scripts/build.sh asan >/dev/null
ctest --preset native-asan -j2 --output-on-failure | tail -n 3
log "fuzz targets, 30 s each"
bash scripts/fuzz.sh 30
log "wasm tests (node:test against the real module)"
node --test tests/web/*.test.mjs
log "end-to-end tests (headless Chromium)"
node --test --test-concurrency=1 tests/e2e/*.test.mjs
log "Lighthouse CI: the page and an embedded view (lighthouserc.json)"
node node_modules/@lhci/cli/src/cli.js autorun
log "all tests passed in $(( $(date +%s) - start )) s"
