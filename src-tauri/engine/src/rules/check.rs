//! The one rule-set validator. Every way a rule set comes in (a new match, a stored match
//! opened again, a rule file given to the CLI or the lab, the built-in files) is checked here,
//! and every problem is reported at once, each with the path of its field
//! (`by_table[1].rack_size`, `start_points[1]`), so a file with five mistakes is mended in one
//! go rather than five.
//!
//! Every bound is checked without arithmetic that could overflow (a range test, never `abs`),
//! and the bounds on the numbers that meet scores (start points, the bingo bonus) keep a score
//! far inside `i32`; the engine's own arithmetic on them saturates besides.
use std::collections::HashSet;
use std::fmt;

use serde::{Deserialize, Serialize};
use wordclub_lexicon::{WordList, RACK_MAX};

use super::{ExchangePolicy, RuleSet, TableChanges};
use crate::error::EngineError;

/// The most points a seat may start with, either way: a start that outweighs a whole match is
/// a mistake in a rule file, not a handicap.
pub const MAX_START_POINTS: i32 = 1000;

/// The most players any rule set seats (a rule set with more is refused as unplayable).
pub const MAX_PLAYERS: u8 = 4;

/// The largest board side a new match is dealt on: the move generator's (its arrays are sized
/// by it, and every seat may be a computer's or ask for a suggested move).
pub const MAX_BOARD: u8 = 15;

/// The largest board side of a rule set stored by a build before [`MAX_BOARD`] was the
/// engine's bound (the board's notation names columns A–Z): such a match still opens and
/// replays; only new matches keep to [`MAX_BOARD`].
pub const MAX_RECORDED_BOARD: u8 = 26;

/// The largest bingo bonus: ten times the classic game's. With it a move's score stays far
/// from `u32`'s end (the engine adds it saturating besides).
pub const MAX_BINGO_BONUS: u32 = 500;

/// One mistake in a rule set: the path of its field as a rule file writes it
/// (`tiles[4].letter`, `by_table[0].start_points[2]`, `end`) and a sentence saying what is
/// wrong there.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RuleProblem {
    pub path: String,
    pub message: String,
}

impl fmt::Display for RuleProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}`: {}", self.path, self.message)
    }
}

/// Which bounds a rule set is held to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RuleBounds {
    /// A rule set a new match may be dealt under (a built-in, a rule file, a new match): every
    /// check.
    New,
    /// A rule set recorded in a stored match's start event: the checks the build that
    /// recorded it applied (the board up to [`MAX_RECORDED_BOARD`], the star on it, the rack,
    /// the players, the start points), so every match an earlier build could record still
    /// opens and replays. The later checks (a shipped default list, an ending, the exchange's
    /// numbers, the bingo bonus's bound) decide what may be dealt, not what was; the engine's
    /// arithmetic on a recorded bonus saturates rather than wraps.
    Recorded,
}

impl RuleSet {
    /// Every problem that keeps this rule set from being dealt in a new match, each with its
    /// field's path; `Ok` when there is none.
    pub fn validate(&self) -> Result<(), EngineError> {
        self.validate_with(RuleBounds::New)
    }

    /// [`RuleSet::validate`] under the given bounds.
    pub fn validate_with(&self, bounds: RuleBounds) -> Result<(), EngineError> {
        let problems = self.problems(bounds);
        if problems.is_empty() {
            Ok(())
        } else {
            Err(EngineError::InvalidRuleSet { problems })
        }
    }

    /// Every problem of this rule set under `bounds`: its own fields, then, when it changes
    /// with the number of players, its `by_table` entries and the flat rule set of every table
    /// size it seats. A mistake found at one table size is named by the `by_table` entry that
    /// makes it (`by_table[1].rack_size`, "at 4 players: …"), or by the entry alone when it
    /// comes from a field the entry leaves as it is (`by_table[0]`, "at 3 players,
    /// exchange.max_tiles: …").
    pub fn problems(&self, bounds: RuleBounds) -> Vec<RuleProblem> {
        let mut out = Vec::new();
        flat_problems(self, bounds, &mut out);
        out.extend(self.table_problems());
        if self.by_table.is_empty() || !self.table_sizes_readable() {
            return out;
        }
        let base: HashSet<RuleProblem> = out.iter().cloned().collect();
        for n in self.table_sizes() {
            let flat = self.flat_at(n);
            let entry = self
                .by_table
                .iter()
                .position(|c| usize::from(c.players) == n);
            let mut found = Vec::new();
            flat_problems(&flat, bounds, &mut found);
            for p in found {
                let top = p.path.split(['.', '[']).next().unwrap_or(&p.path);
                let problem = match entry {
                    // The entry sets the field: the mistake is in it.
                    Some(i) if entry_sets(&self.by_table[i], top) => RuleProblem {
                        path: format!("by_table[{i}].{}", p.path),
                        message: format!("at {n} players: {}", p.message),
                    },
                    // The entry's changes do not fit a field it leaves as it is.
                    Some(i) if !base.contains(&p) => RuleProblem {
                        path: format!("by_table[{i}]"),
                        message: format!("at {n} players, {}: {}", p.path, p.message),
                    },
                    // The rule set's own field, reported once above.
                    _ => continue,
                };
                if !out.contains(&problem) {
                    out.push(problem);
                }
            }
        }
        out
    }

    /// The player range can be read as a range of table sizes (the per-size checks need one).
    fn table_sizes_readable(&self) -> bool {
        self.players.min >= 1 && self.players.max <= MAX_PLAYERS
    }

    /// The `by_table` entries name sizes this rule set seats, once each, and their start
    /// points fit their table; the rule set's own start points fit its largest table.
    pub(super) fn table_problems(&self) -> Vec<RuleProblem> {
        let mut out = Vec::new();
        start_point_problems(
            "start_points",
            &self.start_points,
            self.players.max,
            &mut out,
        );
        if self.table.is_some() && !self.by_table.is_empty() {
            out.push(problem(
                "table",
                "a rule set made flat for one table size has no by_table entries",
            ));
        }
        let mut seen = HashSet::new();
        for (i, c) in self.by_table.iter().enumerate() {
            if !self.table_sizes().contains(&usize::from(c.players)) {
                out.push(problem(
                    format!("by_table[{i}].players"),
                    format!(
                        "this rule set seats {} to {} players, not {}",
                        self.players.min, self.players.max, c.players
                    ),
                ));
            } else if !seen.insert(c.players) {
                out.push(problem(
                    format!("by_table[{i}].players"),
                    format!("{} players has an entry already", c.players),
                ));
            }
            if let Some(points) = &c.start_points {
                let path = format!("by_table[{i}].start_points");
                start_point_problems(&path, points, c.players, &mut out);
            }
        }
        out
    }
}

fn problem(path: impl Into<String>, message: impl Into<String>) -> RuleProblem {
    RuleProblem {
        path: path.into(),
        message: message.into(),
    }
}

/// Whether a `by_table` entry sets the rule set field named `top`.
fn entry_sets(c: &TableChanges, top: &str) -> bool {
    match top {
        "board_size" => c.board_size.is_some(),
        "star" => c.star.is_some(),
        "premiums" => c.premiums.is_some(),
        "tiles" => c.tiles.is_some(),
        "rack_size" => c.rack_size.is_some(),
        "bingo_bonus" => c.bingo_bonus.is_some(),
        "exchange" => c.exchange.is_some(),
        "leave" => c.leave.is_some(),
        "start_points" => c.start_points.is_some(),
        _ => false,
    }
}

/// At most one start value per seat of the table, each within [`MAX_START_POINTS`] either
/// way (a range test: `i32::MIN` has no absolute value in `i32`).
fn start_point_problems(path: &str, points: &[i32], seats: u8, out: &mut Vec<RuleProblem>) {
    if points.len() > usize::from(seats) {
        out.push(problem(
            path,
            format!(
                "lists {} seats; the table seats at most {seats}",
                points.len()
            ),
        ));
    }
    for (i, p) in points.iter().enumerate() {
        if !(-MAX_START_POINTS..=MAX_START_POINTS).contains(p) {
            out.push(problem(
                format!("{path}[{i}]"),
                format!("{p} points; a seat starts with at most {MAX_START_POINTS} either way"),
            ));
        }
    }
}

/// The checks of one flat rule set (as one table size plays it).
fn flat_problems(rules: &RuleSet, bounds: RuleBounds, out: &mut Vec<RuleProblem>) {
    let new = bounds == RuleBounds::New;
    let largest = match bounds {
        RuleBounds::New => MAX_BOARD,
        RuleBounds::Recorded => MAX_RECORDED_BOARD,
    };
    let n = rules.board_size;
    if new && rules.id.trim().is_empty() {
        out.push(problem("id", "must not be empty"));
    }
    if !(2..=largest).contains(&n) {
        out.push(problem(
            "board_size",
            format!("must be 2 to {largest} squares a side, not {n}"),
        ));
    }
    if rules.star.row >= n || rules.star.col >= n {
        out.push(problem(
            "star",
            format!("{} is off a {n}×{n} board", rules.star),
        ));
    }
    if !(1..=RACK_MAX).contains(&usize::from(rules.rack_size)) {
        // Every rack dealt must be one the words hint answers (any of its tiles a blank).
        out.push(problem(
            "rack_size",
            format!("must be 1 to {RACK_MAX}, not {}", rules.rack_size),
        ));
    }
    let players = rules.players;
    if players.min == 0 || players.min > players.max || players.max > MAX_PLAYERS {
        out.push(problem(
            "players",
            format!(
                "must be a range within 1 to {MAX_PLAYERS} players, not {} to {}",
                players.min, players.max
            ),
        ));
    }
    if !new {
        return;
    }
    let mut seen = HashSet::new();
    for (i, p) in rules.premiums.iter().enumerate() {
        if p.square.row >= n || p.square.col >= n {
            out.push(problem(
                format!("premiums[{i}].square"),
                format!("{} is off a {n}×{n} board", p.square),
            ));
        } else if !seen.insert(p.square) {
            out.push(problem(
                format!("premiums[{i}].square"),
                format!("{} is listed twice", p.square),
            ));
        }
    }
    let mut letters = HashSet::new();
    for (i, t) in rules.tiles.iter().enumerate() {
        if !(t.letter.is_ascii_uppercase() || t.letter == '?') {
            out.push(problem(
                format!("tiles[{i}].letter"),
                format!("must be A to Z or ? (the blank), not {:?}", t.letter),
            ));
        } else if !letters.insert(t.letter) {
            out.push(problem(
                format!("tiles[{i}].letter"),
                format!("{} is listed twice", t.letter),
            ));
        }
    }
    if rules.bag().iter().all(|&t| t == b'?') {
        out.push(problem("tiles", "the bag holds no letter tile"));
    } else if rules.bag_size() < usize::from(rules.rack_size) {
        out.push(problem(
            "tiles",
            format!(
                "the bag holds {} tiles, fewer than one rack of {}",
                rules.bag_size(),
                rules.rack_size
            ),
        ));
    }
    if rules.bingo_bonus > MAX_BINGO_BONUS {
        out.push(problem(
            "bingo_bonus",
            format!("must be 0 to {MAX_BINGO_BONUS}, not {}", rules.bingo_bonus),
        ));
    }
    if let ExchangePolicy::Chosen { min_bag, max_tiles } = rules.exchange {
        if min_bag == 0 {
            out.push(problem(
                "exchange.min_bag",
                "must be at least 1: an exchange draws its replacements from the bag before \
                 it returns the old tiles",
            ));
        }
        if max_tiles == 0 || max_tiles > rules.rack_size {
            out.push(problem(
                "exchange.max_tiles",
                format!(
                    "must be 1 to the rack size ({}), not {max_tiles}",
                    rules.rack_size
                ),
            ));
        }
    }
    let end = rules.end;
    if end.scoreless_turns_in_a_row == Some(0) {
        out.push(problem(
            "end.scoreless_turns_in_a_row",
            "must be at least 1 (or null for no pass ending)",
        ));
    }
    if end.turn_limit.is_some_and(|limit| limit.turns == 0) {
        out.push(problem("end.turn_limit.turns", "must be at least 1"));
    }
    if !end.going_out && end.scoreless_turns_in_a_row.is_none() && end.turn_limit.is_none() {
        out.push(problem(
            "end",
            "no way for a match to end (going_out, scoreless_turns_in_a_row or turn_limit)",
        ));
    }
    if WordList::builtin(&rules.default_list).is_err() {
        out.push(problem(
            "default_list",
            format!("{:?} is not a shipped word list", rules.default_list),
        ));
    }
}
