//! A match pinned to version 1 of the `wordclub` list keeps opening, validating and playing on
//! under version 1, whatever list new matches get.
//!
//! `tests/fixtures/wordclub-list-1.db` is a history file written while version 1 was the only
//! `wordclub` list: on classic-15 Ann plays DKL (SCOWL noise that version 1 holds) through the
//! star, Ben plays SKA down through its K; Ann is to move. To rewrite it (only ever with
//! version 1 as the `wordclub` list):
//! `WORDCLUB_WRITE_FIXTURE=1 cargo test -p wordclub-app --test list_v1_match -- --ignored`
mod common;

use std::path::PathBuf;

use common::{new_match, ok, reveal, tile};
use serde_json::{json, Value};
use wordclub_lexicon::WordList;

/// SHA-256 of `wordlists/wordclub/wordclub-1.txt`, the list the fixture's match is pinned to.
const V1_SHA256: &str = "d2d5a278f56ab8a538e800a34e377f1046ae9b03b9d63ef1f1599fda60c3055c";

fn fixture() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/wordclub-list-1.db")
}

/// The deal of the fixture's match: Ann can spell DKL, Ben SKA through its K.
fn deal() -> Value {
    json!({
        "rules": "classic-15",
        "players": [{"name": "Ann"}, {"name": "Ben"}],
        "seed": 10,
        "deal": {"racks": ["DKLREAT", "SAONTIE"], "draw_order": "EEIOUNS"}
    })
}

#[test]
#[ignore = "writes the version-1 list fixture; run only to create it"]
fn write_fixture() {
    let dkl = [tile(7, 6, "D"), tile(7, 7, "K"), tile(7, 8, "L")];
    let ska = [tile(6, 7, "S"), tile(8, 7, "A")];
    common::write_list_fixture(&fixture(), 1, V1_SHA256, deal(), &[&dkl, &ska]);
}

#[test]
fn the_version_1_match_opens_validates_every_move_and_plays_on_under_version_1() {
    let (_dir, app, row) = common::open_fixture_copy("list-v1", &fixture());
    assert_eq!(row["list"], "wordclub");
    assert_eq!(row["list_name"], "Word Club list 1");
    let id = row["id"].as_i64().unwrap();

    // Opening the match replays every recorded move through the engine against the list it
    // is pinned to; a move the list refused would fail the replay.
    let view = ok(&app, "match_view", json!({"match_id": id}));
    assert_eq!(view["list"]["sha256"], V1_SHA256);
    assert_eq!(view["to_move"], 0);
    assert_eq!(view["board"][7][7]["letter"], "K");

    let detail = ok(&app, "match_detail", json!({"match_id": id}));
    let words = common::words_played(&detail);
    assert_eq!(words, ["DKL", "SKA"]);
    let v1 = WordList::pinned("wordclub", V1_SHA256).expect("version 1 is still shipped");
    let v2 = WordList::builtin("wordclub@2").unwrap();
    for w in &words {
        assert!(v1.contains(w.as_bytes()), "{w} is in version 1");
    }
    assert!(!v2.contains(b"DKL"), "version 2 refuses DKL");
    assert!(!v2.contains(b"EAS"), "version 2 refuses EAS");

    // Ann plays on: EAS across F7 (E A before Ben's S), making AD down with her D.
    reveal(&app, id);
    let eas = [tile(6, 5, "E"), tile(6, 6, "A")];
    let view = ok(&app, "play", json!({"match_id": id, "tiles": eas}));
    assert_eq!(view["list"]["sha256"], V1_SHA256);
    assert_eq!(view["to_move"], 1);
    let detail = ok(&app, "match_detail", json!({"match_id": id}));
    let mut last: Vec<String> = detail["turns"][2]["words"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["word"].as_str().unwrap().to_string())
        .collect();
    last.sort();
    assert_eq!(last, ["AD", "EAS"]);
}

#[test]
fn a_new_match_with_the_same_deal_gets_the_current_version_and_refuses_dkl() {
    let app = common::app();
    let view = new_match(&app, deal());
    assert_eq!(view["list"]["id"], "wordclub");
    assert_ne!(view["list"]["sha256"], V1_SHA256);
    assert_eq!(
        view["list"]["sha256"],
        WordList::builtin("wordclub").unwrap().info().sha256
    );
    let id = view["id"].as_i64().unwrap();
    reveal(&app, id);
    let dkl = [tile(7, 6, "D"), tile(7, 7, "K"), tile(7, 8, "L")];
    let err = app
        .call("play", json!({"match_id": id, "tiles": dkl}))
        .unwrap_err();
    assert_eq!(err.kind(), "not_in_list");
    assert!(
        err.to_string().contains("(Word Club list 4)"),
        "the refusal names the list and its version: {err}"
    );
}
