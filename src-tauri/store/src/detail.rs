//! A match's detail, turn by turn, from a replay of its events.
use serde::Serialize;
use wordclub_engine::{HintRecord, Match, MatchResult, Turn};

use crate::browse::MatchSummary;
use crate::{Store, StoreError};

/// One turn as the history shows it: who, what, the words with their breakdown, the score,
/// everyone's totals after it and the hints the player took before it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct TurnDetail {
    /// The name of the seat in `turn.player`.
    pub player_name: String,
    #[serde(flatten)]
    pub turn: Turn,
}

/// A hint taken for a turn not played yet (the match is still going, or it ended before that
/// player's turn came).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct PendingHint {
    pub player: usize,
    pub player_name: String,
    #[serde(flatten)]
    pub hint: HintRecord,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct MatchDetail {
    pub summary: MatchSummary,
    pub turns: Vec<TurnDetail>,
    /// Hints not yet attached to a turn.
    pub pending_hints: Vec<PendingHint>,
    /// The board's rows now (`.` empty, lower case for a blank).
    pub board: Vec<String>,
    pub result: Option<MatchResult>,
}

impl Store {
    /// A match's summary and every turn, replayed through the engine.
    pub fn detail(&self, id: i64) -> Result<MatchDetail, StoreError> {
        self.detail_with(id, |_| {}).map(|(detail, _)| detail)
    }

    /// [`Store::detail`] from one replay that also shows `after_each` the match after every
    /// action event ([`Match::replay_with`]: the board turn by turn) and hands back the
    /// replayed match, for a caller that reads more than the detail.
    pub fn detail_with(
        &self,
        id: i64,
        after_each: impl FnMut(&Match),
    ) -> Result<(MatchDetail, Match), StoreError> {
        let summary = self.summary(id)?;
        let (game, _) = self.replay_with(id, after_each)?;
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
        let detail = MatchDetail {
            summary,
            turns,
            pending_hints: pending_hints(&game),
            board: game.board().rows(),
            result: game.result().cloned(),
        };
        Ok((detail, game))
    }
}

/// Hints taken since each seat's last turn (the engine's pending hints), seat by seat in
/// the order taken. Only the player to move may take a hint, so at most one seat has any.
fn pending_hints(game: &Match) -> Vec<PendingHint> {
    (0..game.players().len())
        .flat_map(|seat| {
            game.pending_hints(seat)
                .iter()
                .map(move |hint| PendingHint {
                    player: seat,
                    player_name: game.players()[seat].name.clone(),
                    hint: hint.clone(),
                })
        })
        .collect()
}
