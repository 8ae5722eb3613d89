//! Typed errors of the graph: each has a stable [`GraphError::kind`] and a sentence.

use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GraphError {
    /// A word list whose graph would not fit the layout (its records are addressed with 23
    /// bits: `limit` bytes); the largest shipped list takes less than half of that.
    TooLarge { words: usize, limit: u64 },
    /// Bytes that are not a graph of the key asked for: another list, other manners, an older
    /// layout, or a damaged file (`reason` says which).
    NotThisGraph { reason: String },
}

impl GraphError {
    /// Stable snake_case name of the error kind.
    pub fn kind(&self) -> &'static str {
        match self {
            GraphError::TooLarge { .. } => "list_too_large",
            GraphError::NotThisGraph { .. } => "graph_mismatch",
        }
    }
}

impl fmt::Display for GraphError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GraphError::TooLarge { words, limit } => write!(
                f,
                "the word list is too large for the move generator's graph: its {words} \
                 words need more than the {limit} bytes the graph can address (the \
                 largest shipped list needs less than half of that)"
            ),
            GraphError::NotThisGraph { reason } => {
                write!(f, "the kept word graph cannot be used: {reason}")
            }
        }
    }
}

impl std::error::Error for GraphError {}
