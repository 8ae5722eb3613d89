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
//! While open to play on, the history is locked (no `-shm`: see `open_checked_as`) and the
//! store checks before and after every write that the files at the path are still the ones
//! it opened, none cut short or written by another program ([`StoreError::HistoryGone`]): a
//! history or `-wal` deleted, renamed, replaced, truncated or rewritten under a running app is
//! noticed, a move written to a file no restart will read is not reported as saved, and the
//! journal is folded into the file the store had open before it lets go of it. Which file the
//! journal belongs to is recorded beside the history (`<name>-wal-owner`, `files.rs`): a
//! `-wal` found beside a file that is not its own is set aside (`<name>-wal.unmatched-*`),
//! said, and never replayed into it.
use std::fmt;
#[cfg(not(target_arch = "wasm32"))]
use std::io::Read;
use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::config::DbConfig;
use rusqlite::{params, Connection, ErrorCode, OpenFlags};

#[cfg(not(target_arch = "wasm32"))]
use crate::files::{beside, FileIdentity, JournalOwner, Moment};
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
    #[cfg(not(target_arch = "wasm32"))]
    file: Option<FileIdentity>,
    /// The storage and name of a history opened with [`Store::open_in`] (the browser's).
    place: Option<(&'static dyn Place, String)>,
}

/// Where a history lives when it is not a file on the desktop's disk: the browser's storage
/// (`web/`), a flat set of named files behind an SQLite VFS. What the desktop does with files
/// (read a header, rename one aside, list them) it does through this.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))] // natively, only its tests
pub(crate) trait Place: Sync {
    /// The SQLite VFS the history is opened through.
    fn vfs(&self) -> &str;
    /// The first 100 bytes of the file `name` (fewer if it is shorter), `None` if there is none.
    fn head(&self, name: &str) -> Result<Option<Vec<u8>>, StoreError>;
    /// Gives the closed file `from` the new name `to`, all of it; nothing is deleted.
    fn set_aside(&self, from: &str, to: &str) -> Result<(), StoreError>;
    /// Every file's name.
    fn names(&self) -> Result<Vec<String>, StoreError>;
    /// The bytes of the closed file `name`.
    fn read(&self, name: &str) -> Result<Vec<u8>, StoreError>;
}

/// A database that could not be used, moved aside so nothing is lost, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MovedAside {
    pub original: PathBuf,
    pub moved_to: PathBuf,
    pub reason: String,
}

/// Why a journal was set aside (the `reason` of its [`MovedAside`]).
#[cfg(not(target_arch = "wasm32"))]
const JOURNAL_ASIDE: &str = "it holds the last moves of the history file Word Club had open at \
                             that path, which was moved or replaced while Word Club ran";

impl MovedAside {
    /// Whether what was set aside is a journal (a `-wal`), not a whole history.
    pub fn is_journal(&self) -> bool {
        self.original.to_string_lossy().ends_with("-wal")
    }
}

impl fmt::Display for MovedAside {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_journal() {
            return write!(
                f,
                "The match history's journal {} was not applied to the history now at that \
                 path: {}. It was moved to {} (nothing was deleted); put beside that other \
                 file, named as it with -wal added, it gives it back those moves.",
                self.original.display(),
                self.reason,
                self.moved_to.display()
            );
        }
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
    #[cfg(not(target_arch = "wasm32"))]
    fn read(path: &Path) -> Result<Header, StoreError> {
        let mut bytes = Vec::with_capacity(100);
        std::fs::File::open(path)
            .and_then(|f| f.take(100).read_to_end(&mut bytes))
            .map_err(|e| cannot_open(path, io_reason(&e)))?;
        Ok(Header::parse(&bytes))
    }

    /// What a file's first 100 bytes say.
    fn parse(bytes: &[u8]) -> Header {
        if bytes.is_empty() {
            return Header::Empty;
        }
        if bytes.len() < 100 || &bytes[..16] != b"SQLite format 3\0" {
            return Header::NotSqlite;
        }
        let be32 = |at: usize| {
            i32::from_be_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
        };
        Header::Sqlite {
            user_version: i64::from(be32(60)),
            application_id: i64::from(be32(68)),
        }
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

/// A history opened for reading only ([`Store::open_read_only`]) or to play on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Access {
    /// Desktop only ([`Store::open_read_only`]): in the browser one connection does all.
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
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

#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn io_reason(e: &std::io::Error) -> String {
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
    #[cfg(not(target_arch = "wasm32"))]
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
        let raw = examine(path)?;
        // SQLite would replay a `-wal` into whatever file is at the path: a journal that
        // belongs to another file (the history this store last had open there, since moved or
        // replaced while a run was killed) is set aside, said, and never applied to this one.
        let journal = if JournalOwner::stray(path) {
            Some(set_journal_aside(path)?)
        } else {
            None
        };
        JournalOwner::forget_unless_current(path)?;
        let raw = raw.unwrap_or(Header::Empty);
        match open_checked(path, raw, Access::ReadWrite) {
            Ok(conn) => Store::on_file(conn, path, None, journal),
            Err(OpenFailure::Fatal(e)) => Err(e),
            Err(OpenFailure::Damaged(reason)) => {
                let moved_to = move_aside(path)?;
                JournalOwner::forget_unless_current(path)?;
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
                Store::on_file(conn, path, Some(moved), journal)
            }
        }
    }

    #[cfg(not(target_arch = "wasm32"))]
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
        let wal = beside(path, "-wal");
        let shm = beside(path, "-shm");
        // A journal that is another file's is not this history's: the file is read as it is.
        // A `-wal` without its `-shm` (a history open to play on, which keeps its journal's
        // index in its own memory; or a writer killed): reading it in place would wait for
        // the player's lock or create the `-shm`, so read a copy instead.
        let opened = if JournalOwner::stray(path) {
            read_a_copy(path, header, false)
        } else if wal.exists() && !shm.exists() {
            read_a_copy(path, header, true)
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
            place: None,
        })
    }

    #[cfg(not(target_arch = "wasm32"))]
    /// The store on a history just opened to play on: records which file its journal
    /// belongs to, and what was set aside on the way (a damaged history, another file's
    /// journal) so that [`Store::notices`] says it until acknowledged.
    fn on_file(
        conn: Connection,
        path: &Path,
        recovery: Option<MovedAside>,
        journal: Option<MovedAside>,
    ) -> Result<Store, StoreError> {
        record_asides(&conn, recovery.iter().chain(journal.iter()))?;
        JournalOwner::record(path)?;
        let file = FileIdentity::of(path).map_err(|e| cannot_open(path, io_reason(&e)))?;
        Ok(Store {
            conn,
            recovery,
            file: Some(file),
            place: None,
        })
    }

    /// Opens (or creates) the history `name` in `place` (the browser's storage: see
    /// `Store::open_in_browser`) to play on, with the checks [`Store::open`] makes of a file —
    /// the schema signature, the refusal of another program's file or a newer Word Club's, the
    /// integrity check, migrations — and a rollback journal. A damaged Word Club history is
    /// given the name `<name>.unreadable-<UTC time>` in the same storage (never deleted) and a
    /// new one is started; [`Store::notices`] says so until acknowledged.
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))] // natively, only its tests
    pub(crate) fn open_in(place: &'static dyn Place, name: &str) -> Result<Store, StoreError> {
        let shown = Path::new(name);
        let raw = match place.head(name)? {
            None => Header::Empty,
            Some(bytes) => match Header::parse(&bytes) {
                Header::NotSqlite => {
                    return Err(not_a_history(shown, "it is not an SQLite database"))
                }
                header => header,
            },
        };
        let connect = |raw: Header| -> Result<Connection, OpenFailure> {
            let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
                | OpenFlags::SQLITE_OPEN_CREATE
                | OpenFlags::SQLITE_OPEN_NO_MUTEX;
            let conn =
                Connection::open_with_flags_and_vfs(name, flags, place.vfs()).map_err(|e| {
                    raw_verdict(raw.owner(), shown)(&e, "SQLite cannot read it as a database")
                })?;
            vet(
                conn,
                shown,
                raw.owner(),
                Access::ReadWrite,
                Journal::Rollback,
            )
        };
        let (conn, recovery) = match connect(raw) {
            Ok(conn) => (conn, None),
            Err(OpenFailure::Fatal(e)) => return Err(e),
            Err(OpenFailure::Damaged(reason)) => {
                let names = place.names()?;
                let stamp = utc_compact(now_ms());
                let mut target = format!("{name}.unreadable-{stamp}");
                let mut n = 2;
                while names.contains(&target) {
                    target = format!("{name}.unreadable-{stamp}-{n}");
                    n += 1;
                }
                place.set_aside(name, &target)?;
                let conn = connect(Header::Empty).map_err(|f| match f {
                    OpenFailure::Fatal(e) => e,
                    OpenFailure::Damaged(reason) => StoreError::Io {
                        path: name.to_string(),
                        reason: format!("a new history cannot be created here: {reason}"),
                    },
                })?;
                let moved = MovedAside {
                    original: PathBuf::from(name),
                    moved_to: PathBuf::from(target),
                    reason,
                };
                (conn, Some(moved))
            }
        };
        record_asides(&conn, recovery.iter())?;
        Ok(Store {
            conn,
            recovery,
            #[cfg(not(target_arch = "wasm32"))]
            file: None,
            place: Some((place, name.to_string())),
        })
    }

    /// A store over a connection already checked and migrated that is no history file (an
    /// imported file read into memory, `transfer.rs`): no file to watch, nothing set aside.
    pub(crate) fn over(conn: Connection) -> Store {
        Store {
            conn,
            recovery: None,
            #[cfg(not(target_arch = "wasm32"))]
            file: None,
            place: None,
        }
    }

    /// A history in memory (tests, previews); nothing survives the process.
    pub fn open_in_memory() -> Result<Store, StoreError> {
        let mut conn = Connection::open_in_memory().map_err(StoreError::db("opening"))?;
        migrate(&mut conn, MIGRATIONS)?;
        Ok(Store {
            conn,
            recovery: None,
            #[cfg(not(target_arch = "wasm32"))]
            file: None,
            place: None,
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
        if let Some((place, name)) = &self.place {
            let prefix = format!("{name}.unreadable-");
            for found in place.names()? {
                if found.starts_with(&prefix)
                    && !found.ends_with("-journal")
                    && !rows.iter().any(|r| r.0 == found)
                {
                    notices.push(MovedAside {
                        original: PathBuf::from(name),
                        moved_to: PathBuf::from(found),
                        reason: "it could not be used".to_string(),
                    });
                }
            }
        }
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(file) = &self.file {
            for (found, journal) in aside_files(&file.main.path) {
                let text = found.display().to_string();
                if !rows.iter().any(|r| r.0 == text) {
                    notices.push(if journal {
                        MovedAside {
                            original: beside(&file.main.path, "-wal"),
                            moved_to: found,
                            reason: JOURNAL_ASIDE.to_string(),
                        }
                    } else {
                        MovedAside {
                            original: file.main.path.clone(),
                            moved_to: found,
                            reason: "it could not be used".to_string(),
                        }
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
        self.check_after_write()
    }

    /// `Err(HistoryGone)` when the files this store opened are no longer the history at its
    /// path (deleted, moved, replaced, cut short, the main file written by another program):
    /// called before every write, and by the app before every command, so that nothing is
    /// read from or answered as saved into a file no restart will use. Three `stat`s and a
    /// 100-byte read against a commit's fsyncs: 12 µs median in a debug build (`cargo bench
    /// -p wordclub-store` measured one appended event at 0.27 ms median with two `stat`s).
    pub fn check_file(&self) -> Result<(), StoreError> {
        #[cfg(not(target_arch = "wasm32"))]
        return self.look(Moment::Idle);
        // In the browser there are no files to watch: the storage is the worker's alone (a
        // Web Lock keeps a second tab out).
        #[cfg(target_arch = "wasm32")]
        Ok(())
    }

    /// [`Store::check_file`] right after this store's own write, which grew the files: only
    /// another file at the path, or a shorter one, is someone else's.
    pub(crate) fn check_after_write(&self) -> Result<(), StoreError> {
        #[cfg(not(target_arch = "wasm32"))]
        return self.look(Moment::AfterWrite);
        #[cfg(target_arch = "wasm32")]
        Ok(())
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn look(&self, moment: Moment) -> Result<(), StoreError> {
        let Some(file) = &self.file else {
            return Ok(());
        };
        file.check(moment, || self.fold())
    }

    #[cfg(not(target_arch = "wasm32"))]
    /// Checkpoints the whole journal into the file this connection has open — through its
    /// descriptor, so wherever that file is now — and empties the `-wal`: once the files at
    /// the path are no longer this store's, this connection is the only way to the commits
    /// since the last checkpoint, and an empty journal left at the path has nothing to replay
    /// into another file. `true` when every commit went in.
    fn fold(&self) -> bool {
        self.conn
            .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |r| {
                r.get::<_, i64>(0)
            })
            .is_ok_and(|busy| busy == 0)
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

/// Closing: SQLite's own close folds the journal into the history and deletes the `-wal` —
/// but not into a file that was moved (it leaves the `-wal` at the path, for the next open to
/// replay into whatever file is there then), and it deletes whatever `-wal` is at the path
/// now. So when the files are no longer this store's, the journal is folded into the file the
/// connection has open first (or disowned, when that file was rewritten in place), and
/// SQLite's close is told to touch nothing at the path.
#[cfg(not(target_arch = "wasm32"))]
impl Drop for Store {
    fn drop(&mut self) {
        let Some(file) = &self.file else {
            return;
        };
        if file.let_go(|| self.fold()) {
            let _ = self
                .conn
                .set_db_config(DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, true);
        }
    }
}

/// Records what an open set aside (a damaged history, another file's journal), for
/// [`Store::notices`].
fn record_asides<'a>(
    conn: &Connection,
    asides: impl Iterator<Item = &'a MovedAside>,
) -> Result<(), StoreError> {
    for aside in asides {
        conn.execute(
            "INSERT OR IGNORE INTO recoveries (moved_to, original, reason, moved_at)
             VALUES (?1, ?2, ?3, ?4)",
            params![
                aside.moved_to.display().to_string(),
                aside.original.display().to_string(),
                aside.reason,
                now_ms()
            ],
        )
        .map_err(StoreError::db("recording the history moved aside"))?;
    }
    Ok(())
}

#[cfg(not(target_arch = "wasm32"))]
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
pub(crate) fn schema_of(
    conn: &Connection,
) -> Result<Vec<(String, String, Option<String>)>, rusqlite::Error> {
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

#[cfg(not(target_arch = "wasm32"))]
/// Opens, checks and (read-write) migrates the database at `path`; `raw` is what its first
/// 100 bytes said. Whose file it is comes from SQLite's own reading (which sees the WAL), or,
/// when SQLite cannot read it, from `raw`.
fn open_checked(path: &Path, raw: Header, access: Access) -> Result<Connection, OpenFailure> {
    open_checked_as(path, path, raw, access)
}

/// The verdict on an SQLite failure before the file's owner is read from SQLite itself:
/// damage counts only in a file proven to be ours (its header says Word Club's application
/// id); in any other, it is a refusal that leaves the file as it is.
fn raw_verdict(
    raw_owner: Owner,
    shown: &Path,
) -> impl Fn(&rusqlite::Error, &str) -> OpenFailure + '_ {
    move |e: &rusqlite::Error, what: &str| -> OpenFailure {
        if damaged(e) && raw_owner == Owner::WordClub {
            OpenFailure::Damaged(crate::error::sqlite_reason(e))
        } else if damaged(e) {
            OpenFailure::Fatal(not_a_history(shown, what))
        } else {
            OpenFailure::Fatal(open_error(shown, e))
        }
    }
}

/// The journal a history is kept with.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))] // natively, only its tests
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Journal {
    /// The desktop's: WAL, the file locked while open (see [`vet`]).
    Wal,
    /// The browser's: a rollback journal (`DELETE`); WAL needs shared memory the browser's
    /// VFSs do not have, and one connection in one worker needs no lock of its own.
    Rollback,
}

#[cfg(not(target_arch = "wasm32"))]
/// [`open_checked`] of the file at `path`, named `shown` in messages (a copy of it is opened
/// under another name).
fn open_checked_as(
    path: &Path,
    shown: &Path,
    raw: Header,
    access: Access,
) -> Result<Connection, OpenFailure> {
    let raw_owner = raw.owner();
    let verdict = raw_verdict(raw_owner, shown);
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
    let conn = opened.map_err(|e| verdict(&e, "SQLite cannot read it as a database"))?;
    vet(conn, shown, raw_owner, access, Journal::Wal)
}

/// Checks a database just opened (`raw_owner`: what its first 100 bytes said), sets its
/// journal and (read-write) migrates it: what keeps a history safe, on the desktop's disk and
/// in the browser's storage alike.
fn vet(
    mut conn: Connection,
    shown: &Path,
    raw_owner: Owner,
    access: Access,
    journal: Journal,
) -> Result<Connection, OpenFailure> {
    let verdict = raw_verdict(raw_owner, shown);
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
    // A history opened to play on is locked for as long as it is open, before its first
    // read: in WAL mode SQLite then keeps the journal's index in this process's memory and
    // makes no `-shm`. A `-shm` is a file SQLite maps into memory, and one cut short under the
    // app killed it with SIGBUS at its next read (4 of 4 runs, issue 42); a check before each
    // read would leave the moment between check and read. With the lock no other connection
    // can write (another app, `wordclub-cli analyze` wait 5 s, then are refused `cannot_open`
    // as locked), so every change to the files between two of this store's writes is someone
    // else's (`files.rs`); read commands read a copy ([`read_a_copy`]). Measured in a debug
    // build on a shared 2-core machine, a history of 70 matches open to play on: a write
    // (with the engine's work) 6.3–7.2 ms median before, 8.0–9.2 ms after (the checks: 12 µs
    // each, the rest the machine's noise); `Store::open_read_only` and a page of the list
    // beside it, 1.1–1.4 ms in place before, 32–44 ms through the copy — a command's worth,
    // for a crash made impossible.
    if access == Access::ReadWrite && journal == Journal::Wal {
        let mode: String = conn
            .pragma_update_and_check(None, "locking_mode", "EXCLUSIVE", |r| r.get(0))
            .map_err(|e| OpenFailure::Fatal(open_error(shown, &e)))?;
        if !mode.eq_ignore_ascii_case("exclusive") {
            return Err(OpenFailure::Fatal(cannot_open(
                shown,
                format!("the database refused to be locked (locking_mode={mode})"),
            )));
        }
    }
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
        let wanted = match journal {
            Journal::Wal => "WAL",
            Journal::Rollback => "DELETE",
        };
        let mode: String = conn
            .pragma_update_and_check(None, "journal_mode", wanted, |r| r.get(0))
            .map_err(|e| verdict(&e, "SQLite cannot read it as a database"))?;
        if !mode.eq_ignore_ascii_case(wanted) {
            return Err(OpenFailure::Fatal(cannot_open(
                shown,
                format!("the database refused journal_mode={wanted} (journal_mode={mode})"),
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

#[cfg(not(target_arch = "wasm32"))]
/// The salts of the WAL at `path` (bytes 16..24 of its header): they change each time a writer
/// starts the journal over, after a checkpoint put all of it in the main file.
fn wal_salts(path: &Path) -> Option<[u8; 8]> {
    let mut head = [0u8; 24];
    std::fs::File::open(path)
        .and_then(|mut f| f.read_exact(&mut head))
        .ok()?;
    head[16..24].try_into().ok()
}

#[cfg(not(target_arch = "wasm32"))]
/// The database at `path` (with its `-wal` when `with_wal`), copied into a private folder,
/// checked there and read into memory; the copy is removed. Messages name `path`.
///
/// The app may be writing while the copy is made (it holds the history's lock, so this is
/// how a read command reads beside it). A main file copied while a checkpoint writes into it
/// is still whole once the journal is laid over it — the journal keeps every frame the
/// checkpoint copies — unless the writer started the journal over between the two copies: so
/// the journal's salts are read before the main file is copied and must be the copy's, or the
/// copy is made again.
fn read_a_copy(path: &Path, header: Header, with_wal: bool) -> Result<Connection, OpenFailure> {
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
        let copy_wal = dir.join("history.db-wal");
        let wal = beside(path, "-wal");
        let mut attempts = 0;
        loop {
            let salts = wal_salts(&wal);
            std::fs::copy(path, &copy).map_err(io)?;
            if !with_wal {
                break;
            }
            std::fs::copy(&wal, &copy_wal).map_err(io)?;
            if wal_salts(&copy_wal) == salts {
                break;
            }
            attempts += 1;
            if attempts == 20 {
                return Err(OpenFailure::Fatal(cannot_open(
                    path,
                    "it kept changing while it was read (another program is writing to it); \
                     try again"
                        .to_string(),
                )));
            }
        }
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

#[cfg(not(target_arch = "wasm32"))]
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

#[cfg(not(target_arch = "wasm32"))]
/// The `<name>.unreadable-*` files beside `path` (main files, not their `-wal`/`-shm`) and
/// the journals set aside, `<name>-wal.unmatched-*` (`true`).
fn aside_files(path: &Path) -> Vec<(PathBuf, bool)> {
    let (Some(dir), Some(name)) = (path.parent(), path.file_name()) else {
        return Vec::new();
    };
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    let name = name.to_string_lossy();
    let prefix = format!("{name}.unreadable-");
    let journal = format!("{name}-wal.unmatched-");
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut found: Vec<(PathBuf, bool)> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter_map(|n| {
            if n.starts_with(&prefix) && !n.ends_with("-wal") && !n.ends_with("-shm") {
                Some((path.with_file_name(n), false))
            } else if n.starts_with(&journal) {
                Some((path.with_file_name(n), true))
            } else {
                None
            }
        })
        .collect();
    found.sort();
    found
}

#[cfg(not(target_arch = "wasm32"))]
/// Renames the `-wal` beside `path` (another file's journal: [`JournalOwner::stray`]) to
/// `<name>-wal.unmatched-<UTC time>[-n]`, and its `-shm` likewise: kept, never applied.
fn set_journal_aside(path: &Path) -> Result<MovedAside, StoreError> {
    let stamp = utc_compact(now_ms());
    let wal = beside(path, "-wal");
    let mut target = beside(path, &format!("-wal.unmatched-{stamp}"));
    let mut n = 2;
    while target.exists() {
        target = beside(path, &format!("-wal.unmatched-{stamp}-{n}"));
        n += 1;
    }
    let io = |p: &Path, e: std::io::Error| StoreError::Io {
        path: p.display().to_string(),
        reason: format!(
            "cannot set aside a journal that belongs to another file: {}",
            io_reason(&e)
        ),
    };
    std::fs::rename(&wal, &target).map_err(|e| io(&wal, e))?;
    let shm = beside(path, "-shm");
    if shm.exists() {
        let to = PathBuf::from(format!("{}", target.display()).replacen("-wal.", "-shm.", 1));
        std::fs::rename(&shm, &to).map_err(|e| io(&shm, e))?;
    }
    Ok(MovedAside {
        original: wal,
        moved_to: target,
        reason: JOURNAL_ASIDE.to_string(),
    })
}

#[cfg(not(target_arch = "wasm32"))]
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
