//! Opening the history: pragmas, and unusable files moved aside (never deleted).
mod common;

use common::*;
use wordclub_store::{Store, SCHEMA_VERSION};

fn pragma(path: &std::path::Path, name: &str) -> String {
    let conn = rusqlite::Connection::open(path).unwrap();
    conn.pragma_query_value(None, name, |r| r.get::<_, rusqlite::types::Value>(0))
        .map(|v| match v {
            rusqlite::types::Value::Text(t) => t,
            rusqlite::types::Value::Integer(i) => i.to_string(),
            other => format!("{other:?}"),
        })
        .unwrap()
}

fn aside_files(dir: &std::path::Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(".unreadable-"))
        .collect();
    v.sort();
    v
}

#[test]
fn a_new_history_uses_wal_full_sync_and_the_current_schema() {
    let dir = TempDir::new("open");
    let path = dir.join("nested/folder/history.db");
    let mut store = Store::open(&path).unwrap();
    assert!(store.moved_aside().is_none());
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
    assert_eq!(
        store.durability().unwrap(),
        ("wal".to_string(), "full".to_string())
    );
    spec_cart(&mut store);
    store.integrity_check().unwrap();
    drop(store);
    assert_eq!(pragma(&path, "journal_mode"), "wal", "WAL is persistent");
    assert_eq!(pragma(&path, "user_version"), SCHEMA_VERSION.to_string());
    let store = Store::open(&path).unwrap();
    assert_eq!(store.list(&Default::default(), 1).unwrap().total, 1);
}

#[test]
fn a_file_that_is_not_a_database_is_moved_aside_and_a_new_history_started() {
    let dir = TempDir::new("garbage");
    let path = dir.join("history.db");
    let garbage =
        b"this is not an SQLite database, just some bytes a crash left behind".repeat(100);
    std::fs::write(&path, &garbage).unwrap();
    let mut store = Store::open(&path).unwrap();
    let moved = store.moved_aside().cloned().expect("moved aside");
    assert_eq!(moved.original, path);
    assert_eq!(
        std::fs::read(&moved.moved_to).unwrap(),
        garbage,
        "kept byte for byte"
    );
    let message = moved.to_string();
    assert!(
        message.contains("moved to") && message.contains("new, empty history"),
        "{message}"
    );
    assert_eq!(aside_files(dir.path()).len(), 1);
    // The new history works.
    let (id, _) = spec_cart(&mut store);
    assert_eq!(store.summary(id).unwrap().players[0].score, 7);
    drop(store);
    // Reopening the good new file moves nothing.
    assert!(Store::open(&path).unwrap().moved_aside().is_none());
    assert_eq!(aside_files(dir.path()).len(), 1);
}

#[test]
fn a_damaged_database_is_moved_aside_with_its_wal() {
    let dir = TempDir::new("damaged");
    let path = dir.join("history.db");
    {
        let mut store = Store::open(&path).unwrap();
        for _ in 0..30 {
            spec_cart(&mut store);
        }
    }
    // Scribble over the middle pages (past the header page).
    let mut bytes = std::fs::read(&path).unwrap();
    assert!(bytes.len() > 16 * 4096, "{}", bytes.len());
    for b in &mut bytes[4096..12 * 4096] {
        *b = 0xA5;
    }
    std::fs::write(&path, &bytes).unwrap();
    std::fs::write(dir.join("history.db-wal"), b"leftover wal").unwrap();
    let store = Store::open(&path).unwrap();
    let moved = store.moved_aside().expect("moved aside");
    assert!(
        moved.reason.contains("damaged") || moved.reason.contains("malformed"),
        "{}",
        moved.reason
    );
    assert_eq!(std::fs::read(&moved.moved_to).unwrap(), bytes);
    let wal = format!("{}-wal", moved.moved_to.display());
    assert_eq!(std::fs::read(wal).unwrap(), b"leftover wal");
    assert_eq!(store.list(&Default::default(), 1).unwrap().total, 0);
}

#[test]
fn another_programs_sqlite_database_is_not_taken_over() {
    let dir = TempDir::new("foreign");
    let path = dir.join("history.db");
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.execute_batch(
            "CREATE TABLE recipes (name TEXT); INSERT INTO recipes VALUES ('soup');",
        )
        .unwrap();
    }
    let store = Store::open(&path).unwrap();
    let moved = store.moved_aside().expect("moved aside");
    assert!(moved.reason.contains("not a Word Club"), "{}", moved.reason);
    let conn = rusqlite::Connection::open(&moved.moved_to).unwrap();
    let soup: String = conn
        .query_row("SELECT name FROM recipes", [], |r| r.get(0))
        .unwrap();
    assert_eq!(soup, "soup");
}

#[test]
fn a_directory_in_the_way_is_moved_aside() {
    let dir = TempDir::new("dir");
    let path = dir.join("history.db");
    std::fs::create_dir_all(path.join("inside")).unwrap();
    let store = Store::open(&path).unwrap();
    let moved = store.moved_aside().expect("moved aside");
    assert!(moved.moved_to.join("inside").is_dir());
    assert!(path.is_file());
}

#[test]
fn a_history_from_a_newer_version_is_refused_and_left_alone() {
    let dir = TempDir::new("newer");
    let path = dir.join("history.db");
    drop(Store::open(&path).unwrap());
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.pragma_update(None, "user_version", SCHEMA_VERSION + 5)
            .unwrap();
    }
    let err = Store::open(&path).err().expect("refused");
    assert_eq!(err.kind(), "newer_schema");
    assert!(err.to_string().contains("newer Word Club"), "{err}");
    assert!(aside_files(dir.path()).is_empty());
    assert_eq!(
        pragma(&path, "user_version"),
        (SCHEMA_VERSION + 5).to_string()
    );
}

#[test]
fn a_history_missing_its_tables_is_moved_aside() {
    let dir = TempDir::new("tables");
    let path = dir.join("history.db");
    drop(Store::open(&path).unwrap());
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.execute_batch("DROP TABLE events;").unwrap();
    }
    let store = Store::open(&path).unwrap();
    let moved = store.moved_aside().expect("moved aside");
    assert!(
        moved.reason.contains("tables are missing"),
        "{}",
        moved.reason
    );
    assert_eq!(store.list(&Default::default(), 1).unwrap().total, 0);
}

#[test]
fn a_place_where_no_file_can_be_made_is_an_error_not_a_move() {
    let dir = TempDir::new("blocked");
    // A plain file where the history's folder should be.
    std::fs::write(dir.join("folder"), b"in the way").unwrap();
    let err = Store::open(dir.join("folder").join("history.db"))
        .err()
        .expect("cannot create");
    assert_eq!(err.kind(), "io");
    assert_eq!(std::fs::read(dir.join("folder")).unwrap(), b"in the way");
}
