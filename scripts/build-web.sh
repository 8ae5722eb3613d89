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
# `--wasm-opt`: the bundle to ship (put on a host) also goes through Binaryen's wasm-opt -Oz
# (the npm package binaryen 132, which scripts/install-deps.sh keeps in
# ~/.cache/wordclub/binaryen; Debian's is version 108, of 2022). Measured 2026-12-06 on the
# 2-core machine: the module 6.02 -> 4.94 MB raw, 1.32 -> 1.25 MB brotli, 1.92 -> 1.81 MB gzip
# (0.6 % of the first visit with brotli), the same decisions on the bench's positions; a build
# with it took 127 s against 15 s without (nine to twelve minutes when the machine was at its
# busiest), so the test build (scripts/test.sh, scripts/web-e2e.sh) and scripts/run.sh --web
# go without it.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$PWD/target}
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
wasm_opt=false
for arg in "$@"; do
  case $arg in
    --wasm-opt) wasm_opt=true ;;
    *) echo "usage: scripts/build-web.sh [--wasm-opt]" >&2; exit 2 ;;
  esac
done
binaryen=${WORDCLUB_BINARYEN:-${XDG_CACHE_HOME:-$HOME/.cache}/wordclub/binaryen}
if $wasm_opt && [ ! -x "$binaryen/node_modules/.bin/wasm-opt" ]; then
  echo "wasm-opt not found in $binaryen: scripts/install-deps.sh installs it (npm binaryen)" >&2
  exit 1
fi
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

if $wasm_opt; then
  module=$stage/wasm/wordclub_web_bg.wasm
  before=$(stat -c %s "$module")
  echo "== web: wasm-opt -Oz (binaryen $("$binaryen/node_modules/.bin/wasm-opt" --version | awk '{print $3}'))"
  # The features rustc's wasm32 output uses; wasm-opt refuses a module that needs one not named.
  "$binaryen/node_modules/.bin/wasm-opt" -Oz --enable-bulk-memory --enable-nontrapping-float-to-int \
    --enable-sign-ext --enable-mutable-globals "$module" -o "$module.opt"
  mv "$module.opt" "$module"
  echo "wasm-opt: the module $before -> $(stat -c %s "$module") bytes"
fi

echo "== web: assemble $out"
mkdir -p "$out"
node webapp/assemble.mjs --out "$out" --wasm "$stage/wasm" --data "$stage/data"
echo "== web: built in $(( $(date +%s) - started )) s"
