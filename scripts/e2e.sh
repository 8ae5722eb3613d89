#!/usr/bin/env bash
# End-to-end tests of the UI against the real backend:
#   1. browser tests (tests/e2e): Playwright drives Debian's chromium against
#      `wordclub-cli serve` on a fresh temporary database, at desktop and tablet (touch) size,
#      plus the scripted 3-player secrecy test; screenshots go to tests/screenshots/ (ignored);
#   2. the real app window (tests/app_smoke): tauri-driver + WebKitWebDriver under xvfb-run
#      start the built app, start a match, read the board, reopen it behind the cover and
#      play a word typed on the keyboard; and (first_moves.test.js) the first "Suggest a
#      move" and computer move after the app starts, each file one window at a time (they
#      share one X display, and their figures would share the cores).
# Debug builds only. Expects scripts/install-deps.sh to have run (scripts/test.sh does).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$PWD/target}
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

echo "== e2e: build wordclub-cli and the app (debug)"
cargo build -p wordclub-cli --bin wordclub-cli
# The window test plays a known word on a dealt match: only a build with this test feature
# takes a deal over IPC (release bundles never do).
cargo build -p wordclub --bin wordclub --features fixed-deals

echo "== e2e: browser tests (chromium, wordclub-cli serve)"
node --test --test-concurrency=1 tests/e2e/

echo "== e2e: real app window (tauri-driver, WebKitWebDriver, Xvfb)"
TAURI_DRIVER=$(command -v tauri-driver) xvfb-run -a -s "-screen 0 1280x1024x24" \
  node --test --test-concurrency=1 tests/app_smoke/
