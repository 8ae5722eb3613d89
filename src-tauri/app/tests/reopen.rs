//! Coming back to the table (issue 22, defect 1): a reload or a restart reopens the match
//! that was on this client's screen — not the newest unfinished one — behind the cover even
//! at a one-person table, and the draft staged before it comes back only with the revealed
//! view. Also the facts the match screen words: why an exchange is greyed out, and the solo
//! round's scoring plays.
mod common;

use common::{app, cat_match, cat_tiles, ok, refuses, reveal, temp_db, tile};
use serde_json::{json, Value};
use wordclub_app::{App, FileSettings};

fn settings_app(dir: &std::path::Path) -> App {
    let app = App::with_history(
        Box::new(FileSettings::new(dir.join("settings.json"))),
        &dir.join("wordclub.db"),
    )
    .unwrap();
    app.allow_fixed_deals();
    app
}

fn three(app: &App, names: [&str; 3]) -> i64 {
    ok(
        app,
        "new_match",
        json!({"rules": "wordclub-1.0",
               "players": names.iter().map(|n| json!({ "name": n })).collect::<Vec<_>>(),
               "deal": {"racks": ["CATEIOL", "SNNDBGL", "REATERS"]}}),
    )["id"]
        .as_i64()
        .unwrap()
}

#[test]
fn a_restart_reopens_the_match_that_was_on_each_screen_not_the_newest() {
    let db = temp_db("reopen");
    let dir = db.parent().unwrap().to_path_buf();
    let (cat, bot) = {
        let app = settings_app(&dir);
        let cat = three(&app, ["Ann", "Ben", "Cat"]);
        // Created later, so the newest unfinished match: what start-up used to open.
        let bot = ok(
            &app,
            "new_match",
            json!({"rules": "wordclub-1.0", "players": [{"name": "Ann"}, {"name": "Bot", "computer": "easy"}]}),
        )["id"]
            .as_i64()
            .unwrap();
        ok(
            &app,
            "remember_screen",
            json!({"client": "window", "match_id": cat}),
        );
        ok(
            &app,
            "remember_screen",
            json!({"client": "b-tablet", "match_id": bot}),
        );
        ok(&app, "remember_screen", json!({"client": "b-phone"}));
        reveal(&app, cat);
        ok(&app, "play", json!({"match_id": cat, "tiles": cat_tiles()}));
        reveal(&app, cat);
        (cat, bot)
    };
    // A new process, the same settings file and history.
    let app = settings_app(&dir);
    let reopen = |client: &str| ok(&app, "screen_to_reopen", json!({ "client": client }));
    assert_eq!(reopen("window")["match_id"], cat);
    assert_eq!(reopen("b-tablet")["match_id"], bot);
    // Another screen was on show, or this client was never seen: the start screen.
    assert_eq!(reopen("b-phone")["match_id"], Value::Null);
    assert_eq!(reopen("b-new")["match_id"], Value::Null);
    // Ben had shown his rack before the restart: the match reopens behind the cover.
    let view = ok(&app, "match_view", json!({"match_id": cat, "cover": true}));
    assert_eq!(view["to_move"], 1);
    assert_eq!(view["covered"], true);
    assert_eq!(view["rack"], Value::Null);
    refuses(
        &app,
        "keep_draft",
        json!({"match_id": cat, "tiles": []}),
        "rack_hidden",
    );
    // A bad client is refused, typed, and changes nothing.
    refuses(
        &app,
        "remember_screen",
        json!({"client": "no spaces", "match_id": bot}),
        "bad_argument",
    );
    refuses(
        &app,
        "screen_to_reopen",
        json!({"client": ""}),
        "bad_argument",
    );
    assert_eq!(reopen("window")["match_id"], cat);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_finished_match_reopens_on_its_end_screen_and_an_abandoned_one_does_not() {
    let app = app();
    let id = cat_match(&app);
    let reopened =
        |app: &App| ok(app, "screen_to_reopen", json!({"client": "window"}))["match_id"].clone();
    ok(
        &app,
        "remember_screen",
        json!({"client": "window", "match_id": id}),
    );
    assert_eq!(reopened(&app), id);
    reveal(&app, id);
    ok(&app, "resign", json!({"match_id": id, "confirm": true}));
    // The end screen was on show: a reload opens it again, as it was (nothing to cover).
    assert_eq!(reopened(&app), id);
    let view = ok(&app, "match_view", json!({"match_id": id, "cover": true}));
    assert_eq!(
        (view["over"].clone(), view["covered"].clone()),
        (json!(true), json!(false))
    );

    // Abandoning takes the screen to the history; were it still on record, it stays shut.
    let other = cat_match(&app);
    ok(
        &app,
        "remember_screen",
        json!({"client": "window", "match_id": other}),
    );
    ok(
        &app,
        "abandon_match",
        json!({"match_id": other, "confirm": true}),
    );
    assert_eq!(reopened(&app), Value::Null);
}

#[test]
fn a_one_person_match_reopens_behind_the_cover_after_a_reload_and_a_restart() {
    let db = temp_db("solo-cover");
    let dir = db.parent().unwrap().to_path_buf();
    let id = {
        let app = settings_app(&dir);
        let view = ok(
            &app,
            "new_match",
            json!({"rules": "solo-10", "players": [{"name": "Ann"}]}),
        );
        // A new round: the one person just started it, so no cover.
        assert_eq!(view["covered"], false);
        assert!(view["rack"].is_array());
        let id = view["id"].as_i64().unwrap();
        // A reload: the screen opens it again, with the cover up, saying whose turn it is.
        let view = ok(&app, "match_view", json!({"match_id": id, "cover": true}));
        assert_eq!(view["covered"], true);
        assert_eq!(view["reopened"], true);
        assert_eq!(view["rack"], Value::Null);
        refuses(&app, "pass", json!({"match_id": id}), "rack_hidden");
        let view = reveal(&app, id);
        assert_eq!(view["covered"], false);
        assert_eq!(view["reopened"], false);
        id
    };
    // A restart: behind the cover, before anything asks for it.
    let app = settings_app(&dir);
    let view = ok(&app, "match_view", json!({"match_id": id}));
    assert_eq!(view["covered"], true);
    assert_eq!(view["reopened"], true);
    assert_eq!(view["rack"], Value::Null);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_one_person_match_against_a_computer_stays_covered_through_the_computers_turn() {
    let app = app();
    let view = ok(
        &app,
        "new_match",
        json!({"rules": "wordclub-1.0", "players": [{"name": "Ann"}, {"name": "Hal", "computer": "easy"}],
               "deal": {"racks": ["CATEIOL", "SNNDBGL"]}}),
    );
    let id = view["id"].as_i64().unwrap();
    ok(&app, "play", json!({"match_id": id, "tiles": cat_tiles()}));
    // Reloaded while Hal is to move: once Hal has moved, Ann's rack still waits for her.
    ok(&app, "match_view", json!({"match_id": id, "cover": true}));
    let view = ok(&app, "computer_turn", json!({"match_id": id}));
    assert_eq!(view["to_move"], 0);
    assert_eq!(view["covered"], true);
    assert_eq!(view["rack"], Value::Null);
    assert!(reveal(&app, id)["rack"].is_array());
}

#[test]
fn a_draft_comes_back_only_with_its_players_revealed_view_in_the_same_turn() {
    let app = app();
    let id = three(&app, ["Ann", "Ben", "Cat"]);
    refuses(
        &app,
        "keep_draft",
        json!({"match_id": id, "tiles": [tile(4, 4, "C")]}),
        "rack_hidden",
    );
    reveal(&app, id);
    let draft = json!([tile(4, 3, "C"), tile(4, 4, "A")]);
    assert_eq!(
        ok(&app, "keep_draft", json!({"match_id": id, "tiles": draft}))["tiles"],
        2
    );
    // Tiles not on the rack are refused and the kept draft stays.
    refuses(
        &app,
        "keep_draft",
        json!({"match_id": id, "tiles": [tile(4, 4, "Z")]}),
        "bad_argument",
    );
    // Two tiles on one square are no draft (issue 42: a restart gave one back): refused,
    // and the kept draft stays.
    let refusal = app
        .call(
            "keep_draft",
            json!({"match_id": id, "tiles": [tile(4, 4, "C"), tile(4, 4, "A")]}),
        )
        .unwrap_err();
    assert_eq!(refusal.kind(), "bad_argument");
    assert!(
        refusal.to_string().contains("holds two staged tiles"),
        "{refusal}"
    );
    // A reload: behind the cover the draft is nowhere in the view (it is rack tiles).
    let covered = ok(&app, "match_view", json!({"match_id": id, "cover": true}));
    assert_eq!(covered["draft"], Value::Null);
    assert!(!covered.to_string().contains("\"letter\":\"C\",\"row\""));
    let shown = reveal(&app, id);
    let back: Vec<(u64, u64, &str)> = shown["draft"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["row"].as_u64().unwrap(),
                t["col"].as_u64().unwrap(),
                t["letter"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(back, vec![(4, 3, "C"), (4, 4, "A")]);
    // Played (a different move): the next player's view has no draft.
    ok(&app, "play", json!({"match_id": id, "tiles": cat_tiles()}));
    let next = reveal(&app, id);
    assert_eq!(next["draft"], Value::Null);
    // Nor may it stage a tile on CAT's squares, whatever the rack holds.
    let first = next["rack"][0]["letter"].as_str().unwrap().to_string();
    let refusal = app
        .call(
            "keep_draft",
            json!({"match_id": id, "tiles": [tile(4, 4, &first)]}),
        )
        .unwrap_err();
    assert!(
        refusal.to_string().contains("already holds a tile"),
        "{refusal}"
    );
    // An empty draft clears what was kept.
    ok(
        &app,
        "keep_draft",
        json!({"match_id": id, "tiles": [tile(4, 6, "S")]}),
    );
    ok(&app, "keep_draft", json!({"match_id": id, "tiles": []}));
    ok(&app, "match_view", json!({"match_id": id, "cover": true}));
    assert_eq!(reveal(&app, id)["draft"], Value::Null);
}

#[test]
fn exchange_says_why_it_is_greyed_out_and_when_it_never_can_be() {
    let app = app();
    // Three at Word Club 1.0: 32 − 21 = 11 in the bag, so Ann may exchange at first.
    let id = three(&app, ["Ann", "Ben", "Cat"]);
    let view = reveal(&app, id);
    assert_eq!(view["exchange_blocked"], Value::Null);
    assert_eq!(view["can"]["exchange"], true);
    // CAT (Ann draws 3: 8 left), CATS (Ben draws 1: 7 left, still enough), then ARE down
    // from the A (Cat draws 2: 5 left, too few from now on).
    let view = ok(&app, "play", json!({"match_id": id, "tiles": cat_tiles()}));
    assert_eq!(view["bag"], 8);
    reveal(&app, id);
    let view = ok(
        &app,
        "play",
        json!({"match_id": id, "tiles": [tile(4, 6, "S")]}),
    );
    assert_eq!(view["bag"], 7);
    assert_eq!(reveal(&app, id)["exchange_blocked"], Value::Null);
    let view = ok(
        &app,
        "play",
        json!({"match_id": id, "tiles": [tile(5, 4, "R"), tile(6, 4, "E")]}),
    );
    let bag = view["bag"].as_u64().unwrap();
    assert_eq!(bag, 5);
    let view = reveal(&app, id);
    assert_eq!(view["can"]["exchange"], false);
    assert_eq!(
        view["exchange_blocked"],
        json!({"bag": bag, "min_bag": 7, "never": false})
    );

    // Four at Word Club 1.0: the bag starts at 32 − 28 = 4, so never.
    let four = ok(
        &app,
        "new_match",
        json!({"rules": "wordclub-1.0", "players": [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cat"}, {"name": "Dan"}]}),
    );
    assert_eq!(
        four["exchange_blocked"],
        json!({"bag": 4, "min_bag": 7, "never": true})
    );
    // The solo round replaces its rack instead: no such note.
    let solo = ok(
        &app,
        "new_match",
        json!({"rules": "solo-10", "players": [{"name": "Ann"}]}),
    );
    assert_eq!(solo["exchange_blocked"], Value::Null);
}

#[test]
fn the_solo_round_counts_its_scoring_plays_and_an_exchange_is_not_one() {
    let app = app();
    let view = ok(
        &app,
        "new_match",
        json!({"rules": "solo-10", "players": [{"name": "Ann"}], "deal": {"racks": ["DUMBAEF"]}}),
    );
    let id = view["id"].as_i64().unwrap();
    assert_eq!(view["scoring_plays"], json!([0]));
    let view = ok(
        &app,
        "play",
        json!({"match_id": id, "tiles": [tile(4, 2, "D"), tile(4, 3, "U"), tile(4, 4, "M"), tile(4, 5, "B")]}),
    );
    assert_eq!(view["scoring_plays"], json!([1]));
    let view = ok(&app, "exchange", json!({"match_id": id, "tiles": []}));
    assert_eq!(
        view["scoring_plays"],
        json!([1]),
        "an exchange is not a scoring play"
    );
    assert_eq!(view["turn"], 2);
}

#[test]
fn a_draft_comes_back_after_a_restart_in_its_turn_and_not_after_a_take_back() {
    let db = temp_db("draft-restart");
    let dir = db.parent().unwrap().to_path_buf();
    let shown = |app: &App, id: i64| {
        let view = reveal(app, id);
        view["draft"]
            .as_array()
            .map(|tiles| {
                tiles
                    .iter()
                    .map(|t| t["letter"].as_str().unwrap().to_string())
                    .collect::<String>()
            })
            .unwrap_or_default()
    };
    let id = {
        let app = settings_app(&dir);
        let id = ok(
            &app,
            "new_match",
            json!({"rules": "wordclub-1.0", "players": [{"name": "Ann"}, {"name": "Ben"}],
                   "allow_take_backs": true,
                   "deal": {"racks": ["CATEIOL", "SNNDBGL"], "draw_order": "ARTE"}}),
        )["id"]
            .as_i64()
            .unwrap();
        reveal(&app, id);
        let draft = json!([tile(4, 3, "C"), tile(4, 4, "A")]);
        ok(&app, "keep_draft", json!({"match_id": id, "tiles": draft}));
        id
    };
    // A restart (a new app on the same files): behind the cover no draft; Ann's shown rack
    // brings it back.
    let app = settings_app(&dir);
    let covered = ok(&app, "match_view", json!({"match_id": id}));
    assert_eq!(covered["draft"], Value::Null);
    assert_eq!(shown(&app, id), "CA");
    // Played, then taken back: the turn is Ann's again with the same rack, but the draft
    // went with the move, after a restart too.
    ok(&app, "play", json!({"match_id": id, "tiles": cat_tiles()}));
    ok(&app, "take_back", json!({"match_id": id, "player": 0}));
    assert_eq!(shown(&app, id), "");
    drop(app);
    let app = settings_app(&dir);
    assert_eq!(shown(&app, id), "");
    // A draft of the next turn comes back for its own player only.
    ok(&app, "play", json!({"match_id": id, "tiles": cat_tiles()}));
    reveal(&app, id);
    ok(
        &app,
        "keep_draft",
        json!({"match_id": id, "tiles": [tile(4, 6, "S")]}),
    );
    drop(app);
    let app = settings_app(&dir);
    assert_eq!(shown(&app, id), "S");
    let _ = std::fs::remove_dir_all(dir);
}
