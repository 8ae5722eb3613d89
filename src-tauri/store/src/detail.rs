//! A match's detail, turn by turn, from a replay of its events.
use serde::Serialize;
use wordclub_engine::{MatchResult, Turn};

use crate::browse::MatchSummary;
use crate::{Store, StoreError};

/// One turn as the history shows it: who, what, the words with their breakdown, the score,
/// everyone's totals after it and the hints the player took before it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TurnDetail {
    /// The name of the seat in `turn.player`.
    pub player_name: String,
    #[serde(flatten)]
    pub turn: Turn,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MatchDetail {
    pub summary: MatchSummary,
    pub turns: Vec<TurnDetail>,
    /// The board's rows now (`.` empty, lower case for a blank).
    pub board: Vec<String>,
    pub result: Option<MatchResult>,
}

impl Store {
    /// A match's summary and every turn, replayed through the engine.
    pub fn detail(&self, id: i64) -> Result<MatchDetail, StoreError> {
        let summary = self.summary(id)?;
        let (game, _) = self.replay(id)?;
        let name = |seat: usize| {
            game.players()
                .get(seat)
                .map(|p| p.name.clone())
                .unwrap_or_default()
        };
        let turns = game
            .turns()
            .iter()
            .map(|t| TurnDetail {
                player_name: name(t.player),
                turn: t.clone(),
            })
            .collect();
        Ok(MatchDetail {
            summary,
            turns,
            board: game.board().rows(),
            result: game.result().cloned(),
        })
    }
}
