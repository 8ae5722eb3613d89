"""Proposes a reason for each word the audit finds unexplained (run by hand, then review the
output before adding it to reasons-4.tsv). The rules read SCOWL's own files: a word SCOWL
files in a contractions file is a contraction fragment, in an abbreviations file an
abbreviation, capitalised in an upper or proper-names file a name. Words no rule explains are
printed with the reason "REVIEW" for a person to fill in.

Usage: python3 wordlists/audit/propose.py WORD...   (needs the Debian package scowl)
"""
import glob
import re
import sys

SCOWL = "/usr/share/dict/scowl"


def lines(path):
    with open(path, encoding="latin-1") as f:
        return [w for w in f.read().split("\n") if w]


def main():
    fragments, spelled, abbreviations, names = set(), set(), set(), set()
    for path in glob.glob(f"{SCOWL}/*"):
        base = path.rsplit("/", 1)[1]
        for w in lines(path):
            if "contractions" in base:
                fragments.update(p for p in re.split("'", w.lower()) if p)
                spelled.add(w.lower().replace("'", ""))
            elif "abbreviations" in base or "roman-numerals" in base:
                abbreviations.add(w.lower().rstrip("."))
            elif ("upper" in base or "proper-names" in base) and w[0].isupper():
                names.add(w.lower())
    here = __file__.rsplit("/", 1)[0]
    with open(f"{here}/../wordclub/wordclub-4.txt") as f:
        listed = set(f.read().split())
    for w in sys.argv[1:]:
        if w in fragments:
            reason = "contraction fragment"
        elif w in spelled:
            reason = "contraction without its apostrophe"
        elif w in abbreviations:
            reason = "abbreviation"
        elif w in names:
            reason = "name"
        elif w.endswith("in") and w + "g" in listed:
            reason = "informal spelling"
        else:
            reason = "REVIEW"
        print(f"{w}\t{reason}")


if __name__ == "__main__":
    main()
