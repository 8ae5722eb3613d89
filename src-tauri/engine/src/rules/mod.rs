//! Rule sets as plain data. Each built-in rule set is one JSON file in `engine/rules/`
//! ([`builtin`]); every rule set, built-in or not, passes the one validator ([`check`]) before
//! a match is dealt under it; the rest of the engine reads these fields and never tests a
//! rule set's id.
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::error::EngineError;
use crate::types::{Premium, Square, BLANK};

mod builtin;
mod check;

pub use builtin::RULE_SET_IDS;
pub use check::{
    RuleBounds, RuleProblem, MAX_BINGO_BONUS, MAX_BOARD, MAX_PLAYERS, MAX_RECORDED_BOARD,
    MAX_START_POINTS,
};

/// One premium square of a layout (squares not listed are plain).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct PremiumSquare {
    pub square: Square,
    pub premium: Premium,
}

/// One kind of tile in the bag: `letter` is `A`–`Z` or `?` for the blank.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct TileSpec {
    pub letter: char,
    pub count: u8,
    pub value: u8,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct PlayerRange {
    pub min: u8,
    pub max: u8,
}

/// How a player may exchange tiles instead of playing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ExchangePolicy {
    /// No exchange at all.
    None,
    /// Choose `1..=max_tiles` tiles, only while the bag holds at least `min_bag`.
    Chosen { min_bag: u8, max_tiles: u8 },
    /// Solo: the staged draft is recalled and the whole rack is replaced, or as many tiles as
    /// the bag holds when it holds fewer (`min(bag, rack)`); refused with an empty bag.
    WholeRack,
}

/// When a player may pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum PassPolicy {
    Always,
    /// Solo: the exchange control becomes Pass once the bag is empty.
    OnlyWhenBagEmpty,
}

/// A hint a rule set offers. Taking one is recorded as assistance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum HintKind {
    /// Words spellable from the rack alone (blanks included), not where they fit.
    WordsFromRack,
    /// The best-scoring legal placement, staged as a draft.
    SuggestMove,
}

impl HintKind {
    pub fn as_str(self) -> &'static str {
        match self {
            HintKind::WordsFromRack => "words_from_rack",
            HintKind::SuggestMove => "suggest_move",
        }
    }
}

/// A fixed number of turns (plays, exchanges and passes all count).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct TurnLimit {
    pub turns: u32,
    /// `true`: `turns` each (classic-15-ten); `false`: `turns` in total (solo-10).
    pub per_player: bool,
}

/// How a match ends and what happens to the racks then.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct EndRules {
    /// The bag is empty and a player uses their last tile.
    pub going_out: bool,
    /// Every active player passes or exchanges this many times in a row.
    pub scoreless_turns_in_a_row: Option<u8>,
    /// Resigning is allowed (2 active players: ends; 3–4: the resigner leaves).
    pub resign: bool,
    pub turn_limit: Option<TurnLimit>,
    /// Going out: others lose their rack value, the one who went out gains the sum.
    /// Passes: each loses their own rack value. `false`: no deduction at all.
    pub rack_adjustment: bool,
}

/// A leave table shipped with the computer players (`movegen/data/leaves-NAME.tsv`), each
/// fitted by self-play under the built-in rule set of the same name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub enum LeaveTableId {
    #[serde(rename = "classic-15")]
    Classic15,
    #[serde(rename = "wordclub-1.0")]
    Wordclub10,
    #[serde(rename = "wordclub-1.1")]
    Wordclub11,
}

impl LeaveTableId {
    /// The name of the table, which is also the id of the rule set it was fitted under.
    pub fn as_str(self) -> &'static str {
        match self {
            LeaveTableId::Classic15 => "classic-15",
            LeaveTableId::Wordclub10 => "wordclub-1.0",
            LeaveTableId::Wordclub11 => "wordclub-1.1",
        }
    }
}

/// How the computer's Hard and Medium players, and the post-game analysis, value the tiles a
/// move keeps on the rack (the move generator's leave tables).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Leave {
    /// A shipped table, as it is, whatever this rule set's bag and rack (chosen by hand: a
    /// sibling rule set that plays like the one it was fitted for).
    Shipped(LeaveTableId),
    /// A rule set without a table of its own (every rules-lab variant): the shipped one while
    /// the bag and the rack are the ones it was fitted under, re-fitted from it by self-play
    /// under this rule set when either differs.
    DerivedFrom(LeaveTableId),
    /// Fitted by self-play under this rule set alone, with no table to start from.
    Fitted,
    /// No leave values: moves are weighed by their score alone (solo-10, which seats no
    /// computer player; its analysis ranks by score).
    ScoreOnly,
}

impl Leave {
    /// What a variant made from a rule set with this leave plays with: derived from the same
    /// table (re-fitted if the variant changes the bag or the rack).
    pub fn for_variant(self) -> Leave {
        match self {
            Leave::Shipped(t) | Leave::DerivedFrom(t) => Leave::DerivedFrom(t),
            other => other,
        }
    }
}

/// One complete rule set. A match stores the whole of it, never only its id.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct RuleSet {
    pub id: String,
    pub label: String,
    /// A proposal under evaluation, labelled as such in the UI.
    pub candidate: bool,
    pub board_size: u8,
    pub star: Square,
    /// Premium squares; any square not listed is plain.
    pub premiums: Vec<PremiumSquare>,
    /// Every letter A–Z (count may be 0) then the blank `?`.
    pub tiles: Vec<TileSpec>,
    pub rack_size: u8,
    /// Added when a move uses all `rack_size` tiles; 0 for none.
    pub bingo_bonus: u32,
    pub players: PlayerRange,
    pub computer_seats: bool,
    pub exchange: ExchangePolicy,
    pub pass: PassPolicy,
    pub hints: Vec<HintKind>,
    pub end: EndRules,
    /// The word list a new match uses unless another is chosen.
    pub default_list: String,
    /// Where a candidate comes from and the evidence for it, shown on the rules screen
    /// (absent from the JSON, and so from the hash, when there is none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub evidence: Option<String>,
    /// The leave table its computer players and analysis use. Absent from a rule set stored
    /// before the field existed (and then from its JSON and hash): [`RuleSet::leave`] gives
    /// what its id chose then.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leave: Option<Leave>,
    /// Points each seat starts with, in playing order (seat 1 first; a seat not listed starts
    /// at 0), as komi does in Go: what a rule set gives the later seats for moving later.
    /// Absent from the JSON (and the hash) when empty, so every rule set written before the
    /// field existed reads and hashes as it did.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "contract", ts(optional, as = "Option<Vec<i32>>"))]
    pub start_points: Vec<i32>,
    /// What changes with the number of players: at most one entry per table size, each
    /// naming only the fields it changes. A match is played under
    /// [`RuleSet::at_table`]`(its player count)`, the flat rule set these give, and stores
    /// that. Absent from the JSON when empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "contract", ts(optional, as = "Option<Vec<TableChanges>>"))]
    pub by_table: Vec<TableChanges>,
    /// The table size a rule set with [`RuleSet::by_table`] entries was made flat for by
    /// [`RuleSet::at_table`] (its `by_table` is then empty): what a stored match says it was
    /// played at. Absent for every rule set that never had per-table changes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "contract", ts(optional, as = "Option<u8>"))]
    pub table: Option<u8>,
}

/// What a rule set changes for one table size (`players`); a field left out keeps the rule
/// set's own. Applied by [`RuleSet::at_table`].
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct TableChanges {
    pub players: u8,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "contract", ts(optional))]
    pub board_size: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "contract", ts(optional))]
    pub star: Option<Square>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "contract", ts(optional))]
    pub premiums: Option<Vec<PremiumSquare>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "contract", ts(optional))]
    pub tiles: Option<Vec<TileSpec>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "contract", ts(optional))]
    pub rack_size: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "contract", ts(optional))]
    pub bingo_bonus: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "contract", ts(optional))]
    pub exchange: Option<ExchangePolicy>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "contract", ts(optional))]
    pub leave: Option<Leave>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "contract", ts(optional))]
    pub start_points: Option<Vec<i32>>,
}

/// The longest player name, in characters: what a board's score panel has room for.
pub const MAX_NAME_CHARS: usize = 24;

impl RuleSet {
    /// SHA-256 (lower-case hex) of the rule set's JSON; two matches with equal hashes were
    /// played under identical rules.
    pub fn hash(&self) -> String {
        let json = serde_json::to_vec(self).expect("a rule set always serialises");
        Sha256::digest(&json)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    }

    /// Premiums as a flat row-major grid of `board_size²` squares.
    pub fn premium_grid(&self) -> Vec<Premium> {
        let n = self.board_size as usize;
        let mut grid = vec![Premium::None; n * n];
        for p in &self.premiums {
            if p.square.row < self.board_size && p.square.col < self.board_size {
                grid[p.square.row as usize * n + p.square.col as usize] = p.premium;
            }
        }
        grid
    }

    /// The premium labels ([`Premium::label`]) row by row, `None` on a plain square: what a
    /// board of this rule set shows.
    pub fn premium_labels(&self) -> Vec<Vec<Option<&'static str>>> {
        self.premium_grid()
            .chunks(self.board_size as usize)
            .map(|row| row.iter().map(|p| p.label()).collect())
            .collect()
    }

    /// Each letter's value, `A`–`Z` (the blank, always 0, left out): what a tile shows.
    pub fn letter_values(&self) -> BTreeMap<char, u8> {
        self.tiles
            .iter()
            .filter(|t| t.letter != '?')
            .map(|t| (t.letter, t.value))
            .collect()
    }

    /// A round for one player (no opponent, no winner): `solo-10`.
    pub fn is_solo(&self) -> bool {
        self.players.max == 1
    }

    /// The premium printed on `square`.
    pub fn premium_at(&self, square: Square) -> Premium {
        self.premiums
            .iter()
            .find(|p| p.square == square)
            .map_or(Premium::None, |p| p.premium)
    }

    /// Value of a rack byte (`A`–`Z` or `?`); letters outside the table are worth 0.
    pub fn value(&self, letter: u8) -> u32 {
        self.tiles
            .iter()
            .find(|t| t.letter as u32 == letter as u32)
            .map_or(0, |t| t.value as u32)
    }

    /// Values indexed by `letter - b'A'` for A–Z, then the blank at index 26.
    pub fn value_table(&self) -> [u8; 27] {
        let mut table = [0u8; 27];
        for t in &self.tiles {
            if t.letter == '?' {
                table[26] = t.value;
            } else if t.letter.is_ascii_uppercase() {
                table[(t.letter as u8 - b'A') as usize] = t.value;
            }
        }
        table
    }

    /// The full bag as rack bytes in alphabetical order, blanks (`?`) last.
    pub fn bag(&self) -> Vec<u8> {
        let mut bag = Vec::new();
        for t in &self.tiles {
            let byte = if t.letter == '?' {
                BLANK
            } else {
                t.letter as u8
            };
            bag.extend(std::iter::repeat_n(byte, t.count as usize));
        }
        bag
    }

    pub fn bag_size(&self) -> usize {
        self.tiles.iter().map(|t| t.count as usize).sum()
    }

    pub fn blank_count(&self) -> usize {
        self.tiles
            .iter()
            .filter(|t| t.letter == '?')
            .map(|t| t.count as usize)
            .sum()
    }

    /// The hint a player of this rule set is given: the first it offers (each built-in rule
    /// set offers at most one).
    pub fn hint_kind(&self) -> Option<HintKind> {
        self.hints.first().copied()
    }

    /// The leave table this rule set plays with. A rule set stored without one (before the
    /// field existed) gets what its id chose then, so a stored match is analysed and played on
    /// as before: the shipped table of its family (`BASE+changes`, a rules-lab variant, its
    /// base's), none for `solo-10`; any other id, which then got no table at all (Hard played
    /// greedily), gets one fitted for it.
    pub fn leave(&self) -> Leave {
        if let Some(leave) = self.leave {
            return leave;
        }
        let family = self.id.split('+').next().unwrap_or(&self.id);
        match family {
            "classic-15" | "classic-15-ten" => Leave::Shipped(LeaveTableId::Classic15),
            "wordclub-1.1" | "wordclub-1.2" | "wordclub-1.3" => {
                Leave::Shipped(LeaveTableId::Wordclub11)
            }
            "wordclub-1.0" => Leave::Shipped(LeaveTableId::Wordclub10),
            "solo-10" => Leave::ScoreOnly,
            _ => Leave::Fitted,
        }
    }

    /// How many tiles a player holding `rack_len` tiles may exchange while the bag holds
    /// `bag_len`, as `(fewest, most)`; `None` when they may not exchange at all (no exchange
    /// in this rule set, a bag below `min_bag`, an empty rack, or, for a whole-rack exchange,
    /// an empty bag). The one rule behind [`crate::Match::exchange_range`], for callers that
    /// have a position rather than a match (a CGP position, a GCG record): they work out the
    /// bag's count with [`RuleSet::bag_left`] and ask here.
    pub fn exchange_range(&self, bag_len: usize, rack_len: usize) -> Option<(usize, usize)> {
        self.exchange_sizes(bag_len, rack_len).ok()
    }

    /// [`RuleSet::exchange_range`] with the refusal [`crate::Match::apply`] gives.
    pub(crate) fn exchange_sizes(
        &self,
        bag: usize,
        rack: usize,
    ) -> Result<(usize, usize), EngineError> {
        match self.exchange {
            ExchangePolicy::None => Err(EngineError::ExchangeNotAllowed { bag, min_bag: 0 }),
            ExchangePolicy::Chosen { min_bag, max_tiles } => {
                // The replacements are drawn before the old tiles go back, so never more
                // than the bag holds, whatever `min_bag` a rule set from a file says.
                if bag < min_bag as usize || bag == 0 || rack == 0 {
                    Err(EngineError::ExchangeNotAllowed {
                        bag,
                        min_bag: (min_bag as usize).max(1),
                    })
                } else {
                    Ok((1, (max_tiles as usize).min(rack).min(bag)))
                }
            }
            ExchangePolicy::WholeRack => match bag.min(rack) {
                0 => Err(EngineError::ExchangeNotAllowed { bag, min_bag: 1 }),
                n => Ok((n, n)),
            },
        }
    }

    /// The flat rule set a match of `players` plays under: this one with its
    /// [`RuleSet::by_table`] entry for that size applied, `by_table` emptied and
    /// [`RuleSet::table`] set. A rule set with no per-table changes comes back as it is (same
    /// JSON, same hash), so every earlier rule set and stored match is unchanged; so does one
    /// already made flat. Refused: a size outside [`RuleSet::players`], two entries for one
    /// size, an entry for a size the rule set does not seat.
    pub fn at_table(&self, players: usize) -> Result<RuleSet, EngineError> {
        if players < self.players.min as usize || players > self.players.max as usize {
            return Err(EngineError::PlayerCount {
                given: players,
                min: self.players.min,
                max: self.players.max,
            });
        }
        let problems = self.table_problems();
        if !problems.is_empty() {
            return Err(EngineError::InvalidRuleSet { problems });
        }
        Ok(self.flat_at(players))
    }

    /// [`RuleSet::at_table`] without its checks (the validator checks each flat rule set
    /// this gives, at every size, itself).
    pub(super) fn flat_at(&self, players: usize) -> RuleSet {
        if self.by_table.is_empty() {
            return self.clone();
        }
        let mut flat = RuleSet {
            by_table: Vec::new(),
            table: Some(players as u8),
            ..self.clone()
        };
        if let Some(c) = self.by_table.iter().find(|c| c.players as usize == players) {
            let c = c.clone();
            // A table that deals from another bag or another rack size keeps tiles the base
            // table's leave values were never fitted on: unless the entry names its own, it
            // plays a table derived from the base's (re-fitted under this bag and rack by the
            // move generator), never the base's as it is.
            if (c.tiles.is_some() || c.rack_size.is_some()) && c.leave.is_none() {
                flat.leave = Some(self.leave().for_variant());
            }
            flat.board_size = c.board_size.unwrap_or(flat.board_size);
            flat.star = c.star.unwrap_or(flat.star);
            flat.premiums = c.premiums.unwrap_or(flat.premiums);
            flat.tiles = c.tiles.unwrap_or(flat.tiles);
            flat.rack_size = c.rack_size.unwrap_or(flat.rack_size);
            flat.bingo_bonus = c.bingo_bonus.unwrap_or(flat.bingo_bonus);
            flat.exchange = c.exchange.unwrap_or(flat.exchange);
            flat.leave = c.leave.or(flat.leave);
            flat.start_points = c.start_points.unwrap_or(flat.start_points);
        }
        flat
    }

    /// The table sizes this rule set seats, fewest first.
    pub fn table_sizes(&self) -> std::ops::RangeInclusive<usize> {
        self.players.min as usize..=self.players.max as usize
    }

    /// The points `seat` (0-based, playing order) starts with.
    pub fn start_points_of(&self, seat: usize) -> i32 {
        self.start_points.get(seat).copied().unwrap_or(0)
    }

    /// The tiles left in the bag of a position seen from one player's seat, when only the
    /// board and that player's rack are known: the rule set's tiles minus the `on_board` ones,
    /// minus the `rack_len` the player holds, minus a full rack for each of the `others` at the
    /// table (fewer when fewer are left). Exact while the bag still holds tiles, since every
    /// rack is then full.
    pub fn bag_left(&self, on_board: usize, rack_len: usize, others: usize) -> usize {
        let unseen = self.bag_size().saturating_sub(on_board + rack_len);
        unseen.saturating_sub(others * self.rack_size as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A rule set from a file may allow an exchange with too few tiles in the bag (`min_bag`
    /// below the tiles chosen, even 0): the range never asks for more than the bag holds, and
    /// an empty bag allows none, so the engine never draws past the bag's end.
    #[test]
    fn an_exchange_never_asks_more_than_the_bag_holds() {
        let mut rules = RuleSet::builtin("wordclub-1.0").unwrap();
        rules.exchange = ExchangePolicy::Chosen {
            min_bag: 0,
            max_tiles: 7,
        };
        assert_eq!(rules.exchange_range(2, 7), Some((1, 2)));
        assert_eq!(rules.exchange_range(0, 7), None);
        assert_eq!(rules.exchange_range(30, 7), Some((1, 7)));
    }

    #[test]
    fn exchange_range_is_the_policy_applied_to_a_bag_and_a_rack() {
        let solo = RuleSet::builtin("solo-10").unwrap();
        // Whole rack: as many as the bag holds when it holds fewer, nothing from an empty bag.
        assert_eq!(solo.exchange_range(63, 7), Some((7, 7)));
        assert_eq!(solo.exchange_range(3, 7), Some((3, 3)));
        assert_eq!(solo.exchange_range(0, 7), None);
        let one = RuleSet::builtin("wordclub-1.0").unwrap();
        assert_eq!(one.exchange_range(7, 7), Some((1, 7)));
        assert_eq!(one.exchange_range(7, 3), Some((1, 3)));
        assert_eq!(one.exchange_range(6, 7), None);
        assert_eq!(one.exchange_range(20, 0), None);
        let none = RuleSet {
            exchange: ExchangePolicy::None,
            ..one.clone()
        };
        assert_eq!(none.exchange_range(20, 7), None);
    }

    #[test]
    fn the_bag_left_counts_a_full_rack_for_every_other_player() {
        let r = RuleSet::builtin("wordclub-1.1").unwrap(); // 93 tiles, racks of 7
        assert_eq!(r.bag_left(0, 7, 1), 79);
        assert_eq!(r.bag_left(0, 7, 3), 65);
        assert_eq!(r.bag_left(70, 7, 1), 9);
        assert_eq!(r.bag_left(70, 7, 2), 2);
        assert_eq!(r.bag_left(90, 3, 1), 0);
    }

    #[test]
    fn a_rule_set_stored_without_its_leave_gets_what_its_id_chose_and_reads_back_the_same() {
        for r in RuleSet::all() {
            let mut json = serde_json::to_value(&r).unwrap();
            json.as_object_mut().unwrap().remove("leave");
            let stored: RuleSet = serde_json::from_value(json.clone()).unwrap();
            assert_eq!(stored.leave, None);
            // Every built-in names the table its id chose before the field existed.
            assert_eq!(stored.leave(), r.leave(), "{}", r.id);
            // Its JSON (and so the hash a stored match is checked against) is unchanged.
            assert_eq!(serde_json::to_value(&stored).unwrap(), json);
        }
        let stored = |id: &str| RuleSet {
            id: id.into(),
            leave: None,
            ..RuleSet::builtin("wordclub-1.1").unwrap()
        };
        assert_eq!(
            stored("wordclub-1.1+bag0.7").leave(),
            Leave::Shipped(LeaveTableId::Wordclub11)
        );
        // A new id no longer goes without a table.
        assert_eq!(stored("my-rules").leave(), Leave::Fitted);
        // A variant derives its table from its base's.
        assert_eq!(
            RuleSet::builtin("classic-15")
                .unwrap()
                .leave()
                .for_variant(),
            Leave::DerivedFrom(LeaveTableId::Classic15)
        );
        let printed = serde_json::to_value(RuleSet::builtin("classic-15-ten").unwrap()).unwrap();
        assert_eq!(
            printed["leave"],
            serde_json::json!({"shipped": "classic-15"})
        );
    }

    /// A rule set without per-table changes is played as it is at every size (its JSON and
    /// hash unchanged); one with them is made flat for the size asked, once.
    #[test]
    fn a_rule_set_is_made_flat_for_its_table_size() {
        for r in RuleSet::all().into_iter().filter(|r| r.by_table.is_empty()) {
            for n in r.table_sizes() {
                let flat = r.at_table(n).unwrap();
                assert_eq!(flat.hash(), r.hash(), "{} at {n}", r.id);
            }
        }
        let base = RuleSet::builtin("wordclub-1.0").unwrap();
        let scaled = RuleSet {
            start_points: vec![0, 3],
            by_table: vec![TableChanges {
                players: 4,
                board_size: Some(11),
                star: Some(Square::new(5, 5)),
                rack_size: Some(6),
                start_points: Some(vec![0, 2, 4, 6]),
                ..TableChanges::default()
            }],
            ..base.clone()
        };
        let two = scaled.at_table(2).unwrap();
        assert_eq!((two.board_size, two.rack_size, two.table), (9, 7, Some(2)));
        assert_eq!((two.start_points_of(0), two.start_points_of(1)), (0, 3));
        assert!(two.by_table.is_empty());
        let four = scaled.at_table(4).unwrap();
        assert_eq!(
            (four.board_size, four.star, four.rack_size),
            (11, Square::new(5, 5), 6)
        );
        assert_eq!(four.start_points, vec![0, 2, 4, 6]);
        assert_eq!(four.start_points_of(3), 6);
        assert_eq!(four.tiles, base.tiles);
        // Another rack size: the base's leave table re-fitted, not played as it is.
        assert_eq!(
            four.leave,
            Some(Leave::DerivedFrom(LeaveTableId::Wordclub10))
        );
        assert_eq!(two.leave, base.leave);
        // Flat is flat: asking again changes nothing.
        assert_eq!(four.at_table(4).unwrap(), four);
        assert_ne!(four.hash(), two.hash());
        assert_eq!(scaled.at_table(5).unwrap_err().kind(), "player_count");

        let refused = |r: RuleSet| r.at_table(2).unwrap_err().kind();
        let mut twice = scaled.clone();
        twice.by_table.push(TableChanges {
            players: 4,
            ..TableChanges::default()
        });
        assert_eq!(refused(twice), "invalid_rule_set");
        let mut unseated = scaled.clone();
        unseated.by_table[0].players = 5;
        assert_eq!(refused(unseated), "invalid_rule_set");
        let mut too_many = scaled.clone();
        too_many.by_table[0].start_points = Some(vec![0; 5]);
        assert_eq!(refused(too_many), "invalid_rule_set");
        let huge = RuleSet {
            start_points: vec![0, MAX_START_POINTS + 1],
            ..base
        };
        assert_eq!(refused(huge), "invalid_rule_set");
    }
}
