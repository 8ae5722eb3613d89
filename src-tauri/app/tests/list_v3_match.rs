//! A match pinned to version 3 of the `wordclub` list plays on unchanged now that new matches
//! get version 4 (issue 44): it is saved, opened again from its history file (every move
//! replayed against version 3), and validated by version 3's answers, not version 4's.
mod common;

use common::{history_app, ok, reveal, tile};
use serde_json::json;
use wordclub_app::{App, MemorySettings};
use wordclub_lexicon::WordList;

/// SHA-256 of `wordlists/wordclub/wordclub-3.txt`.
const V3_SHA256: &str = "7efc72dab5b3d497c1f8fee6c32cd463c8698751215003dec10c82de38f83127";

#[test]
fn a_version_3_match_reopens_and_plays_on_under_version_3() {
    let v3 = WordList::pinned("wordclub", V3_SHA256).expect("version 3 is still shipped");
    let current = WordList::builtin("wordclub").unwrap();
    // The words this match turns on, which the two versions answer differently.
    assert!(v3.contains(b"QUO") && !current.contains(b"QUO"));
    assert!(!v3.contains(b"BIRO") && current.contains(b"BIRO"));

    let (app, db) = history_app("list-v3");
    let view = ok(
        &app,
        "new_match",
        json!({
            "rules": "classic-15",
            "list": "wordclub@3",
            "players": [{"name": "Ann"}, {"name": "Ben"}],
            "seed": 44,
            "deal": {"racks": ["QUOEAST", "BIRTEAN"], "draw_order": "EEIOUNRSTLDAEIO"}
        }),
    );
    assert_eq!(view["list"]["sha256"], V3_SHA256);
    let id = view["id"].as_i64().unwrap();
    // Ann plays QUO across the star: version 3 holds it.
    reveal(&app, id);
    let quo = [tile(7, 7, "Q"), tile(7, 8, "U"), tile(7, 9, "O")];
    ok(&app, "play", json!({"match_id": id, "tiles": quo}));
    drop(app);

    // Opened again from the file: the move replays against version 3.
    let app = App::with_history(Box::new(MemorySettings::default()), &db).unwrap();
    app.allow_fixed_deals();
    let list = ok(&app, "match_list", json!({"status": "in_progress"}));
    assert_eq!(list["matches"][0]["list"], "wordclub");
    assert_eq!(list["matches"][0]["list_name"], "Word Club list 3");
    let view = ok(&app, "match_view", json!({"match_id": id}));
    assert_eq!(view["list"]["sha256"], V3_SHA256);
    assert_eq!(view["to_move"], 1);
    let detail = ok(&app, "match_detail", json!({"match_id": id}));
    assert_eq!(common::words_played(&detail), ["QUO"]);

    // Ben's BIRO down to Ann's O: version 4 holds it, version 3 does not, and the match keeps
    // version 3's answer; the refusal names it and changes nothing.
    reveal(&app, id);
    let biro = [tile(4, 9, "B"), tile(5, 9, "I"), tile(6, 9, "R")];
    let err = app
        .call("play", json!({"match_id": id, "tiles": biro}))
        .unwrap_err();
    assert_eq!(err.kind(), "not_in_list");
    assert!(
        err.to_string().contains("(Word Club list 3)"),
        "the refusal names the match's list: {err}"
    );
    assert_eq!(
        ok(&app, "match_view", json!({"match_id": id}))["to_move"],
        1
    );

    // Ben plays on with BOT through the O, which both versions hold.
    let bot = [tile(6, 9, "B"), tile(8, 9, "T")];
    let view = ok(&app, "play", json!({"match_id": id, "tiles": bot}));
    assert_eq!(view["list"]["sha256"], V3_SHA256);
    assert_eq!(view["to_move"], 0);
    let detail = ok(&app, "match_detail", json!({"match_id": id}));
    assert_eq!(common::words_played(&detail), ["QUO", "BOT"]);
}
