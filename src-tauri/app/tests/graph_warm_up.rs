//! Opening a match that can need the move generator starts building its graph in the
//! background. Its own test binary: the graph cache is per process, and no other test here
//! may have built a graph first.
mod common;

use serde_json::json;
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

    // A computer seat: the graph is on its way before the first computer turn is asked for,
    // and that turn waits for the build under way rather than starting another.
    let with_computer = json!({"rules": "wordclub-1.0", "list": "wordclub",
                               "players": [{"name": "Bot", "computer": "hard"}, {"name": "Ann"}]});
    let view = app.call("new_match", with_computer).unwrap();
    assert!(graph_requested(list));
    assert_eq!(view["to_move"], 0);
    let id = view["id"].as_i64().unwrap();
    let after = app.call("computer_turn", json!({"match_id": id})).unwrap();
    assert_eq!(after["to_move"], 1, "the computer took its turn: {after}");
}
