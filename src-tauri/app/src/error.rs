//! Every way a command can fail, each with a stable snake_case `kind` the UI can branch on
//! and a message for people. Errors from the lexicon, the engine, the move generator, the
//! rules lab and the store are kept whole, as typed causes ([`std::error::Error::source`] is
//! the crate's own error, and its `source` the SQLite or file error behind it), with their
//! own kinds and sentences: the UI sees what it saw when they were flattened to strings.
use std::fmt;
use std::sync::Arc;

use serde::Serialize;
use serde_json::Value;
use wordclub_engine::EngineError;
use wordclub_lab::LabError;
use wordclub_lexicon::LexiconError;
use wordclub_movegen::analysis::AnalysisError;
use wordclub_movegen::MovegenError;
use wordclub_store::StoreError;

/// Two errors are equal when they have the same kind and say the same (a cause is compared
/// by what it says: a SQLite error has no equality of its own).
#[derive(Debug, Clone)]
pub enum AppError {
    /// No command with this name.
    UnknownCommand { name: String },
    /// The arguments are not what the command takes (wrong shape, out of range, unknown field).
    BadArgument { command: String, reason: String },
    /// No open or stored match with this id.
    UnknownMatch { id: String },
    /// A defect of the app stopped `what` part way (a panic, caught at the command boundary
    /// or in a unit of the app's own work): nothing it had not kept is kept, and the app and
    /// its matches answer as before.
    Panicked { what: String },
    /// A resign was sent without `confirm: true`.
    ConfirmationRequired { what: String },
    /// `new_match` named a `seed` or a `deal` where only the app's shuffle may deal (the app
    /// window): a player cannot choose the tiles.
    FixedDealRefused,
    /// The match kept moving on (other commands played in it) while this command worked
    /// out its answer, a few times in a row (`SEARCH_TRIES` in `app.rs`): asking again is
    /// answered. `what` completes "while …" (`the computer's move was searched`).
    Busy { what: String },
    /// The settings could not be read or kept.
    Settings { reason: String },
    /// A word-list failure (unknown list, a word that is not A-Z, ...).
    Lexicon(LexiconError),
    /// The rules engine's refusal (the words not in the list, when it names some, go to
    /// `details.words`, which the UI marks).
    Engine(EngineError),
    /// The match history's failure or refusal; a match it does not hold is `unknown_match`,
    /// like one the app does not have open. Shared, so the app can keep the error that closed
    /// its history and answer it to every later command.
    Store(Arc<StoreError>),
    /// The move generator's failure (a computer's move, a hint).
    Movegen(MovegenError),
    /// The post-game analyser's failure.
    Analysis(AnalysisError),
    /// The rules lab's shipped evidence that does not read (`rules_evidence`).
    Lab(LabError),
    /// A file the app writes could not be (`save_gcg`: `cannot_save`): the sentence says
    /// where, the cause is the system's error.
    Io {
        kind: &'static str,
        message: String,
        source: Arc<std::io::Error>,
    },
    /// A refusal of the app's own (`match_in_progress`, `no_downloads_folder`, a checker
    /// sentence …): its kind, message and any details.
    Backend {
        kind: String,
        message: String,
        details: Option<Value>,
    },
}

/// The JSON shape of an error, the same over Tauri IPC and HTTP.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct ErrorBody {
    pub kind: String,
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub details: Option<Value>,
}

impl AppError {
    pub fn kind(&self) -> &str {
        match self {
            AppError::UnknownCommand { .. } => "unknown_command",
            AppError::BadArgument { .. } => "bad_argument",
            AppError::UnknownMatch { .. } => "unknown_match",
            AppError::Panicked { .. } => "panicked",
            AppError::ConfirmationRequired { .. } => "confirmation_required",
            AppError::FixedDealRefused => "fixed_deal_refused",
            AppError::Busy { .. } => "busy",
            AppError::Settings { .. } => "settings",
            AppError::Lexicon(e) => e.kind(),
            AppError::Engine(e) => e.kind(),
            AppError::Store(e) => match **e {
                StoreError::MatchNotFound { .. } => "unknown_match",
                _ => e.kind(),
            },
            AppError::Movegen(e) => e.kind(),
            AppError::Analysis(e) => e.kind(),
            AppError::Lab(e) => e.kind(),
            AppError::Io { kind, .. } => kind,
            AppError::Backend { kind, .. } => kind,
        }
    }

    /// A failure that is a defect of this app, not of the caller's input.
    pub fn internal(e: &dyn fmt::Display) -> Self {
        AppError::Backend {
            kind: "internal".to_string(),
            message: e.to_string(),
            details: None,
        }
    }

    /// [`AppError::Panicked`]: `what` completes "… stopped" (`the computer's move`).
    pub fn panicked(what: &str) -> Self {
        AppError::Panicked {
            what: what.to_string(),
        }
    }

    pub fn bad_argument(command: &str, reason: impl Into<String>) -> Self {
        AppError::BadArgument {
            command: command.to_string(),
            reason: reason.into(),
        }
    }

    pub fn body(&self) -> ErrorBody {
        ErrorBody {
            kind: self.kind().to_string(),
            message: self.to_string(),
            details: match self {
                AppError::Backend { details, .. } => details.clone(),
                AppError::Engine(e) => {
                    let words = e.words();
                    (!words.is_empty()).then(|| serde_json::json!({ "words": words }))
                }
                // The reason alone, for the UI to show next to the field it concerns.
                AppError::BadArgument { command, reason } => {
                    Some(serde_json::json!({ "command": command, "reason": reason }))
                }
                _ => None,
            },
        }
    }
}

impl fmt::Display for AppError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AppError::UnknownCommand { name } => write!(f, "no command {name:?}"),
            AppError::BadArgument { command, reason } => {
                write!(f, "bad arguments for {command}: {reason}")
            }
            AppError::UnknownMatch { id } => write!(f, "no match {id:?}"),
            AppError::Panicked { what } => write!(
                f,
                "{what} stopped on a defect of the app; nothing it had not kept was kept, so ask again"
            ),
            AppError::ConfirmationRequired { what } => {
                write!(f, "{what} needs a confirmation (confirm: true)")
            }
            AppError::FixedDealRefused => write!(
                f,
                "a new match is dealt at random here: seed and deal are only for tests"
            ),
            AppError::Busy { what } => {
                write!(f, "the match kept moving on while {what}; ask again")
            }
            AppError::Settings { reason } => write!(f, "settings: {reason}"),
            AppError::Lexicon(e) => write!(f, "{e}"),
            AppError::Engine(e) => write!(f, "{e}"),
            AppError::Store(e) => write!(f, "{e}"),
            AppError::Movegen(e) => write!(f, "{e}"),
            AppError::Analysis(e) => write!(f, "{e}"),
            AppError::Lab(e) => write!(f, "{e}"),
            AppError::Io { message, .. } | AppError::Backend { message, .. } => {
                write!(f, "{message}")
            }
        }
    }
}

impl PartialEq for AppError {
    fn eq(&self, other: &AppError) -> bool {
        self.kind() == other.kind() && self.to_string() == other.to_string()
    }
}

impl std::error::Error for AppError {
    /// The typed error of the crate that failed (downcast it to `StoreError`, `EngineError`
    /// …), or the system's error behind a file the app could not write.
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            AppError::Lexicon(e) => Some(e),
            AppError::Engine(e) => Some(e),
            AppError::Store(e) => Some(&**e),
            AppError::Movegen(e) => Some(e),
            AppError::Analysis(e) => Some(e),
            AppError::Lab(e) => Some(e),
            AppError::Io { source, .. } => Some(&**source),
            _ => None,
        }
    }
}

impl From<EngineError> for AppError {
    fn from(e: EngineError) -> Self {
        AppError::Engine(e)
    }
}

impl From<StoreError> for AppError {
    fn from(e: StoreError) -> Self {
        AppError::Store(Arc::new(e))
    }
}

impl From<MovegenError> for AppError {
    fn from(e: MovegenError) -> Self {
        AppError::Movegen(e)
    }
}

impl From<AnalysisError> for AppError {
    fn from(e: AnalysisError) -> Self {
        AppError::Analysis(e)
    }
}

impl From<LabError> for AppError {
    fn from(e: LabError) -> Self {
        AppError::Lab(e)
    }
}

impl From<LexiconError> for AppError {
    fn from(e: LexiconError) -> Self {
        AppError::Lexicon(e)
    }
}

impl From<AppError> for ErrorBody {
    fn from(e: AppError) -> Self {
        e.body()
    }
}
