//! Compiles the offline definitions from the installed WordNet 3.0 (Debian's `wordnet-base`,
//! `/usr/share/wordnet`, or `WORDCLUB_WORDNET_DIR`) and the project's own glosses for the
//! two-letter words and the common words WordNet lacks (`wordlists/definitions/`). Nothing of WordNet is committed:
//! its sentences exist only in `OUT_DIR` and in the binary built from it.
//!
//! A missing WordNet fails the build with a sentence naming `scripts/install-deps.sh`: an app
//! that quietly shipped without definitions would answer "no definition shipped" for every
//! word and nobody would notice until a player asked.
//!
//! What is kept (the rest of WordNet is left behind, so the data stays small):
//! - only lemmas of one word of `a`–`z` that some shipped word list holds;
//! - of each lemma and part of speech, the first [`KEPT_SENSES`] senses in WordNet's order
//!   (by tag count: `index.*` lists them commonest first), after dropping those whose form of
//!   the lemma is capitalised (HO → holmium, US, IT) or an abbreviation (a usage pointer to
//!   WordNet's "abbreviation" or "acronym", or a vowel-less short form of a longer synonym such
//!   as MM → millimetre), a Roman numeral (LI, XI beside "51", "11"), or a short form the
//!   project's review names (`abbreviations-1.tsv`: MI of mile, IN of inch, COS of cosine);
//! - each sense's tag count (`cntlist.rev`), to order senses across parts of speech, and its
//!   usage label (ethnic slur, disparaging, vulgar, offensive): WordNet's `;u` pointers (of the
//!   synset, or of this word in it), a gloss that says what kind of term it is, or the
//!   project's review of the senses WordNet leaves unlabelled (`offensive-senses-1.tsv`);
//!   innocent senses are kept ahead of labelled ones;
//! - the exception lists (`*.exc`: RAN → RUN, MICE → MOUSE, HAPPIER → HAPPY) where both
//!   forms are A–Z and the lemma has a kept sense of that part of speech;
//! - each gloss up to its first example (the quoted part is left out).
//!
//! Output (little-endian; read by `src/data.rs`):
//! - `words.fst`: word (upper case) → offset of its record in `records.bin`.
//! - `records.bin`: per word, `u8` groups, each `u8 pos, u16 senses in WordNet, u8 kept`, then
//!   per kept sense `u24 gloss offset, u8 tag count (saturated at 255), u8 label` (its high
//!   bit: a minor sense, a short word's unit of measure); then `u8`
//!   exceptions, each `u8 pos, u8 len, lemma bytes`.
//! - `glosses.bin`: each kept synset's gloss once, NUL-terminated.
//!
//! Sizes (list 3's build): 5.28 MB with `u32` synset ids, a `u32` start per gloss and `u16`
//! counts; 4.8 MB as above. Counts above 255 only order the very commonest senses, which
//! WordNet's own order already puts first.
//! - `own.rs`: the project's own glosses (`twos-1.tsv`, `common-1.tsv`) as a static table.
use std::{
    collections::{BTreeMap, BTreeSet, HashMap},
    env, fs,
    path::{Path, PathBuf},
};

/// Senses kept per lemma and part of speech: the checker shows up to three in all.
const KEPT_SENSES: usize = 3;
/// WordNet's part-of-speech files in the order of `Pos` in `src/lib.rs` (0 noun … 3 adverb).
const POS_FILES: [(&str, u8); 4] = [("noun", 0), ("verb", 1), ("adj", 2), ("adv", 3)];
/// Usage-domain synsets (`data.noun` offsets of WordNet 3.0) → the label a sense gets.
/// 1: "ethnic slur", 2: "disparaging" (where WordNet files most slurs), 3: "vulgar"
/// (the synset whose words are "obscenity" and "vulgarism"); 4, "offensive", comes only from the
/// project's review (`offensive-senses-1.tsv`).
const LABELS: [(&str, u8); 3] = [("06718862", 1), ("06717170", 2), ("07124340", 3)];
/// The bit of a sense's label byte that marks a minor sense (a short word's unit of measure).
const MINOR: u8 = 0x80;
/// Usage domains that mark a sense as an abbreviation: "abbreviation", "acronym".
const ABBREVIATION_DOMAINS: [&str; 2] = ["07091587", "07091902"];

struct Synset {
    /// WordNet's lexicographer file (23: noun.quantity, the units of measure).
    lexfile: u8,
    words: Vec<String>,
    /// Usage-domain pointers: (target synset, source word number; 0 for the whole synset).
    usages: Vec<(String, usize)>,
    gloss: String,
}

fn main() {
    let manifest_dir = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap());
    let lists = manifest_dir.join("../../wordlists");
    println!("cargo:rerun-if-env-changed=WORDCLUB_WORDNET_DIR");
    let wordnet = env::var_os("WORDCLUB_WORDNET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/share/wordnet"));
    if !wordnet.join("index.noun").is_file() {
        panic!(
            "\n\nWordNet 3.0 is not installed: {} has no index.noun.\n\
             Word Club's definitions are compiled from Debian's `wordnet-base` at build time.\n\
             Run scripts/install-deps.sh (or `apt-get install wordnet-base`), or point\n\
             WORDCLUB_WORDNET_DIR at a WordNet 3.0 dict folder.\n\n",
            wordnet.display()
        );
    }
    let out = PathBuf::from(env::var("OUT_DIR").unwrap());
    let (union, wordclub) = shipped_words(&lists);
    let mut reviewed = Reviewed::read(&lists.join("definitions"));

    // Synsets, by (pos, offset); satellite adjectives are adjectives.
    let mut synsets: HashMap<(u8, String), Synset> = HashMap::new();
    for (file, pos) in POS_FILES {
        for line in read_lines(&wordnet.join(format!("data.{file}"))) {
            if line.starts_with("  ") {
                continue;
            }
            let (head, gloss) = line.split_once(" | ").unwrap_or((&line, ""));
            let t: Vec<&str> = head.split_whitespace().collect();
            let n = usize::from_str_radix(t[3], 16).expect("synset word count");
            let words = (0..n)
                .map(|i| strip_marker(t[4 + 2 * i]).to_string())
                .collect();
            let pointers: usize = t[4 + 2 * n].parse().expect("pointer count");
            let usages = (0..pointers)
                .filter(|i| t[5 + 2 * n + 4 * i] == ";u")
                .map(|i| {
                    let source_target = t[5 + 2 * n + 4 * i + 3];
                    let source = usize::from_str_radix(&source_target[..2], 16).unwrap_or(0);
                    (t[5 + 2 * n + 4 * i + 1].to_string(), source)
                })
                .collect();
            synsets.insert(
                (pos, t[0].to_string()),
                Synset {
                    lexfile: t[1].parse().expect("lexicographer file"),
                    words,
                    usages,
                    gloss: definition_part(gloss),
                },
            );
        }
    }

    // Tag counts: `lemma%ss_type:... sense_number tag_count`.
    let mut counts: HashMap<(String, u8, usize), u32> = HashMap::new();
    for line in read_lines(&wordnet.join("cntlist.rev")) {
        let t: Vec<&str> = line.split_whitespace().collect();
        if t.len() != 3 {
            continue;
        }
        let Some((lemma, rest)) = t[0].split_once('%') else {
            continue;
        };
        let pos = match rest.as_bytes().first() {
            Some(b'1') => 0,
            Some(b'2') => 1,
            Some(b'3') | Some(b'5') => 2,
            Some(b'4') => 3,
            _ => continue,
        };
        if let (Ok(number), Ok(count)) = (t[1].parse(), t[2].parse()) {
            counts.insert((lemma.to_string(), pos, number), count);
        }
    }

    // Kept senses per word and part of speech.
    struct Group {
        pos: u8,
        total: u16,
        senses: Vec<(u32, u16, u8)>,
    }
    let mut synset_ids: BTreeMap<(u8, String), u32> = BTreeMap::new();
    let mut groups: BTreeMap<String, Vec<Group>> = BTreeMap::new();
    /// (word, pos, kept senses as (synset offset, tag count, label), senses in all).
    type Pending = (String, u8, Vec<(String, u16, u8)>, u16);
    let mut pending: Vec<Pending> = Vec::new();
    // A name's first sense per word and part of speech, for words nothing else defines.
    let mut names: Vec<Pending> = Vec::new();
    for (file, pos) in POS_FILES {
        for line in read_lines(&wordnet.join(format!("index.{file}"))) {
            if line.starts_with("  ") {
                continue;
            }
            let t: Vec<&str> = line.split_whitespace().collect();
            let lemma = t[0];
            if !lemma.bytes().all(|b| b.is_ascii_lowercase()) {
                continue;
            }
            let upper = lemma.to_ascii_uppercase();
            if !union.contains(&upper) {
                continue;
            }
            let pointer_kinds: usize = t[3].parse().expect("index pointer count");
            let offsets = &t[4 + pointer_kinds + 2..];
            let mut kept = Vec::new();
            let mut total = 0u16;
            let mut name = None;
            for (i, offset) in offsets.iter().enumerate() {
                let s = &synsets[&(pos, offset.to_string())];
                if name.is_none() && is_name(lemma, s) {
                    name = Some((offset.to_string(), 0, wordnet_label(lemma, s)));
                }
                if !keeps(lemma, s) || reviewed.abbreviation(&upper, s) {
                    continue;
                }
                total += 1;
                let count = counts
                    .get(&(lemma.to_string(), pos, i + 1))
                    .copied()
                    .unwrap_or(0);
                let label = reviewed
                    .label(&upper, pos, i + 1)
                    .unwrap_or_else(|| wordnet_label(lemma, s));
                // A unit of measure named by a word of 3 letters or fewer is a minor sense
                // (GAL's unit of acceleration, ARE's hundred square metres, LI's Chinese mile):
                // the everyday sense comes first, and a word's lemmas before such a sense.
                let minor = if pos == 0 && s.lexfile == 23 && lemma.len() <= 3 {
                    MINOR
                } else {
                    0
                };
                kept.push((
                    offset.to_string(),
                    count.min(u16::MAX as u32) as u16,
                    label | minor,
                ));
            }
            // Innocent senses first, then minor ones (a stable sort keeps WordNet's order
            // within each kind), so a word's offensive sense never crowds its everyday ones
            // out of the kept three: COCK's rooster and TACO's food are kept ahead of their
            // labelled senses, GAL's girl ahead of the unit.
            kept.sort_by_key(|&(_, _, label)| (label & !MINOR != 0, label & MINOR != 0));
            kept.truncate(KEPT_SENSES);
            if let (true, Some(name)) = (kept.is_empty(), name) {
                names.push((upper.clone(), pos, vec![name], 1));
            }
            if !kept.is_empty() {
                for (offset, _, _) in &kept {
                    synset_ids.insert((pos, offset.clone()), 0);
                }
                pending.push((upper, pos, kept, total));
            }
        }
    }
    reviewed.check_all_used();
    // A word of a list that WordNet knows only as a name (ENGLISH, TEXAS, JEWS' JEW) and the
    // project does not gloss gets the name's first sense: 1,119 words of list 4, 264 of them
    // among the 23,711 of the 30,000 most frequent it accepts, which had no meaning at all
    // (when list 3 was current: 1,046 and 194 of its 23,671).
    let own_words = own_words(&lists);
    let defined: BTreeSet<String> = pending.iter().map(|p| p.0.clone()).collect();
    let mut name_synsets = BTreeSet::new();
    let mut named = BTreeSet::new();
    for name in names {
        // One name per word (its noun's, else its adjective's): HONG KONG's HONG needs no more.
        // The current Word Club list's words only (lists 1 and 2 hold 1,000 names list 3
        // dropped; ENABLE none): the data stays within its 5 MB budget (4,973,366 bytes with
        // list 4's names).
        if wordclub.contains(&name.0)
            && !defined.contains(&name.0)
            && !own_words.contains(&name.0)
            && named.insert(name.0.clone())
        {
            for (offset, _, _) in &name.2 {
                if !synset_ids.contains_key(&(name.1, offset.clone())) {
                    name_synsets.insert((name.1, offset.clone()));
                }
                synset_ids.insert((name.1, offset.clone()), 0);
            }
            pending.push(name);
        }
    }
    // Each gloss stored once, in a stable order; a sense names its gloss by offset.
    let mut glosses = Vec::new();
    for (key, id) in synset_ids.iter_mut() {
        *id = glosses.len() as u32;
        let gloss = synsets[key].gloss.as_str();
        // A name's gloss to its first clause ("a state in southwestern United States on the
        // Gulf of Mexico"): the data stays within its 5 MB budget.
        let gloss = if name_synsets.contains(key) {
            gloss.split(';').next().unwrap_or(gloss).trim()
        } else {
            gloss
        };
        glosses.extend_from_slice(gloss.as_bytes());
        glosses.push(0);
    }
    assert!(glosses.len() < 1 << 24, "gloss offsets fit 24 bits");
    for (word, pos, kept, total) in pending {
        groups.entry(word).or_default().push(Group {
            pos,
            total,
            senses: kept
                .into_iter()
                .map(|(offset, count, label)| (synset_ids[&(pos, offset)], count, label))
                .collect(),
        });
    }

    // Exceptions whose lemma kept a sense of that part of speech.
    let mut exceptions: BTreeMap<String, BTreeSet<(u8, String)>> = BTreeMap::new();
    for (file, pos) in POS_FILES {
        for line in read_lines(&wordnet.join(format!("{file}.exc"))) {
            let t: Vec<&str> = line.split_whitespace().collect();
            let Some((form, lemmas)) = t.split_first() else {
                continue;
            };
            if !form.bytes().all(|b| b.is_ascii_lowercase()) {
                continue;
            }
            let form = form.to_ascii_uppercase();
            if !union.contains(&form) {
                continue;
            }
            for lemma in lemmas {
                let lemma = lemma.to_ascii_uppercase();
                let defined = groups
                    .get(&lemma)
                    .is_some_and(|g| g.iter().any(|g| g.pos == pos));
                if lemma != form && defined {
                    exceptions
                        .entry(form.clone())
                        .or_default()
                        .insert((pos, lemma));
                }
            }
        }
    }

    let keys: BTreeSet<&String> = groups.keys().chain(exceptions.keys()).collect();
    let mut records = Vec::new();
    let mut map = fst::MapBuilder::memory();
    for word in keys {
        map.insert(word, records.len() as u64).expect("sorted keys");
        let g = groups.get(word).map(Vec::as_slice).unwrap_or(&[]);
        records.push(g.len() as u8);
        for group in g {
            records.push(group.pos);
            records.extend_from_slice(&group.total.to_le_bytes());
            records.push(group.senses.len() as u8);
            for &(offset, count, label) in &group.senses {
                records.extend_from_slice(&offset.to_le_bytes()[..3]);
                records.push(count.min(255) as u8);
                records.push(label);
            }
        }
        let e = exceptions.get(word);
        records.push(e.map_or(0, |e| e.len()) as u8);
        for (pos, lemma) in e.into_iter().flatten() {
            records.push(*pos);
            records.push(lemma.len() as u8);
            records.extend_from_slice(lemma.as_bytes());
        }
    }
    let map = map.into_inner().expect("fst");
    fs::write(out.join("words.fst"), &map).expect("write words.fst");
    fs::write(out.join("records.bin"), &records).expect("write records.bin");
    fs::write(out.join("glosses.bin"), &glosses).expect("write glosses.bin");
    // Where the data files are, for the web crate's build script (`links` metadata).
    println!("cargo:out_dir={}", out.display());
    let mut own = String::from("pub(crate) static OWN: &[(&str, Pos, &str, Source)] = &[\n");
    own.push_str(&own_glosses(
        &lists.join("definitions/twos-1.tsv"),
        "Twos",
        true,
    ));
    own.push_str(&own_glosses(
        &lists.join("definitions/common-1.tsv"),
        "Common",
        false,
    ));
    own.push_str("];\n");
    fs::write(out.join("own.rs"), own).expect("write own.rs");
}

/// A name the word is known by: its form in the synset is capitalised as a name is (Texas,
/// English), never a symbol or an abbreviation (In, AR, MI), and the word has 3 letters or more.
fn is_name(lemma: &str, s: &Synset) -> bool {
    lemma.len() >= 3
        && !s
            .usages
            .iter()
            .any(|(u, _)| ABBREVIATION_DOMAINS.contains(&u.as_str()))
        && s.words.iter().any(|w| {
            let b = w.as_bytes();
            w.len() == lemma.len()
                && w.eq_ignore_ascii_case(lemma)
                && b[0].is_ascii_uppercase()
                && b[1..].iter().all(u8::is_ascii_lowercase)
        })
}

/// Every word the project glosses itself (upper case).
fn own_words(lists: &Path) -> BTreeSet<String> {
    ["twos-1.tsv", "common-1.tsv"]
        .iter()
        .flat_map(|f| read_lines(&lists.join("definitions").join(f)))
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| l.split('\t').next().map(str::to_string))
        .collect()
}

/// A sense is kept unless the lemma's form in its synset is capitalised (a name or a symbol)
/// or it is an abbreviation.
fn keeps(lemma: &str, s: &Synset) -> bool {
    let forms: Vec<&String> = s
        .words
        .iter()
        .filter(|w| w.eq_ignore_ascii_case(lemma))
        .collect();
    if forms.is_empty()
        || forms
            .iter()
            .all(|f| f.bytes().any(|b| b.is_ascii_uppercase()))
    {
        return false;
    }
    if s.usages
        .iter()
        .any(|(u, _)| ABBREVIATION_DOMAINS.contains(&u.as_str()))
    {
        return false;
    }
    // A Roman numeral: LI beside "fifty-one" and "51", XI beside "eleven" and "11".
    if lemma.bytes().all(|b| b"ivxlcdm".contains(&b))
        && s.words
            .iter()
            .any(|w| !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit()))
    {
        return false;
    }
    // A vowel-less short form whose letters run in order through a longer synonym that starts
    // with the same letter: MM (millimetre), CM, KG, HR.
    let vowelless = lemma.len() <= 4 && !lemma.bytes().any(|b| b"aeiouy".contains(&b));
    !(vowelless
        && s.words.iter().any(|w| {
            let w = w.to_ascii_lowercase();
            w.len() > lemma.len()
                && w.as_bytes()[0] == lemma.as_bytes()[0]
                && subsequence(lemma, &w)
        }))
}

fn subsequence(short: &str, long: &str) -> bool {
    let mut it = long.bytes();
    short.bytes().all(|c| it.any(|d| d == c))
}

/// `word(a)` → `word`: adjectives carry a syntactic marker in the data files.
fn strip_marker(w: &str) -> &str {
    w.split_once('(').map_or(w, |(w, _)| w)
}

/// The gloss without its examples: up to the first quoted part.
fn definition_part(gloss: &str) -> String {
    let end = gloss.find('"').unwrap_or(gloss.len());
    gloss[..end].trim().trim_end_matches(';').trim().to_string()
}

fn read_lines(path: &Path) -> Vec<String> {
    println!("cargo:rerun-if-changed={}", path.display());
    let bytes = fs::read(path).unwrap_or_else(|e| panic!("read {}: {e}", path.display()));
    // WordNet's files are ASCII but for a few Latin-1 bytes in glosses.
    let text = match String::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => e.into_bytes().iter().map(|&b| b as char).collect(),
    };
    text.lines().map(str::to_string).collect()
}

/// Every word of every shipped list, and of the current Word Club list alone (the last in the
/// manifest; upper case).
fn shipped_words(lists: &Path) -> (BTreeSet<String>, BTreeSet<String>) {
    #[derive(serde::Deserialize)]
    struct Entry {
        id: String,
        file: String,
    }
    let manifest = lists.join("lists.json");
    println!("cargo:rerun-if-changed={}", manifest.display());
    let entries: Vec<Entry> =
        serde_json::from_slice(&fs::read(&manifest).expect("read wordlists/lists.json"))
            .expect("parse wordlists/lists.json");
    let mut union = BTreeSet::new();
    let mut wordclub = BTreeSet::new();
    let current = entries.iter().rposition(|e| e.id == "wordclub");
    for (i, e) in entries.into_iter().enumerate() {
        for line in read_lines(&lists.join(&e.file)) {
            let w = line.trim();
            if !w.is_empty() {
                union.insert(w.to_ascii_uppercase());
                if Some(i) == current {
                    wordclub.insert(w.to_ascii_uppercase());
                }
            }
        }
    }
    (union, wordclub)
}

/// The project's own glosses (the twos, the common words WordNet lacks):
/// `WORD<TAB>part of speech<TAB>gloss`, `#` comments; rows of `OWN` with `source`.
fn own_glosses(path: &Path, source: &str, twos: bool) -> String {
    const PARTS: [&str; 9] = [
        "noun",
        "verb",
        "adjective",
        "adverb",
        "interjection",
        "pronoun",
        "preposition",
        "conjunction",
        "determiner",
    ];
    let mut code = String::new();
    let mut last = String::new();
    for (n, line) in read_lines(path).iter().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let t: Vec<&str> = line.split('\t').collect();
        let bad = |why: &str| -> ! { panic!("{}:{}: {why}", path.display(), n + 1) };
        if t.len() != 3 {
            bad("expected WORD, part of speech and gloss separated by tabs");
        }
        if (twos && t[0].len() != 2) || !t[0].bytes().all(|b| b.is_ascii_uppercase()) {
            bad("the word is not upper case A-Z (two letters in the twos' file)");
        }
        if t[0] <= last.as_str() {
            bad("words are in alphabetical order, each once");
        }
        last = t[0].to_string();
        let Some(pos) = PARTS.iter().position(|p| *p == t[1]) else {
            bad("unknown part of speech")
        };
        let variant = [
            "Noun",
            "Verb",
            "Adjective",
            "Adverb",
            "Interjection",
            "Pronoun",
            "Preposition",
            "Conjunction",
            "Determiner",
        ][pos];
        if t[2].trim().is_empty() || t[2].len() > 120 {
            bad("a gloss is a short sentence (1 to 120 characters)");
        }
        code.push_str(&format!(
            "    ({:?}, Pos::{variant}, {:?}, Source::{source}),\n",
            t[0], t[2]
        ));
    }
    code
}

/// The label WordNet gives `lemma`'s sense in synset `s` (0: none): a usage-domain pointer of
/// the whole synset or of this word in it (FUCK's verb sense is labelled only for that word of
/// its synset), else a gloss that says what kind of term it is ("vulgar term for…",
/// "(ethnic slur) offensive term for…"): WordNet labels 63 senses by domain and says so in the
/// gloss of about 140 more, MINGE among them. Only the gloss's first words count, so "a person
/// who edits out obscene or offensive words" is no label.
fn wordnet_label(lemma: &str, s: &Synset) -> u8 {
    let numbers: Vec<usize> = s
        .words
        .iter()
        .enumerate()
        .filter(|(_, w)| w.eq_ignore_ascii_case(lemma))
        .map(|(i, _)| i + 1)
        .collect();
    if let Some(&(_, l)) = LABELS.iter().find(|(o, _)| {
        s.usages
            .iter()
            .any(|(u, source)| u == o && (*source == 0 || numbers.contains(source)))
    }) {
        return l;
    }
    let gloss = s.gloss.to_ascii_lowercase();
    if gloss.contains("ethnic slur") {
        return 1;
    }
    if ["(disparaging)", "(offensive)", "(derogatory)"]
        .iter()
        .any(|m| gloss.contains(m))
    {
        return 2;
    }
    if gloss.contains("(vulgar)") || gloss.contains("(obscene)") {
        return 3;
    }
    // "(slang) offensive term", "a humorous but derogatory term", "obscene terms for".
    let body = match gloss.strip_prefix('(') {
        Some(rest) => rest.split_once(") ").map_or(rest, |(_, b)| b),
        None => &gloss,
    };
    let words: Vec<&str> = body.split_whitespace().take(6).collect();
    for pair in words.windows(2) {
        let kind = pair[0].trim_end_matches(',');
        let noun = pair[1].trim_end_matches([',', ';']);
        if ["term", "terms", "word", "words", "slang", "name", "names"].contains(&noun) {
            match kind {
                "vulgar" | "obscene" => return 3,
                "offensive" | "derogatory" | "disparaging" | "contemptuous" => return 2,
                _ => {}
            }
        }
    }
    0
}

/// The project's reviewed files beside the glosses: abbreviation senses WordNet does not mark
/// (`abbreviations-1.tsv`) and the offensive senses of words WordNet leaves unlabelled
/// (`offensive-senses-1.tsv`). Every row must match a sense, so a stale row fails the build.
struct Reviewed {
    /// (word, the longer synonym it shortens, used).
    abbreviations: Vec<(String, String, bool)>,
    /// (word, part of speech, sense number or 0 for all, label, used).
    labels: Vec<(String, u8, usize, u8, bool)>,
    files: (PathBuf, PathBuf),
}

impl Reviewed {
    fn read(dir: &Path) -> Reviewed {
        let files = (
            dir.join("abbreviations-1.tsv"),
            dir.join("offensive-senses-1.tsv"),
        );
        let rows = |path: &Path, columns: usize| -> Vec<(usize, Vec<String>)> {
            read_lines(path)
                .iter()
                .enumerate()
                .filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty())
                .map(|(n, l)| {
                    let t: Vec<String> = l.split('\t').map(str::to_string).collect();
                    if t.len() != columns || t.iter().any(|c| c.trim().is_empty()) {
                        panic!(
                            "{}:{}: expected {columns} non-empty columns separated by tabs",
                            path.display(),
                            n + 1
                        );
                    }
                    (n + 1, t)
                })
                .collect()
        };
        let abbreviations = rows(&files.0, 3)
            .into_iter()
            .map(|(_, t)| (t[0].clone(), t[1].to_ascii_lowercase(), false))
            .collect();
        let labels = rows(&files.1, 5)
            .into_iter()
            .map(|(n, t)| {
                let bad = |why: &str| -> ! { panic!("{}:{n}: {why}", files.1.display()) };
                let pos = match t[1].as_str() {
                    "noun" => 0,
                    "verb" => 1,
                    "adjective" => 2,
                    "adverb" => 3,
                    _ => bad("the part of speech is noun, verb, adjective or adverb"),
                };
                let sense = match t[2].as_str() {
                    "*" => 0,
                    n => n
                        .parse()
                        .unwrap_or_else(|_| bad("a sense number (WordNet 3.0's) or *")),
                };
                let label = match t[3].as_str() {
                    "ethnic slur" => 1,
                    "disparaging" => 2,
                    "vulgar" => 3,
                    "offensive" => 4,
                    _ => bad("the label is ethnic slur, disparaging, vulgar or offensive"),
                };
                (t[0].clone(), pos, sense, label, false)
            })
            .collect();
        Reviewed {
            abbreviations,
            labels,
            files,
        }
    }

    /// Is `word`'s sense in `s` a short form of a longer synonym the review names (MI of mile)?
    fn abbreviation(&mut self, word: &str, s: &Synset) -> bool {
        let mut found = false;
        for (w, longer, used) in &mut self.abbreviations {
            if w == word && s.words.iter().any(|x| x.eq_ignore_ascii_case(longer)) {
                *used = true;
                found = true;
            }
        }
        found
    }

    /// The reviewed label of `word`'s sense number `sense` (1-based, WordNet's order) of `pos`.
    fn label(&mut self, word: &str, pos: u8, sense: usize) -> Option<u8> {
        let row = self
            .labels
            .iter_mut()
            .find(|(w, p, n, _, _)| w == word && *p == pos && (*n == 0 || *n == sense))?;
        row.4 = true;
        Some(row.3)
    }

    fn check_all_used(&self) {
        for (w, longer, used) in &self.abbreviations {
            assert!(
                used,
                "{}: {w} has no kept sense beside {longer}",
                self.files.0.display()
            );
        }
        for (w, pos, sense, _, used) in &self.labels {
            assert!(
                used,
                "{}: {w} has no kept sense {sense} of part of speech {pos}",
                self.files.1.display()
            );
        }
    }
}
