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
//!   as MM → millimetre);
//! - each sense's tag count (`cntlist.rev`), to order senses across parts of speech, and its
//!   usage label (ethnic slur, disparaging, vulgar) from WordNet's `;u` pointers;
//! - the exception lists (`*.exc`: RAN → RUN, MICE → MOUSE, HAPPIER → HAPPY) where both
//!   forms are A–Z and the lemma has a kept sense of that part of speech;
//! - each gloss up to its first example (the quoted part is left out).
//!
//! Output (little-endian; read by `src/data.rs`):
//! - `words.fst`: word (upper case) → offset of its record in `records.bin`.
//! - `records.bin`: per word, `u8` groups, each `u8 pos, u16 senses in WordNet, u8 kept`, then
//!   per kept sense `u24 gloss offset, u8 tag count (saturated at 255), u8 label`; then `u8`
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
/// (the synset whose words are "obscenity" and "vulgarism").
const LABELS: [(&str, u8); 3] = [("06718862", 1), ("06717170", 2), ("07124340", 3)];
/// Usage domains that mark a sense as an abbreviation: "abbreviation", "acronym".
const ABBREVIATION_DOMAINS: [&str; 2] = ["07091587", "07091902"];

struct Synset {
    words: Vec<String>,
    usages: Vec<String>,
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
    let union = shipped_words(&lists);

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
                .map(|i| t[5 + 2 * n + 4 * i + 1].to_string())
                .collect();
            synsets.insert(
                (pos, t[0].to_string()),
                Synset {
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
            for (i, offset) in offsets.iter().enumerate() {
                let s = &synsets[&(pos, offset.to_string())];
                if !keeps(lemma, s) {
                    continue;
                }
                total += 1;
                if kept.len() < KEPT_SENSES {
                    let count = counts
                        .get(&(lemma.to_string(), pos, i + 1))
                        .copied()
                        .unwrap_or(0);
                    let label = LABELS
                        .iter()
                        .find(|(o, _)| s.usages.iter().any(|u| u == o))
                        .map_or(0, |&(_, l)| l);
                    kept.push((offset.to_string(), count.min(u16::MAX as u32) as u16, label));
                }
            }
            if !kept.is_empty() {
                for (offset, _, _) in &kept {
                    synset_ids.insert((pos, offset.clone()), 0);
                }
                pending.push((upper, pos, kept, total));
            }
        }
    }
    // Each gloss stored once, in a stable order; a sense names its gloss by offset.
    let mut glosses = Vec::new();
    for (key, id) in synset_ids.iter_mut() {
        *id = glosses.len() as u32;
        glosses.extend_from_slice(synsets[key].gloss.as_bytes());
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
        .any(|u| ABBREVIATION_DOMAINS.contains(&u.as_str()))
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

/// Every word of every shipped list (upper case).
fn shipped_words(lists: &Path) -> BTreeSet<String> {
    #[derive(serde::Deserialize)]
    struct Entry {
        file: String,
    }
    let manifest = lists.join("lists.json");
    println!("cargo:rerun-if-changed={}", manifest.display());
    let entries: Vec<Entry> =
        serde_json::from_slice(&fs::read(&manifest).expect("read wordlists/lists.json"))
            .expect("parse wordlists/lists.json");
    let mut union = BTreeSet::new();
    for e in entries {
        for line in read_lines(&lists.join(&e.file)) {
            let w = line.trim();
            if !w.is_empty() {
                union.insert(w.to_ascii_uppercase());
            }
        }
    }
    union
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
