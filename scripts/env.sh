# Sourced by every script: the environment emcc and the browser tests need.
# Debian's emcc runs its JS tools with the machine's node, which must find Debian's node modules.
export NODE_PATH="${NODE_PATH:-/usr/share/nodejs}"
export CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export ROOT
# Chromium and Lighthouse leave temporary profiles; keep them inside the project.
export TMPDIR="${LLM_SIZER_TMPDIR:-$ROOT/build/tmp}"
mkdir -p "$TMPDIR"
log() { printf '\033[1m[llm-sizer]\033[0m %s\n' "$*" >&2; }
