//! Issue 46's head start: `new_match`'s `players[].head_start` (checked: 0 to
//! `app_info.limits.max_head_start`, refused as `bad_head_start` and nothing recorded), shown
//! in the view, the history's detail and the GCG record apart from the rule set's start
//! points, kept by a rematch; and the new-match form's suggestion from the rules lab's shipped
//! evidence (`head_start_suggestion`), which is checked against each rule set's hash.
mod common;

use common::{app, ok, refuses};
use serde_json::{json, Value};
use wordclub_app::App;
use wordclub_engine::RuleSet;
use wordclub_lab::head_start;

fn seats(view: &Value, field: &str) -> Vec<Value> {
    view["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p[field].clone())
        .collect()
}

fn history_total(app: &App) -> i64 {
    ok(app, "match_list", json!({}))["total"].as_i64().unwrap()
}

#[test]
fn a_head_start_is_in_the_view_apart_from_the_start_points() {
    let app = app();
    let view = ok(
        &app,
        "new_match",
        json!({"rules": "wordclub-1.3", "players": [
            {"name": "Ann"}, {"name": "Mia", "head_start": 60}, {"name": "Cy"}, {"name": "Dee", "head_start": null}
        ]}),
    );
    assert_eq!(seats(&view, "start_points"), [8, 0, 3, 8]);
    assert_eq!(seats(&view, "head_start"), [0, 60, 0, 0]);
    assert_eq!(seats(&view, "start_total"), [8, 60, 3, 8]);
    assert_eq!(seats(&view, "score"), [8, 60, 3, 8]);
    let limits = ok(&app, "app_info", Value::Null)["limits"].clone();
    assert_eq!(limits["max_head_start"], 200);
}

#[test]
fn a_head_start_out_of_range_is_refused_and_nothing_is_recorded() {
    let app = app();
    let before = history_total(&app);
    for bad in [json!(201), json!(-1), json!(1_000_000_000_000i64)] {
        refuses(
            &app,
            "new_match",
            json!({"rules": "wordclub-1.0", "players": [{"name": "Ann", "head_start": bad}, {"name": "Ben"}]}),
            "bad_head_start",
        );
    }
    // Not a whole number: the argument itself is refused.
    refuses(
        &app,
        "new_match",
        json!({"rules": "wordclub-1.0", "players": [{"name": "Ann", "head_start": "lots"}, {"name": "Ben"}]}),
        "bad_argument",
    );
    assert_eq!(history_total(&app), before);
    let err = app
        .call(
            "new_match",
            json!({"rules": "wordclub-1.0", "players": [{"name": "Ann", "head_start": 250}, {"name": "Ben"}]}),
        )
        .unwrap_err();
    assert!(err.to_string().contains("0 to 200"), "{err}");
}

#[test]
fn a_rematch_keeps_the_head_starts_and_colours_wherever_it_seats_them() {
    let app = app();
    let view = ok(
        &app,
        "new_match",
        json!({"rules": "wordclub-1.0", "allow_hints": false, "players": [
            {"name": "Ann", "colour": "teal"}, {"name": "Mia", "colour": "purple", "head_start": 45}
        ]}),
    );
    let id = view["id"].as_i64().unwrap();
    ok(&app, "reveal_rack", json!({"match_id": id}));
    ok(&app, "resign", json!({"match_id": id, "confirm": true}));
    let again = ok(&app, "rematch", json!({"match_id": id}));
    let names: Vec<Value> = seats(&again, "name");
    assert_eq!(names, ["Mia", "Ann"]);
    assert_eq!(seats(&again, "head_start"), [45, 0]);
    assert_eq!(seats(&again, "score"), [45, 0]);
    let colours: Vec<Value> = seats(&again, "colour")
        .iter()
        .map(|c| c["id"].clone())
        .collect();
    assert_eq!(colours, ["purple", "teal"]);
    assert_eq!(again["hints_allowed"], false, "the options too");
}

#[test]
fn the_detail_and_the_gcg_record_say_the_head_start_and_read_back() {
    let app = app();
    let view = ok(
        &app,
        "new_match",
        json!({"rules": "wordclub-1.0", "seed": 3,
               "deal": {"racks": ["CATEIOL", "SNNDBGL"], "draw_order": "ARTE"},
               "players": [{"name": "Ann"}, {"name": "Ben", "head_start": 30}]}),
    );
    let id = view["id"].as_i64().unwrap();
    ok(&app, "reveal_rack", json!({"match_id": id}));
    let tiles = json!([
        {"row": 4, "col": 3, "letter": "C"}, {"row": 4, "col": 4, "letter": "A"}, {"row": 4, "col": 5, "letter": "T"}
    ]);
    let after = ok(&app, "play", json!({"match_id": id, "tiles": tiles}));
    assert_eq!(after["turns"][0]["totals"], json!([3, 30]));
    ok(&app, "reveal_rack", json!({"match_id": id}));
    ok(&app, "resign", json!({"match_id": id, "confirm": true}));
    let detail = ok(&app, "match_detail", json!({"match_id": id}));
    assert_eq!(detail["head_starts"], json!([0, 30]));
    assert_eq!(detail["start_totals"], json!([0, 30]));
    let gcg = ok(&app, "export_gcg", json!({"match_id": id}))["gcg"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(
        gcg.contains("#note Head start (counted in the totals): Ann 0, Ben 30\n"),
        "{gcg}"
    );
    assert!(!gcg.contains("#note Start points"), "1.0 has none: {gcg}");
    // The analyser's GCG import counts it in the totals, and keeps it apart.
    let rules = RuleSet::builtin("wordclub-1.0").unwrap();
    let record = wordclub_movegen::analysis::gcg::positions_of_gcg(&gcg, &rules).unwrap();
    assert_eq!(record.head_starts, vec![0, 30]);
    assert_eq!(record.start_points, vec![0, 0]);
    assert_eq!(record.scores[1], 30);
}

/// Every shipped head-start file reads with the lab's reader, and was measured on the rule
/// set as shipped (its hash): evidence of rules changed since fails here.
#[test]
fn every_shipped_head_start_file_is_checked_against_its_rule_sets_hash() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../lab/data/head_start");
    let mut read = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if !name.ends_with(".json") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let e = head_start::parse(&name, &text).unwrap_or_else(|e| panic!("{e}"));
        let shipped = RuleSet::builtin(&e.rules.id).unwrap();
        head_start::check_against(&name, &e, &shipped).unwrap_or_else(|e| panic!("{e}"));
        // Every table the rule set seats, every pair of levels.
        let sizes = head_start::table_sizes(&shipped);
        assert_eq!(
            e.cells.len(),
            sizes.clone().count() * head_start::LEVEL_PAIRS.len(),
            "{name}"
        );
        read += 1;
        // A rule set other than the one measured is refused, naming the file.
        let mut other = shipped.clone();
        other.bingo_bonus += 1;
        let refused = head_start::check_against(&name, &e, &other).unwrap_err();
        assert_eq!(refused.kind(), "bad_evidence");
        assert!(refused.to_string().contains(&name));
    }
    assert!(read > 0, "no head-start evidence shipped");
}

#[test]
fn a_table_that_mixes_levels_is_offered_the_labs_head_start() {
    let app = app();
    let answer = ok(
        &app,
        "head_start_suggestion",
        json!({"rules": "classic-15", "seats": [null, "easy", "hard"]}),
    );
    let s = &answer["suggestion"];
    // The figure is the shipped file's, read back by the lab's own reader.
    let name = "classic-15.json";
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../lab/data/head_start")
            .join(name),
    )
    .unwrap();
    let e = head_start::parse(name, &text).unwrap();
    let cell = e
        .cell(
            3,
            wordclub_movegen::Level::Easy,
            wordclub_movegen::Level::Hard,
        )
        .unwrap();
    assert!(cell.figure.head_start > 0, "Easy trails Hard");
    assert_eq!(s["measured"], cell.figure.head_start);
    assert_eq!(
        s["points"],
        cell.figure.head_start.min(200),
        "at most the most a seat may have"
    );
    assert_eq!(s["seats"], json!([1]), "the Easy seat");
    assert_eq!(s["games"], e.games);
    let text = s["text"].as_str().unwrap();
    assert!(
        text.starts_with(&format!(
            "Suggested head start for Easy against Hard: +{}",
            s["points"]
        )),
        "{text}"
    );
    // One level only, or people only: nothing to suggest.
    for seats in [json!([null, "hard", "hard"]), json!([null, null])] {
        let none = ok(
            &app,
            "head_start_suggestion",
            json!({"rules": "classic-15", "seats": seats}),
        );
        assert_eq!(none["suggestion"], Value::Null);
    }
    refuses(
        &app,
        "head_start_suggestion",
        json!({"rules": "classic-15", "seats": ["champion", "easy"]}),
        "bad_argument",
    );
    refuses(
        &app,
        "head_start_suggestion",
        json!({"rules": "no-such-rules", "seats": ["hard", "easy"]}),
        "unknown_rule_set",
    );
}

#[test]
fn the_statistics_count_head_starts_apart_from_the_scores() {
    let app = app();
    let start = |head: u32| {
        let id = ok(
            &app,
            "new_match",
            json!({"rules": "wordclub-1.0",
                   "players": [{"name": "Mia", "head_start": head}, {"name": "Dad"}]}),
        )["id"]
            .as_i64()
            .unwrap();
        ok(&app, "reveal_rack", json!({"match_id": id}));
        id
    };
    // Two finished matches with a head start for Mia, one without, and one still going
    // (not counted, as its score is not).
    for head in [60, 40, 0] {
        let id = start(head);
        ok(&app, "resign", json!({"match_id": id, "confirm": true}));
    }
    start(100);
    let stats = ok(&app, "player_stats", json!({"rules": "wordclub-1.0"}));
    let row = |name: &str| {
        stats["players"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == name)
            .unwrap_or_else(|| panic!("{stats}"))
            .clone()
    };
    let mia = row("Mia");
    assert_eq!(mia["head_start_matches"], 2, "{mia}");
    assert_eq!(mia["head_start_points"], 100, "{mia}");
    // The best score counts the head start, as the match's score does.
    assert_eq!(mia["best_score"], 60, "{mia}");
    let dad = row("Dad");
    assert_eq!(dad["head_start_matches"], 0, "{dad}");
    assert_eq!(dad["head_start_points"], 0, "{dad}");
}
