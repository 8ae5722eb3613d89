//! "Our words" (the family's additions to a match's list and the words it blocks at its table)
//! and word lists of one's own (issue 46). Both are kept in the history (`wordclub_store`,
//! schema 7), so a history export carries them; a match pins what it started with
//! (`MatchOptions::our_words`, its list's id and SHA-256) and never reads these again.
//!
//! Our words are edited from the word checker ("Add to our words", "Block at our table") and
//! in Settings, and exported and imported as a plain text file
//! ([`wordclub_lexicon::OUR_WORDS_HEADING`] says its format). An import merges: each word of
//! the file is added or blocked as the file says (with its note), every other word stays.
use serde::{Deserialize, Serialize};
use wordclub_lexicon::{HouseWords, OurWord, WordList};
use wordclub_store::{OwnListRow, Store};

use crate::{App, AppError};

/// The longest word of ours or of a list of one's own: the largest board's row
/// ([`wordclub_engine::MAX_BOARD`]).
const MAX_BOARD: usize = wordclub_engine::MAX_BOARD as usize;

/// `add_our_word`: a word to add to our words (`blocked` false) or block at our table (true),
/// with the family's note. A word on the other side moves.
#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
#[cfg_attr(feature = "contract", ts(optional_fields = nullable))]
#[serde(deny_unknown_fields)]
pub struct OurWordArgs {
    pub word: String,
    pub blocked: bool,
    #[serde(default)]
    pub note: Option<String>,
}

/// `remove_our_word`: the word to drop from our words.
#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct OurWordRemoveArgs {
    pub word: String,
}

/// `import_our_words`: the text of an exported file.
#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct OurWordsImportArgs {
    pub text: String,
}

/// Our words as kept now.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct OurWords {
    pub added: Vec<OurWord>,
    pub blocked: Vec<OurWord>,
    /// What a new match would pin ("Use our words"); `null` while the list is empty.
    pub sha256: Option<String>,
    /// The longest word the boards take (a longer one is refused).
    pub max_len: usize,
}

/// `export_our_words`: the file's text and the name offered for it.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct OurWordsFile {
    pub text: String,
    pub file_name: String,
}

/// `import_own_list`: a name and the text of a file, one word a line.
#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct OwnListImportArgs {
    pub name: String,
    pub text: String,
}

/// `remove_own_list`: the list's id (`own:<name>`).
#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct OwnListIdArgs {
    pub id: String,
}

/// The family's words as kept, checked ([`HouseWords::new`]); `None` when there are none.
pub(crate) fn kept_our_words(store: &Store) -> Result<Option<HouseWords>, AppError> {
    let (added, blocked) = store.our_words()?;
    let house = HouseWords::new(added, blocked, MAX_BOARD)?;
    Ok((!house.is_empty()).then_some(house))
}

/// A list by the name the new-match form and the checker send: a shipped list
/// (`wordclub`, `wordclub@2`) or one of one's own (`own:<name>`), opened from the history.
pub(crate) fn list_by_name(store: &Store, name: &str) -> Result<&'static WordList, AppError> {
    if name.starts_with("own:") {
        let row = store.own_lists()?.into_iter().find(|l| l.id == name);
        let found = match row {
            Some(row) => store.own_word_list(&row.id, &row.sha256)?,
            None => None,
        };
        return found.ok_or_else(|| {
            wordclub_store::StoreError::OwnListNotFound {
                id: name.to_string(),
            }
            .into()
        });
    }
    Ok(WordList::builtin(name)?)
}

fn answer(house: Option<HouseWords>) -> OurWords {
    let sha256 = house.as_ref().map(|h| h.sha256.clone());
    let (added, blocked) = house.map_or((vec![], vec![]), |h| (h.added, h.blocked));
    OurWords {
        added,
        blocked,
        sha256,
        max_len: MAX_BOARD,
    }
}

impl App {
    /// Our words as kept now.
    pub fn our_words(&self) -> Result<OurWords, AppError> {
        self.with_store(|store| Ok(answer(kept_our_words(store)?)))
    }

    /// "Add to our words" / "Block at our table": a word outside A–Z or longer than the
    /// largest board is refused with the reason (`our_words`), and nothing changes.
    pub fn add_our_word(&self, args: OurWordArgs) -> Result<OurWords, AppError> {
        let word = wordclub_lexicon::check_word(&args.word, MAX_BOARD)
            .map_err(|reason| wordclub_lexicon::LexiconError::OurWords { line: None, reason })?;
        self.with_store(|store| {
            let (mut added, mut blocked) = store.our_words()?;
            added.retain(|w| w.word != word);
            blocked.retain(|w| w.word != word);
            let side = if args.blocked {
                &mut blocked
            } else {
                &mut added
            };
            side.push(OurWord {
                word,
                note: args.note,
            });
            let house = HouseWords::new(added, blocked, MAX_BOARD)?;
            store.set_our_words(&house)?;
            Ok(answer((!house.is_empty()).then_some(house)))
        })
    }

    /// Drops a word from our words (added or blocked); a word not among them changes nothing.
    pub fn remove_our_word(&self, args: OurWordRemoveArgs) -> Result<OurWords, AppError> {
        let word = args.word.trim().to_ascii_uppercase();
        self.with_store(|store| {
            let (mut added, mut blocked) = store.our_words()?;
            added.retain(|w| w.word != word);
            blocked.retain(|w| w.word != word);
            let house = HouseWords::new(added, blocked, MAX_BOARD)?;
            store.set_our_words(&house)?;
            Ok(answer((!house.is_empty()).then_some(house)))
        })
    }

    /// Our words as a plain text file ([`wordclub_lexicon::OUR_WORDS_HEADING`]).
    pub fn export_our_words(&self) -> Result<OurWordsFile, AppError> {
        self.with_store(|store| {
            let (added, blocked) = store.our_words()?;
            Ok(OurWordsFile {
                text: HouseWords::new(added, blocked, MAX_BOARD)?.to_text(),
                file_name: "our-words.txt".to_string(),
            })
        })
    }

    /// Reads an exported file into our words (merged: the file's words added or blocked as it
    /// says, every other word kept). A bad line is named and nothing changes.
    pub fn import_our_words(&self, args: OurWordsImportArgs) -> Result<OurWords, AppError> {
        let file = HouseWords::parse_text(&args.text, MAX_BOARD)?;
        self.with_store(|store| {
            let (mut added, mut blocked) = store.our_words()?;
            let theirs = |w: &OurWord| file.find(w.word.as_bytes()).is_none();
            added.retain(theirs);
            blocked.retain(theirs);
            added.extend(file.added.iter().cloned());
            blocked.extend(file.blocked.iter().cloned());
            let house = HouseWords::new(added, blocked, MAX_BOARD)?;
            store.set_our_words(&house)?;
            Ok(answer((!house.is_empty()).then_some(house)))
        })
    }

    /// The word lists of one's own, each with the saved matches that use it.
    pub fn own_lists(&self) -> Result<Vec<OwnListRow>, AppError> {
        self.with_store(|store| Ok(store.own_lists()?))
    }

    /// Imports a word list of one's own (checked: A–Z, 2 to 15 letters, at most
    /// [`wordclub_lexicon::OWN_LIST_MAX_WORDS`] words, the first bad line named), keeps it in
    /// the history and starts building its move generator's graph in the background (kept in
    /// the data folder; [`crate::AppEvent::ListGraph`] tells its progress).
    pub fn import_own_list(&self, args: OwnListImportArgs) -> Result<OwnListRow, AppError> {
        let list = WordList::own(&args.name, args.text.as_bytes(), MAX_BOARD)?;
        let row = self.with_store(|store| {
            store.add_own_list(&list)?;
            let id = list.info().id.clone();
            store
                .own_lists()?
                .into_iter()
                .find(|r| r.id == id)
                .ok_or_else(|| AppError::internal(&"the list just kept is not in the history"))
        })?;
        self.warm_up_list(WordList::register(list));
        Ok(row)
    }

    /// Removes a word list of one's own; refused while a saved match uses it
    /// (`own_list_in_use`, naming the matches), and then nothing changes.
    pub fn remove_own_list(&self, args: OwnListIdArgs) -> Result<Vec<OwnListRow>, AppError> {
        self.with_store(|store| {
            store.remove_own_list(&args.id)?;
            Ok(store.own_lists()?)
        })
    }
}
