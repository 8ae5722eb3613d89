//! The commands that read no match and no history: what the app is (`app_info`), the rule
//! sets and word lists it ships, the word checker, and the Rules screen's worked examples
//! and lab evidence.
use serde::{Deserialize, Serialize};
use wordclub_engine::Action;
use wordclub_lexicon::{ListInfo, WordList};
use wordclub_movegen::Level;

use crate::evidence::{RulesEvidence, RulesEvidenceArgs};
use crate::past::HistoryNotice;
use crate::teaching::{self, RulesExamples, RulesExamplesArgs};
use crate::view::RulesInfo;
use crate::{App, AppError, ErrorBody, COMMANDS};

impl App {
    pub fn app_info(&self) -> Result<AppInfo, AppError> {
        let (history_notices, history_error) = match self.history().state() {
            Ok(store) => match store.notices() {
                Ok(notices) => (notices.iter().map(HistoryNotice::of).collect(), None),
                Err(e) => (Vec::new(), Some(AppError::from(e).body())),
            },
            Err(e) => (Vec::new(), Some(e.body())),
        };
        Ok(AppInfo {
            name: "Word Club",
            version: env!("CARGO_PKG_VERSION"),
            commands: COMMANDS,
            history_notice: history_notices
                .first()
                .map(|n: &HistoryNotice| n.message.clone()),
            history_notices,
            history_error,
            settings_notices: self.settings_backend.notices(),
            last_backup: self.last_backup(),
            definitions_licence: wordclub_definitions::WORDNET_LICENCE,
            limits: Limits {
                max_players: wordclub_engine::MAX_PLAYERS,
                max_name_chars: wordclub_engine::MAX_NAME_CHARS,
                max_head_start: wordclub_engine::MAX_HEAD_START,
                computer_levels: Level::SEATS.iter().map(|l| l.name()).collect(),
                seat_colours: crate::guide::SEAT_COLOURS,
            },
        })
    }

    pub fn rule_sets(&self) -> Result<Vec<RulesInfo>, AppError> {
        Ok(crate::matches::rules_info())
    }

    /// A rule set as a match of `players` plays it (`RuleSet::at_table`): what the new-match
    /// screen shows when the seat count changes the board, and the Rules screen per table
    /// size. A size the rule set does not seat is refused (`player_count`).
    pub fn rules_at_table(&self, args: RulesAtTableArgs) -> Result<RulesInfo, AppError> {
        let rules = wordclub_engine::RuleSet::builtin(&args.rules)?;
        Ok(RulesInfo::of(&rules.at_table(usize::from(args.players))?))
    }

    /// The shipped lists, then the lists of one's own kept in the history (version `own`;
    /// none when the history cannot be read: the shipped ones are still offered).
    pub fn word_lists(&self) -> Result<Vec<ListInfo>, AppError> {
        let mut lists: Vec<ListInfo> = WordList::builtins()
            .iter()
            .map(|l| l.info().clone())
            .collect();
        let own = self
            .with_store(|store| Ok(store.own_lists()?))
            .unwrap_or_default();
        lists.extend(own.into_iter().map(|l| ListInfo {
            id: l.id,
            name: l.name,
            version: "own".to_string(),
            word_count: l.word_count as usize,
            sha256: l.sha256,
            current: true,
        }));
        Ok(lists)
    }

    /// The Rules screen's worked examples of a rule set, scored by the engine.
    pub fn rules_examples(&self, args: RulesExamplesArgs) -> Result<RulesExamples, AppError> {
        teaching::examples(args)
    }

    /// The rules lab's shipped evidence for a rule set: its figures and charts.
    pub fn rules_evidence(&self, args: RulesEvidenceArgs) -> Result<RulesEvidence, AppError> {
        crate::evidence::rules_evidence(args)
    }

    /// The rules lab's head start for a table that mixes computer levels (the new-match form).
    pub fn head_start_suggestion(
        &self,
        args: crate::head_start::HeadStartSuggestionArgs,
    ) -> Result<crate::head_start::HeadStartSuggestionAnswer, AppError> {
        crate::head_start::head_start_suggestion(args)
    }

    /// The word checker: is the word in the named list? Named with a match (the match
    /// screen's checker), the match's own list answers, and in a match with challenges on,
    /// while it is on, the lookup is recorded as assistance for the person to move (their
    /// rack shown: [`wordclub_engine::Event::WordLookedUp`]), as a hint is: whether a word
    /// is in the list is what a challenge decides. The checker on its own screen (no match)
    /// records nothing.
    pub fn check_word(&self, args: CheckWordArgs) -> Result<CheckWordAnswer, AppError> {
        let (list, recorded_for): (&WordList, Option<String>) = match (args.match_id, &args.list) {
            (Some(_), Some(_)) => {
                return Err(AppError::Backend {
                    kind: "list_and_match".to_string(),
                    message: "Name a match or a word list, not both".to_string(),
                    details: None,
                })
            }
            (Some(id), None) => self.look_up_in_match(id, &args.word)?,
            (None, Some(name)) if name.starts_with("own:") => (
                self.with_store(|store| crate::house::list_by_name(store, name))?,
                None,
            ),
            (None, Some(name)) => (WordList::builtin(name)?, None),
            (None, None) => (WordList::builtin("wordclub")?, None),
        };
        let word = args.word.trim();
        let valid = list.check(word).map_err(checker_error)?;
        let upper = word.to_ascii_uppercase();
        // Whether the family added or blocked it (the checker offers "Add to our words" or
        // "Block at our table" by it); unknown when the history cannot be read.
        let ours = self
            .with_store(|store| Ok(store.our_words()?))
            .ok()
            .and_then(|(added, blocked)| {
                let find = |side: Vec<wordclub_lexicon::OurWord>, added: bool| {
                    side.into_iter().find(|w| w.word == upper).map(|w| {
                        wordclub_definitions::OursLabel {
                            added,
                            note: w.note,
                        }
                    })
                };
                find(added, true).or_else(|| find(blocked, false))
            });
        // No match here, so not the in-game "this match's word list" wording; and as there,
        // never "not a word" (SPEC §3): a list decides what it holds, not what English is.
        let whose = if args.match_id.is_some() {
            "this match's word list"
        } else {
            "the word list"
        };
        Ok(CheckWordAnswer {
            message: if valid {
                format!("{upper} is in {whose} ({})", list.info().name)
            } else {
                format!("{upper} is not in {whose} ({})", list.info().name)
            },
            word: upper,
            list: list.info().id.clone(),
            valid,
            ours,
            recorded_for,
        })
    }

    /// The match's list for a lookup from its screen, and whom it was recorded for: the
    /// person to move, where the match is on with challenges on (a refusal, such as their
    /// rack still covered, changes nothing and answers nothing); nobody otherwise.
    fn look_up_in_match(
        &self,
        id: i64,
        word: &str,
    ) -> Result<(&'static WordList, Option<String>), AppError> {
        self.act(
            id,
            |m| {
                let list = m.list;
                // A word no list could hold is refused as the checker refuses it, first.
                list.check(word.trim()).map_err(checker_error)?;
                let game = m.game();
                if game.options().challenges.is_none() || game.is_over() {
                    return Ok((None, (list, None)));
                }
                let player = m.table.acting_person()?;
                let name = game.players()[player].name.clone();
                let action = Action::LookUpWord {
                    player,
                    word: word.to_string(),
                };
                Ok((Some(action), (list, Some(name))))
            },
            |_, found| found,
        )
    }
}

/// `rules_at_table`: a built-in rule set's id and a table size.
#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct RulesAtTableArgs {
    pub rules: String,
    pub players: u8,
}

/// The word checker's refusals in words a player reads (same kinds as the lexicon's).
pub(crate) fn checker_error(e: wordclub_lexicon::LexiconError) -> AppError {
    let message = match &e {
        wordclub_lexicon::LexiconError::NotAToZ { input, character } => {
            let what = match character {
                ' ' => "a space".to_string(),
                '\'' | '’' => "an apostrophe".to_string(),
                '-' => "a hyphen".to_string(),
                c if c.is_ascii_digit() => format!("the digit {c}"),
                c => format!("“{c}”"),
            };
            format!("Only the letters A–Z: {input:?} has {what}")
        }
        wordclub_lexicon::LexiconError::EmptyWord => "Type a word to check".to_string(),
        _ => return e.into(),
    };
    AppError::Backend {
        kind: e.kind().to_string(),
        message,
        details: None,
    }
}

#[derive(Debug, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct AppInfo {
    pub name: &'static str,
    pub version: &'static str,
    pub commands: &'static [&'static str],
    /// The first of `history_notices`, as a sentence (`null` when there is none).
    pub history_notice: Option<String>,
    /// Histories found damaged and moved aside, until the player acknowledges each one
    /// (`acknowledge_history_notice`).
    pub history_notices: Vec<HistoryNotice>,
    /// Why the match history cannot be used now (it was left as it is), or `null`.
    pub history_error: Option<ErrorBody>,
    /// Settings files found damaged and kept beside themselves (the app started from the
    /// defaults), until the player acknowledges each one (`acknowledge_history_notice` with
    /// its `moved_to`).
    pub settings_notices: Vec<crate::SettingsNotice>,
    /// When the history was last exported from this device ("Export history"), for the
    /// start screen.
    pub last_backup: crate::LastBackup,
    /// WordNet's licence notice (the definitions' source), shown on the Settings screen.
    pub definitions_licence: &'static str,
    pub limits: Limits,
}

/// What a new-match form may offer, from the backend's one owner of each: the engine's
/// player and name limits, the move generator's levels for a computer seat.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct Limits {
    /// The most players at one table (each rule set has its own range within it).
    pub max_players: u8,
    /// The longest player name, in characters.
    pub max_name_chars: usize,
    /// The largest head start a seat may be given on the new-match form (`new_match`'s
    /// `players[].head_start`).
    pub max_head_start: u32,
    /// The levels a computer seat may have, weakest first.
    pub computer_levels: Vec<&'static str>,
    /// The colours a seat may have (each with its mark), in the order seats get them by
    /// default.
    pub seat_colours: &'static [crate::guide::SeatColour],
}

#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
// An argument: a field serde fills in when it is absent may be left out.
#[cfg_attr(feature = "contract", ts(optional_fields = nullable))]
#[serde(deny_unknown_fields)]
pub struct CheckWordArgs {
    pub word: String,
    /// A list by name (`wordclub`, `wordclub@2`, `own:Family`); the current `wordclub` when
    /// neither it nor a match is named.
    #[serde(default)]
    pub list: Option<String>,
    /// The match whose list decides, from its screen (its pinned list, with its own words):
    /// in a match with challenges on the lookup is recorded as assistance.
    #[serde(default)]
    pub match_id: Option<i64>,
}

#[derive(Debug, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct CheckWordAnswer {
    pub word: String,
    pub list: String,
    pub valid: bool,
    pub message: String,
    /// The word is one of our words now: added, or blocked at our table (new matches with
    /// "Use our words" play it so); `null` when it is neither.
    pub ours: Option<wordclub_definitions::OursLabel>,
    /// Whom the lookup was recorded for as assistance (the person to move, by name): only
    /// from the screen of a match with challenges on; `null` everywhere else.
    pub recorded_for: Option<String>,
}
