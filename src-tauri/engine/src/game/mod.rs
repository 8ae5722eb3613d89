//! A match: state = fold(events).
//!
//! The first event ([`Event::Started`]) records the whole rule set, the word list reference,
//! the players, the seed and the full initial bag order; every later event records the tiles
//! it drew (and an exchange the bag order after its shuffle), so replaying never uses the
//! random number generator. An accepted action appends its event, plus [`Event::Ended`] when
//! it ends the match; a refused action changes nothing.
//!
//! Its seams, one file each: `events` (the saved event schema), `deal` (a new deal and
//! replay), `ending` (end conditions and results), `view` (what a viewer may see); this
//! file holds the state and the one place it changes, [`Match::fold`].
mod deal;
mod ending;
mod events;
mod hints;
mod view;

pub use deal::Deal;
pub use events::{
    BestTurn, ChallengePenalty, ChallengeRule, EndReason, Event, ListRef, MatchOptions,
    MatchResult, PlayerKind, PlayerSpec, Seat, MAX_HEAD_START,
};
pub use hints::{HintShown, HintTile, HintWord, WordGroup};
pub use view::{Can, ExchangeBlocked, PlayerView, Standing, TakeBackOffer, View};

use std::collections::BTreeMap;

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use serde::{Deserialize, Serialize};
use wordclub_lexicon::WordList;

use crate::board::Board;
use crate::error::EngineError;
use crate::notation::{parse_rack, rack_text};
use crate::rules::{ExchangePolicy, HintKind, PassPolicy, RuleSet};
use crate::scoring::{check_words, score_placement, ScoredMove, WordScore};
use crate::types::{Direction, Placement, Square};

/// What a player asks to do.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    Place {
        player: Seat,
        tiles: Vec<Placement>,
    },
    /// Tiles to return, as rack text (`?` for a blank). Solo (whole-rack exchange): empty
    /// means the first `min(bag, rack)` rack tiles; otherwise exactly that many.
    Exchange {
        player: Seat,
        tiles: String,
    },
    Pass {
        player: Seat,
    },
    /// Leave the match (any time, by any active player; confirmation is the UI's job).
    Resign {
        player: Seat,
    },
    /// `player` takes back the move they just made (with the computers' replies after it),
    /// where the match allows take-backs ([`Match::take_back_turns`] says when).
    TakeBack {
        player: Seat,
    },
    /// `player` challenges the newest move, a person's play, where the match has challenges
    /// on ([`Match::challenge_window`] says when).
    Challenge {
        player: Seat,
    },
    /// The person to move looks `word` up from the match screen, in a match with challenges
    /// on ([`Event::WordLookedUp`]; the engine says whether the list holds it).
    LookUpWord {
        player: Seat,
        word: String,
    },
    /// A hint was shown to the player to move; `shown` is what they saw.
    HintTaken {
        player: Seat,
        kind: HintKind,
        shown: HintShown,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum TurnKind {
    Place,
    Exchange,
    Pass,
    Resign,
}

/// A hint taken, as recorded against a turn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct HintRecord {
    pub kind: HintKind,
    /// What it showed; `None` where that is kept from the viewer ([`Turn::without_shown`])
    /// or was never recorded (an early `wordclub-cli play` stored `null`). Left out of the
    /// JSON when `None`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shown: Option<HintShown>,
}

/// One turn of the match history. Turns are rebuilt by every replay, never stored, so a
/// field added here changes no saved match.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct Turn {
    /// 1-based, over the whole match.
    pub number: u32,
    pub player: Seat,
    pub kind: TurnKind,
    /// GCG notation of a placement (`8H CAT`).
    pub notation: Option<String>,
    pub words: Vec<WordScore>,
    pub bingo: u32,
    pub score: u32,
    /// Number of tiles exchanged (exchange turns only).
    pub exchanged: u32,
    /// The line a placement runs along (a one-tile move: across when its across word has
    /// 2+ letters, else down); `None` for other turns.
    pub direction: Option<Direction>,
    /// The squares a placement covered, along its line; empty for other turns.
    pub squares: Vec<Square>,
    /// Every seat's score after this turn.
    pub totals: Vec<i32>,
    /// Hints this player took before this turn.
    pub hints: Vec<HintRecord>,
    /// How many words this player looked up from the match screen before this turn
    /// ([`Event::WordLookedUp`]: assistance, like a hint). Only counted, as hints are on the
    /// scoresheet: the words came from the looker's rack. Left out of the JSON when 0.
    #[serde(default, skip_serializing_if = "events::is_zero")]
    #[cfg_attr(feature = "contract", ts(optional, as = "Option<u32>"))]
    pub looked_up: u32,
    /// The turn was taken back ([`Event::TakenBack`]): it stays on the scoresheet, struck
    /// through, and counts for nothing (its hints went back to the turn played instead).
    /// Left out of the JSON when false, so the answers about matches with no take-back stay
    /// as they were.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(feature = "contract", ts(optional, as = "Option<bool>"))]
    pub taken_back: bool,
    /// This play was challenged ([`Event::Challenged`]): by whom, and what came of it. Left
    /// out of the JSON when it was not.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "contract", ts(optional))]
    pub challenge: Option<TurnChallenge>,
    /// The turn a failed challenge cost its challenger (the match's penalty
    /// [`ChallengePenalty::LoseTurn`]): scoreless, like a pass. Left out when false.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(feature = "contract", ts(optional, as = "Option<bool>"))]
    pub lost_turn: bool,
}

/// A challenge of a play, as the scoresheet shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct TurnChallenge {
    /// Who challenged.
    pub by: Seat,
    /// The play's words the list lacks: not empty, the play was withdrawn (the turn scores 0);
    /// empty, it stood.
    pub not_in_list: Vec<String>,
    /// Points the play's player gained when it stood (the match's +5 or +10), counted in the
    /// turn's totals.
    pub bonus: u32,
}

impl TurnChallenge {
    /// The challenge found a word outside the list: the play was withdrawn.
    pub fn withdrawn(&self) -> bool {
        !self.not_in_list.is_empty()
    }
}

/// The challenge open now ([`Match::challenge_window`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct ChallengeWindow {
    /// The person whose play may be challenged.
    pub mover: Seat,
    /// The play's words (each once, as on the board): what "`Challenge <words>`" names.
    pub words: Vec<String>,
    /// The play ends the match unless a challenge withdraws it: the end waits.
    pub ends_match: bool,
    /// The seats that may challenge: every other seat still in the match.
    pub challengers: Vec<Seat>,
}

impl Turn {
    /// This turn with what its hints showed taken out: it is drawn from the taker's rack, so
    /// it stays with them (and, in the history, until the match is over).
    pub fn without_shown(&self) -> Turn {
        let mut t = self.clone();
        for h in &mut t.hints {
            h.shown = None;
        }
        t
    }
}

/// A match in progress or finished.
///
/// Dealt from a seed (or a fixed deal, as here), played by [`Match::apply`], and nothing but
/// the fold of its [`Event`]s: replaying them gives the same match.
///
/// ```
/// use wordclub_engine::{Action, Deal, GcgMove, ListRef, Match, PlayerSpec, RuleSet};
/// use wordclub_lexicon::WordList;
///
/// let rules = RuleSet::builtin("wordclub-1.0")?;
/// let list = WordList::builtin(&rules.default_list)?;
/// let players = vec![PlayerSpec::human("Ann"), PlayerSpec::human("Ben")];
/// let racks = Some(vec!["CATEIOL".to_string(), "SNNDBGL".to_string()]);
/// let deal = Deal { racks, draw_order: "ARTE".to_string() };
/// let mut game = Match::with_deal(rules, ListRef::of(list), players, 7, deal)?;
/// let cat = GcgMove::parse("5D CAT")?.placements(game.board())?;
/// game.apply(Action::Place { player: 0, tiles: cat }, list)?;
/// game.apply(Action::Pass { player: 1 }, list)?;
/// assert_eq!(game.turns()[0].words[0].word, "CAT");
/// assert_eq!(game.rack(0), Some(&b"EIOLART"[..]), "the rack drew the bag's first tiles");
/// assert_eq!(game.to_move(), Some(0));
/// let replayed = Match::replay(game.events())?;
/// assert_eq!((replayed.scores(), replayed.rack(1)), (game.scores(), game.rack(1)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Match {
    rules: RuleSet,
    options: MatchOptions,
    list: ListRef,
    players: Vec<PlayerSpec>,
    seed: u64,
    board: Board,
    /// Front = next tile drawn.
    bag: Vec<u8>,
    racks: Vec<Vec<u8>>,
    scores: Vec<i32>,
    resigned: Vec<bool>,
    /// Tiles of resigned players, out of play.
    out_of_play: Vec<u8>,
    to_move: Seat,
    /// Consecutive passes/exchanges per seat.
    streaks: Vec<u32>,
    turns_taken: Vec<u32>,
    /// Consecutive scoreless turns across the table (for CGP).
    scoreless_turns: u32,
    turns: Vec<Turn>,
    /// Every turn in the order played, taken-back ones included (marked): the scoresheet.
    sheet: Vec<Turn>,
    /// Take-backs per seat (assistance, like a hint).
    take_backs: Vec<u32>,
    pending_hints: Vec<Vec<HintRecord>>,
    hints: Vec<u32>,
    /// Words each seat looked up from the match screen since its last turn.
    pending_lookups: Vec<u32>,
    /// Seats whose next turn a failed challenge cost (penalty "lose the next turn").
    lost_turn: Vec<bool>,
    events: Vec<Event>,
    result: Option<MatchResult>,
    /// The state just before the newest person's play, exchange or pass (taken only where
    /// take-backs are allowed): what a take-back of it restores, so that a take-back folds
    /// nothing again and replay stays linear in the events however many it meets.
    before_move: Option<Box<Checkpoint>>,
}

/// The part of a [`Match`] that its events change and a take-back gives back, as it stood
/// before the event at index `at`. The rest is either fixed at the start (rules, players,
/// seed) or carried on through a take-back (the events, the scoresheet, the take-back
/// counts); the standing turns are a prefix of the later ones (only turns are added until
/// the take-back), so only their number is kept.
#[derive(Debug, Clone)]
struct Checkpoint {
    at: usize,
    board: Board,
    bag: Vec<u8>,
    racks: Vec<Vec<u8>>,
    scores: Vec<i32>,
    resigned: Vec<bool>,
    out_of_play: Vec<u8>,
    to_move: Seat,
    streaks: Vec<u32>,
    turns_taken: Vec<u32>,
    scoreless_turns: u32,
    turns: usize,
    pending_hints: Vec<Vec<HintRecord>>,
    hints: Vec<u32>,
    pending_lookups: Vec<u32>,
    lost_turn: Vec<bool>,
    result: Option<MatchResult>,
}

#[cfg(feature = "fold-count")]
std::thread_local! {
    /// Events this thread folded into matches (feature `fold-count`).
    static FOLDS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// Whether take-backs on this thread restore by replaying the events before the cut, as
    /// builds before issue 42 did (the tests' reference).
    static BY_REPLAY: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// How many events this thread has folded into matches, counting each event again whenever
/// it is replayed: for the tests that check replay is linear in the events, whatever the
/// take-backs (feature `fold-count`, a test build's only). Per thread, so tests running
/// side by side do not count each other's.
#[cfg(feature = "fold-count")]
pub fn fold_steps_on_this_thread() -> u64 {
    FOLDS.with(std::cell::Cell::get)
}

/// Makes take-backs on this thread restore the state by replaying every event before the
/// cut (`true`), as builds before issue 42 did — exponential in the take-backs — instead of
/// from the checkpoint: the reference the tests compare with, and the "before" of the bench
/// (feature `fold-count`, a test build's only).
#[cfg(feature = "fold-count")]
#[doc(hidden)]
pub fn take_backs_by_replay_on_this_thread(on: bool) {
    BY_REPLAY.with(|b| b.set(on));
}

fn count_tiles(tiles: &[u8]) -> BTreeMap<u8, i64> {
    let mut m = BTreeMap::new();
    for &t in tiles {
        *m.entry(t).or_insert(0) += 1;
    }
    m
}

/// Removes each tile of `take` from `from`; on a missing tile, `from` is left unchanged.
fn take_tiles(from: &mut Vec<u8>, take: &[u8]) -> Result<(), EngineError> {
    let mut left = from.clone();
    for &t in take {
        match left.iter().position(|&x| x == t) {
            Some(i) => {
                left.remove(i);
            }
            None => {
                return Err(EngineError::TileNotOnRack {
                    letter: t as char,
                    rack: rack_text(from),
                })
            }
        }
    }
    *from = left;
    Ok(())
}

impl Match {
    // ---- reading -------------------------------------------------------------------------

    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }
    /// A seat's total before its first move: the rule set's start points at this table and
    /// the head start the players gave it ([`PlayerSpec::head_start`]). The one sum every
    /// reader takes (the deal's first scores, the view, the history's detail, the GCG).
    pub fn start_total(&self, seat: Seat) -> i32 {
        let head = self
            .players
            .get(seat)
            .map_or(0, |p| i32::try_from(p.head_start).unwrap_or(i32::MAX));
        self.rules.start_points_of(seat).saturating_add(head)
    }

    /// What the players chose for this match (hints allowed or not, our words).
    pub fn options(&self) -> MatchOptions {
        self.options.clone()
    }

    /// The family's additions and blocks this match pinned when it started ("Use our words").
    pub fn our_words(&self) -> Option<&wordclub_lexicon::HouseWords> {
        self.options.our_words.as_ref()
    }

    /// The words this match is played with: the list it is pinned to, with the additions and
    /// blocks it pinned when it has them (built once per process). The one list every check
    /// of this match's words asks (`apply`, hints, the analysis, graphs, `define`).
    pub fn word_list(&self) -> Result<&'static WordList, wordclub_lexicon::LexiconError> {
        WordList::pinned_with(&self.list.id, &self.list.sha256, self.our_words())
    }
    /// Whether a player may take a hint in this match: the rule set offers one and the
    /// players left "Allow hints" on.
    pub fn hints_allowed(&self) -> bool {
        self.hint_kind().is_some()
    }

    /// The hint a player may take in this match: the rule set's ([`RuleSet::hint_kind`]),
    /// unless the players turned "Allow hints" off.
    pub fn hint_kind(&self) -> Option<HintKind> {
        self.rules.hint_kind().filter(|_| self.options.hints)
    }

    /// The hint `seat` may take now, or why not: they must be the player to move, the
    /// players must have left "Allow hints" on, and the rule set must offer one.
    pub fn hint_to_give(&self, seat: Seat) -> Result<HintKind, EngineError> {
        self.check_turn(seat)?;
        if !self.options.hints {
            return Err(EngineError::HintsOff);
        }
        self.rules
            .hint_kind()
            .ok_or_else(|| EngineError::HintNotAllowed {
                kind: "any".to_string(),
                rules: self.rules.id.clone(),
            })
    }

    /// What this match's hint already showed `seat` during the turn in progress (their
    /// pending hints are this turn's). Asking again in the same turn is the same hint: a
    /// caller shows it again from here, and [`Match::apply`] records no new event for it.
    pub fn hint_shown_this_turn(&self, seat: Seat) -> Option<&HintShown> {
        let kind = self.hint_kind()?;
        self.pending_hints(seat)
            .iter()
            .rev()
            .find(|h| h.kind == kind)
            .and_then(|h| h.shown.as_ref())
    }
    /// Whether `seat` already took this match's hint during the turn in progress (whatever
    /// it showed; a record of an early `wordclub-cli play` kept nothing).
    fn hint_taken_this_turn(&self, seat: Seat) -> bool {
        let Some(kind) = self.hint_kind() else {
            return false;
        };
        self.pending_hints(seat).iter().any(|h| h.kind == kind)
    }
    pub fn list(&self) -> &ListRef {
        &self.list
    }
    pub fn players(&self) -> &[PlayerSpec] {
        &self.players
    }
    pub fn seed(&self) -> u64 {
        self.seed
    }
    pub fn board(&self) -> &Board {
        &self.board
    }
    pub fn scores(&self) -> &[i32] {
        &self.scores
    }
    pub fn bag_len(&self) -> usize {
        self.bag.len()
    }
    pub fn resigned(&self) -> &[bool] {
        &self.resigned
    }
    /// Tiles that left play with resigned players.
    pub fn out_of_play(&self) -> &[u8] {
        &self.out_of_play
    }
    /// The seat to move, None once the match is over.
    pub fn to_move(&self) -> Option<Seat> {
        self.result.is_none().then_some(self.to_move)
    }
    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }
    pub fn events(&self) -> &[Event] {
        &self.events
    }
    /// The turns that stand, in order (taken-back ones are not among them).
    pub fn turns(&self) -> &[Turn] {
        &self.turns
    }
    /// Every turn in the order it was played, taken-back ones included and marked
    /// ([`Turn::taken_back`]): what the scoresheet shows.
    pub fn sheet(&self) -> &[Turn] {
        &self.sheet
    }
    /// Take-backs per seat over the whole match (each counts as assistance, like a hint).
    pub fn take_backs(&self) -> &[u32] {
        &self.take_backs
    }
    pub fn result(&self) -> Option<&MatchResult> {
        self.result.as_ref()
    }
    /// Consecutive scoreless turns across the table.
    pub fn scoreless_turns(&self) -> u32 {
        self.scoreless_turns
    }
    /// A seat's rack (rack bytes, `?` blank), for computer players and hints. Never put this
    /// in anything another player sees; [`Match::view`] is what players get.
    pub fn rack(&self, seat: Seat) -> Option<&[u8]> {
        self.racks.get(seat).map(|r| r.as_slice())
    }

    /// Whether `seat` could exchange now (its turn, policy and bag allow it).
    pub fn can_exchange(&self, seat: Seat) -> bool {
        self.check_turn(seat).is_ok() && self.exchange_size_range(seat).is_ok()
    }

    /// Whether `seat` could pass now.
    pub fn can_pass(&self, seat: Seat) -> bool {
        self.check_turn(seat).is_ok() && self.check_pass().is_ok()
    }

    /// How many tiles `seat` may exchange now, as `(fewest, most)`: `None` when it may not
    /// exchange at all (not its turn, the match is over, the rule set has no exchange, or the
    /// bag holds fewer than the rule set's `min_bag`). The one owner of the exchange range:
    /// [`Match::apply`] checks an exchange against it and views report it; the rule itself is
    /// [`RuleSet::exchange_range`], applied to this match's bag and the seat's rack.
    pub fn exchange_range(&self, seat: Seat) -> Option<(usize, usize)> {
        self.check_turn(seat).ok()?;
        self.exchange_size_range(seat).ok()
    }

    /// Hints taken per seat, over the whole match.
    pub fn hints_taken(&self) -> &[u32] {
        &self.hints
    }

    /// The hints `seat` took that are not attached to a turn yet, in the order taken: for the
    /// player to move, the hints of the turn in progress (each is attached to that player's
    /// next turn; only the player to move may take one). Empty for a seat out of range.
    pub fn pending_hints(&self, seat: Seat) -> &[HintRecord] {
        self.pending_hints.get(seat).map_or(&[], Vec::as_slice)
    }

    /// The take-back open now, as `(the seat that may take back, turns it withdraws)`: the
    /// newest turns are one person's play, exchange or pass followed only by computers'
    /// replies, with nothing else since (no hint, resignation or take-back, and no other
    /// person's rack shown: [`Event::RackShown`]), the match is still on and its players
    /// allowed take-backs. The one owner of the rule: [`Match::apply`] checks a take-back
    /// against it, views report it, and [`crate::Table`] records the reveal that closes it
    /// ([`Match::show_rack`]).
    pub fn take_back_turns(&self) -> Result<(Seat, u32), EngineError> {
        if !self.options.take_backs {
            return Err(EngineError::TakeBacksOff);
        }
        if self.result.is_some() {
            return Err(EngineError::TakeBackAfterEnd);
        }
        let nothing = |reason: &str| {
            Err(EngineError::NothingToTakeBack {
                reason: reason.to_string(),
            })
        };
        let mut turns = 0u32;
        let mut shown_by = None;
        for event in self.events.iter().rev() {
            let seat = match event {
                Event::RackShown { player } => {
                    shown_by = Some(*player);
                    continue;
                }
                Event::Placed { player, .. }
                | Event::Exchanged { player, .. }
                | Event::Passed { player } => *player,
                // "No challenge" on the cover closes nothing for the mover.
                Event::Unchallenged => continue,
                Event::Challenged { .. } => return nothing("the move was challenged"),
                Event::HintTaken { .. } => return nothing("a hint was taken since"),
                Event::WordLookedUp { .. } => return nothing("a word was looked up since"),
                Event::Resigned { .. } => return nothing("a player resigned since"),
                Event::TakenBack { .. } => return nothing("the last move was already taken back"),
                Event::Started { .. } => return nothing("no move has been played yet"),
                Event::Ended { .. } => return Err(EngineError::TakeBackAfterEnd),
            };
            turns += 1;
            if self.players[seat].kind == PlayerKind::Human {
                // The next person has seen their rack after the move: it stands. (The mover's
                // own rack shown, where only computers sit between, does not close it.)
                if let Some(next) = shown_by.filter(|&next| next != seat) {
                    return Err(EngineError::TakeBackClosed {
                        name: self.players[next].name.clone(),
                    });
                }
                return Ok((seat, turns));
            }
        }
        nothing("no move has been played yet")
    }

    // ---- acting --------------------------------------------------------------------------

    /// `seat`, the person to move, shows their rack ("Show my rack"). It is recorded
    /// ([`Event::RackShown`], returned) only when it closes a take-back open for another
    /// person's move, so that a restart does not open it again; any other reveal changes
    /// nothing and adds no event (the cover itself is the table's, [`crate::Table`]).
    pub fn show_rack(&mut self, seat: Seat) -> Result<&[Event], EngineError> {
        self.check_turn(seat)?;
        if self.players[seat].kind != PlayerKind::Human {
            return Err(EngineError::ComputerToMove {
                name: self.players[seat].name.clone(),
            });
        }
        let before = self.events.len();
        let challenge = self.challenge_window().ok();
        if challenge.as_ref().is_some_and(|w| w.ends_match) {
            return Err(EngineError::ChallengeBeforeEnd);
        }
        if challenge.is_some() || self.take_back_turns().is_ok_and(|(mover, _)| mover != seat) {
            self.fold(Event::RackShown { player: seat })?;
        }
        Ok(&self.events[before..])
    }

    /// The challenge open now, or why none is: the match has challenges on, is still on,
    /// and its newest event is a person's play that another seat still in the match could
    /// challenge. It closes when the next player shows their rack ([`Event::RackShown`]), when
    /// "No challenge" is chosen ([`Match::let_stand`]), with a challenge, or with anything
    /// else that follows the play. The one owner of the rule: [`Match::apply`] checks a
    /// challenge against it and the table's views report it.
    pub fn challenge_window(&self) -> Result<ChallengeWindow, EngineError> {
        if self.options.challenges.is_none() {
            return Err(EngineError::ChallengesOff);
        }
        if self.result.is_some() {
            return Err(EngineError::MatchOver);
        }
        let nothing = |reason: &str| {
            Err(EngineError::NothingToChallenge {
                reason: reason.to_string(),
            })
        };
        let closed = |reason: String| Err(EngineError::ChallengeClosed { reason });
        match self.events.last() {
            Some(Event::Placed { player, words, .. }) => {
                let mover = *player;
                if self.players[mover].kind != PlayerKind::Human {
                    return Err(EngineError::ChallengeComputerMove {
                        name: self.players[mover].name.clone(),
                    });
                }
                let challengers: Vec<Seat> = (0..self.players.len())
                    .filter(|&s| s != mover && !self.resigned[s])
                    .collect();
                if challengers.is_empty() {
                    return nothing("nobody else is left in the match");
                }
                let mut names: Vec<String> = Vec::new();
                for w in words {
                    if !names.contains(&w.word) {
                        names.push(w.word.clone());
                    }
                }
                Ok(ChallengeWindow {
                    mover,
                    words: names,
                    ends_match: self.end_check(mover).is_some(),
                    challengers,
                })
            }
            Some(Event::Challenged { .. }) => Err(EngineError::AlreadyChallenged),
            Some(Event::RackShown { player }) => closed(format!(
                "{} has shown their rack",
                self.players[*player].name
            )),
            Some(Event::Unchallenged) => closed("\"No challenge\" was chosen".to_string()),
            Some(Event::TakenBack { .. }) => nothing("the last move was taken back"),
            Some(Event::Started { .. }) => nothing("no move has been played yet"),
            _ => nothing("the last turn was not a play"),
        }
    }

    /// The plays that stand with words outside `list`, nobody having challenged them in time
    /// (a match with challenges on): each turn's number and those words, in turn order. What
    /// the end screen, the detail and the analysis mark "not in the list, not challenged";
    /// callers show it only once the match is over, as it tells what no challenge asked.
    pub fn unchallenged_words(&self, list: &WordList) -> Vec<(u32, Vec<String>)> {
        if self.options.challenges.is_none() {
            return Vec::new();
        }
        self.turns
            .iter()
            .filter(|t| t.kind == TurnKind::Place && t.challenge.is_none())
            .filter_map(|t| {
                let mut words: Vec<String> = Vec::new();
                for w in &t.words {
                    if !list.contains(w.word.as_bytes()) && !words.contains(&w.word) {
                        words.push(w.word.clone());
                    }
                }
                (!words.is_empty()).then_some((t.number, words))
            })
            .collect()
    }

    /// "No challenge": the newest play stands (a "Challenge?" cover before a computer's turn
    /// or the match's end, or nobody left who would challenge). Recorded
    /// ([`Event::Unchallenged`], returned) so that a restart does not open it again; a play
    /// that went out ends the match here.
    pub fn let_stand(&mut self) -> Result<&[Event], EngineError> {
        self.challenge_window()?;
        let before = self.events.len();
        self.fold(Event::Unchallenged)?;
        Ok(&self.events[before..])
    }

    /// The match is still on and `player` is in it (resigning needs no more than this).
    fn check_active(&self, player: Seat) -> Result<(), EngineError> {
        if self.result.is_some() {
            return Err(EngineError::MatchOver);
        }
        if player >= self.players.len() || self.resigned[player] {
            return Err(EngineError::PlayerNotInMatch {
                player,
                players: self.players.len(),
            });
        }
        Ok(())
    }

    fn check_turn(&self, player: Seat) -> Result<(), EngineError> {
        self.check_active(player)?;
        if player != self.to_move {
            return Err(EngineError::NotYourTurn {
                player,
                to_move: self.to_move,
            });
        }
        Ok(())
    }

    fn check_list(&self, list: &WordList) -> Result<(), EngineError> {
        let info = list.info();
        let ours = |h: Option<&wordclub_lexicon::HouseWords>| match h {
            Some(h) => format!(" with our words {}", h.sha256),
            None => String::new(),
        };
        let (wanted, given) = (ours(self.our_words()), ours(list.house()));
        if info.id != self.list.id || info.sha256 != self.list.sha256 || wanted != given {
            let list_ref = ListRef::of(list);
            return Err(EngineError::WrongWordList {
                expected: format!("{} ({}){wanted}", self.list.id, self.list.sha256),
                given: format!("{} ({}){given}", list_ref.id, list_ref.sha256),
            });
        }
        Ok(())
    }

    /// How many tiles `seat` may exchange now, as (min, max).
    fn exchange_size_range(&self, seat: Seat) -> Result<(usize, usize), EngineError> {
        self.rules
            .exchange_sizes(self.bag.len(), self.racks[seat].len())
    }

    fn check_pass(&self) -> Result<(), EngineError> {
        match self.rules.pass {
            PassPolicy::Always => Ok(()),
            PassPolicy::OnlyWhenBagEmpty if self.bag.is_empty() => Ok(()),
            PassPolicy::OnlyWhenBagEmpty => Err(EngineError::PassNotAllowed {
                bag: self.bag.len(),
            }),
        }
    }

    /// Scores staged tiles for `player` without committing anything (every rule checked).
    pub fn preview(
        &self,
        player: Seat,
        tiles: &[Placement],
        list: &WordList,
    ) -> Result<ScoredMove, EngineError> {
        self.check_list(list)?;
        self.check_turn(player)?;
        let scored = score_placement(&self.board, &self.rules, tiles)?;
        let used: Vec<u8> = scored.tiles.iter().map(|p| p.tile.rack_byte()).collect();
        take_tiles(&mut self.racks[player].clone(), &used)?;
        // With challenges on, a play is accepted whatever its words and nobody is told which
        // are in the list until someone challenges (issue 46): a fault of words alone is no
        // fault here, while every placement rule above still refuses and names.
        if self.options.challenges.is_none() {
            check_words(&scored, list)?;
        }
        Ok(scored)
    }

    /// Applies an action. Accepted: returns the events it appended (its own, then `Ended`
    /// when it ended the match); none for a hint asked again in the same turn (it is the
    /// hint already taken, [`Match::hint_shown_this_turn`]). Refused: a typed error, and the
    /// match is unchanged.
    pub fn apply(&mut self, action: Action, list: &WordList) -> Result<&[Event], EngineError> {
        self.check_list(list)?;
        if !matches!(action, Action::Challenge { .. } | Action::TakeBack { .. })
            && self.challenge_window().is_ok_and(|w| w.ends_match)
        {
            return Err(EngineError::ChallengeBeforeEnd);
        }
        let event = match action {
            Action::Place { player, tiles } => {
                let scored = self.preview(player, &tiles, list)?;
                let n = self.draw_count(player, scored.tiles.len());
                Event::Placed {
                    player,
                    tiles: scored.tiles,
                    notation: scored.notation,
                    words: scored.words,
                    bingo: scored.bingo,
                    score: scored.score,
                    drawn: rack_text(&self.bag[..n]),
                }
            }
            Action::Exchange { player, tiles } => {
                self.check_turn(player)?;
                let (min, max) = self.exchange_size_range(player)?;
                let mut returned = parse_rack(&tiles)?;
                if returned.is_empty()
                    && min == max
                    && self.rules.exchange == ExchangePolicy::WholeRack
                {
                    returned = self.racks[player][..min].to_vec();
                }
                if returned.len() < min || returned.len() > max {
                    return Err(EngineError::ExchangeCount {
                        given: returned.len(),
                        min,
                        max,
                    });
                }
                take_tiles(&mut self.racks[player].clone(), &returned)?;
                let k = returned.len();
                let drawn = self.bag[..k].to_vec();
                let mut bag = self.bag[k..].to_vec();
                bag.extend(&returned);
                // Fresh generator per event, from the seed and the event number: the
                // resulting order is recorded, so replay never depends on it.
                let mut rng = StdRng::seed_from_u64(
                    self.seed ^ (self.events.len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15),
                );
                bag.shuffle(&mut rng);
                Event::Exchanged {
                    player,
                    returned: rack_text(&returned),
                    drawn: rack_text(&drawn),
                    bag: rack_text(&bag),
                }
            }
            Action::Pass { player } => {
                self.check_turn(player)?;
                self.check_pass()?;
                Event::Passed { player }
            }
            Action::Resign { player } => {
                self.check_active(player)?;
                if !self.rules.end.resign {
                    return Err(EngineError::ResignNotAllowed {
                        rules: self.rules.id.clone(),
                    });
                }
                Event::Resigned { player }
            }
            Action::TakeBack { player } => {
                let (mover, turns) = self.take_back_turns()?;
                if player != mover {
                    return Err(EngineError::NotYourMoveToTakeBack {
                        player,
                        mover: self.players[mover].name.clone(),
                    });
                }
                Event::TakenBack { player, turns }
            }
            Action::Challenge { player } => {
                let window = self.challenge_window()?;
                if player == window.mover {
                    return Err(EngineError::ChallengeOwnMove {
                        name: self.players[player].name.clone(),
                    });
                }
                if !window.challengers.contains(&player) {
                    return Err(EngineError::PlayerNotInMatch {
                        player,
                        players: self.players.len(),
                    });
                }
                let not_in_list = window
                    .words
                    .into_iter()
                    .filter(|w| !list.contains(w.as_bytes()))
                    .collect();
                Event::Challenged {
                    player,
                    not_in_list,
                }
            }
            Action::LookUpWord { player, word } => {
                self.check_turn(player)?;
                if self.options.challenges.is_none() {
                    return Err(EngineError::ChallengesOff);
                }
                let word = word.trim().to_ascii_uppercase();
                if word.is_empty()
                    || word.len() > usize::from(self.rules.board_size)
                    || !word.bytes().all(|b| b.is_ascii_uppercase())
                {
                    return Err(EngineError::BadLookUp { word });
                }
                Event::WordLookedUp {
                    player,
                    in_list: list.contains(word.as_bytes()),
                    word,
                }
            }
            Action::HintTaken {
                player,
                kind,
                shown,
            } => {
                self.check_turn(player)?;
                // The one hint a player of this rule set is given ([`RuleSet::hint_kind`]):
                // a rule set that lists more than one still gives only the first, so the
                // others are refused here rather than by every caller.
                if self.rules.hint_kind() != Some(kind) {
                    return Err(EngineError::HintNotAllowed {
                        kind: kind.as_str().to_string(),
                        rules: self.rules.id.clone(),
                    });
                }
                if !self.options.hints {
                    return Err(EngineError::HintsOff);
                }
                // Asked again in the same turn it is the same hint: accepted, with no new
                // event, so it is counted once whoever asks. Only a new action is judged so:
                // a stored history that holds a repeat (builds before this rule) still
                // folds it as it was recorded.
                if self.hint_taken_this_turn(player) {
                    return Ok(&self.events[self.events.len()..]);
                }
                Event::HintTaken {
                    player,
                    kind,
                    shown: Some(shown),
                }
            }
        };
        let before = self.events.len();
        // `fold` checks everything before it changes anything, so even an (impossible)
        // inconsistency here would leave the match unchanged.
        self.fold(event)?;
        Ok(&self.events[before..])
    }

    fn draw_count(&self, player: Seat, placed: usize) -> usize {
        let left = self.racks[player].len().saturating_sub(placed);
        (self.rules.rack_size as usize)
            .saturating_sub(left)
            .min(self.bag.len())
    }

    /// The one place state changes: applies an action event (already validated when live;
    /// checked for consistency when replayed), then ends the match if an end condition holds.
    fn fold(&mut self, event: Event) -> Result<(), EngineError> {
        #[cfg(feature = "fold-count")]
        FOLDS.with(|n| n.set(n.get() + 1));
        let index = self.events.len();
        let checkpoint = self.checkpoint_before(&event);
        let bad = |reason: String| EngineError::BadEvents { index, reason };
        match &event {
            Event::Placed {
                player,
                tiles,
                notation,
                words,
                bingo,
                score,
                drawn,
            } => {
                // Every check first, then the changes: a bad event leaves the match as it was.
                let player = *player;
                self.check_turn(player).map_err(|e| bad(e.to_string()))?;
                let scored = score_placement(&self.board, &self.rules, tiles)?;
                if scored.score != *score || scored.bingo != *bingo {
                    return Err(bad(format!(
                        "recorded score {score} but the move scores {}",
                        scored.score
                    )));
                }
                if &scored.words != words || &scored.notation != notation {
                    return Err(bad(format!(
                        "recorded words or notation ({notation}) differ from the move's ({})",
                        scored.notation
                    )));
                }
                let used: Vec<u8> = tiles.iter().map(|p| p.tile.rack_byte()).collect();
                let mut rack = self.racks[player].clone();
                take_tiles(&mut rack, &used)?;
                let drawn = parse_rack(drawn)?;
                let expected = self.draw_count(player, used.len());
                if drawn.len() != expected || self.bag[..expected] != drawn[..] {
                    return Err(bad("the recorded draw is not the bag's next tiles".into()));
                }
                for p in &scored.tiles {
                    self.board.place(p.square, p.tile)?;
                }
                rack.extend(self.bag.drain(..expected));
                self.racks[player] = rack;
                let points = i32::try_from(scored.score).unwrap_or(i32::MAX);
                self.scores[player] = self.scores[player].saturating_add(points);
                self.streaks[player] = 0;
                self.scoreless_turns = 0;
                self.turns_taken[player] += 1;
                self.record_turn(player, TurnKind::Place, Some(&scored), 0);
            }
            Event::Exchanged {
                player,
                returned,
                drawn,
                bag,
            } => {
                let player = *player;
                self.check_turn(player).map_err(|e| bad(e.to_string()))?;
                let returned = parse_rack(returned)?;
                let drawn = parse_rack(drawn)?;
                let k = returned.len();
                if drawn.len() != k || k > self.bag.len() || self.bag[..k] != drawn[..] {
                    return Err(bad(
                        "an exchange draws the bag's next tiles, as many as it returns".into(),
                    ));
                }
                let mut rack = self.racks[player].clone();
                take_tiles(&mut rack, &returned)?;
                let new_bag = parse_rack(bag)?;
                let mut expected = self.bag[k..].to_vec();
                expected.extend(&returned);
                if count_tiles(&expected) != count_tiles(&new_bag) {
                    return Err(bad("the bag after the exchange lost or gained tiles".into()));
                }
                rack.extend(drawn);
                self.racks[player] = rack;
                self.bag = new_bag;
                self.scoreless_turn(player);
                self.record_turn(player, TurnKind::Exchange, None, k as u32);
            }
            Event::Passed { player } => {
                let player = *player;
                self.check_turn(player).map_err(|e| bad(e.to_string()))?;
                self.scoreless_turn(player);
                self.record_turn(player, TurnKind::Pass, None, 0);
            }
            Event::Resigned { player } => {
                let player = *player;
                if player >= self.players.len() || self.resigned[player] || !self.rules.end.resign {
                    return Err(bad(format!("player {} cannot resign", player + 1)));
                }
                self.resigned[player] = true;
                let rack = std::mem::take(&mut self.racks[player]);
                self.out_of_play.extend(rack);
                self.record_turn(player, TurnKind::Resign, None, 0);
            }
            Event::HintTaken {
                player,
                kind,
                shown,
            } => {
                let player = *player;
                self.check_turn(player).map_err(|e| bad(e.to_string()))?;
                if !self.options.hints {
                    return Err(EngineError::HintsOff);
                }
                self.hints[player] += 1;
                self.pending_hints[player].push(HintRecord {
                    kind: *kind,
                    shown: shown.clone(),
                });
                self.events.push(event);
                return Ok(());
            }
            Event::WordLookedUp { player, .. } => {
                let player = *player;
                self.check_turn(player).map_err(|e| bad(e.to_string()))?;
                if self.options.challenges.is_none() {
                    return Err(EngineError::ChallengesOff);
                }
                self.pending_lookups[player] += 1;
                self.events.push(event);
                return Ok(());
            }
            Event::RackShown { player } => {
                let player = *player;
                self.check_turn(player).map_err(|e| bad(e.to_string()))?;
                if self.players[player].kind != PlayerKind::Human {
                    return Err(bad(format!("player {} has no rack to show", player + 1)));
                }
                if self.challenge_window().is_ok_and(|w| w.ends_match) {
                    return Err(bad(EngineError::ChallengeBeforeEnd.to_string()));
                }
                self.events.push(event);
                return Ok(());
            }
            Event::TakenBack { player, turns } => {
                let recorded = (*player, *turns);
                let open = self.take_back_turns().map_err(|e| bad(e.to_string()))?;
                if open != recorded {
                    return Err(bad(format!(
                        "a take-back of {} turns by player {} where the match allows {} by \
                         player {}",
                        recorded.1,
                        recorded.0 + 1,
                        open.1,
                        open.0 + 1
                    )));
                }
                self.take_back(event)?;
                return Ok(());
            }
            Event::Challenged {
                player,
                not_in_list,
            } => {
                let window = self.challenge_window().map_err(|e| bad(e.to_string()))?;
                if !window.challengers.contains(player) {
                    return Err(bad(format!("player {} cannot challenge", player + 1)));
                }
                let unknown = not_in_list.iter().find(|w| !window.words.contains(w));
                if let Some(word) = unknown {
                    return Err(bad(format!("{word} is not a word of the challenged move")));
                }
                let (challenger, not_in_list) = (*player, not_in_list.clone());
                self.events.push(event);
                self.challenged(challenger, &window, not_in_list)
                    .map_err(|e| bad(e.to_string()))?;
                return Ok(());
            }
            Event::Unchallenged => {
                let window = self.challenge_window().map_err(|e| bad(e.to_string()))?;
                self.events.push(event);
                if window.ends_match {
                    if let Some(result) = self.end_check(window.mover) {
                        self.end(result);
                    }
                }
                return Ok(());
            }
            Event::Started { .. } | Event::Ended { .. } => {
                return Err(bad("not an action event".into()));
            }
        }
        let actor = match &event {
            Event::Placed { player, .. }
            | Event::Exchanged { player, .. }
            | Event::Passed { player }
            | Event::Resigned { player } => *player,
            _ => unreachable!("handled above"),
        };
        debug_assert!(self.sheet.len() >= self.turns.len());
        if checkpoint.is_some() {
            self.before_move = checkpoint;
        }
        self.events.push(event);
        // A play that may still be challenged and would end the match waits for the
        // challenge: the end comes with "No challenge" or a challenge that lets it stand.
        let waits = self.challenge_window().is_ok_and(|w| w.ends_match);
        match self.end_check(actor).filter(|_| !waits) {
            Some(result) => self.end(result),
            None if actor == self.to_move => self.advance_turn(),
            None => {}
        }
        Ok(())
    }

    /// Ends the match with `result`, recording [`Event::Ended`].
    fn end(&mut self, result: MatchResult) {
        self.result = Some(result.clone());
        self.scores = result.final_scores.clone();
        self.events.push(Event::Ended { result });
    }

    /// Applies a checked [`Event::Challenged`] (already pushed) of `window`'s play.
    /// `not_in_list` not empty: the play is withdrawn — the state before it comes back from
    /// the take-back's checkpoint (nothing replayed, so replay stays linear), and its turn
    /// stays on the sheet scoring 0, a scoreless turn like a pass. Empty: the play stands,
    /// the mover gains the match's bonus, and a "lose the next turn" penalty costs the
    /// challenger their next turn; a play that ended the match ends it now.
    fn challenged(
        &mut self,
        challenger: Seat,
        window: &ChallengeWindow,
        not_in_list: Vec<String>,
    ) -> Result<(), EngineError> {
        let mover = window.mover;
        let penalty = self
            .options
            .challenges
            .map_or(ChallengePenalty::None, |r| r.penalty);
        // The play is the newest event before the challenge.
        let placed_at = self.events.len() - 2;
        if !not_in_list.is_empty() {
            let Some(mut turn) = self.sheet.pop() else {
                return Err(EngineError::NothingToChallenge {
                    reason: "no play on the scoresheet".into(),
                });
            };
            self.restore_before(placed_at)?;
            self.scoreless_turn(mover);
            turn.score = 0;
            turn.bingo = 0;
            turn.totals = self.scores.clone();
            turn.hints = std::mem::take(&mut self.pending_hints[mover]);
            turn.challenge = Some(TurnChallenge {
                by: challenger,
                not_in_list,
                bonus: 0,
            });
            self.sheet.push(turn.clone());
            self.turns.push(turn);
            match self.end_check(mover) {
                Some(result) => self.end(result),
                None => self.advance_turn(),
            }
            return Ok(());
        }
        let bonus = penalty.bonus();
        self.scores[mover] = self.scores[mover].saturating_add(bonus as i32);
        let total = self.scores[mover];
        let mark = TurnChallenge {
            by: challenger,
            not_in_list: Vec::new(),
            bonus,
        };
        for t in [self.sheet.last_mut(), self.turns.last_mut()]
            .into_iter()
            .flatten()
        {
            t.totals[mover] = total;
            t.challenge = Some(mark.clone());
        }
        if window.ends_match {
            if let Some(result) = self.end_check(mover) {
                self.end(result);
            }
            return Ok(());
        }
        if penalty == ChallengePenalty::LoseTurn {
            self.lost_turn[challenger] = true;
            while self.take_lost_turn() {}
        }
        Ok(())
    }

    /// The turn passes on ([`Match::advance`]), over any turn a failed challenge cost.
    fn advance_turn(&mut self) {
        self.advance();
        while self.take_lost_turn() {}
    }

    /// When the seat to move lost this turn to a failed challenge: records it (a scoreless
    /// turn, marked), ends the match if that ends it, else passes the turn on; `true` when
    /// it did pass the turn on.
    fn take_lost_turn(&mut self) -> bool {
        let seat = self.to_move;
        if self.result.is_some() || !self.lost_turn.get(seat).copied().unwrap_or(false) {
            return false;
        }
        self.lost_turn[seat] = false;
        self.scoreless_turn(seat);
        self.record_turn(seat, TurnKind::Pass, None, 0);
        for t in [self.sheet.last_mut(), self.turns.last_mut()]
            .into_iter()
            .flatten()
        {
            t.lost_turn = true;
        }
        if let Some(result) = self.end_check(seat) {
            self.end(result);
            return false;
        }
        self.advance();
        true
    }

    /// Puts back the state as it stood before the event at `cut`, a person's play, exchange
    /// or pass: from the checkpoint taken before it (nothing replayed, so a take-back or a
    /// withdrawn play costs the same however many came before), or, should there be none for
    /// `cut` (there always is), by replaying the events before it, which gives the same.
    fn restore_before(&mut self, cut: usize) -> Result<(), EngineError> {
        let checkpoint = self.before_move.take().filter(|c| c.at == cut);
        #[cfg(feature = "fold-count")]
        let checkpoint = checkpoint.filter(|_| !BY_REPLAY.with(std::cell::Cell::get));
        match checkpoint {
            Some(c) => self.restore(*c),
            None => {
                let back = Match::replay(&self.events[..cut])?;
                self.restore(back.checkpoint(cut));
                self.turns = back.turns;
            }
        }
        Ok(())
    }

    /// Applies a checked [`Event::TakenBack`]: the state becomes what it was before the
    /// withdrawn turns — the replay of the events before them (so the bag is as it was and
    /// the same tiles are drawn again; the hints taken before the withdrawn move wait for the
    /// turn played instead) — while the event log, the scoresheet (the withdrawn turns
    /// marked) and the take-back counts carry on. No state is undone by hand: it comes back
    /// whole from the checkpoint taken before the withdrawn move, never by replaying the
    /// prefix (which meets every earlier take-back and would double the work with each).
    fn take_back(&mut self, event: Event) -> Result<(), EngineError> {
        let Event::TakenBack { player, turns } = event else {
            unreachable!("called for a take-back only");
        };
        // The withdrawn turns are the newest `turns` action events: the first of them is
        // where the replay stops.
        let mut left = turns;
        let mut cut = self.events.len();
        while left > 0 {
            cut -= 1;
            if matches!(
                self.events[cut],
                Event::Placed { .. } | Event::Exchanged { .. } | Event::Passed { .. }
            ) {
                left -= 1;
            }
        }
        // The state before the withdrawn move is the checkpoint taken before it was folded
        // (the newest person's move, `cut`).
        self.restore_before(cut)?;
        // The withdrawn turns, and any turn a failed challenge cost that came between them
        // (not an event of its own: the state restored owes it again).
        let mut from = self.sheet.len();
        let mut left = turns;
        while left > 0 && from > 0 {
            from -= 1;
            if !self.sheet[from].lost_turn {
                left -= 1;
            }
        }
        for t in &mut self.sheet[from..] {
            t.taken_back = true;
            // Their hints go back with the move: they are counted once, on the turn played.
            t.hints.clear();
        }
        self.take_backs[player] += 1;
        self.events.push(event);
        Ok(())
    }

    /// The checkpoint a take-back of `event` would need: taken before a person's play,
    /// exchange or pass in a match that allows take-backs (only those open a take-back,
    /// [`Match::take_back_turns`]); none otherwise, so other matches pay nothing for it.
    fn checkpoint_before(&self, event: &Event) -> Option<Box<Checkpoint>> {
        let seat = match event {
            Event::Placed { player, .. }
            | Event::Exchanged { player, .. }
            | Event::Passed { player } => *player,
            _ => return None,
        };
        let person = self
            .players
            .get(seat)
            .is_some_and(|p| p.kind == PlayerKind::Human);
        // A play in a match with challenges may be withdrawn by one, which restores the same.
        let withdrawable = self.options.take_backs || self.options.challenges.is_some();
        (withdrawable && person).then(|| Box::new(self.checkpoint(self.events.len())))
    }

    fn checkpoint(&self, at: usize) -> Checkpoint {
        Checkpoint {
            at,
            board: self.board.clone(),
            bag: self.bag.clone(),
            racks: self.racks.clone(),
            scores: self.scores.clone(),
            resigned: self.resigned.clone(),
            out_of_play: self.out_of_play.clone(),
            to_move: self.to_move,
            streaks: self.streaks.clone(),
            turns_taken: self.turns_taken.clone(),
            scoreless_turns: self.scoreless_turns,
            turns: self.turns.len(),
            pending_hints: self.pending_hints.clone(),
            hints: self.hints.clone(),
            pending_lookups: self.pending_lookups.clone(),
            lost_turn: self.lost_turn.clone(),
            result: self.result.clone(),
        }
    }

    /// Puts the state of `c` back; the events, the scoresheet and the take-back counts carry
    /// on, and the standing turns go back to the first `c.turns`.
    fn restore(&mut self, c: Checkpoint) {
        let Checkpoint {
            at: _,
            board,
            bag,
            racks,
            scores,
            resigned,
            out_of_play,
            to_move,
            streaks,
            turns_taken,
            scoreless_turns,
            turns,
            pending_hints,
            hints,
            pending_lookups,
            lost_turn,
            result,
        } = c;
        self.board = board;
        self.bag = bag;
        self.racks = racks;
        self.scores = scores;
        self.resigned = resigned;
        self.out_of_play = out_of_play;
        self.to_move = to_move;
        self.streaks = streaks;
        self.turns_taken = turns_taken;
        self.scoreless_turns = scoreless_turns;
        self.turns.truncate(turns);
        self.pending_hints = pending_hints;
        self.hints = hints;
        self.pending_lookups = pending_lookups;
        self.lost_turn = lost_turn;
        self.result = result;
        self.before_move = None;
    }

    fn scoreless_turn(&mut self, player: Seat) {
        self.streaks[player] += 1;
        self.scoreless_turns += 1;
        self.turns_taken[player] += 1;
    }

    fn record_turn(
        &mut self,
        player: Seat,
        kind: TurnKind,
        scored: Option<&ScoredMove>,
        exchanged: u32,
    ) {
        let hints = std::mem::take(&mut self.pending_hints[player]);
        let looked_up = std::mem::take(&mut self.pending_lookups[player]);
        let turn = Turn {
            number: self.turns.len() as u32 + 1,
            player,
            kind,
            notation: scored.map(|s| s.notation.clone()),
            words: scored.map(|s| s.words.clone()).unwrap_or_default(),
            bingo: scored.map_or(0, |s| s.bingo),
            score: scored.map_or(0, |s| s.score),
            exchanged,
            direction: scored.map(|s| s.direction),
            squares: scored.map_or_else(Vec::new, |s| s.tiles.iter().map(|p| p.square).collect()),
            totals: self.scores.clone(),
            hints,
            looked_up,
            taken_back: false,
            challenge: None,
            lost_turn: false,
        };
        self.sheet.push(turn.clone());
        self.turns.push(turn);
    }

    /// Next seat after the current one that has not resigned.
    fn advance(&mut self) {
        let n = self.players.len();
        for step in 1..=n {
            let s = (self.to_move + step) % n;
            if !self.resigned[s] {
                self.to_move = s;
                return;
            }
        }
    }
}
