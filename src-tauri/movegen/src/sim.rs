//! The simulator: matches between computer players through the engine, and their figures.
//!
//! Game `i` uses seed `seed + i` and rotates the seating by `i`, so every player starts
//! equally often; results are reported per player (in the order given) and for whoever
//! moved first. Games are played one per thread on every core; each depends only on its
//! seed, so the figures are the same whatever the number of threads.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Instant;

use serde::Serialize;
use wordclub_engine::{EndReason, ListRef, Match, PlayerSpec, RuleSet};
use wordclub_lexicon::WordList;

use crate::bridge::{gaddag_for, grid_of, layout_of, rack_of, Manners};
use crate::error::MovegenError;
use crate::gen::Count;
use crate::layout::BLANK_BIT;
use crate::players::{action_of, computer_decision_with, with_generator, Decision, Level};

/// What to simulate.
pub struct SimConfig<'a> {
    pub rules: RuleSet,
    pub list: &'a WordList,
    pub games: usize,
    pub seed: u64,
    pub players: Vec<Level>,
    /// Polite (the app's default) or any word of the list.
    pub manners: Manners,
    /// Threads to play on (`None`: one per core); the figures do not depend on it.
    pub threads: Option<usize>,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct PlayerFigures {
    pub player: String,
    /// Sole wins.
    pub wins: usize,
    /// Wins shared with an equal top score.
    pub shared_wins: usize,
    /// (wins + each shared win divided by the number of winners) / games, with a 95% Wilson
    /// interval.
    pub win_rate: f64,
    pub win_rate_95: [f64; 2],
    pub mean_score: f64,
    pub median_score: f64,
}

#[derive(Debug, Clone, Serialize, PartialEq, Default)]
pub struct EndReasons {
    pub went_out: usize,
    pub passes: usize,
    pub turn_limit: usize,
    pub resign: usize,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct SimReport {
    pub rules: String,
    pub list: String,
    pub games: usize,
    pub seed: u64,
    pub players: Vec<PlayerFigures>,
    /// Share of games won by the first player (a win shared by k players counts 1/k).
    pub first_player_win_rate: f64,
    pub first_player_win_rate_95: [f64; 2],
    pub end_reasons: EndReasons,
    /// Mean tiles left in the bag at the end, and the share of games that ended with tiles
    /// still in the bag (the board ran out of room or the players got stuck first).
    pub mean_bag_left: f64,
    pub games_ending_with_tiles_in_bag: f64,
    /// Mean squares filled at the end, and as a share of the board.
    pub mean_squares_filled: f64,
    pub mean_board_fill: f64,
    pub mean_turns: f64,
    pub games_per_second: f64,
}

/// Wilson score interval at 95% for `p` over `n` trials.
pub fn wilson(p: f64, n: usize) -> [f64; 2] {
    if n == 0 {
        return [0.0, 1.0];
    }
    let z = 1.959_964;
    let n = n as f64;
    let d = 1.0 + z * z / n;
    let c = (p + z * z / (2.0 * n)) / d;
    let h = z * ((p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt()) / d;
    [(c - h).max(0.0), (c + h).min(1.0)]
}

fn median(v: &mut [f64]) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    v.sort_by(|a, b| a.total_cmp(b));
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// One finished game, as the simulator sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct GameOutcome {
    /// Final score per player (in the configured order).
    pub scores: Vec<i32>,
    /// Winners, as player indices (configured order).
    pub winners: Vec<usize>,
    /// Winners, as seats (seat 0 moved first).
    pub winning_seats: Vec<usize>,
    /// Player index of the one who moved first.
    pub first: usize,
    pub reason: EndReason,
    pub bag_left: usize,
    pub filled: usize,
    pub turns: usize,
    /// Turns that placed tiles, of them those that used a whole rack, and the blanks placed.
    pub placements: usize,
    pub bingos: usize,
    pub blanks_played: usize,
    /// Turns on which the player to move had no legal placement at all.
    pub stuck_turns: usize,
    /// Per seat (seat 0 moved first): turns taken, and of them those without a legal
    /// placement.
    pub seat_turns: Vec<usize>,
    pub seat_stuck: Vec<usize>,
    /// The squares covered at the end, as `row * board_size + col`.
    pub covered: Vec<usize>,
}

/// Plays one game: seating rotated by `rotation`.
pub fn play_game(
    rules: &RuleSet,
    list: &WordList,
    players: &[Level],
    seed: u64,
    rotation: usize,
    manners: Manners,
) -> Result<GameOutcome, MovegenError> {
    let n = players.len();
    // The rule set as a table of n plays it (its board, rack and bag at that size): what the
    // match plays, so the layout and the figures below read the same one.
    let flat = rules.at_table(n)?;
    let rules = &flat;
    // Seat s is played by player (s + rotation) % n.
    let seat_player: Vec<usize> = (0..n).map(|s| (s + rotation) % n).collect();
    let specs: Vec<PlayerSpec> = seat_player
        .iter()
        .map(|&p| {
            PlayerSpec::computer(
                &format!("{}-{}", players[p].name(), p + 1),
                players[p].name(),
            )
        })
        .collect();
    let layout = layout_of(rules)?;
    let graph = gaddag_for(list);
    let mut m = Match::new(rules.clone(), ListRef::of(list), specs, seed)?;
    // A safety net far above any real match length (every turn either places a tile or
    // counts towards the pass limit).
    let cap = 10_000;
    let mut steps = 0;
    let (mut placements, mut bingos, mut blanks_played, mut stuck_turns) = (0, 0, 0, 0);
    let (mut seat_turns, mut seat_stuck) = (vec![0; n], vec![0; n]);
    while let Some(seat) = m.to_move() {
        steps += 1;
        if steps > cap {
            return Err(MovegenError::Match {
                reason: "match did not end".into(),
            });
        }
        let level = players[seat_player[seat]];
        seat_turns[seat] += 1;
        let decision = computer_decision_with(&m, seat, list, level, manners)?;
        match &decision {
            Decision::Place(mv) => {
                placements += 1;
                let (mut placed, mut blanks) = (0, 0);
                for (_, _, tile) in mv.placed() {
                    placed += 1;
                    blanks += (tile & BLANK_BIT != 0) as usize;
                }
                bingos += (placed == rules.rack_size as usize) as usize;
                blanks_played += blanks;
            }
            _ => {
                // Only turns without a placement pay for this second look.
                let rack = rack_of(m.rack(seat).unwrap_or_default());
                let mut count = Count::default();
                with_generator(|gen| {
                    gen.generate(&graph, &layout, &grid_of(m.board()), &rack, &mut count)
                });
                stuck_turns += (count.0 == 0) as usize;
                seat_stuck[seat] += (count.0 == 0) as usize;
            }
        }
        // A refused computer move would be a generator bug: report it, never hide it.
        m.apply(action_of(decision, seat), list)?;
    }
    let result = m.result().ok_or_else(|| MovegenError::Match {
        reason: "match ended without a result".into(),
    })?;
    let mut scores = vec![0; n];
    for (seat, &p) in seat_player.iter().enumerate() {
        scores[p] = result.final_scores[seat];
    }
    Ok(GameOutcome {
        scores,
        winners: result.winners.iter().map(|&s| seat_player[s]).collect(),
        winning_seats: result.winners.clone(),
        first: seat_player[0],
        reason: result.reason,
        bag_left: m.bag_len(),
        filled: m.board().filled(),
        turns: result.turns as usize,
        placements,
        bingos,
        blanks_played,
        stuck_turns,
        seat_turns,
        seat_stuck,
        covered: m
            .board()
            .tiles()
            .map(|(sq, _)| sq.row as usize * rules.board_size as usize + sq.col as usize)
            .collect(),
    })
}

/// Checks that the rule set can be simulated with these players.
pub fn check_players(rules: &RuleSet, players: &[Level]) -> Result<(), MovegenError> {
    let n = players.len();
    if n < rules.players.min as usize || n > rules.players.max as usize {
        return Err(MovegenError::Unsupported {
            reason: format!(
                "{} is played by {} to {} players, not {n}",
                rules.id, rules.players.min, rules.players.max
            ),
        });
    }
    if !rules.computer_seats {
        return Err(MovegenError::Unsupported {
            reason: format!("{} has no computer seats", rules.id),
        });
    }
    Ok(())
}

/// The number of threads to simulate on: one per core the process may use.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Plays games `games` (game `i`: seed `seed + i`, seating rotated by `i`) on `threads`
/// threads, one game at a time per thread, and returns them in game order: the outcomes
/// depend on the seed only, never on the thread count. `progress(done)` is called on the
/// calling thread after each game. On a failure the lowest-numbered failing game's error is
/// returned.
// Each argument is one independent knob of a lab run (what, who, how, which games, where).
#[allow(clippy::too_many_arguments)]
pub fn play_games(
    rules: &RuleSet,
    list: &WordList,
    players: &[Level],
    manners: Manners,
    seed: u64,
    games: std::ops::Range<usize>,
    threads: usize,
    mut progress: impl FnMut(usize),
) -> Result<Vec<GameOutcome>, MovegenError> {
    let start = games.start;
    let mut slots: Vec<Option<GameOutcome>> = vec![None; games.len()];
    let mut done = 0;
    play_games_each(
        rules,
        list,
        players,
        manners,
        seed,
        games,
        threads,
        |i, g| {
            slots[i - start] = Some(g);
            done += 1;
            progress(done);
        },
    )?;
    Ok(slots.into_iter().flatten().collect())
}

/// Plays games `games` as [`play_games`] does, but hands each outcome to `each(i, outcome)`
/// on the calling thread as soon as it is played (in whatever order the threads finish) and
/// keeps none: what the caller folds them into decides the memory, never the number of
/// games. On a failure the lowest-numbered failing game's error is returned; games after it
/// are not started.
// As play_games: each argument is one knob of a lab run.
#[allow(clippy::too_many_arguments)]
pub fn play_games_each(
    rules: &RuleSet,
    list: &WordList,
    players: &[Level],
    manners: Manners,
    seed: u64,
    games: std::ops::Range<usize>,
    threads: usize,
    mut each: impl FnMut(usize, GameOutcome),
) -> Result<(), MovegenError> {
    check_players(rules, players)?;
    let n = players.len();
    let total = games.len();
    let play = |i: usize| {
        play_game(
            rules,
            list,
            players,
            seed.wrapping_add(i as u64),
            i % n,
            manners,
        )
    };
    let threads = threads.clamp(1, total.max(1));
    if threads == 1 {
        for i in games {
            each(i, play(i)?);
        }
        return Ok(());
    }
    let next = AtomicUsize::new(games.start);
    let stop = AtomicBool::new(false);
    let mut first_error: Option<(usize, MovegenError)> = None;
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel();
        for _ in 0..threads {
            let tx = tx.clone();
            let (next, stop, play) = (&next, &stop, &play);
            let end = games.end;
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= end || stop.load(Ordering::Relaxed) {
                    break;
                }
                let outcome = play(i);
                if outcome.is_err() {
                    stop.store(true, Ordering::Relaxed);
                }
                if tx.send((i, outcome)).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        for (i, outcome) in rx {
            match outcome {
                Ok(g) => each(i, g),
                // Every game below a failing one was started before it (the counter only
                // grows), so the lowest failure seen is the lowest there is.
                Err(e) => {
                    if first_error.as_ref().is_none_or(|(j, _)| i < *j) {
                        first_error = Some((i, e));
                    }
                }
            }
        }
    });
    match first_error {
        Some((_, e)) => Err(e),
        None => Ok(()),
    }
}

/// Runs the simulation on every core; `progress(done, total)` is called after each game.
pub fn simulate(
    config: &SimConfig<'_>,
    mut progress: impl FnMut(usize, usize),
) -> Result<SimReport, MovegenError> {
    let n = config.players.len();
    let rules = &config.rules;
    let start = Instant::now();
    let outcomes = play_games(
        rules,
        config.list,
        &config.players,
        config.manners,
        config.seed,
        0..config.games,
        config.threads.unwrap_or_else(default_threads),
        |done| progress(done, config.games),
    )?;
    let mut wins = vec![0usize; n];
    let mut shared = vec![0usize; n];
    let mut points = vec![0.0f64; n];
    let mut scores: Vec<Vec<f64>> = vec![Vec::new(); n];
    let mut first_points = 0.0;
    let mut reasons = EndReasons::default();
    let (mut bag_left, mut with_bag, mut filled, mut turns) = (0usize, 0usize, 0usize, 0usize);
    for g in &outcomes {
        for (list, &score) in scores.iter_mut().zip(&g.scores) {
            list.push(score as f64);
        }
        let share = if g.winners.is_empty() {
            0.0
        } else {
            1.0 / g.winners.len() as f64
        };
        for &w in &g.winners {
            points[w] += share;
            if g.winners.len() == 1 {
                wins[w] += 1;
            } else {
                shared[w] += 1;
            }
            if w == g.first {
                first_points += share;
            }
        }
        match g.reason {
            EndReason::WentOut => reasons.went_out += 1,
            EndReason::ScorelessTurns => reasons.passes += 1,
            EndReason::TurnLimit => reasons.turn_limit += 1,
            EndReason::Resigned => reasons.resign += 1,
        }
        bag_left += g.bag_left;
        with_bag += (g.bag_left > 0) as usize;
        filled += g.filled;
        turns += g.turns;
    }
    let games = config.games.max(1) as f64;
    let squares = (rules.board_size as f64).powi(2);
    let players = (0..n)
        .map(|p| {
            let rate = points[p] / games;
            PlayerFigures {
                player: format!("{}-{}", config.players[p].name(), p + 1),
                wins: wins[p],
                shared_wins: shared[p],
                win_rate: rate,
                win_rate_95: wilson(rate, config.games),
                mean_score: scores[p].iter().sum::<f64>() / games,
                median_score: median(&mut scores[p]),
            }
        })
        .collect();
    let first_rate = first_points / games;
    Ok(SimReport {
        rules: rules.id.clone(),
        list: config.list.info().id.clone(),
        games: config.games,
        seed: config.seed,
        players,
        first_player_win_rate: first_rate,
        first_player_win_rate_95: wilson(first_rate, config.games),
        end_reasons: reasons,
        mean_bag_left: bag_left as f64 / games,
        games_ending_with_tiles_in_bag: with_bag as f64 / games,
        mean_squares_filled: filled as f64 / games,
        mean_board_fill: filled as f64 / games / squares,
        mean_turns: turns as f64 / games,
        games_per_second: config.games as f64 / start.elapsed().as_secs_f64().max(1e-9),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A rule set that changes with the table is simulated as each size plays it: at four
    /// players the 11×11 board, the rack of 5 and the bigger bag of
    /// `tests/rules/table-scaled.json`.
    #[test]
    fn a_game_plays_the_rule_set_of_its_table_size() {
        let scaled: RuleSet =
            serde_json::from_str(include_str!("../../../tests/rules/table-scaled.json")).unwrap();
        let list = WordList::builtin(&scaled.default_list).unwrap();
        let four = scaled.at_table(4).unwrap();
        assert_eq!((four.board_size, four.rack_size), (11, 5));
        let out = play_game(&scaled, list, &[Level::Greedy; 4], 3, 1, Manners::AnyWord).unwrap();
        assert!(out.placements > 0);
        assert!(out.covered.iter().all(|&sq| sq < 121));
        // The bag the 4-player table deals from: 48 tiles, 20 of them dealt.
        assert!(out.bag_left <= four.bag_size() - 20);
    }

    #[test]
    fn wilson_interval_brackets_the_rate() {
        let [lo, hi] = wilson(0.6, 1000);
        assert!(
            (lo - 0.569).abs() < 0.002 && (hi - 0.630).abs() < 0.002,
            "{lo} {hi}"
        );
        assert_eq!(wilson(0.5, 0), [0.0, 1.0]);
    }

    #[test]
    fn median_of_even_and_odd_counts() {
        assert_eq!(median(&mut [3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&mut [4.0, 1.0, 2.0, 3.0]), 2.5);
    }
}
