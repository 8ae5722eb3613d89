//! The Tauri shell of Word Club: the window, the plugins and one-line command wrappers over
//! the command layer (`wordclub-app`). Nothing here decides a rule.
//!
//! Every wrapper takes the command's JSON arguments as `args` and hands them to
//! [`wordclub_app::App::call`], so a bad argument gets the same typed error in the window as
//! over `wordclub-cli serve`.
//!
//! Settings are the app's own atomic [`FileSettings`] (where tauri-plugin-store was); the
//! window-state plugin works on a scratch copy, which the shell saves from Rust when a resize
//! or move settles and keeps atomically (`window_state.rs`): the UI calls none of the
//! plugin's commands and the window is granted none.
//!
//! "Save the game record" asks where in the platform's save dialog (tauri-plugin-dialog, from
//! Rust: the window is granted none of its commands; `save_dialog.rs`).
//!
//! On Linux, WebKitGTK without a GPU draws without compositing and its page is loaded again
//! when its web process crashes (`linux.rs`).
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

#[cfg(target_os = "linux")]
mod linux;
#[cfg(desktop)]
mod save_dialog;
#[cfg(desktop)]
mod window_state;

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
    linux::draw_without_compositing_on_software_gl();
    let builder = tauri::Builder::default();
    // Desktop only: the window comes back at the size and place it was closed at (the plugin
    // keeps them in the app's config directory). A tablet app always fills its screen, and
    // the mobile build does not have the plugin (Cargo.toml). Plugins start in the order
    // they are added, so the kept file is checked before the plugin reads its copy.
    #[cfg(desktop)]
    let builder = window_state::plugins(builder.plugin(tauri_plugin_dialog::init()));
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
            if let Some(notice) = window_state::take_notice(app.handle()) {
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
            state.set_save_chooser(save_dialog::chooser(app.handle().clone()));
            // "Export history" and "Import a history" the same way: the whole history saved
            // where the player chooses, a history file chosen to import.
            #[cfg(desktop)]
            state.set_history_choosers(
                save_dialog::history_saver(app.handle().clone()),
                save_dialog::history_opener(app.handle().clone()),
            );
            app.manage(state);
            #[cfg(target_os = "linux")]
            if let Some(window) = app.get_webview_window("main") {
                linux::reload_when_the_page_crashes(&window);
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
                window_state::save_when_settled(window.app_handle());
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
                window_state::commit_at_exit(app);
            }
            #[cfg(not(desktop))]
            let _ = (app, event);
        });
}

#[cfg(test)]
mod tests {
    use super::SHELL_COMMANDS;

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
