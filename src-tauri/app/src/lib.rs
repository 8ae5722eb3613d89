//! Word Club's command layer: one app state and one plain function per command, with serde
//! types in and out. The Tauri shell wraps each command in a one-line `#[tauri::command]`;
//! `wordclub-cli serve` exposes the same [`App::call`] as JSON over loopback HTTP. No Tauri
//! types here, so the CLI never links a GUI library.
//!
//! Secrecy rule: a response holds a rack only when it is the rack of the player to move and
//! that player has chosen "Show my rack" (`reveal_rack`) during this turn (or is the only
//! person at the table: people who resigned still sit there and count). Nothing else that would tell a rack (seeds, draws, what a hint
//! showed, GCG racks) leaves an unfinished match, except a GCG export the caller asked for
//! with `reveal_racks: true` after telling the players it shows their racks.
//!
//! Durability: every accepted action is committed to the match history before the command
//! answers. A history that cannot be opened is left where it is and every command that needs
//! it says why; one deleted or replaced while open stops the app from saving (and from
//! answering that it saved) until it is started again.
//!
//! Fixed deals (`seed`, `deal` in `new_match`) are for tests: refused unless the caller that
//! built the app allowed them ([`App::allow_fixed_deals`]; `wordclub-cli serve --seed`), and a
//! match dealt that way is marked in its history.

pub mod analysis;
mod commands;
pub mod csp;
mod error;
pub mod history;
pub mod matches;
mod objects;
pub mod settings;
pub mod teaching;
pub mod view;

pub use error::{AppError, ErrorBody};
pub use settings::{FileSettings, MemorySettings, Settings, SettingsBackend, SettingsPatch, Theme};

use std::collections::BTreeMap;
use std::hash::{BuildHasher, RandomState};
use std::path::Path;
use std::sync::{Mutex, MutexGuard};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use wordclub_engine::{
    Action, Deal, EngineError, ListRef, Match, MatchOptions, PlayerKind, PlayerSpec, RuleSet,
};
use wordclub_lexicon::WordList;
use wordclub_movegen::{computer_action_with, Level, Manners};
use wordclub_store::{FixedDeal, Store};

use analysis::{AnalysisMove, AnalysisMoveArgs, Progress};
use history::{
    ExportGcgArgs, GcgExport, MatchDetail, MatchList, MatchListArgs, PlayerStats, StatsArgs,
};
use matches::{
    exchange_text, placements, player_specs, ExchangeArgs, HintAnswer, MatchIdArgs, MatchViewArgs,
    NewMatchArgs, OpenMatch, PreviewAnswer, ResignArgs, TilesArgs,
};
use teaching::{RulesExamples, RulesExamplesArgs};
use view::{MatchView, RulesInfo};
use wordclub_lexicon::ListInfo;
use wordclub_movegen::analysis::Analysis;

/// The dispatcher and `COMMANDS`, generated from the command table (`commands.rs`): each row
/// calls the `App` method of its name, and the `let` names the table's answer type, so a
/// row whose answer differs from the method's does not compile.
macro_rules! dispatch {
    ($($name:ident($($args:ty)?) -> $answer:ty;)*) => {
        /// Every command name [`App::call`] answers, in the command table's order.
        pub const COMMANDS: &[&str] = &[$(stringify!($name)),*];

        impl App {
            fn dispatch(&self, command: &str, args: Value) -> Result<Value, AppError> {
                match command {
                    $(stringify!($name) => {
                        let answer: Result<$answer, AppError> =
                            self.$name($(parse::<$args>(command, args)?)?);
                        to_json(answer?)
                    })*
                    _ => Err(AppError::UnknownCommand {
                        name: command.to_string(),
                    }),
                }
            }
        }
    };
}

command_table!(dispatch);

/// The app state: settings, the match history and the matches open in it.
pub struct App {
    state: Mutex<State>,
    settings_backend: Box<dyn SettingsBackend>,
    /// Re-analysing the history in the background (its own connection and thread).
    analysis: analysis::Background,
    /// Told when a computer starts searching its move, outside the state lock.
    thinking: Mutex<Option<ThinkingHook>>,
}

/// Called with the match id and the seat when a computer starts searching its move.
type ThinkingHook = std::sync::Arc<dyn Fn(i64, wordclub_engine::Seat) + Send + Sync>;

struct State {
    settings: Settings,
    /// The match history, or why it cannot be used (it could not be opened, or the file was
    /// deleted or replaced while open): then every command that needs it answers that error.
    history: Result<Store, AppError>,
    /// Matches being played, by history id, with who has revealed their rack this turn.
    open: BTreeMap<i64, OpenMatch>,
    /// When set (`wordclub-cli serve --seed`), new matches without a seed get `base + n` for
    /// the n-th new match, so browser tests are reproducible.
    seed_base: Option<u64>,
    /// `new_match` may take a `seed` and a `deal` (tests); a window never allows it.
    fixed_deals: bool,
    new_matches: u64,
    /// Where `save_gcg` writes; `None` outside the app window.
    downloads: Option<std::path::PathBuf>,
}

impl State {
    fn store(&mut self) -> Result<&mut Store, AppError> {
        self.history.as_mut().map_err(|e| e.clone())
    }

    /// A write that found the history file gone: nothing more is saved (or said to be saved)
    /// until the app opens the history again.
    fn on_store_error(&mut self, e: wordclub_store::StoreError) -> AppError {
        let e = AppError::from(e);
        if e.kind() == "history_gone" {
            self.open.clear();
            self.history = Err(e.clone());
        }
        e
    }
}

impl App {
    /// An app state with its match history in memory (gone when the process ends).
    pub fn new(settings_backend: Box<dyn SettingsBackend>) -> Result<App, AppError> {
        let store = Store::open_in_memory()?;
        Ok(App::with_store(settings_backend, store))
    }

    /// An app state with its match history in the SQLite file at `path` (created when
    /// missing; a damaged Word Club history is moved aside and a new one started). Anything
    /// else that cannot be used is refused and left as it is.
    pub fn with_history(
        settings_backend: Box<dyn SettingsBackend>,
        path: &Path,
    ) -> Result<App, AppError> {
        let store = Store::open(path)?;
        Ok(App::with_store(settings_backend, store))
    }

    /// [`App::with_history`] that always gives an app: when the history cannot be opened,
    /// the app starts without one, says why (`app_info.history_error`) and refuses every
    /// command that needs it with that error, leaving the file as it is. For the window,
    /// which must be able to tell the person at it what is wrong.
    pub fn with_history_or_error(settings_backend: Box<dyn SettingsBackend>, path: &Path) -> App {
        let history = Store::open(path).map_err(AppError::from);
        App::with(settings_backend, history)
    }

    fn with_store(settings_backend: Box<dyn SettingsBackend>, store: Store) -> App {
        App::with(settings_backend, Ok(store))
    }

    fn with(settings_backend: Box<dyn SettingsBackend>, history: Result<Store, AppError>) -> App {
        let settings = match settings_backend.load() {
            Ok(Some(kept)) => Settings::from_kept(&kept, is_known_rules),
            _ => Settings::default(),
        };
        let analysis = analysis::Background::new(history.as_ref().ok().and_then(Store::path));
        App {
            state: Mutex::new(State {
                settings,
                history,
                open: BTreeMap::new(),
                seed_base: None,
                fixed_deals: false,
                new_matches: 0,
                downloads: None,
            }),
            settings_backend,
            analysis,
            thinking: Mutex::new(None),
        }
    }

    /// Makes the deal of every new match without an explicit seed reproducible (and allows
    /// fixed deals, [`App::allow_fixed_deals`]): a test server.
    pub fn set_seed_base(&self, base: u64) {
        let mut state = self.lock();
        state.seed_base = Some(base);
        state.fixed_deals = true;
    }

    /// Lets `new_match` take a `seed` and a `deal` (tests, scripted scenarios). Never called
    /// by a release app window: a player cannot choose their own tiles.
    pub fn allow_fixed_deals(&self) {
        self.lock().fixed_deals = true;
    }

    /// Calls `hook(match_id, seat)` each time a computer starts searching its move, on the
    /// thread of that `computer_turn` call and without the app's lock held, so the hook may
    /// call the app (a window can say "Hal is thinking"; a test holds the search there to
    /// show the app answers meanwhile).
    pub fn on_computer_thinking(
        &self,
        hook: impl Fn(i64, wordclub_engine::Seat) + Send + Sync + 'static,
    ) {
        *self.thinking.lock().unwrap_or_else(|p| p.into_inner()) = Some(std::sync::Arc::new(hook));
    }

    fn computer_thinking(&self) -> Option<ThinkingHook> {
        self.thinking
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    /// Runs one command by name with JSON arguments (`null` counts as `{}`; anything else
    /// must be a JSON object): the single entry point for IPC and HTTP alike.
    pub fn call(&self, command: &str, args: Value) -> Result<Value, AppError> {
        let args = match args {
            Value::Null => json!({}),
            Value::Object(_) => args,
            other => {
                return Err(AppError::bad_argument(
                    command,
                    format!(
                        "the arguments must be a JSON object with named fields, not {}",
                        json_kind(&other)
                    ),
                ))
            }
        };
        self.dispatch(command, args)
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // A panic elsewhere must not take every later command down with it.
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    pub fn app_info(&self) -> Result<AppInfo, AppError> {
        let state = self.lock();
        let (history_notices, history_error) = match &state.history {
            Ok(store) => match store.notices() {
                Ok(notices) => (notices.iter().map(HistoryNotice::of).collect(), None),
                Err(e) => (Vec::new(), Some(AppError::from(e).body())),
            },
            Err(e) => (Vec::new(), Some(e.body())),
        };
        Ok(AppInfo {
            name: "Word Club",
            version: env!("CARGO_PKG_VERSION"),
            commands: COMMANDS,
            history_notice: history_notices.first().map(|n| n.message.clone()),
            history_notices,
            history_error,
            limits: Limits {
                max_players: wordclub_engine::MAX_PLAYERS,
                max_name_chars: wordclub_engine::MAX_NAME_CHARS,
                computer_levels: Level::SEATS.iter().map(|l| l.name()).collect(),
            },
        })
    }

    /// The player has read the notice about a history moved aside: it is no longer shown.
    /// The old file stays where it went.
    pub fn acknowledge_history_notice(
        &self,
        args: AcknowledgeArgs,
    ) -> Result<Vec<HistoryNotice>, AppError> {
        let mut state = self.lock();
        let result = state.store()?.acknowledge(&args.moved_to);
        if let Err(e) = result {
            return Err(match e {
                wordclub_store::StoreError::BadQuery { reason } => {
                    AppError::bad_argument("acknowledge_history_notice", reason)
                }
                other => state.on_store_error(other),
            });
        }
        let notices = state.store()?.notices()?;
        Ok(notices.iter().map(HistoryNotice::of).collect())
    }

    pub fn rule_sets(&self) -> Result<Vec<RulesInfo>, AppError> {
        Ok(matches::rules_info())
    }

    pub fn word_lists(&self) -> Result<Vec<ListInfo>, AppError> {
        Ok(WordList::builtins()
            .iter()
            .map(|l| l.info().clone())
            .collect())
    }

    /// Starts a match and records it; answers its view, behind the cover.
    pub fn new_match(&self, args: NewMatchArgs) -> Result<MatchView, AppError> {
        let rules = RuleSet::builtin(&args.rules)?;
        let list = WordList::builtin(args.list.as_deref().unwrap_or(&rules.default_list))?;
        let players = player_specs(&args.players)?;
        let mut state = self.lock();
        let fixed = match (&args.seed, &args.deal) {
            (_, Some(_)) => Some(FixedDeal::Deal),
            (Some(_), None) => Some(FixedDeal::Seed),
            (None, None) => state.seed_base.map(|_| FixedDeal::Seed),
        };
        if (args.seed.is_some() || args.deal.is_some()) && !state.fixed_deals {
            return Err(AppError::FixedDealRefused);
        }
        let deal = args.deal.map_or_else(Deal::default, |d| Deal {
            racks: d.racks,
            draw_order: d.draw_order,
        });
        let options = MatchOptions {
            hints: args.allow_hints.unwrap_or(true),
        };
        let start = Start {
            rules,
            list: ListRef::of(list),
            players,
            options,
        };
        start_match(&mut state, start, args.seed, deal, fixed)
    }

    /// "Rematch": the same table again after a finished match — the same players, computer
    /// levels, rule set, word list (version) and "Allow hints", with the first player
    /// rotated (the old second seat starts; everyone keeps their place around the table).
    /// A fresh deal. Answers the new match's view, behind the cover.
    pub fn rematch(&self, args: MatchIdArgs) -> Result<MatchView, AppError> {
        let mut state = self.lock();
        let old = open_match(&mut state, args.match_id)?;
        if !old.game.is_over() {
            return Err(AppError::Backend {
                kind: "match_in_progress".to_string(),
                message: "a rematch starts once the match is over".to_string(),
                details: None,
            });
        }
        let mut players = old.game.players().to_vec();
        players.rotate_left(1);
        let start = Start {
            rules: old.game.rules().clone(),
            list: old.game.list().clone(),
            players,
            options: old.game.options(),
        };
        let fixed = state.seed_base.map(|_| FixedDeal::Seed);
        start_match(&mut state, start, None, Deal::default(), fixed)
    }

    /// Past and unfinished matches, newest first, filtered and paged.
    pub fn match_list(&self, args: MatchListArgs) -> Result<MatchList, AppError> {
        history::list(self.lock().store()?, args)
    }

    /// Runs `f` on a match, opening it from the history when it is not open yet (after a
    /// restart it opens behind the cover).
    fn with_match<T>(
        &self,
        id: i64,
        f: impl FnOnce(&mut OpenMatch) -> Result<T, AppError>,
    ) -> Result<T, AppError> {
        let mut state = self.lock();
        let open = open_match(&mut state, id)?;
        f(open)
    }

    /// Runs `f` on a match; when it names an action, applies it and commits its events to
    /// the history; then answers with `answer`. When the history cannot be written the match
    /// is closed in memory, so the next command resumes it from what was committed.
    fn act<T, R>(
        &self,
        id: i64,
        f: impl FnOnce(&mut OpenMatch) -> Result<(Option<Action>, T), AppError>,
        answer: impl FnOnce(&OpenMatch, T) -> R,
    ) -> Result<R, AppError> {
        let mut state = self.lock();
        let m = open_match(&mut state, id)?;
        let (action, extra) = f(m)?;
        if let Some(action) = action {
            m.apply(action)?;
            let State { history, open, .. } = &mut *state;
            let recorded = match history {
                Ok(store) => store.record(id, &open[&id].game),
                Err(e) => return Err(e.clone()),
            };
            if let Err(e) = recorded {
                // Not kept, so not answered as played: the match reopens from what was saved.
                state.open.remove(&id);
                return Err(state.on_store_error(e));
            }
        }
        Ok(answer(&state.open[&id], extra))
    }

    /// A turn's action by the person to move (`f` names it), recorded; answers the view.
    fn turn(
        &self,
        id: i64,
        f: impl FnOnce(&OpenMatch) -> Result<Action, AppError>,
    ) -> Result<MatchView, AppError> {
        self.act(id, |m| Ok((Some(f(m)?), ())), |m, ()| m.view())
    }

    /// The view for the player to move (behind the cover until they reveal their rack).
    /// With `cover: true` (the match is opened on screen again) an earlier reveal is undone.
    pub fn match_view(&self, args: MatchViewArgs) -> Result<MatchView, AppError> {
        self.with_match(args.match_id, |m| {
            if args.cover {
                m.cover();
            }
            Ok(m.view())
        })
    }

    /// "Show my rack": the player to move sees their own rack, for this turn only.
    pub fn reveal_rack(&self, args: MatchIdArgs) -> Result<MatchView, AppError> {
        self.with_match(args.match_id, |m| {
            m.reveal()?;
            Ok(m.view())
        })
    }

    /// Scores the staged tiles without playing them.
    pub fn preview(&self, args: TilesArgs) -> Result<PreviewAnswer, AppError> {
        self.with_match(args.match_id, |m| {
            let seat = m.revealed_seat()?;
            let tiles = placements("preview", m.game.rules(), &args.tiles)?;
            Ok(match m.game.preview(seat, &tiles, m.list) {
                Ok(scored) => PreviewAnswer {
                    legal: true,
                    score: scored.score,
                    bingo: scored.bingo,
                    notation: Some(scored.notation),
                    words: scored.words,
                    error: None,
                },
                Err(e) => PreviewAnswer {
                    legal: false,
                    score: 0,
                    bingo: 0,
                    notation: None,
                    words: Vec::new(),
                    error: Some(AppError::from(e).body()),
                },
            })
        })
    }

    pub fn play(&self, args: TilesArgs) -> Result<MatchView, AppError> {
        self.turn(args.match_id, |m| {
            let player = m.revealed_seat()?;
            let tiles = placements("play", m.game.rules(), &args.tiles)?;
            Ok(Action::Place { player, tiles })
        })
    }

    pub fn exchange(&self, args: ExchangeArgs) -> Result<MatchView, AppError> {
        self.turn(args.match_id, |m| {
            let player = m.revealed_seat()?;
            let tiles = exchange_text(&args.tiles, m.game.rules().rack_size)?;
            Ok(Action::Exchange { player, tiles })
        })
    }

    pub fn pass(&self, args: MatchIdArgs) -> Result<MatchView, AppError> {
        self.turn(args.match_id, |m| {
            Ok(Action::Pass {
                player: m.revealed_seat()?,
            })
        })
    }

    /// The player to move leaves the match; needs `confirm: true`.
    pub fn resign(&self, args: ResignArgs) -> Result<MatchView, AppError> {
        if !args.confirm {
            return Err(AppError::ConfirmationRequired {
                what: "resigning".to_string(),
            });
        }
        self.turn(args.match_id, |m| {
            Ok(Action::Resign {
                player: m.revealed_seat()?,
            })
        })
    }

    /// The match's hint for the player to move; recorded as assistance. Asking again in
    /// the same turn shows the same answer and is not recorded again: it is one hint (the
    /// engine's rule, [`wordclub_engine::Match::hint_shown_this_turn`]).
    pub fn hint(&self, args: MatchIdArgs) -> Result<HintAnswer, AppError> {
        let manners = self.manners();
        self.act(
            args.match_id,
            |m| {
                let seat = m.revealed_seat()?;
                matches::hint_answer(&m.game, m.list, seat, manners)
            },
            |_, answer| answer,
        )
    }

    /// Plays one turn for the computer seat to move. The move is searched without the app's
    /// lock (the first search of a list waits for its word graph, about a second; see
    /// `OpenMatch::new`): settings, history and other matches answer meanwhile. What the search needs
    /// is copied under the lock; the move is applied only if the match has not moved on
    /// since (no event appended), else it is searched again for the match as it is now —
    /// so the answer is the one the same call gets when nothing else runs.
    pub fn computer_turn(&self, args: MatchIdArgs) -> Result<MatchView, AppError> {
        let id = args.match_id;
        loop {
            let manners = self.manners();
            let (game, list, seat, level) = {
                let mut state = self.lock();
                let m = open_match(&mut state, id)?;
                let seat = m.game.to_move().ok_or(EngineError::MatchOver)?;
                let PlayerKind::Computer { level } = &m.game.players()[seat].kind else {
                    return Err(AppError::HumanToMove {
                        name: m.game.players()[seat].name.clone(),
                    });
                };
                let level = Level::parse(level)?;
                // The search reads a copy of the match, so the lock can go.
                (m.game.clone(), m.list, seat, level)
            };
            if let Some(thinking) = self.computer_thinking() {
                thinking(id, seat);
            }
            let action = computer_action_with(&game, seat, list, level, manners)?;
            let seen = game.events().len();
            let applied = self.act(
                id,
                |m| {
                    let moved_on = m.game.events().len() != seen;
                    Ok(((!moved_on).then_some(action), moved_on))
                },
                |m, moved_on| (!moved_on).then(|| m.view()),
            )?;
            if let Some(view) = applied {
                return Ok(view);
            }
        }
    }

    /// A match turn by turn (what hints showed stays out until it is over), and whether its
    /// post-game analysis is kept (`analysis.ready`) or can be made (`analysis.available`).
    pub fn match_detail(&self, args: MatchIdArgs) -> Result<MatchDetail, AppError> {
        history::detail(self.lock().store()?, args.match_id)
    }

    /// The post-game analysis of a finished match: kept in the history, or made now (the
    /// history is not locked while it is made, so moves in other matches go on) and kept.
    /// An unfinished match is refused (`match_in_progress`).
    pub fn match_analysis(&self, args: MatchIdArgs) -> Result<Analysis, AppError> {
        let id = args.match_id;
        let prepared = {
            let mut state = self.lock();
            let store = state.store()?;
            if let Some(a) = analysis::stored(store, id)? {
                return Ok(a);
            }
            analysis::prepare(store, id)?
        };
        let made = prepared.analyse()?;
        analysis::keep(self.lock().store()?, id, &made)?;
        Ok(made)
    }

    /// An alternative from the analysis scored on the board its turn started from (the
    /// ghost on the step-through board, with the scorer's breakdown).
    pub fn analysis_move(&self, args: AnalysisMoveArgs) -> Result<AnalysisMove, AppError> {
        analysis::score_alternative(self.lock().store()?, &args)
    }

    /// How the background re-analysis of the history is going; `start: true` starts it
    /// (when it is not running and some finished match lacks this analyser's analysis).
    pub fn analysis_progress(&self, args: AnalysisProgressArgs) -> Result<Progress, AppError> {
        let mut state = self.lock();
        let store = state.store()?;
        if args.start {
            self.analysis.start(store)?;
        }
        self.analysis.progress(store)
    }

    /// Statistics per player, over one rule set's matches (`rules`) or every match.
    pub fn player_stats(&self, args: history::StatsArgs) -> Result<PlayerStats, AppError> {
        history::stats(self.lock().store()?, args)
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
            return history::export_gcg(self.lock().store()?, &args, Some(&notes));
        }
        history::export_gcg(self.lock().store()?, &args, None)
    }

    // ---- the Rules screen's worked examples and saving a game record ----------------------

    /// The Rules screen's worked examples of a rule set, scored by the engine.
    pub fn rules_examples(
        &self,
        args: teaching::RulesExamplesArgs,
    ) -> Result<teaching::RulesExamples, AppError> {
        teaching::examples(args)
    }

    /// Where `save_gcg` writes (the app window: the platform's Downloads folder). Without
    /// one (`wordclub-cli serve`: the browser downloads the record itself) it is refused.
    pub fn set_downloads_dir(&self, dir: std::path::PathBuf) {
        self.lock().downloads = Some(dir);
    }

    /// `export_gcg`, written to a new file in the Downloads folder (never over an existing
    /// one); answers the path and a sentence saying where it went.
    pub fn save_gcg(&self, args: ExportGcgArgs) -> Result<SavedGcg, AppError> {
        let id = args.match_id;
        let Some(dir) = self.lock().downloads.clone() else {
            return Err(AppError::Backend {
                kind: "no_downloads_folder".to_string(),
                message: "this app has no Downloads folder to save into".to_string(),
                details: None,
            });
        };
        let exported = self.export_gcg(args)?;
        let gcg = &exported.gcg;
        let cannot = |e: std::io::Error| AppError::Backend {
            kind: "cannot_save".to_string(),
            message: format!("cannot save into {}: {e}", dir.display()),
            details: None,
        };
        std::fs::create_dir_all(&dir).map_err(cannot)?;
        let mut n = 1;
        let path = loop {
            let name = if n == 1 {
                format!("wordclub-match-{id}.gcg")
            } else {
                format!("wordclub-match-{id}-{n}.gcg")
            };
            let path = dir.join(name);
            match std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&path)
            {
                Ok(mut file) => {
                    use std::io::Write;
                    if let Err(e) = file
                        .write_all(gcg.as_bytes())
                        .and_then(|()| file.sync_all())
                    {
                        // A full disk: no empty or cut-off record is left behind.
                        drop(file);
                        let _ = std::fs::remove_file(&path);
                        return Err(cannot(e));
                    }
                    break path;
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && n < 1000 => n += 1,
                Err(e) => return Err(cannot(e)),
            }
        };
        let shown = path.display().to_string();
        Ok(SavedGcg {
            id,
            message: format!("Saved the game record to {shown}"),
            path: shown,
        })
    }

    /// The word checker: is the word in the named list?
    pub fn check_word(&self, args: CheckWordArgs) -> Result<CheckWordAnswer, AppError> {
        let list = WordList::builtin(&args.list)?;
        let word = args.word.trim();
        let valid = list.check(word).map_err(checker_error)?;
        let upper = word.to_ascii_uppercase();
        // No match here, so not the in-game "this match's word list" wording; and as there,
        // never "not a word" (SPEC §3): a list decides what it holds, not what English is.
        Ok(CheckWordAnswer {
            message: if valid {
                format!("{upper} is in the word list ({})", list.info().name)
            } else {
                format!("{upper} is not in the word list ({})", list.info().name)
            },
            word: upper,
            list: list.info().id.clone(),
            valid,
        })
    }

    pub fn get_settings(&self) -> Result<Settings, AppError> {
        Ok(self.lock().settings.clone())
    }

    /// Whether computer players and hints leave the kept offensive words alone (the
    /// "Polite computer" setting, on by default).
    fn manners(&self) -> Manners {
        Manners::polite(self.lock().settings.polite_computer)
    }

    /// Validates and keeps a settings change; on any error nothing changes.
    pub fn update_settings(&self, patch: SettingsPatch) -> Result<Settings, AppError> {
        let mut state = self.lock();
        let next = state
            .settings
            .apply(patch, is_known_rules)
            .map_err(|reason| AppError::bad_argument("update_settings", reason))?;
        let value = serde_json::to_value(&next).map_err(|e| AppError::Settings {
            reason: e.to_string(),
        })?;
        self.settings_backend
            .save(&value)
            .map_err(|reason| AppError::Settings { reason })?;
        state.settings = next;
        Ok(state.settings.clone())
    }
}

/// The word checker's refusals in words a player reads (same kinds as the lexicon's).
fn checker_error(e: wordclub_lexicon::LexiconError) -> AppError {
    let message = match &e {
        wordclub_lexicon::LexiconError::NotAToZ { input, character } => {
            let what = match character {
                ' ' => "a space".to_string(),
                '\'' | '’' => "an apostrophe".to_string(),
                '-' => "a hyphen".to_string(),
                c if c.is_ascii_digit() => format!("the digit {c}"),
                c => format!("“{c}”"),
            };
            format!("Only the letters A–Z: {input:?} has {what}")
        }
        wordclub_lexicon::LexiconError::EmptyWord => "Type a word to check".to_string(),
        _ => return e.into(),
    };
    AppError::Backend {
        kind: e.kind().to_string(),
        message,
        details: None,
    }
}

/// What a new match is made of, before its deal.
struct Start {
    rules: RuleSet,
    list: ListRef,
    players: Vec<PlayerSpec>,
    options: MatchOptions,
}

/// Deals a match (from `seed`, or the test server's next seed, or at random), records it in
/// the history and opens it; answers its view, behind the cover.
fn start_match(
    state: &mut State,
    start: Start,
    seed: Option<u64>,
    deal: Deal,
    fixed: Option<FixedDeal>,
) -> Result<MatchView, AppError> {
    state.store()?;
    state.new_matches += 1;
    let seed = match (seed, state.seed_base) {
        (Some(seed), _) => seed,
        (None, Some(base)) => base.wrapping_add(state.new_matches),
        (None, None) => RandomState::new().hash_one(state.new_matches),
    };
    let game = Match::with_options(
        start.rules,
        start.list,
        start.players,
        seed,
        deal,
        start.options,
    )?;
    let id = match state.store()?.create_with(&game, fixed) {
        Ok(id) => id,
        Err(e) => return Err(state.on_store_error(e)),
    };
    let mut open = OpenMatch::new(id, game)?;
    open.tile_tracker = state.settings.tile_tracker;
    let view = open.view();
    state.open.insert(id, open);
    Ok(view)
}

/// A match from the open ones, or resumed from the history (behind the cover), with the
/// tile tracker setting of this command.
fn open_match(state: &mut State, id: i64) -> Result<&mut OpenMatch, AppError> {
    if !state.open.contains_key(&id) {
        let resumed = state.store()?.resume(id)?;
        let open = OpenMatch::new(id, resumed.game)?;
        state.open.insert(id, open);
    }
    let tile_tracker = state.settings.tile_tracker;
    let open = state
        .open
        .get_mut(&id)
        .ok_or_else(|| AppError::UnknownMatch { id: id.to_string() })?;
    open.tile_tracker = tile_tracker;
    Ok(open)
}

fn json_kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "true or false",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

fn is_known_rules(id: &str) -> bool {
    RuleSet::builtin(id).is_ok()
}

fn parse<T: DeserializeOwned>(command: &str, args: Value) -> Result<T, AppError> {
    serde_json::from_value(args).map_err(|e| AppError::bad_argument(command, e.to_string()))
}

fn to_json<T: Serialize>(value: T) -> Result<Value, AppError> {
    serde_json::to_value(value)
        .map_err(|e| AppError::internal(&format!("cannot encode the answer: {e}")))
}

#[derive(Debug, Serialize)]
pub struct AppInfo {
    pub name: &'static str,
    pub version: &'static str,
    pub commands: &'static [&'static str],
    /// The first of `history_notices`, as a sentence (`null` when there is none).
    pub history_notice: Option<String>,
    /// Histories found damaged and moved aside, until the player acknowledges each one
    /// (`acknowledge_history_notice`).
    pub history_notices: Vec<HistoryNotice>,
    /// Why the match history cannot be used now (it was left as it is), or `null`.
    pub history_error: Option<ErrorBody>,
    pub limits: Limits,
}

/// A history moved aside: where it was, where it went, why, and the sentence to show.
#[derive(Debug, Clone, Serialize)]
pub struct HistoryNotice {
    pub original: String,
    pub moved_to: String,
    pub reason: String,
    pub message: String,
}

impl HistoryNotice {
    fn of(m: &wordclub_store::MovedAside) -> HistoryNotice {
        HistoryNotice {
            original: m.original.display().to_string(),
            moved_to: m.moved_to.display().to_string(),
            reason: m.reason.clone(),
            message: m.to_string(),
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AcknowledgeArgs {
    /// The `moved_to` of the notice read.
    pub moved_to: String,
}

/// What a new-match form may offer, from the backend's one owner of each: the engine's
/// player and name limits, the move generator's levels for a computer seat.
#[derive(Debug, Serialize)]
pub struct Limits {
    /// The most players at one table (each rule set has its own range within it).
    pub max_players: u8,
    /// The longest player name, in characters.
    pub max_name_chars: usize,
    /// The levels a computer seat may have, weakest first.
    pub computer_levels: Vec<&'static str>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnalysisProgressArgs {
    /// Start the background re-analysis if it is not running.
    #[serde(default)]
    pub start: bool,
}

/// Where `save_gcg` wrote a game record, and the sentence that says so.
#[derive(Debug, Serialize)]
pub struct SavedGcg {
    pub id: i64,
    pub path: String,
    pub message: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckWordArgs {
    pub word: String,
    pub list: String,
}

#[derive(Debug, Serialize)]
pub struct CheckWordAnswer {
    pub word: String,
    pub list: String,
    pub valid: bool,
    pub message: String,
}
