//! `define`: what words mean, offline (`wordclub-definitions`: WordNet 3.0 compiled at build
//! time, the project's glosses of the twos). The list that decides is the match's own when a
//! match is named (so a lemma is proposed only when that match's list holds it), else the
//! named list (the word checker), else the current `wordclub`. The settings' "polite" choice
//! labels slurs and vulgar senses instead of glossing them, as it keeps them from the computer.
use serde::{Deserialize, Serialize};
use wordclub_definitions::Definition;
use wordclub_lexicon::WordList;

use crate::{App, AppError};

/// The most words one `define` call answers: a turn's words, a recap or "Words from rack"
/// fit well within it.
pub const MAX_DEFINE_WORDS: usize = 200;

#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
// An argument: a field serde fills in when it is absent may be left out.
#[cfg_attr(feature = "contract", ts(optional_fields = nullable))]
#[serde(deny_unknown_fields)]
pub struct DefineArgs {
    pub words: Vec<String>,
    /// The match whose list decides (its pinned version).
    #[serde(default)]
    pub match_id: Option<i64>,
    /// A list by name (`wordclub`, `wordclub@2`), when no match is named.
    #[serde(default)]
    pub list: Option<String>,
}

#[derive(Debug, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct DefineAnswer {
    pub definitions: Vec<Definition>,
    /// Where the meanings come from, for the popover's foot.
    pub source: &'static str,
}

/// What every answer says it is drawn from (the licence notice is in the settings screen).
pub const DEFINITION_SOURCE: &str =
    "WordNet 3.0 (Princeton University) and Word Club's own glosses of the words it lacks (the twos, function words)";

impl App {
    pub fn define(&self, args: DefineArgs) -> Result<DefineAnswer, AppError> {
        let bad = |kind: &str, message: String| AppError::Backend {
            kind: kind.to_string(),
            message,
            details: None,
        };
        if args.words.is_empty() {
            return Err(bad("no_words", "Name at least one word to define".into()));
        }
        if args.words.len() > MAX_DEFINE_WORDS {
            return Err(bad(
                "too_many_words",
                format!(
                    "At most {MAX_DEFINE_WORDS} words at a time, not {}",
                    args.words.len()
                ),
            ));
        }
        let list: &WordList = match (args.match_id, &args.list) {
            (Some(_), Some(_)) => {
                return Err(bad(
                    "list_and_match",
                    "Name a match or a word list, not both".into(),
                ))
            }
            (Some(id), None) => {
                // While a play can still be challenged, whether its words are in the list is
                // nobody's to know but by a challenge (issue 46): their meanings wait.
                let (list, open) = self.with_match(id, |m| {
                    Ok((m.list, m.game().challenge_window().ok().map(|w| w.words)))
                })?;
                let asked = |w: &String| w.trim().to_ascii_uppercase();
                if let Some(word) =
                    open.and_then(|words| args.words.iter().map(asked).find(|w| words.contains(w)))
                {
                    return Err(bad(
                        "withheld_until_challenged",
                        format!(
                            "{word} can still be challenged: whether it is in the word list is \
                             shown by a challenge, or once the next player shows their rack"
                        ),
                    ));
                }
                list
            }
            (None, Some(name)) if name.starts_with("own:") => {
                self.with_store(|store| crate::house::list_by_name(store, name))?
            }
            (None, Some(name)) => WordList::builtin(name)?,
            (None, None) => WordList::builtin("wordclub")?,
        };
        let polite = self.settings().polite_computer;
        let definitions = args
            .words
            .iter()
            .map(|w| {
                wordclub_definitions::define(w.trim(), list, polite)
                    .map_err(crate::info::checker_error)
            })
            .collect::<Result<Vec<_>, AppError>>()?;
        Ok(DefineAnswer {
            definitions,
            source: DEFINITION_SOURCE,
        })
    }
}
