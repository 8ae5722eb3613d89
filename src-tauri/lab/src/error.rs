//! Typed errors of the rules lab's public API.

use std::fmt;

use wordclub_engine::EngineError;
use wordclub_movegen::MovegenError;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LabError {
    /// A rule set given as data (a file) with a mistake in one field.
    RuleSetField { field: String, reason: String },
    /// A rules-lab search that cannot run as asked (an axis or a target that cannot be
    /// read), or shards that are not one run.
    Search { reason: String },
    /// A shipped evidence file (`data/evidence/`) that is not the lab measure shard its name
    /// says: `file` names it.
    Evidence { file: String, reason: String },
    /// A rules-lab number past its documented bound ([`crate::limits`]): `what` names the
    /// option.
    OutOfRange {
        what: String,
        value: String,
        min: u64,
        max: u64,
        why: &'static str,
    },
    /// The move generator's error while simulating (players it cannot seat, a match that
    /// went wrong): its kind and sentence are the lab's.
    Movegen(MovegenError),
    /// The rules engine's error about a rule set the lab was given (its cause, typed).
    Engine(EngineError),
}

impl LabError {
    /// Stable snake_case name of the error kind. The kinds are those the lab's errors had
    /// while the lab was part of the move generator, so `wordclub-cli lab`'s JSON errors
    /// did not change when it moved.
    pub fn kind(&self) -> &'static str {
        match self {
            // A rule set the engine's validator refuses is the same refusal wherever it is
            // found (a rule file, a lab variant, a new match).
            LabError::RuleSetField { .. }
            | LabError::Engine(EngineError::InvalidRuleSet { .. }) => "invalid_rule_set",
            LabError::Search { .. } => "bad_search",
            LabError::Evidence { .. } => "bad_evidence",
            LabError::OutOfRange { .. } => "out_of_range",
            LabError::Movegen(e) => e.kind(),
            // As the move generator words an engine error met while driving a match.
            LabError::Engine(_) => "engine",
        }
    }
}

impl fmt::Display for LabError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LabError::RuleSetField { field, reason } => {
                write!(f, "rule set field `{field}`: {reason}")
            }
            LabError::Search { reason } => write!(f, "{reason}"),
            LabError::Evidence { file, reason } => {
                write!(f, "the lab evidence file {file}: {reason}")
            }
            LabError::OutOfRange {
                what,
                value,
                min,
                max,
                why,
            } => write!(f, "{what} is {min} to {max}, not {value}: {why}"),
            LabError::Movegen(e) => write!(f, "{e}"),
            LabError::Engine(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for LabError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            LabError::Movegen(e) => Some(e),
            LabError::Engine(e) => Some(e),
            _ => None,
        }
    }
}

impl From<MovegenError> for LabError {
    fn from(e: MovegenError) -> Self {
        LabError::Movegen(e)
    }
}

impl From<EngineError> for LabError {
    fn from(e: EngineError) -> Self {
        LabError::Engine(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::error::Error;

    #[test]
    fn a_wrapped_error_keeps_its_kind_its_sentence_and_itself_as_the_cause() {
        let movegen = MovegenError::UnknownPlayer {
            name: "expert".into(),
        };
        let lab = LabError::from(movegen.clone());
        assert_eq!(lab.kind(), movegen.kind());
        assert_eq!(lab.to_string(), movegen.to_string());
        let cause = lab.source().and_then(|e| e.downcast_ref::<MovegenError>());
        assert_eq!(cause, Some(&movegen));

        let engine = wordclub_engine::RuleSet::builtin("nope").unwrap_err();
        let lab = LabError::from(engine.clone());
        assert_eq!(lab.kind(), "engine");
        assert_eq!(lab.to_string(), engine.to_string());
        let cause = lab.source().and_then(|e| e.downcast_ref::<EngineError>());
        assert_eq!(cause, Some(&engine));

        assert!(LabError::Search {
            reason: "no".into()
        }
        .source()
        .is_none());
    }
}
