#!/usr/bin/env bash
# Builds the web app into dist/web/ (or $WORDCLUB_WEB_OUT): the app's Rust crates as
# WebAssembly (src-tauri/web/build.sh, for wasm32-unknown-unknown, cargo profile `web`: a
# release without the whole-program LTO, see Cargo.toml), wasm-bindgen's loader for it,
# the data files (word graphs, word lists, definitions) named by their content's hash (by the
# web crate's build script), the same ui/ files the window and `wordclub-cli serve` use (index.html with the web app's head:
# webapp/head.html), the icons, the manifest and the service worker (webapp/assemble.mjs).
# Serve it with `wordclub-cli serve --web dist/web --port 8080` (or scripts/run.sh --web).
#
# Uses $CARGO_TARGET_DIR as scripts/test.sh sets it (the wasm build's own folder inside it),
# so a second run with nothing changed is seconds. Needs scripts/install-deps.sh (the wasm32
# target, clang for SQLite's C, wasm-bindgen-cli at Cargo.lock's wasm-bindgen version).
# wasm-opt is not run: none is installed here (Debian's binaryen is version 108, of 2022; the
# npm package would be one more download per machine), and it would only make the module
# smaller: the budgets are measured without it (README, "The web app").
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$PWD/target}
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
out=${WORDCLUB_WEB_OUT:-$PWD/dist/web}
profile=web
stage=$CARGO_TARGET_DIR/web-stage
started=$(date +%s)

# SQLite's C (sqlite-wasm-rs) is compiled for wasm32 by clang; Debian's gcc cannot.
export CC_wasm32_unknown_unknown=${CC_wasm32_unknown_unknown:-clang}
export AR_wasm32_unknown_unknown=${AR_wasm32_unknown_unknown:-llvm-ar}

echo "== web: the WebAssembly and the data files (src-tauri/web/build.sh, profile $profile)"
# The web crate's own build: cargo for wasm32, wasm-bindgen --target web (it checks the CLI's
# version against the crate's pin), and the data files the native build scripts wrote for the
# crates, which its build script named by their content's hash (with data-manifest.json).
# A fresh folder each time, so no file of an older build is carried along.
rm -rf "$stage"
src-tauri/web/build.sh "$stage" --profile "$profile"

echo "== web: assemble $out"
mkdir -p "$out"
node webapp/assemble.mjs --out "$out" --wasm "$stage/wasm" --data "$stage/data"
echo "== web: built in $(( $(date +%s) - started )) s"
