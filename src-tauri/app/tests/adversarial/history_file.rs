//! The history file changed under the running app (issue 42, items 2, 4 and 5): renamed,
//! replaced by a backup or by another program's database, its files cut short under reads,
//! copied back in place after another connection grew it. Each test drives real SQLite files
//! in a scratch folder and failed on the build before its fix.
use std::path::{Path, PathBuf};

use serde_json::{json, Value};
use wordclub_app::{App, MemorySettings};
use wordclub_store::Store;

use crate::common::*;

/// An app over the history at `db` that takes fixed deals.
fn open_app(db: &Path) -> App {
    let app = App::with_history(Box::new(MemorySettings::default()), db).unwrap();
    app.allow_fixed_deals();
    app
}

/// The ids of every match in the history, as the app lists them.
fn listed(app: &App) -> Vec<i64> {
    let mut ids: Vec<i64> = ok(app, "match_list", json!({}))["matches"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["id"].as_i64().unwrap())
        .collect();
    ids.sort();
    ids
}

/// `<db><suffix>`: the history's `-wal` or `-shm`.
fn beside(db: &Path, suffix: &str) -> PathBuf {
    PathBuf::from(format!("{}{suffix}", db.display()))
}

/// The names of the files in `dir` that contain `part`.
fn named(dir: &Path, part: &str) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.file_name().unwrap().to_string_lossy().contains(part))
        .collect();
    found.sort();
    found
}

/// The app stops after the history file was changed: either it notices at a write
/// (`history_gone`) and is closed, or it is killed before it can notice (its connection
/// never closes: `forget` keeps its descriptors and locks for the rest of the process, as a
/// process killed with `kill -9` leaves the files).
fn stop(app: App, crash: bool) {
    if crash {
        std::mem::forget(app);
    } else {
        let e = app.call("new_match", cat_args()).unwrap_err();
        assert_eq!(e.kind(), "history_gone", "{e}");
        drop(app);
    }
}

/// `new_match` arguments for SPEC §2's CAT example with its deal fixed.
fn cat_args() -> Value {
    json!({"rules": "wordclub-1.0", "players": [{"name": "Ann"}, {"name": "Ben"}],
           "seed": 3, "deal": {"racks": ["CATEIOL", "SNNDBGL"], "draw_order": "ARTE"}})
}

/// Item 2: the history renamed while the app runs. The app notices at the next write, and
/// the file it had open — now under another name — holds every match answered before, not
/// just what the last checkpoint had put in it (the build before folded nothing: the renamed
/// file held no tables at all).
#[test]
fn a_history_renamed_while_the_app_runs_keeps_every_answered_match() {
    let dir = TempDir::new("hf-renamed");
    let db = dir.0.join("wordclub.db");
    let app = open_app(&db);
    let answered: Vec<i64> = (0..3).map(|_| cat_match(&app)).collect();
    let renamed = dir.0.join("renamed.db");
    std::fs::rename(&db, &renamed).unwrap();
    let e = app.call("new_match", cat_args()).unwrap_err();
    assert_eq!(e.kind(), "history_gone", "{e}");
    drop(app);
    let moved = Store::open_read_only(&renamed)
        .unwrap_or_else(|e| panic!("the renamed history cannot be read: {e}"));
    let mut kept: Vec<i64> = moved
        .list(&Default::default(), 1)
        .unwrap()
        .matches
        .iter()
        .map(|m| m.id)
        .collect();
    kept.sort();
    assert_eq!(
        kept, answered,
        "every answered match is in the renamed file"
    );
}

/// Item 2: a backup restored by renaming it over the history while the app runs. Whether the
/// app noticed (and was closed) or was killed first, the next start finds the backup as it
/// was: the journal of the file the app had open is never replayed into it (the build before
/// overlaid the backup with the newer matches, or found the mix damaged and moved it aside).
/// A journal that still held commits is kept aside, said, never deleted.
#[test]
fn a_backup_renamed_over_the_history_is_not_overlaid_at_the_next_start() {
    for crash in [false, true] {
        let dir = TempDir::new(&format!("hf-backup-{crash}"));
        let db = dir.0.join("wordclub.db");
        let app = open_app(&db);
        let in_backup = cat_match(&app);
        drop(app);
        let backup = dir.0.join("backup.db");
        std::fs::copy(&db, &backup).unwrap();
        let app = open_app(&db);
        for _ in 0..2 {
            cat_match(&app);
        }
        std::fs::rename(&backup, &db).unwrap();
        stop(app, crash);

        let app = App::with_history_or_error(Box::new(MemorySettings::default()), &db);
        let info = ok(&app, "app_info", json!({}));
        assert_eq!(info["history_error"], Value::Null, "crash {crash}: {info}");
        assert_eq!(
            listed(&app),
            [in_backup],
            "crash {crash}: the backup is as it was"
        );
        let aside = named(&dir.0, "-wal.unmatched-");
        if crash {
            // The killed app's journal held the two newer matches: kept, and said.
            assert_eq!(aside.len(), 1, "{aside:?}");
            assert!(std::fs::metadata(&aside[0]).unwrap().len() > 0);
            let notices = info["history_notices"].as_array().unwrap();
            let said = notices
                .iter()
                .find(|n| n["moved_to"] == json!(aside[0].display().to_string()))
                .unwrap_or_else(|| panic!("the journal set aside is not said: {info}"));
            assert!(
                said["message"].as_str().unwrap().contains("journal"),
                "{said}"
            );
        }
        assert!(
            named(&dir.0, ".unreadable-").is_empty(),
            "crash {crash}: nothing was found damaged"
        );
        drop(app);
    }
}

/// Item 2: another program's database put at the history's path while the app runs. Whether
/// the app noticed or was killed, the next start refuses it and leaves it byte for byte as it
/// was — and a program that opens it afterwards finds every table it had (the build before
/// replayed the app's journal into it: it lost a table).
#[test]
fn another_programs_database_put_at_the_path_keeps_every_table() {
    for crash in [false, true] {
        let dir = TempDir::new(&format!("hf-foreign-{crash}"));
        let db = dir.0.join("wordclub.db");
        let app = open_app(&db);
        for _ in 0..3 {
            cat_match(&app);
        }
        let other = dir.0.join("other.db");
        {
            let c = rusqlite::Connection::open(&other).unwrap();
            c.execute_batch(
                "CREATE TABLE notes (body TEXT); CREATE TABLE people (name TEXT);
                 INSERT INTO notes VALUES ('milk'), ('eggs'); INSERT INTO people VALUES ('Ann');",
            )
            .unwrap();
        }
        let bytes = std::fs::read(&other).unwrap();
        std::fs::rename(&other, &db).unwrap();
        stop(app, crash);

        let app = App::with_history_or_error(Box::new(MemorySettings::default()), &db);
        let info = ok(&app, "app_info", json!({}));
        assert_eq!(
            info["history_error"]["kind"], "not_a_history",
            "crash {crash}: {info}"
        );
        drop(app);
        assert_eq!(
            std::fs::read(&db).unwrap(),
            bytes,
            "crash {crash}: left as it was"
        );
        // Its own program opens it next: every table is there, with its rows.
        let c = rusqlite::Connection::open(&db).unwrap();
        let notes: i64 = c
            .query_row("SELECT count(*) FROM notes", [], |r| r.get(0))
            .unwrap_or_else(|e| panic!("crash {crash}: notes: {e}"));
        let people: i64 = c
            .query_row("SELECT count(*) FROM people", [], |r| r.get(0))
            .unwrap_or_else(|e| panic!("crash {crash}: people: {e}"));
        assert_eq!((notes, people), (2, 1), "crash {crash}");
    }
}

/// The environment variable that makes [`faults_under_reads_child`] run (in a child process).
const CHILD: &str = "WORDCLUB_HISTORY_FILE_CHILD";

/// Item 4: each file of the history (`-shm`, `-wal`, the history itself) deleted or cut short
/// under the running app, then read: every command is answered or refused with a typed error,
/// never a crash. Run in a child process, since the build before was killed by SIGBUS at the
/// first read after the `-shm` was cut short (4 of 4 runs).
#[test]
fn files_cut_short_under_reads_are_an_error_not_a_crash() {
    let exe = std::env::current_exe().unwrap();
    let out = std::process::Command::new(exe)
        .args([
            "history_file::faults_under_reads_child",
            "--exact",
            "--ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(CHILD, "1")
        .output()
        .unwrap();
    let said = format!(
        "{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.status.success(),
        "the child ended with {} (a signal is a crash):\n{said}",
        out.status
    );
    assert!(said.contains("1 passed"), "{said}");
}

/// The reads of [`files_cut_short_under_reads_are_an_error_not_a_crash`]; only in its child.
#[test]
#[ignore = "run by files_cut_short_under_reads_are_an_error_not_a_crash in a child process"]
fn faults_under_reads_child() {
    if std::env::var(CHILD).is_err() {
        return;
    }
    for suffix in ["-shm", "-wal", ""] {
        for cut in [None, Some(0u64), Some(2)] {
            let case = format!("history{suffix} {cut:?}");
            let dir = TempDir::new(&format!("hf-reads-{}", case.replace(' ', "-")));
            let db = dir.0.join("wordclub.db");
            let app = open_app(&db);
            let id = revealed_cat_match(&app);
            ok(&app, "match_list", json!({}));
            let target = beside(&db, suffix);
            match cut {
                None => {
                    let _ = std::fs::remove_file(&target);
                }
                Some(divisor) => {
                    if let Ok(f) = std::fs::OpenOptions::new().write(true).open(&target) {
                        let len = f.metadata().unwrap().len();
                        f.set_len(len.checked_div(divisor).unwrap_or(0)).unwrap();
                    }
                }
            }
            println!("{case}");
            for (command, args) in [
                ("match_list", json!({})),
                ("match_view", json!({"match_id": id})),
                ("match_detail", json!({"match_id": id})),
                ("player_stats", json!({})),
                ("export_gcg", json!({"match_id": id})),
                ("app_info", json!({})),
                ("match_list", json!({"status": "in_progress"})),
            ] {
                if let Err(e) = app.call(command, args) {
                    assert!(!e.kind().is_empty(), "{case}: {command}: {e}");
                }
            }
            drop(app);
        }
    }
}

/// Item 5: another connection (the CLI on the same history) grows the file, then the file is
/// copied back in place to the size the app last saw. The next match is answered as saved
/// only if the next start finds it, or refused as `history_gone`; either way the next start
/// finds nothing damaged, and every match answered before is in the history or in a journal
/// it names (the build before missed the
/// copy: the other connection had checkpointed the app's match into the file, the copy took
/// it out with the history's tables, and the next match failed on a `database` error).
#[test]
fn a_history_copied_back_after_another_connection_grew_it_never_loses_an_answer() {
    let dir = TempDir::new("hf-grown");
    let db = dir.0.join("wordclub.db");
    let app = open_app(&db);
    let first = cat_match(&app);
    // The file as it is now: the match is still in the journal only.
    let before = std::fs::read(&db).unwrap();
    // The CLI's connection grows the file: its own rows, checkpointed into it.
    let grown = rusqlite::Connection::open(&db).and_then(|c| {
        c.busy_timeout(std::time::Duration::ZERO)?;
        c.execute_batch(
            "CREATE TABLE IF NOT EXISTS scratch (b BLOB);
             WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 64)
             INSERT INTO scratch SELECT randomblob(4000) FROM n;
             DROP TABLE scratch;",
        )?;
        c.query_row("PRAGMA wal_checkpoint(FULL)", [], |r| r.get::<_, i64>(0))
    });
    println!(
        "the other connection: {grown:?}; the file is {} bytes, was {}",
        std::fs::metadata(&db).unwrap().len(),
        before.len()
    );
    // A copy of the file as it was, written back in place (a sync client, a restore).
    std::fs::write(&db, &before).unwrap();
    let answered = app.call("new_match", cat_args());
    drop(app);
    let app = App::with_history_or_error(Box::new(MemorySettings::default()), &db);
    let info = ok(&app, "app_info", json!({}));
    assert_eq!(info["history_error"], Value::Null, "{info}");
    assert!(
        named(&dir.0, ".unreadable-").is_empty(),
        "nothing found damaged and moved aside: {info}"
    );
    match answered {
        Ok(view) => {
            let id = view["id"].as_i64().unwrap();
            assert_eq!(listed(&app), [first, id], "every answered match is kept");
            assert_eq!(info["history_notices"], json!([]), "{info}");
        }
        Err(e) => {
            assert_eq!(e.kind(), "history_gone", "{e}");
            // The match answered before is in the history, or in its journal: a file written
            // in place by someone else does not get the journal laid over it, which is set
            // aside, kept and said.
            let journal = named(&dir.0, "-wal.unmatched-");
            let said = info["history_notices"].as_array().unwrap().iter().any(|n| {
                journal
                    .iter()
                    .any(|j| n["moved_to"] == json!(j.display().to_string()))
            });
            assert!(
                listed(&app) == [first] || (journal.len() == 1 && said),
                "the match answered before is neither kept nor said: {info}"
            );
        }
    }
}

/// What item 4's lock costs: a history the app has open is read by the CLI's read-only
/// commands (`Store::open_read_only`) through a copy — every answered match, while the app
/// goes on writing — and the read leaves no file behind (no `-shm`, no copy).
#[test]
fn a_history_the_app_has_open_is_read_beside_it() {
    let dir = TempDir::new("hf-read-beside");
    let db = dir.0.join("wordclub.db");
    let app = open_app(&db);
    let mut answered = Vec::new();
    for _ in 0..3 {
        answered.push(cat_match(&app));
        let names = named(&dir.0, "wordclub.db");
        let read = Store::open_read_only(&db).unwrap_or_else(|e| panic!("{e}"));
        let mut seen: Vec<i64> = read
            .list(&Default::default(), 1)
            .unwrap()
            .matches
            .iter()
            .map(|m| m.id)
            .collect();
        seen.sort();
        assert_eq!(seen, answered);
        drop(read);
        assert_eq!(named(&dir.0, "wordclub.db"), names, "the read left nothing");
        assert!(!beside(&db, "-shm").exists());
    }
    assert_eq!(listed(&app), answered, "the app goes on as it was");
}
