//! The window's size and place as a file (the app window's shell, `src-tauri/src/window_state.rs`,
//! drives it; here so that what it does to the player's files is tested with the others).
//! tauri-plugin-window-state reads its file when it starts, silently starting over when the
//! file is damaged, and rewrites it at exit with a plain `fs::write`. So the plugin is given
//! a scratch copy ([`SCRATCH`]) to read and write; before it starts, a damaged kept file is
//! copied aside and announced ([`prepare`]); once a resize or move settles, the shell has
//! the plugin save its scratch file and keeps it ([`keep`]); at exit, after the plugin wrote
//! the scratch file, it replaces the kept file atomically ([`commit`]).
use std::path::Path;

use crate::SettingsNotice;

/// The kept file, in the app's config directory: the plugin's default name, so the size
/// and place kept by earlier versions are used.
pub const KEPT: &str = ".window-state.json";
/// What the plugin reads at start and writes at exit.
pub const SCRATCH: &str = ".window-state.scratch.json";
/// What [`prepare`] found: the notice of a damaged file kept aside, or that a damaged
/// file could not be copied and must be left as it is (nothing is written over it).
#[derive(Default)]
pub struct Prepared {
    pub notice: Option<SettingsNotice>,
    pub leave_as_is: bool,
}

/// Before the plugin starts: the kept file, if readable, becomes the plugin's scratch
/// copy; a damaged one, or one that cannot be read (too large, a read that fails), is
/// copied beside itself (the plugin then starts from no state) with a notice. One that
/// cannot even be copied (not a regular file, unreadable) is left as it is: nothing is
/// written over it this run ([`Prepared::leave_as_is`]), and a notice says so.
pub fn prepare(dir: &Path) -> Prepared {
    let kept = dir.join(KEPT);
    let scratch = dir.join(SCRATCH);
    // A scratch file left by a run that ended without its exit (killed, or closed by a
    // driver) holds the newest state the plugin saved: it replaces the kept file first,
    // unless the kept file cannot be read (it is left as it is, below).
    if let Ok(Some(left)) = crate::read_kept(&scratch) {
        if readable(&left) && crate::read_kept(&kept).is_ok() {
            let _ = crate::write_atomically(&kept, &left);
        }
    }
    let _ = std::fs::remove_file(&scratch);
    // Only a missing file is "no state": any other failure to read it is not a reason to
    // write over it (it is copied aside first, or left as it is).
    let reason = match crate::read_kept(&kept) {
        Ok(None) => return Prepared::default(),
        Ok(Some(bytes)) => match serde_json::from_slice::<serde_json::Value>(&bytes) {
            Ok(serde_json::Value::Object(windows)) if windows.values().all(|w| w.is_object()) => {
                let _ = crate::write_atomically(&scratch, &bytes);
                return Prepared::default();
            }
            Ok(_) => "it is not an object of windows".to_string(),
            Err(e) => format!("it is not JSON ({e})"),
        },
        Err(e) => format!("cannot read it: {e}"),
    };
    let original = kept.display().to_string();
    match crate::keep_damaged_copy(&kept) {
        Ok(copy) => Prepared {
            notice: Some(SettingsNotice {
                original,
                moved_to: copy.display().to_string(),
                message: format!(
                    "The window's size and place could not be read ({reason}), so it opened \
                     at its usual size. The old file is kept as {}.",
                    copy.display()
                ),
                reason,
            }),
            leave_as_is: false,
        },
        // Not copied: left as it is rather than lost. The notice names the file itself
        // (nothing was moved), so a later start that finds it so again shows it once.
        Err(e) => Prepared {
            notice: Some(SettingsNotice {
                original: original.clone(),
                moved_to: original.clone(),
                message: format!(
                    "The window's size and place could not be read ({reason}) and the file \
                     could not be copied aside ({e}), so the window opened at its usual size. \
                     The file {original} is left as it is, and the window's size and place \
                     are not kept until it can be read."
                ),
                reason,
            }),
            leave_as_is: true,
        },
    }
}

/// Whether a window-state file's bytes are an object of windows, as the plugin writes.
fn readable(bytes: &[u8]) -> bool {
    matches!(
        serde_json::from_slice::<serde_json::Value>(bytes),
        Ok(serde_json::Value::Object(windows)) if windows.values().all(|w| w.is_object())
    )
}

/// After the plugin wrote its scratch file (a resize or move settled): the kept file is
/// replaced by it atomically, the scratch file staying the plugin's. Nothing is replaced
/// when the kept file was damaged and could not be copied aside, or the scratch file is
/// not whole.
pub fn keep(dir: &Path, leave_as_is: bool) -> std::io::Result<()> {
    if leave_as_is {
        // Not even as a scratch file, which the next start would put in its place.
        return std::fs::remove_file(dir.join(SCRATCH)).or(Ok(()));
    }
    match crate::read_kept(&dir.join(SCRATCH))? {
        Some(bytes) if readable(&bytes) => crate::write_atomically(&dir.join(KEPT), &bytes),
        _ => Ok(()),
    }
}

/// At exit, after the plugin wrote its scratch file: the kept file is replaced by it
/// atomically (a crash before leaves the old one whole). Nothing is replaced when the
/// kept file was damaged and could not be copied aside.
pub fn commit(dir: &Path, leave_as_is: bool) -> std::io::Result<()> {
    let scratch = dir.join(SCRATCH);
    if leave_as_is {
        return std::fs::remove_file(&scratch).or(Ok(()));
    }
    let Some(bytes) = crate::read_kept(&scratch)? else {
        return Ok(());
    };
    crate::write_atomically(&dir.join(KEPT), &bytes)?;
    std::fs::remove_file(&scratch)
}

#[cfg(test)]
mod tests {
    use super::{commit, keep, prepare, KEPT, SCRATCH};

    /// The window-state file: a readable one is the plugin's scratch copy and replaced
    /// whole at exit; a damaged one is copied beside itself with a notice first.
    #[test]
    fn the_window_state_file_is_kept_when_damaged_and_replaced_atomically() {
        let dir = std::env::temp_dir().join(format!("wordclub-window-file-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let good = br#"{"main": {"width": 900, "height": 700}}"#;
        std::fs::write(dir.join(KEPT), good).unwrap();
        let prepared = prepare(&dir);
        assert!(prepared.notice.is_none() && !prepared.leave_as_is);
        assert_eq!(std::fs::read(dir.join(SCRATCH)).unwrap(), good);
        // A resize settled: the plugin wrote its scratch file, which is kept at once (and
        // stays the plugin's); half a file is not.
        std::fs::write(dir.join(SCRATCH), br#"{"main": {"width": 950}}"#).unwrap();
        keep(&dir, false).unwrap();
        assert_eq!(
            std::fs::read(dir.join(KEPT)).unwrap(),
            br#"{"main": {"width": 950}}"#
        );
        std::fs::write(dir.join(SCRATCH), br#"{"main": {"wid"#).unwrap();
        keep(&dir, false).unwrap();
        assert_eq!(
            std::fs::read(dir.join(KEPT)).unwrap(),
            br#"{"main": {"width": 950}}"#
        );
        // The plugin writes its scratch file at exit; the commit puts it in place.
        std::fs::write(dir.join(SCRATCH), br#"{"main": {"width": 1000}}"#).unwrap();
        commit(&dir, false).unwrap();
        assert_eq!(
            std::fs::read(dir.join(KEPT)).unwrap(),
            br#"{"main": {"width": 1000}}"#
        );
        assert!(!dir.join(SCRATCH).exists());

        let damaged = br#"{"main": {"width": 10"#;
        std::fs::write(dir.join(KEPT), damaged).unwrap();
        let prepared = prepare(&dir);
        let notice = prepared.notice.expect("a damaged file is announced");
        assert_eq!(std::fs::read(&notice.moved_to).unwrap(), damaged);
        assert!(
            !dir.join(SCRATCH).exists(),
            "the plugin starts from no state"
        );
        std::fs::remove_dir_all(dir).unwrap();
    }
}
