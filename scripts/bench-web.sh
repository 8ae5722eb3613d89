#!/usr/bin/env bash
# The web app's budgets as figures (tests/web/bench.mjs): the first visit's size with brotli
# and gzip per part, cold and warm loads in Chromium, Hard's classic moves in the worker beside
# the native app's, and the worker's WebAssembly memory after that match. Builds dist/web and
# the debug wordclub-cli first (same CARGO_TARGET_DIR as scripts/test.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$PWD/target}
cargo build -p wordclub-cli --bin wordclub-cli
scripts/build-web.sh
node tests/web/bench.mjs "$@"
