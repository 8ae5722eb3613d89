//! A match pinned to version 2 of the `wordclub` list keeps opening, validating and playing on
//! under version 2, whatever list new matches get.
//!
//! `tests/fixtures/wordclub-list-2.db` is a history file written while version 2 was the
//! current `wordclub` list: on classic-15 Ann plays ING across the star (version 2 holds it),
//! Ben plays GO down from its G; Ann is to move, holding E M A L. To rewrite it (only ever
//! with version 2 as the current `wordclub` list):
//! `WORDCLUB_WRITE_FIXTURE=1 cargo test -p wordclub-app --test list_v2_match -- --ignored`
mod common;

use std::path::PathBuf;

use common::{ok, reveal, tile};
use serde_json::{json, Value};
use wordclub_lexicon::WordList;

/// SHA-256 of `wordlists/wordclub/wordclub-2.txt`, the list the fixture's match is pinned to.
const V2_SHA256: &str = "9a6afe36391621004baa5b6a9d622aed838e0eff78a36764928bca8cfd1adbd2";

fn fixture() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/wordclub-list-2.db")
}

/// The deal of the fixture's match: Ann can spell ING and keeps E M A L; Ben holds an O.
fn deal() -> Value {
    json!({
        "rules": "classic-15",
        "players": [{"name": "Ann"}, {"name": "Ben"}],
        "seed": 20,
        "deal": {"racks": ["INGEMAL", "OSTRADE"], "draw_order": "UUIOEEN"}
    })
}

/// EMAIL down column H from row 5, through Ann's I on the star.
fn email() -> Vec<Value> {
    vec![
        tile(4, 7, "E"),
        tile(5, 7, "M"),
        tile(6, 7, "A"),
        tile(8, 7, "L"),
    ]
}

#[test]
#[ignore = "writes the version-2 list fixture; run only to create it"]
fn write_fixture() {
    let ing = [tile(7, 7, "I"), tile(7, 8, "N"), tile(7, 9, "G")];
    let go = [tile(8, 9, "O")];
    common::write_list_fixture(&fixture(), 2, V2_SHA256, deal(), &[&ing, &go]);
}

#[test]
fn the_version_2_match_opens_validates_every_move_and_plays_on_under_version_2() {
    let (_dir, app, row) = common::open_fixture_copy("list-v2", &fixture());
    assert_eq!(row["list"], "wordclub");
    assert_eq!(row["list_name"], "Word Club list 2");
    let id = row["id"].as_i64().unwrap();

    // Opening the match replays every recorded move through the engine against the list it
    // is pinned to; a move the list refused would fail the replay.
    let view = ok(&app, "match_view", json!({"match_id": id}));
    assert_eq!(view["list"]["sha256"], V2_SHA256);
    assert_eq!(view["to_move"], 0);
    assert_eq!(view["board"][7][7]["letter"], "I");

    let detail = ok(&app, "match_detail", json!({"match_id": id}));
    let words = common::words_played(&detail);
    assert_eq!(words, ["ING", "GO"]);
    let v2 = WordList::pinned("wordclub", V2_SHA256).expect("version 2 is still shipped");
    for w in &words {
        assert!(v2.contains(w.as_bytes()), "{w} is in version 2");
    }
    // The current list would answer otherwise: it drops ING and holds EMAIL.
    let current = WordList::builtin("wordclub").unwrap();
    assert_ne!(current.info().sha256, V2_SHA256);
    assert!(!current.contains(b"ING") && current.contains(b"EMAIL"));

    // Version 2 refuses EMAIL, and the match keeps version 2's verdict whatever the current
    // list says: the refusal names version 2 and nothing changes.
    reveal(&app, id);
    let err = app
        .call("play", json!({"match_id": id, "tiles": email()}))
        .unwrap_err();
    assert_eq!(err.kind(), "not_in_list");
    assert!(
        err.to_string().contains("(Word Club list 2)"),
        "the refusal names the match's list: {err}"
    );
    let again = ok(&app, "match_view", json!({"match_id": id}));
    assert_eq!(again["to_move"], 0);
    assert_eq!(again["list"]["sha256"], V2_SHA256);

    // Ann plays on: MAIL down column H through her I, which version 2 holds.
    let mail = [tile(5, 7, "M"), tile(6, 7, "A"), tile(8, 7, "L")];
    let view = ok(&app, "play", json!({"match_id": id, "tiles": mail}));
    assert_eq!(view["list"]["sha256"], V2_SHA256);
    assert_eq!(view["to_move"], 1);
    let detail = ok(&app, "match_detail", json!({"match_id": id}));
    let last: Vec<String> = detail["turns"][2]["words"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["word"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(last, ["MAIL"]);
}
