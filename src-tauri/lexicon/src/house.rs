//! "Our words" (the family's own additions to a match's list and the words it blocks at its
//! table) and a word list of one's own (a text file, one word a line).
//!
//! Both become a [`WordList`] like any other: [`WordList::with_house`] is the match's list with
//! its additions and blocks (one set, one lookup table, one graph), so everything that checks
//! a word (the engine, hints, the analysis, the move generator's graphs, `define`) asks the
//! same type it always asked. [`WordList::register`] keeps such a list for the process's life
//! and [`WordList::pinned`] finds it again, as it finds a shipped list.
use std::borrow::Cow;
use std::sync::{Arc, Mutex};

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::{hex, normalise, LexiconError, WordList};

/// The longest note the family may write beside one of its words.
pub const MAX_NOTE_CHARS: usize = 200;
/// The most words "our words" may hold, additions and blocks together: a family's list, not a
/// second dictionary (a word list of one's own is the way to bring many words).
pub const MAX_OUR_WORDS: usize = 5_000;
/// The most words a list of one's own may hold: the largest tournament lists hold about
/// 280,000; twice that leaves room and bounds the graph (about 4 MB for list 4's 280,000).
pub const OWN_LIST_MAX_WORDS: usize = 600_000;
/// The largest file a list of one's own may be read from: 600,000 words of 15 letters with a
/// CR LF each.
pub const OWN_LIST_MAX_BYTES: usize = 600_000 * 17;
/// The shortest word a list of one's own may hold: every rule set's first word has two letters
/// at least, and no move forms a one-letter word.
pub const OWN_LIST_MIN_LEN: usize = 2;
/// The longest name a list of one's own may have.
pub const OWN_LIST_MAX_NAME_CHARS: usize = 40;

/// One of our words, with the family's own note about it if they wrote one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct OurWord {
    /// Upper case A–Z.
    pub word: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// The family's additions and blocks as one match pins them: sorted, each word once, and the
/// SHA-256 of their text ([`HouseWords::to_text`] without its heading), so a later edit of the
/// family's list never changes a saved match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct HouseWords {
    pub added: Vec<OurWord>,
    pub blocked: Vec<OurWord>,
    pub sha256: String,
}

/// The first lines of an exported "our words" file: what its lines mean.
pub const OUR_WORDS_HEADING: &str =
    "# Word Club: our words. One word a line: +WORD adds it to the match's word list,\n\
# -WORD blocks it at our table; anything after the word (a space first) is our note on it.\n\
# Lines starting with # and blank lines are skipped.\n";

impl HouseWords {
    /// The family's words, checked: each A–Z (case folded) of at most `max_len` letters (the
    /// largest board), a note of at most [`MAX_NOTE_CHARS`] without control characters, no
    /// word both added and blocked, at most [`MAX_OUR_WORDS`] in all. A word given twice on
    /// one side keeps its first note.
    pub fn new(
        added: Vec<OurWord>,
        blocked: Vec<OurWord>,
        max_len: usize,
    ) -> Result<HouseWords, LexiconError> {
        let bad = |reason: String| LexiconError::OurWords { line: None, reason };
        let added = clean_side(added, max_len).map_err(bad)?;
        let blocked = clean_side(blocked, max_len).map_err(bad)?;
        if added.len() + blocked.len() > MAX_OUR_WORDS {
            return Err(bad(format!(
                "{} words is more than our words may hold ({MAX_OUR_WORDS})",
                added.len() + blocked.len()
            )));
        }
        if let Some(w) = added
            .iter()
            .find(|a| blocked.binary_search_by(|b| b.word.cmp(&a.word)).is_ok())
        {
            return Err(bad(format!("{} is both added and blocked", w.word)));
        }
        let sha256 = hex(&Sha256::digest(lines(&added, &blocked).as_bytes()));
        Ok(HouseWords {
            added,
            blocked,
            sha256,
        })
    }

    /// No addition and no block.
    pub fn is_empty(&self) -> bool {
        self.added.is_empty() && self.blocked.is_empty()
    }

    /// Whether these words are as [`HouseWords::new`] makes them: a match's recorded words
    /// whose hash no longer matches (edited by hand) are refused rather than played on.
    pub fn verify(&self, max_len: usize) -> Result<(), LexiconError> {
        let again = HouseWords::new(self.added.clone(), self.blocked.clone(), max_len)?;
        if again != *self {
            return Err(LexiconError::OurWords {
                line: None,
                reason: format!(
                    "the words recorded do not match their SHA-256 {}",
                    self.sha256
                ),
            });
        }
        Ok(())
    }

    /// Whether `word` (upper case) is one of ours: `Some((true, w))` added, `Some((false, w))`
    /// blocked.
    pub fn find(&self, word: &[u8]) -> Option<(bool, &OurWord)> {
        fn find<'a>(side: &'a [OurWord], word: &[u8]) -> Option<&'a OurWord> {
            side.binary_search_by(|w| w.word.as_bytes().cmp(word))
                .ok()
                .map(|i| &side[i])
        }
        find(&self.added, word)
            .map(|w| (true, w))
            .or_else(|| find(&self.blocked, word).map(|w| (false, w)))
    }

    /// The plain text file these words export as ([`OUR_WORDS_HEADING`] says its format),
    /// read back by [`HouseWords::parse_text`].
    pub fn to_text(&self) -> String {
        format!("{OUR_WORDS_HEADING}{}", lines(&self.added, &self.blocked))
    }

    /// Reads an exported file ([`OUR_WORDS_HEADING`]); the first bad line is named with its
    /// reason, and nothing is read from a file with one.
    pub fn parse_text(text: &str, max_len: usize) -> Result<HouseWords, LexiconError> {
        let mut added = Vec::new();
        let mut blocked = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let at = |reason: String| LexiconError::OurWords {
                line: Some(i + 1),
                reason,
            };
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (side, rest) = match line.as_bytes()[0] {
                b'+' => (&mut added, &line[1..]),
                b'-' => (&mut blocked, &line[1..]),
                _ => {
                    return Err(at(format!(
                        "{line:?} starts with neither + (add) nor - (block)"
                    )))
                }
            };
            let rest = rest.trim_start();
            let (word, note) = match rest.split_once(char::is_whitespace) {
                Some((w, n)) => (w, Some(n.trim().to_string())),
                None => (rest, None),
            };
            let word = check_word(word, max_len).map_err(at)?;
            let note = check_note(note).map_err(at)?;
            side.push(OurWord { word, note });
        }
        HouseWords::new(added, blocked, max_len)
    }
}

/// The word lines of the export, sorted: what the SHA-256 is taken of.
fn lines(added: &[OurWord], blocked: &[OurWord]) -> String {
    let mut out = String::new();
    for (sign, side) in [('+', added), ('-', blocked)] {
        for w in side {
            out.push(sign);
            out.push_str(&w.word);
            if let Some(note) = &w.note {
                out.push(' ');
                out.push_str(note);
            }
            out.push('\n');
        }
    }
    out
}

/// A word of ours: A–Z, case folded, at most `max_len` letters.
pub fn check_word(word: &str, max_len: usize) -> Result<String, String> {
    let word = normalise(word.trim()).map_err(|e| e.to_string())?;
    if word.len() > max_len {
        return Err(format!(
            "{word} has {} letters: the largest board has {max_len} squares a row",
            word.len()
        ));
    }
    Ok(word)
}

fn check_note(note: Option<String>) -> Result<Option<String>, String> {
    let Some(note) = note.map(|n| n.trim().to_string()).filter(|n| !n.is_empty()) else {
        return Ok(None);
    };
    if note.chars().count() > MAX_NOTE_CHARS {
        return Err(format!("a note is longer than {MAX_NOTE_CHARS} characters"));
    }
    if note.chars().any(char::is_control) {
        return Err("a note holds a control character".to_string());
    }
    Ok(Some(note))
}

fn clean_side(side: Vec<OurWord>, max_len: usize) -> Result<Vec<OurWord>, String> {
    let mut out = Vec::with_capacity(side.len());
    for w in side {
        out.push(OurWord {
            word: check_word(&w.word, max_len)?,
            note: check_note(w.note)?,
        });
    }
    // A stable sort: of a word given twice, the first note stays.
    out.sort_by(|a, b| a.word.cmp(&b.word));
    out.dedup_by(|later, first| later.word == first.word);
    Ok(out)
}

/// Lists opened at run time (lists of one's own, lists with our words), kept for the
/// process's life: a match holds its list as `&'static`, like a shipped one. Each distinct list
/// is built and kept once (a list 4 with our words: about 3 MB).
static REGISTERED: Mutex<Vec<&'static WordList>> = Mutex::new(Vec::new());

fn same(a: &WordList, b: &WordList) -> bool {
    a.info.id == b.info.id
        && a.info.sha256 == b.info.sha256
        && a.house.as_ref().map(|h| &h.sha256) == b.house.as_ref().map(|h| &h.sha256)
}

impl WordList {
    /// Keeps `list` for the process's life and answers it (or the same list kept before), so
    /// [`WordList::pinned`] finds it.
    pub fn register(list: WordList) -> &'static WordList {
        let mut kept = REGISTERED.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(l) = kept.iter().find(|l| same(l, &list)) {
            return l;
        }
        let leaked: &'static WordList = Box::leak(Box::new(list));
        kept.push(leaked);
        leaked
    }

    /// A list kept by [`WordList::register`] without our words.
    pub(crate) fn registered(id: &str, sha256: &str) -> Option<&'static WordList> {
        REGISTERED
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
            .find(|l| l.info.id == id && l.info.sha256 == sha256 && l.house.is_none())
            .copied()
    }

    /// The list a match is pinned to: [`WordList::pinned`], with `house` (its additions and
    /// blocks) when it has them, built once per process.
    pub fn pinned_with(
        id: &str,
        sha256: &str,
        house: Option<&HouseWords>,
    ) -> Result<&'static WordList, LexiconError> {
        let base = WordList::pinned(id, sha256)?;
        let Some(house) = house else {
            return Ok(base);
        };
        // Checked every time (a sort of a few words), not only when built: a forged record
        // whose hash is another's is refused, never given the other's words.
        house.verify(usize::MAX)?;
        let found = REGISTERED
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
            .find(|l| {
                l.info.id == id
                    && l.info.sha256 == sha256
                    && l.house.as_ref().map(|h| &h.sha256) == Some(&house.sha256)
            })
            .copied();
        match found {
            Some(l) => Ok(l),
            None => Ok(WordList::register(WordList::with_house(base, house)?)),
        }
    }

    /// `base` with the family's additions and blocks: the same identity (id, name, version,
    /// SHA-256: the match stays pinned to its list), the words `base` holds less the blocked
    /// ones, plus the added ones. [`WordList::words_sha256`] tells the two apart (the graph
    /// of such a list is kept under it). The house words' own hash is checked first.
    pub fn with_house(base: &WordList, house: &HouseWords) -> Result<WordList, LexiconError> {
        house.verify(usize::MAX)?;
        if base.house.is_some() {
            return Err(LexiconError::OurWords {
                line: None,
                reason: "a list with our words cannot take our words again".to_string(),
            });
        }
        use fst::Streamer;
        let mut words: Vec<String> = Vec::with_capacity(base.set.len() + house.added.len());
        let mut stream = base.set.stream();
        while let Some(w) = stream.next() {
            if matches!(house.find(w), Some((false, _))) {
                continue;
            }
            // Keys are A–Z bytes (the invariant of every list).
            words.push(String::from_utf8_lossy(w).into_owned());
        }
        words.extend(house.added.iter().map(|w| w.word.clone()));
        let info = base.info.clone();
        let mut list =
            WordList::from_normalised(info.id, info.name, info.version, info.sha256, words)?;
        list.info.current = base.info.current;
        list.info.word_count = list.set.len();
        list.house = Some(Arc::new(house.clone()));
        Ok(list)
    }

    /// The family's additions and blocks this list holds (a match's list with our words).
    pub fn house(&self) -> Option<&HouseWords> {
        self.house.as_deref()
    }

    /// Whether `word` (upper case) is one of our words in this list: added (`true`) or
    /// blocked (`false`), with the family's note.
    pub fn our_word(&self, word: &[u8]) -> Option<(bool, &OurWord)> {
        self.house.as_deref()?.find(word)
    }

    /// What this list's words are keyed by (its move generator's graph): the list's SHA-256,
    /// or for a list with our words a hash of that and theirs.
    pub fn words_sha256(&self) -> Cow<'_, str> {
        match &self.house {
            None => Cow::Borrowed(&self.info.sha256),
            Some(h) => Cow::Owned(hex(&Sha256::digest(
                format!("{}+our words {}", self.info.sha256, h.sha256).as_bytes(),
            ))),
        }
    }

    /// A word list of one's own, named `name`, from a text file's bytes (one word a line,
    /// blank lines skipped, case folded; the same word twice counts once). Refused with the
    /// first bad line named: a line that is not A–Z, a word shorter than
    /// [`OWN_LIST_MIN_LEN`] or longer than `max_len` (the largest board); and refused whole:
    /// a file over [`OWN_LIST_MAX_BYTES`], not UTF-8 text, with no word, or with more than
    /// [`OWN_LIST_MAX_WORDS`]. Its id is `own:<name>`, its version `own`, its SHA-256 that of
    /// its words in order, lower case, one a line ([`WordList::own_text`]), so the same words
    /// are the same list whichever file brought them.
    pub fn own(name: &str, bytes: &[u8], max_len: usize) -> Result<WordList, LexiconError> {
        let name = name.trim();
        let refuse = |line: Option<usize>, reason: String| LexiconError::OwnList {
            name: name.to_string(),
            line,
            reason,
        };
        if name.is_empty() {
            return Err(refuse(None, "a list needs a name".to_string()));
        }
        if name.chars().count() > OWN_LIST_MAX_NAME_CHARS || name.chars().any(char::is_control) {
            return Err(refuse(
                None,
                format!(
                    "a list's name has at most {OWN_LIST_MAX_NAME_CHARS} characters and no control character"
                ),
            ));
        }
        if bytes.len() > OWN_LIST_MAX_BYTES {
            return Err(refuse(
                None,
                format!(
                    "the file has {} bytes, more than a list may ({OWN_LIST_MAX_BYTES})",
                    bytes.len()
                ),
            ));
        }
        let text = std::str::from_utf8(bytes).map_err(|e| {
            let line = bytes[..e.valid_up_to()]
                .iter()
                .filter(|&&b| b == b'\n')
                .count()
                + 1;
            refuse(Some(line), "not UTF-8 text".to_string())
        })?;
        let mut words = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            let at = |reason: String| refuse(Some(i + 1), reason);
            let word = normalise(line).map_err(|e| at(e.to_string()))?;
            if word.len() < OWN_LIST_MIN_LEN || word.len() > max_len {
                return Err(at(format!(
                    "{word} has {} letters; a word has {OWN_LIST_MIN_LEN} to {max_len}",
                    word.len()
                )));
            }
            words.push(word);
            if words.len() > OWN_LIST_MAX_WORDS {
                return Err(at(format!(
                    "more than {OWN_LIST_MAX_WORDS} words, the most a list may hold"
                )));
            }
        }
        if words.is_empty() {
            return Err(refuse(None, "the file holds no word".to_string()));
        }
        words.sort_unstable();
        words.dedup();
        let sha256 = hex(&Sha256::digest(canonical(&words).as_bytes()));
        WordList::from_normalised(
            format!("own:{name}"),
            name.to_string(),
            "own".to_string(),
            sha256,
            words,
        )
    }

    /// The words, lower case, one a line, in order: what a list of one's own is kept as and
    /// its SHA-256 is taken of.
    pub fn own_text(&self) -> String {
        use fst::Streamer;
        let mut out = String::new();
        let mut stream = self.set.stream();
        while let Some(w) = stream.next() {
            out.push_str(&String::from_utf8_lossy(w).to_ascii_lowercase());
            out.push('\n');
        }
        out
    }
}

fn canonical(words: &[String]) -> String {
    let mut out = String::with_capacity(words.len() * 9);
    for w in words {
        out.push_str(&w.to_ascii_lowercase());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(word: &str, note: Option<&str>) -> OurWord {
        OurWord {
            word: word.to_string(),
            note: note.map(str::to_string),
        }
    }

    #[test]
    fn our_words_add_and_block_in_a_list_of_their_own() {
        let base = WordList::builtin("wordclub").unwrap();
        assert!(base.contains(b"QI") && !base.contains(b"ZAXX"));
        let house = HouseWords::new(
            vec![w("zaxx", Some("Grandad's word"))],
            vec![w("QI", None)],
            15,
        )
        .unwrap();
        let ours = WordList::with_house(base, &house).unwrap();
        assert!(ours.contains(b"ZAXX") && !ours.contains(b"QI") && ours.contains(b"CAT"));
        assert_eq!(
            ours.info().sha256,
            base.info().sha256,
            "still pinned to its list"
        );
        assert_ne!(ours.words_sha256(), base.words_sha256());
        assert_eq!(
            ours.our_word(b"ZAXX").map(|(a, w)| (a, w.note.as_deref())),
            Some((true, Some("Grandad's word")))
        );
        assert_eq!(ours.our_word(b"QI").map(|(a, _)| a), Some(false));
        assert!(ours.fst().contains("ZAXX") && !ours.fst().contains("QI"));
    }

    #[test]
    fn our_words_refuse_a_word_outside_a_to_z_or_longer_than_the_board() {
        let long = HouseWords::new(vec![w("ABCDEFGHIJKLMNOP", None)], vec![], 15).unwrap_err();
        assert_eq!(long.kind(), "our_words");
        assert!(long.to_string().contains("16 letters"), "{long}");
        let apostrophe = HouseWords::new(vec![w("can't", None)], vec![], 15).unwrap_err();
        assert!(apostrophe.to_string().contains('\''), "{apostrophe}");
        let both = HouseWords::new(vec![w("ZA", None)], vec![w("za", None)], 15).unwrap_err();
        assert!(
            both.to_string().contains("both added and blocked"),
            "{both}"
        );
    }

    #[test]
    fn the_export_reads_back_and_a_bad_line_is_named() {
        let house = HouseWords::new(
            vec![w("ZAXX", Some("Grandad's word")), w("BLOOP", None)],
            vec![w("QI", Some("too easy"))],
            15,
        )
        .unwrap();
        let text = house.to_text();
        assert_eq!(HouseWords::parse_text(&text, 15).unwrap(), house);
        let bad = HouseWords::parse_text("+ZAXX\n\n*QI\n", 15).unwrap_err();
        assert_eq!(bad.kind(), "our_words");
        assert!(bad.to_string().contains("line 3"), "{bad}");
        let bad = HouseWords::parse_text("# x\n-OK\n+e-mail\n", 15).unwrap_err();
        assert!(bad.to_string().contains("line 3"), "{bad}");
        // The hash pins the words and notes, whatever order they came in.
        let again = HouseWords::new(
            vec![w("bloop", None), w("zaxx", Some("Grandad's word"))],
            vec![w("qi", Some("too easy"))],
            15,
        )
        .unwrap();
        assert_eq!(again.sha256, house.sha256);
        let other = HouseWords::new(vec![w("bloop", None)], vec![], 15).unwrap();
        assert_ne!(other.sha256, house.sha256);
        let mut forged = house.clone();
        forged.blocked.clear();
        assert_eq!(forged.verify(15).unwrap_err().kind(), "our_words");
    }

    #[test]
    fn a_list_of_ones_own_names_its_first_bad_line() {
        let list = WordList::own("Club", b"cat\nDOG\n\ncat\nzebra\r\n", 15).unwrap();
        assert_eq!(list.info().id, "own:Club");
        assert_eq!(list.info().word_count, 3);
        assert!(list.contains(b"ZEBRA"));
        assert_eq!(list.own_text(), "cat\ndog\nzebra\n");
        let again = WordList::own("Club", list.own_text().as_bytes(), 15).unwrap();
        assert_eq!(again.info().sha256, list.info().sha256);
        for (text, line) in [
            (&b"cat\ndo g\n"[..], 2),
            (b"cat\n\nx\n", 3),
            (b"cat\nabcdefghijklmnop\n", 2),
            (b"cat\n\xff\n", 2),
        ] {
            let e = WordList::own("Club", text, 15).unwrap_err();
            assert_eq!(e.kind(), "own_list");
            assert!(e.to_string().contains(&format!("line {line}")), "{e}");
        }
        assert_eq!(
            WordList::own("Club", b"\n\n", 15).unwrap_err().kind(),
            "own_list"
        );
        assert_eq!(
            WordList::own(" ", b"cat", 15).unwrap_err().kind(),
            "own_list"
        );
    }

    #[test]
    fn a_registered_list_is_pinned_like_a_shipped_one() {
        let list = WordList::own("Pinned", b"cat\ndog\n", 15).unwrap();
        let sha = list.info().sha256.clone();
        assert!(WordList::pinned("own:Pinned", &sha).is_err());
        let kept = WordList::register(list);
        assert!(std::ptr::eq(
            WordList::pinned("own:Pinned", &sha).unwrap(),
            kept
        ));
        let house = HouseWords::new(vec![w("EMU", None)], vec![w("DOG", None)], 15).unwrap();
        let ours = WordList::pinned_with("own:Pinned", &sha, Some(&house)).unwrap();
        assert!(ours.contains(b"EMU") && !ours.contains(b"DOG"));
        let again = WordList::pinned_with("own:Pinned", &sha, Some(&house)).unwrap();
        assert!(std::ptr::eq(ours, again), "built once");
    }
}
