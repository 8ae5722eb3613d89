//! Post-game analysis as the app and the CLI serve it: made by the move generator's analyser
//! from the engine's replay, kept in the history by analyser version, refused for a match
//! that is not over (`match_in_progress`: racks are secret until the end).
//!
//! Three steps, so that a caller holding the history behind a lock holds it only for the
//! quick ones: [`stored`] (read), [`prepare`] (replay the match), [`Prepared::analyse`] (the
//! slow part, no history needed), then [`keep`] (one transaction).
//!
//! A whole history is re-analysed in the background ([`Background`]) on its own SQLite
//! connection and thread: a move never waits for it.
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use serde::{Deserialize, Serialize};
use tokio::sync::broadcast;
use wordclub_engine::{score_placement, Match, ScoredMove};
use wordclub_lexicon::WordList;
use wordclub_movegen::analysis::{
    analyse_match, placements_of, positions_of, Analysis, ANALYSER_VERSION,
};
use wordclub_store::{Status, Store, StoreError};

use crate::events::AppEvent;
use crate::AppError;

fn refuse_unfinished(id: i64, status: Status) -> AppError {
    AppError::from(StoreError::MatchNotFinished {
        match_id: id,
        status: status.as_str().to_string(),
    })
}

/// The analysis of match `id` kept by this analyser version, if any (refuses an unfinished
/// match). A stored body this build cannot read counts as missing: it is made again.
pub fn stored(store: &Store, id: i64) -> Result<Option<Analysis>, AppError> {
    let body = store.analysis(id, ANALYSER_VERSION)?;
    Ok(body.and_then(|b| serde_json::from_str(&b).ok()))
}

/// A finished match replayed and ready to analyse (with the list it is pinned to).
pub struct Prepared {
    pub id: i64,
    game: Match,
    list: &'static WordList,
}

/// Replays match `id` for its analysis; refuses an unfinished match.
pub fn prepare(store: &Store, id: i64) -> Result<Prepared, AppError> {
    let status = store.status(id)?;
    if status != Status::Finished {
        return Err(refuse_unfinished(id, status));
    }
    let resumed = store.resume(id)?;
    Ok(Prepared {
        id,
        game: resumed.game,
        list: resumed.list,
    })
}

impl Prepared {
    /// The slow part: every turn's full move generation.
    pub fn analyse(&self) -> Result<Analysis, AppError> {
        analyse_match(&self.game, self.list).map_err(AppError::from)
    }
}

/// Keeps an analysis in the history (one transaction).
pub fn keep(store: &mut Store, id: i64, analysis: &Analysis) -> Result<(), AppError> {
    let body = serde_json::to_string(analysis).map_err(|e| AppError::Backend {
        kind: "internal".to_string(),
        message: format!("cannot encode the analysis: {e}"),
        details: None,
    })?;
    store
        .save_analysis(id, analysis.analyser_version, &body)
        .map_err(AppError::from)
}

/// The analysis of match `id`: the kept one, or made now and kept (one caller, no lock).
pub fn get_or_make(store: &mut Store, id: i64) -> Result<Analysis, AppError> {
    if let Some(a) = stored(store, id)? {
        return Ok(a);
    }
    let analysis = prepare(store, id)?.analyse()?;
    keep(store, id, &analysis)?;
    Ok(analysis)
}

/// The analysis as `#note` lines per turn, for the GCG export:
/// `best: 8H QUIXOTE 96; played 8H QUIT 28 (rank 12 of 340), 68 missed`.
pub fn gcg_notes(a: &Analysis) -> BTreeMap<u32, Vec<String>> {
    a.turns
        .iter()
        .map(|t| {
            let best = match &t.best_by_score {
                Some(b) => format!(
                    "best: {} {} {}",
                    b.notation.split(' ').next().unwrap_or_default(),
                    b.word,
                    b.score
                ),
                None => "best: no placement was possible".to_string(),
            };
            let rank = match t.rank {
                Some(r) => format!("rank {r} of {}", t.moves),
                None => format!("{} placements were possible", t.moves),
            };
            (
                t.turn,
                vec![format!("{best}; {rank}, {} points missed", t.points_missed)],
            )
        })
        .collect()
}

#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
// An argument: a field serde fills in when it is absent may be left out.
#[cfg_attr(feature = "contract", ts(optional_fields = nullable))]
#[serde(deny_unknown_fields)]
pub struct AnalysisMoveArgs {
    pub match_id: i64,
    /// The turn whose starting position the move is scored on (1-based).
    pub turn: u32,
    /// GCG notation (`8H QUIXOTE`, `.` for a tile on the board), e.g. an alternative's.
    #[serde(rename = "move")]
    pub notation: String,
}

/// A move scored by the engine on the board a finished match's turn started from: the ghost
/// of an alternative, with its breakdown.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct AnalysisMove {
    pub turn: u32,
    pub scored: ScoredMove,
    /// The tiles to draw as the ghost, by 0-based row and column.
    pub ghost: Vec<GhostTile>,
}

#[derive(Debug, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct GhostTile {
    pub row: u8,
    pub col: u8,
    pub letter: char,
    pub blank: bool,
}

/// Scores `args.notation` on the position before `args.turn` of a finished match.
pub fn score_alternative(store: &Store, args: &AnalysisMoveArgs) -> Result<AnalysisMove, AppError> {
    let prepared = prepare(store, args.match_id)?;
    let positions = positions_of(&prepared.game)?;
    let pos = positions
        .iter()
        .find(|p| p.turn == args.turn)
        .ok_or_else(|| {
            AppError::bad_argument(
                "analysis_move",
                format!(
                    "match {} has no analysed turn {} (turns where a move was chosen: {})",
                    args.match_id,
                    args.turn,
                    positions.len()
                ),
            )
        })?;
    let tiles = placements_of(&pos.board, &args.notation)?;
    let rules = prepared.game.rules();
    let scored = score_placement(&pos.board, rules, &tiles)
        .and_then(|s| wordclub_engine::check_words(&s, prepared.list).map(|()| s))?;
    Ok(AnalysisMove {
        turn: args.turn,
        ghost: scored
            .tiles
            .iter()
            .map(|p| GhostTile {
                row: p.square.row,
                col: p.square.col,
                letter: p.tile.letter as char,
                blank: p.tile.blank,
            })
            .collect(),
        scored,
    })
}

/// A match the background could not analyse, and why.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct Failed {
    pub match_id: i64,
    pub kind: String,
    pub message: String,
}

/// How the background re-analysis of the history is getting on.
#[derive(Debug, Clone, Default, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct Progress {
    pub analyser_version: u32,
    /// False for a history kept in memory: its matches are analysed when asked for.
    pub background: bool,
    pub running: bool,
    /// Matches analysed so far in this run, of `total` that needed it at its start.
    pub done: u64,
    pub total: u64,
    /// Finished matches still without an analysis of this version.
    pub missing: u64,
    pub failed: Vec<Failed>,
}

/// The background re-analysis: at most one run at a time, on its own connection. Each
/// match it analyses, and its end, is told as an [`AppEvent::AnalysisProgress`].
pub struct Background {
    path: Option<PathBuf>,
    progress: Arc<Mutex<Progress>>,
    events: broadcast::Sender<AppEvent>,
}

impl Background {
    pub fn new(path: Option<PathBuf>, events: broadcast::Sender<AppEvent>) -> Background {
        Background {
            events,
            progress: Arc::new(Mutex::new(Progress {
                analyser_version: ANALYSER_VERSION,
                background: path.is_some(),
                ..Progress::default()
            })),
            path,
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Progress> {
        self.progress.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The progress, with `missing` counted from `store` now.
    pub fn progress(&self, store: &Store) -> Result<Progress, AppError> {
        let missing = store.matches_needing_analysis(ANALYSER_VERSION)?.len() as u64;
        let mut p = self.lock().clone();
        p.missing = missing;
        Ok(p)
    }

    /// Starts analysing every finished match that lacks this version's analysis, unless a
    /// run is going already or there is nothing to do. Returns at once.
    pub fn start(&self, store: &Store) -> Result<(), AppError> {
        let Some(path) = self.path.clone() else {
            return Ok(());
        };
        let todo = store.matches_needing_analysis(ANALYSER_VERSION)?;
        {
            let mut p = self.lock();
            if p.running || todo.is_empty() {
                return Ok(());
            }
            *p = Progress {
                analyser_version: ANALYSER_VERSION,
                background: true,
                running: true,
                done: 0,
                total: todo.len() as u64,
                missing: todo.len() as u64,
                failed: Vec::new(),
            };
        }
        let progress = Arc::clone(&self.progress);
        let events = self.events.clone();
        let spawned = std::thread::Builder::new()
            .name("wordclub-analysis".into())
            .spawn(move || run(path, todo, progress.clone(), events));
        if spawned.is_err() {
            self.lock().running = false;
        }
        Ok(())
    }
}

fn run(
    path: PathBuf,
    todo: Vec<i64>,
    progress: Arc<Mutex<Progress>>,
    events: broadcast::Sender<AppEvent>,
) {
    let lock = || progress.lock().unwrap_or_else(|p| p.into_inner());
    // The progress as it stands, told to every viewer; `missing` as the run sees it (the
    // matches of its list not analysed yet, the failed ones included).
    let tell = || {
        let mut p = lock().clone();
        p.missing = (p.total - p.done + p.failed.len() as u64).min(p.total);
        let _ = events.send(AppEvent::AnalysisProgress { progress: p });
    };
    let fail = |id: i64, e: AppError| {
        lock().failed.push(Failed {
            match_id: id,
            kind: e.kind().to_string(),
            message: e.to_string(),
        })
    };
    match Store::open(&path) {
        Ok(mut store) => {
            for id in todo {
                // Another caller (the end screen) may have made it meanwhile.
                let made = match stored(&store, id) {
                    Ok(Some(_)) => Ok(()),
                    _ => prepare(&store, id)
                        .and_then(|p| p.analyse())
                        .and_then(|a| keep(&mut store, id, &a)),
                };
                if let Err(e) = made {
                    fail(id, e);
                }
                lock().done += 1;
                tell();
            }
        }
        Err(e) => fail(0, AppError::from(e)),
    }
    lock().running = false;
    tell();
}
