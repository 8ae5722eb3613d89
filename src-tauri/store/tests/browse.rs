//! Browsing: pages newest first, filters, statistics.
mod common;

use common::*;
use wordclub_engine::{ListRef, Match, PlayerSpec, RuleSet};
use wordclub_store::{Filter, SeatKind, Status, Store, PAGE_SIZE};

/// Within the engine's name rule (at most 24 characters), and SQL all the same.
const NASTY: &str = "'); DROP TABLE matches--";

/// 45 fresh matches (every third classic-15), then the SPEC example (assisted, in progress)
/// as id 46 and a six-pass match (finished) as id 47.
fn history() -> Store {
    let mut store = Store::open_in_memory().unwrap();
    for i in 0..45u64 {
        let rules = if i % 3 == 0 {
            "classic-15"
        } else {
            "wordclub-1.0"
        };
        let second = if i == 10 {
            NASTY.to_string()
        } else {
            format!("P{i}")
        };
        let game = Match::new(
            RuleSet::builtin(rules).unwrap(),
            ListRef::of(wordclub()),
            vec![
                PlayerSpec::human("Ann"),
                PlayerSpec::computer(&second, "easy"),
            ],
            i,
        )
        .unwrap();
        assert_eq!(store.create(&game).unwrap(), i as i64 + 1);
    }
    assert_eq!(spec_cart(&mut store).0, 46);
    assert_eq!(six_passes(&mut store, ["Ann", "Ben"]).0, 47);
    store
}

fn ids(store: &Store, filter: &Filter, page: u32) -> Vec<i64> {
    store
        .list(filter, page)
        .unwrap()
        .matches
        .iter()
        .map(|m| m.id)
        .collect()
}

#[test]
fn pages_are_newest_first() {
    let store = history();
    let all = Filter::default();
    let first = store.list(&all, 1).unwrap();
    assert_eq!(
        (first.total, first.pages, first.page_size),
        (47, 3, PAGE_SIZE)
    );
    assert_eq!(first.matches.len(), 20);
    assert_eq!(ids(&store, &all, 1), (28..=47).rev().collect::<Vec<i64>>());
    assert_eq!(ids(&store, &all, 2), (8..=27).rev().collect::<Vec<i64>>());
    assert_eq!(ids(&store, &all, 3), (1..=7).rev().collect::<Vec<i64>>());
    assert!(ids(&store, &all, 4).is_empty());
    assert_eq!(store.list(&all, 0).unwrap_err().kind(), "bad_query");
    // Summaries carry the players in seat order.
    let m = &first.matches[0];
    let names: Vec<&str> = m.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Ann", "Ben"]);
    let newest_fresh = store.summary(45).unwrap();
    assert_eq!(newest_fresh.players[1].kind, SeatKind::Computer);
    assert_eq!(newest_fresh.players[1].level.as_deref(), Some("easy"));
}

#[test]
fn filters_narrow_the_list() {
    let mut store = history();
    let by = |player: Option<&str>, rules: Option<&str>, status, assisted| Filter {
        player: player.map(str::to_string),
        rules_id: rules.map(str::to_string),
        status,
        assisted,
    };
    let total = |store: &Store, f: Filter| store.list(&f, 1).unwrap().total;
    assert_eq!(
        total(&store, by(Some("ann"), None, None, None)),
        47,
        "case-insensitive"
    );
    assert_eq!(ids(&store, &by(Some("P7"), None, None, None), 1), [8]);
    assert_eq!(ids(&store, &by(Some("Ben"), None, None, None), 1), [47, 46]);
    assert_eq!(total(&store, by(Some("Nobody"), None, None, None)), 0);
    assert_eq!(total(&store, by(None, Some("classic-15"), None, None)), 15);
    assert_eq!(
        total(&store, by(None, Some("wordclub-1.0"), None, None)),
        32
    );
    assert_eq!(
        ids(&store, &by(None, None, Some(Status::Finished), None), 1),
        [47]
    );
    assert_eq!(
        total(&store, by(None, None, Some(Status::InProgress), None)),
        46
    );
    assert_eq!(ids(&store, &by(None, None, None, Some(true)), 1), [46]);
    assert_eq!(total(&store, by(None, None, None, Some(false))), 46);
    assert_eq!(
        ids(
            &store,
            &by(
                Some("Ben"),
                Some("wordclub-1.0"),
                Some(Status::Finished),
                Some(false)
            ),
            1
        ),
        [47]
    );
    store.abandon(3).unwrap();
    assert_eq!(
        ids(&store, &by(None, None, Some(Status::Abandoned), None), 1),
        [3]
    );
    assert_eq!(Status::parse("done").unwrap_err().kind(), "bad_query");
}

#[test]
fn names_are_data_never_sql() {
    let store = history();
    let f = Filter {
        player: Some(NASTY.to_string()),
        ..Default::default()
    };
    let page = store.list(&f, 1).unwrap();
    assert_eq!(page.matches.len(), 1);
    assert_eq!(page.matches[0].id, 11);
    assert_eq!(page.matches[0].players[1].name, NASTY);
    assert_eq!(
        store.list(&Filter::default(), 1).unwrap().total,
        47,
        "table intact"
    );
    store.integrity_check().unwrap();
}

#[test]
fn stats_per_player() {
    let mut store = Store::open_in_memory().unwrap();
    spec_cart(&mut store); // in progress: Ann 7 (best D5 .ART 4), Ben 4 (5D ...S 4, 1 hint)
    six_passes(&mut store, ["ann", "Ben"]); // finished: both -7, shared win
    goes_out(&mut store); // finished: Ann 6 wins, Ben -3
    let stats = store.stats().unwrap();
    assert_eq!(stats.len(), 2);
    let ann = stats
        .iter()
        .find(|s| s.name.eq_ignore_ascii_case("ann"))
        .unwrap();
    assert_eq!(ann.name, "Ann", "shown as most recently written");
    assert_eq!((ann.matches, ann.finished, ann.wins), (3, 2, 2));
    assert_eq!(ann.average_score, Some(-0.5), "(-7 + 6) / 2");
    assert_eq!(ann.best_score, Some(6));
    // Over finished matches only: D5 .ART (4) is in the match still in progress.
    assert_eq!(
        (ann.best_move.as_deref(), ann.best_move_score),
        (Some("5D CAT"), Some(3))
    );
    assert_eq!(ann.hints_taken, 0);
    let ben = stats.iter().find(|s| s.name == "Ben").unwrap();
    assert_eq!((ben.matches, ben.finished, ben.wins), (3, 2, 1));
    assert_eq!(ben.average_score, Some(-5.0), "(-7 - 3) / 2");
    assert_eq!(ben.best_score, Some(-3));
    // Ben's only move (5D ...S) is in the match in progress; his finished ones have none.
    assert_eq!(
        (ben.best_move.as_deref(), ben.best_move_score),
        (None, None)
    );
    assert_eq!(ben.hints_taken, 1);
}

/// A seat's start points are part of its score: the statistics average, best score and wins
/// count them as the match's final scores do.
#[test]
fn stats_count_start_points_as_part_of_the_score() {
    let mut store = Store::open_in_memory().unwrap();
    // Ann 6 (3 + Ben's 3), Ben 10 - 3 = 7: Ben wins on his start points.
    let (_, first) = goes_out_from(&mut store, &[0, 10]);
    assert_eq!(first.result().unwrap().final_scores, vec![6, 7]);
    assert_eq!(first.result().unwrap().winners, vec![1]);
    // Ann 4 + 6 = 10, Ben -3.
    goes_out_from(&mut store, &[4]);
    let stats = store.stats().unwrap();
    let ann = stats.iter().find(|s| s.name == "Ann").unwrap();
    let ben = stats.iter().find(|s| s.name == "Ben").unwrap();
    assert_eq!(
        (ann.wins, ann.average_score, ann.best_score),
        (1, Some(8.0), Some(10))
    );
    assert_eq!(
        (ben.wins, ben.average_score, ben.best_score),
        (1, Some(2.0), Some(7))
    );
    // The history's list shows the same scores.
    let listed = store.list(&Filter::default(), 1).unwrap();
    let scores: Vec<Vec<i64>> = listed
        .matches
        .iter()
        .map(|m| m.players.iter().map(|p| p.score).collect())
        .collect();
    assert_eq!(scores, vec![vec![10, -3], vec![6, 7]], "newest first");
}

#[test]
fn the_best_move_across_matches_is_the_earliest_of_the_highest_in_finished_matches() {
    let mut store = Store::open_in_memory().unwrap();
    // Two finished matches where Ann's best move scores 3; the first one started wins the tie
    // (whatever the notation's order), and the 4 of the match in progress does not count.
    goes_out_with(&mut store, "5E CAT");
    goes_out_with(&mut store, "5C CAT");
    spec_cart(&mut store);
    let stats = store.stats().unwrap();
    let ann = stats.iter().find(|s| s.name == "Ann").unwrap();
    assert_eq!(
        (ann.best_move.as_deref(), ann.best_move_score),
        (Some("5E CAT"), Some(3))
    );
    // Once the match in progress is played out, its better move counts.
    let mut store = Store::open_in_memory().unwrap();
    goes_out_with(&mut store, "5E CAT");
    let (id, mut game) = spec_cart(&mut store);
    for _ in 0..6 {
        act(&mut game, "pass");
    }
    assert!(game.result().is_some());
    store.record(id, &game).unwrap();
    let stats = store.stats().unwrap();
    let ann = stats.iter().find(|s| s.name == "Ann").unwrap();
    assert_eq!(
        (ann.best_move.as_deref(), ann.best_move_score),
        (Some("D5 .ART"), Some(4))
    );
}
