//! The "Polite computer" setting (on by default): hints and computer players leave the kept
//! offensive words alone; turned off, they may offer any word of the list. The words stay
//! valid for people either way.
mod common;

use common::{app, new_match, ok, reveal, tile};
use serde_json::{json, Value};
use wordclub_lexicon::is_offensive;

/// A Word Club 1.0 match whose first rack spells TITS (and TIS, SIT, OATS …).
fn dealt(app: &wordclub_app::App, kinds: [&str; 2]) -> i64 {
    let seat = |name: &str, kind: &str| {
        if kind == "human" {
            json!({"name": name})
        } else {
            json!({"name": name, "computer": kind})
        }
    };
    let view = new_match(
        app,
        json!({
            "rules": "wordclub-1.0",
            "players": [seat("Ann", kinds[0]), seat("Ben", kinds[1])],
            "seed": 5,
            "deal": {"racks": ["TITSAEO", "TTSNERL"], "draw_order": ""}
        }),
    );
    view["id"].as_i64().unwrap()
}

fn rack_words(app: &wordclub_app::App, id: i64) -> Vec<String> {
    reveal(app, id);
    let hint = ok(app, "hint", json!({"match_id": id}));
    hint["words"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_str().unwrap().to_string())
        .collect()
}

#[test]
fn words_from_rack_leave_out_offensive_words_unless_the_setting_is_off() {
    let app = app();
    assert_eq!(
        ok(&app, "get_settings", Value::Null)["polite_computer"],
        true
    );
    let polite = rack_words(&app, dealt(&app, ["human", "human"]));
    assert!(polite.contains(&"SIT".to_string()), "{polite:?}");
    assert!(!polite.contains(&"TITS".to_string()), "{polite:?}");
    assert!(polite.iter().all(|w| !is_offensive(w.as_bytes())));

    let settings = ok(&app, "update_settings", json!({"polite_computer": false}));
    assert_eq!(settings["polite_computer"], false);
    let any = rack_words(&app, dealt(&app, ["human", "human"]));
    assert!(any.contains(&"TITS".to_string()), "{any:?}");
    // Only the offensive words differ.
    let extra: Vec<&String> = any.iter().filter(|w| !polite.contains(w)).collect();
    assert!(!extra.is_empty() && extra.iter().all(|w| is_offensive(w.as_bytes())));

    // The words stay valid for people: Ann plays TITS through the star.
    let id = dealt(&app, ["human", "human"]);
    reveal(&app, id);
    let tits = [
        tile(4, 2, "T"),
        tile(4, 3, "I"),
        tile(4, 4, "T"),
        tile(4, 5, "S"),
    ];
    let view = ok(&app, "play", json!({"match_id": id, "tiles": tits}));
    assert_eq!(view["players"][0]["score"], 4);
}

#[test]
fn a_polite_computer_never_plays_an_offensive_word() {
    let app = app();
    // Ann passes; the Hard computer holds TITSAEO first and plays on for a few turns.
    let view = new_match(
        &app,
        json!({
            "rules": "wordclub-1.0",
            "players": [{"name": "Ann"}, {"name": "Hal", "computer": "hard"}],
            "seed": 5,
            "deal": {"racks": ["TTSNERL", "TITSAEO"], "draw_order": ""}
        }),
    );
    let id = view["id"].as_i64().unwrap();
    for _ in 0..4 {
        if ok(&app, "match_view", json!({"match_id": id}))["to_move"].is_null() {
            break;
        }
        reveal(&app, id);
        ok(&app, "pass", json!({"match_id": id}));
        if ok(&app, "match_view", json!({"match_id": id}))["to_move"].is_null() {
            break;
        }
        ok(&app, "computer_turn", json!({"match_id": id}));
    }
    let detail = ok(&app, "match_detail", json!({"match_id": id}));
    let mut played = 0;
    for turn in detail["turns"].as_array().unwrap() {
        for w in turn["words"].as_array().cloned().unwrap_or_default() {
            let word = w["word"].as_str().unwrap();
            assert!(!is_offensive(word.as_bytes()), "the computer played {word}");
            played += 1;
        }
    }
    assert!(played > 0, "the computer placed words");
}
