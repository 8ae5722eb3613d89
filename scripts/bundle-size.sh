#!/usr/bin/env bash
# Prints how big the installable packages are and what the app binary carries inside it:
# the .deb and .rpm that `npm run bundle` wrote, the release binary, and the data the build
# scripts embed (the prebuilt word graphs of src-tauri/movegen/build.rs, the definitions of
# src-tauri/definitions/build.rs, the word lists' sets of src-tauri/lexicon/build.rs), each
# with its size once compressed the way the .deb compresses its files. The embedded files are
# the ones the binary was built from, read from its dependency file (release/wordclub.d), so
# an older build's leftovers in the target folder are not counted. Reads only: run it after
# `npm run bundle` with the same CARGO_TARGET_DIR (issue 26's size figures; not run in CI).
set -euo pipefail
cd "$(dirname "$0")/.."
target=${CARGO_TARGET_DIR:-$PWD/target}
release="$target/release"

deb=$(ls -t "$release"/bundle/deb/*.deb 2>/dev/null | head -1 || true)
rpm=$(ls -t "$release"/bundle/rpm/*.rpm 2>/dev/null | head -1 || true)
if [ -z "$deb" ] || [ ! -f "$release/wordclub.d" ]; then
  echo "no bundle under $release: run \`npm run bundle\` first (same CARGO_TARGET_DIR)" >&2
  exit 1
fi

size() { stat -c %s "$1"; }
# bytes, then MiB and (decimal) MB: the issue quotes the .deb in MiB and the data in MB.
show() { awk -v name="$1" -v n="$2" -v more="${3:-}" 'BEGIN {
  printf "  %-34s %12d bytes  %7.2f MiB  %7.2f MB%s\n", name, n, n / 1048576, n / 1000000, more }'; }

# The .deb's own compressor for its files (data.tar.gz, .xz or .zst), to say what each
# embedded part costs in the package.
data_member=$(ar t "$deb" | grep '^data\.tar')
case "$data_member" in
  *.gz) squeeze() { gzip -9 -c "$1" | wc -c; }; how=gzip ;;
  *.xz) squeeze() { xz -6 -c "$1" | wc -c; }; how=xz ;;
  *.zst) squeeze() { zstd -19 -c "$1" | wc -c; }; how=zstd ;;
  *) squeeze() { size "$1"; }; how=none ;;
esac

echo "Packages ($release/bundle):"
installed_kib=$(dpkg-deb -f "$deb" Installed-Size)
show "$(basename "$deb")" "$(size "$deb")" "  (installed $((installed_kib / 1024)) MiB; files in $data_member)"
[ -n "$rpm" ] && show "$(basename "$rpm")" "$(size "$rpm")"
binary_packed=$(squeeze "$release/wordclub")
show "the app binary (release/wordclub)" "$(size "$release/wordclub")" "  ($how: $binary_packed bytes)"

# Every embedded data file the binary depends on, by the crate whose build script wrote it.
mapfile -t embedded < <(tr ' ' '\n' < "$release/wordclub.d" | sed 's/:$//' |
  grep -E '/build/wordclub-(movegen|definitions|lexicon)-[0-9a-f]+/out/[^/]+\.(graph|bin|fst)$' | sort -u)
total_graphs=0
total_definitions=0
all=0
all_packed=0
echo "Embedded in the binary (from release/wordclub.d; compressed by $how beside):"
for part in movegen definitions lexicon; do
  case $part in
    movegen) echo " prebuilt word graphs (src-tauri/movegen/build.rs; -0 the list, -1 its common words):" ;;
    definitions) echo " definitions (src-tauri/definitions/build.rs):" ;;
    lexicon) echo " word lists' sets and lookup table (src-tauri/lexicon/build.rs):" ;;
  esac
  sum=0
  packed=0
  for f in "${embedded[@]}"; do
    [[ $f == */wordclub-$part-* ]] || continue
    bytes=$(size "$f")
    squeezed=$(squeeze "$f")
    show "$(basename "$f")" "$bytes" "  ($how $squeezed)"
    sum=$((sum + bytes))
    packed=$((packed + squeezed))
  done
  show "total" "$sum" "  ($how $packed)"
  all=$((all + sum))
  all_packed=$((all_packed + packed))
  case $part in
    movegen) total_graphs=$sum ;;
    definitions) total_definitions=$sum ;;
  esac
done
show "all embedded data" "$all" "  ($how $all_packed, of the binary's $binary_packed)"
echo "Issue 26's budget, the prebuilt graphs and the definitions together: under 12 MB"
show "graphs + definitions" "$((total_graphs + total_definitions))"
