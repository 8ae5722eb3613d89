//! The compiled definitions embedded in the binary (written by `build.rs`, which documents the
//! layout), and reading one word's record.
use std::sync::OnceLock;

use crate::{Meaning, Pos, Sense, Source};

// The three data files build.rs wrote: embedded by default; under `runtime-data` (the web
// app) handed over at run time through the lexicon's registry (`wordclub_lexicon::data`), as
// `definitions/<file>`, which the host fills before the first meaning is asked for.
#[cfg(not(feature = "runtime-data"))]
macro_rules! data_file {
    ($name:literal) => {
        include_bytes!(concat!(env!("OUT_DIR"), "/", $name))
    };
}
#[cfg(feature = "runtime-data")]
macro_rules! data_file {
    ($name:literal) => {
        wordclub_lexicon::data::file(concat!("definitions/", $name)).unwrap_or_else(|| {
            panic!(
                "the data file definitions/{} was not provided before use",
                $name
            )
        })
    };
}

#[allow(non_snake_case)]
fn WORDS() -> &'static [u8] {
    data_file!("words.fst")
}
#[allow(non_snake_case)]
fn RECORDS() -> &'static [u8] {
    data_file!("records.bin")
}
#[allow(non_snake_case)]
fn GLOSSES() -> &'static [u8] {
    data_file!("glosses.bin")
}

include!(concat!(env!("OUT_DIR"), "/own.rs"));

static MAP: OnceLock<fst::Map<&'static [u8]>> = OnceLock::new();

fn map() -> &'static fst::Map<&'static [u8]> {
    // Written by fst itself in build.rs, so this cannot fail.
    MAP.get_or_init(|| fst::Map::new(WORDS()).expect("embedded definitions fst is valid"))
}

/// Opens the data (the first call pays for it): the bench's "open" figure.
pub(crate) fn open() -> usize {
    map().len()
}

/// The bit of a sense's label code that marks a minor sense (build.rs: a short word's unit of
/// measure).
const MINOR: u8 = 0x80;

/// One part of speech of a word's own WordNet senses.
pub(crate) struct Group {
    /// 0 noun, 1 verb, 2 adjective, 3 adverb.
    pub pos: u8,
    pub total: u16,
    /// (gloss offset, tag count, label code).
    pub senses: Vec<(u32, u8, u8)>,
}

impl Group {
    /// Every sense is minor: the meaning goes after the word's lemmas (ARE: BE's form first).
    pub fn minor(&self) -> bool {
        self.senses.iter().all(|&(_, _, l)| l & MINOR != 0)
    }
}

/// A word's record: its own senses by part of speech, and its exception-list lemmas.
pub(crate) struct Entry {
    pub groups: Vec<Group>,
    pub exceptions: Vec<(u8, &'static [u8])>,
}

/// Reads `records[at..]`, which build.rs wrote; a short read is a build bug, so it panics in
/// tests and is caught by the record tests, never by a player (the bytes are fixed at build).
struct Reader {
    at: usize,
}

impl Reader {
    fn u8(&mut self) -> u8 {
        self.at += 1;
        RECORDS()[self.at - 1]
    }
    fn u16(&mut self) -> u16 {
        self.at += 2;
        u16::from_le_bytes([RECORDS()[self.at - 2], RECORDS()[self.at - 1]])
    }
    fn u24(&mut self) -> u32 {
        self.at += 3;
        u32::from_le_bytes([
            RECORDS()[self.at - 3],
            RECORDS()[self.at - 2],
            RECORDS()[self.at - 1],
            0,
        ])
    }
    fn bytes(&mut self, n: usize) -> &'static [u8] {
        self.at += n;
        &RECORDS()[self.at - n..self.at]
    }
}

/// The record of an upper-case word, if the data has one.
pub(crate) fn entry(word: &[u8]) -> Option<Entry> {
    let at = map().get(word)? as usize;
    let mut r = Reader { at };
    let groups = (0..r.u8())
        .map(|_| {
            let pos = r.u8();
            let total = r.u16();
            let senses = (0..r.u8()).map(|_| (r.u24(), r.u8(), r.u8())).collect();
            Group { pos, total, senses }
        })
        .collect();
    let exceptions = (0..r.u8())
        .map(|_| {
            let pos = r.u8();
            let len = r.u8() as usize;
            (pos, r.bytes(len))
        })
        .collect();
    Some(Entry { groups, exceptions })
}

fn gloss(offset: u32) -> &'static str {
    let rest = &GLOSSES()[offset as usize..];
    let end = rest.iter().position(|&b| b == 0).unwrap_or(rest.len());
    // build.rs wrote whole UTF-8 strings, each ended by a NUL.
    std::str::from_utf8(&rest[..end]).unwrap_or("")
}

/// One group as a meaning of `lemma`, with its senses' tag counts.
pub(crate) fn meaning(lemma: &[u8], form: Option<crate::Form>, g: &Group) -> (Meaning, Vec<u32>) {
    let label = |code: u8| match code & !MINOR {
        1 => Some(crate::Label::EthnicSlur),
        2 => Some(crate::Label::Disparaging),
        3 => Some(crate::Label::Vulgar),
        4 => Some(crate::Label::OffensiveWord),
        _ => None,
    };
    (
        Meaning {
            lemma: String::from_utf8_lossy(lemma).into_owned(),
            form,
            pos: Pos::of_wordnet(g.pos),
            senses: g
                .senses
                .iter()
                .map(|&(synset, _, l)| Sense {
                    gloss: Some(gloss(synset).to_string()),
                    label: label(l),
                })
                .collect(),
            sense_count: u32::from(g.total),
            source: Source::WordNet,
        },
        g.senses
            .iter()
            .map(|&(_, count, _)| u32::from(count))
            .collect(),
    )
}

/// The project's own glosses of `word` (a two, or a common word WordNet lacks).
pub(crate) fn own(
    word: &[u8],
) -> impl Iterator<Item = (&'static str, Pos, &'static str, Source)> + '_ {
    OWN.iter()
        .filter(move |(w, _, _, _)| w.as_bytes() == word)
        .copied()
}

/// Every word the project glosses from `source`.
pub(crate) fn glossed(source: Source) -> impl Iterator<Item = &'static str> {
    OWN.iter()
        .filter(move |(_, _, _, s)| *s == source)
        .map(|(w, _, _, _)| *w)
}

pub(crate) fn figures() -> crate::DataFigures {
    crate::DataFigures {
        words: map().len(),
        bytes: WORDS().len() + RECORDS().len() + GLOSSES().len(),
    }
}
