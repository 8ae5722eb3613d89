#!/bin/sh
# Rebuilds common-words.txt, the Easy computer player's vocabulary, from SCOWL as packaged by
# Debian (package `scowl`, version 2020.12.07-2, files under /usr/share/dict/scowl):
# size levels 10 and 20 (the most common words) of the english, american and british word
# lists; lower-case a-z words of 2 to 15 letters only (drops names, abbreviations,
# apostrophes and accented words); sorted, unique. At run time the list is also intersected
# with the match's word list, so Easy never plays a word the match would refuse.
set -eu
cd "$(dirname "$0")"
for size in 10 20; do
  for variety in english american british; do
    cat "/usr/share/dict/scowl/$variety-words.$size"
  done
done | iconv -f latin1 -t utf-8 | grep -E '^[a-z]{2,15}$' | LC_ALL=C sort -u > common-words.txt
wc -l common-words.txt
sha256sum common-words.txt
