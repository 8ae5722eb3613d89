//! Carrying the history between devices (issue 43, "Carry your history"): the whole history
//! exported as one file and imported into another device's, the same file for the desktop
//! app and the web app (`wordclub_store`'s `transfer.rs` says what the file is and how an
//! import merges).
//!
//! The file travels outside the JSON contract. The host-facing API is on bytes, so every host
//! moves it its own way: [`App::history_file`] (the whole history, recorded as the last
//! backup once handed over) and [`App::import_history_bytes`]: `wordclub-cli serve` sends the
//! bytes in an HTTP body, the web worker transfers a buffer and the page offers a download.
//! The app window's commands, `export_history` and `import_history`, ask where in the
//! platform's save and open dialogs, opened from Rust ([`App::set_history_choosers`]), so the
//! window never names a path.
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::Serialize;
use wordclub_store::ImportReport;

use crate::app::lock;
use crate::{App, AppError};

/// The whole history as one file, for a host to save or hand over.
#[derive(Debug, Clone)]
pub struct HistoryFile {
    /// An SQLite database of the history's schema (rollback-journal mode).
    pub bytes: Vec<u8>,
    /// How many matches it holds.
    pub matches: u64,
    /// The name to offer: `wordclub-history-2026-12-06.db`.
    pub file_name: String,
}

/// Where `export_history` saved the history (`path: null`: the person cancelled, nothing was
/// written), and the sentence that says so.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct SavedHistory {
    pub path: Option<String>,
    pub matches: u64,
    pub message: String,
}

/// What an import did (`report: null`: the person cancelled the choice of a file, nothing
/// changed), and the sentence that says it in plain words.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct ImportAnswer {
    pub report: Option<ImportReport>,
    pub message: String,
}

/// When the history was last exported from this device (the start screen says it).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct LastBackup {
    /// Unix milliseconds, UTC; `null` when it never was.
    pub at: Option<i64>,
}

/// Asks where to save the history, offered a folder and a name; `None`: cancelled.
pub(crate) type HistorySaveChooser = dyn Fn(&Path, &str) -> Option<PathBuf> + Send + Sync;
/// Asks which history file to import, offered a folder; `None`: cancelled.
pub(crate) type HistoryOpenChooser = dyn Fn(&Path) -> Option<PathBuf> + Send + Sync;

/// The window's two dialogs for the history file ([`App::set_history_choosers`]).
#[derive(Clone)]
pub(crate) struct HistoryChoosers {
    save: Arc<HistorySaveChooser>,
    open: Arc<HistoryOpenChooser>,
}

/// The import's report in plain words.
pub fn import_sentence(r: &ImportReport) -> String {
    if r.in_file == 0 {
        return "The file holds no matches: nothing was imported.".to_string();
    }
    let matches = |n: u64| format!("{n} match{}", if n == 1 { "" } else { "es" });
    let mut parts = Vec::new();
    if r.added > 0 {
        parts.push(format!("{} added", matches(r.added)));
    }
    if r.extended > 0 {
        parts.push(format!(
            "{} continued with the moves played on the other device",
            matches(r.extended)
        ));
    }
    if r.kept_as_second > 0 {
        parts.push(format!(
            "{} played differently on the other device, kept beside yours as a second match \
             named \"… (from another device)\"",
            matches(r.kept_as_second)
        ));
    }
    if r.unchanged > 0 {
        parts.push(format!("{} already here, unchanged", matches(r.unchanged)));
    }
    let list = match parts.len() {
        1 => parts.remove(0),
        _ => {
            let last = parts.pop().unwrap_or_default();
            format!("{}; and {last}", parts.join("; "))
        }
    };
    format!("Imported the file's {}: {list}.", matches(r.in_file))
}

impl App {
    /// The whole history as one file, recorded as this device's last backup: for a host that
    /// hands the bytes over at once (`wordclub-cli serve`'s body, the web worker's buffer).
    pub fn history_file(&self) -> Result<HistoryFile, AppError> {
        let mut history = self.history();
        let store = history.store()?;
        let exported = store.export_bytes()?;
        let recorded = store.record_export(exported.matches);
        if let Err(e) = recorded {
            return Err(self.on_store_error(&mut history, e));
        }
        Ok(HistoryFile {
            bytes: exported.bytes,
            matches: exported.matches,
            file_name: history_file_name(),
        })
    }

    /// Merges the history file in `bytes` into this history (all of it, or nothing when the
    /// file is refused: `import_not_a_history`, `import_damaged`, `import_too_new`,
    /// `import_too_large`). The matches it changed are dropped from memory, so the next
    /// command opens them from the history as merged.
    pub fn import_history_bytes(&self, bytes: &[u8]) -> Result<ImportAnswer, AppError> {
        let report = {
            let mut history = self.history();
            let store = history.store()?;
            match store.import_bytes(bytes) {
                Ok(report) => report,
                Err(e) => return Err(self.on_store_error(&mut history, e)),
            }
        };
        for &id in &report.changed_ids {
            self.forget(id);
        }
        Ok(ImportAnswer {
            message: import_sentence(&report),
            report: Some(report),
        })
    }

    /// When the history was last exported from this device.
    pub(crate) fn last_backup(&self) -> LastBackup {
        let at = match self.history().state() {
            Ok(store) => store.last_export().ok().flatten(),
            Err(_) => None,
        };
        LastBackup { at }
    }

    /// Lets the person at the window choose where `export_history` saves the history and
    /// which file `import_history` reads: `save(folder, name)` is offered the Downloads folder
    /// and a name, `open(folder)` that folder; each answers the file chosen or `None`
    /// (cancelled). Called with no lock held, on the command's own thread.
    pub fn set_history_choosers(
        &self,
        save: impl Fn(&Path, &str) -> Option<PathBuf> + Send + Sync + 'static,
        open: impl Fn(&Path) -> Option<PathBuf> + Send + Sync + 'static,
    ) {
        *lock(&self.history_choosers) = Some(HistoryChoosers {
            save: Arc::new(save),
            open: Arc::new(open),
        });
    }

    fn history_choosers(&self) -> Option<HistoryChoosers> {
        lock(&self.history_choosers).clone()
    }

    /// The app window's "Export history": the whole history saved where the person chooses
    /// (offered the Downloads folder), or without a chooser as a new file there. Recorded as
    /// the last backup once written. Refused (`no_downloads_folder`) where the app has no
    /// folder: `serve` and the web app hand the bytes over ([`App::history_file`]).
    pub fn export_history(&self) -> Result<SavedHistory, AppError> {
        let Some(dir) = self.downloads_dir() else {
            return Err(no_folder());
        };
        let name = history_file_name();
        let exported = {
            let mut history = self.history();
            history.store()?.export_bytes()?
        };
        let cannot = |place: &Path, e: std::io::Error| AppError::Io {
            kind: "cannot_save",
            message: format!("cannot save the history into {}: {e}", place.display()),
            source: Arc::new(e),
        };
        let path = match self.history_choosers() {
            Some(choosers) => {
                let Some(path) = (choosers.save)(&dir, &name) else {
                    return Ok(SavedHistory {
                        path: None,
                        matches: exported.matches,
                        message: "The history was not exported.".to_string(),
                    });
                };
                crate::write_atomically(&path, &exported.bytes).map_err(|e| cannot(&path, e))?;
                path
            }
            None => {
                std::fs::create_dir_all(&dir).map_err(|e| cannot(&dir, e))?;
                write_new_file(&dir, &name, &exported.bytes).map_err(|e| cannot(&dir, e))?
            }
        };
        {
            let mut history = self.history();
            let recorded = history.store()?.record_export(exported.matches);
            if let Err(e) = recorded {
                return Err(self.on_store_error(&mut history, e));
            }
        }
        let shown = path.display().to_string();
        Ok(SavedHistory {
            message: format!(
                "Exported the whole history ({} match{}) to {shown}. Import it on another \
                 device with \"Import a history\".",
                exported.matches,
                if exported.matches == 1 { "" } else { "es" }
            ),
            path: Some(shown),
            matches: exported.matches,
        })
    }

    /// The app window's "Import a history": the file the person chooses in the open dialog
    /// (offered the Downloads folder), merged as [`App::import_history_bytes`] says. Refused
    /// (`no_file_dialog`) without a dialog: `serve` and the web app send the bytes.
    pub fn import_history(&self) -> Result<ImportAnswer, AppError> {
        let (Some(dir), Some(choosers)) = (self.downloads_dir(), self.history_choosers()) else {
            return Err(AppError::Backend {
                kind: "no_file_dialog".to_string(),
                message: "this app has no dialog to choose a file in: send the file's bytes \
                          instead"
                    .to_string(),
                details: None,
            });
        };
        let Some(path) = (choosers.open)(&dir) else {
            return Ok(ImportAnswer {
                report: None,
                message: "Nothing was imported.".to_string(),
            });
        };
        let bytes = read_limited(&path).map_err(|e| AppError::Io {
            kind: "cannot_read",
            message: format!("cannot read {}: {e}", path.display()),
            source: Arc::new(e),
        })?;
        self.import_history_bytes(&bytes)
    }
}

fn no_folder() -> AppError {
    AppError::Backend {
        kind: "no_downloads_folder".to_string(),
        message: "this app has no Downloads folder to save into".to_string(),
        details: None,
    }
}

/// `wordclub-history-2026-12-06.db`: the day it was exported (UTC).
fn history_file_name() -> String {
    let stamp = wordclub_store::utc_file_stamp();
    let day = stamp.get(..8).unwrap_or("00000000");
    format!(
        "wordclub-history-{}-{}-{}.db",
        &day[..4],
        &day[4..6],
        &day[6..8]
    )
}

/// A file at most a little over what an import reads ([`wordclub_store::MAX_IMPORT_BYTES`]):
/// a larger one is read only that far, and the import refuses it as too large.
fn read_limited(path: &Path) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let mut bytes = Vec::new();
    std::fs::File::open(path)?
        .take(wordclub_store::MAX_IMPORT_BYTES as u64 + 1)
        .read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// Writes `bytes` to a new file `name` in `dir` (`-2`, `-3` … before `.db` when taken), never
/// over an existing one; nothing is left behind when the write fails.
fn write_new_file(dir: &Path, name: &str, bytes: &[u8]) -> std::io::Result<PathBuf> {
    use std::io::Write;
    let stem = name.strip_suffix(".db").unwrap_or(name);
    let mut n = 1;
    loop {
        let path = if n == 1 {
            dir.join(name)
        } else {
            dir.join(format!("{stem}-{n}.db"))
        };
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
        {
            Ok(mut file) => {
                if let Err(e) = file.write_all(bytes).and_then(|()| file.sync_all()) {
                    drop(file);
                    let _ = std::fs::remove_file(&path);
                    return Err(e);
                }
                return Ok(path);
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && n < 1000 => n += 1,
            Err(e) => return Err(e),
        }
    }
}
