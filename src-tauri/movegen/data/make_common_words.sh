#!/bin/sh
# Rebuilds common-words.txt, the Easy computer player's vocabulary, from SCOWL as packaged by
# Debian (package `scowl`, version 2020.12.07-2, files under /usr/share/dict/scowl):
# size levels 10 and 20 (the most common words) of the english, american and british word
# lists; lower-case a-z words of 2 to 15 letters only (drops names, apostrophes and accented
# words); then only those that version 2 of the wordclub list holds (which drops what SCOWL
# files as abbreviations, unless ENABLE has the word, and two-letter words other than the
# 127: "cs" went); sorted, unique. At run time the list is also intersected with the match's
# word list, so Easy never plays a word the match would refuse.
set -eu
cd "$(dirname "$0")"
list=../../../wordlists/wordclub/wordclub-2.txt
for size in 10 20; do
  for variety in english american british; do
    cat "/usr/share/dict/scowl/$variety-words.$size"
  done
done | iconv -f latin1 -t utf-8 | grep -E '^[a-z]{2,15}$' | LC_ALL=C sort -u \
  | LC_ALL=C comm -12 - "$list" > common-words.txt
wc -l common-words.txt
sha256sum common-words.txt
