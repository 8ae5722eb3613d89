//! The CLI and the app give the same facts for the same history: every match of the CLI's
//! fixture (`app/tests/fixtures/cli-history`: every rule set, with computers), as
//! `wordclub-cli` prints it from the file, and as the app answers it once the file is imported
//! into a fresh history (`import_history_bytes`, the path the web worker's "Import a history"
//! takes): the replay (final board, scores, turns), the GCG record (with and without the
//! analysis' notes) and the post-game analysis. The browser's side of the same comparison is
//! `tests/web/fixture.test.js`.
mod common;

use std::path::{Path, PathBuf};

use common::{cli, folder};
use serde_json::{json, Value};
use wordclub_app::{App, MemorySettings};

fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../app/tests/fixtures/cli-history/history.db")
}

/// `wordclub-cli ARGS…` that must succeed: its JSON.
fn printed(args: &[&str]) -> Value {
    let (code, out) = cli(args);
    assert_eq!(code, 0, "wordclub-cli {args:?}: {out}");
    out
}

/// `wordclub-cli ARGS…` that must succeed: its output as it printed it.
fn printed_text(args: &[&str]) -> String {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_wordclub-cli"))
        .args(args)
        .output()
        .expect("run wordclub-cli");
    assert!(out.status.success(), "wordclub-cli {args:?}: {out:?}");
    String::from_utf8(out.stdout).expect("utf-8 stdout")
}

fn answered(app: &App, command: &str, args: Value) -> Value {
    app.call(command, args.clone())
        .unwrap_or_else(|e| panic!("{command} {args} refused: {e} ({})", e.kind()))
}

/// The replay's facts both sides give: the board, the result, each seat's score, every turn.
fn replay(detail: &Value) -> Value {
    let scores: Vec<&Value> = detail["summary"]["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| &p["score"])
        .collect();
    json!({
        "board": detail["board"],
        "result": detail["result"],
        "scores": scores,
        "turns": detail["turns"],
    })
}

/// Where two JSON values first differ (a JSON pointer and both values), if they do.
fn first_difference(a: &Value, b: &Value, at: String) -> Option<String> {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) if x.len() == y.len() => {
            x.iter().find_map(|(k, v)| match y.get(k) {
                Some(w) => first_difference(v, w, format!("{at}/{k}")),
                None => Some(format!("{at}/{k}: absent from the second")),
            })
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => x
            .iter()
            .zip(y)
            .enumerate()
            .find_map(|(i, (v, w))| first_difference(v, w, format!("{at}/{i}"))),
        _ if a == b => None,
        _ => Some(format!("{at}: {a} / {b}")),
    }
}

/// Where two texts first differ, with a little of each from there, if they do.
fn text_difference(a: &str, b: &str) -> Option<String> {
    let at = a.bytes().zip(b.bytes()).take_while(|(x, y)| x == y).count();
    if at == a.len() && at == b.len() {
        return None;
    }
    let from = a[..at].rfind(',').unwrap_or(0);
    let part = |t: &str| {
        t.get(from..(at + 24).min(t.len()))
            .unwrap_or("")
            .to_string()
    };
    Some(format!("at byte {at}: {} / {}", part(a), part(b)))
}

fn same(what: &str, cli: &Value, app: &Value) {
    assert_eq!(
        first_difference(cli, app, String::new()),
        None,
        "{what}: the CLI's / the app's"
    );
}

#[test]
fn every_fixture_match_replays_exports_and_analyses_the_same_in_the_cli_and_the_app() {
    let dir = folder("fixture_parity", "all");
    // The CLI reads a copy (`analyze` keeps an analysis it makes; the fixture has them all).
    let file = dir.join("cli.db");
    std::fs::copy(fixture(), &file).unwrap();
    let db = file.to_str().unwrap();
    let app = App::with_history(
        Box::new(MemorySettings::default()),
        &dir.join("imported.db"),
    )
    .unwrap();
    let imported = app
        .import_history_bytes(&std::fs::read(fixture()).unwrap())
        .unwrap();
    // A copy of its own to make analyses from (opened read-only: nothing is kept in it).
    std::fs::copy(fixture(), dir.join("made.db")).unwrap();
    let store = wordclub_store::Store::open_read_only(dir.join("made.db")).unwrap();

    let listed = printed(&["history", "list", "--db", db]);
    let matches = listed["matches"].as_array().unwrap();
    assert_eq!(
        imported.report.as_ref().map(|r| r.added),
        Some(matches.len() as u64),
        "{}",
        imported.message
    );
    let rule_sets: std::collections::BTreeSet<&str> = matches
        .iter()
        .map(|m| m["rules_id"].as_str().unwrap())
        .collect();
    assert!(rule_sets.len() >= 7, "every rule set: {rule_sets:?}");

    let mut analysed = 0;
    for m in matches {
        let id = m["id"].as_i64().unwrap();
        let finished = m["status"] == "finished";
        let id_text = id.to_string();
        let shown = printed(&["history", "show", &id_text, "--db", db]);
        // A fresh history takes the file's matches in order: the same ids.
        let detail = answered(&app, "match_detail", json!({"match_id": id}));
        assert_eq!(
            (&detail["summary"]["rules"], &detail["summary"]["turns"]),
            (
                &shown["summary"]["rules_id"],
                &shown["summary"]["turn_count"]
            ),
            "match {id} is the same match on both sides"
        );
        same(
            &format!("match {id}'s replay"),
            &replay(&shown),
            &replay(&detail),
        );

        let gcg = printed(&["history", "export-gcg", &id_text, "--db", db, "--json"]);
        let exported = answered(
            &app,
            "export_gcg",
            json!({"match_id": id, "reveal_racks": !finished}),
        );
        assert!(gcg["gcg"].as_str().unwrap().contains(">"), "{gcg}");
        same(&format!("match {id}'s GCG"), &gcg["gcg"], &exported["gcg"]);
        if !finished {
            continue;
        }
        let noted = printed(&[
            "history",
            "export-gcg",
            &id_text,
            "--db",
            db,
            "--json",
            "--analysis",
        ]);
        let exported = answered(
            &app,
            "export_gcg",
            json!({"match_id": id, "analysis": true}),
        );
        assert!(noted["gcg"].as_str().unwrap().contains("#note"));
        same(
            &format!("match {id}'s GCG with notes"),
            &noted["gcg"],
            &exported["gcg"],
        );
        // The CLI's analysis is the one it kept in the file when it was written; the app's
        // is made again from the imported events (an import carries no analysis).
        let cli_analysis = printed(&["analyze", &id_text, "--db", db]);
        let app_analysis = answered(&app, "match_analysis", json!({"match_id": id}));
        same(
            &format!("match {id}'s analysis"),
            &cli_analysis,
            &app_analysis,
        );
        // Digit for digit, against the analysis made from the file's events and never read
        // back: the CLI prints the one it kept, read back from the history. (A best-effort
        // float parser once read three of these averages one bit off on the way back; the
        // app's answer, parsed the same way, matched the CLI's and hid it.)
        let made = wordclub_app::analysis::prepare(&store, id)
            .and_then(|p| p.analyse())
            .unwrap();
        let made = serde_json::to_value(&made).unwrap().to_string();
        let printed = printed_text(&["analyze", &id_text, "--db", db]);
        assert_eq!(
            text_difference(printed.trim_end(), &made),
            None,
            "match {id}'s analysis as printed / as made"
        );
        analysed += 1;
    }
    assert!(analysed >= 7, "every finished match analysed: {analysed}");
    let _ = std::fs::remove_dir_all(&dir);
}
