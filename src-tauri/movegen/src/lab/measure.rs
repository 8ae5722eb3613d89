//! The figures of a set of simulated matches.
//!
//! How a match ended is one of: went out; *passes*, the pass rule with the bag empty (the
//! endgame stalled); *full board*, the pass rule with tiles still in the bag (the board had
//! no room left for the racks before the bag ran out: the jam the lab was built to find);
//! a turn limit; a resignation. A win shared by k players counts 1/k. Shares carry 95%
//! Wilson intervals, means a 95% normal interval (mean ± 1.96 standard errors).

use serde::Serialize;
use wordclub_engine::{EndReason, RuleSet};

use crate::players::Level;
use crate::sim::GameOutcome;

/// z for a two-sided 95% interval.
pub const Z95: f64 = 1.959_964;

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
    fn of(values: impl IntoIterator<Item = f64>) -> Spread {
        let (mean, sd, n) = mean_sd(values);
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

/// Mean, sample standard deviation and count.
fn mean_sd(values: impl IntoIterator<Item = f64>) -> (f64, f64, usize) {
    let (mut n, mut sum, mut sq) = (0usize, 0.0, 0.0);
    for v in values {
        n += 1;
        sum += v;
        sq += v * v;
    }
    if n == 0 {
        return (0.0, 0.0, 0);
    }
    let mean = sum / n as f64;
    let var = if n > 1 {
        ((sq - sum * mean) / (n as f64 - 1.0)).max(0.0)
    } else {
        0.0
    };
    (mean, var.sqrt(), n)
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
}

/// A figure a search target can be set on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
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
}

impl Metric {
    pub const ALL: [Metric; 7] = [
        Metric::WentOut,
        Metric::BagEmptied,
        Metric::FirstWin,
        Metric::Turns,
        Metric::Filled,
        Metric::Margin,
        Metric::Score,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Metric::WentOut => "went_out",
            Metric::BagEmptied => "bag_emptied",
            Metric::FirstWin => "first_win",
            Metric::Turns => "turns",
            Metric::Filled => "filled",
            Metric::Margin => "margin",
            Metric::Score => "score",
        }
    }

    pub fn parse(name: &str) -> Option<Metric> {
        Metric::ALL.into_iter().find(|m| m.name() == name)
    }

    /// A share of matches (0..1), as opposed to a mean of a count.
    pub fn is_share(self) -> bool {
        matches!(
            self,
            Metric::WentOut | Metric::BagEmptied | Metric::FirstWin
        )
    }

    /// The estimate over `games` and its two-sided interval at `z` (Wilson for shares,
    /// normal for means).
    pub fn estimate(self, games: &[GameOutcome], z: f64) -> (f64, [f64; 2]) {
        let n = games.len();
        let share = |hits: f64| {
            let p = if n == 0 { 0.0 } else { hits / n as f64 };
            (p, wilson_z(p, n, z))
        };
        let mean = |values: Vec<f64>| {
            let (m, sd, n) = mean_sd(values);
            let h = if n > 0 {
                z * sd / (n as f64).sqrt()
            } else {
                0.0
            };
            (m, [m - h, m + h])
        };
        match self {
            Metric::WentOut => share(
                games
                    .iter()
                    .filter(|g| g.reason == EndReason::WentOut)
                    .count() as f64,
            ),
            Metric::BagEmptied => share(games.iter().filter(|g| g.bag_left == 0).count() as f64),
            Metric::FirstWin => share(games.iter().map(first_points).sum()),
            Metric::Turns => mean(games.iter().map(|g| g.turns as f64).collect()),
            Metric::Filled => mean(games.iter().map(|g| g.filled as f64).collect()),
            Metric::Margin => mean(games.iter().map(margin).collect()),
            Metric::Score => mean(
                games
                    .iter()
                    .flat_map(|g| g.scores.iter().map(|&s| s as f64))
                    .collect(),
            ),
        }
    }
}

/// The first player's share of a game's win.
fn first_points(g: &GameOutcome) -> f64 {
    if g.winners.contains(&g.first) {
        1.0 / g.winners.len() as f64
    } else {
        0.0
    }
}

fn margin(g: &GameOutcome) -> f64 {
    let mut s: Vec<i32> = g.scores.clone();
    s.sort_unstable_by(|a, b| b.cmp(a));
    match s.as_slice() {
        [a, b, ..] => (a - b) as f64,
        _ => 0.0,
    }
}

impl Measurement {
    /// The figures of `games`, played under `rules` with the word list `list` by `players`.
    pub fn of(
        rules: &RuleSet,
        list: &str,
        players: &[Level],
        seed: u64,
        games: &[GameOutcome],
    ) -> Measurement {
        let n = games.len();
        let count = |f: &dyn Fn(&GameOutcome) -> bool| games.iter().filter(|g| f(g)).count() as f64;
        let pass = |g: &GameOutcome| g.reason == EndReason::ScorelessTurns;
        let seats = players.len();
        let seat_win = (0..seats)
            .map(|s| {
                let points: f64 = games
                    .iter()
                    .filter(|g| g.winning_seats.contains(&s))
                    .map(|g| 1.0 / g.winning_seats.len() as f64)
                    .sum();
                Rate::of(points, n)
            })
            .collect();
        let per_player = (0..seats)
            .map(|p| {
                let points: f64 = games
                    .iter()
                    .filter(|g| g.winners.contains(&p))
                    .map(|g| 1.0 / g.winners.len() as f64)
                    .sum();
                PlayerFigures {
                    player: format!("{}-{}", players[p].name(), p + 1),
                    win_rate: Rate::of(points, n),
                    score: Spread::of(games.iter().map(|g| g.scores[p] as f64)),
                }
            })
            .collect();
        let placements: usize = games.iter().map(|g| g.placements).sum();
        let bingos: usize = games.iter().map(|g| g.bingos).sum();
        let blanks: usize = games.iter().map(|g| g.blanks_played).sum();
        let turns: usize = games.iter().map(|g| g.turns).sum();
        let stuck: usize = games.iter().map(|g| g.stuck_turns).sum();
        let ratio = |a: usize, b: usize| if b == 0 { 0.0 } else { a as f64 / b as f64 };
        Measurement {
            rules: rules.id.clone(),
            rules_hash: rules.hash(),
            list: list.to_string(),
            games: n,
            seed,
            players: players.iter().map(|l| l.name().to_string()).collect(),
            endings: Endings {
                went_out: Rate::of(count(&|g| g.reason == EndReason::WentOut), n),
                passes: Rate::of(count(&|g| pass(g) && g.bag_left == 0), n),
                full_board: Rate::of(count(&|g| pass(g) && g.bag_left > 0), n),
                turn_limit: Rate::of(count(&|g| g.reason == EndReason::TurnLimit), n),
                resigned: Rate::of(count(&|g| g.reason == EndReason::Resigned), n),
            },
            squares: (rules.board_size as usize).pow(2),
            squares_filled: Spread::of(games.iter().map(|g| g.filled as f64)),
            bag_left: Spread::of(games.iter().map(|g| g.bag_left as f64)),
            bag_emptied: Rate::of(count(&|g| g.bag_left == 0), n),
            first_player_win: Rate::of(games.iter().map(first_points).sum(), n),
            seat_win,
            per_player,
            score: Spread::of(
                games
                    .iter()
                    .flat_map(|g| g.scores.iter().map(|&s| s as f64)),
            ),
            winning_margin: Spread::of(games.iter().map(margin)),
            turns: Spread::of(games.iter().map(|g| g.turns as f64)),
            bingos: Usage {
                per_match: Spread::of(games.iter().map(|g| g.bingos as f64)),
                share: ratio(bingos, placements),
            },
            blanks: Usage {
                per_match: Spread::of(games.iter().map(|g| g.blanks_played as f64)),
                share: ratio(blanks, n * rules.blank_count()),
            },
            no_placement: NoPlacement {
                turns: ratio(stuck, turns),
                matches: Rate::of(count(&|g| g.stuck_turns > 0), n),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let m = Measurement::of(&rules, "wordclub", &[Level::Hard, Level::Hard], 1, &games);
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
        let (first, [lo, hi]) = Metric::FirstWin.estimate(&games, Z95);
        assert_eq!(first, m.first_player_win.rate);
        assert!(lo < first && first < hi);
    }

    #[test]
    fn spread_has_the_sample_deviation() {
        let s = Spread::of([2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]);
        assert_eq!(s.mean, 5.0);
        assert!((s.sd - 2.138).abs() < 0.001, "{}", s.sd);
        assert!(s.ci95[0] < 5.0 && s.ci95[1] > 5.0);
    }
}
