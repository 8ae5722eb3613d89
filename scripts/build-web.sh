#!/usr/bin/env bash
# Builds the web app into dist/web/ (or $WORDCLUB_WEB_OUT): the app's Rust crates as
# WebAssembly (src-tauri/web, for wasm32-unknown-unknown, cargo profile `web`: a release
# without the whole-program LTO, see Cargo.toml), wasm-bindgen's loader for it (--target web),
# the data files (word graphs, word lists, definitions) named by their content's hash (by the
# web crate's build script), the
# same ui/ files the window and `wordclub-cli serve` use (index.html with the web app's head:
# webapp/head.html), the icons, the manifest and the service worker (webapp/assemble.mjs).
# Serve it with `wordclub-cli serve --web dist/web --port 8080` (or scripts/run.sh --web).
#
# Uses $CARGO_TARGET_DIR as scripts/test.sh sets it (the wasm build's own folder inside it),
# so a second run with nothing changed is seconds. Needs scripts/install-deps.sh (the wasm32
# target, clang for SQLite's C, wasm-bindgen-cli at Cargo.lock's wasm-bindgen version).
# wasm-opt is not run: Debian's (108) predates what this rustc emits, and the gain would be
# size alone, which the budgets meet without it (README, "The web app").
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$PWD/target}
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
out=${WORDCLUB_WEB_OUT:-$PWD/dist/web}
target=wasm32-unknown-unknown
profile=web
stage=$CARGO_TARGET_DIR/web-stage
started=$(date +%s)

# SQLite's C (sqlite-wasm-rs) is compiled for wasm32 by clang; Debian's gcc cannot.
export CC_wasm32_unknown_unknown=${CC_wasm32_unknown_unknown:-clang}
export AR_wasm32_unknown_unknown=${AR_wasm32_unknown_unknown:-llvm-ar}

echo "== web: cargo build -p wordclub-web --target $target --profile $profile"
cargo build -p wordclub-web --lib --target "$target" --profile "$profile"
wasm=$CARGO_TARGET_DIR/$target/$profile/wordclub_web.wasm

# wasm-bindgen must be the version of the wasm-bindgen crate the module was built with.
want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/"/, "", $3); print $3; exit }' Cargo.lock)
have=$(wasm-bindgen --version 2>/dev/null | awk '{ print $2 }')
if [ "$have" != "$want" ]; then
  echo "wasm-bindgen $want is needed (found '${have:-none}'): run scripts/install-deps.sh" >&2
  exit 1
fi
mkdir -p "$stage/wasm"
if [ ! -f "$stage/wasm/wordclub_web_bg.wasm" ] || [ "$wasm" -nt "$stage/wasm/wordclub_web_bg.wasm" ]; then
  echo "== web: wasm-bindgen --target web"
  rm -rf "$stage/wasm.new"
  wasm-bindgen --target web --no-typescript --out-dir "$stage/wasm.new" "$wasm"
  rm -rf "$stage/wasm"
  mv "$stage/wasm.new" "$stage/wasm"
fi

echo "== web: data files"
# The data files the native build scripts wrote for the crates (lexicon, definitions, movegen;
# run natively by this build, in its own OUT_DIRs): the web crate's build script lists them with
# their SHA-256 and copies each under a content-hashed name into its OUT_DIR/data
# (src-tauri/web/build.rs); the worker fetches them beside the code at run time.
data=$(ls -td "$CARGO_TARGET_DIR/$target/$profile"/build/wordclub-web-*/out/data 2>/dev/null | head -n 1)
if [ -z "$data" ] || [ ! -f "$data/data-manifest.json" ]; then
  echo "build-web.sh: the web crate's build wrote no data files (no data-manifest.json under $CARGO_TARGET_DIR/$target/$profile/build/wordclub-web-*/out/data)" >&2
  exit 1
fi

echo "== web: assemble $out"
mkdir -p "$out"
node webapp/assemble.mjs --out "$out" --wasm "$stage/wasm" --data "$data"
echo "== web: built in $(( $(date +%s) - started )) s"
