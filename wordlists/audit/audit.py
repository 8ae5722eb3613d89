"""The audit of the current wordclub list against the most frequent English words.

It lists every word among the 30,000 most frequent English words of wordfreq 3.1.1 (PyPI
`wordfreq==3.1.1`, its `top_n_list("en", 30000)`; single words of 2-15 letters a-z, the only
words a board can hold) that `wordclub-3.txt` refuses, with the reviewed reason for each from
`reasons-3.tsv` (word, tab, reason). It prints the figures, and the refused words that have no
reason, and exits 1 if there are any: after list 3 every refused common word has a reason.

Usage:
    python3 -m venv /tmp/audit && /tmp/audit/bin/pip install wordfreq==3.1.1
    /tmp/audit/bin/python wordlists/audit/audit.py [--list wordlists/wordclub/wordclub-3.txt]
"""
import argparse
import collections
import pathlib
import re
import sys

from wordfreq import top_n_list

HERE = pathlib.Path(__file__).resolve().parent
TOP = 30000


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--list", default=str(HERE.parent / "wordclub" / "wordclub-3.txt"))
    parser.add_argument("--reasons", default=str(HERE / "reasons-3.tsv"))
    args = parser.parse_args()
    words = set(pathlib.Path(args.list).read_text().split())
    reasons = {}
    for line in pathlib.Path(args.reasons).read_text().splitlines():
        if line and not line.startswith("#"):
            word, reason = line.split("\t")
            reasons[word] = reason
    top = top_n_list("en", TOP)
    boardable = [w for w in top if re.fullmatch(r"[a-z]{2,15}", w)]
    refused = [w for w in boardable if w not in words]
    unexplained = [w for w in refused if w not in reasons]
    stale = sorted(w for w in reasons if w in words)
    by_reason = collections.Counter(reasons[w] for w in refused if w in reasons)
    print(f"top {TOP:,} words: {len(boardable):,} of 2-15 letters a-z; "
          f"{len(boardable) - len(refused):,} accepted, {len(refused):,} refused")
    for reason, count in by_reason.most_common():
        print(f"  {count:6,}  {reason}")
    print(f"  {len(unexplained):6,}  unexplained: {' '.join(unexplained)}")
    if stale:
        print(f"reasons for words the list now accepts (remove them): {' '.join(stale)}")
    sys.exit(1 if unexplained else 0)


if __name__ == "__main__":
    main()
