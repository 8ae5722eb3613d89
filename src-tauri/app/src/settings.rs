//! The player's settings: the table last set up (names, and which seats a computer takes),
//! default rule set, theme, sound, tile tracker, and
//! whether the computer is polite (computer players and hints never offer a word of the kept
//! offensive-word list; on by default).
//!
//! The command layer validates them; where they are kept is the caller's choice through
//! [`SettingsBackend`]: a JSON file ([`FileSettings`], written atomically; a damaged one is
//! kept beside it and announced) in the app window and for `wordclub-cli serve`, or memory.
use std::path::PathBuf;
use std::sync::Mutex;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use wordclub_engine::{PlayerSpec, MAX_PLAYERS};
use wordclub_movegen::Level;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Theme {
    Light,
    Dark,
    System,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Settings {
    /// The names entered on the new-match form, in seat order.
    pub player_names: Vec<String>,
    /// Beside each of those names, the computer level that seat was given (`None`: a person),
    /// so the form sets the same table up again: a solo player meets their computer seat
    /// where they left it. As long as `player_names`.
    #[serde(default)]
    pub player_levels: Vec<Option<String>>,
    /// Beside each name, the colour that seat was given (`None`: the seat's default), so the
    /// table's next match has the same colours. As long as `player_names`.
    #[serde(default)]
    pub player_colours: Vec<Option<String>>,
    /// The rule set the new-match form opens on: the one last started, or one chosen in
    /// Settings. `None` on a new install until then: the form opens on the rule set the app
    /// recommends for the table's size (`guide.rs`), following it as seats are added. An
    /// install that kept a default (every earlier build wrote one) keeps it.
    #[serde(default)]
    pub default_rules: Option<String>,
    pub theme: Theme,
    pub sound: bool,
    pub tile_tracker: bool,
    /// Computer players never play, and hints never offer, a kept offensive word (the words
    /// stay valid for people).
    pub polite_computer: bool,
    /// The match on each client's screen (`resume.rs`): the window is one client, each
    /// browser over `serve` another. Most recent first, at most `ON_SCREEN_CLIENTS`.
    #[serde(default)]
    pub on_screen: Vec<OnScreen>,
}

/// The match a client had on screen (`None`: another screen), so a reload or a restart
/// reopens it there.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct OnScreen {
    pub client: String,
    pub match_id: Option<i64>,
}

/// How many clients' screens are kept: a browser that never comes back must not make the
/// settings file grow for ever; the window and a few browsers fit with room to spare.
pub const ON_SCREEN_CLIENTS: usize = 16;

impl Default for Settings {
    fn default() -> Self {
        Settings {
            player_names: vec!["Player 1".to_string(), "Player 2".to_string()],
            player_levels: vec![None, None],
            player_colours: vec![None, None],
            default_rules: None,
            theme: Theme::System,
            sound: true,
            tile_tracker: true,
            polite_computer: true,
            on_screen: Vec::new(),
        }
    }
}

/// A change to some settings; absent fields stay as they are.
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
// An argument: a field serde fills in when it is absent may be left out.
#[cfg_attr(feature = "contract", ts(optional_fields = nullable))]
#[serde(deny_unknown_fields)]
pub struct SettingsPatch {
    /// New names without new levels: every seat a person.
    pub player_names: Option<Vec<String>>,
    /// One per name (the patch's names, else the kept ones).
    pub player_levels: Option<Vec<Option<String>>>,
    /// One per name, like `player_levels`; new names without new colours: every seat its
    /// default.
    pub player_colours: Option<Vec<Option<String>>>,
    pub default_rules: Option<String>,
    pub theme: Option<Theme>,
    pub sound: Option<bool>,
    pub tile_tracker: Option<bool>,
    pub polite_computer: Option<bool>,
}

/// A computer seat's level as a new match takes it (one of [`Level::SEATS`]), by its name.
fn seat_level(name: &str) -> Result<String, String> {
    Level::SEATS
        .iter()
        .map(|l| l.name())
        .find(|l| *l == name)
        .map(str::to_string)
        .ok_or_else(|| {
            let names: Vec<&str> = Level::SEATS.iter().map(|l| l.name()).collect();
            format!(
                "no computer level {name:?} (the levels: {})",
                names.join(", ")
            )
        })
}

/// A player's name, trimmed, by the engine's one rule ([`PlayerSpec::clean_name`]).
pub fn clean_name(name: &str) -> Result<String, String> {
    PlayerSpec::clean_name(name).map_err(|e| e.to_string())
}

/// A kept name as today's rule ([`clean_name`]) takes it: as it is when it passes, else
/// without its control characters and cut to [`wordclub_engine::MAX_NAME_CHARS`] (an older
/// version allowed longer names). A family expects to find their table as they left it:
/// the name stays on its seat, beside its computer level, visibly shortened on the form
/// they start a match from (where they can change it), instead of the seat vanishing and
/// every later name and level moving up one. `None`: nothing of it is left (blank).
fn fit_kept_name(name: &str) -> Option<String> {
    if let Ok(name) = clean_name(name) {
        return Some(name);
    }
    let printable: String = name.chars().filter(|c| !c.is_control()).collect();
    let cut: String = printable
        .trim()
        .chars()
        .take(wordclub_engine::MAX_NAME_CHARS)
        .collect();
    clean_name(&cut).ok()
}

impl Settings {
    /// Applies a patch after checking every field; on any error nothing changes.
    pub fn apply(
        &self,
        patch: SettingsPatch,
        is_known_rules: impl Fn(&str) -> bool,
    ) -> Result<Settings, String> {
        let mut next = self.clone();
        if let Some(names) = patch.player_names {
            if names.len() > usize::from(MAX_PLAYERS) {
                return Err(format!("at most {MAX_PLAYERS} player names"));
            }
            next.player_names = names
                .iter()
                .map(|n| clean_name(n))
                .collect::<Result<_, _>>()?;
            next.player_levels = vec![None; next.player_names.len()];
            next.player_colours = vec![None; next.player_names.len()];
        }
        if let Some(levels) = patch.player_levels {
            if levels.len() != next.player_names.len() {
                return Err(format!(
                    "{} computer levels for {} player names: give one per name (null for a person)",
                    levels.len(),
                    next.player_names.len()
                ));
            }
            next.player_levels = levels
                .iter()
                .map(|level| level.as_deref().map(seat_level).transpose())
                .collect::<Result<_, _>>()?;
        }
        if let Some(colours) = patch.player_colours {
            if colours.len() != next.player_names.len() {
                return Err(format!(
                    "{} seat colours for {} player names: give one per name (null for the seat's default)",
                    colours.len(),
                    next.player_names.len()
                ));
            }
            next.player_colours = colours
                .iter()
                .map(|c| {
                    c.as_deref()
                        .map(|c| crate::guide::known_colour(c).map(str::to_string))
                        .transpose()
                })
                .collect::<Result<_, _>>()?;
        }
        if let Some(rules) = patch.default_rules {
            if !is_known_rules(&rules) {
                return Err(format!("no rule set {rules:?}"));
            }
            next.default_rules = Some(rules);
        }
        if let Some(theme) = patch.theme {
            next.theme = theme;
        }
        if let Some(sound) = patch.sound {
            next.sound = sound;
        }
        if let Some(tracker) = patch.tile_tracker {
            next.tile_tracker = tracker;
        }
        if let Some(polite) = patch.polite_computer {
            next.polite_computer = polite;
        }
        Ok(next)
    }

    /// Reads kept settings leniently: a damaged or older value falls back field by field to
    /// the defaults instead of failing the app's start.
    pub fn from_kept(value: &Value, is_known_rules: impl Fn(&str) -> bool) -> Settings {
        let defaults = Settings::default();
        let mut s = defaults.clone();
        if let Some(names) = value.get("player_names").and_then(Value::as_array) {
            // Every kept seat stays a seat, in its place (its level below is read by that
            // place): a name today's rule refuses is fitted to it ([`fit_kept_name`]) and
            // one that cannot be is the seat's default name.
            let names: Vec<String> = names
                .iter()
                .take(usize::from(MAX_PLAYERS))
                .enumerate()
                .map(|(i, n)| {
                    n.as_str()
                        .and_then(fit_kept_name)
                        .unwrap_or_else(|| format!("Player {}", i + 1))
                })
                .collect();
            if !names.is_empty() {
                s.player_names = names;
            }
        }
        // A level that cannot be read (or none kept: an older file) is a person's seat.
        let levels = value.get("player_levels").and_then(Value::as_array);
        s.player_levels = (0..s.player_names.len())
            .map(|i| {
                levels
                    .and_then(|l| l.get(i))
                    .and_then(Value::as_str)
                    .and_then(|l| seat_level(l).ok())
            })
            .collect();
        // A colour that cannot be read (or none kept) is the seat's default.
        let colours = value.get("player_colours").and_then(Value::as_array);
        s.player_colours = (0..s.player_names.len())
            .map(|i| {
                colours
                    .and_then(|c| c.get(i))
                    .and_then(Value::as_str)
                    .and_then(|c| crate::guide::known_colour(c).ok())
                    .map(str::to_string)
            })
            .collect();
        if let Some(r) = value.get("default_rules").and_then(Value::as_str) {
            if is_known_rules(r) {
                s.default_rules = Some(r.to_string());
            }
        }
        if let Some(t) = value.get("theme") {
            s.theme = serde_json::from_value(t.clone()).unwrap_or(defaults.theme);
        }
        if let Some(b) = value.get("sound").and_then(Value::as_bool) {
            s.sound = b;
        }
        if let Some(b) = value.get("tile_tracker").and_then(Value::as_bool) {
            s.tile_tracker = b;
        }
        if let Some(b) = value.get("polite_computer").and_then(Value::as_bool) {
            s.polite_computer = b;
        }
        if let Some(screens) = value.get("on_screen") {
            let mut screens: Vec<OnScreen> =
                serde_json::from_value(screens.clone()).unwrap_or_default();
            screens.truncate(ON_SCREEN_CLIENTS);
            s.on_screen = screens;
        }
        s
    }
}

/// Where settings are kept between runs.
pub trait SettingsBackend: Send + Sync {
    /// The kept value, or `None` when nothing was kept yet (or what was kept was damaged and
    /// set aside: then [`SettingsBackend::notices`] says so).
    fn load(&self) -> Result<Option<Value>, String>;
    fn save(&self, value: &Value) -> Result<(), String>;
    /// Damaged settings found by `load` and kept beside the file, until the player has read
    /// the notice ([`SettingsBackend::acknowledge`]).
    fn notices(&self) -> Vec<SettingsNotice> {
        Vec::new()
    }
    /// The player has read the notice whose copy is `moved_to`; `false` when this backend
    /// has no such notice. The copy stays where it is.
    fn acknowledge(&self, _moved_to: &str) -> Result<bool, String> {
        Ok(false)
    }
}

/// Kept settings that could not be read: where they were, the copy kept beside them, why,
/// and the sentence to show on the start screen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct SettingsNotice {
    pub original: String,
    pub moved_to: String,
    pub reason: String,
    pub message: String,
}

/// Why a kept settings value cannot be read as settings (`None`: it can). A field of an
/// unknown name is not damage (a newer version may have written it); a known field of the
/// wrong type is, as reading it would silently drop the player's choice.
pub fn kept_shape_problem(value: &Value) -> Option<String> {
    /// The kept fields' types, every one optional (an older version wrote fewer).
    #[derive(Deserialize)]
    #[allow(dead_code)] // read only to check the types
    struct KeptShape {
        player_names: Option<Vec<String>>,
        player_levels: Option<Vec<Option<String>>>,
        player_colours: Option<Vec<Option<String>>>,
        default_rules: Option<String>,
        theme: Option<Theme>,
        sound: Option<bool>,
        tile_tracker: Option<bool>,
        polite_computer: Option<bool>,
        on_screen: Option<Vec<OnScreen>>,
    }
    if !value.is_object() {
        return Some("it is not a JSON object".to_string());
    }
    serde_json::from_value::<KeptShape>(value.clone())
        .err()
        .map(|e| e.to_string())
}

/// Settings that live only as long as the process (tests, throwaway servers).
#[derive(Default)]
pub struct MemorySettings(Mutex<Option<Value>>);

impl SettingsBackend for MemorySettings {
    fn load(&self) -> Result<Option<Value>, String> {
        Ok(self.0.lock().map_err(|_| "poisoned".to_string())?.clone())
    }
    fn save(&self, value: &Value) -> Result<(), String> {
        *self.0.lock().map_err(|_| "poisoned".to_string())? = Some(value.clone());
        Ok(())
    }
}

/// The file's key for notices not yet read: kept in the settings file itself, so a notice
/// survives a restart until the player has read it.
const NOTICES_KEY: &str = "damaged_settings_kept";

/// Settings in a JSON file, written atomically ([`crate::write_atomically`]). A file that
/// is not JSON or not shaped like settings, or that cannot be read (too large, say), is
/// copied beside itself as `<name>.damaged-<UTC time>` (never deleted) before anything is
/// written over it, and a notice says so until read; one that cannot even be copied (not a
/// regular file, unreadable) is left as it is, no change is written over it, and a notice
/// says that. Fields this version does not know (a newer one wrote them) are written back
/// with every change.
pub struct FileSettings {
    path: PathBuf,
    /// `Some(key)`: the settings are that key's value in a JSON object (the layout
    /// tauri-plugin-store wrote, `{"settings": {…}}`); `None`: the file is the settings.
    key: Option<String>,
    kept: Mutex<Kept>,
}

#[derive(Default)]
struct Kept {
    settings: Option<Value>,
    /// The file's other top-level fields (keyed layout only): written back as they were.
    others: serde_json::Map<String, Value>,
    notices: Vec<SettingsNotice>,
    /// Why nothing may be written: a file that could not be read or copied aside.
    refuse_writes: Option<String>,
}

impl FileSettings {
    /// The settings file at `path` (`wordclub-cli serve --settings`).
    pub fn new(path: impl Into<PathBuf>) -> FileSettings {
        FileSettings {
            path: path.into(),
            key: None,
            kept: Mutex::new(Kept::default()),
        }
    }

    /// The settings as `key`'s value in the JSON object at `path` (the app window's
    /// `settings.json`, as tauri-plugin-store laid it out, so existing files are read).
    pub fn under_key(path: impl Into<PathBuf>, key: &str) -> FileSettings {
        FileSettings {
            key: Some(key.to_string()),
            ..FileSettings::new(path)
        }
    }

    /// Adds a notice of another kept file (the window's size and place) that was damaged or
    /// could not be read, shown and kept with this file's own until read. Call before
    /// [`SettingsBackend::load`], which writes it into the file; a notice already kept
    /// (the same `moved_to`: a file still left as it is at the next start) is not repeated.
    pub fn announce(&self, notice: SettingsNotice) {
        let mut kept = self.lock();
        if !kept.notices.iter().any(|n| n.moved_to == notice.moved_to) {
            kept.notices.push(notice);
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Kept> {
        self.kept.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The file's JSON for `kept`: the settings (under the key, if any), the file's other
    /// fields and unread notices.
    fn document(&self, kept: &Kept) -> Value {
        let mut doc = kept.others.clone();
        match (&self.key, &kept.settings) {
            (Some(key), Some(settings)) => {
                doc.insert(key.clone(), settings.clone());
            }
            (None, Some(Value::Object(fields))) => doc.extend(fields.clone()),
            _ => {}
        }
        if !kept.notices.is_empty() {
            doc.insert(
                NOTICES_KEY.to_string(),
                serde_json::to_value(&kept.notices).unwrap_or_default(),
            );
        }
        Value::Object(doc)
    }

    fn write(&self, kept: &Kept) -> Result<(), String> {
        if let Some(reason) = &kept.refuse_writes {
            return Err(reason.clone());
        }
        let text = serde_json::to_vec_pretty(&self.document(kept)).map_err(|e| e.to_string())?;
        crate::write_atomically(&self.path, &text)
            .map_err(|e| format!("cannot write {}: {e}", self.path.display()))
    }

    /// Why the file's bytes are not kept settings, or its settings value, its other fields
    /// and its notices.
    fn read(&self, bytes: &[u8]) -> Result<Read, String> {
        let doc: Value =
            serde_json::from_slice(bytes).map_err(|e| format!("it is not JSON ({e})"))?;
        let Value::Object(mut fields) = doc else {
            return Err("it is not a JSON object".to_string());
        };
        let notices = match fields.remove(NOTICES_KEY) {
            None => Vec::new(),
            Some(n) => {
                serde_json::from_value(n).map_err(|e| format!("its notices are damaged ({e})"))?
            }
        };
        let (settings, others) = match &self.key {
            Some(key) => (fields.remove(key), fields),
            None => (Some(Value::Object(fields)), serde_json::Map::new()),
        };
        if let Some(problem) = settings.as_ref().and_then(kept_shape_problem) {
            return Err(problem);
        }
        Ok(Read {
            settings,
            others,
            notices,
        })
    }

    /// Copies the damaged file beside itself ([`crate::keep_damaged_copy`]), then writes
    /// default settings with the notice in its place. When it cannot be copied, it is left
    /// as it is: the settings stay the defaults for this run, every change is refused with
    /// the reason, and a notice says so.
    fn set_aside(&self, kept: &mut Kept, reason: String) -> Result<(), String> {
        let copy = match crate::keep_damaged_copy(&self.path) {
            Ok(copy) => copy,
            Err(e) => {
                let path = self.path.display().to_string();
                kept.refuse_writes = Some(format!(
                    "the settings file {path} cannot be read ({reason}) and could not be \
                     copied aside ({e}); it is left as it is and no change is saved"
                ));
                // Not written into the file (nothing is): shown for this run until read.
                kept.notices.push(SettingsNotice {
                    original: path.clone(),
                    moved_to: path.clone(),
                    message: format!(
                        "Your settings could not be read ({reason}), so Word Club started \
                         with its defaults. The file {path} is left as it is, and no change \
                         to the settings is saved until it can be read."
                    ),
                    reason,
                });
                return Ok(());
            }
        };
        kept.notices.push(SettingsNotice {
            original: self.path.display().to_string(),
            moved_to: copy.display().to_string(),
            message: format!(
                "Your settings could not be read ({reason}), so Word Club started with its \
                 defaults. The old file is kept as {}.",
                copy.display()
            ),
            reason,
        });
        kept.settings = None;
        kept.others.clear();
        self.write(kept)
    }
}

/// A settings file as read: its settings, its other fields (keyed layout) and its notices.
struct Read {
    settings: Option<Value>,
    others: serde_json::Map<String, Value>,
    notices: Vec<SettingsNotice>,
}

/// `next` with every field of `before` it does not have: a newer version's fields, kept
/// through this version's change (it writes every field it knows).
fn with_unknown_fields(before: Option<&Value>, next: &Value) -> Value {
    match (before, next) {
        (Some(Value::Object(old)), Value::Object(new)) => {
            let mut merged = new.clone();
            for (name, value) in old {
                if !merged.contains_key(name) {
                    merged.insert(name.clone(), value.clone());
                }
            }
            Value::Object(merged)
        }
        _ => next.clone(),
    }
}

impl SettingsBackend for FileSettings {
    fn load(&self) -> Result<Option<Value>, String> {
        let mut kept = self.lock();
        // A FIFO, a device or a huge file is not read (it would block the start or never
        // end): like a damaged file, it is copied aside when it can be, else left alone.
        let bytes = match crate::read_kept(&self.path) {
            Ok(Some(bytes)) => Ok(bytes),
            Ok(None) => return Ok(None),
            Err(e) => Err(format!("cannot read it: {e}")),
        };
        match bytes.and_then(|b| self.read(&b)) {
            Ok(read) => {
                kept.settings = read.settings.clone();
                kept.others = read.others;
                let announced = std::mem::replace(&mut kept.notices, read.notices);
                let mut new = false;
                for notice in announced {
                    if !kept.notices.iter().any(|n| n.moved_to == notice.moved_to) {
                        kept.notices.push(notice);
                        new = true;
                    }
                }
                if new {
                    self.write(&kept)?;
                }
                Ok(read.settings)
            }
            Err(reason) => {
                self.set_aside(&mut kept, reason)?;
                Ok(None)
            }
        }
    }

    fn save(&self, value: &Value) -> Result<(), String> {
        let mut kept = self.lock();
        let next = with_unknown_fields(kept.settings.as_ref(), value);
        let before = kept.settings.replace(next);
        let written = self.write(&kept);
        if written.is_err() {
            kept.settings = before;
        }
        written
    }

    fn notices(&self) -> Vec<SettingsNotice> {
        self.lock().notices.clone()
    }

    fn acknowledge(&self, moved_to: &str) -> Result<bool, String> {
        let mut kept = self.lock();
        let Some(i) = kept.notices.iter().position(|n| n.moved_to == moved_to) else {
            return Ok(false);
        };
        let notice = kept.notices.remove(i);
        if kept.refuse_writes.is_some() {
            // Nothing is written to a file left as it is: read for this run only.
            return Ok(true);
        }
        let written = self.write(&kept);
        if written.is_err() {
            kept.notices.insert(i, notice);
        }
        written.map(|_| true)
    }
}

// ---- the commands ------------------------------------------------------------------------

impl crate::App {
    pub fn get_settings(&self) -> Result<Settings, crate::AppError> {
        Ok(self.settings().clone())
    }

    /// Validates and keeps a settings change; on any error nothing changes.
    pub fn update_settings(&self, patch: SettingsPatch) -> Result<Settings, crate::AppError> {
        use crate::AppError;
        let mut settings = self.settings();
        let next = settings
            .apply(patch, crate::is_known_rules)
            .map_err(|reason| AppError::bad_argument("update_settings", reason))?;
        self.keep_settings(&mut settings, next)
    }

    /// Keeps `next` (checked) as the settings: saved first, so on a failed save nothing
    /// changes. `settings` is the settings' lock, held.
    pub(crate) fn keep_settings(
        &self,
        settings: &mut Settings,
        next: Settings,
    ) -> Result<Settings, crate::AppError> {
        use crate::AppError;
        let value = serde_json::to_value(&next).map_err(|e| AppError::Settings {
            reason: e.to_string(),
        })?;
        if self.settings_in_history {
            // Committed in the history first: refused there, nothing changes.
            self.with_store(|store| Ok(store.set_settings(&value)?))?;
        }
        self.settings_backend
            .save(&value)
            .map_err(|reason| AppError::Settings { reason })?;
        *settings = next;
        Ok(settings.clone())
    }
}
