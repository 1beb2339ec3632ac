#!/usr/bin/env bash
# npm run --silent cli -- ARGS: runs the native CLI, building it first when needed.
# Build output goes to stderr so that --json on stdout stays clean.
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$ROOT"
if [ ! -x build/native-release/llm-sizer ] || [ -n "$(find core cli web/src/i18n -newer build/native-release/llm-sizer -type f 2>/dev/null | head -1)" ]; then
  bash scripts/setup.sh >&2
  bash scripts/build.sh native >&2
fi
exec build/native-release/llm-sizer "$@"
