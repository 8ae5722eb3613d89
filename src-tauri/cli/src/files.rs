//! Files the CLI reads from its arguments, all through one reader ([`read_bytes`]): only
//! regular files, checked before anything opens them (opening a FIFO blocks until a writer
//! comes), and only up to a cap that counts the bytes actually read (`/proc` files such as
//! `/proc/self/pagemap` say 0 or anything in `st_size`), so a device, a pipe or a huge file
//! is refused with a typed error instead of being waited on or read without bound.
use std::io::Read;
use std::path::Path;

use crate::error::CliError;

/// Largest word list file: the biggest shipped list's text is about 3 MB, so 64 MB leaves
/// room for any real list and none for a runaway read.
pub const MAX_LIST_BYTES: u64 = 64 << 20;
/// Largest match script: a 4-player classic match is a few hundred lines, well under 10 KB.
pub const MAX_SCRIPT_BYTES: u64 = 1 << 20;
/// Largest GCG record: a long classic game is about 3 KB; notes make it longer, never 1 MB.
pub const MAX_GCG_BYTES: u64 = 1 << 20;
/// Largest rules-lab file (a rule set as JSON, or premium layouts): a rule set is about 3 KB.
pub const MAX_LAB_FILE_BYTES: u64 = 1 << 20;

/// Largest shard file `lab merge` reads: a search shard holds each of its variants' rule set
/// and tally, about 8 KB a variant, so 10,000 variants in one shard are about 80 MB.
pub const MAX_SHARD_BYTES: u64 = 256 << 20;

/// A file argument: the option it came with (for messages) and the error kind its failures
/// get (each option kept its kind from before there was one reader).
#[derive(Debug, Clone, Copy)]
pub struct FileArg {
    pub option: &'static str,
    pub kind: &'static str,
    pub cap: u64,
}

pub const LIST_FILE: FileArg = FileArg::new("--list-file", "list_file", MAX_LIST_BYTES);
pub const SCRIPT: FileArg = FileArg::new("--script", "script_file", MAX_SCRIPT_BYTES);
pub const GCG: FileArg = FileArg::new("--gcg", "io", MAX_GCG_BYTES);
pub const RULES_FILE: FileArg = FileArg::new("--rules-file", "file", MAX_LAB_FILE_BYTES);
pub const BASE_FILE: FileArg = FileArg::new("--base-file", "file", MAX_LAB_FILE_BYTES);
pub const PREMIUMS_FILE: FileArg = FileArg::new("--vary premiums=FILE", "file", MAX_LAB_FILE_BYTES);

pub const SHARD_FILE: FileArg = FileArg {
    option: "lab merge",
    kind: "file",
    cap: MAX_SHARD_BYTES,
};

impl FileArg {
    pub const fn new(option: &'static str, kind: &'static str, cap: u64) -> FileArg {
        FileArg { option, kind, cap }
    }

    fn error(&self, path: &Path, what: impl std::fmt::Display) -> CliError {
        CliError::new(
            self.kind,
            format!("{}: {} {what}", self.option, path.display()),
        )
    }

    fn too_large(&self, path: &Path, size: impl std::fmt::Display) -> CliError {
        CliError::new(
            "file_too_large",
            format!(
                "{}: {} is {size} bytes; the most this reads is {} bytes",
                self.option,
                path.display(),
                self.cap
            ),
        )
    }
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

/// The bytes of the regular file at `path`, at most `arg.cap` of them. The path is looked at
/// (`stat`, which never blocks) before it is opened, and what was opened must be that same
/// regular file; the cap counts the bytes read, so a file that lies about its size or grows
/// while it is read is refused all the same.
pub fn read_bytes(path: &Path, arg: FileArg) -> Result<Vec<u8>, CliError> {
    let cannot = |e: std::io::Error| arg.error(path, format_args!("cannot be read: {e}"));
    let before = std::fs::metadata(path).map_err(cannot)?;
    if !before.is_file() {
        return Err(arg.error(path, "is not a regular file"));
    }
    if before.len() > arg.cap {
        return Err(arg.too_large(path, before.len()));
    }
    let file = std::fs::File::open(path).map_err(cannot)?;
    let opened = file.metadata().map_err(cannot)?;
    if !opened.is_file() || !same_file(&before, &opened) {
        return Err(arg.error(path, "changed while it was opened"));
    }
    let mut bytes = Vec::new();
    file.take(arg.cap + 1)
        .read_to_end(&mut bytes)
        .map_err(cannot)?;
    if bytes.len() as u64 > arg.cap {
        return Err(arg.too_large(path, format_args!("over {}", arg.cap)));
    }
    Ok(bytes)
}

/// [`read_bytes`] of a UTF-8 text file.
pub fn read_text(path: &Path, arg: FileArg) -> Result<String, CliError> {
    String::from_utf8(read_bytes(path, arg)?).map_err(|_| arg.error(path, "is not UTF-8 text"))
}

/// [`read_bytes`] of a GCG record. GCG files from other programs are often Latin-1 (the
/// format's `#character-encoding` pragma names the encoding; without it, older tools wrote
/// ISO-8859-1): a file that says UTF-8 must be UTF-8, and one that says nothing is UTF-8
/// when it is valid UTF-8, else Latin-1 (every byte is a Latin-1 character, so that never
/// fails). One that says ISO-8859-1 (Latin-1) is read as such unless its bytes are valid
/// UTF-8 with some outside ASCII: Latin-1 text is almost never valid UTF-8 once it has a
/// byte over 127 (it would take pairs such as "Ã©"), while a UTF-8 file under a copied
/// pragma is common, and read as Latin-1 every such name would turn into "AnnÃ©".
pub fn read_gcg(path: &Path) -> Result<String, CliError> {
    let bytes = read_bytes(path, GCG)?;
    let declared = bytes
        .split(|&b| b == b'\n')
        .filter_map(|line| line.strip_prefix(b"#character-encoding"))
        .map(|rest| String::from_utf8_lossy(rest).trim().to_ascii_uppercase())
        .next();
    let latin1 = |bytes: &[u8]| bytes.iter().map(|&b| char::from(b)).collect::<String>();
    match declared.as_deref() {
        Some("UTF-8" | "UTF8") => String::from_utf8(bytes)
            .map_err(|_| GCG.error(path, "says #character-encoding UTF-8 but is not UTF-8 text")),
        Some("ISO-8859-1" | "ISO8859-1" | "LATIN-1" | "LATIN1") => {
            if !bytes.is_ascii() {
                if let Ok(text) = std::str::from_utf8(&bytes) {
                    return Ok(text.to_string());
                }
            }
            Ok(latin1(&bytes))
        }
        Some(other) => Err(GCG.error(
            path,
            format_args!("is in the encoding {other:?}; this reads UTF-8 and ISO-8859-1"),
        )),
        None => String::from_utf8(bytes).or_else(|e| Ok(latin1(e.as_bytes()))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str, bytes: &[u8]) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("wordclub-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        path
    }

    #[test]
    fn a_gcg_record_is_read_in_its_declared_or_fallback_encoding() {
        let latin = temp("latin.gcg", b"#player1 Jos\xe9 Jos\xe9\n");
        assert!(read_gcg(&latin).unwrap().contains("Jos\u{e9}"));
        let declared = temp(
            "declared.gcg",
            b"#character-encoding ISO-8859-1\n#player1 Ren\xe9 Ren\xe9\n",
        );
        assert!(read_gcg(&declared).unwrap().contains("Ren\u{e9}"));
        let utf8 = temp("utf8.gcg", "#player1 Zo\u{eb} Zo\u{eb}\n".as_bytes());
        assert!(read_gcg(&utf8).unwrap().contains("Zo\u{eb}"));
        let lying = temp(
            "lying.gcg",
            b"#character-encoding UTF-8\n#player1 Jos\xe9 Jos\xe9\n",
        );
        assert_eq!(read_gcg(&lying).unwrap_err().kind, "io");
        let other = temp("other.gcg", b"#character-encoding UTF-16\n");
        assert!(read_gcg(&other).unwrap_err().message.contains("UTF-16"));
    }

    #[test]
    fn the_cap_counts_bytes_read_not_the_size_a_file_states() {
        // /proc files state a size of 0 (or anything); the reader counts what it reads.
        let proc_file = Path::new("/proc/self/status");
        if proc_file.exists() {
            let small = FileArg { cap: 8, ..SCRIPT };
            assert_eq!(std::fs::metadata(proc_file).unwrap().len(), 0);
            assert_eq!(
                read_bytes(proc_file, small).unwrap_err().kind,
                "file_too_large"
            );
        }
    }
}
