use std::fmt;

/// Everything the store can refuse or fail at. [`StoreError::kind`] is a stable snake_case
/// name for programs; `Display` is the message for people.
#[derive(Debug)]
pub enum StoreError {
    /// SQLite failed while doing `context` (disk full, locked by another program, …).
    Database {
        context: &'static str,
        source: rusqlite::Error,
    },
    /// A schema migration failed; the database stays at the version before it.
    Migration {
        name: &'static str,
        source: rusqlite::Error,
    },
    /// A file-system operation failed (creating the folder, moving a damaged file aside).
    Io { path: String, reason: String },
    /// The history exists but cannot be opened now (permission denied, read-only, locked by
    /// another program, out of file descriptors, …): it is left exactly where it is.
    CannotOpen { path: String, reason: String },
    /// The file at the path is not a Word Club history (a folder, another program's
    /// database, a file that is not SQLite): it is left exactly where it is.
    NotAHistory { path: String, reason: String },
    /// A read was asked of a history that does not exist.
    NoHistory { path: String },
    /// A history proven to be Word Club's is damaged, and this open may not move it aside (a
    /// read command).
    Damaged { path: String, reason: String },
    /// The history file was deleted or replaced by another file while it was open: what was
    /// just written did not reach the history at the path, so it is not reported as saved.
    HistoryGone { path: String, reason: String },
    /// The database was written by a newer Word Club: its schema is not one we know.
    NewerSchema { found: i64, supported: i64 },
    /// No match with this id.
    MatchNotFound { id: i64 },
    /// The match is pinned to a word list version this build does not ship. It is never
    /// played on (or replayed) with another list.
    ListNotShipped {
        match_id: i64,
        list_id: String,
        sha256: String,
        /// The SHA-256 of the list shipped under the same id, if there is one.
        shipped_sha256: Option<String>,
    },
    /// The stored rule set no longer matches the hash it was saved with.
    RulesTampered { match_id: i64 },
    /// The stored rule set or an event could not be read back (written by an incompatible
    /// engine, or edited by hand).
    Decode { match_id: i64, reason: String },
    /// A stored event (number `seq`) is not JSON the engine reads: the decoder's error.
    DecodeEvent {
        match_id: i64,
        seq: usize,
        source: serde_json::Error,
    },
    /// Replaying the stored events through the engine failed: the engine's refusal.
    Replay {
        match_id: i64,
        source: wordclub_engine::EngineError,
    },
    /// A value could not be serialised for storage.
    Encode { source: serde_json::Error },
    /// Events can only be appended to a match in progress.
    MatchClosed { match_id: i64, status: String },
    /// A finished match cannot be deleted: only unfinished ones can.
    MatchFinished { match_id: i64 },
    /// The match in hand is behind what is stored (another writer appended events).
    OutOfSequence {
        match_id: i64,
        stored: i64,
        offered: i64,
    },
    /// The match in hand is not the stored match (its event `seq` differs): another copy of it
    /// was played on elsewhere.
    Diverged { match_id: i64, seq: i64 },
    /// A browse filter or page that cannot be answered.
    BadQuery { reason: String },
    /// Only a finished match has an analysis (its racks are secret until the end).
    MatchNotFinished { match_id: i64, status: String },
    /// The browser gives no storage that keeps the history (neither the origin private file
    /// system nor IndexedDB): nothing is played on a history that would vanish.
    NoBrowserStorage { reason: String },
    /// The browser's storage failed to keep what was written (IndexedDB refused a save, the
    /// origin private file system an operation): the last action is not saved.
    Storage { reason: String },
    /// A file offered for import was refused, and the history left as it was: `why` says
    /// which kind of file it is, `reason` what was found in it.
    ImportRefused { why: ImportRefusal, reason: String },
    /// A word list of one's own with this name is already kept.
    OwnListExists { name: String },
    /// No word list of one's own with this id.
    OwnListNotFound { id: String },
    /// A word list of one's own that saved matches use is never removed: `matches` names them.
    OwnListInUse {
        id: String,
        name: String,
        matches: Vec<i64>,
    },
    /// Settings offered for keeping that are not a JSON object (schema version 8's
    /// `settings`): nothing is written.
    BadSettings { reason: String },
}

/// Why a file offered for import ([`crate::Store::import_bytes`]) was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImportRefusal {
    /// Not a Word Club history: not SQLite, another program's database, an empty one.
    Foreign,
    /// A Word Club history SQLite finds damaged, or one of whose matches does not replay.
    Damaged,
    /// Written by a newer Word Club (a schema version this build does not know).
    TooNew,
    /// Larger than any history this build would read into memory.
    TooLarge,
}

impl StoreError {
    pub fn kind(&self) -> &'static str {
        match self {
            StoreError::Database { .. } => "database",
            StoreError::Migration { .. } => "migration",
            StoreError::Io { .. } => "io",
            StoreError::CannotOpen { .. } => "cannot_open",
            StoreError::NotAHistory { .. } => "not_a_history",
            StoreError::NoHistory { .. } => "no_history",
            StoreError::Damaged { .. } => "damaged_history",
            StoreError::HistoryGone { .. } => "history_gone",
            StoreError::NewerSchema { .. } => "newer_schema",
            StoreError::MatchNotFound { .. } => "match_not_found",
            StoreError::OwnListExists { .. } => "own_list_exists",
            StoreError::OwnListNotFound { .. } => "own_list_not_found",
            StoreError::BadSettings { .. } => "bad_settings",
            StoreError::OwnListInUse { .. } => "own_list_in_use",
            StoreError::ListNotShipped { .. } => "list_not_shipped",
            StoreError::RulesTampered { .. } => "rules_tampered",
            StoreError::Decode { .. } | StoreError::DecodeEvent { .. } => "decode",
            StoreError::Replay { .. } => "replay",
            StoreError::Encode { .. } => "encode",
            StoreError::MatchClosed { .. } => "match_closed",
            StoreError::MatchFinished { .. } => "match_finished",
            StoreError::OutOfSequence { .. } => "out_of_sequence",
            StoreError::Diverged { .. } => "diverged",
            StoreError::BadQuery { .. } => "bad_query",
            StoreError::MatchNotFinished { .. } => "match_in_progress",
            StoreError::NoBrowserStorage { .. } => "no_browser_storage",
            StoreError::Storage { .. } => "storage",
            StoreError::ImportRefused { why, .. } => match why {
                ImportRefusal::Foreign => "import_not_a_history",
                ImportRefusal::Damaged => "import_damaged",
                ImportRefusal::TooNew => "import_too_new",
                ImportRefusal::TooLarge => "import_too_large",
            },
        }
    }

    pub(crate) fn db(context: &'static str) -> impl FnOnce(rusqlite::Error) -> StoreError {
        move |source| StoreError::Database { context, source }
    }
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Database { context, source } => write!(
                f,
                "match history database error while {context}: {}",
                sqlite_reason(source)
            ),
            StoreError::Migration { name, source } => write!(
                f,
                "schema migration {name} failed (the history is unchanged): {}",
                sqlite_reason(source)
            ),
            StoreError::Io { path, reason } => write!(f, "{path}: {reason}"),
            StoreError::CannotOpen { path, reason } => write!(
                f,
                "the match history at {path} cannot be opened: {reason} (it was left as it is)"
            ),
            StoreError::NotAHistory { path, reason } => write!(
                f,
                "{path} is not a Word Club match history: {reason} (it was left as it is)"
            ),
            StoreError::NoHistory { path } => write!(f, "there is no match history at {path}"),
            StoreError::Damaged { path, reason } => write!(
                f,
                "the match history at {path} is damaged: {reason} (it was left as it is; \
                 Word Club moves it aside and starts a new one when it next opens it to play)"
            ),
            StoreError::HistoryGone { path, reason } => write!(
                f,
                "the match history at {path} {reason} while Word Club had it open: the last \
                 action was not saved (restart Word Club to use the history that is there now)"
            ),
            StoreError::NewerSchema { found, supported } => write!(
                f,
                "the match history was written by a newer Word Club (schema version {found}; \
                 this version knows up to {supported})"
            ),
            StoreError::MatchNotFound { id } => write!(f, "no match with id {id} in the history"),
            StoreError::OwnListExists { name } => {
                write!(
                    f,
                    "a word list called {name:?} is already kept; choose another name"
                )
            }
            StoreError::OwnListNotFound { id } => write!(f, "no word list {id:?} is kept"),
            StoreError::BadSettings { reason } => {
                write!(f, "these settings cannot be kept: {reason}")
            }
            StoreError::OwnListInUse { name, matches, .. } => write!(
                f,
                "the word list {name:?} cannot be removed: {} saved {} {} it ({})",
                matches.len(),
                if matches.len() == 1 {
                    "match"
                } else {
                    "matches"
                },
                if matches.len() == 1 { "uses" } else { "use" },
                matches
                    .iter()
                    .map(|m| format!("match {m}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            StoreError::ListNotShipped {
                match_id,
                list_id,
                sha256,
                shipped_sha256,
            } => {
                write!(
                    f,
                    "match {match_id} was played with word list {list_id:?} (SHA-256 {sha256}), \
                     which this version of Word Club does not ship"
                )?;
                if let Some(s) = shipped_sha256 {
                    write!(f, " (it ships a different version, SHA-256 {s})")?;
                }
                write!(f, "; it cannot be continued with another list")
            }
            StoreError::RulesTampered { match_id } => write!(
                f,
                "match {match_id}: the stored rule set does not match its saved hash"
            ),
            StoreError::Decode { match_id, reason } => {
                write!(f, "match {match_id} cannot be read back: {reason}")
            }
            StoreError::DecodeEvent {
                match_id,
                seq,
                source,
            } => write!(
                f,
                "match {match_id} cannot be read back: event {seq}: {source}"
            ),
            StoreError::Replay { match_id, source } => {
                write!(f, "match {match_id} cannot be replayed: {source}")
            }
            StoreError::Encode { source } => write!(f, "cannot serialise for storage: {source}"),
            StoreError::MatchFinished { match_id } => write!(
                f,
                "match {match_id} is finished: only an unfinished match can be deleted"
            ),
            StoreError::MatchClosed { match_id, status } => {
                write!(
                    f,
                    "match {match_id} is {status}; nothing more can be recorded"
                )
            }
            StoreError::OutOfSequence {
                match_id,
                stored,
                offered,
            } => write!(
                f,
                "match {match_id} has {stored} events stored but the match in hand has only \
                 {offered}: it was changed elsewhere; resume it again"
            ),
            StoreError::Diverged { match_id, seq } => write!(
                f,
                "match {match_id}: the match in hand differs from the stored one at event {seq}; \
                 resume it again"
            ),
            StoreError::BadQuery { reason } => write!(f, "{reason}"),
            StoreError::MatchNotFinished { match_id, status } => write!(
                f,
                "match {match_id} is {}: its analysis shows every rack, so it is made only \
                 once the match has ended",
                status.replace('_', " ")
            ),
            StoreError::NoBrowserStorage { reason } => write!(
                f,
                "this browser gives Word Club nowhere to keep the match history ({reason}), so \
                 a match played here would be lost when the page closes; use a current Chrome, \
                 Edge, Firefox or Safari (iPadOS 16.4 or later), outside a private window"
            ),
            StoreError::Storage { reason } => write!(
                f,
                "the browser could not save the match history ({reason}): the last action was \
                 not saved"
            ),
            StoreError::ImportRefused { reason, .. } => write!(
                f,
                "this file cannot be imported: {reason}. Your match history was not changed"
            ),
        }
    }
}

/// SQLite's reason in words, never the SQL it was running: a failing statement's text (a
/// migration script, a query) is for developers and may carry stored values.
pub(crate) fn sqlite_reason(e: &rusqlite::Error) -> String {
    match e {
        rusqlite::Error::SqlInputError { msg, .. } => msg.clone(),
        rusqlite::Error::SqliteFailure(_, Some(msg)) => msg.clone(),
        rusqlite::Error::SqliteFailure(error, None) => error.to_string(),
        other => other.to_string(),
    }
}

impl std::error::Error for StoreError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StoreError::Database { source, .. } | StoreError::Migration { source, .. } => {
                Some(source)
            }
            StoreError::DecodeEvent { source, .. } | StoreError::Encode { source } => Some(source),
            StoreError::Replay { source, .. } => Some(source),
            _ => None,
        }
    }
}
