//! A match's detail, turn by turn, from a replay of its events.
use serde::Serialize;
use wordclub_engine::{Event, HintRecord, Match, MatchResult, Turn};

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

/// A hint taken for a turn not played yet (the match is still going, or it ended before that
/// player's turn came).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PendingHint {
    pub player: usize,
    pub player_name: String,
    #[serde(flatten)]
    pub hint: HintRecord,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
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
            pending_hints: pending_hints(&game),
            board: game.board().rows(),
            result: game.result().cloned(),
        })
    }
}

/// Hints taken since each seat's last turn, in the order they were taken.
fn pending_hints(game: &Match) -> Vec<PendingHint> {
    let mut pending: Vec<(usize, HintRecord)> = Vec::new();
    for e in game.events() {
        match e {
            Event::HintTaken {
                player,
                kind,
                shown,
            } => pending.push((
                *player,
                HintRecord {
                    kind: *kind,
                    shown: shown.clone(),
                },
            )),
            Event::Placed { player, .. }
            | Event::Exchanged { player, .. }
            | Event::Passed { player }
            | Event::Resigned { player } => pending.retain(|(p, _)| p != player),
            Event::Started { .. } | Event::Ended { .. } => {}
        }
    }
    pending
        .into_iter()
        .map(|(player, hint)| PendingHint {
            player,
            player_name: game
                .players()
                .get(player)
                .map(|p| p.name.clone())
                .unwrap_or_default(),
            hint,
        })
        .collect()
}
