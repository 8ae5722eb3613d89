//! `wordclub-cli define` through the built binary: the "Done when" command. Structure
//! only (status, lemma, form, part of speech, source), never a gloss's text.
use serde_json::Value;

mod common;
use common::cli;

fn result<'a>(json: &'a Value, word: &str) -> &'a Value {
    json["results"]
        .as_array()
        .expect("results")
        .iter()
        .find(|r| r["word"] == word)
        .unwrap_or_else(|| panic!("no result for {word}: {json}"))
}

#[test]
fn the_done_when_words() {
    let (code, json) = cli(&[
        "define", "qi", "qis", "ran", "mice", "happier", "cat", "kistvaen", "zzzz",
    ]);
    assert_eq!(code, 0, "{json}");
    assert_eq!(json["list"], "wordclub");
    assert_eq!(json["manners"], "polite");
    for (word, lemma, form) in [
        ("QI", "QI", Value::Null),
        ("QIS", "QI", "plural".into()),
        ("RAN", "RUN", "past_tense".into()),
        ("MICE", "MOUSE", "plural".into()),
        ("HAPPIER", "HAPPY", "comparative".into()),
        ("CAT", "CAT", Value::Null),
    ] {
        let r = result(&json, word);
        assert_eq!(r["in_list"], true, "{word}");
        assert_eq!(r["status"], "defined", "{word}");
        let m = &r["meanings"][0];
        assert_eq!(m["lemma"], lemma, "{word}");
        assert_eq!(m["form"], form, "{word}");
        assert_eq!(m["source"], "wordnet-3.0", "{word}");
        assert!(
            m["senses"].as_array().is_some_and(|s| !s.is_empty()),
            "{word}"
        );
    }
    let k = result(&json, "KISTVAEN");
    assert_eq!(k["in_list"], true);
    assert!(
        k["status"] == "no_definition" || k["status"] == "defined",
        "{k}"
    );
    let z = result(&json, "ZZZZ");
    assert_eq!(z["in_list"], false);
    assert_eq!(z["status"], "not_in_list");
    assert_eq!(z["meanings"].as_array().map(Vec::len), Some(0));
}

#[test]
fn bad_input_exits_2_with_a_kind() {
    let (code, json) = cli(&["define", "e-mail"]);
    assert_eq!(code, 2, "{json}");
    assert_eq!(json["error"]["kind"], "not_a_to_z");
    let (code, json) = cli(&["define"]);
    assert_eq!(code, 2, "{json}");
    let (code, json) = cli(&["define", "--manners", "rude", "cat"]);
    assert_eq!(code, 2, "{json}");
}

#[test]
fn manners_any_shows_every_gloss() {
    let (code, json) = cli(&["define", "--manners", "any", "honky"]);
    assert_eq!(code, 0, "{json}");
    assert_eq!(json["manners"], "any");
    let r = result(&json, "HONKY");
    for m in r["meanings"].as_array().unwrap() {
        for s in m["senses"].as_array().unwrap() {
            assert!(s["gloss"].is_string(), "{s}");
        }
    }
}
