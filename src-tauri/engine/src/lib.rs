//! Word Club rules engine (no I/O).
//!
//! - [`rules`]: rule sets as plain data ([`RuleSet::builtin`], [`RuleSet::all`]).
//! - [`board`]: squares, tiles, the board.
//! - [`scoring`]: placement rules and scoring with a full breakdown, on a bare board
//!   ([`score_move`], [`score_placement`]).
//! - [`notation`]: CGP positions and GCG moves.
//! - [`game`]: a match as a fold of events, actions, views and results.
//! - [`error`]: every refusal, typed.
pub mod board;
pub mod error;
pub mod game;
pub mod notation;
pub mod rules;
pub mod scoring;

pub use board::{Board, Direction, Placement, Square, Tile, BLANK};
pub use error::EngineError;
pub use game::{
    Action, BestTurn, Deal, EndReason, Event, HintRecord, ListRef, Match, MatchResult, PlayerKind,
    PlayerSpec, PlayerView, Seat, Turn, TurnKind, View,
};
pub use notation::{parse_rack, rack_text, Cgp, GcgMove};
pub use rules::{
    EndRules, ExchangePolicy, HintKind, PassPolicy, PlayerRange, Premium, PremiumSquare, RuleSet,
    TileSpec, TurnLimit, RULE_SET_IDS,
};
pub use scoring::{check_words, score_move, score_placement, LetterScore, ScoredMove, WordScore};
