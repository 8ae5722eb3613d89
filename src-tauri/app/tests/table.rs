//! Issue 13, "at the table": the scoresheet and the cover's recap in the match view, "Allow
//! hints" per match, the rematch, the Rules screen's worked examples, saving a GCG record,
//! statistics per rule set — through `App::call`, with the real engine and word lists.
mod common;

use common::{
    app, cat_match, cat_match_with, cat_tiles, ok, refused, resigned_cat_match, reveal, tile,
};
use serde_json::{json, Value};
use wordclub_app::{App, MemorySettings};

fn play(app: &App, id: i64, tiles: Vec<Value>) -> Value {
    reveal(app, id);
    ok(app, "play", json!({ "match_id": id, "tiles": tiles }))
}

fn words(row: &Value) -> Vec<String> {
    row["words"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["word"].as_str().unwrap().to_string())
        .collect()
}

/// CAT (Ann, 3), Ben exchanges 2, Ann plays S making CATS (4).
fn three_turns(app: &App, id: i64) -> Value {
    play(app, id, cat_tiles());
    reveal(app, id);
    ok(
        app,
        "exchange",
        json!({ "match_id": id, "tiles": ["N", "N"] }),
    );
    reveal(app, id);
    ok(app, "hint", json!({ "match_id": id }));
    play(app, id, vec![tile(4, 6, "S")])
}

#[test]
fn the_scoresheet_is_every_turn_with_its_words_scores_totals_and_no_rack() {
    let app = app();
    let id = cat_match_with(
        &app,
        json!({ "deal": {"racks": ["CATSIOL", "SNNDBGL"], "draw_order": "ARTE"} }),
    );
    let view = three_turns(&app, id);
    let turns = view["turns"].as_array().unwrap();
    assert_eq!(turns.len(), 3);
    assert_eq!(
        turns
            .iter()
            .map(|t| t["action"].as_str().unwrap())
            .collect::<Vec<_>>(),
        ["play", "exchange", "play"]
    );
    assert_eq!(words(&turns[0]), ["CAT"]);
    assert_eq!(turns[0]["score"], 3);
    assert_eq!(turns[1]["count"], 2);
    assert_eq!(turns[1]["score"], 0);
    assert_eq!(words(&turns[2]), ["CATS"]);
    assert_eq!(turns[2]["score"], 4);
    // The breakdown is the scorer's: four letters worth 1, no premium.
    assert_eq!(turns[2]["words"][0]["letters"].as_array().unwrap().len(), 4);
    assert_eq!(turns[2]["words"][0]["score"], 4);
    // Running totals, and the view's scores agree with the last row.
    assert_eq!(turns[0]["totals"], json!([3, 0]));
    assert_eq!(turns[2]["totals"], json!([7, 0]));
    assert_eq!(view["players"][0]["score"], 7);
    // Ann's hint before her second play is counted on that row, what it showed is not there.
    assert_eq!(turns[2]["hints"], 1);
    assert_eq!(turns[0]["hints"], 0);
    let text = serde_json::to_string(&view["turns"]).unwrap();
    assert!(!text.contains("shown"), "{text}");
    // Ben's exchange returned N N: the row says how many, never which (nor what he drew).
    assert!(!text.contains("NN") && !text.contains("returned") && !text.contains("drawn"));
    assert_eq!(turns[2]["squares"], json!([{"row": 4, "col": 6}]));
}

#[test]
fn the_cover_recaps_every_turn_since_the_player_to_move_last_played() {
    let app = app();
    let view = ok(
        &app,
        "new_match",
        json!({
            "rules": "wordclub-1.0",
            "players": [{"name": "Ann"}, {"name": "Hal", "computer": "easy"}, {"name": "Cy"}],
            "seed": 5,
        }),
    );
    let id = view["id"].as_i64().unwrap();
    assert_eq!(view["recap_from"], 1);
    assert_eq!(view["turns"], json!([]));
    reveal(&app, id);
    ok(&app, "pass", json!({ "match_id": id }));
    let view = ok(&app, "computer_turn", json!({ "match_id": id }));
    // Cy has not played yet: the recap is Ann's and Hal's turns.
    assert_eq!(view["to_move"], 2);
    assert_eq!(view["covered"], true);
    assert_eq!(view["recap_from"], 1);
    assert_eq!(view["turns"].as_array().unwrap().len(), 2);
    assert_eq!(view["turns"][1]["computer"], "easy");
    assert_eq!(view["turns"][1]["name"], "Hal");
    reveal(&app, id);
    ok(&app, "pass", json!({ "match_id": id }));
    // Ann's turn again: what Hal and Cy did since her pass (turns 2 and 3).
    let view = ok(&app, "match_view", json!({ "match_id": id }));
    assert_eq!(view["to_move"], 0);
    assert_eq!(view["recap_from"], 2);
}

#[test]
fn hints_off_refuses_the_hint_command_and_survives_a_restart() {
    let dir = tempdir();
    let db = dir.join("h.db");
    let id = {
        let app = App::with_history(Box::new(MemorySettings::default()), &db).unwrap();
        app.allow_fixed_deals();
        let id = cat_match_with(&app, json!({ "allow_hints": false }));
        let view = reveal(&app, id);
        assert_eq!(view["hints_allowed"], false);
        assert_eq!(view["can"]["hint"], false);
        assert_eq!(
            refused(&app, "hint", json!({ "match_id": id })),
            "hints_off"
        );
        // Refused, so nothing was recorded.
        let view = ok(&app, "match_view", json!({ "match_id": id }));
        assert_eq!(view["players"][0]["hints"], 0);
        id
    };
    // Replayed from the saved events: still off.
    let app = App::with_history(Box::new(MemorySettings::default()), &db).unwrap();
    ok(&app, "reveal_rack", json!({ "match_id": id }));
    assert_eq!(
        refused(&app, "hint", json!({ "match_id": id })),
        "hints_off"
    );
    // And a match started with it on (the default) offers them.
    app.allow_fixed_deals();
    let other = cat_match(&app);
    let view = reveal(&app, other);
    assert_eq!(
        (view["hints_allowed"].clone(), view["can"]["hint"].clone()),
        (json!(true), json!(true))
    );
    ok(&app, "hint", json!({ "match_id": other }));
}

#[test]
fn a_rematch_seats_the_same_table_with_the_first_player_rotated() {
    let app = app();
    let view = ok(
        &app,
        "new_match",
        json!({
            "rules": "classic-15",
            "list": "wordclub@1",
            "players": [{"name": "Ann"}, {"name": "Hal", "computer": "hard"}, {"name": "Cy"}],
            "allow_hints": false,
        }),
    );
    let id = view["id"].as_i64().unwrap();
    // Not over yet: refused, and no match is made.
    assert_eq!(
        refused(&app, "rematch", json!({ "match_id": id })),
        "match_in_progress"
    );
    let before = ok(&app, "match_list", json!({}))["total"].clone();
    // Ann resigns, Hal plays, Cy resigns: one player is left, the match is over.
    reveal(&app, id);
    ok(&app, "resign", json!({ "match_id": id, "confirm": true }));
    ok(&app, "computer_turn", json!({ "match_id": id }));
    reveal(&app, id);
    let end = ok(&app, "resign", json!({ "match_id": id, "confirm": true }));
    assert_eq!(end["over"], true, "{end}");
    assert_eq!(ok(&app, "match_list", json!({}))["total"], before);

    let next = ok(&app, "rematch", json!({ "match_id": id }));
    assert_ne!(next["id"], json!(id));
    let seats: Vec<(String, Value)> = next["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["name"].as_str().unwrap().to_string(),
                p["computer"].clone(),
            )
        })
        .collect();
    assert_eq!(
        seats,
        [
            ("Hal".to_string(), json!("hard")),
            ("Cy".to_string(), Value::Null),
            ("Ann".to_string(), Value::Null)
        ]
    );
    assert_eq!(next["rules"]["id"], "classic-15");
    assert_eq!(next["list"]["sha256"], view["list"]["sha256"]);
    assert_eq!(next["hints_allowed"], false);
    assert_eq!(next["over"], false);
    assert_eq!(next["turns"], json!([]));
    assert_eq!(next["to_move"], 0);
    assert_eq!(
        refused(&app, "rematch", json!({ "match_id": 999 })),
        "unknown_match"
    );
}

#[test]
fn the_end_chart_ends_at_the_final_scores() {
    let app = app();
    let id = cat_match(&app);
    play(&app, id, cat_tiles());
    reveal(&app, id);
    let end = ok(&app, "resign", json!({ "match_id": id, "confirm": true }));
    let result = &end["result"];
    for (seat, line) in result["progression"].as_array().unwrap().iter().enumerate() {
        let line = line.as_array().unwrap();
        assert_eq!(line.len(), end["turns"].as_array().unwrap().len() + 1);
        assert_eq!(line.last().unwrap(), &result["players"][seat]["score"]);
    }
    let best = &result["best_turn"];
    assert_eq!(
        (
            best["word"].clone(),
            best["at"].clone(),
            best["score"].clone()
        ),
        (json!("CAT"), json!("5D"), json!(3))
    );
}

#[test]
fn the_rules_screen_examples_are_scored_by_the_scorer() {
    let app = app();
    let scores = |rules: &str| -> Vec<Vec<u64>> {
        ok(&app, "rules_examples", json!({ "rules": rules }))["examples"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| {
                e["steps"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|s| s["score"].as_u64().unwrap())
                    .collect()
            })
            .collect()
    };
    assert_eq!(scores("wordclub-1.0"), [vec![3, 4, 4]]);
    assert_eq!(scores("wordclub-1.1"), [vec![16]]);
    assert_eq!(scores("solo-10"), [vec![22, 13]]);
    assert_eq!(scores("classic-15"), [vec![10]]);
    let one = ok(&app, "rules_examples", json!({ "rules": "wordclub-1.0" }));
    let cart = &one["examples"][0]["steps"][2];
    assert_eq!(cart["words"][0]["word"], "CART");
    assert_eq!(cart["placed"].as_array().unwrap().len(), 3);
    assert_eq!(cart["board"][4][3]["letter"], "C");
    assert_eq!(cart["board"][7][3]["letter"], "T");
    let house = ok(&app, "rules_examples", json!({ "rules": "wordclub-1.1" }));
    let h = &house["examples"][0]["steps"][0]["words"][0]["letters"][0];
    assert_eq!(
        (h["letter"].clone(), h["letter_multiplier"].clone()),
        (json!("H"), json!(3))
    );
    assert_eq!(
        refused(&app, "rules_examples", json!({ "rules": "nope" })),
        "unknown_rule_set"
    );
}

#[test]
fn save_gcg_writes_a_new_file_in_the_downloads_folder() {
    let app = app();
    let id = resigned_cat_match(&app);
    assert_eq!(
        refused(&app, "save_gcg", json!({ "match_id": id })),
        "no_downloads_folder"
    );
    let dir = tempdir().join("Downloads");
    app.set_downloads_dir(dir.clone());
    let saved = ok(&app, "save_gcg", json!({ "match_id": id }));
    let path = std::path::PathBuf::from(saved["path"].as_str().unwrap());
    assert_eq!(path.parent().unwrap(), dir);
    let gcg = ok(&app, "export_gcg", json!({ "match_id": id }))["gcg"].clone();
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        gcg.as_str().unwrap()
    );
    assert!(saved["message"]
        .as_str()
        .unwrap()
        .contains(&path.display().to_string()));
    // Saved again: a second file, the first left as it was.
    let again = ok(&app, "save_gcg", json!({ "match_id": id }));
    assert_ne!(again["path"], saved["path"]);
    assert!(path.exists());
    // An unfinished match's record shows racks: refused unless asked for.
    let open = cat_match(&app);
    assert_eq!(
        refused(&app, "save_gcg", json!({ "match_id": open })),
        "match_in_progress"
    );
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 2);
}

#[test]
fn save_gcg_writes_where_the_chooser_says_and_nothing_when_it_cancels() {
    let app = app();
    let id = resigned_cat_match(&app);
    let gcg = ok(&app, "export_gcg", json!({ "match_id": id }))["gcg"]
        .as_str()
        .unwrap()
        .to_string();
    let dir = tempdir().join("Downloads");
    std::fs::create_dir_all(&dir).unwrap();
    // The name offered is the first one free in the folder.
    std::fs::write(
        dir.join(format!("wordclub-match-{id}.gcg")),
        "an older save",
    )
    .unwrap();
    app.set_downloads_dir(dir.clone());
    let chosen = tempdir().join("records").join("family night.gcg");
    std::fs::create_dir_all(chosen.parent().unwrap()).unwrap();
    std::fs::write(&chosen, "a file the player chose to replace").unwrap();
    let answer = std::sync::Arc::new(std::sync::Mutex::new(Some(chosen.clone())));
    let offered = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    {
        let (answer, offered) = (answer.clone(), offered.clone());
        app.set_save_chooser(move |folder, name| {
            offered
                .lock()
                .unwrap()
                .push((folder.to_path_buf(), name.to_string()));
            answer.lock().unwrap().clone()
        });
    }
    let saved = ok(&app, "save_gcg", json!({ "match_id": id }));
    assert_eq!(
        offered.lock().unwrap().as_slice(),
        [(dir.clone(), format!("wordclub-match-{id}-2.gcg"))]
    );
    assert_eq!(saved["path"], chosen.display().to_string());
    assert_eq!(
        saved["message"],
        format!("Saved the game record to {}", chosen.display())
    );
    // The dialog asked before replacing: the chosen file now holds the record, whole.
    assert_eq!(std::fs::read_to_string(&chosen).unwrap(), gcg);
    // Cancelled: nothing written, no path, and a sentence that says so.
    *answer.lock().unwrap() = None;
    let cancelled = ok(&app, "save_gcg", json!({ "match_id": id }));
    assert_eq!(cancelled["path"], serde_json::Value::Null);
    assert_eq!(cancelled["message"], "The game record was not saved.");
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
    assert_eq!(
        std::fs::read_dir(chosen.parent().unwrap()).unwrap().count(),
        1
    );
    // A folder that cannot be written: a typed refusal, and the chooser asked nothing
    // before an unfinished match was refused.
    *answer.lock().unwrap() = Some(tempdir().join("gone").join("x.gcg"));
    assert_eq!(
        refused(&app, "save_gcg", json!({ "match_id": id })),
        "cannot_save"
    );
    let asked = offered.lock().unwrap().len();
    let open = cat_match(&app);
    assert_eq!(
        refused(&app, "save_gcg", json!({ "match_id": open })),
        "match_in_progress"
    );
    assert_eq!(offered.lock().unwrap().len(), asked);
}

#[test]
fn statistics_per_rule_set_never_mix_boards() {
    let app = app();
    let id = cat_match(&app);
    play(&app, id, cat_tiles());
    reveal(&app, id);
    ok(&app, "resign", json!({ "match_id": id, "confirm": true }));
    let classic = ok(
        &app,
        "new_match",
        json!({"rules": "classic-15", "players": [{"name": "Ann"}, {"name": "Ben"}], "seed": 1}),
    )["id"]
        .as_i64()
        .unwrap();
    reveal(&app, classic);
    ok(
        &app,
        "resign",
        json!({ "match_id": classic, "confirm": true }),
    );
    let ann = |args: Value| -> Value {
        ok(&app, "player_stats", args)["players"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == "Ann")
            .cloned()
            .unwrap()
    };
    assert_eq!(ann(json!({}))["matches"], 2);
    let small = ann(json!({ "rules": "wordclub-1.0" }));
    assert_eq!(
        (small["matches"].clone(), small["average_score"].clone()),
        (json!(1), json!(3.0))
    );
    assert_eq!(ann(json!({ "rules": "classic-15" }))["matches"], 1);
    assert_eq!(
        refused(&app, "player_stats", json!({ "rules": "nope" })),
        "unknown_rule_set"
    );
}

#[test]
fn words_from_rack_come_longest_first_then_by_score() {
    let app = app();
    let id = ok(
        &app,
        "new_match",
        json!({
            "rules": "wordclub-1.1",
            "players": [{"name": "Ann"}, {"name": "Ben"}],
            "seed": 2,
            "deal": {"racks": ["CATSZOE", "SNNDBGL"]}
        }),
    )["id"]
        .as_i64()
        .unwrap();
    reveal(&app, id);
    let hint = ok(&app, "hint", json!({ "match_id": id }));
    let groups = hint["groups"].as_array().unwrap();
    let lengths: Vec<u64> = groups
        .iter()
        .map(|g| g["length"].as_u64().unwrap())
        .collect();
    assert!(lengths.windows(2).all(|w| w[0] > w[1]), "{lengths:?}");
    for g in groups {
        let scores: Vec<u64> = g["words"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| w["score"].as_u64().unwrap())
            .collect();
        assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{g}");
    }
    let flat: Vec<&str> = groups
        .iter()
        .flat_map(|g| {
            g["words"]
                .as_array()
                .unwrap()
                .iter()
                .map(|w| w["word"].as_str().unwrap())
        })
        .collect();
    let words: Vec<&str> = hint["words"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_str().unwrap())
        .collect();
    assert_eq!(flat, words);
}

fn tempdir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "wordclub-table-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
