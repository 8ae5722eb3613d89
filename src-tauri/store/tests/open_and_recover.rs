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

/// Everything in `dir`, name → SHA-256 of its bytes (folders as `<dir>`), to show nothing
/// was touched.
fn snapshot(dir: &std::path::Path) -> std::collections::BTreeMap<String, String> {
    use sha2::{Digest, Sha256};
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            let name = e.file_name().to_string_lossy().into_owned();
            let hash = if e.path().is_dir() {
                "<dir>".to_string()
            } else {
                format!("{:x}", Sha256::digest(std::fs::read(e.path()).unwrap()))
            };
            (name, hash)
        })
        .collect()
}

#[test]
fn a_file_that_is_not_a_database_is_refused_and_left_as_it_is() {
    let dir = TempDir::new("garbage");
    let path = dir.join("history.db");
    let garbage =
        b"this is not an SQLite database, just some bytes a crash left behind".repeat(100);
    std::fs::write(&path, &garbage).unwrap();
    let before = snapshot(dir.path());
    for err in [
        Store::open(&path).err().expect("refused"),
        Store::open_read_only(&path).err().expect("refused"),
    ] {
        assert_eq!(err.kind(), "not_a_history");
        assert!(err.to_string().contains("not an SQLite database"), "{err}");
        assert!(err.to_string().contains("left as it is"), "{err}");
    }
    assert_eq!(
        snapshot(dir.path()),
        before,
        "nothing renamed, created or written"
    );
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
fn another_programs_sqlite_database_is_refused_and_left_as_it_is() {
    let dir = TempDir::new("foreign");
    for (name, sql) in [
        // No application id, tables of its own.
        (
            "plain.db",
            "CREATE TABLE recipes (name TEXT); INSERT INTO recipes VALUES ('soup');",
        ),
        // Another program's application id, even with a schema version we also use.
        (
            "other-app.db",
            "PRAGMA application_id = 42; PRAGMA user_version = 1; CREATE TABLE matches (x);",
        ),
        // A schema version of ours but none of our tables.
        (
            "versioned.db",
            "PRAGMA user_version = 1; CREATE TABLE recipes (name TEXT);",
        ),
    ] {
        let path = dir.join(name);
        rusqlite::Connection::open(&path)
            .unwrap()
            .execute_batch(sql)
            .unwrap();
        let before = snapshot(dir.path());
        for err in [
            Store::open(&path).err().expect("refused"),
            Store::open_read_only(&path).err().expect("refused"),
        ] {
            assert_eq!(err.kind(), "not_a_history", "{name}: {err}");
        }
        assert_eq!(snapshot(dir.path()), before, "{name}: left as it was");
    }
}

#[test]
fn a_folder_in_the_way_is_refused_and_left_as_it_is() {
    let dir = TempDir::new("dir");
    let path = dir.join("history.db");
    std::fs::create_dir_all(path.join("inside")).unwrap();
    for err in [
        Store::open(&path).err().expect("refused"),
        Store::open_read_only(&path).err().expect("refused"),
    ] {
        assert_eq!(err.kind(), "not_a_history");
        assert!(err.to_string().contains("folder"), "{err}");
    }
    assert!(path.join("inside").is_dir());
    assert!(aside_files(dir.path()).is_empty());
}

#[test]
fn a_device_is_refused_without_reading_it() {
    let err = Store::open("/dev/zero").err().expect("refused");
    assert_eq!(err.kind(), "not_a_history");
    let err = Store::open_read_only("/dev/zero").err().expect("refused");
    assert_eq!(err.kind(), "not_a_history");
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
fn a_version_past_i32_is_refused_as_newer_without_any_sql_in_the_message() {
    let dir = TempDir::new("negative");
    let path = dir.join("history.db");
    {
        let mut store = Store::open(&path).unwrap();
        spec_cart(&mut store);
    }
    // The 32-bit header field of a version past i32::MAX reads back negative.
    rusqlite::Connection::open(&path)
        .unwrap()
        .pragma_update(None, "user_version", -1)
        .unwrap();
    let before = std::fs::read(&path).unwrap();
    for err in [
        Store::open(&path).err().expect("refused"),
        Store::open_read_only(&path).err().expect("refused"),
    ] {
        let text = err.to_string();
        assert_eq!(err.kind(), "newer_schema", "{text}");
        assert!(text.contains("newer Word Club"), "{text}");
        for sql in ["CREATE", "TABLE", "SELECT", "INSERT", "PRAGMA"] {
            assert!(!text.contains(sql), "SQL in the message: {text}");
        }
    }
    assert_eq!(std::fs::read(&path).unwrap(), before);
    assert_eq!(pragma(&path, "user_version"), "-1");
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

/// Another program's database that happens to use Word Club's table names and a schema
/// version Word Club also used, with no application id: it is not an earlier Word Club
/// history (not exactly the layout Word Club wrote), so it is left byte for byte as it is —
/// neither migrated in place nor moved aside as "damaged" — with an error saying whose file
/// it seems to be.
#[test]
fn a_lookalike_database_without_our_application_id_is_left_byte_for_byte() {
    let dir = TempDir::new("lookalike");
    let all_three = "CREATE TABLE matches (id INTEGER PRIMARY KEY, title TEXT); \
                     CREATE TABLE players (id INTEGER PRIMARY KEY, nick TEXT); \
                     CREATE TABLE events (id INTEGER PRIMARY KEY, what TEXT); \
                     INSERT INTO matches VALUES (1, 'chess club final');";
    let some = "CREATE TABLE matches (id INTEGER PRIMARY KEY, title TEXT); \
                CREATE TABLE players (id INTEGER PRIMARY KEY, nick TEXT);";
    for version in 1..=3 {
        for (tag, sql) in [("all", all_three), ("some", some)] {
            let name = format!("v{version}-{tag}.db");
            let path = dir.join(&name);
            rusqlite::Connection::open(&path)
                .unwrap()
                .execute_batch(&format!("PRAGMA user_version = {version}; {sql}"))
                .unwrap();
            let before = snapshot(dir.path());
            for err in [
                Store::open(&path).err().expect("refused"),
                Store::open_read_only(&path).err().expect("refused"),
            ] {
                assert_eq!(err.kind(), "not_a_history", "{name}: {err}");
                if tag == "all" {
                    assert!(err.to_string().contains("another program"), "{name}: {err}");
                }
            }
            assert_eq!(snapshot(dir.path()), before, "{name}: left as it was");
            assert!(
                aside_files(dir.path()).is_empty(),
                "{name}: nothing renamed"
            );
        }
    }
}

/// An earlier Word Club history is exactly what schema version 1 laid out, without the
/// application id (it came in version 2): such a file still opens and is migrated.
#[test]
fn a_history_laid_out_by_schema_one_without_the_id_still_opens() {
    let dir = TempDir::new("v1-layout");
    let path = dir.join("history.db");
    std::fs::copy(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/history-v1.db"),
        &path,
    )
    .unwrap();
    assert_eq!(pragma(&path, "application_id"), "0");
    let store = Store::open(&path).unwrap();
    assert!(store.list(&Default::default(), 1).unwrap().total > 0);
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
}
