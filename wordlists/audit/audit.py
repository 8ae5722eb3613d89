"""The audit of a wordclub list against the most frequent English words, and of list 4 against
list 3.

It reads the committed frequency list (`../frequency/top-30000-boardable.txt`: the 29,094 words
of wordfreq 3.1.1's 30,000 most frequent English words a board can hold) and lists every one
the list refuses, with its reviewed reason (`reasons-4.tsv` for list 4: word, tab, reason).
For list 4 it also prints its gains and losses against list 3, by where each comes from.

With `--check` (run by `../build.sh --check`, so by the test command) it fails when:
- a refused frequent word has no reason, or a reason is kept for a word the list accepts;
- a word with the reason "name" is not one SCOWL files capitalised, or is one the en_GB
  dictionary holds in lower case (that is how ZEN, WIFI and PARMESAN kept a wrong "name");
- a word of the reviewed sample of list 4's gains (`gains-sample-4.tsv`) is not a gain, is
  judged a misspelling, or the sample is not the one `--sample` draws from today's gains;
- a word the reviews restore, keep or add is missing from list 4, or a word they keep out
  (misspellings, fragments, slurs, hyphen-dropped forms) is in it; or one of the issue's
  examples is on the wrong side.

Usage (needs python3, Debian's scowl and hunspell-en-gb, which build.sh installs):
    python3 wordlists/audit/audit.py [--check]          # list 4 against the reasons, and list 3
    python3 wordlists/audit/audit.py --list wordlists/wordclub/wordclub-3.txt \
        --reasons wordlists/audit/reasons-3.tsv          # another list, other reasons
    python3 wordlists/audit/audit.py --sample            # draws the sample to review (see README)
"""
import argparse
import collections
import glob
import pathlib
import random
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
LISTS = HERE.parent
SCOWL = "/usr/share/dict/scowl"
SAMPLE = 100  # gains reviewed by hand
SEED = 44  # the issue that made list 4

# The examples (issue 44): each must be on its side of list 4, and on the other side
# of list 3 unless list 3 already had it right.
ACCEPTED = (
    "jacuzzi styrofoam biro rollerblade afro parmesan mohawk jobcentres kleenexes velcros "
    "sudoku vlog bestie onesie prosecco kombucha photobomb bromance hangry tix zen gif gifs "
    "wifi sheqels sheqel sheqalim"
).split()
REFUSED = (
    "dateset violincello mynahes symmetricly analyticalally superheros troubleshooted ceteris "
    "paribus nauseam situ versa quo nigga niggas niggaz dont mary november"
).split()


def words_of(path):
    return set(pathlib.Path(path).read_text().split())


def tsv(path):
    rows = {}
    for line in pathlib.Path(path).read_text().splitlines():
        if line and not line.startswith("#"):
            cols = line.split("\t")
            rows[cols[0]] = cols[1:]
    return rows


def en_gb_lower(words):
    """The words the en_GB dictionary accepts written in lower case."""
    run = subprocess.run(["hunspell", "-d", "/usr/share/hunspell/en_GB", "-G"],
                         input="".join(w + "\n" for w in sorted(words)),
                         capture_output=True, text=True, check=True)
    return set(run.stdout.split()) & set(words)


def scowl_capitalised():
    names = set()
    for path in glob.glob(f"{SCOWL}/*-upper.*") + glob.glob(f"{SCOWL}/*-proper-names.*"):
        with open(path, encoding="latin-1") as f:
            names.update(w.lower() for w in f.read().split("\n") if w and w[0].isupper())
    return names


def refusals(words, reasons, failures):
    top = (LISTS / "frequency" / "top-30000-boardable.txt").read_text().split()
    refused = [w for w in top if w not in words]
    unexplained = [w for w in refused if w not in reasons]
    stale = sorted(w for w in reasons if w in words)
    by_reason = collections.Counter(reasons[w][0] for w in refused if w in reasons)
    print(f"top 30,000 words: {len(top):,} of 2-15 letters a-z; "
          f"{len(top) - len(refused):,} accepted, {len(refused):,} refused")
    for reason, count in by_reason.most_common():
        print(f"  {count:6,}  {reason}")
    print(f"  {len(unexplained):6,}  unexplained: {' '.join(unexplained)}")
    if unexplained:
        failures.append(f"{len(unexplained)} refused frequent words have no reason")
    if stale:
        print(f"reasons for words the list now accepts (remove them): {' '.join(stale)}")
        failures.append(f"{len(stale)} reasons are kept for words the list accepts")
    named = [w for w in refused if w in reasons and reasons[w][0] == "name"]
    capitalised = scowl_capitalised()
    unbacked = sorted(w for w in named if w not in capitalised)
    lower = sorted(en_gb_lower(named))
    print(f"'name' reasons: {len(named):,}; not capitalised by SCOWL: {len(unbacked)}; "
          f"held in lower case by en_GB: {len(lower)}")
    if unbacked or lower:
        failures.append(f"'name' reasons no source backs: {' '.join(unbacked + lower)}")


def gains_and_losses(list3, list4):
    """List 4 against list 3, each word by where it comes from."""
    wordclub = LISTS / "wordclub"
    dropped = tsv(wordclub / "dropped-3-review-4.tsv")
    uncorroborated = tsv(wordclub / "uncorroborated-3-review-4.tsv")
    reviewed = tsv(wordclub / "reviewed-words-4.tsv")
    gained, lost = sorted(list4 - list3), sorted(list3 - list4)

    def origin(w):
        if w in dropped:
            return "restored (reviewed: dropped-3-review-4.tsv)"
        if w in reviewed:
            return "modern words (reviewed: reviewed-words-4.tsv)"
        return "inflections of a word of the list (the Letterpress list holds both)"

    print(f"list 4 against list 3: {len(gained):,} gained, {len(lost):,} lost "
          f"({len(list3):,} -> {len(list4):,})")
    for where, count in collections.Counter(origin(w) for w in gained).most_common():
        print(f"  gained {count:5,}  {where}")
    by_verdict = collections.Counter(uncorroborated[w][0] if w in uncorroborated else "?"
                                     for w in lost)
    for verdict, count in by_verdict.most_common():
        print(f"  lost   {count:5,}  {verdict} (uncorroborated-3-review-4.tsv)")
    for verdict in ("misspelling", "fragment", "offensive"):
        sample = [w for w in lost if uncorroborated.get(w, [""])[0] == verdict][:12]
        print(f"  lost {verdict}: {' '.join(sample)}")
    return gained, dropped, uncorroborated, reviewed


def draw_sample(gained):
    return sorted(random.Random(SEED).sample(gained, min(SAMPLE, len(gained))))


def check_reviews(list3, list4, gained, dropped, uncorroborated, reviewed, failures):
    restored = [w for w, r in dropped.items() if r[0] == "restore"]
    kept = [w for w, r in uncorroborated.items() if r[0] == "keep"]
    missing = sorted(w for w in restored + kept + list(reviewed) if w not in list4)
    out = sorted(w for rows in (dropped, uncorroborated) for w, r in rows.items()
                 if r[0] not in ("restore", "keep") and w in list4)
    print(f"reviews: {len(restored)} restored, {len(kept)} kept, {len(reviewed)} modern words; "
          f"missing from list 4: {len(missing)}; reviewed out but in list 4: {len(out)}")
    if missing:
        failures.append(f"reviewed words missing from list 4: {' '.join(missing)}")
    if out:
        failures.append(f"words reviewed out are in list 4: {' '.join(out)}")
    wrong = [w for w in ACCEPTED if w not in list4] + [w for w in REFUSED if w in list4]
    print(f"issue 44's examples: {len(ACCEPTED)} accepted and {len(REFUSED)} refused by list 4; "
          f"on the wrong side: {' '.join(wrong) or 'none'}")
    if wrong:
        failures.append(f"issue 44's examples on the wrong side: {' '.join(wrong)}")
    sample = tsv(HERE / "gains-sample-4.tsv")
    drawn = draw_sample(gained)
    judged = collections.Counter(r[0] for r in sample.values())
    print(f"reviewed sample of the gains: {len(sample)} words, "
          + ", ".join(f"{n} {v}" for v, n in judged.most_common()))
    if sorted(sample) != drawn:
        failures.append("gains-sample-4.tsv is not today's sample of the gains: "
                        "draw it again with --sample and review it")
    bad = sorted(w for w, r in sample.items() if r[0] != "ok")
    if bad:
        failures.append(f"the reviewed sample judges these gains wrong: {' '.join(bad)}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--list", default=str(LISTS / "wordclub" / "wordclub-4.txt"))
    parser.add_argument("--reasons", default=str(HERE / "reasons-4.tsv"))
    parser.add_argument("--check", action="store_true", help="exit 1 on any failure listed above")
    parser.add_argument("--sample", action="store_true",
                        help="print the sample of list 4's gains to review, and stop")
    args = parser.parse_args()
    list3 = words_of(LISTS / "wordclub" / "wordclub-3.txt")
    list4 = words_of(LISTS / "wordclub" / "wordclub-4.txt")
    if args.sample:
        for w in draw_sample(sorted(list4 - list3)):
            print(w)
        return
    failures = []
    refusals(words_of(args.list), tsv(args.reasons), failures)
    if pathlib.Path(args.list).resolve() == (LISTS / "wordclub" / "wordclub-4.txt").resolve():
        reviews = gains_and_losses(list3, list4)
        check_reviews(list3, list4, *reviews, failures)
    for f in failures:
        print(f"FAIL: {f}", file=sys.stderr)
    if args.check and failures:
        sys.exit(1)


if __name__ == "__main__":
    main()
