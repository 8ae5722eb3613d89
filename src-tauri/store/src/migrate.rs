//! Schema migrations: SQL files in `migrations/`, applied in order. The schema version is
//! SQLite's `PRAGMA user_version`; each migration and its version bump commit together in one
//! transaction, so a crash leaves the database at the old version or the new one, never between.
use rusqlite::{Connection, TransactionBehavior};

use crate::StoreError;

pub(crate) struct Migration {
    pub version: i64,
    pub name: &'static str,
    pub sql: &'static str,
}

/// Every migration, oldest first. A new schema version is a new file here and a new line below;
/// never edit a migration that has shipped.
pub(crate) const MIGRATIONS: &[Migration] = &[
    Migration {
        version: 1,
        name: "0001_initial.sql",
        sql: include_str!("../migrations/0001_initial.sql"),
    },
    Migration {
        version: 2,
        name: "0002_fixed_deals_and_recoveries.sql",
        sql: include_str!("../migrations/0002_fixed_deals_and_recoveries.sql"),
    },
    Migration {
        version: 3,
        name: "0003_analyses.sql",
        sql: include_str!("../migrations/0003_analyses.sql"),
    },
    Migration {
        version: 4,
        name: "0004_drafts.sql",
        sql: include_str!("../migrations/0004_drafts.sql"),
    },
];

/// The schema version this build writes.
pub const SCHEMA_VERSION: i64 = 4;

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
        let tx = conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(StoreError::db("starting a migration"))?;
        // Another process may have migrated while we waited for the lock.
        let now = user_version(&tx).map_err(StoreError::db("reading the schema version"))?;
        if now >= m.version {
            continue;
        }
        tx.execute_batch(m.sql)
            .map_err(|source| StoreError::Migration {
                name: m.name,
                source,
            })?;
        tx.pragma_update(None, "user_version", m.version)
            .map_err(StoreError::db("recording the schema version"))?;
        tx.commit()
            .map_err(StoreError::db("committing a schema migration"))?;
    }
    Ok(())
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

    #[test]
    fn a_failing_migration_leaves_the_previous_version_intact() {
        let broken = [
            Migration {
                version: 1,
                name: "0001_ok.sql",
                sql: "CREATE TABLE a (x INTEGER);",
            },
            Migration {
                version: 2,
                name: "0002_broken.sql",
                sql: "CREATE TABLE b (y INTEGER); INSERT INTO no_such_table VALUES (1);",
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
        }];
        let mut conn = Connection::open_in_memory().unwrap();
        let err = migrate(&mut conn, &broken).unwrap_err();
        let text = err.to_string();
        assert!(text.contains("0001_broken.sql"), "{text}");
        assert!(!text.contains("SELEC oops"), "{text}");
        assert!(!text.contains("secret_table_name"), "{text}");
    }
}
