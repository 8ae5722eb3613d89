#!/usr/bin/env bash
# Builds the web crate for the Node smoke test (feature node-test: history in memory) into a
# temporary folder with wasm-bindgen, and runs tests/node-smoke.mjs on it. Extra arguments go
# to cargo (e.g. --release). CARGO_TARGET_DIR is honoured.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
dest=$(mktemp -d)
trap 'rm -rf "$dest"' EXIT
"$here/../build.sh" "$dest" --features node-test "$@"
node "$here/node-smoke.mjs" "$dest"
