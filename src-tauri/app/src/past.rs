//! The commands on the history: the match list, a match turn by turn, statistics, the
//! post-game analysis, the GCG record (answered or saved) and the notices about a history
//! moved aside. Each takes the history's lock and no match's.
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use wordclub_movegen::analysis::Analysis;

use crate::analysis::{self, AnalysisMove, AnalysisMoveArgs};
use crate::events::Progress;
use crate::history::{
    self, ExportGcgArgs, GcgExport, MatchDetail, MatchList, MatchListArgs, PlayerStats, StatsArgs,
};
use crate::matches::MatchIdArgs;
use crate::{App, AppError};

impl App {
    /// Past and unfinished matches, newest first, filtered and paged.
    pub fn match_list(&self, args: MatchListArgs) -> Result<MatchList, AppError> {
        self.with_store(|store| history::list(store, args))
    }

    /// A match turn by turn (what hints showed stays out until it is over), and whether its
    /// post-game analysis is kept (`analysis.ready`) or can be made (`analysis.available`).
    pub fn match_detail(&self, args: MatchIdArgs) -> Result<MatchDetail, AppError> {
        self.with_store(|store| history::detail(store, args.match_id))
    }

    /// Statistics per player, over one rule set's matches (`rules`) or every match.
    pub fn player_stats(&self, args: StatsArgs) -> Result<PlayerStats, AppError> {
        self.with_store(|store| history::stats(store, args))
    }

    /// The post-game analysis of a finished match: kept in the history, or made now (the
    /// history is not locked while it is made, so moves in other matches go on) and kept.
    /// An unfinished match is refused (`match_in_progress`).
    pub fn match_analysis(&self, args: MatchIdArgs) -> Result<Analysis, AppError> {
        let id = args.match_id;
        let found = self.with_store(|store| {
            Ok(match analysis::stored(store, id)? {
                Some(kept) => ControlFlow::Break(kept),
                None => ControlFlow::Continue(analysis::prepare(store, id)?),
            })
        })?;
        let prepared = match found {
            ControlFlow::Break(kept) => return Ok(kept),
            ControlFlow::Continue(prepared) => prepared,
        };
        let made = prepared.analyse()?;
        self.with_store(|store| analysis::keep(store, id, &made))?;
        Ok(made)
    }

    /// An alternative from the analysis scored on the board its turn started from (the
    /// ghost on the step-through board, with the scorer's breakdown).
    pub fn analysis_move(&self, args: AnalysisMoveArgs) -> Result<AnalysisMove, AppError> {
        self.with_store(|store| analysis::score_alternative(store, &args))
    }

    /// How the background re-analysis of the history is going; `start: true` starts it
    /// (when it is not running and some finished match lacks this analyser's analysis).
    pub fn analysis_progress(&self, args: AnalysisProgressArgs) -> Result<Progress, AppError> {
        let (started, progress) = self.with_store(|store| {
            let started = args.start && self.analysis.start(store)?;
            Ok((started, self.analysis.progress(store)?))
        })?;
        if started {
            self.background_queued();
        }
        Ok(progress)
    }

    /// A match as a GCG game record; an unfinished one only with `reveal_racks: true`.
    /// With `analysis: true` (finished matches only) each turn carries the analysis as a
    /// `#note` line.
    pub fn export_gcg(&self, args: ExportGcgArgs) -> Result<GcgExport, AppError> {
        if args.analysis {
            let made = self.match_analysis(MatchIdArgs {
                match_id: args.match_id,
            })?;
            let notes = analysis::gcg_notes(&made);
            return self.with_store(|store| history::export_gcg(store, &args, Some(&notes)));
        }
        self.with_store(|store| history::export_gcg(store, &args, None))
    }

    /// `export_gcg`, written to a file: where the person at the window chooses, offered the
    /// Downloads folder and a name not taken there ([`App::set_save_chooser`]), or without a
    /// chooser to a new file in the Downloads folder (never over an existing one). Answers
    /// the path and a sentence saying where it went; a cancelled choice writes nothing and
    /// answers no path.
    pub fn save_gcg(&self, args: ExportGcgArgs) -> Result<SavedGcg, AppError> {
        let id = args.match_id;
        let Some(dir) = self.downloads_dir() else {
            return Err(AppError::Backend {
                kind: "no_downloads_folder".to_string(),
                message: "this app has no Downloads folder to save into".to_string(),
                details: None,
            });
        };
        // Exported first, so that a refusal (an unknown or unfinished match) comes before
        // anyone is asked where to save it.
        let exported = self.export_gcg(args)?;
        let gcg = exported.gcg.as_bytes();
        let cannot = |place: &Path, e: std::io::Error| AppError::Io {
            kind: "cannot_save",
            message: format!("cannot save into {}: {e}", place.display()),
            source: std::sync::Arc::new(e),
        };
        let path = match self.save_chooser() {
            Some(choose) => {
                let Some(path) = choose(&dir, &free_record_name(&dir, id)) else {
                    return Ok(SavedGcg {
                        id,
                        path: None,
                        message: "The game record was not saved.".to_string(),
                    });
                };
                // The dialog asked before replacing a file; the old one stays whole until
                // the new one is complete (a temporary file, synced, renamed over it).
                crate::write_atomically(&path, gcg).map_err(|e| cannot(&path, e))?;
                path
            }
            None => {
                std::fs::create_dir_all(&dir).map_err(|e| cannot(&dir, e))?;
                write_new_record(&dir, id, gcg).map_err(|e| cannot(&dir, e))?
            }
        };
        let shown = path.display().to_string();
        Ok(SavedGcg {
            id,
            message: format!("Saved the game record to {shown}"),
            path: Some(shown),
        })
    }

    /// The player has read the notice about a history moved aside, or a damaged settings
    /// file kept beside itself: it is no longer shown. The old file stays where it went.
    pub fn acknowledge_history_notice(
        &self,
        args: AcknowledgeArgs,
    ) -> Result<Vec<HistoryNotice>, AppError> {
        let mut history = self.history();
        // The same "I have read this" for a damaged settings file kept aside: its copy's
        // path is never a history's, so one command serves both notices.
        let settings_read = self
            .settings_backend
            .acknowledge(&args.moved_to)
            .map_err(|reason| AppError::Settings { reason })?;
        if settings_read {
            return Ok(match history.state() {
                Ok(store) => store.notices()?.iter().map(HistoryNotice::of).collect(),
                Err(_) => Vec::new(),
            });
        }
        let result = history.store()?.acknowledge(&args.moved_to);
        if let Err(e) = result {
            return Err(match e {
                wordclub_store::StoreError::BadQuery { reason } => {
                    AppError::bad_argument("acknowledge_history_notice", reason)
                }
                other => self.on_store_error(&mut history, other),
            });
        }
        let notices = history.store()?.notices()?;
        Ok(notices.iter().map(HistoryNotice::of).collect())
    }
}

/// A history moved aside: where it was, where it went, why, and the sentence to show.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct HistoryNotice {
    pub original: String,
    pub moved_to: String,
    pub reason: String,
    pub message: String,
}

impl HistoryNotice {
    pub(crate) fn of(m: &wordclub_store::MovedAside) -> HistoryNotice {
        HistoryNotice {
            original: m.original.display().to_string(),
            moved_to: m.moved_to.display().to_string(),
            reason: m.reason.clone(),
            message: m.to_string(),
        }
    }
}

#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
// An argument: a field serde fills in when it is absent may be left out.
#[cfg_attr(feature = "contract", ts(optional_fields = nullable))]
#[serde(deny_unknown_fields)]
pub struct AcknowledgeArgs {
    /// The `moved_to` of the notice read.
    pub moved_to: String,
}

#[derive(Debug, Default, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
// An argument: a field serde fills in when it is absent may be left out.
#[cfg_attr(feature = "contract", ts(optional_fields = nullable))]
#[serde(deny_unknown_fields)]
pub struct AnalysisProgressArgs {
    /// Start the background re-analysis if it is not running.
    #[serde(default)]
    #[cfg_attr(feature = "contract", ts(as = "Option<bool>", optional))]
    pub start: bool,
}

/// Where `save_gcg` wrote a game record (`None`: the person cancelled, nothing was written),
/// and the sentence that says so.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct SavedGcg {
    pub id: i64,
    pub path: Option<String>,
    pub message: String,
}

/// A match's record's file name: `wordclub-match-ID.gcg`, then `-2`, `-3` … for the later
/// saves of one match into one folder.
fn record_name(id: i64, n: u32) -> String {
    if n == 1 {
        format!("wordclub-match-{id}.gcg")
    } else {
        format!("wordclub-match-{id}-{n}.gcg")
    }
}

/// The first [`record_name`] not taken in `dir`, the name the save dialog offers.
fn free_record_name(dir: &Path, id: i64) -> String {
    (1..1000)
        .map(|n| record_name(id, n))
        .find(|name| !dir.join(name).exists())
        .unwrap_or_else(|| record_name(id, 1000))
}

/// Writes `gcg` to a new file in `dir` under the first free [`record_name`] (never over an
/// existing file; a failed write leaves no empty or cut-off record behind).
fn write_new_record(dir: &Path, id: i64, gcg: &[u8]) -> std::io::Result<PathBuf> {
    use std::io::Write;
    let mut n = 1;
    loop {
        let path = dir.join(record_name(id, n));
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
        {
            Ok(mut file) => {
                if let Err(e) = file.write_all(gcg).and_then(|()| file.sync_all()) {
                    // A full disk: no empty or cut-off record is left behind.
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
