//! The Tauri shell of Word Club: the window, the plugins and one-line command wrappers over
//! the command layer (`wordclub-app`). Nothing here decides a rule.
//!
//! Every wrapper takes the command's JSON arguments as `args` and hands them to
//! [`wordclub_app::App::call`], so a bad argument gets the same typed error in the window as
//! over `wordclub-cli serve`.
//!
//! A match history that cannot be opened does not stop the window: it starts, says why on
//! the start screen (`app_info.history_error`) and leaves the file as it is.
//!
//! The cargo feature `fixed-deals` (test builds only: `scripts/e2e.sh` builds the window
//! test's app with it; release bundles never have it) lets `new_match` take a `seed` and a
//! `deal` over IPC, so the window test can play a known word.

use std::sync::Arc;

use serde_json::Value;
use tauri::{Manager, State};
use tauri_plugin_store::StoreExt;
use wordclub_app::{App, ErrorBody, SettingsBackend};

/// Settings kept by tauri-plugin-store in `settings.json` in the app's data directory.
struct PluginStoreSettings(Arc<tauri_plugin_store::Store<tauri::Wry>>);

const SETTINGS_KEY: &str = "settings";

impl SettingsBackend for PluginStoreSettings {
    fn load(&self) -> Result<Option<Value>, String> {
        Ok(self.0.get(SETTINGS_KEY))
    }
    fn save(&self, value: &Value) -> Result<(), String> {
        self.0.set(SETTINGS_KEY, value.clone());
        self.0.save().map_err(|e| e.to_string())
    }
}

/// One `#[tauri::command]` per row of the app's command table (`wordclub_app::command_table!`;
/// run off the main thread, so a computer player thinking never freezes the window) and the
/// invoke handler that routes to them. The build script grants the window exactly these.
macro_rules! shell_commands {
    ($($name:ident($($args:ty)?) -> $answer:ty;)*) => {
        $(
            #[tauri::command(async)]
            fn $name(app: State<'_, App>, args: Option<Value>) -> Result<Value, ErrorBody> {
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
    let builder = tauri::Builder::default().plugin(tauri_plugin_store::Builder::default().build());
    // Desktop only: the window comes back at the size and place it was closed at (the plugin
    // keeps them in the app's config directory). A tablet app always fills its screen, and
    // the mobile build does not have the plugin (Cargo.toml).
    #[cfg(desktop)]
    let builder = builder.plugin(
        tauri_plugin_window_state::Builder::default()
            .with_state_flags(
                tauri_plugin_window_state::StateFlags::SIZE
                    | tauri_plugin_window_state::StateFlags::POSITION
                    | tauri_plugin_window_state::StateFlags::MAXIMIZED,
            )
            .build(),
    );
    builder
        .setup(|app| {
            let settings = app.store("settings.json")?;
            // The match history lives in the platform's app-data directory
            // (~/.local/share/club.wordclub.play/ on Linux).
            let data_dir = app.path().app_data_dir()?;
            std::fs::create_dir_all(&data_dir)?;
            let state = App::with_history_or_error(
                Box::new(PluginStoreSettings(settings)),
                &data_dir.join("wordclub.db"),
            );
            #[cfg(feature = "fixed-deals")]
            state.allow_fixed_deals();
            // "Save game record" writes GCG files here (the webview cannot download a
            // file itself): the platform's Downloads folder, else ~/Downloads.
            let downloads = app
                .path()
                .download_dir()
                .or_else(|_| app.path().home_dir().map(|h| h.join("Downloads")));
            if let Ok(dir) = downloads {
                state.set_downloads_dir(dir);
            }
            app.manage(state);
            Ok(())
        })
        .invoke_handler(invoke_handler())
        .run(tauri::generate_context!())
        .expect("error while running Word Club");
}

#[cfg(test)]
mod tests {
    use super::SHELL_COMMANDS;

    #[test]
    fn the_window_wraps_every_app_command_and_nothing_else() {
        assert_eq!(SHELL_COMMANDS, wordclub_app::COMMANDS);
    }

    /// The capability the build script wrote from the command table: the main window, one
    /// `allow-` permission per command and nothing else (no plugin, file or shell API).
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
    /// window-state plugin: it keeps the window's size and position from Rust, and the UI
    /// calls none of its commands, so the window is granted none (not even its defaults).
    #[test]
    fn capabilities_name_their_platforms() {
        let platforms = |file: &str| -> Vec<String> {
            let json: serde_json::Value = serde_json::from_str(file).expect("capability JSON");
            json["platforms"]
                .as_array()
                .expect("platforms listed")
                .iter()
                .map(|p| p.as_str().expect("a platform name").to_string())
                .collect()
        };
        let default = platforms(include_str!(concat!(
            env!("OUT_DIR"),
            "/capabilities/default.json"
        )));
        for p in ["linux", "macOS", "windows", "android", "iOS"] {
            assert!(default.contains(&p.to_string()), "{p} in default.json");
        }
        let default_file = include_str!(concat!(env!("OUT_DIR"), "/capabilities/default.json"));
        assert!(!default_file.contains("window-state"), "{default_file}");
        let folder =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src-tauri/capabilities");
        assert!(
            !folder.exists(),
            "no capability is kept by hand beside the generated one"
        );
    }
}
