use serde_json::json;
use wordclub_engine::EngineError;
use wordclub_lexicon::LexiconError;
use wordclub_store::StoreError;

/// A CLI failure: a stable `kind` and a message for people.
#[derive(Debug)]
pub struct CliError {
    pub kind: String,
    pub message: String,
}

impl CliError {
    pub fn new(kind: &str, message: impl Into<String>) -> Self {
        CliError {
            kind: kind.to_string(),
            message: message.into(),
        }
    }

    pub fn usage(message: impl Into<String>) -> Self {
        CliError::new("usage", message)
    }

    pub fn to_json(&self) -> serde_json::Value {
        json!({"error": {"kind": self.kind, "message": self.message}})
    }
}

impl From<LexiconError> for CliError {
    fn from(e: LexiconError) -> Self {
        CliError::new(e.kind(), e.to_string())
    }
}

impl From<EngineError> for CliError {
    fn from(e: EngineError) -> Self {
        CliError::new(e.kind(), e.to_string())
    }
}

impl From<StoreError> for CliError {
    fn from(e: StoreError) -> Self {
        CliError::new(e.kind(), e.to_string())
    }
}
