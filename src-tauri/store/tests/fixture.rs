//! `tests/fixtures/history-v1.db` was written by schema version 1 (this crate's first
//! schema). Every later schema version must open it, migrate it and replay its matches
//! identically; this test checks that against hand-known scores.
//!
//! To rewrite the fixture (only ever for schema version 1):
//! `WORDCLUB_WRITE_FIXTURE=1 cargo test -p wordclub-store --test fixture -- --ignored`
mod common;

use std::path::PathBuf;

use common::*;
use wordclub_engine::RuleSet;
use wordclub_store::{Filter, Status, Store, SCHEMA_VERSION};

fn fixture() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/history-v1.db")
}

/// Four players on classic-15: Ann plays CAT through the star (10, SPEC §2), the others pass.
fn classic_four(store: &mut Store) -> (i64, wordclub_engine::Match) {
    let game = new_match(
        RuleSet::builtin("classic-15").unwrap(),
        &["Ann", "Ben", "Cid", "Dee Dee"],
        &["CATEELN", "SBDGIOO", "RRRTTAA", "EEIIUUM"],
        "",
    );
    play_and_record(store, game, &["8G CAT", "pass", "pass", "hint"])
}

#[test]
#[ignore = "writes the schema-v1 fixture; run only to create it"]
fn write_fixture() {
    if std::env::var("WORDCLUB_WRITE_FIXTURE").is_err() {
        return;
    }
    assert_eq!(SCHEMA_VERSION, 1, "the fixture is schema version 1's");
    let path = fixture();
    let _ = std::fs::remove_file(&path);
    let mut store = Store::open(&path).unwrap();
    spec_cart(&mut store); // 1
    goes_out(&mut store); // 2
    six_passes(&mut store, ["Ann", "Ben"]); // 3
    three_with_resigns(&mut store); // 4
    classic_four(&mut store); // 5
    let (abandoned, _) = spec_cart(&mut store); // 6
    store.abandon(abandoned).unwrap();
    drop(store); // checkpoints the WAL into the file
    assert!(!PathBuf::from(format!("{}-wal", path.display())).exists());
}

#[test]
fn the_schema_v1_fixture_opens_and_replays_identically() {
    let dir = TempDir::new("fixture");
    let path = dir.join("history.db");
    std::fs::copy(fixture(), &path).unwrap();
    let store = Store::open(&path).unwrap();
    assert!(store.moved_aside().is_none());
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
    store.integrity_check().unwrap();

    let page = store.list(&Filter::default(), 1).unwrap();
    let ids: Vec<i64> = page.matches.iter().map(|m| m.id).collect();
    assert_eq!(ids, [6, 5, 4, 3, 2, 1]);

    // Every match: the stored columns agree with a replay of the stored events.
    for m in &page.matches {
        let detail = store.detail(m.id).unwrap();
        let scores: Vec<i64> = m.players.iter().map(|p| p.score).collect();
        let last_totals: Vec<i64> = match &detail.result {
            Some(r) => r.final_scores.iter().map(|&s| i64::from(s)).collect(),
            None => detail
                .turns
                .last()
                .map(|t| t.turn.totals.iter().map(|&s| i64::from(s)).collect())
                .unwrap_or(vec![0; m.players.len()]),
        };
        assert_eq!(scores, last_totals, "match {}", m.id);
        assert_eq!(m.turn_count, detail.turns.len() as i64, "match {}", m.id);
        assert_eq!(
            m.status == Status::Finished,
            detail.result.is_some(),
            "match {}",
            m.id
        );
        if let Some(r) = &detail.result {
            let winners: Vec<i64> = m
                .players
                .iter()
                .filter(|p| p.winner)
                .map(|p| p.seat)
                .collect();
            let replayed: Vec<i64> = r.winners.iter().map(|&s| s as i64).collect();
            assert_eq!(winners, replayed, "match {}", m.id);
            let hints: Vec<i64> = m.players.iter().map(|p| p.hints_taken).collect();
            let replayed: Vec<i64> = r.hints.iter().map(|&h| i64::from(h)).collect();
            assert_eq!(hints, replayed, "match {}", m.id);
        }
        store.export_gcg(m.id).unwrap();
    }

    // Hand-known facts from SPEC §2 and the scripts in tests/common.
    let scores = |id: i64| -> Vec<i64> {
        store
            .summary(id)
            .unwrap()
            .players
            .iter()
            .map(|p| p.score)
            .collect()
    };
    assert_eq!(scores(1), [7, 4], "CAT 3 + CART 4; CATS 4");
    assert_eq!(scores(2), [6, -3], "went out: +3 / -3");
    assert_eq!(scores(3), [-7, -7], "six passes: each rack deducted");
    assert_eq!(scores(4), [3, 0, 0]);
    assert_eq!(
        scores(5),
        [10, 0, 0, 0],
        "classic-15: CAT through the star 10"
    );
    assert_eq!(store.summary(6).unwrap().status, Status::Abandoned);
    assert_eq!(store.summary(5).unwrap().players[3].name, "Dee Dee");
    assert_eq!(store.summary(5).unwrap().players[3].hints_taken, 1);

    // Unfinished matches resume and can be played on.
    let mut resumed = store.resume(1).unwrap().game;
    assert_eq!(resumed.to_move(), Some(1));
    act(&mut resumed, "pass");
    let mut four = store.resume(5).unwrap().game;
    assert_eq!(four.to_move(), Some(3));
    act(&mut four, "pass");
    assert_eq!(
        store.resume(2).unwrap().game.rules().rack_size,
        3,
        "custom rules as data"
    );
}
