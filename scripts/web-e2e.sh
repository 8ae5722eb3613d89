#!/usr/bin/env bash
# The web app's tests (tests/web), on dist/web served by `wordclub-cli serve --web`:
#   1. Chromium (playwright-core, Debian's chromium) at tablet size with touch: the shell
#      (headers, manifest and installability, the service worker, offline, a new version, a
#      second tab: shell.test.js) and the whole app in the worker (chromium.test.js: a 3-person
#      1.3 match to the end, history, analysis, a meaning, the secrecy scan, a reload, a match
#      offline, the kill test), the CLI's history imported into the worker (fixture.test.js:
#      every match's replay, GCG record and analysis as the native wordclub-cli prints them)
#      and what it keeps beside the history (keep.test.js: settings in the history, copied
#      from an earlier build's IndexedDB; Medium's graph kept, read back after a reload);
#   2. WebKit under Xvfb (webkit.test.js): MiniBrowser through WebKitWebDriver, and a small
#      WebKitGTK program with a data folder of its own killed and started again;
#   3. the store's own browser tests (scripts/test-web-store.sh: OPFS, IndexedDB and the open
#      path's refusals in a worker of headless Chromium; measured 2026-12-06 on the busy 2-core
#      machine: 6 s on a warm target, 41 s after a change to the store).
# Builds the debug wordclub-cli (as scripts/e2e.sh does) and dist/web (scripts/build-web.sh).
# Expects scripts/install-deps.sh to have run (scripts/test.sh does).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$PWD/target}
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

echo "== web: build wordclub-cli (debug) and dist/web"
cargo build -p wordclub-cli --bin wordclub-cli
scripts/build-web.sh

echo "== web: Chromium (shell, the app in the worker)"
node --test --test-concurrency=1 tests/web/shell.test.js tests/web/chromium.test.js tests/web/fixture.test.js tests/web/keep.test.js

echo "== web: WebKit (MiniBrowser via WebKitWebDriver; WebKitGTK with a kept data folder; Xvfb)"
xvfb-run -a -s "-screen 0 1280x1024x24" node --test --test-concurrency=1 tests/web/webkit.test.js

echo "== web: the store in the browser (scripts/test-web-store.sh)"
CC_wasm32_unknown_unknown=${CC_wasm32_unknown_unknown:-clang} AR_wasm32_unknown_unknown=${AR_wasm32_unknown_unknown:-llvm-ar} \
  scripts/test-web-store.sh
