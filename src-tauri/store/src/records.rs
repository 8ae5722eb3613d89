//! The rows behind a match, and writing them: a match's header and seats once, then its events
//! appended in order, each batch in one transaction with the derived columns it changes.
use rusqlite::{params, OptionalExtension, TransactionBehavior};
use serde::{Deserialize, Serialize};

use crate::time::now_ms;
use crate::{Store, StoreError};

/// Where a match stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Status {
    InProgress,
    Finished,
    Abandoned,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::InProgress => "in_progress",
            Status::Finished => "finished",
            Status::Abandoned => "abandoned",
        }
    }

    /// `in_progress`, `finished` or `abandoned`.
    pub fn parse(s: &str) -> Result<Status, StoreError> {
        match s {
            "in_progress" => Ok(Status::InProgress),
            "finished" => Ok(Status::Finished),
            "abandoned" => Ok(Status::Abandoned),
            other => Err(StoreError::BadQuery {
                reason: format!(
                    "unknown match status {other:?} (expected in_progress, finished or abandoned)"
                ),
            }),
        }
    }
}

/// Human or computer, as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum SeatKind {
    Human,
    Computer,
}

impl SeatKind {
    pub fn as_str(self) -> &'static str {
        match self {
            SeatKind::Human => "human",
            SeatKind::Computer => "computer",
        }
    }
}

/// Who fixed a match's deal, when it was not the app's random shuffle (kept in its history).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum FixedDeal {
    /// The caller chose the shuffle's seed.
    Seed,
    /// The caller chose racks or draws.
    Deal,
}

impl FixedDeal {
    pub fn as_str(self) -> &'static str {
        match self {
            FixedDeal::Seed => "seed",
            FixedDeal::Deal => "deal",
        }
    }

    pub(crate) fn parse(s: &str) -> Option<FixedDeal> {
        match s {
            "seed" => Some(FixedDeal::Seed),
            "deal" => Some(FixedDeal::Deal),
            _ => None,
        }
    }
}

/// One seat of a new match.
#[derive(Debug, Clone)]
pub(crate) struct SeatRow {
    pub name: String,
    pub kind: SeatKind,
    pub level: Option<String>,
}

/// The header of a new match.
#[derive(Debug, Clone)]
pub(crate) struct MatchRow {
    pub rules_id: String,
    pub rules_json: String,
    pub list_id: String,
    pub list_sha256: String,
    pub seed: u64,
    pub fixed_deal: Option<FixedDeal>,
    pub seats: Vec<SeatRow>,
    pub created_at: i64,
}

/// One event as stored: its type and its serialised body.
#[derive(Debug, Clone)]
pub(crate) struct EventRow {
    pub kind: String,
    pub body: String,
}

/// What the events so far say, written beside them so the history can be browsed without
/// replaying. Always recomputed from the whole match, never incremented.
#[derive(Debug, Clone, Default)]
pub(crate) struct Progress {
    pub turn_count: i64,
    pub seats: Vec<SeatProgress>,
    pub finish: Option<Finish>,
}

#[derive(Debug, Clone, Default)]
pub(crate) struct SeatProgress {
    pub score: i64,
    pub resigned: bool,
    pub hints_taken: i64,
    /// The seat's best-scoring move so far: GCG notation and score.
    pub best_move: Option<(String, i64)>,
}

#[derive(Debug, Clone)]
pub(crate) struct Finish {
    pub end_reason: String,
    pub result_json: String,
    /// Per seat, in seat order.
    pub adjustments: Vec<i64>,
    pub winners: Vec<bool>,
    /// (seat, move in GCG notation, score)
    pub best_turn: Option<(i64, String, i64)>,
}

pub(crate) fn rules_hash(rules_json: &str) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(rules_json.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

impl Store {
    /// Stores a new match with its first events and returns its id; one transaction.
    pub(crate) fn insert_match(
        &mut self,
        row: &MatchRow,
        events: &[EventRow],
        progress: &Progress,
    ) -> Result<i64, StoreError> {
        self.check_file()?;
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(StoreError::db("starting to record a new match"))?;
        tx.execute(
            "INSERT INTO matches (created_at, updated_at, rules_id, rules_json, rules_sha256,
                                  list_id, list_sha256, seed, fixed_deal, uid)
             VALUES (?1, ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            params![
                row.created_at,
                row.rules_id,
                row.rules_json,
                rules_hash(&row.rules_json),
                row.list_id,
                row.list_sha256,
                row.seed.to_string(),
                row.fixed_deal.map(FixedDeal::as_str),
                crate::identity::new_uid(),
            ],
        )
        .map_err(StoreError::db("recording a new match"))?;
        let id = tx.last_insert_rowid();
        for (seat, s) in row.seats.iter().enumerate() {
            tx.execute(
                "INSERT INTO players (match_id, seat, name, kind, level) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![id, seat as i64, s.name, s.kind.as_str(), s.level],
            )
            .map_err(StoreError::db("recording a player"))?;
        }
        write_events(&tx, id, 0, events, row.created_at)?;
        write_progress(&tx, id, events.len() as i64, progress, row.created_at)?;
        tx.commit()
            .map_err(StoreError::db("committing a new match"))?;
        // Committed to the file this store opened: if that is no longer the history at the
        // path, the match is not in the history the player will see.
        self.check_after_write()?;
        Ok(id)
    }

    /// Appends the events the stored match lacks, and the progress they lead to. The match in
    /// hand has `offered` events; `encode(range)` serialises those in `range`. Its event at the
    /// stored count − 1 must equal the stored one (else it is another version of the match).
    /// Returns how many were appended. Commits before returning.
    pub(crate) fn append_rows<F>(
        &mut self,
        id: i64,
        offered: usize,
        encode: F,
        progress: &Progress,
    ) -> Result<usize, StoreError>
    where
        F: Fn(std::ops::Range<usize>) -> Result<Vec<EventRow>, StoreError>,
    {
        self.check_file()?;
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(StoreError::db("starting to record events"))?;
        let (status, stored): (String, i64) = tx
            .query_row(
                "SELECT status, event_count FROM matches WHERE id = ?1",
                [id],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()
            .map_err(StoreError::db("reading a match"))?
            .ok_or(StoreError::MatchNotFound { id })?;
        if status != Status::InProgress.as_str() {
            return Err(StoreError::MatchClosed {
                match_id: id,
                status,
            });
        }
        if (offered as i64) < stored {
            return Err(StoreError::OutOfSequence {
                match_id: id,
                stored,
                offered: offered as i64,
            });
        }
        if stored > 0 {
            let last = stored as usize - 1;
            let stored_body: String = tx
                .query_row(
                    "SELECT body FROM events WHERE match_id = ?1 AND seq = ?2",
                    params![id, last as i64],
                    |r| r.get(0),
                )
                .map_err(StoreError::db("reading an event"))?;
            let in_hand = encode(last..last + 1)?;
            if in_hand.first().map(|e| &e.body) != Some(&stored_body) {
                return Err(StoreError::Diverged {
                    match_id: id,
                    seq: last as i64,
                });
            }
        }
        if offered as i64 == stored {
            return Ok(0);
        }
        let rows = encode(stored as usize..offered)?;
        let now = now_ms();
        write_events(&tx, id, stored, &rows, now)?;
        write_progress(&tx, id, stored + rows.len() as i64, progress, now)?;
        tx.commit().map_err(StoreError::db("committing events"))?;
        self.check_after_write()?;
        Ok(rows.len())
    }

    /// Marks an unfinished match abandoned: it stays in the history, is no longer offered to
    /// continue, and nothing more is recorded for it.
    pub fn abandon(&mut self, id: i64) -> Result<(), StoreError> {
        match self.match_status(id)?.as_deref() {
            None => Err(StoreError::MatchNotFound { id }),
            Some("in_progress") => {
                self.check_file()?;
                self.conn
                    .execute(
                        "UPDATE matches SET status = 'abandoned', updated_at = ?2 WHERE id = ?1",
                        params![id, now_ms()],
                    )
                    .map_err(StoreError::db("abandoning a match"))?;
                self.check_after_write()
            }
            Some(other) => Err(StoreError::MatchClosed {
                match_id: id,
                status: other.to_string(),
            }),
        }
    }
}

impl Store {
    /// A match's status (`in_progress`, `finished`, `abandoned`), or `None` if there is no
    /// such match.
    fn match_status(&self, id: i64) -> Result<Option<String>, StoreError> {
        self.conn
            .query_row("SELECT status FROM matches WHERE id = ?1", [id], |r| {
                r.get(0)
            })
            .optional()
            .map_err(StoreError::db("reading a match"))
    }

    /// Removes an unfinished match (in progress or abandoned) from the history for good,
    /// with its events, seats and analyses (`ON DELETE CASCADE`). A finished match is
    /// refused (`match_finished`): its result belongs to the statistics. The one way a match
    /// ever leaves the history; the player confirms it first (the app's `delete_match`). Its
    /// id is never given again (`AUTOINCREMENT`, schema version 5), so a screen still
    /// showing it can only be refused, never land in another match.
    pub fn delete(&mut self, id: i64) -> Result<(), StoreError> {
        match self.match_status(id)?.as_deref() {
            None => Err(StoreError::MatchNotFound { id }),
            Some("finished") => Err(StoreError::MatchFinished { match_id: id }),
            Some(_) => {
                self.check_file()?;
                self.conn
                    .execute(
                        "DELETE FROM matches WHERE id = ?1 AND status <> 'finished'",
                        [id],
                    )
                    .map_err(StoreError::db("deleting a match"))?;
                self.check_after_write()
            }
        }
    }
}

/// The largest id [`Store::retire_ids`] takes: no history gives two thousand million
/// matches, and a larger id in a file the app reads (a forged settings file) must not use up
/// the ids new matches need.
const MOST_RETIRED: i64 = i32::MAX as i64;

impl Store {
    /// Ids named outside the history that a new match must never get: matches a screen
    /// still remembers (the app's settings) and that are not here — deleted before schema
    /// version 5 kept every id given (its migration starts the ids after the largest any row
    /// still names, and a deleted match left none), or in a history since moved aside. The
    /// ids of new matches go on after the largest of them (up to 2³¹ − 1); nothing is
    /// written when they already do.
    pub fn retire_ids(&mut self, ids: &[i64]) -> Result<(), StoreError> {
        let Some(top) = ids
            .iter()
            .copied()
            .filter(|&id| (1..=MOST_RETIRED).contains(&id))
            .max()
        else {
            return Ok(());
        };
        let next_after: i64 = self
            .conn
            .query_row(
                "SELECT max(coalesce((SELECT max(seq) FROM sqlite_sequence WHERE name = 'matches'), 0),
                            coalesce((SELECT max(id) FROM matches), 0))",
                [],
                |r| r.get(0),
            )
            .map_err(StoreError::db("reading the next match id"))?;
        if top <= next_after {
            return Ok(());
        }
        self.check_file()?;
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(StoreError::db("starting to set the next match id"))?;
        let set = tx
            .execute(
                "UPDATE sqlite_sequence SET seq = max(seq, ?1) WHERE name = 'matches'",
                [top],
            )
            .map_err(StoreError::db("setting the next match id"))?;
        if set == 0 {
            tx.execute(
                "INSERT INTO sqlite_sequence (name, seq) VALUES ('matches', ?1)",
                [top],
            )
            .map_err(StoreError::db("setting the next match id"))?;
        }
        tx.commit()
            .map_err(StoreError::db("committing the next match id"))?;
        self.check_file()
    }
}

fn write_events(
    tx: &rusqlite::Transaction<'_>,
    id: i64,
    first_seq: i64,
    rows: &[EventRow],
    now: i64,
) -> Result<(), StoreError> {
    let mut stmt = tx
        .prepare_cached(
            "INSERT INTO events (match_id, seq, kind, recorded_at, body) VALUES (?1, ?2, ?3, ?4, ?5)",
        )
        .map_err(StoreError::db("recording an event"))?;
    for (i, e) in rows.iter().enumerate() {
        stmt.execute(params![id, first_seq + i as i64, e.kind, now, e.body])
            .map_err(StoreError::db("recording an event"))?;
    }
    Ok(())
}

pub(crate) fn write_progress(
    tx: &rusqlite::Transaction<'_>,
    id: i64,
    event_count: i64,
    p: &Progress,
    now: i64,
) -> Result<(), StoreError> {
    let hints: i64 = p.seats.iter().map(|s| s.hints_taken).sum();
    tx.prepare_cached(
        "UPDATE matches SET updated_at = ?2, event_count = ?3, turn_count = ?4, hints_taken = ?5
         WHERE id = ?1",
    )
    .and_then(|mut s| s.execute(params![id, now, event_count, p.turn_count, hints]))
    .map_err(StoreError::db("updating a match"))?;
    if let Some(f) = &p.finish {
        let (seat, mv, score) = match &f.best_turn {
            Some((seat, mv, score)) => (Some(*seat), Some(mv.as_str()), Some(*score)),
            None => (None, None, None),
        };
        tx.execute(
            "UPDATE matches SET status = 'finished', finished_at = ?2, end_reason = ?3,
                    result_json = ?4, best_turn_seat = ?5, best_turn_move = ?6,
                    best_turn_score = ?7
             WHERE id = ?1",
            params![id, now, f.end_reason, f.result_json, seat, mv, score],
        )
        .map_err(StoreError::db("recording a result"))?;
    }
    let mut stmt = tx
        .prepare_cached(
            "UPDATE players SET score = ?3, resigned = ?4, hints_taken = ?5, best_move = ?6,
                    best_move_score = ?7, adjustment = ?8, winner = ?9
             WHERE match_id = ?1 AND seat = ?2",
        )
        .map_err(StoreError::db("updating a player"))?;
    for (seat, s) in p.seats.iter().enumerate() {
        let (adjustment, winner) = match &p.finish {
            Some(f) => (
                f.adjustments.get(seat).copied(),
                f.winners.get(seat).copied().unwrap_or(false),
            ),
            None => (None, false),
        };
        let (best, best_score) = match &s.best_move {
            Some((m, sc)) => (Some(m.as_str()), Some(*sc)),
            None => (None, None),
        };
        stmt.execute(params![
            id,
            seat as i64,
            s.score,
            s.resigned,
            s.hints_taken,
            best,
            best_score,
            adjustment,
            winner
        ])
        .map_err(StoreError::db("updating a player"))?;
    }
    Ok(())
}
