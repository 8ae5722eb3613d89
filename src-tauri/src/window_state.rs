//! The window's size and place (desktop only): the plugin and the shell's hooks. What is
//! done with the files (the plugin's scratch copy, the kept file checked before the plugin
//! starts, copied aside when damaged, replaced atomically) is the command layer's
//! (`wordclub_app::window_file`), beside its other kept files. The UI calls none of the
//! plugin's commands and the window is granted none.
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use tauri::{AppHandle, Manager, Wry};
use wordclub_app::window_file::{commit, keep, prepare, Prepared, SCRATCH};
use wordclub_app::SettingsNotice;

/// How long a resize or move must have settled before the state is saved: a drag sends
/// dozens of events a second, and one save per gesture is enough.
const SETTLE: Duration = Duration::from_millis(500);

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
