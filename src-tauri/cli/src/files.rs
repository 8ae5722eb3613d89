//! Files the CLI reads from its arguments: only regular files, and only up to a size cap, so
//! a device (`/dev/zero`), a pipe or a huge file is refused with a typed error instead of
//! being read without bound.
use std::io::Read;
use std::path::Path;

use crate::error::CliError;

/// Largest word list file: the biggest shipped list's text is about 3 MB, so 64 MB leaves
/// room for any real list and none for a runaway read.
pub const MAX_LIST_BYTES: u64 = 64 << 20;
/// Largest match script: a 4-player classic match is a few hundred lines, well under 10 KB.
pub const MAX_SCRIPT_BYTES: u64 = 1 << 20;

/// The error kind of a file that cannot be read, per option (kept from before the caps).
fn kind_of(what: &str) -> &'static str {
    match what {
        "--list-file" => "list_file",
        _ => "script_file",
    }
}

/// Refuses anything at `path` that is not a regular file of at most `cap` bytes. `what`
/// names the option (`--script`) for the message.
pub fn check_regular(path: &Path, cap: u64, what: &str) -> Result<std::fs::Metadata, CliError> {
    let meta = std::fs::metadata(path).map_err(|e| {
        CliError::new(
            kind_of(what),
            format!("{what}: cannot read {}: {e}", path.display()),
        )
    })?;
    check_meta(&meta, path, cap, what)?;
    Ok(meta)
}

fn check_meta(meta: &std::fs::Metadata, path: &Path, cap: u64, what: &str) -> Result<(), CliError> {
    if !meta.is_file() {
        return Err(CliError::new(
            kind_of(what),
            format!("{what}: {} is not a regular file", path.display()),
        ));
    }
    if meta.len() > cap {
        return Err(CliError::new(
            "file_too_large",
            format!(
                "{what}: {} is {} bytes; the most this reads is {cap} bytes",
                path.display(),
                meta.len()
            ),
        ));
    }
    Ok(())
}

/// The text of a regular file of at most `cap` bytes (UTF-8). The cap holds even if the file
/// grows while it is read.
pub fn read_text(path: &Path, cap: u64, what: &str) -> Result<String, CliError> {
    let cannot = |e: std::io::Error| {
        CliError::new(
            kind_of(what),
            format!("{what}: cannot read {}: {e}", path.display()),
        )
    };
    let file = std::fs::File::open(path).map_err(cannot)?;
    check_meta(&file.metadata().map_err(cannot)?, path, cap, what)?;
    let mut bytes = Vec::new();
    file.take(cap + 1).read_to_end(&mut bytes).map_err(cannot)?;
    if bytes.len() as u64 > cap {
        return Err(CliError::new(
            "file_too_large",
            format!("{what}: {} is over {cap} bytes", path.display()),
        ));
    }
    String::from_utf8(bytes).map_err(|_| {
        CliError::new(
            kind_of(what),
            format!("{what}: {} is not UTF-8 text", path.display()),
        )
    })
}
