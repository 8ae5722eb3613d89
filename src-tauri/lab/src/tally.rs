//! The lab's accumulator: every simulated match is folded into integer counts and
//! histograms as it finishes, and never kept. Memory stays flat in the number of matches (a
//! histogram holds one entry per distinct value: scores, turns, squares, all bounded by the
//! rules, never by the games), and two tallies add up exactly: integer sums do not depend on
//! the order they were added in, unlike float sums. That exactness is what lets `lab merge`
//! combine shards run on other machines into the very figures of one run.
//!
//! A win shared by k players counts 1/k of a win; wins are counted in units of
//! 1/[`WIN_UNITS`] (12, divisible by every table size from 1 to 4) so they stay integers too.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use wordclub_engine::{EndReason, MAX_PLAYERS};

use wordclub_movegen::GameOutcome;

/// The largest value a histogram of a checked tally may hold (a score, a number of turns):
/// far above any match (the simulator stops a match at 10,000 steps), and small enough that
/// 10¹¹ matches of it square and sum inside an i128.
pub const MAX_VALUE: i64 = 1_000_000;

/// One win, in the units wins are counted in: the least common multiple of every table size.
pub const WIN_UNITS: u64 = lcm_upto(MAX_PLAYERS as u64);

const fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

const fn lcm_upto(n: u64) -> u64 {
    let mut l = 1;
    let mut k = 2;
    while k <= n {
        l = l / gcd(l, k) * k;
        k += 1;
    }
    l
}

/// How many matches had each value (a score, a number of turns, …), in value order.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "Vec<(i64, u64)>", into = "Vec<(i64, u64)>")]
pub struct Histogram(BTreeMap<i64, u64>);

impl From<Vec<(i64, u64)>> for Histogram {
    fn from(pairs: Vec<(i64, u64)>) -> Self {
        let mut h = Histogram::default();
        for (v, c) in pairs {
            h.add_n(v, c);
        }
        h
    }
}

impl From<Histogram> for Vec<(i64, u64)> {
    fn from(h: Histogram) -> Self {
        h.0.into_iter().collect()
    }
}

impl Histogram {
    pub fn add(&mut self, value: i64) {
        self.add_n(value, 1);
    }

    fn add_n(&mut self, value: i64, count: u64) {
        if count > 0 {
            *self.0.entry(value).or_default() += count;
        }
    }

    pub fn merge(&mut self, other: &Histogram) {
        for (&v, &c) in &other.0 {
            self.add_n(v, c);
        }
    }

    /// How many values were added.
    pub fn count(&self) -> u64 {
        self.0.values().fold(0u64, |a, &c| a.saturating_add(c))
    }

    /// How many values equal `value`.
    pub fn count_of(&self, value: i64) -> u64 {
        self.0.get(&value).copied().unwrap_or(0)
    }

    /// The sum and the sum of squares of every value, exactly (i128: 10⁷ matches of scores
    /// in the thousands are far inside it).
    pub fn sums(&self) -> (i128, i128) {
        self.0.iter().fold((0, 0), |(s, q), (&v, &c)| {
            let (v, c) = (v as i128, c as i128);
            (s + v * c, q + v * v * c)
        })
    }

    /// (value, count) in value order.
    pub fn iter(&self) -> impl Iterator<Item = (i64, u64)> + '_ {
        self.0.iter().map(|(&v, &c)| (v, c))
    }

    /// The smallest value `q` of the way up (0 ≤ q ≤ 1), by count; 0 when empty.
    pub fn quantile(&self, q: f64) -> i64 {
        let n = self.count();
        if n == 0 {
            return 0;
        }
        let rank = ((q.clamp(0.0, 1.0) * n as f64).ceil() as u64).clamp(1, n);
        let mut seen = 0;
        for (v, c) in self.iter() {
            seen += c;
            if seen >= rank {
                return v;
            }
        }
        0
    }

    /// Mean, sample variance and count, the variance from exact integer sums.
    pub fn moments(&self) -> (f64, f64, u64) {
        let n = self.count();
        if n == 0 {
            return (0.0, 0.0, 0);
        }
        let (s, q) = self.sums();
        let mean = s as f64 / n as f64;
        let var = if n > 1 {
            let n = n as i128;
            // n·Σx² − (Σx)² is exact and never negative; one division at the end.
            ((n * q - s * s) as f64) / ((n * (n - 1)) as f64)
        } else {
            0.0
        };
        (mean, var, n)
    }
}

/// Every figure of a set of matches that the lab reports, as integers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// Players at the table.
    pub seats: usize,
    pub games: u64,
    pub went_out: u64,
    /// The pass rule with the bag empty.
    pub passes: u64,
    /// The pass rule with tiles still in the bag: the board jammed first.
    pub full_board: u64,
    pub turn_limit: u64,
    pub resigned: u64,
    /// Wins of whoever moved first, in [`WIN_UNITS`].
    pub first_win: u64,
    /// Wins per seat (seat 0 moved first), in [`WIN_UNITS`].
    pub seat_win: Vec<u64>,
    /// Wins per player in the order given, in [`WIN_UNITS`].
    pub player_win: Vec<u64>,
    /// Final scores per player in the order given.
    pub player_score: Vec<Histogram>,
    /// Squares filled at the end.
    pub filled: Histogram,
    /// Tiles left in the bag at the end.
    pub bag_left: Histogram,
    /// Turns per match.
    pub turns: Histogram,
    /// The winner's final score minus the best other's (0 for a shared win).
    pub margin: Histogram,
    /// Whole-rack plays per match, and blanks played per match.
    pub bingos: Histogram,
    pub blanks: Histogram,
    /// Turns that placed tiles.
    pub placements: u64,
    /// Turns on which the player to move had no legal placement, and matches with one.
    pub stuck_turns: u64,
    pub stuck_matches: u64,
    /// Per seat (seat 0 moved first): turns taken, turns without a legal placement, and the
    /// final scores.
    pub seat_turns: Vec<u64>,
    pub seat_stuck: Vec<u64>,
    pub seat_score: Vec<Histogram>,
    /// Per square (`row * board_size + col`): the matches that ended with it covered.
    pub covered: Vec<u64>,
}

impl Tally {
    pub fn new(seats: usize) -> Tally {
        Tally {
            seats,
            games: 0,
            went_out: 0,
            passes: 0,
            full_board: 0,
            turn_limit: 0,
            resigned: 0,
            first_win: 0,
            seat_win: vec![0; seats],
            player_win: vec![0; seats],
            player_score: vec![Histogram::default(); seats],
            filled: Histogram::default(),
            bag_left: Histogram::default(),
            turns: Histogram::default(),
            margin: Histogram::default(),
            bingos: Histogram::default(),
            blanks: Histogram::default(),
            placements: 0,
            stuck_turns: 0,
            stuck_matches: 0,
            seat_turns: vec![0; seats],
            seat_stuck: vec![0; seats],
            seat_score: vec![Histogram::default(); seats],
            covered: Vec::new(),
        }
    }

    /// Folds one match in.
    pub fn add(&mut self, g: &GameOutcome) {
        self.games += 1;
        match g.reason {
            EndReason::WentOut => self.went_out += 1,
            EndReason::ScorelessTurns if g.bag_left == 0 => self.passes += 1,
            EndReason::ScorelessTurns => self.full_board += 1,
            EndReason::TurnLimit => self.turn_limit += 1,
            EndReason::Resigned => self.resigned += 1,
        }
        let k = g.winners.len().max(1) as u64;
        let share = WIN_UNITS / k;
        if g.winners.contains(&g.first) {
            self.first_win += share;
        }
        for &s in &g.winning_seats {
            if let Some(w) = self.seat_win.get_mut(s) {
                *w += share;
            }
        }
        for &p in &g.winners {
            if let Some(w) = self.player_win.get_mut(p) {
                *w += share;
            }
        }
        for (h, &s) in self.player_score.iter_mut().zip(&g.scores) {
            h.add(s as i64);
        }
        self.filled.add(g.filled as i64);
        self.bag_left.add(g.bag_left as i64);
        self.turns.add(g.turns as i64);
        self.margin.add(margin(&g.scores));
        self.bingos.add(g.bingos as i64);
        self.blanks.add(g.blanks_played as i64);
        self.placements += g.placements as u64;
        self.stuck_turns += g.stuck_turns as u64;
        self.stuck_matches += u64::from(g.stuck_turns > 0);
        for (a, &b) in self.seat_turns.iter_mut().zip(&g.seat_turns) {
            *a += b as u64;
        }
        for (a, &b) in self.seat_stuck.iter_mut().zip(&g.seat_stuck) {
            *a += b as u64;
        }
        // Seat s is played by whoever is `s` places after the first player.
        for (s, h) in self.seat_score.iter_mut().enumerate() {
            if let Some(&score) = g.scores.get((g.first + s) % self.seats.max(1)) {
                h.add(score as i64);
            }
        }
        for &sq in &g.covered {
            if sq >= self.covered.len() {
                self.covered.resize(sq + 1, 0);
            }
            self.covered[sq] += 1;
        }
    }

    /// Adds `other` in (shards of one run, or batches of one variant); the order never
    /// changes the result. Refuses a tally of another table size.
    pub fn merge(&mut self, other: &Tally) -> Result<(), String> {
        if other.seats != self.seats
            || other.seat_win.len() != self.seats
            || other.player_win.len() != self.seats
            || other.player_score.len() != self.seats
            || other.seat_turns.len() != self.seats
            || other.seat_stuck.len() != self.seats
            || other.seat_score.len() != self.seats
        {
            return Err(format!(
                "a tally of {} players cannot be added to one of {}",
                other.seats, self.seats
            ));
        }
        self.games += other.games;
        self.went_out += other.went_out;
        self.passes += other.passes;
        self.full_board += other.full_board;
        self.turn_limit += other.turn_limit;
        self.resigned += other.resigned;
        self.first_win += other.first_win;
        for (a, b) in self.seat_win.iter_mut().zip(&other.seat_win) {
            *a += b;
        }
        for (a, b) in self.player_win.iter_mut().zip(&other.player_win) {
            *a += b;
        }
        for (a, b) in self.player_score.iter_mut().zip(&other.player_score) {
            a.merge(b);
        }
        self.filled.merge(&other.filled);
        self.bag_left.merge(&other.bag_left);
        self.turns.merge(&other.turns);
        self.margin.merge(&other.margin);
        self.bingos.merge(&other.bingos);
        self.blanks.merge(&other.blanks);
        self.placements += other.placements;
        self.stuck_turns += other.stuck_turns;
        self.stuck_matches += other.stuck_matches;
        for (a, b) in self.seat_turns.iter_mut().zip(&other.seat_turns) {
            *a += b;
        }
        for (a, b) in self.seat_stuck.iter_mut().zip(&other.seat_stuck) {
            *a += b;
        }
        for (a, b) in self.seat_score.iter_mut().zip(&other.seat_score) {
            a.merge(b);
        }
        if other.covered.len() > self.covered.len() {
            self.covered.resize(other.covered.len(), 0);
        }
        for (a, b) in self.covered.iter_mut().zip(&other.covered) {
            *a += b;
        }
        Ok(())
    }

    /// Checks a tally read from a file (a shard) against what [`Tally::add`] can make: every
    /// histogram holds one value per match, the endings add up to the matches, the wins to
    /// one per match, and no value is past [`MAX_VALUE`]. So the figures' exact integer sums
    /// cannot overflow, whatever the file says.
    pub fn check(&self) -> Result<(), String> {
        let g = self.games;
        if g > crate::limits::MAX_GAMES.saturating_mul(crate::limits::MAX_SHARDS) {
            return Err(format!("{g} matches is more than any run plays"));
        }
        let seats = [
            self.seat_win.len(),
            self.player_win.len(),
            self.player_score.len(),
            self.seat_turns.len(),
            self.seat_stuck.len(),
            self.seat_score.len(),
        ];
        if self.seats == 0
            || self.seats > MAX_PLAYERS as usize
            || seats.iter().any(|&n| n != self.seats)
        {
            return Err(format!(
                "its per-seat counts are not for {} players",
                self.seats
            ));
        }
        let hists = self.player_score.iter().chain(&self.seat_score).chain([
            &self.filled,
            &self.bag_left,
            &self.turns,
            &self.margin,
            &self.bingos,
            &self.blanks,
        ]);
        for h in hists {
            if h.count() != g || h.0.keys().any(|v| v.abs() > MAX_VALUE) {
                return Err("a histogram does not hold one in-range value per match".into());
            }
        }
        let endings = [
            self.went_out,
            self.passes,
            self.full_board,
            self.turn_limit,
            self.resigned,
        ];
        if endings.iter().fold(0u64, |a, &e| a.saturating_add(e)) != g {
            return Err("its endings do not add up to its matches".into());
        }
        let wins = |w: &[u64]| w.iter().fold(0u64, |a, &e| a.saturating_add(e));
        if wins(&self.seat_win) > g.saturating_mul(WIN_UNITS)
            || wins(&self.player_win) > g.saturating_mul(WIN_UNITS)
            || self.first_win > g.saturating_mul(WIN_UNITS)
            || self.covered.len() > 15 * 15
            || self.covered.iter().any(|&c| c > g)
        {
            return Err("its wins or squares are more than its matches allow".into());
        }
        Ok(())
    }

    /// Matches that ended with the bag empty.
    pub fn bag_emptied(&self) -> u64 {
        self.bag_left.count_of(0)
    }

    /// Every player's final score in one histogram.
    pub fn all_scores(&self) -> Histogram {
        let mut all = Histogram::default();
        for h in &self.player_score {
            all.merge(h);
        }
        all
    }

    /// Wins in units turned into a count of wins (a shared win counting its share).
    pub fn wins(units: u64) -> f64 {
        units as f64 / WIN_UNITS as f64
    }
}

/// The winner's final score minus the best other's: the top two scores' difference.
fn margin(scores: &[i32]) -> i64 {
    let (mut a, mut b) = (i64::MIN, i64::MIN);
    for &s in scores {
        let s = s as i64;
        if s > a {
            b = a;
            a = s;
        } else if s > b {
            b = s;
        }
    }
    if b == i64::MIN {
        0
    } else {
        a - b
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wins_are_whole_units_at_every_table_size() {
        assert_eq!(WIN_UNITS, 12);
        for k in 1..=MAX_PLAYERS as u64 {
            assert_eq!(WIN_UNITS % k, 0, "{k}");
        }
    }

    #[test]
    fn margins_are_the_top_two_scores_apart() {
        assert_eq!(margin(&[100, 80]), 20);
        assert_eq!(margin(&[90, 90]), 0);
        assert_eq!(margin(&[10, 70, 95, 60]), 25);
        assert_eq!(margin(&[5]), 0);
    }

    #[test]
    fn a_histogram_s_moments_are_exact_and_its_quantiles_by_count() {
        let mut h = Histogram::default();
        for v in [2, 4, 4, 4, 5, 5, 7, 9] {
            h.add(v);
        }
        let (mean, var, n) = h.moments();
        assert_eq!((mean, n), (5.0, 8));
        assert!((var.sqrt() - 2.138).abs() < 0.001, "{var}");
        assert_eq!(
            (h.quantile(0.5), h.quantile(1.0), h.quantile(0.0)),
            (4, 9, 2)
        );
        // The JSON form is (value, count) pairs, read back the same.
        let text = serde_json::to_string(&h).unwrap();
        assert_eq!(text, "[[2,1],[4,3],[5,2],[7,1],[9,1]]");
        assert_eq!(serde_json::from_str::<Histogram>(&text).unwrap(), h);
    }

    /// A made-up match drawn from `x`: values in the ranges real matches have.
    fn game(x: u64, seats: usize) -> GameOutcome {
        let pick =
            |m: u64, salt: u64| (x.wrapping_mul(6364136223846793005).wrapping_add(salt) >> 33) % m;
        let scores: Vec<i32> = (0..seats)
            .map(|s| pick(400, s as u64) as i32 - 20)
            .collect();
        let top = *scores.iter().max().unwrap();
        let winners: Vec<usize> = (0..seats).filter(|&s| scores[s] == top).collect();
        let first = (x as usize) % seats;
        let bag_left = pick(12, 7) as usize;
        GameOutcome {
            winning_seats: winners
                .iter()
                .map(|&w| (w + seats - first) % seats)
                .collect(),
            winners,
            scores,
            first,
            reason: match pick(4, 9) {
                0 => EndReason::WentOut,
                1 => EndReason::ScorelessTurns,
                2 => EndReason::TurnLimit,
                _ => EndReason::Resigned,
            },
            bag_left,
            filled: pick(82, 3) as usize,
            turns: pick(60, 4) as usize,
            placements: pick(40, 5) as usize,
            bingos: pick(3, 6) as usize,
            blanks_played: pick(3, 8) as usize,
            stuck_turns: pick(2, 10) as usize,
            seat_turns: (0..seats)
                .map(|s| pick(15, 11 + s as u64) as usize)
                .collect(),
            seat_stuck: (0..seats)
                .map(|s| pick(2, 21 + s as u64) as usize)
                .collect(),
            covered: (0..pick(81, 12) as usize).map(|i| (i * 7) % 81).collect(),
        }
    }

    #[test]
    fn a_tally_stays_the_same_size_however_many_matches_it_holds() {
        let size = |games: u64| {
            let mut t = Tally::new(4);
            for x in 0..games {
                t.add(&game(x, 4));
            }
            let entries: usize = t.player_score.iter().map(|h| h.0.len()).sum::<usize>()
                + t.seat_score.iter().map(|h| h.0.len()).sum::<usize>()
                + t.covered.len()
                + [
                    &t.filled,
                    &t.bag_left,
                    &t.turns,
                    &t.margin,
                    &t.bingos,
                    &t.blanks,
                ]
                .iter()
                .map(|h| h.0.len())
                .sum::<usize>();
            (t.games, entries)
        };
        let (_, at_10k) = size(10_000);
        let (games, at_200k) = size(200_000);
        assert_eq!(games, 200_000);
        // Bounded by the values' ranges (4 × 400 scores, 82 squares, …), not the games.
        assert!(
            at_10k <= 8 * 400 + 81 + 82 + 12 + 60 + 400 + 3 + 3,
            "{at_10k}"
        );
        assert_eq!(at_10k, at_200k);
    }

    #[test]
    fn tallies_add_up_exactly_in_any_order_and_give_the_same_figures() {
        use crate::measure::Measurement;
        use wordclub_engine::RuleSet;
        use wordclub_movegen::Level;
        for seats in 1..=4 {
            let mut whole = Tally::new(seats);
            let mut parts = vec![Tally::new(seats); 3];
            for x in 0..3000 {
                let g = game(x, seats);
                whole.add(&g);
                parts[(x % 3) as usize].add(&g);
            }
            let mut merged = Tally::new(seats);
            for p in parts.iter().rev() {
                merged.merge(p).unwrap();
            }
            assert_eq!(merged, whole, "{seats} seats");
            // What add makes passes the check a shard file's tally must pass.
            whole.check().unwrap();
            let mut forged = whole.clone();
            forged.games += 1;
            assert!(forged.check().is_err());
            // Every match's win is shared out whole.
            assert_eq!(whole.seat_win.iter().sum::<u64>(), 3000 * WIN_UNITS);
            let rules = RuleSet::builtin("wordclub-1.2").unwrap();
            let levels = vec![Level::Hard; seats];
            let figures = |t: &Tally| {
                serde_json::to_string(&Measurement::of(&rules, "wordclub", &levels, 1, t)).unwrap()
            };
            assert_eq!(figures(&merged), figures(&whole));
        }
        assert!(Tally::new(2).merge(&Tally::new(3)).is_err());
    }
}
