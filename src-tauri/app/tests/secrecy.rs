//! Issue 11's defects at the command layer, each through `App::call` with the real engine,
//! word lists and (where a file matters) a real SQLite history: who sees a rack after a
//! resign, fixed deals, the tile tracker, arguments that are not objects, the exchange's
//! letters, and a history that cannot be opened or disappears while the app runs.
mod common;

use common::{
    app, app_with, cat_match, cat_tiles, new_match, ok, refused, refuses, reveal,
    revealed_cat_match, temp_db, tile, window_app,
};
use serde_json::{json, Value};
use wordclub_app::{App, MemorySettings};

fn rack_of(view: &Value) -> Option<String> {
    view["rack"].as_array().map(|tiles| {
        tiles
            .iter()
            .map(|t| t["letter"].as_str().unwrap())
            .collect()
    })
}

// ---- 1. a resign never uncovers the next person's rack --------------------------------------

#[test]
fn after_a_resign_the_next_person_is_still_behind_the_cover() {
    // Two people and two computers: Ann resigns, Cat still sits with the bots.
    let (app, view) = app_with(
        json!({"rules": "wordclub-1.0", "players": [{"name": "Ann"}, {"name": "Cat"},
               {"name": "B1", "computer": "easy"}, {"name": "B2", "computer": "easy"}]}),
    );
    let id = view["id"].as_i64().unwrap();
    reveal(&app, id);
    let after = ok(&app, "resign", json!({"match_id": id, "confirm": true}));
    assert_eq!(after["to_move"], 1, "Cat moves next");
    assert_eq!(after["covered"], true, "{after}");
    assert_eq!(after["rack"], Value::Null);
    // And it stays so on every later turn of Cat's.
    let view = ok(&app, "match_view", json!({"match_id": id}));
    assert_eq!(view["covered"], true);
    assert_eq!(view["rack"], Value::Null);
    let revealed = reveal(&app, id);
    assert_eq!(rack_of(&revealed).unwrap().len(), 7);
    let passed = ok(&app, "pass", json!({"match_id": id}));
    assert_eq!(
        passed["rack"],
        Value::Null,
        "a computer moves next: no rack"
    );
    for _ in 0..2 {
        ok(&app, "computer_turn", json!({"match_id": id}));
    }
    let back = ok(&app, "match_view", json!({"match_id": id}));
    assert_eq!(back["to_move"], 1);
    assert_eq!(back["covered"], true, "Cat's next turn starts covered too");
    assert_eq!(back["rack"], Value::Null);

    // classic-15, Ann / Bot / Cat: Cat resigns, Ann is next.
    let view = new_match(
        &app,
        json!({"rules": "classic-15", "players": [{"name": "Ann"},
               {"name": "Bot", "computer": "easy"}, {"name": "Cat"}]}),
    );
    let id = view["id"].as_i64().unwrap();
    reveal(&app, id);
    ok(&app, "pass", json!({"match_id": id}));
    ok(&app, "computer_turn", json!({"match_id": id}));
    reveal(&app, id);
    let after = ok(&app, "resign", json!({"match_id": id, "confirm": true}));
    assert_eq!(after["to_move"], 0);
    assert_eq!(after["covered"], true, "{after}");
    assert_eq!(after["rack"], Value::Null);
}

#[test]
fn one_person_with_computers_still_needs_no_cover() {
    let (_app, view) = app_with(json!({"rules": "wordclub-1.0", "players": [{"name": "Ann"},
               {"name": "B1", "computer": "easy"}]}));
    assert_eq!(view["covered"], false);
    assert_eq!(rack_of(&view).unwrap().len(), 7);
}

// ---- 3. the window cannot fix its own deal ---------------------------------------------------

#[test]
fn a_window_app_refuses_seeds_and_deals_and_changes_nothing() {
    let app = window_app();
    for args in [
        json!({"rules": "wordclub-1.0", "players": [{"name": "A"}, {"name": "B"}], "seed": 3}),
        json!({"rules": "wordclub-1.0", "players": [{"name": "A"}, {"name": "B"}],
               "deal": {"racks": ["CATEIOL", "SNNDBGL"]}}),
        json!({"rules": "wordclub-1.0", "players": [{"name": "A"}, {"name": "B"}],
               "deal": {"draw_order": "ARTE"}}),
    ] {
        let e = app.call("new_match", args).unwrap_err();
        assert_eq!(e.kind(), "fixed_deal_refused");
        assert!(e.to_string().contains("only for tests"), "{e}");
    }
    assert_eq!(ok(&app, "match_list", json!({}))["total"], 0);
    // A match the app deals itself is not marked.
    new_match(
        &app,
        json!({"rules": "wordclub-1.0", "players": [{"name": "A"}, {"name": "B"}]}),
    );
    let list = ok(&app, "match_list", json!({}));
    assert_eq!(list["matches"][0]["fixed_deal"], Value::Null);
}

#[test]
fn a_match_dealt_by_its_caller_is_marked_in_the_history() {
    let app = app();
    new_match(
        &app,
        json!({"rules": "wordclub-1.0", "players": [{"name": "A"}, {"name": "B"}], "seed": 3}),
    );
    new_match(
        &app,
        json!({"rules": "wordclub-1.0", "players": [{"name": "A"}, {"name": "B"}],
               "deal": {"racks": ["CATEIOL", "SNNDBGL"]}}),
    );
    let list = ok(&app, "match_list", json!({}));
    let marks: Vec<&Value> = list["matches"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| &m["fixed_deal"])
        .collect();
    assert_eq!(marks, [&json!("deal"), &json!("seed")], "newest first");
}

// ---- 4. no unseen tiles with the tile tracker off --------------------------------------------

#[test]
fn with_the_tile_tracker_off_no_view_carries_unseen() {
    let app = app();
    let id = new_match(
        &app,
        json!({"rules": "wordclub-1.0", "players": [{"name": "A"}, {"name": "B"}]}),
    )["id"]
        .as_i64()
        .unwrap();
    let on = reveal(&app, id);
    assert!(on.get("unseen").is_some(), "on by default");
    ok(&app, "update_settings", json!({"tile_tracker": false}));
    for view in [
        ok(&app, "match_view", json!({"match_id": id})),
        reveal(&app, id),
        ok(&app, "pass", json!({"match_id": id})),
        new_match(
            &app,
            json!({"rules": "classic-15", "players": [{"name": "A"}, {"name": "B"}]}),
        ),
    ] {
        assert!(view.get("unseen").is_none(), "{view}");
    }
    ok(&app, "update_settings", json!({"tile_tracker": true}));
    assert!(ok(&app, "match_view", json!({"match_id": id}))
        .get("unseen")
        .is_some());
}

/// A resigned player's tiles stay among the unseen (which letters they are is nobody's to
/// see), and the view says how many of them left play that way: never drawn again.
#[test]
fn the_unseen_tiles_say_how_many_left_play_with_a_resigned_player() {
    let app = app();
    let view = new_match(
        &app,
        json!({"rules": "wordclub-1.0", "players": [{"name": "A"}, {"name": "B"}, {"name": "C"}]}),
    );
    let id = view["id"].as_i64().unwrap();
    let total = |v: &Value| -> u64 {
        v["unseen"]
            .as_object()
            .unwrap()
            .values()
            .filter_map(Value::as_u64)
            .sum()
    };
    let before = reveal(&app, id);
    assert_eq!(before["unseen_left_play"], 0, "{before}");
    let unseen_before = total(&before);
    // A resigns at her turn; B is to move.
    ok(&app, "resign", json!({"match_id": id, "confirm": true}));
    let after = reveal(&app, id);
    assert_eq!(after["to_move"], 1);
    assert_eq!(after["unseen_left_play"], 7, "{after}");
    // A's rack is still unseen by B, and B's own rack is not: as many unseen as before.
    assert_eq!(total(&after), unseen_before);
    ok(&app, "update_settings", json!({"tile_tracker": false}));
    let off = ok(&app, "match_view", json!({"match_id": id}));
    assert!(off.get("unseen_left_play").is_none(), "{off}");
}

// ---- 10. arguments are JSON objects, at every level --------------------------------------------

#[test]
fn arguments_read_by_position_are_refused_and_change_nothing() {
    let app = app();
    let id = cat_match(&app);
    let before = reveal(&app, id);
    let positional = [
        ("play", json!([id, [[4, 3, "C"], [4, 4, "A"], [4, 5, "T"]]])),
        (
            "play",
            json!({"match_id": id, "tiles": [[4, 3, "C"], [4, 4, "A"], [4, 5, "T"]]}),
        ),
        ("preview", json!([id, [[4, 3, "C"]]])),
        ("pass", json!([id])),
        ("resign", json!([id, true])),
        ("exchange", json!([id, ["C"]])),
        ("match_view", json!([id, true])),
        (
            "new_match",
            json!(["wordclub-1.0", null, [["Ann", null], ["Ben", null]]]),
        ),
        (
            "new_match",
            json!({"rules": "wordclub-1.0", "players": [["Ann", null], ["Ben", null]]}),
        ),
        (
            "new_match",
            json!({"rules": "wordclub-1.0", "players": [{"name": "A"}, {"name": "B"}],
                             "deal": [["CATEIOL", "SNNDBGL"], "ARTE"]}),
        ),
        (
            "update_settings",
            json!([["Zed"], "classic-15", "dark", false, false]),
        ),
        ("check_word", json!(["CAT", "wordclub"])),
        ("match_list", json!(["finished"])),
        ("play", json!("5D CAT")),
        ("play", json!(7)),
        ("play", json!(true)),
    ];
    for (command, args) in positional {
        let e = app.call(command, args.clone()).unwrap_err();
        assert_eq!(e.kind(), "bad_argument", "{command} {args}: {e}");
    }
    assert_eq!(
        ok(&app, "match_view", json!({"match_id": id})).to_string(),
        before.to_string()
    );
    assert_eq!(ok(&app, "match_list", json!({}))["total"], 1);
    assert_eq!(ok(&app, "get_settings", json!({}))["theme"], "system");
}

// ---- 12. exchange and play take the same letters --------------------------------------------

#[test]
fn exchange_and_play_refuse_lower_case_alike() {
    let app = app();
    let id = cat_match(&app);
    let before = reveal(&app, id);
    refuses(
        &app,
        "play",
        json!({"match_id": id, "tiles": [tile(4, 3, "c")]}),
        "bad_argument",
    );
    refuses(
        &app,
        "exchange",
        json!({"match_id": id, "tiles": ["c"]}),
        "bad_argument",
    );
    assert_eq!(
        ok(&app, "match_view", json!({"match_id": id})).to_string(),
        before.to_string()
    );
    // Capitals work for both.
    let after = ok(&app, "exchange", json!({"match_id": id, "tiles": ["C"]}));
    assert_eq!(after["last_move"]["action"], "exchange");
}

// ---- 5, 7. a history that cannot be used, or vanishes ----------------------------------------

#[test]
fn a_history_that_cannot_be_opened_is_left_alone_and_every_command_says_why() {
    let db = temp_db("foreign");
    {
        let conn = rusqlite::Connection::open(&db).unwrap();
        conn.execute_batch(
            "CREATE TABLE recipes (name TEXT); INSERT INTO recipes VALUES ('soup');",
        )
        .unwrap();
    }
    let before = std::fs::read(&db).unwrap();
    let e = App::with_history(Box::new(MemorySettings::default()), &db)
        .err()
        .expect("refused");
    assert_eq!(e.kind(), "not_a_history");
    let app = App::with_history_or_error(Box::new(MemorySettings::default()), &db);
    let info = ok(&app, "app_info", json!({}));
    assert_eq!(info["history_error"]["kind"], "not_a_history", "{info}");
    assert!(info["history_error"]["message"]
        .as_str()
        .unwrap()
        .contains(db.to_str().unwrap()));
    for (command, args) in [
        ("match_list", json!({})),
        ("player_stats", json!({})),
        ("match_view", json!({"match_id": 1})),
        (
            "new_match",
            json!({"rules": "wordclub-1.0", "players": [{"name": "A"}, {"name": "B"}]}),
        ),
    ] {
        assert_eq!(refused(&app, command, args), "not_a_history", "{command}");
    }
    // What needs no history still works.
    ok(
        &app,
        "check_word",
        json!({"word": "cat", "list": "wordclub"}),
    );
    assert_eq!(std::fs::read(&db).unwrap(), before);
    let names: Vec<String> = std::fs::read_dir(db.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["wordclub.db"], "nothing moved aside or created");
}

#[test]
fn a_history_moved_aside_is_announced_until_the_player_acknowledges_it() {
    let db = temp_db("notice");
    {
        let app = App::with_history(Box::new(MemorySettings::default()), &db).unwrap();
        app.allow_fixed_deals();
        for _ in 0..30 {
            cat_match(&app);
        }
    }
    let mut bytes = std::fs::read(&db).unwrap();
    for b in &mut bytes[4096..8 * 4096] {
        *b = 0x5A;
    }
    std::fs::write(&db, &bytes).unwrap();
    let app = App::with_history(Box::new(MemorySettings::default()), &db).unwrap();
    let info = ok(&app, "app_info", json!({}));
    let moved_to = info["history_notices"][0]["moved_to"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(info["history_notice"].as_str().unwrap().contains(&moved_to));
    assert_eq!(std::fs::read(&moved_to).unwrap(), bytes, "kept as found");
    drop(app);
    // A restart still tells.
    let app = App::with_history(Box::new(MemorySettings::default()), &db).unwrap();
    let info = ok(&app, "app_info", json!({}));
    assert_eq!(info["history_notices"][0]["moved_to"], moved_to.as_str());
    refuses(
        &app,
        "acknowledge_history_notice",
        json!({"moved_to": "/elsewhere"}),
        "bad_argument",
    );
    let left = ok(
        &app,
        "acknowledge_history_notice",
        json!({"moved_to": moved_to}),
    );
    assert_eq!(left, json!([]));
    drop(app);
    let app = App::with_history(Box::new(MemorySettings::default()), &db).unwrap();
    let info = ok(&app, "app_info", json!({}));
    assert_eq!(info["history_notices"], json!([]));
    assert_eq!(info["history_notice"], Value::Null);
    assert!(std::path::Path::new(&moved_to).exists());
}

#[test]
fn a_history_deleted_while_the_app_runs_is_never_answered_as_saved() {
    let db = temp_db("deleted");
    let app = App::with_history(Box::new(MemorySettings::default()), &db).unwrap();
    app.allow_fixed_deals();
    let id = revealed_cat_match(&app);
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
    }
    let e = app
        .call("play", json!({"match_id": id, "tiles": cat_tiles()}))
        .unwrap_err();
    assert_eq!(e.kind(), "history_gone", "{e}");
    assert!(e.to_string().contains("not saved"), "{e}");
    // From then on the app says so, rather than showing the move it could not keep.
    refuses(&app, "match_view", json!({"match_id": id}), "history_gone");
    refuses(&app, "match_list", json!({}), "history_gone");
    let info = ok(&app, "app_info", json!({}));
    assert_eq!(info["history_error"]["kind"], "history_gone");
}

/// Only the `-wal` deleted under the running app (a cleanup tool, a sync client): the next
/// move is refused rather than answered into a journal no restart reads, the start screen's
/// `app_info` says what happened, and the match answered before it is still there after a
/// restart (the store folds the journal it still holds into the history before refusing).
#[test]
fn a_journal_deleted_while_the_app_runs_is_said_and_loses_no_answered_move() {
    let db = temp_db("journal");
    let app = App::with_history(Box::new(MemorySettings::default()), &db).unwrap();
    app.allow_fixed_deals();
    let id = revealed_cat_match(&app);
    std::fs::remove_file(format!("{}-wal", db.display())).unwrap();
    let e = app
        .call("play", json!({"match_id": id, "tiles": cat_tiles()}))
        .unwrap_err();
    assert_eq!(e.kind(), "history_gone", "{e}");
    let info = ok(&app, "app_info", json!({}));
    assert_eq!(info["history_error"]["kind"], "history_gone");
    let said = info["history_error"]["message"].as_str().unwrap();
    assert!(said.contains("-wal"), "{said}");
    drop(app);
    let app = App::with_history(Box::new(MemorySettings::default()), &db).unwrap();
    let view = ok(&app, "match_view", json!({"match_id": id}));
    assert_eq!(
        view["id"],
        json!(id),
        "the match answered before the fault is kept"
    );
}
