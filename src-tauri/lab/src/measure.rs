//! The figures of a set of simulated matches.
//!
//! How a match ended is one of: went out; *passes*, the pass rule with the bag empty (the
//! endgame stalled); *full board*, the pass rule with tiles still in the bag (the board had
//! no room left for the racks before the bag ran out: the jam the lab was built to find);
//! a turn limit; a resignation. A win shared by k players counts 1/k. Shares carry 95%
//! Wilson intervals, means a 95% normal interval (mean ± 1.96 standard errors).

use serde::Serialize;
use wordclub_engine::RuleSet;

use crate::tally::{Histogram, Tally};
use wordclub_movegen::Level;

/// z for a two-sided 95% interval.
pub const Z95: f64 = 1.959_964;
/// z for a two-sided 99.5% interval (what the candidates' seat shares are judged on).
pub const Z995: f64 = 2.807_034;

/// Wilson score interval for a share `p` over `n` trials at `z`.
pub fn wilson_z(p: f64, n: usize, z: f64) -> [f64; 2] {
    if n == 0 {
        return [0.0, 1.0];
    }
    let n = n as f64;
    let d = 1.0 + z * z / n;
    let c = (p + z * z / (2.0 * n)) / d;
    let h = z * ((p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt()) / d;
    [(c - h).max(0.0), (c + h).min(1.0)]
}

/// A share of matches (or turns) with its 95% interval.
#[derive(Debug, Clone, Copy, Serialize, PartialEq)]
pub struct Rate {
    pub rate: f64,
    pub ci95: [f64; 2],
}

impl Rate {
    fn of(hits: f64, n: usize) -> Rate {
        let rate = if n == 0 { 0.0 } else { hits / n as f64 };
        Rate {
            rate,
            ci95: wilson_z(rate, n, Z95),
        }
    }
}

/// Mean, standard deviation and the mean's 95% interval.
#[derive(Debug, Clone, Copy, Serialize, PartialEq)]
pub struct Spread {
    pub mean: f64,
    pub sd: f64,
    pub ci95: [f64; 2],
}

impl Spread {
    /// The spread of a histogram's values, from its exact integer sums.
    pub fn of(h: &Histogram) -> Spread {
        let (mean, var, n) = h.moments();
        let sd = var.sqrt();
        let h = if n > 0 {
            Z95 * sd / (n as f64).sqrt()
        } else {
            0.0
        };
        Spread {
            mean,
            sd,
            ci95: [mean - h, mean + h],
        }
    }
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Endings {
    pub went_out: Rate,
    /// The pass rule with the bag empty.
    pub passes: Rate,
    /// The pass rule with tiles still in the bag: the board jammed first.
    pub full_board: Rate,
    pub turn_limit: Rate,
    pub resigned: Rate,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct PlayerFigures {
    pub player: String,
    pub win_rate: Rate,
    pub score: Spread,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Usage {
    pub per_match: Spread,
    /// Bingos: share of placements that used a whole rack. Blanks: share of the bag's
    /// blanks that were played.
    pub share: f64,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct NoPlacement {
    /// Share of all turns on which the player to move had no legal placement.
    pub turns: f64,
    /// Share of matches in which that happened at least once.
    pub matches: Rate,
}

/// One seat's figures (seat 1 moves first; each player sits in each seat in turn).
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct SeatFigures {
    pub seat: usize,
    /// Its share of the wins, with 95% and 99.5% Wilson intervals.
    pub win: Rate,
    pub win_ci995: [f64; 2],
    /// Its win share minus a fair share (1 / players), in points of a share.
    pub from_fair: f64,
    /// Turns it took per match, and the share of them without a legal placement (no
    /// scoring move at all: the seat could only exchange or pass).
    pub turns: f64,
    pub no_placement: f64,
    pub score: Spread,
}

/// Points of a distribution (the value that many of the way up).
#[derive(Debug, Clone, Copy, Serialize, PartialEq)]
pub struct Quantiles {
    pub p10: i64,
    pub p25: i64,
    pub p50: i64,
    pub p75: i64,
    pub p90: i64,
    pub max: i64,
}

impl Quantiles {
    pub fn of(h: &Histogram) -> Quantiles {
        Quantiles {
            p10: h.quantile(0.10),
            p25: h.quantile(0.25),
            p50: h.quantile(0.50),
            p75: h.quantile(0.75),
            p90: h.quantile(0.90),
            max: h.quantile(1.0),
        }
    }
}

/// Which letters the bag holds.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Letters {
    /// Letters with at least one tile, A to Z.
    pub in_bag: String,
    /// Letters of the alphabet with none.
    pub missing: String,
    pub blanks: usize,
    pub tiles: usize,
}

impl Letters {
    pub fn of(rules: &RuleSet) -> Letters {
        let has = |l: char| rules.tiles.iter().any(|t| t.letter == l && t.count > 0);
        let (in_bag, missing): (String, String) = ('A'..='Z').partition(|&l| has(l));
        Letters {
            in_bag,
            missing,
            blanks: rules.blank_count(),
            tiles: rules.bag_size(),
        }
    }
}

/// What a table feels: how long each person plays, how often the board jams, the margins.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct TableFeel {
    pub players: usize,
    /// A fair share of the wins: 1 / players.
    pub fair_share: f64,
    /// The largest distance of a seat's win share from a fair share, in points.
    pub worst_seat_from_fair: f64,
    /// Turns per match divided by the players: how many moves each person makes.
    pub moves_per_player: f64,
    /// Matches that ended because the board jammed with tiles still in the bag.
    pub board_jams: Rate,
    /// Winning margins: their points.
    pub margin: Quantiles,
    /// Matches' lengths in turns: their points.
    pub length: Quantiles,
}

/// What a rule set does over a set of simulated matches.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Measurement {
    pub rules: String,
    pub rules_hash: String,
    pub list: String,
    pub games: usize,
    pub seed: u64,
    pub players: Vec<String>,
    pub endings: Endings,
    pub squares: usize,
    pub squares_filled: Spread,
    pub bag_left: Spread,
    /// Matches that ended with the bag empty.
    pub bag_emptied: Rate,
    pub first_player_win: Rate,
    /// Per seat, seat 1 moving first (the seating rotates, so each player sits in each seat).
    pub seat_win: Vec<Rate>,
    pub per_player: Vec<PlayerFigures>,
    /// Every player's final score.
    pub score: Spread,
    /// The winner's final score minus the best other (0 for a shared win).
    pub winning_margin: Spread,
    pub turns: Spread,
    pub bingos: Usage,
    pub blanks: Usage,
    pub no_placement: NoPlacement,
    pub table: TableFeel,
    pub per_seat: Vec<SeatFigures>,
    pub letters: Letters,
}

/// A figure a search target can be set on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Metric {
    /// Share of matches that end by a player going out.
    WentOut,
    /// Share of matches that end with the bag empty (the bag ran out before the board jammed).
    BagEmptied,
    /// Share of wins of the player who moved first.
    FirstWin,
    /// Mean turns per match.
    Turns,
    /// Mean squares filled at the end.
    Filled,
    /// Mean winning margin.
    Margin,
    /// Mean final score per player.
    Score,
    /// Mean turns per match over the players: the moves each person makes.
    MovesPerPlayer,
    /// Share of matches that end with the board jammed (the pass rule, tiles in the bag).
    BoardJams,
    /// The largest distance of any seat's win share from a fair share (1 / players).
    WorstSeat,
    /// Share of the wins taken by the players of one level (`win.hard`): the skill signal
    /// of a mixed table such as `hard,medium`.
    Win(Level),
    /// Letters of the alphabet with no tile in the bag of the table's rule set: a count
    /// known from the rules alone (its interval is the count itself).
    MissingLetters,
}

impl Metric {
    /// Every metric but `win.LEVEL` (one per level).
    pub const ALL: [Metric; 11] = [
        Metric::WentOut,
        Metric::BagEmptied,
        Metric::FirstWin,
        Metric::Turns,
        Metric::Filled,
        Metric::Margin,
        Metric::Score,
        Metric::MovesPerPlayer,
        Metric::BoardJams,
        Metric::WorstSeat,
        Metric::MissingLetters,
    ];

    pub fn name(self) -> String {
        match self {
            Metric::WentOut => "went_out".into(),
            Metric::BagEmptied => "bag_emptied".into(),
            Metric::FirstWin => "first_win".into(),
            Metric::Turns => "turns".into(),
            Metric::Filled => "filled".into(),
            Metric::Margin => "margin".into(),
            Metric::Score => "score".into(),
            Metric::MovesPerPlayer => "moves_per_player".into(),
            Metric::BoardJams => "board_jams".into(),
            Metric::WorstSeat => "worst_seat".into(),
            Metric::Win(level) => format!("win.{}", level.name()),
            Metric::MissingLetters => "missing_letters".into(),
        }
    }

    pub fn parse(name: &str) -> Option<Metric> {
        if let Some(level) = name.strip_prefix("win.") {
            return Level::parse(level).ok().map(Metric::Win);
        }
        Metric::ALL.into_iter().find(|m| m.name() == name)
    }

    /// A share of matches (0..1), as opposed to a mean of a count.
    pub fn is_share(self) -> bool {
        matches!(
            self,
            Metric::WentOut
                | Metric::BagEmptied
                | Metric::FirstWin
                | Metric::BoardJams
                | Metric::WorstSeat
                | Metric::Win(_)
        )
    }

    /// The estimate over the matches of `t`, played under `rules` (the flat rule set of the
    /// table) by `players`, and its two-sided interval at `z` (Wilson for shares, normal for
    /// means).
    pub fn estimate(
        self,
        t: &Tally,
        rules: &RuleSet,
        players: &[Level],
        z: f64,
    ) -> (f64, [f64; 2]) {
        let n = t.games as usize;
        let share = |hits: f64| {
            let p = if n == 0 { 0.0 } else { hits / n as f64 };
            (p, wilson_z(p, n, z))
        };
        let mean = |h: &Histogram| {
            let (m, var, n) = h.moments();
            let h = if n > 0 {
                z * var.sqrt() / (n as f64).sqrt()
            } else {
                0.0
            };
            (m, [m - h, m + h])
        };
        match self {
            Metric::WentOut => share(t.went_out as f64),
            Metric::BagEmptied => share(t.bag_emptied() as f64),
            Metric::FirstWin => share(Tally::wins(t.first_win)),
            Metric::Turns => mean(&t.turns),
            Metric::Filled => mean(&t.filled),
            Metric::Margin => mean(&t.margin),
            Metric::Score => mean(&t.all_scores()),
            Metric::MovesPerPlayer => {
                let seats = t.seats.max(1) as f64;
                let (m, [lo, hi]) = mean(&t.turns);
                (m / seats, [lo / seats, hi / seats])
            }
            Metric::BoardJams => share(t.full_board as f64),
            Metric::WorstSeat => {
                // Each seat's distance from fair, and its interval from the seat's own
                // Wilson interval: the worst seat is at least as far as the nearest end
                // of any seat's interval, at most as far as the farthest end.
                let fair = 1.0 / t.seats.max(1) as f64;
                let (mut est, mut lo, mut hi) = (0.0f64, 0.0f64, 0.0f64);
                for &w in &t.seat_win {
                    let (p, [a, b]) = share(Tally::wins(w));
                    est = est.max((p - fair).abs());
                    let near = if a <= fair && fair <= b {
                        0.0
                    } else {
                        (a - fair).abs().min((b - fair).abs())
                    };
                    lo = lo.max(near);
                    hi = hi.max((a - fair).abs().max((b - fair).abs()));
                }
                (est, [lo, hi])
            }
            Metric::Win(level) => {
                // Units (twelfths of a win) add up exactly before the one division.
                let units: u64 = players
                    .iter()
                    .zip(&t.player_win)
                    .filter(|(&l, _)| l == level)
                    .map(|(_, &w)| w)
                    .sum();
                share(Tally::wins(units))
            }
            Metric::MissingLetters => {
                let missing = Letters::of(rules).missing.chars().count() as f64;
                (missing, [missing, missing])
            }
        }
    }
}

impl Measurement {
    /// The figures of the matches tallied in `t`, played under `rules` with the word list
    /// `list` by `players`. Everything is worked out from `t`'s integers, so equal tallies
    /// give identical figures, however they were put together.
    pub fn of(rules: &RuleSet, list: &str, players: &[Level], seed: u64, t: &Tally) -> Measurement {
        let n = t.games as usize;
        let count = |c: u64| Rate::of(c as f64, n);
        let ratio = |a: u64, b: u64| if b == 0 { 0.0 } else { a as f64 / b as f64 };
        let per_player = (0..t.seats)
            .map(|p| PlayerFigures {
                player: format!("{}-{}", players.get(p).map_or("?", |l| l.name()), p + 1),
                win_rate: Rate::of(Tally::wins(t.player_win[p]), n),
                score: Spread::of(&t.player_score[p]),
            })
            .collect();
        let (bingos, _) = t.bingos.sums();
        let (blanks, _) = t.blanks.sums();
        let (turns, _) = t.turns.sums();
        let seats = t.seats.max(1);
        let fair = 1.0 / seats as f64;
        let per_seat: Vec<SeatFigures> = (0..t.seats)
            .map(|s| {
                let win = Rate::of(Tally::wins(t.seat_win[s]), n);
                SeatFigures {
                    seat: s + 1,
                    win,
                    win_ci995: wilson_z(win.rate, n, Z995),
                    from_fair: 100.0 * (win.rate - fair),
                    turns: ratio(t.seat_turns[s], t.games),
                    no_placement: ratio(t.seat_stuck[s], t.seat_turns[s]),
                    score: Spread::of(&t.seat_score[s]),
                }
            })
            .collect();
        let table = TableFeel {
            players: t.seats,
            fair_share: fair,
            worst_seat_from_fair: per_seat
                .iter()
                .map(|s| s.from_fair.abs())
                .fold(0.0, f64::max),
            moves_per_player: ratio(turns as u64, t.games) / seats as f64,
            board_jams: count(t.full_board),
            margin: Quantiles::of(&t.margin),
            length: Quantiles::of(&t.turns),
        };
        Measurement {
            rules: rules.id.clone(),
            rules_hash: rules.hash(),
            list: list.to_string(),
            games: n,
            seed,
            players: players.iter().map(|l| l.name().to_string()).collect(),
            endings: Endings {
                went_out: count(t.went_out),
                passes: count(t.passes),
                full_board: count(t.full_board),
                turn_limit: count(t.turn_limit),
                resigned: count(t.resigned),
            },
            squares: (rules.board_size as usize).pow(2),
            squares_filled: Spread::of(&t.filled),
            bag_left: Spread::of(&t.bag_left),
            bag_emptied: count(t.bag_emptied()),
            first_player_win: Rate::of(Tally::wins(t.first_win), n),
            seat_win: t
                .seat_win
                .iter()
                .map(|&w| Rate::of(Tally::wins(w), n))
                .collect(),
            per_player,
            score: Spread::of(&t.all_scores()),
            winning_margin: Spread::of(&t.margin),
            turns: Spread::of(&t.turns),
            bingos: Usage {
                per_match: Spread::of(&t.bingos),
                share: ratio(bingos as u64, t.placements),
            },
            blanks: Usage {
                per_match: Spread::of(&t.blanks),
                share: ratio(blanks as u64, t.games * rules.blank_count() as u64),
            },
            no_placement: NoPlacement {
                turns: ratio(t.stuck_turns, turns as u64),
                matches: count(t.stuck_matches),
            },
            table,
            per_seat,
            letters: Letters::of(rules),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wordclub_engine::EndReason;
    use wordclub_movegen::GameOutcome;

    fn game(scores: Vec<i32>, winners: Vec<usize>, first: usize, bag_left: usize) -> GameOutcome {
        GameOutcome {
            winning_seats: winners.iter().map(|&w| (w + 2 - first) % 2).collect(),
            scores,
            winners,
            first,
            reason: if bag_left == 0 {
                EndReason::WentOut
            } else {
                EndReason::ScorelessTurns
            },
            bag_left,
            filled: 40,
            turns: 20,
            placements: 16,
            bingos: 1,
            blanks_played: 1,
            stuck_turns: usize::from(bag_left > 0),
            seat_turns: vec![10, 10],
            seat_stuck: vec![usize::from(bag_left > 0), 0],
            covered: (0..40).collect(),
        }
    }

    #[test]
    fn figures_count_shared_wins_and_split_pass_endings_by_the_bag() {
        let games = vec![
            game(vec![100, 80], vec![0], 0, 0),
            game(vec![90, 90], vec![0, 1], 1, 5),
            game(vec![70, 95], vec![1], 0, 0),
            game(vec![60, 50], vec![0], 1, 0),
        ];
        let rules = RuleSet::builtin("wordclub-1.1").unwrap();
        let mut t = Tally::new(2);
        for g in &games {
            t.add(g);
        }
        let m = Measurement::of(&rules, "wordclub", &[Level::Hard, Level::Hard], 1, &t);
        // First player: game 1 (won), game 2 (shared: 1/2), game 3 (lost), game 4 (lost).
        assert_eq!(m.first_player_win.rate, 1.5 / 4.0);
        assert_eq!(m.seat_win[0].rate + m.seat_win[1].rate, 1.0);
        assert_eq!(m.endings.went_out.rate, 0.75);
        assert_eq!(m.endings.full_board.rate, 0.25);
        assert_eq!(m.endings.passes.rate, 0.0);
        assert_eq!(m.bag_emptied.rate, 0.75);
        // Margins 20, 0, 25, 10.
        assert_eq!(m.winning_margin.mean, 13.75);
        assert_eq!(m.per_player[0].win_rate.rate, 2.5 / 4.0);
        assert_eq!(m.blanks.share, 4.0 / 8.0);
        assert_eq!(m.no_placement.matches.rate, 0.25);
        let hh = [Level::Hard, Level::Hard];
        let est = |m: Metric| m.estimate(&t, &rules, &hh, Z95);
        let (first, [lo, hi]) = est(Metric::FirstWin);
        assert_eq!(first, m.first_player_win.rate);
        assert!(lo < first && first < hi);
        // Seats: 2.5 and 1.5 wins of 4 (the first player rotates), 12.5 points from fair.
        let (worst, [lo, hi]) = est(Metric::WorstSeat);
        assert!((worst - m.table.worst_seat_from_fair / 100.0).abs() < 1e-12);
        assert!((worst - 0.125).abs() < 1e-12, "{worst}");
        assert!(lo <= worst && worst <= hi, "{lo} {worst} {hi}");
        let (moves, _) = est(Metric::MovesPerPlayer);
        assert_eq!(moves, 10.0);
        assert_eq!(est(Metric::BoardJams).0, 0.25);
        // Both players are Hard: Hard wins every match; the full 1.1 bag lacks no letter.
        assert_eq!(est(Metric::Win(Level::Hard)), (1.0, wilson_z(1.0, 4, Z95)));
        assert_eq!(est(Metric::Win(Level::Medium)).0, 0.0);
        assert_eq!(est(Metric::MissingLetters), (0.0, [0.0, 0.0]));
        let (first_player_wins, _) =
            Metric::Win(Level::Hard).estimate(&t, &rules, &[Level::Hard, Level::Medium], Z95);
        assert_eq!(first_player_wins, m.per_player[0].win_rate.rate);
        let twelve = RuleSet::builtin("wordclub-1.2").unwrap();
        assert_eq!(
            Metric::MissingLetters.estimate(&t, &twelve, &hh, Z95).0,
            5.0
        );
    }

    #[test]
    fn spread_has_the_sample_deviation() {
        let mut h = Histogram::default();
        for v in [2, 4, 4, 4, 5, 5, 7, 9] {
            h.add(v);
        }
        let s = Spread::of(&h);
        assert_eq!(s.mean, 5.0);
        assert!((s.sd - 2.138).abs() < 0.001, "{}", s.sd);
        assert!(s.ci95[0] < 5.0 && s.ci95[1] > 5.0);
    }
}
