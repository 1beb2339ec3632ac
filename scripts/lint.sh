#!/usr/bin/env bash
# Static checks: TypeScript types of the page, C++ and web formatting.
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$ROOT"
# tsc reads the types of the wasm module's results, generated from the core by the native build
# (tools/gen_dts.cpp); bring them up to date first (nothing to do when they are).
[ -f build/native-release/CMakeCache.txt ] || cmake --preset native-release >/dev/null
cmake --build --preset native-release -j2 --target typescript_declarations >/dev/null
node node_modules/typescript/bin/tsc -p tsconfig.json
npm run --silent format:check
