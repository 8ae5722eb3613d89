//! Endings and results: whether the last action ended the match, and the result then.
use super::{BestTurn, EndReason, Match, MatchResult, Seat, Turn, TurnKind};

/// The best turn among `turns`: the placement with the highest score, and of equal scores
/// the earliest (lowest turn number). This is the one tie rule for every "best turn" —
/// each seat's in [`MatchResult::best_turns`], the match's on the end screen and in the
/// history ([`Match::best_turn`]) — so no two of them can name different turns.
fn best_turn<'a>(turns: impl IntoIterator<Item = &'a Turn>) -> Option<&'a Turn> {
    turns
        .into_iter()
        // A play a challenge withdrew scored nothing and is no best turn.
        .filter(|t| {
            t.kind == TurnKind::Place && !t.challenge.as_ref().is_some_and(|c| c.withdrawn())
        })
        .fold(None, |best: Option<&Turn>, t| match best {
            Some(b)
                if (b.score, std::cmp::Reverse(b.number))
                    >= (t.score, std::cmp::Reverse(t.number)) =>
            {
                Some(b)
            }
            _ => Some(t),
        })
}

impl Match {
    /// The best turn of `seat` (`None`: of the whole match) so far, by `best_turn`'s rule.
    pub fn best_turn(&self, seat: Option<Seat>) -> Option<&Turn> {
        best_turn(
            self.turns
                .iter()
                .filter(|t| seat.is_none_or(|s| t.player == s)),
        )
    }

    fn active(&self) -> Vec<Seat> {
        (0..self.players.len())
            .filter(|&s| !self.resigned[s])
            .collect()
    }

    fn rack_value(&self, seat: Seat) -> i32 {
        self.racks[seat]
            .iter()
            .map(|&t| i32::try_from(self.rules.value(t)).unwrap_or(i32::MAX))
            .fold(0, i32::saturating_add)
    }

    /// The result if the last action (by `actor`) ended the match.
    pub(super) fn end_check(&self, actor: Seat) -> Option<MatchResult> {
        let end = self.rules.end;
        let active = self.active();
        let n = self.players.len();
        let mut adjustments = vec![0i32; n];
        let (reason, went_out) = if self.resigned[actor] && active.len() <= 1 {
            (EndReason::Resigned, None)
        } else if end.going_out
            && !self.resigned[actor]
            && self.bag.is_empty()
            && self.racks[actor].is_empty()
            && matches!(self.turns.last(), Some(t) if t.kind == TurnKind::Place)
        {
            if end.rack_adjustment {
                for &s in &active {
                    if s != actor {
                        let v = self.rack_value(s);
                        adjustments[s] = adjustments[s].saturating_sub(v);
                        adjustments[actor] = adjustments[actor].saturating_add(v);
                    }
                }
            }
            (EndReason::WentOut, Some(actor))
        } else if end.scoreless_turns_in_a_row.is_some_and(|k| {
            !active.is_empty() && active.iter().all(|&s| self.streaks[s] >= k as u32)
        }) {
            if end.rack_adjustment {
                for &s in &active {
                    adjustments[s] = adjustments[s].saturating_sub(self.rack_value(s));
                }
            }
            (EndReason::ScorelessTurns, None)
        } else if end.turn_limit.is_some_and(|limit| {
            if limit.per_player {
                active.iter().all(|&s| self.turns_taken[s] >= limit.turns)
            } else {
                self.turns_taken.iter().sum::<u32>() >= limit.turns
            }
        }) {
            (EndReason::TurnLimit, None)
        } else {
            return None;
        };
        let final_scores: Vec<i32> = (0..n)
            .map(|s| self.scores[s].saturating_add(adjustments[s]))
            .collect();
        let winners = if reason == EndReason::Resigned {
            active.clone()
        } else {
            let best = active.iter().map(|&s| final_scores[s]).max();
            active
                .iter()
                .copied()
                .filter(|&s| Some(final_scores[s]) == best)
                .collect()
        };
        let best_turns = (0..n)
            .map(|s| {
                self.best_turn(Some(s)).map(|t| BestTurn {
                    turn: t.number,
                    notation: t.notation.clone().unwrap_or_default(),
                    score: t.score,
                })
            })
            .collect();
        Some(MatchResult {
            reason,
            went_out,
            scores_before_adjustment: self.scores.clone(),
            adjustments,
            final_scores,
            winners,
            resigned: self.resigned.clone(),
            best_turns,
            hints: self.hints.clone(),
            turns: self.turns.len() as u32,
        })
    }
}
