//! The turns of a Word Club match, from the engine's replay of its events.
use wordclub_engine::{Board, Event, ListRef, Match, Seat, TurnKind};
use wordclub_lexicon::WordList;

use super::{Analyser, Analysis, AnalysisError, Played, TurnPosition};

/// The state a turn starts from, kept from the replay's previous step.
struct Before {
    board: Board,
    racks: Vec<Vec<u8>>,
    bag_len: usize,
    to_move: Option<Seat>,
    can_exchange: bool,
}

impl Before {
    fn of(m: &Match) -> Before {
        let to_move = m.to_move();
        Before {
            board: m.board().clone(),
            racks: (0..m.players().len())
                .map(|s| m.rack(s).unwrap_or_default().to_vec())
                .collect(),
            bag_len: m.bag_len(),
            to_move,
            can_exchange: to_move.is_some_and(|s| m.can_exchange(s)),
        }
    }
}

/// Every turn of `m` in which a player chose a move (placements, exchanges, passes; not
/// resignations), with the position it was chosen in. Works on any match, finished or not:
/// callers that show it must check [`Match::is_over`] (see [`analyse_match`]).
pub fn positions_of(m: &Match) -> Result<Vec<TurnPosition>, AnalysisError> {
    let events = m.events();
    let bad = AnalysisError::Replay;
    let start = Match::replay(&events[..1.min(events.len())]).map_err(bad)?;
    let mut before = Before::of(&start);
    let mut out: Vec<TurnPosition> = Vec::new();
    let mut seen = 0usize;
    Match::replay_with(events, |now| {
        if now.turns().len() < seen {
            // A take-back withdrew the newest turns: their positions go with them.
            seen = now.turns().len();
            out.retain(|p| p.turn as usize <= seen);
        }
        // A play a challenge withdrew was, in the end, a turn that scored nothing: read as a
        // pass, as the GCG reader reads its `--` line.
        if let Some(Event::Challenged { not_in_list, .. }) = last_action(now) {
            if !not_in_list.is_empty() {
                if let Some(p) = out.last_mut() {
                    p.played = Played::Pass;
                }
            }
        }
        while now.turns().len() > seen {
            let t = &now.turns()[seen];
            seen += 1;
            // A turn a failed challenge cost is no choice of the player's.
            if t.lost_turn {
                continue;
            }
            let played = match (t.kind, last_action(now)) {
                (TurnKind::Place, Some(Event::Placed { tiles, .. })) => Some(Played::Place {
                    notation: t.notation.clone().unwrap_or_default(),
                    score: t.score,
                    tiles: tiles.clone(),
                }),
                (TurnKind::Exchange, Some(Event::Exchanged { returned, .. })) => {
                    Some(Played::Exchange {
                        tiles: returned.clone(),
                    })
                }
                (TurnKind::Pass, _) => Some(Played::Pass),
                _ => None,
            };
            if let Some(played) = played {
                out.push(TurnPosition {
                    turn: t.number,
                    player: t.player,
                    board: before.board.clone(),
                    rack: before.racks.get(t.player).cloned().unwrap_or_default(),
                    bag_len: before.bag_len,
                    can_exchange: before.to_move == Some(t.player) && before.can_exchange,
                    played,
                    hint_taken: !t.hints.is_empty(),
                });
            }
        }
        before = Before::of(now);
    })
    .map_err(bad)?;
    Ok(out)
}

/// The last action event (not the end) of a replay step.
fn last_action(m: &Match) -> Option<&Event> {
    m.events()
        .iter()
        .rev()
        .find(|e| !matches!(e, Event::Ended { .. }))
}

/// The analysis of a finished match, with the word list it is pinned to. An unfinished
/// match is refused (`match_in_progress`): its racks are still secret.
pub fn analyse_match(m: &Match, list: &WordList) -> Result<Analysis, AnalysisError> {
    if !m.is_over() {
        return Err(AnalysisError::MatchInProgress);
    }
    let given = ListRef::of(list);
    if &given != m.list() {
        return Err(AnalysisError::WrongWordList {
            expected: format!("{} ({})", m.list().id, m.list().sha256),
            given: format!("{} ({})", given.id, given.sha256),
        });
    }
    let positions = positions_of(m)?;
    let names: Vec<String> = m.players().iter().map(|p| p.name.clone()).collect();
    let mut analyser = Analyser::new(m.rules(), list)?;
    Ok(analyser.analyse(m.list().clone(), &names, &positions))
}
