//! Carrying a history between devices: the whole history exported as one file, and such a
//! file imported into another history (schema version 6).
//!
//! The file is an SQLite database of this history's own schema, in rollback-journal mode (so
//! it opens alone, without a `-wal`): the same file for the desktop app and the web app, and
//! one an older Word Club history file also is (it is migrated on import). It carries every
//! match with its events, seats, identity (`uid`), analyses and drafts; not this device's own
//! records (`recoveries`: files set aside here; `exports`: when this device last exported;
//! `settings`: the web app's settings, schema version 8, which an import never changes).
//!
//! An import reads the file into a connection of its own in memory (never attached to the
//! live history), refuses a file that is not a Word Club history, a damaged one or one from a
//! newer Word Club, migrates an older one in that copy, replays every match through the engine,
//! and only then merges, in one transaction: a match is recognised by its identity, wherever
//! each history numbered it.
//! - Not here: added, with its identity.
//! - Here with the same events, or here with more (the file is behind): unchanged.
//! - Here with fewer, the file's a longer version of them (it was continued on another
//!   device): extended with the file's further events.
//! - Here, but the two went different ways (played on from one point on two devices): the
//!   file's is kept beside it as a second match, named "`<players> (from another device)`"
//!   (`label`), `copy_of` the identity they share, so importing the same file again finds it.
//!
//! What each match holds is taken from its events alone, replayed here: the seats, scores,
//! result and columns are written from the replay, never copied from the file. Analyses are
//! not imported (the app's background analysis makes them again from the events, by this
//! build's analyser, which a file cannot vouch for); nor are drafts (a staged move belongs to
//! the device it was staged on).
use std::time::Duration;

use rusqlite::{params, Connection, OptionalExtension, TransactionBehavior};
use serde::Serialize;
use wordclub_engine::{Event, Match, PlayerKind};

use crate::error::ImportRefusal;
use crate::identity::{fill_identities, new_uid, well_formed};
use crate::matches::{event_kind, progress_of};
use crate::migrate::{migrate, user_version, Migration, APPLICATION_ID, MIGRATIONS};
use crate::open::schema_of;
use crate::records::{rules_hash, write_progress, Status};
use crate::time::now_ms;
use crate::{Store, StoreError, SCHEMA_VERSION};

/// The largest file an import reads (it is read whole into memory): a history of ten thousand
/// matches is about 60 MB.
pub const MAX_IMPORT_BYTES: usize = 512 * 1024 * 1024;

/// The longest label kept from an imported file; a longer one is cut at a character.
const MAX_LABEL_CHARS: usize = 120;

/// The whole history as one file ([`Store::export_bytes`]).
#[derive(Debug, Clone)]
pub struct Exported {
    /// An SQLite database of this history's schema, rollback-journal mode.
    pub bytes: Vec<u8>,
    /// How many matches it holds.
    pub matches: u64,
}

/// What an import did, match by match of the file.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct ImportReport {
    /// Matches in the file.
    pub in_file: u64,
    /// New here: added.
    pub added: u64,
    /// Here already, the file holding a longer version: its further moves added.
    pub extended: u64,
    /// Here already with the same moves or more: nothing changed.
    pub unchanged: u64,
    /// Here already, but played differently on the other device: the file's kept beside it
    /// as a second match, named "`<players> (from another device)`".
    pub kept_as_second: u64,
    /// The ids the added, extended and second matches have in this history.
    pub changed_ids: Vec<i64>,
}

fn refuse(why: ImportRefusal, reason: impl Into<String>) -> StoreError {
    StoreError::ImportRefused {
        why,
        reason: reason.into(),
    }
}

impl Store {
    /// The whole history as one file: a copy made through SQLite's backup, this device's own
    /// records left out, compacted, in rollback-journal mode. Reads only.
    pub fn export_bytes(&self) -> Result<Exported, StoreError> {
        let mut copy = Connection::open_in_memory().map_err(StoreError::db("exporting"))?;
        rusqlite::backup::Backup::new(&self.conn, &mut copy)
            .and_then(|b| b.run_to_completion(256, Duration::ZERO, None))
            .map_err(StoreError::db("copying the history to export it"))?;
        copy.execute_batch(
            "DELETE FROM recoveries; DELETE FROM exports; DELETE FROM settings; VACUUM;",
        )
        .map_err(StoreError::db("preparing the exported history"))?;
        let matches: i64 = copy
            .query_row("SELECT count(*) FROM matches", [], |r| r.get(0))
            .map_err(StoreError::db("counting the exported matches"))?;
        let copy = &mut copy;
        let mut bytes = copy
            .serialize(rusqlite::MAIN_DB)
            .map_err(StoreError::db("writing the exported history"))?
            .to_vec();
        // The copy's header keeps the history's WAL mode (bytes 18 and 19 are 2), which would
        // make SQLite look for a `-wal` beside the file: 1 is the rollback journal, and every
        // page is already in the file.
        if bytes.len() >= 100 && bytes[18] == 2 && bytes[19] == 2 {
            bytes[18] = 1;
            bytes[19] = 1;
        }
        Ok(Exported {
            bytes,
            matches: matches as u64,
        })
    }

    /// Records that the history was exported now, holding `matches` matches (the start screen
    /// says when the last backup was made). Called once the file is saved or handed over.
    pub fn record_export(&mut self, matches: u64) -> Result<(), StoreError> {
        self.check_file()?;
        self.conn
            .execute(
                "INSERT INTO exports (made_at, matches) VALUES (?1, ?2)",
                params![now_ms(), matches as i64],
            )
            .map_err(StoreError::db("recording the export"))?;
        self.check_after_write()
    }

    /// When the history was last exported from this device (Unix milliseconds), if ever.
    pub fn last_export(&self) -> Result<Option<i64>, StoreError> {
        self.conn
            .query_row("SELECT max(made_at) FROM exports", [], |r| r.get(0))
            .map_err(StoreError::db("reading when the history was last exported"))
    }

    /// A match's identity across devices (schema version 6).
    pub fn uid(&self, id: i64) -> Result<String, StoreError> {
        self.conn
            .query_row("SELECT uid FROM matches WHERE id = ?1", [id], |r| {
                r.get::<_, Option<String>>(0)
            })
            .optional()
            .map_err(StoreError::db("reading a match's identity"))?
            .ok_or(StoreError::MatchNotFound { id })?
            .ok_or(StoreError::MatchNotFound { id })
    }

    /// Merges the history in `bytes` (a file [`Store::export_bytes`] wrote, or any Word Club
    /// history file) into this one, as the module says, in one transaction: all of it or,
    /// refused, nothing.
    pub fn import_bytes(&mut self, bytes: &[u8]) -> Result<ImportReport, StoreError> {
        let source = read_history(bytes)?;
        let matches = source.matches_to_import()?;
        self.check_file()?;
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(StoreError::db("starting the import"))?;
        let mut report = ImportReport {
            in_file: matches.len() as u64,
            ..ImportReport::default()
        };
        for m in &matches {
            merge(&tx, m, &mut report)?;
        }
        tx.commit()
            .map_err(StoreError::db("committing the import"))?;
        self.check_after_write()?;
        Ok(report)
    }
}

/// One match of the file, replayed.
struct Incoming {
    uid: String,
    copy_of: Option<String>,
    label: Option<String>,
    created_at: i64,
    updated_at: i64,
    finished_at: Option<i64>,
    abandoned: bool,
    fixed_deal: Option<String>,
    rules_json: String,
    /// Each event as stored, with when it was recorded.
    events: Vec<(String, i64)>,
    game: Match,
}

impl Incoming {
    /// The identity its family of versions shares.
    fn root(&self) -> &str {
        self.copy_of.as_deref().unwrap_or(&self.uid)
    }
}

/// Reads `bytes` into a database in memory of its own, refusing what is not a whole Word Club
/// history this build can read; an older one is migrated there (its matches get their
/// identities as migration 6 gives them).
fn read_history(bytes: &[u8]) -> Result<Store, StoreError> {
    use ImportRefusal::*;
    if bytes.is_empty() {
        return Err(refuse(Foreign, "the file is empty"));
    }
    if bytes.len() > MAX_IMPORT_BYTES {
        return Err(refuse(
            TooLarge,
            format!(
                "it is {} MB, more than the {} MB a history is read in",
                bytes.len() / 1_000_000,
                MAX_IMPORT_BYTES / 1_000_000
            ),
        ));
    }
    if bytes.len() < 100 || &bytes[..16] != b"SQLite format 3\0" {
        return Err(refuse(
            Foreign,
            "it is not a Word Club history (not an SQLite database)",
        ));
    }
    let be32 = |at: usize| {
        i64::from(i32::from_be_bytes([
            bytes[at],
            bytes[at + 1],
            bytes[at + 2],
            bytes[at + 3],
        ]))
    };
    let (version, application_id) = (be32(60), be32(68));
    check_owner(application_id, version)?;
    let mut copy = bytes.to_vec();
    // A history file open to play on is in WAL mode (header bytes 18 and 19 are 2); a database
    // in memory has no journal file, and its pages are whole without one: read as rollback.
    if copy[18] == 2 && copy[19] == 2 {
        copy[18] = 1;
        copy[19] = 1;
    }
    let damaged = |e: rusqlite::Error| {
        refuse(
            Damaged,
            format!(
                "it is a damaged Word Club history ({})",
                crate::error::sqlite_reason(&e)
            ),
        )
    };
    let mut conn = Connection::open_in_memory().map_err(StoreError::db("reading the file"))?;
    let len = copy.len();
    conn.deserialize_read_exact(rusqlite::MAIN_DB, &copy[..], len, false)
        .map_err(damaged)?;
    drop(copy);
    // What SQLite reads must say what the header said.
    let read_version = user_version(&conn).map_err(damaged)?;
    let read_id: i64 = conn
        .pragma_query_value(None, "application_id", |r| r.get(0))
        .map_err(damaged)?;
    check_owner(read_id, read_version)?;
    let problems: Vec<String> = conn
        .prepare("PRAGMA integrity_check")
        .and_then(|mut s| s.query_map([], |r| r.get(0))?.collect())
        .map_err(damaged)?;
    if problems.iter().any(|p| p != "ok") {
        return Err(refuse(
            Damaged,
            format!(
                "it is a damaged Word Club history (SQLite finds: {})",
                problems.join("; ")
            ),
        ));
    }
    // The exact layout Word Club's migrations give at that version, nothing more or less:
    // another program's tables of the same names are not a history.
    let expected = schema_at(read_version).map_err(StoreError::db("reading the file"))?;
    if schema_of(&conn).map_err(damaged)? != expected {
        return Err(refuse(
            Foreign,
            "it is an SQLite database, but not laid out as any Word Club history",
        ));
    }
    conn.pragma_update(None, "foreign_keys", true)
        .map_err(damaged)?;
    migrate(&mut conn, MIGRATIONS).map_err(|e| match e {
        StoreError::Migration { source, .. } | StoreError::Database { source, .. } => {
            damaged(source)
        }
        other => other,
    })?;
    // A file of this version with a match lacking an identity (written by hand) gets the one
    // an older file would.
    fill_identities(&conn).map_err(damaged)?;
    Ok(Store::over(conn))
}

/// Refuses a header that is not a Word Club history's this build reads.
fn check_owner(application_id: i64, version: i64) -> Result<(), StoreError> {
    use ImportRefusal::*;
    match (application_id, version) {
        (APPLICATION_ID, v) if !(0..=SCHEMA_VERSION).contains(&v) => Err(refuse(
            TooNew,
            format!(
                "it was written by a newer Word Club (history version {v}; this one reads up \
                 to {SCHEMA_VERSION}): update Word Club here first"
            ),
        )),
        (APPLICATION_ID, _) => Ok(()),
        // Only a history of version 1 was written before the application id.
        (0, 1) => Ok(()),
        (0, 0) => Err(refuse(
            Foreign,
            "it is an SQLite database, but not a Word Club history",
        )),
        _ => Err(refuse(
            Foreign,
            "it is another program's SQLite database, not a Word Club history",
        )),
    }
}

/// The schema Word Club's migrations give an empty database at `version`.
fn schema_at(version: i64) -> Result<Vec<(String, String, Option<String>)>, rusqlite::Error> {
    let mut expected = Connection::open_in_memory()?;
    let upto: Vec<&Migration> = MIGRATIONS.iter().filter(|m| m.version <= version).collect();
    for m in upto {
        let tx = expected.transaction()?;
        tx.execute_batch(m.sql)?;
        tx.commit()?;
    }
    schema_of(&expected)
}

impl Store {
    /// Every match of this (imported, in-memory) history, replayed; the first that does not
    /// replay refuses the whole file.
    fn matches_to_import(&self) -> Result<Vec<Incoming>, StoreError> {
        type Row = (
            i64,
            String,
            Option<String>,
            Option<String>,
            i64,
            i64,
            Option<i64>,
            String,
            Option<String>,
            String,
        );
        let rows: Vec<Row> = self
            .conn
            .prepare(
                "SELECT id, uid, copy_of, label, created_at, updated_at, finished_at, status,
                        fixed_deal, rules_json
                 FROM matches ORDER BY id",
            )
            .and_then(|mut s| {
                s.query_map([], |r| {
                    Ok((
                        r.get(0)?,
                        r.get(1)?,
                        r.get(2)?,
                        r.get(3)?,
                        r.get(4)?,
                        r.get(5)?,
                        r.get(6)?,
                        r.get(7)?,
                        r.get(8)?,
                        r.get(9)?,
                    ))
                })?
                .collect()
            })
            .map_err(|e| {
                refuse(
                    ImportRefusal::Damaged,
                    format!(
                        "its matches cannot be read ({})",
                        crate::error::sqlite_reason(&e)
                    ),
                )
            })?;
        let mut out = Vec::with_capacity(rows.len());
        for (id, uid, copy_of, label, created, updated, finished, status, fixed, rules) in rows {
            let bad = |reason: String| {
                refuse(
                    ImportRefusal::Damaged,
                    format!("its match {id} cannot be kept: {reason}"),
                )
            };
            if !well_formed(&uid) || copy_of.as_deref().is_some_and(|c| !well_formed(c)) {
                return Err(bad("its identity is not one Word Club gives".into()));
            }
            let (game, _list) = self.replay(id).map_err(|e| bad(e.to_string()))?;
            let events: Vec<(String, i64)> = self
                .conn
                .prepare("SELECT body, recorded_at FROM events WHERE match_id = ?1 ORDER BY seq")
                .and_then(|mut s| s.query_map([id], |r| Ok((r.get(0)?, r.get(1)?)))?.collect())
                .map_err(|e| bad(crate::error::sqlite_reason(&e)))?;
            let status = Status::parse(&status).map_err(|e| bad(e.to_string()))?;
            if (status == Status::Finished) != game.is_over() {
                return Err(bad(format!(
                    "it is marked {} but its moves say otherwise",
                    status.as_str().replace('_', " ")
                )));
            }
            out.push(Incoming {
                uid,
                copy_of,
                label: label.map(|l| clean_label(&l)).filter(|l| !l.is_empty()),
                created_at: created,
                updated_at: updated,
                finished_at: finished,
                abandoned: status == Status::Abandoned,
                fixed_deal: fixed,
                rules_json: rules,
                events,
                game,
            });
        }
        Ok(out)
    }
}

/// A label from a file, as the history may show it: no control characters, at most
/// [`MAX_LABEL_CHARS`].
fn clean_label(label: &str) -> String {
    label
        .chars()
        .filter(|c| !c.is_control())
        .take(MAX_LABEL_CHARS)
        .collect::<String>()
        .trim()
        .to_string()
}

/// A local match of the same family as an incoming one.
struct Local {
    id: i64,
    uid: String,
    status: String,
    events: Vec<Event>,
}

/// How an incoming match stands to a local one of its family.
#[derive(Debug, PartialEq, Eq)]
enum Relation {
    Same,
    /// The local one has every incoming event and more.
    LocalAhead,
    /// The incoming one has every local event and more.
    Longer,
    Diverged,
}

fn relation(local: &[Event], incoming: &[Event]) -> Relation {
    let common = local.len().min(incoming.len());
    if local[..common] != incoming[..common] {
        return Relation::Diverged;
    }
    match local.len().cmp(&incoming.len()) {
        std::cmp::Ordering::Equal => Relation::Same,
        std::cmp::Ordering::Greater => Relation::LocalAhead,
        std::cmp::Ordering::Less => Relation::Longer,
    }
}

/// Merges one replayed match into the history (inside the import's transaction).
fn merge(
    tx: &rusqlite::Transaction<'_>,
    m: &Incoming,
    report: &mut ImportReport,
) -> Result<(), StoreError> {
    let read = StoreError::db("reading the history to merge into it");
    let family: Vec<(i64, String, String)> = tx
        .prepare_cached(
            "SELECT id, uid, status FROM matches
             WHERE uid IN (?1, ?2) OR copy_of IN (?1, ?2) ORDER BY id",
        )
        .and_then(|mut s| {
            s.query_map(params![m.uid, m.root()], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?))
            })?
            .collect()
        })
        .map_err(read)?;
    let mut locals = Vec::with_capacity(family.len());
    for (id, uid, status) in family {
        let bodies: Vec<String> = tx
            .prepare_cached("SELECT body FROM events WHERE match_id = ?1 ORDER BY seq")
            .and_then(|mut s| s.query_map([id], |r| r.get(0))?.collect())
            .map_err(StoreError::db("reading the history to merge into it"))?;
        // A local match whose events do not read is never matched, nor touched.
        let Ok(events) = bodies
            .iter()
            .map(|b| serde_json::from_str::<Event>(b))
            .collect::<Result<Vec<Event>, _>>()
        else {
            continue;
        };
        locals.push(Local {
            id,
            uid,
            status,
            events,
        });
    }
    let incoming = m.game.events();
    let relations: Vec<Relation> = locals
        .iter()
        .map(|l| relation(&l.events, incoming))
        .collect();
    if relations
        .iter()
        .any(|r| matches!(r, Relation::Same | Relation::LocalAhead))
    {
        report.unchanged += 1;
        return Ok(());
    }
    // The local version the file continues: the one of its own identity first.
    let longer = locals
        .iter()
        .zip(&relations)
        .filter(|(l, r)| **r == Relation::Longer && l.status != "finished")
        .min_by_key(|(l, _)| l.uid != m.uid);
    if let Some((local, _)) = longer {
        extend(tx, local, m)?;
        report.extended += 1;
        report.changed_ids.push(local.id);
        return Ok(());
    }
    let taken: bool = tx
        .query_row(
            "SELECT count(*) FROM matches WHERE uid = ?1",
            [&m.uid],
            |r| r.get::<_, i64>(0),
        )
        .map_err(StoreError::db("reading the history to merge into it"))?
        > 0;
    let id = if locals.is_empty() && !taken {
        report.added += 1;
        insert(tx, m, &m.uid, m.copy_of.as_deref(), m.label.as_deref())?
    } else {
        report.kept_as_second += 1;
        let uid = if taken { new_uid() } else { m.uid.clone() };
        let label = format!("{} (from another device)", players_of(&m.game));
        insert(tx, m, &uid, Some(m.root()), Some(&label))?
    };
    report.changed_ids.push(id);
    Ok(())
}

/// The players' names as the second match's label says them: `Ann, Ben and Cy`.
fn players_of(game: &Match) -> String {
    let names: Vec<&str> = game.players().iter().map(|p| p.name.as_str()).collect();
    match names.as_slice() {
        [] => "A match".to_string(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// Adds an incoming match as a new one of this history (a new id) under `uid`.
fn insert(
    tx: &rusqlite::Transaction<'_>,
    m: &Incoming,
    uid: &str,
    copy_of: Option<&str>,
    label: Option<&str>,
) -> Result<i64, StoreError> {
    let write = StoreError::db("adding an imported match");
    let game = &m.game;
    let fixed = m
        .fixed_deal
        .as_deref()
        .and_then(crate::records::FixedDeal::parse)
        .map(crate::records::FixedDeal::as_str);
    tx.execute(
        "INSERT INTO matches (created_at, updated_at, rules_id, rules_json, rules_sha256,
                              list_id, list_sha256, seed, fixed_deal, uid, copy_of, label)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
        params![
            m.created_at,
            m.updated_at,
            game.rules().id,
            m.rules_json,
            rules_hash(&m.rules_json),
            game.list().id,
            game.list().sha256,
            game.seed().to_string(),
            fixed,
            uid,
            copy_of,
            label,
        ],
    )
    .map_err(write)?;
    let id = tx.last_insert_rowid();
    for (seat, p) in game.players().iter().enumerate() {
        let (kind, level) = match &p.kind {
            PlayerKind::Human => ("human", None),
            PlayerKind::Computer { level } => ("computer", Some(level.as_str())),
        };
        tx.execute(
            "INSERT INTO players (match_id, seat, name, kind, level) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![id, seat as i64, p.name, kind, level],
        )
        .map_err(StoreError::db("adding an imported match's player"))?;
    }
    append(tx, id, 0, m)?;
    Ok(id)
}

/// Gives local match `local` the incoming match's further events.
fn extend(tx: &rusqlite::Transaction<'_>, local: &Local, m: &Incoming) -> Result<(), StoreError> {
    append(tx, local.id, local.events.len(), m)
}

/// Writes the incoming match's events from `from` on into match `id`, then the columns its
/// replay gives, with the file's times.
fn append(
    tx: &rusqlite::Transaction<'_>,
    id: i64,
    from: usize,
    m: &Incoming,
) -> Result<(), StoreError> {
    {
        let mut stmt = tx
            .prepare_cached(
                "INSERT INTO events (match_id, seq, kind, recorded_at, body)
                 VALUES (?1, ?2, ?3, ?4, ?5)",
            )
            .map_err(StoreError::db("adding an imported event"))?;
        for (seq, ((body, recorded_at), event)) in
            m.events.iter().zip(m.game.events()).enumerate().skip(from)
        {
            stmt.execute(params![
                id,
                seq as i64,
                event_kind(event),
                recorded_at,
                body
            ])
            .map_err(StoreError::db("adding an imported event"))?;
        }
    }
    let progress = progress_of(&m.game)?;
    write_progress(tx, id, m.events.len() as i64, &progress, m.updated_at)?;
    // A match abandoned here stays abandoned unless the other device finished it; one
    // abandoned there is abandoned here once its moves are.
    let status = if m.game.is_over() {
        Status::Finished
    } else if m.abandoned {
        Status::Abandoned
    } else {
        let here: String = tx
            .query_row("SELECT status FROM matches WHERE id = ?1", [id], |r| {
                r.get(0)
            })
            .map_err(StoreError::db("reading an imported match"))?;
        Status::parse(&here)?
    };
    tx.execute(
        "UPDATE matches SET status = ?2, updated_at = max(updated_at, ?3),
                finished_at = CASE WHEN ?2 = 'finished' THEN coalesce(?4, ?3) END
         WHERE id = ?1",
        params![id, status.as_str(), m.updated_at, m.finished_at],
    )
    .map_err(StoreError::db("adding an imported match"))?;
    Ok(())
}
