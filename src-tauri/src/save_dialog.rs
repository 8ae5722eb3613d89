//! "Save the game record", "Export history" and "Import a history": where, asked in the
//! platform's save and open dialogs (tauri-plugin-dialog, desktop only). The dialogs are
//! opened from Rust, so the window is granted none of the dialog plugin's commands and never
//! names a path to write or read.
use std::path::{Path, PathBuf};

use tauri::{AppHandle, Manager};
use tauri_plugin_dialog::DialogExt;

/// Asks where to save a game record in the platform's save dialog over the window, offered
/// `folder` (made if missing) and `name`; waits for the answer on the command's thread (the
/// plugin runs the dialog on the main thread). `None`: cancelled.
pub fn chooser(
    handle: AppHandle,
) -> impl Fn(&Path, &str) -> Option<PathBuf> + Send + Sync + 'static {
    saver(handle, "Save the game record", "GCG game record", "gcg")
}

/// Asks where to export the whole history ("Export history"), offered `folder` (made if
/// missing) and `name`. `None`: cancelled.
pub fn history_saver(
    handle: AppHandle,
) -> impl Fn(&Path, &str) -> Option<PathBuf> + Send + Sync + 'static {
    saver(
        handle,
        "Export the whole match history",
        "Word Club history",
        "db",
    )
}

/// The save dialog both savers are: `title`, one filter (`filter` for files ending `.ext`),
/// over the window, offered `folder` (made if missing) and `name`.
fn saver(
    handle: AppHandle,
    title: &'static str,
    filter: &'static str,
    ext: &'static str,
) -> impl Fn(&Path, &str) -> Option<PathBuf> + Send + Sync + 'static {
    move |folder, name| {
        let _ = std::fs::create_dir_all(folder);
        let mut dialog = handle
            .dialog()
            .file()
            .set_title(title)
            .set_directory(folder)
            .set_file_name(name)
            .add_filter(filter, &[ext]);
        if let Some(window) = handle.get_webview_window("main") {
            dialog = dialog.set_parent(&window);
        }
        dialog.blocking_save_file()?.into_path().ok()
    }
}

/// Asks which history file to import ("Import a history"), offered `folder`: an exported
/// history, or a history file copied from an install (`wordclub.db`); the import refuses
/// what is not a history. `None`: cancelled.
pub fn history_opener(
    handle: AppHandle,
) -> impl Fn(&Path) -> Option<PathBuf> + Send + Sync + 'static {
    move |folder| {
        let mut dialog = handle
            .dialog()
            .file()
            .set_title("Import a match history")
            .set_directory(folder)
            .add_filter("Word Club history", &["db"]);
        if let Some(window) = handle.get_webview_window("main") {
            dialog = dialog.set_parent(&window);
        }
        dialog.blocking_pick_file()?.into_path().ok()
    }
}
