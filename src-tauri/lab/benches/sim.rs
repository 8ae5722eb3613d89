//! `cargo bench -p wordclub-lab --bench sim` — simulated matches per second, Hard against
//! Hard, as the rules lab plays them (each match folded into a tally as it ends): on one
//! thread and on every core (one match per thread), then 1.3 at every table size it seats and
//! a mixed table (a table's cost grows with its seats and its board). The graph is built
//! before the clock starts. `SIM_GAMES=n` scales the runs.
//! Beside the wall-clock rate it prints matches per CPU-second of this process (from
//! /proc/self/stat on Linux), the rate one free core gives, since the machine is shared.

use std::time::Instant;

use wordclub_engine::RuleSet;
use wordclub_lab::Tally;
use wordclub_lexicon::WordList;
use wordclub_movegen::{default_threads, gaddag_for, play_games_each, Level, Manners};

/// CPU seconds used by this process so far (user + system; Linux, 100 ticks a second).
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which ends with ')'): utime is the 12th, stime the 13th.
    let rest = &stat[stat.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = f.get(11)?.parse::<f64>().ok()? + f.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

fn main() {
    let scale: f64 = std::env::var("SIM_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1.0);
    let cores = default_threads();
    use Level::{Easy, Hard, Medium};
    println!(
        "{:<14} {:<20} {:>8} {:>7} {:>11} {:>22}",
        "rule set", "players", "threads", "games", "matches/s", "matches per CPU-second"
    );
    let tables: [(&str, &[Level], f64); 6] = [
        ("wordclub-1.1", &[Hard, Hard], 2000.0),
        ("classic-15", &[Hard, Hard], 800.0),
        ("wordclub-1.3", &[Hard, Hard], 600.0),
        ("wordclub-1.3", &[Hard, Hard, Hard], 400.0),
        ("wordclub-1.3", &[Hard, Hard, Hard, Hard], 400.0),
        ("wordclub-1.3", &[Hard, Medium, Easy, Hard], 400.0),
    ];
    for (id, players, games) in tables {
        let seats = players
            .iter()
            .map(|p| format!("{p:?}").to_lowercase())
            .collect::<Vec<_>>()
            .join(",");
        let rules = RuleSet::builtin(id).unwrap();
        let list = WordList::builtin(&rules.default_list).unwrap();
        gaddag_for(list);
        let games = ((games * scale) as usize).max(cores);
        let mut threads = vec![1];
        if cores > 1 {
            threads.push(cores);
        }
        for t in threads {
            // Warm each thread's generator and the caches.
            play_games_each(
                &rules,
                list,
                players,
                Manners::Polite,
                7,
                0..2 * t,
                t,
                |_, _| {},
            )
            .unwrap();
            let (start, cpu) = (Instant::now(), cpu_seconds());
            let mut tally = Tally::new(players.len());
            play_games_each(
                &rules,
                list,
                players,
                Manners::Polite,
                1,
                0..games,
                t,
                |_, g| tally.add(&g),
            )
            .unwrap();
            let secs = start.elapsed().as_secs_f64();
            let per_cpu = cpu.zip(cpu_seconds()).map_or("?".to_string(), |(a, b)| {
                format!("{:.0}", games as f64 / (b - a).max(0.01))
            });
            assert_eq!(tally.games, games as u64);
            println!(
                "{id:<14} {seats:<20} {t:>8} {games:>7} {:>11.0} {per_cpu:>22}",
                games as f64 / secs
            );
        }
    }
}
