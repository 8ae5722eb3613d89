//! Schema migrations: SQL files in `migrations/`, applied in order. The schema version is
//! SQLite's `PRAGMA user_version`; each migration and its version bump commit together in one
//! transaction, so a crash leaves the database at the old version or the new one, never between.
//!
//! A migration runs with foreign keys off, as SQLite's procedure for making a table again
//! asks: dropping the old `matches` (migration 5) with them on would delete every row that
//! points at it (`ON DELETE CASCADE`). Before it commits, no more rows may point at a missing
//! row than before it ran (`PRAGMA foreign_key_check`); then they are back as they were.
use rusqlite::{Connection, TransactionBehavior};

use crate::StoreError;

pub(crate) struct Migration {
    pub version: i64,
    pub name: &'static str,
    pub sql: &'static str,
    /// What the SQL cannot compute (a SHA-256), run after it in the same transaction.
    pub then: Option<Fill>,
}

/// A migration's step in Rust, on the transaction's connection.
pub(crate) type Fill = fn(&Connection) -> Result<(), rusqlite::Error>;

/// Every migration, oldest first. A new schema version is a new file here and a new line below;
/// never edit a migration that has shipped.
pub(crate) const MIGRATIONS: &[Migration] = &[
    Migration {
        version: 1,
        name: "0001_initial.sql",
        sql: include_str!("../migrations/0001_initial.sql"),
        then: None,
    },
    Migration {
        version: 2,
        name: "0002_fixed_deals_and_recoveries.sql",
        sql: include_str!("../migrations/0002_fixed_deals_and_recoveries.sql"),
        then: None,
    },
    Migration {
        version: 3,
        name: "0003_analyses.sql",
        sql: include_str!("../migrations/0003_analyses.sql"),
        then: None,
    },
    Migration {
        version: 4,
        name: "0004_drafts.sql",
        sql: include_str!("../migrations/0004_drafts.sql"),
        then: None,
    },
    Migration {
        version: 5,
        name: "0005_match_ids_never_reused.sql",
        sql: include_str!("../migrations/0005_match_ids_never_reused.sql"),
        then: None,
    },
    Migration {
        version: 6,
        name: "0006_match_identity_and_backups.sql",
        sql: include_str!("../migrations/0006_match_identity_and_backups.sql"),
        then: Some(crate::identity::fill_identities),
    },
    Migration {
        version: 7,
        name: "0007_our_words_and_own_lists.sql",
        sql: include_str!("../migrations/0007_our_words_and_own_lists.sql"),
        then: None,
    },
    Migration {
        version: 8,
        name: "0008_settings.sql",
        sql: include_str!("../migrations/0008_settings.sql"),
        then: None,
    },
];

/// The schema version this build writes.
pub const SCHEMA_VERSION: i64 = 8;

/// `PRAGMA application_id` of a Word Club history ('WCLB'), set by migration 2.
pub const APPLICATION_ID: i64 = 0x5743_4C42;

pub(crate) fn user_version(conn: &Connection) -> Result<i64, rusqlite::Error> {
    conn.pragma_query_value(None, "user_version", |r| r.get(0))
}

/// Brings the database up to the newest version in `migrations`.
pub(crate) fn migrate(conn: &mut Connection, migrations: &[Migration]) -> Result<(), StoreError> {
    let supported = migrations.last().map_or(0, |m| m.version);
    let found = user_version(conn).map_err(StoreError::db("reading the schema version"))?;
    // user_version is a signed 32-bit field: a version past i32::MAX reads back negative,
    // and is just as unknown as one above ours.
    if found > supported || found < 0 {
        return Err(StoreError::NewerSchema { found, supported });
    }
    for m in migrations.iter().filter(|m| m.version > found) {
        // SQLite ignores the setting inside a transaction: it changes around it.
        let keys: bool = conn
            .pragma_query_value(None, "foreign_keys", |r| r.get(0))
            .map_err(StoreError::db("reading the foreign keys setting"))?;
        conn.pragma_update(None, "foreign_keys", false)
            .map_err(StoreError::db("turning foreign keys off for a migration"))?;
        let applied = apply(conn, m);
        let restored = conn
            .pragma_update(None, "foreign_keys", keys)
            .map_err(StoreError::db("turning foreign keys back on"));
        applied?;
        restored?;
    }
    Ok(())
}

/// Applies one migration and its version bump in one transaction (foreign keys are off).
fn apply(conn: &mut Connection, m: &Migration) -> Result<(), StoreError> {
    let tx = conn
        .transaction_with_behavior(TransactionBehavior::Immediate)
        .map_err(StoreError::db("starting a migration"))?;
    // Another process may have migrated while we waited for the lock.
    let now = user_version(&tx).map_err(StoreError::db("reading the schema version"))?;
    if now >= m.version {
        return Ok(());
    }
    let failed = |source| StoreError::Migration {
        name: m.name,
        source,
    };
    // A history written with foreign keys on has no row pointing at a missing one; should an
    // older file have some, the migration keeps them, but adds none.
    let dangling_before = dangling_rows(&tx).map_err(failed)?;
    tx.execute_batch(m.sql).map_err(failed)?;
    if let Some(then) = m.then {
        then(&tx).map_err(failed)?;
    }
    let dangling_after = dangling_rows(&tx).map_err(failed)?;
    if dangling_after > dangling_before {
        return Err(failed(rusqlite::Error::SqliteFailure(
            rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_CONSTRAINT_FOREIGNKEY),
            Some(format!(
                "it would leave {} rows pointing at a missing row (there were {dangling_before})",
                dangling_after
            )),
        )));
    }
    tx.pragma_update(None, "user_version", m.version)
        .map_err(StoreError::db("recording the schema version"))?;
    tx.commit()
        .map_err(StoreError::db("committing a schema migration"))
}

/// Rows whose foreign key points at no row (`PRAGMA foreign_key_check`).
fn dangling_rows(conn: &Connection) -> Result<usize, rusqlite::Error> {
    let mut stmt = conn.prepare("PRAGMA foreign_key_check")?;
    let mut rows = stmt.query([])?;
    let mut n = 0;
    while rows.next()?.is_some() {
        n += 1;
    }
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_are_consecutive_and_files_are_all_registered() {
        for (i, m) in MIGRATIONS.iter().enumerate() {
            assert_eq!(m.version, i as i64 + 1, "{}", m.name);
            assert!(m.name.starts_with(&format!("{:04}_", m.version)));
        }
        assert_eq!(MIGRATIONS.last().unwrap().version, SCHEMA_VERSION);
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations");
        let mut files: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".sql"))
            .collect();
        files.sort();
        let registered: Vec<&str> = MIGRATIONS.iter().map(|m| m.name).collect();
        assert_eq!(files, registered);
    }

    #[test]
    fn fresh_database_reaches_the_newest_version() {
        let mut conn = Connection::open_in_memory().unwrap();
        migrate(&mut conn, MIGRATIONS).unwrap();
        assert_eq!(user_version(&conn).unwrap(), SCHEMA_VERSION);
        let id: i64 = conn
            .pragma_query_value(None, "application_id", |r| r.get(0))
            .unwrap();
        assert_eq!(id, APPLICATION_ID, "the file says it is Word Club's");
        // Running again is a no-op.
        migrate(&mut conn, MIGRATIONS).unwrap();
        assert_eq!(user_version(&conn).unwrap(), SCHEMA_VERSION);
    }

    /// Every table's rows, in a stable order, as text.
    fn rows(conn: &Connection) -> Vec<String> {
        let mut out = Vec::new();
        for table in ["matches", "players", "events", "analyses", "drafts"] {
            let mut stmt = conn
                .prepare(&format!("SELECT * FROM {table} ORDER BY 1, 2"))
                .unwrap();
            let n = stmt.column_count();
            let mut q = stmt.query([]).unwrap();
            while let Some(r) = q.next().unwrap() {
                let cells: Vec<String> = (0..n)
                    .map(|i| format!("{:?}", r.get_ref(i).unwrap()))
                    .collect();
                out.push(format!("{table}: {}", cells.join(" | ")));
            }
        }
        out
    }

    /// Migration 5 makes `matches` again (AUTOINCREMENT): with foreign keys on, as every
    /// history is opened, dropping the old table would have deleted every row pointing at it.
    /// Every row and id stays, the keys are on again after, and the ids go on from the
    /// largest any row names, never back to a deleted one.
    #[test]
    fn migration_5_keeps_every_row_and_id_and_never_gives_a_deleted_id_again() {
        let mut conn = Connection::open_in_memory().unwrap();
        conn.pragma_update(None, "foreign_keys", true).unwrap();
        migrate(&mut conn, &MIGRATIONS[..4]).unwrap();
        let insert = |conn: &Connection, id: i64| {
            conn.execute(
                "INSERT INTO matches (id, created_at, updated_at, rules_id, rules_json, \
                 rules_sha256, list_id, list_sha256, seed, fixed_deal) \
                 VALUES (?1, 1, 2, 'r', '{}', 'h', 'l', 'lh', '7', 'seed')",
                [id],
            )
            .unwrap();
            conn.execute(
                "INSERT INTO players (match_id, seat, name, kind) VALUES (?1, 0, 'Ann', 'human')",
                [id],
            )
            .unwrap();
            conn.execute(
                "INSERT INTO events (match_id, seq, kind, recorded_at, body) \
                 VALUES (?1, 0, 'started', 1, '{}')",
                [id],
            )
            .unwrap();
        };
        for id in [1, 2, 4, 9] {
            insert(&conn, id);
        }
        conn.execute("INSERT INTO analyses VALUES (2, 1, 5, 1, '{\"a\":1}')", [])
            .unwrap();
        conn.execute("INSERT INTO drafts VALUES (4, 0, 3, '[]', 6)", [])
            .unwrap();
        // The newest deleted, as a player could: its id was free for the next match.
        conn.execute("DELETE FROM matches WHERE id = 9", [])
            .unwrap();
        let before = rows(&conn);
        assert_eq!(before.len(), 3 * 3 + 2);

        migrate(&mut conn, &MIGRATIONS[..5]).unwrap();
        assert_eq!(user_version(&conn).unwrap(), 5);
        assert_eq!(rows(&conn), before, "every row and id as it was");
        let keys: bool = conn
            .pragma_query_value(None, "foreign_keys", |r| r.get(0))
            .unwrap();
        assert!(keys, "foreign keys are on again");
        // A new match takes 5 (the largest left is 4); deleted, its id is not given again.
        conn.execute(
            "INSERT INTO matches (created_at, updated_at, rules_id, rules_json, rules_sha256, \
             list_id, list_sha256, seed) VALUES (1, 1, 'r', '{}', 'h', 'l', 'lh', '1')",
            [],
        )
        .unwrap();
        assert_eq!(conn.last_insert_rowid(), 5);
        conn.execute("DELETE FROM matches WHERE id = 5", [])
            .unwrap();
        conn.execute(
            "INSERT INTO matches (created_at, updated_at, rules_id, rules_json, rules_sha256, \
             list_id, list_sha256, seed) VALUES (1, 1, 'r', '{}', 'h', 'l', 'lh', '1')",
            [],
        )
        .unwrap();
        assert_eq!(conn.last_insert_rowid(), 6);
        // The cascade still holds: deleting a match takes its rows with it.
        conn.execute("DELETE FROM matches WHERE id = 4", [])
            .unwrap();
        let left: i64 = conn
            .query_row(
                "SELECT (SELECT count(*) FROM players WHERE match_id = 4) + \
                        (SELECT count(*) FROM drafts WHERE match_id = 4)",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(left, 0);
    }

    /// A history written by the build before schema version 8 (migrations 1 to 7, a match
    /// and the family's words in it) opens unchanged and gains an empty `settings` table,
    /// which lets in only a JSON object.
    #[test]
    fn migration_8_keeps_a_version_7_history_as_it_was_and_adds_empty_settings() {
        let mut conn = Connection::open_in_memory().unwrap();
        conn.pragma_update(None, "foreign_keys", true).unwrap();
        migrate(&mut conn, &MIGRATIONS[..7]).unwrap();
        assert_eq!(user_version(&conn).unwrap(), 7);
        conn.execute_batch(
            "INSERT INTO matches (id, created_at, updated_at, rules_id, rules_json, rules_sha256, \
             list_id, list_sha256, seed, uid) VALUES (3, 1, 2, 'r', '{}', 'h', 'l', 'lh', '7', 'u-3'); \
             INSERT INTO players (match_id, seat, name, kind) VALUES (3, 0, 'Ann', 'human'); \
             INSERT INTO events (match_id, seq, kind, recorded_at, body) VALUES (3, 0, 'started', 1, '{}'); \
             INSERT INTO our_words (word, blocked, note, added_at) VALUES ('CLOI', 0, 'ours', 5);",
        )
        .unwrap();
        let words = |conn: &Connection| -> String {
            conn.query_row(
                "SELECT group_concat(word || blocked || note || added_at) FROM our_words",
                [],
                |r| r.get(0),
            )
            .unwrap()
        };
        let (before, words_before) = (rows(&conn), words(&conn));
        assert!(
            conn.prepare("SELECT * FROM settings").is_err(),
            "no table yet"
        );

        migrate(&mut conn, MIGRATIONS).unwrap();
        assert_eq!(user_version(&conn).unwrap(), 8);
        assert_eq!(rows(&conn), before, "every match row as it was");
        assert_eq!(words(&conn), words_before);
        let kept: i64 = conn
            .query_row("SELECT count(*) FROM settings", [], |r| r.get(0))
            .unwrap();
        assert_eq!(kept, 0, "no settings until the app keeps some");
        for refused in ["'[1]'", "'not json'", "'3'"] {
            assert!(
                conn.execute(
                    &format!("INSERT INTO settings VALUES (1, {refused}, 1)"),
                    []
                )
                .is_err(),
                "{refused} is not an object"
            );
        }
        conn.execute(
            "INSERT INTO settings VALUES (1, '{\"sound\":false}', 1)",
            [],
        )
        .unwrap();
        assert!(
            conn.execute("INSERT INTO settings VALUES (2, '{}', 1)", [])
                .is_err(),
            "one row"
        );
    }

    #[test]
    fn a_failing_migration_leaves_the_previous_version_intact() {
        let broken = [
            Migration {
                version: 1,
                name: "0001_ok.sql",
                sql: "CREATE TABLE a (x INTEGER);",
                then: None,
            },
            Migration {
                version: 2,
                name: "0002_broken.sql",
                sql: "CREATE TABLE b (y INTEGER); INSERT INTO no_such_table VALUES (1);",
                then: None,
            },
        ];
        let mut conn = Connection::open_in_memory().unwrap();
        let err = migrate(&mut conn, &broken).unwrap_err();
        assert_eq!(err.kind(), "migration");
        assert!(err.to_string().contains("0002_broken.sql"), "{err}");
        assert_eq!(user_version(&conn).unwrap(), 1);
        let tables: Vec<String> = conn
            .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(tables, ["a"], "table b must have been rolled back");
    }

    #[test]
    fn a_newer_schema_is_refused_not_downgraded() {
        let mut conn = Connection::open_in_memory().unwrap();
        conn.pragma_update(None, "user_version", SCHEMA_VERSION + 1)
            .unwrap();
        let err = migrate(&mut conn, MIGRATIONS).unwrap_err();
        assert_eq!(err.kind(), "newer_schema");
        assert_eq!(user_version(&conn).unwrap(), SCHEMA_VERSION + 1);
    }

    #[test]
    fn a_negative_version_is_refused_as_newer_not_migrated() {
        let mut conn = Connection::open_in_memory().unwrap();
        // The header holds 32 bits, signed: a version past i32::MAX written there by another
        // program reads back negative, just as this one does.
        conn.execute_batch("PRAGMA user_version = -1").unwrap();
        assert_eq!(user_version(&conn).unwrap(), -1);
        let err = migrate(&mut conn, MIGRATIONS).unwrap_err();
        assert_eq!(err.kind(), "newer_schema");
        let tables: i64 = conn
            .query_row("SELECT count(*) FROM sqlite_master", [], |r| r.get(0))
            .unwrap();
        assert_eq!(tables, 0, "no migration ran");
    }

    #[test]
    fn a_failing_migration_names_the_file_but_never_shows_its_sql() {
        let broken = [Migration {
            version: 1,
            name: "0001_broken.sql",
            sql: "CREATE TABLE secret_table_name (x INTEGER); SELEC oops FROM nowhere;",
            then: None,
        }];
        let mut conn = Connection::open_in_memory().unwrap();
        let err = migrate(&mut conn, &broken).unwrap_err();
        let text = err.to_string();
        assert!(text.contains("0001_broken.sql"), "{text}");
        assert!(!text.contains("SELEC oops"), "{text}");
        assert!(!text.contains("secret_table_name"), "{text}");
    }
}
