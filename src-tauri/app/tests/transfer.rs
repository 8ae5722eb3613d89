//! Carrying the history between devices through the app (`src/transfer.rs`): the bytes API
//! every host uses (`history_file`, `import_history_bytes`) and the window's commands
//! (`export_history`, `import_history`) with their dialogs stood in for.
mod common;

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use common::*;
use serde_json::{json, Value};
use wordclub_app::{App, MemorySettings};

/// Every match of the history as the list shows it, ids and times left out.
fn rows(app: &App) -> Vec<Value> {
    let list = ok(app, "match_list", json!({}));
    let mut rows: Vec<Value> = list["matches"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let mut m = m.clone();
            for field in ["id", "created_at", "updated_at", "finished_at"] {
                m.as_object_mut().unwrap().remove(field);
            }
            m
        })
        .collect();
    rows.sort_by_key(|r| r.to_string());
    rows
}

fn app_on(dir: &TempDir, name: &str) -> App {
    let app = App::with_history(Box::new(MemorySettings::default()), &dir.0.join(name)).unwrap();
    app.allow_fixed_deals();
    app
}

#[test]
fn a_history_carried_to_another_device_and_back_keeps_every_match_and_move() {
    let dir = TempDir::new("transfer-app-round");
    let a = app_on(&dir, "a.db");
    let unfinished = revealed_cat_match(&a);
    ok(
        &a,
        "play",
        json!({"match_id": unfinished, "tiles": cat_tiles()}),
    );
    let finished = resigned_cat_match(&a);
    assert_eq!(
        ok(&a, "app_info", json!({}))["last_backup"]["at"],
        Value::Null
    );

    let file = a.history_file().unwrap();
    assert_eq!(file.matches, 2);
    assert!(file.file_name.starts_with("wordclub-history-") && file.file_name.ends_with(".db"));
    assert!(
        ok(&a, "app_info", json!({}))["last_backup"]["at"].is_i64(),
        "the start screen can say when"
    );

    let b = app_on(&dir, "b.db");
    let answer = b.import_history_bytes(&file.bytes).unwrap();
    let report = answer.report.as_ref().unwrap();
    assert_eq!((report.added, report.extended, report.unchanged), (2, 0, 0));
    assert_eq!(
        answer.message,
        "Imported the file's 2 matches: 2 matches added."
    );
    assert_eq!(rows(&b), rows(&a));
    // Each match replays the same: its detail, and the finished one's record.
    let id_in = |app: &App, status: &str| -> i64 {
        ok(app, "match_list", json!({"status": status}))["matches"][0]["id"]
            .as_i64()
            .unwrap()
    };
    let (b_unfinished, b_finished) = (id_in(&b, "in_progress"), id_in(&b, "finished"));
    let detail = |app: &App, id: i64| {
        let mut d = ok(app, "match_detail", json!({"match_id": id}));
        d.as_object_mut().unwrap().remove("id");
        d.as_object_mut().unwrap().remove("summary");
        d
    };
    assert_eq!(detail(&b, b_finished), detail(&a, finished));
    assert_eq!(
        ok(&b, "export_gcg", json!({"match_id": b_finished}))["gcg"],
        ok(&a, "export_gcg", json!({"match_id": finished}))["gcg"]
    );

    // Ben plays on there (he passes); A still has the match open in memory.
    reveal(&b, b_unfinished);
    ok(&b, "pass", json!({"match_id": b_unfinished}));
    let back = a
        .import_history_bytes(&b.history_file().unwrap().bytes)
        .unwrap();
    let report = back.report.unwrap();
    assert_eq!(
        (report.extended, report.unchanged),
        (1, 1),
        "{}",
        back.message
    );
    assert!(
        back.message.contains("1 match continued"),
        "{}",
        back.message
    );
    // A plays on from the longer version, not the one it had in memory.
    let view = reveal(&a, unfinished);
    assert_eq!(view["to_move"], b_view_to_move(&b, b_unfinished));
    ok(&a, "pass", json!({"match_id": unfinished}));
}

fn b_view_to_move(b: &App, id: i64) -> Value {
    ok(b, "match_view", json!({"match_id": id}))["to_move"].clone()
}

#[test]
fn a_refused_file_changes_nothing_and_says_why() {
    let dir = TempDir::new("transfer-app-refused");
    let app = app_on(&dir, "a.db");
    resigned_cat_match(&app);
    let before = rows(&app);
    for (bytes, kind) in [
        (b"".to_vec(), "import_not_a_history"),
        (b"not a history at all".repeat(10), "import_not_a_history"),
    ] {
        let e = app.import_history_bytes(&bytes).unwrap_err();
        assert_eq!(e.kind(), kind);
        assert!(e.to_string().contains("was not changed"), "{e}");
    }
    let mut newer = app.history_file().unwrap().bytes;
    newer[60..64].copy_from_slice(&99i32.to_be_bytes());
    let e = app.import_history_bytes(&newer).unwrap_err();
    assert_eq!(e.kind(), "import_too_new", "{e}");
    assert_eq!(rows(&app), before);
    // The history is still there to play on.
    cat_match(&app);
}

type Chosen = Arc<Mutex<Option<PathBuf>>>;

/// The window's dialogs stood in for: the save dialog answers `save` (and records what it was
/// offered), the open dialog `open`.
fn with_dialogs(app: &App, save: Chosen, open: Chosen, offered: Arc<Mutex<Vec<String>>>) {
    app.set_history_choosers(
        move |folder: &Path, name: &str| {
            offered
                .lock()
                .unwrap()
                .push(format!("{}|{name}", folder.display()));
            save.lock().unwrap().clone()
        },
        move |_folder: &Path| open.lock().unwrap().clone(),
    );
}

#[test]
fn the_window_exports_and_imports_through_its_dialogs() {
    let dir = TempDir::new("transfer-app-window");
    let downloads = dir.0.join("Downloads");
    let a = app_on(&dir, "a.db");
    resigned_cat_match(&a);
    // No folder (serve, the web app): the commands refuse, the bytes API is theirs.
    assert_eq!(
        refused(&a, "export_history", json!({})),
        "no_downloads_folder"
    );
    assert_eq!(refused(&a, "import_history", json!({})), "no_file_dialog");

    a.set_downloads_dir(downloads.clone());
    // Without a dialog the file goes into Downloads, never over another.
    let first = ok(&a, "export_history", json!({}));
    let second = ok(&a, "export_history", json!({}));
    let (p1, p2) = (
        first["path"].as_str().unwrap().to_string(),
        second["path"].as_str().unwrap().to_string(),
    );
    assert_ne!(p1, p2);
    assert!(p1.starts_with(&downloads.display().to_string()), "{p1}");
    assert!(p2.ends_with("-2.db"), "{p2}");
    assert!(
        first["message"].as_str().unwrap().contains("1 match)"),
        "{first}"
    );

    // With the dialogs: saved where chosen; a cancel writes nothing and records nothing.
    let save: Chosen = Arc::new(Mutex::new(None));
    let open: Chosen = Arc::new(Mutex::new(None));
    let offered = Arc::new(Mutex::new(Vec::new()));
    with_dialogs(&a, save.clone(), open.clone(), offered.clone());
    let last = ok(&a, "app_info", json!({}))["last_backup"]["at"].clone();
    let cancelled = ok(&a, "export_history", json!({}));
    assert_eq!(cancelled["path"], Value::Null);
    assert_eq!(ok(&a, "app_info", json!({}))["last_backup"]["at"], last);
    let offer = offered.lock().unwrap()[0].clone();
    assert!(
        offer.starts_with(&downloads.display().to_string()),
        "{offer}"
    );
    assert!(offer.contains("|wordclub-history-"), "{offer}");
    let chosen = dir.0.join("chosen.db");
    *save.lock().unwrap() = Some(chosen.clone());
    let saved = ok(&a, "export_history", json!({}));
    assert_eq!(saved["path"], json!(chosen.display().to_string()));

    // Another device's window imports the chosen file.
    let b = app_on(&dir, "b.db");
    b.set_downloads_dir(downloads);
    with_dialogs(&b, save, open.clone(), offered);
    assert_eq!(ok(&b, "import_history", json!({}))["report"], Value::Null);
    assert!(rows(&b).is_empty(), "a cancel imports nothing");
    *open.lock().unwrap() = Some(chosen);
    let imported = ok(&b, "import_history", json!({}));
    assert_eq!(imported["report"]["added"], 1);
    assert_eq!(rows(&b), rows(&a));
    // A file that cannot be read is refused with the system's reason, nothing imported.
    *open.lock().unwrap() = Some(dir.0.join("missing.db"));
    assert_eq!(refused(&b, "import_history", json!({})), "cannot_read");
}

/// A history written by the CLI (`fixtures/cli-history`: every rule set, with computers at
/// every table of two or more, each finished match analysed there) imported into a fresh history replays, exports and
/// analyses identically: every match's detail, record and analysis as the file itself gives
/// them.
#[test]
fn a_history_written_by_the_cli_imports_and_replays_exports_and_analyses_identically() {
    let fixture =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/cli-history/history.db");
    let dir = TempDir::new("transfer-app-cli");
    std::fs::copy(&fixture, dir.0.join("cli.db")).unwrap();
    // The file opened where it is answers the analyses the CLI kept in it; the import carries
    // none, so the app makes them again from the imported events: the same analyses.
    let kept = rusqlite::Connection::open(dir.0.join("cli.db")).unwrap();
    let analysed: i64 = kept
        .query_row("SELECT count(*) FROM analyses", [], |r| r.get(0))
        .unwrap();
    assert_eq!(analysed, 7, "the CLI analysed every finished match");
    drop(kept);
    let there = app_on(&dir, "cli.db");
    let here = app_on(&dir, "here.db");
    let answer = here
        .import_history_bytes(&std::fs::read(&fixture).unwrap())
        .unwrap();
    let report = answer.report.unwrap();
    let list = ok(&there, "match_list", json!({}));
    let total = list["total"].as_u64().unwrap();
    assert_eq!(report.added, total, "{}", answer.message);
    assert_eq!(rows(&here), rows(&there));
    let rule_sets: std::collections::BTreeSet<String> = ok(&there, "rule_sets", json!({}))
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap().to_string())
        .collect();
    let played: std::collections::BTreeSet<String> = list["matches"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["rules"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(played, rule_sets, "every rule set is in the fixture");
    for m in list["matches"].as_array().unwrap() {
        let id = m["id"].as_i64().unwrap();
        let seats = m["players"].as_array().unwrap();
        assert!(
            seats.len() == 1 || seats.iter().any(|p| p["computer"].is_string()),
            "a computer at every table but the solo round's: {m}"
        );
        let same = |command: &str| {
            let a = ok(&there, command, json!({"match_id": id}));
            let b = ok(&here, command, json!({"match_id": id}));
            assert_eq!(a, b, "{command} of match {id}");
        };
        if m["status"] == "finished" {
            // Kept by the CLI there, made from the imported events here.
            same("match_analysis");
            same("export_gcg");
        }
        same("match_detail");
    }
}
