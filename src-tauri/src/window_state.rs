//! The window's size and place (desktop only). tauri-plugin-window-state reads its file when
//! it starts, silently starting over when the file is damaged, and rewrites it at exit with
//! a plain `fs::write`. So the plugin is given a scratch copy ([`SCRATCH`]) to read and
//! write; before it starts, a damaged kept file is copied aside and announced; once a resize
//! or move settles, the shell has the plugin save its scratch file and keeps it; at exit,
//! after the plugin wrote the scratch file, it replaces the kept file atomically. The UI
//! calls none of the plugin's commands and the window is granted none.
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use tauri::{AppHandle, Manager, Wry};
use wordclub_app::SettingsNotice;

/// The kept file, in the app's config directory: the plugin's default name, so the size
/// and place kept by earlier versions are used.
const KEPT: &str = ".window-state.json";
/// What the plugin reads at start and writes at exit.
const SCRATCH: &str = ".window-state.scratch.json";
/// How long a resize or move must have settled before the state is saved: a drag sends
/// dozens of events a second, and one save per gesture is enough.
const SETTLE: Duration = Duration::from_millis(500);

/// What [`prepare`] found: the notice of a damaged file kept aside, or that a damaged
/// file could not be copied and must be left as it is (nothing is written over it).
#[derive(Default)]
struct Prepared {
    notice: Option<SettingsNotice>,
    leave_as_is: bool,
}

/// Before the plugin starts: the kept file, if readable, becomes the plugin's scratch
/// copy; a damaged one is copied beside itself (the plugin then starts from no state)
/// with a notice.
fn prepare(dir: &Path) -> Prepared {
    let kept = dir.join(KEPT);
    let scratch = dir.join(SCRATCH);
    // A scratch file left by a run that ended without its exit (killed, or closed by a
    // driver) holds the newest state the plugin saved: it replaces the kept file first.
    if let Ok(left) = std::fs::read(&scratch) {
        if readable(&left) {
            let _ = wordclub_app::write_atomically(&kept, &left);
        }
    }
    let _ = std::fs::remove_file(&scratch);
    let Ok(bytes) = std::fs::read(&kept) else {
        return Prepared::default();
    };
    let reason = match serde_json::from_slice::<serde_json::Value>(&bytes) {
        Ok(serde_json::Value::Object(windows)) if windows.values().all(|w| w.is_object()) => {
            let _ = std::fs::write(&scratch, &bytes);
            return Prepared::default();
        }
        Ok(_) => "it is not an object of windows".to_string(),
        Err(e) => format!("it is not JSON ({e})"),
    };
    let message = |copy: &str| {
        format!(
            "The window's size and place could not be read ({reason}), so it opened at \
             its usual size. The old file is kept as {copy}."
        )
    };
    match wordclub_app::keep_damaged_copy(&kept) {
        Ok(copy) => Prepared {
            notice: Some(SettingsNotice {
                original: kept.display().to_string(),
                moved_to: copy.display().to_string(),
                message: message(&copy.display().to_string()),
                reason,
            }),
            leave_as_is: false,
        },
        Err(e) => {
            // Not copied: leave the kept file as it is rather than lose it.
            eprintln!("cannot keep a copy of {}: {e}", kept.display());
            Prepared {
                notice: None,
                leave_as_is: true,
            }
        }
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
fn keep(dir: &Path, leave_as_is: bool) -> std::io::Result<()> {
    if leave_as_is {
        // Not even as a scratch file, which the next start would put in its place.
        return std::fs::remove_file(dir.join(SCRATCH)).or(Ok(()));
    }
    match std::fs::read(dir.join(SCRATCH)) {
        Ok(bytes) if readable(&bytes) => wordclub_app::write_atomically(&dir.join(KEPT), &bytes),
        Ok(_) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e),
    }
}

/// At exit, after the plugin wrote its scratch file: the kept file is replaced by it
/// atomically (a crash before leaves the old one whole). Nothing is replaced when the
/// kept file was damaged and could not be copied aside.
fn commit(dir: &Path, leave_as_is: bool) -> std::io::Result<()> {
    let scratch = dir.join(SCRATCH);
    if leave_as_is {
        return std::fs::remove_file(&scratch).or(Ok(()));
    }
    let bytes = match std::fs::read(&scratch) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(e),
    };
    wordclub_app::write_atomically(&dir.join(KEPT), &bytes)?;
    std::fs::remove_file(&scratch)
}

/// What the window-state file's check found before the app state existed.
struct WindowStateFile(Mutex<Prepared>);

/// The state flags the plugin keeps (its builder's and every save's).
const WINDOW_STATE_FLAGS: tauri_plugin_window_state::StateFlags =
    tauri_plugin_window_state::StateFlags::SIZE
        .union(tauri_plugin_window_state::StateFlags::POSITION)
        .union(tauri_plugin_window_state::StateFlags::MAXIMIZED);

/// Resizes and moves since the start: a save waits until no other came for [`SETTLE`].
static WINDOW_CHANGES: AtomicU64 = AtomicU64::new(0);

/// The window comes back at the size and place it was closed at (the plugin keeps them in
/// the app's config directory). Plugins start in the order they are added, so the kept
/// file is checked (`wordclub-window-file`) before the plugin reads its copy.
pub fn plugins(builder: tauri::Builder<Wry>) -> tauri::Builder<Wry> {
    builder
        .plugin(
            tauri::plugin::Builder::<Wry>::new("wordclub-window-file")
                .setup(|app, _api| {
                    let prepared = app
                        .path()
                        .app_config_dir()
                        .map(|dir| prepare(&dir))
                        .unwrap_or_default();
                    app.manage(WindowStateFile(Mutex::new(prepared)));
                    Ok(())
                })
                .build(),
        )
        .plugin(
            tauri_plugin_window_state::Builder::default()
                .with_filename(SCRATCH)
                .with_state_flags(WINDOW_STATE_FLAGS)
                .build(),
        )
}

/// The notice of a damaged window-state file kept aside, once: for the start screen.
pub fn take_notice(app: &AppHandle) -> Option<SettingsNotice> {
    app.state::<WindowStateFile>()
        .0
        .lock()
        .ok()
        .and_then(|mut p| p.notice.take())
}

/// Whether the kept file was damaged and could not be copied aside (nothing is written over
/// it then).
fn must_leave_as_is(app: &AppHandle) -> bool {
    app.state::<WindowStateFile>()
        .0
        .lock()
        .map_or(true, |p| p.leave_as_is)
}

/// Saves the window's size and place (the plugin's scratch file, then the kept file
/// atomically) once no other resize or move came for [`SETTLE`]. From Rust: the plugin
/// itself saves only at exit, which a killed app never reaches.
pub fn save_when_settled(app: &AppHandle) {
    use tauri_plugin_window_state::AppHandleExt;
    let mine = WINDOW_CHANGES.fetch_add(1, Ordering::SeqCst) + 1;
    let app = app.clone();
    let _ = std::thread::Builder::new()
        .name("wordclub-window-state".into())
        .spawn(move || {
            std::thread::sleep(SETTLE);
            if WINDOW_CHANGES.load(Ordering::SeqCst) != mine {
                return;
            }
            let leave_as_is = must_leave_as_is(&app);
            let saved = app
                .save_window_state(WINDOW_STATE_FLAGS)
                .map_err(|e| e.to_string())
                .and_then(|()| app.path().app_config_dir().map_err(|e| e.to_string()))
                .and_then(|dir| keep(&dir, leave_as_is).map_err(|e| e.to_string()));
            if let Err(e) = saved {
                eprintln!("cannot keep the window's size and place: {e}");
            }
        });
}

/// At exit, after the window-state plugin wrote its scratch file (plugins see each event
/// before the app's run callback does): the kept file is replaced by it ([`commit`]).
pub fn commit_at_exit(app: &AppHandle) {
    let leave_as_is = must_leave_as_is(app);
    if let Ok(dir) = app.path().app_config_dir() {
        if let Err(e) = commit(&dir, leave_as_is) {
            eprintln!("cannot keep the window's size and place: {e}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{commit, keep, prepare, KEPT, SCRATCH};

    /// The window-state file: a readable one is the plugin's scratch copy and replaced
    /// whole at exit; a damaged one is copied beside itself with a notice first.
    #[test]
    fn the_window_state_file_is_kept_when_damaged_and_replaced_atomically() {
        let dir = std::env::temp_dir().join(format!("wordclub-window-{}", std::process::id()));
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
