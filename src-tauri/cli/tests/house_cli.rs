//! `house …`: our words and the word lists of one's own in a history, through the built
//! binary (the app's commands, so its checks and refusals).
mod common;

use common::{cli, folder};
use serde_json::Value;
use std::path::Path;

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn words(v: &Value, side: &str) -> Vec<String> {
    v[side]
        .as_array()
        .unwrap_or_else(|| panic!("{v}"))
        .iter()
        .map(|w| w["word"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn our_words_are_added_blocked_exported_imported_and_removed() {
    let dir = folder("house-cli", "our-words");
    let db = dir.join("history.db");
    let db = s(&db);
    let (code, v) = cli(&[
        "house",
        "add",
        "cloi",
        "--note",
        "Grandad's word",
        "--db",
        db,
    ]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(words(&v, "added"), ["CLOI"]);
    let (code, v) = cli(&["house", "add", "zax", "--block", "--db", db]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(words(&v, "blocked"), ["ZAX"]);
    // A word outside A–Z is refused with the reason, and nothing changes.
    let (code, v) = cli(&["house", "add", "e-mail", "--db", db]);
    assert_eq!(code, 2, "{v}");
    assert_eq!(v["error"]["kind"], "our_words", "{v}");
    let (_, kept) = cli(&["house", "our-words", "--db", db]);
    assert_eq!(
        (words(&kept, "added"), words(&kept, "blocked")),
        (vec!["CLOI".to_string()], vec!["ZAX".to_string()])
    );
    // Exported, emptied, imported back: the same words, the note kept.
    let (code, file) = cli(&["house", "export-words", "--db", db]);
    assert_eq!(code, 0, "{file}");
    let text = dir.join("our-words.txt");
    std::fs::write(&text, file["text"].as_str().unwrap()).unwrap();
    cli(&["house", "remove", "cloi", "--db", db]);
    let (_, v) = cli(&["house", "remove", "zax", "--db", db]);
    assert!(
        words(&v, "added").is_empty() && words(&v, "blocked").is_empty(),
        "{v}"
    );
    let (code, v) = cli(&["house", "import-words", s(&text), "--db", db]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v, kept);
    // A usage mistake names the usage and changes nothing.
    let (code, v) = cli(&["house", "remove", "--block", "cloi", "--db", db]);
    assert_eq!(
        (code, v["error"]["kind"].as_str()),
        (2, Some("usage")),
        "{v}"
    );
}

#[test]
fn a_list_of_ones_own_is_imported_with_its_first_bad_line_named_and_removed() {
    let dir = folder("house-cli", "own-lists");
    let db = dir.join("history.db");
    let db = s(&db);
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "cat\ndog\ne-mail\nzebra\n").unwrap();
    let (code, v) = cli(&["house", "import-list", "Family", s(&bad), "--db", db]);
    assert_eq!(code, 2, "{v}");
    assert!(
        v["error"]["message"].as_str().unwrap().contains("line 3"),
        "{v}"
    );
    let (_, lists) = cli(&["house", "lists", "--db", db]);
    assert_eq!(lists, serde_json::json!([]));
    let good = dir.join("family.txt");
    std::fs::write(&good, "cat\ndog\nzebra\n").unwrap();
    let (code, row) = cli(&["house", "import-list", "Family", s(&good), "--db", db]);
    assert_eq!(code, 0, "{row}");
    assert_eq!(row["name"], "Family");
    assert_eq!(row["word_count"], 3);
    let id = row["id"].as_str().unwrap().to_string();
    let (_, lists) = cli(&["house", "lists", "--db", db]);
    assert_eq!(lists.as_array().map(Vec::len), Some(1), "{lists}");
    let (code, lists) = cli(&["house", "remove-list", &id, "--db", db]);
    assert_eq!(code, 0, "{lists}");
    assert_eq!(lists, serde_json::json!([]));
}
