//! Post-game analysis as the app and the CLI serve it: made by the move generator's analyser
//! from the engine's replay, kept in the history by analyser version, refused for a match
//! that is not over (`match_in_progress`: racks are secret until the end).
//!
//! Three steps, so that a caller holding the history behind a lock holds it only for the
//! quick ones: [`stored`] (read), [`prepare`] (replay the match), [`Prepared::analyse`] (the
//! slow part, no history needed), then [`keep`] (one transaction).
//!
//! A whole history is re-analysed in the background ([`Background`]), one match a unit of the
//! app's scheduler: a move never waits for the analysis itself.
use std::collections::{BTreeMap, VecDeque};
use std::sync::Mutex;

use serde::{Deserialize, Serialize};
use wordclub_engine::{score_placement, Match, ScoredMove};
use wordclub_lexicon::WordList;
use wordclub_movegen::analysis::{
    analyse_match, placements_of, positions_of, Analysis, ANALYSER_VERSION,
};
use wordclub_store::{Status, Store, StoreError};

use crate::events::{Failed, Progress};
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

/// The analysis of match `id`: the kept one, or one made now and not kept (a reader that
/// writes nothing: `wordclub-cli history export-gcg --analysis`).
pub fn stored_or_made(store: &Store, id: i64) -> Result<Analysis, AppError> {
    match stored(store, id)? {
        Some(kept) => Ok(kept),
        None => prepare(store, id)?.analyse(),
    }
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

/// The background re-analysis of a history file: at most one run at a time, one match a
/// step, each step a unit of the app's scheduler ([`crate::App::run_next`]) on the app's own
/// connection: the replay and the keeping hold the history's lock, the analysis itself none.
/// Each match analysed, and the run's end, is told as an [`crate::AppEvent::AnalysisProgress`].
pub struct Background {
    run: Mutex<Run>,
}

/// A run: its progress and the matches it has still to analyse.
struct Run {
    progress: Progress,
    todo: VecDeque<i64>,
}

impl Background {
    /// `file`: the history is a file (one kept in memory is analysed when asked for).
    pub fn new(file: bool) -> Background {
        Background {
            run: Mutex::new(Run {
                progress: Progress {
                    analyser_version: ANALYSER_VERSION,
                    background: file,
                    ..Progress::default()
                },
                todo: VecDeque::new(),
            }),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Run> {
        self.run.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The progress, with `missing` counted from `store` now.
    pub fn progress(&self, store: &Store) -> Result<Progress, AppError> {
        let missing = store.matches_needing_analysis(ANALYSER_VERSION)?.len() as u64;
        let mut p = self.lock().progress.clone();
        p.missing = missing;
        Ok(p)
    }

    /// Queues every finished match that lacks this version's analysis, unless a run is going
    /// already or there is nothing to do; answers whether a run started (the scheduler then
    /// has work).
    pub fn start(&self, store: &Store) -> Result<bool, AppError> {
        let mut run = self.lock();
        if !run.progress.background || run.progress.running {
            return Ok(false);
        }
        let todo = store.matches_needing_analysis(ANALYSER_VERSION)?;
        if todo.is_empty() {
            return Ok(false);
        }
        run.progress = Progress {
            analyser_version: ANALYSER_VERSION,
            background: true,
            running: true,
            done: 0,
            total: todo.len() as u64,
            missing: todo.len() as u64,
            failed: Vec::new(),
        };
        run.todo = todo.into();
        Ok(true)
    }

    /// The next match of the run, if any.
    pub(crate) fn next_match(&self) -> Option<i64> {
        self.lock().todo.pop_front()
    }

    /// Match `id` was analysed (or could not be): the progress to tell, the run's end when
    /// it was the last. `missing` is as the run sees it (the matches it has not analysed yet,
    /// the failed ones included).
    pub(crate) fn finished(&self, id: i64, made: Result<(), AppError>) -> Progress {
        let mut run = self.lock();
        if let Err(e) = made {
            run.progress.failed.push(Failed {
                match_id: id,
                kind: e.kind().to_string(),
                message: e.to_string(),
            });
        }
        run.progress.done += 1;
        if run.todo.is_empty() {
            run.progress.running = false;
        }
        let mut p = run.progress.clone();
        p.missing = (p.total - p.done + p.failed.len() as u64).min(p.total);
        p
    }
}

/// One step of the background analysis: match `id` analysed and kept, unless another caller
/// (the end screen) made it meanwhile. The replay and the keeping hold the history's lock; the
/// analysis, the slow part, holds none, so a move in any match waits for neither.
pub(crate) fn step(app: &crate::App, id: i64) -> Result<(), AppError> {
    let prepared = app.with_store(|store| match stored(store, id)? {
        Some(_) => Ok(None),
        None => prepare(store, id).map(Some),
    })?;
    let Some(prepared) = prepared else {
        return Ok(());
    };
    let made = prepared.analyse()?;
    app.with_store(|store| keep(store, id, &made))
}
