//! The pushed events and the app playing its computers itself (`App::drive_on_threads`, the
//! host the window and `wordclub-cli serve` run): a computer's turn is played once, however
//! often a viewer redraws meanwhile, and told as an event that carries no rack.
//!
//! The waits with a timeout only turn a hang into a failure.
mod common;

use common::STUCK;

use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::json;
use wordclub_app::{App, AppEvent, Events, Step, Unit};

/// The pause before each computer move in these tests: long enough for the test to act
/// inside it (a redraw, a `computer_turn` of its own) on a loaded machine.
const PACE: Duration = Duration::from_millis(300);

/// A test app that plays its computers, and a subscription made before anything happened.
fn driven_app() -> (Arc<App>, Events) {
    let app = Arc::new(common::app());
    app.set_computer_pace(PACE);
    app.drive_on_threads();
    let events = app.subscribe();
    (app, events)
}

/// The next event of match `id` that `wanted` accepts, or a failure after [`STUCK`].
fn wait_for(events: &mut Events, wanted: impl Fn(&AppEvent) -> bool) -> AppEvent {
    let start = Instant::now();
    loop {
        if let Some(event) = events.try_next() {
            if wanted(&event) {
                return event;
            }
            continue;
        }
        assert!(start.elapsed() < STUCK, "no such event");
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn moved(event: &AppEvent) -> bool {
    matches!(event, AppEvent::ComputerMoved { .. })
}

fn turns(app: &App, id: i64) -> usize {
    common::ok(app, "match_view", json!({"match_id": id}))["turns"]
        .as_array()
        .unwrap()
        .len()
}

/// Ann against Hal (easy) at Word Club 1.0, Hal first: the app plays Hal's move by itself,
/// says it is thinking and then that it moved, once.
#[test]
fn a_computer_to_move_is_played_by_the_app_and_told_as_an_event() {
    // The test is the host, on its own clock, at the app's own pace.
    let app = common::app();
    let mut events = app.subscribe();
    let view = common::new_match(
        &app,
        json!({"rules": "wordclub-1.0", "seed": 5,
               "players": [{"name": "Hal", "computer": "easy"}, {"name": "Ann"}]}),
    );
    let id = view["id"].as_i64().unwrap();
    assert_eq!(
        view["turn"], 0,
        "new_match answers before the computer moved"
    );
    // The warm-up first; the move only once its pace is over.
    let warm_up = app.run_next(Duration::ZERO);
    assert!(
        matches!(warm_up, Step::Ran(Unit::WarmUp { .. })),
        "{warm_up:?}"
    );
    assert_eq!(
        app.run_next(Duration::ZERO),
        Step::Wait {
            until: wordclub_app::COMPUTER_PACE
        }
    );
    assert!(events.try_next().is_none());
    assert_eq!(
        app.run_next(wordclub_app::COMPUTER_PACE),
        Step::Ran(Unit::ComputerMove { match_id: id })
    );
    let thinking = wait_for(&mut events, |e| {
        matches!(e, AppEvent::ComputerThinking { .. })
    });
    assert!(
        matches!(thinking, AppEvent::ComputerThinking { match_id, seat: 0 } if match_id == id),
        "{thinking:?}"
    );
    let event = wait_for(&mut events, moved);
    assert!(
        matches!(event, AppEvent::ComputerMoved { match_id, seat: 0, turn: 1 } if match_id == id),
        "{event:?}"
    );
    let after = common::ok(&app, "match_view", json!({"match_id": id}));
    assert_eq!(
        (after["turn"].clone(), after["to_move"].clone()),
        (json!(1), json!(1))
    );
    // Ann to move: nothing more is played for her.
    assert_eq!(app.run_next(wordclub_app::COMPUTER_PACE * 10), Step::Idle);
    assert_eq!(turns(&app, id), 1);
    assert!(
        events.try_next().is_none(),
        "no event while a person is to move"
    );
}

/// The race the UI had: before the app's own player runs, a viewer redraws again and again
/// (a scoresheet row tapped asks for the view) and another caller asks for the computer's move
/// itself. Exactly one computer move is made, and the app's own player, run after, stops
/// quietly. The test is the host, so the order is the one under test every time.
#[test]
fn redraws_and_a_second_ask_while_the_computer_thinks_make_one_move() {
    let app = common::app();
    let mut events = app.subscribe();
    let id = common::cat_match_with(
        &app,
        json!({"players": [{"name": "Ann"}, {"name": "Hal", "computer": "easy"}]}),
    );
    common::ok(&app, "reveal_rack", json!({"match_id": id}));
    common::ok(
        &app,
        "play",
        json!({"match_id": id, "tiles": common::cat_tiles()}),
    );
    // Hal's move is due: views asked for over and over, and one computer_turn of a caller
    // of its own, which plays Hal's move at once.
    for _ in 0..20 {
        common::ok(&app, "match_view", json!({"match_id": id}));
    }
    let asked = common::ok(&app, "computer_turn", json!({"match_id": id}));
    assert_eq!(asked["turn"], 2);
    for _ in 0..20 {
        common::ok(&app, "match_view", json!({"match_id": id}));
    }
    // The app's own player, its pace over, finds Ann to move.
    let ran = common::run_until_idle(&app, &mut Duration::from_secs(1));
    assert!(
        ran.contains(&Unit::ComputerMove { match_id: id }),
        "the move was queued: {ran:?}"
    );
    assert_eq!(turns(&app, id), 2, "Ann's CAT and one move of Hal's");
    let mut seen = Vec::new();
    while let Some(e) = events.try_next() {
        seen.push(e);
    }
    let moves = seen.iter().filter(|e| moved(e)).count();
    assert_eq!(moves, 1, "{seen:?}");
    assert!(
        !seen
            .iter()
            .any(|e| matches!(e, AppEvent::ComputerFailed { .. })),
        "the app's own player found the move made and said nothing: {seen:?}"
    );
}

/// Two computers in a row are played one after the other, each told, and the person after
/// them is left to move.
#[test]
fn computers_in_a_row_are_played_one_at_a_time() {
    let (app, mut events) = driven_app();
    let view = common::new_match(
        &app,
        json!({"rules": "wordclub-1.0", "seed": 11,
               "players": [{"name": "Hal", "computer": "easy"}, {"name": "Ivy", "computer": "easy"},
                           {"name": "Ann"}]}),
    );
    let id = view["id"].as_i64().unwrap();
    let first = wait_for(&mut events, moved);
    let second = wait_for(&mut events, moved);
    assert!(
        matches!(
            first,
            AppEvent::ComputerMoved {
                seat: 0,
                turn: 1,
                ..
            }
        ),
        "{first:?}"
    );
    assert!(
        matches!(
            second,
            AppEvent::ComputerMoved {
                seat: 1,
                turn: 2,
                ..
            }
        ),
        "{second:?}"
    );
    let after = common::ok(&app, "match_view", json!({"match_id": id}));
    assert_eq!(after["to_move"], 2);
}

/// Events go to every viewer, so none may hold a rack: each one's JSON has only the match,
/// the seat, the turn, a refusal's kind and sentence, or the analysis's counts.
#[test]
fn no_event_carries_a_rack() {
    let (app, mut events) = driven_app();
    common::new_match(
        &app,
        json!({"rules": "wordclub-1.0", "seed": 5,
               "players": [{"name": "Hal", "computer": "easy"}, {"name": "Ivy", "computer": "easy"},
                           {"name": "Ann"}]}),
    );
    wait_for(&mut events, moved);
    let mut seen = vec![wait_for(&mut events, moved)];
    while let Some(e) = events.try_next() {
        seen.push(e);
    }
    for event in seen {
        let json = serde_json::to_value(&event).unwrap();
        let keys: Vec<&str> = json
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        for key in &keys {
            assert!(
                ["event", "match_id", "seat", "turn", "kind", "message", "progress"].contains(key),
                "{key} in {json}"
            );
        }
        assert!(!json.to_string().contains("rack"), "{json}");
    }
}

/// Without a host (the CLI, the other tests) nothing is played by itself: the computer's move
/// waits in the app's queue until a command plays it, or a host runs it.
#[test]
fn an_app_that_does_not_play_its_computers_waits_to_be_asked() {
    let app = common::app();
    let mut events = app.subscribe();
    let view = common::new_match(
        &app,
        json!({"rules": "wordclub-1.0", "seed": 5,
               "players": [{"name": "Hal", "computer": "easy"}, {"name": "Ann"}]}),
    );
    let id = view["id"].as_i64().unwrap();
    assert_eq!(turns(&app, id), 0);
    assert!(events.try_next().is_none());
    common::ok(&app, "computer_turn", json!({"match_id": id}));
    assert!(matches!(
        wait_for(&mut events, moved),
        AppEvent::ComputerMoved { turn: 1, .. }
    ));
    // The queued move found a person to move when a host ran it: nothing more is played.
    app.set_computer_pace(Duration::ZERO);
    let mut now = Duration::ZERO;
    while let wordclub_app::Step::Ran(_) | wordclub_app::Step::Wait { .. } = app.run_next(now) {
        now += Duration::from_millis(1);
        assert!(now < Duration::from_secs(1), "the host never went idle");
    }
    assert_eq!(turns(&app, id), 1);
    assert!(events.try_next().is_none());
}
