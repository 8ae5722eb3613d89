//! The player's settings: names last used, default rule set, theme, sound, tile tracker, and
//! whether the computer is polite (computer players and hints never offer a word of the kept
//! offensive-word list; on by default).
//!
//! The command layer validates them; where they are kept is the caller's choice through
//! [`SettingsBackend`]: tauri-plugin-store in the app window, a JSON file or memory for
//! `wordclub-cli serve`.
use std::path::PathBuf;
use std::sync::Mutex;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use wordclub_engine::{MAX_NAME_CHARS, MAX_PLAYERS};

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
    /// The names entered for the last new match, in seat order.
    pub player_names: Vec<String>,
    pub default_rules: String,
    pub theme: Theme,
    pub sound: bool,
    pub tile_tracker: bool,
    /// Computer players never play, and hints never offer, a kept offensive word (the words
    /// stay valid for people).
    pub polite_computer: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            player_names: vec!["Player 1".to_string(), "Player 2".to_string()],
            default_rules: "wordclub-1.0".to_string(),
            theme: Theme::System,
            sound: true,
            tile_tracker: true,
            polite_computer: true,
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
    pub player_names: Option<Vec<String>>,
    pub default_rules: Option<String>,
    pub theme: Option<Theme>,
    pub sound: Option<bool>,
    pub tile_tracker: Option<bool>,
    pub polite_computer: Option<bool>,
}

/// A player's name, trimmed; refused when empty, too long or holding control characters.
pub fn clean_name(name: &str) -> Result<String, String> {
    let name = name.trim();
    if name.is_empty() {
        return Err("every player needs a name".to_string());
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(format!(
            "the name {name:?} is longer than {MAX_NAME_CHARS} characters"
        ));
    }
    if name.chars().any(char::is_control) {
        return Err(format!("the name {name:?} holds a control character"));
    }
    Ok(name.to_string())
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
        }
        if let Some(rules) = patch.default_rules {
            if !is_known_rules(&rules) {
                return Err(format!("no rule set {rules:?}"));
            }
            next.default_rules = rules;
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
            let names: Vec<String> = names
                .iter()
                .filter_map(Value::as_str)
                .filter_map(|n| clean_name(n).ok())
                .take(usize::from(MAX_PLAYERS))
                .collect();
            if !names.is_empty() {
                s.player_names = names;
            }
        }
        if let Some(r) = value.get("default_rules").and_then(Value::as_str) {
            if is_known_rules(r) {
                s.default_rules = r.to_string();
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
        s
    }
}

/// Where settings are kept between runs.
pub trait SettingsBackend: Send + Sync {
    /// The kept value, or `None` when nothing was kept yet.
    fn load(&self) -> Result<Option<Value>, String>;
    fn save(&self, value: &Value) -> Result<(), String>;
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

/// Settings in a JSON file, written through a temporary file and a rename.
pub struct FileSettings(pub PathBuf);

impl SettingsBackend for FileSettings {
    fn load(&self) -> Result<Option<Value>, String> {
        match std::fs::read(&self.0) {
            Ok(bytes) => Ok(serde_json::from_slice(&bytes).ok()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(format!("cannot read {}: {e}", self.0.display())),
        }
    }
    fn save(&self, value: &Value) -> Result<(), String> {
        let tmp = self.0.with_extension("json.tmp");
        let text = serde_json::to_vec_pretty(value).map_err(|e| e.to_string())?;
        std::fs::write(&tmp, text)
            .and_then(|_| std::fs::rename(&tmp, &self.0))
            .map_err(|e| format!("cannot write {}: {e}", self.0.display()))
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
        let value = serde_json::to_value(&next).map_err(|e| AppError::Settings {
            reason: e.to_string(),
        })?;
        self.settings_backend
            .save(&value)
            .map_err(|reason| AppError::Settings { reason })?;
        *settings = next;
        Ok(settings.clone())
    }
}
