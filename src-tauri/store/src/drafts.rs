//! The draft the player to move has staged, kept so that a restart of the app gives it back
//! (schema version 4). One row per match at most, replaced at each keep; it goes with its
//! match (`ON DELETE CASCADE`). The store keeps the tiles as the app hands them over (JSON)
//! and decides nothing about them: whether a draft is shown, to whom and in which turn is the
//! app's to say, by the seat and turn kept beside it.
use rusqlite::{params, OptionalExtension};

use crate::time::now_ms;
use crate::{Store, StoreError};

/// A kept draft: the seat and the turn it was staged in, and its tiles (JSON).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredDraft {
    pub seat: i64,
    pub turn: i64,
    pub tiles: String,
}

impl Store {
    /// Keeps `draft` as match `id`'s draft, in place of the one before; `None` drops it.
    /// Committed when it returns. A match not in the history is refused (`match_not_found`).
    pub fn keep_draft(&mut self, id: i64, draft: Option<&StoredDraft>) -> Result<(), StoreError> {
        self.check_file()?;
        let Some(d) = draft else {
            self.conn
                .execute("DELETE FROM drafts WHERE match_id = ?1", [id])
                .map_err(StoreError::db("dropping a draft"))?;
            return self.check_after_write();
        };
        let kept = self
            .conn
            .execute(
                "INSERT INTO drafts (match_id, seat, turn, tiles, kept_at)
                 SELECT id, ?2, ?3, ?4, ?5 FROM matches WHERE id = ?1
                 ON CONFLICT (match_id) DO UPDATE
                 SET seat = excluded.seat, turn = excluded.turn, tiles = excluded.tiles,
                     kept_at = excluded.kept_at",
                params![id, d.seat, d.turn, d.tiles, now_ms()],
            )
            .map_err(StoreError::db("keeping a draft"))?;
        if kept == 0 {
            return Err(StoreError::MatchNotFound { id });
        }
        self.check_after_write()
    }

    /// Match `id`'s kept draft, if any.
    pub fn draft(&self, id: i64) -> Result<Option<StoredDraft>, StoreError> {
        self.conn
            .query_row(
                "SELECT seat, turn, tiles FROM drafts WHERE match_id = ?1",
                [id],
                |r| {
                    Ok(StoredDraft {
                        seat: r.get(0)?,
                        turn: r.get(1)?,
                        tiles: r.get(2)?,
                    })
                },
            )
            .optional()
            .map_err(StoreError::db("reading a draft"))
    }
}
