//! One lock per match: a hint's search runs with no lock held, two matches are played at
//! once without holding each other up or mixing their histories, and a search that keeps
//! losing the race to other commands ends in `busy` rather than looping.
//!
//! The hooks (`App::on_hint_search`, a test-only switch; `App::on_computer_thinking`) run
//! on the searching thread at the point its search starts, so what these tests show does
//! not depend on how fast a move is found. The waits with a timeout only turn a hang into a
//! failure.
mod common;

use common::{call_on_thread, STUCK};

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::channel;
use std::sync::{Arc, Mutex, Weak};
use std::thread;

use serde_json::{json, Value};
use wordclub_app::{App, MemorySettings};

/// A classic 15×15 match where Ann (a person, so no cover) moves first against Hal (Hard).
fn classic_ann_first(app: &App, seed: u64) -> i64 {
    let view = common::new_match(
        app,
        json!({"rules": "classic-15", "seed": seed,
               "players": [{"name": "Ann"}, {"name": "Hal", "computer": "hard"}]}),
    );
    assert_eq!(view["to_move"], 0);
    assert_eq!(view["covered"], false, "one person: no cover");
    view["id"].as_i64().unwrap()
}

#[test]
fn the_hint_hook_is_refused_where_fixed_deals_are() {
    let app = common::window_app();
    let refused = app.on_hint_search(|_, _| {}).unwrap_err();
    assert_eq!(refused.kind(), "fixed_deal_refused");
}

#[test]
fn settings_and_other_matches_answer_while_a_hard_classic_hint_is_searched() {
    let app = Arc::new(common::app());
    let id = classic_ann_first(&app, 7);
    let other = classic_ann_first(&app, 8);
    let (started_tx, started) = channel();
    let (go, go_rx) = channel::<()>();
    let go_rx = Mutex::new(go_rx);
    app.on_hint_search(move |match_id, seat| {
        let _ = started_tx.send((match_id, seat));
        let _ = go_rx.lock().unwrap().recv();
    })
    .unwrap();

    let hint = call_on_thread(&app, "hint", json!({"match_id": id}));
    assert_eq!(
        started.recv_timeout(STUCK).unwrap(),
        (id, 0),
        "the search began"
    );

    // The search is held: the settings, another match and this very match all answer.
    let settings = call_on_thread(&app, "get_settings", json!({}));
    assert!(settings
        .recv_timeout(STUCK)
        .expect("get_settings answered")
        .unwrap()["theme"]
        .is_string());
    let view = call_on_thread(&app, "match_view", json!({"match_id": other}));
    let view = view
        .recv_timeout(STUCK)
        .expect("the other match answered")
        .unwrap();
    assert_eq!(view["id"], other);
    let same = call_on_thread(&app, "match_view", json!({"match_id": id}));
    let same = same
        .recv_timeout(STUCK)
        .expect("this match answered")
        .unwrap();
    assert_eq!(
        same["players"][0]["hints"], 0,
        "no hint recorded before its search ends"
    );
    let list = call_on_thread(&app, "match_list", json!({}));
    list.recv_timeout(STUCK)
        .expect("the history answered")
        .unwrap();
    assert!(hint.try_recv().is_err(), "the hint is still being searched");

    go.send(()).unwrap();
    let answer = hint.recv_timeout(STUCK).unwrap().unwrap();
    assert_eq!(
        answer["kind"], "move",
        "a first move always exists: {answer}"
    );
    let view = common::ok(&app, "match_view", json!({"match_id": id}));
    assert_eq!(view["players"][0]["hints"], 1, "the hint was recorded once");
    // Asked again in the same turn: the same answer, no new search, still one hint.
    let again = common::ok(&app, "hint", json!({"match_id": id}));
    assert_eq!(again, answer);
    assert!(started.try_recv().is_err(), "no second search");
    let view = common::ok(&app, "match_view", json!({"match_id": id}));
    assert_eq!(view["players"][0]["hints"], 1);
}

/// Ann (a person) against Hal (Easy) at Word Club 1.0, Ann first.
fn ann_against_hal(app: &App, seed: u64) -> i64 {
    common::new_match(
        app,
        json!({"rules": "wordclub-1.0", "seed": seed,
               "players": [{"name": "Ann"}, {"name": "Hal", "computer": "easy"}]}),
    )["id"]
        .as_i64()
        .unwrap()
}

/// One action in match `id`: Hal's turn when he is to move, else Ann exchanges her first
/// tile (or passes when she may not). Answers the view, or `None` once the match is over.
fn step(app: &App, id: i64) -> Option<Value> {
    let view = common::ok(app, "match_view", json!({"match_id": id}));
    if view["over"] == true {
        return None;
    }
    Some(if view["to_move"] == 1 {
        common::ok(app, "computer_turn", json!({"match_id": id}))
    } else if view["can"]["exchange"] == true {
        let first = view["rack"][0]["letter"].as_str().unwrap().to_string();
        common::ok(app, "exchange", json!({"match_id": id, "tiles": [first]}))
    } else {
        common::ok(app, "pass", json!({"match_id": id}))
    })
}

/// Plays up to `n` actions in match `id`: the scoresheet row each answer added, in order.
fn play(app: &App, id: i64, n: usize) -> Vec<Value> {
    let mut rows = Vec::new();
    for _ in 0..n {
        let Some(view) = step(app, id) else { break };
        let turns = view["turns"].as_array().unwrap();
        rows.push(turns.last().unwrap().clone());
    }
    rows
}

#[test]
fn two_matches_played_at_once_never_wait_for_each_other_nor_mix_their_histories() {
    let (app, db) = common::history_app("two-matches");
    let app = Arc::new(app);
    let (a, b) = (ann_against_hal(&app, 11), ann_against_hal(&app, 12));

    // Hal's first search in match A is held until match B has played half its actions.
    let (held_tx, held) = channel();
    let (go, go_rx) = channel::<()>();
    let go_rx = Mutex::new(go_rx);
    let first = AtomicBool::new(true);
    app.on_computer_thinking(move |match_id, _| {
        if match_id == a && first.swap(false, Ordering::SeqCst) {
            let _ = held_tx.send(());
            let _ = go_rx.lock().unwrap().recv();
        }
    });
    const ACTIONS: usize = 24;
    let (a_rows, b_rows, b_half) = {
        let app_a = Arc::clone(&app);
        let a_thread = thread::spawn(move || play(&app_a, a, ACTIONS));
        held.recv_timeout(STUCK)
            .expect("match A's computer began searching");
        let (half_tx, half) = channel();
        let app_b = Arc::clone(&app);
        let b_thread = thread::spawn(move || {
            let mut rows = play(&app_b, b, ACTIONS / 2);
            let _ = half_tx.send(rows.len());
            rows.extend(play(&app_b, b, ACTIONS / 2));
            rows
        });
        // Match B moves on while A's search is held (under one lock it could not).
        let b_half = half
            .recv_timeout(STUCK)
            .expect("match B played while A searched");
        go.send(()).unwrap();
        (a_thread.join().unwrap(), b_thread.join().unwrap(), b_half)
    };
    assert_eq!(b_half, ACTIONS / 2, "match B played all its first half");
    assert!(a_rows.len() > 4 && b_rows.len() > 4, "many moves each");
    println!(
        "two matches at once: A {} turns, B {} turns ({} of them while A's search was held)",
        a_rows.len(),
        b_rows.len(),
        b_half
    );
    let answered_a = common::ok(&app, "match_view", json!({"match_id": a}));
    let answered_b = common::ok(&app, "match_view", json!({"match_id": b}));
    drop(app);

    // The history, opened afresh, replays each match exactly as its answers said.
    let reopened = App::with_history(Box::new(MemorySettings::default()), &db).unwrap();
    for (id, rows, answered) in [(a, &a_rows, &answered_a), (b, &b_rows, &answered_b)] {
        let view = common::ok(&reopened, "match_view", json!({"match_id": id}));
        assert_eq!(
            view["turns"].as_array().unwrap(),
            rows,
            "match {id}'s turns"
        );
        assert_eq!(view["board"], answered["board"], "match {id}'s board");
        assert_eq!(view["players"], answered["players"], "match {id}'s scores");
        let detail = common::ok(&reopened, "match_detail", json!({"match_id": id}));
        assert_eq!(detail["turns"].as_array().unwrap().len(), rows.len());
    }
}

#[test]
fn a_computer_turn_that_keeps_losing_the_race_answers_busy() {
    // Three computers, then Ann: each try of the outer call loses its seat's move to a call
    // made from its own search's start, so the match moves on three times in a row.
    let app = Arc::new(common::app());
    let view = common::new_match(
        &app,
        json!({"rules": "wordclub-1.0", "seed": 5,
               "players": [{"name": "Hal", "computer": "easy"},
                           {"name": "Cal", "computer": "easy"},
                           {"name": "Dee", "computer": "easy"},
                           {"name": "Ann"}]}),
    );
    let id = view["id"].as_i64().unwrap();
    let weak: Weak<App> = Arc::downgrade(&app);
    let inside = Arc::new(AtomicBool::new(false));
    app.on_computer_thinking(move |match_id, _| {
        if inside.swap(true, Ordering::SeqCst) {
            return; // the overtaking call's own search
        }
        if let Some(app) = weak.upgrade() {
            common::ok(&app, "computer_turn", json!({"match_id": match_id}));
        }
        inside.store(false, Ordering::SeqCst);
    });
    let e = app
        .call("computer_turn", json!({"match_id": id}))
        .unwrap_err();
    // Unbounded, the fourth try would find Ann to move (`human_to_move`).
    assert_eq!(e.kind(), "busy", "{e}");
    assert!(e.to_string().contains("ask again"), "{e}");
    let view = common::ok(&app, "match_view", json!({"match_id": id}));
    assert_eq!(view["turn"], 3, "each computer moved once: {view}");
    assert_eq!(view["to_move"], 3);
    let detail = common::ok(&app, "match_detail", json!({"match_id": id}));
    assert_eq!(detail["turns"].as_array().unwrap().len(), 3);
}
