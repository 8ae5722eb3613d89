#!/usr/bin/env bash
# Runs every test of Word Club from a fresh clone: installs what is missing, checks format and
# lints, runs the Rust tests (engine, dictionary, store, CLI) and the word-list rebuild check.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh

echo "== word lists: rebuild from sources and compare"
wordlists/build.sh --check

echo "== cargo fmt / clippy"
cargo fmt --all -- --check
cargo clippy --workspace --all-targets -- -D warnings

echo "== cargo test"
cargo test --workspace
