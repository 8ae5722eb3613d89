#!/usr/bin/env bash
# Installs what building and testing Word Club needs, idempotently: Debian packages (when
# missing), the npm packages of package.json (npm ci, when node_modules is missing or older
# than package-lock.json), Rust's wasm32-unknown-unknown target (rustup, when missing),
# wasm-bindgen-cli at Cargo.lock's version and tauri-driver (cargo install, when missing or,
# for wasm-bindgen, another version), Binaryen's wasm-opt (npm, in ~/.cache/wordclub/binaryen,
# when missing or another version). Safe to run again.
#   scripts/install-deps.sh          everything (build, app, browser and window tests)
#   scripts/install-deps.sh --app    only what building and running the app needs
set -euo pipefail
cd "$(dirname "$0")/.."

# Tauri 2 on Debian/Ubuntu: WebKitGTK 4.1 and a C toolchain (see docs in tauri-on-linux notes).
# WordNet 3.0 (wordnet-base): the offline definitions are compiled from it at build time
# (src-tauri/definitions/build.rs), so building fails without it.
app_pkgs=(build-essential pkg-config file libwebkit2gtk-4.1-dev wordnet-base)
# Tests: word-list sources (scowl; hunspell and its en_GB dictionary, list 4's second source),
# a virtual X server for the window test, WebKitWebDriver for
# tauri-driver, xdotool for the window test to answer the native save dialog (a GTK window
# WebDriver cannot reach), Debian's chromium for the browser tests, ImageMagick for
# screenshots/icons, Node.js and npm for the Tauri CLI, Playwright and selenium-webdriver.
# The web app (scripts/build-web.sh): clang, lld and llvm (llvm-ar) compile SQLite's C for
# wasm32; libwebkit2gtk-4.1-dev (above) also builds the web tests' small WebKitGTK browser with
# a data folder that outlives it (tests/web/webkit-keeper.c).
test_pkgs=(scowl hunspell hunspell-en-gb xvfb xauth webkit2gtk-driver xdotool chromium imagemagick nodejs npm clang lld llvm)
app_only=false
[ "${1:-}" = "--app" ] && app_only=true
want=("${app_pkgs[@]}")
$app_only || want+=("${test_pkgs[@]}")

sudo_cmd=""
[ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"

missing=()
for p in "${want[@]}"; do
  # node/npm may come from elsewhere (nvm, NodeSource): only install them when absent.
  case "$p" in
    nodejs) command -v node >/dev/null && continue ;;
    npm) command -v npm >/dev/null && continue ;;
  esac
  dpkg-query -W -f '${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing Debian packages: ${missing[*]}"
  $sudo_cmd apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y --no-install-recommends "${missing[@]}"
fi

$app_only && exit 0

# The pure crates (engine, lexicon, graph, definitions, movegen) are checked for the browser's
# target in scripts/test.sh: the web build runs them as WebAssembly.
if command -v rustup >/dev/null && ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown
fi

if [ -f package-lock.json ] && command -v npm >/dev/null; then
  if [ ! -d node_modules ] || [ package-lock.json -nt node_modules ]; then
    npm ci --no-audit --no-fund
    touch node_modules
  fi
fi

# wasm-bindgen-cli turns the web app's WebAssembly into a module the browser loads; it must be
# the version of the wasm-bindgen crate in Cargo.lock (cargo install, a few minutes, only when
# the installed one differs).
bindgen=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/"/, "", $3); print $3; exit }' Cargo.lock)
if [ -n "$bindgen" ]; then
  have=$("${CARGO_HOME:-$HOME/.cargo}/bin/wasm-bindgen" --version 2>/dev/null | awk '{ print $2 }' || true)
  if [ "$have" != "$bindgen" ]; then
    echo "installing wasm-bindgen-cli $bindgen (cargo install, a few minutes)"
    cargo install wasm-bindgen-cli --version "$bindgen" --locked
  fi
fi

# Binaryen's wasm-opt for the web app's shipped bundle (scripts/build-web.sh --wasm-opt; the
# test build goes without): the npm package, into a folder of its own, only when missing or
# another version.
binaryen_version=132
binaryen=${WORDCLUB_BINARYEN:-${XDG_CACHE_HOME:-$HOME/.cache}/wordclub/binaryen}
if command -v npm >/dev/null \
  && [ "$("$binaryen/node_modules/.bin/wasm-opt" --version 2>/dev/null | awk '{ print $3 }')" != "$binaryen_version" ]; then
  echo "installing binaryen $binaryen_version (npm, for wasm-opt) in $binaryen"
  mkdir -p "$binaryen"
  npm install --no-audit --no-fund --prefix "$binaryen" "binaryen@$binaryen_version"
fi

# tauri-driver drives the real app window through WebKitWebDriver (tests/app_smoke).
if ! command -v tauri-driver >/dev/null && [ ! -x "${CARGO_HOME:-$HOME/.cargo}/bin/tauri-driver" ]; then
  echo "installing tauri-driver (cargo install, about two minutes)"
  cargo install tauri-driver --locked
fi
