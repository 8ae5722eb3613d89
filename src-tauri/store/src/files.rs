//! The files of a history open to play on, as the store watches them: which file each one is,
//! how it looked at the store's last look, and which file the journal beside it belongs to.
//!
//! SQLite writes through the descriptors it opened, whatever is at the path now, and at its
//! next open replays any `-wal` it finds into whatever file is then at the path: the WAL header
//! names no database. So the store checks the files before and after every write (and the app
//! before every command), folds its journal into the file it had open before letting go of it
//! ([`crate::Store`]'s `Drop`) — or, when that file was rewritten in place, disowns the
//! journal rather than lay it over someone else's bytes — and records which file its journal
//! belongs to (`<history>-wal-owner`), so that the next open never replays a journal into a
//! file that is not its own.
use std::cell::RefCell;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use crate::StoreError;

/// Device and inode of a file (Unix); elsewhere `(0, 0)`: only its presence counts.
pub(crate) fn file_id(meta: &std::fs::Metadata) -> (u64, u64) {
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

/// `<path><suffix>`: the history's `-wal`, `-shm` or `-wal-owner`.
pub(crate) fn beside(path: &Path, suffix: &str) -> PathBuf {
    PathBuf::from(format!("{}{suffix}", path.display()))
}

/// What a file looked like at a look: its size, its modification and change times and its
/// first 100 bytes (SQLite's header: the main file's change counter and page count, the WAL's
/// salts). A file rewritten in place at its own size changes its times; one rewritten within
/// the same tick of the file system's clock (a few milliseconds) still shows in its header
/// unless the copy's header is the same, too.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Look {
    len: u64,
    modified: Option<SystemTime>,
    changed: (i64, i64),
    head: Vec<u8>,
}

impl Look {
    fn of(path: &Path, meta: &std::fs::Metadata) -> Look {
        #[cfg(unix)]
        let changed = {
            use std::os::unix::fs::MetadataExt;
            (meta.ctime(), meta.ctime_nsec())
        };
        #[cfg(not(unix))]
        let changed = (0, 0);
        let mut head = Vec::with_capacity(100);
        let _ = std::fs::File::open(path).and_then(|f| f.take(100).read_to_end(&mut head));
        Look {
            len: meta.len(),
            modified: meta.modified().ok(),
            changed,
            head,
        }
    }
}

/// One file of an open history: which file it is and how it looked at the store's last look.
/// Only this store's connection writes to them (it holds the history's lock: see
/// `open_checked_as`). The main file changes only at a checkpoint, which SQLite runs right
/// after a commit, inside a write the store checks before and after: so any change to it seen
/// between two writes was made by someone else (`strict`). The `-wal` also takes the frames of
/// a write that failed half-way (a full disk), which the store does not look at after, so only
/// another file at its path, or a shorter one, counts there.
#[derive(Debug)]
pub(crate) struct Watched {
    pub(crate) path: PathBuf,
    id: (u64, u64),
    strict: bool,
    last: RefCell<Look>,
}

/// How strict a look is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Moment {
    /// Nothing of this store wrote since its last look: any change to the main file is
    /// someone else's.
    Idle,
    /// Right after this store's own write, which grew the files and changed their times: only
    /// another file at the path, or a file smaller than before, is someone else's.
    AfterWrite,
}

impl Watched {
    fn of(path: PathBuf, strict: bool) -> std::io::Result<Watched> {
        let meta = std::fs::metadata(&path)?;
        Ok(Watched {
            id: file_id(&meta),
            strict,
            last: RefCell::new(Look::of(&path, &meta)),
            path,
        })
    }

    /// How the file changed, if it did: "was deleted or moved", "was replaced…", "was cut
    /// short…", "was written…". A look that finds no change is kept for the next one.
    fn change(&self, moment: Moment) -> Option<Change> {
        let elsewhere = |how: String| {
            Some(Change {
                how,
                in_place: false,
            })
        };
        let meta = match std::fs::metadata(&self.path) {
            Ok(meta) => meta,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return elsewhere("was deleted or moved".to_string())
            }
            Err(e) => {
                return elsewhere(format!(
                    "can no longer be checked ({})",
                    crate::open::io_reason(&e)
                ))
            }
        };
        if file_id(&meta) != self.id {
            return elsewhere("was replaced by another file".to_string());
        }
        let look = Look::of(&self.path, &meta);
        let last = self.last.borrow().clone();
        let how = if look.len < last.len {
            format!(
                "was cut short by another program ({} of its {} bytes are left)",
                look.len, last.len
            )
        } else if self.strict && moment == Moment::Idle && look != last {
            "was written by another program".to_string()
        } else {
            *self.last.borrow_mut() = look;
            return None;
        };
        Some(Change {
            how,
            in_place: true,
        })
    }
}

/// How a watched file changed.
#[derive(Debug)]
struct Change {
    how: String,
    /// The same file, with someone else's bytes in it now: what the store had open is at the
    /// path still, but no longer what the journal was written against.
    in_place: bool,
}

/// The files a store opened: the history itself and, once it is in WAL mode, its `-wal`
/// (every commit since the last checkpoint: up to a thousand pages of moves). Another program
/// can take any of them away under a running app — a cleanup tool deleting the `-wal`, a sync
/// client truncating or rewriting the main file in place, someone renaming the history — and
/// SQLite, writing through the descriptors it holds, would go on answering commits that no
/// restart finds. So each is checked before and after every write.
#[derive(Debug)]
pub(crate) struct FileIdentity {
    pub(crate) main: Watched,
    /// The `-wal` and the `-shm` when they were there at the open (the `-wal` always after the
    /// WAL switch of a read-write open; a `-shm` only beside a history another program opened
    /// in shared mode, or read in place).
    wal: Option<Watched>,
    shm: Option<Watched>,
}

impl FileIdentity {
    pub(crate) fn of(path: &Path) -> std::io::Result<FileIdentity> {
        Ok(FileIdentity {
            main: Watched::of(path.to_path_buf(), true)?,
            wal: Watched::of(beside(path, "-wal"), false).ok(),
            shm: Watched::of(beside(path, "-shm"), false).ok(),
        })
    }

    /// `Err(HistoryGone)` when any of the files changed under the store. `fold` checkpoints
    /// the journal into the file the connection has open (it still reaches the commits SQLite
    /// holds, wherever that file is now) and says whether every commit went in. It is asked
    /// when the history was moved, replaced or deleted (the file the connection has open is
    /// still the one the journal belongs to) or only the `-wal` went; not when the main file
    /// was cut short or rewritten in place — laying the journal over someone else's bytes is
    /// the overlay this guards against: the journal is disowned instead ([`Self::let_go`]) —
    /// nor when the `-shm` changed (the checkpoint would read the index through it).
    pub(crate) fn check(
        &self,
        moment: Moment,
        fold: impl FnOnce() -> bool,
    ) -> Result<(), StoreError> {
        let gone = |reason: String| StoreError::HistoryGone {
            path: self.main.path.display().to_string(),
            reason,
        };
        let main = self.main.change(moment);
        let wal = self.wal.as_ref().and_then(|w| w.change(moment));
        let shm = self.shm.as_ref().and_then(|w| w.change(moment));
        if main.is_none() && wal.is_none() && shm.is_none() {
            return Ok(());
        }
        if let Some(Change {
            how,
            in_place: true,
        }) = main
        {
            self.disown();
            return Err(gone(format!(
                "{how} (the moves saved since the last checkpoint are kept in its journal, \
                 which is not laid over the file as it is now: the next start sets it aside \
                 and says where)"
            )));
        }
        let folded = shm.is_none() && fold();
        if let Some(Change { how, .. }) = main {
            let kept = match (folded, self.main_moved_to()) {
                (true, Some(to)) => format!(
                    " (every move saved before that is in the file Word Club had open, now {})",
                    to.display()
                ),
                (true, None) => " (every move saved before that was written into the file \
                                 Word Club had open)"
                    .to_string(),
                (false, _) => " (the moves saved since the last checkpoint may be lost)".into(),
            };
            return Err(gone(format!("{how}{kept}")));
        }
        if let Some(Change { how, .. }) = wal {
            let kept = if folded {
                "the moves saved before that were written into the history file"
            } else {
                "the moves saved since the last checkpoint may be lost"
            };
            return Err(gone(format!(
                "lost its journal: its -wal file {how} ({kept})"
            )));
        }
        Err(gone(format!(
            "lost its journal's index: its -shm file {}",
            shm.map(|c| c.how).unwrap_or_default()
        )))
    }

    /// At the close: `true` when the files are no longer this store's, and SQLite's own close
    /// must then touch nothing at the path. The journal has been folded into the file the
    /// connection has open (moved, replaced, deleted, or only the `-wal` changed), or disowned
    /// (the main file rewritten or cut short in place).
    pub(crate) fn let_go(&self, fold: impl FnOnce() -> bool) -> bool {
        let main = self.main.change(Moment::Idle);
        if main.as_ref().is_some_and(|c| c.in_place) {
            self.disown();
            return true;
        }
        let others = [self.wal.as_ref(), self.shm.as_ref()]
            .into_iter()
            .flatten()
            .any(|w| w.change(Moment::Idle).is_some());
        if main.is_some() || others {
            fold();
            return true;
        }
        false
    }

    /// Records that the `-wal` at the path — when it is still the one this store opened — no
    /// longer belongs to the file there, so that the next open sets it aside.
    fn disown(&self) {
        let ours = self.wal.as_ref().is_some_and(|w| {
            std::fs::metadata(&w.path).is_ok_and(|m| file_id(&m) == w.id && w.id != (0, 0))
        });
        if ours {
            let _ = JournalOwner::disown(&self.main.path);
        }
    }

    /// Where the history file the store opened is now, when it was renamed within its folder
    /// (the usual move: a backup, a rename by hand).
    fn main_moved_to(&self) -> Option<PathBuf> {
        let dir = self.main.path.parent()?;
        let dir = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        };
        if self.main.id == (0, 0) {
            return None;
        }
        std::fs::read_dir(dir)
            .ok()?
            .filter_map(Result::ok)
            .find(|e| {
                e.metadata()
                    .is_ok_and(|m| m.is_file() && file_id(&m) == self.main.id)
            })
            .map(|e| e.path())
    }
}

/// Which file a journal belongs to, as `<history>-wal-owner` records it: the history file and
/// its `-wal` as the store that last opened them to play on found them (device, inode and
/// creation time; inode numbers are reused, creation times rarely). A journal is another
/// file's only when it is the very `-wal` recorded and the history at the path is not the
/// file recorded with it: anything else (no record, a `-wal` someone else created) is left
/// to SQLite as before.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct JournalOwner {
    main: String,
    wal: String,
}

/// A file's key in the record: `dev:ino:creation-ns` (`-` when the file system keeps no
/// creation time); `None` where files have no inode numbers (no record is kept there).
fn file_key(path: &Path) -> Option<String> {
    let meta = std::fs::metadata(path).ok()?;
    let id = file_id(&meta);
    if id == (0, 0) {
        return None;
    }
    let born = meta
        .created()
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or("-".to_string(), |d| d.as_nanos().to_string());
    Some(format!("{}:{}:{born}", id.0, id.1))
}

impl JournalOwner {
    /// The record beside `path`, if there is a readable one.
    fn read(path: &Path) -> Option<JournalOwner> {
        let text = std::fs::read_to_string(beside(path, "-wal-owner")).ok()?;
        let mut lines = text.lines();
        let main = lines.next()?.strip_prefix("main ")?.to_string();
        let wal = lines.next()?.strip_prefix("wal ")?.to_string();
        Some(JournalOwner { main, wal })
    }

    /// The history at `path` and its `-wal` as they are now (both must be there).
    fn now(path: &Path) -> Option<JournalOwner> {
        Some(JournalOwner {
            main: file_key(path)?,
            wal: file_key(&beside(path, "-wal"))?,
        })
    }

    /// Records that the `-wal` beside `path` belongs to the history at `path` (the store just
    /// opened both): written to a fresh, exclusively created file, synced, renamed over the
    /// record. Where files have no inode numbers nothing is recorded.
    pub(crate) fn record(path: &Path) -> Result<(), StoreError> {
        let Some(now) = JournalOwner::now(path) else {
            return Ok(());
        };
        if JournalOwner::read(path).as_ref() == Some(&now) {
            return Ok(());
        }
        JournalOwner::write(path, &now)
    }

    /// Writes `record` beside `path`: to a fresh, exclusively created file, synced, renamed
    /// over the record.
    fn write(path: &Path, now: &JournalOwner) -> Result<(), StoreError> {
        let target = beside(path, "-wal-owner");
        let fail = |e: std::io::Error| StoreError::CannotOpen {
            path: path.display().to_string(),
            reason: format!(
                "cannot record which file its journal belongs to ({}): {}",
                target.display(),
                crate::open::io_reason(&e)
            ),
        };
        let text = format!("main {}\nwal {}\n", now.main, now.wal);
        let mut n = 0u32;
        let (tmp, mut file) = loop {
            let tmp = beside(path, &format!("-wal-owner.{}-{n}.tmp", std::process::id()));
            match std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&tmp)
            {
                Ok(f) => break (tmp, f),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && n < 100 => n += 1,
                Err(e) => return Err(fail(e)),
            }
        };
        let written = file
            .write_all(text.as_bytes())
            .and_then(|()| file.sync_all())
            .and_then(|()| std::fs::rename(&tmp, &target));
        if let Err(e) = written {
            let _ = std::fs::remove_file(&tmp);
            return Err(fail(e));
        }
        Ok(())
    }

    /// Records that the `-wal` beside `path` belongs to no file there: the history was
    /// rewritten in place under the store, so its journal is another file's now.
    fn disown(path: &Path) -> Result<(), StoreError> {
        let Some(wal) = file_key(&beside(path, "-wal")) else {
            return Ok(());
        };
        JournalOwner::write(
            path,
            &JournalOwner {
                main: "disowned".to_string(),
                wal,
            },
        )
    }

    /// Forgets the record beside `path` unless it names the history there now: called before
    /// SQLite opens a history to play on, so that a history created or replaced at the path
    /// never has its own journal taken for another file's (a crash before the new record is
    /// written leaves no record: the journal is then trusted, as it always was).
    pub(crate) fn forget_unless_current(path: &Path) -> Result<(), StoreError> {
        let Some(recorded) = JournalOwner::read(path) else {
            return Ok(());
        };
        if file_key(path).is_some_and(|main| main == recorded.main) {
            return Ok(());
        }
        let target = beside(path, "-wal-owner");
        match std::fs::remove_file(&target) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(StoreError::CannotOpen {
                path: path.display().to_string(),
                reason: format!(
                    "cannot update the record of which file its journal belongs to ({}): {}",
                    target.display(),
                    crate::open::io_reason(&e)
                ),
            }),
        }
    }

    /// Whether the `-wal` beside `path` is another file's journal: the very `-wal` the record
    /// names, holding commits (more than its 32-byte header), beside a history that is not the
    /// file recorded with it (or beside no history at all).
    pub(crate) fn stray(path: &Path) -> bool {
        let wal = beside(path, "-wal");
        if std::fs::metadata(&wal).map_or(true, |m| m.len() <= 32) {
            return false;
        }
        let Some(recorded) = JournalOwner::read(path) else {
            return false;
        };
        file_key(&wal).is_some_and(|w| w == recorded.wal)
            && file_key(path).is_none_or(|main| main != recorded.main)
    }
}
