//! Issue 45: each rule set's plain name, one-liner and recommendation (the app's data, served
//! by `rule_sets`); each seat's colour, recorded in the match's start and served in the view
//! (a history written before colours replays unchanged, in each seat's default); who starts;
//! the default rule set of a new install.
mod common;

use std::path::PathBuf;

use common::{app, history_app, ok, refused};
use serde_json::{json, Value};
use wordclub_app::{MemorySettings, Settings};

fn colours(view: &Value) -> Vec<String> {
    view["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["colour"]["id"].as_str().unwrap().to_string())
        .collect()
}

fn names(view: &Value) -> Vec<String> {
    view["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn every_rule_set_is_served_with_a_plain_name_and_each_table_size_with_one_recommendation() {
    let app = app();
    let sets = ok(&app, "rule_sets", Value::Null);
    let sets = sets.as_array().unwrap();
    for r in sets {
        let guide = &r["guide"];
        let name = guide["name"].as_str().unwrap();
        assert!(!name.is_empty() && !guide["summary"].as_str().unwrap().is_empty());
        // The menu's name says no version and no lab word; the label keeps them.
        assert!(
            !name.contains("candidate") && !name.contains("1."),
            "{name}"
        );
        assert!(guide["unseen"].as_str().unwrap().contains("bag"));
    }
    for n in 1..=4u64 {
        let recommended: Vec<&Value> = sets
            .iter()
            .filter(|r| {
                r["guide"]["recommended_for"]
                    .as_array()
                    .unwrap()
                    .contains(&json!(n))
            })
            .collect();
        assert_eq!(recommended.len(), 1, "one recommendation for {n}");
        let r = recommended[0];
        assert!(r["players"]["min"].as_u64().unwrap() <= n);
        assert!(n <= r["players"]["max"].as_u64().unwrap());
    }
}

#[test]
fn the_rules_of_a_table_size_say_what_that_table_plays_and_why() {
    let app = app();
    let four = ok(
        &app,
        "rules_at_table",
        json!({"rules": "wordclub-1.3", "players": 4}),
    );
    // The data sheet's exchange is the four-player table's: 1–5 tiles, 5 in the bag.
    assert_eq!(four["exchange_max_tiles"], 5);
    assert_eq!(four["exchange_min_bag"], 5);
    assert_eq!(four["start_points"], json!([8, 0, 3, 8]));
    assert!(four["guide"]["start_points"]
        .as_str()
        .unwrap()
        .contains("same chance"));
    assert!(four["guide"]["table_note"]
        .as_str()
        .unwrap()
        .contains("five tiles"));
    let two = ok(
        &app,
        "rules_at_table",
        json!({"rules": "wordclub-1.3", "players": 2}),
    );
    assert_eq!(two["guide"]["table_note"], Value::Null);
    // The reason is the app's plain words, not the lab's evidence text.
    let why = four["guide"]["why"].as_str().unwrap();
    assert!(!why.contains("docs/") && !why.contains("%"), "{why}");
}

#[test]
fn seat_colours_are_recorded_in_the_start_and_served_after_a_restart() {
    let (app, db) = history_app("seat-colours");
    let view = ok(
        &app,
        "new_match",
        json!({"rules": "wordclub-1.0", "players": [
            {"name": "Ann", "colour": "red"}, {"name": "Ben"}, {"name": "Cy", "colour": "blue"}
        ]}),
    );
    // A seat without a colour takes the first one the others left.
    assert_eq!(colours(&view), ["red", "orange", "blue"]);
    assert_eq!(view["players"][0]["colour"]["mark"], "★");
    let id = view["id"].as_i64().unwrap();
    drop(app);

    let again = wordclub_app::App::with_history(Box::new(MemorySettings::default()), &db).unwrap();
    let view = ok(&again, "match_view", json!({"match_id": id}));
    assert_eq!(colours(&view), ["red", "orange", "blue"]);
    let detail = ok(&again, "match_detail", json!({"match_id": id}));
    let ids: Vec<&str> = detail["colours"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["red", "orange", "blue"]);

    // In the start event itself, beside each player (read once the app let go of its lock).
    drop(again);
    let conn = rusqlite::Connection::open(&db).unwrap();
    let body: String = conn
        .query_row(
            "SELECT body FROM events WHERE match_id = ?1 AND seq = 0",
            [id],
            |r| r.get(0),
        )
        .unwrap();
    let start: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(start["players"][0]["colour"], "red");
    assert_eq!(start["players"][1]["colour"], "orange");
}

#[test]
fn bad_colours_and_starting_seats_are_refused_and_start_nothing() {
    let app = app();
    let before = ok(&app, "match_list", json!({}))["total"].clone();
    for args in [
        json!({"rules": "wordclub-1.0", "players": [{"name": "Ann", "colour": "red"}, {"name": "Ben", "colour": "red"}]}),
        json!({"rules": "wordclub-1.0", "players": [{"name": "Ann", "colour": "mauve"}, {"name": "Ben"}]}),
        json!({"rules": "wordclub-1.0", "players": [{"name": "Ann"}, {"name": "Ben"}], "first": {"seat": 2}}),
        json!({"rules": "wordclub-1.0", "players": [{"name": "Ann"}, {"name": "Ben"}], "first": "last"}),
    ] {
        let kind = refused(&app, "new_match", args.clone());
        assert_eq!(kind, "bad_argument", "{args}");
    }
    assert_eq!(ok(&app, "match_list", json!({}))["total"], before);
}

#[test]
fn the_chosen_player_starts_and_the_others_follow_round_the_table() {
    let app = app();
    let view = ok(
        &app,
        "new_match",
        json!({"rules": "wordclub-1.0", "players": [
            {"name": "Ann"}, {"name": "Ben"}, {"name": "Cy"}
        ], "first": {"seat": 1}}),
    );
    assert_eq!(names(&view), ["Ben", "Cy", "Ann"]);
    assert_eq!(view["to_move"], 0);
    // Each keeps the colour their place on the form gave them.
    assert_eq!(colours(&view), ["orange", "green", "blue"]);
    let random = ok(
        &app,
        "new_match",
        json!({"rules": "wordclub-1.0", "players": [{"name": "Ann"}, {"name": "Ben"}], "first": "random"}),
    );
    let mut seated = names(&random);
    seated.sort();
    assert_eq!(seated, ["Ann", "Ben"]);
}

#[test]
fn a_rematch_keeps_each_players_colour() {
    let app = app();
    let view = ok(
        &app,
        "new_match",
        json!({"rules": "wordclub-1.0", "players": [
            {"name": "Ann", "colour": "teal"}, {"name": "Ben", "colour": "purple"}
        ]}),
    );
    let id = view["id"].as_i64().unwrap();
    ok(&app, "reveal_rack", json!({"match_id": id}));
    ok(&app, "resign", json!({"match_id": id, "confirm": true}));
    let again = ok(&app, "rematch", json!({"match_id": id}));
    assert_eq!(names(&again), ["Ben", "Ann"]);
    assert_eq!(colours(&again), ["purple", "teal"]);
}

/// The fixture was written by a build before seat colours (`list_v1_match.rs`).
fn old_fixture() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/wordclub-list-1.db")
}

#[test]
fn a_history_from_before_colours_replays_unchanged_in_each_seats_default() {
    let (dir, app, row) = common::open_fixture_copy("before-colours", &old_fixture());
    let id = row["id"].as_i64().unwrap();
    let view = ok(&app, "match_view", json!({"match_id": id}));
    let palette = ok(&app, "app_info", Value::Null)["limits"]["seat_colours"].clone();
    assert_eq!(
        colours(&view),
        [
            palette[0]["id"].as_str().unwrap(),
            palette[1]["id"].as_str().unwrap()
        ]
    );
    drop(app);
    // Its start event's players read and write back as they were recorded: no colour is
    // added to them (the rest of this event predates the match options, which an earlier
    // build already writes out).
    let conn = rusqlite::Connection::open(dir.0.join("history.db")).unwrap();
    let body: String = conn
        .query_row(
            "SELECT body FROM events WHERE match_id = ?1 AND seq = 0",
            [id],
            |r| r.get(0),
        )
        .unwrap();
    assert!(!body.contains("colour"));
    let event: wordclub_engine::Event = serde_json::from_str(&body).unwrap();
    let stored: Value = serde_json::from_str(&body).unwrap();
    let written = serde_json::to_value(&event).unwrap();
    assert_eq!(written["players"], stored["players"]);
    assert_eq!(
        written["players"].to_string(),
        stored["players"].to_string()
    );
}

#[test]
fn a_new_install_has_no_default_rule_set_and_a_kept_one_stays() {
    let fresh = Settings::default();
    assert_eq!(fresh.default_rules, None);
    let app = app();
    assert_eq!(
        ok(&app, "get_settings", Value::Null)["default_rules"],
        Value::Null
    );
    // A settings file an earlier build wrote names 1.0: it stays.
    let kept = Settings::from_kept(&json!({"default_rules": "wordclub-1.0"}), |id| {
        id == "wordclub-1.0"
    });
    assert_eq!(kept.default_rules.as_deref(), Some("wordclub-1.0"));
    // Colours are kept beside the names; an unknown one falls back to the seat's default.
    let next = ok(
        &app,
        "update_settings",
        json!({"player_names": ["Ann", "Ben"], "player_colours": ["green", null]}),
    );
    assert_eq!(next["player_colours"], json!(["green", null]));
    assert_eq!(
        refused(
            &app,
            "update_settings",
            json!({"player_colours": ["mauve", null]})
        ),
        "bad_argument"
    );
    let read = Settings::from_kept(
        &json!({"player_names": ["Ann", "Ben"], "player_colours": ["mauve", "red"]}),
        |_| true,
    );
    assert_eq!(read.player_colours, [None, Some("red".to_string())]);
}

/// The history and the "Continue" entries name a match's rule set as the new-match menu does
/// (the guide's plain name), never with its version or "candidate"; the full label stays in
/// the answer for the Rules screen.
#[test]
fn the_history_names_each_rule_set_in_plain_words() {
    let app = app();
    let sets = ok(&app, "rule_sets", json!({}));
    for rules in sets.as_array().unwrap() {
        let id = rules["id"].as_str().unwrap();
        let min = rules["players"]["min"].as_u64().unwrap();
        let players: Vec<Value> = (0..min.max(1))
            .map(|i| json!({ "name": format!("P{i}") }))
            .collect();
        let made = ok(&app, "new_match", json!({"rules": id, "players": players}));
        let list = ok(&app, "match_list", json!({}));
        let row = list["matches"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["id"] == made["id"])
            .cloned()
            .unwrap();
        assert_eq!(row["rules_name"], rules["guide"]["name"], "{id}");
        assert_eq!(row["rules_label"], rules["label"], "{id}");
        let name = row["rules_name"].as_str().unwrap();
        assert!(
            !name.contains("candidate") && !name.contains("1."),
            "{id}: {name}"
        );
    }
}
