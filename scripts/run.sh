#!/usr/bin/env bash
# Builds and runs Word Club. Until the desktop window lands, this builds the release CLI and
# shows what it can do.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --workspace --bin wordclub-cli
target=${CARGO_TARGET_DIR:-target}
"$target/release/wordclub-cli" lists
