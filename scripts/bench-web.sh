#!/usr/bin/env bash
# The web app's budgets as figures (tests/web/bench.mjs): the first visit's size with brotli
# and gzip per part, cold and warm loads in Chromium (and where a cold start's time goes),
# Hard's decision on the same classic positions in a worker and in the native CLI with the
# ratio, and the worker's WebAssembly memory after a classic match against Hard. A benchmark
# (figures, no pass or fail), not part of the test command: 4.5-5 minutes on a warm target
# (measured 2026-12-06 on the busy 2-core machine).
#
# It once never finished: it built the debug wordclub-cli first (a quarter of an hour from a
# cold target here) and then drove two whole classic matches through the UI, the second on
# `wordclub-cli serve`'s page with the web tests' playTurn, whose wait for the rack to go never
# ends there (rerun 2026-12-06: a 60 s timeout at the third turn), and it compared medians of
# different positions. Now Hard is timed on fixed positions outside the UI on both sides, and
# the match that gives the memory is played through the worker's `call` and `tick`.
#
# Builds, in the same CARGO_TARGET_DIR as scripts/test.sh: dist/web (scripts/build-web.sh);
# the web crate's `bench` build (the shipped module plus `bench_decide`) into
# $CARGO_TARGET_DIR/web-bench-stage, never into dist/web; and wordclub-cli with the `web`
# profile (the wasm's own profile, so the ratio compares targets, not optimisation settings),
# which also serves the pages. Options go to bench.mjs (--size: the sizes alone);
# WORDCLUB_WEB_RUNS (3) loads per figure, WORDCLUB_BENCH_DECIDE_RUNS (100) decisions per
# timed round (five rounds per position and side).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$PWD/target}
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
export CC_wasm32_unknown_unknown=${CC_wasm32_unknown_unknown:-clang}
export AR_wasm32_unknown_unknown=${AR_wasm32_unknown_unknown:-llvm-ar}
cargo build -p wordclub-cli --bin wordclub-cli --profile web
scripts/build-web.sh
bench_stage=$CARGO_TARGET_DIR/web-bench-stage
rm -rf "$bench_stage"
src-tauri/web/build.sh "$bench_stage" --profile web --features bench
WORDCLUB_CLI=$CARGO_TARGET_DIR/web/wordclub-cli WORDCLUB_WEB_BENCH_WASM=$bench_stage \
  node tests/web/bench.mjs "$@"
