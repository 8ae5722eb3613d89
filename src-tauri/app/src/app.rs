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
//! the deal counter, the downloads folder, the save chooser and the test hooks are leaves:
//! nothing else is taken while one of them is held. No search, replay or store read runs
//! under the map's lock; a search (a computer's move, a hint) runs under no lock at all: what
//! it needs is copied under the match's lock, and its result applied only if the match has
//! not moved on. The save chooser is called under none (it waits for a person).
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, Weak};
use std::time::Duration;

use serde_json::{json, Value};
use wordclub_engine::{Action, Seat};
use wordclub_movegen::Manners;
use wordclub_store::{Store, StoreError};

use crate::events::{AppEvent, Bus, Events};
use crate::matches::{MatchIdArgs, OpenMatch};
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
    deals: Mutex<Deals>,
    /// The folder `save_gcg` offers (or, with no chooser, writes into); `None` outside the
    /// app window.
    downloads: Mutex<Option<PathBuf>>,
    /// Asks the person at the window where `save_gcg` writes ([`App::set_save_chooser`]).
    save_chooser: Mutex<Option<Arc<SaveChooser>>>,
    /// Re-analysing the history in the background (its own connection and thread).
    pub(crate) analysis: crate::analysis::Background,
    /// Told when a computer starts searching its move, with no lock held.
    thinking: Mutex<Option<SearchHook>>,
    /// Tests only: told when a hint's search starts, with no lock held.
    hint_search: Mutex<Option<SearchHook>>,
    /// The pushed events (`events.rs`): every subscriber gets each one.
    events: Bus,
    /// Set by [`App::play_computers`]: the app itself plays a computer's turn when one is due.
    driver: Mutex<Option<Driver>>,
}

/// The app playing its computers' turns itself ([`App::play_computers`]).
#[derive(Clone)]
struct Driver {
    /// The app, for the thread that plays (weak: the app is not kept alive by it).
    app: Weak<App>,
    /// The pause before each computer move (see [`App::play_computers`]).
    pace: Duration,
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
    /// A thread of [`App::play_computers`] is playing this match's computer turns: no other
    /// is started, so one computer move is searched at a time, whatever the UI redraws.
    driving: AtomicBool,
    open: Mutex<OpenMatch>,
}

impl Slot {
    fn new(open: OpenMatch) -> Arc<Slot> {
        Arc::new(Slot {
            closed: AtomicBool::new(false),
            driving: AtomicBool::new(false),
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
    /// else that cannot be used is refused and left as it is.
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
    pub fn with_history_or_error(settings_backend: Box<dyn SettingsBackend>, path: &Path) -> App {
        let history = Store::open(path).map_err(AppError::from);
        App::with(settings_backend, history)
    }

    fn with(settings_backend: Box<dyn SettingsBackend>, history: Result<Store, AppError>) -> App {
        let settings = match settings_backend.load() {
            Ok(Some(kept)) => Settings::from_kept(&kept, crate::is_known_rules),
            _ => Settings::default(),
        };
        let events = Bus::default();
        let analysis = crate::analysis::Background::new(
            history.as_ref().ok().and_then(Store::path),
            events.sender(),
        );
        App {
            open: Mutex::new(HashMap::new()),
            history: Mutex::new(History(history)),
            settings: Mutex::new(settings),
            settings_backend,
            deals: Mutex::new(Deals::default()),
            downloads: Mutex::new(None),
            save_chooser: Mutex::new(None),
            analysis,
            thinking: Mutex::new(None),
            hint_search: Mutex::new(None),
            events,
            driver: Mutex::new(None),
        }
    }

    /// Every event the app sends from now on ([`AppEvent`]), in order.
    pub fn subscribe(&self) -> Events {
        self.events.subscribe()
    }

    /// Calls `f` with every event from now on, on a thread of its own (the window's shell
    /// hands each to the webview).
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

    /// The app plays a computer's turn itself when one is due — after the command that left
    /// a computer to move (a person's move, a new match a computer opens, a match opened
    /// again), on a thread of its own, one move at a time per match — and tells its viewers
    /// with [`AppEvent::ComputerMoved`]: the UI asks for no computer move and keeps no timer
    /// for it, so nothing it redraws can ask twice. `pace`: the pause before each move, so
    /// the move just made is seen being made before the next one lands (the window and
    /// `serve`: 450 ms, the pause the UI used to wait before asking). The
    /// `computer_turn` command still plays one at once (the CLI, tests); whichever comes
    /// first plays it, and the other finds a person to move and does nothing.
    pub fn play_computers(self: &Arc<App>, pace: Duration) {
        *lock(&self.driver) = Some(Driver {
            app: Arc::downgrade(self),
            pace,
        });
    }

    /// Starts the thread that plays match `id`'s computer turns, when the app plays them
    /// and none is running for it (the match's lock is held, so it runs after this command).
    fn drive(&self, slot: &Arc<Slot>, id: i64) {
        let Some(driver) = lock(&self.driver).clone() else {
            return;
        };
        if slot.driving.swap(true, Ordering::SeqCst) {
            return;
        }
        let driving = Arc::clone(slot);
        let spawned = std::thread::Builder::new()
            .name("wordclub-computer".into())
            .spawn(move || {
                while let Some(app) = driver.app.upgrade() {
                    std::thread::sleep(driver.pace);
                    match app.computer_turn(MatchIdArgs { match_id: id }) {
                        Ok(view) => {
                            let next = view.to_move.and_then(|s| view.players.get(s));
                            if view.over || next.is_none_or(|p| p.computer.is_none()) {
                                break;
                            }
                        }
                        // Someone else made the move first (`computer_turn` called as a
                        // command), or the match ended meanwhile: nothing is due.
                        Err(e) if matches!(e.kind(), "human_to_move" | "match_over") => break,
                        Err(e) => {
                            let (seat, name) = app
                                .with_match(id, |m| {
                                    let seat = m.game().to_move().unwrap_or_default();
                                    let name = m.game().players().get(seat).map(|p| p.name.clone());
                                    Ok((seat, name.unwrap_or_default()))
                                })
                                .unwrap_or_default();
                            // The sentence is the app's, not the error's: a move generator's
                            // refusal can quote the rack, and events reach every viewer.
                            app.send(AppEvent::ComputerFailed {
                                match_id: id,
                                seat,
                                kind: e.kind().to_string(),
                                message: format!("{name} could not make a move ({})", e.kind()),
                            });
                            break;
                        }
                    }
                }
                driving.driving.store(false, Ordering::SeqCst);
            });
        if spawned.is_err() {
            slot.driving.store(false, Ordering::SeqCst);
        }
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
        self.dispatch(command, args)
    }

    // ---- the locks ---------------------------------------------------------------------

    pub(crate) fn history(&self) -> MutexGuard<'_, History> {
        lock(&self.history)
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
        let slot = Slot::new(open);
        self.open_matches().insert(id, Arc::clone(&slot));
        if computer_first {
            self.drive(&slot, id);
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
            // A computer to move (after a person's move, or in a match opened again): the
            // app plays it, when it plays its computers.
            if m.table.computer_to_move().is_ok() {
                self.drive(&slot, id);
            }
            return answer;
        }
        Err(AppError::Busy {
            what: "it was opened".to_string(),
        })
    }

    /// Runs `f` on a match; when it names an action, applies it and commits its events to
    /// the history before answering with `answer`: an action is answered only once kept.
    /// When the history cannot be written the match is closed in memory, so the next command
    /// resumes it from what was committed.
    pub(crate) fn act<T, R>(
        &self,
        id: i64,
        f: impl FnOnce(&mut OpenMatch) -> Result<(Option<Action>, T), AppError>,
        answer: impl FnOnce(&OpenMatch, T) -> R,
    ) -> Result<R, AppError> {
        self.with_slot(id, |slot, m| {
            let (action, extra) = f(m)?;
            if let Some(action) = action {
                let taking_back = matches!(action, Action::TakeBack { .. });
                m.apply(action)?;
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
    pub(crate) fn forget(&self, id: i64) {
        if let Some(slot) = self.open_matches().remove(&id) {
            slot.closed.store(true, Ordering::SeqCst);
        }
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

/// A lock, even after a panic elsewhere: one failed command must not take every later one
/// down with it.
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
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
