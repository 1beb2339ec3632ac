#!/usr/bin/env bash
# npm start: install what is missing, build, and serve the page.
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$ROOT"
bash scripts/setup.sh
bash scripts/build.sh
HOST="${HOST:-127.0.0.1}"
PORT="${PORT:-4173}"
log "serving dist/ — open http://$HOST:$PORT/ (Ctrl-C to stop)"
exec node node_modules/vite/bin/vite.js preview --host "$HOST" --port "$PORT" --strictPort
