#!/usr/bin/env bash
# npm run bench:page: speed figures of the built page for docs/performance.md. Benchmarks, not
# tests: they follow the machine's load, so nothing here passes or fails on a time.
#   the page in Chromium (the wasm layout loop, the search, a keystroke), Lighthouse performance
#   (five runs per URL), and the module's evaluation in Node.
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$ROOT"
if [ ! -f dist/index.html ]; then
  log "no dist/: run npm run build first"
  exit 1
fi
log "the page in headless Chromium (tests/perf/page-timing.mjs)"
node tests/perf/page-timing.mjs
log "Lighthouse performance, median of ${LIGHTHOUSE_RUNS:-5} runs per URL (tests/perf/lighthouse-performance.mjs)"
node tests/perf/lighthouse-performance.mjs
log "the module in Node (tests/perf/module-timing.mjs)"
node tests/perf/module-timing.mjs
