//! Opening the history: WAL journal, `synchronous=FULL`, migrations, and what happens to a
//! file that cannot be used.
//!
//! A file is moved aside (renamed beside itself, never deleted) only when it is proven to be a
//! damaged Word Club history: its header says Word Club (`application_id`, or — for a history
//! from before the id — exactly the layout schema version 1 wrote) and SQLite says its pages
//! are damaged. Everything else is
//! left exactly where it is with a typed error: a folder, another program's database, a file
//! that is not SQLite (`not_a_history`), a history that merely cannot be opened now —
//! permission denied, read-only, locked, out of file descriptors (`cannot_open`) — and one from
//! a newer Word Club (`newer_schema`).
//!
//! A move aside is recorded in the new history (`recoveries`) and reported by
//! [`Store::notices`] until [`Store::acknowledge`]; an `*.unreadable-*` file found beside the
//! history but not recorded (a crash right after the move) is reported too.
//!
//! While open, the store checks before and after every write that the files at the path are
//! still the ones it opened, none cut short ([`StoreError::HistoryGone`]): a history, `-wal`
//! or `-shm` deleted, replaced or truncated under a running app is noticed, and a move
//! written to a file no restart will read is not reported as saved.
use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::config::DbConfig;
use rusqlite::{params, Connection, ErrorCode, OpenFlags};

use crate::migrate::{migrate, user_version, APPLICATION_ID, MIGRATIONS, SCHEMA_VERSION};
use crate::time::{now_ms, utc_compact};
use crate::StoreError;

/// The match history: one SQLite connection. Not `Sync`; an app shares it behind a mutex.
///
/// ```
/// use wordclub_engine::{Action, ListRef, Match, PlayerSpec, RuleSet};
/// use wordclub_lexicon::WordList;
/// use wordclub_store::Store;
///
/// let mut store = Store::open_in_memory()?;
/// let rules = RuleSet::builtin("wordclub-1.0")?;
/// let list = WordList::builtin(&rules.default_list)?;
/// let players = vec![PlayerSpec::human("Ann"), PlayerSpec::human("Ben")];
/// let mut game = Match::new(rules, ListRef::of(list), players, 7)?;
/// let id = store.create(&game)?;
/// game.apply(Action::Pass { player: 0 }, list)?;
/// assert_eq!(store.record(id, &game)?, 1, "one event appended, committed");
/// // A restart: the match comes back from its events, as it was.
/// let resumed = store.resume(id)?.game;
/// assert_eq!((resumed.to_move(), resumed.rack(1)), (game.to_move(), game.rack(1)));
/// assert_eq!(store.unfinished()?, [id]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Store {
    pub(crate) conn: Connection,
    recovery: Option<MovedAside>,
    /// The file behind the connection and its identity when it was opened (none in memory).
    file: Option<FileIdentity>,
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

/// What the first 100 bytes of a file (SQLite's header) say about it. In WAL mode the newest
/// header may still be in the `-wal` file, so its fields decide only when SQLite itself cannot
/// read the file; the magic string decides whether SQLite is asked at all.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Header {
    /// No bytes: SQLite treats it as a new, empty database.
    Empty,
    /// Not SQLite's magic string, or too short for a header.
    NotSqlite,
    Sqlite {
        user_version: i64,
        application_id: i64,
    },
}

/// Whose file the header says it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Owner {
    /// Word Club's application id: ours, whatever its state.
    WordClub,
    /// No application id but a schema version we wrote (histories from before the id): ours
    /// if its tables say so.
    Probably,
    /// A plain, empty SQLite database (version 0): ours to start a history in if it holds
    /// nothing.
    Fresh,
    /// Another program's application id.
    Foreign,
}

impl Header {
    fn read(path: &Path) -> Result<Header, StoreError> {
        let mut bytes = Vec::with_capacity(100);
        std::fs::File::open(path)
            .and_then(|f| f.take(100).read_to_end(&mut bytes))
            .map_err(|e| cannot_open(path, io_reason(&e)))?;
        if bytes.is_empty() {
            return Ok(Header::Empty);
        }
        if bytes.len() < 100 || &bytes[..16] != b"SQLite format 3\0" {
            return Ok(Header::NotSqlite);
        }
        let be32 = |at: usize| {
            i32::from_be_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
        };
        Ok(Header::Sqlite {
            user_version: i64::from(be32(60)),
            application_id: i64::from(be32(68)),
        })
    }

    fn owner(self) -> Owner {
        match self {
            Header::Empty => Owner::Fresh,
            Header::NotSqlite => Owner::Foreign,
            Header::Sqlite {
                application_id,
                user_version,
            } => owner_of(application_id, user_version),
        }
    }
}

fn owner_of(application_id: i64, user_version: i64) -> Owner {
    match (application_id, user_version) {
        (APPLICATION_ID, _) => Owner::WordClub,
        (0, 0) => Owner::Fresh,
        (0, _) => Owner::Probably,
        _ => Owner::Foreign,
    }
}

/// Device and inode of a file (Unix); elsewhere `(0, 0)`: only its presence counts.
fn file_id(meta: &std::fs::Metadata) -> (u64, u64) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        (meta.dev(), meta.ino())
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        (0, 0)
    }
}

/// One file of an open history as it was when the store opened it: which file it is, and the
/// largest size it has had. While a connection is open SQLite only ever grows the main file
/// (auto-vacuum is off), the `-wal` (a checkpoint rewinds it, nothing truncates it) and the
/// `-shm`, so a smaller file was cut short by someone else.
#[derive(Debug)]
struct Watched {
    path: PathBuf,
    id: (u64, u64),
    size: std::cell::Cell<u64>,
}

impl Watched {
    fn of(path: PathBuf) -> std::io::Result<Watched> {
        let meta = std::fs::metadata(&path)?;
        Ok(Watched {
            id: file_id(&meta),
            size: std::cell::Cell::new(meta.len()),
            path,
        })
    }

    /// How the file changed, if it did: "was deleted or moved", "was replaced…", "was cut
    /// short…".
    fn change(&self) -> Option<String> {
        let meta = match std::fs::metadata(&self.path) {
            Ok(meta) => meta,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Some("was deleted or moved".to_string())
            }
            Err(e) => return Some(format!("can no longer be checked ({})", io_reason(&e))),
        };
        if file_id(&meta) != self.id {
            return Some("was replaced by another file".to_string());
        }
        if meta.len() < self.size.get() {
            return Some(format!(
                "was cut short by another program ({} of its {} bytes are left)",
                meta.len(),
                self.size.get()
            ));
        }
        self.size.set(meta.len());
        None
    }
}

/// The files a store opened: the history itself and, once it is in WAL mode, its `-wal`
/// (every commit since the last checkpoint: up to a thousand pages of moves) and `-shm` (the
/// WAL's index). Another program can take any of them away under a running app — a cleanup
/// tool deleting the `-wal`, a sync client truncating the main file in place — and SQLite,
/// writing through the descriptors it holds, would go on answering commits that no restart
/// finds. So each is checked before and after every write.
#[derive(Debug)]
struct FileIdentity {
    main: Watched,
    /// The `-wal` and the `-shm` when they were there at the open (always, after the WAL
    /// switch of a read-write open).
    wal: Option<Watched>,
    shm: Option<Watched>,
}

impl FileIdentity {
    fn of(path: &Path) -> std::io::Result<FileIdentity> {
        let beside =
            |suffix: &str| Watched::of(PathBuf::from(format!("{}{suffix}", path.display()))).ok();
        Ok(FileIdentity {
            main: Watched::of(path.to_path_buf())?,
            wal: beside("-wal"),
            shm: beside("-shm"),
        })
    }

    /// `Err(HistoryGone)` when any of the files changed under the store. `fold` is asked to
    /// checkpoint when only the `-wal` went: the descriptor SQLite still holds reaches the
    /// commits it had, and folding them into the main file keeps every move answered as saved
    /// (not when the `-shm` changed too: the checkpoint reads the index through it).
    fn check(&self, fold: impl FnOnce() -> bool) -> Result<(), StoreError> {
        let gone = |reason: String| StoreError::HistoryGone {
            path: self.main.path.display().to_string(),
            reason,
        };
        if let Some(how) = self.main.change() {
            return Err(gone(how));
        }
        let shm = self.shm.as_ref().and_then(Watched::change);
        if let Some(how) = self.wal.as_ref().and_then(Watched::change) {
            let kept = if shm.is_none() && fold() {
                "the moves saved before that were written into the history file"
            } else {
                "the moves saved since the last checkpoint may be lost"
            };
            return Err(gone(format!(
                "lost its journal: its -wal file {how} ({kept})"
            )));
        }
        if let Some(how) = shm {
            return Err(gone(format!(
                "lost its journal's index: its -shm file {how}"
            )));
        }
        Ok(())
    }
}

/// A history opened for reading only ([`Store::open_read_only`]) or to play on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Access {
    ReadOnly,
    ReadWrite,
}

/// Why [`open_checked`] failed: the file is a damaged Word Club history (move it aside), or
/// anything else, which is reported as it is.
enum OpenFailure {
    Damaged(String),
    Fatal(StoreError),
}

impl From<StoreError> for OpenFailure {
    fn from(e: StoreError) -> Self {
        OpenFailure::Fatal(e)
    }
}

/// SQLite's verdict that the file's pages are not (or no longer) a database. `CannotOpen` is
/// not damage: it is a permission, a folder or a missing `-shm`, and a new file would not
/// fix it.
fn damaged(e: &rusqlite::Error) -> bool {
    matches!(
        e.sqlite_error_code(),
        Some(ErrorCode::NotADatabase | ErrorCode::DatabaseCorrupt)
    )
}

/// SQLite cannot write the file now (permissions, a lock, a full disk): not the file's fault.
fn cannot_write(e: &rusqlite::Error) -> bool {
    matches!(
        e.sqlite_error_code(),
        Some(
            ErrorCode::ReadOnly
                | ErrorCode::CannotOpen
                | ErrorCode::PermissionDenied
                | ErrorCode::DatabaseBusy
                | ErrorCode::DatabaseLocked
                | ErrorCode::DiskFull
                | ErrorCode::SystemIoFailure
        )
    )
}

fn io_reason(e: &std::io::Error) -> String {
    use std::io::ErrorKind;
    match e.kind() {
        ErrorKind::PermissionDenied => "permission denied".to_string(),
        ErrorKind::NotFound => "there is no such file".to_string(),
        _ if e.raw_os_error() == Some(24) || e.raw_os_error() == Some(23) => {
            "the program has too many files open".to_string()
        }
        _ => e.to_string(),
    }
}

fn cannot_open(path: &Path, reason: String) -> StoreError {
    StoreError::CannotOpen {
        path: path.display().to_string(),
        reason,
    }
}

fn not_a_history(path: &Path, reason: &str) -> StoreError {
    StoreError::NotAHistory {
        path: path.display().to_string(),
        reason: reason.to_string(),
    }
}

/// An SQLite failure while opening, in words for the person whose history it is.
fn open_error(path: &Path, e: &rusqlite::Error) -> StoreError {
    let reason = match e.sqlite_error_code() {
        Some(ErrorCode::ReadOnly) => {
            "it is read-only (the file, its folder, or its -wal/-shm files)".to_string()
        }
        Some(ErrorCode::CannotOpen) | Some(ErrorCode::PermissionDenied) => {
            "permission denied, or too many files open (check the file, its folder and its \
             -wal/-shm files)"
                .to_string()
        }
        Some(ErrorCode::DatabaseBusy) | Some(ErrorCode::DatabaseLocked) => {
            "another program is using it (it is locked)".to_string()
        }
        Some(ErrorCode::DiskFull) => "the disk is full".to_string(),
        _ => crate::error::sqlite_reason(e),
    };
    cannot_open(path, reason)
}

impl Store {
    /// Opens (or creates) the history at `path` to play on, bringing its schema up to date. A
    /// damaged Word Club history is moved aside (see [`Store::moved_aside`]) and a new one is
    /// started in its place; anything else that cannot be used is refused and left as it is.
    pub fn open(path: impl AsRef<Path>) -> Result<Store, StoreError> {
        let path = path.as_ref();
        if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            if !parent.is_dir() {
                std::fs::create_dir_all(parent).map_err(|e| StoreError::Io {
                    path: parent.display().to_string(),
                    reason: format!("cannot create the folder: {}", io_reason(&e)),
                })?;
            }
        }
        let raw = examine(path)?.unwrap_or(Header::Empty);
        match open_checked(path, raw, Access::ReadWrite) {
            Ok(conn) => Store::on_file(conn, path, None),
            Err(OpenFailure::Fatal(e)) => Err(e),
            Err(OpenFailure::Damaged(reason)) => {
                let moved_to = move_aside(path)?;
                let conn =
                    open_checked(path, Header::Empty, Access::ReadWrite).map_err(|f| match f {
                        OpenFailure::Fatal(e) => e,
                        OpenFailure::Damaged(reason) => StoreError::Io {
                            path: path.display().to_string(),
                            reason: format!("a new history cannot be created here: {reason}"),
                        },
                    })?;
                let moved = MovedAside {
                    original: path.to_path_buf(),
                    moved_to,
                    reason,
                };
                conn.execute(
                    "INSERT OR IGNORE INTO recoveries (moved_to, original, reason, moved_at)
                     VALUES (?1, ?2, ?3, ?4)",
                    params![
                        moved.moved_to.display().to_string(),
                        moved.original.display().to_string(),
                        moved.reason,
                        now_ms()
                    ],
                )
                .map_err(StoreError::db("recording the history moved aside"))?;
                Store::on_file(conn, path, Some(moved))
            }
        }
    }

    /// Opens the history at `path` for reading only: nothing is created, moved or migrated
    /// (a history of an older schema is read through a migrated copy in memory). A missing,
    /// foreign, damaged or newer file is refused.
    pub fn open_read_only(path: impl AsRef<Path>) -> Result<Store, StoreError> {
        let path = path.as_ref();
        let header = examine(path)?.ok_or_else(|| StoreError::NoHistory {
            path: path.display().to_string(),
        })?;
        if header == Header::Empty {
            return Err(not_a_history(path, "the file is empty"));
        }
        let wal = PathBuf::from(format!("{}-wal", path.display()));
        let shm = PathBuf::from(format!("{}-shm", path.display()));
        // A `-wal` without its `-shm` (a writer killed, or gone): reading it in place would
        // create the `-shm`. Nobody has the file open then, so read a copy instead.
        let opened = if wal.exists() && !shm.exists() {
            read_a_copy(path, header)
        } else {
            open_checked(path, header, Access::ReadOnly)
        };
        let conn = match opened {
            Ok(conn) => conn,
            Err(OpenFailure::Fatal(e)) => return Err(e),
            Err(OpenFailure::Damaged(reason)) => {
                return Err(StoreError::Damaged {
                    path: path.display().to_string(),
                    reason,
                })
            }
        };
        let version = user_version(&conn).map_err(|e| open_error(path, &e))?;
        let conn = if version < SCHEMA_VERSION {
            let mut copy = Connection::open_in_memory().map_err(StoreError::db("opening"))?;
            rusqlite::backup::Backup::new(&conn, &mut copy)
                .and_then(|b| b.run_to_completion(256, Duration::ZERO, None))
                .map_err(|e| open_error(path, &e))?;
            migrate(&mut copy, MIGRATIONS)?;
            copy
        } else {
            conn
        };
        Ok(Store {
            conn,
            recovery: None,
            file: Some(FileIdentity::of(path).map_err(|e| cannot_open(path, io_reason(&e)))?),
        })
    }

    fn on_file(
        conn: Connection,
        path: &Path,
        recovery: Option<MovedAside>,
    ) -> Result<Store, StoreError> {
        let file = FileIdentity::of(path).map_err(|e| cannot_open(path, io_reason(&e)))?;
        Ok(Store {
            conn,
            recovery,
            file: Some(file),
        })
    }

    /// A history in memory (tests, previews); nothing survives the process.
    pub fn open_in_memory() -> Result<Store, StoreError> {
        let mut conn = Connection::open_in_memory().map_err(StoreError::db("opening"))?;
        migrate(&mut conn, MIGRATIONS)?;
        Ok(Store {
            conn,
            recovery: None,
            file: None,
        })
    }

    /// Set when the file found at the path was damaged and moved aside by this open.
    pub fn moved_aside(&self) -> Option<&MovedAside> {
        self.recovery.as_ref()
    }

    /// Every history moved aside that the player has not acknowledged yet, oldest first: the
    /// ones recorded here, and any `<name>.unreadable-*` file beside the history that is not
    /// recorded (moved aside by a run that stopped before it could record it).
    pub fn notices(&self) -> Result<Vec<MovedAside>, StoreError> {
        let mut stmt = self
            .conn
            .prepare(
                "SELECT moved_to, original, reason, acknowledged_at FROM recoveries
                 ORDER BY moved_at, moved_to",
            )
            .map_err(StoreError::db("reading the moved-aside histories"))?;
        let rows: Vec<(String, String, String, Option<i64>)> = stmt
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
            .and_then(|rows| rows.collect())
            .map_err(StoreError::db("reading the moved-aside histories"))?;
        let mut notices: Vec<MovedAside> = rows
            .iter()
            .filter(|r| r.3.is_none())
            .map(|(moved_to, original, reason, _)| MovedAside {
                original: PathBuf::from(original),
                moved_to: PathBuf::from(moved_to),
                reason: reason.clone(),
            })
            .collect();
        if let Some(file) = &self.file {
            for found in aside_files(&file.main.path) {
                let text = found.display().to_string();
                if !rows.iter().any(|r| r.0 == text) {
                    notices.push(MovedAside {
                        original: file.main.path.clone(),
                        moved_to: found,
                        reason: "it could not be used".to_string(),
                    });
                }
            }
        }
        Ok(notices)
    }

    /// The player has seen the notice about the history moved to `moved_to`: it is no longer
    /// shown. The old file itself stays where it is. Unknown paths are refused.
    pub fn acknowledge(&mut self, moved_to: &str) -> Result<(), StoreError> {
        let notice = self
            .notices()?
            .into_iter()
            .find(|n| n.moved_to.display().to_string() == moved_to)
            .ok_or_else(|| StoreError::BadQuery {
                reason: format!("no notice about a history moved to {moved_to:?}"),
            })?;
        self.check_file()?;
        self.conn
            .execute(
                "INSERT INTO recoveries (moved_to, original, reason, moved_at, acknowledged_at)
                 VALUES (?1, ?2, ?3, ?4, ?4)
                 ON CONFLICT (moved_to) DO UPDATE SET acknowledged_at = excluded.acknowledged_at",
                params![
                    moved_to,
                    notice.original.display().to_string(),
                    notice.reason,
                    now_ms()
                ],
            )
            .map_err(StoreError::db("recording that the notice was seen"))?;
        self.check_file()
    }

    /// `Err(HistoryGone)` when the file this store opened is no longer at its path (deleted,
    /// moved, replaced): called before and after every write. Two `stat`s against a commit's
    /// fsyncs: `cargo bench -p wordclub-store` measured one appended event at 0.27 ms median
    /// (p95 0.88 ms) with them.
    pub(crate) fn check_file(&self) -> Result<(), StoreError> {
        let Some(file) = &self.file else {
            return Ok(());
        };
        file.check(|| {
            // Once the -wal is gone, this connection is the only way to its commits.
            self.conn
                .query_row("PRAGMA wal_checkpoint(FULL)", [], |r| r.get::<_, i64>(0))
                .is_ok_and(|busy| busy == 0)
        })
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

/// What is at `path`: `None` when nothing is; a header for a regular file. A folder or a
/// device is not a history; a file that cannot be read is refused as it is.
fn examine(path: &Path) -> Result<Option<Header>, StoreError> {
    let meta = match std::fs::metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(cannot_open(path, io_reason(&e))),
    };
    if meta.is_dir() {
        return Err(not_a_history(path, "it is a folder"));
    }
    if !meta.is_file() {
        return Err(not_a_history(path, "it is not a regular file"));
    }
    let header = Header::read(path)?;
    if header == Header::NotSqlite {
        return Err(not_a_history(path, "it is not an SQLite database"));
    }
    Ok(Some(header))
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

/// The schema objects of a database (tables, indexes, triggers, views) as SQLite keeps their
/// definitions, SQLite's own internal ones left out; sorted, so two can be compared.
fn schema_of(conn: &Connection) -> Result<Vec<(String, String, Option<String>)>, rusqlite::Error> {
    let mut stmt = conn.prepare(
        "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' \
         ORDER BY type, name",
    )?;
    let rows = stmt
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
        .collect();
    rows
}

/// Whether `conn` (a file without Word Club's application id, at schema `version`) is laid
/// out exactly as Word Club's migrations up to `version` lay out an empty database, and that
/// version of Word Club would have left the application id unset (every version since
/// migration 2 sets it, so only a version-1 history can lack it).
fn earlier_word_club_schema(conn: &Connection, version: i64) -> Result<bool, rusqlite::Error> {
    let mut expected = Connection::open_in_memory()?;
    for m in MIGRATIONS.iter().filter(|m| m.version <= version) {
        let tx = expected.transaction()?;
        tx.execute_batch(m.sql)?;
        tx.commit()?;
    }
    let id: i64 = expected.pragma_query_value(None, "application_id", |r| r.get(0))?;
    Ok(id == 0 && schema_of(conn)? == schema_of(&expected)?)
}

/// Word Club's tables present in the file, and whether it holds any other object.
fn tables(conn: &Connection) -> Result<(usize, bool), rusqlite::Error> {
    let mut stmt = conn.prepare("SELECT type, name FROM sqlite_master")?;
    let rows: Vec<(String, String)> = stmt
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<Result<_, _>>()?;
    let ours = ["matches", "players", "events"];
    let found = rows
        .iter()
        .filter(|(kind, name)| kind == "table" && ours.contains(&name.as_str()))
        .count();
    let others = rows.iter().any(|(_, name)| {
        !ours.contains(&name.as_str())
            && !name.starts_with("sqlite_")
            && !name.starts_with("matches_")
            && !name.starts_with("players_")
            && name != "recoveries"
    });
    Ok((found, others))
}

/// Opens, checks and (read-write) migrates the database at `path`; `raw` is what its first
/// 100 bytes said. Whose file it is comes from SQLite's own reading (which sees the WAL), or,
/// when SQLite cannot read it, from `raw`.
fn open_checked(path: &Path, raw: Header, access: Access) -> Result<Connection, OpenFailure> {
    open_checked_as(path, path, raw, access)
}

/// [`open_checked`] of the file at `path`, named `shown` in messages (a copy of it is opened
/// under another name).
fn open_checked_as(
    path: &Path,
    shown: &Path,
    raw: Header,
    access: Access,
) -> Result<Connection, OpenFailure> {
    let raw_owner = raw.owner();
    // Damage counts only in a file proven to be ours (its header says Word Club's application
    // id); in any other, it is a refusal that leaves the file as it is.
    let verdict = |e: &rusqlite::Error, what: &str| -> OpenFailure {
        if damaged(e) && raw_owner == Owner::WordClub {
            OpenFailure::Damaged(crate::error::sqlite_reason(e))
        } else if damaged(e) {
            OpenFailure::Fatal(not_a_history(shown, what))
        } else {
            OpenFailure::Fatal(open_error(shown, e))
        }
    };
    let flags = match access {
        Access::ReadWrite => OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_CREATE,
        Access::ReadOnly => OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_URI,
    } | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let wal = PathBuf::from(format!("{}-wal", path.display()));
    let opened = match access {
        Access::ReadWrite => Connection::open_with_flags(path, flags),
        // A read-only connection to a WAL database creates `-wal` and `-shm` files and
        // leaves them behind. With no `-wal` there, no writer has the file open and every
        // commit is in it: read it as immutable, which touches nothing.
        Access::ReadOnly if !wal.exists() => {
            Connection::open_with_flags(format!("{}?immutable=1", file_uri(path)), flags)
        }
        Access::ReadOnly => Connection::open_with_flags(file_uri(path), flags),
    };
    let mut conn = opened.map_err(|e| verdict(&e, "SQLite cannot read it as a database"))?;
    // SQLite quietly opens a file it may not write read-only; a history to play on must be
    // writable, or the first move would fail after the match started.
    if access == Access::ReadWrite && conn.is_readonly(rusqlite::MAIN_DB).unwrap_or(false) {
        return Err(OpenFailure::Fatal(cannot_open(
            shown,
            "it is read-only (the file, its folder, or its -wal/-shm files)".to_string(),
        )));
    }
    conn.busy_timeout(Duration::from_secs(5))
        .map_err(|e| OpenFailure::Fatal(open_error(shown, &e)))?;
    // Until the file has passed its checks, closing must not fold the WAL into it (nor delete
    // the WAL): a damaged history is moved aside exactly as it was found.
    conn.set_db_config(DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, true)
        .map_err(|e| OpenFailure::Fatal(open_error(shown, &e)))?;
    // Reading the schema first makes SQLite parse the header: a file that is not a database
    // fails here.
    let version =
        user_version(&conn).map_err(|e| verdict(&e, "SQLite cannot read it as a database"))?;
    let application_id: i64 = conn
        .pragma_query_value(None, "application_id", |r| r.get(0))
        .map_err(|e| verdict(&e, "SQLite cannot read it as a database"))?;
    let owner = owner_of(application_id, version);
    let unknown_version = !(0..=SCHEMA_VERSION).contains(&version);
    if owner == Owner::Foreign {
        return Err(OpenFailure::Fatal(not_a_history(
            shown,
            "it is another program's SQLite database (its application id is not Word Club's)",
        )));
    }
    if owner == Owner::WordClub && unknown_version {
        return Err(OpenFailure::Fatal(StoreError::NewerSchema {
            found: version,
            supported: SCHEMA_VERSION,
        }));
    }
    // From here on, damage counts when SQLite's reading says the file is ours.
    let verdict = |e: &rusqlite::Error, what: &str| -> OpenFailure {
        if damaged(e) && owner == Owner::WordClub {
            OpenFailure::Damaged(crate::error::sqlite_reason(e))
        } else {
            verdict(e, what)
        }
    };
    // Every verdict on whose file it is comes before the first write (the WAL switch).
    let (found, others) =
        tables(&conn).map_err(|e| verdict(&e, "SQLite cannot read its schema"))?;
    match owner {
        // Before the application id, neither a schema version nor table names make a file
        // ours (another program may well have a `matches` table): only the exact layout an
        // earlier Word Club wrote does. Anything else is left byte for byte as it is.
        Owner::Probably if found == 0 => {
            return Err(OpenFailure::Fatal(not_a_history(
                shown,
                "it is an SQLite database, but not a Word Club match history",
            )))
        }
        Owner::Probably
            if unknown_version
                || !earlier_word_club_schema(&conn, version)
                    .map_err(|e| verdict(&e, "SQLite cannot read its schema"))? =>
        {
            return Err(OpenFailure::Fatal(not_a_history(
                shown,
                "it is an SQLite database with tables named like a Word Club history's, but \
                 not laid out as any Word Club version wrote them (another program's file, it \
                 seems)",
            )))
        }
        Owner::WordClub if unknown_version => {
            return Err(OpenFailure::Fatal(StoreError::NewerSchema {
                found: version,
                supported: SCHEMA_VERSION,
            }))
        }
        Owner::Fresh if found > 0 || others => {
            return Err(OpenFailure::Fatal(not_a_history(
                shown,
                "it is an SQLite database, but not a Word Club match history",
            )))
        }
        _ => {}
    }
    // Past the checks above, a file without the application id is exactly an earlier Word
    // Club history's layout: proven ours, so damage found in it from here on counts.
    let verdict = |e: &rusqlite::Error, what: &str| -> OpenFailure {
        if damaged(e) && owner == Owner::Probably {
            OpenFailure::Damaged(crate::error::sqlite_reason(e))
        } else {
            verdict(e, what)
        }
    };
    if access == Access::ReadWrite {
        let mode: String = conn
            .pragma_update_and_check(None, "journal_mode", "WAL", |r| r.get(0))
            .map_err(|e| verdict(&e, "SQLite cannot read it as a database"))?;
        if !mode.eq_ignore_ascii_case("wal") {
            return Err(OpenFailure::Fatal(cannot_open(
                shown,
                format!("the database refused WAL mode (journal_mode={mode})"),
            )));
        }
        conn.pragma_update(None, "synchronous", "FULL")
            .map_err(|e| OpenFailure::Fatal(open_error(shown, &e)))?;
    }
    conn.pragma_update(None, "foreign_keys", true)
        .map_err(|e| OpenFailure::Fatal(open_error(shown, &e)))?;
    let problems = check(&conn, "quick_check").map_err(|e| match e {
        StoreError::Database { source, .. } => verdict(&source, "SQLite finds it damaged"),
        other => OpenFailure::Fatal(other),
    })?;
    if !problems.is_empty() {
        let reason = format!("the database is damaged: {}", problems.join("; "));
        return Err(match owner {
            Owner::WordClub | Owner::Probably => OpenFailure::Damaged(reason),
            _ => OpenFailure::Fatal(not_a_history(shown, &reason)),
        });
    }
    if version >= 1 && found != 3 {
        return Err(OpenFailure::Damaged(
            "its header says Word Club history, but its tables are missing".into(),
        ));
    }
    if access == Access::ReadWrite {
        migrate(&mut conn, MIGRATIONS).map_err(|e| match e {
            StoreError::Database { source, .. } | StoreError::Migration { source, .. }
                if damaged(&source) =>
            {
                verdict(&source, "SQLite finds it damaged")
            }
            StoreError::Database { source, .. } | StoreError::Migration { source, .. }
                if cannot_write(&source) =>
            {
                OpenFailure::Fatal(open_error(shown, &source))
            }
            other => OpenFailure::Fatal(other),
        })?;
    }
    conn.set_db_config(DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, false)
        .map_err(|e| OpenFailure::Fatal(open_error(shown, &e)))?;
    Ok(conn)
}

/// The database at `path` with its `-wal`, copied into a private folder, checked there and
/// read into memory; the copy is removed. Messages name `path`.
fn read_a_copy(path: &Path, header: Header) -> Result<Connection, OpenFailure> {
    static COPIES: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "wordclub-read-{}-{}-{}",
        std::process::id(),
        now_ms(),
        COPIES.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
    ));
    let io = |e: std::io::Error| OpenFailure::Fatal(cannot_open(path, io_reason(&e)));
    std::fs::create_dir_all(&dir).map_err(io)?;
    let result = (|| {
        let copy = dir.join("history.db");
        std::fs::copy(path, &copy).map_err(io)?;
        std::fs::copy(
            format!("{}-wal", path.display()),
            dir.join("history.db-wal"),
        )
        .map_err(io)?;
        let conn = open_checked_as(&copy, path, header, Access::ReadOnly)?;
        let mut memory =
            Connection::open_in_memory().map_err(|e| OpenFailure::Fatal(open_error(path, &e)))?;
        rusqlite::backup::Backup::new(&conn, &mut memory)
            .and_then(|b| b.run_to_completion(256, Duration::ZERO, None))
            .map_err(|e| OpenFailure::Fatal(open_error(path, &e)))?;
        Ok(memory)
    })();
    let _ = std::fs::remove_dir_all(&dir);
    result
}

/// `file:` URI of a path, every byte outside the unreserved set percent-encoded (a `?` or `#`
/// in a file name would otherwise start the query).
fn file_uri(path: &Path) -> String {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let mut uri = String::from("file:");
    for b in absolute.as_os_str().as_encoded_bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b'/' => {
                uri.push(*b as char)
            }
            _ => uri.push_str(&format!("%{b:02X}")),
        }
    }
    uri
}

/// The `<name>.unreadable-*` files beside `path` (main files, not their `-wal`/`-shm`).
fn aside_files(path: &Path) -> Vec<PathBuf> {
    let (Some(dir), Some(name)) = (path.parent(), path.file_name()) else {
        return Vec::new();
    };
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    let prefix = format!("{}.unreadable-", name.to_string_lossy());
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut found: Vec<PathBuf> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(&prefix) && !n.ends_with("-wal") && !n.ends_with("-shm"))
        .map(|n| path.with_file_name(n))
        .collect();
    found.sort();
    found
}

/// Renames the database (and its `-wal`/`-shm` companions) to
/// `<name>.unreadable-<UTC time>[-n]`, beside it. Returns the new path of the main file.
fn move_aside(path: &Path) -> Result<PathBuf, StoreError> {
    let io = |p: &Path, e: std::io::Error| StoreError::Io {
        path: p.display().to_string(),
        reason: format!("cannot move the damaged history aside: {}", io_reason(&e)),
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
