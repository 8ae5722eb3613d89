//! `wordclub-cli define` through the built binary: the issue's "Done when" command. Structure
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

#[test]
fn issue_44_words_have_their_everyday_meaning_first() {
    let (code, json) = cli(&[
        "define",
        "at",
        "oops",
        "hated",
        "was",
        "zas",
        "taco",
        "vagina",
        "smartphone",
        "mi",
    ]);
    assert_eq!(code, 0, "{json}");
    // Function words and interjections: the project's gloss first.
    assert_eq!(result(&json, "AT")["meanings"][0]["pos"], "preposition");
    assert_eq!(
        result(&json, "AT")["meanings"][0]["source"],
        "wordclub-twos-1"
    );
    assert_eq!(result(&json, "OOPS")["meanings"][0]["pos"], "interjection");
    assert_eq!(
        result(&json, "SMARTPHONE")["meanings"][0]["source"],
        "wordclub-common-1"
    );
    // HATED is HATE's past, never HAT's; WAS is BE's past.
    let hated = result(&json, "HATED")["meanings"]
        .as_array()
        .unwrap()
        .clone();
    assert!(hated.iter().all(|m| m["lemma"] != "HAT"), "{hated:?}");
    assert!(hated
        .iter()
        .any(|m| m["lemma"] == "HATE" && m["form"] == "past_tense"));
    let was = &result(&json, "WAS")["meanings"][0];
    assert_eq!(
        (&was["lemma"], &was["form"]),
        (&"BE".into(), &"past_tense".into())
    );
    // A glossed two's plural.
    let zas = &result(&json, "ZAS")["meanings"][0];
    assert_eq!(
        (&zas["lemma"], &zas["form"]),
        (&"ZA".into(), &"plural".into())
    );
    // TACO: the food first and glossed, the slur labelled after it; VAGINA not labelled.
    let taco = &result(&json, "TACO")["meanings"];
    assert!(taco[0]["senses"][0]["gloss"].is_string(), "{taco}");
    assert!(taco[0]["senses"][0]["label"].is_null(), "{taco}");
    let vagina = &result(&json, "VAGINA")["meanings"][0]["senses"][0];
    assert!(
        vagina["gloss"].is_string() && vagina["label"].is_null(),
        "{vagina}"
    );
    // MI: the note, never the mile.
    for m in result(&json, "MI")["meanings"].as_array().unwrap() {
        for s in m["senses"].as_array().unwrap() {
            assert!(!s["gloss"].as_str().unwrap_or("").contains("mile"), "{s}");
        }
    }
}
