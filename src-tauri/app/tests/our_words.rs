//! "Our words" and word lists of one's own through the commands (issue 46): edited from the
//! checker's commands, exported and imported, pinned by each new match (an edit after the
//! start changes neither its replay, its analysis nor its GCG record, also after a restart),
//! a blocked word refused naming our words, the meaning popover's "one of our words"; a list
//! of one's own imported (its first bad line named), played against a computer, named in the
//! history and the GCG record, and never removed while a match uses it.
mod common;

use common::*;
use serde_json::{json, Value};
use wordclub_app::{App, MemorySettings};

/// CLOI across at 5D in the CAT example (Ann holds CATEIOL).
fn cloi() -> Vec<Value> {
    vec![
        tile(4, 3, "C"),
        tile(4, 4, "L"),
        tile(4, 5, "O"),
        tile(4, 6, "I"),
    ]
}

#[test]
fn a_word_outside_a_to_z_or_longer_than_the_board_is_refused_and_changes_nothing() {
    let app = app();
    for word in ["can't", "abcdefghijklmnop", ""] {
        let e = app
            .call("add_our_word", json!({"word": word, "blocked": false}))
            .unwrap_err();
        assert_eq!(e.kind(), "our_words", "{word}");
    }
    let long = app
        .call(
            "add_our_word",
            json!({"word": "abcdefghijklmnop", "blocked": true}),
        )
        .unwrap_err()
        .to_string();
    assert!(long.contains("16 letters"), "{long}");
    let ours = ok(&app, "our_words", Value::Null);
    assert_eq!(ours["added"], json!([]));
    assert_eq!(ours["blocked"], json!([]));
    assert_eq!(ours["sha256"], Value::Null);
}

#[test]
fn our_words_export_and_import_and_a_bad_line_is_named() {
    let app = app();
    ok(
        &app,
        "add_our_word",
        json!({"word": "cloi", "blocked": false, "note": "Grandad's word"}),
    );
    ok(&app, "add_our_word", json!({"word": "qi", "blocked": true}));
    let file = ok(&app, "export_our_words", Value::Null);
    let text = file["text"].as_str().unwrap().to_string();
    assert!(text.contains("+CLOI Grandad's word\n-QI\n"), "{text}");

    let other = self::app();
    let bad = other
        .call("import_our_words", json!({"text": "+ZAXX\n\n*QI oops\n"}))
        .unwrap_err();
    assert_eq!(bad.kind(), "our_words");
    assert!(bad.to_string().contains("line 3"), "{bad}");
    assert_eq!(ok(&other, "our_words", Value::Null)["added"], json!([]));
    ok(
        &other,
        "add_our_word",
        json!({"word": "ZAXX", "blocked": false}),
    );
    let merged = ok(&other, "import_our_words", json!({ "text": text }));
    let words = |side: &str| -> Vec<String> {
        merged[side]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| w["word"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(words("added"), ["CLOI", "ZAXX"]);
    assert_eq!(words("blocked"), ["QI"]);
    assert_eq!(merged["added"][0]["note"], "Grandad's word");
    // Moving a word to the other side.
    let moved = ok(
        &other,
        "add_our_word",
        json!({"word": "qi", "blocked": false}),
    );
    assert_eq!(moved["blocked"], json!([]));
}

#[test]
fn a_match_pins_our_words_and_a_later_edit_changes_nothing_even_after_a_restart() {
    let (app, db) = history_app("our-words-pinned");
    // The checker's "Add to our words" and "Block at our table".
    let checked = ok(
        &app,
        "check_word",
        json!({"word": "cloi", "list": "wordclub"}),
    );
    assert_eq!(checked["valid"], false);
    assert_eq!(checked["ours"], Value::Null);
    ok(
        &app,
        "add_our_word",
        json!({"word": "cloi", "blocked": false, "note": "Grandad's word"}),
    );
    ok(
        &app,
        "add_our_word",
        json!({"word": "cat", "blocked": true}),
    );
    let checked = ok(
        &app,
        "check_word",
        json!({"word": "CAT", "list": "wordclub"}),
    );
    assert_eq!(checked["ours"]["added"], false);

    // "Use our words" is on by default once the list is not empty.
    let id = cat_match(&app);
    let plain = cat_match_with(&app, json!({"use_our_words": false}));
    reveal(&app, id);
    let e = app
        .call("play", json!({"match_id": id, "tiles": cat_tiles()}))
        .unwrap_err();
    assert_eq!(e.kind(), "not_in_list");
    let said = e.to_string();
    assert!(said.contains("CAT") && said.contains("our words"), "{said}");
    assert!(said.contains("Word Club list"), "names the list: {said}");
    ok(&app, "play", json!({"match_id": id, "tiles": cloi()}));
    let meaning = ok(&app, "define", json!({"words": ["cloi"], "match_id": id}));
    let cloi_def = &meaning["definitions"][0];
    assert_eq!(cloi_def["in_list"], true);
    assert_eq!(cloi_def["ours"]["added"], true);
    let note = cloi_def["note"].as_str().unwrap();
    assert!(
        note.contains("one of our words") && note.contains("Grandad's word"),
        "{note}"
    );
    // The match without our words: CAT is a word, CLOI is not.
    reveal(&app, plain);
    let e = app
        .call("play", json!({"match_id": plain, "tiles": cloi()}))
        .unwrap_err();
    assert!(!e.to_string().contains("our words"), "{e}");
    ok(
        &app,
        "play",
        json!({"match_id": plain, "tiles": cat_tiles()}),
    );
    reveal(&app, id);
    ok(&app, "resign", json!({"match_id": id, "confirm": true}));

    let list = ok(&app, "match_list", json!({}));
    let row = |m: i64| {
        list["matches"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["id"] == m)
            .unwrap()
            .clone()
    };
    assert_eq!(row(id)["our_words"], true);
    assert_eq!(row(plain).get("our_words"), None);

    let before = (
        ok(&app, "match_analysis", json!({"match_id": id})),
        ok(&app, "export_gcg", json!({"match_id": id})),
        ok(&app, "match_detail", json!({"match_id": id})),
    );
    // The family drops CLOI and unblocks CAT.
    ok(&app, "remove_our_word", json!({"word": "cloi"}));
    ok(&app, "remove_our_word", json!({"word": "CAT"}));
    let after = (
        ok(&app, "match_analysis", json!({"match_id": id})),
        ok(&app, "export_gcg", json!({"match_id": id})),
        ok(&app, "match_detail", json!({"match_id": id})),
    );
    assert_eq!(before, after);
    drop(app);
    let again = App::with_history(Box::new(MemorySettings::default()), &db).unwrap();
    again.allow_fixed_deals();
    let restarted = (
        ok(&again, "match_analysis", json!({"match_id": id})),
        ok(&again, "export_gcg", json!({"match_id": id})),
        ok(&again, "match_detail", json!({"match_id": id})),
    );
    assert_eq!(before, restarted);
    assert_eq!(before.2["analysis"]["ready"], true);
    assert!(before.1["gcg"].as_str().unwrap().contains("with our words"));
    // Our words are empty now: a new match plays the plain list.
    let fresh = cat_match(&again);
    reveal(&again, fresh);
    ok(
        &again,
        "play",
        json!({"match_id": fresh, "tiles": cat_tiles()}),
    );
}

/// The words of list 4 with 2 to 5 letters, one a line: a list of one's own a computer can
/// play on.
fn short_words() -> String {
    let list = wordclub_lexicon::WordList::builtin("wordclub").unwrap();
    list.own_text()
        .lines()
        .filter(|w| w.len() <= 5)
        .map(|w| format!("{w}\n"))
        .collect()
}

#[test]
fn a_list_of_ones_own_is_played_against_a_computer_and_kept_while_used() {
    let (app, db) = history_app("own-list");
    let bad = app
        .call(
            "import_own_list",
            json!({"name": "Family", "text": "cat\ndog\ne-mail\nzebra\n"}),
        )
        .unwrap_err();
    assert_eq!(bad.kind(), "own_list");
    assert!(bad.to_string().contains("line 3"), "{bad}");
    assert_eq!(ok(&app, "own_lists", Value::Null), json!([]));

    let words = short_words();
    let row = ok(
        &app,
        "import_own_list",
        json!({"name": "Family", "text": words}),
    );
    assert_eq!(row["id"], "own:Family");
    assert_eq!(
        refused(
            &app,
            "import_own_list",
            json!({"name": "Family", "text": "cat\n"})
        ),
        "own_list_exists"
    );
    let lists = ok(&app, "word_lists", Value::Null);
    assert!(lists
        .as_array()
        .unwrap()
        .iter()
        .any(|l| l["id"] == "own:Family" && l["version"] == "own"));
    // Its graph is built in the background (a unit of the app's host).
    let mut now = std::time::Duration::ZERO;
    let ran = run_until_idle(&app, &mut now);
    assert!(
        ran.iter()
            .any(|u| matches!(u, wordclub_app::Unit::WarmUp { list } if list == "own:Family")),
        "{ran:?}"
    );

    let view = new_match(
        &app,
        json!({"rules": "wordclub-1.1", "list": "own:Family", "seed": 11,
               "players": [{"name": "Ann", "computer": "hard"}, {"name": "Ben"}]}),
    );
    let id = view["id"].as_i64().unwrap();
    run_until_idle(&app, &mut now);
    let detail = ok(&app, "match_detail", json!({"match_id": id}));
    let played = words_played(&detail);
    assert!(!played.is_empty(), "the computer played: {detail}");
    let own = wordclub_lexicon::WordList::own("Family", words.as_bytes(), 15).unwrap();
    for w in &played {
        assert!(own.contains(w.as_bytes()), "{w} is not in the list");
    }
    let history = ok(&app, "match_list", json!({}));
    assert_eq!(history["matches"][0]["list_name"], "Family");
    let gcg = ok(
        &app,
        "export_gcg",
        json!({"match_id": id, "reveal_racks": true}),
    );
    assert!(gcg["gcg"].as_str().unwrap().contains("#lexicon own:Family"));

    let e = app
        .call("remove_own_list", json!({"id": "own:Family"}))
        .unwrap_err();
    assert_eq!(e.kind(), "own_list_in_use");
    assert!(e.to_string().contains(&format!("match {id}")), "{e}");
    assert_eq!(
        ok(&app, "own_lists", Value::Null)[0]["used_by"],
        json!([id])
    );

    // After a restart the match opens on its list, read from the history.
    drop(app);
    let again = App::with_history(Box::new(MemorySettings::default()), &db).unwrap();
    let view = ok(&again, "match_view", json!({"match_id": id}));
    assert_eq!(view["id"], id);
    ok(
        &again,
        "delete_match",
        json!({"match_id": id, "confirm": true}),
    );
    assert_eq!(
        ok(&again, "remove_own_list", json!({"id": "own:Family"})),
        json!([])
    );
}
