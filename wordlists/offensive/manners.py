#!/usr/bin/env python3
"""Builds manners 3 (offensive-3.tsv): the words the polite computer and hints leave alone,
one row per word with its reason. Called by ../build.sh; the policy is in PROVENANCE.md.

    manners.py LISTS_JSON ROOT V1 LDNOOBW CUSS INNOCENT_2 ADDED_2 REVIEWED_3 OUT FIGURES

ROOT is where the shipped lists named by LISTS_JSON are (every list of the manifest is read,
whatever its number, so a new list's forms of a blocked word are blocked when it ships).
"""
import json
import sys


def words(path):
    with open(path) as f:
        return {l.split("#")[0].strip() for l in f} - {""}


def reviewed(path):
    """word -> (verdict, reason) from a tab-separated file; '#' lines are comments."""
    out = {}
    with open(path) as f:
        for number, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            word, verdict, reason = line.split("\t")
            assert verdict in ("blocked", "innocent"), f"{path}:{number}: verdict {verdict!r}"
            assert reason.strip(), f"{path}:{number}: {word} has no reason"
            assert word not in out, f"{path}:{number}: {word} is reviewed twice"
            out[word] = (verdict, reason)
    return out


def forms(e):
    """The forms a base makes by the regular spelling rules: plurals, verb forms, agent
    nouns, comparatives and superlatives, and the -y, -ish, -ily, -iness derivatives (a form
    counts only where a shipped list holds it; each one was reviewed)."""
    out = {e + x for x in ("s", "es", "ed", "ing", "ings", "er", "ers", "est", "y", "ish")}
    if e.endswith("e"):
        out |= {e + "d", e + "r", e + "rs", e + "st"}
        out |= {e[:-1] + x for x in ("ing", "ings", "y", "ish")}
    if e.endswith("y"):
        out |= {e[:-1] + x for x in ("ies", "ied", "ier", "iest", "ily", "iness")}
    if len(e) >= 3 and e[-1] not in "aeiouwxy" and e[-2] in "aeiou" and e[-3] not in "aeiou":
        out |= {e + e[-1] + x for x in ("ed", "ing", "er", "ers", "est", "y", "ish")}
    return out - {e}


def main():
    (lists_json, root, v1_file, ldnoobw_file, cuss_file, innocent_file, added_file,
     reviewed_file, out, figures) = sys.argv[1:]
    manifest = json.load(open(lists_json))
    shipped = set().union(*(words(f"{root}/{e['file']}") for e in manifest))
    v1, ldnoobw, cuss = words(v1_file), words(ldnoobw_file), words(cuss_file)
    innocent_2, added_2 = words(innocent_file), words(added_file)
    review = reviewed(reviewed_file)
    blocked_3 = {w for w, (v, _) in review.items() if v == "blocked"}
    innocent_3 = {w for w, (v, _) in review.items() if v == "innocent"}
    assert not blocked_3 - shipped, f"reviewed words in no shipped list: {sorted(blocked_3 - shipped)}"
    innocent = innocent_2 | innocent_3

    reason = {}
    for w in sorted(v1 - innocent):
        sources = [name for name, s in (("LDNOOBW", ldnoobw), ("cuss, rated likely profane", cuss)) if w in s]
        reason[w] = "source: " + " and ".join(sources)
    for w in sorted(added_2 - innocent):
        reason[w] = "slur: reviewed in manners 2"
    for w in sorted(blocked_3):
        reason[w] = review[w][1]
    # A form follows its base, both ways: a source's entry that is a regular form of an
    # innocent word is innocent too (niggling, tinkers), unless reviewed as blocked.
    followed_innocent = {f for b in innocent for f in forms(b)} & set(reason)
    followed_innocent -= blocked_3
    for w in followed_innocent:
        del reason[w]
    # ... and a blocked word's forms are blocked, to a fixed point (shit, shitty, shittier),
    # except the reviewed innocent ones (assess is not a form of asses).
    frontier = set(reason)
    while frontier:
        new = {}
        for b in sorted(frontier):
            for f in sorted(forms(b) & shipped):
                if f not in reason and f not in innocent and f not in new:
                    new[f] = b
        for f, b in new.items():
            root_base = reason[b][len("form of "):] if reason[b].startswith("form of ") else b
            reason[f] = f"form of {root_base}"
        frontier = set(new)
    with open(out, "w") as f:
        f.write("".join(f"{w}\t{reason[w]}\n" for w in sorted(reason)))
    n = lambda x: f"{x:,}"
    removed = v1 & innocent, v1 & followed_innocent, (v1 - innocent) & blocked_3
    kept_v1 = [w for w, r in reason.items() if r.startswith("source: ")]
    added = [w for w, r in reason.items() if r == "slur: reviewed in manners 2"]
    generated = [w for w, r in reason.items() if r.startswith("form of ")]
    assert len(v1) - sum(map(len, removed)) == len(kept_v1)
    assert len(kept_v1) + len(added) + len(blocked_3) + len(generated) == len(reason)
    with open(figures, "w") as f:
        f.write(f"version 1's {n(len(v1))} - innocent {n(len(removed[0]))} - forms of innocent "
                f"words {n(len(removed[1]))} - reviewed again {n(len(removed[2]))} + manners 2's "
                f"slurs {n(len(added))} + reviewed {n(len(blocked_3))} + forms {n(len(generated))} "
                f"= {n(len(reason))}\n")

if __name__ == "__main__":
    main()
