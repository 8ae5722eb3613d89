//! The computer's turn never holds the app: its move is searched with no lock held, and
//! applied only if the match has not moved on meanwhile.
//!
//! The hook `App::on_computer_thinking` runs on the `computer_turn` thread at the point the
//! search starts; these tests hold the search there, so what they show does not depend on
//! how fast a move is found. The waits with a timeout only turn a hang into a failure.
mod common;

use common::{call_on_thread, STUCK};

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::json;
use wordclub_app::App;

/// A test app with a classic 15×15 match where Hal (Hard) moves first against Ann: the app
/// (shared with the threads that call it) and the match id.
fn classic_with_hard_first() -> (Arc<App>, i64) {
    let app = Arc::new(common::app());
    let view = common::new_match(
        &app,
        json!({"rules": "classic-15", "seed": 7,
               "players": [{"name": "Hal", "computer": "hard"}, {"name": "Ann"}]}),
    );
    assert_eq!(view["to_move"], 0);
    (app, view["id"].as_i64().unwrap())
}

/// Holds computer searches at their start until the test says go: the first one only, or
/// every one. Answers where the (match, seat) of each held search arrives, and the sender
/// that lets it go on.
fn hold_searches(app: &App, first_only: bool) -> (Receiver<(i64, usize)>, Sender<()>) {
    let (started_tx, started) = channel();
    let (go, go_rx) = channel::<()>();
    let go_rx = Mutex::new(go_rx);
    let searches = AtomicUsize::new(0);
    app.on_computer_thinking(move |match_id, seat| {
        if !first_only || searches.fetch_add(1, Ordering::SeqCst) == 0 {
            let _ = started_tx.send((match_id, seat));
            let _ = go_rx.lock().unwrap().recv();
        }
    });
    (started, go)
}

#[test]
fn settings_and_the_match_answer_while_a_hard_classic_move_is_searched() {
    let (app, id) = classic_with_hard_first();
    let (started, go) = hold_searches(&app, false);
    let turn = call_on_thread(&app, "computer_turn", json!({"match_id": id}));
    assert_eq!(
        started.recv_timeout(STUCK).unwrap(),
        (id, 0),
        "Hal's search began"
    );

    // Hal's move is being searched (held at its start): the app answers other commands.
    let settings = call_on_thread(&app, "get_settings", json!({}));
    let settings = settings.recv_timeout(STUCK).expect("get_settings answered");
    assert!(settings.unwrap()["theme"].is_string());
    let view = call_on_thread(&app, "match_view", json!({"match_id": id}));
    let view = view
        .recv_timeout(STUCK)
        .expect("match_view answered")
        .unwrap();
    assert_eq!(
        view["turn"], 0,
        "the move is not played before its search ends"
    );
    assert_eq!(view["to_move"], 0);
    assert!(
        turn.try_recv().is_err(),
        "the computer's turn is still under way"
    );

    // Let the search run, and keep asking for the settings until the move is played.
    go.send(()).unwrap();
    let (mut answered, mut slowest) = (0u32, Duration::ZERO);
    let played = loop {
        if let Ok(played) = turn.try_recv() {
            break played;
        }
        let asked = Instant::now();
        common::ok(&app, "get_settings", json!({}));
        slowest = slowest.max(asked.elapsed());
        answered += 1;
    };
    println!(
        "computer_turn (Hard, classic-15, first move): {answered} get_settings answered \
         during the search, the slowest in {slowest:?}"
    );
    let played = played.unwrap();
    assert_eq!(played["last_move"]["seat"], 0, "Hal played: {played}");
    assert_eq!(played["to_move"], 1);
    assert_eq!(
        common::ok(&app, "match_view", json!({"match_id": id}))["turn"],
        1
    );
}

#[test]
fn a_move_found_for_a_match_that_moved_on_is_not_played() {
    let (app, id) = classic_with_hard_first();
    // The first search is held; any later one runs at once.
    let (started, go) = hold_searches(&app, true);
    let first = call_on_thread(&app, "computer_turn", json!({"match_id": id}));
    started.recv_timeout(STUCK).unwrap();

    // A second call plays Hal's turn while the first is still searching it.
    let second = common::ok(&app, "computer_turn", json!({"match_id": id}));
    assert_eq!(second["turn"], 1);
    assert_eq!(second["to_move"], 1);

    // The first search ends on a match that moved on: its move is dropped, and the match as
    // it is now (Ann to move) is what it answers for, as if it had come second.
    go.send(()).unwrap();
    assert_eq!(
        first.recv_timeout(STUCK).unwrap().unwrap_err(),
        "human_to_move"
    );
    let view = common::ok(&app, "match_view", json!({"match_id": id}));
    assert_eq!(view["turn"], 1, "Hal played once: {view}");
    let detail = common::ok(&app, "match_detail", json!({"match_id": id}));
    assert_eq!(detail["turns"].as_array().unwrap().len(), 1);
}
