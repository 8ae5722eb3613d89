//! The saved event schema: what [`Event`]s hold and how they serialise.
//!
//! **Every stored match is a list of these events in JSON.** Renaming, removing or
//! re-typing a field or variant here — or in the types they carry: [`RuleSet`] (recorded
//! whole in [`Event::Started`]), [`Placement`], [`WordScore`], [`HintKind`], [`HintShown`]
//! (every shape it was ever written in stays readable: see `hints`), [`MatchResult`]
//! (recorded in [`Event::Ended`], and compared with the replayed one) — breaks the replay of
//! matches already in people's histories. Add new fields only with `#[serde(default)]`, and
//! never add one to [`MatchResult`] or [`BestTurn`]: the replayed result must equal the
//! recorded one field for field.
use serde::{Deserialize, Serialize};
use wordclub_lexicon::{HouseWords, WordList};

use super::hints::HintShown;
use crate::error::EngineError;
use crate::rules::{HintKind, RuleSet, MAX_NAME_CHARS};
use crate::scoring::WordScore;
use crate::types::Placement;

/// A seat number, 0-based, in turn order.
pub type Seat = usize;

/// The word list a match is pinned to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct ListRef {
    pub id: String,
    pub sha256: String,
}

impl ListRef {
    pub fn of(list: &WordList) -> ListRef {
        ListRef {
            id: list.info().id.clone(),
            sha256: list.info().sha256.clone(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum PlayerKind {
    Human,
    /// A computer seat; `level` is the move generator's name for it (`easy`, `hard`, …).
    Computer {
        level: String,
    },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerSpec {
    pub name: String,
    pub kind: PlayerKind,
    /// The colour the players chose for this seat (an id the app owns, such as `blue`);
    /// absent in matches recorded before colours, which the app shows in the seat's default.
    /// Never written when absent, so such a history serialises as it was recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colour: Option<String>,
    /// Points this seat starts with because the players chose them on the new-match form
    /// (a head start, 0 to [`MAX_HEAD_START`]), on top of the rule set's own start points
    /// ([`RuleSet::start_points_of`]) and shown apart from them. Per seat, so it travels with
    /// the player wherever a rematch seats them. Absent (0) in matches recorded before head
    /// starts and never written when 0, so such a history serialises as it was recorded.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub head_start: u32,
}

pub(crate) fn is_zero(points: &u32) -> bool {
    *points == 0
}

/// The largest head start a seat may be given: enough to even a child against the family's
/// best player on the classic board (the rules lab's Easy against Hard, `lab head-start`), and
/// small enough that no head start is a match decided before it starts.
pub const MAX_HEAD_START: u32 = 200;

impl PlayerSpec {
    /// A player's name as a new match records it: trimmed; refused when empty, longer than
    /// [`MAX_NAME_CHARS`] or holding a control character. The one rule for every way in (the
    /// app's forms and settings, `wordclub-cli play`); replay never applies it, so a history
    /// recorded before the rule still opens.
    pub fn clean_name(name: &str) -> Result<String, EngineError> {
        let bad = |reason: String| EngineError::BadPlayerName { reason };
        let name = name.trim();
        if name.is_empty() {
            return Err(bad("every player needs a name".to_string()));
        }
        if name.chars().count() > MAX_NAME_CHARS {
            return Err(bad(format!(
                "the name {name:?} is longer than {MAX_NAME_CHARS} characters"
            )));
        }
        if name.chars().any(char::is_control) {
            return Err(bad(format!("the name {name:?} holds a control character")));
        }
        Ok(name.to_string())
    }

    /// A new match's players with their names cleaned ([`PlayerSpec::clean_name`]); two
    /// names that differ only in case are refused, as the score panel could not tell them
    /// apart.
    pub fn clean_all(players: Vec<PlayerSpec>) -> Result<Vec<PlayerSpec>, EngineError> {
        let mut cleaned: Vec<PlayerSpec> = Vec::with_capacity(players.len());
        for p in players {
            let name = PlayerSpec::clean_name(&p.name)?;
            let folded = name.to_lowercase();
            if cleaned.iter().any(|c| c.name.to_lowercase() == folded) {
                return Err(EngineError::BadPlayerName {
                    reason: format!("two players are called {name:?}"),
                });
            }
            cleaned.push(PlayerSpec {
                name,
                kind: p.kind,
                colour: p.colour,
                head_start: p.head_start,
            });
        }
        Ok(cleaned)
    }

    /// The same player in colour `colour`.
    pub fn with_colour(self, colour: Option<String>) -> PlayerSpec {
        PlayerSpec { colour, ..self }
    }

    /// The same player starting with a head start of `points` ([`PlayerSpec::head_start`]).
    pub fn with_head_start(self, points: u32) -> PlayerSpec {
        PlayerSpec {
            head_start: points,
            ..self
        }
    }

    /// A head start as a new match accepts it: a whole number from 0 to [`MAX_HEAD_START`];
    /// anything else is refused as `bad_head_start` naming the number. The one rule for
    /// every way in (the app's form, a new match dealt by the engine); replay never applies
    /// it.
    pub fn check_head_start(points: i64) -> Result<u32, EngineError> {
        u32::try_from(points)
            .ok()
            .filter(|&p| p <= MAX_HEAD_START)
            .ok_or(EngineError::BadHeadStart { points })
    }

    pub fn human(name: &str) -> PlayerSpec {
        PlayerSpec {
            name: name.to_string(),
            kind: PlayerKind::Human,
            colour: None,
            head_start: 0,
        }
    }

    pub fn computer(name: &str, level: &str) -> PlayerSpec {
        PlayerSpec {
            name: name.to_string(),
            kind: PlayerKind::Computer {
                level: level.to_string(),
            },
            colour: None,
            head_start: 0,
        }
    }
}

/// What the players chose for one match, on top of its rule set (recorded in
/// [`Event::Started`], so replay keeps it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchOptions {
    /// "Allow hints": when off, the rule set's hints are refused for this match.
    #[serde(default = "yes")]
    pub hints: bool,
    /// "Allow take-backs": the player who just moved may take the move back until the next
    /// player shows their rack ([`crate::Match::take_back_turns`]). Off by default, and for every
    /// match saved before it existed.
    #[serde(default)]
    pub take_backs: bool,
    /// "Use our words": the family's additions and blocks as they were when the match
    /// started, with their hash, so a later edit of the family's list never changes this
    /// match, its replay, analysis or export. The match's words are its list with these
    /// ([`crate::Match::word_list`]). Absent (and never written) for a match without them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub our_words: Option<HouseWords>,
    /// "Challenges" (issue 46): a person's play is accepted whatever its words, and any other
    /// seat may challenge it before the next player shows their rack ([`Event::Challenged`]).
    /// Absent (`None`) in every match saved before it, and never written then, so such a
    /// start event serialises as it was recorded: words are checked as they are played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub challenges: Option<ChallengeRule>,
}

/// A match's challenge rule: what a challenge costs when every word it questioned is in the
/// list (a challenge that finds a word outside the list withdraws the move, whatever this is).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct ChallengeRule {
    pub penalty: ChallengePenalty,
}

/// The cost of a failed challenge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ChallengePenalty {
    /// None ("single challenge").
    None,
    /// The challenger loses their next turn ("double challenge").
    LoseTurn,
    /// The challenged player gains 5 points.
    Plus5,
    /// The challenged player gains 10 points.
    Plus10,
}

impl ChallengePenalty {
    /// The points a failed challenge gives the challenged player.
    pub fn bonus(self) -> u32 {
        match self {
            ChallengePenalty::Plus5 => 5,
            ChallengePenalty::Plus10 => 10,
            ChallengePenalty::None | ChallengePenalty::LoseTurn => 0,
        }
    }
}

fn yes() -> bool {
    true
}

impl Default for MatchOptions {
    fn default() -> MatchOptions {
        MatchOptions {
            hints: true,
            take_backs: false,
            our_words: None,
            challenges: None,
        }
    }
}

/// One accepted change; a match is the fold of its events.
// `Started` carries the whole rule set (about 400 bytes) and comes once per match, beside
// some tens of small events: boxing it would save a few kilobytes per match and change every
// match on it, so it stays inline.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    Started {
        rules: RuleSet,
        rules_hash: String,
        list: ListRef,
        players: Vec<PlayerSpec>,
        seed: u64,
        /// The full initial bag order; racks are dealt from the front, seat by seat, then
        /// every draw takes from the front.
        bag: String,
        /// The racks that deal gave, seat by seat.
        racks: Vec<String>,
        /// Choices the players made for this match, whatever the rule set. Matches saved
        /// before it existed read as the defaults (hints allowed).
        #[serde(default)]
        options: MatchOptions,
    },
    Placed {
        player: Seat,
        tiles: Vec<Placement>,
        notation: String,
        words: Vec<WordScore>,
        bingo: u32,
        score: u32,
        drawn: String,
    },
    Exchanged {
        player: Seat,
        returned: String,
        drawn: String,
        /// The bag's order after the old tiles went back and it was shuffled.
        bag: String,
    },
    Passed {
        player: Seat,
    },
    Resigned {
        player: Seat,
    },
    /// `player` took back their last move, and with it the computers' replies after it:
    /// `turns` turns in all, the newest ones. The state becomes the replay of the events
    /// before the withdrawn ones (the bag as it was, so the same tiles are drawn again); the
    /// withdrawn turns stay on the scoresheet, marked ([`crate::Turn::taken_back`]).
    TakenBack {
        player: Seat,
        turns: u32,
    },
    /// `player`, to move, showed their rack ("Show my rack": the handoff cover lifted).
    /// Recorded only where it closes something a restart must not open again: the take-back
    /// of another person's move just before it ([`crate::Match::take_back_turns`]); a window
    /// of a later rule that ends at the reveal reads it the same way. It changes no tile,
    /// score or turn. Matches saved before it (issue 42) have none: a reveal was not kept.
    RackShown {
        player: Seat,
    },
    /// `player` challenged the newest move, a person's play (matches with challenges on,
    /// [`MatchOptions::challenges`]). `not_in_list` names the move's words the list lacks, as
    /// the challenge found them: not empty, the move is withdrawn (the board, the bag and the
    /// mover's rack as they were before it; the turn stays, scoring 0, and counts toward the
    /// passes ending); empty, the move stands and the match's penalty applies. Replay takes
    /// the recorded words as the challenge's finding, as it takes a placement's words.
    Challenged {
        player: Seat,
        not_in_list: Vec<String>,
    },
    /// Nobody challenged the newest move and it stands: chosen on the "Challenge?" cover
    /// shown before a computer's turn or the match's end, or by the app when no one left at
    /// the table would challenge. (A person's "Show my rack" closes the window as
    /// [`Event::RackShown`].) Where the move ended the match, the end follows it.
    Unchallenged,
    /// `player`, the person to move with their rack shown, looked `word` up from the match
    /// screen in a match with challenges on (issue 46: the word checker there, `check_word`
    /// naming the match): whether it is in the list is what a challenge would decide, so the
    /// lookup is assistance, recorded as a hint is, and shown on the turn they then play.
    /// `in_list` is what they were told. It changes no tile, score or turn.
    WordLookedUp {
        player: Seat,
        word: String,
        in_list: bool,
    },
    HintTaken {
        player: Seat,
        kind: HintKind,
        /// What the hint showed ([`HintShown`], which reads every shape stored so far);
        /// `null` in records of an early `wordclub-cli play`, which kept nothing.
        #[serde(default)]
        shown: Option<HintShown>,
    },
    Ended {
        result: MatchResult,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    WentOut,
    /// Every active player passed or exchanged the set number of times in a row.
    ScorelessTurns,
    Resigned,
    TurnLimit,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct BestTurn {
    pub turn: u32,
    pub notation: String,
    pub score: u32,
}

/// How a match ended.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct MatchResult {
    pub reason: EndReason,
    /// The seat that went out (reason `went_out`).
    pub went_out: Option<Seat>,
    pub scores_before_adjustment: Vec<i32>,
    /// Per seat: + the others' rack values for going out, − own rack value otherwise.
    pub adjustments: Vec<i32>,
    pub final_scores: Vec<i32>,
    /// Equal highest scores share the win; a resigned player never wins.
    pub winners: Vec<Seat>,
    pub resigned: Vec<bool>,
    pub best_turns: Vec<Option<BestTurn>>,
    /// Hints taken per seat.
    pub hints: Vec<u32>,
    pub turns: u32,
}
