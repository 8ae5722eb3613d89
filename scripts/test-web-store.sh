#!/usr/bin/env bash
# The store's browser tests: src-tauri/store/tests/web.rs, run in a dedicated worker of headless
# Chromium by wasm-bindgen-test-runner (OPFS, IndexedDB and the open path's refusals in a real
# browser). Needs what the web build needs: clang (SQLite's C for wasm32), the
# wasm32-unknown-unknown target and wasm-bindgen-cli at the wasm-bindgen version in Cargo.lock
# (its runner), plus chromium and chromedriver.
#
#   scripts/test-web-store.sh            # uses $CARGO_TARGET_DIR like every cargo command
set -euo pipefail
cd "$(dirname "$0")/.."

runner=$(command -v wasm-bindgen-test-runner || echo "$HOME/.cargo/bin/wasm-bindgen-test-runner")
if [ ! -x "$runner" ]; then
  echo "wasm-bindgen-test-runner not found: cargo install wasm-bindgen-cli --version" \
    "$(grep -A1 '^name = "wasm-bindgen"$' Cargo.lock | sed -n 's/version = "\(.*\)"/\1/p')" >&2
  exit 1
fi
chromium=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
export CHROMEDRIVER=${CHROMEDRIVER:-$(command -v chromedriver)}

# The browser's flags, as the repo's other browser tests launch it (tests/e2e/helpers.js);
# the runner adds --headless itself. A fresh profile each run: the tests' storage starts empty.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/webdriver.json" <<JSON
{ "goog:chromeOptions": {
    "binary": "$chromium",
    "args": ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
             "--disable-background-networking", "--disable-component-update",
             "--disable-sync", "--no-first-run", "--user-data-dir=$tmp/profile"] } }
JSON
export WASM_BINDGEN_TEST_WEBDRIVER_JSON="$tmp/webdriver.json"
export WASM_BINDGEN_TEST_TIMEOUT=${WASM_BINDGEN_TEST_TIMEOUT:-300}
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER="$runner"
cargo test -p wordclub-store --target wasm32-unknown-unknown --test web
