//! Every way a command can fail, each with a stable snake_case `kind` the UI can branch on
//! and a message for people. Errors from the lexicon, the engine and the store keep their own
//! kinds.
use std::fmt;

use serde::Serialize;
use serde_json::Value;
use wordclub_lexicon::LexiconError;

#[derive(Debug, Clone, PartialEq)]
pub enum AppError {
    /// No command with this name.
    UnknownCommand { name: String },
    /// The arguments are not what the command takes (wrong shape, out of range, unknown field).
    BadArgument { command: String, reason: String },
    /// No open or stored match with this id.
    UnknownMatch { id: String },
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
    /// A refusal or failure from the rules engine, move generator or store: its kind, message
    /// and any details (for example the words not in the list).
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
            AppError::ConfirmationRequired { .. } => "confirmation_required",
            AppError::FixedDealRefused => "fixed_deal_refused",
            AppError::Busy { .. } => "busy",
            AppError::Settings { .. } => "settings",
            AppError::Lexicon(e) => e.kind(),
            AppError::Backend { kind, .. } => kind,
        }
    }

    /// A failure from another crate: its kind, and its sentence as the message.
    pub fn backend(kind: &str, e: &dyn fmt::Display) -> Self {
        AppError::Backend {
            kind: kind.to_string(),
            message: e.to_string(),
            details: None,
        }
    }

    /// A failure that is a defect of this app, not of the caller's input.
    pub fn internal(e: &dyn fmt::Display) -> Self {
        AppError::backend("internal", e)
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
            AppError::Backend { message, .. } => write!(f, "{message}"),
        }
    }
}

impl std::error::Error for AppError {}

impl From<wordclub_engine::EngineError> for AppError {
    /// The engine's refusal with its kind; the words not in the list, when it names some, as
    /// `details.words` (the UI marks them).
    fn from(e: wordclub_engine::EngineError) -> Self {
        let words = e.words();
        AppError::Backend {
            kind: e.kind().to_string(),
            message: e.to_string(),
            details: (!words.is_empty()).then(|| serde_json::json!({ "words": words })),
        }
    }
}

impl From<wordclub_store::StoreError> for AppError {
    /// The store's error with its kind, except a match the history does not hold, which is
    /// `unknown_match` like one the app does not have open.
    fn from(e: wordclub_store::StoreError) -> Self {
        let kind = match &e {
            wordclub_store::StoreError::MatchNotFound { .. } => "unknown_match",
            other => other.kind(),
        };
        AppError::backend(kind, &e)
    }
}

impl From<wordclub_movegen::MovegenError> for AppError {
    fn from(e: wordclub_movegen::MovegenError) -> Self {
        AppError::backend(e.kind(), &e)
    }
}

impl From<wordclub_movegen::analysis::AnalysisError> for AppError {
    fn from(e: wordclub_movegen::analysis::AnalysisError) -> Self {
        AppError::backend(e.kind(), &e)
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
