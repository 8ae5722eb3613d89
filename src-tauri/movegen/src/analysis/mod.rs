//! Post-game analysis (SPEC §6): for every turn of a finished match, what the player held,
//! what they played, the best moves they had (by score and by the Hard player's valuation),
//! the played move's rank among every legal move and the points it missed; per player the
//! totals and the best move they missed.
//!
//! The analyser works on [`TurnPosition`]s — a board, the rack to move and what was played —
//! so the same code reads a Word Club match (its engine replay, [`positions_of`]) and a GCG
//! record from elsewhere ([`gcg::positions_of_gcg`]). Every turn is one full generation over
//! the move generator's [`Sink`]: nothing is sampled, so the rank is exact.
//!
//! Choices where the issue is silent:
//! - Rank: 1 + the number of legal placements scoring strictly more than the played one
//!   (equal scores share a rank). `value_rank` is the same under Hard's valuation.
//! - Alternatives: the five best placements in the move list's order (score, then notation);
//!   the played move is among them when it is one of the five.
//! - A pass or an exchange "plays" 0 points: it misses the best score available; its rank is
//!   not given (it is not a placement). A resignation is not a turn the player chose a move
//!   in, so it is left out.
//! - "Played the best move": a placement whose score equals the best available.
//! - Bingos are counted only where the rule set pays a bingo bonus (the classic sets).
//! - Leave values are Hard's own (score + weight × leave; with the bag empty, score − 2 × the
//!   tiles left), from `players::valuation`, rounded to 0.01 in the output.

pub mod gcg;
mod replay;

use serde::{Deserialize, Serialize};
use wordclub_engine::{score_placement, Board, GcgMove, ListRef, Placement, RuleSet, Seat};
use wordclub_lexicon::WordList;

use crate::bridge::{grid_of, layout_of, polite_gaddag_for, rack_of};
use crate::error::MovegenError;
use crate::gen::{Found, Generator, Sink};
use crate::layout::{Layout, Rack};
use crate::leave::LeaveTable;
use crate::moves::Move;
use crate::players::{best_exchange, leave_after, valuation};

pub use replay::{analyse_match, positions_of};

/// Bumped whenever the analysis of the same match could come out differently (or in another
/// shape): stored analyses of an older version are recomputed on their next request.
/// Manners 2 (issue 24) did not bump it: an analysis kept before them is read back as it was
/// (the history fixtures check that), and says so by carrying no `manners_version`. Manners 3
/// (issue 44) did: it blocks words manners 2 let the named best moves offer (GRINGAS,
/// MONGOLOIDS) and offers words it withheld (PRICKS, TINKERS), so an analysis kept under
/// manners 2 is made again. [`ANALYSED_WITH_MANNERS`] says which manners this version names
/// moves with; a test fails when the manners move without it.
pub const ANALYSER_VERSION: u32 = 2;

/// The manners version ([`wordclub_lexicon::MANNERS_VERSION`]) this analyser version names
/// its best moves with. Changing the manners changes what the analysis names: bump
/// [`ANALYSER_VERSION`] and this together.
pub const ANALYSED_WITH_MANNERS: u32 = 3;

// The manners moved without the analyser's version: stored analyses would name words the
// polite computer no longer offers (or leave out ones it now does).
const _: () = assert!(ANALYSED_WITH_MANNERS == wordclub_lexicon::MANNERS_VERSION);

/// How many alternatives each turn lists.
pub const ALTERNATIVES: usize = 5;

/// Why an analysis could not be made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnalysisError {
    /// The match is not over: its racks are still secret.
    MatchInProgress,
    /// The word list given is not the one the match is pinned to.
    WrongWordList { expected: String, given: String },
    /// The recorded match or record cannot be replayed: the engine's refusal.
    Replay(wordclub_engine::EngineError),
    /// A GCG record that cannot be read (line number, 1-based).
    Gcg { line: usize, reason: String },
    /// The rule set cannot be driven by the move generator: the generator's refusal.
    Unsupported(MovegenError),
}

impl AnalysisError {
    pub fn kind(&self) -> &'static str {
        match self {
            AnalysisError::MatchInProgress => "match_in_progress",
            AnalysisError::WrongWordList { .. } => "wrong_word_list",
            AnalysisError::Replay(_) => "bad_events",
            AnalysisError::Gcg { .. } => "bad_gcg",
            AnalysisError::Unsupported(_) => "unsupported",
        }
    }
}

impl std::fmt::Display for AnalysisError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AnalysisError::MatchInProgress => write!(
                f,
                "this match is not over: its analysis shows every rack, so it is made only once \
                 the match has ended"
            ),
            AnalysisError::WrongWordList { expected, given } => write!(
                f,
                "the match is pinned to word list {expected}, not {given}"
            ),
            AnalysisError::Replay(e) => write!(f, "the match cannot be replayed: {e}"),
            AnalysisError::Gcg { line, reason } => write!(f, "GCG line {line}: {reason}"),
            AnalysisError::Unsupported(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for AnalysisError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            AnalysisError::Replay(e) => Some(e),
            AnalysisError::Unsupported(e) => Some(e),
            _ => None,
        }
    }
}

/// What was played on a turn.
#[derive(Debug, Clone, PartialEq)]
pub enum Played {
    Place {
        notation: String,
        score: u32,
        tiles: Vec<Placement>,
    },
    /// The tiles returned, as rack text.
    Exchange {
        tiles: String,
    },
    Pass,
}

/// One turn to analyse: the position before it and what the player did.
#[derive(Debug, Clone)]
pub struct TurnPosition {
    /// 1-based over the whole match.
    pub turn: u32,
    pub player: Seat,
    pub board: Board,
    /// The player's rack before the turn (`?` blank).
    pub rack: Vec<u8>,
    pub bag_len: usize,
    /// Whether an exchange was allowed (Hard may choose one).
    pub can_exchange: bool,
    pub played: Played,
    pub hint_taken: bool,
}

/// A word a move forms, with its score.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct WordPoints {
    pub word: String,
    pub score: u32,
}

/// One placement, as the analysis shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct Candidate {
    /// GCG: `8H QUIXOTE`, `.` for a tile already on the board, lower case for a blank.
    pub notation: String,
    /// The main word spelled out (`QUIXOTE`).
    pub word: String,
    /// Where it starts and which way: `8H across`, `H8 down`.
    pub place: String,
    /// Every word it forms, main word first, as the engine's scorer scores them.
    pub words: Vec<WordPoints>,
    pub score: u32,
    pub bingo: bool,
    /// The tiles kept on the rack after it.
    pub leave: String,
    /// Hard's valuation of it (see `players::valuation`).
    pub value: f64,
}

/// The exchange Hard would make: the best subset of the rack to keep.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct ExchangeChoice {
    /// Tiles to return.
    pub tiles: String,
    /// Tiles kept.
    pub keep: String,
    /// The kept tiles' leave value.
    pub value: f64,
}

/// What the player did, beside the figures of the position.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PlayedMove {
    Place {
        notation: String,
        word: String,
        score: u32,
        leave: String,
        value: f64,
        bingo: bool,
    },
    Exchange {
        tiles: String,
        keep: String,
        value: f64,
    },
    Pass,
}

/// One analysed turn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct TurnAnalysis {
    pub turn: u32,
    pub player: Seat,
    /// The rack held before the turn (sorted, blanks last).
    pub rack: String,
    pub played: PlayedMove,
    /// How many legal placements there were.
    pub moves: u64,
    pub best_by_score: Option<Candidate>,
    pub best_by_value: Option<Candidate>,
    /// Up to [`ALTERNATIVES`] placements, best first in list order.
    pub alternatives: Vec<Candidate>,
    /// The played placement's rank by score (1 = best; ties share).
    pub rank: Option<u64>,
    /// Its rank by Hard's valuation.
    pub value_rank: Option<u64>,
    /// Best score available − score played (never negative).
    pub points_missed: u32,
    /// For an exchange turn (or one where Hard would exchange): the best exchange by leave.
    pub best_exchange: Option<ExchangeChoice>,
    /// Hard, in this position, would exchange rather than place.
    pub hard_would_exchange: bool,
    /// A bingo was available (only where the rule set pays one).
    pub bingo_available: Option<bool>,
    pub hint_taken: bool,
}

/// The largest gap one player left.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct MissedMove {
    pub turn: u32,
    pub best: Candidate,
    /// What was played instead (`8H CAT`, `exchange`, `pass`).
    pub played: String,
    pub played_score: u32,
    pub points_missed: u32,
}

/// Per player totals.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct PlayerAnalysis {
    pub seat: Seat,
    pub name: String,
    pub turns: u32,
    pub points_missed: u32,
    /// Mean rank of the placements played (None without any).
    pub average_rank: Option<f64>,
    /// Placements that scored the best available.
    pub best_played: u32,
    pub best_missed: Option<MissedMove>,
    /// Where the rule set pays a bingo: turns with one available, and bingos played.
    pub bingos_available: Option<u32>,
    pub bingos_found: Option<u32>,
    pub hints: u32,
}

/// A whole match's analysis.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct Analysis {
    pub analyser_version: u32,
    /// The rule set and word list the analysis used: the match's own.
    pub rules_id: String,
    pub rules_label: String,
    pub list: ListRef,
    pub list_name: String,
    /// The version of the kept list of offensive words the named moves leave alone
    /// ([`wordclub_lexicon::MANNERS_VERSION`]): the best moves, alternatives and best missed
    /// moves are only moves a polite computer may make, so an analysis never names an
    /// offensive word as what a player should have played. 0 (and left out of the JSON) in an
    /// analysis kept before manners were applied, which named any word.
    #[serde(default, skip_serializing_if = "no_manners")]
    pub manners_version: u32,
    pub players: Vec<PlayerAnalysis>,
    pub turns: Vec<TurnAnalysis>,
}

/// An analysis kept before manners has no manners version (serde's skip test).
fn no_manners(version: &u32) -> bool {
    *version == 0
}

/// Rack bytes sorted, blanks last (as GCG shows racks).
pub(crate) fn sorted_rack(rack: &[u8]) -> String {
    let mut t = rack.to_vec();
    t.sort_by_key(|&b| (b == b'?', b));
    t.iter().map(|&b| b as char).collect()
}

/// Leave values to 0.01 (as f64, so JSON shows `13.92`, not the f32's `13.920000076293945`).
fn round2(v: f32) -> f64 {
    (f64::from(v) * 100.0).round() / 100.0
}

/// What one generation pass keeps: counts against the played move and the best few.
struct TurnSink<'a> {
    played_score: i32,
    played_value: Option<f32>,
    value: &'a dyn Fn(i32, &Rack) -> f32,
    rack_size: usize,
    moves: u64,
    higher_score: u64,
    higher_value: u64,
    bingo: bool,
    top: Vec<Move>,
    best_value: Option<(f32, Move)>,
}

impl Sink for TurnSink<'_> {
    #[inline]
    fn found(&mut self, f: &Found<'_>) {
        self.moves += 1;
        if f.score > self.played_score {
            self.higher_score += 1;
        }
        let v = (self.value)(f.score, f.leave);
        if self.played_value.is_some_and(|p| v > p) {
            self.higher_value += 1;
        }
        if !self.bingo && f.tiles.iter().filter(|&&t| t != 0).count() == self.rack_size {
            self.bingo = true;
        }
        // The best by value, ties to the earlier in list order (as Hard breaks them).
        match &self.best_value {
            Some((bv, _)) if v < *bv => {}
            Some((bv, bm)) if v == *bv => {
                let m = f.to_move();
                if Move::list_order(&m, bm).is_lt() {
                    self.best_value = Some((v, m));
                }
            }
            _ => self.best_value = Some((v, f.to_move())),
        }
        // The top few in list order.
        if self.top.len() == ALTERNATIVES && f.score < self.top[ALTERNATIVES - 1].score {
            return;
        }
        let m = f.to_move();
        let at = self
            .top
            .iter()
            .position(|b| Move::list_order(&m, b).is_lt())
            .unwrap_or(self.top.len());
        if at < ALTERNATIVES {
            self.top.insert(at, m);
            self.top.truncate(ALTERNATIVES);
        }
    }
}

/// The rules, list and tables one analysis runs with.
pub struct Analyser<'a> {
    rules: &'a RuleSet,
    layout: Layout,
    list: &'a WordList,
    table: &'static LeaveTable,
    generator: Generator,
}

impl<'a> Analyser<'a> {
    pub fn new(rules: &'a RuleSet, list: &'a WordList) -> Result<Analyser<'a>, AnalysisError> {
        let layout = layout_of(rules).map_err(AnalysisError::Unsupported)?;
        let table = LeaveTable::for_rules(rules).map_err(AnalysisError::Unsupported)?;
        Ok(Analyser {
            rules,
            layout,
            list,
            table,
            generator: Generator::new(),
        })
    }

    fn candidate(&self, board: &Board, rack: &Rack, m: &Move, value: f32) -> Candidate {
        let placements = m.placements();
        let leave = leave_after(rack, m);
        // The engine's scorer names the words; the generator's score is the same by the
        // agreement tests, and the engine's is what the history shows.
        let (words, score, bingo, notation) = match score_placement(board, self.rules, &placements)
        {
            Ok(s) => (
                s.words
                    .iter()
                    .map(|w| WordPoints {
                        word: w.word.clone(),
                        score: w.score,
                    })
                    .collect::<Vec<_>>(),
                s.score,
                s.bingo > 0,
                s.notation,
            ),
            Err(_) => (Vec::new(), m.score.max(0) as u32, false, m.notation()),
        };
        let grid = grid_of(board);
        let coordinate = notation.split(' ').next().unwrap_or_default().to_string();
        Candidate {
            word: words
                .first()
                .map(|w| w.word.clone())
                .unwrap_or_else(|| m.word_on(&grid)),
            place: format!("{coordinate} {}", if m.down { "down" } else { "across" }),
            notation,
            words,
            score,
            bingo,
            leave: sorted_rack(&rack_bytes(&leave)),
            value: round2(value),
        }
    }

    /// Analyses one turn.
    pub fn turn(&mut self, pos: &TurnPosition) -> TurnAnalysis {
        let rack = rack_of(&pos.rack);
        let grid = grid_of(&pos.board);
        let endgame = pos.bag_len == 0;
        let weight = self.table.weight;
        let values = self.layout.values;
        let table = &self.table;
        let value = move |score: i32, leave: &Rack| {
            valuation(table, weight, &values, endgame, score, leave)
        };
        let (played_score, played_leave) = match &pos.played {
            Played::Place { score, tiles, .. } => (
                *score as i32,
                Some(without(&pos.rack, tiles.iter().map(|p| p.tile.rack_byte()))),
            ),
            _ => (0, None),
        };
        let played_value = played_leave
            .as_ref()
            .map(|left| value(played_score, &rack_of(left)));
        let mut sink = TurnSink {
            played_score,
            played_value,
            value: &value,
            rack_size: self.layout.rack_size,
            moves: 0,
            higher_score: 0,
            higher_value: 0,
            bingo: false,
            top: Vec::new(),
            best_value: None,
        };
        // Polite, as the computer and the hints are: the moves counted, ranked and named are
        // the ones they may make (a person's offensive word is still scored and ranked as
        // played, against those).
        let g = polite_gaddag_for(self.list);
        self.generator
            .generate(&g, &self.layout, &grid, &rack, &mut sink);
        let best_score = sink.top.first().map_or(0, |m| m.score.max(0) as u32);
        let alternatives: Vec<Candidate> = sink
            .top
            .iter()
            .map(|m| self.candidate(&pos.board, &rack, m, value(m.score, &leave_after(&rack, m))))
            .collect();
        let best_by_value = sink
            .best_value
            .map(|(v, m)| self.candidate(&pos.board, &rack, &m, v));
        let best_move_value = sink.best_value.map(|(v, _)| v);
        // Hard's own rule: with exchanges in its table, the bag not empty and an exchange
        // allowed, it exchanges when the best kept subset is worth more than every move.
        let exchange = (pos.can_exchange && !endgame)
            .then(|| best_exchange(self.table, &rack))
            .flatten();
        let hard_would_exchange = self.table.exchanges
            && exchange
                .as_ref()
                .is_some_and(|(kv, _)| best_move_value.is_none_or(|v| *kv > v));
        let played = match &pos.played {
            Played::Place {
                notation, score, ..
            } => {
                let left = played_leave.clone().unwrap_or_default();
                PlayedMove::Place {
                    notation: notation.clone(),
                    word: main_word(&pos.board, self.rules, &pos.played),
                    score: *score,
                    leave: sorted_rack(&left),
                    value: round2(played_value.unwrap_or(0.0)),
                    bingo: self.rules.bingo_bonus > 0
                        && matches!(&pos.played, Played::Place { tiles, .. } if tiles.len() == self.layout.rack_size),
                }
            }
            Played::Exchange { tiles } => {
                let keep = without(&pos.rack, tiles.bytes());
                PlayedMove::Exchange {
                    tiles: sorted_rack(tiles.as_bytes()),
                    value: round2(self.table.value(&rack_of(&keep))),
                    keep: sorted_rack(&keep),
                }
            }
            Played::Pass => PlayedMove::Pass,
        };
        let show_exchange = matches!(pos.played, Played::Exchange { .. }) || hard_would_exchange;
        let is_place = matches!(pos.played, Played::Place { .. });
        TurnAnalysis {
            turn: pos.turn,
            player: pos.player,
            rack: sorted_rack(&pos.rack),
            played,
            moves: sink.moves,
            best_by_score: alternatives.first().cloned(),
            best_by_value,
            alternatives,
            rank: is_place.then_some(sink.higher_score + 1),
            value_rank: is_place.then_some(sink.higher_value + 1),
            points_missed: best_score.saturating_sub(played_score.max(0) as u32),
            best_exchange: exchange
                .filter(|_| show_exchange)
                .map(|(v, give)| ExchangeChoice {
                    tiles: sorted_rack(give.as_bytes()),
                    keep: sorted_rack(&without(&pos.rack, give.bytes())),
                    value: round2(v),
                }),
            hard_would_exchange,
            bingo_available: (self.rules.bingo_bonus > 0).then_some(sink.bingo),
            hint_taken: pos.hint_taken,
        }
    }

    /// Analyses every turn and adds up each player's figures.
    pub fn analyse(
        &mut self,
        list: ListRef,
        names: &[String],
        positions: &[TurnPosition],
    ) -> Analysis {
        let turns: Vec<TurnAnalysis> = positions.iter().map(|p| self.turn(p)).collect();
        let players = names
            .iter()
            .enumerate()
            .map(|(seat, name)| summarise(seat, name, &turns, self.rules.bingo_bonus > 0))
            .collect();
        Analysis {
            analyser_version: ANALYSER_VERSION,
            rules_id: self.rules.id.clone(),
            rules_label: self.rules.label.clone(),
            list_name: self.list.info().name.clone(),
            manners_version: wordclub_lexicon::MANNERS_VERSION,
            list,
            players,
            turns,
        }
    }
}

/// `rack` less one of each of `tiles` (rack bytes).
fn without(rack: &[u8], tiles: impl IntoIterator<Item = u8>) -> Vec<u8> {
    let mut left = rack.to_vec();
    for b in tiles {
        if let Some(i) = left.iter().position(|&x| x == b) {
            left.remove(i);
        }
    }
    left
}

fn rack_bytes(rack: &Rack) -> Vec<u8> {
    rack.text().into_bytes()
}

fn main_word(board: &Board, rules: &RuleSet, played: &Played) -> String {
    match played {
        Played::Place { tiles, .. } => score_placement(board, rules, tiles)
            .ok()
            .and_then(|s| s.words.first().map(|w| w.word.clone()))
            .unwrap_or_default(),
        _ => String::new(),
    }
}

fn played_text(p: &PlayedMove) -> (String, u32) {
    match p {
        PlayedMove::Place {
            notation, score, ..
        } => (notation.clone(), *score),
        PlayedMove::Exchange { tiles, .. } => (format!("exchange {tiles}"), 0),
        PlayedMove::Pass => ("pass".to_string(), 0),
    }
}

fn summarise(seat: Seat, name: &str, turns: &[TurnAnalysis], bingos: bool) -> PlayerAnalysis {
    let mine: Vec<&TurnAnalysis> = turns.iter().filter(|t| t.player == seat).collect();
    let ranks: Vec<u64> = mine.iter().filter_map(|t| t.rank).collect();
    let best_missed = mine
        .iter()
        .filter(|t| t.points_missed > 0)
        // The largest gap; the earliest of equal gaps.
        .fold(None::<&&TurnAnalysis>, |best, t| match best {
            Some(b) if b.points_missed >= t.points_missed => Some(b),
            _ => Some(t),
        })
        .and_then(|t| {
            let (played, played_score) = played_text(&t.played);
            t.best_by_score.clone().map(|best| MissedMove {
                turn: t.turn,
                best,
                played,
                played_score,
                points_missed: t.points_missed,
            })
        });
    PlayerAnalysis {
        seat,
        name: name.to_string(),
        turns: mine.len() as u32,
        points_missed: mine.iter().map(|t| t.points_missed).sum(),
        average_rank: (!ranks.is_empty())
            .then(|| ranks.iter().sum::<u64>() as f64 / ranks.len() as f64),
        best_played: mine
            .iter()
            .filter(|t| t.rank.is_some() && t.points_missed == 0)
            .count() as u32,
        best_missed,
        bingos_available: bingos.then(|| {
            mine.iter()
                .filter(|t| t.bingo_available == Some(true))
                .count() as u32
        }),
        bingos_found: bingos.then(|| {
            mine.iter()
                .filter(|t| matches!(t.played, PlayedMove::Place { bingo: true, .. }))
                .count() as u32
        }),
        hints: mine.iter().filter(|t| t.hint_taken).count() as u32,
    }
}

/// The engine's placements for a GCG move on `board` (for callers that hold notation only).
pub fn placements_of(
    board: &Board,
    notation: &str,
) -> Result<Vec<Placement>, wordclub_engine::EngineError> {
    GcgMove::parse(notation).and_then(|m| m.placements(board))
}
