//! The one owner of how the app writes and reads back the small files it keeps beside the
//! player's own (settings, the window's size and place, a saved game record, the rules lab's
//! outputs): replaced atomically through a temporary file of a fresh name, read only when
//! they are a regular file of a bounded size, and copied aside when damaged.
//!
//! A temporary or copy name is always created exclusively (`create_new`: `O_CREAT|O_EXCL`,
//! which never follows a symbolic link): a file the player keeps under a name like
//! `settings.json.tmp` is never truncated, and a link there never makes the app write
//! through it.
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// The largest kept file read back (settings, the window's size and place): a settings file
/// is under 4 KB (four names, 16 screens, a few notices) and a window-state file under 1 KB,
/// so 1 MB leaves room for any real one and none for a runaway read.
pub const MAX_KEPT_BYTES: u64 = 1 << 20;

/// How many fresh names are tried before giving up: each is new (the process, a counter,
/// the clock), so a second try is already rare; 64 makes a loop impossible.
const NAME_TRIES: u32 = 64;

/// A counter that makes every temporary name of this process new.
static NEXT_NAME: AtomicU64 = AtomicU64::new(0);

/// A name beside `path` that no one uses: `.<name>.<process>-<n>-<clock>.tmp` in the same
/// folder (so the rename stays on one file system), hidden on Unix.
fn fresh_name(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map_or_else(|| "file".into(), |n| n.to_string_lossy().into_owned());
    let n = NEXT_NAME.fetch_add(1, Ordering::Relaxed);
    let clock = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let tmp = format!(".{name}.{}-{n}-{clock:08x}.tmp", std::process::id());
    path.with_file_name(tmp)
}

/// Creates a new file at the first of `names` no one uses (`create_new`: never an existing
/// file, never through a link); answers it and its path.
fn create_new(mut names: impl FnMut(u32) -> PathBuf) -> std::io::Result<(std::fs::File, PathBuf)> {
    let mut last = None;
    for i in 0..NAME_TRIES {
        let path = names(i);
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
        {
            Ok(file) => return Ok((file, path)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| std::io::Error::other("no free name")))
}

/// Replaces `path` with `bytes` so that a crash or a full disk at any moment leaves either
/// the old file or the new one, never a part: a temporary file of a fresh name beside it
/// (created exclusively: no file of the player's is touched, no link followed), written and
/// synced, renamed over it, and the folder synced so the rename itself survives a power cut.
/// A failed write removes the temporary file and leaves the old one as it was.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let (mut file, tmp) = create_new(|_| fresh_name(path))?;
    let written = file
        .write_all(bytes)
        .and_then(|()| file.sync_all())
        .and_then(|()| {
            drop(file);
            std::fs::rename(&tmp, path)
        });
    if let Err(e) = written {
        // Ours: created above under a name no one else had.
        let _ = std::fs::remove_file(&tmp);
        return Err(e);
    }
    sync_folder(path)
}

/// The bytes of the kept file at `path`, `None` when there is none. Only a regular file is
/// opened (a FIFO would block the start for ever, a device never end), looked at before it
/// is opened and checked to be the same file after, and at most [`MAX_KEPT_BYTES`] are read
/// (counted as they are read). Any other failure is an error that says why.
pub fn read_kept(path: &Path) -> std::io::Result<Option<Vec<u8>>> {
    let before = match std::fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e),
    };
    if !before.is_file() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "it is not a regular file",
        ));
    }
    let too_large = || {
        std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!("it is larger than {MAX_KEPT_BYTES} bytes"),
        )
    };
    if before.len() > MAX_KEPT_BYTES {
        return Err(too_large());
    }
    let file = open_same_regular_file(path, &before)?;
    let mut bytes = Vec::new();
    file.take(MAX_KEPT_BYTES + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_KEPT_BYTES {
        return Err(too_large());
    }
    Ok(Some(bytes))
}

/// Opens `path` for reading when it is still the regular file `before` describes.
fn open_same_regular_file(
    path: &Path,
    before: &std::fs::Metadata,
) -> std::io::Result<std::fs::File> {
    let file = std::fs::File::open(path)?;
    let opened = file.metadata()?;
    if !opened.is_file() || !same_file(before, &opened) {
        return Err(std::io::Error::other("it changed while it was opened"));
    }
    Ok(file)
}

#[cfg(unix)]
fn same_file(a: &std::fs::Metadata, b: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    (a.dev(), a.ino()) == (b.dev(), b.ino())
}

#[cfg(not(unix))]
fn same_file(_: &std::fs::Metadata, _: &std::fs::Metadata) -> bool {
    true
}

/// Copies a damaged file to `<name>.damaged-<UTC time>[-n]` beside it, byte for byte and
/// synced, and returns the copy's path; the file itself is left as it is (the caller writes
/// over it only once this succeeded). Only a regular file is copied (anything else is an
/// error: the caller then leaves it as it is), and the copy is a new file (never one of the
/// player's, never through a link).
pub fn keep_damaged_copy(path: &Path) -> std::io::Result<PathBuf> {
    let before = std::fs::metadata(path)?;
    if !before.is_file() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "it is not a regular file",
        ));
    }
    let mut source = open_same_regular_file(path, &before)?;
    let base = path.as_os_str().to_string_lossy().into_owned();
    let stamp = wordclub_store::utc_file_stamp();
    let (mut copy, copy_path) = create_new(|i| match i {
        0 => PathBuf::from(format!("{base}.damaged-{stamp}")),
        i => PathBuf::from(format!("{base}.damaged-{stamp}-{}", i + 1)),
    })?;
    let copied = std::io::copy(&mut source, &mut copy).and_then(|_| copy.sync_all());
    if let Err(e) = copied {
        // Ours, and not a whole copy: the damaged file itself is still where it was.
        drop(copy);
        let _ = std::fs::remove_file(&copy_path);
        return Err(e);
    }
    sync_folder(&copy_path)?;
    Ok(copy_path)
}

/// Syncs the folder holding `path` (where a rename or a new file is recorded). Windows
/// cannot open a folder as a file; its renames are made durable by the file system.
fn sync_folder(path: &Path) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        let folder = match path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        std::fs::File::open(folder)?.sync_all()?;
    }
    #[cfg(not(unix))]
    let _ = path;
    Ok(())
}
