//! Word Club's offline definitions: what a word of the match's list means.
//!
//! The meanings come from WordNet 3.0, compiled at build time from the installed package
//! (`build.rs`: Debian's `wordnet-base`; nothing of it is committed), and, for the two-letter
//! words and the common words (AND, THE, WITH) WordNet has no ordinary sense for, from the
//! project's own short glosses (`wordlists/definitions/`, their policy beside them). The data is embedded in the
//! binary: opening it is a header check of an `fst` map, never a parse.
//!
//! [`define`] answers one word against one word list, which alone decides validity:
//! - a word not in the list has no meaning shown ([`Status::NotInList`]);
//! - a word in the list gets the project's glosses of it first (AT, HE, OOPS), then its own
//!   WordNet senses, then those of its lemmas (QIS → QI, RAN → RUN, MICE → MOUSE, HAPPIER →
//!   HAPPY, OES → OE: WordNet's exception lists and its detachment rules, `morph`), each lemma
//!   proposed only when that list holds it and its regular inflection spells the word;
//! - a word in the list that nothing defines says so, and why it is valid
//!   ([`Status::NoDefinition`]: "In the list — no definition shipped").
//!
//! Senses are labelled one by one, never a whole word: those WordNet files under "ethnic slur",
//! "disparagement" or "obscenity"/"vulgarism" or whose gloss says they are such a term, and
//! those the project's review of the kept list of offensive words names
//! (`wordlists/definitions/offensive-senses-1.tsv`: ASS's bottom, not the donkey; VAGINA is
//! no such word). Innocent senses come first; polite manners (the app's default) show a
//! labelled sense as its label only.

mod data;
mod morph;

pub use morph::Form;

use serde::Serialize;
use wordclub_lexicon::{LexiconError, WordList, MANNERS_VERSION};

/// WordNet's licence notice, shipped with the app (the settings screen, the .deb's
/// resources).
pub const WORDNET_LICENCE: &str =
    include_str!("../../../wordlists/definitions/COPYING-WordNet.txt");

/// At most this many senses are shown for one word (the issue: "up to three senses").
pub const MAX_SENSES: usize = 3;

/// A part of speech. WordNet has the first four; the project's glosses of the twos use all.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "contract", derive(ts_rs::TS), ts(rename = "PartOfSpeech"))]
pub enum Pos {
    Noun,
    Verb,
    Adjective,
    Adverb,
    Interjection,
    Pronoun,
    Preposition,
    Conjunction,
    Determiner,
}

impl Pos {
    fn of_wordnet(code: u8) -> Pos {
        match code {
            0 => Pos::Noun,
            1 => Pos::Verb,
            2 => Pos::Adjective,
            _ => Pos::Adverb,
        }
    }
}

/// Where a meaning comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(
    feature = "contract",
    derive(ts_rs::TS),
    ts(rename = "DefinitionSource")
)]
pub enum Source {
    /// WordNet 3.0 (Princeton University), from Debian's `wordnet-base`.
    #[serde(rename = "wordnet-3.0")]
    WordNet,
    /// The project's own gloss of a two-letter word (`wordlists/definitions/twos-1.tsv`).
    #[serde(rename = "wordclub-twos-1")]
    Twos,
    /// The project's own gloss of a common word WordNet lacks: a function word or an
    /// interjection (AND, THE, AMID, OOPS), or a word newer than WordNet (SMARTPHONE, HASHTAG:
    /// `wordlists/definitions/common-1.tsv`).
    #[serde(rename = "wordclub-common-1")]
    Common,
}

/// Why a sense's gloss is withheld under polite manners.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "contract", derive(ts_rs::TS), ts(rename = "SenseLabel"))]
pub enum Label {
    /// WordNet's usage domain "ethnic slur".
    EthnicSlur,
    /// WordNet's usage domain "disparagement", where it files most slurs.
    Disparaging,
    /// WordNet's usage domain "obscenity, vulgarism".
    Vulgar,
    /// The project's review of the kept list of offensive words names the sense as offensive
    /// (`wordlists/definitions/offensive-senses-1.tsv`) where WordNet gives no label.
    OffensiveWord,
}

/// One sense: its gloss, or (polite manners) only the label that withholds it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct Sense {
    /// The definition (WordNet's gloss without its examples); `None` when withheld.
    pub gloss: Option<String>,
    /// The usage label, when WordNet gives one (shown whether or not the gloss is).
    pub label: Option<Label>,
}

/// What one lemma means as one part of speech.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct Meaning {
    /// The word defined (upper case): the word itself, or its lemma for an inflection.
    pub lemma: String,
    /// How the word is formed from `lemma` (`None`: it is the lemma itself).
    pub form: Option<Form>,
    pub pos: Pos,
    /// The senses shown (at most [`MAX_SENSES`] in all the meanings of a word), commonest first.
    pub senses: Vec<Sense>,
    /// How many senses the source has for this lemma and part of speech (after dropping names
    /// and abbreviations); `senses` may show fewer.
    pub sense_count: u32,
    pub source: Source,
}

/// The three answers a word can get.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(
    feature = "contract",
    derive(ts_rs::TS),
    ts(rename = "DefinitionStatus")
)]
pub enum Status {
    /// In the list, with at least one meaning.
    Defined,
    /// In the list; nothing shipped defines it.
    NoDefinition,
    /// Not in the list: no meaning is shown, since only the list decides validity.
    NotInList,
}

/// The answer for one word.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct Definition {
    /// The word asked about, upper case.
    pub word: String,
    pub in_list: bool,
    pub status: Status,
    /// The list that decided (its id, name and version).
    pub list_id: String,
    pub list_name: String,
    pub list_version: String,
    pub meanings: Vec<Meaning>,
    /// One sentence a person reads: why the word is valid or not, and where the meaning is from.
    pub note: String,
    /// The manners version the labels were applied with (`None`: every gloss shown).
    pub manners_version: Option<u32>,
    /// When the word is one of "our words" in the list that decided (a match's list with the
    /// family's additions and blocks): added or blocked, with the family's own note.
    pub ours: Option<OursLabel>,
}

/// What "our words" say of a word: the popover's "one of our words" (or "blocked at our
/// table"), with the family's note if they wrote one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct OursLabel {
    pub added: bool,
    pub note: Option<String>,
}

/// Defines `word` against `list` (case folded; anything but `A`–`Z` is the lexicon's typed
/// error). `polite`: withhold the glosses of labelled senses and of offensive words.
pub fn define(word: &str, list: &WordList, polite: bool) -> Result<Definition, LexiconError> {
    let upper = wordclub_lexicon::normalise(word)?;
    let bytes = upper.as_bytes();
    let in_list = list.contains(bytes);
    let info = list.info();
    let mut found = Vec::new();
    if in_list {
        collect(bytes, list, &mut found);
    }
    let status = match (in_list, found.is_empty()) {
        (false, _) => Status::NotInList,
        (true, true) => Status::NoDefinition,
        (true, false) => Status::Defined,
    };
    let mut meanings = innocent_first(choose_senses(found));
    if polite {
        for s in meanings.iter_mut().flat_map(|m| &mut m.senses) {
            if s.label.is_some() {
                s.gloss = None;
            }
        }
    }
    let own = meanings.iter().any(|m| m.source != Source::WordNet);
    let wordnet = meanings.iter().any(|m| m.source == Source::WordNet);
    let ours = list.our_word(bytes).map(|(added, w)| OursLabel {
        added,
        note: w.note.clone(),
    });
    let family_note = |label: &OursLabel| match &label.note {
        Some(n) => format!(" (our note: {n})"),
        None => String::new(),
    };
    let note = match (&ours, status) {
        (Some(label), Status::NotInList) => format!(
            "{upper} is blocked at our table: not one of our words, though {} holds it{}",
            info.name,
            family_note(label)
        ),
        (Some(label), _)
            if label.added
                && !wordclub_lexicon::WordList::pinned(&info.id, &info.sha256)
                    .is_ok_and(|base| base.contains(bytes)) =>
        {
            format!(
                "{upper} is one of our words, added to {}{}",
                info.name,
                family_note(label)
            )
        }
        (_, Status::NotInList) => format!("{upper} is not in the word list ({})", info.name),
        (_, Status::NoDefinition) => format!(
            "In the list — no definition shipped: {upper} is valid because {} ({}, version {}) \
             holds it; neither WordNet 3.0 nor the project's own glosses define it",
            info.name, info.id, info.version
        ),
        (_, Status::Defined) => format!(
            "{upper} is in the word list ({}); meaning from {}",
            info.name,
            if own && wordnet {
                "the project's own gloss and WordNet 3.0"
            } else if own {
                "the project's own gloss"
            } else {
                "WordNet 3.0"
            }
        ),
    };
    Ok(Definition {
        word: upper.clone(),
        in_list,
        status,
        list_id: info.id.clone(),
        list_name: info.name.clone(),
        list_version: info.version.clone(),
        meanings,
        note,
        manners_version: polite.then_some(MANNERS_VERSION),
        ours,
    })
}

/// Every meaning of `word` (in the list): first the project's own glosses of it (a function
/// word's or an interjection's, which WordNet has no entry for, come before WordNet's senses:
/// AT the preposition before the Laotian coin), then its own WordNet senses, then each lemma's
/// senses of the part of speech the inflection belongs to, a lemma only when `list` holds it
/// and its regular inflection spells the word (HATED is not HAT's), the lemma's meaning from
/// WordNet or the project's own gloss (OES, plural of OE). Each meaning starts with all its
/// kept senses; [`choose_senses`] trims them. Each comes with its senses' tag counts.
fn collect(word: &[u8], list: &WordList, out: &mut Vec<(Meaning, Vec<u32>)>) {
    for (own, pos, gloss, source) in data::own(word) {
        out.push(own_meaning(own, None, pos, gloss, source));
    }
    let own_count = out.len();
    let entry = data::entry(word);
    let mut minor = Vec::new();
    if let Some(e) = &entry {
        for g in &e.groups {
            if g.minor() {
                minor.push(data::meaning(word, None, g));
            } else {
                out.push(data::meaning(word, None, g));
            }
        }
        by_commonest(&mut out[own_count..]);
    }
    let before_lemmas = out.len();
    for (lemma, pos, form) in lemmas(word, entry.as_ref(), list) {
        let mut found = Vec::new();
        if let Some(e) = data::entry(&lemma) {
            for g in e.groups.iter().filter(|g| g.pos == pos) {
                found.push(data::meaning(&lemma, Some(form), g));
            }
        }
        // The project glosses a word only as a part of speech WordNet has no sense of.
        for (own, own_pos, gloss, source) in data::own(&lemma) {
            if own_pos == Pos::of_wordnet(pos) && pos <= 2 {
                found.push(own_meaning(own, Some(form), own_pos, gloss, source));
            }
        }
        for m in found {
            if !out
                .iter()
                .any(|(o, _)| o.lemma == m.0.lemma && o.pos == m.0.pos)
            {
                out.push(m);
            }
        }
    }
    by_commonest(&mut out[before_lemmas..]);
    out.extend(minor);
}

/// The lemmas `word` is shown as a form of: WordNet's exception lists first, then the
/// detachment rules' lemmas whose regular inflection spells the word, each once, only those
/// `list` holds (never the word itself). `entry` is `word`'s own record.
fn lemmas(word: &[u8], entry: Option<&data::Entry>, list: &WordList) -> Vec<(Vec<u8>, u8, Form)> {
    let mut lemmas: Vec<(Vec<u8>, u8, Form)> = Vec::new();
    if let Some(e) = entry {
        for (pos, lemma) in &e.exceptions {
            lemmas.push((lemma.to_vec(), *pos, morph::exception_form(word, *pos)));
        }
    }
    for (lemma, pos, form) in morph::candidates(word) {
        if morph::regular(&lemma, form, word)
            && !lemmas.iter().any(|(l, p, _)| *l == lemma && *p == pos)
            && !(pos == 0 && plural_of_a_noun(&lemma, list))
        {
            lemmas.push((lemma, pos, form));
        }
    }
    lemmas.retain(|(lemma, _, _)| lemma.as_slice() != word && list.contains(lemma));
    lemmas
}

/// Does anything shipped define `lemma` as the WordNet part of speech `pos` (0 noun … 3
/// adverb): its WordNet senses of it, or the project's gloss of it as that part of speech
/// (the project glosses a word only as a part of speech WordNet has no sense of)?
fn defines_as(lemma: &[u8], pos: u8) -> bool {
    data::entry(lemma).is_some_and(|e| e.groups.iter().any(|g| g.pos == pos))
        || (pos <= 2 && data::own(lemma).any(|(_, p, _, _)| p == Pos::of_wordnet(pos)))
}

/// Whether [`define`] gives `word` (upper case `A`–`Z`) a meaning against `list`
/// ([`Status::Defined`]), without building the answer: the Medium computer plays only such
/// words (`wordclub-movegen`), and asks this of every word of a list once: 1.8 s for list 4's
/// 259,471 words (the bench, on a loaded 2-core machine), where [`define`] over them took 2.7 s.
pub fn has_meaning(word: &[u8], list: &WordList) -> bool {
    if !list.contains(word) {
        return false;
    }
    if data::own(word).next().is_some() {
        return true;
    }
    let entry = data::entry(word);
    if entry.as_ref().is_some_and(|e| !e.groups.is_empty()) {
        return true;
    }
    lemmas(word, entry.as_ref(), list)
        .iter()
        .any(|(lemma, pos, _)| defines_as(lemma, *pos))
}

/// A fingerprint of everything [`has_meaning`] depends on: the compiled data (WordNet's senses
/// kept, the exception lists, the project's glosses) and the lemma rules' source
/// (`src/morph.rs`, `src/lib.rs`), hashed by `build.rs`. A graph of the words with a meaning
/// that a run keeps on disk is keyed by it, so a build whose meanings differ never reads one
/// an older build kept.
pub const MEANINGS_FINGERPRINT: &str = data::FINGERPRINT;

/// Is `word` itself the regular plural of a noun `list` holds and something defines? Then it
/// is no noun lemma of a longer word: MUSES is MUSE's plural, not a plural of MUS (MU's).
fn plural_of_a_noun(word: &[u8], list: &WordList) -> bool {
    // Every regular plural ends in S or MEN: the look-ups below are for those only.
    if !(word.ends_with(b"S") || word.ends_with(b"MEN")) {
        return false;
    }
    morph::candidates(word).iter().any(|(lemma, pos, form)| {
        *pos == 0
            && *form == Form::Plural
            && lemma.as_slice() != word
            && morph::regular(lemma, *form, word)
            && list.contains(lemma)
            && defines_as(lemma, 0)
    })
}

/// The project's own gloss as a meaning: one sense, never labelled.
fn own_meaning(
    lemma: &str,
    form: Option<Form>,
    pos: Pos,
    gloss: &str,
    source: Source,
) -> (Meaning, Vec<u32>) {
    (
        Meaning {
            lemma: lemma.to_string(),
            form,
            pos,
            senses: vec![Sense {
                gloss: Some(gloss.to_string()),
                label: None,
            }],
            sense_count: 1,
            source,
        },
        vec![0],
    )
}

/// Orders meanings by their commonest sense's tag count (a stable sort: ties keep WordNet's
/// part-of-speech order, noun first), a meaning whose first sense is labelled last (its
/// senses are stored innocent first, so all of them are): TACO's food before the slur.
fn by_commonest(meanings: &mut [(Meaning, Vec<u32>)]) {
    meanings.sort_by_key(|(m, counts)| {
        (
            m.senses.first().is_some_and(|s| s.label.is_some()),
            std::cmp::Reverse(counts.first().copied().unwrap_or(0)),
        )
    });
}

/// Keeps at most [`MAX_SENSES`] senses in all: innocent senses before labelled ones; among
/// them first the commonest sense of each meaning, in the meanings' order (so a word that is a
/// noun and a verb, or an inflection of another word too, shows each), then the other senses
/// by tag count; a meaning left without a sense goes.
fn choose_senses(found: Vec<(Meaning, Vec<u32>)>) -> Vec<Meaning> {
    // (meaning, rank within it, tag count, labelled) of every sense.
    let mut all: Vec<(usize, usize, u32, bool)> = Vec::new();
    for (i, (m, counts)) in found.iter().enumerate() {
        for (rank, &count) in counts.iter().enumerate() {
            let labelled = m.senses.get(rank).is_some_and(|s| s.label.is_some());
            all.push((i, rank, count, labelled));
        }
    }
    all.sort_by(|a, b| {
        let first = a.3.cmp(&b.3).then((a.1 > 0).cmp(&(b.1 > 0)));
        if a.1 == 0 && b.1 == 0 {
            first.then(a.0.cmp(&b.0))
        } else {
            first
                .then(b.2.cmp(&a.2))
                .then(a.0.cmp(&b.0))
                .then(a.1.cmp(&b.1))
        }
    });
    all.truncate(MAX_SENSES);
    found
        .into_iter()
        .enumerate()
        .filter_map(|(i, (mut m, _))| {
            let mut rank = 0;
            m.senses.retain(|_| {
                let keep = all.iter().any(|&(j, r, _, _)| j == i && r == rank);
                rank += 1;
                keep
            });
            (!m.senses.is_empty()).then_some(m)
        })
        .collect()
}

/// The lemmas WordNet's bare detachment rules would propose for `word` that its regular
/// inflection does not spell (HAT for HATED, SPIN for SPINES), where `list` holds the lemma and
/// the data defines it as that part of speech: what `define` showed before it checked the
/// spelling. The bench counts the words with one, and checks none is shown.
pub fn spurious_lemmas(word: &str, list: &WordList) -> Result<Vec<String>, LexiconError> {
    let upper = wordclub_lexicon::normalise(word)?;
    let word = upper.as_bytes();
    let candidates = morph::candidates(word);
    // A lemma the word is a regular form of by another rule, or an irregular one by WordNet's
    // exception lists, is no mistake.
    let exceptions = data::entry(word).map(|e| e.exceptions).unwrap_or_default();
    let right = |lemma: &[u8]| {
        exceptions.iter().any(|(_, l)| *l == lemma)
            || candidates
                .iter()
                .any(|(l, _, f)| l == lemma && morph::regular(l, *f, word))
    };
    let mut out: Vec<String> = Vec::new();
    for (lemma, pos, _) in &candidates {
        let (lemma, pos) = (lemma.as_slice(), *pos);
        if lemma == word || right(lemma) || !list.contains(lemma) {
            continue;
        }
        let defined = defines_as(lemma, pos);
        let lemma = String::from_utf8_lossy(lemma).into_owned();
        if defined && !out.contains(&lemma) {
            out.push(lemma);
        }
    }
    Ok(out)
}

/// Moves every labelled sense after all the innocent ones: a meaning with both is split, its
/// labelled senses shown as a second meaning of the same lemma and part of speech at the end
/// (PUSSY: the cat, then the adjective, then the labelled noun sense).
fn innocent_first(meanings: Vec<Meaning>) -> Vec<Meaning> {
    let mut innocent = Vec::new();
    let mut labelled = Vec::new();
    for m in meanings {
        let (bad, good): (Vec<Sense>, Vec<Sense>) =
            m.senses.iter().cloned().partition(|s| s.label.is_some());
        if !good.is_empty() {
            innocent.push(Meaning {
                senses: good,
                ..m.clone()
            });
        }
        if !bad.is_empty() {
            labelled.push(Meaning { senses: bad, ..m });
        }
    }
    innocent.extend(labelled);
    innocent
}

/// Figures about the compiled data, for the coverage bench and the app's About notice.
pub struct DataFigures {
    /// Words with a record (their own senses or an exception entry).
    pub words: usize,
    /// Bytes embedded in the binary (map, records, glosses).
    pub bytes: usize,
}

/// The compiled data's size and word count.
pub fn data_figures() -> DataFigures {
    data::figures()
}

/// Opens the embedded data (a header check; later calls are free) and says how many words
/// it holds: what the app pays at its first lookup.
pub fn open() -> usize {
    data::open()
}

/// The two-letter words the project glosses itself (`wordlists/definitions/twos-1.tsv`).
pub fn glossed_twos() -> impl Iterator<Item = &'static str> {
    data::glossed(Source::Twos)
}

/// The common words the project glosses itself (`wordlists/definitions/common-1.tsv`).
pub fn glossed_common() -> impl Iterator<Item = &'static str> {
    data::glossed(Source::Common)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choose_senses_keeps_each_meaning_s_first_sense_then_the_commonest() {
        let list = WordList::builtin("wordclub").unwrap();
        let d = define("run", list, true).unwrap();
        let shown: usize = d.meanings.iter().map(|m| m.senses.len()).sum();
        assert_eq!(shown, MAX_SENSES);
        assert!(d.meanings.iter().any(|m| m.pos == Pos::Noun));
        assert!(d.meanings.iter().any(|m| m.pos == Pos::Verb));
    }
}
