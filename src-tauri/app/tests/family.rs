//! Issue 22, "what a family asked for", through `App::call`: the take-back command (the
//! engine's rules; forged and out-of-turn requests refused with typed errors that change
//! nothing), abandoning and deleting an unfinished match (confirmation first; a finished
//! match is never deleted).
mod common;

use common::{app, cat_match_with, cat_tiles, ok, rack_letters, refused, reveal};
use serde_json::{json, Value};
use wordclub_app::App;

fn take_backs_on() -> Value {
    json!({ "allow_take_backs": true })
}

fn view(app: &App, id: i64) -> Value {
    ok(app, "match_view", json!({ "match_id": id }))
}

/// Everything a refused command must leave as it was: the view and the stored history.
fn snapshot(app: &App, id: i64) -> (Value, Value) {
    (
        view(app, id),
        ok(app, "match_detail", json!({ "match_id": id })),
    )
}

#[test]
fn take_backs_are_off_unless_chosen_and_recorded_in_the_match() {
    let app = app();
    let id = cat_match_with(&app, json!({}));
    reveal(&app, id);
    ok(
        &app,
        "play",
        json!({ "match_id": id, "tiles": cat_tiles() }),
    );
    let v = view(&app, id);
    assert_eq!(v["take_backs_allowed"], false);
    assert_eq!(v["can"]["take_back"], false);
    assert_eq!(v["take_back"], Value::Null);
    let before = snapshot(&app, id);
    assert_eq!(
        refused(&app, "take_back", json!({ "match_id": id, "player": 0 })),
        "take_backs_off"
    );
    assert_eq!(snapshot(&app, id), before);
}

#[test]
fn the_player_who_just_moved_takes_it_back_behind_the_cover() {
    let app = app();
    let id = cat_match_with(&app, take_backs_on());
    reveal(&app, id);
    let played = ok(
        &app,
        "play",
        json!({ "match_id": id, "tiles": cat_tiles() }),
    );
    assert_eq!(played["covered"], true, "Pass to Ben");
    assert_eq!(played["can"]["take_back"], true);
    assert_eq!(
        played["take_back"],
        json!({ "seat": 0, "name": "Ann", "turns": 1 })
    );
    let back = ok(&app, "take_back", json!({ "match_id": id, "player": 0 }));
    // Ann's turn again, behind the cover (the device may be in Ben's hands), the board empty.
    assert_eq!(back["to_move"], 0);
    assert_eq!(back["covered"], true);
    assert!(back["rack"].is_null());
    assert!(back["board"][4][3].is_null());
    assert_eq!(back["players"][0]["score"], 0);
    assert_eq!(back["players"][0]["take_backs"], 1);
    // The scoresheet keeps the move, marked; the recap shows it.
    assert_eq!(back["turns"][0]["taken_back"], true);
    assert_eq!(back["turns"][0]["notation"], "5D CAT");
    assert_eq!(back["recap_start"], 0);
    // The same rack again.
    let shown = ok(&app, "reveal_rack", json!({ "match_id": id }));
    let rack = rack_letters(&shown);
    assert_eq!(rack, "CATEIOL");
}

#[test]
fn forged_and_late_take_backs_are_refused_and_change_nothing() {
    let app = app();
    let id = cat_match_with(&app, take_backs_on());
    // Nothing played yet.
    assert_eq!(
        refused(&app, "take_back", json!({ "match_id": id, "player": 0 })),
        "nothing_to_take_back"
    );
    reveal(&app, id);
    ok(
        &app,
        "play",
        json!({ "match_id": id, "tiles": cat_tiles() }),
    );
    let before = snapshot(&app, id);
    let forged = [
        (
            json!({ "match_id": id, "player": 1 }),
            "not_your_move_to_take_back",
        ),
        (
            json!({ "match_id": id, "player": 9 }),
            "not_your_move_to_take_back",
        ),
        (json!({ "match_id": id, "player": -1 }), "bad_argument"),
        (json!({ "match_id": id }), "bad_argument"),
        (
            json!({ "match_id": id, "player": 0, "turns": 3 }),
            "bad_argument",
        ),
        (json!({ "match_id": 999, "player": 0 }), "unknown_match"),
    ];
    for (args, kind) in forged {
        assert_eq!(refused(&app, "take_back", args.clone()), kind, "{args}");
        assert_eq!(snapshot(&app, id), before, "{args} changed nothing");
    }
    // Ben shows his rack: Ann's move stands, even once the cover is back up.
    reveal(&app, id);
    assert_eq!(view(&app, id)["can"]["take_back"], false);
    assert_eq!(
        refused(&app, "take_back", json!({ "match_id": id, "player": 0 })),
        "take_back_closed"
    );
    ok(&app, "match_view", json!({ "match_id": id, "cover": true }));
    assert_eq!(
        refused(&app, "take_back", json!({ "match_id": id, "player": 0 })),
        "take_back_closed"
    );
    assert_eq!(
        ok(&app, "match_detail", json!({ "match_id": id }))["turns"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
}

#[test]
fn against_a_computer_its_reply_goes_too() {
    let app = app();
    let id = ok(
        &app,
        "new_match",
        json!({ "rules": "wordclub-1.0", "players": [{"name": "Ann"}, {"name": "Bot", "computer": "easy"}],
                "seed": 3, "deal": {"racks": ["CATEIOL", "SNNDBGL"], "draw_order": "ARTE"},
                "allow_take_backs": true }),
    )["id"]
        .as_i64()
        .unwrap();
    ok(
        &app,
        "play",
        json!({ "match_id": id, "tiles": cat_tiles() }),
    );
    let after = ok(&app, "computer_turn", json!({ "match_id": id }));
    assert_eq!(after["to_move"], 0);
    assert_eq!(after["take_back"]["turns"], 2);
    assert_eq!(after["can"]["take_back"], true);
    let back = ok(&app, "take_back", json!({ "match_id": id, "player": 0 }));
    assert_eq!(back["to_move"], 0);
    assert!(back["board"].as_array().unwrap().iter().all(|row| row
        .as_array()
        .unwrap()
        .iter()
        .all(Value::is_null)));
    let marked: Vec<bool> = back["turns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["taken_back"].as_bool().unwrap())
        .collect();
    assert_eq!(marked, [true, true]);
    // Recorded: the history replays to the same state.
    let list = ok(&app, "match_list", json!({}));
    assert_eq!(list["matches"][0]["take_backs"], 1);
    let gcg = ok(
        &app,
        "export_gcg",
        json!({ "match_id": id, "reveal_racks": true }),
    );
    let text = gcg["gcg"].as_str().unwrap();
    assert!(
        text.contains(">Ann: ACEILOT -- -3 0\n#note Ann took this move back"),
        "{text}"
    );
    assert!(
        text.contains("#note Bot's reply was withdrawn with Ann's take-back"),
        "{text}"
    );
}

#[test]
fn abandon_and_delete_need_a_confirmation_and_delete_only_unfinished_matches() {
    let app = app();
    let open = cat_match_with(&app, json!({}));
    let other = cat_match_with(&app, json!({}));
    for command in ["abandon_match", "delete_match"] {
        assert_eq!(
            refused(&app, command, json!({ "match_id": open })),
            "confirmation_required"
        );
        assert_eq!(
            refused(&app, command, json!({ "match_id": open, "confirm": false })),
            "confirmation_required"
        );
    }
    assert_eq!(
        ok(&app, "match_list", json!({}))["total"],
        2,
        "nothing changed"
    );
    let done = ok(
        &app,
        "abandon_match",
        json!({ "match_id": open, "confirm": true }),
    );
    assert_eq!(done, json!({ "match_id": open, "outcome": "abandoned" }));
    let list = ok(&app, "match_list", json!({ "status": "abandoned" }));
    assert_eq!(list["matches"][0]["id"], open);
    assert_eq!(list["matches"][0]["winners"], json!([]));
    // Abandoned, it takes no more moves.
    assert_eq!(
        refused(
            &app,
            "abandon_match",
            json!({ "match_id": open, "confirm": true })
        ),
        "match_closed"
    );
    reveal(&app, open);
    assert_eq!(
        refused(
            &app,
            "play",
            json!({ "match_id": open, "tiles": cat_tiles() })
        ),
        "match_closed"
    );
    // Delete: the abandoned one and the one in progress; then they are gone.
    for id in [open, other] {
        let done = ok(
            &app,
            "delete_match",
            json!({ "match_id": id, "confirm": true }),
        );
        assert_eq!(done["outcome"], "deleted");
        assert_eq!(
            refused(&app, "match_detail", json!({ "match_id": id })),
            "unknown_match"
        );
    }
    assert_eq!(ok(&app, "match_list", json!({}))["total"], 0);
}

#[test]
fn a_finished_match_is_never_deleted() {
    let app = app();
    let id = cat_match_with(&app, json!({}));
    reveal(&app, id);
    ok(&app, "resign", json!({ "match_id": id, "confirm": true }));
    assert_eq!(
        refused(
            &app,
            "delete_match",
            json!({ "match_id": id, "confirm": true })
        ),
        "match_finished"
    );
    assert_eq!(
        refused(
            &app,
            "abandon_match",
            json!({ "match_id": id, "confirm": true })
        ),
        "match_closed"
    );
    assert_eq!(ok(&app, "match_list", json!({}))["total"], 1);
}

#[test]
fn a_finished_match_with_a_take_back_is_analysed_turn_by_turn_as_it_stands() {
    let app = app();
    let id = cat_match_with(&app, take_backs_on());
    reveal(&app, id);
    ok(
        &app,
        "play",
        json!({ "match_id": id, "tiles": cat_tiles() }),
    );
    ok(&app, "take_back", json!({ "match_id": id, "player": 0 }));
    reveal(&app, id);
    ok(&app, "pass", json!({ "match_id": id }));
    reveal(&app, id);
    ok(&app, "resign", json!({ "match_id": id, "confirm": true }));
    let analysis = ok(&app, "match_analysis", json!({ "match_id": id }));
    let turns = analysis["turns"].as_array().unwrap();
    // Ann's pass, the turn that stands (the withdrawn CAT is not analysed as played).
    assert_eq!(turns.len(), 1, "{analysis}");
    assert_eq!(turns[0]["turn"], 1);
    assert_eq!(
        turns[0]["played"]["kind"], "pass",
        "the pass, not the CAT taken back"
    );
    let detail = ok(&app, "match_detail", json!({ "match_id": id }));
    assert_eq!(
        detail["boards"].as_array().unwrap().len(),
        2,
        "the pass and the resignation"
    );
    assert_eq!(
        detail["boards"][0]["rows"][4], ".........",
        "no CAT on the board"
    );
}
