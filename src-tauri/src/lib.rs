//! The Tauri shell of Word Club: the window, the plugins and one-line command wrappers over
//! the command layer (`wordclub-app`). Nothing here decides a rule.
//!
//! Every wrapper takes the command's JSON arguments as `args` and hands them to
//! [`wordclub_app::App::call`], so a bad argument gets the same typed error in the window as
//! over `wordclub-cli serve`.
//!
//! Settings are the app's own atomic [`FileSettings`] (where tauri-plugin-store was); the
//! window-state plugin works on a scratch copy, which the shell saves from Rust when a resize
//! or move settles and keeps atomically (`window_state`): the UI calls none of the plugin's
//! commands and the window is granted none.
//!
//! "Save the game record" asks where in the platform's save dialog (tauri-plugin-dialog, from
//! Rust: the window is granted none of its commands).
//!
//! The app runs its own work (computer turns, warm-ups, the background analysis) on threads of
//! its own ([`App::drive_on_threads`]) and every event it
//! sends ([`wordclub_app::AppEvent`]) is emitted to the window as [`EVENT`], which the UI
//! listens to (`onEvent` in ui/js/api.js; the capability's one grant beside the commands).
//!
//! A match history that cannot be opened does not stop the window: it starts, says why on
//! the start screen (`app_info.history_error`) and leaves the file as it is.
//!
//! The cargo feature `fixed-deals` (test builds only: `scripts/e2e.sh` builds the window
//! test's app with it; release bundles never have it) lets `new_match` take a `seed` and a
//! `deal` over IPC, so the window test can play a known word.

use std::sync::Arc;

use serde_json::Value;
use tauri::{Emitter, Manager, State};
use wordclub_app::{App, ErrorBody, FileSettings};

/// The name the app's events are emitted under (ui/js/api.js listens to the same).
const EVENT: &str = "wordclub:event";

/// Where the window keeps its settings: `settings.json` in the app's data directory, the
/// settings under this key. That is the file and the layout tauri-plugin-store wrote, so
/// settings kept by earlier versions are read; the app's own [`FileSettings`] replaced the
/// plugin because the plugin writes in place (`fs::write`: a crash mid-write leaves part of
/// a file) and resets a file it cannot read, where `FileSettings` writes atomically and
/// keeps a damaged file beside itself with a notice on the start screen.
const SETTINGS_FILE: &str = "settings.json";
const SETTINGS_KEY: &str = "settings";

/// The window's size and place (desktop only). tauri-plugin-window-state reads its file when
/// it starts, silently starting over when the file is damaged, and rewrites it at exit with
/// a plain `fs::write`. So the plugin is given a scratch copy ([`SCRATCH`]) to read and
/// write; before it starts, a damaged kept file is copied aside and announced; at exit,
/// after the plugin wrote the scratch file, it replaces the kept file atomically.
#[cfg(desktop)]
mod window_state {
    use std::path::Path;

    use wordclub_app::SettingsNotice;

    /// The kept file, in the app's config directory: the plugin's default name, so the size
    /// and place kept by earlier versions are used.
    pub const KEPT: &str = ".window-state.json";
    /// What the plugin reads at start and writes at exit.
    pub const SCRATCH: &str = ".window-state.scratch.json";
    /// How long a resize or move must have settled before the state is saved: a drag sends
    /// dozens of events a second, and one save per gesture is enough.
    pub const SETTLE: std::time::Duration = std::time::Duration::from_millis(500);

    /// What [`prepare`] found: the notice of a damaged file kept aside, or that a damaged
    /// file could not be copied and must be left as it is (nothing is written over it).
    #[derive(Default)]
    pub struct Prepared {
        pub notice: Option<SettingsNotice>,
        pub leave_as_is: bool,
    }

    /// Before the plugin starts: the kept file, if readable, becomes the plugin's scratch
    /// copy; a damaged one is copied beside itself (the plugin then starts from no state)
    /// with a notice.
    pub fn prepare(dir: &Path) -> Prepared {
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
    pub fn keep(dir: &Path, leave_as_is: bool) -> std::io::Result<()> {
        if leave_as_is {
            // Not even as a scratch file, which the next start would put in its place.
            return std::fs::remove_file(dir.join(SCRATCH)).or(Ok(()));
        }
        match std::fs::read(dir.join(SCRATCH)) {
            Ok(bytes) if readable(&bytes) => {
                wordclub_app::write_atomically(&dir.join(KEPT), &bytes)
            }
            Ok(_) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(e),
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
        let bytes = match std::fs::read(&scratch) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
            Err(e) => return Err(e),
        };
        wordclub_app::write_atomically(&dir.join(KEPT), &bytes)?;
        std::fs::remove_file(&scratch)
    }
}

/// One `#[tauri::command]` per row of the app's command table (`wordclub_app::command_table!`;
/// run off the main thread, so a computer player thinking never freezes the window) and the
/// invoke handler that routes to them. The build script grants the window exactly these.
macro_rules! shell_commands {
    ($($name:ident($($args:ty)?) -> $answer:ty;)*) => {
        $(
            #[tauri::command(async)]
            fn $name(app: State<'_, Arc<App>>, args: Option<Value>) -> Result<Value, ErrorBody> {
                app.call(stringify!($name), args.unwrap_or(Value::Null))
                    .map_err(ErrorBody::from)
            }
        )*

        /// The command names the window can invoke.
        #[cfg(test)]
        const SHELL_COMMANDS: &[&str] = &[$(stringify!($name)),*];

        fn invoke_handler() -> impl Fn(tauri::ipc::Invoke<tauri::Wry>) -> bool + Send + Sync + 'static {
            tauri::generate_handler![$($name),*]
        }
    };
}

wordclub_app::command_table!(shell_commands);

/// Builds and runs the app window: `main.rs` on the desktop, the Android and iOS apps' own
/// entry point on a tablet (docs/tablet.md).
#[cfg_attr(mobile, tauri::mobile_entry_point)]
pub fn run() {
    #[cfg(target_os = "linux")]
    draw_without_compositing_on_software_gl();
    let builder = tauri::Builder::default();
    // Desktop only: the window comes back at the size and place it was closed at (the plugin
    // keeps them in the app's config directory). A tablet app always fills its screen, and
    // the mobile build does not have the plugin (Cargo.toml). Plugins start in the order
    // they are added, so the kept file is checked before the plugin reads its copy.
    #[cfg(desktop)]
    let builder = builder
        .plugin(tauri_plugin_dialog::init())
        .plugin(
            tauri::plugin::Builder::<tauri::Wry>::new("wordclub-window-file")
                .setup(|app, _api| {
                    let prepared = app
                        .path()
                        .app_config_dir()
                        .map(|dir| window_state::prepare(&dir))
                        .unwrap_or_default();
                    app.manage(WindowStateFile(std::sync::Mutex::new(prepared)));
                    Ok(())
                })
                .build(),
        )
        .plugin(
            tauri_plugin_window_state::Builder::default()
                .with_filename(window_state::SCRATCH)
                .with_state_flags(WINDOW_STATE_FLAGS)
                .build(),
        );
    builder
        .setup(|app| {
            // The match history and the settings live in the platform's app-data directory
            // (~/.local/share/club.wordclub.play/ on Linux).
            let data_dir = app.path().app_data_dir()?;
            std::fs::create_dir_all(&data_dir)?;
            // Graphs of lists not prebuilt (older versions, a custom list) are kept here.
            wordclub_app::set_graph_cache_dir(data_dir.join("graphs"));
            let settings = FileSettings::under_key(data_dir.join(SETTINGS_FILE), SETTINGS_KEY);
            #[cfg(desktop)]
            if let Some(notice) = app
                .state::<WindowStateFile>()
                .0
                .lock()
                .ok()
                .and_then(|mut p| p.notice.take())
            {
                settings.announce(notice);
            }
            let state = Arc::new(App::with_history_or_error(
                Box::new(settings),
                &data_dir.join("wordclub.db"),
            ));
            #[cfg(feature = "fixed-deals")]
            state.allow_fixed_deals();
            state.drive_on_threads();
            let handle = app.handle().clone();
            state.on_event(move |event| {
                if let Err(e) = handle.emit(EVENT, event) {
                    eprintln!("cannot send an event to the window: {e}");
                }
            });
            // "Save the .gcg file" offers this folder (the webview cannot download a file
            // itself): the platform's Downloads folder, else ~/Downloads.
            let downloads = app
                .path()
                .download_dir()
                .or_else(|_| app.path().home_dir().map(|h| h.join("Downloads")));
            if let Ok(dir) = downloads {
                state.set_downloads_dir(dir);
            }
            // ... where the player chooses, in the platform's own save dialog, offered that
            // folder. The dialog is opened from Rust, so the window is granted none of the
            // dialog plugin's commands and never names a path to write.
            #[cfg(desktop)]
            state.set_save_chooser(save_dialog(app.handle().clone()));
            app.manage(state);
            #[cfg(target_os = "linux")]
            if let Some(window) = app.get_webview_window("main") {
                reload_when_the_page_crashes(&window);
            }
            Ok(())
        })
        .on_window_event(|window, event| {
            // The window's size and place are saved once a resize or move settles, from Rust
            // (the plugin itself saves only at exit, which a killed app never reaches).
            #[cfg(desktop)]
            if matches!(
                event,
                tauri::WindowEvent::Resized(_) | tauri::WindowEvent::Moved(_)
            ) {
                save_window_state_when_settled(window.app_handle());
            }
            #[cfg(not(desktop))]
            let _ = (window, event);
        })
        .invoke_handler(invoke_handler())
        .build(tauri::generate_context!())
        .expect("error while building Word Club")
        .run(|app, event| {
            // After the window-state plugin wrote its scratch file (plugins see each event
            // before this callback does).
            #[cfg(desktop)]
            if let tauri::RunEvent::Exit = event {
                let leave_as_is = app
                    .state::<WindowStateFile>()
                    .0
                    .lock()
                    .map_or(true, |p| p.leave_as_is);
                if let Ok(dir) = app.path().app_config_dir() {
                    if let Err(e) = window_state::commit(&dir, leave_as_is) {
                        eprintln!("cannot keep the window's size and place: {e}");
                    }
                }
            }
            #[cfg(not(desktop))]
            let _ = (app, event);
        });
}

/// Before WebKitGTK starts: on a machine without a GPU render node (`/dev/dri/renderD*`: a
/// virtual machine, a remote X display, the tests' Xvfb), WebKit's accelerated compositing
/// runs on Mesa's software rasterizer, whose threads crash the page now and then (Mesa's
/// swrast segfaulting in WebKit's compositor thread, and WebKit's Skia GPU worker, both seen
/// under Xvfb). The window draws without compositing there: the same pages, with none of
/// those threads, and sooner (measured in the window test under Xvfb, drop to painted preview
/// p50 33 -> 14 ms, p95 45 -> 23 ms). A value the user set either way is left alone.
#[cfg(target_os = "linux")]
fn draw_without_compositing_on_software_gl() {
    const VARIABLE: &str = "WEBKIT_DISABLE_COMPOSITING_MODE";
    if std::env::var_os(VARIABLE).is_some() {
        return;
    }
    let render_node = std::fs::read_dir("/dev/dri").is_ok_and(|nodes| {
        nodes
            .flatten()
            .any(|node| node.file_name().to_string_lossy().starts_with("renderD"))
    });
    if !render_node {
        // Still one thread: nothing else reads the environment yet.
        std::env::set_var(VARIABLE, "1");
    }
}

/// WebKitGTK runs the page in a web process of its own. When that process crashes, the window
/// would stay blank until the app was started again: it loads the page again instead, which
/// reopens where the players were, since every fact is in the backend (a match behind its
/// cover, with the staged draft back once the rack is shown). Seen under software OpenGL:
/// Mesa's swrast segfaulting in WebKit's compositor thread (the tests' Xvfb, as in a virtual
/// machine): twice in a day of window-test runs on one machine, once failing CI. A page that crashes again within a
/// few seconds is left as it is, so a crash at every load cannot spin.
#[cfg(target_os = "linux")]
fn reload_when_the_page_crashes(window: &tauri::WebviewWindow) {
    use std::cell::Cell;
    use std::time::{Duration, Instant};
    use webkit2gtk::{WebProcessTerminationReason, WebViewExt};
    const AGAIN_WITHIN: Duration = Duration::from_secs(5);
    let installed = window.with_webview(|webview| {
        let last_reload: Cell<Option<Instant>> = Cell::new(None);
        webview
            .inner()
            .connect_web_process_terminated(move |view, reason| {
                if reason == WebProcessTerminationReason::TerminatedByApi {
                    return;
                }
                let again = last_reload
                    .get()
                    .is_some_and(|at| at.elapsed() < AGAIN_WITHIN);
                if again {
                    eprintln!(
                        "the window's page ended ({reason:?}) again at once: not loaded again"
                    );
                    return;
                }
                eprintln!("the window's page ended ({reason:?}): loading it again");
                last_reload.set(Some(Instant::now()));
                view.reload();
            });
    });
    if let Err(e) = installed {
        eprintln!("cannot watch the window's page for a crash: {e}");
    }
}

/// Asks where to save a game record in the platform's save dialog over the window, offered
/// `folder` (made if missing) and `name`; waits for the answer on the command's thread (the
/// plugin runs the dialog on the main thread). `None`: cancelled.
#[cfg(desktop)]
fn save_dialog(
    handle: tauri::AppHandle,
) -> impl Fn(&std::path::Path, &str) -> Option<std::path::PathBuf> + Send + Sync + 'static {
    use tauri_plugin_dialog::DialogExt;
    move |folder, name| {
        let _ = std::fs::create_dir_all(folder);
        let mut dialog = handle
            .dialog()
            .file()
            .set_title("Save the game record")
            .set_directory(folder)
            .set_file_name(name)
            .add_filter("GCG game record", &["gcg"]);
        if let Some(window) = handle.get_webview_window("main") {
            dialog = dialog.set_parent(&window);
        }
        dialog.blocking_save_file()?.into_path().ok()
    }
}

/// What the window-state file's check found before the app state existed.
#[cfg(desktop)]
struct WindowStateFile(std::sync::Mutex<window_state::Prepared>);

/// The state flags the plugin keeps (its builder's and every save's).
#[cfg(desktop)]
const WINDOW_STATE_FLAGS: tauri_plugin_window_state::StateFlags =
    tauri_plugin_window_state::StateFlags::SIZE
        .union(tauri_plugin_window_state::StateFlags::POSITION)
        .union(tauri_plugin_window_state::StateFlags::MAXIMIZED);

/// Resizes and moves since the start: a save waits until no other came for
/// [`window_state::SETTLE`].
#[cfg(desktop)]
static WINDOW_CHANGES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// Saves the window's size and place (the plugin's scratch file, then the kept file
/// atomically) once no other resize or move came for [`window_state::SETTLE`].
#[cfg(desktop)]
fn save_window_state_when_settled(app: &tauri::AppHandle) {
    use std::sync::atomic::Ordering;
    use tauri_plugin_window_state::AppHandleExt;
    let mine = WINDOW_CHANGES.fetch_add(1, Ordering::SeqCst) + 1;
    let app = app.clone();
    let _ = std::thread::Builder::new()
        .name("wordclub-window-state".into())
        .spawn(move || {
            std::thread::sleep(window_state::SETTLE);
            if WINDOW_CHANGES.load(Ordering::SeqCst) != mine {
                return;
            }
            let leave_as_is = app
                .state::<WindowStateFile>()
                .0
                .lock()
                .map_or(true, |p| p.leave_as_is);
            let saved = app
                .save_window_state(WINDOW_STATE_FLAGS)
                .map_err(|e| e.to_string())
                .and_then(|()| app.path().app_config_dir().map_err(|e| e.to_string()))
                .and_then(|dir| window_state::keep(&dir, leave_as_is).map_err(|e| e.to_string()));
            if let Err(e) = saved {
                eprintln!("cannot keep the window's size and place: {e}");
            }
        });
}

#[cfg(test)]
mod tests {
    use super::SHELL_COMMANDS;

    /// The window-state file: a readable one is the plugin's scratch copy and replaced
    /// whole at exit; a damaged one is copied beside itself with a notice first.
    #[cfg(desktop)]
    #[test]
    fn the_window_state_file_is_kept_when_damaged_and_replaced_atomically() {
        use super::window_state::{commit, keep, prepare, KEPT, SCRATCH};
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

    #[test]
    fn the_window_wraps_every_app_command_and_nothing_else() {
        assert_eq!(SHELL_COMMANDS, wordclub_app::COMMANDS);
    }

    /// The capability the build script wrote from the command table: the main window, one
    /// `allow-` permission per command, listening to the app's events, and nothing else (no
    /// plugin, file or shell API; not emitting events).
    #[test]
    fn the_capability_allows_exactly_the_wrapped_commands() {
        let capability: serde_json::Value = serde_json::from_str(include_str!(concat!(
            env!("OUT_DIR"),
            "/capabilities/default.json"
        )))
        .unwrap();
        assert_eq!(capability["windows"], serde_json::json!(["main"]));
        let wanted: Vec<String> = SHELL_COMMANDS
            .iter()
            .map(|name| format!("allow-{}", name.replace('_', "-")))
            .chain([
                "core:event:allow-listen".into(),
                "core:event:allow-unlisten".into(),
            ])
            .collect();
        assert_eq!(capability["permissions"], serde_json::json!(wanted));
    }

    /// The window's CSP (tauri.conf.json) is the command layer's, with Tauri's IPC origins.
    #[test]
    fn the_window_csp_is_the_shared_one() {
        let conf: serde_json::Value =
            serde_json::from_str(include_str!("../../tauri.conf.json")).unwrap();
        let csp = conf["app"]["security"]["csp"].as_object().unwrap();
        let window: Vec<(&str, &str)> = csp
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str().unwrap()))
            .collect();
        let mut shared = wordclub_app::csp::window_directives();
        shared.sort();
        let mut window = window;
        window.sort();
        assert_eq!(window, shared);
    }

    /// The app's own commands on every platform the app is built for, and nothing of the
    /// window-state plugin: it keeps the window's size and place from Rust, and the UI calls
    /// none of its commands, so the window is granted none (not even its defaults); the
    /// generated capability is the only one.
    #[test]
    fn capabilities_name_their_platforms() {
        let file = include_str!(concat!(env!("OUT_DIR"), "/capabilities/default.json"));
        let json: serde_json::Value = serde_json::from_str(file).expect("capability JSON");
        let platforms = json["platforms"].as_array().expect("platforms listed");
        for p in ["linux", "macOS", "windows", "android", "iOS"] {
            assert!(
                platforms.contains(&serde_json::json!(p)),
                "{p} in default.json"
            );
        }
        assert!(!file.contains("window-state"), "{file}");
        let kept = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src-tauri/capabilities");
        assert!(
            !kept.exists(),
            "no capability is kept by hand beside the generated one"
        );
        let generated: Vec<_> = std::fs::read_dir(concat!(env!("OUT_DIR"), "/capabilities"))
            .expect("the generated capabilities")
            .map(|e| e.expect("an entry").file_name())
            .collect();
        assert_eq!(generated, ["default.json"]);
    }
}
