use std::fmt;

use serde_json::json;
use wordclub_app::AppError;
use wordclub_engine::EngineError;
use wordclub_lab::LabError;
use wordclub_lexicon::LexiconError;
use wordclub_movegen::MovegenError;
use wordclub_store::StoreError;

/// A CLI failure: a stable `kind` and a message for people, and the library error behind it
/// when there is one (its `kind()` and sentence are the two fields).
#[derive(Debug)]
pub struct CliError {
    pub kind: String,
    pub message: String,
    pub cause: Option<Box<dyn std::error::Error + Send + Sync>>,
}

impl CliError {
    pub fn new(kind: &str, message: impl Into<String>) -> Self {
        CliError {
            kind: kind.to_string(),
            message: message.into(),
            cause: None,
        }
    }

    pub fn usage(message: impl Into<String>) -> Self {
        CliError::new("usage", message)
    }

    /// A library error: its kind and its sentence, and the error itself as the cause.
    fn caused_by(kind: &str, e: impl std::error::Error + Send + Sync + 'static) -> Self {
        CliError {
            kind: kind.to_string(),
            message: e.to_string(),
            cause: Some(Box::new(e)),
        }
    }

    pub fn to_json(&self) -> serde_json::Value {
        json!({"error": {"kind": self.kind, "message": self.message}})
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.message)
    }
}

impl std::error::Error for CliError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.cause
            .as_deref()
            .map(|e| e as &(dyn std::error::Error + 'static))
    }
}

impl From<LexiconError> for CliError {
    fn from(e: LexiconError) -> Self {
        CliError::caused_by(e.kind(), e)
    }
}

impl From<StoreError> for CliError {
    fn from(e: StoreError) -> Self {
        CliError::caused_by(e.kind(), e)
    }
}

impl From<EngineError> for CliError {
    fn from(e: EngineError) -> Self {
        CliError::caused_by(e.kind(), e)
    }
}

impl From<MovegenError> for CliError {
    fn from(e: MovegenError) -> Self {
        CliError::caused_by(e.kind(), e)
    }
}

impl From<LabError> for CliError {
    fn from(e: LabError) -> Self {
        CliError::caused_by(e.kind(), e)
    }
}

impl From<AppError> for CliError {
    fn from(e: AppError) -> Self {
        let kind = e.kind().to_string();
        CliError::caused_by(&kind, e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::error::Error;

    #[test]
    fn a_library_error_keeps_its_kind_its_sentence_and_itself_as_the_cause() {
        let engine = wordclub_engine::RuleSet::builtin("nope").unwrap_err();
        let sentence = engine.to_string();
        let cli = CliError::from(engine.clone());
        assert_eq!(
            (cli.kind.as_str(), cli.message.as_str()),
            ("unknown_rule_set", &*sentence)
        );
        let cause = cli.source().unwrap().downcast_ref::<EngineError>();
        assert_eq!(cause, Some(&engine));
        // A movegen error wrapping the engine's keeps the chain to it.
        let movegen = CliError::from(MovegenError::from(engine.clone()));
        assert_eq!(movegen.kind, "engine");
        let inner = movegen.source().and_then(Error::source);
        assert_eq!(inner.unwrap().downcast_ref::<EngineError>(), Some(&engine));
        assert!(CliError::usage("no").source().is_none());
    }
}
