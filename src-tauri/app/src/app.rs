//! The app state and its locks: the open matches (one lock each), the history, the settings.
//! The commands, grouped by concern, are `impl App` blocks in their own modules (`play`,
//! `past`, `info`, `settings`); this one holds what they share.
//!
//! # Locks
//!
//! Each open match has its own lock, so two matches are played at once and a search in one
//! never holds up another; the map of open matches has a lock held only to find or add one.
//! The order, so that no two commands wait for each other: **a match, then the history**
//! (a command that holds the history never takes a match's lock). The map, the settings,
//! the deal counter, the downloads folder, the save chooser, the test hooks and the scheduler
//! (`scheduler.rs`, which may take the analysis's progress) are leaves: nothing else is taken
//! while one of them is held. No search, replay or store read runs
//! under the map's lock; a search (a computer's move, a hint) runs under no lock at all: what
//! it needs is copied under the match's lock, and its result applied only if the match has
//! not moved on. The save chooser is called under none (it waits for a person).
use std::collections::HashMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use serde_json::{json, Value};
use wordclub_engine::{Action, Seat};
use wordclub_movegen::Manners;
use wordclub_store::{Store, StoreError};

use crate::events::{AppEvent, Bus, Events};
use crate::matches::{MatchIdArgs, OpenMatch};
use crate::scheduler::{Next, Scheduler, Step, Unit, Waker};
use crate::settings::{Settings, SettingsBackend};
use crate::AppError;

/// How many times a search (a computer's move, a hint) is made again when the match moved
/// on while it ran, before the command answers `busy`: each retry means another command
/// played in that match meanwhile, so a caller that keeps losing the race is told so rather
/// than kept waiting for ever.
pub(crate) const SEARCH_TRIES: usize = 3;

/// Asks where to save a file, offered a folder and a name ([`App::set_save_chooser`]).
pub(crate) type SaveChooser = dyn Fn(&Path, &str) -> Option<PathBuf> + Send + Sync;

/// The app state: settings, the match history and the matches open in it.
pub struct App {
    /// Matches being played, by history id. Held only to find, add or drop one.
    open: Mutex<HashMap<i64, Arc<Slot>>>,
    /// The match history, or why it cannot be used (it could not be opened, or the file was
    /// deleted or replaced while open): then every command that needs it answers that error.
    history: Mutex<History>,
    settings: Mutex<Settings>,
    pub(crate) settings_backend: Box<dyn SettingsBackend>,
    /// The settings are kept in the history (schema version 8: the web app,
    /// [`App::with_settings_in_history`]): each change is committed there before
    /// `settings_backend` (then a [`crate::MemorySettings`]) holds it.
    pub(crate) settings_in_history: bool,
    deals: Mutex<Deals>,
    /// The folder `save_gcg` offers (or, with no chooser, writes into); `None` outside the
    /// app window.
    downloads: Mutex<Option<PathBuf>>,
    /// Asks the person at the window where `save_gcg` writes ([`App::set_save_chooser`]).
    save_chooser: Mutex<Option<Arc<SaveChooser>>>,
    /// The window's dialogs for the history file (`export_history`, `import_history`).
    pub(crate) history_choosers: Mutex<Option<crate::transfer::HistoryChoosers>>,
    /// Re-analysing the history in the background (units of the scheduler).
    pub(crate) analysis: crate::analysis::Background,
    /// Told when a computer starts searching its move, with no lock held.
    thinking: Mutex<Option<SearchHook>>,
    /// Tests only: told when a hint's search starts, with no lock held.
    hint_search: Mutex<Option<SearchHook>>,
    /// The pushed events (`events.rs`): every subscriber gets each one.
    events: Bus,
    /// The app's own work (computer moves, warm-ups, the background analysis), which a host
    /// runs ([`App::run_next`]).
    scheduler: Mutex<Scheduler>,
}

/// Called with the match id and the seat when a search starts.
type SearchHook = Arc<dyn Fn(i64, Seat) + Send + Sync>;

/// How new matches are dealt.
#[derive(Default)]
pub(crate) struct Deals {
    /// When set (`wordclub-cli serve --seed`), new matches without a seed get `base + n` for
    /// the n-th new match, so browser tests are reproducible.
    pub seed_base: Option<u64>,
    /// `new_match` may take a `seed` and a `deal` (tests); a window never allows it.
    pub fixed: bool,
    pub new_matches: u64,
}

/// The history, or why it cannot be used.
pub(crate) struct History(Result<Store, AppError>);

impl History {
    pub fn store(&mut self) -> Result<&mut Store, AppError> {
        self.0.as_mut().map_err(|e| e.clone())
    }

    pub fn state(&self) -> &Result<Store, AppError> {
        &self.0
    }
}

/// An open match behind its own lock. `closed` is set when the match was dropped from
/// memory (its history could not be written): whoever waited for its lock looks it up again,
/// which resumes it from what was committed.
pub(crate) struct Slot {
    closed: AtomicBool,
    open: Mutex<OpenMatch>,
}

impl Slot {
    fn new(open: OpenMatch) -> Arc<Slot> {
        Arc::new(Slot {
            closed: AtomicBool::new(false),
            open: Mutex::new(open),
        })
    }
}

impl App {
    /// An app state with its match history in memory (gone when the process ends).
    pub fn new(settings_backend: Box<dyn SettingsBackend>) -> Result<App, AppError> {
        let store = Store::open_in_memory()?;
        Ok(App::with(settings_backend, Ok(store)))
    }

    /// An app state with its match history in the SQLite file at `path` (created when
    /// missing; a damaged Word Club history is moved aside and a new one started). Anything
    /// else that cannot be used is refused and left as it is. Native only: a browser has no
    /// files ([`App::with_opened_history`]).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn with_history(
        settings_backend: Box<dyn SettingsBackend>,
        path: &Path,
    ) -> Result<App, AppError> {
        let store = Store::open(path)?;
        Ok(App::with(settings_backend, Ok(store)))
    }

    /// [`App::with_history`] that always gives an app: when the history cannot be opened,
    /// the app starts without one, says why (`app_info.history_error`) and refuses every
    /// command that needs it with that error, leaving the file as it is. For the window,
    /// which must be able to tell the person at it what is wrong.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn with_history_or_error(settings_backend: Box<dyn SettingsBackend>, path: &Path) -> App {
        let history = Store::open(path).map_err(AppError::from);
        App::with(settings_backend, history)
    }

    /// An app state over a history its host opened itself, or why it could not be opened
    /// (then, as with [`App::with_history_or_error`], the app says why and refuses every
    /// command that needs it): the web worker, whose history is in the browser's storage
    /// (`Store::open_in_browser`), not at a path.
    pub fn with_opened_history(
        settings_backend: Box<dyn SettingsBackend>,
        history: Result<Store, StoreError>,
    ) -> App {
        App::with(settings_backend, history.map_err(AppError::from))
    }

    /// An app state over a history its host opened, whose settings are kept in that history
    /// (schema version 8, [`Store::settings`]): the web app's, so a changed setting is
    /// committed with the same promise as a move, in the same storage. `earlier`: settings the
    /// host kept elsewhere before (the web app's IndexedDB store `wordclub-settings`), copied
    /// into the history once, when it holds none yet; the history's win otherwise (every
    /// change since the copy went there). [`App::history_holds_settings`] then says whether
    /// the host may clear its earlier copy.
    pub fn with_settings_in_history(
        history: Result<Store, StoreError>,
        earlier: Option<Value>,
    ) -> App {
        let mut history = history.map_err(AppError::from);
        let earlier = earlier.filter(Value::is_object);
        let mut kept = None;
        if let Ok(store) = history.as_mut() {
            match store.settings() {
                Ok(Some(value)) => kept = Some(value),
                Ok(None) => {
                    if let Some(value) = &earlier {
                        match store.set_settings(value) {
                            Ok(()) => kept = Some(value.clone()),
                            Err(e) => {
                                eprintln!("cannot copy the earlier settings: {}", e.kind())
                            }
                        }
                    }
                }
                Err(e) => eprintln!("cannot read the kept settings: {}", e.kind()),
            }
        }
        // Not copied (the history could not be opened or written): the earlier settings are
        // used for this run, and stay where they are.
        let shown = kept.or(earlier);
        let backend = crate::MemorySettings::default();
        if let Some(value) = &shown {
            let _ = backend.save(value);
        }
        let mut app = App::with(Box::new(backend), history);
        app.settings_in_history = true;
        app
    }

    /// Whether the history holds settings ([`App::with_settings_in_history`]): once it does,
    /// a copy the host kept elsewhere before is no longer needed.
    pub fn history_holds_settings(&self) -> bool {
        self.history()
            .state()
            .as_ref()
            .is_ok_and(|store| matches!(store.settings(), Ok(Some(_))))
    }

    fn with(
        settings_backend: Box<dyn SettingsBackend>,
        mut history: Result<Store, AppError>,
    ) -> App {
        let settings = match settings_backend.load() {
            Ok(Some(kept)) => Settings::from_kept(&kept, crate::is_known_rules),
            _ => Settings::default(),
        };
        // A screen may remember a match this history no longer has (deleted before ids were
        // never given twice, or in a history since moved aside): a new match must not take
        // its id, or that screen would reopen, and play in, a stranger's match.
        if let Ok(store) = history.as_mut() {
            let remembered: Vec<i64> = settings
                .on_screen
                .iter()
                .filter_map(|s| s.match_id)
                .collect();
            if let Err(e) = store.retire_ids(&remembered) {
                eprintln!(
                    "cannot keep new matches off the remembered ids: {}",
                    e.kind()
                );
            }
        }
        let events = Bus::default();
        let file = history.as_ref().is_ok_and(|s| s.path().is_some());
        let analysis = crate::analysis::Background::new(file);
        App {
            open: Mutex::new(HashMap::new()),
            history: Mutex::new(History(history)),
            settings: Mutex::new(settings),
            settings_backend,
            settings_in_history: false,
            deals: Mutex::new(Deals::default()),
            downloads: Mutex::new(None),
            save_chooser: Mutex::new(None),
            history_choosers: Mutex::new(None),
            analysis,
            thinking: Mutex::new(None),
            hint_search: Mutex::new(None),
            events,
            scheduler: Mutex::new(Scheduler::default()),
        }
    }

    /// Every event the app sends from now on ([`AppEvent`]), in order.
    pub fn subscribe(&self) -> Events {
        self.events.subscribe()
    }

    /// Calls `f` with every event from now on, on a thread of its own (the window's shell
    /// hands each to the webview). Not in a browser, which has no threads: the web worker
    /// takes the events after each command and tick (`subscribe`, `Events::try_next`).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn on_event(&self, f: impl Fn(AppEvent) + Send + 'static) {
        let mut events = self.subscribe();
        let _ = std::thread::Builder::new()
            .name("wordclub-events".into())
            .spawn(move || {
                while let Some(event) = events.next_blocking() {
                    f(event);
                }
            });
    }

    pub(crate) fn send(&self, event: AppEvent) {
        self.events.send(event);
    }

    /// Runs the next unit of the app's own work due at `now` (the host's monotonic clock) on
    /// this thread — one computer move, one graph warm-up or one match of the background
    /// analysis — and says when to ask again ([`Step`]). Never sleeps, spawns or reads a
    /// clock (`scheduler.rs`): the window and `serve` call it from threads of their own
    /// ([`App::drive_on_threads`]), a browser worker from its event loop. A computer's move
    /// is due when its match's table says a computer is to move, [`crate::COMPUTER_PACE`]
    /// after the host first sees it; its viewers are told with [`AppEvent::ComputerMoved`],
    /// so the UI asks for no computer move and keeps no timer. A unit that fails or panics
    /// is told ([`AppEvent::ComputerFailed`]) and leaves the app and the match as they were.
    pub fn run_next(&self, now: Duration) -> Step {
        let next = lock(&self.scheduler).next(now);
        match next {
            Next::Computer(id) => {
                let failed = self.computer_unit(id);
                self.computer_settled(id, failed);
                Step::Ran(Unit::ComputerMove { match_id: id })
            }
            Next::WarmUp(list) => {
                // A graph that cannot be loaded is loaded (and its error answered) by the
                // first search that needs it. One being built (a list of one's own, a list
                // with our words: a second or so) tells its progress, every 5 %.
                let mut told: Option<u8> = None;
                let _ = catch_unwind(AssertUnwindSafe(|| {
                    wordclub_movegen::try_graph_with_progress(list, Manners::Polite, &mut |p| {
                        let percent = (p.done * 100 / p.total.max(1)).min(100) as u8;
                        if told.is_none_or(|t| percent >= t.saturating_add(5)) {
                            told = Some(percent);
                            self.send(AppEvent::ListGraph {
                                list: list.info().id.clone(),
                                name: list.info().name.clone(),
                                percent,
                                ready: false,
                            });
                        }
                    })
                }));
                if told.is_some() {
                    self.send(AppEvent::ListGraph {
                        list: list.info().id.clone(),
                        name: list.info().name.clone(),
                        percent: 100,
                        ready: true,
                    });
                }
                lock(&self.scheduler).background_done();
                Step::Ran(Unit::WarmUp {
                    list: list.info().id.clone(),
                })
            }
            Next::Analysis => match self.analysis.next_match() {
                Some(id) => {
                    let made = catch_unwind(AssertUnwindSafe(|| crate::analysis::step(self, id)))
                        .unwrap_or_else(|_| Err(AppError::panicked("the analysis")));
                    let progress = self.analysis.finished(id, made);
                    self.send(AppEvent::AnalysisProgress { progress });
                    lock(&self.scheduler).background_done();
                    Step::Ran(Unit::Analysis { match_id: id })
                }
                None => match lock(&self.scheduler).after_background(now) {
                    Next::Wait(until) => Step::Wait { until },
                    _ => Step::Idle,
                },
            },
            Next::Wait(until) => Step::Wait { until },
            Next::Idle => Step::Idle,
        }
    }

    /// Tells the host, with no lock held, each time work arrives for [`App::run_next`].
    pub fn set_waker(&self, waker: impl Fn() + Send + Sync + 'static) {
        lock(&self.scheduler).set_waker(Some(Arc::new(waker)));
    }

    /// The pause before a computer's move ([`crate::COMPUTER_PACE`] unless a test sets
    /// another: 0 on a test's own clock).
    pub fn set_computer_pace(&self, pace: Duration) {
        lock(&self.scheduler).set_pace(pace);
    }

    /// One computer move of match `id`, if it is open and a computer is still to move; answers
    /// whether it failed (then it is not tried again until a command opens the match). A
    /// match not open is not opened: it was closed (abandoned, deleted, its write failed) or a
    /// command made the move. An abandon or delete during the search makes its record fail
    /// (`match_closed`, `unknown_match`): that ends the unit with no more said.
    fn computer_unit(&self, id: i64) -> bool {
        let slot = self.open_matches().get(&id).cloned();
        let Some(slot) = slot else {
            return false;
        };
        let who = {
            let m = lock(&slot.open);
            if slot.closed.load(Ordering::SeqCst) {
                None
            } else {
                m.table.computer_to_move().ok().map(|(seat, _)| {
                    let name = m.game().players().get(seat).map(|p| p.name.clone());
                    (seat, name.unwrap_or_default())
                })
            }
        };
        let Some((seat, name)) = who else {
            return false;
        };
        let played = catch_unwind(AssertUnwindSafe(|| {
            self.computer_turn(MatchIdArgs { match_id: id })
        }))
        .unwrap_or_else(|_| Err(AppError::panicked("the computer's move")));
        let e = match played {
            Ok(_) => return false,
            Err(e) => e,
        };
        if matches!(
            e.kind(),
            "human_to_move" | "match_over" | "match_closed" | "unknown_match" | "history_gone"
        ) {
            // Someone else made the move first, or the match ended or closed meanwhile:
            // nothing is due.
            return true;
        }
        // The sentence is the app's, not the error's: a move generator's refusal can quote
        // the rack, and events reach every viewer.
        self.send(AppEvent::ComputerFailed {
            match_id: id,
            seat,
            kind: e.kind().to_string(),
            message: format!("{name} could not make a move ({})", e.kind()),
        });
        true
    }

    /// After match `id`'s computer unit: whether a computer is to move now is read under the
    /// match's lock and handed to the scheduler before the lock goes, so a command that made
    /// a move due meanwhile is never undone, and a move the unit's own commands queued
    /// before it moved is dropped.
    fn computer_settled(&self, id: i64, failed: bool) {
        let slot = self.open_matches().get(&id).cloned();
        let m = slot.as_ref().map(|slot| (slot, lock(&slot.open)));
        let due = !failed
            && m.as_ref().is_some_and(|(slot, m)| {
                !slot.closed.load(Ordering::SeqCst) && m.table.computer_to_move().is_ok()
            });
        let wake = lock(&self.scheduler).computer_done(id, due);
        drop(m);
        wake_host(wake);
    }

    /// Match `id` has a computer to move (its lock is held and its table says so).
    fn computer_due(&self, id: i64) {
        let wake = lock(&self.scheduler).computer_to_move(id);
        wake_host(wake);
    }

    /// The background analysis has a run to make.
    pub(crate) fn background_queued(&self) {
        let wake = lock(&self.scheduler).analysis_started();
        wake_host(wake);
    }

    /// Makes the deal of every new match without an explicit seed reproducible (and allows
    /// fixed deals, [`App::allow_fixed_deals`]): a test server.
    pub fn set_seed_base(&self, base: u64) {
        let mut deals = self.deals();
        deals.seed_base = Some(base);
        deals.fixed = true;
    }

    /// Lets `new_match` take a `seed` and a `deal` (tests, scripted scenarios). Never called
    /// by a release app window: a player cannot choose their own tiles.
    pub fn allow_fixed_deals(&self) {
        self.deals().fixed = true;
    }

    /// The folder `save_gcg` offers, or writes into without a chooser (the app window: the
    /// platform's Downloads folder). Without one (`wordclub-cli serve`: the browser downloads
    /// the record itself) it is refused.
    pub fn set_downloads_dir(&self, dir: PathBuf) {
        *lock(&self.downloads) = Some(dir);
    }

    pub(crate) fn downloads_dir(&self) -> Option<PathBuf> {
        lock(&self.downloads).clone()
    }

    /// Lets the person at the window choose where `save_gcg` writes: `chooser(folder, name)`
    /// is offered the Downloads folder and a file name not taken there, and answers the file
    /// they chose (`None`: they cancelled). It is called with no lock held, on the command's
    /// own thread, so it may wait for them (the app window: its native save dialog). Without
    /// one, the record goes straight into the Downloads folder under that name.
    pub fn set_save_chooser(
        &self,
        chooser: impl Fn(&Path, &str) -> Option<PathBuf> + Send + Sync + 'static,
    ) {
        *lock(&self.save_chooser) = Some(Arc::new(chooser));
    }

    pub(crate) fn save_chooser(&self) -> Option<Arc<SaveChooser>> {
        lock(&self.save_chooser).clone()
    }

    /// Calls `hook(match_id, seat)` each time a computer starts searching its move, on the
    /// thread of that `computer_turn` call and with no lock held, so the hook may call the
    /// app (a window can say "Hal is thinking"; a test holds the search there to show the
    /// app answers meanwhile).
    pub fn on_computer_thinking(&self, hook: impl Fn(i64, Seat) + Send + Sync + 'static) {
        *lock(&self.thinking) = Some(Arc::new(hook));
    }

    /// Tests only (refused unless fixed deals are allowed, which a window never does): calls
    /// `hook(match_id, seat)` each time a hint's search starts, on the thread of that `hint`
    /// call and with no lock held — a test holds the search there to show the app answers
    /// meanwhile.
    pub fn on_hint_search(
        &self,
        hook: impl Fn(i64, Seat) + Send + Sync + 'static,
    ) -> Result<(), AppError> {
        if !self.deals().fixed {
            return Err(AppError::FixedDealRefused);
        }
        *lock(&self.hint_search) = Some(Arc::new(hook));
        Ok(())
    }

    pub(crate) fn computer_thinking(&self, id: i64, seat: Seat) {
        self.send(AppEvent::ComputerThinking { match_id: id, seat });
        let hook = lock(&self.thinking).clone();
        if let Some(hook) = hook {
            hook(id, seat);
        }
    }

    pub(crate) fn hint_searching(&self, id: i64, seat: Seat) {
        let hook = lock(&self.hint_search).clone();
        if let Some(hook) = hook {
            hook(id, seat);
        }
    }

    /// Runs one command by name with JSON arguments (`null` counts as `{}`; anything else
    /// must be a JSON object): the single entry point for IPC and HTTP alike.
    ///
    /// Nothing panics across it: a command that panics (a defect) answers `panicked`, and
    /// every lock it held is usable again.
    ///
    /// ```
    /// use serde_json::json;
    /// use wordclub_app::{App, MemorySettings};
    ///
    /// let app = App::new(Box::new(MemorySettings::default()))?;
    /// let players = json!([{"name": "Ann"}, {"name": "Ben"}]);
    /// let view = app.call("new_match", json!({"rules": "wordclub-1.0", "players": players}))?;
    /// let id = view["id"].clone();
    /// // Behind the cover until the player to move shows their rack.
    /// assert_eq!((view["covered"].clone(), view["rack"].clone()), (json!(true), json!(null)));
    /// let view = app.call("reveal_rack", json!({"match_id": id}))?;
    /// assert_eq!(view["rack"].as_array().map(Vec::len), Some(7));
    /// let view = app.call("pass", json!({"match_id": id}))?;
    /// assert_eq!((view["to_move"].clone(), view["covered"].clone()), (json!(1), json!(true)));
    /// // A refusal has a stable kind.
    /// let refused = app.call("pass", json!({"match_id": id})).unwrap_err();
    /// assert_eq!(refused.kind(), "rack_hidden");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
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
        catch_unwind(AssertUnwindSafe(|| self.dispatch(command, args)))
            .unwrap_or_else(|_| Err(AppError::panicked(&format!("the command {command}"))))
    }

    // ---- the locks ---------------------------------------------------------------------

    /// The history, its lock held. Its files are checked first (`Store::check_file`): one
    /// deleted, moved, replaced, cut short or rewritten under the app is said (`history_gone`,
    /// as at a write) before anything is read from it, and the app lets go of it.
    pub(crate) fn history(&self) -> MutexGuard<'_, History> {
        let mut history = lock(&self.history);
        if let Err(e) = history.0.as_ref().map_or(Ok(()), Store::check_file) {
            self.on_store_error(&mut history, e);
        }
        history
    }

    /// Runs `f` on the history (its lock held, no match's).
    pub(crate) fn with_store<T>(
        &self,
        f: impl FnOnce(&mut Store) -> Result<T, AppError>,
    ) -> Result<T, AppError> {
        f(self.history().store()?)
    }

    pub(crate) fn settings(&self) -> MutexGuard<'_, Settings> {
        lock(&self.settings)
    }

    pub(crate) fn deals(&self) -> MutexGuard<'_, Deals> {
        lock(&self.deals)
    }

    /// Whether computer players and hints leave the kept offensive words alone (the
    /// "Polite computer" setting, on by default).
    pub(crate) fn manners(&self) -> Manners {
        Manners::polite(self.settings().polite_computer)
    }

    fn open_matches(&self) -> MutexGuard<'_, HashMap<i64, Arc<Slot>>> {
        lock(&self.open)
    }

    /// Adds a match just recorded in the history to the open ones.
    pub(crate) fn add_open(&self, open: OpenMatch) {
        let id = open.id;
        let computer_first = open.table.computer_to_move().is_ok();
        self.warm_up(&open);
        let slot = Slot::new(open);
        self.open_matches().insert(id, Arc::clone(&slot));
        if computer_first {
            self.computer_due(id);
        }
    }

    /// Queues the warm-up of `list`'s word graph (a list of one's own just imported: built
    /// once in the background and kept, so its first match finds it ready).
    pub(crate) fn warm_up_list(&self, list: &'static wordclub_lexicon::WordList) {
        let wake = lock(&self.scheduler).warm_up(list);
        wake_host(wake);
    }

    /// Queues the warm-up of the match's word graph when it can search (its first hint or
    /// computer move then finds it ready, or waits only for the rest of the load).
    fn warm_up(&self, open: &OpenMatch) {
        if let Some(list) = open.graph_wanted() {
            let wake = lock(&self.scheduler).warm_up(list);
            wake_host(wake);
        }
    }

    /// An open match, or one resumed from the history (behind the cover). The resume runs
    /// under the history's lock, which every write takes too: what it reads is what was
    /// committed, and no other command adds the same match meanwhile.
    fn slot(&self, id: i64) -> Result<Arc<Slot>, AppError> {
        if let Some(slot) = self.open_matches().get(&id) {
            return Ok(Arc::clone(slot));
        }
        let mut history = self.history();
        if let Some(slot) = self.open_matches().get(&id) {
            return Ok(Arc::clone(slot));
        }
        let store = history.store()?;
        let resumed = store.resume(id)?;
        // The draft its player had staged before the restart, if it is still theirs to see.
        let kept = store.draft(id).ok().flatten();
        let mut open = OpenMatch::new(id, resumed.game)?;
        open.draft = kept.and_then(|k| crate::matches::KeptDraft::restored(open.game(), k));
        // After a restart whoever holds the device is not known: behind the cover, even at
        // a table with one person.
        open.table.cover();
        self.warm_up(&open);
        let slot = Slot::new(open);
        self.open_matches().insert(id, Arc::clone(&slot));
        Ok(slot)
    }

    /// Runs `f` on a match under its lock, opening it from the history when it is not open
    /// (after a restart it opens behind the cover), with the tile tracker setting of now.
    pub(crate) fn with_match<T>(
        &self,
        id: i64,
        f: impl FnOnce(&mut OpenMatch) -> Result<T, AppError>,
    ) -> Result<T, AppError> {
        self.with_slot(id, |_, m| f(m))
    }

    fn with_slot<T>(
        &self,
        id: i64,
        f: impl FnOnce(&Slot, &mut OpenMatch) -> Result<T, AppError>,
    ) -> Result<T, AppError> {
        // A match closed while this command waited for it is looked up again: resumed from
        // its history. Closing needs a failed write each time, so a few tries are plenty.
        for _ in 0..SEARCH_TRIES {
            let slot = self.slot(id)?;
            let mut m = lock(&slot.open);
            if slot.closed.load(Ordering::SeqCst) {
                continue;
            }
            m.tile_tracker = self.settings().tile_tracker;
            let answer = f(&slot, &mut m);
            // A computer to move (after a person's move, or in a match opened again): its
            // move is due, decided here under the match's lock from the table as it is now.
            // A match closed by this command (its write failed) is not: the next command
            // opens it again from what was kept.
            if m.table.computer_to_move().is_ok() && !slot.closed.load(Ordering::SeqCst) {
                self.computer_due(id);
            }
            return answer;
        }
        Err(AppError::Busy {
            what: "it was opened".to_string(),
        })
    }

    /// Runs `f` on a match; when it names an action, applies it. Every event the match
    /// took meanwhile (the action's, or one `f` made itself, as a reveal that closes a
    /// take-back) is committed to the history before answering with `answer`: nothing is
    /// answered until it is kept. When the history cannot be written the match is closed in
    /// memory, so the next command resumes it from what was committed.
    pub(crate) fn act<T, R>(
        &self,
        id: i64,
        f: impl FnOnce(&mut OpenMatch) -> Result<(Option<Action>, T), AppError>,
        answer: impl FnOnce(&OpenMatch, T) -> R,
    ) -> Result<R, AppError> {
        self.with_slot(id, |slot, m| {
            let kept = m.game().events().len();
            let (action, extra) = f(m)?;
            let taking_back = matches!(action, Some(Action::TakeBack { .. }));
            if let Some(action) = action {
                m.apply(action)?;
            }
            if m.game().events().len() != kept {
                // The match's lock is held, then the history's: the lock order.
                let mut history = self.history();
                let recorded = match history.store() {
                    Ok(store) => store.record(id, m.game()),
                    Err(e) => {
                        self.close(slot, id);
                        return Err(e);
                    }
                };
                if let Err(e) = recorded {
                    // Not kept, so not answered as played: the match reopens from what was saved.
                    self.close(slot, id);
                    return Err(self.on_store_error(&mut history, e));
                }
                drop(history);
                if taking_back {
                    // The draft went with the withdrawn moves (`OpenMatch::apply`): from the
                    // history too, or a restart would give it back in the turn taken back.
                    self.keep_draft_in_history(id, None);
                }
            }
            Ok(answer(m, extra))
        })
    }

    /// Drops a match from memory whatever holds it (abandoned or deleted in the history):
    /// a command waiting for it looks it up again, in the history.
    /// Its computer's work ends with it: a move being searched is not recorded.
    pub(crate) fn forget(&self, id: i64) {
        if let Some(slot) = self.open_matches().remove(&id) {
            slot.closed.store(true, Ordering::SeqCst);
        }
        lock(&self.scheduler).forget(id);
    }

    /// Drops a match from memory (its lock is held): whoever holds it next looks it up again.
    fn close(&self, slot: &Slot, id: i64) {
        slot.closed.store(true, Ordering::SeqCst);
        let mut open = self.open_matches();
        if open
            .get(&id)
            .is_some_and(|s| std::ptr::eq(Arc::as_ptr(s), slot))
        {
            open.remove(&id);
        }
    }

    /// A write that failed; one that found the history file gone means nothing more is
    /// saved (or said to be saved) until the app opens the history again, so every open
    /// match is closed with it.
    pub(crate) fn on_store_error(&self, history: &mut History, e: StoreError) -> AppError {
        let e = AppError::from(e);
        if e.kind() == "history_gone" {
            for (_, slot) in self.open_matches().drain() {
                slot.closed.store(true, Ordering::SeqCst);
            }
            history.0 = Err(e.clone());
        }
        e
    }
}

/// Tells the host that work arrived, when it asked to be told (no lock held).
fn wake_host(waker: Option<Waker>) {
    if let Some(wake) = waker {
        wake();
    }
}

/// A lock, even after a panic elsewhere: one failed command must not take every later one
/// down with it.
pub(crate) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
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
