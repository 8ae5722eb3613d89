#!/usr/bin/env bash
# Builds and launches Word Club's app window. Installs the Debian packages Tauri needs when
# they are missing (scripts/install-deps.sh --app), builds the release binary with its UI
# embedded, then starts it. It only launches: nothing waits for input.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh --app
target=${CARGO_TARGET_DIR:-target}
cargo build --release -p wordclub --bin wordclub --features tauri/custom-protocol
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  echo "no display: run this in a desktop session (or under xvfb-run)" >&2
  exit 1
fi
exec "$target/release/wordclub" "$@"
