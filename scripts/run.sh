#!/usr/bin/env bash
# Builds and launches Word Club's app window. Installs the Debian packages Tauri needs when
# they are missing (scripts/install-deps.sh --app), builds the release binary with its UI
# embedded, then starts it. It only launches: nothing waits for input.
#
# `scripts/run.sh --web [PORT]` builds the web app instead (scripts/build-web.sh: dist/web)
# and serves it on http://127.0.0.1:PORT (8080 by default) with `wordclub-cli serve --web`
# until Ctrl-C: open that address in Chromium, Firefox or Safari.
set -euo pipefail
cd "$(dirname "$0")/.."
target=${CARGO_TARGET_DIR:-target}
if [ "${1:-}" = "--web" ]; then
  port=${2:-8080}
  scripts/install-deps.sh
  scripts/build-web.sh
  # The web profile (Cargo.toml): optimised, without the release's whole-program LTO.
  cargo build --profile web -p wordclub-cli --bin wordclub-cli
  exec "$target/web/wordclub-cli" serve --web dist/web --port "$port"
fi
scripts/install-deps.sh --app
cargo build --release -p wordclub --bin wordclub --features tauri/custom-protocol
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  echo "no display: run this in a desktop session (or under xvfb-run)" >&2
  exit 1
fi
exec "$target/release/wordclub" "$@"
