//! The app's own work as a host drives it (`App::run_next`), single-threaded on the test's own
//! clock with the pace at 0: a computer to move is never left unplayed, a panic in a
//! computer's move leaves the match playable and says so, and an abandon or a delete ends the
//! computer's work at once. The old per-match driver thread failed each of these (a lost
//! wake-up, a `driving` flag left set by a panic, an abandoned match resumed for ever).
//!
//! `WORDCLUB_SCHEDULER_ROUNDS` (default 1) runs the scripted matches that many times over,
//! each round with other seeds and seats.
mod common;

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Weak};
use std::time::Duration;

use common::{new_match, ok, reveal, run_until_idle};
use serde_json::{json, Value};
use wordclub_app::{App, AppEvent, Events, Unit};

/// Steps a scripted match may take before a test calls it stuck.
const MAX_STEPS: usize = 5_000;

/// A test app whose computers move as soon as a host runs them.
fn host_app() -> Arc<App> {
    let app = Arc::new(common::app());
    app.set_computer_pace(Duration::ZERO);
    app
}

fn computer_events(events: &mut Events) -> usize {
    std::iter::from_fn(|| events.try_next())
        .filter(|e| {
            matches!(
                e,
                AppEvent::ComputerThinking { .. }
                    | AppEvent::ComputerMoved { .. }
                    | AppEvent::ComputerFailed { .. }
            )
        })
        .count()
}

fn view(app: &App, id: i64) -> Value {
    ok(app, "match_view", json!({"match_id": id}))
}

/// Whether the seat to move in `view` is a computer.
fn computer_to_move(view: &Value) -> bool {
    let seat = view["to_move"].as_u64();
    seat.is_some_and(|s| !view["players"][s as usize]["computer"].is_null())
}

fn rounds() -> u64 {
    std::env::var("WORDCLUB_SCHEDULER_ROUNDS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1)
}

/// A person who answers at once — reveals and passes the moment it is their turn, before the
/// host runs anything else — against two or three computers, at every rule set and table size
/// that seats them: whenever the host finds nothing to do, the match is over or the person is
/// to move.
#[test]
fn a_person_answering_at_once_never_leaves_a_computer_to_move_unplayed() {
    let app = host_app();
    let mut now = Duration::ZERO;
    let mut matches = 0;
    let mut computer_moves = 0;
    for round in 0..rounds() {
        for rules in ok(&app, "rule_sets", json!({})).as_array().unwrap() {
            let id_of_rules = rules["id"].as_str().unwrap();
            let max = rules["players"]["max"].as_u64().unwrap();
            for size in 2..=max {
                let seed = round * 100 + size;
                // The person's seat moves round the table; the computers mix levels.
                let person = (seed % size) as usize;
                let players: Vec<Value> = (0..size as usize)
                    .map(|seat| match seat {
                        s if s == person => json!({"name": "Ann"}),
                        s if s % 2 == 0 => json!({"name": format!("Hal {s}"), "computer": "easy"}),
                        s => json!({"name": format!("Eve {s}"), "computer": "medium"}),
                    })
                    .collect();
                let id = new_match(
                    &app,
                    json!({"rules": id_of_rules, "seed": seed, "players": players}),
                )["id"]
                    .as_i64()
                    .unwrap();
                matches += 1;
                let mut steps = 0;
                loop {
                    steps += 1;
                    assert!(steps < MAX_STEPS, "{id_of_rules} at {size}: no end");
                    let v = view(&app, id);
                    if v["over"] == true {
                        break;
                    }
                    if !computer_to_move(&v) {
                        // The person's pass, as soon as it is theirs to make.
                        reveal(&app, id);
                        ok(&app, "pass", json!({"match_id": id}));
                        continue;
                    }
                    let ran = run_until_idle(&app, &mut now);
                    computer_moves += ran
                        .iter()
                        .filter(|u| matches!(u, Unit::ComputerMove { match_id } if *match_id == id))
                        .count();
                    let v = view(&app, id);
                    assert!(
                        v["over"] == true || !computer_to_move(&v),
                        "{id_of_rules} at {size}: the host went idle with {} to move",
                        v["players"][v["to_move"].as_u64().unwrap() as usize]["name"]
                    );
                }
            }
        }
    }
    assert!(matches >= 8, "every rule set and table size: {matches}");
    assert!(computer_moves > matches, "{computer_moves} computer moves");
    println!("{matches} matches, {computer_moves} computer moves run by the host");
}

/// Hal (easy) to move in a new Word Club 1.0 match against Ann, and a subscription.
fn hal_first(app: &App) -> (i64, Events) {
    let events = app.subscribe();
    let v = new_match(
        app,
        json!({"rules": "wordclub-1.0", "seed": 11,
               "players": [{"name": "Hal", "computer": "easy"}, {"name": "Ann"}]}),
    );
    (v["id"].as_i64().unwrap(), events)
}

#[test]
fn a_panic_in_a_computer_move_leaves_the_match_playable_and_says_so() {
    let app = host_app();
    let panicking = Arc::new(AtomicBool::new(true));
    let flag = Arc::clone(&panicking);
    // The search panics (a defect of the player) while the flag is set.
    app.on_computer_thinking(move |_, _| {
        if flag.load(Ordering::SeqCst) {
            panic!("a test player's defect");
        }
    });
    let (id, mut events) = hal_first(&app);
    let mut now = Duration::ZERO;
    run_until_idle(&app, &mut now);
    let failed: Vec<AppEvent> = std::iter::from_fn(|| events.try_next())
        .filter(|e| matches!(e, AppEvent::ComputerFailed { .. }))
        .collect();
    match failed.as_slice() {
        [AppEvent::ComputerFailed { kind, message, .. }] => {
            assert_eq!(kind, "panicked");
            assert!(
                message.starts_with("Hal could not make a move"),
                "{message}"
            );
        }
        other => panic!("one failure told, not {other:?}"),
    }
    // Not tried again by itself: the host is idle, the match as it was.
    assert!(run_until_idle(&app, &mut now).is_empty());
    assert_eq!(view(&app, id)["turns"], json!([]));
    // The command itself answers a typed error, not a panic across the boundary.
    let e = app
        .call("computer_turn", json!({"match_id": id}))
        .unwrap_err();
    assert_eq!(e.kind(), "panicked", "{e}");
    // Playable: once the player is mended, the next command that opens the match (this view)
    // makes the move due, and the host plays it.
    panicking.store(false, Ordering::SeqCst);
    let _ = view(&app, id);
    run_until_idle(&app, &mut now);
    let v = view(&app, id);
    assert_eq!(v["turns"].as_array().unwrap().len(), 1, "{v}");
    assert!(!computer_to_move(&v));
}

/// Abandoning or deleting a match with a computer to move, before its move is searched or
/// while it is: at most one computer event, then nothing more, and nothing recorded.
#[test]
fn an_abandon_or_a_delete_ends_the_computers_work_at_once() {
    for command in ["abandon_match", "delete_match"] {
        // Before the host runs the move.
        let app = host_app();
        let (id, mut events) = hal_first(&app);
        ok(&app, command, json!({"match_id": id, "confirm": true}));
        let mut now = Duration::ZERO;
        run_until_idle(&app, &mut now);
        assert_eq!(
            computer_events(&mut events),
            0,
            "{command} before the search"
        );

        // During the search: the hook closes the match while the move is being searched.
        let app = host_app();
        let weak: Weak<App> = Arc::downgrade(&app);
        let searches = Arc::new(AtomicUsize::new(0));
        let counted = Arc::clone(&searches);
        app.on_computer_thinking(move |match_id, _| {
            counted.fetch_add(1, Ordering::SeqCst);
            if let Some(app) = weak.upgrade() {
                app.call(command, json!({"match_id": match_id, "confirm": true}))
                    .unwrap();
            }
        });
        let (id, mut events) = hal_first(&app);
        let ran = run_until_idle(&app, &mut now);
        assert!(
            computer_events(&mut events) <= 1,
            "{command} during the search: {ran:?}"
        );
        assert_eq!(searches.load(Ordering::SeqCst), 1, "{command}: {ran:?}");
        let history = ok(&app, "match_list", json!({}));
        let kept = history["matches"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["id"] == id)
            .cloned();
        match command {
            "delete_match" => assert!(kept.is_none(), "{history}"),
            _ => assert_eq!(kept.unwrap()["turns"], 0, "{history}"),
        }
    }
}
