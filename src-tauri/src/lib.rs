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

/// Declares one `#[tauri::command]` per app command (run off the main thread, so a computer
/// player thinking never freezes the window) and the invoke handler that routes to them.
macro_rules! app_commands {
    ($($name:ident),* $(,)?) => {
        $(
            #[tauri::command(async)]
            fn $name(app: State<'_, App>, args: Option<Value>) -> Result<Value, ErrorBody> {
                app.call(stringify!($name), args.unwrap_or(Value::Null))
                    .map_err(ErrorBody::from)
            }
        )*

        /// The command names the window can invoke (the capabilities grant exactly these).
        pub const SHELL_COMMANDS: &[&str] = &[$(stringify!($name)),*];

        fn invoke_handler() -> impl Fn(tauri::ipc::Invoke<tauri::Wry>) -> bool + Send + Sync + 'static {
            tauri::generate_handler![$($name),*]
        }
    };
}

app_commands!(
    app_info,
    rule_sets,
    word_lists,
    new_match,
    match_list,
    match_view,
    reveal_rack,
    preview,
    play,
    exchange,
    pass,
    resign,
    hint,
    computer_turn,
    match_detail,
    player_stats,
    export_gcg,
    match_analysis,
    analysis_move,
    analysis_progress,
    check_word,
    get_settings,
    update_settings,
    acknowledge_history_notice,
    // issue 13 (at the table)
    rematch,
    rules_examples,
    save_gcg,
);

/// Builds and runs the app window.
pub fn run() {
    tauri::Builder::default()
        .plugin(tauri_plugin_store::Builder::default().build())
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

    #[test]
    fn build_rs_and_the_capability_allow_exactly_the_wrapped_commands() {
        let build = include_str!("../build.rs");
        let capability = include_str!("../capabilities/default.json");
        for name in SHELL_COMMANDS {
            assert!(
                build.contains(&format!("\"{name}\"")),
                "{name} missing in build.rs"
            );
            let permission = format!("\"allow-{}\"", name.replace('_', "-"));
            assert!(
                capability.contains(&permission),
                "{permission} missing in the capability"
            );
        }
        assert_eq!(capability.matches("\"allow-").count(), SHELL_COMMANDS.len());
    }
}
