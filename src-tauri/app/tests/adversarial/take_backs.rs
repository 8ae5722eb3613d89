//! Take-backs through the app on a real history (issue 42, items 1 and 6).
//!
//! Item 1: a take-back used to rebuild its match by replaying the events before the
//! withdrawn move, which met every earlier take-back and replayed its prefix again: each
//! take-back doubled the work of the take-back, `match_detail`, the GCG export and the resume
//! after a restart (8.3 s for a detail at 17 take-backs, 23 s at 18). The engine now restores
//! a checkpoint (`Match::before_move`); these tests count the events folded on this thread
//! (the engine's feature `fold-count`, which these tests turn on) for each of those commands
//! at 200 take-backs in one match: at most about twice the events, however many take-backs.
//! Under the old way (`take_backs_by_replay_on_this_thread`, the engine's reference of how
//! builds before issue 42 took back) the count of a take-back passes that within a few
//! rounds. The times before and after: `cargo test -p wordclub-app --release --test
//! adversarial -- --ignored --nocapture take_back_app_times`.
//!
//! Item 6: the next person's reveal closes the take-back; that reveal was kept only in
//! memory, so after a restart the offer came back and was accepted.
use std::path::Path;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use wordclub_app::{App, MemorySettings};
use wordclub_engine::{fold_steps_on_this_thread, take_backs_by_replay_on_this_thread};

use crate::common::*;

/// Events folded on this thread while `f` runs.
fn folds<T>(f: impl FnOnce() -> T) -> (T, u64) {
    let before = fold_steps_on_this_thread();
    let out = f();
    (out, fold_steps_on_this_thread() - before)
}

/// The history's own count of match `id`'s events, read as the CLI reads a history the app
/// has open (its lock keeps other connections out: a read-only store reads a copy beside it).
fn stored_events(db: &Path, id: i64) -> u64 {
    let store = wordclub_store::Store::open_read_only(db).unwrap();
    store.summary(id).unwrap().event_count as u64
}

/// An app over the history file `db` that takes fixed deals: a start of the app.
fn start(db: &Path) -> App {
    let app = App::with_history(Box::new(MemorySettings::default()), db).unwrap();
    app.allow_fixed_deals();
    app
}

fn take_back(app: &App, id: i64, player: u64) -> Value {
    ok(app, "take_back", json!({"match_id": id, "player": player}))
}

/// `rounds` rounds of Ann's move taken back in SPEC §2's CAT match with take-backs on: a
/// pass, then CAT, in turn. `check` sees the fold steps of each take-back.
fn taken_back(app: &App, rounds: usize, mut check: impl FnMut(usize, u64)) -> i64 {
    let id = cat_match_with(app, json!({"allow_take_backs": true}));
    for k in 0..rounds {
        reveal(app, id);
        if k % 2 == 0 {
            ok(app, "pass", json!({"match_id": id}));
        } else {
            ok(app, "play", json!({"match_id": id, "tiles": cat_tiles()}));
        }
        let (back, steps) = folds(|| take_back(app, id, 0));
        assert_eq!(back["to_move"], 0, "round {k}");
        check(k, steps);
    }
    id
}

/// 200 take-backs in one match, through the commands on a history file: a take-back, the
/// detail, the export and the resume after a restart each fold at most twice the match's
/// events (they fold each once: the start and the take-back of a move cost one step).
#[test]
fn two_hundred_take_backs_keep_every_command_linear_in_the_events() {
    let (app, db) = history_app("adv-take-backs-200");
    let id = taken_back(&app, 200, |k, steps| {
        // The start, then a move and its take-back per round.
        let events = 1 + 2 * (k as u64 + 1);
        assert!(
            steps <= 2 * events,
            "take-back {}: {steps} events folded for a match of {events}",
            k + 1
        );
    });
    // One more move, to take back after the restart.
    reveal(&app, id);
    ok(&app, "play", json!({"match_id": id, "tiles": cat_tiles()}));
    let events = stored_events(&db, id);
    assert_eq!(events, 1 + 2 * 200 + 1);
    let within = |what: &str, steps: u64| {
        assert!(
            steps <= 2 * events,
            "{what}: {steps} events folded for a match of {events}"
        );
    };
    let (detail, steps) = folds(|| ok(&app, "match_detail", json!({"match_id": id})));
    within("match_detail", steps);
    assert_eq!(
        detail["turns"].as_array().map(Vec::len),
        Some(1),
        "one turn stands"
    );
    let (gcg, steps) = folds(|| {
        ok(
            &app,
            "export_gcg",
            json!({"match_id": id, "reveal_racks": true}),
        )
    });
    within("export_gcg", steps);
    let text = gcg["gcg"].as_str().unwrap();
    assert_eq!(text.matches("took this move back").count(), 200);
    drop(app);

    // A restart: the match is resumed from the file by the first command that needs it.
    let app = start(&db);
    let (view, steps) = folds(|| ok(&app, "match_view", json!({"match_id": id, "cover": true})));
    within("the resume after a restart", steps);
    assert_eq!(view["take_back"]["turns"], 1, "{view}");
    let (back, steps) = folds(|| take_back(&app, id, 0));
    within("a take-back after the restart", steps);
    assert_eq!(back["players"][0]["take_backs"], 201);
    let shown = reveal(&app, id);
    assert_eq!(
        rack_letters(&shown),
        "CATEIOL",
        "the deal, after 201 take-backs"
    );
    assert!(shown["board"].as_array().unwrap().iter().all(|row| row
        .as_array()
        .unwrap()
        .iter()
        .all(Value::is_null)));
}

/// The old way's take-back (every one replaying the events before it) fails the bound
/// above within a few rounds: the test's measure can fail.
#[test]
fn the_old_way_of_taking_back_fails_the_bound() {
    let (app, _db) = history_app("adv-take-backs-old");
    let mut worst = (0, 0);
    take_backs_by_replay_on_this_thread(true);
    let _ = taken_back(&app, 12, |k, steps| {
        let events = 1 + 2 * (k as u64 + 1);
        if steps > 2 * events && worst == (0, 0) {
            worst = (k + 1, steps);
        }
    });
    take_backs_by_replay_on_this_thread(false);
    assert_ne!(worst, (0, 0), "the old way stayed within twice the events");
    println!(
        "the old way: take-back {} folded {} events",
        worst.0, worst.1
    );
}

fn time<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let t = Instant::now();
    let out = f();
    (out, t.elapsed())
}

/// Prints the app-level times of a match of 5 to 200 take-backs (SPEC §2's CAT match, a
/// pass or CAT taken back in turn, kept in a history file): `match_detail`, `export_gcg` and
/// a restart (the app opened on the file and the match's view, which resumes it), the old
/// way (every take-back replaying the events before it, as builds before issue 42 did; up
/// to 18 take-backs, each further one doubles it) and now. Measured (release, 2 shared
/// cores): at 18 take-backs the detail took 12.9 s, the export 15.5 s and a restart 12.4 s
/// the old way, and 0.3 ms, 0.2 ms and 0.8 ms now; at 200, 1.4 ms, 1.1 ms and 10 ms.
#[test]
#[ignore = "a bench: run with --release --ignored --nocapture"]
fn take_back_app_times_before_and_after() {
    println!(
        "take-backs | detail before | export before | restart before | detail after | \
         export after | restart after"
    );
    for n in [5, 10, 15, 17, 18, 50, 200] {
        let (app, db) = history_app(&format!("adv-take-back-times-{n}"));
        let id = taken_back(&app, n, |_, _| {});
        drop(app);
        let mut cells = Vec::new();
        for old_way in [true, false] {
            if old_way && n > 18 {
                cells.extend(["-".to_string(), "-".to_string(), "-".to_string()]);
                continue;
            }
            take_backs_by_replay_on_this_thread(old_way);
            let app = start(&db);
            let (_, detail) = time(|| ok(&app, "match_detail", json!({"match_id": id})));
            let (_, export) = time(|| {
                ok(
                    &app,
                    "export_gcg",
                    json!({"match_id": id, "reveal_racks": true}),
                )
            });
            drop(app);
            let (_, restart) = time(|| {
                let app = start(&db);
                ok(&app, "match_view", json!({"match_id": id, "cover": true}))
            });
            take_backs_by_replay_on_this_thread(false);
            cells.extend([detail, export, restart].map(|t| format!("{t:.2?}")));
        }
        println!("{n} | {}", cells.join(" | "));
    }
}

/// Item 6: Ben shows his rack after Ann's CAT, which closes her take-back; the app restarts
/// (a new app on the same file): the move still stands. Before the fix the reveal lived in
/// memory only, and the offer came back and was accepted.
#[test]
fn a_take_back_closed_by_the_next_reveal_stays_closed_after_a_restart() {
    let (app, db) = history_app("adv-reveal-kept");
    let id = cat_match_with(&app, json!({"allow_take_backs": true}));
    reveal(&app, id);
    let played = ok(&app, "play", json!({"match_id": id, "tiles": cat_tiles()}));
    assert_eq!(played["can"]["take_back"], true, "open behind the cover");
    let shown = reveal(&app, id);
    assert_eq!(shown["take_back"], Value::Null);
    refuses(
        &app,
        "take_back",
        json!({"match_id": id, "player": 0}),
        "take_back_closed",
    );
    drop(app);

    let app = start(&db);
    let view = ok(&app, "match_view", json!({"match_id": id, "cover": true}));
    assert_eq!(view["take_back"], Value::Null, "{view}");
    assert_eq!(view["can"]["take_back"], false);
    refuses(
        &app,
        "take_back",
        json!({"match_id": id, "player": 0}),
        "take_back_closed",
    );
    // Ben shows his rack again: nothing more to keep, and the move stands.
    let events = stored_events(&db, id);
    let shown = reveal(&app, id);
    assert_eq!(stored_events(&db, id), events);
    assert_eq!(shown["to_move"], 1);
    assert_eq!(shown["take_back"], Value::Null);
    let detail = ok(&app, "match_detail", json!({"match_id": id}));
    assert_eq!(words_played(&detail), ["CAT"]);
    // The reveal is no turn: Ben plays on, and his own move opens his take-back.
    let passed = ok(&app, "pass", json!({"match_id": id}));
    assert_eq!(passed["take_back"]["seat"], 1, "{passed}");
}

/// The reveal kept is only the one that closes another person's take-back: against a
/// computer, Ann's own rack shown again after a restart leaves her take-back (of her move
/// and the computer's reply) open, as it was before the restart.
#[test]
fn ones_own_rack_shown_after_a_restart_leaves_the_take_back_open() {
    let (app, db) = history_app("adv-reveal-own");
    let id = ok(
        &app,
        "new_match",
        json!({"rules": "wordclub-1.0", "players": [{"name": "Ann"}, {"name": "Bot", "computer": "easy"}],
               "seed": 3, "deal": {"racks": ["CATEIOL", "SNNDBGL"], "draw_order": "ARTE"},
               "allow_take_backs": true}),
    )["id"]
        .as_i64()
        .unwrap();
    ok(&app, "play", json!({"match_id": id, "tiles": cat_tiles()}));
    ok(&app, "computer_turn", json!({"match_id": id}));
    let events = stored_events(&db, id);
    drop(app);

    let app = start(&db);
    let shown = reveal(&app, id);
    assert_eq!(shown["take_back"]["turns"], 2, "{shown}");
    assert_eq!(stored_events(&db, id), events, "nothing to keep");
    let back = take_back(&app, id, 0);
    assert_eq!(back["players"][0]["take_backs"], 1);
}
