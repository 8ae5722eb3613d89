//! Word Club's word lists.
//!
//! Every shipped list (`wordlists/lists.json`) is compiled into an [`fst::Set`] at build time
//! and embedded in the binary; opening one is a header check, never a parse of text. Keys are
//! upper-case `A`–`Z` only. A player or a test may also open a custom list from a file
//! ([`WordList::from_file`]).
//!
//! Two ways to ask about a word:
//! - [`WordList::check`] takes any text, folds case, and gives a typed error for anything that
//!   is not `A`–`Z` (`cats'`, `e-mail`, empty input).
//! - [`WordList::contains`] is the engine's hot path: upper-case `A`–`Z` bytes in, `bool` out.
//!   It asks a compact hash table derived from the lists (built with them at build time and
//!   embedded), which answers several times faster than an `fst` walk; the `fst` stays the
//!   storage, the source of the table, and the graph move generators walk ([`WordList::fst`]).
//!
//! [`WordList::rack_words`] gives the Word Club hint: every word spellable from a rack.
//!
//! Versions: a list id may ship in several versions (`wordclub` 1 and 2). [`WordList::builtin`]
//! gives an id's current version (the last one in the manifest), the one new matches get;
//! `id@version` names an older one; [`WordList::pinned`] finds the exact version a saved match
//! is pinned to by its SHA-256, so a match keeps its list whatever is current.
//!
//! [`is_offensive`] asks the kept list of offensive words (`wordlists/offensive/`, version
//! [`MANNERS_VERSION`]), which computer players and hints leave alone; it changes no rule. It
//! is a list of whole words, never a match inside a word: COCKY and PRICK stay playable by the
//! polite computer while COCK is left alone.

pub mod data;
mod error;
mod lookup;
mod rack;

pub use error::LexiconError;
pub use rack::{BlankUse, RackWord, RACK_MAX};

use std::borrow::Cow;
use std::path::Path;
use std::sync::{Arc, OnceLock};

use serde::Serialize;
use sha2::{Digest, Sha256};

/// What identifies a list: a match is pinned to `id` and `sha256` for its whole life.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct ListInfo {
    pub id: String,
    pub name: String,
    pub version: String,
    pub word_count: usize,
    /// SHA-256 of the list's text file, lower-case hex.
    pub sha256: String,
    /// Whether this is the version of its id that new matches get (always true for a custom
    /// list); an older version stays shipped for the matches pinned to it.
    pub current: bool,
}

/// One word list, ready for lookups.
///
/// Invariants: every key of the `fst` is upper-case `A`–`Z`; `table` holds every word of the
/// list of at most `lookup::LONG_MAX` letters with `mask` set, and no other word with `mask`
/// set; `max_len` is the length of the list's longest word.
pub struct WordList {
    info: ListInfo,
    set: fst::Set<Cow<'static, [u8]>>,
    table: lookup::Table<Cow<'static, [u8]>>,
    mask: u8,
    max_len: usize,
}

impl std::fmt::Debug for WordList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WordList")
            .field("info", &self.info)
            .finish()
    }
}

pub(crate) struct BuiltinList {
    id: &'static str,
    name: &'static str,
    version: &'static str,
    #[allow(dead_code)]
    file: &'static str,
    word_count: usize,
    sha256: &'static str,
    #[allow(dead_code)]
    distinct_words: usize,
    max_len: usize,
    mask: u8,
    fst: data::DataFile,
}

/// Embedded bytes on a cache-line boundary, so each lookup-table bucket is one cache line.
#[repr(C, align(64))]
#[cfg_attr(feature = "runtime-data", allow(dead_code))]
pub(crate) struct Aligned<T: ?Sized>(T);

// The generated code names each data file with these (see `data.rs`): embedded by default,
// looked up by name under `runtime-data`.
#[cfg(not(feature = "runtime-data"))]
macro_rules! data_file {
    ($name:literal) => {
        include_bytes!(concat!(env!("OUT_DIR"), "/", $name))
    };
}
#[cfg(feature = "runtime-data")]
macro_rules! data_file {
    ($name:literal) => {
        concat!("lexicon/", $name)
    };
}
#[cfg(not(feature = "runtime-data"))]
type LookupFile = &'static Aligned<[u8]>;
#[cfg(not(feature = "runtime-data"))]
macro_rules! lookup_file {
    ($name:literal) => {
        &Aligned(*include_bytes!(concat!(env!("OUT_DIR"), "/", $name)))
    };
}
#[cfg(feature = "runtime-data")]
type LookupFile = &'static str;
#[cfg(feature = "runtime-data")]
macro_rules! lookup_file {
    ($name:literal) => {
        concat!("lexicon/", $name)
    };
}

include!(concat!(env!("OUT_DIR"), "/builtin_lists.rs"));

/// The lookup table's bytes (embedded on a cache-line boundary; provided at run time on the
/// allocator's alignment, which costs only speed).
#[cfg(not(feature = "runtime-data"))]
fn lookup_bytes() -> &'static [u8] {
    &LOOKUP.0
}
#[cfg(feature = "runtime-data")]
fn lookup_bytes() -> &'static [u8] {
    data::bytes(LOOKUP)
}

static OPENED: OnceLock<Vec<WordList>> = OnceLock::new();

fn opened() -> &'static [WordList] {
    OPENED.get_or_init(|| {
        BUILTIN
            .iter()
            .enumerate()
            .map(|(i, b)| WordList {
                info: ListInfo {
                    id: b.id.to_string(),
                    name: b.name.to_string(),
                    version: b.version.to_string(),
                    word_count: b.word_count,
                    sha256: b.sha256.to_string(),
                    // The manifest lists an id's versions oldest first.
                    current: BUILTIN[i + 1..].iter().all(|later| later.id != b.id),
                },
                // The bytes were written by fst itself in build.rs, so this cannot fail.
                set: fst::Set::new(Cow::Borrowed(data::bytes(b.fst)))
                    .expect("embedded fst is valid"),
                // Written by lookup::build in build.rs; opening only checks the header.
                table: lookup::Table::open(Cow::Borrowed(lookup_bytes())).expect("embedded table"),
                mask: b.mask,
                max_len: b.max_len,
            })
            .collect()
    })
}

impl WordList {
    /// Every shipped list, in manifest order.
    pub fn builtins() -> &'static [WordList] {
        opened()
    }

    /// A shipped list by name: an id (`wordclub`, `enable2k`, `enable-2-9`) gives its current
    /// version, the one new matches get; `id@version` (`wordclub@1`) a given version.
    pub fn builtin(name: &str) -> Result<&'static WordList, LexiconError> {
        let (id, version) = match name.split_once('@') {
            Some((id, version)) => (id, Some(version)),
            None => (name, None),
        };
        let found = match version {
            Some(v) => opened()
                .iter()
                .find(|l| l.info.id == id && l.info.version == v),
            None => opened().iter().find(|l| l.info.id == id && l.info.current),
        };
        found.ok_or_else(|| LexiconError::UnknownList {
            id: name.to_string(),
            known: opened()
                .iter()
                .map(|l| {
                    if l.info.current {
                        l.info.id.clone()
                    } else {
                        format!("{}@{}", l.info.id, l.info.version)
                    }
                })
                .collect(),
        })
    }

    /// The shipped version of list `id` whose text has this SHA-256: the list a saved match is
    /// pinned to. A version no longer shipped is a typed error, never another version.
    pub fn pinned(id: &str, sha256: &str) -> Result<&'static WordList, LexiconError> {
        if let Some(l) = opened()
            .iter()
            .find(|l| l.info.id == id && l.info.sha256 == sha256)
        {
            return Ok(l);
        }
        // An unknown id says so (with the known ids); a known one that this version is not.
        WordList::builtin(id)?;
        Err(LexiconError::VersionNotShipped {
            id: id.to_string(),
            sha256: sha256.to_string(),
            shipped: opened()
                .iter()
                .filter(|l| l.info.id == id)
                .map(|l| format!("{} ({})", l.info.name, l.info.sha256))
                .collect(),
        })
    }

    /// A custom list from a text file, one word a line (blank lines ignored, case folded).
    /// Its id is `file:<file name>`; its SHA-256 is that of the file's bytes.
    ///
    /// Refused, each with its own kind: a file that is not text (not UTF-8, or holding NUL or
    /// other control bytes: `list_file_not_text`), one with no word at all (`list_file_empty`),
    /// one in which no line is an A–Z word (`list_file_no_words`), and one with some bad
    /// lines (`list_file`, naming the first).
    pub fn from_file(path: &Path) -> Result<WordList, LexiconError> {
        let bytes = std::fs::read(path).map_err(|e| LexiconError::ListFile {
            path: path.display().to_string(),
            reason: String::new(),
            source: Arc::new(e),
        })?;
        WordList::from_bytes(path, bytes)
    }

    /// [`WordList::from_file`] of bytes already read from `path` (by a caller that bounds
    /// what it reads: the CLI's file arguments).
    pub fn from_bytes(path: &Path, bytes: Vec<u8>) -> Result<WordList, LexiconError> {
        let shown = path.display().to_string();
        let text = match String::from_utf8(bytes.clone()) {
            Ok(text)
                if !text
                    .chars()
                    .any(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t')) =>
            {
                text
            }
            _ => return Err(LexiconError::ListFileNotText { path: shown }),
        };
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| path.display().to_string());
        let mut words = Vec::new();
        let mut first_bad = None;
        for (number, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            match normalise(line) {
                Ok(word) => words.push(word),
                Err(e) => {
                    first_bad.get_or_insert((number + 1, e));
                }
            }
        }
        match (words.is_empty(), first_bad) {
            (true, None) => return Err(LexiconError::ListFileEmpty { path: shown }),
            (true, Some(_)) => return Err(LexiconError::ListFileNoWords { path: shown }),
            (false, Some((line, e))) => {
                return Err(LexiconError::ListFile {
                    path: shown,
                    reason: format!("line {line}"),
                    source: Arc::new(e),
                })
            }
            (false, None) => {}
        }
        let sha256 = hex(&Sha256::digest(&bytes));
        Self::from_normalised(
            format!("file:{name}"),
            name,
            "file".to_string(),
            sha256,
            words,
        )
    }

    /// A list from words already in hand (tests, custom vocabularies). Each word is checked
    /// and case-folded like [`WordList::check`] input.
    pub fn from_words<I, S>(id: &str, name: &str, words: I) -> Result<WordList, LexiconError>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let mut upper = Vec::new();
        let mut text = String::new();
        for w in words {
            let w = normalise(w.as_ref())?;
            text.push_str(&w.to_ascii_lowercase());
            text.push('\n');
            upper.push(w);
        }
        let sha256 = hex(&Sha256::digest(text.as_bytes()));
        Self::from_normalised(
            id.to_string(),
            name.to_string(),
            "custom".into(),
            sha256,
            upper,
        )
    }

    fn from_normalised(
        id: String,
        name: String,
        version: String,
        sha256: String,
        mut words: Vec<String>,
    ) -> Result<WordList, LexiconError> {
        words.sort_unstable();
        words.dedup();
        let word_count = words.len();
        let max_len = words.iter().map(|w| w.len()).max().unwrap_or(0);
        let table = lookup::Table::open(Cow::Owned(lookup::build(
            words.iter().map(|w| (w.as_bytes(), 1)),
        )))
        .map_err(|e| LexiconError::ListFile {
            path: id.clone(),
            reason: "lookup table".into(),
            source: Arc::from(Box::<dyn std::error::Error + Send + Sync>::from(e.0)),
        })?;
        let set = fst::Set::from_iter(words).map_err(|e| LexiconError::ListFile {
            path: id.clone(),
            reason: String::new(),
            source: Arc::new(e),
        })?;
        let set = fst::Set::new(Cow::Owned(set.into_fst().into_inner())).map_err(|e| {
            LexiconError::ListFile {
                path: id.clone(),
                reason: String::new(),
                source: Arc::new(e),
            }
        })?;
        Ok(WordList {
            info: ListInfo {
                id,
                name,
                version,
                word_count,
                sha256,
                current: true,
            },
            set,
            table,
            mask: 1,
            max_len,
        })
    }

    /// The list's identity: id, name, version, word count and SHA-256 of its text.
    pub fn info(&self) -> &ListInfo {
        &self.info
    }

    /// The list's stable id (`wordclub`, `enable2k`, `enable-2-9`, or `file:<name>`).
    pub fn id(&self) -> &str {
        &self.info.id
    }

    /// The underlying set (upper-case keys), for move generators that walk it.
    pub fn fst(&self) -> &fst::Set<Cow<'static, [u8]>> {
        &self.set
    }

    /// Hot path: is this upper-case `A`–`Z` word in the list? Other bytes simply miss.
    /// Always agrees with [`WordList::fst`]; answered by the lookup table, or by the `fst` for
    /// the few words too long for the table.
    #[inline]
    pub fn contains(&self, word: &[u8]) -> bool {
        if word.len() > self.max_len {
            return false;
        }
        match self.table.mask(word) {
            Some(mask) => mask & self.mask != 0,
            None => self.set.contains(word),
        }
    }

    /// Every word of this list spellable from `rack` (1 to [`RACK_MAX`] tiles: letters in
    /// either case, `?` for a blank, any of them), each once with the fewest blanks it needs,
    /// longest first, then alphabetically. See [`RackWord`] for which letters the blanks stand for.
    pub fn rack_words(&self, rack: &str) -> Result<Vec<RackWord>, LexiconError> {
        let rack = rack::Rack::parse(rack)?;
        Ok(rack::rack_words(self.set.as_fst(), rack))
    }

    /// Is this word in the list? Case-insensitive; anything but letters `A`–`Z` (spaces,
    /// hyphens, apostrophes, accents, digits, empty input) is a typed error.
    pub fn check(&self, word: &str) -> Result<bool, LexiconError> {
        let upper = normalise(word)?;
        Ok(self.contains(upper.as_bytes()))
    }

    /// The message a refused word gets: never "not a word", always the list's name.
    pub fn rejection(&self) -> String {
        format!("not in this match's word list ({})", self.info.name)
    }
}

/// The version of the kept list of offensive words that [`is_offensive`] asks
/// (`wordlists/offensive/offensive-3.tsv`, "manners 3"): a stored analysis records it, since
/// its named best moves leave those words alone. The analyser's version moves with it
/// (`wordclub_movegen::analysis`), so analyses kept under older manners are made again.
pub const MANNERS_VERSION: u32 = 3;

static OFFENSIVE_SET: OnceLock<fst::Set<&'static [u8]>> = OnceLock::new();

/// Is this upper-case `A`–`Z` word on the kept list of offensive words
/// (`wordlists/offensive/`)? Computer players never play such a word and hints never offer
/// one (unless the player turns that off); it stays valid for people, so no rule changes.
pub fn is_offensive(word: &[u8]) -> bool {
    OFFENSIVE_SET
        // Written by fst itself in build.rs, so this cannot fail.
        .get_or_init(|| {
            fst::Set::new(data::bytes(OFFENSIVE)).expect("embedded offensive fst is valid")
        })
        .contains(word)
}

/// The SHA-256 of the kept list of offensive words' file (`wordlists/offensive/`): what a
/// word graph with those words marked is keyed by, with the list's own hash.
pub fn manners_sha256() -> &'static str {
    OFFENSIVE_SHA256
}

/// How many words the kept list of offensive words holds.
pub fn offensive_word_count() -> usize {
    OFFENSIVE_SET
        .get_or_init(|| {
            fst::Set::new(data::bytes(OFFENSIVE)).expect("embedded offensive fst is valid")
        })
        .len()
}

/// Case-folds `word` to upper-case `A`–`Z`, or says which character is not allowed.
pub fn normalise(word: &str) -> Result<String, LexiconError> {
    if word.is_empty() {
        return Err(LexiconError::EmptyWord);
    }
    if let Some(c) = word.chars().find(|c| !c.is_ascii_alphabetic()) {
        return Err(LexiconError::NotAToZ {
            input: word.to_string(),
            character: c,
        });
    }
    Ok(word.to_ascii_uppercase())
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_offensive_list_is_embedded_and_asked_in_upper_case() {
        assert!(is_offensive(b"FUCK"));
        assert!(!is_offensive(b"fuck"), "keys are upper case");
        assert!(!is_offensive(b"CAT"));
        // Manners 2: the slurs' inflections are blocked, the ordinary words are not.
        for slur in ["FAGGOTS", "FAGS", "DYKES", "RETARDS", "TRANNIES"] {
            assert!(is_offensive(slur.as_bytes()), "{slur}");
        }
        for word in [
            "WELFARE", "GABLES", "FLANGE", "KUMQUAT", "LIMY", "LOOSER", "SOOTY", "BEANBAG",
            "TINKER", "NIGGLE", "YANK", "HO", "ASSESS", "SPICES",
        ] {
            assert!(!is_offensive(word.as_bytes()), "{word}");
        }
        assert!(offensive_word_count() > 1000);
    }

    /// Issue 44's examples: what manners 2 let the polite computer offer, and what it withheld
    /// though the innocent sense comes first.
    const BLOCKED_3: &[&str] = &[
        // Compounds and derivatives of a blocked word, variants, comparatives.
        "SONSOFBITCHES",
        "WHOREISH",
        "MONGOLOIDS",
        "ABOS",
        "GIPSY",
        "SHIKSE",
        "POOVE",
        "GRINGA",
        "FAGGOTY",
        "SHITTIER",
        "BITCHIER",
        // Plain slurs the sources miss.
        "MONGOLOID",
        "ABO",
        "SHEENY",
        "MICK",
        "LEZZIE",
        "GOYIM",
        // Words WordNet labels a slur or vulgar, reviewed.
        "MINGE",
        "PAPIST",
        "TURD",
        "WHORESON",
        "SHEGETZ",
        "NANCE",
    ];
    const INNOCENT_3: &[&str] = &[
        "COCKY", "PRICK", "BOOBY", "NIGGLING", "NIGGLED", "TINKERS", "BEANBAGS",
        // WordNet labels a rare sense of these; the everyday sense is innocent.
        "TACO", "FAIRY", // Forms that follow an innocent base.
        "NIGGLES", "PRICKS", "PRICKED", "COCKIER", "SPICY", "TARDY", "MINGY",
    ];

    #[test]
    fn manners_3_blocks_the_holes_and_lets_the_innocent_words_through() {
        assert_eq!(MANNERS_VERSION, 3);
        for w in BLOCKED_3 {
            assert!(
                is_offensive(w.as_bytes()),
                "{w} is offered by the polite computer"
            );
        }
        for w in INNOCENT_3 {
            assert!(!is_offensive(w.as_bytes()), "{w} is withheld");
        }
        // A whole-word list, not a substring match: the blocked word inside an innocent one.
        assert!(is_offensive(b"COCK") && is_offensive(b"BITCH") && is_offensive(b"SHIT"));
        for w in [
            "PEACOCK",
            "COCKPIT",
            "SCRAPBOOK",
            "MISHIT",
            "SNIGGER",
            "SHITTAH",
        ] {
            assert!(!is_offensive(w.as_bytes()), "{w}");
        }
    }

    /// Every example is a word of some shipped list (so the tests above test something), and
    /// every shipped list's plurals of a blocked word are blocked too, unless reviewed as
    /// another, innocent word: a list added to `lists.json` without rebuilding the manners
    /// (`wordlists/build.sh`) fails here. No list is named by number.
    #[test]
    fn every_shipped_list_has_its_blocked_words_plurals_blocked() {
        let lists = WordList::builtins();
        for w in BLOCKED_3.iter().chain(INNOCENT_3) {
            assert!(
                lists.iter().any(|l| l.contains(w.as_bytes())),
                "{w} is in no list"
            );
        }
        let read = |name: &str| {
            std::fs::read_to_string(
                std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                    .join("../../wordlists/offensive")
                    .join(name),
            )
            .unwrap()
        };
        let mut innocent: std::collections::HashSet<String> = read("innocent-2.txt")
            .lines()
            .map(|l| l.split('#').next().unwrap().trim().to_ascii_uppercase())
            .filter(|w| !w.is_empty())
            .collect();
        innocent.extend(read("reviewed-3.tsv").lines().filter_map(|row| {
            let mut cols = row.split('\t');
            let (word, verdict) = (cols.next()?, cols.next()?);
            (verdict == "innocent").then(|| word.to_ascii_uppercase())
        }));
        use fst::Streamer;
        for list in lists {
            let mut missed = Vec::new();
            let mut stream = list.fst().stream();
            while let Some(w) = stream.next() {
                let unblocked =
                    !is_offensive(w) && !innocent.contains(std::str::from_utf8(w).unwrap());
                let plural_of_blocked = [1, 2].iter().any(|&cut| {
                    w.len() > cut + 1
                        && w.ends_with(&b"ES"[2 - cut..])
                        && is_offensive(&w[..w.len() - cut])
                        && !innocent.contains(std::str::from_utf8(&w[..w.len() - cut]).unwrap())
                });
                if unblocked && plural_of_blocked {
                    missed.push(String::from_utf8(w.to_vec()).unwrap());
                }
            }
            assert!(missed.is_empty(), "{}: {missed:?}", list.info().name);
        }
    }

    #[test]
    fn wordclub_knows_two_letter_words_and_both_spellings() {
        let list = WordList::builtin("wordclub").unwrap();
        for w in ["QI", "za", "EW", "colour", "color", "aa"] {
            assert_eq!(list.check(w), Ok(true), "{w}");
        }
        for w in ["CATX", "London", "NATO"] {
            assert_eq!(list.check(w), Ok(false), "{w}");
        }
    }

    #[test]
    fn check_names_the_character_that_is_not_a_to_z() {
        let list = WordList::builtin("wordclub").unwrap();
        assert_eq!(
            list.check("cats'"),
            Err(LexiconError::NotAToZ {
                input: "cats'".into(),
                character: '\''
            })
        );
        assert!(matches!(
            list.check("e-mail"),
            Err(LexiconError::NotAToZ { character: '-', .. })
        ));
        assert_eq!(list.check(""), Err(LexiconError::EmptyWord));
    }

    #[test]
    fn unknown_list_is_a_typed_error() {
        let err = WordList::builtin("nope").unwrap_err();
        assert_eq!(err.kind(), "unknown_list");
    }
}
