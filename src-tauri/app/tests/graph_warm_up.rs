//! Opening a match that can need the move generator queues its graph's warm-up, a unit the
//! app's host runs before the first computer move is due. Its own test binary: the graph cache is per process, and no other test here
//! may have built a graph first.
mod common;

use std::time::Duration;

use serde_json::json;
use wordclub_app::{Step, Unit};
use wordclub_lexicon::WordList;
use wordclub_movegen::graph_requested;

#[test]
fn the_generator_graph_is_started_only_for_matches_that_can_use_it() {
    let app = common::app();
    let list = WordList::builtin("wordclub").unwrap();
    assert!(!graph_requested(list));

    // Word Club 1.0 between people: its hint lists rack words, no move generator needed.
    let humans = json!({"rules": "wordclub-1.0", "list": "wordclub",
                        "players": [{"name": "Ann"}, {"name": "Ben"}]});
    app.call("new_match", humans).unwrap();
    assert!(
        !graph_requested(list),
        "a match without computer seats or move hints"
    );
    assert_eq!(
        app.run_next(Duration::ZERO),
        Step::Idle,
        "nothing to warm up"
    );

    // A computer seat: the graph is loaded before the first computer turn is due.
    let with_computer = json!({"rules": "wordclub-1.0", "list": "wordclub",
                               "players": [{"name": "Bot", "computer": "hard"}, {"name": "Ann"}]});
    let view = app.call("new_match", with_computer).unwrap();
    // The host's first unit, while the computer's move waits for its pace.
    assert_eq!(
        app.run_next(Duration::ZERO),
        Step::Ran(Unit::WarmUp {
            list: "wordclub".to_string()
        })
    );
    assert!(graph_requested(list));
    assert_eq!(view["to_move"], 0);
    let id = view["id"].as_i64().unwrap();
    let after = app.call("computer_turn", json!({"match_id": id})).unwrap();
    assert_eq!(after["to_move"], 1, "the computer took its turn: {after}");
}
