#!/usr/bin/env bash
# Runs every test of Word Club from a fresh clone: installs what is missing (Debian and npm
# packages, tauri-driver), rebuilds the word lists from their sources and compares, checks
# format and lints (cargo fmt, clippy, the pure crates for wasm32, cargo doc, eslint for ui/js and the tests), checks ui/js against the
# typed contract generated from the command table (tsc --checkJs), runs the UI's unit
# tests (tests/unit), the Rust tests (dictionary, engine, move generator, rules lab, store,
# command layer, CLI, app), then the browser end-to-end tests and the real-window smoke test,
# then the web app's build and its tests in Chromium and WebKit, and the store's browser tests
# (scripts/web-e2e.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh

echo "== word lists: rebuild from sources and compare"
wordlists/build.sh --check

echo "== cargo fmt / clippy / doc"
cargo fmt --all -- --check
cargo clippy --workspace --all-targets -- -D warnings
# The lab as the app builds it (its evidence reader only, feature `search` off): the workspace
# build above always has the CLI's `search` on.
cargo clippy -p wordclub-lab --no-default-features -- -D warnings
# The pure crates build for the browser (the web build runs them as WebAssembly).
cargo check --target wasm32-unknown-unknown -p wordclub-engine -p wordclub-lexicon \
  -p wordclub-graph -p wordclub-definitions -p wordclub-movegen
# The crates' API docs build without a warning (one doc link once stopped rustdoc 1.95 with an
# internal error); the window crate is left out, as its docs would be all of Tauri's.
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --exclude wordclub --quiet

echo "== ui: eslint (ui/js and the tests), the typed contract, unit tests of the pure UI modules"
npx --no-install eslint .
# The contract the UI is checked against (ui/js/contract.d.ts, commands.js) is the one the
# command table generates now; tsc then checks every ui/js module against it, with `strict`
# on (tsconfig.json): no implicit `any`, no `null` read unchecked.
cargo test -p wordclub-app --features contract --test contract
npx --no-install tsc -p tsconfig.json
node --test tests/unit/

echo "== cargo test"
cargo test --workspace

echo "== end-to-end: browser (chromium) and app window (Xvfb)"
scripts/e2e.sh

echo "== web app: build dist/web, then its tests in Chromium and WebKit"
scripts/web-e2e.sh
