#!/usr/bin/env bash
# Static checks: TypeScript types of the page, C++ and web formatting.
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$ROOT"
node node_modules/typescript/bin/tsc -p tsconfig.json
npm run --silent format:check
