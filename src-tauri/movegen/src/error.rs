//! Typed errors of the move generator's public API.

use std::fmt;

use wordclub_engine::EngineError;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MovegenError {
    /// The board side is outside 2..=`MAX_SIZE` (15) or the star lies off the board.
    BoardSize { size: usize },
    /// A rack text that is not letters and `?`.
    Rack { rack: String, reason: String },
    /// A position (CGP) the generator cannot read.
    Position { position: String, reason: String },
    /// A computer player name that does not exist.
    UnknownPlayer { name: String },
    /// The rule set cannot be driven by the generator (for example no computer seats).
    Unsupported { reason: String },
    /// An error reported by the rules engine while driving a match (its cause, typed).
    Engine(EngineError),
    /// A match driven by the computer players that went wrong outside the engine's rules (it
    /// never ended, or a seat it was asked about is not in it).
    Match { reason: String },
    /// A custom word list whose graph would not fit the graph's layout (its records are
    /// addressed with 23 bits: `limit` bytes); the largest shipped list takes less than half.
    GraphTooLarge { words: usize, limit: u64 },
}

impl MovegenError {
    /// Stable snake_case name of the error kind.
    pub fn kind(&self) -> &'static str {
        match self {
            MovegenError::BoardSize { .. } => "board_size",
            MovegenError::Rack { .. } => "bad_rack",
            MovegenError::Position { .. } => "bad_position",
            MovegenError::UnknownPlayer { .. } => "unknown_player",
            MovegenError::Unsupported { .. } => "unsupported",
            // A rule set the engine's validator refuses is the same refusal wherever it is
            // found (a rule file, a lab variant, a new match).
            MovegenError::Engine(EngineError::InvalidRuleSet { .. }) => "invalid_rule_set",
            MovegenError::Engine(_) | MovegenError::Match { .. } => "engine",
            MovegenError::GraphTooLarge { .. } => "list_too_large",
        }
    }
}

impl fmt::Display for MovegenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MovegenError::BoardSize { size } => {
                let max = crate::layout::MAX_SIZE;
                write!(
                    f,
                    "board size {size} is not supported (2 to {max} squares a side)"
                )
            }
            MovegenError::Rack { rack, reason } => write!(f, "rack {rack:?}: {reason}"),
            MovegenError::Position { position, reason } => {
                write!(f, "position {position:?}: {reason}")
            }
            MovegenError::UnknownPlayer { name } => write!(
                f,
                "unknown computer player {name:?} (known: easy, medium, hard, greedy)"
            ),
            MovegenError::Unsupported { reason } => write!(f, "{reason}"),
            MovegenError::Engine(e) => write!(f, "{e}"),
            MovegenError::Match { reason } => write!(f, "{reason}"),
            MovegenError::GraphTooLarge { words, limit } => write!(
                f,
                "the word list is too large for the move generator's graph: its {words} \
                 words need more than the {limit} bytes the graph can address (the \
                 largest shipped list needs less than half of that)"
            ),
        }
    }
}

impl std::error::Error for MovegenError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            MovegenError::Engine(e) => Some(e),
            _ => None,
        }
    }
}

impl From<wordclub_graph::GraphError> for MovegenError {
    fn from(e: wordclub_graph::GraphError) -> Self {
        match e {
            wordclub_graph::GraphError::TooLarge { words, limit } => {
                MovegenError::GraphTooLarge { words, limit }
            }
            // Only a graph read back can mismatch, and the loader rebuilds those itself.
            other @ wordclub_graph::GraphError::NotThisGraph { .. } => MovegenError::Unsupported {
                reason: other.to_string(),
            },
        }
    }
}

impl From<EngineError> for MovegenError {
    fn from(e: EngineError) -> Self {
        MovegenError::Engine(e)
    }
}
