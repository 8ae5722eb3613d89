//! Store benchmarks (issue 5's targets), printed as plain figures:
//! - first page of the history list over 10,000 matches ≤ 50 ms,
//! - append one event with `synchronous=FULL` ≤ 5 ms,
//! - resume a 30-turn match ≤ 5 ms.
//!
//! `cargo bench -p wordclub-store` (files go to the target's tmp dir, on the real disk).
#[path = "../tests/common/mod.rs"]
mod common;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use wordclub_engine::{Action, HintKind, HintShown, ListRef, Match, PlayerSpec, RuleSet};
use wordclub_lexicon::WordList;
use wordclub_store::{Filter, Store};

fn tmp(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("store-bench");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    path
}

struct Figures(Vec<Duration>);

impl Figures {
    fn measure(runs: usize, mut f: impl FnMut()) -> Figures {
        let mut v: Vec<Duration> = (0..runs)
            .map(|_| {
                let t = Instant::now();
                f();
                t.elapsed()
            })
            .collect();
        v.sort();
        Figures(v)
    }
    fn pct(&self, p: f64) -> f64 {
        let i = ((self.0.len() - 1) as f64 * p).round() as usize;
        self.0[i].as_secs_f64() * 1000.0
    }
    /// Prints median, p95 and max; with a target, whether the median meets it.
    fn report(&self, what: &str, target_ms: Option<f64>) {
        let median = self.pct(0.5);
        let verdict = match target_ms {
            Some(t) if median <= t => format!("(target ≤ {t} ms: ok)"),
            Some(t) => format!("(target ≤ {t} ms: MISSED)"),
            None => "(no target)".to_string(),
        };
        println!(
            "{what:<52} median {median:>7.3} ms  p95 {:>7.3} ms  max {:>7.3} ms  {verdict}",
            self.pct(0.95),
            self.pct(1.0),
        );
    }
}

/// A classic-15 match of exactly `turns` turns (plays, or a pass when nothing fits).
fn long_match(turns: usize, list: &WordList) -> Match {
    let mut game = Match::new(
        RuleSet::builtin("classic-15").unwrap(),
        ListRef::of(list),
        vec![PlayerSpec::human("Ann"), PlayerSpec::human("Ben")],
        2024,
    )
    .unwrap();
    while game.turns().len() < turns && !game.is_over() {
        let seat = game.to_move().unwrap();
        let action = match common::some_move(&game, list, 0) {
            Some(tiles) => Action::Place {
                player: seat,
                tiles,
            },
            None => Action::Pass { player: seat },
        };
        game.apply(action, list).unwrap();
    }
    game
}

fn main() {
    let list = WordList::builtin("wordclub").unwrap();

    // 1. First page over 10,000 matches. Ten real matches are recorded, then copied in bulk
    //    with SQL (new ids, later times) so the setup does not take 10,000 fsyncs.
    let path = tmp("list.db");
    {
        let mut store = Store::open(&path).unwrap();
        for i in 0..10u64 {
            let mut game = Match::new(
                RuleSet::builtin(if i % 2 == 0 {
                    "wordclub-1.0"
                } else {
                    "classic-15"
                })
                .unwrap(),
                ListRef::of(list),
                vec![
                    PlayerSpec::human("Ann"),
                    PlayerSpec::human(&format!("Player {i}")),
                ],
                i,
            )
            .unwrap();
            game.apply(Action::Pass { player: 0 }, list).unwrap();
            let id = store.create(&game).unwrap();
            store.record(id, &game).unwrap();
        }
    }
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.execute_batch("BEGIN").unwrap();
        for k in 1..1000i64 {
            let shift = k * 10;
            conn.execute(
                "INSERT INTO matches SELECT id + ?1, created_at + ?1, updated_at + ?1, finished_at,
                        status, rules_id, rules_json, rules_sha256, list_id, list_sha256, seed,
                        event_count, turn_count, hints_taken, end_reason, best_turn_seat,
                        best_turn_move, best_turn_score, result_json, fixed_deal
                 FROM matches WHERE id <= 10",
                [shift],
            )
            .unwrap();
            conn.execute(
                "INSERT INTO players SELECT match_id + ?1, seat, name || ' ' || ?1, kind, level,
                        score, adjustment, winner, resigned, hints_taken, best_move,
                        best_move_score
                 FROM players WHERE match_id <= 10",
                [shift],
            )
            .unwrap();
            conn.execute(
                "INSERT INTO events SELECT match_id + ?1, seq, kind, recorded_at, body
                 FROM events WHERE match_id <= 10",
                [shift],
            )
            .unwrap();
        }
        conn.execute_batch("COMMIT").unwrap();
    }
    let opened = Instant::now();
    let store = Store::open(&path).unwrap();
    let open_ms = opened.elapsed().as_secs_f64() * 1000.0;
    let all = Filter::default();
    assert_eq!(store.list(&all, 1).unwrap().total, 10_000);
    println!(
        "store benchmarks (SQLite {}, WAL, synchronous=FULL)",
        rusqlite::version()
    );
    println!("open a 10,000-match history (with quick_check)         {open_ms:>7.3} ms");
    Figures::measure(200, || {
        let page = store.list(&all, 1).unwrap();
        assert_eq!(page.matches.len(), 20);
    })
    .report("first page of 10,000 matches", Some(50.0));
    let by_player = Filter {
        player: Some("Ann".into()),
        ..Default::default()
    };
    Figures::measure(100, || {
        store.list(&by_player, 1).unwrap();
    })
    .report("first page of 10,000 matches, player filter", None);
    Figures::measure(100, || {
        store.list(&all, 500).unwrap();
    })
    .report("last page (500) of 10,000 matches", None);
    Figures::measure(20, || {
        store.stats().unwrap();
    })
    .report("per-player stats, 10,000 matches, ~10,000 names", None);
    drop(store);

    // 2. Append one event (a hint taken) and commit with synchronous=FULL.
    let path = tmp("append.db");
    let mut store = Store::open(&path).unwrap();
    let mut game = long_match(4, list);
    let id = store.create(&game).unwrap();
    store.record(id, &game).unwrap();
    let seat = game.to_move().unwrap();
    Figures::measure(300, || {
        game.apply(
            Action::HintTaken {
                player: seat,
                kind: HintKind::SuggestMove,
                shown: HintShown::Move {
                    notation: "8H CAT".to_string(),
                    score: 10,
                    tiles: Vec::new(),
                },
            },
            list,
        )
        .unwrap();
        assert_eq!(store.record(id, &game).unwrap(), 1);
    })
    .report("append one event (commit, synchronous=FULL)", Some(5.0));
    drop(store);

    // 3. Resume a 30-turn match: read, decode, check, replay.
    let path = tmp("resume.db");
    let mut store = Store::open(&path).unwrap();
    let game = long_match(30, list);
    assert_eq!(game.turns().len(), 30, "the bench match has 30 turns");
    let placed = game.turns().iter().filter(|t| t.notation.is_some()).count();
    let id = store.create(&game).unwrap();
    let resumed = store.resume(id).unwrap();
    assert_eq!(resumed.game.events(), game.events());
    Figures::measure(300, || {
        let r = store.resume(id).unwrap();
        assert_eq!(r.game.turns().len(), 30);
    })
    .report(
        &format!("resume a 30-turn match ({placed} placements)"),
        Some(5.0),
    );
}
