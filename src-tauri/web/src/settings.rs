//! The player's settings in the web app: the app reads them once at start ([`WorkerSettings::new`],
//! with what the worker kept in the browser's storage) and each change is handed to the worker
//! ([`take_changed`], after every command), which writes it there.
use std::sync::Mutex;

use serde_json::Value;
use wordclub_app::SettingsBackend;

/// The last settings saved that the worker has not taken yet.
static CHANGED: Mutex<Option<Value>> = Mutex::new(None);

pub(crate) fn take_changed() -> Option<Value> {
    CHANGED.lock().unwrap_or_else(|e| e.into_inner()).take()
}

pub(crate) struct WorkerSettings {
    kept: Mutex<Option<Value>>,
}

impl WorkerSettings {
    /// `kept`: what the worker read back from the browser's storage (`null` or missing: none).
    pub fn new(kept: Option<Value>) -> WorkerSettings {
        WorkerSettings {
            kept: Mutex::new(kept.filter(|v| !v.is_null())),
        }
    }
}

impl SettingsBackend for WorkerSettings {
    fn load(&self) -> Result<Option<Value>, String> {
        Ok(self.kept.lock().unwrap_or_else(|e| e.into_inner()).clone())
    }

    fn save(&self, value: &Value) -> Result<(), String> {
        *self.kept.lock().unwrap_or_else(|e| e.into_inner()) = Some(value.clone());
        *CHANGED.lock().unwrap_or_else(|e| e.into_inner()) = Some(value.clone());
        Ok(())
    }
}
