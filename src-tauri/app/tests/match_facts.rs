//! Facts the engine owns, as the command layer passes them on: the best turn (one tie rule
//! for the end screen and the history), the last play's line and squares, the limits of the
//! new-match form, a rack's worth as the bound on staged tiles, who a resignation hands the
//! match to, and the scores before the end-of-match adjustment.
mod common;

use common::{app, cat_tiles, dealt_pair, new_match, ok, refused, refuses, reveal, tile};
use serde_json::{json, Value};
use wordclub_app::App;

/// Word Club 1.0, where every letter is worth 1 and no square is a premium: Ann plays CAT
/// across the centre (3), Ben plays COG down from its C (3): the two seats tie.
fn tied_match(app: &App) -> i64 {
    let id = dealt_pair(app, 5, ["CATSEER", "OGTEENR"], "");
    play(app, id, &cat_tiles());
    play(app, id, &[tile(5, 3, "O"), tile(6, 3, "G")]);
    id
}

fn play(app: &App, id: i64, tiles: &[Value]) -> Value {
    reveal(app, id);
    ok(app, "play", json!({"match_id": id, "tiles": tiles}))
}

#[test]
fn of_two_seats_tied_for_the_best_turn_the_end_screen_names_the_earlier() {
    let app = app();
    let id = tied_match(&app);
    reveal(&app, id);
    let end = ok(&app, "resign", json!({"match_id": id, "confirm": true}));
    let best = &end["result"]["best_turn"];
    assert_eq!(
        (
            best["seat"].clone(),
            best["notation"].clone(),
            best["score"].clone()
        ),
        (json!(0), json!("5D CAT"), json!(3)),
        "turn 1 (Ann's CAT) came before Ben's equal COG"
    );
    // The history's record of the result says the same turn for each seat.
    let detail = ok(&app, "match_detail", json!({"match_id": id}));
    let per_seat: Vec<Value> = detail["result"]["best_turns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["turn"].clone())
        .collect();
    assert_eq!(per_seat, vec![json!(1), json!(2)]);
}

#[test]
fn the_last_play_comes_with_its_line_and_squares() {
    let app = app();
    let id = tied_match(&app);
    let view = ok(&app, "match_view", json!({"match_id": id}));
    let last = &view["last_move"];
    assert_eq!(last["direction"], "down");
    assert_eq!(
        last["squares"],
        json!([{"row": 5, "col": 3}, {"row": 6, "col": 3}])
    );
    // One tile after CAT: its across word CATS runs across.
    let view = play(&app, id, &[tile(4, 6, "S")]);
    assert_eq!(view["last_move"]["direction"], "across");
    assert_eq!(view["last_move"]["squares"], json!([{"row": 4, "col": 6}]));
    // One tile over the A: its across word is one letter, so TA runs down.
    let view = play(&app, id, &[tile(3, 4, "T")]);
    assert_eq!(view["last_move"]["notation"], "E4 T.");
    assert_eq!(view["last_move"]["direction"], "down");
    reveal(&app, id);
    let view = ok(&app, "pass", json!({"match_id": id}));
    assert_eq!(view["last_move"]["direction"], Value::Null);
    assert_eq!(view["last_move"]["squares"], json!([]));
    // The history's step-through marks the same squares, turn by turn.
    let detail = ok(&app, "match_detail", json!({"match_id": id}));
    let placed: Vec<Value> = detail["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["placed"].clone())
        .collect();
    assert_eq!(
        placed[1],
        json!([{"row": 5, "col": 3}, {"row": 6, "col": 3}])
    );
    assert_eq!(placed[4], json!([]));
}

#[test]
fn the_new_match_form_reads_its_limits_from_the_backend() {
    let app = app();
    let mut limits = ok(&app, "app_info", json!({}))["limits"].clone();
    // The seat colours offered (issue 45): six, each with a mark of its own.
    let colours = limits
        .as_object_mut()
        .unwrap()
        .remove("seat_colours")
        .unwrap();
    let marks: std::collections::HashSet<&str> = colours
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["mark"].as_str().unwrap())
        .collect();
    assert_eq!(marks.len(), 6);
    assert_eq!(
        limits,
        json!({"max_players": 4, "max_name_chars": 24, "max_head_start": 200, "computer_levels": ["easy", "medium", "hard"]})
    );
    // Each offered level is accepted for a seat; anything else is refused.
    for level in limits["computer_levels"].as_array().unwrap() {
        new_match(
            &app,
            json!({"rules": "wordclub-1.0", "players": [{"name": "Ann"}, {"name": "Bot", "computer": level}]}),
        );
    }
    assert_eq!(
        refused(
            &app,
            "new_match",
            json!({"rules": "wordclub-1.0", "players": [{"name": "Ann"}, {"name": "Bot", "computer": "greedy"}]})
        ),
        "bad_argument",
        "greedy is the simulator's baseline, not a seat"
    );
    // A name of exactly the longest length is kept; one more character is refused.
    let longest = "N".repeat(24);
    new_match(
        &app,
        json!({"rules": "wordclub-1.0", "players": [{"name": longest}, {"name": "Ben"}]}),
    );
    refuses(
        &app,
        "new_match",
        json!({"rules": "wordclub-1.0", "players": [{"name": format!("{longest}N")}, {"name": "Ben"}]}),
        "bad_argument",
    );
    // Every rule set says whether it is a solo round.
    let solo: Vec<(String, bool)> = ok(&app, "rule_sets", json!({}))
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["id"].as_str().unwrap().to_string(),
                r["solo"].as_bool().unwrap(),
            )
        })
        .collect();
    assert!(solo.contains(&("solo-10".to_string(), true)));
    assert_eq!(solo.iter().filter(|(_, s)| *s).count(), 1);
}

#[test]
fn more_staged_tiles_than_a_rack_holds_are_refused_before_the_engine_sees_them() {
    let app = app();
    let id = tied_match(&app);
    reveal(&app, id);
    let eight: Vec<Value> = (0..8).map(|c| tile(8, c, "E")).collect();
    let e = app
        .call("preview", json!({"match_id": id, "tiles": eight}))
        .unwrap_err();
    assert_eq!(e.kind(), "bad_argument");
    assert!(e.to_string().contains("at most 7"), "{e}");
    let e = app
        .call(
            "exchange",
            json!({"match_id": id, "tiles": ["E", "E", "E", "E", "E", "E", "E", "E"]}),
        )
        .unwrap_err();
    assert_eq!(e.kind(), "bad_argument");
    // Seven (a full rack) goes on to the engine, which judges the move itself.
    let seven: Vec<Value> = (0..7).map(|c| tile(8, c, "E")).collect();
    let preview = ok(&app, "preview", json!({"match_id": id, "tiles": seven}));
    assert_eq!(preview["legal"], false);
    assert_ne!(preview["error"]["kind"], "bad_argument");
    // The exchange the view offers is the engine's range: up to a full rack with 18 in the bag.
    let view = ok(&app, "match_view", json!({"match_id": id}));
    assert_eq!(
        (view["bag"].clone(), view["exchange_max"].clone()),
        (json!(18 - 5), json!(7))
    );
}

#[test]
fn the_view_says_who_a_resignation_hands_the_match_to() {
    let app = app();
    let id = dealt_pair(&app, 5, ["CATSEER", "OGTEENR"], "");
    let v = reveal(&app, id);
    assert_eq!(
        (v["to_move"].clone(), v["resign_winner"].clone()),
        (json!(0), json!(1))
    );
    // The resign question's answer is what resigning does.
    let end = ok(&app, "resign", json!({"match_id": id, "confirm": true}));
    assert_eq!(end["result"]["winners"], json!([1]));
    assert_eq!(
        end["resign_winner"],
        Value::Null,
        "nobody is to move once it is over"
    );
}

#[test]
fn the_end_screen_reads_each_score_before_the_adjustment() {
    let app = app();
    let id = tied_match(&app);
    // Three scoreless turns each end Word Club 1.0; each loses their rack's value.
    let mut end = Value::Null;
    for _ in 0..6 {
        reveal(&app, id);
        end = ok(&app, "pass", json!({"match_id": id}));
    }
    let players = end["result"]["players"].as_array().unwrap();
    for p in players {
        // Both scored 3 (CAT, COG) before the match ended on passes.
        assert_eq!(p["score_before_adjustment"], json!(3), "{p}");
        let adjustment = p["adjustment"].as_i64().unwrap();
        assert!(adjustment < 0, "a rack left counts against its holder: {p}");
        assert_eq!(p["score"].as_i64().unwrap(), 3 + adjustment, "{p}");
    }
}
