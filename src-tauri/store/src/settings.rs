//! The player's settings kept in the history (schema version 8): the web app's, so that a
//! changed setting is committed, like a move, before the answer, in the same storage as the
//! history (issue 43). One JSON object, as the app writes it (`wordclub_app::Settings`): this
//! crate keeps it and checks only that it is an object; the app reads the fields it knows.
//!
//! This device's own record: [`Store::export_bytes`] leaves it out and [`Store::import_bytes`]
//! never reads it, so an import never changes the importer's settings. The desktop app keeps
//! its settings in its own file and never calls these.
use rusqlite::{params, OptionalExtension};
use serde_json::Value;

use crate::time::now_ms;
use crate::{Store, StoreError};

impl Store {
    /// The settings kept, or `None` when none were kept yet.
    pub fn settings(&self) -> Result<Option<Value>, StoreError> {
        let text: Option<String> = self
            .conn
            .query_row("SELECT value FROM settings WHERE id = 1", [], |r| r.get(0))
            .optional()
            .map_err(StoreError::db("reading the settings"))?;
        // The table's CHECK lets only a JSON object in: text that no longer parses is a
        // damaged page, which the integrity check reports; it is an error here, never
        // silently the defaults (the next save would write over the player's choices).
        text.map(|t| {
            serde_json::from_str(&t).map_err(|e| StoreError::BadSettings {
                reason: format!("the kept settings are not JSON: {e}"),
            })
        })
        .transpose()
    }

    /// Keeps `value` as the settings, in place of those kept before (committed when it
    /// returns). Refused (`bad_settings`) unless it is a JSON object: nothing is written then.
    pub fn set_settings(&mut self, value: &Value) -> Result<(), StoreError> {
        if !value.is_object() {
            return Err(StoreError::BadSettings {
                reason: "they are not a JSON object".to_string(),
            });
        }
        self.check_file()?;
        let text = serde_json::to_string(value).map_err(|source| StoreError::Encode { source })?;
        self.conn
            .execute(
                "INSERT INTO settings (id, value, saved_at) VALUES (1, ?1, ?2) \
                 ON CONFLICT (id) DO UPDATE SET value = excluded.value, saved_at = excluded.saved_at",
                params![text, now_ms()],
            )
            .map_err(StoreError::db("keeping the settings"))?;
        self.check_after_write()
    }
}
