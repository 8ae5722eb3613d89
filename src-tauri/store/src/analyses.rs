//! Post-game analyses kept in the history (table `analyses`, schema version 2): one per
//! finished match and analyser version. The store keeps the analysis as the analyser wrote
//! it (JSON text); it neither computes nor reads it, so this crate needs no move generator.
use rusqlite::{Connection, OptionalExtension, TransactionBehavior};

use crate::records::Status;
use crate::time::now_ms;
use crate::{Store, StoreError};

impl Store {
    /// The match's status, or `match_not_found`.
    fn status_of(&self, id: i64) -> Result<(Status, i64), StoreError> {
        status_row(&self.conn, id)
    }

    /// The stored analysis of match `id` by analyser `version`, if there is one. An
    /// unfinished match is refused (`match_in_progress`), whatever is stored.
    pub fn analysis(&self, id: i64, version: u32) -> Result<Option<String>, StoreError> {
        let (status, _) = self.status_of(id)?;
        if status != Status::Finished {
            return Err(StoreError::MatchNotFinished {
                match_id: id,
                status: status.as_str().to_string(),
            });
        }
        self.conn
            .query_row(
                "SELECT body FROM analyses WHERE match_id = ?1 AND version = ?2",
                rusqlite::params![id, version],
                |r| r.get(0),
            )
            .optional()
            .map_err(StoreError::db("reading an analysis"))
    }

    /// Whether match `id` has an analysis by analyser `version` (false for an unknown or
    /// unfinished match).
    pub fn has_analysis(&self, id: i64, version: u32) -> Result<bool, StoreError> {
        self.conn
            .query_row(
                "SELECT count(*) FROM analyses WHERE match_id = ?1 AND version = ?2",
                rusqlite::params![id, version],
                |r| r.get::<_, i64>(0),
            )
            .map(|n| n > 0)
            .map_err(StoreError::db("reading an analysis"))
    }

    /// Keeps the analysis `body` of finished match `id` by analyser `version`, in one
    /// transaction with the check that the match is finished. Writing the same version again
    /// replaces it (an analysis is a pure function of the match and the analyser version, so
    /// that only happens when two writers raced: both wrote the same thing).
    pub fn save_analysis(&mut self, id: i64, version: u32, body: &str) -> Result<(), StoreError> {
        self.check_file()?;
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(StoreError::db("starting to keep an analysis"))?;
        let (status, events) = status_row(&tx, id)?;
        if status != Status::Finished {
            return Err(StoreError::MatchNotFinished {
                match_id: id,
                status: status.as_str().to_string(),
            });
        }
        tx.execute(
            "INSERT OR REPLACE INTO analyses (match_id, version, created_at, event_count, body)
             VALUES (?1, ?2, ?3, ?4, ?5)",
            rusqlite::params![id, version, now_ms(), events, body],
        )
        .map_err(StoreError::db("keeping an analysis"))?;
        tx.commit()
            .map_err(StoreError::db("committing an analysis"))?;
        self.check_after_write()
    }

    /// Finished matches without an analysis by analyser `version`, oldest first (what a
    /// background re-analysis has to do).
    pub fn matches_needing_analysis(&self, version: u32) -> Result<Vec<i64>, StoreError> {
        let mut stmt = self
            .conn
            .prepare(
                "SELECT id FROM matches m WHERE status = 'finished' AND NOT EXISTS
                 (SELECT 1 FROM analyses a WHERE a.match_id = m.id AND a.version = ?1)
                 ORDER BY id",
            )
            .map_err(StoreError::db("listing matches to analyse"))?;
        let ids = stmt
            .query_map([version], |r| r.get(0))
            .and_then(|rows| rows.collect::<Result<Vec<i64>, _>>())
            .map_err(StoreError::db("listing matches to analyse"))?;
        Ok(ids)
    }

    /// How many finished matches there are (the background re-analysis's total).
    pub fn finished_count(&self) -> Result<u64, StoreError> {
        self.conn
            .query_row(
                "SELECT count(*) FROM matches WHERE status = 'finished'",
                [],
                |r| r.get::<_, i64>(0),
            )
            .map(|n| n as u64)
            .map_err(StoreError::db("counting finished matches"))
    }

    /// The path of the history file (None in memory): a background worker opens its own
    /// connection to it, so it never waits on the app's.
    pub fn path(&self) -> Option<std::path::PathBuf> {
        self.conn
            .path()
            .filter(|p| !p.is_empty())
            .map(std::path::PathBuf::from)
    }

    /// The match's status (for callers deciding whether it may be analysed).
    pub fn status(&self, id: i64) -> Result<Status, StoreError> {
        self.status_of(id).map(|(s, _)| s)
    }
}

/// A match's status and event count (inside a transaction or not), or `match_not_found`.
fn status_row(conn: &Connection, id: i64) -> Result<(Status, i64), StoreError> {
    let row: Option<(String, i64)> = conn
        .query_row(
            "SELECT status, event_count FROM matches WHERE id = ?1",
            [id],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()
        .map_err(StoreError::db("reading a match's status"))?;
    let (status, events) = row.ok_or(StoreError::MatchNotFound { id })?;
    Ok((Status::parse(&status)?, events))
}
