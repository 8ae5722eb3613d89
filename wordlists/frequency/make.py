"""Writes top-30000-boardable.txt: the words of wordfreq 3.1.1's 30,000 most frequent English
words (`top_n_list("en", 30000)`) that a board can hold (single words of 2-15 letters a-z), in
wordfreq's order, most frequent first (a word's rank among them is its line number).

It is run by hand, once, when the frequency source changes (the test command reads the
committed file and never installs wordfreq):
    python3 -m venv /tmp/wordfreq && /tmp/wordfreq/bin/pip install wordfreq==3.1.1
    /tmp/wordfreq/bin/python wordlists/frequency/make.py
"""
import pathlib
import re

from wordfreq import top_n_list

TOP = 30000
out = pathlib.Path(__file__).resolve().parent / "top-30000-boardable.txt"
words = [w for w in top_n_list("en", TOP) if re.fullmatch(r"[a-z]{2,15}", w)]
assert len(words) == len(set(words))
out.write_text("".join(w + "\n" for w in words))
print(f"{len(words):,} boardable words of the top {TOP:,}, sha256 of the file below")
