//! Opening the history: WAL journal, `synchronous=FULL`, migrations, and what happens to a
//! database that cannot be used (it is moved aside, never deleted, and a new one is started).
use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::config::DbConfig;
use rusqlite::{Connection, ErrorCode, OpenFlags};

use crate::migrate::{migrate, user_version, MIGRATIONS};
use crate::time::{now_ms, utc_compact};
use crate::StoreError;

/// The match history: one SQLite connection. Not `Sync`; an app shares it behind a mutex.
pub struct Store {
    pub(crate) conn: Connection,
    recovery: Option<MovedAside>,
}

/// A database that could not be used, moved aside so nothing is lost, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MovedAside {
    pub original: PathBuf,
    pub moved_to: PathBuf,
    pub reason: String,
}

impl fmt::Display for MovedAside {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "The match history {} could not be opened ({}). It was moved to {} (nothing was \
             deleted) and a new, empty history was started.",
            self.original.display(),
            self.reason,
            self.moved_to.display()
        )
    }
}

/// Why opening failed: either the file itself is unusable (move it aside and start again), or
/// something else is wrong that a new file would not fix (a newer schema, a locked file, a full
/// disk), which is reported to the caller.
enum OpenFailure {
    Unusable(String),
    Fatal(StoreError),
}

impl From<StoreError> for OpenFailure {
    fn from(e: StoreError) -> Self {
        match &e {
            StoreError::Database { source, .. } if damaged(source) => {
                OpenFailure::Unusable(source.to_string())
            }
            _ => OpenFailure::Fatal(e),
        }
    }
}

/// SQLite's verdict that the file is not (or no longer) a usable database.
fn damaged(e: &rusqlite::Error) -> bool {
    matches!(
        e.sqlite_error_code(),
        Some(ErrorCode::NotADatabase | ErrorCode::DatabaseCorrupt | ErrorCode::CannotOpen)
    )
}

impl Store {
    /// Opens (or creates) the history at `path`, bringing its schema up to date. A file that
    /// is not a usable Word Club history is moved aside (see [`Store::moved_aside`]) and a new
    /// history is started in its place.
    pub fn open(path: impl AsRef<Path>) -> Result<Store, StoreError> {
        let path = path.as_ref();
        if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(parent).map_err(|e| StoreError::Io {
                path: parent.display().to_string(),
                reason: e.to_string(),
            })?;
        }
        match open_checked(path) {
            Ok(conn) => Ok(Store {
                conn,
                recovery: None,
            }),
            Err(OpenFailure::Fatal(e)) => Err(e),
            // Nothing there to move aside: the place itself is unusable (e.g. not writable).
            Err(OpenFailure::Unusable(reason)) if !path.exists() => Err(StoreError::Io {
                path: path.display().to_string(),
                reason: format!("a history cannot be created here: {reason}"),
            }),
            Err(OpenFailure::Unusable(reason)) => {
                let moved_to = move_aside(path)?;
                let conn = open_checked(path).map_err(|f| match f {
                    OpenFailure::Fatal(e) => e,
                    OpenFailure::Unusable(reason) => StoreError::Io {
                        path: path.display().to_string(),
                        reason: format!("a new history cannot be created here: {reason}"),
                    },
                })?;
                Ok(Store {
                    conn,
                    recovery: Some(MovedAside {
                        original: path.to_path_buf(),
                        moved_to,
                        reason,
                    }),
                })
            }
        }
    }

    /// A history in memory (tests, previews); nothing survives the process.
    pub fn open_in_memory() -> Result<Store, StoreError> {
        let mut conn = Connection::open_in_memory().map_err(StoreError::db("opening"))?;
        migrate(&mut conn, MIGRATIONS)?;
        Ok(Store {
            conn,
            recovery: None,
        })
    }

    /// Set when the file found at the path could not be used and was moved aside.
    pub fn moved_aside(&self) -> Option<&MovedAside> {
        self.recovery.as_ref()
    }

    /// `PRAGMA integrity_check`: `Ok(())` or SQLite's list of problems.
    pub fn integrity_check(&self) -> Result<(), StoreError> {
        let problems = check(&self.conn, "integrity_check")?;
        if problems.is_empty() {
            Ok(())
        } else {
            Err(StoreError::Io {
                path: self.conn.path().unwrap_or("(memory)").to_string(),
                reason: format!("integrity check failed: {}", problems.join("; ")),
            })
        }
    }

    /// The connection's journal mode and `synchronous` level, e.g. `("wal", "full")`.
    pub fn durability(&self) -> Result<(String, String), StoreError> {
        let read = |name: &str| -> Result<rusqlite::types::Value, StoreError> {
            self.conn
                .pragma_query_value(None, name, |r| r.get(0))
                .map_err(StoreError::db("reading the journal settings"))
        };
        let mode = match read("journal_mode")? {
            rusqlite::types::Value::Text(t) => t.to_ascii_lowercase(),
            other => format!("{other:?}"),
        };
        let sync = match read("synchronous")? {
            rusqlite::types::Value::Integer(0) => "off".to_string(),
            rusqlite::types::Value::Integer(1) => "normal".to_string(),
            rusqlite::types::Value::Integer(2) => "full".to_string(),
            rusqlite::types::Value::Integer(3) => "extra".to_string(),
            other => format!("{other:?}"),
        };
        Ok((mode, sync))
    }

    /// The schema version of the open database.
    pub fn schema_version(&self) -> Result<i64, StoreError> {
        user_version(&self.conn).map_err(StoreError::db("reading the schema version"))
    }
}

/// Runs `PRAGMA quick_check` or `integrity_check`; returns the problems found (none = ok).
fn check(conn: &Connection, pragma: &str) -> Result<Vec<String>, StoreError> {
    let sql = match pragma {
        "quick_check" => "PRAGMA quick_check",
        _ => "PRAGMA integrity_check",
    };
    let mut stmt = conn
        .prepare(sql)
        .map_err(StoreError::db("checking the database"))?;
    let rows: Vec<String> = stmt
        .query_map([], |r| r.get(0))
        .and_then(|rows| rows.collect())
        .map_err(StoreError::db("checking the database"))?;
    Ok(rows.into_iter().filter(|r| r != "ok").collect())
}

fn open_checked(path: &Path) -> Result<Connection, OpenFailure> {
    if path.exists() && !path.is_file() {
        return Err(OpenFailure::Unusable("it is not a file".into()));
    }
    let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
        | OpenFlags::SQLITE_OPEN_CREATE
        | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let mut conn =
        Connection::open_with_flags(path, flags).map_err(StoreError::db("opening the file"))?;
    conn.busy_timeout(Duration::from_secs(5))
        .map_err(StoreError::db("setting the busy timeout"))?;
    // Until the file has passed its checks, closing must not fold the WAL into it (nor delete
    // the WAL): a damaged history is moved aside exactly as it was found.
    conn.set_db_config(DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, true)
        .map_err(StoreError::db("configuring the connection"))?;
    // Reading the schema first makes SQLite parse the header: a file that is not a database
    // fails here.
    let version = user_version(&conn).map_err(StoreError::db("reading the file"))?;
    let mode: String = conn
        .pragma_update_and_check(None, "journal_mode", "WAL", |r| r.get(0))
        .map_err(StoreError::db("switching to WAL"))?;
    if !mode.eq_ignore_ascii_case("wal") {
        return Err(OpenFailure::Fatal(StoreError::Io {
            path: path.display().to_string(),
            reason: format!("the database refused WAL mode (journal_mode={mode})"),
        }));
    }
    conn.pragma_update(None, "synchronous", "FULL")
        .map_err(StoreError::db("setting synchronous=FULL"))?;
    conn.pragma_update(None, "foreign_keys", true)
        .map_err(StoreError::db("enabling foreign keys"))?;
    let problems = check(&conn, "quick_check")?;
    if !problems.is_empty() {
        return Err(OpenFailure::Unusable(format!(
            "the database is damaged: {}",
            problems.join("; ")
        )));
    }
    if version == 0 {
        let objects: i64 = conn
            .query_row("SELECT count(*) FROM sqlite_master", [], |r| r.get(0))
            .map_err(StoreError::db("reading the schema"))?;
        if objects > 0 {
            return Err(OpenFailure::Unusable(
                "it is an SQLite database, but not a Word Club match history".into(),
            ));
        }
    }
    migrate(&mut conn, MIGRATIONS)?;
    let tables: i64 = conn
        .query_row(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table'
             AND name IN ('matches', 'players', 'events')",
            [],
            |r| r.get(0),
        )
        .map_err(StoreError::db("reading the schema"))?;
    if tables != 3 {
        return Err(OpenFailure::Unusable(
            "its schema version says Word Club history, but its tables are missing".into(),
        ));
    }
    conn.set_db_config(DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, false)
        .map_err(StoreError::db("configuring the connection"))?;
    Ok(conn)
}

/// Renames the database (and its `-wal`/`-shm` companions) to
/// `<name>.unreadable-<UTC time>[-n]`, beside it. Returns the new path of the main file.
fn move_aside(path: &Path) -> Result<PathBuf, StoreError> {
    let io = |p: &Path, e: std::io::Error| StoreError::Io {
        path: p.display().to_string(),
        reason: format!("cannot move the unusable history aside: {e}"),
    };
    let stamp = utc_compact(now_ms());
    let base = path.as_os_str().to_string_lossy().into_owned();
    let mut target = PathBuf::from(format!("{base}.unreadable-{stamp}"));
    let mut n = 2;
    while target.exists() {
        target = PathBuf::from(format!("{base}.unreadable-{stamp}-{n}"));
        n += 1;
    }
    std::fs::rename(path, &target).map_err(|e| io(path, e))?;
    for suffix in ["-wal", "-shm"] {
        let companion = PathBuf::from(format!("{base}{suffix}"));
        if companion.exists() {
            let to = PathBuf::from(format!("{}{suffix}", target.display()));
            std::fs::rename(&companion, &to).map_err(|e| io(&companion, e))?;
        }
    }
    Ok(target)
}
