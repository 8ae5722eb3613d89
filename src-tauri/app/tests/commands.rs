//! The command layer through its single entry point, `App::call`, with the real engine and
//! the shipped word lists: the same JSON the window and `wordclub-cli serve` exchange.
mod common;

use common::{
    app, app_with, cat_match, cat_tiles, no_premiums, ok, rack_letters, refused, refuses, reveal,
    revealed_cat_match, sorted_rack, temp_db, tile,
};
use serde_json::{json, Value};
use wordclub_app::{App, FileSettings, MemorySettings};

#[test]
fn a_new_match_starts_behind_the_cover_with_no_rack() {
    let (_app, view) =
        app_with(json!({"rules": "wordclub-1.0", "players": [{"name": "Ann"}, {"name": "Ben"}]}));
    assert_eq!(view["covered"], true);
    assert_eq!(view["rack"], Value::Null);
    assert_eq!(view["to_move"], 0);
    assert_eq!(view["bag"], 32 - 14);
    assert_eq!(view["rules"]["board_size"], 9);
    assert_eq!(view["rules"]["star"], json!({"row": 4, "col": 4}));
    assert_eq!(view["list"]["id"], "wordclub");
    // Word Club 1.0 has no premium squares and every letter is worth 1.
    assert!(no_premiums(&view["premiums"]));
    assert_eq!(view["letter_values"]["B"], 1);
}

#[test]
fn the_worked_example_cat_cats_cart_through_the_commands() {
    let app = app();
    let id = cat_match(&app);
    // Nothing can be previewed or played before the rack is revealed.
    refuses(
        &app,
        "preview",
        json!({"match_id": id, "tiles": [tile(4, 3, "C")]}),
        "rack_hidden",
    );
    let view = reveal(&app, id);
    let rack = rack_letters(&view);
    assert_eq!(rack, "CATEIOL");

    let cat = json!(cat_tiles());
    let preview = ok(&app, "preview", json!({"match_id": id, "tiles": cat}));
    assert_eq!(preview["legal"], true);
    assert_eq!(preview["score"], 3);
    assert_eq!(preview["words"][0]["word"], "CAT");

    // Playing hands the turn to Ben, behind the cover: no rack in the answer.
    let view = ok(&app, "play", json!({"match_id": id, "tiles": cat}));
    assert_eq!(view["to_move"], 1);
    assert_eq!(view["covered"], true);
    assert_eq!(view["rack"], Value::Null);
    assert_eq!(view["players"][0]["score"], 3);
    assert_eq!(view["last_move"]["words"], json!(["CAT"]));
    assert_eq!(view["last_move"]["squares"].as_array().unwrap().len(), 3);

    reveal(&app, id);
    let view = ok(
        &app,
        "play",
        json!({"match_id": id, "tiles": [tile(4, 6, "S")]}),
    );
    assert_eq!(view["players"][1]["score"], 4, "CATS scores 4");

    let view = reveal(&app, id);
    let rack = sorted_rack(&view).unwrap();
    assert_eq!(rack, "AEILORT", "Ann kept EIOL and drew A R T after CAT");
    let view = ok(
        &app,
        "play",
        json!({"match_id": id, "tiles": [tile(5, 3, "A"), tile(6, 3, "R"), tile(7, 3, "T")]}),
    );
    assert_eq!(view["players"][0]["score"], 3 + 4, "CART scores 4");
}

#[test]
fn a_refused_move_names_the_words_and_changes_nothing() {
    let app = app();
    let id = revealed_cat_match(&app);
    let tiles = json!([tile(4, 4, "C"), tile(4, 5, "T"), tile(4, 6, "L")]);
    let preview = ok(&app, "preview", json!({"match_id": id, "tiles": tiles}));
    assert_eq!(preview["legal"], false);
    assert_eq!(preview["error"]["kind"], "not_in_list");
    assert_eq!(preview["error"]["details"]["words"], json!(["CTL"]));
    let err = app
        .call("play", json!({"match_id": id, "tiles": tiles}))
        .unwrap_err();
    assert_eq!(err.kind(), "not_in_list");
    let view = ok(&app, "match_view", json!({"match_id": id}));
    assert_eq!(view["to_move"], 0);
    assert_eq!(
        view["rack"].as_array().unwrap().len(),
        7,
        "still Ann's turn, still revealed"
    );
}

#[test]
fn bad_arguments_get_typed_errors() {
    let app = app();
    let id = revealed_cat_match(&app);
    refuses(&app, "no_such_command", json!({}), "unknown_command");
    refuses(
        &app,
        "match_view",
        json!({"match_id": 999}),
        "unknown_match",
    );
    refuses(
        &app,
        "match_view",
        json!({"match_id": "one"}),
        "bad_argument",
    );
    refuses(
        &app,
        "match_view",
        json!({"match_id": id, "extra": 1}),
        "bad_argument",
    );
    refuses(&app, "match_view", json!([1, 2]), "bad_argument");
    assert_eq!(
        refused(
            &app,
            "preview",
            json!({"match_id": id, "tiles": [tile(9, 0, "C")]})
        ),
        "bad_argument",
        "row 10 is off a 9×9 board"
    );
    refuses(
        &app,
        "preview",
        json!({"match_id": id, "tiles": [tile(4, 4, "c")]}),
        "bad_argument",
    );
    refuses(
        &app,
        "preview",
        json!({"match_id": id, "tiles": [tile(4, 4, "CA")]}),
        "bad_argument",
    );
    refuses(
        &app,
        "preview",
        json!({"match_id": id, "tiles": [{"row": -1, "col": 0, "letter": "C"}]}),
        "bad_argument",
    );
    refuses(
        &app,
        "exchange",
        json!({"match_id": id, "tiles": ["1"]}),
        "bad_argument",
    );
    refuses(
        &app,
        "new_match",
        json!({"rules": "chess", "players": [{"name": "A"}, {"name": "B"}]}),
        "unknown_rule_set",
    );
    refuses(
        &app,
        "new_match",
        json!({"rules": "wordclub-1.0", "players": [{"name": "A"}]}),
        "player_count",
    );
    refuses(
        &app,
        "new_match",
        json!({"rules": "wordclub-1.0", "players": [{"name": "A"}, {"name": " "}]}),
        "bad_argument",
    );
    assert_eq!(
        refused(
            &app,
            "new_match",
            json!({"rules": "wordclub-1.0", "players": [{"name": "A"}, {"name": "a"}]})
        ),
        "bad_argument",
        "two players with one name"
    );
    refuses(
        &app,
        "new_match",
        json!({"rules": "wordclub-1.0", "players": [{"name": "A"}, {"name": "B", "computer": "genius"}]}),
        "bad_argument",
    );
    refuses(
        &app,
        "new_match",
        json!({"rules": "wordclub-1.0", "list": "klingon", "players": [{"name": "A"}, {"name": "B"}]}),
        "unknown_list",
    );
    refuses(
        &app,
        "computer_turn",
        json!({"match_id": id}),
        "human_to_move",
    );
}

#[test]
fn resigning_needs_confirmation_and_ends_a_two_player_match() {
    let app = app();
    let id = revealed_cat_match(&app);
    // Without `confirm: true` (absent or false) nobody leaves.
    for args in [
        json!({"match_id": id}),
        json!({"match_id": id, "confirm": false}),
    ] {
        refuses(&app, "resign", args, "confirmation_required");
    }
    let view = ok(&app, "resign", json!({"match_id": id, "confirm": true}));
    assert_eq!(view["over"], true);
    assert_eq!(view["to_move"], Value::Null);
    assert_eq!(view["rack"], Value::Null, "a finished match shows no rack");
    assert_eq!(
        view["result"]["winners"],
        json!([1]),
        "Ben wins when Ann resigns"
    );
    assert_eq!(view["result"]["reason"], "resigned");
    refuses(&app, "reveal_rack", json!({"match_id": id}), "match_over");
}

#[test]
fn a_reveal_lasts_one_turn_only() {
    let app = app();
    let id = revealed_cat_match(&app);
    let view = ok(&app, "pass", json!({"match_id": id}));
    assert_eq!(view["to_move"], 1);
    assert_eq!(view["rack"], Value::Null);
    refuses(&app, "pass", json!({"match_id": id}), "rack_hidden");
    reveal(&app, id);
    let view = ok(&app, "pass", json!({"match_id": id}));
    // Back to Ann: her earlier reveal does not carry over to this turn.
    assert_eq!(view["to_move"], 0);
    assert_eq!(view["covered"], true);
    assert_eq!(view["rack"], Value::Null);
}

#[test]
fn opening_a_match_on_screen_again_puts_the_cover_back() {
    let app = app();
    let id = revealed_cat_match(&app);
    // A plain view (the same screen asking again) keeps the reveal.
    let view = ok(&app, "match_view", json!({"match_id": id}));
    assert_eq!(view["covered"], false);
    assert_eq!(view["rack"].as_array().map(Vec::len), Some(7));
    // Reopening (a page reload, "Continue") covers the rack again, and it stays covered.
    let view = ok(&app, "match_view", json!({"match_id": id, "cover": true}));
    assert_eq!(view["covered"], true);
    assert_eq!(view["rack"], Value::Null);
    let view = ok(&app, "match_view", json!({"match_id": id}));
    assert_eq!(view["rack"], Value::Null);
    refuses(&app, "pass", json!({"match_id": id}), "rack_hidden");
}

#[test]
fn the_words_from_rack_hint_is_recorded_as_assistance() {
    let app = app();
    let id = cat_match(&app);
    refuses(&app, "hint", json!({"match_id": id}), "rack_hidden");
    // The view names the engine's hint for the match; the covered seat may not take it.
    let covered = ok(&app, "match_view", json!({"match_id": id}));
    assert_eq!(covered["hint_kind"], "words_from_rack");
    assert_eq!(covered["can"]["hint"], false);
    assert_eq!(reveal(&app, id)["can"]["hint"], true);
    let hint = ok(&app, "hint", json!({"match_id": id}));
    assert_eq!(hint["kind"], "words");
    let words: Vec<&str> = hint["words"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_str().unwrap())
        .collect();
    // CATEIOL spells CAT and COAT; every word uses only rack letters.
    assert!(
        words.contains(&"CAT") && words.contains(&"COAT"),
        "{words:?}"
    );
    assert!(!words.contains(&"CATS"));
    let view = ok(&app, "match_view", json!({"match_id": id}));
    assert_eq!(view["players"][0]["hints"], 1);
    assert_eq!(view["players"][1]["hints"], 0);
    // Asking again in the same turn shows the same and is still one hint.
    assert_eq!(ok(&app, "hint", json!({"match_id": id})), hint);
    let view = ok(&app, "match_view", json!({"match_id": id}));
    assert_eq!(view["players"][0]["hints"], 1);
    // Next turn (Ben's, then Ann's again): a new hint counts again.
    ok(&app, "pass", json!({"match_id": id}));
    reveal(&app, id);
    ok(&app, "pass", json!({"match_id": id}));
    reveal(&app, id);
    ok(&app, "hint", json!({"match_id": id}));
    let view = ok(&app, "match_view", json!({"match_id": id}));
    assert_eq!(view["players"][0]["hints"], 2);
}

#[test]
fn one_person_against_computers_needs_no_cover() {
    let (_app, view) =
        app_with(json!({"rules": "solo-10", "players": [{"name": "Solo"}], "seed": 9}));
    assert_eq!(view["covered"], false);
    assert_eq!(view["rack"].as_array().unwrap().len(), 7);
    assert_eq!(view["rules"]["exchange"], "solo");
    assert_eq!(
        view["premiums"][4][4], "2W",
        "solo-10's star is a double word"
    );
    assert_eq!(view["premiums"][0][0], "2L");
    assert_eq!(view["turns_left"], 10);
}

#[test]
fn classic_15_has_its_layout_and_values() {
    let (_app, view) = app_with(
        json!({"rules": "classic-15", "players": [{"name": "A"}, {"name": "B"}], "seed": 1}),
    );
    assert_eq!(view["rules"]["board_size"], 15);
    assert_eq!(view["rules"]["star"], json!({"row": 7, "col": 7}));
    assert_eq!(view["premiums"][0][0], "3W");
    assert_eq!(view["premiums"][0][3], "2L");
    assert_eq!(view["premiums"][1][5], "3L");
    assert_eq!(view["letter_values"]["Q"], 10);
    assert_eq!(view["bag"], 100 - 14);
}

#[test]
fn word_check_and_lists() {
    let app = app();
    let answer = ok(
        &app,
        "check_word",
        json!({"word": "qi", "list": "wordclub"}),
    );
    assert_eq!(answer["valid"], true);
    assert_eq!(answer["word"], "QI");
    let answer = ok(
        &app,
        "check_word",
        json!({"word": "zzxq", "list": "wordclub"}),
    );
    assert_eq!(answer["valid"], false);
    // No match is being played: the checker names the list, not "this match's" list.
    assert_eq!(
        answer["message"],
        "ZZXQ is not in the word list (Word Club list 4)"
    );
    refuses(
        &app,
        "check_word",
        json!({"word": "cats'", "list": "wordclub"}),
        "not_a_to_z",
    );
    let e = app
        .call(
            "check_word",
            json!({"word": "two words", "list": "wordclub"}),
        )
        .unwrap_err();
    assert_eq!(e.kind(), "not_a_to_z");
    assert_eq!(
        e.to_string(),
        "Only the letters A–Z: \"two words\" has a space"
    );
    refuses(
        &app,
        "check_word",
        json!({"word": "cat", "list": "nope"}),
        "unknown_list",
    );
    // Every shipped list and version; the UI offers the current ones and names the version.
    let lists = ok(&app, "word_lists", Value::Null);
    let shown: Vec<(&str, &str, bool)> = lists
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["id"].as_str().unwrap(),
                l["name"].as_str().unwrap(),
                l["current"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        shown,
        [
            ("wordclub", "Word Club list 1", false),
            ("wordclub", "Word Club list 2", false),
            ("wordclub", "Word Club list 3", false),
            ("wordclub", "Word Club list 4", true),
            ("enable2k", "ENABLE (enable1)", true),
            ("enable-2-9", "ENABLE, 2 to 9 letters", true)
        ]
    );
    let rules = ok(&app, "rule_sets", Value::Null);
    let ids: Vec<&str> = rules
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    assert_eq!(
        ids,
        [
            "wordclub-1.0",
            "wordclub-1.1",
            "wordclub-1.2",
            "wordclub-1.3",
            "solo-10",
            "classic-15",
            "classic-15-ten"
        ]
    );
}

/// `rules_at_table`: a rule set as a table of that size plays it. No built-in changes with
/// the table, so each size is the rule set as `rule_sets` gives it, with every seat's start
/// points; a size it does not seat is refused by kind.
#[test]
fn rules_at_table_answers_the_rule_set_of_a_table_size() {
    let app = app();
    let all = ok(&app, "rule_sets", Value::Null);
    let one = &all[0];
    assert_eq!(one["id"], "wordclub-1.0");
    assert_eq!(one["start_points"], json!([0, 0, 0, 0]));
    assert_eq!(one["tables"], json!([]));
    for n in 2..=4 {
        let at = ok(
            &app,
            "rules_at_table",
            json!({"rules": "wordclub-1.0", "players": n}),
        );
        assert_eq!(&at, one, "{n} players");
    }
    refuses(
        &app,
        "rules_at_table",
        json!({"rules": "wordclub-1.0", "players": 5}),
        "player_count",
    );
    refuses(
        &app,
        "rules_at_table",
        json!({"rules": "no-such-rules", "players": 2}),
        "unknown_rule_set",
    );
}

/// What the Rules and new-match screens read of a rule set that changes with the table
/// (`tests/rules/table-scaled.json`, not a built-in): each size's board, rack, bag and start
/// points, the fields its entry sets, and the flat set of one size with its own start points.
#[test]
fn the_rules_info_says_what_changes_at_each_table_size() {
    let scaled: wordclub_engine::RuleSet =
        serde_json::from_str(include_str!("../../../tests/rules/table-scaled.json")).unwrap();
    let info = serde_json::to_value(wordclub_app::RulesInfo::of(&scaled)).unwrap();
    assert_eq!(info["start_points"], json!([0, 3, 0, 0]));
    assert_eq!(info["table"], Value::Null);
    let tables = info["tables"].as_array().unwrap();
    let row = |t: &Value| {
        (
            t["players"].as_u64().unwrap(),
            t["board_size"].as_u64().unwrap(),
            t["rack_size"].as_u64().unwrap(),
            t["bag_size"].as_u64().unwrap(),
            t["bingo_bonus"].as_u64().unwrap(),
        )
    };
    let rows: Vec<_> = tables.iter().map(row).collect();
    assert_eq!(
        rows,
        [(2, 9, 7, 32, 0), (3, 9, 6, 32, 10), (4, 11, 5, 48, 0)]
    );
    assert_eq!(tables[0]["changes"], json!([]));
    assert_eq!(
        tables[1]["changes"],
        // Another rack plays a leave table re-fitted from the base's: told as a change.
        json!([
            "rack_size",
            "bingo_bonus",
            "exchange",
            "leave",
            "start_points"
        ])
    );
    // A field an entry repeats with the rule set's own value is no change: 1.3 names its
    // leave table at every size.
    let one_three = wordclub_engine::RuleSet::builtin("wordclub-1.3").unwrap();
    let info = serde_json::to_value(wordclub_app::RulesInfo::of(&one_three)).unwrap();
    let changes: Vec<&Value> = info["tables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| &t["changes"])
        .collect();
    assert_eq!(
        changes,
        [
            &json!([]),
            &json!(["tiles", "start_points"]),
            &json!(["tiles", "rack_size", "exchange", "start_points"])
        ]
    );
    assert_eq!(tables[1]["start_points"], json!([0, 2, 4]));
    assert_eq!(tables[2]["star"], json!({"row": 5, "col": 5}));
    let four =
        serde_json::to_value(wordclub_app::RulesInfo::of(&scaled.at_table(4).unwrap())).unwrap();
    assert_eq!(four["start_points"], json!([0, 2, 4, 6]));
    assert_eq!(
        (four["table"].as_u64(), four["board_size"].as_u64()),
        (Some(4), Some(11))
    );
    assert_eq!(four["tables"], json!([]));
    assert_eq!(
        four["premiums"][0]["squares"],
        json!(["A1", "K1", "A11", "K11"])
    );
}

#[test]
fn settings_are_validated_and_kept() {
    let dir = std::env::temp_dir().join(format!("wordclub-settings-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("settings.json");
    let app = App::new(Box::new(FileSettings::new(path.clone()))).unwrap();
    assert_eq!(ok(&app, "get_settings", Value::Null)["theme"], "system");
    let next = ok(
        &app,
        "update_settings",
        json!({"theme": "dark", "player_names": ["Ann", " Ben "], "default_rules": "classic-15", "tile_tracker": false}),
    );
    assert_eq!(next["player_names"], json!(["Ann", "Ben"]));
    refuses(
        &app,
        "update_settings",
        json!({"theme": "pink"}),
        "bad_argument",
    );
    refuses(
        &app,
        "update_settings",
        json!({"default_rules": "chess"}),
        "bad_argument",
    );
    refuses(
        &app,
        "update_settings",
        json!({"player_names": ["a", "b", "c", "d", "e"]}),
        "bad_argument",
    );
    refuses(
        &app,
        "update_settings",
        json!({"volume": 3}),
        "bad_argument",
    );
    // The table: a computer level beside each name (null: a person), one per name, each a
    // level a seat can take.
    assert_eq!(next["player_levels"], json!([null, null]));
    let table = ok(
        &app,
        "update_settings",
        json!({"player_names": ["Ann", "Hal"], "player_levels": [null, "hard"]}),
    );
    assert_eq!(table["player_levels"], json!([null, "hard"]));
    for levels in [
        json!(["hard"]),
        json!([null, "greedy"]),
        json!([null, "Hard"]),
    ] {
        refuses(
            &app,
            "update_settings",
            json!({"player_levels": levels}),
            "bad_argument",
        );
    }
    // A refused change left no trace.
    assert_eq!(
        ok(&app, "get_settings", Value::Null)["player_levels"],
        json!([null, "hard"])
    );
    // A new app state (a restart) reads what was kept; refused changes left no trace.
    let again = App::new(Box::new(FileSettings::new(path.clone()))).unwrap();
    let kept = ok(&again, "get_settings", Value::Null);
    assert_eq!(kept["theme"], "dark");
    assert_eq!(kept["default_rules"], "classic-15");
    assert_eq!(kept["tile_tracker"], false);
    assert_eq!(kept["player_names"], json!(["Ann", "Hal"]));
    assert_eq!(kept["player_levels"], json!([null, "hard"]));
    // New names alone: every seat a person again.
    let names = ok(
        &again,
        "update_settings",
        json!({"player_names": ["Ann", "Ben", "Cy"]}),
    );
    assert_eq!(names["player_levels"], json!([null, null, null]));
    // An older file (names only) or a level that cannot be read: people's seats.
    std::fs::write(
        &path,
        r#"{"player_names": ["Ann", "Hal", "Cy"], "player_levels": ["easy", "clever"]}"#,
    )
    .unwrap();
    let older = App::new(Box::new(FileSettings::new(path))).unwrap();
    let kept = ok(&older, "get_settings", Value::Null);
    assert_eq!(kept["player_levels"], json!(["easy", null, null]));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn after_a_restart_a_match_resumes_from_the_history_behind_the_cover() {
    let db = temp_db("resume");
    let id = {
        let app = App::with_history(Box::new(MemorySettings::default()), &db).unwrap();
        app.allow_fixed_deals();
        let id = revealed_cat_match(&app);
        ok(&app, "play", json!({"match_id": id, "tiles": cat_tiles()}));
        reveal(&app, id);
        id
    };
    // A new process: Ben had revealed his rack, but the app opens behind the cover again.
    let app = App::with_history(Box::new(MemorySettings::default()), &db).unwrap();
    app.allow_fixed_deals();
    let list = ok(&app, "match_list", json!({"status": "in_progress"}));
    assert_eq!(list["matches"][0]["id"], id);
    assert_eq!(list["matches"][0]["players"][0]["score"], 3);
    assert_eq!(list["matches"][0]["list"], "wordclub");
    assert_eq!(list["matches"][0]["list_name"], "Word Club list 4");
    let view = ok(&app, "match_view", json!({"match_id": id}));
    assert_eq!(view["to_move"], 1);
    assert_eq!(view["covered"], true);
    assert_eq!(view["rack"], Value::Null);
    assert_eq!(view["board"][4][3]["letter"], "C");
    assert_eq!(view["board"][4][5]["letter"], "T");
    let view = reveal(&app, id);
    let rack = sorted_rack(&view).unwrap();
    assert_eq!(rack, "BDGLNNS", "Ben's dealt rack, unchanged");
    let _ = std::fs::remove_dir_all(db.parent().unwrap());
}

#[test]
fn the_history_of_an_unfinished_match_tells_no_rack() {
    let app = app();
    let id = revealed_cat_match(&app);
    ok(&app, "hint", json!({"match_id": id}));
    ok(&app, "play", json!({"match_id": id, "tiles": cat_tiles()}));

    let list = ok(&app, "match_list", json!({}));
    let text = list.to_string();
    assert!(!text.contains("seed"), "no seed in the list: {text}");
    let detail = ok(&app, "match_detail", json!({"match_id": id}));
    assert!(!detail.to_string().contains("seed"));
    assert_eq!(detail["turns"][0]["hints"][0]["kind"], "words_from_rack");
    assert!(
        detail["turns"][0]["hints"][0].get("shown").is_none(),
        "what the hint showed stays out"
    );
    assert_eq!(detail["turns"][0]["score"], 3);
    refuses(
        &app,
        "export_gcg",
        json!({"match_id": id}),
        "match_in_progress",
    );

    // Once it is over, the whole record is history.
    reveal(&app, id);
    ok(&app, "resign", json!({"match_id": id, "confirm": true}));
    let detail = ok(&app, "match_detail", json!({"match_id": id}));
    assert!(detail["turns"][0]["hints"][0]["shown"]["words"].is_array());
    let gcg = ok(&app, "export_gcg", json!({"match_id": id}));
    assert!(
        gcg["gcg"].as_str().unwrap().contains("CAT"),
        "{}",
        gcg["gcg"]
    );
    let stats = ok(&app, "player_stats", Value::Null);
    assert_eq!(stats["players"].as_array().unwrap().len(), 2);
    let list = ok(&app, "match_list", json!({"status": "finished"}));
    assert_eq!(
        list["matches"][0]["winners"],
        json!([0]),
        "Ann wins when Ben resigns"
    );
    refuses(
        &app,
        "match_list",
        json!({"status": "paused"}),
        "bad_argument",
    );
}

#[test]
fn a_person_plays_a_whole_match_against_a_computer() {
    let (app, view) = app_with(
        json!({"rules": "wordclub-1.0", "players": [{"name": "Ann"}, {"name": "Bot", "computer": "easy"}], "seed": 21}),
    );
    let id = view["id"].as_i64().unwrap();
    // One person at the table: no cover, her rack is there at once.
    assert_eq!(view["covered"], false);
    assert_eq!(view["rack"].as_array().unwrap().len(), 7);
    refuses(
        &app,
        "computer_turn",
        json!({"match_id": id}),
        "human_to_move",
    );
    let mut view = view;
    let mut computer_turns = 0;
    for _ in 0..200 {
        if view["over"] == true {
            break;
        }
        if view["to_move"] == 1 {
            // The computer's rack is never shown, not even to the only person at the table.
            assert_eq!(view["rack"], Value::Null);
            refuses(&app, "pass", json!({"match_id": id}), "computer_to_move");
            view = ok(&app, "computer_turn", json!({"match_id": id}));
            computer_turns += 1;
            assert_eq!(view["last_move"]["seat"], 1);
        } else {
            assert!(view["rack"].is_array());
            view = ok(&app, "pass", json!({"match_id": id}));
        }
    }
    assert_eq!(view["over"], true, "the match ended");
    assert!(computer_turns >= 3);
    let result = &view["result"];
    assert!(!result["winners"].as_array().unwrap().is_empty());
    // The person only passed, so only the computer can have used its last tile.
    assert_eq!(result["reason"], "went_out", "{result}");
    assert_eq!(result["went_out"], 1);
    // The person only passed: every point on the board is the computer's.
    assert!(
        view["players"][1]["score"].as_i64().unwrap()
            > view["players"][0]["score"].as_i64().unwrap()
    );
    let list = ok(&app, "match_list", json!({"status": "finished"}));
    assert_eq!(list["matches"][0]["id"], id);
}

#[test]
fn the_classic_hint_suggests_a_legal_move_and_counts_as_assistance() {
    let (app, view) = app_with(
        json!({"rules": "classic-15", "players": [{"name": "Ann"}, {"name": "Ben"}], "seed": 2,
               "deal": {"racks": ["CATSRED", "OXYGENS"], "draw_order": ""}}),
    );
    let id = view["id"].as_i64().unwrap();
    assert_eq!(view["hint_kind"], "suggest_move");
    reveal(&app, id);
    let hint = ok(&app, "hint", json!({"match_id": id}));
    assert_eq!(hint["kind"], "move");
    let tiles = hint["tiles"].clone();
    assert!(!tiles.as_array().unwrap().is_empty());
    // The suggestion is a draft the engine accepts, worth what the hint said; CATS through
    // the star alone is worth 12 on classic-15, so the best move scores more.
    let preview = ok(&app, "preview", json!({"match_id": id, "tiles": tiles}));
    assert_eq!(preview["legal"], true);
    assert_eq!(preview["score"], hint["score"]);
    assert!(hint["score"].as_u64().unwrap() > 12, "{hint}");
    let view = ok(&app, "match_view", json!({"match_id": id}));
    assert_eq!(view["players"][0]["hints"], 1);
    let view = ok(&app, "play", json!({"match_id": id, "tiles": tiles}));
    assert_eq!(view["players"][0]["score"], hint["score"]);
}

#[test]
fn a_blank_takes_the_letter_chosen_and_scores_nothing() {
    let (app, view) = app_with(
        json!({"rules": "wordclub-1.1", "players": [{"name": "Ann"}, {"name": "Ben"}], "seed": 4,
               "deal": {"racks": ["?ATEIOL", "SNNDBGL"]}}),
    );
    let id = view["id"].as_i64().unwrap();
    assert_eq!(view["rules"]["label"], "Word Club 1.1 (candidate)");
    reveal(&app, id);
    // A blank without a letter is not a tile the UI can send.
    refuses(
        &app,
        "preview",
        json!({"match_id": id, "tiles": [{"row": 4, "col": 3, "letter": "?", "blank": true}]}),
        "bad_argument",
    );
    let cat = json!([
        {"row": 4, "col": 3, "letter": "C", "blank": true},
        {"row": 4, "col": 4, "letter": "A"},
        {"row": 4, "col": 5, "letter": "T"}
    ]);
    // Table A: A and T are 1 each, the blank standing for C is 0; D5-F5 are plain squares.
    let preview = ok(&app, "preview", json!({"match_id": id, "tiles": cat}));
    assert_eq!(preview["score"], 2);
    let view = ok(&app, "play", json!({"match_id": id, "tiles": cat}));
    assert_eq!(view["board"][4][3], json!({"letter": "C", "blank": true}));
    assert_eq!(view["players"][0]["score"], 2);
}

#[test]
fn a_new_match_refusal_carries_its_reason_for_the_form() {
    let app = app();
    let e = app
        .call(
            "new_match",
            json!({"rules": "wordclub-1.0", "players": [{"name": "Ann"}, {"name": "  "}]}),
        )
        .unwrap_err();
    let body = e.body();
    assert_eq!(body.kind, "bad_argument");
    let details = body.details.expect("details");
    assert_eq!(details["command"], "new_match");
    assert_eq!(details["reason"], "every player needs a name");
}
