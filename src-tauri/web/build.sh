#!/usr/bin/env bash
# Builds the web app's WebAssembly and its data files into DEST (README.md in this folder):
#   DEST/wasm/wordclub_web.js, DEST/wasm/wordclub_web_bg.wasm   (wasm-bindgen --target web)
#   DEST/data/<crate>-<file>.<16 hex of its SHA-256>.<ext>, DEST/data/data-manifest.json
# Usage: src-tauri/web/build.sh DEST [cargo options, e.g. --release or --profile NAME, --features node-test]
# CARGO_TARGET_DIR is honoured. wasm-bindgen (the CLI) must be the version the crate pins.
set -euo pipefail
dest=${1:?usage: build.sh DEST [cargo options]}
shift
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cd "$root"
want=$(sed -n 's/^wasm-bindgen = "=\(.*\)"$/\1/p' "$here/Cargo.toml")
have=$(wasm-bindgen --version | awk '{print $2}')
if [ "$want" != "$have" ]; then
  echo "wasm-bindgen $have is installed, the crate pins $want: cargo install wasm-bindgen-cli --version $want" >&2
  exit 1
fi
messages=$(mktemp)
trap 'rm -f "$messages"' EXIT
cargo build -p wordclub-web --target wasm32-unknown-unknown --message-format=json-render-diagnostics "$@" >"$messages"
# The module cargo made and the folder where the crate's build script put the data files.
read -r wasm out_dir < <(node -e '
  const lines = require("fs").readFileSync(process.argv[1], "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));
  const id = (m) => /wordclub-web|web#wordclub-web|wordclub_web/.test(m.package_id);
  const art = lines.filter((m) => m.reason === "compiler-artifact" && id(m)).flatMap((m) => m.filenames).find((f) => f.endsWith(".wasm"));
  const script = lines.filter((m) => m.reason === "build-script-executed" && id(m)).map((m) => m.out_dir).pop();
  if (!art || !script) { console.error("cargo did not report the module or its data folder"); process.exit(1); }
  console.log(art, script);
' "$messages")
mkdir -p "$dest/wasm" "$dest/data"
wasm-bindgen --target web --no-typescript --out-dir "$dest/wasm" "$wasm"
cp "$out_dir"/data/* "$dest/data/"
echo "built $dest/wasm and $dest/data ($(ls "$dest/data" | wc -l) files)"
