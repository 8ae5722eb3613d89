//! The turns of a GCG game record from elsewhere (Quackle, Woogles, Word Club's own export),
//! so the analyser can be checked against other tools.
//!
//! Read: `#player1`/`#player2` (nick, then the full name), and each move line
//! `>nick: RACK 8H WORD +score total` (a placement), `>nick: RACK -ABC +0 total` (an
//! exchange), `>nick: RACK - +0 total` (a pass), `>nick: RACK -- -score total` (a placement
//! withdrawn after a challenge: the board goes back and that turn counts as
//! scoring nothing). Lines in parentheses — end-of-game rack
//! points `(RACK)`, `(challenge)` bonuses, `(time)` penalties — and `#` lines other than the
//! players change no position and are skipped.
//!
//! Seats that start with points (Word Club's export writes `#note Start points (counted in
//! the totals): Ann 0, Ben 5`, the engine's `GCG_START_POINTS_NOTE`, before the first move)
//! start their totals there. Every line's points (`+score`, `-score`, end-of-game and
//! challenge points alike) add to its seat's total, which must be the total the line
//! records: a record whose totals do not add up (a start point left out) is refused by line.
//!
//! The bag is not in a GCG record: it is worked out by the engine ([`RuleSet::bag_left`]) as
//! the rule set's tiles minus the board, minus the rack to move, minus a full rack for the
//! other player (fewer when fewer are left); whether the player could exchange is the engine's
//! rule for that bag and rack ([`RuleSet::exchange_range`]).
//! Every placement is scored by the engine and must score what the record says; its words
//! are not checked against the list (the record may come from another lexicon).
use wordclub_engine::{score_placement, Board, GcgMove, RuleSet, Seat};

use super::{AnalysisError, Played, TurnPosition};

/// A GCG record read into positions: the players' names and every move turn.
#[derive(Debug, Clone)]
pub struct GcgRecord {
    pub names: Vec<String>,
    pub positions: Vec<TurnPosition>,
    /// Each seat's start points (the start-points note; 0 without one).
    pub start_points: Vec<i32>,
    /// Each seat's total at the record's end: its start points plus every line's points.
    pub scores: Vec<i64>,
}

/// The points a move line adds and the total it records (its last two tokens:
/// `+24 250`, `-3 190`), when it has them.
fn line_points(tokens: &[&str]) -> Option<(i64, i64)> {
    match tokens {
        [.., points, total] if points.starts_with(['+', '-']) => {
            Some((points.parse().ok()?, total.parse().ok()?))
        }
        _ => None,
    }
}

fn gcg_error(line: usize, reason: impl Into<String>) -> AnalysisError {
    AnalysisError::Gcg {
        line,
        reason: reason.into(),
    }
}

/// Reads a two-player GCG record under `rules`.
pub fn positions_of_gcg(text: &str, rules: &RuleSet) -> Result<GcgRecord, AnalysisError> {
    let mut nicks: Vec<String> = Vec::new();
    let mut names: Vec<String> = Vec::new();
    let mut board = Board::new(rules);
    let mut positions: Vec<TurnPosition> = Vec::new();
    // The board before each placement, to undo one withdrawn after a challenge.
    let mut undo: Vec<(usize, Board)> = Vec::new();
    let rack_size = rules.rack_size as usize;
    let mut start_notes: Vec<(String, i32)> = Vec::new();
    // Per seat, the total so far; the start points join it once both players are named.
    let mut totals: Vec<i64> = Vec::new();
    let mut started = false;
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = raw.trim();
        if let Some(note) = wordclub_engine::parse_gcg_start_points_note(line) {
            if started {
                return Err(gcg_error(
                    line_no,
                    "the start points come before the first move",
                ));
            }
            start_notes = note.map_err(|reason| gcg_error(line_no, reason))?;
            for (nick, _) in &start_notes {
                if !nicks.contains(nick) {
                    return Err(gcg_error(
                        line_no,
                        format!("the start points name {nick:?}, not a #player"),
                    ));
                }
            }
            continue;
        }
        if let Some(rest) = line.strip_prefix("#player") {
            let mut parts = rest.splitn(3, char::is_whitespace);
            let seat: usize = parts
                .next()
                .and_then(|n| n.parse().ok())
                .filter(|n| (1..=2).contains(n))
                .ok_or_else(|| gcg_error(line_no, "only #player1 and #player2 are read"))?;
            let nick = parts
                .next()
                .filter(|n| !n.is_empty())
                .ok_or_else(|| gcg_error(line_no, "a #player line names a nick"))?;
            let name = parts.next().map(str::trim).filter(|n| !n.is_empty());
            if seat != nicks.len() + 1 {
                return Err(gcg_error(line_no, "#player1 comes before #player2"));
            }
            nicks.push(nick.to_string());
            names.push(name.unwrap_or(nick).to_string());
            totals.push(0);
            continue;
        }
        let Some(rest) = line.strip_prefix('>') else {
            continue;
        };
        let (nick, body) = rest
            .split_once(':')
            .ok_or_else(|| gcg_error(line_no, "a move line is >nick: RACK MOVE +SCORE TOTAL"))?;
        let player: Seat = nicks
            .iter()
            .position(|n| n == nick.trim())
            .ok_or_else(|| gcg_error(line_no, format!("{:?} is not a #player", nick.trim())))?;
        let tokens: Vec<&str> = body.split_whitespace().collect();
        if !started {
            // The first move line: every seat starts from its start points.
            started = true;
            for (nick, points) in &start_notes {
                if let Some(seat) = nicks.iter().position(|n| n == nick) {
                    totals[seat] = i64::from(*points);
                }
            }
        }
        if let Some((points, total)) = line_points(&tokens) {
            totals[player] += points;
            if totals[player] != total {
                return Err(gcg_error(
                    line_no,
                    format!(
                        "the total is recorded as {total}, but the start points and the lines \
                         before add up to {}",
                        totals[player]
                    ),
                ));
            }
        }
        // End-of-game rack points: `(RACK) +6 250`.
        if tokens.first().is_some_and(|t| t.starts_with('(')) {
            continue;
        }
        let (rack_text, moves) = tokens
            .split_first()
            .ok_or_else(|| gcg_error(line_no, "the move line has no rack"))?;
        if moves.first().is_some_and(|t| t.starts_with('(')) {
            continue; // (challenge), (time), a lost rack's (RACK)
        }
        let rack = wordclub_engine::parse_rack(rack_text)
            .map_err(|e| gcg_error(line_no, format!("rack {rack_text:?}: {e}")))?;
        if rack.len() > rack_size {
            return Err(gcg_error(
                line_no,
                format!("rack {rack_text:?} is too long"),
            ));
        }
        let turn = positions.len() as u32 + 1;
        let others = nicks.len().saturating_sub(1);
        let bag_len = rules.bag_left(board.filled(), rack.len(), others);
        let can_exchange = rules.exchange_range(bag_len, rack.len()).is_some();
        let mv = moves.first().copied().unwrap_or("");
        let played = if mv == "--" {
            // The previous placement was withdrawn: that turn scored nothing, like a pass.
            let (index, previous) = undo
                .pop()
                .ok_or_else(|| gcg_error(line_no, "'--' but no placement to withdraw"))?;
            board = previous;
            positions[index].played = Played::Pass;
            continue;
        } else if mv == "-" {
            Played::Pass
        } else if let Some(tiles) = mv.strip_prefix('-') {
            let tiles = tiles.to_ascii_uppercase();
            wordclub_engine::parse_rack(&tiles)
                .map_err(|e| gcg_error(line_no, format!("exchange {mv:?}: {e}")))?;
            Played::Exchange { tiles }
        } else {
            let word = moves
                .get(1)
                .ok_or_else(|| gcg_error(line_no, "a placement is a position then a word"))?;
            let notation = format!("{mv} {word}");
            let gm = GcgMove::parse(&notation).map_err(|e| gcg_error(line_no, e.to_string()))?;
            let tiles = gm
                .placements(&board)
                .map_err(|e| gcg_error(line_no, e.to_string()))?;
            let scored = score_placement(&board, rules, &tiles)
                .map_err(|e| gcg_error(line_no, e.to_string()))?;
            if let Some(recorded) = moves.get(2).and_then(|s| s.parse::<i64>().ok()) {
                if recorded != i64::from(scored.score) {
                    return Err(gcg_error(
                        line_no,
                        format!(
                            "{notation} is recorded for {recorded} but scores {} under {}",
                            scored.score, rules.id
                        ),
                    ));
                }
            }
            let mut left = rack.clone();
            for p in &scored.tiles {
                let b = p.tile.rack_byte();
                match left.iter().position(|&x| x == b) {
                    Some(i) => {
                        left.remove(i);
                    }
                    None => {
                        return Err(gcg_error(
                            line_no,
                            format!(
                                "{notation} uses a {} the rack {rack_text} does not hold",
                                b as char
                            ),
                        ))
                    }
                }
            }
            undo.push((positions.len(), board.clone()));
            let position_board = board.clone();
            for p in &scored.tiles {
                board
                    .place(p.square, p.tile)
                    .map_err(|e| gcg_error(line_no, e.to_string()))?;
            }
            positions.push(TurnPosition {
                turn,
                player,
                board: position_board,
                rack,
                bag_len,
                can_exchange,
                played: Played::Place {
                    notation: scored.notation,
                    score: scored.score,
                    tiles: scored.tiles,
                },
                hint_taken: false,
            });
            continue;
        };
        positions.push(TurnPosition {
            turn,
            player,
            board: board.clone(),
            rack,
            bag_len,
            can_exchange,
            played,
            hint_taken: false,
        });
    }
    if nicks.len() != 2 {
        return Err(gcg_error(
            text.lines().count().max(1),
            "a record of a two-player game needs #player1 and #player2",
        ));
    }
    let start_points = (0..nicks.len())
        .map(|s| {
            start_notes
                .iter()
                .find(|(nick, _)| *nick == nicks[s])
                .map_or(0, |(_, p)| *p)
        })
        .collect();
    Ok(GcgRecord {
        names,
        positions,
        start_points,
        scores: totals,
    })
}
