//! `cargo bench -p wordclub-movegen --bench analysis` — how long the post-game analysis of a
//! finished match takes, from its events to the whole analysis (replay, one full move
//! generation per turn, the alternatives scored by the engine).
//!
//! For each rule set, 100 matches are played between computer players (hard, greedy, medium,
//! easy in turn; seeds 1..=100; classic-15 also with 3 and 4 players) and recorded as events;
//! each is then analysed 3 times and its median kept. Printed per rule set: the median and
//! the worst over the 100 matches, and for classic-15 the same over the matches of 28–32
//! turns in which both blanks were played (the target: ≤ 100 ms). The word graph is
//! built once before timing (the app builds it at start). `BENCH_MATCHES=n` changes the 100.
//!
//! Measured on the 2-core build machine (release, 2026-12-01), ms per match, median / worst:
//! wordclub-1.0 0.50 / 4.75, wordclub-1.1 1.34 / 7.26, solo-10 0.48 / 4.23, classic-15
//! 4.57 / 26.04 (2–4 players), classic-15-ten 7.11 / 15.99; classic-15 with 28–32 turns and
//! both blanks played (9 of the 100) 3.57 / 7.89 — far inside the 100 ms target, so the
//! analysis is one plain full generation per turn with no pruning.
use std::time::Instant;

use wordclub_engine::{Event, ListRef, Match, PlayerSpec, RuleSet};
use wordclub_lexicon::WordList;
use wordclub_movegen::analysis::analyse_match;
use wordclub_movegen::{computer_action, gaddag_for, Level};

const LEVELS: [Level; 4] = [Level::Hard, Level::Greedy, Level::Medium, Level::Easy];

fn play(rules: &RuleSet, list: &WordList, seed: u64, seats: usize) -> Match {
    let players = (0..seats)
        .map(|s| {
            let level = LEVELS[(seed as usize + s) % 4];
            if rules.computer_seats {
                PlayerSpec::computer(&format!("P{s}"), level.name())
            } else {
                PlayerSpec::human(&format!("P{s}"))
            }
        })
        .collect::<Vec<_>>();
    let mut m = Match::new(rules.clone(), ListRef::of(list), players, seed).unwrap();
    while let Some(seat) = m.to_move() {
        let level = LEVELS[(seed as usize + seat) % 4];
        let action = computer_action(&m, seat, list, level).unwrap();
        m.apply(action, list).unwrap();
    }
    // What the history keeps: the events; the analysis starts from their replay.
    Match::replay(m.events()).unwrap()
}

fn blanks_played(m: &Match) -> usize {
    m.events()
        .iter()
        .map(|e| match e {
            Event::Placed { tiles, .. } => tiles.iter().filter(|p| p.tile.blank).count(),
            _ => 0,
        })
        .sum()
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

fn time_ms(m: &Match, list: &WordList) -> f64 {
    let mut runs: Vec<f64> = (0..3)
        .map(|_| {
            let t = Instant::now();
            let a = analyse_match(m, list).unwrap();
            std::hint::black_box(a);
            t.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    median(&mut runs)
}

fn main() {
    let n: u64 = std::env::var("BENCH_MATCHES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100);
    println!("post-game analysis, {n} recorded matches per rule set (ms per match)");
    println!(
        "{:<16} {:>7} {:>7} {:>9} {:>9} {:>9}",
        "rules", "matches", "turns", "median", "worst", "per turn"
    );
    for rules in RuleSet::all() {
        let list = WordList::builtin(&rules.default_list).unwrap();
        gaddag_for(list);
        let seat_counts: Vec<usize> = if rules.players.max == 1 {
            vec![1]
        } else if rules.id == "classic-15" {
            vec![2, 2, 3, 4]
        } else {
            vec![2]
        };
        let mut times = Vec::new();
        let mut turns = 0usize;
        let mut target = Vec::new();
        for seed in 1..=n {
            let seats = seat_counts[seed as usize % seat_counts.len()];
            let m = play(&rules, list, seed, seats);
            let ms = time_ms(&m, list);
            turns += m.turns().len();
            if rules.id == "classic-15"
                && (28..=32).contains(&m.turns().len())
                && blanks_played(&m) == 2
            {
                target.push(ms);
            }
            times.push(ms);
        }
        let worst = times.iter().cloned().fold(0.0, f64::max);
        let total: f64 = times.iter().sum();
        println!(
            "{:<16} {:>7} {:>7.1} {:>9.2} {:>9.2} {:>9.3}",
            rules.id,
            times.len(),
            turns as f64 / times.len() as f64,
            median(&mut times),
            worst,
            total / turns as f64
        );
        if !target.is_empty() {
            let worst = target.iter().cloned().fold(0.0, f64::max);
            println!(
                "{:<16} {:>7} {:>7} {:>9.2} {:>9.2}   (28-32 turns, both blanks played; target <= 100 ms)",
                "  classic-15*",
                target.len(),
                "~30",
                median(&mut target),
                worst
            );
        }
    }
}
