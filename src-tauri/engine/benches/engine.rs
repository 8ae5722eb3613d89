//! Timings of the engine's hot calls, printed as medians:
//! `cargo bench -p wordclub-engine` (release build).
//!
//! - score a move on a bare board (the move generator's reference scorer),
//! - preview staged tiles in a match (the UI calls it on every change),
//! - apply one action,
//! - replay a 30-turn classic match from its events (resume).
#[path = "../tests/common/mod.rs"]
mod common;

use std::time::{Duration, Instant};

use common::*;
use rand::rngs::StdRng;
use rand::SeedableRng;
use wordclub_engine::*;

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

fn time<F: FnMut()>(runs: usize, mut f: F) -> Duration {
    let mut samples = Vec::with_capacity(runs);
    for _ in 0..runs {
        let t = Instant::now();
        f();
        samples.push(t.elapsed());
    }
    median(samples)
}

/// A classic-15 match played by the random driver until it has `turns` turns (or ends).
fn classic_match(turns: usize, seed: u64) -> Match {
    let r = rules("classic-15");
    let l = list("wordclub");
    let mut m = Match::new(r, ListRef::of(l), humans(&["A", "B"]), seed).unwrap();
    let mut rng = StdRng::seed_from_u64(seed);
    while !m.is_over() && m.turns().len() < turns {
        random_turn(&mut m, l, &mut rng);
    }
    m
}

fn main() {
    let l = list("wordclub");
    let r = rules("classic-15");
    let m = classic_match(30, 11);
    println!(
        "match: {} turns, {} events, {} tiles on the board",
        m.turns().len(),
        m.events().len(),
        m.board().filled()
    );

    // A midgame move to score: the last placement of the match, on the board before it.
    let before = Match::replay(&m.events()[..m.events().len() - 1]).unwrap();
    let last = m
        .events()
        .iter()
        .rev()
        .find_map(|e| match e {
            Event::Placed { tiles, .. } => Some(tiles.clone()),
            _ => None,
        })
        .unwrap();
    let board = before.board().clone();
    let scored = score_move(&board, &r, l, &last);
    let t = time(20_000, || {
        std::hint::black_box(score_move(&board, &r, l, &last).ok());
    });
    println!(
        "score_move (15×15 midgame, legal={}): {:?}",
        scored.is_ok(),
        t
    );
    let t = time(20_000, || {
        std::hint::black_box(score_placement(&board, &r, &last).ok());
    });
    println!("score_placement (no word list): {:?}", t);

    if let Some(seat) = before.to_move() {
        let t = time(20_000, || {
            std::hint::black_box(before.preview(seat, &last, l).ok());
        });
        println!("Match::preview: {:?}", t);
    }

    let mut matches: Vec<Match> = (0..2000).map(|_| m.clone()).collect();
    let mut samples = Vec::new();
    for game in matches.iter_mut() {
        if let Some(seat) = game.to_move() {
            let t = Instant::now();
            let _ = game.apply(Action::Pass { player: seat }, l);
            samples.push(t.elapsed());
        }
    }
    println!("Match::apply (pass): {:?}", median(samples));

    let events = m.events().to_vec();
    let t = time(500, || {
        std::hint::black_box(Match::replay(&events).unwrap());
    });
    println!("Match::replay ({} events): {:?}", events.len(), t);
    let json = serde_json::to_string(&events).unwrap();
    let t = time(500, || {
        let events: Vec<Event> = serde_json::from_str(&json).unwrap();
        std::hint::black_box(Match::replay(&events).unwrap());
    });
    println!("parse JSON ({} bytes) + replay: {:?}", json.len(), t);
    let t = time(2000, || {
        std::hint::black_box(serde_json::to_string(&m.view(Some(0), true)).unwrap());
    });
    println!("Match::view + JSON: {:?}", t);
}
