//! Computer players and the "suggest a move" hint.
//!
//! - `greedy`: the best-scoring move (the reference opponent; exchanges its whole rack only
//!   when it has no move).
//! - `hard`: score plus the leave value of the tiles kept ([`LeaveTable`], times the table's
//!   weight); where the table allows it, exchanges when keeping the best subset of its rack
//!   is worth more than any move; with the bag empty it counts the tiles left on its rack
//!   against itself instead.
//! - `medium`: ranks moves like hard with half the leave weight, never exchanges by choice, and picks among its six best
//!   with falling odds (so it often, not always, plays the best). It plays like a family
//!   member, who plays words they could explain: only moves whose every word formed has a
//!   meaning shipped (`wordclub_definitions::has_meaning` against the match's list; 65.7–73.1%
//!   of the distinct words it played over 20 matches of each rule set had one when it searched
//!   the whole list, as Hard still does), so a player who taps its word is never told "no
//!   definition shipped".
//! - `easy`: only words of the common-word list (SCOWL's most common words, intersected
//!   with the match's list) of up to six letters, one picked at random from the
//!   better-scoring half (a fair, modest score); when none fits, a random word of up to
//!   four letters from the match's list.
//!
//! Every choice is deterministic for a match: the random generator is seeded from the
//! match seed, the turn number and the seat.
//!
//! Manners ([`Manners`]): polite by default, every player and the hint search the list's
//! graph without the kept offensive words, so none of them plays or offers such a word
//! (across or down); `AnyWord` (a setting) searches the whole list. The words stay valid
//! for people either way.

use std::sync::{Arc, OnceLock};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use wordclub_engine::{Action, Board, Cgp, Match, RuleSet, Seat};
use wordclub_lexicon::WordList;

use crate::bridge::{graph_for, grid_of, layout_of, rack_of, Manners};
use crate::error::MovegenError;
use crate::gaddag::Gaddag;
use crate::gen::{Found, Generator, Ranked, Sink};
use crate::layout::{letter_of, Grid, Rack};
use crate::leave::LeaveTable;
use crate::moves::Move;

/// The computer players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Level {
    Easy,
    Medium,
    Hard,
    Greedy,
}

impl Level {
    /// The levels a seat at the table may have, weakest first (the one list the app checks
    /// new matches against and the UI offers); `greedy` is only the simulator's baseline.
    pub const SEATS: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    pub fn parse(name: &str) -> Result<Level, MovegenError> {
        match name.trim().to_ascii_lowercase().as_str() {
            "easy" => Ok(Level::Easy),
            "medium" => Ok(Level::Medium),
            "hard" => Ok(Level::Hard),
            "greedy" => Ok(Level::Greedy),
            _ => Err(MovegenError::UnknownPlayer {
                name: name.to_string(),
            }),
        }
    }

    /// Whether a computer of this level challenges, in a match with challenges on, a
    /// person's play that forms a word outside the list (issue 46): Hard and Medium every
    /// such play, Easy (and the simulator's Greedy) never. No level challenges a play whose
    /// words are all in the list, so a computer never pays a challenge's penalty.
    pub fn challenges(self) -> bool {
        matches!(self, Level::Hard | Level::Medium)
    }

    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Greedy => "greedy",
        }
    }
}

/// What a computer player decided.
#[derive(Debug, Clone, PartialEq)]
pub enum Decision {
    Place(Move),
    /// Tiles to exchange, as rack text (`?` for a blank).
    Exchange(String),
    Pass,
}

/// Everything a player sees when choosing (never another player's rack).
pub struct Situation<'a> {
    pub rules: &'a RuleSet,
    pub list: &'a WordList,
    pub grid: &'a Grid,
    pub rack: &'a Rack,
    pub bag_len: usize,
    pub can_exchange: bool,
    /// Seeds the player's random choices (match seed, turn and seat mixed).
    pub seed: u64,
    /// Whether the kept offensive words are left alone.
    pub manners: Manners,
}

/// Keeps the `k` best moves by a value.
struct TopK<F: Fn(&Found<'_>) -> f32> {
    k: usize,
    value: F,
    best: Vec<(f32, Move)>,
    /// The most `value` adds to a move's score (so the search can skip anchors).
    max_gain: f32,
}

impl<F: Fn(&Found<'_>) -> f32> Ranked for TopK<F> {
    fn floor(&self) -> Option<f32> {
        (self.best.len() == self.k).then(|| self.best[self.k - 1].0)
    }

    fn value_bound(&self, score: i32) -> f32 {
        // The same float operations as the value of a move with the best leave, so the
        // bound is never below a value it bounds.
        score as f32 + self.max_gain
    }
}

/// The best value of any leave a move can keep (every part of the rack but the whole). Sums
/// in the order [`LeaveTable::value`] does (letter by letter: tile, then duplicates; balance
/// last), so a leave gets exactly the float its move is valued with; carrying the partial
/// sum down the enumeration saves a pass over the 27 letters per leave.
fn best_leave_value(table: &LeaveTable, rack: &Rack) -> f32 {
    let letters: Vec<usize> = (0..27).filter(|&l| rack.counts[l] > 0).collect();
    let total = rack.len();
    let mut best = f32::NEG_INFINITY;
    #[allow(clippy::too_many_arguments)]
    fn walk(
        i: usize,
        letters: &[usize],
        rack: &Rack,
        table: &LeaveTable,
        (sum, kept, vowels, consonants): (f32, usize, usize, usize),
        total: usize,
        best: &mut f32,
    ) {
        if i == letters.len() {
            if kept < total {
                *best = best.max(sum + table.balance[vowels.min(7)][consonants.min(7)]);
            }
            return;
        }
        let l = letters[i];
        for n in 0..=rack.counts[l] as usize {
            let mut v = sum;
            let (mut vo, mut co) = (vowels, consonants);
            if n > 0 {
                v += table.tile[l] * n as f32;
                if n > 1 {
                    v += table.dup[l] * (n - 1) as f32;
                }
                if l != 0 {
                    if crate::leave::is_vowel(l) {
                        vo += n;
                    } else {
                        co += n;
                    }
                }
            }
            walk(
                i + 1,
                letters,
                rack,
                table,
                (v, kept + n, vo, co),
                total,
                best,
            );
        }
    }
    walk(0, &letters, rack, table, (0.0, 0, 0, 0), total, &mut best);
    best
}

impl<F: Fn(&Found<'_>) -> f32> Sink for TopK<F> {
    fn found(&mut self, found: &Found<'_>) {
        if self.best.len() == self.k {
            // Most moves cannot reach the k-th best even with the best leave: skip working
            // out their leave (measured: the leave value was 14% of a Hard match's time).
            if self.value_bound(found.score) < self.best[self.k - 1].0 {
                return;
            }
        }
        let v = (self.value)(found);
        if self.best.len() == self.k {
            let worst = self.best[self.k - 1].0;
            if v < worst {
                return;
            }
        }
        let m = found.to_move();
        // Ties: the earlier in list order (score, then notation) ranks first.
        let at = self
            .best
            .iter()
            .position(|(bv, bm)| v > *bv || (v == *bv && Move::list_order(&m, bm).is_lt()))
            .unwrap_or(self.best.len());
        if at < self.k {
            self.best.insert(at, (v, m));
            self.best.truncate(self.k);
        }
    }
}

/// Every candidate move with its leave, for players that filter by more than a value.
struct Collect {
    moves: Vec<Move>,
}

impl Sink for Collect {
    fn found(&mut self, found: &Found<'_>) {
        self.moves.push(found.to_move());
    }
}

thread_local! {
    static GENERATOR: std::cell::RefCell<Generator> = std::cell::RefCell::new(Generator::new());
}

pub(crate) fn with_generator<T>(f: impl FnOnce(&mut Generator) -> T) -> T {
    GENERATOR.with(|g| f(&mut g.borrow_mut()))
}

static COMMON: OnceLock<crate::bridge::GraphCache> = OnceLock::new();

/// The common-word list shipped for Easy (SCOWL levels 10 and 20, see `data/README.md`).
pub(crate) const COMMON_WORDS: &str = include_str!("../data/common-words.txt");

/// Easy's graph for `list`: the common words that `list` also holds (the kept offensive
/// words read as none when polite). Prebuilt for the default lists, like their whole graphs.
pub(crate) fn common_gaddag_for(list: &WordList, manners: Manners) -> Arc<Gaddag> {
    crate::bridge::cached_graph(&COMMON, list, || {
        let words = || {
            COMMON_WORDS
                .lines()
                .map(|w| w.trim().to_ascii_uppercase().into_bytes())
                .filter(|w| !w.is_empty() && list.contains(w))
                .map(|w| {
                    let rude = wordclub_lexicon::is_offensive(&w);
                    (w, rude)
                })
                .collect()
        };
        crate::prebuilt::load_or_build(&crate::prebuilt::common_key(list), words, &mut |_| {})
            .expect("a part of a list fits the graph as the list does")
    })
    .get(manners)
}

static MEANINGFUL: OnceLock<crate::bridge::GraphCache> = OnceLock::new();

/// Medium's graph for `list`: the words of `list` that have a meaning shipped (the kept
/// offensive words read as none when polite), so every word a move forms, across or down, has
/// one: 115,928 of list 4's 259,471 words. Built on first use (the first Medium v Medium
/// match of the definitions bench took 3.2 s against 0.03 s before, on a loaded 2-core machine:
/// 1.8 s of it the meaning check of every word, the rest the graph) and kept on disk like any
/// graph built at run time, keyed by the list and
/// [`wordclub_definitions::MEANINGS_FINGERPRINT`]; not prebuilt, as the binary's prebuilt
/// graphs are near their 12 MB budget (10.9 MB). Like Easy's graph of common words, it is a
/// part of a list whose own graph fits.
pub(crate) fn meaningful_gaddag_for(list: &WordList, manners: Manners) -> Arc<Gaddag> {
    crate::bridge::cached_graph(&MEANINGFUL, list, || {
        let words = || {
            let mut words = Vec::new();
            let mut stream = list.fst().stream();
            while let Some(w) = fst::Streamer::next(&mut stream) {
                if wordclub_definitions::has_meaning(w, list) {
                    words.push((w.to_vec(), wordclub_lexicon::is_offensive(w)));
                }
            }
            words
        };
        crate::prebuilt::load_or_build(&crate::prebuilt::meanings_key(list), words, &mut |_| {})
            .expect("a part of a list fits the graph as the list does")
    })
    .get(manners)
}

/// The "suggest a move" hint, polite: the best-scoring legal placement (ties: first by
/// notation) that forms no kept offensive word.
pub fn suggest(
    rules: &RuleSet,
    list: &WordList,
    grid: &Grid,
    rack: &Rack,
) -> Result<Option<Move>, MovegenError> {
    suggest_with(rules, list, grid, rack, Manners::Polite)
}

/// [`suggest`] with the given manners.
pub fn suggest_with(
    rules: &RuleSet,
    list: &WordList,
    grid: &Grid,
    rack: &Rack,
    manners: Manners,
) -> Result<Option<Move>, MovegenError> {
    let layout = layout_of(rules)?;
    let g = graph_for(list, manners);
    Ok(with_generator(|gen| gen.best_move(&g, &layout, grid, rack)))
}

/// The rack left after playing `m` from `rack`.
pub(crate) fn leave_after(rack: &Rack, m: &Move) -> Rack {
    let mut leave = *rack;
    for (_, _, t) in m.placed() {
        let i = if t & crate::layout::BLANK_BIT != 0 {
            0
        } else {
            (t & 0x1f) as usize
        };
        leave.counts[i] -= 1;
    }
    leave
}

/// Chooses a computer player's turn.
pub fn decide(level: Level, s: &Situation<'_>) -> Result<Decision, MovegenError> {
    let layout = layout_of(s.rules)?;
    let mut rng = ChaCha8Rng::seed_from_u64(s.seed);
    match level {
        Level::Greedy => {
            let g = graph_for(s.list, s.manners);
            match with_generator(|gen| gen.best_move(&g, &layout, s.grid, s.rack)) {
                Some(m) => Ok(Decision::Place(m)),
                None => Ok(fallback(s)),
            }
        }
        Level::Hard | Level::Medium => {
            let table = LeaveTable::for_rules(s.rules)?;
            let weight = if level == Level::Hard {
                table.weight
            } else {
                table.weight / 2.0
            };
            let endgame = s.bag_len == 0;
            let values = layout.values;
            let value =
                |f: &Found<'_>| valuation(table, weight, &values, endgame, f.score, f.leave);
            let k = if level == Level::Hard { 1 } else { 6 };
            // With the bag empty every value is the score less a penalty for tiles kept.
            let max_gain = if endgame {
                0.0
            } else {
                weight * best_leave_value(table, s.rack)
            };
            let mut top = TopK {
                k,
                value,
                best: Vec::new(),
                max_gain,
            };
            let g = if level == Level::Medium {
                meaningful_gaddag_for(s.list, s.manners)
            } else {
                graph_for(s.list, s.manners)
            };
            // Best first: anchors by the bound on their score plus the best leave, stopping
            // when none left can beat the k-th best kept; the same moves as walking them all.
            with_generator(|gen| gen.generate_best(&g, &layout, s.grid, s.rack, &mut top));
            let best_move = top.best.first().map(|(v, _)| *v);
            if level == Level::Hard && table.exchanges && s.can_exchange && !endgame {
                if let Some((keep_value, give)) = best_exchange(table, s.rack) {
                    if best_move.is_none_or(|v| keep_value > v) {
                        return Ok(Decision::Exchange(give));
                    }
                }
            }
            if top.best.is_empty() {
                return Ok(fallback(s));
            }
            let pick = if level == Level::Medium {
                // Odds 6:5:4:3:2:1 over the six best.
                let weights: Vec<usize> = (0..top.best.len()).map(|i| 6 - i).collect();
                let total: usize = weights.iter().sum();
                let mut r = index_below(&mut rng, total);
                let mut i = 0;
                while r >= weights[i] {
                    r -= weights[i];
                    i += 1;
                }
                i
            } else {
                0
            };
            Ok(Decision::Place(top.best[pick].1))
        }
        Level::Easy => {
            let g = common_gaddag_for(s.list, s.manners);
            let mut all = Collect { moves: Vec::new() };
            with_generator(|gen| gen.generate(&g, &layout, s.grid, s.rack, &mut all));
            let mut moves: Vec<Move> = all.moves.into_iter().filter(|m| m.len <= 6).collect();
            if moves.is_empty() {
                // No common word fits: any short word of the match's list will do.
                let g = graph_for(s.list, s.manners);
                let mut all = Collect { moves: Vec::new() };
                with_generator(|gen| gen.generate(&g, &layout, s.grid, s.rack, &mut all));
                moves = all.moves.into_iter().filter(|m| m.len <= 4).collect();
            }
            if moves.is_empty() {
                return Ok(fallback(s));
            }
            crate::moves::sort_moves(&mut moves);
            // One of the better half, at random: a fair common word, rarely the best one.
            let i = index_below(&mut rng, moves.len().div_ceil(2));
            Ok(Decision::Place(moves[i]))
        }
    }
}

/// A uniform index below `n`, drawn as a `u64` whatever the pointer width: `gen_range` over
/// `usize` draws 32-bit numbers on wasm32 and 64-bit ones here, so a seeded computer would
/// choose differently in the browser than on the desktop. On 64-bit targets this is the draw
/// `gen_range(0..n)` made before, so every seed chooses as it did.
fn index_below(rng: &mut impl Rng, n: usize) -> usize {
    rng.gen_range(0..n as u64) as usize
}

/// What Hard (with `weight` = the table's weight; Medium: half of it) thinks a move scoring
/// `score` and keeping `leave` is worth: score plus the leave's value, or with the bag empty
/// (`endgame`) score minus twice the face value of the tiles left on the rack. The post-game
/// analysis ranks moves with this same function, so its "best by valuation" is Hard's choice.
#[inline]
pub fn valuation(
    table: &LeaveTable,
    weight: f32,
    values: &[u8; 27],
    endgame: bool,
    score: i32,
    leave: &Rack,
) -> f32 {
    if endgame {
        // Tiles still on the rack at the end count against the player.
        let left: f32 = leave
            .counts
            .iter()
            .enumerate()
            .map(|(l, &n)| values[l] as f32 * n as f32)
            .sum();
        score as f32 - 2.0 * left
    } else {
        score as f32 + weight * table.value(leave)
    }
}

/// No move: exchange the whole rack when allowed, else pass.
fn fallback(s: &Situation<'_>) -> Decision {
    if s.can_exchange {
        Decision::Exchange(s.rack.text())
    } else {
        Decision::Pass
    }
}

/// The best subset of the rack to keep when exchanging: (its leave value, tiles to give).
pub fn best_exchange(table: &LeaveTable, rack: &Rack) -> Option<(f32, String)> {
    let letters: Vec<usize> = (0..27).filter(|&l| rack.counts[l] > 0).collect();
    let mut best: Option<(f32, Rack)> = None;
    let mut keep = Rack::default();
    fn walk(
        i: usize,
        letters: &[usize],
        rack: &Rack,
        keep: &mut Rack,
        table: &LeaveTable,
        best: &mut Option<(f32, Rack)>,
    ) {
        if i == letters.len() {
            if keep.len() == rack.len() {
                return; // keeping everything is not an exchange
            }
            let v = table.value(keep);
            if best.as_ref().is_none_or(|(bv, _)| v > *bv) {
                *best = Some((v, *keep));
            }
            return;
        }
        let l = letters[i];
        for n in 0..=rack.counts[l] {
            keep.counts[l] = n;
            walk(i + 1, letters, rack, keep, table, best);
        }
        keep.counts[l] = 0;
    }
    walk(0, &letters, rack, &mut keep, table, &mut best);
    best.map(|(v, keep)| {
        let mut give = String::new();
        for l in 1..27 {
            for _ in keep.counts[l]..rack.counts[l] {
                give.push(letter_of(l as u8) as char);
            }
        }
        for _ in keep.counts[0]..rack.counts[0] {
            give.push('?');
        }
        (v, give)
    })
}

/// Seed for a player's choice at a turn of a match.
pub fn turn_seed(match_seed: u64, turn: usize, seat: Seat) -> u64 {
    let mut x = match_seed ^ 0x9e37_79b9_7f4a_7c15;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9) ^ (turn as u64).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (seat as u64).wrapping_mul(0x2545_f491_4f6c_dd1d)
}

/// The action a computer seat takes now in `m` (the seat must be the one to move), polite.
pub fn computer_action(
    m: &Match,
    seat: Seat,
    list: &WordList,
    level: Level,
) -> Result<Action, MovegenError> {
    computer_action_with(m, seat, list, level, Manners::Polite)
}

/// [`computer_action`] with the given manners.
pub fn computer_action_with(
    m: &Match,
    seat: Seat,
    list: &WordList,
    level: Level,
    manners: Manners,
) -> Result<Action, MovegenError> {
    Ok(action_of(
        computer_decision_with(m, seat, list, level, manners)?,
        seat,
    ))
}

/// What a polite computer seat decides now in `m` (the seat must be the one to move).
pub fn computer_decision(
    m: &Match,
    seat: Seat,
    list: &WordList,
    level: Level,
) -> Result<Decision, MovegenError> {
    computer_decision_with(m, seat, list, level, Manners::Polite)
}

/// [`computer_decision`] with the given manners.
pub fn computer_decision_with(
    m: &Match,
    seat: Seat,
    list: &WordList,
    level: Level,
    manners: Manners,
) -> Result<Decision, MovegenError> {
    let rack_bytes = m.rack(seat).ok_or_else(|| MovegenError::Match {
        reason: format!("seat {seat} is not in this match"),
    })?;
    let rack = rack_of(rack_bytes);
    let grid = grid_of(m.board());
    let s = Situation {
        rules: m.rules(),
        list,
        grid: &grid,
        rack: &rack,
        bag_len: m.bag_len(),
        can_exchange: m.can_exchange(seat),
        seed: turn_seed(m.seed(), m.turns().len(), seat),
        manners,
    };
    decide(level, &s)
}

/// How many seats a CGP position is played at under `rules`: the table size the rule set was
/// made flat for, else the position's racks or scores, at least the rule set's fewest players.
/// The count behind the bag a position leaves ([`RuleSet::bag_left`]: a full rack for every
/// other seat), for `wordclub-cli moves` and [`decide_at`] alike.
pub fn position_seats(rules: &RuleSet, cgp: &Cgp) -> usize {
    rules.table.map_or_else(
        || {
            cgp.racks
                .len()
                .max(cgp.scores.len())
                .max(usize::from(rules.players.min))
        },
        usize::from,
    )
}

/// What a polite `level` computer holding `rack` decides at a CGP position (`cgp`, its `board`
/// read for `rules`; the bag is what the position leaves, [`position_seats`]; seed 0): a
/// computer's turn without a match. The web app's bench (tests/web/bench.mjs) times this one
/// search on the same positions natively (`wordclub-cli moves --level`) and in the worker (the
/// web crate's `bench` build), so the ratio it prints compares targets, not code.
pub fn decide_at(
    level: Level,
    rules: &RuleSet,
    list: &WordList,
    cgp: &Cgp,
    board: &Board,
    rack: &Rack,
) -> Result<Decision, MovegenError> {
    let seats = position_seats(rules, cgp);
    let bag_len = rules.bag_left(board.filled(), rack.len(), seats.saturating_sub(1));
    let grid = grid_of(board);
    let s = Situation {
        rules,
        list,
        grid: &grid,
        rack,
        bag_len,
        can_exchange: rules.exchange_range(bag_len, rack.len()).is_some(),
        seed: 0,
        manners: Manners::Polite,
    };
    decide(level, &s)
}

impl Decision {
    /// The decision as text: a placement in GCG notation with its score (`8D WORD 24`),
    /// `exchange TILES` or `pass`.
    pub fn describe(&self) -> String {
        match self {
            Decision::Place(m) => format!("{} {}", m.notation(), m.score),
            Decision::Exchange(tiles) => format!("exchange {tiles}"),
            Decision::Pass => "pass".to_string(),
        }
    }
}

/// The match action for a seat's decision.
pub fn action_of(decision: Decision, seat: Seat) -> Action {
    match decision {
        Decision::Place(mv) => Action::Place {
            player: seat,
            tiles: mv.placements(),
        },
        Decision::Exchange(tiles) => Action::Exchange {
            player: seat,
            tiles,
        },
        Decision::Pass => Action::Pass { player: seat },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::gaddag_for;
    use wordclub_engine::{ListRef, PlayerSpec};

    /// The computers' random picks draw 64-bit numbers on every target: here they are the
    /// picks `gen_range` over `usize` made before (seeded choices unchanged), and they are not
    /// what a 32-bit draw (`usize` on wasm32) would give, which the browser used to make.
    #[test]
    #[cfg(target_pointer_width = "64")]
    fn random_picks_do_not_depend_on_the_pointer_width() {
        let mut differs_from_32_bit = 0;
        for seed in 0..200 {
            for n in [2usize, 6, 21, 150] {
                let mut ours = ChaCha8Rng::seed_from_u64(seed);
                let mut before = ours.clone();
                let mut narrow = ours.clone();
                let pick = index_below(&mut ours, n);
                assert_eq!(pick, before.gen_range(0..n), "seed {seed}, n {n}");
                if pick != narrow.gen_range(0..n as u32) as usize {
                    differs_from_32_bit += 1;
                }
            }
        }
        assert!(differs_from_32_bit > 100, "{differs_from_32_bit}");
    }

    #[test]
    fn best_leave_value_is_the_best_of_every_leave() {
        let table = LeaveTable::shipped(wordclub_engine::LeaveTableId::Classic15);
        for text in ["AEINRST", "??EESSZ", "QUUUIIE", "A", "BB"] {
            let rack = Rack::parse(text).unwrap();
            let mut best = f32::NEG_INFINITY;
            // Every sub-multiset but the whole rack, by brute force over index subsets.
            let tiles: Vec<usize> = (0..27)
                .flat_map(|l| std::iter::repeat_n(l, rack.counts[l] as usize))
                .collect();
            for mask in 0..(1u32 << tiles.len()) - 1 {
                let mut keep = Rack::default();
                for (i, &l) in tiles.iter().enumerate() {
                    if mask & (1 << i) != 0 {
                        keep.counts[l] += 1;
                    }
                }
                best = best.max(table.value(&keep));
            }
            assert_eq!(best_leave_value(table, &rack), best, "{text}");
        }
    }

    /// Hard's and Medium's best-first search keeps exactly the moves a walk of every anchor
    /// keeps, turn by turn through seeded matches (with blanks, premiums and the endgame).
    #[test]
    fn best_first_search_keeps_the_same_top_moves_as_walking_every_anchor() {
        let mut turns = 0;
        for (id, seeds) in [("wordclub-1.1", 0..6u64), ("classic-15", 0..2u64)] {
            let rules = RuleSet::builtin(id).unwrap();
            let list = WordList::builtin(&rules.default_list).unwrap();
            let layout = layout_of(&rules).unwrap();
            let g = gaddag_for(list);
            let table = LeaveTable::for_rules(&rules).unwrap();
            for seed in seeds {
                let specs = vec![
                    PlayerSpec::computer("a", "hard"),
                    PlayerSpec::computer("b", "hard"),
                ];
                let mut m = Match::new(rules.clone(), ListRef::of(list), specs, seed).unwrap();
                while let Some(seat) = m.to_move() {
                    let rack = rack_of(m.rack(seat).unwrap());
                    let grid = grid_of(m.board());
                    let endgame = m.bag_len() == 0;
                    for (k, weight) in [(1, table.weight), (6, table.weight / 2.0)] {
                        let value = |f: &Found<'_>| {
                            valuation(table, weight, &layout.values, endgame, f.score, f.leave)
                        };
                        let max_gain = if endgame {
                            0.0
                        } else {
                            weight * best_leave_value(table, &rack)
                        };
                        let mut all = TopK {
                            k,
                            value,
                            best: Vec::new(),
                            max_gain,
                        };
                        let mut first = TopK {
                            k,
                            value,
                            best: Vec::new(),
                            max_gain,
                        };
                        let mut gen = Generator::new();
                        gen.generate(&g, &layout, &grid, &rack, &mut all);
                        gen.generate_best(&g, &layout, &grid, &rack, &mut first);
                        assert_eq!(all.best, first.best, "{id} seed {seed} turn {}", turns);
                    }
                    turns += 1;
                    let action = computer_action(&m, seat, list, Level::Hard).unwrap();
                    m.apply(action, list).unwrap();
                }
            }
        }
        assert!(turns > 150, "{turns} turns");
    }

    #[test]
    fn easy_plays_short_mostly_common_words() {
        let rules = RuleSet::builtin("wordclub-1.1").unwrap();
        let list = WordList::builtin("wordclub").unwrap();
        let common = common_gaddag_for(list, Manners::Polite);
        let players = vec![
            PlayerSpec::computer("A", "easy"),
            PlayerSpec::computer("B", "easy"),
        ];
        let mut m = Match::new(rules.clone(), ListRef::of(list), players, 3).unwrap();
        let (mut placed, mut all_common) = (0, 0);
        while let Some(seat) = m.to_move() {
            let action = computer_action(&m, seat, list, Level::Easy).unwrap();
            let events = m.apply(action, list).unwrap().to_vec();
            for e in events {
                if let wordclub_engine::Event::Placed { words, .. } = e {
                    placed += 1;
                    // The main word comes first: at most six letters (four when no common word fit).
                    assert!(words[0].word.len() <= 6, "{}", words[0].word);
                    if words.iter().all(|w| common.contains(&w.word)) {
                        all_common += 1;
                    } else {
                        assert!(words[0].word.len() <= 4, "{}", words[0].word);
                    }
                }
            }
        }
        assert!(placed > 3);
        assert!(
            all_common * 10 >= placed * 7,
            "{all_common} of {placed} all common"
        );
    }

    /// Easy's vocabulary was re-derived for version 2: every word is a version-2 word (so no
    /// abbreviation SCOWL files, no stray two-letter word such as CS), and a word of versions 3
    /// and 4 too, so neither needed a new derivation (one would only add CHEQUED and CUMMING).
    #[test]
    fn easy_s_common_words_are_all_version_2_3_and_4_words() {
        let v2 = WordList::builtin("wordclub@2").unwrap();
        let v3 = WordList::builtin("wordclub@3").unwrap();
        let v4 = WordList::builtin("wordclub").unwrap();
        assert_eq!(v4.info().version, "4");
        let words: Vec<&str> = COMMON_WORDS.lines().collect();
        assert!(words.len() > 10_000);
        for w in &words {
            let key = w.to_ascii_uppercase();
            assert!(v2.contains(key.as_bytes()), "{w}");
            assert!(v3.contains(key.as_bytes()), "{w}");
            assert!(v4.contains(key.as_bytes()), "{w}");
        }
        for w in ["cs", "etc", "dkl", "aeq"] {
            assert!(!words.contains(&w), "{w}");
        }
    }
}
