#!/usr/bin/env python3
"""The manners audit: what the polite computer leaves alone, before (manners 2) and after
(manners 3), by reason and per shipped list, and whether every word the installed WordNet 3.0
labels a slur or vulgar was reviewed. Needs only python3 (and Debian's wordnet-base for the
WordNet section, which scripts/install-deps.sh installs). Exits 1 when a WordNet-labelled
shipped word has no verdict.

    python3 wordlists/audit/manners.py
"""
import collections
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
LISTS = os.path.join(HERE, "..")
OFFENSIVE = os.path.join(LISTS, "offensive")
WORDNET = "/usr/share/wordnet"


def words(path):
    with open(path) as f:
        return {l.split("#")[0].split("\t")[0].strip() for l in f} - {""}


def kind(reason):
    """A reason's kind: the text before its first colon, or "form" for a form of a blocked word."""
    return "form" if reason.startswith("form of ") else reason.split(":")[0]


def manners_2_reasons():
    # Version 2's recipe (../build.sh): the sources' entries, the reviewed slurs, the forms.
    v1, innocent = words(f"{OFFENSIVE}/offensive-1.txt"), words(f"{OFFENSIVE}/innocent-2.txt")
    added = words(f"{OFFENSIVE}/added-2.txt")
    reasons = {}
    for w in words(f"{OFFENSIVE}/offensive-2.txt"):
        reasons[w] = "source" if w in v1 - innocent else "slur" if w in added else "form"
    return reasons


def manners_3_reasons():
    with open(f"{OFFENSIVE}/offensive-3.tsv") as f:
        rows = [l.rstrip("\n").split("\t") for l in f if l.strip()]
    return {w: r for w, r in rows}


def wordnet_labelled():
    """Single a-z words of WordNet 3.0 synsets marked with the usage domain ethnic slur,
    obscenity or disparagement, or glossed as an offensive, derogatory, obscene or vulgar term."""
    usage = {"06718862", "07124340", "06717170"}  # ethnic_slur, obscenity, disparagement
    gloss = re.compile(
        r"\((ethnic slur|offensive slang|vulgar slang|obscene)\)"
        r"|\b(offensive|derogatory|disparaging|obscene|vulgar|insulting)( slang)? "
        r"(term|terms|name|names|word|words) (for|of|used)"
        r"|vulgar slang for|slang for sexual intercourse", re.I)
    found = set()
    for pos in ("noun", "verb", "adj", "adv"):
        with open(f"{WORDNET}/data.{pos}", encoding="latin-1") as f:
            for line in f:
                if line.startswith("  "):
                    continue
                fields = line.split()
                n = int(fields[3], 16)
                lemmas = [fields[4 + 2 * i] for i in range(n)]
                at = 4 + 2 * n
                pointers = [(fields[at + 1 + 4 * k], fields[at + 2 + 4 * k])
                            for k in range(int(fields[at]))]
                labelled = any(s == ";u" and o in usage for s, o in pointers)
                if labelled or gloss.search(line.split("|", 1)[1]):
                    for lemma in lemmas:
                        lemma = re.sub(r"\(.*\)$", "", lemma).lower()
                        if re.fullmatch(r"[a-z]{2,15}", lemma):
                            found.add(lemma)
    return found


def main():
    before, after = manners_2_reasons(), manners_3_reasons()
    manifest = json.load(open(f"{LISTS}/lists.json"))
    shipped = {e["name"]: words(f"{LISTS}/{e['file']}") for e in manifest}
    every = set().union(*shipped.values())
    n = lambda x: f"{x:,}"

    print("## Manners (the words the polite computer and hints leave alone)")
    print(f"- Blocked: manners 2 {n(len(before))}, manners 3 {n(len(after))} "
          f"({n(len(set(after) - set(before)))} added, {n(len(set(before) - set(after)))} let through).")
    b = collections.Counter(before.values())
    a = collections.Counter(kind(r) for r in after.values())
    print("- By reason (manners 2 -> manners 3): " + "; ".join(
        f"{k} {n(b.get(k, 0))} -> {n(a.get(k, 0))}" for k in sorted(set(a) | set(b), key=lambda k: -a.get(k, 0))))
    sources = collections.Counter(r for r in after.values() if kind(r) == "source")
    print("  Sources kept: " + "; ".join(f"{r[len('source: '):]} {n(c)}" for r, c in sources.most_common()))
    for name, ws in shipped.items():
        print(f"- {name}: {n(len(ws & set(before)))} blocked -> {n(len(ws & set(after)))}")
    let_through = sorted(set(before) - set(after))
    print(f"- Let through (innocent sense first, or a form of an innocent word): {', '.join(let_through)}")

    review = {}
    with open(f"{OFFENSIVE}/reviewed-3.tsv") as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                w, verdict, _ = line.rstrip("\n").split("\t")
                review[w] = verdict
    if not os.path.isdir(WORDNET):
        print(f"- WordNet: {WORDNET} is missing (apt wordnet-base); its section is skipped.")
        return 0
    labelled = wordnet_labelled() & every
    innocent = words(f"{OFFENSIVE}/innocent-2.txt") | {w for w, v in review.items() if v == "innocent"}
    unreviewed = sorted(w for w in labelled if w not in after and w not in innocent)
    print(f"- WordNet 3.0 labels {n(len(labelled))} shipped words a slur or vulgar: "
          f"{n(len(labelled & set(before)))} blocked by manners 2, {n(len(labelled & set(after)))} by manners 3, "
          f"{n(len(labelled & innocent - set(after)))} reviewed as innocent (their everyday sense), "
          f"{n(len(unreviewed))} unreviewed" + (f": {', '.join(unreviewed)}" if unreviewed else "."))
    return 1 if unreviewed else 0


if __name__ == "__main__":
    sys.exit(main())
